package pass

import (
	"runtime"
	"slices"
	"sync"
	"testing"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/parser"
)

// The artifacts of the tests: names, and a count of another type.
var (
	testNames  = NewArtifact[string]("test names")
	testCounts = NewArtifact[int]("test counts")
)

// artifactPasses returns a parallel function pass that puts each
// function's name (and 1 to testCounts), each function waiting for the
// one after it to have put its name first, so that they finish in
// reverse order, and a module pass that puts "module". wanted records
// what Wants said, and finished the order the functions put in.
func artifactPasses() (fnPass, modPass *Pass, wanted *[]bool, finished *[]string) {
	var mu sync.Mutex
	wanted, finished = &[]bool{}, &[]string{}
	var done sync.Map // function name -> true once it has put
	next := map[string]string{"a": "b", "b": "c"}
	fnPass = &Pass{
		Name: "test-artifact-functions", ClassName: "TestArtifactFunctions", Anchor: "func.func", Parallel: true,
		Run: func(ctx *Context, fn *ir.Operation) error {
			name := ir.SymbolName(fn)
			if n, ok := next[name]; ok {
				// Bounded by work: a sequential run goes on, and the
				// test sees the order it finished in.
				for k := 0; k < 10_000_000; k++ {
					if _, ok := done.Load(n); ok {
						break
					}
					runtime.Gosched()
				}
			}
			mu.Lock()
			*wanted = append(*wanted, ctx.Wants(testNames), ctx.Wants(testCounts))
			*finished = append(*finished, name)
			mu.Unlock()
			Put(ctx, testNames, name)
			Put(ctx, testCounts, 1)
			done.Store(name, true)
			return nil
		},
	}
	modPass = &Pass{
		Name: "test-artifact-module", ClassName: "TestArtifactModule", Anchor: "builtin.module",
		Run: func(ctx *Context, _ *ir.Operation) error {
			Put(ctx, testNames, "module")
			return nil
		},
	}
	return fnPass, modPass, wanted, finished
}

// runArtifacts runs the two passes on three functions with the manager
// collecting collect, twice (as for two -split-input-file chunks).
func runArtifacts(t *testing.T, collect ...AnyArtifact) (*Manager, []bool, []string) {
	t.Helper()
	fnPass, modPass, wanted, finished := artifactPasses()
	pl := NewModulePipeline()
	for _, p := range []*Pass{fnPass, modPass} {
		in, err := NewInstance(p, nil)
		if err != nil {
			t.Fatal(err)
		}
		if err := pl.Add(in); err != nil {
			t.Fatal(err)
		}
	}
	m := &Manager{Pipeline: pl, Threads: 3, Collect: collect}
	for range 2 {
		mod, err := parser.ParseString("func.func @a() { return }\nfunc.func @b() { return }\nfunc.func @c() { return }\n", parser.Options{})
		if err != nil {
			t.Fatal(err)
		}
		if _, err := m.Run(mod); err != nil {
			t.Fatal(err)
		}
	}
	return m, *wanted, *finished
}

// The values of a collected artifact reach the manager in pipeline
// order, functions in the module's order whatever order they finished
// in, over every Run; an artifact not collected is not wanted and not
// kept.
func TestArtifactsCollectedInPipelineOrder(t *testing.T) {
	m, wanted, finished := runArtifacts(t, testNames)
	if !slices.Equal(finished[:3], []string{"c", "b", "a"}) {
		t.Fatalf("the functions finished in order %v, not in reverse: the function pass did not run in parallel", finished)
	}
	want := []string{"a", "b", "c", "module", "a", "b", "c", "module"}
	if got := Values(&m.Artifacts, testNames); !slices.Equal(got, want) {
		t.Errorf("names %v, want %v", got, want)
	}
	if got := Values(&m.Artifacts, testCounts); len(got) != 0 {
		t.Errorf("counts %v kept, not collected", got)
	}
	for k := 0; k < len(wanted); k += 2 {
		if !wanted[k] || wanted[k+1] {
			t.Fatalf("Wants said %v for (names, counts), want (true, false) each time", wanted)
		}
	}
}

// Two artifacts collected together keep their own values; with none
// collected no pass is asked for any.
func TestArtifactsOfTwoKeysAndOfNone(t *testing.T) {
	m, _, _ := runArtifacts(t, testNames, testCounts)
	if got := Values(&m.Artifacts, testCounts); !slices.Equal(got, []int{1, 1, 1, 1, 1, 1}) {
		t.Errorf("counts %v", got)
	}
	if got := Values(&m.Artifacts, testNames); len(got) != 8 {
		t.Errorf("names %v", got)
	}
	m, wanted, _ := runArtifacts(t)
	if slices.Contains(wanted, true) || len(Values(&m.Artifacts, testNames)) != 0 {
		t.Errorf("nothing collected, but Wants said %v and names %v were kept", wanted, Values(&m.Artifacts, testNames))
	}
}

// The keys are told apart by identity: another key of the same name and
// type gets nothing.
func TestArtifactKeysAreIdentities(t *testing.T) {
	m, _, _ := runArtifacts(t, testNames)
	twin := NewArtifact[string]("test names")
	if twin.String() != testNames.String() || len(Values(&m.Artifacts, twin)) != 0 {
		t.Errorf("a twin key got %v", Values(&m.Artifacts, twin))
	}
}
