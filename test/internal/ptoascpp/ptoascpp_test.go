package ptoascpp

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
)

// kernel is a small C++ text in the shape ptoas writes: a planned vec
// tile pair, a global tensor with heap-address names, a loop with labels.
// Each case below edits it.
const kernel = `__global__ AICORE void k(__gm__ float* v1, __gm__ float* v2) {
  const int32_t v3 = 16;
  const int64_t v4 = 0;
  const int64_t v5 = 4096;
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> v6;
  TASSIGN(v6, v4);
  Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> v7;
  TASSIGN(v7, v5);
  using GTShape_94000000000016 = pto::Shape<1, 1, 1, 16, 16>;
  using GTStride_94000000000016 = pto::Stride<256, 256, 256, 16, 1>;
  constexpr pto::Layout GT_94000000000016_layout = pto::Layout::ND;
  GTShape_94000000000016 v8 = GTShape_94000000000016();
  GTStride_94000000000016 v9 = GTStride_94000000000016();
  using GT_94000000000016 = GlobalTensor<float, GTShape_94000000000016, GTStride_94000000000016, GT_94000000000016_layout>;
  GT_94000000000016 v10 = GT_94000000000016(v1, v8, v9);
  TLOAD(v6, v10);
  goto label1;
label1:
  TADD(v7, v6, v6);
  TSTORE(v10, v7);
  return;
}
`

// edit replaces old by new in kernel, each pair once; a pair that does not
// match is a mistake in the test.
func edit(t *testing.T, pairs ...string) string {
	t.Helper()
	s := kernel
	for i := 0; i+1 < len(pairs); i += 2 {
		if !strings.Contains(s, pairs[i]) {
			t.Fatalf("edit: %q is not in the kernel", pairs[i])
		}
		s = strings.Replace(s, pairs[i], pairs[i+1], 1)
	}
	return s
}

// renumber renames every vN to v(N+by), as when a constant more comes
// before them.
func renumber(s string, by int) string {
	return regexp.MustCompile(`\bv([0-9]+)\b`).ReplaceAllStringFunc(s, func(v string) string {
		n, _ := strconv.Atoi(v[1:])
		return "v" + strconv.Itoa(n+by)
	})
}

// loopOnV4 adds a use of v4 other than an address: a loop bound.
const loopOnV4 = "  for (int64_t v20 = v4; v20 < v4; v20 += 1) {}\n  return;"

// pointerAddrs are two addresses computed from pointers.
const pointerAddrs = "  uint64_t v11 = reinterpret_cast<uint64_t>(v1);\n  uint64_t v12 = reinterpret_cast<uint64_t>(v2);\n"

// pair is two texts and what they show.
type pair struct {
	what string
	o    Options
	a, b string
}

var level2 = Options{PlannedAddresses: true}

// TestNormaliseEqual: texts that differ only in what ptoas changes from
// run to run, or in its generated names, have one canonical form.
func TestNormaliseEqual(t *testing.T) {
	for _, p := range []pair{
		{"the same text", Options{}, kernel, kernel},
		{"another heap address in the global tensor's names", Options{}, kernel,
			strings.ReplaceAll(kernel, "94000000000016", "93111111111104")},
		{"values numbered from another start", Options{}, kernel, renumber(kernel, 3)},
		{"another label number", Options{}, kernel, strings.ReplaceAll(kernel, "label1", "label7")},
		{"level2: the planner swapped the two addresses", level2, kernel,
			edit(t, "v4 = 0;", "v4 = 4096;", "v5 = 4096;", "v5 = 0;")},
		{"level2: both tiles bound to one address constant, the other gone", level2, kernel,
			edit(t, "  const int64_t v5 = 4096;\n", "", "TASSIGN(v7, v5)", "TASSIGN(v7, v4)")},
		{"level2: an address constant with another use keeps its line, the new address constant goes", level2,
			edit(t, "  return;", loopOnV4),
			edit(t, "  return;", loopOnV4, "v5 = 4096;\n", "v5 = 4096;\n  const int64_t v11 = 8192;\n", "TASSIGN(v6, v4)", "TASSIGN(v6, v11)")},
	} {
		t.Run(p.what, func(t *testing.T) {
			if d, differ := FirstDifference(Normalise(p.a, p.o), Normalise(p.b, p.o)); differ {
				t.Errorf("canonical forms differ:\n%s", d.Format("a", "b"))
			}
		})
	}
}

