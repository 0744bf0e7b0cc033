package security

import (
	"encoding/json/jsontext"
	"encoding/json/v2"
)

// Field is a member of a JSON request body that its validate function must be able to
// tell apart when absent, null, or of the wrong type; a typed body struct declares such
// members as Field[T]. Decoding never fails on a Field: it records what came, so
// PATCH /api/activities/{id} can tell "rating absent" (keep it) from "rating null"
// (clear it), and a value that is not a T (a string for a number) is named by the
// domain's own message ("Rating must be a number from 0 to 10.") together with every
// other bad member, rather than stopping the decoding at the first. Text that is not
// JSON (broken UTF-8, say) still fails DecodeJSON, naming the member.
type Field[T any] struct {
	Value   T    // the decoded value; zero unless Given
	Present bool // the member was in the body
	Null    bool // it was null
	Invalid bool // it held a value that is not a T
}

// Set returns a Field holding v, for Go callers that build a body.
func Set[T any](v T) Field[T] { return Field[T]{Value: v, Present: true} }

// Given reports whether the member came with a value of type T: present, not null, not
// of the wrong type.
func (f Field[T]) Given() bool { return f.Present && !f.Null && !f.Invalid }

// Missing reports whether the member was absent or null.
func (f Field[T]) Missing() bool { return !f.Present || f.Null }

// UnmarshalJSONFrom decodes the member as DecodeJSON reads it (json/v2, with its options).
func (f *Field[T]) UnmarshalJSONFrom(dec *jsontext.Decoder) error {
	v, err := dec.ReadValue()
	if err != nil {
		return err // not JSON text: the decoder names the member
	}
	f.set(v, dec.Options())
	return nil
}

// UnmarshalJSON decodes the member for encoding/json (tests and Go callers decoding a
// body they hold as text).
func (f *Field[T]) UnmarshalJSON(b []byte) error {
	f.set(jsontext.Value(b))
	return nil
}

// set records what v holds.
func (f *Field[T]) set(v jsontext.Value, opts ...json.Options) {
	*f = Field[T]{Present: true}
	if v.Kind() == 'n' {
		f.Null = true
		return
	}
	if err := json.Unmarshal(v, &f.Value, opts...); err != nil {
		var zero T
		f.Value, f.Invalid = zero, true
	}
}
