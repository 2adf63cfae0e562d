package pto

import (
	"slices"
	"strconv"
	"strings"

	"github.com/pto-opt/pto-opt/dialect/arith"
	"github.com/pto-opt/pto-opt/dialect/ir"
)

// ptoas's verifier rules that pto-opt models (PTOAS's lib/PTO/IR/PTO.cpp),
// as values the table's rows list: the shared checks (a tile operand of
// rank 2 whose valid region fits, equal element types, equal valid
// shapes, row-major layout, memory spaces, element types), the facts of
// the target's arch they read, and the rules of single ops. Messages are
// ptoas's where it helps users recognise them.

// tileInfo is what the rules see of a tile-like operand.
type tileInfo struct {
	shape, valid []int64
	elem         ir.Type
	space        string       // "" when unknown
	tb           *TileBufType // nil for memrefs, tensors and views
}

// infoOf reads a tile buffer, memref (valid = shape; no memory space is
// GM), ranked tensor or partition view.
func infoOf(t ir.Type) (tileInfo, bool) {
	switch t := t.(type) {
	case *TileBufType:
		return tileInfo{shape: t.Shape, valid: t.ValidShape(), elem: t.Elem, space: t.Space, tb: t}, true
	case *ir.MemRefType:
		if !t.Ranked {
			return tileInfo{}, false
		}
		space := "gm"
		if t.MemSpace != nil {
			space = EnumValue(t.MemSpace, "address_space")
		}
		return tileInfo{shape: t.Shape, valid: t.Shape, elem: t.Elem, space: space}, true
	case *ir.TensorType:
		if !t.Ranked {
			return tileInfo{}, false
		}
		return tileInfo{shape: t.Shape, valid: t.Shape, elem: t.Elem}, true
	case *ViewType:
		return tileInfo{shape: t.Shape, valid: t.Shape, elem: t.Elem, space: "gm"}, true
	}
	return tileInfo{}, false
}

// info is the named operand's tileInfo; ok is false when it is absent or
// not tile-like.
func (c *vctx) info(name string) (tileInfo, bool) {
	t := c.typ(name)
	if t == nil {
		return tileInfo{}, false
	}
	return infoOf(t)
}

// blayout is a tile's blayout as ptoas sees it: the target gives every
// tile of some spaces one (left tiles), whatever the type says.
func (c *vctx) blayout(t *TileBufType) string {
	if c.arch != nil {
		if b := c.arch.BLayouts[t.Space]; b != "" {
			return b
		}
	}
	return t.Layout.BLayoutName()
}

// known reports whether both extents are static.
func known(a, b int64) bool { return a != ir.Dynamic && b != ir.Dynamic }

// elemBytes is an element type's size in bytes (0 when unknown).
func elemBytes(t ir.Type) int64 {
	switch t := t.(type) {
	case *ir.IntegerType:
		return int64(t.Width) / 8
	case *ir.FloatType:
		return ir.ElementBitWidth(t) / 8
	}
	return 0
}

// elemIn reports whether element type e is in a list: an integer entry
// iN stands for every N-bit integer (ptoas checks widths), iN! for the
// signless one only, fN (f8) for every N-bit float; other entries are
// type names.
func elemIn(list []string, e ir.Type) bool {
	s := e.String()
	for _, w := range list {
		switch {
		case w == s:
			return true
		case strings.HasSuffix(w, "!"):
			if w[:len(w)-1] == s {
				return true
			}
		case len(w) > 1 && w[0] == 'i' && isDigits(w[1:]):
			if it, ok := e.(*ir.IntegerType); ok && strconv.Itoa(it.Width) == w[1:] {
				return true
			}
		case len(w) > 1 && w[0] == 'f' && isDigits(w[1:]):
			// "f8" is the family f8E4M3FN, f8E5M2, ...: names that go on
			// with the exponent width. "f16" is f16 only, never bf16.
			if ft, ok := e.(*ir.FloatType); ok && strings.HasPrefix(ft.Name, w) && len(ft.Name) > len(w) && ft.Name[len(w)] == 'E' {
				return true
			}
		}
	}
	return false
}

func isDigits(s string) bool {
	for _, c := range s {
		if c < '0' || c > '9' {
			return false
		}
	}
	return s != ""
}

// listText writes a list as ptoas's messages do: a/b/c.
func listText(list []string) string {
	out := make([]string, len(list))
	for i, w := range list {
		out[i] = strings.TrimSuffix(w, "!")
	}
	return strings.Join(out, "/")
}

// ---- rule constructors ----

// rule is a rule that holds on every arch.
func rule(check func(c *vctx) error) Rule { return Rule{check: check} }

// archRule reads target facts.
func archRule(check func(c *vctx) error) Rule { return Rule{arch: true, check: check} }

// always marks a rule ptoas checks on memref operands too.
func always(r Rule) Rule { r.always = true; return r }

// listFact declares a list fact the rules read.
func listFact(name string) string {
	declaredFacts = append(declaredFacts, struct {
		name string
		flag bool
	}{name, false})
	return name
}

// flagFact declares a flag fact.
func flagFact(name string) string {
	declaredFacts = append(declaredFacts, struct {
		name string
		flag bool
	}{name, true})
	return name
}

// rules joins rule lists.
func rules(lists ...[]Rule) []Rule {
	var out []Rule
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}

// one makes a rule list of rules.
func one(rs ...Rule) []Rule { return rs }

// tiles is ptoas's verifyTileBufCommon for each named operand present: a
// rank-2 tile buffer or memref whose valid extents fit its shape.
func tiles(names ...string) Rule {
	return rule(func(c *vctx) error {
		for _, n := range names {
			t := c.typ(n)
			if t == nil {
				continue
			}
			in, ok := infoOf(t)
			_, isMem := t.(*ir.MemRefType)
			switch {
			case !ok || in.tb == nil && !isMem:
				return c.errorf("expects %s to be a !pto.tile_buf or rank-2 memref", n)
			case len(in.shape) != 2 && in.tb != nil:
				return c.errorf("expects %s to be a rank-2 tile_buf", n)
			case len(in.shape) != 2:
				return c.errorf("expects %s to be a rank-2 memref", n)
			case len(in.valid) != 2:
				return c.errorf("expects %s to have a rank-2 valid_shape", n)
			}
			for i := range 2 {
				if known(in.valid[i], in.shape[i]) && in.valid[i] > in.shape[i] {
					return c.errorf("expects %s to satisfy valid_shape[%d] <= shape[%d]", n, i, i)
				}
			}
		}
		return nil
	})
}

// sameElem: the named operands have a's element type.
func sameElem(a string, others ...string) Rule {
	return rule(func(c *vctx) error {
		ia, ok := c.info(a)
		if !ok {
			return nil
		}
		for _, b := range others {
			if ib, ok := c.info(b); ok && ib.elem != ia.elem {
				return c.errorf("expects %s and %s to have the same element type", a, b)
			}
		}
		return nil
	})
}

