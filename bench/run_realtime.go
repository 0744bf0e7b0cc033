package bench

import (
	"io"
	"time"

	"github.com/pocketbase/pocketbase/core"
)

// Realtime is what the realtime test measured.
type Realtime struct {
	Clients   int           `json:"clients"`
	Posts     int           `json:"posts"`
	Followers int           `json:"followers"`
	P50       time.Duration `json:"p50"`
	P99       time.Duration `json:"p99"`
	Max       time.Duration `json:"max"`
	Missed    int           `json:"missed"`
	Strays    int           `json:"strays"`
	RSS       int64         `json:"rss"`
	Connect   time.Duration `json:"connect"`
}

func runRealtime(app core.App, o RunOptions, dir string, out io.Writer) (*Realtime, error) {
	return nil, nil
}
