package prover

import (
	"errors"
	"fmt"
)

// Error codes shared with the JavaScript side (cmd/wasm puts them on the
// rejected Error as .code).
const (
	CodeCapacity        = "capacity"
	CodeInvalidInput    = "invalid-input"
	CodeCorruptArtifact = "corrupt-artifact"
	CodeCorruptProof    = "corrupt-proof"
	CodeInternal        = "internal"
)

// Error carries a code so callers can tell user errors from bugs.
type Error struct {
	Code string
	Err  error
}

func (e *Error) Error() string { return e.Err.Error() }
func (e *Error) Unwrap() error { return e.Err }

func errorf(code, format string, args ...any) error {
	return &Error{Code: code, Err: fmt.Errorf(format, args...)}
}

// CodeOf is err's code, or "" when nothing in its chain is an *Error: the one reading of a code
// that the wasm bindings (which report "" as internal) and the tests share.
func CodeOf(err error) string {
	var e *Error
	if errors.As(err, &e) {
		return e.Code
	}
	return ""
}