// sameValid: the named operands have a's valid shape (where known).
func sameValid(a string, others ...string) Rule {
	return rule(func(c *vctx) error {
		ia, ok := c.info(a)
		if !ok {
			return nil
		}
		for _, b := range others {
			ib, ok := c.info(b)
			if !ok {
				continue
			}
			if len(ia.valid) != len(ib.valid) {
				return c.errorf("expects %s and %s to have the same valid_shape", a, b)
			}
			for i := range ia.valid {
				if known(ia.valid[i], ib.valid[i]) && ia.valid[i] != ib.valid[i] {
					return c.errorf("expects %s and %s to have the same valid_shape", a, b)
				}
			}
		}
		return nil
	})
}

// validDimEq: valid dimension d of a and b agree (where known).
func validDimEq(d int, a, b string) Rule {
	return rule(func(c *vctx) error {
		ia, ok1 := c.info(a)
		ib, ok2 := c.info(b)
		if ok1 && ok2 && len(ia.valid) > d && len(ib.valid) > d && known(ia.valid[d], ib.valid[d]) && ia.valid[d] != ib.valid[d] {
			return c.errorf("expects %s and %s to have the same valid_shape[%d]", a, b, d)
		}
		return nil
	})
}

// sameShape: the named operands have a's static shape (msg: ptoas's
// words, "" for the default).
func sameShape(msg, a string, others ...string) Rule {
	return rule(func(c *vctx) error {
		ia, ok := c.info(a)
		if !ok {
			return nil
		}
		for _, b := range others {
			if ib, ok := c.info(b); ok && !slices.Equal(ia.shape, ib.shape) {
				if msg == "" {
					return c.errorf("expects %s and %s to have the same shape", a, b)
				}
				return c.errorf("%s", msg)
			}
		}
		return nil
	})
}

// rowMajor: the named tile buffers use the row_major blayout.
func rowMajor(msg string, names ...string) Rule {
	return rule(func(c *vctx) error {
		for _, n := range names {
			if t := c.tile(n); t != nil && c.blayout(t) != "row_major" {
				if msg == "" {
					return c.errorf("expects %s to use the row_major blayout", n)
				}
				return c.errorf("%s", msg)
			}
		}
		return nil
	})
}

// inLoc: the named operands are in one of the spaces (where known).
func inLoc(locs string, names ...string) Rule {
	want := strings.Fields(locs)
	return rule(func(c *vctx) error {
		for _, n := range names {
			in, ok := c.info(n)
			if ok && in.space != "" && !slices.Contains(want, in.space) {
				return c.errorf("expects %s to be in the %s address space", n, strings.Join(want, " or "))
			}
		}
		return nil
	})
}

// vecTile is ptoas's verifyVecTileCommon: tiles in vec, row_major.
func vecTile(names ...string) []Rule {
	return one(tiles(names...), inLoc("vec", names...), rowMajor("", names...))
}

// ndVec is ptoas's verifyNDStyleVecTile: vec tiles laid out row_major
// with no boxes.
func ndVec(names ...string) []Rule {
	return one(tiles(names...), inLoc("vec", names...), rowMajor("", names...), noBox(names...))
}

// noBox: the named tile buffers use the none_box slayout.
func noBox(names ...string) Rule {
	return rule(func(c *vctx) error {
		for _, n := range names {
			if t := c.tile(n); t != nil && t.Layout.SLayoutName() != "none_box" {
				return c.errorf("expects %s to use the none_box slayout", n)
			}
		}
		return nil
	})
}

// elems: the named operands' element types are in the list, on every
// arch.
func elems(list string, names ...string) Rule {
	l := strings.Fields(list)
	r := rule(func(c *vctx) error {
		for _, n := range names {
			if in, ok := c.info(n); ok && !elemIn(l, in.elem) {
				return c.errorf("expects %s element type to be %s", n, listText(l))
			}
		}
		return nil
	})
	r.elemList = strings.Join(names, ", ") + ": " + listText(l)
	return r
}

// archElems: the named operands' element types are in the target's list
// (the fact named, op.elements for most).
func archElems(fact string, names ...string) Rule {
	fact = listFact(fact)
	r := archRule(func(c *vctx) error { return checkArchElems(c, fact, names...) })
	r.elemFact = fact
	return r
}

func checkArchElems(c *vctx, fact string, names ...string) error {
	l, ok := c.arch.List(fact)
	if !ok {
		return nil
	}
	// ptoas names the op for its data tiles' list (tadd.elements), the
	// operand for another's (tprelu.tmp_elements: "tmp element type").
	op, kind, _ := strings.Cut(fact, ".")
	for _, n := range names {
		subject := op
		if kind != "elements" {
			subject = n
		}
		if in, ok := c.info(n); ok && !elemIn(l, in.elem) {
			return c.errorf("expects %s %s element type to be %s", c.label(), subject, listText(l))
		}
	}
	return nil
}

// supported: the target does not refuse the op (ptoas's message).
func supported(msg string) Rule {
	return archRule(func(c *vctx) error {
		if slices.Contains(c.arch.Unsupported, c.r.Name) {
			return c.errorf("%s", msg)
		}
		return nil
	})
}

// distinct: the named operands are different values.
func distinct(msg string, names ...string) Rule {
	return rule(func(c *vctx) error {
		for i, a := range names {
			for _, b := range names[i+1:] {
				if va, vb := c.val(a), c.val(b); va != nil && va == vb {
					return c.errorf("%s", msg)
				}
			}
		}
		return nil
	})
}

// ---- rule sets shared by several ops ----

// binary is tadd and its kind: three tiles of one element type and valid
// shape, row-major, elements from the target's list.
func binary(op string) []Rule {
	return one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), sameValid("src0", "src1", "dst"),
		rowMajor("expects src0, src1, and dst to use row-major layout", "src0", "src1", "dst"), archElems(op+".elements", "src0"))
}

// sameRowsFact: on some arches ptoas's tile-scalar ops keep the valid
// rows too (A2/A3).
var sameRowsFact = flagFact("tile_scalar.same_valid_rows")

// tileScalar is tadds and its kind (ptoas's verifyScalarTileOp): vec
// tiles of one element type and valid columns, rows too where the target
// says, elements from the target's list.
func tileScalar(op, src string, rowsAlways bool) []Rule {
	return one(tiles(src, "dst"), inLoc("vec", src, "dst"), sameElem(src, "dst"), validDimEq(1, src, "dst"),
		archRule(func(c *vctx) error {
			if !rowsAlways && !c.arch.Flag(sameRowsFact) {
				return nil
			}
			return validDimEq(0, src, "dst").check(c)
		}), archElems(op+".elements", src))
}

// unaryFloat is texp and its kind: vec tiles of one element type and
// valid shape, f16 or f32.
func unaryFloat() []Rule {
	return rules(vecTile("src", "dst"), one(sameElem("src", "dst"), sameValid("src", "dst"), elems("f16 f32", "src")))
}

