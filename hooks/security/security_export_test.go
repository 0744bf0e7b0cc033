package security

// CheckRedirectForTest exposes the client's redirect rule to the table in
// security_outbound_test.go (a downgrade to http needs no TLS server to prove).
var CheckRedirectForTest = checkRedirect
