package ir

import "testing"

// TestScratchPool checks that the lists a StateScratch lends never
// overlap while lent, have their length as capacity, are cleared when
// given back and are lent again after Release.
func TestScratchPool(t *testing.T) {
	var p scratchPool[int]
	fill := func(s []int, v int) {
		for i := range s {
			s[i] = v
		}
	}
	check := func(s []int, v int) {
		t.Helper()
		for i, x := range s {
			if x != v {
				t.Fatalf("element %d is %d, want %d", i, x, v)
			}
		}
	}
	a := p.take(10)
	if len(a) != 10 || cap(a) != 10 {
		t.Fatalf("take(10): len %d cap %d", len(a), cap(a))
	}
	fill(a, 1)
	m := p.mark()
	b := p.take(scratchChunk - 5) // does not fit: a new chunk
	fill(b, 2)
	big := p.take(3 * scratchChunk) // a chunk of its own
	fill(big, 3)
	c := p.take(7)
	fill(c, 4)
	check(a, 1)
	check(b, 2)
	check(big, 3)
	if got := append(c, 5); &got[0] == &c[0] {
		t.Fatal("appending to a lent list wrote into the chunk")
	}
	p.release(m)
	check(a, 1) // lent before the mark: kept
	check(b, 0) // given back: cleared
	check(c, 0)
	d := p.take(5)
	check(d, 0)
	if len(p.chunks) != 1 || p.off != 15 {
		t.Fatal("the list after a release does not reuse the space given back")
	}
	fill(d, 6)
	check(a, 1)
	p.release(scratchMark{})
	check(a, 0)
	check(d, 0)
	if len(p.chunks) != 0 || len(p.free) == 0 {
		t.Fatalf("after releasing all: %d chunks, %d free", len(p.chunks), len(p.free))
	}

	// abandon leaves what was lent alone.
	e := p.take(3)
	fill(e, 7)
	p.abandon()
	f := p.take(3)
	fill(f, 8)
	check(e, 7)
}

// TestScratchState checks that a state without scratch gets lists of its
// own and one with scratch gets them from it.
func TestScratchState(t *testing.T) {
	var st OperationState
	if r := st.scratchRefs(2); len(r) != 2 {
		t.Fatalf("scratchRefs(2) without scratch: len %d", len(r))
	}
	var sc StateScratch
	st.Scratch = &sc
	m := sc.Mark()
	ts := st.scratchTypes(3)
	ts[0] = I32
	if len(sc.types.chunks) != 1 || cap(ts) != 3 {
		t.Fatalf("scratchTypes(3): %d chunks, cap %d", len(sc.types.chunks), cap(ts))
	}
	sc.Release(m)
	if ts[0] != nil {
		t.Fatal("a released type list is not cleared")
	}
}

// TestScratchAppend checks that lists grown in scratch keep what was
// appended, and that a nil scratch appends as append does.
func TestScratchAppend(t *testing.T) {
	var nilScratch *StateScratch
	if got := nilScratch.AppendType(nil, I32); len(got) != 1 || got[0] != I32 {
		t.Fatalf("nil scratch: %v", got)
	}
	var sc StateScratch
	var ts []Type
	var as []Argument
	for i := range 100 {
		ts = sc.AppendType(ts, IndexTypes(i + 1)[0])
		as = sc.AppendArgument(as, Argument{Ref: OperandRef{Name: "a", Num: i}})
	}
	other := sc.AppendType(nil, I1) // lent after: must not overlap
	for i := range 100 {
		if ts[i] != Index || as[i].Ref.Num != i {
			t.Fatalf("element %d lost: %v %v", i, ts[i], as[i])
		}
	}
	if other[0] != I1 {
		t.Fatal("a later list overlaps")
	}
	sc.Recycle(true)
	if as[99].Ref.Name != "" {
		t.Fatal("recycled arguments not cleared")
	}
}