// rowReduce is trowsum and its kind: a row-major src without boxes, an
// N x 1 dst of the same element type.
func rowReduce(elemList string) []Rule {
	return rules(ndVec("src"), one(tiles("dst"), inLoc("vec", "dst"), noBox("dst"), sameElem("src", "dst"), rowRegion(), elems(elemList, "src")))
}

// rowRegion: dst has src's valid rows and one valid column.
func rowRegion() Rule {
	return rule(func(c *vctx) error {
		src, ok1 := c.info("src")
		dst, ok2 := c.info("dst")
		if !ok1 || !ok2 || len(src.valid) != 2 || len(dst.valid) != 2 {
			return nil
		}
		if known(src.valid[0], dst.valid[0]) && src.valid[0] != dst.valid[0] {
			return c.errorf("expects src and dst to have the same valid_shape[0]")
		}
		if dst.valid[1] != ir.Dynamic && dst.valid[1] != 1 {
			return c.errorf("expects dst valid_shape[1] to be 1")
		}
		return nil
	})
}

// colReduce is tcolsum and its kind: ND vec tiles, dst with src's valid
// columns.
func colReduce(op string) []Rule {
	return rules(ndVec("src", "dst"), one(sameElem("src", "dst"), validDimEq(1, "src", "dst"), archElems(op+".elements", "src")))
}

// colExpand is tcolexpandadd and its kind: src0 has dst's shape and valid
// shape, src1 its valid columns, all row-major.
func colExpand(op string) []Rule {
	return one(sameElem("src0", "src1", "dst"), sameShape("expects src0/dst to have same shape", "src0", "dst"), sameValid("src0", "dst"),
		rowMajor("", "src0", "src1", "dst"), validDimEq(1, "src1", "dst"), archElems(op+".elements", "src0"))
}

// rowExpand is trowexpandmul and its kind: src0 and dst of one element
// type, dst row-major.
func rowExpand(op string) []Rule {
	return one(tiles("src0", "src1", "dst", "tmp"), sameElem("src0", "src1", "dst"), rowMajor("", "dst"), archElems(op+".elements", "src0"))
}

// rowVector: operand v holds one value per row of dst: its valid rows
// are dst's, and its valid columns one 32-byte block when it is
// row-major, one column else (ptoas's trowexpandadd).
func rowVector(v string) Rule {
	return rule(func(c *vctx) error {
		t := c.tile(v)
		dst, ok := c.info("dst")
		if t == nil || !ok || len(t.ValidShape()) != 2 || len(dst.valid) != 2 {
			return nil
		}
		vv := t.ValidShape()
		if known(vv[0], dst.valid[0]) && vv[0] != dst.valid[0] {
			return c.errorf("expects %s valid_shape[0] to equal dst valid_shape[0]", v)
		}
		want := int64(1)
		if c.blayout(t) == "row_major" {
			if b := elemBytes(t.Elem); b > 0 {
				want = 32 / b
			}
		}
		if vv[1] != ir.Dynamic && vv[1] != want {
			return c.errorf("expects %s valid_shape[1] to be %d (one 32-byte block per row of %s)", v, want, t.Elem)
		}
		return nil
	})
}

// matmulTriple is ptoas's verifyMatmulTypeTriple: (dst, lhs, rhs) element
// types one of the pairs, and on targets with the flag also an 8-bit
// float pair.
var fp8MatmulFact = flagFact("matmul.fp8")

func matmulTriple(lhs, rhs string) Rule {
	return archRule(func(c *vctx) error {
		l, ok1 := c.info(lhs)
		r, ok2 := c.info(rhs)
		d, ok3 := c.info("dst")
		if !ok1 || !ok2 || !ok3 {
			return nil
		}
		de, le, re := d.elem.String(), l.elem.String(), r.elem.String()
		okTriple := ir.IntWidth(d.elem) == 32 && ir.IntWidth(l.elem) == 8 && ir.IntWidth(r.elem) == 8 ||
			de == "f32" && le == re && (le == "f16" || le == "bf16" || le == "f32")
		if !okTriple && c.arch.Flag(fp8MatmulFact) && de == "f32" && l.elem == r.elem {
			if _, isFloat := l.elem.(*ir.FloatType); isFloat && slices.Contains([]int64{8, 16, 32}, ir.ElementBitWidth(l.elem)) {
				okTriple = true
			}
		}
		if !okTriple {
			extra := ""
			if c.arch.Flag(fp8MatmulFact) {
				extra = ", or an A5-supported fp8 pair"
			}
			return c.errorf("expects (dst, lhs, rhs) element types to match one of (i32, i8, i8), (f32, f16, f16), (f32, bf16, bf16), (f32, f32, f32)%s", extra)
		}
		return nil
	})
}

// matOperands is ptoas's verifyMatTileOperands: lhs in left, rhs in
// right, dst in acc; static shapes M x K, K x N, M x N; valid m, k, n in
// [1, 4095]; on targets that give them, the cube layouts.
var cubeLayoutFacts = map[string]string{"lhs": listFact("matmul.lhs_layout"), "rhs": listFact("matmul.rhs_layout"), "dst": listFact("matmul.dst_layout")}

func matOperands(lhs, rhs string) []Rule {
	return one(tiles(lhs, rhs, "dst"),
		rule(func(c *vctx) error {
			l, ok1 := c.info(lhs)
			r, ok2 := c.info(rhs)
			d, ok3 := c.info("dst")
			if !ok1 || !ok2 || !ok3 || len(l.shape) != 2 || len(r.shape) != 2 || len(d.shape) != 2 {
				return nil
			}
			if l.space != "" && r.space != "" && d.space != "" && (l.space != "left" || r.space != "right" || d.space != "acc") {
				return c.errorf("expects lhs, rhs, and dst to use the left, right, and acc address spaces")
			}
			if l.shape[0] != d.shape[0] || r.shape[1] != d.shape[1] || l.shape[1] != r.shape[0] {
				return c.errorf("expects static matmul tile shapes lhs[M,K], rhs[K,N], and dst[M,N]")
			}
			for _, n := range []int64{l.valid[0], l.valid[1], r.valid[1]} {
				if n != ir.Dynamic && (n < 1 || n > 4095) {
					return c.errorf("expects m, k, and n valid sizes to be in [1, 4095]")
				}
			}
			return nil
		}),
		archRule(func(c *vctx) error {
			for _, x := range []struct{ role, name string }{{"lhs", lhs}, {"rhs", rhs}, {"dst", "dst"}} {
				want, ok := c.arch.List(cubeLayoutFacts[x.role])
				t := c.tile(x.name)
				if !ok || t == nil || len(want) != 2 {
					continue
				}
				if c.blayout(t) != want[0] {
					return c.errorf("expects %s to use the %s blayout on %s", x.role, want[0], c.label())
				}
				if t.Layout.SLayoutName() != want[1] {
					return c.errorf("expects %s to use the %s slayout on %s", x.role, want[1], c.label())
				}
			}
			return nil
		}))
}

