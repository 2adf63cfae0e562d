package pass

import (
	"fmt"
	"io"
	"slices"
	"sync"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/targets"
)

// Context is what a running pass sees.
type Context struct {
	Target *targets.Target
	// Out receives analysis dumps (test-print-* passes); mlir-opt writes
	// them to stderr.
	Out io.Writer

	mu    *sync.Mutex
	diags *[]*ir.Diagnostic
	stats map[string]int64
	ran   []*Pass // the passes run before this one in the pipeline
	// artifacts receives the values of the keys it collects (see Put);
	// nil when nothing is collected.
	artifacts *Artifacts
	// analyses is the analysis cache of the op the pass runs on
	// (analysis.go); nil outside a Manager.
	analyses *passAnalyses
}

// Ran reports whether p ran earlier in this pipeline. A pass whose input
// a pass before it checked (and nothing changed since) may skip checking
// it again; without a pipeline (a Context made elsewhere) it is false, so
// the check is made.
func (c *Context) Ran(p *Pass) bool { return slices.Contains(c.ran, p) }

// Emit records a diagnostic (errors fail the pass after it returns).
func (c *Context) Emit(d *ir.Diagnostic) {
	c.mu.Lock()
	*c.diags = append(*c.diags, d)
	c.mu.Unlock()
}

// Remark emits a remark at loc.
func (c *Context) Remark(loc ir.Location, format string, args ...any) {
	c.Emit(&ir.Diagnostic{Severity: ir.SevRemark, Loc: loc, Msg: fmt.Sprintf(format, args...)})
}

// Warning emits a warning at loc.
func (c *Context) Warning(loc ir.Location, format string, args ...any) {
	c.Emit(&ir.Diagnostic{Severity: ir.SevWarning, Loc: loc, Msg: fmt.Sprintf(format, args...)})
}

// Stat adds delta to a statistic.
func (c *Context) Stat(name string, delta int64) {
	c.mu.Lock()
	c.stats[name] += delta
	c.mu.Unlock()
}
