package planner

import "slices"

// Graph is an undirected graph over buffer indices in adjacency-list form;
// every list is sorted and free of duplicates. int32 keeps the large model
// traces (10^8 edges) within reach of memory.
type Graph struct {
	Adj [][]int32
}

// Edges returns the number of undirected edges.
func (g Graph) Edges() int {
	n := 0
	for _, a := range g.Adj {
		n += len(a)
	}
	return n / 2
}

// Has reports whether i and j are adjacent.
func (g Graph) Has(i, j int) bool {
	_, found := slices.BinarySearch(g.Adj[i], int32(j))
	return found
}

// Conflicts returns the interference graph: an edge joins two buffers of
// one pool that may never share a byte, because their live intervals
// overlap (and they are neither temporally excluded nor colocated),
// because they are separated, or because one is exclusive.
//
// Lifetime edges come from one sweep over interval endpoints that keeps the
// live set in an unordered slice with O(1) removal, so the cost is
// O(n log n + edges) rather than a pairwise O(n^2) test.
func Conflicts(p *Problem) Graph {
	n := len(p.Buffers)
	adj := make([][]int32, n)
	class := colocationClassOf(p, ColocationClasses(p))
	var excluded map[uint64]bool
	if len(p.TemporalExclusions) > 0 {
		excluded = make(map[uint64]bool, len(p.TemporalExclusions))
		for _, t := range p.TemporalExclusions {
			excluded[PairKey(t[0], t[1])] = true
		}
	}
	link := func(i, j int) {
		adj[i] = append(adj[i], int32(j))
		adj[j] = append(adj[j], int32(i))
	}
	type event struct {
		t     int64
		start bool
		buf   int32
		rect  int32
	}
	evs := make([][]event, len(p.Pools))
	rects := 0
	multi := false
	for i := range p.Buffers {
		b := &p.Buffers[i]
		multi = multi || len(b.Live) > 1
		for _, iv := range b.Live {
			if iv.Start < iv.End {
				evs[b.Pool] = append(evs[b.Pool], event{iv.Start, true, int32(i), int32(rects)}, event{iv.End, false, int32(i), int32(rects)})
				rects++
			}
		}
	}
	pos := make([]int32, rects) // rect -> index in the live slice
	for pool := range evs {
		e := evs[pool]
		slices.SortFunc(e, func(a, b event) int {
			return cmpSweep(a.t, b.t, a.start, b.start, int(a.rect), int(b.rect))
		})
		type liveRect struct{ buf, rect int32 }
		var live []liveRect
		for _, x := range e {
			if !x.start {
				k := pos[x.rect]
				last := live[len(live)-1]
				live[k] = last
				pos[last.rect] = k
				live = live[:len(live)-1]
				continue
			}
			i := int(x.buf)
			for _, o := range live {
				j := int(o.buf)
				if j == i {
					continue
				}
				if class[i] >= 0 && class[i] == class[j] {
					continue
				}
				if excluded != nil && excluded[PairKey(i, j)] {
					continue
				}
				link(i, j)
			}
			pos[x.rect] = int32(len(live))
			live = append(live, liveRect{x.buf, x.rect})
		}
	}
	for _, s := range p.Separations {
		if s.A != s.B && p.Buffers[s.A].Pool == p.Buffers[s.B].Pool {
			link(s.A, s.B)
		}
	}
	exclusive := false
	for i := range p.Buffers {
		if !p.Buffers[i].Exclusive {
			continue
		}
		exclusive = true
		for j := range p.Buffers {
			if j != i && p.Buffers[j].Pool == p.Buffers[i].Pool {
				link(i, j)
			}
		}
	}
	// Separations, exclusive and multi-interval buffers can repeat an edge.
	dedupe := multi || exclusive || len(p.Separations) > 0
	for i := range adj {
		if len(adj[i]) > 1 {
			slices.Sort(adj[i])
			if dedupe {
				adj[i] = slices.Compact(adj[i])
			}
		}
	}
	return Graph{Adj: adj}
}
