package federation

import (
	"crypto/rand"
	"crypto/rsa"
	"crypto/x509"
	"encoding/pem"

	"github.com/pocketbase/dbx"
	"github.com/pocketbase/pocketbase/core"
)

// KeyBits is the size of members' RSA keys: what Mastodon generates and accepts.
const KeyBits = 2048

// generateKey makes a new RSA key pair of KeyBits (see SetKeyGenerator).
var generateKey = func() (*rsa.PrivateKey, error) { return rsa.GenerateKey(rand.Reader, KeyBits) }

// SetKeyGenerator replaces how the members' and the server's RSA keys are made. It is for
// tests only, and production never calls it: this package's tests hand out keys from a
// pool made once per test binary (their TestMain sets it), since the prime search costs
// 0.1–0.3 s of CPU a key, two thirds of those tests' CPU. Call it before any key is made.
func SetKeyGenerator(generate func() (*rsa.PrivateKey, error)) { generateKey = generate }

// ensureKey returns member's key record, generating and storing an RSA key pair the first
// time (on opt-in; again on first read if that failed). The private key never leaves the
// server; the collection is superusers only. Two racing first reads both generate, one
// insert wins on the unique index, and both return the winner.
func ensureKey(app core.App, member *core.Record) (*core.Record, error) {
	return ensureKeyOf(app, member.Id)
}

// instanceKey is the server's own key record (its instance actor's, for signed fetches),
// generated on first use like a member's: the one key whose user is empty.
func instanceKey(app core.App) (*core.Record, error) {
	return ensureKeyOf(app, "")
}

// ensureKeyOf is ensureKey for the member with id ("" for the server's own key).
func ensureKeyOf(app core.App, id string) (*core.Record, error) {
	if r, err := findKey(app, id); err == nil {
		return r, nil
	}
	key, err := generateKey()
	if err != nil {
		return nil, err
	}
	pub, err := x509.MarshalPKIXPublicKey(&key.PublicKey)
	if err != nil {
		return nil, err
	}
	c, err := app.FindCachedCollectionByNameOrId(keysCollection)
	if err != nil {
		return nil, err
	}
	r := core.NewRecord(c)
	r.Set("user", id)
	r.Set("publicKeyPem", string(pem.EncodeToMemory(&pem.Block{Type: "PUBLIC KEY", Bytes: pub})))
	r.Set("privateKeyPem", string(pem.EncodeToMemory(&pem.Block{Type: "PRIVATE KEY", Bytes: mustPKCS8(key)})))
	if err := app.Save(r); err != nil {
		if existing, findErr := findKey(app, id); findErr == nil {
			return existing, nil
		}
		return nil, err
	}
	return r, nil
}

// findKey finds the key record of the member with id.
func findKey(app core.App, id string) (*core.Record, error) {
	var r core.Record
	err := app.RecordQuery(keysCollection).AndWhere(dbx.HashExp{"user": id}).Limit(1).One(&r)
	if err != nil {
		return nil, err
	}
	return &r, nil
}

// mustPKCS8 encodes key; an RSA key always encodes.
func mustPKCS8(key *rsa.PrivateKey) []byte {
	b, err := x509.MarshalPKCS8PrivateKey(key)
	if err != nil {
		panic(err)
	}
	return b
}
