package replica

import (
	"context"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"strings"
	"time"

	"github.com/benbjohnson/litestream"
	"github.com/spf13/cobra"
)

// CommandName is the restore command; main runs it without bootstrapping the app, which
// would create a database in the directory the command must find empty.
const CommandName = "restore"

// Command is `cinecircle restore --from REPLICA [--timestamp T] --dir NEW_DIR`. It reads
// --dir, PocketBase's own data dir flag, from the root command.
func Command() *cobra.Command {
	var from, at string
	cmd := &cobra.Command{
		Use:   CommandName + " --from REPLICA [--timestamp T] --dir NEW_DIR",
		Short: "Restores a data dir from its replica (newest state, or as it was at a point in time)",
		Long: "Restores the databases that CINECIRCLE_REPLICA_URL replicates into a new, empty data dir. " +
			"REPLICA is the same URL (file:///path, s3://bucket/path?endpoint=..., sftp://user@host/path) with " +
			"the same credentials in the environment. --timestamp (RFC 3339, e.g. 2026-05-01T12:30:00Z) restores " +
			"the last state at or before that time. Uploaded files are not in the replica: see the README.",
		Args:         cobra.NoArgs,
		SilenceUsage: true,
		RunE: func(cmd *cobra.Command, _ []string) error {
			dir, _ := cmd.Flags().GetString("dir")
			var ts time.Time
			if at != "" {
				var err error
				if ts, err = time.Parse(time.RFC3339, at); err != nil {
					return fmt.Errorf("--timestamp must be an RFC 3339 time like 2026-05-01T12:30:00Z: %w", err)
				}
			}
			if from == "" {
				from = os.Getenv(EnvURL)
			}
			began := time.Now()
			restored, err := Restore(cmd.Context(), from, dir, ts)
			if err != nil {
				return err
			}
			for _, r := range restored {
				fmt.Fprintf(cmd.OutOrStdout(), "restored %s: transaction %d of %s\n", r.Name, r.TXID, r.At.UTC().Format(time.RFC3339))
			}
			fmt.Fprintf(cmd.OutOrStdout(), "restored into %s in %s; start it with: cinecircle serve --dir %s\n",
				dir, time.Since(began).Round(time.Millisecond), dir)
			return nil
		},
	}
	cmd.Flags().StringVar(&from, "from", "", "the replica URL (default: $"+EnvURL+")")
	cmd.Flags().StringVar(&at, "timestamp", "", "restore the state as of this RFC 3339 time (default: the newest)")
	return cmd
}

// Restored is one database brought back by Restore.
type Restored struct {
	Name string
	TXID uint64
	At   time.Time // when its last restored transaction was replicated
}

// Restore writes the replicated databases as of at (zero: the newest) into dir, which
// must not exist or be empty. data.db must be in the replica; auxiliary.db (request
// logs) is restored when it is there.
func Restore(ctx context.Context, from, dir string, at time.Time) ([]Restored, error) {
	if ctx == nil {
		ctx = context.Background()
	}
	if strings.TrimSpace(from) == "" {
		return nil, fmt.Errorf("say where the replica is: --from URL or %s", EnvURL)
	}
	if dir == "" {
		return nil, errors.New("say where to restore: --dir NEW_DIR")
	}
	if err := ensureEmpty(dir); err != nil {
		return nil, err
	}
	quiet := slog.New(slog.NewTextHandler(io.Discard, nil))
	var out []Restored
	for i, name := range Databases {
		client, err := ClientFor(from, name)
		if err != nil {
			return out, err
		}
		if err := client.Init(ctx); err != nil {
			return out, fmt.Errorf("connecting to %s: %w", Redacted(from), err)
		}
		plan, err := litestream.CalcRestorePlan(ctx, client, 0, at, quiet)
		if errors.Is(err, litestream.ErrTxNotAvailable) || errors.Is(err, litestream.ErrNoSnapshots) {
			if i == 0 {
				return out, fmt.Errorf("no replica of %s at %s%s", name, Redacted(from), beforeText(at))
			}
			continue // no request logs replicated: the server starts a fresh auxiliary.db
		} else if err != nil {
			return out, fmt.Errorf("reading the replica of %s: %w", name, err)
		}
		rep := litestream.NewReplicaWithClient(nil, client)
		opt := litestream.NewRestoreOptions()
		opt.OutputPath = filepath.Join(dir, name)
		opt.Timestamp = at
		opt.IntegrityCheck = litestream.IntegrityCheckQuick
		if err := rep.Restore(ctx, opt); err != nil {
			return out, fmt.Errorf("restoring %s: %w", name, err)
		}
		last := plan[len(plan)-1]
		out = append(out, Restored{Name: name, TXID: uint64(last.MaxTXID), At: last.CreatedAt})
	}
	return out, nil
}

func beforeText(at time.Time) string {
	if at.IsZero() {
		return ""
	}
	return " at or before " + at.UTC().Format(time.RFC3339)
}

// ensureEmpty creates dir, or accepts it when it exists and is empty: a restore never
// mixes with, or overwrites, a data dir.
func ensureEmpty(dir string) error {
	entries, err := os.ReadDir(dir)
	if errors.Is(err, os.ErrNotExist) {
		return os.MkdirAll(dir, 0o755)
	} else if err != nil {
		return err
	}
	if len(entries) > 0 {
		return fmt.Errorf("%s is not empty: restore into a new directory, then start the server on it", dir)
	}
	return nil
}
