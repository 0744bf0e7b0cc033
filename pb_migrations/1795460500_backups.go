package migrations

import (
	"github.com/pocketbase/pocketbase/core"
	m "github.com/pocketbase/pocketbase/migrations"
)

// Daily backups by default: every day at 03:00 UTC PocketBase zips the data dir into
// pb_data/backups (or the S3 bucket set in the dashboard), keeping the newest 7.
const (
	defaultBackupCron    = "0 3 * * *"
	defaultBackupMaxKeep = 7
)

func init() {
	// A migration runs once per data dir, so an admin who later changes or turns off the
	// schedule in the dashboard keeps their choice; a schedule already set is left alone.
	m.Register(func(app core.App) error {
		settings := app.Settings()
		if settings.Backups.Cron != "" {
			return nil
		}
		settings.Backups.Cron = defaultBackupCron
		settings.Backups.CronMaxKeep = defaultBackupMaxKeep
		return app.Save(settings)
	}, func(app core.App) error {
		settings := app.Settings()
		if settings.Backups.Cron != defaultBackupCron || settings.Backups.CronMaxKeep != defaultBackupMaxKeep {
			return nil
		}
		settings.Backups.Cron = ""
		settings.Backups.CronMaxKeep = 0
		return app.Save(settings)
	})
}
