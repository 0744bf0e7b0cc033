package federation_test

import (
	"crypto/rand"
	"crypto/rsa"
	"sync"
	"testing"

	"cinecircle/hooks/federation"
)

// keyPool holds the RSA keys pooledKey hands out.
var keyPool struct {
	sync.Mutex
	keys []*rsa.PrivateKey
	next int
}

// poolSize is how many keys the tests share: no test holds this many at once, so keys a
// test needs apart (two members, a rotated key) are apart.
const poolSize = 32

// pooledKey returns an RSA key of federation.KeyBits, made the first poolSize times and
// then handed out again in turn: the members' keys in these tests (TestMain makes it the
// package's key generator) and the fake servers' keys.
func pooledKey() (*rsa.PrivateKey, error) {
	keyPool.Lock()
	defer keyPool.Unlock()
	if len(keyPool.keys) < poolSize {
		key, err := rsa.GenerateKey(rand.Reader, federation.KeyBits)
		if err != nil {
			return nil, err
		}
		keyPool.keys = append(keyPool.keys, key)
		return key, nil
	}
	keyPool.next++
	return keyPool.keys[keyPool.next%poolSize], nil
}

// newKey is a pooled key for a fake server.
func newKey(t testing.TB) *rsa.PrivateKey {
	k, err := pooledKey()
	if err != nil {
		t.Fatal(err)
	}
	return k
}
