package pto

import (
	"fmt"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ptoas's attributes are kept as the parser reads them (ir.RawAttr, the
// canonical text); the enums below give their values meaning where the
// verifier needs it, in either of ptoas's two spellings:
//
//	#pto.pipe<PIPE_MTE2>     (PTO_Attr style; stripped `<PIPE_MTE2>` where
//	                          an op's format names the class)
//	#pto<round_mode ROUND>   (EnumAttr style)

// Enum is one of ptoas's enumerated attributes.
type Enum struct {
	Mnemonic string
	// Bare: spelled #pto<mnemonic value>, not #pto.mnemonic<value>.
	Bare   bool
	Values []string
}

// Enums are ptoas's enumerated attributes (PTOAttrs.td), by mnemonic.
var Enums = map[string]*Enum{}

func enum(mnemonic string, bare bool, values string) {
	Enums[mnemonic] = &Enum{Mnemonic: mnemonic, Bare: bare, Values: strings.Fields(values)}
}

func init() {
	enum("address_space", false, "zero gm mat left right acc vec bias scaling")
	enum("pipe", false, "PIPE_S PIPE_V PIPE_M PIPE_MTE1 PIPE_MTE2 PIPE_MTE3 PIPE_ALL PIPE_MTE4 PIPE_MTE5 PIPE_V2 PIPE_FIX VIRTUAL_PIPE_MTE2_L1A VIRTUAL_PIPE_MTE2_L1B PIPE_NUM PIPE_UNASSIGNED")
	enum("event", false, "EVENT_ID0 EVENT_ID1 EVENT_ID2 EVENT_ID3 EVENT_ID4 EVENT_ID5 EVENT_ID6 EVENT_ID7")
	syncOps := "TLOAD TSTORE_ACC TSTORE_VEC TMOV_M2L TMOV_M2S TMOV_M2B TMOV_M2V TMOV_V2M TMATMUL TVEC TVECWAIT_EVENT"
	enum("pipe_event_type", false, syncOps)
	enum("sync_op_type", false, syncOps)
	enum("layout", false, "nd dn nz")
	enum("kernel_kind", false, "cube vector")
	enum("func_core_type", false, "AIC AIV MIX AIC_OR_AIV")
	enum("module_core_type", false, "AIC AIV MIX")
	enum("padmode", false, "PadNull PadFirstElem PadValue")
	enum("acc_to_vec_mode", false, "single_mode_vec0 single_mode_vec1 dual_mode_split_m dual_mode_split_n")
	enum("mask_pattern", false, "P0101 P1010 P0001 P0010 P0100 P1000 P1111")
	enum("blayout", false, "row_major col_major")
	enum("slayout", false, "none_box row_major col_major")
	enum("pad_value", false, "null zero max min")
	enum("compact_mode", false, "null normal row_plus_one")
	enum("cmp", true, "eq ne lt le gt ge")
	enum("round_mode", true, "NONE RINT ROUND FLOOR CEIL TRUNC ODD CAST_RINT")
	enum("saturation_mode", true, "ON OFF")
	enum("st_phase", true, "unspecified partial final")
	enum("atomic_type", true, "atomic_none atomic_add")
	enum("relu_pre_mode", true, "no_relu normal_relu")
	enum("gather_oob", true, "undefined clamp wrap zero")
	enum("scatter_atomic_op", true, "none add max min")
	enum("scatter_oob", true, "undefined skip clamp wrap")
	enum("quant_type", true, "INT8_SYM INT8_ASYM")
}

// Attr returns the attribute of enum e with value v, in its spelling.
func (e *Enum) Attr(v string) ir.Attribute {
	if e.Bare {
		return &ir.RawAttr{Text: "#pto<" + e.Mnemonic + " " + v + ">"}
	}
	return &ir.RawAttr{Text: "#pto." + e.Mnemonic + "<" + v + ">"}
}

// Value is the value of attribute a when it is of enum e (in e's
// spelling), else "" and false.
func (e *Enum) Value(a ir.Attribute) (string, bool) {
	r, ok := a.(*ir.RawAttr)
	if !ok {
		return "", false
	}
	var body string
	if e.Bare {
		rest, ok := strings.CutPrefix(r.Text, "#pto<"+e.Mnemonic+" ")
		if !ok || !strings.HasSuffix(rest, ">") {
			return "", false
		}
		body = rest[:len(rest)-1]
	} else {
		rest, ok := strings.CutPrefix(r.Text, "#pto."+e.Mnemonic+"<")
		if !ok || !strings.HasSuffix(rest, ">") {
			return "", false
		}
		body = rest[:len(rest)-1]
	}
	return strings.TrimSpace(body), true
}

// check verifies that a is an attribute of e with one of its values.
func (e *Enum) check(a ir.Attribute) error {
	v, ok := e.Value(a)
	if !ok {
		return fmt.Errorf("must be %s", e.spelling("..."))
	}
	if !slices.Contains(e.Values, v) {
		return fmt.Errorf("has no value '%s' (%s is one of %s)", v, e.spelling("..."), strings.Join(e.Values, ", "))
	}
	return nil
}

func (e *Enum) spelling(v string) string {
	if e.Bare {
		return "#pto<" + e.Mnemonic + " " + v + ">"
	}
	return "#pto." + e.Mnemonic + "<" + v + ">"
}

// EnumValue is the value of attribute a of enum mnemonic, "" when a is
// absent or another attribute.
func EnumValue(a ir.Attribute, mnemonic string) string {
	e := Enums[mnemonic]
	if e == nil || a == nil {
		return ""
	}
	v, _ := e.Value(a)
	return v
}

// checkTileBufConfig verifies a #pto.tile_buf_config<...> attribute:
// `<>` or `<key = value, ...>` with the keys blayout, slayout,
// s_fractal_size, pad and compact.
func checkTileBufConfig(a ir.Attribute) error {
	r, ok := a.(*ir.RawAttr)
	if !ok {
		return fmt.Errorf("must be #pto.tile_buf_config<...>")
	}
	body, ok := strings.CutPrefix(r.Text, "#pto.tile_buf_config<")
	if !ok || !strings.HasSuffix(body, ">") {
		return fmt.Errorf("must be #pto.tile_buf_config<...>")
	}
	body = strings.TrimSpace(body[:len(body)-1])
	if body == "" {
		return nil
	}
	for _, kv := range ir.SplitTopLevel(body) {
		k, _, ok := strings.Cut(kv, "=")
		k = strings.TrimSpace(k)
		if !ok || !slices.Contains([]string{"blayout", "slayout", "s_fractal_size", "pad", "compact"}, k) {
			return fmt.Errorf("unknown key in tile_buf_config: %s", k)
		}
	}
	return nil
}

// The attributes pto gives functions and modules, checked wherever they
// appear (ptoas reads them; pto-opt decides the target from them).
func verifyDialectAttr(op *ir.Operation, a ir.NamedAttr) error {
	switch a.Name {
	case "pto.kernel_kind":
		if err := Enums["kernel_kind"].check(a.Value); err != nil {
			return ir.Errorf(op, "attribute 'pto.kernel_kind' %v", err)
		}
	case "pto.target_arch", "pto.device-spec", "pto.auto_sync_tail_hint":
		if _, ok := a.Value.(*ir.StringAttr); !ok {
			return ir.Errorf(op, "attribute '%s' must be a string, not %s", a.Name, a.Value)
		}
	}
	return nil
}
