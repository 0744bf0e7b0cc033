package bench

import (
	"errors"

	"github.com/pocketbase/pocketbase/core"
	"github.com/spf13/cobra"
)

// Command is `cinecircle bench`: `bench seed --dir DIR --users N --activities M` builds a
// community-scale data set into a fresh data dir.
func Command(app core.App) *cobra.Command {
	root := &cobra.Command{Use: "bench", Short: "Builds benchmark data sets"}
	s := DefaultSizes()
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
			return Seed(app, s, cmd.OutOrStdout())
		},
	}
	seed.Flags().IntVar(&s.Users, "users", s.Users, "members")
	seed.Flags().IntVar(&s.Activities, "activities", s.Activities, "activities (likes ×3, comments ×0.5, notifications ×0.2)")
	seed.Flags().IntVar(&s.MedianFollows, "median-follows", s.MedianFollows, "median follows per member")
	seed.Flags().Uint64Var(&s.Seed, "seed", s.Seed, "random seed (the same seed builds the same data)")
	root.AddCommand(seed)
	return root
}
