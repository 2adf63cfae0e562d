// Package strictjson checks a JSON document against the Go type it will
// be decoded into, refusing what encoding/json lets through but a reader
// of the file could take two ways: keys matched without regard to case
// ({"Capacity": 1} sets capacity), duplicate keys (the last one wins),
// keys that differ only in case, numbers that are not integers of the
// field's range (1e3, 1.5, -0, 2^63 where an int64 is meant), a fixed-size
// array of another length (the rest is dropped or zero), null where a
// plain value is meant (the field keeps its zero), a byte order mark,
// invalid UTF-8 (replaced silently), and anything after the document.
// Errors give the line and column of the offending key (or of the value,
// for an element of an array) and its path; the positions of all keys
// are kept so that the caller can place its own, semantic, errors too.
//
// After Check, encoding/json decodes the document as Check understood
// it: every key is a field's exact name, once.
package strictjson

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"reflect"
	"strconv"
	"strings"
	"unicode/utf8"
)

// Error is a document error at a place.
type Error struct {
	Line, Col int    // 1-based; the column counts bytes
	Path      string // the JSON path of the key or element, "" for the document
	Msg       string
}

func (e *Error) Error() string {
	if e.Path == "" {
		return fmt.Sprintf("%d:%d: %s", e.Line, e.Col, e.Msg)
	}
	return fmt.Sprintf("%d:%d: %s: %s", e.Line, e.Col, e.Path, e.Msg)
}

// Schema is the Go type a document is decoded into, with the types of
// the members held as json.RawMessage and decoded later.
type Schema struct {
	root   reflect.Type
	later  map[reflect.Type]map[string]reflect.Type
	noNull bool
}

// For is the schema of documents decoded into a T.
func For[T any]() *Schema {
	return &Schema{root: reflect.TypeFor[T](), later: map[reflect.Type]map[string]reflect.Type{}}
}

// Later says that member key of the struct type of structValue, a
// json.RawMessage, is decoded later into a value of as's type.
func (s *Schema) Later(structValue any, key string, as any) *Schema {
	t := reflect.TypeOf(structValue)
	if s.later[t] == nil {
		s.later[t] = map[string]reflect.Type{}
	}
	s.later[t][key] = reflect.TypeOf(as)
	return s
}

// RefuseNull makes null an error everywhere: in a format where leaving a
// field out means something (inherit a value), null would be a third
// spelling of it.
func (s *Schema) RefuseNull() *Schema {
	s.noNull = true
	return s
}

// Positions are where the keys and elements of a checked document are.
type Positions struct {
	lines []int // the offset of each line's start
	at    map[string]int
}

// Of is the line and column of the key or element at path, or of its
// nearest enclosing one that the document has (1, 1 for none).
func (p *Positions) Of(path string) (line, col int) {
	for {
		if off, ok := p.at[path]; ok {
			return p.lineCol(off)
		}
		i := strings.LastIndexAny(path, ".[")
		if i < 0 {
			return 1, 1
		}
		path = path[:i]
	}
}

func (p *Positions) lineCol(off int) (int, int) {
	lo, hi := 0, len(p.lines)
	for hi-lo > 1 { // the last line starting at or before off
		mid := (lo + hi) / 2
		if p.lines[mid] <= off {
			lo = mid
		} else {
			hi = mid
		}
	}
	return lo + 1, off - p.lines[lo] + 1
}

// Check checks data against the schema. On success the positions of the
// document's keys and elements are returned, by path.
func Check(data []byte, s *Schema) (*Positions, error) {
	c := &checker{data: data, s: s, pos: &Positions{lines: []int{0}, at: map[string]int{}}}
	for i, b := range data {
		if b == '\n' {
			c.pos.lines = append(c.pos.lines, i+1)
		}
	}
	if err := c.document(); err != nil {
		return nil, err
	}
	return c.pos, nil
}

type checker struct {
	data  []byte
	s     *Schema
	dec   *json.Decoder
	pos   *Positions
	depth int // of the value being read
}

// MaxDepth bounds the nesting of a document: the formats checked nest a
// few levels, and every key's path is kept (a path per level of a deep
// nest would make the positions quadratic in it).
const MaxDepth = 64

func (c *checker) errAt(off int, path, format string, args ...any) error {
	line, col := c.pos.lineCol(min(off, len(c.data)))
	return &Error{Line: line, Col: col, Path: path, Msg: fmt.Sprintf(format, args...)}
}

