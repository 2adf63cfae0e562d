package planner

import (
	"errors"

	"github.com/pto-opt/pto-opt/internal/strictjson"
)

// jsonSchema is the shape a problem document is held to before it is
// decoded (see package strictjson): jsonDoc, with the sections kept as raw
// JSON read as what they are decoded into. A key the decoding would take
// in another case, a duplicate key, a number that is not an integer of
// its field's range, null for a plain value, a byte order mark or data
// after the document is an error at the line and column of the key.
var jsonSchema = strictjson.For[jsonDoc]().
	Later(jsonProblem{}, "pools", []jsonPool(nil)).
	Later(jsonProblem{}, "buffers", []jsonBuffer(nil)).
	Later(jsonProblem{}, "pypto_structure", jsonStructure{})

// checkStrict checks the document against jsonSchema and keeps the
// positions of its keys, which place the reader's later errors too.
func (d *jsonReader) checkStrict() error {
	pos, err := strictjson.Check(d.data, jsonSchema)
	var se *strictjson.Error
	if errors.As(err, &se) {
		return &InputError{File: d.file, Line: se.Line, Col: se.Col, Field: se.Path, Msg: se.Msg}
	}
	d.pos = pos
	return err
}

// place locates an error about field at its key in the document.
func (d *jsonReader) place(e *InputError) *InputError {
	if d.pos != nil && e.Line == 0 {
		e.Line, e.Col = d.pos.Of(e.Field)
	}
	return e
}
