package web_test

import (
	"testing"
	"time"

	"cinecircle/hooks/web"
)

// TestGateDrainsThenRefuses: closing the gate waits for the requests inside, refuses new
// ones at once, and gives up after its timeout on a request that never ends.
func TestGateDrainsThenRefuses(t *testing.T) {
	g := web.NewGate()
	if !g.Enter() {
		t.Fatal("an open gate refused a request")
	}
	left := make(chan int)
	go func() { left <- g.Close(time.Minute) }()
	for g.Enter() { // the gate closes while the first request is still inside
		g.Leave()
	}
	select {
	case <-left:
		t.Fatal("close returned while a request was in flight")
	case <-time.After(50 * time.Millisecond):
	}
	g.Leave()
	if n := <-left; n != 0 {
		t.Fatalf("close reported %d requests left after the last one finished", n)
	}

	stuck := web.NewGate()
	stuck.Enter()
	if n := stuck.Close(10 * time.Millisecond); n != 1 {
		t.Fatalf("close of a gate with a stuck request reported %d left, want 1", n)
	}
}