func (c *checker) document() error {
	if bytes.HasPrefix(c.data, []byte("\xEF\xBB\xBF")) {
		return c.errAt(0, "", "byte order mark at the start of the file (JSON text is UTF-8 without one)")
	}
	if i := bytes.IndexByte(c.data, 0); i >= 0 {
		return c.errAt(i, "", "NUL byte")
	}
	if !utf8.Valid(c.data) {
		off := 0
		for off < len(c.data) {
			r, n := utf8.DecodeRune(c.data[off:])
			if r == utf8.RuneError && n <= 1 {
				break
			}
			off += n
		}
		return c.errAt(off, "", "invalid UTF-8")
	}
	if len(bytes.TrimLeft(c.data, " \t\r\n")) == 0 {
		return c.errAt(len(c.data), "", "empty document")
	}
	c.dec = json.NewDecoder(bytes.NewReader(c.data))
	c.dec.UseNumber()
	if err := c.value(c.s.root, ""); err != nil {
		return err
	}
	end := int(c.dec.InputOffset())
	for end < len(c.data) && strings.IndexByte(" \t\r\n", c.data[end]) >= 0 {
		end++
	}
	if end < len(c.data) {
		return c.errAt(end, "", "data after the JSON document")
	}
	return nil
}

// next is the offset of the next token.
func (c *checker) next() int {
	off := int(c.dec.InputOffset())
	for off < len(c.data) {
		switch c.data[off] {
		case ' ', '\t', '\r', '\n', ',', ':':
			off++
			continue
		}
		break
	}
	return off
}

// token reads the next token and returns it with its offset.
func (c *checker) token(path string) (json.Token, int, error) {
	at := c.next()
	t, err := c.dec.Token()
	if err != nil {
		var se *json.SyntaxError
		switch {
		case errors.As(err, &se):
			return nil, at, c.errAt(max(int(se.Offset)-1, at), path, "malformed JSON: %v", se)
		case errors.Is(err, io.EOF), errors.Is(err, io.ErrUnexpectedEOF):
			return nil, at, c.errAt(len(c.data), path, "malformed JSON: unexpected end of the document")
		}
		return nil, at, c.errAt(at, path, "malformed JSON: %v", err)
	}
	return t, at, nil
}

var rawMessage = reflect.TypeFor[json.RawMessage]()

// value checks the next value against t; at is where errors about it
// point (its key, for a member).
func (c *checker) value(t reflect.Type, path string) error {
	tok, at, err := c.token(path)
	if err != nil {
		return err
	}
	if c.depth++; c.depth > MaxDepth {
		return c.errAt(at, path, "nested more than %d levels deep", MaxDepth)
	}
	defer func() { c.depth-- }()
	if _, ok := c.pos.at[path]; !ok {
		c.pos.at[path] = at
	}
	errAt := c.pos.at[path]
	if tok == nil { // null
		switch t.Kind() {
		case reflect.Pointer, reflect.Slice, reflect.Map, reflect.Interface:
			if !c.s.noNull {
				return nil
			}
		}
		return c.errAt(errAt, path, "expected %s, got null (leave the field out for its default)", describe(t))
	}
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	if t == rawMessage || t.Kind() == reflect.Interface {
		return c.any(tok, path)
	}
	switch tok := tok.(type) {
	case json.Delim:
		switch {
		case tok == '{' && t.Kind() == reflect.Struct:
			return c.object(path, func(key string, keyAt int) (reflect.Type, error) { return c.field(t, key, keyAt, path) })
		case tok == '{' && t.Kind() == reflect.Map && t.Key().Kind() == reflect.String:
			return c.object(path, func(string, int) (reflect.Type, error) { return t.Elem(), nil })
		case tok == '[' && (t.Kind() == reflect.Slice || t.Kind() == reflect.Array):
			return c.array(t, path, errAt)
		}
		what := "an object"
		if tok == '[' {
			what = "an array"
		}
		return c.errAt(errAt, path, "expected %s, got %s", describe(t), what)
	case json.Number:
		return c.number(string(tok), t, path, errAt)
	case string:
		if t.Kind() != reflect.String {
			return c.errAt(errAt, path, "expected %s, got a string", describe(t))
		}
	case bool:
		if t.Kind() != reflect.Bool {
			return c.errAt(errAt, path, "expected %s, got %v", describe(t), tok)
		}
	}
	return nil
}

// field is the type of the struct member key, which must be one of t's
// fields by its exact name.
func (c *checker) field(t reflect.Type, key string, keyAt int, path string) (reflect.Type, error) {
	p := join(path, key)
	if later, ok := c.s.later[t][key]; ok {
		return later, nil
	}
	var near string
	for _, f := range fields(t) {
		if f.name == key {
			return f.t, nil
		}
		if strings.EqualFold(f.name, key) {
			near = f.name
		}
	}
	if near != "" {
		return nil, c.errAt(keyAt, p, "unknown field %q (names are case-sensitive: %q is a field)", key, near)
	}
	return nil, c.errAt(keyAt, p, "unknown field %q (fields: %s)", key, strings.Join(fieldNames(t), ", "))
}

