package arith_test

import (
	"fmt"
	"math"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	_ "github.com/pto-opt/pto-opt/dialect/all"
	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

type intEvaluator interface {
	EvalInt(op *ir.Operation, operands []int64) (int64, bool)
}

// evalCase is one op applied to constants: the text of the function
// @name computing it, and the operands as EvalInt takes them.
type evalCase struct {
	name, text, op string
	args           []int64
}

// interesting are the operand values tried at each width: around zero,
// the extremes, and shift amounts around the width.
func interesting(w int) []int64 {
	lo, hi := int64(math.MinInt64)>>(64-w), int64(math.MaxInt64)>>(64-w)
	return []int64{0, 1, -1, 2, -3, 7, hi, lo, hi - 1, lo + 1, int64(w - 1), int64(w), int64(w + 1)}
}

var evalTypes = []struct {
	name  string
	width int
}{{"i8", 8}, {"i32", 32}, {"i64", 64}, {"index", 64}}

// evalCases are every integer op of arith with an integer meaning on the
// interesting values of each width: binary ops and comparisons on every
// pair, casts between widths, select.
func evalCases() []evalCase {
	var out []evalCase
	add := func(args []int64, body string, types ...string) {
		name := fmt.Sprintf("f%d", len(out))
		var sb strings.Builder
		fmt.Fprintf(&sb, "func.func @%s() -> %s {\n", name, types[len(types)-1])
		for i, a := range args {
			fmt.Fprintf(&sb, "  %%a%d = arith.constant %s\n", i, literal(a, types[i]))
		}
		fmt.Fprintf(&sb, "  %%r = %s\n  return %%r : %s\n}\n", body, types[len(types)-1])
		out = append(out, evalCase{name: name, text: sb.String(), op: body, args: args})
	}
	binaries := []string{"addi", "subi", "muli", "divsi", "divui", "ceildivsi", "ceildivui", "floordivsi", "remsi", "remui",
		"andi", "ori", "xori", "maxsi", "maxui", "minsi", "minui", "shli", "shrsi", "shrui"}
	preds := []string{"eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"}
	for _, t := range evalTypes {
		vals := interesting(t.width)
		for _, a := range vals {
			for _, b := range vals {
				for _, op := range binaries {
					add([]int64{a, b}, fmt.Sprintf("arith.%s %%a0, %%a1 : %s", op, t.name), t.name, t.name, t.name)
				}
				for _, p := range preds {
					add([]int64{a, b}, fmt.Sprintf("arith.cmpi %s, %%a0, %%a1 : %s", p, t.name), t.name, t.name, "i1")
				}
				add([]int64{-1, a, b}, fmt.Sprintf("arith.select %%a0, %%a1, %%a2 : %s", t.name), "i1", t.name, t.name, t.name)
				add([]int64{0, a, b}, fmt.Sprintf("arith.select %%a0, %%a1, %%a2 : %s", t.name), "i1", t.name, t.name, t.name)
			}
		}
	}
	casts := []struct{ op, from, to string }{
		{"extsi", "i8", "i32"}, {"extui", "i8", "i32"}, {"extsi", "i32", "i64"}, {"extui", "i32", "i64"},
		{"trunci", "i64", "i8"}, {"trunci", "i32", "i8"}, {"index_cast", "i32", "index"}, {"index_cast", "index", "i8"},
		{"index_castui", "i8", "index"}, {"index_castui", "index", "i32"}, {"extui", "i1", "i8"}, {"extsi", "i1", "i8"},
	}
	for _, c := range casts {
		w := 64
		if c.from != "index" {
			fmt.Sscanf(c.from, "i%d", &w)
		}
		for _, a := range interesting(w) {
			add([]int64{a}, fmt.Sprintf("arith.%s %%a0 : %s to %s", c.op, c.from, c.to), c.from, c.to)
		}
	}
	return out
}

// literal is the attribute of value v and type t.
func literal(v int64, t string) string {
	if t == "i1" {
		return fmt.Sprint(v&1 != 0)
	}
	return fmt.Sprintf("%d : %s", v, t)
}

// results maps each function of m to the op computing its result.
func results(m *ir.Operation) map[string]*ir.Operation {
	out := map[string]*ir.Operation{}
	for _, f := range m.Body(0).Ops {
		if name, ok := f.StrAttrValue("sym_name"); ok {
			out[name] = f.Body(0).Terminator().Operands[0].Op
		}
	}
	return out
}

// evaluate is what EvalInt says of op on the case's operands.
func evaluate(t *testing.T, op *ir.Operation, c evalCase) (int64, bool) {
	t.Helper()
	ev, ok := ir.InterfaceOf[intEvaluator](op)
	if !ok {
		t.Fatalf("%s has no integer semantics", op.Name)
	}
	return ev.EvalInt(op, c.args)
}

func width(t ir.Type) int {
	if it, ok := t.(*ir.IntegerType); ok {
		return it.Width
	}
	return 64
}

// TestEvalIntAgainstMLIR: where mlir-opt's folders give an op on
// constants a value, EvalInt gives the same; where MLIR leaves the result
// undefined (undefined), EvalInt gives none. (The folders leave some
// defined results unfolded too: ceildivsi of the most negative value.)
func TestEvalIntAgainstMLIR(t *testing.T) {
	opt := mlirOpt(t)
	cases := evalCases()
	var src strings.Builder
	for _, c := range cases {
		src.WriteString(c.text)
	}
	in := filepath.Join(t.TempDir(), "eval.mlir")
	if err := os.WriteFile(in, []byte(src.String()), 0o644); err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(opt, "--canonicalize", in)
	var stderr strings.Builder
	cmd.Stderr = &stderr
	text, err := cmd.Output()
	if err != nil {
		t.Fatalf("mlir-opt --canonicalize: %v\n%.2000s", err, stderr.String())
	}
	folded, err := parser.ParseString(string(text), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	m, err := parser.ParseString(src.String(), parser.Options{})
	if err != nil {
		t.Fatal(err)
	}
	ops, want := results(m), results(folded)
	bad, compared := 0, 0
	for _, c := range cases {
		op := ops[c.name]
		got, ok := evaluate(t, op, c)
		w := width(op.Results[0].Type)
		var problem string
		if a, isInt := want[c.name].Attr("value").(*ir.IntegerAttr); want[c.name].Name == "arith.constant" && isInt {
			compared++
			if v := a.Value << (64 - w) >> (64 - w); !ok || got != v {
				problem = fmt.Sprintf("mlir-opt folds it to %d", v)
			}
		}
		if undefined(op, c.args) && ok {
			problem = "its result is undefined"
		}
		for i, v := range op.Operands {
			if k, ok := evaluate(t, v.Op, evalCase{}); !ok || k != c.args[i]<<(64-width(v.Type))>>(64-width(v.Type)) {
				problem = fmt.Sprintf("its operand #%d, %s, evaluates to %d (ok %v)", i, ir.Describe(v.Op), k, ok)
			}
		}
		if problem != "" {
			if bad++; bad <= 20 {
				t.Errorf("%s on %v: EvalInt gives %d (ok %v), but %s", c.op, c.args, got, ok, problem)
			}
		}
	}
	if bad > 20 {
		t.Errorf("... %d cases in all are wrong", bad)
	}
	if compared < len(cases)*3/4 {
		t.Errorf("mlir-opt folded only %d of %d cases", compared, len(cases))
	}
}

// undefined reports whether MLIR's arith leaves the result of op on a
// undefined (or poison): a division or remainder by zero, a signed
// division of the most negative value by -1, a shift by the width or
// more.
func undefined(op *ir.Operation, a []int64) bool {
	if len(a) != 2 {
		return false
	}
	w := width(op.Operands[0].Type)
	lo := int64(math.MinInt64) >> (64 - w)
	ub := uint64(a[1]) << (64 - w) >> (64 - w)
	switch strings.TrimPrefix(op.Name, "arith.") {
	case "divsi", "ceildivsi", "floordivsi":
		return a[1] == 0 || (a[0] == lo && a[1] == -1)
	case "divui", "ceildivui", "remsi", "remui":
		return a[1] == 0
	case "shli", "shrsi", "shrui":
		return ub >= uint64(w)
	}
	return false
}

// mlirOpt finds mlir-opt (PTO_LLVM_BIN, PATH, /usr/lib/llvm-22/bin); the
// test skips without it, and fails instead under PTO_REQUIRE_LLVM=1.
func mlirOpt(t *testing.T) string {
	t.Helper()
	if dir := os.Getenv("PTO_LLVM_BIN"); dir != "" {
		return filepath.Join(dir, "mlir-opt")
	}
	if p, err := exec.LookPath("mlir-opt"); err == nil {
		return p
	}
	p := "/usr/lib/llvm-22/bin/mlir-opt"
	if _, err := os.Stat(p); err != nil {
		if os.Getenv("PTO_REQUIRE_LLVM") == "1" {
			t.Fatalf("PTO_REQUIRE_LLVM=1 but mlir-opt is not found (set PTO_LLVM_BIN)")
		}
		t.Skip("skipping: mlir-opt not found (set PTO_LLVM_BIN)")
	}
	return p
}

// TestEvalIntUndefined: the results MLIR leaves undefined have no value,
// whatever mlir-opt's folders do.
func TestEvalIntUndefined(t *testing.T) {
	for _, c := range []struct {
		src  string
		args []int64
	}{
		{"arith.divsi %a0, %a1 : i8", []int64{5, 0}},
		{"arith.divsi %a0, %a1 : i8", []int64{-128, -1}},
		{"arith.divui %a0, %a1 : i32", []int64{5, 0}},
		{"arith.remui %a0, %a1 : i32", []int64{5, 0}},
		{"arith.ceildivsi %a0, %a1 : i64", []int64{math.MinInt64, -1}},
		{"arith.floordivsi %a0, %a1 : index", []int64{math.MinInt64, -1}},
		{"arith.shli %a0, %a1 : i8", []int64{1, 8}},
		{"arith.shrui %a0, %a1 : i8", []int64{1, -1}},
	} {
		types := "i8"
		if i := strings.LastIndex(c.src, ": "); i >= 0 {
			types = c.src[i+2:]
		}
		text := fmt.Sprintf("func.func @f0() -> %[1]s {\n  %%a0 = arith.constant %[2]d : %[1]s\n  %%a1 = arith.constant %[3]d : %[1]s\n  %%r = %[4]s\n  return %%r : %[1]s\n}\n", types, c.args[0], c.args[1], c.src)
		m, err := parser.ParseString(text, parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if got, ok := evaluate(t, results(m)["f0"], evalCase{args: c.args}); ok {
			t.Errorf("%s on %v: EvalInt gives %d, want no value", c.src, c.args, got)
		}
	}
}
