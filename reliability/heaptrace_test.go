package reliability

import (
	"bytes"
	"regexp"
	"slices"
	"strconv"
	"sync"
	"time"
)

// heapTrace reads the Go runtime's gctrace lines ("gc 12 @3.4s 1%: …, 11->12->6 MB, …")
// from the server's stderr and keeps the live heap each collection left.
type heapTrace struct {
	mu      sync.Mutex
	partial []byte
	samples []heapSample
}

type heapSample struct {
	at     time.Time
	liveMB int
}

var gcLine = regexp.MustCompile(`^gc \d+ @[\d.]+s .*?(\d+)->(\d+)->(\d+) MB`)

func (h *heapTrace) Write(p []byte) (int, error) {
	h.mu.Lock()
	defer h.mu.Unlock()
	h.partial = append(h.partial, p...)
	for {
		i := bytes.IndexByte(h.partial, '\n')
		if i < 0 {
			break
		}
		if m := gcLine.FindSubmatch(h.partial[:i]); m != nil {
			live, _ := strconv.Atoi(string(m[3]))
			h.samples = append(h.samples, heapSample{time.Now(), live})
		}
		h.partial = h.partial[i+1:]
	}
	return len(p), nil
}

// medianMB is the median live heap of the collections in [from, to), or -1 without any.
func (h *heapTrace) medianMB(from, to time.Time) int {
	h.mu.Lock()
	defer h.mu.Unlock()
	var in []int
	for _, s := range h.samples {
		if !s.at.Before(from) && s.at.Before(to) {
			in = append(in, s.liveMB)
		}
	}
	if len(in) == 0 {
		return -1
	}
	slices.Sort(in)
	return in[len(in)/2]
}
