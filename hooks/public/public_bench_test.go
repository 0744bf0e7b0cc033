package public_test

import (
	"net/http"
	"os"
	"path/filepath"
	"testing"

	"cinecircle/hooks/public"
	"cinecircle/hooks/testutil"
)

// BenchmarkOGReview measures #21's preview-image targets through the full router: cold
// (the cache emptied before each request: drawing and encoding the 1200×630 PNG) and
// cached (the card's content read and its file served). Run: go test ./hooks/public
// -run '^$' -bench OG.
func BenchmarkOGReview(b *testing.B) {
	app := testutil.NewTestApp(b)
	community(b, app)
	srv := testutil.Serve(b, app)
	app.Settings().RateLimits.Enabled = false
	url := srv.URL + "/og/review/anareview000001.png"
	fetch := func() {
		res, err := http.Get(url)
		if err != nil || res.StatusCode != 200 {
			b.Fatal(err, res.StatusCode)
		}
		res.Body.Close()
	}
	b.Run("cold", func(b *testing.B) {
		for b.Loop() {
			b.StopTimer()
			os.RemoveAll(filepath.Join(app.DataDir(), public.OGCacheDir))
			b.StartTimer()
			fetch()
		}
	})
	b.Run("cached", func(b *testing.B) {
		fetch()
		for b.Loop() {
			fetch()
		}
	})
}
