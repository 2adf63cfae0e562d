package planner

import "slices"

// maxMatrixUnits bounds the dense conflict matrix (n^2/8 bytes: 32 MiB at
// this size). Larger instances fall back to pairwise interval tests.
const maxMatrixUnits = 16384

// conflictMatrix is a dense bit matrix of unit conflicts. Row u holds the
// units that were live when one of u's intervals started; a lifetime
// overlap always shows up in the row of the unit that starts later, so a
// pair conflicts when either of its two bits is set. That asymmetric fill
// costs O(intervals * n/64) words, with no transpose.
type conflictMatrix struct {
	words int
	bits  []uint64
	in    *instance
}

func newConflictMatrix(in *instance) *conflictMatrix {
	n := len(in.units)
	m := &conflictMatrix{words: (n + 63) / 64, in: in}
	m.bits = make([]uint64, n*m.words)
	type event struct {
		t     int64
		start bool
		u     int
	}
	var evs []event
	for k := range in.units {
		for _, iv := range in.units[k].live {
			evs = append(evs, event{iv.Start, true, k}, event{iv.End, false, k})
		}
	}
	slices.SortFunc(evs, func(a, b event) int {
		if a.t != b.t {
			return cmpInt64(a.t, b.t)
		}
		if a.start != b.start {
			if a.start {
				return 1
			}
			return -1
		}
		return a.u - b.u
	})
	// One live set per pool: units of different pools never conflict.
	live := make([][]uint64, len(in.pools))
	for pool := range live {
		live[pool] = make([]uint64, m.words)
	}
	for _, e := range evs {
		l := live[in.units[e.u].pool]
		if !e.start {
			l[e.u>>6] &^= 1 << (e.u & 63)
			continue
		}
		row := m.bits[e.u*m.words : (e.u+1)*m.words]
		for w := range row {
			row[w] |= l[w]
		}
		l[e.u>>6] |= 1 << (e.u & 63)
	}
	// Exclusions waive lifetime overlaps only; separations go in after.
	for k := range in.excluded {
		a, b := int(k>>32), int(uint32(k))
		m.clear(a, b)
		m.clear(b, a)
	}
	for a := range in.sepAdj {
		for _, b := range in.sepAdj[a] {
			m.set(a, int(b))
		}
	}
	return m
}

func (m *conflictMatrix) set(a, b int)   { m.bits[a*m.words+b>>6] |= 1 << (b & 63) }
func (m *conflictMatrix) clear(a, b int) { m.bits[a*m.words+b>>6] &^= 1 << (b & 63) }
func (m *conflictMatrix) get(a, b int) bool {
	return m.bits[a*m.words+b>>6]&(1<<(b&63)) != 0
}

// conflict reports whether units a and b may never share a byte.
func (m *conflictMatrix) conflict(a, b int) bool { return m.get(a, b) || m.get(b, a) }
