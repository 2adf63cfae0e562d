package tilegen

import (
	"fmt"
	"strings"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

var variants = []struct {
	name string
	opts Options
}{
	{"default", Options{}},
	{"big", Options{BigTiles: true}},
}

// seedsPerVariant kernels are checked per option variant (2 x 1200 in all).
const seedsPerVariant = 1200

// parseAndVerify runs the project's parser and verifier, no passes.
func parseAndVerify(p *parser.Parser, name, text string) error {
	m, err := p.Parse(name, []byte(text))
	if err == nil {
		err = ir.Verify(m)
	}
	return err
}

// TestGeneratedKernelsVerify: every kernel parses and verifies. It calls
// generate, not Generate, so that a generator panic fails the test
// instead of being hidden by the fallback kernel.
func TestGeneratedKernelsVerify(t *testing.T) {
	for _, v := range variants {
		t.Run(v.name, func(t *testing.T) {
			t.Parallel()
			p := parser.New(parser.Options{Threads: 1})
			for seed := uint64(0); seed < seedsPerVariant; seed++ {
				text, _ := generate(seed, v.opts)
				if err := parseAndVerify(p, fmt.Sprintf("seed%d.mlir", seed), text); err != nil {
					t.Fatalf("seed %d: %v\n%s", seed, err, text)
				}
			}
		})
	}
}

func TestDeterministic(t *testing.T) {
	for _, v := range variants {
		for seed := uint64(0); seed < 50; seed++ {
			a, b := Generate(seed, v.opts), Generate(seed, v.opts)
			if a != b {
				t.Fatalf("%s seed %d: two runs differ", v.name, seed)
			}
		}
	}
	if Generate(1, Options{}) == Generate(2, Options{}) {
		t.Fatal("seeds 1 and 2 give the same kernel")
	}
}

// TestOptions: the op budget and depth limits shape the output.
func TestOptions(t *testing.T) {
	p := parser.New(parser.Options{Threads: 1})
	for seed := uint64(0); seed < 100; seed++ {
		flat := Generate(seed, Options{MaxDepth: -1})
		if strings.Contains(flat, "scf.") {
			t.Fatalf("seed %d: MaxDepth -1 still has control flow:\n%s", seed, flat)
		}
		for _, o := range []Options{{MaxDepth: -1}, {MaxOps: 80, MaxDepth: 3}, {MaxOps: 4}} {
			text, _ := generate(seed, o)
			if err := parseAndVerify(p, "opts.mlir", text); err != nil {
				t.Fatalf("seed %d %+v: %v\n%s", seed, o, err, text)
			}
		}
	}
}

// TestCoverage: over a few hundred seeds every op of the tile dialect and
// every control-flow pattern the generator knows shows up.
func TestCoverage(t *testing.T) {
	seen := map[string]bool{}
	for _, v := range variants {
		for seed := uint64(0); seed < 400; seed++ {
			_, feats := generate(seed, v.opts)
			for f := range feats {
				seen[f] = true
			}
		}
	}
	want := strings.Fields(`
		op:load op:store op:create op:full op:tpop_from_aic op:matmul op:gemv
		op:add op:sub op:mul op:div op:max op:min op:and op:or op:xor
		op:adds op:subs op:muls op:divs op:maxs op:mins
		op:exp op:log op:sqrt op:abs op:neg op:relu op:not op:fillpad
		op:recip op:rsqrt op:row_sum op:row_max op:row_min op:mrgsort_format1 op:move
		op:rem op:rems op:fmod op:fmods op:transpose op:topk
		op:row_expand op:row_expand_mul op:row_expand_add op:row_expand_sub op:row_expand_div
		op:col_expand op:col_expand_mul op:col_expand_add op:col_expand_sub op:col_expand_div
		op:sel op:sels op:prelu op:cast op:reshape op:slice op:reinterpret
		op:matmul_acc op:gemv_acc
		cast-widen cast-narrow valid-region load-indexed
		view:reshape view:slice view:slice-indexed view:slice-row view:slice-mat view:reinterpret
		move:acc-vec move:vec-mat acc-reread acc-kloop acc-if acc-if-seed acc-carry-unchanged cube-preloaded
		trip0 loop-no-carry init-used-inside init-used-after dup-init nested-from-carry
		yield-rotate yield-shift yield-swap yield-dup yield-unchanged yield-other-carry yield-outer
		if-fresh if-outer if-carry if-dup if-plain pinned pinned-rewrite pinned-ping-pong hold`)
	for _, f := range want {
		if !seen[f] {
			t.Errorf("feature %s never generated", f)
		}
	}
}