// TestNormaliseDifferent: texts that differ in what the program means
// keep different canonical forms, and the first difference is the line
// that changed.
func TestNormaliseDifferent(t *testing.T) {
	for _, c := range []struct {
		pair
		line int // the line of a where they first differ
	}{
		{pair{"a literal that is not an address", level2, kernel, edit(t, "v3 = 16;", "v3 = 32;")}, 2},
		{pair{"a tile's shape", level2, kernel, edit(t, "float, 16, 16, BLayout::RowMajor", "float, 16, 8, BLayout::RowMajor")}, 5},
		{pair{"swapped operands", Options{}, edit(t, "TADD(v7, v6, v6)", "TSUB(v7, v6, v7)"), edit(t, "TADD(v7, v6, v6)", "TSUB(v7, v7, v6)")}, 19},
		{pair{"one value used in place of another", Options{}, kernel, edit(t, "TSTORE(v10, v7)", "TSTORE(v10, v6)")}, 20},
		{pair{"another tile bound to an address", level2, kernel, edit(t, "TASSIGN(v7, v5)", "TASSIGN(v6, v5)")}, 8},
		{pair{"two global tensors' names made one (heap names are renamed one to one)", Options{},
			kernel + strings.ReplaceAll(kernel, "94000000000016", "94000000000032"),
			kernel + kernel}, 31},
		{pair{"labels renamed not one to one", Options{}, edit(t, "goto label1;", "goto label2;\nlabel2:"), edit(t, "goto label1;", "goto label1;\nlabel2:")}, 18},
		{pair{"level3: addresses are the program's", Options{}, kernel, edit(t, "v4 = 0;", "v4 = 4096;", "v5 = 4096;", "v5 = 0;")}, 3},
		{pair{"level2: an address constant's other use sees another value", level2,
			edit(t, "  return;", loopOnV4), edit(t, "  return;", loopOnV4, "v4 = 0;", "v4 = 64;")}, 3},
		{pair{"level2: a tile bound to a pointer instead of a planned address", level2, kernel,
			edit(t, "  const int64_t v5 = 4096;\n", "", "TASSIGN(v7, v5)", "TASSIGN(v7, reinterpret_cast<uint64_t>(v2))")}, 8},
		{pair{"level2: a tile bound to a 32-bit constant is not a planned address", level2,
			edit(t, "TASSIGN(v7, v5)", "TASSIGN(v7, v3)"), edit(t, "TASSIGN(v7, v5)", "TASSIGN(v7, v3)", "v3 = 16;", "v3 = 48;")}, 2},
		{pair{"level2: a tile bound to another computed address", level2,
			edit(t, "  const int64_t v5 = 4096;\n", pointerAddrs, "TASSIGN(v7, v5)", "TASSIGN(v7, v11)"),
			edit(t, "  const int64_t v5 = 4096;\n", pointerAddrs, "TASSIGN(v7, v5)", "TASSIGN(v7, v12)")}, 9},
		{pair{"a line more", Options{}, kernel, edit(t, "  return;", "  pipe_barrier(PIPE_ALL);\n  return;")}, 21},
		{pair{"a line less at the end", Options{}, kernel + "// end\n", kernel}, 23},
		{pair{"indentation", Options{}, kernel, edit(t, "  TLOAD(v6, v10);", "    TLOAD(v6, v10);")}, 16},
	} {
		t.Run(c.what, func(t *testing.T) {
			d, differ := FirstDifference(Normalise(c.a, c.o), Normalise(c.b, c.o))
			if !differ {
				t.Fatal("canonical forms are equal")
			}
			if d.A == nil || d.A.N != c.line {
				t.Errorf("first difference:\n%s\nwant it at line %d of a", d.Format("a", "b"), c.line)
			}
		})
	}
}

// TestNormaliseCanonicalForm shows the canonical form itself: what rule 1
// drops and what rules 2 and 3 name.
func TestNormaliseCanonicalForm(t *testing.T) {
	var got []string
	for _, l := range Normalise(kernel, level2)[:12] {
		got = append(got, strconv.Itoa(l.N)+": "+l.Text)
	}
	want := []string{
		"1: __global__ AICORE void k(__gm__ float* v#1, __gm__ float* v#2) {",
		"2:   const int32_t v#3 = 16;",
		"5:   Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> v#4;",
		"6:   TASSIGN(v#4, #addr);",
		"7:   Tile<TileType::Vec, float, 16, 16, BLayout::RowMajor, 16, 16, SLayout::NoneBox, 512, PadValue::Null, CompactMode::Null> v#5;",
		"8:   TASSIGN(v#5, #addr);",
		"9:   using GTShape_#p1 = pto::Shape<1, 1, 1, 16, 16>;",
		"10:   using GTStride_#p1 = pto::Stride<256, 256, 256, 16, 1>;",
		"11:   constexpr pto::Layout GT_#p1_layout = pto::Layout::ND;",
		"12:   GTShape_#p1 v#6 = GTShape_#p1();",
		"13:   GTStride_#p1 v#7 = GTStride_#p1();",
		"14:   using GT_#p1 = GlobalTensor<float, GTShape_#p1, GTStride_#p1, GT_#p1_layout>;",
	}
	if strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("canonical form:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

// TestDifferenceFormat: a reported difference names both texts' lines as
// ptoas wrote them, with the canonical form beside a renamed line.
func TestDifferenceFormat(t *testing.T) {
	d, _ := FirstDifference(Normalise(kernel, Options{}), Normalise(edit(t, "TSTORE(v10, v7)", "TSTORE(v10, v6)"), Options{}))
	want := "original line 20: TSTORE(v10, v7);    [canonical: TSTORE(v#10, v#7);]\n" +
		"pto-opt line 20: TSTORE(v10, v6);    [canonical: TSTORE(v#10, v#6);]"
	if got := d.Format("original", "pto-opt"); got != want {
		t.Errorf("got:\n%s\nwant:\n%s", got, want)
	}
	d, _ = FirstDifference(Normalise(kernel, Options{}), Normalise(kernel+"}\n", Options{}))
	if got := d.Format("original", "pto-opt"); got != "original: (ends here)\npto-opt line 23: }" {
		t.Errorf("got:\n%s", got)
	}
}
