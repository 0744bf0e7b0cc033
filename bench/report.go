package bench

import "github.com/spf13/cobra"

func reportCommand() *cobra.Command { return &cobra.Command{Use: "report"} }
