// Package turns bounds how many API requests compute at once. Past the cores, more
// requests in flight only share the CPU more thinly: each is slower, and Go's scheduler
// favours the newest, so under load a few requests waited ten times the median. A
// Limiter hands out a fixed number of turns first come, first served; a request that
// waits on another server (TMDB, a GIF provider, a fediverse server) gives its turn up
// meanwhile through Transport, so a slow remote never holds the local API up.
package turns

import (
	"context"
	"net/http"
	"sync"
)

// Limiter hands out n turns, first come, first served (a channel wakes its blocked
// senders in the order they came).
type Limiter struct {
	slots chan struct{}
}

// New returns a Limiter of n turns (at least one).
func New(n int) *Limiter {
	return &Limiter{slots: make(chan struct{}, max(n, 1))}
}

// turn is a request's hold on a Limiter's turn; away counts the outbound calls it is
// waiting on (the turn is given up while any is).
type turn struct {
	l    *Limiter
	mu   sync.Mutex
	away int
}

type turnKey struct{}

// Take waits for a turn for the request of ctx and returns a context carrying it (for
// Transport and Away) and the function that gives it back. It fails only when ctx ends
// first.
func (l *Limiter) Take(ctx context.Context) (context.Context, func(), error) {
	select {
	case l.slots <- struct{}{}:
	case <-ctx.Done():
		return ctx, func() {}, ctx.Err()
	}
	t := &turn{l: l}
	return context.WithValue(ctx, turnKey{}, t), t.done, nil
}

// done gives the turn back at the end of the request (unless it is away).
func (t *turn) done() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.away == 0 {
		<-t.l.slots
	}
	t.away = -1 // finished: a late return from an outbound call takes nothing
}

// leave gives the turn up while an outbound call waits.
func (t *turn) leave() {
	t.mu.Lock()
	defer t.mu.Unlock()
	if t.away >= 0 {
		if t.away == 0 {
			<-t.l.slots
		}
		t.away++
	}
}

// back takes the turn again after an outbound call, waiting in line like a new request.
func (t *turn) back() {
	t.mu.Lock()
	if t.away <= 0 {
		t.mu.Unlock()
		return
	}
	t.away--
	last := t.away == 0
	if last {
		// hold the lock while waiting: done and leave see the turn as held once this returns
		defer t.mu.Unlock()
		t.l.slots <- struct{}{}
		return
	}
	t.mu.Unlock()
}

// Away runs fn without the turn of ctx's request (if it has one), and takes it back after.
func Away(ctx context.Context, fn func() error) error {
	t, _ := ctx.Value(turnKey{}).(*turn)
	if t == nil {
		return fn()
	}
	t.leave()
	defer t.back()
	return fn()
}

// Transport wraps base (http.DefaultTransport when nil) so a request made with the
// context of an API request gives that request's turn up until the answer's headers
// arrive.
func Transport(base http.RoundTripper) http.RoundTripper {
	if base == nil {
		base = http.DefaultTransport
	}
	return awayTransport{base}
}

type awayTransport struct{ base http.RoundTripper }

// RoundTrip sends r away from its request's turn.
func (a awayTransport) RoundTrip(r *http.Request) (*http.Response, error) {
	var res *http.Response
	err := Away(r.Context(), func() error {
		var err error
		res, err = a.base.RoundTrip(r)
		return err
	})
	return res, err
}
