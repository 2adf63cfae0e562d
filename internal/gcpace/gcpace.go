// Package gcpace paces the garbage collector for a command that reads
// one input into a structure it keeps whole (the IR of a file), works on
// it and exits, as pto-opt does.
//
// Go's default (GOGC=100) collects first at a 4 MB heap and then each
// time the heap doubles: reading a 5 MB file costs half a dozen
// collections, most of them while nearly everything allocated is still
// live, and at the end the heap may hold twice what is live. Start
// instead collects first when the heap reaches floor (a small input is
// never collected), and then when the garbage made since the last
// collection is likely to reach a budget, a fraction of what is live:
// the share of the last cycle's allocation that died tells how much of
// the next allocation will. While a large input is read nearly all that
// is allocated stays live, collections would find little to free, and
// the heap may grow by several times the budget before the next one;
// where most of it dies (a pass making temporaries) the collector runs
// as often as the budget asks. Either way the peak stays near what is
// live plus the budget, and no cycle marks the whole heap to free a few
// bytes of it.
package gcpace

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Start paces the collector as the package comment says, unless the
// environment sets GOGC or GOMEMLIMIT (whose settings are left as the
// runtime read them): the first collection at a heap of floor bytes, then
// a garbage budget of max(floor/4, live*budget) per cycle, the heap never
// allowed to grow by more than maxGrowth times what is live. It is meant
// for a command's main, called once.
func Start(floor uint64, budget, maxGrowth float64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" || floor == 0 {
		return
	}
	p := &pacer{floor: floor, budget: budget, maxGrowth: maxGrowth}
	p.sample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}, {Name: "/gc/heap/allocs:bytes"}}
	// The first goal is 4 MB scaled by GOGC.
	debug.SetGCPercent(percent(floor, 4<<20))
	p.arm()
}

type pacer struct {
	floor             uint64
	budget, maxGrowth float64
	sample            []metrics.Sample
	// live and allocated (in all) after the previous collection.
	live, allocs uint64
}

// arm asks to be called after the next collection: the finalizer of an
// unreachable object runs once a cycle has found it dead.
func (p *pacer) arm() {
	runtime.SetFinalizer(&sentinel{p}, (*sentinel).collected)
}

type sentinel struct{ p *pacer }

func (s *sentinel) collected() {
	p := s.p
	metrics.Read(p.sample)
	if p.sample[0].Value.Kind() == metrics.KindUint64 && p.sample[1].Value.Kind() == metrics.KindUint64 {
		live, allocs := p.sample[0].Value.Uint64(), p.sample[1].Value.Uint64()
		allow := p.allowance(live, allocs)
		p.live, p.allocs = live, allocs
		debug.SetGCPercent(percent(allow, max(live, 1<<20)))
	}
	p.arm()
}

// allowance is the new allocation the next cycle may make, after a
// collection found live bytes live with allocs allocated in all: the
// garbage budget over the share of the last cycle's allocation that died.
func (p *pacer) allowance(live, allocs uint64) uint64 {
	budget := max(float64(p.floor)/4, float64(live)*p.budget)
	dead := 1.0
	if made := float64(allocs - p.allocs); made > 0 && allocs > p.allocs {
		kept := float64(live) - float64(p.live) // may be negative: more died than was made
		dead = min(1, max(minDead, 1-kept/made))
	}
	allow := budget / dead
	return uint64(min(allow, max(budget, float64(live)*p.maxGrowth)))
}

// minDead is the least share of allocation counted as dying: a cycle in
// which nearly nothing died does not promise that nothing will.
const minDead = 0.05

// percent is the GOGC that lets a heap of live bytes grow by allow.
func percent(allow, live uint64) int {
	return int(max(1, min(allow*100/live, 1<<20)))
}
