package reliability

import (
	"archive/zip"
	"database/sql"
	"net"
	"net/http"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/johannesboyne/gofakes3"
	"github.com/johannesboyne/gofakes3/backend/s3mem"
)

// syncInterval is the replication's default bound: every write acknowledged longer ago
// than this is in the replica.
const syncInterval = time.Second

// replicaTarget is a replica URL and the environment (credentials) that reaches it.
// grain is how finely it keeps the files' times, which point-in-time restores go by
// (zero: exactly; SFTP's file times are whole seconds).
type replicaTarget struct {
	url   string
	env   []string
	grain time.Duration
}

// fileTarget is a directory replica.
func fileTarget(t *testing.T) replicaTarget {
	return replicaTarget{url: "file://" + filepath.Join(t.TempDir(), "replica")}
}

// s3Target runs an S3 server on loopback (gofakes3: the S3 REST protocol, in memory)
// with one bucket, and names a prefix in it.
func s3Target(t *testing.T) replicaTarget {
	t.Helper()
	backend := s3mem.New()
	if err := backend.CreateBucket("cinecircle-replica"); err != nil {
		t.Fatal(err)
	}
	l, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	srv := &http.Server{Handler: gofakes3.New(backend).Server()}
	go func() { _ = srv.Serve(l) }()
	t.Cleanup(func() { _ = srv.Close() })
	return replicaTarget{
		url: "s3://cinecircle-replica/prod?endpoint=http://" + l.Addr().String() + "&region=us-east-1",
		// AWS_CA_BUNDLE (set on some machines) is refused with S3 replication: empty it.
		env: []string{"AWS_ACCESS_KEY_ID=replica-test-key", "AWS_SECRET_ACCESS_KEY=replica-test-secret", "AWS_CA_BUNDLE="},
	}
}

// restore runs `cinecircle restore` and returns how long it took.
func restore(t *testing.T, target replicaTarget, dir string, extra ...string) time.Duration {
	t.Helper()
	began := time.Now()
	cmd := exec.Command(binary, append([]string{"restore", "--from", target.url, "--dir", dir}, extra...)...)
	cmd.Env = append(os.Environ(), target.env...)
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("cinecircle restore: %v\n%s", err, out)
	}
	t.Logf("%s", strings.TrimSpace(string(out)))
	return time.Since(began)
}

