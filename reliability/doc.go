// Package reliability holds the tests that drive the real cinecircle binary as a black
// box: killing it with SIGKILL under concurrent writes and checking that nothing
// acknowledged is lost, restoring a backup into a fresh data dir, and a soak of mixed
// traffic that must answer no 5xx with flat memory. The tests use the binary named by
// CINECIRCLE_BIN (make test builds it first) or build one themselves.
package reliability
