package parser

import (
	"strings"
	"testing"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// Hex data of more than denseHexThreshold elements, of any element width
// of whole bytes, is printed back as its own text (upper-cased) without
// being decoded: the fast path, whose size check once miscounted the
// digits per element and sent every literal through the decoder.
func TestHexAsHexKeepsText(t *testing.T) {
	for _, c := range []struct {
		elem  ir.Type
		bytes int
	}{
		{ir.I8, 1}, {ir.IntType(12), 2}, {ir.I32, 4}, {ir.I64, 8},
		{ir.F32, 4}, {ir.F64, 8}, {ir.Complex(ir.F32), 8},
	} {
		const n = 128
		var digits strings.Builder
		for i := 0; i < n*c.bytes; i++ {
			digits.WriteString([]string{"0a", "1B", "c2", "3d", "e4", "5F", "60"}[i%7]) // no splat
		}
		x := &denseItem{tok: lexer.Token{Type: tString, Value: `"0x` + digits.String() + `"`}}
		lit, ok, err := hexAsHex(x, c.elem, n, nil)
		if err != nil || !ok {
			t.Errorf("%s: hexAsHex gave ok=%v err=%v, want the text back", c.elem, ok, err)
			continue
		}
		if want := `"0x` + strings.ToUpper(digits.String()) + `"`; lit != want {
			t.Errorf("%s: got %.40s..., want %.40s...", c.elem, lit, want)
		}
	}
}
