package turns_test

import (
	"context"
	"net/http"
	"net/http/httptest"
	"sync"
	"testing"
	"time"

	"cinecircle/hooks/turns"
)

// TestFirstComeFirstServed: with one turn, requests that queue run in the order they came.
func TestFirstComeFirstServed(t *testing.T) {
	l := turns.New(1)
	_, done, err := l.Take(context.Background())
	if err != nil {
		t.Fatal(err)
	}
	var mu sync.Mutex
	var order []int
	var wg sync.WaitGroup
	for i := range 5 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, d, err := l.Take(context.Background())
			if err != nil {
				t.Error(err)
				return
			}
			mu.Lock()
			order = append(order, i)
			mu.Unlock()
			d()
		}()
		time.Sleep(20 * time.Millisecond) // each is queued before the next comes
	}
	done()
	wg.Wait()
	for i, got := range order {
		if got != i {
			t.Fatalf("served in the order %v, want 0 1 2 3 4", order)
		}
	}
}

// TestQueuedRequestLeaves: a request whose client goes away while it waits gets no turn,
// and takes none from the others.
func TestQueuedRequestLeaves(t *testing.T) {
	l := turns.New(1)
	_, done, _ := l.Take(context.Background())
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Millisecond)
	defer cancel()
	if _, _, err := l.Take(ctx); err == nil {
		t.Fatal("a queued request whose context ended got a turn")
	}
	done()
	if _, d, err := l.Take(context.Background()); err != nil {
		t.Fatal(err)
	} else {
		d()
	}
}

// TestTurnGivenUpWhileAway: a request waiting on another server (a slow remote) gives its
// turn up, so the next request runs meanwhile; it takes the turn back for the rest.
func TestTurnGivenUpWhileAway(t *testing.T) {
	release := make(chan struct{})
	remote := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		<-release
		w.Write([]byte("late"))
	}))
	defer remote.Close()
	client := &http.Client{Transport: turns.Transport(nil)}
	l := turns.New(1)
	ctx, done, _ := l.Take(context.Background())
	fetched := make(chan error, 1)
	go func() {
		req, _ := http.NewRequestWithContext(ctx, http.MethodGet, remote.URL, nil)
		res, err := client.Do(req)
		if err == nil {
			res.Body.Close()
		}
		fetched <- err
	}()
	other, cancel := context.WithTimeout(context.Background(), 2*time.Second)
	defer cancel()
	_, d, err := l.Take(other)
	if err != nil {
		t.Fatal("the next request waited for the slow remote: the turn was not given up")
	}
	// The first request comes back from the remote: it waits until the turn is free.
	close(release)
	select {
	case <-fetched:
		t.Fatal("the first request took its turn back while the other held it")
	case <-time.After(50 * time.Millisecond):
	}
	d()
	if err := <-fetched; err != nil {
		t.Fatal(err)
	}
	done()
	// Every turn is back: one more request gets one at once.
	quick, cancel2 := context.WithTimeout(context.Background(), time.Second)
	defer cancel2()
	if _, d, err := l.Take(quick); err != nil {
		t.Fatal("a turn was lost")
	} else {
		d()
	}
}
