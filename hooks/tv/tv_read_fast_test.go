package tv_test

import (
	"encoding/json"
	"slices"
	"testing"
	"time"

	"cinecircle/hooks/tv"

	"github.com/pocketbase/pocketbase/tools/types"
)

// TestUpNextFastPaths: Up Next's hand-written readers answer what the general ones do —
// the stored time as RFC 3339 in UTC, and a season list as a JSON decoder reads it.
func TestUpNextFastPaths(t *testing.T) {
	for _, stored := range []string{"2026-11-26 08:07:12.345Z", "1999-01-02 00:00:00.000Z", "2026-11-26 08:07:12Z", "", "soon"} {
		want := ""
		if tm, err := time.Parse(types.DefaultDateLayout, stored); err == nil {
			want = tm.UTC().Format(time.RFC3339)
		}
		if got := tv.ISOTime(stored); got != want {
			t.Errorf("ISOTime(%q) = %q, want %q", stored, got, want)
		}
	}
	for _, s := range []string{"[10,13,13]", "[7]", "[]", "", "null", "[1, 2]", "[-1,0]", "[1.5]", "oops"} {
		want := []int{}
		_ = json.Unmarshal([]byte(s), &want)
		if want == nil {
			want = []int{}
		}
		got := tv.ParseSeasonCounts(s)
		if got == nil || !slices.Equal(got, want) {
			t.Errorf("ParseSeasonCounts(%q) = %v, want %v", s, got, want)
		}
	}
}
