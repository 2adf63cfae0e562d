package transforms

import (
	"strings"

	"pto-opt/dialect"
	"pto-opt/planner"
	"pto-opt/planner/report"
)

// Memory plans for --memory-report, built from a solved planner problem.

// separationReason names a planner separation the way reports do.
var separationReason = map[string]string{
	"semantic_no_alias": "no-alias",
	"target_hazard":     "hazard",
	"pinned":            "pinned",
	"pipeline_stage":    "pipeline",
}

// planReport turns a planner problem and its solution into report spaces.
// locs gives each buffer's source location; members, when non-nil, the
// names of what shares each buffer.
func planReport(fn *dialect.Operation, pass, algo string, p *planner.Problem, sol planner.Solution, locs []string, members [][]string) report.Function {
	f := report.Function{Name: dialect.SymbolName(fn), Pass: pass, Algorithm: algo}
	lb := planner.LowerBound(p)
	for pool, pl := range p.Pools {
		s := report.Space{Name: pl.Name, Capacity: pl.Capacity, LowerBound: lb[pool]}
		index := map[int]string{}
		for i, b := range p.Buffers {
			if b.Pool != pool {
				continue
			}
			rb := report.Buffer{Name: b.Name, Size: b.Size, Align: b.Align, Offset: sol.Offsets[i]}
			for _, l := range b.Live {
				rb.Live = append(rb.Live, [2]int64{l.Start, l.End})
			}
			if i < len(locs) {
				rb.Loc = locs[i]
			}
			if members != nil && i < len(members) {
				rb.Members = members[i]
			}
			s.Buffers = append(s.Buffers, rb)
			index[i] = b.Name
		}
		if len(s.Buffers) == 0 {
			continue
		}
		// Pairs kept apart: separations with their reason, then lifetime
		// conflicts.
		seen := map[[2]int]bool{}
		for _, sep := range p.Separations {
			if p.Buffers[sep.A].Pool != pool {
				continue
			}
			key := [2]int{min(sep.A, sep.B), max(sep.A, sep.B)}
			if seen[key] {
				continue
			}
			seen[key] = true
			reason := separationReason[sep.Reason]
			if reason == "" {
				reason = sep.Reason
			}
			s.Refused = append(s.Refused, report.Pair{A: index[sep.A], B: index[sep.B], Reason: reason})
		}
		excluded := map[[2]int]bool{}
		for _, t := range p.TemporalExclusions {
			excluded[[2]int{min(t[0], t[1]), max(t[0], t[1])}] = true
		}
		for i := range p.Buffers {
			if p.Buffers[i].Pool != pool {
				continue
			}
			for j := i + 1; j < len(p.Buffers); j++ {
				if p.Buffers[j].Pool != pool || seen[[2]int{i, j}] || excluded[[2]int{i, j}] {
					continue
				}
				if overlapsLive(p.Buffers[i].Live, p.Buffers[j].Live) {
					s.Refused = append(s.Refused, report.Pair{A: index[i], B: index[j], Reason: "lifetime"})
				}
			}
		}
		s.Finish()
		f.Spaces = append(f.Spaces, s)
	}
	return f
}

func locString(l dialect.Location) string {
	if !l.Known() {
		return ""
	}
	return l.String()
}

func trimPercent(s string) string { return strings.TrimPrefix(s, "%") }
