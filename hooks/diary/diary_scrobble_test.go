package diary_test

import (
	"context"
	"errors"
	"testing"
	"time"

	"cinecircle/hooks/catalog"
	"cinecircle/hooks/diary"
	"cinecircle/hooks/testutil"

	"github.com/pocketbase/dbx"
)

// TestMarkMovieWatched: the scrobbler's call logs a watch, keeps the member's rating and
// review, records a second report of the same play once, and a later day as a rewatch.
func TestMarkMovieWatched(t *testing.T) {
	t.Parallel()
	app := testutil.NewTestApp(t)
	movie := testutil.CreateMovie(t, app, matrix, "The Matrix", 1999, 136, "Action")
	ana := testutil.CreateUser(t, app, "Ana")
	ctx := context.Background()
	in := diary.EntryInput{Kind: catalog.Movie, TitleID: matrix, Status: diary.StatusWatched, Rating: 9.5, Review: "Still holds up.",
		WatchedAt: time.Date(2024, 3, 1, 20, 0, 0, 0, time.UTC)}
	if _, _, err := diary.SaveEntry(ctx, app, ana, in); err != nil {
		t.Fatal(err)
	}
	play := time.Date(2024, 3, 9, 21, 30, 0, 0, time.UTC)
	for _, at := range []time.Time{play, play.Add(time.Minute), play.Add(48 * time.Hour)} {
		entry, err := diary.MarkMovieWatched(ctx, app, ana.Id, matrix, at)
		if err != nil {
			t.Fatal(err)
		}
		if entry.GetString("status") != diary.StatusWatched || entry.GetFloat("rating") != 9.5 || entry.GetString("review") != "Still holds up." {
			t.Fatalf("entry after a play: %s %v %q", entry.GetString("status"), entry.GetFloat("rating"), entry.GetString("review"))
		}
	}
	// Mar 1 (logged), Mar 9 (one play reported twice), Mar 11.
	if n := count(t, app, "diary", "user = {:u} && movie = {:m}", dbx.Params{"u": ana.Id, "m": movie.Id}); n != 3 {
		t.Fatalf("diary rows: %d, want 3", n)
	}
	if _, err := diary.MarkMovieWatched(ctx, app, ana.Id, 999999, play); !errors.Is(err, diary.ErrTitleNotFound) {
		t.Fatalf("unknown movie: %v, want ErrTitleNotFound", err)
	}
}
