package bench

import (
	"errors"
	"fmt"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// Command is `cinecircle bench`: `bench seed --dir DIR --users N --activities M` builds a
// community-scale data set into a fresh data dir.
func Command(app core.App) *cobra.Command {
	root := &cobra.Command{Use: "bench", Short: "Builds benchmark data sets"}
	s := DefaultSizes()
	scale := 1
	seed := &cobra.Command{
		Use:   "seed",
		Short: "Seeds a community-scale data set into a fresh data dir (see --dir)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if err := app.RunAllMigrations(); err != nil {
				return err
			}
			if n, err := app.CountRecords("users"); err != nil || n > 0 {
				if err == nil {
					err = errors.New("the data dir already has members: seed into a fresh --dir")
				}
				return err
			}
			if scale > 1 { // the members, their activity and their lists; the rest follows from them
				s.Users, s.Activities, s.Lists, s.ListItems = scale*s.Users, scale*s.Activities, scale*s.Lists, scale*s.ListItems
			}
			return Seed(app, s, cmd.OutOrStdout())
		},
	}
	seed.Flags().IntVar(&scale, "scale", scale, "multiplies --users, --activities, --lists and --list-items (10: issue #26's 100,000 members)")
	seed.Flags().IntVar(&s.Users, "users", s.Users, "members")
	seed.Flags().IntVar(&s.Activities, "activities", s.Activities, "activities (likes ×3, comments ×0.5, notifications ×0.2)")
	seed.Flags().IntVar(&s.Lists, "lists", s.Lists, "lists (the first holds 1,000 titles)")
	seed.Flags().IntVar(&s.ListItems, "list-items", s.ListItems, "titles in lists, all lists together")
	seed.Flags().IntVar(&s.MedianFollows, "median-follows", s.MedianFollows, "median follows per member")
	seed.Flags().Uint64Var(&s.Seed, "seed", s.Seed, "random seed (the same seed builds the same data)")
	root.AddCommand(seed, runCommand(app), reportCommand())
	return root
}

// runCommand is `cinecircle bench run --dir SEEDED_DIR`: the load runner (see Run).
func runCommand(app core.App) *cobra.Command {
	o := RunOptions{Requests: 400, Viewers: 32, StockPages: 2, RealtimeClients: 10000, RealtimePosts: 5, Password: Password, AuthorFollowers: DefaultAuthorFollowers}
	jsonOut := "bench/out/run.json"
	cmd := &cobra.Command{
		Use:   "run",
		Short: "Serves a copy of the seeded --dir with this binary on loopback and measures it (writes --json)",
		RunE: func(cmd *cobra.Command, args []string) error {
			if n, err := app.CountRecords("users"); err != nil || n == 0 {
				return fmt.Errorf("--dir %s holds no seeded community (run `cinecircle bench seed` first): %v", app.DataDir(), err)
			}
			res, err := Run(app, o, cmd.OutOrStdout())
			if err != nil {
				return err
			}
			return writeJSON(jsonOut, res)
		},
	}
	fl := cmd.Flags()
	fl.StringVar(&jsonOut, "json", jsonOut, "where to write the results")
	fl.StringVar(&o.Bin, "bin", "", "the cinecircle binary to serve (default: this one)")
	fl.StringVar(&o.Work, "work", "", "where to copy the data dir (default: a temp dir, removed after)")
	fl.BoolVar(&o.InPlace, "in-place", false, "serve the seeded --dir itself, no copy (the run's writes stay in it: seed again for the next run)")
	fl.IntVar(&o.Requests, "requests", o.Requests, "serial requests per workload (concurrent workloads send 4x)")
	fl.IntVar(&o.Viewers, "viewers", o.Viewers, "signed-in members reading feeds")
	fl.IntVar(&o.StockPages, "stock-pages", o.StockPages, "records API requests per page (0 skips; a timeout ends the page)")
	fl.IntVar(&o.RealtimeClients, "realtime-clients", o.RealtimeClients, "realtime clients to hold (0 skips)")
	fl.IntVar(&o.RealtimePosts, "realtime-posts", o.RealtimePosts, "posts whose delivery is timed")
	fl.DurationVar(&o.WriteStep, "write-step", 0, "how long the write capacity phase offers each rate (default 8s)")
	fl.IntVar(&o.FediServers, "fedi-servers", 0, "remote servers in the federation phase (default 500)")
	fl.IntVar(&o.FediFollowers, "fedi-followers", 0, "remote followers spread over them (default 5000)")
	fl.IntVar(&o.FediReviews, "fedi-reviews", 0, "reviews the federated member writes (default 20)")
	fl.DurationVar(&o.FediPace, "fedi-pace", 0, "one review every this long (default 1s)")
	fl.IntVar(&o.AuthorFollowers, "author-followers", o.AuthorFollowers, "followers of the member whose logs are timed (the nearest the data set has)")
	fl.StringVar(&o.Phases, "phases", "", "comma-separated phases to run: load, tv, public, lists, federation, writes, stock, deletions, bare, realtime (default all)")
	return cmd
}
