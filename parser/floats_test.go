package parser_test

import (
	"fmt"
	"math"
	"math/big"
	"math/rand"
	"os"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
	"github.com/pto-opt/pto-opt/printer"
)

// floatTypes are the float types pto-opt knows, with their encoding's
// width in bits.
var floatTypes = []struct {
	name  string
	width int
}{
	{"f16", 16}, {"bf16", 16}, {"f32", 32}, {"f64", 64}, {"f80", 80}, {"f128", 128}, {"tf32", 19},
	{"f8E5M2", 8}, {"f8E4M3", 8}, {"f8E3M4", 8}, {"f8E4M3FN", 8}, {"f8E5M2FNUZ", 8}, {"f8E4M3FNUZ", 8},
	{"f8E4M3B11FNUZ", 8}, {"f8E8M0FNU", 8}, {"f6E3M2FN", 6}, {"f6E2M3FN", 6}, {"f4E2M1FN", 4},
}

// floatCases is a module of float constants of every type, one attribute
// of a function per line so that a difference names its case: every bit
// pattern of the types up to 16 bits wide (tf32's when all is set), for
// the wider ones every class of value (zeros, denormals, normals at each
// end of the range, infinities, NaNs with payloads, x87's unnormals and
// pseudo-denormals) and random patterns; decimal literals near and
// between the values of each type, beyond its range and below it; in
// scalars, dense lists, splats, dense hex data read back as elements and
// kept as hex, and arrays.
func floatCases(all bool) string {
	var sb strings.Builder
	fn := 0
	line := func(attr string) {
		fmt.Fprintf(&sb, "func.func @c%d() attributes {v = %s} {\n  return\n}\n", fn, attr)
		fn++
	}
	r := rand.New(rand.NewSource(25))
	for _, ft := range floatTypes {
		pats := bitPatterns(ft.name, ft.width, all, r)
		// Scalars, in hex: the value pto-opt reads and prints is the
		// same bits whenever mlir-opt's is.
		for i := 0; i < len(pats) && i < 600 && (i < 200 || ft.width <= 64); i++ {
			line(hexLit(pats[i]) + " : " + ft.name)
		}
		for i, group := range chunks(pats, 100) {
			var lits []string
			for _, p := range group {
				lits = append(lits, hexLit(p))
			}
			list := strings.Join(lits, ", ")
			line(fmt.Sprintf("dense<[%s]> : tensor<%dx%s>", list, len(group), ft.name))
			if ft.width%8 == 0 && (i == 0 || ft.width <= 64) {
				line(fmt.Sprintf("array<%s: %s>", ft.name, list))
			}
		}
		// Hex data: decoded (100 elements or fewer), kept as hex (more),
		// a splat given as one element.
		nb := (ft.width + 7) / 8
		for _, n := range []int{3, 100, 101, 300} {
			var data strings.Builder
			for i := 0; i < n; i++ {
				p := pats[r.Intn(len(pats))]
				for b := 0; b < nb; b++ {
					fmt.Fprintf(&data, "%02X", new(big.Int).Rsh(p, uint(8*b)).Uint64()&0xFF)
				}
			}
			line(fmt.Sprintf("dense<\"0x%s\"> : tensor<%dx%s>", data.String(), n, ft.name))
		}
		for _, p := range pats[:min(len(pats), 8)] {
			line(fmt.Sprintf("dense<%s> : tensor<4x%s>", hexLit(p), ft.name))
		}
		// Decimal literals: read as a double, then rounded to the type.
		for _, group := range chunks(decimals(ft.name, r), 50) {
			list := strings.Join(group, ", ")
			line(fmt.Sprintf("dense<[%s]> : tensor<%dx%s>", list, len(group), ft.name))
			if ft.width%8 == 0 {
				line(fmt.Sprintf("array<%s: %s>", ft.name, list))
			}
			line(group[0] + " : " + ft.name)
		}
		line(fmt.Sprintf("dense<[(1.5, %s), (-0.0, %s)]> : tensor<2xcomplex<%s>>", hexLit(pats[len(pats)-1]), hexLit(pats[len(pats)/2]), ft.name))
	}
	return sb.String()
}

func hexLit(p *big.Int) string { return "0x" + strings.ToUpper(p.Text(16)) }

func chunks[T any](xs []T, n int) [][]T {
	var out [][]T
	for len(xs) > n {
		out = append(out, xs[:n])
		xs = xs[n:]
	}
	if len(xs) > 0 {
		out = append(out, xs)
	}
	return out
}