// ---- rules of single ops ----

// allocValid: a `?` valid extent has its operand, a static one none.
func allocValid() Rule {
	return always(rule(func(c *vctx) error {
		t := c.tile("result")
		if t == nil {
			return nil
		}
		v := t.ValidShape()
		if len(v) != 2 {
			return c.errorf("result tile_buf must have rank-2 validShape")
		}
		for i, n := range []string{"valid_row", "valid_col"} {
			has := c.val(n) != nil
			switch {
			case v[i] == ir.Dynamic && !has:
				return c.errorf("%s operand is required because result type %s is ?", n, []string{"v_row", "v_col"}[i])
			case v[i] != ir.Dynamic && has:
				return c.errorf("%s operand must be absent because result type %s is %d", n, []string{"v_row", "v_col"}[i], v[i])
			}
		}
		return nil
	}))
}

// tensorViewOperands: make_tensor_view's pointer and view agree.
func tensorViewOperands() Rule {
	return always(rule(func(c *vctx) error {
		tv, ok := c.typ("result").(*ViewType)
		if !ok || tv.Kind != "tensor_view" {
			return c.errorf("result must be pto.tensor_view<...>")
		}
		p, ok := c.typ("ptr").(*PtrType)
		if !ok {
			return c.errorf("ptr operand must be !pto.ptr<...>")
		}
		if p.Elem != tv.Elem {
			return c.errorf("ptr element type must match tensor_view element type, but got ptr=%s view=%s", p.Elem, tv.Elem)
		}
		if n := len(tv.Shape); len(c.vals("shape")) != n || len(c.vals("strides")) != n {
			return c.errorf("shape/strides operand counts must match tensor_view rank=%d", n)
		}
		return nil
	}))
}

// partitionBounds: partition_view's element type, counts and constant
// offsets and sizes against the source.
func partitionBounds() Rule {
	return always(rule(func(c *vctx) error {
		src, ok1 := c.typ("source").(*ViewType)
		res, ok2 := c.typ("result").(*ViewType)
		if !ok1 || !ok2 {
			return nil
		}
		if src.Elem != res.Elem {
			return c.errorf("element type mismatch between source and result: src=%s result=%s", src.Elem, res.Elem)
		}
		offs, sizes := c.vals("offsets"), c.vals("sizes")
		if len(offs) != len(src.Shape) {
			return c.errorf("offset count (%d) must match source rank (%d)", len(offs), len(src.Shape))
		}
		if len(sizes) != len(src.Shape) {
			return c.errorf("size count (%d) must match source rank (%d)", len(sizes), len(src.Shape))
		}
		for i := range src.Shape {
			off, okOff := arith.ConstantInt(offs[i])
			size, okSize := arith.ConstantInt(sizes[i])
			if okOff && off < 0 {
				return c.errorf("offset at dim %d must be non-negative, got %d", i, off)
			}
			if okSize && size <= 0 {
				return c.errorf("size at dim %d must be positive, got %d", i, size)
			}
			if okSize && len(res.Shape) == len(src.Shape) && res.Shape[i] != ir.Dynamic && size != res.Shape[i] {
				return c.errorf("size/result mismatch at dim %d: size operand=%d result type dim=%d", i, size, res.Shape[i])
			}
			if d := src.Shape[i]; d != ir.Dynamic && okSize {
				if size > d {
					return c.errorf("size at dim %d (%d) exceeds static source dim (%d)", i, size, d)
				}
				if okOff && off+size > d {
					return c.errorf("offset+size at dim %d (%d) exceeds static source dim (%d)", i, off+size, d)
				}
			}
		}
		return nil
	}))
}

// tloadRules: a partition view into a tile buffer.
var tloadDstLocs = listFact("tload.dst_locs")

func tloadRules() []Rule {
	return one(
		rule(func(c *vctx) error {
			if !isView(c.typ("src"), "partition_tensor_view") || !isTileBuf(c.typ("dst")) {
				return c.errorf("expects src to be !pto.partition_tensor_view and dst to be !pto.tile_buf")
			}
			src, _ := c.info("src")
			for i, d := range src.shape {
				if d != ir.Dynamic && d <= 0 {
					return c.errorf("expects src shape[%d] to be positive", i)
				}
			}
			dst, _ := c.info("dst")
			for i, d := range dst.valid {
				if d != ir.Dynamic && d <= 0 {
					return c.errorf("expects dst valid_shape[%d] to be positive", i)
				}
			}
			if elemBytes(src.elem) != elemBytes(dst.elem) {
				return c.errorf("expects src and dst element types to have the same bitwidth")
			}
			return nil
		}),
		tiles("dst"),
		archElems("tload.elements", "dst"),
		archRule(func(c *vctx) error {
			locs, ok := c.arch.List(tloadDstLocs)
			if dst, ok2 := c.info("dst"); ok && ok2 && !slices.Contains(locs, dst.space) {
				return c.errorf("expects %s tload dst to use loc=%s", c.label(), strings.Join(locs, " or loc="))
			}
			return nil
		}))
}

// tstoreRules: a tile buffer into a partition view of as many elements
// as its valid region.
var (
	tstoreSrcLocs  = listFact("tstore.src_locs")
	tstoreAccLimit = flagFact("tstore.acc_cols_4095")
)

func tstoreRules() []Rule {
	return one(
		rule(func(c *vctx) error {
			if !isTileBuf(c.typ("src")) || !isView(c.typ("dst"), "partition_tensor_view") {
				return c.errorf("expects src to be !pto.tile_buf and dst to be !pto.partition_tensor_view")
			}
			src, _ := c.info("src")
			dst, _ := c.info("dst")
			for i, d := range dst.shape {
				if d != ir.Dynamic && d <= 0 {
					return c.errorf("expects dst shape[%d] to be positive", i)
				}
			}
			for i, d := range src.valid {
				if d != ir.Dynamic && d <= 0 {
					return c.errorf("expects src valid_shape[%d] to be positive", i)
				}
			}
			if n, ok := product(dst.shape); ok {
				if m, ok := product(src.valid); ok && n != m {
					return c.errorf("expects dst static element count (%d) to match src valid_shape static element count (%d)", n, m)
				}
			}
			if src.space != "acc" {
				if c.val("preQuantScalar") != nil {
					return c.errorf("expects preQuantScalar form to use loc=acc src")
				}
				if EnumValue(c.op.Attr("reluPreMode"), "relu_pre_mode") == "normal_relu" {
					return c.errorf("expects reluPreMode form to use loc=acc src")
				}
			}
			return nil
		}),
		tiles("src"),
		archRule(func(c *vctx) error {
			src, ok := c.info("src")
			if !ok {
				return nil
			}
			if locs, ok := c.arch.List(tstoreSrcLocs); ok && !slices.Contains(locs, src.space) {
				return c.errorf("expects %s tstore src to use loc=%s", c.label(), strings.Join(locs, ", loc="))
			}
			if src.space == "acc" && c.arch.Flag(tstoreAccLimit) && len(src.shape) == 2 {
				for _, n := range []int64{src.shape[1], src.valid[1]} {
					if n != ir.Dynamic && (n < 1 || n > 4095) {
						return c.errorf("expects %s acc tstore src cols to be in [1, 4095]", c.label())
					}
				}
			}
			return nil
		}))
}

