package web

import (
	"testing"
	"time"
)

// TestGateDrainsThenRefuses: closing the gate waits for the requests inside, refuses new
// ones at once, and gives up after its timeout on a request that never ends.
func TestGateDrainsThenRefuses(t *testing.T) {
	g := newGate()
	if !g.enter() {
		t.Fatal("an open gate refused a request")
	}
	left := make(chan int)
	go func() { left <- g.close(time.Minute) }()
	for g.enter() { // the gate closes while the first request is still inside
		g.leave()
	}
	select {
	case <-left:
		t.Fatal("close returned while a request was in flight")
	case <-time.After(50 * time.Millisecond):
	}
	g.leave()
	if n := <-left; n != 0 {
		t.Fatalf("close reported %d requests left after the last one finished", n)
	}

	stuck := newGate()
	stuck.enter()
	if n := stuck.close(10 * time.Millisecond); n != 1 {
		t.Fatalf("close of a gate with a stuck request reported %d left, want 1", n)
	}
}