// bitPatterns are the encodings checked for a type: all of them up to 16
// bits (19 with all), else each class of value and random ones.
func bitPatterns(name string, width int, all bool, r *rand.Rand) []*big.Int {
	var out []*big.Int
	if width <= 16 || all && width <= 19 {
		for i := int64(0); i < 1<<uint(width); i++ {
			out = append(out, big.NewInt(i))
		}
		return out
	}
	man := map[string]int{"f32": 23, "f64": 52, "f80": 64, "f128": 112, "tf32": 10}[name]
	exp := width - 1 - man
	mask := func(n int) *big.Int { return new(big.Int).Sub(new(big.Int).Lsh(big.NewInt(1), uint(n)), big.NewInt(1)) }
	enc := func(sign int, e, m *big.Int) *big.Int {
		x := new(big.Int).Lsh(big.NewInt(int64(sign)), uint(width-1))
		x.Or(x, new(big.Int).Lsh(e, uint(man)))
		return x.Or(x, m)
	}
	var mants []*big.Int
	for _, m := range []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), mask(man), new(big.Int).Lsh(big.NewInt(1), uint(man-1)), new(big.Int).Add(new(big.Int).Lsh(big.NewInt(1), uint(man-1)), big.NewInt(1)), new(big.Int).Lsh(big.NewInt(1), uint(man-2))} {
		mants = append(mants, m)
		if name == "f80" {
			// With and without x87's integer bit.
			mants = append(mants, new(big.Int).Xor(m, new(big.Int).Lsh(big.NewInt(1), 63)))
		}
	}
	exps := []*big.Int{big.NewInt(0), big.NewInt(1), big.NewInt(2), mask(exp - 1), new(big.Int).Sub(mask(exp), big.NewInt(1)), mask(exp)}
	if width > 64 {
		// mlir-opt takes ~20 ms to print an x87 or quad value near the
		// least normal one.
		exps = append(exps[:1], exps[3:]...)
		mants = mants[:min(len(mants), 8)]
	}
	for _, e := range exps {
		for _, m := range mants {
			for sign := 0; sign < 2; sign++ {
				out = append(out, enc(sign, e, new(big.Int).And(m, mask(man))))
			}
		}
	}
	n := 3000
	if width > 64 {
		n = 100 // mlir-opt takes ~20 ms to print an x87 or quad denormal
	}
	if all {
		n *= 10
	}
	for i := 0; i < n; i++ {
		x := new(big.Int).Rand(r, new(big.Int).Lsh(big.NewInt(1), uint(width)))
		switch i % 4 {
		case 1: // a NaN or infinity, with a payload
			x.Or(x, new(big.Int).Lsh(mask(exp), uint(man)))
		case 2: // a denormal
			x.AndNot(x, new(big.Int).Lsh(mask(exp), uint(man)))
		}
		out = append(out, x)
	}
	return out
}

// decimals are decimal literals for a type: values of it and the points
// halfway between them written exactly, short and long decimal
// approximations, values beyond the range and below it.
func decimals(name string, r *rand.Rand) []string {
	unsigned := name == "f8E8M0FNU"
	finiteOnly := strings.HasPrefix(name, "f4") || strings.HasPrefix(name, "f6")
	maxExp := map[string]int{"f16": 15, "bf16": 127, "f32": 127, "f64": 1023, "f80": 16383, "f128": 16383, "tf32": 127,
		"f8E5M2": 15, "f8E4M3": 7, "f8E3M4": 3, "f8E4M3FN": 8, "f8E5M2FNUZ": 15, "f8E4M3FNUZ": 7, "f8E4M3B11FNUZ": 4,
		"f8E8M0FNU": 127, "f6E3M2FN": 4, "f6E2M3FN": 2, "f4E2M1FN": 2}[name]
	span := min(maxExp, 1023)
	var out []string
	add := func(v float64, prec int) {
		if unsigned && (v < 0 || math.Signbit(v)) {
			v = -v
		}
		if math.IsInf(v, 0) {
			return
		}
		s := strconv.FormatFloat(v, 'e', prec, 64)
		if !strings.Contains(s, ".") {
			s = strings.Replace(s, "e", ".0e", 1) // MLIR's float literals have a point
		}
		out = append(out, s)
	}
	for _, s := range []string{"0.0", "1.0", "1.5", "0.1", "3.0", "1.0e10", "1.0e38", "1.0e39", "1.0e300", "1.0e-5", "1.0e-40", "1.0e-310", "1.0e-400", "65504.0", "65520.0", "448.0", "464.0", "480.0", "57344.0", "61440.0", "6.0", "7.0", "7.5", "8.0", "28.0", "30.0", "32.0"} {
		out = append(out, s)
		if !unsigned {
			out = append(out, "-"+s)
		}
	}
	if !finiteOnly {
		out = append(out, "1.0e400")
		if !unsigned {
			out = append(out, "-1.0e400")
		}
	}
	for i := 0; i < 400; i++ {
		e := r.Intn(2*span+60) - span - 40
		v := math.Ldexp(1+r.Float64(), e)
		if r.Intn(2) == 0 {
			v = -v
		}
		add(v, r.Intn(20))
		// A point halfway between two values of a narrow type, exactly.
		m := math.Ldexp(float64(2*r.Intn(64)+1), e-7)
		add(m, -1)
	}
	return out
}

// ptoOptText parses and prints text as pto-opt does.
func ptoOptText(t *testing.T, text string) string {
	t.Helper()
	m, err := parser.New(parser.Options{}).Parse("floats.mlir", []byte(text))
	if err != nil {
		t.Fatalf("pto-opt rejects the float cases: %v", err)
	}
	if err := ir.Verify(m); err != nil {
		t.Fatalf("pto-opt rejects the float cases: %v", err)
	}
	return printer.String(m, printer.Options{})
}

