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
//
// A feed whose newest post was already older than feedFirstWindow (friends quiet since
// the evening, or a seed hours old) is read the other way: first the newest post, then a
// window twice as long as the last page 1 took, ending there. A window ending now would
// be empty and cost the same seeks for nothing. Starting from the newest post is right
// whatever was posted since, so a hint gone stale this way costs one query too.
//
// Pages after the first are sized the same way from the viewer's last later page
// (laterWindow): page 50 by cursor at 100k members went from 0.60–0.66 to 0.50–0.53 ms in
// process.
type feedSpans struct {
	mu sync.Mutex
	m  map[string]feedSpan
}

// feedSpan is what a viewer's last full page 1 showed: how far back it reached (age) and
// how long its posts took (length); its newest post was age - length old. later is how
// long the posts of their last full later page took (0 before one).
type feedSpan struct {
	age, length, later time.Duration
}

// Bounds of a first page's first window and of the hints kept.
const (
	feedMinWindow = 5 * time.Minute
	feedSpansMax  = 100000 // hints (each ~70 bytes); when full the map starts over
)

// feedSpansKey is the app-store key of the app's hints.
const feedSpansKey = "cinecircle.social.feedspans"

// registerFeedSpans gives app its span hints.
func registerFeedSpans(app core.App) {
	app.Store().Set(feedSpansKey, &feedSpans{m: map[string]feedSpan{}})
}

// feedSpansOf returns app's hints, or nil for an app without them.
func feedSpansOf(app core.App) *feedSpans {
	s, _ := app.Store().Get(feedSpansKey).(*feedSpans)
	return s
}

// firstWindow returns how long viewer's first page's first window should be, and whether
// it should end at the feed's newest post rather than now (quiet).
func (s *feedSpans) firstWindow(viewer string) (window time.Duration, quiet bool) {
	if s == nil {
		return feedFirstWindow, false
	}
	s.mu.Lock()
	h, ok := s.m[viewer]
	s.mu.Unlock()
	if !ok {
		return feedFirstWindow, false
	}
	span, quiet := h.age, h.age-h.length > feedFirstWindow
	if quiet {
		span = h.length
	}
	return twice(span), quiet
}

// twice is a first window twice span long, within feedMinWindow and feedFirstWindow.
func twice(span time.Duration) time.Duration {
	return min(max(2*span, feedMinWindow), feedFirstWindow)
}

// laterWindow returns how long the first window of a page after viewer's first should be:
// twice as long as their last later page took, or their last page 1 before one. A member
// scrolling reads the next page right after the one before it, at about the same pace:
// a window from the cursor six hours long held 950 to 1,400 keys at 100k members for a
// page whose posts took five minutes.
func (s *feedSpans) laterWindow(viewer string) time.Duration {
	if s == nil {
		return feedFirstWindow
	}
	s.mu.Lock()
	h, ok := s.m[viewer]
	s.mu.Unlock()
	span := h.later
	if span == 0 {
		span = h.length
	}
	if !ok || span == 0 {
		return feedFirstWindow
	}
	return twice(span)
}

// note remembers that viewer's full first page, read at now, held posts created from
// oldest to newest.
func (s *feedSpans) note(viewer string, now, newest, oldest time.Time) {
	s.update(viewer, func(h *feedSpan) { h.age, h.length = now.Sub(oldest), newest.Sub(oldest) })
}

// noteLater remembers that viewer's full later page held posts created from oldest to
// newest.
func (s *feedSpans) noteLater(viewer string, newest, oldest time.Time) {
	s.update(viewer, func(h *feedSpan) { h.later = newest.Sub(oldest) })
}

// update changes viewer's hints with fn.
func (s *feedSpans) update(viewer string, fn func(*feedSpan)) {
	if s == nil {
		return
	}
	s.mu.Lock()
	defer s.mu.Unlock()
	h, ok := s.m[viewer]
	if !ok && len(s.m) >= feedSpansMax {
		s.m = map[string]feedSpan{}
	}
	fn(&h)
	s.m[viewer] = h
}