// TestReplicaRestoresAcknowledgedWrites replicates a data dir under concurrent writes
// (to a directory, and to S3 and SFTP servers on loopback), SIGKILLs the server and deletes its data dir,
// as a dead disk would, then restores the replica into a fresh dir: every write
// acknowledged more than the sync interval before the kill is there, every counter
// equals its rows, and the server serves the restored data.
func TestReplicaRestoresAcknowledgedWrites(t *testing.T) {
	for _, tc := range []struct {
		name   string
		target func(*testing.T) replicaTarget
	}{{"file", fileTarget}, {"s3", s3Target}, {"sftp", sftpTarget}} {
		t.Run(tc.name, func(t *testing.T) {
			target := tc.target(t)
			dir := t.TempDir()
			createSuperuser(t, dir)
			srv := startServer(t, dir, append([]string{"CINECIRCLE_REPLICA_URL=" + target.url}, target.env...)...)
			su := superuserClient(t, srv.base)
			disableRateLimits(t, su)
			clients := challengers(t, srv.base, "replica"+tc.name, 4)

			// A backup pauses replication around its checkpoint and leaves Litestream's
			// working files out; the writes after it replicate as before.
			su.must(t, http.MethodPost, "/api/backups", map[string]any{"name": "with_replication.zip"}, nil)
			for _, name := range zipNames(t, filepath.Join(dir, "backups", "with_replication.zip")) {
				if strings.Contains(name, "-litestream") {
					t.Errorf("the backup holds replication working file %s", name)
				}
			}

			var ack acked
			killed := runWritersUntilKill(t, srv, clients, 2, 300, &ack)
			if err := os.RemoveAll(dir); err != nil { // the disk is gone
				t.Fatal(err)
			}

			fresh := filepath.Join(t.TempDir(), "restored")
			took := restore(t, target, fresh)
			db := openDB(t, fresh)
			if integrity := integrityCheck(t, db); integrity != "ok" {
				t.Errorf("restored data.db: integrity_check says %q", integrity)
			}
			db.Close()
			t.Logf("restore took %s", took.Round(time.Millisecond))

			// The restored dir serves: a member signs in and reads their diary. (Starting
			// also recounts challenge progress, which a write's second transaction keeps
			// and the replica may have cut off, as a crash would.)
			restored := startServer(t, fresh)
			member := newClient(restored.base)
			member.must(t, http.MethodPost, "/api/auth/login", map[string]any{"email": "replica" + tc.name + "0@example.com", "password": "reliable-password"}, nil)
			var diary entryList
			member.must(t, http.MethodGet, "/api/user/movies", nil, &diary)
			if len(diary) == 0 {
				t.Error("the restored server shows the member an empty diary")
			}
			restored.stop(t)

			db = openDB(t, fresh)
			checkAcked(t, db, ack.before(killed.Add(-syncInterval)))
			checkCounters(t, db)
			t.Logf("the replica missed only writes acknowledged within %s of the kill (bound %s)",
				lossWindow(t, db, ack.before(killed), killed).Round(time.Millisecond), syncInterval)

			// A point in time: the state as of the middle of the writes holds what was
			// acknowledged a sync interval before it and nothing sent after it.
			all := ack.before(killed)
			mid := all[len(all)/2].at
			past := filepath.Join(t.TempDir(), "past")
			restore(t, target, past, "--timestamp", mid.UTC().Format(time.RFC3339Nano))
			pdb := openDB(t, past)
			checkAcked(t, pdb, ack.before(mid.Add(-syncInterval)))
			later, end := 0, mid
			if target.grain > 0 {
				end = mid.Truncate(target.grain).Add(target.grain)
			}
			for _, w := range ack.sentAfter(end) {
				if w.kind != "follow" && w.kind != "like" && count(t, pdb, ackQueries[w.kind], w.a, w.b) != 0 { // likes and follows may repeat older ones
					later++
				}
			}
			if later > 0 {
				t.Errorf("the restore as of %s holds %d writes sent after %s", mid.Format("15:04:05.000"), later, end.Format("15:04:05.000"))
			}

			// A restore never writes into a data dir that has something in it.
			cmd := exec.Command(binary, "restore", "--from", target.url, "--dir", fresh)
			cmd.Env = append(os.Environ(), target.env...)
			if out, err := cmd.CombinedOutput(); err == nil || !strings.Contains(string(out), "is not empty") {
				t.Errorf("restore into a non-empty dir: err %v, output %s", err, out)
			}
		})
	}
}

// zipNames lists an archive's entries.
func zipNames(t *testing.T, archive string) []string {
	t.Helper()
	r, err := zip.OpenReader(archive)
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	var names []string
	for _, f := range r.File {
		names = append(names, f.Name)
	}
	return names
}

// lossWindow is how long before the kill the oldest acknowledged write missing from db
// was acknowledged (zero when none is missing): the replication lag the kill exposed.
func lossWindow(t *testing.T, db *sql.DB, writes []ackedWrite, killed time.Time) time.Duration {
	t.Helper()
	var window time.Duration
	for _, w := range writes {
		if d := killed.Sub(w.at); d > window && count(t, db, ackQueries[w.kind], w.a, w.b) != 1 {
			window = d
		}
	}
	return window
}

// integrityCheck runs PRAGMA integrity_check: "ok" when the file is sound.
func integrityCheck(t *testing.T, db *sql.DB) string {
	t.Helper()
	var res string
	if err := db.QueryRow("PRAGMA integrity_check").Scan(&res); err != nil {
		t.Fatal(err)
	}
	return res
}