// TestFloatsPrintAsMLIROpt compares pto-opt's printing of every kind of
// float constant of every float type with mlir-opt 22's, line by line, and
// checks that pto-opt's output reads back to itself (every float prints
// back to the same bits). pto-opt prints as mlir-opt does except where
// mlir-opt's text reads back as another value (f80 and f128 values no
// double is near, which mlir-opt's parser reads through a double): there
// pto-opt prints the bits in hex, and the test checks that mlir-opt's
// text indeed means another value. PTO_FLOATS_ALL=1 adds every tf32
// pattern and ten times the random ones.
func TestFloatsPrintAsMLIROpt(t *testing.T) {
	text := floatCases(testingAll())
	got := ptoOptText(t, text)
	if again := ptoOptText(t, got); again != got {
		t.Errorf("pto-opt's output printed twice differs:\n%s", lineDiff(again, got))
	}
	mlir := mlirOptPath(t)
	if mlir == "" {
		t.Skip("mlir-opt not found: checked that pto-opt's output reads back to itself only")
	}
	want := mlirOpt(t, mlir, "the float cases", text)
	gl, wl := strings.Split(strings.TrimRight(got, "\n"), "\n"), strings.Split(strings.TrimRight(want, "\n"), "\n")
	if len(gl) != len(wl) {
		t.Fatalf("pto-opt prints %d lines, mlir-opt %d", len(gl), len(wl))
	}
	var lossy strings.Builder
	nLossy, bad := 0, 0
	for i := range gl {
		if gl[i] == wl[i] {
			continue
		}
		gt, wt := floatToken.FindAllString(gl[i], -1), floatToken.FindAllString(wl[i], -1)
		same := floatToken.ReplaceAllString(gl[i], "#") == floatToken.ReplaceAllString(wl[i], "#")
		for j := 0; same && j < len(gt); j++ {
			if gt[j] == wt[j] {
				continue
			}
			if !strings.HasPrefix(gt[j], "0x") || strings.HasPrefix(wt[j], "0x") {
				same = false
				break
			}
			ty := typeName.FindStringSubmatch(gl[i])[1]
			fmt.Fprintf(&lossy, "func.func @l%d() attributes {m = %s : %s, p = %s : %s} {\n  return\n}\n", nLossy, wt[j], ty, gt[j], ty)
			nLossy++
		}
		if !same {
			t.Errorf("line %d differs:\npto-opt:  %s\nmlir-opt: %s", i+1, firstDiff(gl[i], wl[i]), firstDiff(wl[i], gl[i]))
			if bad++; bad > 20 {
				t.Fatal("too many differences")
			}
		}
	}
	if nLossy == 0 {
		return
	}
	m, err := parser.New(parser.Options{}).Parse("lossy.mlir", []byte(lossy.String()))
	if err != nil {
		t.Fatal(err)
	}
	for _, f := range m.Regions()[0].Blocks[0].Ops {
		mv, pv := f.Attr("m").(*ir.FloatAttr), f.Attr("p").(*ir.FloatAttr)
		if mv.Bits == pv.Bits {
			t.Errorf("pto-opt prints %s, but mlir-opt's %s reads back as the same value", pv, mv)
		}
	}
	t.Logf("%d values pto-opt prints in hex where mlir-opt's decimal text reads back as another value", nLossy)
}

// floatToken is a float literal as the printers write them; typeName is
// a float type's name.
var (
	floatToken = regexp.MustCompile(`-?0x[0-9A-F]+|-?[0-9]+\.[0-9]*(?:[eE][-+]?[0-9]+)?`)
	typeName   = regexp.MustCompile(`[x< ](f80|f128|f64|f32|tf32|bf16|f16|f8E[0-9A-Za-z]+|f6E[0-9A-Za-z]+|f4E[0-9A-Za-z]+)\b`)
)

// lineDiff lists the lines where a and b differ.
func lineDiff(a, b string) string {
	al, bl := strings.Split(a, "\n"), strings.Split(b, "\n")
	var sb strings.Builder
	n := 0
	for i := 0; i < len(al) || i < len(bl); i++ {
		var x, y string
		if i < len(al) {
			x = al[i]
		}
		if i < len(bl) {
			y = bl[i]
		}
		if x != y {
			fmt.Fprintf(&sb, "line %d:\n  %s\n  %s\n", i+1, firstDiff(x, y), firstDiff(y, x))
			if n++; n == 20 {
				break
			}
		}
	}
	return sb.String()
}

func testingAll() bool { return os.Getenv("PTO_FLOATS_ALL") == "1" }

// firstDiff is a from where it first differs from b, with some context.
func firstDiff(a, b string) string {
	i := 0
	for i < len(a) && i < len(b) && a[i] == b[i] {
		i++
	}
	from := max(0, i-60)
	to := min(len(a), i+60)
	return a[from:to]
}
