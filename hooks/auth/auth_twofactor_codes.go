package auth

import (
	"crypto/rand"
	"crypto/sha256"
	"crypto/subtle"
	"encoding/hex"
	"strings"
	"sync"
	"time"

	"github.com/pocketbase/pocketbase/core"
	"github.com/pquerna/otp"
	"github.com/pquerna/otp/totp"
)

// TOTP parameters every authenticator app understands: 6 digits, 30 s, SHA-1, and one
// step of clock skew either way.
const (
	totpPeriod        = 30
	totpSkew          = 1
	RecoveryCodeCount = 10
	recoveryAlphabet  = "abcdefghjkmnpqrstuvwxyz23456789" // no 0/o, 1/l/i to misread
)

var totpOpts = totp.ValidateOpts{Period: totpPeriod, Digits: otp.DigitsSix, Algorithm: otp.AlgorithmSHA1}

// matchTOTP returns the time step code is valid for (within the skew) after lastStep, or
// 0: a code already used (its step or an earlier one) is refused, so a code seen over a
// shoulder cannot be replayed within its window.
func matchTOTP(secret, code string, now time.Time, lastStep int64) int64 {
	if len(code) != 6 || secret == "" {
		return 0
	}
	current := now.Unix() / totpPeriod
	for step := current - totpSkew; step <= current+totpSkew; step++ {
		want, err := totp.GenerateCodeCustom(secret, time.Unix(step*totpPeriod, 0), totpOpts)
		if err == nil && step > lastStep && subtle.ConstantTimeCompare([]byte(want), []byte(code)) == 1 {
			return step
		}
	}
	return 0
}

// newRecoveryCodes returns RecoveryCodeCount codes of ten characters (about 50 bits
// each, shown as xxxxx-xxxxx) and their hashes. High entropy makes a plain SHA-256 safe
// to store: there is nothing to guess from a leaked hash.
func newRecoveryCodes() (codes, hashes []string) {
	for range RecoveryCodeCount {
		b := make([]byte, 10)
		for i := range b {
			b[i] = recoveryAlphabet[randIndex(len(recoveryAlphabet))]
		}
		code := string(b[:5]) + "-" + string(b[5:])
		codes = append(codes, code)
		hashes = append(hashes, hashRecoveryCode(code))
	}
	return codes, hashes
}

func randIndex(n int) int {
	for {
		var b [1]byte
		_, _ = rand.Read(b[:])
		if int(b[0]) < 256-256%n { // no modulo bias
			return int(b[0]) % n
		}
	}
}

// hashRecoveryCode hashes a code as typed: case, spaces and dashes do not matter.
func hashRecoveryCode(code string) string {
	clean := strings.Map(func(r rune) rune {
		if r == '-' || r == ' ' {
			return -1
		}
		return r
	}, strings.ToLower(strings.TrimSpace(code)))
	sum := sha256.Sum256([]byte(clean))
	return hex.EncodeToString(sum[:])
}

// useSecondFactor checks code (a TOTP or a recovery code) for the member with id and,
// when it is right, spends it: the TOTP's time step is recorded, the recovery code
// removed. It re-reads the member inside a transaction, so two requests racing with the
// same code cannot both pass.
func useSecondFactor(app core.App, id, code string) (bool, error) {
	code = strings.TrimSpace(code)
	ok := false
	err := app.RunInTransaction(func(tx core.App) error {
		record, err := tx.FindRecordById(UsersCollection, id)
		if err != nil || !record.GetBool("totpEnabled") {
			return err
		}
		if step := matchTOTP(record.GetString("totpSecret"), code, time.Now(), int64(record.GetInt("totpLastStep"))); step > 0 {
			ok = true
			record.Set("totpLastStep", step)
			return tx.Save(record)
		}
		var hashes []string
		_ = record.UnmarshalJSONField("recoveryCodes", &hashes)
		want := hashRecoveryCode(code)
		for i, h := range hashes {
			if subtle.ConstantTimeCompare([]byte(h), []byte(want)) == 1 {
				ok = true
				record.Set("recoveryCodes", append(hashes[:i:i], hashes[i+1:]...))
				return tx.Save(record)
			}
		}
		return nil
	})
	return ok, err
}

// codeLimiter counts wrong second-factor codes per member (not per address: a guesser
// who changes address still meets it). After codeMaxFailures in codeWindow, codes are
// refused until the window has passed.
type codeLimiter struct {
	mu       sync.Mutex
	failures map[string][]time.Time
}

const (
	codeMaxFailures = 5
	codeWindow      = 10 * time.Minute
)

// codeLimits is app's limiter (one per app, so test apps do not share one).
func codeLimits(app core.App) *codeLimiter {
	return app.Store().GetOrSet("auth.codeLimits", func() any {
		return &codeLimiter{failures: map[string][]time.Time{}}
	}).(*codeLimiter)
}

// recent returns id's failures still inside the window (and forgets older ones).
func (l *codeLimiter) recent(id string, now time.Time) []time.Time {
	kept := l.failures[id][:0]
	for _, t := range l.failures[id] {
		if now.Sub(t) < codeWindow {
			kept = append(kept, t)
		}
	}
	if len(kept) == 0 {
		delete(l.failures, id)
		return nil
	}
	l.failures[id] = kept
	return kept
}

// blocked reports whether id has used up its wrong codes.
func (l *codeLimiter) blocked(id string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	return len(l.recent(id, time.Now())) >= codeMaxFailures
}

// fail records a wrong code for id.
func (l *codeLimiter) fail(id string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	now := time.Now()
	l.failures[id] = append(l.recent(id, now), now)
}
