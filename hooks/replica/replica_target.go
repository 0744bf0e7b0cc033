package replica

import (
	"errors"
	"fmt"
	"net/url"
	"os"
	"path"
	"strings"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/benbjohnson/litestream/file"
	_ "github.com/benbjohnson/litestream/s3" // registers the s3:// factory
	"github.com/benbjohnson/litestream/sftp"
)

// The environment that configures replication. Credentials are read from the environment
// only (never from the URL, the dashboard or a file in the repository), so they stay out
// of logs and of the database backups.
const (
	EnvURL          = "CINECIRCLE_REPLICA_URL"           // file:///dir, s3://bucket/prefix?endpoint=..., sftp://user@host:port/dir
	EnvSyncInterval = "CINECIRCLE_REPLICA_SYNC_INTERVAL" // Go duration; default DefaultSyncInterval
	EnvSFTPPassword = "CINECIRCLE_REPLICA_SFTP_PASSWORD" // SFTP password (or use a key)
	EnvSFTPKey      = "CINECIRCLE_REPLICA_SFTP_KEY"      // path to an SSH private key file
	EnvSFTPHostKey  = "CINECIRCLE_REPLICA_SFTP_HOST_KEY" // the server's public key, authorized_keys format
)

// DefaultSyncInterval bounds how old the newest write in the replica may be: a write
// acknowledged longer ago than this is in the replica.
const DefaultSyncInterval = time.Second

// Databases are the data dir's SQLite files that are replicated, each under its own name
// in the replica: the records (data.db, required) and the request logs (auxiliary.db).
var Databases = []string{"data.db", "auxiliary.db"}

// Config is where and how often the data dir is replicated.
type Config struct {
	URL          string        // the replica target, without credentials
	SyncInterval time.Duration // the most a write may wait before it is in the replica
}

// ConfigFromEnv reads the replication settings. ok is false when replication is off
// (no URL); err names the variable that is wrong.
func ConfigFromEnv() (cfg Config, ok bool, err error) {
	cfg = Config{URL: strings.TrimSpace(os.Getenv(EnvURL)), SyncInterval: DefaultSyncInterval}
	if cfg.URL == "" {
		return cfg, false, nil
	}
	if raw := strings.TrimSpace(os.Getenv(EnvSyncInterval)); raw != "" {
		d, err := time.ParseDuration(raw)
		if err != nil || d < 50*time.Millisecond || d > time.Hour {
			return cfg, false, fmt.Errorf("%s must be a duration between 50ms and 1h, like 1s (got %q)", EnvSyncInterval, raw)
		}
		cfg.SyncInterval = d
	}
	if _, err := ClientFor(cfg.URL, Databases[0]); err != nil {
		return cfg, false, fmt.Errorf("%s: %w", EnvURL, err)
	}
	return cfg, true, nil
}

// ClientFor returns a Litestream replica client for one database of the data dir, under
// name below the target: file:///backups/cc holds data.db's replica in
// /backups/cc/data.db, s3://bucket/cc under the key prefix cc/data.db.
func ClientFor(rawURL, name string) (litestream.ReplicaClient, error) {
	u, err := url.Parse(rawURL)
	if err != nil {
		return nil, errors.New("not a URL: use file:///path, s3://bucket/path or sftp://user@host/path")
	}
	if _, hasPassword := u.User.Password(); hasPassword {
		return nil, fmt.Errorf("put the password in %s, not in the URL", EnvSFTPPassword)
	}
	switch u.Scheme {
	case "file":
		if u.Host != "" && u.Host != "localhost" || !path.IsAbs(u.Path) {
			return nil, errors.New("a file replica needs an absolute path: file:///var/backups/cinecircle")
		}
		return file.NewReplicaClient(path.Join(path.Clean(u.Path), name)), nil
	case "s3":
		if u.Host == "" {
			return nil, errors.New("an s3 replica needs a bucket: s3://bucket/path")
		}
		if os.Getenv("AWS_CA_BUNDLE") != "" {
			// Litestream's S3 client brings its own HTTP client, which the AWS SDK cannot
			// give a CA bundle to; Go's own SSL_CERT_FILE does the same job.
			return nil, errors.New("AWS_CA_BUNDLE is not supported with an s3 replica: name the CA file in SSL_CERT_FILE instead and unset AWS_CA_BUNDLE")
		}
		u.Path = path.Join("/", u.Path, name)
		return litestream.NewReplicaClientFromURL(u.String()) // s3's factory reads endpoint, region and the AWS_* keys
	case "sftp":
		if u.Host == "" || u.User.Username() == "" {
			return nil, errors.New("an sftp replica needs a user and a host: sftp://user@host:22/path")
		}
		c := sftp.NewReplicaClient()
		c.Host = u.Host
		if u.Port() == "" {
			c.Host = u.Host + ":22"
		}
		c.User = u.User.Username()
		c.Path = path.Join(u.Path, name)
		c.Password = os.Getenv(EnvSFTPPassword)
		c.KeyPath = os.Getenv(EnvSFTPKey)
		c.HostKey = os.Getenv(EnvSFTPHostKey)
		if c.Password == "" && c.KeyPath == "" {
			return nil, fmt.Errorf("an sftp replica needs %s or %s", EnvSFTPPassword, EnvSFTPKey)
		}
		return c, nil
	}
	return nil, fmt.Errorf("unsupported replica scheme %q: use file://, s3:// or sftp://", u.Scheme)
}

// Redacted is the URL as it may appear in a log: without its query (which may name
// endpoints with tokens) and user.
func Redacted(rawURL string) string {
	u, err := url.Parse(rawURL)
	if err != nil {
		return "(invalid URL)"
	}
	u.User, u.RawQuery = nil, ""
	return u.String()
}