// product is the element count of a static shape.
func product(shape []int64) (int64, bool) {
	n := int64(1)
	for _, d := range shape {
		if d == ir.Dynamic {
			return 0, false
		}
		n *= d
	}
	return n, true
}

// tmovRules: ptoas's space pairs for tmov, the operands each form takes,
// and the shapes.
var (
	tmovPairs        = listFact("tmov.pairs")
	tmovSameShape    = flagFact("tmov.same_shape")
	tmovAccMatFrac   = flagFact("tmov.acc_to_mat_fractal_512")
	tmovShapeFromMat = "expects mat-source tmov to use matching src/dst shapes"
)

func tmovRules() []Rule {
	return one(tiles("src", "dst", "fp"),
		rule(func(c *vctx) error {
			src, ok1 := c.info("src")
			dst, ok2 := c.info("dst")
			if !ok1 || !ok2 {
				return nil
			}
			if c.val("fp") != nil && c.val("preQuantScalar") != nil {
				return c.errorf("expects fp and preQuantScalar forms to be mutually exclusive")
			}
			if src.space == "mat" && !slices.Equal(src.shape, dst.shape) {
				return c.errorf("%s", tmovShapeFromMat)
			}
			if src.space != "acc" {
				switch {
				case EnumValue(c.op.Attr("reluPreMode"), "relu_pre_mode") == "normal_relu":
					return c.errorf("expects reluPreMode form to use loc=acc src")
				case c.val("preQuantScalar") != nil:
					return c.errorf("expects preQuantScalar form to use loc=acc src")
				case c.val("fp") != nil:
					return c.errorf("expects fp form to use loc=acc src")
				}
			}
			if c.op.Attr("accToVecMode") != nil && (src.space != "acc" || dst.space != "vec") {
				return c.errorf("expects accToVecMode only for acc-to-vec tmov")
			}
			if fp, ok := c.info("fp"); ok && fp.space != "" && fp.space != "scaling" {
				return c.errorf("expects fp to be in the scaling address space")
			}
			return nil
		}),
		archRule(func(c *vctx) error {
			src, ok1 := c.info("src")
			dst, ok2 := c.info("dst")
			if !ok1 || !ok2 || src.space == "" || dst.space == "" {
				return nil
			}
			if pairs, ok := c.arch.List(tmovPairs); ok && !slices.Contains(pairs, src.space+"->"+dst.space) {
				return c.errorf("expects a supported tmov address-space pair for this target")
			}
			if c.arch.Flag(tmovSameShape) && src.space != "mat" && !slices.Equal(src.shape, dst.shape) {
				return c.errorf("expects %s non-mat tmov to use matching src/dst shapes", c.label())
			}
			if c.arch.Flag(tmovAccMatFrac) && src.space == "acc" && dst.space == "mat" && dst.tb != nil && dst.tb.Layout.FractalSize() != 512 {
				return c.errorf("expects %s acc-to-mat tmov destination fractal to be 512", c.label())
			}
			return nil
		}))
}

// tcvtRules: src and dst of one shape and valid shape.
func tcvtRules() []Rule {
	return one(tiles("src", "dst", "tmp"),
		sameShape("expects src and dst to have compatible shapes", "src", "dst"),
		sameValid("src", "dst"))
}

// fillpadRules: element sizes equal (1, 2 or 4 bytes), a pad value on a
// tile dst, the shapes.
func fillpadRules(expand bool) []Rule {
	return one(always(rule(func(c *vctx) error {
		src, ok1 := c.info("src")
		dst, ok2 := c.info("dst")
		if !ok1 || !ok2 {
			return nil
		}
		if len(src.shape) != 2 || len(dst.shape) != 2 {
			return ir.NewError(c.op.Loc, "expects src and dst to be rank-2 tiles")
		}
		bs, bd := elemBytes(src.elem), elemBytes(dst.elem)
		if bs != bd {
			return ir.NewError(c.op.Loc, "expects sizeof(src element) == sizeof(dst element)")
		}
		if bs != 1 && bs != 2 && bs != 4 {
			return ir.NewError(c.op.Loc, "expects element size 1, 2 or 4 bytes")
		}
		if dst.tb != nil && dst.tb.Layout.Pad == 0 {
			return ir.NewError(c.op.Loc, "expects dst PadVal != Null for %s", c.r.Name)
		}
		for i := range 2 {
			if expand && known(dst.shape[i], src.shape[i]) && dst.shape[i] < src.shape[i] {
				return ir.NewError(c.op.Loc, "expects dst static shape to be >= src static shape for tfillpad_expand")
			}
			if !expand && dst.shape[i] != src.shape[i] {
				return ir.NewError(c.op.Loc, "expects src and dst to have the same static shape for %s", c.r.Name)
			}
		}
		return nil
	})))
}

// majorAlign: on targets that give it, every data tile's major dimension
// (the columns of a row-major tile, the rows of another) times its
// element size is a multiple of the fact's byte count (ttrans on A5).
func majorAlign(fact string, names ...string) Rule {
	fact = listFact(fact)
	return archRule(func(c *vctx) error {
		l, ok := c.arch.List(fact)
		if !ok || len(l) != 1 {
			return nil
		}
		align, err := strconv.ParseInt(l[0], 10, 64)
		if err != nil || align <= 0 {
			return nil
		}
		for _, n := range names {
			t := c.tile(n)
			if t == nil || len(t.Shape) != 2 {
				continue
			}
			major, what := t.Shape[1], "cols"
			if c.blayout(t) != "row_major" {
				major, what = t.Shape[0], "rows"
			}
			if b := elemBytes(t.Elem); b > 0 && major != ir.Dynamic && major*b%align != 0 {
				return c.errorf("expects %s %s x element size (%d x %d bytes) to be a multiple of %d bytes on %s", n, what, major, b, align, c.label())
			}
		}
		return nil
	})
}

// tgatherRules: the compare form's element rules (the form the corpus's
// negative test shows).
var tgatherCmpFact = listFact("tgather.compare_elements")

