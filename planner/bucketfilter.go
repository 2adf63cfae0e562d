package planner

import "slices"

// bucketFilter answers most "does this group overlap [s, e) in time?"
// questions of FFDShare without touching the group's interval list. Time is
// compressed to elementary slots and cut into 256 buckets; each group keeps
// two bit masks: buckets some member touches, and buckets one member covers
// whole. A query touching no bucket the group touches cannot overlap it; a
// query covering a bucket that a member covers whole must overlap it. Only
// the remaining cases need the exact binary search, which on 60k-buffer
// traces cuts FFD's cost several-fold.
type bucketFilter struct {
	times []int64 // sorted distinct interval endpoints
	nb    int     // number of buckets (<= 256)
	// masks holds, per group, 4 words of touched buckets then 4 words of
	// wholly covered buckets.
	masks []uint64
}

type bucketQuery struct{ touched, full [4]uint64 }

type filterVerdict int

const (
	filterMaybe filterVerdict = iota
	filterFree
	filterBlocked
)

func newBucketFilter(in *instance) *bucketFilter {
	var ts []int64
	for k := range in.units {
		for _, iv := range in.units[k].live {
			ts = append(ts, iv.Start, iv.End)
		}
	}
	slices.Sort(ts)
	ts = slices.Compact(ts)
	nb := min(256, max(1, len(ts)-1))
	return &bucketFilter{times: ts, nb: nb}
}

// slots maps an interval to its elementary slot range [lo, hi).
func (f *bucketFilter) slots(iv Interval) (int, int) {
	lo, _ := slices.BinarySearch(f.times, iv.Start)
	hi, _ := slices.BinarySearch(f.times, iv.End)
	return lo, hi
}

// bucket of slot s, and the first slot of bucket b.
func (f *bucketFilter) bucket(s int) int { return s * f.nb / max(1, len(f.times)-1) }
func (f *bucketFilter) bucketStart(b int) int {
	n := max(1, len(f.times)-1)
	return (b*n + f.nb - 1) / f.nb
}

func (f *bucketFilter) masksOf(live []Interval) (touched, full [4]uint64) {
	for _, iv := range live {
		lo, hi := f.slots(iv)
		if lo >= hi {
			continue
		}
		b0, b1 := f.bucket(lo), f.bucket(hi-1)
		for b := b0; b <= b1; b++ {
			touched[b>>6] |= 1 << (b & 63)
			if f.bucketStart(b) >= lo && f.bucketStart(b+1) <= hi && f.bucketStart(b+1) > f.bucketStart(b) {
				full[b>>6] |= 1 << (b & 63)
			}
		}
	}
	return
}

func (f *bucketFilter) query(live []Interval) bucketQuery {
	t, u := f.masksOf(live)
	return bucketQuery{t, u}
}

func (f *bucketFilter) add(g int, live []Interval) {
	for len(f.masks) < 8*(g+1) {
		f.masks = append(f.masks, make([]uint64, 8)...)
	}
	t, u := f.masksOf(live)
	m := f.masks[8*g : 8*g+8]
	for w := range 4 {
		m[w] |= t[w]
		m[4+w] |= u[w]
	}
}

func (f *bucketFilter) test(g int, q *bucketQuery) filterVerdict {
	m := f.masks[8*g : 8*g+8]
	hit := m[4]&q.full[0] | m[5]&q.full[1] | m[6]&q.full[2] | m[7]&q.full[3]
	any := m[0]&q.touched[0] | m[1]&q.touched[1] | m[2]&q.touched[2] | m[3]&q.touched[3]
	switch {
	case hit != 0:
		return filterBlocked
	case any == 0:
		return filterFree
	}
	return filterMaybe
}
