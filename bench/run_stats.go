package bench

import (
	"context"
	"errors"
	"fmt"
	"net"
	"slices"
	"sync"
	"sync/atomic"
	"time"
)

// Stat is one measured workload: latency percentiles over its requests and the rate the
// workers sustained.
type Stat struct {
	Name     string        `json:"name"`
	Conc     int           `json:"concurrency"`
	N        int           `json:"requests"`
	Errors   int           `json:"errors"`
	Timeouts int           `json:"timeouts"`
	P50      time.Duration `json:"p50"`
	P95      time.Duration `json:"p95"`
	P99      time.Duration `json:"p99"`
	RPS      float64       `json:"rps"`
	// ServerP50 and ServerP99 are the server's own time of a serial workload's calls (the
	// sum of their answers' Server-Timing), without the load generator's; zero otherwise.
	ServerP50 time.Duration `json:"serverP50,omitzero"`
	ServerP99 time.Duration `json:"serverP99,omitzero"`
	Note      string        `json:"note,omitzero"`
	FirstErr  string        `json:"firstError,omitzero"`
}

// percentile returns the q-quantile (0..1) of sorted durations (nearest rank).
func percentile(sorted []time.Duration, q float64) time.Duration {
	if len(sorted) == 0 {
		return 0
	}
	i := int(float64(len(sorted))*q+0.999999) - 1
	return sorted[max(0, min(i, len(sorted)-1))]
}

// summarize fills a Stat's percentiles from its samples.
func summarize(s *Stat, samples []time.Duration, elapsed time.Duration) {
	slices.Sort(samples)
	s.P50, s.P95, s.P99 = percentile(samples, 0.50), percentile(samples, 0.95), percentile(samples, 0.99)
	if elapsed > 0 {
		s.RPS = float64(s.N) / elapsed.Seconds()
	}
}

// isTimeout reports whether err is a client-side timeout.
func isTimeout(err error) bool {
	var ne net.Error
	return errors.Is(err, context.DeadlineExceeded) || (errors.As(err, &ne) && ne.Timeout())
}

// measure runs n calls of op on conc workers (worker w, call i) and times each. A call
// that errs counts as an error (or a timeout) and still contributes its latency.
func measure(name string, conc, n int, op func(w, i int) error) Stat {
	s := Stat{Name: name, Conc: conc, N: n}
	samples := make([]time.Duration, n)
	var next atomic.Int64
	var mu sync.Mutex
	var wg sync.WaitGroup
	start := time.Now()
	for w := range conc {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				i := int(next.Add(1)) - 1
				if i >= n {
					return
				}
				t := time.Now()
				err := op(w, i)
				samples[i] = time.Since(t)
				if err != nil {
					mu.Lock()
					if isTimeout(err) {
						s.Timeouts++
					} else {
						s.Errors++
					}
					if s.FirstErr == "" {
						s.FirstErr = err.Error()
					}
					mu.Unlock()
				}
			}
		}()
	}
	wg.Wait()
	summarize(&s, samples, time.Since(start))
	return s
}

// measure is the package's measure, and for a serial workload also the server's own time
// of each call: the Server-Timing durations of the answers that call received.
func (f *fixture) measure(name string, conc, n int, op func(w, i int) error) Stat {
	if conc != 1 {
		return measure(name, conc, n, op)
	}
	server := make([]time.Duration, 0, n)
	s := measure(name, conc, n, func(w, i int) error {
		before := f.c.server.Load()
		err := op(w, i)
		server = append(server, time.Duration(f.c.server.Load()-before))
		return err
	})
	slices.Sort(server)
	if len(server) > 0 && server[len(server)-1] > 0 {
		s.ServerP50, s.ServerP99 = percentile(server, 0.50), percentile(server, 0.99)
	}
	return s
}

// ms formats a duration in milliseconds with two decimals.
func ms(d time.Duration) string { return fmt.Sprintf("%.2f", float64(d)/float64(time.Millisecond)) }