func tgatherRules() []Rule {
	return one(tiles("src", "dst", "cdst", "indices", "tmp"),
		rule(func(c *vctx) error {
			switch tgatherForm(c.r, c.op) {
			case "mask":
				if src, dst := c.tile("src"), c.tile("dst"); src != nil && dst != nil && elemBytes(src.Elem) != elemBytes(dst.Elem) {
					return c.errorf("expects src and dst element sizes to match for mask-pattern tgather")
				}
			case "compare":
				if c.val("kValue") == nil || c.val("tmp") == nil {
					return c.errorf("compare-form tgather expects dst, cdst, kValue, and tmp")
				}
				if d, ok := c.info("dst"); ok && ir.IntWidth(d.elem) != 32 {
					return c.errorf("expects compare-form tgather dst element type to be a 32-bit integer")
				}
				if src, ok := c.info("src"); ok && c.typ("kValue") != src.elem {
					return c.errorf("expects kValue type to match src element type")
				}
			case "index":
				if c.val("indices") == nil || c.val("tmp") == nil {
					return c.errorf("index-form tgather expects both indices and tmp")
				}
			}
			return nil
		}),
		archRule(func(c *vctx) error {
			if tgatherForm(c.r, c.op) != "compare" {
				return nil
			}
			l, ok := c.arch.List(tgatherCmpFact)
			src, ok2 := c.info("src")
			if !ok || !ok2 {
				return nil
			}
			mode := EnumValue(c.op.Attr("cmpMode"), "cmp")
			if elemIn(l, src.elem) || ir.IntWidth(src.elem) == 32 && (mode == "" || mode == "eq") && slices.Contains(l, "i32@eq") {
				return nil
			}
			if slices.Contains(l, "i32@eq") {
				return c.errorf("expects %s compare-form tgather src element type to be f16/f32, or i32 when cmpMode=eq", c.label())
			}
			return c.errorf("expects %s compare-form tgather src element type to be %s", c.label(), listText(l))
		}))
}

// tinsertRules: the space pairs and element pairs of tinsert.
var (
	tinsertPairs = listFact("tinsert.pairs")
	tinsertElems = listFact("tinsert.acc_elements")
)

func tinsertRules() []Rule {
	return one(tiles("src", "dst"), indexOperands(),
		archRule(func(c *vctx) error {
			src, ok1 := c.info("src")
			dst, ok2 := c.info("dst")
			if !ok1 || !ok2 {
				return nil
			}
			pairs, ok := c.arch.List(tinsertPairs)
			if ok && !slices.Contains(pairs, src.space+"->"+dst.space) {
				if len(pairs) == 1 {
					p := strings.Split(pairs[0], "->")
					return c.errorf("expects %s tinsert src to use loc=%s and dst to use loc=%s", c.label(), p[0], p[1])
				}
				return c.errorf("expects %s tinsert to use a supported src/dst loc pair: %s", c.label(), orList(pairs))
			}
			if l, ok := c.arch.List(tinsertElems); ok && src.space == "acc" {
				if !slices.Contains(l, src.elem.String()+"->"+dst.elem.String()) {
					return c.errorf("expects %s tinsert element types to be %s", c.label(), pairText(l))
				}
			}
			return nil
		}))
}

// orList writes a, b, or c.
func orList(l []string) string {
	if len(l) < 2 {
		return strings.Join(l, "")
	}
	return strings.Join(l[:len(l)-1], ", ") + ", or " + l[len(l)-1]
}

// pairText writes src->dst pairs as ptoas's tinsert message does.
func pairText(pairs []string) string {
	bySrc := map[string][]string{}
	var srcs []string
	for _, p := range pairs {
		s, d, _ := strings.Cut(p, "->")
		if _, ok := bySrc[s]; !ok {
			srcs = append(srcs, s)
		}
		bySrc[s] = append(bySrc[s], d)
	}
	var out []string
	for _, s := range srcs {
		out = append(out, "src="+s+", dst="+strings.Join(bySrc[s], "/"))
	}
	return strings.Join(out, "; ")
}

// indexOperands: constant row and column indices are not negative.
func indexOperands() Rule {
	return rule(func(c *vctx) error {
		for _, n := range []string{"indexRow", "indexCol"} {
			if v := c.val(n); v != nil {
				if k, ok := arith.ConstantInt(v); ok && k < 0 {
					return c.errorf("expects %s to be non-negative", n)
				}
			}
		}
		return nil
	})
}

// textractRules: bounds, and on targets that say so the vec->vec layout.
var textractVecND = flagFact("textract.vec_to_vec_nd")

func textractRules() []Rule {
	return one(tiles("src", "dst"), sameElem("src", "dst"), indexOperands(),
		rule(func(c *vctx) error {
			src, ok1 := c.info("src")
			dst, ok2 := c.info("dst")
			if !ok1 || !ok2 || len(src.shape) != 2 || len(dst.shape) != 2 {
				return nil
			}
			for i, n := range []string{"indexRow", "indexCol"} {
				if k, ok := arith.ConstantInt(c.val(n)); ok && known(src.shape[i], dst.shape[i]) && k+dst.shape[i] > src.shape[i] {
					return c.errorf("expects %s + dst shape[%d] to be within src shape[%d]", n, i, i)
				}
			}
			return nil
		}),
		archRule(func(c *vctx) error {
			src, dst := c.tile("src"), c.tile("dst")
			if !c.arch.Flag(textractVecND) || src == nil || dst == nil || src.Space != "vec" || dst.Space != "vec" {
				return nil
			}
			for _, t := range []*TileBufType{src, dst} {
				if c.blayout(t) != "row_major" || t.Layout.SLayoutName() != "none_box" {
					return c.errorf("expects %s vec->vec textract src/dst to use ND layout (blayout=row_major, slayout=none_box)", c.label())
				}
			}
			return nil
		}))
}

// scaleDst: tget_scale_addr's dst is a scaling tile like src.
func scaleDst() Rule {
	return archRule(func(c *vctx) error {
		if slices.Contains(c.arch.Unsupported, c.r.Name) {
			return nil
		}
		if dst, ok := c.info("dst"); ok && dst.space != "scaling" {
			return c.errorf("expects dst to be in the scaling address space")
		}
		return nil
	})
}

// tquantStructure: the offset operand and dst element type each
// quantization type takes (checked before ptoas's memref bypass).
func tquantStructure() Rule {
	return always(rule(func(c *vctx) error {
		dst, ok := c.info("dst")
		if !ok {
			return nil
		}
		it, _ := dst.elem.(*ir.IntegerType)
		switch EnumValue(c.op.Attr("quant_type"), "quant_type") {
		case "INT8_SYM":
			if it == nil || it.Width != 8 || it.Signedness == 'u' {
				return c.errorf("INT8_SYM quantization expects dst element type to be i8 or si8")
			}
			if c.val("offset") != nil {
				return c.errorf("INT8_SYM quantization must not have an offset operand")
			}
		case "INT8_ASYM":
			if it == nil || it.Width != 8 || it.Signedness != 'u' {
				return c.errorf("INT8_ASYM quantization expects dst element type to be ui8")
			}
			if c.val("offset") == nil {
				return c.errorf("INT8_ASYM quantization requires an offset operand")
			}
		}
		return nil
	}))
}

