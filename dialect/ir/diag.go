package ir

import (
	"errors"
	"fmt"
	"strings"
)

// Severity of a diagnostic.
type Severity int

const (
	SevError Severity = iota
	SevWarning
	SevNote
	SevRemark
)

func (s Severity) String() string {
	return [...]string{"error", "warning", "note", "remark"}[s]
}

// Note is a secondary message attached to a diagnostic.
type Note struct {
	Loc Location
	Msg string
}

// Diagnostic is an error, warning or remark at a source location. Parsers,
// verifiers and passes all report through it so the driver can print
// file:line:col messages and match -verify-diagnostics annotations.
type Diagnostic struct {
	Severity Severity
	Loc      Location
	Msg      string
	Notes    []Note
}

func (d *Diagnostic) Error() string {
	return fmt.Sprintf("%s: %s: %s", d.Loc, d.Severity, d.Msg)
}

// WithNote appends a note and returns d.
func (d *Diagnostic) WithNote(loc Location, format string, args ...any) *Diagnostic {
	d.Notes = append(d.Notes, Note{Loc: loc, Msg: fmt.Sprintf(format, args...)})
	return d
}

// NewError builds an error diagnostic at loc.
func NewError(loc Location, format string, args ...any) *Diagnostic {
	return &Diagnostic{Severity: SevError, Loc: loc, Msg: fmt.Sprintf(format, args...)}
}

// AsDiagnostic extracts the diagnostic from an error, wrapping plain errors
// as location-less ones.
func AsDiagnostic(err error) *Diagnostic {
	var d *Diagnostic
	if errors.As(err, &d) {
		return d
	}
	var list DiagnosticList
	if errors.As(err, &list) && len(list) > 0 {
		return list[0]
	}
	return &Diagnostic{Severity: SevError, Msg: err.Error()}
}

// Diagnostics lists the diagnostics an error carries (several for a
// DiagnosticList, else the one AsDiagnostic finds).
func Diagnostics(err error) []*Diagnostic {
	var list DiagnosticList
	if errors.As(err, &list) && len(list) > 0 {
		return list
	}
	return []*Diagnostic{AsDiagnostic(err)}
}

// DiagnosticList is several diagnostics reported together.
type DiagnosticList []*Diagnostic

func (l DiagnosticList) Error() string {
	if len(l) == 0 {
		return "no diagnostics"
	}
	return l[0].Error()
}

// ---- common helpers for op definitions ----

// Errorf builds a verifier diagnostic for op, worded as MLIR words them:
// 'dialect.op' op <message>.
func Errorf(op *Operation, format string, args ...any) error {
	return &Diagnostic{Severity: SevError, Loc: op.Loc, Msg: fmt.Sprintf("'%s' op ", op.Name) + fmt.Sprintf(format, args...)}
}

// Describe gives a short text of an op for messages: name and location.
func Describe(op *Operation) string {
	var sb strings.Builder
	sb.WriteString("'" + op.Name + "'")
	if op.Loc.Known() {
		sb.WriteString(" at " + op.Loc.String())
	}
	return sb.String()
}
