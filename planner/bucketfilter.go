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
	times   []int64 // sorted distinct interval endpoints
	nb      int     // number of buckets (<= 256)
	touched [][4]uint64
	full    [][4]uint64
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

func (f *bucketFilter) masks(live []Interval) (touched, full [4]uint64) {
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
	t, u := f.masks(live)
	return bucketQuery{t, u}
}

func (f *bucketFilter) add(g int, live []Interval) {
	for len(f.touched) <= g {
		f.touched = append(f.touched, [4]uint64{})
		f.full = append(f.full, [4]uint64{})
	}
	t, u := f.masks(live)
	for w := range 4 {
		f.touched[g][w] |= t[w]
		f.full[g][w] |= u[w]
	}
}

func (f *bucketFilter) test(g int, q *bucketQuery) filterVerdict {
	gt, gf := &f.touched[g], &f.full[g]
	var hit, any uint64
	for w := range 4 {
		hit |= gf[w] & q.full[w]
		any |= gt[w] & q.touched[w]
	}
	switch {
	case hit != 0:
		return filterBlocked
	case any == 0:
		return filterFree
	}
	return filterMaybe
}
