// Command cinecircle is the whole CineCircle server: PocketBase extended with the
// CineCircle domains (hooks/), its migrations (pb_migrations/) and the embedded PWA.
package main

import (
	"embed"
	"fmt"
	"io/fs"
	"log"
	"os"
	"strings"

	"cinecircle/bench"
	"cinecircle/hooks"
	"cinecircle/hooks/catalog"
	"cinecircle/hooks/demo"
	"cinecircle/hooks/replica"
	_ "cinecircle/pb_migrations"

	"github.com/pocketbase/pocketbase"
	"github.com/pocketbase/pocketbase/plugins/migratecmd"
	"github.com/pocketbase/pocketbase/tools/osutils"
)

// publicFiles is the UI build (`make ui` writes it); pb_public/.gitkeep keeps the
// directory present so the binary also compiles before the UI is built.
//
//go:embed all:pb_public
var publicFiles embed.FS

func main() {
	app := pocketbase.NewWithConfig(pocketbase.Config{
		DataMaxIdleConns: replica.PoolConns,
		DBConnect:        replica.DBConnect,
	})

	migratecmd.MustRegister(app, app.RootCmd, migratecmd.Config{
		TemplateLang: migratecmd.TemplateLangGo,
		Dir:          "pb_migrations",
		Automigrate:  osutils.IsProbablyGoRun() && strings.EqualFold(os.Getenv("CINECIRCLE_AUTOMIGRATE"), "true"),
	})
	app.RootCmd.Use = "cinecircle"
	app.RootCmd.Short = "CineCircle: a self-hosted social movie and TV diary"
	app.RootCmd.AddCommand(demo.Command(app))
	app.RootCmd.AddCommand(bench.Command(app))
	app.RootCmd.AddCommand(catalog.Command(app))
	restore := replica.Command()
	app.RootCmd.AddCommand(restore)
	if cmd, _, err := app.RootCmd.Find(os.Args[1:]); err == nil && cmd == restore {
		// Restore runs on a data dir that must stay empty until it writes the databases:
		// no bootstrap (which would create them), no migrations, no hooks.
		if err := app.RootCmd.Execute(); err != nil {
			fmt.Fprintln(os.Stderr, "Error:", err)
			os.Exit(1)
		}
		return
	}

	public, err := fs.Sub(publicFiles, "pb_public")
	if err != nil {
		log.Fatal(err)
	}
	hooks.Register(app, public)

	if err := app.Start(); err != nil {
		log.Fatal(err)
	}
}
