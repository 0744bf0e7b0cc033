package security

import (
	"bytes"
	"encoding/json/jsontext"
	"encoding/json/v2"
	"errors"
	"io"
	"strings"

	validation "github.com/pocketbase/ozzo-validation/v4"
	"github.com/pocketbase/pocketbase/core"
	"github.com/pocketbase/pocketbase/tools/router"
)

// BodyField is the field a 400 names when the body as a whole is unusable (not JSON,
// not an object).
const BodyField = "body"

// DecodeJSON reads the request's JSON object body into dst (a struct or map pointer), the
// way PocketBase's BindBody does (member names match case-insensitively), but answers every
// problem with an error a client can act on: a 413 when the body is over its limit, else a
// 400 whose data names the offending field ("rating": wrong type, "review": invalid UTF-8)
// or BodyField when the body is not a JSON object. An empty or null body decodes to
// nothing, so the handler's own validation names the missing fields. Form and multipart
// bodies go through BindBody.
func DecodeJSON(e *core.RequestEvent, dst any) error {
	ct := e.Request.Header.Get("Content-Type")
	if strings.HasPrefix(ct, "multipart/form-data") || strings.HasPrefix(ct, "application/x-www-form-urlencoded") {
		if err := e.BindBody(dst); err != nil {
			return fieldError(e, BodyField, "validation_invalid_body", "The request body could not be read.")
		}
		return nil
	}
	data, err := io.ReadAll(e.Request.Body)
	if err != nil {
		var apiErr *router.ApiError
		if errors.As(err, &apiErr) {
			return apiErr // the body limit's 413
		}
		return fieldError(e, BodyField, "validation_invalid_body", "The request body could not be read.")
	}
	return DecodeJSONBytes(e, data, dst)
}

// DecodeJSONBytes is DecodeJSON for a body already read (fuzz tests call it directly).
func DecodeJSONBytes(e *core.RequestEvent, data []byte, dst any) error {
	data = bytes.TrimSpace(data)
	if len(data) == 0 || string(data) == "null" {
		return nil
	}
	if data[0] != '{' {
		return fieldError(e, BodyField, "validation_not_an_object", "The request body must be a JSON object.")
	}
	err := json.Unmarshal(data, dst, json.MatchCaseInsensitiveNames(true))
	if err == nil {
		return nil
	}
	field, code, message := describeJSONError(err)
	return fieldError(e, field, code, message)
}

// describeJSONError names the field a decoding error is about (the first step of its JSON
// pointer) and says what is wrong with it.
func describeJSONError(err error) (field, code, message string) {
	var sem *json.SemanticError
	if errors.As(err, &sem) {
		if f := topField(sem.JSONPointer); f != "" {
			return f, "validation_invalid_type", "This value has the wrong type."
		}
		return BodyField, "validation_not_an_object", "The request body must be a JSON object."
	}
	var syn *jsontext.SyntacticError
	if errors.As(err, &syn) && !errors.Is(syn.Err, io.ErrUnexpectedEOF) { // a cut-off body is the body's fault
		if f := topField(syn.JSONPointer); f != "" {
			return f, "validation_invalid_json", "This value is not valid JSON text (check for broken characters)."
		}
	}
	return BodyField, "validation_invalid_json", "The request body is not valid JSON."
}

// topField returns the first member name of a JSON pointer ("/userIds/0" → "userIds").
func topField(p jsontext.Pointer) string {
	for token := range p.Tokens() {
		return token
	}
	return ""
}

// fieldError is the 400 naming field; the decoder's own wording stays out of the answer.
func fieldError(e *core.RequestEvent, field, code, message string) error {
	msg := "Please check the highlighted fields."
	if field == BodyField {
		msg = message
	}
	return e.BadRequestError(msg, validation.Errors{field: validation.NewError(code, message)})
}
