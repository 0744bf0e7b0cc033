package federation_test

import (
	"strconv"
	"strings"
	"testing"

	"cinecircle/hooks/federation"
	"cinecircle/hooks/testutil"
)

// BenchmarkEnqueue500Servers measures what a new review costs its request when the
// member's followers are on 500 servers: queueing a 2 KB Create for each shared inbox
// (#23's target is a 20 ms p99 for the whole request). Run it with
// `go test ./hooks/federation/ -run '^$' -bench Enqueue`.
func BenchmarkEnqueue500Servers(b *testing.B) {
	app := testutil.NewTestApp(b)
	member := testutil.CreateUser(b, app, "Ana")
	inboxes := make([]string, 500)
	for i := range inboxes {
		inboxes[i] = "https://server" + strconv.Itoa(i) + ".example/inbox"
	}
	body := []byte(`{"type":"Create","object":{"content":"` + strings.Repeat("x", 2000) + `"}}`)
	b.ResetTimer()
	for b.Loop() {
		if err := federation.Enqueue(app, member, inboxes, body); err != nil {
			b.Fatal(err)
		}
	}
}
