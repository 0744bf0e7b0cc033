package federation

import (
	"crypto/rand"
	"crypto/rsa"
	"sync"
)

// Enqueue is enqueue, for the benchmark of the request path's cost.
var Enqueue = enqueue

// DomainsOf is domainsOf, for the table of what a domain block covers.
var DomainsOf = domainsOf

func init() { generateKey = PooledKey }

// keyPool holds the RSA keys PooledKey hands out.
var keyPool struct {
	sync.Mutex
	keys []*rsa.PrivateKey
	next int
}

// poolSize is how many keys the tests share: no test holds this many at once, so keys a
// test needs apart (two members, a rotated key) are apart.
const poolSize = 32

// PooledKey returns an RSA key of keyBits, made the first poolSize times and then handed
// out again in turn: the members' keys in these tests and the fake servers' keys.
func PooledKey() (*rsa.PrivateKey, error) {
	keyPool.Lock()
	defer keyPool.Unlock()
	if len(keyPool.keys) < poolSize {
		key, err := rsa.GenerateKey(rand.Reader, keyBits)
		if err != nil {
			return nil, err
		}
		keyPool.keys = append(keyPool.keys, key)
		return key, nil
	}
	keyPool.next++
	return keyPool.keys[keyPool.next%poolSize], nil
}
