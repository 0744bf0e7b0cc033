package social

import (
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// feedSpans remembers, per viewer, how far back their last first page reached: the age of
// its oldest post when it was read. The next first page starts with a window twice that
// long (at least feedMinWindow, at most feedFirstWindow), so a busy feed sorts the few
// dozen keys of its last minutes instead of the thousand of six hours: at 100k members a
// median member's 6-hour window held 280 to 1,190 keys for a page of 20.
//
// A span is a hint, never a position: a window too short for the page is followed by
// longer ones (windows), so a hint made stale by deletions, unfollows or a quiet hour costs
// one more query, not a wrong page. Because it is the age of the page's end, not its time,
// a member back after a week starts from the span of their friends' usual pace, not from a
// window holding the whole week.
type feedSpans struct {
	mu sync.Mutex
	m  map[string]time.Duration
}

// Bounds of a first page's first window and of the hints kept.
const (
	feedMinWindow = 5 * time.Minute
	feedSpansMax  = 100000 // hints (each ~50 bytes); when full the map starts over
)

// feedSpansKey is the app-store key of the app's hints.
const feedSpansKey = "cinecircle.social.feedspans"

// registerFeedSpans gives app its span hints.
func registerFeedSpans(app core.App) {
	app.Store().Set(feedSpansKey, &feedSpans{m: map[string]time.Duration{}})
}

// feedSpansOf returns app's hints, or nil for an app without them.
func feedSpansOf(app core.App) *feedSpans {
	s, _ := app.Store().Get(feedSpansKey).(*feedSpans)
	return s
}

// firstWindow returns how long viewer's first page's first window should be.
func (s *feedSpans) firstWindow(viewer string) time.Duration {
	if s == nil {
		return feedFirstWindow
	}
	s.mu.Lock()
	span, ok := s.m[viewer]
	s.mu.Unlock()
	if !ok {
		return feedFirstWindow
	}
	return min(max(2*span, feedMinWindow), feedFirstWindow)
}

// note remembers that viewer's full first page, read at now, ended at a post created at
// oldest.
func (s *feedSpans) note(viewer string, now, oldest time.Time) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	if _, ok := s.m[viewer]; !ok && len(s.m) >= feedSpansMax {
		s.m = map[string]time.Duration{}
	}
	s.m[viewer] = now.Sub(oldest)
}
