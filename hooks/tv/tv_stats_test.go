package tv_test

import (
	"fmt"
	"testing"
	"time"

	"github.com/pocketbase/dbx"
)

// TestEpisodesCountEverywhere: episode watches count in the month's stats (episodes and
// hours), the profile analytics, the episode challenges and the TV badges.
func TestEpisodesCountEverywhere(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	challenge, err := w.app.FindFirstRecordByFilter("challenges", "type = 'episode_count' && startsAt <= {:now} && endsAt > {:now}",
		dbx.Params{"now": time.Now().UTC().Format("2006-01-02 15:04:05.000Z")})
	if err != nil {
		t.Fatal("no running episode challenge:", err)
	}
	w.ok(t, "Ana", "POST", "/api/challenges/"+challenge.Id+"/join", "", nil)
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", breakingBad), `{"season":1}`, nil)
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", breakingBad), `{"season":1,"episode":1,"watchedAt":"2020-05-01"}`, nil) // a rewatch, long ago

	var stats struct {
		Episodes int     `json:"episodesWatchedThisMonth"`
		Hours    float64 `json:"hoursWatchedThisMonth"`
	}
	w.ok(t, "Ana", "GET", "/api/user/stats", "", &stats)
	if stats.Episodes != 7 || stats.Hours != 5.5 { // 7 × 47 min
		t.Errorf("stats: %+v, want 7 episodes and 5.5 hours", stats)
	}
	var profile struct {
		Totals struct {
			Episodes int     `json:"episodes"`
			Hours    float64 `json:"hours"`
		} `json:"totals"`
		TV struct {
			PerMonth []int `json:"episodesPerMonth"`
			TopShows []struct {
				ID       int `json:"id"`
				Episodes int `json:"episodes"`
			} `json:"topShows"`
			Hours float64 `json:"hours"`
		} `json:"tv"`
	}
	w.ok(t, "Bea", "GET", "/api/users/"+w.ana.Id+"/profile", "", &profile)
	month := int(time.Now().UTC().Month()) - 1
	if profile.Totals.Episodes != 7 || profile.TV.PerMonth[month] != 7 || len(profile.TV.TopShows) != 1 ||
		profile.TV.TopShows[0].ID != breakingBad || profile.TV.TopShows[0].Episodes != 7 || profile.TV.Hours != 6.3 || profile.Totals.Hours != 6.3 {
		t.Errorf("profile: %+v", profile)
	}
	uc, err := w.app.FindFirstRecordByFilter("user_challenges", "user = {:u} && challenge = {:c}", dbx.Params{"u": w.ana.Id, "c": challenge.Id})
	if err != nil || uc.GetInt("progress") != 7 {
		t.Errorf("episode challenge progress: %v %v", uc.GetInt("progress"), err)
	}
	var badges []struct {
		Code   string `json:"code"`
		Earned bool   `json:"earned"`
	}
	w.ok(t, "Ana", "GET", "/api/user/achievements", "", &badges)
	earned := map[string]bool{}
	for _, b := range badges {
		earned[b.Code] = b.Earned
	}
	if !earned["first_season"] || earned["show_finished"] || earned["episodes_100"] {
		t.Errorf("badges after season 1: %+v", earned)
	}
	w.ok(t, "Ana", "POST", fmt.Sprintf("/api/tv-shows/%d/episodes/watched", breakingBad), `{"season":2}`, nil)
	w.ok(t, "Ana", "GET", "/api/user/achievements", "", &badges)
	for _, b := range badges {
		if b.Code == "show_finished" && !b.Earned {
			t.Errorf("finishing the show earns Completionist")
		}
	}
}
