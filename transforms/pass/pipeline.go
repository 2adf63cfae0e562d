package pass

import (
	"fmt"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Pipeline is a pass pipeline anchored on an op (builtin.module or
// func.func); items are pass instances or nested pipelines.
type Pipeline struct {
	Anchor string
	Items  []*Item
}

// Item is one element of a pipeline.
type Item struct {
	Pass   *Instance
	Nested *Pipeline
}

// NewModulePipeline returns an empty builtin.module pipeline.
func NewModulePipeline() *Pipeline { return &Pipeline{Anchor: rootAnchor()} }

// rootAnchor is the op every pipeline is anchored on: the top-level op a
// parsed file's ops are in (builtin.module), which pto-opt runs on.
func rootAnchor() string {
	if top := ir.TopLevel(); top != nil {
		return top.Name
	}
	return ""
}

// nestable reports whether a pipeline may be anchored on the op named
// name: the top-level op, or an op a registered pass anchors on.
func nestable(name string) bool {
	if name == rootAnchor() {
		return true
	}
	registryMu.Lock()
	defer registryMu.Unlock()
	for _, p := range registry {
		if p.Anchor == name {
			return true
		}
	}
	return false
}

// Add appends a pass instance the way mlir-opt does for passes given as
// flags (implicit nesting): a pass anchored on another op goes into a new
// pipeline nested for that op. Adjacent nested pipelines on the same op
// are merged when the pipeline runs (see Coalesced), as MLIR's pass
// manager does, so --dump-pass-pipeline shows one nested pipeline per
// flag while execution visits every function once for all of them.
// A named pipeline adds the passes it expands to.
func (p *Pipeline) Add(in *Instance) error {
	ins, err := expand(in)
	if err != nil {
		return err
	}
	var items []*Item
	for _, x := range ins {
		items = append(items, &Item{Pass: x})
	}
	if in.Pass.Anchor == p.Anchor {
		p.Items = append(p.Items, items...)
		return nil
	}
	p.Items = append(p.Items, &Item{Nested: &Pipeline{Anchor: in.Pass.Anchor, Items: items}})
	return nil
}

// Coalesced returns a copy of the pipeline in which adjacent nested
// pipelines anchored on the same op are merged into one, recursively: the
// form the manager runs.
func (p *Pipeline) Coalesced() *Pipeline {
	out := &Pipeline{Anchor: p.Anchor}
	for _, it := range p.Items {
		if it.Pass != nil {
			out.Items = append(out.Items, &Item{Pass: it.Pass})
			continue
		}
		if n := len(out.Items); n > 0 && out.Items[n-1].Nested != nil && out.Items[n-1].Nested.Anchor == it.Nested.Anchor {
			prev := out.Items[n-1].Nested
			out.Items[n-1] = &Item{Nested: (&Pipeline{Anchor: prev.Anchor, Items: append(append([]*Item(nil), prev.Items...), it.Nested.Items...)}).Coalesced()}
			continue
		}
		out.Items = append(out.Items, &Item{Nested: it.Nested.Coalesced()})
	}
	return out
}

// Flatten lists the passes in execution order.
func (p *Pipeline) Flatten() []*Pass {
	var out []*Pass
	for _, it := range p.Items {
		if it.Pass != nil {
			out = append(out, it.Pass.Pass)
		} else {
			out = append(out, it.Nested.Flatten()...)
		}
	}
	return out
}

// String prints the pipeline in textual form, one line, as accepted by
// --pass-pipeline.
func (p *Pipeline) String() string {
	parts := make([]string, len(p.Items))
	for i, it := range p.Items {
		if it.Pass != nil {
			parts[i] = it.Pass.Pass.Name + it.Pass.OptionString()
		} else {
			parts[i] = it.Nested.String()
		}
	}
	return p.Anchor + "(" + strings.Join(parts, ",") + ")"
}

// Dump prints the pipeline the way mlir-opt's --dump-pass-pipeline does.
func (p *Pipeline) Dump() string {
	var sb strings.Builder
	// Like MLIR, the count is of the top-level entries (a nested pipeline
	// counts as one).
	fmt.Fprintf(&sb, "Pass Manager with %d passes:\n", len(p.Items))
	p.dump(&sb, 0)
	sb.WriteString("\n\n")
	return sb.String()
}

func (p *Pipeline) dump(sb *strings.Builder, indent int) {
	pad := strings.Repeat("  ", indent)
	sb.WriteString(p.Anchor + "(\n")
	if len(p.Items) == 0 {
		sb.WriteString("\n") // as MLIR prints an empty pipeline
	}
	for i, it := range p.Items {
		sb.WriteString(pad + "  ")
		if it.Pass != nil {
			sb.WriteString(it.Pass.Pass.Name + it.Pass.OptionString())
		} else {
			it.Nested.dump(sb, indent+1)
		}
		if i < len(p.Items)-1 {
			sb.WriteString(",")
		}
		sb.WriteString("\n")
	}
	sb.WriteString(pad + ")")
}

// ParsePipeline reads `builtin.module(func.func(p1{k=v},p2),p3)`. As in
// mlir-opt, the pipeline must be anchored on builtin.module (the op pto-opt
// runs on); an empty text is the empty pipeline.
func ParsePipeline(text string) (*Pipeline, error) {
	pp := &pipelineParser{s: text}
	pp.skipSpace()
	if pp.i == len(pp.s) {
		return NewModulePipeline(), nil
	}
	name := pp.ident()
	pp.skipSpace()
	if root := rootAnchor(); name != root || pp.peek() != '(' {
		pp.i = 0
		pp.skipSpace()
		hint := ""
		if name != root && nestable(name) {
			hint = fmt.Sprintf(" (a %s pipeline nests in it: %s(%s(...)))", name, root, name)
		}
		return nil, pp.errorf("expected pass pipeline to be wrapped with the anchor operation type, e.g. '%s(...)'%s", root, hint)
	}
	root, err := pp.nested(name)
	if err != nil {
		return nil, err
	}
	pp.skipSpace()
	if pp.i != len(pp.s) {
		return nil, pp.errorf("unexpected '%c' after the pipeline", pp.s[pp.i])
	}
	return root, nil
}

type pipelineParser struct {
	s string
	i int
}

func (pp *pipelineParser) errorf(format string, args ...any) error {
	return fmt.Errorf("invalid pass pipeline at column %d: %s\n  %s\n  %s^", pp.i+1, fmt.Sprintf(format, args...), pp.s, strings.Repeat(" ", pp.i))
}

func (pp *pipelineParser) skipSpace() {
	for pp.i < len(pp.s) && (pp.s[pp.i] == ' ' || pp.s[pp.i] == '\t' || pp.s[pp.i] == '\n') {
		pp.i++
	}
}

func (pp *pipelineParser) peek() byte {
	if pp.i < len(pp.s) {
		return pp.s[pp.i]
	}
	return 0
}

func (pp *pipelineParser) ident() string {
	start := pp.i
	for pp.i < len(pp.s) {
		c := pp.s[pp.i]
		if c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '-' || c == '_' || c == '.' {
			pp.i++
			continue
		}
		break
	}
	return pp.s[start:pp.i]
}

// nested parses `( items )` after an anchor name.
func (pp *pipelineParser) nested(anchor string) (*Pipeline, error) {
	p := &Pipeline{Anchor: anchor}
	pp.i++ // (
	if err := pp.items(p); err != nil {
		return nil, err
	}
	pp.skipSpace()
	if pp.peek() != ')' {
		return nil, pp.errorf("expected ')' to close the %s pipeline", anchor)
	}
	pp.i++
	return p, nil
}

func (pp *pipelineParser) items(p *Pipeline) error {
	for first := true; ; first = false {
		pp.skipSpace()
		if first && (pp.peek() == ')' || pp.i >= len(pp.s)) {
			return nil
		}
		start := pp.i
		name := pp.ident()
		if name == "" {
			return pp.errorf("expected a pass or an anchored pipeline")
		}
		pp.skipSpace()
		switch {
		case pp.peek() == '(':
			if !nestable(name) {
				pp.i = start
				return pp.errorf("'%s' is not an op pto-opt can nest a pipeline on (use func.func)", name)
			}
			inner, err := pp.nested(name)
			if err != nil {
				return err
			}
			p.Items = append(p.Items, &Item{Nested: inner})
		default:
			entry := Lookup(name)
			if entry == nil {
				pp.i = start
				return pp.errorf("'%s' does not refer to a registered pass or pass pipeline", name)
			}
			raw := map[string]string{}
			if pp.peek() == '{' {
				end := matchingBrace(pp.s, pp.i)
				if end < 0 {
					return pp.errorf("unbalanced '{' in the options of '%s'", name)
				}
				var err error
				raw, err = ParseOptionString(pp.s[pp.i+1 : end])
				if err != nil {
					return fmt.Errorf("options of '%s': %v", name, err)
				}
				pp.i = end + 1
			}
			in, err := NewInstance(entry, raw)
			if err != nil {
				return err
			}
			if entry.Anchor != p.Anchor {
				pp.i = start
				return pp.errorf("can't add pass '%s' restricted to '%s' on a pass manager intended to run on '%s', did you intend to nest?", name, entry.Anchor, p.Anchor)
			}
			ins, err := expand(in)
			if err != nil {
				return err
			}
			for _, x := range ins {
				p.Items = append(p.Items, &Item{Pass: x})
			}
		}
		pp.skipSpace()
		if pp.peek() == ',' {
			pp.i++
			continue
		}
		return nil
	}
}

func matchingBrace(s string, i int) int {
	depth := 0
	for j := i; j < len(s); j++ {
		switch s[j] {
		case '{':
			depth++
		case '}':
			depth--
			if depth == 0 {
				return j
			}
		case '"':
			for j++; j < len(s) && s[j] != '"'; j++ {
			}
		}
	}
	return -1
}

// ParseOptionString splits `k=v k2="a b" k3={x y} flag` into a map; a bare
// key means "true".
func ParseOptionString(s string) (map[string]string, error) {
	out := map[string]string{}
	i := 0
	for {
		for i < len(s) && (s[i] == ' ' || s[i] == '\t' || s[i] == ',') {
			i++
		}
		if i >= len(s) {
			return out, nil
		}
		start := i
		for i < len(s) && s[i] != '=' && s[i] != ' ' {
			i++
		}
		key := s[start:i]
		if key == "" {
			return nil, fmt.Errorf("expected an option name in %q", s)
		}
		if i >= len(s) || s[i] != '=' {
			if _, dup := out[key]; dup {
				return nil, fmt.Errorf("option '%s' given twice", key)
			}
			out[key] = "true"
			continue
		}
		i++
		var val string
		switch {
		case i < len(s) && (s[i] == '"' || s[i] == '\''):
			q := s[i]
			end := strings.IndexByte(s[i+1:], q)
			if end < 0 {
				return nil, fmt.Errorf("unterminated quote in the value of %s", key)
			}
			val = s[i+1 : i+1+end]
			i += end + 2
		case i < len(s) && s[i] == '{':
			end := matchingBrace(s, i)
			if end < 0 {
				return nil, fmt.Errorf("unbalanced '{' in the value of %s", key)
			}
			val = s[i+1 : end]
			i = end + 1
		default:
			vs := i
			for i < len(s) && s[i] != ' ' {
				i++
			}
			val = s[vs:i]
		}
		if _, dup := out[key]; dup {
			return nil, fmt.Errorf("option '%s' given twice", key)
		}
		out[key] = val
	}
}
