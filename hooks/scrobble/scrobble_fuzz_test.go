package scrobble_test

import (
	"errors"
	"os"
	"path/filepath"
	"testing"

	"cinecircle/hooks/scrobble"

	validation "github.com/pocketbase/ozzo-validation/v4"
)

// FuzzParse feeds Parse every fixture and mutations of them: it never panics, and every
// error it returns names the field at fault (the webhook answers it as a 400).
func FuzzParse(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join("testdata", "*.json"))
	for _, name := range files {
		b, err := os.ReadFile(name)
		if err != nil {
			f.Fatal(err)
		}
		f.Add(b)
	}
	f.Add([]byte(`{"event":"scrobble","type":"episode","show":{"title":"x"},"season":-1,"episode":1e30}`))
	f.Fuzz(func(t *testing.T, body []byte) {
		_, err := scrobble.Parse("application/json", body, func(string) string { return "" })
		var verrs validation.Errors
		if err != nil && (!errors.As(err, &verrs) || len(verrs) == 0) {
			t.Errorf("%q: an error naming no field: %v", body, err)
		}
	})
}
