package printer

import (
	"bufio"
	"bytes"

	"github.com/pto-opt/pto-opt/dialect/ir"
)

// A block of many functions (a large module body) is printed by parallel
// workers, each printing a run of consecutive ops into a buffer of its
// own; the buffers are written in order. Such ops are isolated from above
// and define nothing outside themselves, so their names depend only on the
// enclosing region's naming state, which the workers share read-only.

// parallelMinOps is the number of ops from which a block is printed in
// parallel; parallelRun is the number of ops one task prints.
const (
	parallelMinOps = 32
	parallelRun    = 8
)

// parallelOK reports whether the ops of b can be printed in parallel.
func (p *printer) parallelOK(b *ir.Block) bool {
	if p.serial || p.alias != nil || p.keepNames || len(b.Ops) < parallelMinOps || p.opts.workers() < 2 {
		return false
	}
	for _, op := range b.Ops {
		if !op.Has(ir.IsolatedFromAbove) || len(op.Results) != 0 || len(op.Operands) != 0 || len(op.Successors()) != 0 {
			return false
		}
	}
	return true
}

// printOpsParallel prints ops, one per line at the current indentation.
func (p *printer) printOpsParallel(ops []*ir.Operation) {
	workers := p.opts.workers()
	n := (len(ops) + parallelRun - 1) / parallelRun
	results := make([]chan *bytes.Buffer, n)
	for i := range results {
		results[i] = make(chan *bytes.Buffer, 1)
	}
	tasks := make(chan int)
	// window bounds how many printed runs wait to be written.
	window := make(chan struct{}, 2*workers)
	free := make(chan *bytes.Buffer, 2*workers+workers)
	go func() {
		for i := 0; i < n; i++ {
			window <- struct{}{}
			tasks <- i
		}
		close(tasks)
	}()
	for w := 0; w < workers; w++ {
		go func() {
			// The worker's own printer: the enclosing region's scope is
			// copied so that nothing shared is written.
			sc := *p.cur
			wp := &printer{
				opts:    p.opts,
				indent:  p.indent,
				names:   make(map[*ir.Value]vname, 256),
				blocks:  map[*ir.Block]*blockInfo{},
				regions: map[*ir.Region]*scope{},
				cur:     &sc,
				serial:  true,
				w:       bufio.NewWriterSize(nil, 16<<10),
			}
			for i := range tasks {
				var buf *bytes.Buffer
				select {
				case buf = <-free:
					buf.Reset()
				default:
					buf = new(bytes.Buffer)
				}
				wp.w.Reset(buf)
				end := min((i+1)*parallelRun, len(ops))
				for _, op := range ops[i*parallelRun : end] {
					wp.writeIndent()
					wp.printOp(op)
					wp.w.WriteByte('\n')
				}
				wp.w.Flush()
				results[i] <- buf
			}
		}()
	}
	for i := 0; i < n; i++ {
		buf := <-results[i]
		p.w.Write(buf.Bytes())
		<-window
		select {
		case free <- buf:
		default:
		}
	}
}