// tdequantStructure: element types of tdequant (before the bypass).
func tdequantStructure() Rule {
	return always(rule(func(c *vctx) error {
		if src, ok := c.info("src"); ok {
			if it, isInt := src.elem.(*ir.IntegerType); !isInt || it.Signedness == 'u' || it.Width != 8 && it.Width != 16 {
				return c.errorf("expects src element type to be a signless or signed 8- or 16-bit integer")
			}
		}
		for _, n := range []string{"dst", "scale", "offset"} {
			if in, ok := c.info(n); ok && in.elem != ir.F32 {
				return c.errorf("expects %s element type to be f32", n)
			}
		}
		return nil
	}))
}

// tdivsOperands: one tile and one scalar, in either order.
func tdivsOperands() Rule {
	return rule(func(c *vctx) error {
		a, b := c.typ("src"), c.typ("scalar")
		if isDpsType(a) == isDpsType(b) || !isDpsType(a) && !isScalar(a) || !isDpsType(b) && !isScalar(b) {
			return c.errorf("expects one tile-like operand and one scalar operand in ins(...)")
		}
		return nil
	})
}

// tdivsTile is the tile operand of a tdivs, whichever it is.
func tdivsTile(c *vctx) string {
	if isDpsType(c.typ("src")) {
		return "src"
	}
	return "scalar"
}

var tdivsElems = listFact("tdivs.elements")

// tdivsRules: the tile operand and dst as tile-scalar ops take them.
func tdivsRules() []Rule {
	return one(tdivsOperands(),
		rule(func(c *vctx) error {
			t := tdivsTile(c)
			for _, r := range []Rule{tiles(t, "dst"), inLoc("vec", t, "dst"), sameElem(t, "dst"), sameValid(t, "dst")} {
				if err := r.check(c); err != nil {
					return err
				}
			}
			return nil
		}),
		archRule(func(c *vctx) error { return checkArchElems(c, tdivsElems, tdivsTile(c)) }))
}

// tputAsync: GM operands that are flat (all dims but the last 1) and
// static, of one element type (ptoas checks memrefs too).
func tputAsync() Rule {
	return always(rule(func(c *vctx) error {
		for _, n := range []string{"dst", "src"} {
			if !flatGM(c.typ(n)) {
				return c.errorf("expects %s to be a static flat contiguous logical 1D GM memref", n)
			}
		}
		d, _ := c.info("dst")
		s, _ := c.info("src")
		if d.elem != s.elem {
			return c.errorf("expects src and dst to have the same element type")
		}
		if !slices.Equal(d.shape, s.shape) {
			return c.errorf("expects src and dst to have the same shape")
		}
		return nil
	}))
}

// flatGM: a static GM memref or view whose dimensions but the last are 1.
func flatGM(t ir.Type) bool {
	in, ok := infoOf(t)
	if !ok || in.space != "gm" || in.tb != nil || len(in.shape) == 0 {
		return false
	}
	for i, d := range in.shape {
		if d == ir.Dynamic || i < len(in.shape)-1 && d != 1 {
			return false
		}
	}
	return true
}

// tpopValid: a tpop_from_aic/aiv with valid operands makes a `?` tile.
func tpopValid() Rule {
	return always(rule(func(c *vctx) error {
		r, col := c.val("valid_row"), c.val("valid_col")
		if (r == nil) != (col == nil) {
			return c.errorf("expects valid_row and valid_col operands to be provided together")
		}
		if r == nil {
			return nil
		}
		t := c.tile("tile")
		if t == nil {
			return c.errorf("expects tile result to be !pto.tile_buf when valid_row/valid_col operands are provided")
		}
		if v := t.ValidShape(); len(v) != 2 || v[0] != ir.Dynamic || v[1] != ir.Dynamic {
			return c.errorf("expects tile result to have dynamic validShape (?, ?) when valid_row/valid_col operands are provided")
		}
		return nil
	}))
}

// splitAttr: split is 0, 1 or 2.
func splitAttr() Rule {
	return always(rule(func(c *vctx) error {
		if n, ok := c.op.Attr("split").(*ir.IntegerAttr); ok && (n.Value < 0 || n.Value > 2) {
			return c.errorf("expects 'split' to be 0, 1, or 2")
		}
		return nil
	}))
}

// syncEvent: sync.set/wait name their event once.
func syncEvent() Rule {
	return always(rule(func(c *vctx) error {
		if (c.val("event_id_dyn") != nil) == (c.op.Attr("event_id") != nil) {
			return c.errorf("expects exactly one event-id form: static attr or dynamic index operand")
		}
		if n, ok := c.op.Attr("ffts_mode").(*ir.IntegerAttr); ok && (n.Value < 0 || n.Value > 2) {
			return c.errorf("requires ffts_mode in range [0, 2], but got %d", n.Value)
		}
		return nil
	}))
}

// bufID: get_buf/rls_buf take a buffer id in [0, 31] and a mode >= 0.
func bufID() Rule {
	return always(rule(func(c *vctx) error {
		if n, ok := c.op.Attr("buf_id").(*ir.IntegerAttr); ok && (n.Value < 0 || n.Value > 31) {
			return c.errorf("expects 'buf_id' in range [0, 31]")
		}
		if n, ok := c.op.Attr("mode").(*ir.IntegerAttr); ok && n.Value < 0 {
			return c.errorf("expects 'mode' to be non-negative")
		}
		return nil
	}))
}

// viewCast: treshape/bitcast keep the space and the byte size (bitcast:
// the shape and valid shape too, another element type).
func viewCast(bitcast bool) Rule {
	return rule(func(c *vctx) error {
		src, dst := c.tile("src"), c.tile("result")
		if src == nil || dst == nil {
			return nil
		}
		if src.Space != dst.Space {
			return c.errorf("expects src and result to be in the same address space")
		}
		sb, db := elemBytes(src.Elem), elemBytes(dst.Elem)
		ns, ok1 := product(src.Shape)
		nd, ok2 := product(dst.Shape)
		if bitcast {
			if src.Elem == dst.Elem {
				return c.errorf("expects src/result to have different element types; use pto.treshape for shape/config changes")
			}
			if !slices.Equal(src.Shape, dst.Shape) || !slices.Equal(src.ValidShape(), dst.ValidShape()) {
				return c.errorf("expects src and result to have the same shape and valid shape")
			}
			if ok1 && ok2 && nd*db > ns*sb {
				return c.errorf("expects the result to be no larger than the source")
			}
			return nil
		}
		if ok1 && ok2 && sb > 0 && db > 0 && ns*sb != nd*db {
			return c.errorf("expects src and dst to have the same total byte size")
		}
		if (src.Layout.SLayoutName() == "none_box") != (dst.Layout.SLayoutName() == "none_box") {
			return c.errorf("cannot reshape between boxed and non-boxed tile layouts")
		}
		return nil
	})
}

