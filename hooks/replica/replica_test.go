package replica_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"cinecircle/hooks/replica"
)

// TestConfigFromEnv: replication is off without a URL; each kind of target parses; a
// wrong setting is refused with a message naming what to fix.
func TestConfigFromEnv(t *testing.T) {
	for _, tc := range []struct {
		name, url, interval string
		env                 map[string]string
		on                  bool
		wantInterval        time.Duration
		wantErr             string
	}{
		{name: "off", url: ""},
		{name: "file", url: "file:///var/backups/cc", on: true, wantInterval: time.Second},
		{name: "file interval", url: "file:///var/backups/cc", interval: "250ms", on: true, wantInterval: 250 * time.Millisecond},
		{name: "s3", url: "s3://bucket/cc?endpoint=https://s3.example.test&region=auto", on: true, wantInterval: time.Second,
			env: map[string]string{"AWS_CA_BUNDLE": ""}},
		{name: "sftp with a key", url: "sftp://backup@host.example.test:2222/srv/cc", on: true, wantInterval: time.Second,
			env: map[string]string{replica.EnvSFTPKey: "/etc/cinecircle/id_ed25519"}},
		{name: "relative file path", url: "file://backups/cc", wantErr: "absolute path"},
		{name: "unknown scheme", url: "ftp://host/cc", wantErr: "unsupported replica scheme"},
		{name: "password in the URL", url: "sftp://backup:hunter2@host/cc", wantErr: replica.EnvSFTPPassword},
		{name: "sftp without credentials", url: "sftp://backup@host/cc", wantErr: replica.EnvSFTPKey},
		{name: "s3 without a bucket", url: "s3:///cc", wantErr: "bucket"},
		{name: "s3 with AWS_CA_BUNDLE", url: "s3://bucket/cc", env: map[string]string{"AWS_CA_BUNDLE": "/etc/ca.pem"}, wantErr: "SSL_CERT_FILE"},
		{name: "interval too long", url: "file:///b", interval: "2h", wantErr: replica.EnvSyncInterval},
		{name: "interval not a duration", url: "file:///b", interval: "fast", wantErr: replica.EnvSyncInterval},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Setenv(replica.EnvURL, tc.url)
			t.Setenv(replica.EnvSyncInterval, tc.interval)
			t.Setenv(replica.EnvSFTPPassword, "")
			t.Setenv(replica.EnvSFTPKey, "")
			t.Setenv("AWS_CA_BUNDLE", "")
			for k, v := range tc.env {
				t.Setenv(k, v)
			}
			cfg, on, err := replica.ConfigFromEnv()
			if tc.wantErr != "" {
				if err == nil || !strings.Contains(err.Error(), tc.wantErr) {
					t.Fatalf("err = %v, want one naming %q", err, tc.wantErr)
				}
				return
			}
			if err != nil || on != tc.on {
				t.Fatalf("on = %v, err = %v; want on = %v", on, err, tc.on)
			}
			if on && cfg.SyncInterval != tc.wantInterval {
				t.Fatalf("sync interval %s, want %s", cfg.SyncInterval, tc.wantInterval)
			}
		})
	}
}

// TestRestoreRefusesANonEmptyDir: a restore never mixes with an existing data dir, and
// says where the replica must be named.
func TestRestoreRefusesANonEmptyDir(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "data.db"), []byte("x"), 0o644); err != nil {
		t.Fatal(err)
	}
	if _, err := replica.Restore(t.Context(), "file:///nowhere", dir, time.Time{}); err == nil || !strings.Contains(err.Error(), "not empty") {
		t.Fatalf("restore into a non-empty dir: %v", err)
	}
	t.Setenv(replica.EnvURL, "")
	if _, err := replica.Restore(t.Context(), "", filepath.Join(dir, "new"), time.Time{}); err == nil || !strings.Contains(err.Error(), "--from") {
		t.Fatalf("restore without a replica: %v", err)
	}
	if _, err := replica.Restore(t.Context(), "file://"+t.TempDir(), filepath.Join(dir, "new"), time.Time{}); err == nil || !strings.Contains(err.Error(), "no replica of data.db") {
		t.Fatalf("restore from an empty replica: %v", err)
	}
}

// TestRedacted keeps credentials and query tokens out of logs.
func TestRedacted(t *testing.T) {
	if got := replica.Redacted("sftp://backup@host:22/srv?x=token"); got != "sftp://host:22/srv" {
		t.Fatalf("Redacted = %q", got)
	}
}

// TestDBConnectBoundsSQLiteMemory: every connection the app opens caches at most its
// share of 128 MB (or CINECIRCLE_DB_MEMORY_MB) among the pooled connections, so their page
// caches cannot grow the server to gigabytes on a large database.
func TestDBConnectBoundsSQLiteMemory(t *testing.T) {
	for _, c := range []struct {
		env  string
		want int64
	}{{"", -(128 << 10) / replica.PoolConns}, {"64", -(64 << 10) / replica.PoolConns}, {"nonsense", -(128 << 10) / replica.PoolConns}, {"1", -256}} {
		t.Setenv(replica.EnvDBMemory, c.env)
		db, err := replica.DBConnect(filepath.Join(t.TempDir(), "data.db"))
		if err != nil {
			t.Fatal(err)
		}
		var got int64
		err = db.NewQuery("PRAGMA cache_size").Row(&got)
		db.Close()
		if err != nil || got != c.want {
			t.Errorf("%s=%q: cache_size %d (%v), want %d", replica.EnvDBMemory, c.env, got, err, c.want)
		}
	}
}
