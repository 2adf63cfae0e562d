package planner

import "slices"

// maxMatrixUnits bounds the dense conflict matrix (n^2/8 bytes: 32 MiB at
// this size). Larger instances fall back to pairwise interval tests.
const maxMatrixUnits = 16384

// conflictMatrix is a dense, symmetric bit matrix of unit conflicts. It is
// filled asymmetrically first: row u gets the units live when one of u's
// intervals starts, so an overlap shows up in the row of the unit that
// starts later (O(intervals * n/64) words). Then the matrix is ORed with
// its transpose, 64x64 bit blocks at a time, so a conflict test is one bit
// of one row.
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
		return cmpSweep(a.t, b.t, a.start, b.start, int(a.u), int(b.u))
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
	m.symmetrize()
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
func (m *conflictMatrix) conflict(a, b int) bool { return m.get(a, b) }

// row returns unit a's conflicts as a bit set.
func (m *conflictMatrix) row(a int) []uint64 { return m.bits[a*m.words : (a+1)*m.words] }

// symmetrize ORs the matrix with its transpose.
func (m *conflictMatrix) symmetrize() {
	n := m.words
	var x, y [64]uint64
	for bi := range n {
		for bj := bi; bj < n; bj++ {
			// Block (bi, bj) holds rows 64bi.. and word bj of each.
			for r := range 64 {
				x[r], y[r] = m.word(64*bi+r, bj), m.word(64*bj+r, bi)
			}
			tx, ty := x, y
			transpose64(&tx)
			transpose64(&ty)
			for r := range 64 {
				m.setWord(64*bi+r, bj, x[r]|ty[r])
				m.setWord(64*bj+r, bi, y[r]|tx[r])
			}
		}
	}
}

func (m *conflictMatrix) word(row, w int) uint64 {
	if k := row*m.words + w; row < len(m.bits)/m.words {
		return m.bits[k]
	}
	return 0
}

func (m *conflictMatrix) setWord(row, w int, v uint64) {
	if row < len(m.bits)/m.words {
		m.bits[row*m.words+w] = v
	}
}

// transpose64 transposes a 64x64 bit matrix in place (bit c of a[r] is
// element (r, c)) by swapping ever smaller off-diagonal blocks.
func transpose64(a *[64]uint64) {
	mask := uint64(0x00000000FFFFFFFF)
	for j := 32; j != 0; j >>= 1 {
		for k := 0; k < 64; k = (k + j + 1) &^ j {
			t := (a[k]>>j ^ a[k+j]) & mask
			a[k] ^= t << j
			a[k+j] ^= t
		}
		mask ^= mask << (j >> 1)
	}
}
