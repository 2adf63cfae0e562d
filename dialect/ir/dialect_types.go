package ir

import (
	"strconv"
	"strings"
)

// DialectType, embedded in the types a dialect defines, makes them Types.
// Type's marker method is unexported so that a value is a Type only when
// it is meant to be one (an Attribute, which has a String method too, is
// not).
type DialectType struct{}

func (DialectType) isType() {}

// ShapedDialectType is implemented by dialect types with a static shape
// (tile types).
type ShapedDialectType interface {
	Type
	ShapeAndElem() ([]int64, Type)
}

// ---- dialect types ----

// TypeParser builds a dialect type from its name (after the dialect prefix)
// and the text between the angle brackets (empty when there were none).
type TypeParser func(name, body string) (Type, error)

var dialectTypeParsers = map[string]TypeParser{}

// RegisterTypeParser installs the parser for a dialect's `!dialect.name<...>`
// types. Dialects without one keep their types as OpaqueType.
func RegisterTypeParser(dialect string, p TypeParser) { dialectTypeParsers[dialect] = p }

// ParseDialectType turns `!dialect.name<body>` text into a type, using the
// dialect's registered parser when there is one.
func ParseDialectType(text string) (Type, error) {
	types.mu.RLock()
	t, ok := types.m[text]
	types.mu.RUnlock()
	if ok {
		return t, nil
	}
	full := strings.TrimPrefix(text, "!")
	d := DialectOf(full)
	if p, ok := dialectTypeParsers[d]; ok {
		name := full[len(d)+1:]
		body := ""
		if i := strings.IndexByte(name, '<'); i >= 0 && strings.HasSuffix(name, ">") {
			body = strings.TrimSpace(name[i+1 : len(name)-1])
			name = name[:i]
		}
		return p(name, body)
	}
	return Opaque(text), nil
}

// ParseShapeElem parses a "4x8xf32" dimension list with a scalar element
// type, the shape syntax used by tile and pto types ('?' marks a dynamic
// dimension).
func ParseShapeElem(s string) ([]int64, Type, bool) {
	s = strings.TrimSpace(s)
	var shape []int64
	for {
		if len(s) > 1 && s[0] == '?' && s[1] == 'x' {
			shape = append(shape, Dynamic)
			s = s[2:]
			continue
		}
		i := 0
		for i < len(s) && s[i] >= '0' && s[i] <= '9' {
			i++
		}
		if i == 0 || i >= len(s) || s[i] != 'x' {
			break
		}
		d, err := strconv.ParseInt(s[:i], 10, 64)
		if err != nil {
			return nil, nil, false
		}
		shape = append(shape, d)
		s = s[i+1:]
	}
	elem := ScalarType(s)
	if elem == nil {
		return nil, nil, false
	}
	return shape, elem, true
}

// ParseDims parses "32x64" (no element type).
func ParseDims(s string) ([]int64, bool) {
	parts := strings.Split(strings.TrimSpace(s), "x")
	out := make([]int64, len(parts))
	for i, p := range parts {
		d, err := strconv.ParseInt(p, 10, 64)
		if err != nil || d < 0 {
			return nil, false
		}
		out[i] = d
	}
	return out, true
}

// SplitTopLevel splits the body of a dialect type (the text between its
// angle brackets) on the commas not nested in brackets.
func SplitTopLevel(s string) []string {
	var out []string
	depth, start := 0, 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '<', '(', '[', '{':
			depth++
		case '>', ')', ']', '}':
			depth--
		case ',':
			if depth == 0 {
				out = append(out, strings.TrimSpace(s[start:i]))
				start = i + 1
			}
		}
	}
	return append(out, strings.TrimSpace(s[start:]))
}