// object checks an object's members after its '{': each key once, no two
// differing only in case, each value of the type member gives.
func (c *checker) object(path string, member func(key string, at int) (reflect.Type, error)) error {
	seen := map[string]int{} // case-folded key -> offset of the first
	first := map[string]string{}
	for c.dec.More() {
		tok, at, err := c.token(path)
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		p := join(path, key)
		folded := strings.ToLower(key)
		if prev, dup := seen[folded]; dup {
			line, col := c.pos.lineCol(prev)
			if first[folded] == key {
				return c.errAt(at, p, "duplicate key %q (first at line %d, column %d)", key, line, col)
			}
			return c.errAt(at, p, "key %q differs only in case from %q (line %d, column %d)", key, first[folded], line, col)
		}
		seen[folded], first[folded] = at, key
		t, err := member(key, at)
		if err != nil {
			return err
		}
		c.pos.at[p] = at
		if err := c.value(t, p); err != nil {
			return err
		}
	}
	_, _, err := c.token(path) // '}'
	return err
}

func (c *checker) array(t reflect.Type, path string, at int) error {
	n := 0
	for c.dec.More() {
		p := fmt.Sprintf("%s[%d]", path, n)
		if err := c.value(t.Elem(), p); err != nil {
			return err
		}
		n++
	}
	if _, _, err := c.token(path); err != nil { // ']'
		return err
	}
	if t.Kind() == reflect.Array && n != t.Len() {
		return c.errAt(at, path, "expected %d elements, got %d", t.Len(), n)
	}
	return nil
}

// any checks a value of any shape: its objects still have each key once.
func (c *checker) any(tok json.Token, path string) error {
	d, ok := tok.(json.Delim)
	if !ok {
		return nil
	}
	if d == '{' {
		return c.object(path, func(string, int) (reflect.Type, error) { return reflect.TypeFor[any](), nil })
	}
	return c.array(reflect.TypeFor[[]any](), path, 0)
}

// number checks a number literal against a numeric type: an integer type
// takes only an integer literal in its range, and not -0.
func (c *checker) number(lit string, t reflect.Type, path string, at int) error {
	var err error
	switch t.Kind() {
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		if !isInteger(lit) {
			return c.errAt(at, path, "expected an integer, got %s", lit)
		}
		_, err = strconv.ParseInt(lit, 10, t.Bits())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		if !isInteger(lit) || lit[0] == '-' {
			return c.errAt(at, path, "expected a non-negative integer, got %s", lit)
		}
		_, err = strconv.ParseUint(lit, 10, t.Bits())
	case reflect.Float32, reflect.Float64:
		_, err = strconv.ParseFloat(lit, t.Bits())
	default:
		return c.errAt(at, path, "expected %s, got the number %s", describe(t), lit)
	}
	if err != nil {
		return c.errAt(at, path, "%s is out of range for %s", lit, describe(t))
	}
	return nil
}

// isInteger reports whether a JSON number literal is written as an
// integer: digits only, and not -0.
func isInteger(lit string) bool {
	digits := strings.TrimPrefix(lit, "-")
	if digits == "" || strings.Trim(digits, "0123456789") != "" {
		return false
	}
	return lit != "-0"
}

func join(path, key string) string {
	if path == "" {
		return key
	}
	return path + "." + key
}

// field is a JSON member of a struct type: its name and type.
type field struct {
	name string
	t    reflect.Type
}

// fields are the members encoding/json decodes into a struct type: its
// exported fields by their tag names (or Go names), those of embedded
// structs without a tag flattened in, json:"-" left out.
func fields(t reflect.Type) []field {
	var out []field
	for i := 0; i < t.NumField(); i++ {
		f := t.Field(i)
		tag := f.Tag.Get("json")
		if tag == "-" {
			continue
		}
		name, _, _ := strings.Cut(tag, ",")
		if f.Anonymous && name == "" {
			et := f.Type
			if et.Kind() == reflect.Pointer {
				et = et.Elem()
			}
			if et.Kind() == reflect.Struct {
				out = append(out, fields(et)...)
				continue
			}
		}
		if !f.IsExported() {
			continue
		}
		if name == "" {
			name = f.Name
		}
		out = append(out, field{name, f.Type})
	}
	return out
}

func fieldNames(t reflect.Type) []string {
	var out []string
	for _, f := range fields(t) {
		out = append(out, f.name)
	}
	return out
}

// describe names what a value of type t is in messages.
func describe(t reflect.Type) string {
	for t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	switch t.Kind() {
	case reflect.Struct, reflect.Map:
		return "an object"
	case reflect.Slice, reflect.Array:
		return "an array"
	case reflect.String:
		return "a string"
	case reflect.Bool:
		return "true or false"
	case reflect.Int, reflect.Int8, reflect.Int16, reflect.Int32, reflect.Int64:
		return fmt.Sprintf("an integer (%d bits)", t.Bits())
	case reflect.Uint, reflect.Uint8, reflect.Uint16, reflect.Uint32, reflect.Uint64:
		return fmt.Sprintf("a non-negative integer (%d bits)", t.Bits())
	case reflect.Float32, reflect.Float64:
		return "a number"
	}
	return "a value"
}
