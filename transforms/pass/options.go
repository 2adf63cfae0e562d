package pass

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"time"
)

//lint:file-ignore ST1005 the option messages are mlir-opt's, word for word, '!' included

// OptionSpec describes one pass option, as --help shows it. Specs are
// derived from the bindings of the pass's options struct.
type OptionSpec struct {
	Name    string
	Default string   // the default as text, as --help and pipelines print it
	Values  []string // the allowed values of an enum option
	Help    string
}

// Binder is a pass's options struct: Bind declares each field as an
// option, in the style of the flag package, by binding its address.
type Binder interface {
	Bind(s *OptionSet)
}

// OptionSet holds the options bound to one options struct. Each option
// parses its text into the bound field, so a bad value is an error when
// the pipeline is parsed, before any input is read.
type OptionSet struct {
	opts []*option
}

type option struct {
	OptionSpec
	parse func(text string) error // checks text and stores it in the field
	text  string                  // the value as given (printed as given), or the default
}

// bind adds an option and stores its default in the field; a default its
// own parser refuses is a bug in the pass.
func (s *OptionSet) bind(spec OptionSpec, parse func(string) error) *option {
	for _, o := range s.opts {
		if o.Name == spec.Name {
			panic("pass: option " + spec.Name + " bound twice")
		}
	}
	if err := parse(spec.Default); err != nil {
		panic(fmt.Sprintf("pass: bad default of option %s: %v", spec.Name, err))
	}
	o := &option{OptionSpec: spec, parse: parse, text: spec.Default}
	s.opts = append(s.opts, o)
	return o
}

func (s *OptionSet) lookup(name string) *option {
	for _, o := range s.opts {
		if o.Name == name {
			return o
		}
	}
	return nil
}

// Bool binds a boolean option (see ParseBool).
func (s *OptionSet) Bool(p *bool, name string, def bool, help string) {
	s.bind(OptionSpec{Name: name, Default: strconv.FormatBool(def), Help: help}, func(v string) error {
		b, ok := ParseBool(v)
		if !ok {
			return fmt.Errorf("for the --%s option: '%s' is invalid value for boolean argument! Try 0 or 1", name, v)
		}
		*p = b
		return nil
	})
}

// ParseBool reads a boolean option's value as LLVM's command line does:
// true, TRUE, True or 1; false, FALSE, False or 0. (strconv.ParseBool
// also takes t and f, which mlir-opt refuses.)
func ParseBool(v string) (value, ok bool) {
	switch v {
	case "true", "TRUE", "True", "1":
		return true, true
	case "false", "FALSE", "False", "0":
		return false, true
	}
	return false, false
}

// IntOption is a bound integer option, to which a bound may be added.
type IntOption struct {
	o   *option
	p   *int64
	min *int64
}

// Int binds an integer option (decimal, or 0x/0o/0b prefixed).
func (s *OptionSet) Int(p *int64, name string, def int64, help string) *IntOption {
	io := &IntOption{p: p}
	io.o = s.bind(OptionSpec{Name: name, Default: strconv.FormatInt(def, 10), Help: help}, func(v string) error {
		n, err := parseInt(v)
		if err != nil {
			return fmt.Errorf("for the --%s option: '%s' value invalid for integer argument!", name, v)
		}
		if io.min != nil && n < *io.min {
			return fmt.Errorf("for the --%s option: '%s' value invalid for integer argument! Try %d or more", name, v, *io.min)
		}
		*p = n
		return nil
	})
	return io
}

// parseInt reads an integer option's value as LLVM's command line does
// (getAsInteger with the radix from the prefix): strconv.ParseInt with
// base 0 also takes a leading + and digits grouped with _, which mlir-opt
// refuses.
func parseInt(v string) (int64, error) {
	if strings.HasPrefix(v, "+") || strings.Contains(v, "_") {
		return 0, strconv.ErrSyntax
	}
	return strconv.ParseInt(v, 0, 64)
}

// AtLeast refuses values below min (a byte count, a step budget).
func (io *IntOption) AtLeast(min int64) *IntOption {
	io.min = &min
	if err := io.o.parse(io.o.Default); err != nil {
		panic(fmt.Sprintf("pass: bad default of option %s: %v", io.o.Name, err))
	}
	return io
}

// Enum binds an option that takes one of values.
func (s *OptionSet) Enum(p *string, name, def string, values []string, help string) {
	s.bind(OptionSpec{Name: name, Default: def, Values: values, Help: help}, func(v string) error {
		if !slices.Contains(values, v) {
			return fmt.Errorf("for the --%s option: Cannot find option named '%s'! (expected one of: %s)", name, v, strings.Join(values, ", "))
		}
		*p = v
		return nil
	})
}

// Duration binds a non-negative duration option (500ms, 2s; 0 for none).
func (s *OptionSet) Duration(p *time.Duration, name string, def time.Duration, help string) {
	s.bind(OptionSpec{Name: name, Default: formatDuration(def), Help: help}, func(v string) error {
		d, err := time.ParseDuration(v)
		if err != nil || d < 0 {
			return fmt.Errorf("for the --%s option: '%s' value invalid for duration argument! Try a duration such as 500ms or 2s, 0 for none", name, v)
		}
		*p = d
		return nil
	})
}

// formatDuration prints a duration as an option value: 0 as "0", as it is
// written (Go's "0s" would read as a unit to type).
func formatDuration(d time.Duration) string {
	if d == 0 {
		return "0"
	}
	return d.String()
}

// set applies raw key=value options, each checked by its parser. all
// are the options the pass takes (those of s and any it forwards), which
// the error for an unknown one lists.
func (s *OptionSet) set(passName string, raw map[string]string, all []OptionSpec) error {
	// In key order, so the first error reported does not depend on map
	// iteration order.
	keys := make([]string, 0, len(raw))
	for k := range raw {
		keys = append(keys, k)
	}
	slices.Sort(keys)
	for _, k := range keys {
		o := s.lookup(k)
		if o == nil {
			if len(all) == 0 {
				return fmt.Errorf("pass '%s' takes no options, but '%s' was given", passName, k)
			}
			names := make([]string, len(all))
			for i, o := range all {
				names[i] = o.Name
				if strings.EqualFold(o.Name, k) {
					return fmt.Errorf("pass '%s' has no option '%s' (option names are case-sensitive: '%s' is one)", passName, k, o.Name)
				}
			}
			return fmt.Errorf("pass '%s' has no option '%s' (options: %s)", passName, k, strings.Join(names, ", "))
		}
		if err := o.parse(raw[k]); err != nil {
			return fmt.Errorf("pass '%s': %v", passName, err)
		}
		o.text = raw[k]
	}
	return nil
}

// specs lists the options in declaration order.
func (s *OptionSet) specs() []OptionSpec {
	out := make([]OptionSpec, len(s.opts))
	for i, o := range s.opts {
		out[i] = o.OptionSpec
	}
	return out
}

// String renders the full option set as MLIR prints it in pipelines:
// {a=1 b=x}, every option with its current value, as it was given.
func (s *OptionSet) String() string {
	if len(s.opts) == 0 {
		return ""
	}
	parts := make([]string, len(s.opts))
	for i, o := range s.opts {
		parts[i] = o.Name + "=" + quoteOptionValue(o.text)
	}
	return "{" + strings.Join(parts, " ") + "}"
}

func quoteOptionValue(v string) string {
	if v == "" || strings.ContainsAny(v, " {}") {
		return "\"" + v + "\""
	}
	return v
}