// subsetRules: ptoas's windows of boxed tiles are whole boxes and keep
// full columns of a row-major tile, full rows of a column-major one.
func subsetRules() Rule {
	return rule(func(c *vctx) error {
		src := c.tile("source")
		sizes, ok := I64s(c.op.Attr("sizes"))
		offs := c.vals("offsets")
		if src == nil || !ok {
			return nil
		}
		if len(sizes) != 2 || len(offs) != 2 || len(src.Shape) != 2 {
			return c.errorf("expects a rank-2 source, 2 offsets and 2 sizes")
		}
		l := src.Layout
		if l.SLayoutName() == "none_box" {
			return nil
		}
		b := elemBytes(src.Elem)
		if b <= 0 {
			b = 1
		}
		var box [2]int64
		switch fr := l.FractalSize(); {
		case fr == 1024:
			box = [2]int64{16, 16}
		case fr == 32:
			box = [2]int64{16, 2}
		case fr == 512 && l.SLayout == "row_major":
			box = [2]int64{16, 32 / b}
		case fr == 512:
			box = [2]int64{32 / b, 16}
		default:
			return c.errorf("unsupported tile layout for subset")
		}
		for d := range 2 {
			if box[d] <= 0 || sizes[d] <= 0 || sizes[d]%box[d] != 0 {
				return c.errorf("expects subset sizes to be whole %dx%d boxes of the source layout, got %s", box[0], box[1], ir.FormatShape(sizes))
			}
			if off, ok := arith.ConstantInt(offs[d]); ok && (off < 0 || off%box[d] != 0) {
				return c.errorf("expects subset offset %d in dimension %d to start on a %dx%d box", off, d, box[0], box[1])
			}
		}
		keep, what := 1, "cols"
		if c.blayout(src) != "row_major" {
			keep, what = 0, "rows"
		}
		if sizes[keep] != src.Shape[keep] {
			return c.errorf("expects a subset of a %s boxed tile to keep all its %s (%d), got %d", c.blayout(src), what, src.Shape[keep], sizes[keep])
		}
		if off, ok := arith.ConstantInt(offs[keep]); !ok || off != 0 {
			return c.errorf("expects a subset of a %s boxed tile at a constant offset 0 in its %s", c.blayout(src), what)
		}
		return nil
	})
}

// binaryElems is binary with one element list on every arch.
func binaryElems(list string) []Rule {
	return one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), sameValid("src0", "src1", "dst"),
		rowMajor("expects src0, src1, and dst to use row-major layout", "src0", "src1", "dst"), elems(list, "src0"))
}

// scalarIsElem: the scalar operand has the tile's element type.
func scalarIsElem(tile string) Rule {
	return rule(func(c *vctx) error {
		in, ok := c.info(tile)
		if s := c.typ("scalar"); ok && s != nil && s != in.elem {
			return c.errorf("expects scalar type to match the tile element type")
		}
		return nil
	})
}

// resultIsElem: the scalar result has the tile's element type.
func resultIsElem(tile, result string) Rule {
	return rule(func(c *vctx) error {
		in, ok := c.info(tile)
		if r := c.typ(result); ok && r != nil && r != in.elem {
			return c.errorf("expects result type to match the %s element type", tile)
		}
		return nil
	})
}

// sameType: two values of one type.
func sameType(c *vctx, a, b, msg string) error {
	if ta, tb := c.typ(a), c.typ(b); ta != nil && tb != nil && ta != tb {
		return c.errorf("%s", msg)
	}
	return nil
}

// texpandsRules: a vec or mat dst of the scalar's type; row-major in vec
// where the target says.
var texpandsVecRowMajor = flagFact("texpands.vec_row_major")

func texpandsRules() []Rule {
	return one(tiles("dst"), inLoc("vec mat", "dst"), scalarIsElem("dst"), archElems("texpands.elements", "dst"),
		archRule(func(c *vctx) error {
			if t := c.tile("dst"); t != nil && t.Space == "vec" && c.arch.Flag(texpandsVecRowMajor) && c.blayout(t) != "row_major" {
				return c.errorf("expects vec dst to use row-major layout on %s", c.label())
			}
			return nil
		}))
}

// tciRules: an i16 or i32 dst of S's type, more than one column.
func tciRules() []Rule {
	return one(tiles("dst"), elems("i16 i32", "dst"),
		rule(func(c *vctx) error {
			d, ok := c.info("dst")
			if !ok {
				return nil
			}
			if c.typ("S") != d.elem {
				return c.errorf("expects S and dst element type to be exactly the same type")
			}
			if len(d.shape) == 2 && d.shape[1] == 1 {
				return c.errorf("expects dst cols to be different from 1")
			}
			return nil
		}))
}

// gemvRules is ptoas's verifyGemvTileOperands: a 1-row lhs in left, rhs
// in right, a 1-row dst in acc, the inner valid extents agreeing.
func gemvRules(lhs, rhs string) []Rule {
	return one(tiles(lhs, rhs, "dst"), inLoc("left", lhs), inLoc("right", rhs), inLoc("acc", "dst"),
		rule(func(c *vctx) error {
			l, ok1 := c.info(lhs)
			r, ok2 := c.info(rhs)
			d, ok3 := c.info("dst")
			if !ok1 || !ok2 || !ok3 || len(l.valid) != 2 || len(r.valid) != 2 || len(d.valid) != 2 {
				return nil
			}
			if l.valid[0] != ir.Dynamic && l.valid[0] != 1 {
				return c.errorf("expects lhs valid_shape[0] to be 1 for tgemv")
			}
			if known(l.valid[1], r.valid[0]) && l.valid[1] != r.valid[0] {
				return c.errorf("expects lhs valid_shape[1] to equal rhs valid_shape[0], but got %d vs %d", l.valid[1], r.valid[0])
			}
			if known(r.valid[1], d.valid[1]) && r.valid[1] != d.valid[1] {
				return c.errorf("expects rhs valid_shape[1] to equal dst valid_shape[1], but got %d vs %d", r.valid[1], d.valid[1])
			}
			return nil
		}),
		matmulTriple(lhs, rhs))
}

// reserveBuffer: a positive size in vec or mat, a base when not
// allocated automatically.
func reserveBuffer() Rule {
	return always(rule(func(c *vctx) error {
		if n, ok := c.op.Attr("size").(*ir.IntegerAttr); ok && n.Value <= 0 {
			return c.errorf("expects 'size' to be positive")
		}
		if l := EnumValue(c.op.Attr("location"), "address_space"); l != "vec" && l != "mat" {
			return c.errorf("expects 'location' to be #pto.address_space<vec> or #pto.address_space<mat>")
		}
		if a, ok := c.op.Attr("autoAlloc").(*ir.IntegerAttr); ok && a.Value == 0 && c.op.Attr("base") == nil {
			return c.errorf("expects 'base' when 'auto' is false")
		}
		if n, ok := c.op.Attr("base").(*ir.IntegerAttr); ok && n.Value < 0 {
			return c.errorf("expects 'base' to be non-negative")
		}
		return nil
	}))
}
