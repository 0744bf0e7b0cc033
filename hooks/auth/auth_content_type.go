package auth

import (
	"mime"
	"net/http"
	"strconv"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
)

// multipartRoute reports whether a write legitimately takes a multipart body: only the
// import upload, POST /api/import/{source}, and the profile photo, POST /api/user/avatar.
func multipartRoute(r *http.Request) bool {
	if r.Method == http.MethodPost && r.URL.Path == "/api/user/avatar" {
		return true
	}
	source, ok := strings.CutPrefix(r.URL.Path, "/api/import/")
	return ok && r.Method == http.MethodPost && source != "" && !strings.Contains(source, "/")
}

// checkWriteBodyType is the second CSRF guard for cookie sessions, beside the origin
// check: a write under /api/ that has a body must send it as application/json (UTF-8),
// or as multipart/form-data to the import upload. A cross-site HTML form can only send
// form-encoded, multipart or text/plain bodies without a CORS preflight, so even a
// browser that sends neither Origin nor Sec-Fetch-Site cannot forge one of our writes.
// Bodyless writes (a DELETE, POST /api/push/test, joining a challenge) pass: they carry
// nothing to forge beyond what the origin check already guards.
func checkWriteBodyType(e *core.RequestEvent) error {
	r := e.Request
	switch r.Method {
	case http.MethodPost, http.MethodPut, http.MethodPatch, http.MethodDelete:
	default:
		return nil
	}
	if r.ContentLength == 0 || !strings.HasPrefix(r.URL.Path, "/api/") {
		return nil // ContentLength is -1 when a body of unknown length follows
	}
	header := r.Header.Get("Content-Type")
	mediaType, params, err := mime.ParseMediaType(header)
	switch {
	case err == nil && mediaType == "application/json" && (params["charset"] == "" || strings.EqualFold(params["charset"], "utf-8")):
		return nil
	case err == nil && mediaType == "multipart/form-data" && multipartRoute(r):
		return nil
	}
	accepts := "application/json"
	if multipartRoute(r) {
		accepts = "multipart/form-data or application/json"
	}
	message := "The request body has no Content-Type: this route accepts " + accepts + "."
	if header != "" {
		message = "Unsupported Content-Type " + strconv.Quote(strings.TrimSpace(header)) + ": this route accepts " + accepts + "."
	}
	return e.Error(http.StatusUnsupportedMediaType, message,
		validation.Errors{"Content-Type": validation.NewError("validation_unsupported_media_type", message)})
}
