package web

import (
	"crypto/sha256"
	"encoding/base64"
	"io/fs"
	"regexp"
	"strings"

	"github.com/pocketbase/pocketbase/core"
)

// inlineScript finds the inline <script> blocks of index.html (a src attribute means an
// external one), whose hashes the policy allows (the theme is applied before first paint).
var inlineScript = regexp.MustCompile(`(?s)<script(?:\s+[^>]*)?>(.*?)</script>`)

// ContentSecurityPolicy builds the policy the PWA runs under from its built index.html:
// scripts only from our origin (plus the hashes of index.html's own inline scripts), no
// plugins, no framing by other sites, requests only to our origin. Images may also come
// over https (GIF providers, OAuth avatars); styles may be inline (the emoji picker draws
// in a shadow root with its own <style>).
func ContentSecurityPolicy(public fs.FS) string {
	scripts := []string{"'self'"}
	if html, err := fs.ReadFile(public, "index.html"); err == nil {
		for _, m := range inlineScript.FindAllSubmatch(html, -1) {
			open := string(m[0][:strings.Index(string(m[0]), ">")])
			if strings.Contains(open, " src=") || len(strings.TrimSpace(string(m[1]))) == 0 {
				continue
			}
			sum := sha256.Sum256(m[1])
			scripts = append(scripts, "'sha256-"+base64.StdEncoding.EncodeToString(sum[:])+"'")
		}
	}
	return strings.Join([]string{
		"default-src 'self'",
		"script-src " + strings.Join(scripts, " "),
		"style-src 'self' 'unsafe-inline'",
		"img-src 'self' data: blob: https:",
		"media-src 'self' https:",
		"font-src 'self' data:",
		"connect-src 'self'",
		"worker-src 'self'",
		"manifest-src 'self'",
		"frame-ancestors 'self'",
		"base-uri 'self'",
		"form-action 'self'",
		"object-src 'none'",
	}, "; ")
}

// securityHeaders sets the headers every answer of ours carries. The dashboard (/_/) keeps
// PocketBase's own headers: its bundled libraries are not ours to vouch for.
func securityHeaders(csp string) func(*core.RequestEvent) error {
	return func(e *core.RequestEvent) error {
		h := e.Response.Header()
		h.Set("Referrer-Policy", "strict-origin-when-cross-origin")
		h.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=(), payment=()")
		if e.IsTLS() {
			h.Set("Strict-Transport-Security", "max-age=31536000")
		}
		if p := e.Request.URL.Path; p != "/_" && !strings.HasPrefix(p, "/_/") {
			h.Set("Content-Security-Policy", csp)
		}
		return e.Next()
	}
}
