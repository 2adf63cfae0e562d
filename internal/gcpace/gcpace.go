// Package gcpace paces the garbage collector for a command that reads
// one input into a structure it keeps whole (the IR of a file), works on
// it and exits, as pto-opt does.
//
// Go's default (GOGC=100) collects first at a 4 MB heap and then each
// time the heap doubles: reading a 5 MB file costs half a dozen
// collections, most of them while nearly everything allocated is still
// live, and at the end the heap may hold twice what is live. Start
// instead gives each cycle an allowance of new allocation of
// max(floor, live*fraction): nothing is collected before the heap
// reaches floor (a small input is never collected), and a large heap
// grows by a fraction of itself between collections, so its peak stays
// near what is live.
package gcpace

import (
	"os"
	"runtime"
	"runtime/debug"
	"runtime/metrics"
)

// Start paces the collector as the package comment says, unless the
// environment sets GOGC or GOMEMLIMIT (whose settings are left as the
// runtime read them). It is meant for a command's main, called once.
func Start(floor uint64, fraction float64) {
	if os.Getenv("GOGC") != "" || os.Getenv("GOMEMLIMIT") != "" || floor == 0 {
		return
	}
	p := &pacer{floor: floor, fraction: fraction}
	p.sample = []metrics.Sample{{Name: "/gc/heap/live:bytes"}}
	// The first goal is 4 MB scaled by GOGC.
	debug.SetGCPercent(percent(floor, 4<<20))
	p.arm()
}

type pacer struct {
	floor    uint64
	fraction float64
	sample   []metrics.Sample
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
	if p.sample[0].Value.Kind() == metrics.KindUint64 {
		live := max(p.sample[0].Value.Uint64(), 1<<20)
		allow := max(p.floor, uint64(float64(live)*p.fraction))
		debug.SetGCPercent(percent(allow, live))
	}
	p.arm()
}

// percent is the GOGC that lets a heap of live bytes grow by allow.
func percent(allow, live uint64) int {
	return int(max(1, min(allow*100/live, 1<<20)))
}
