package ir

// Verifier helpers shared by several dialects. Each op's own verifier sits
// in its dialect's file, next to its parser and printer: generic-form input
// can build any op with any operands, so an op that passes its verifier
// must be printable in its custom form and mean the same after a round
// trip. Messages follow mlir-opt's wording.

// VerifySegments checks operandSegmentSizes has n entries that add up to
// the operand count (when present or required).
func VerifySegments(op *Operation, n int, required bool) ([]int, error) {
	seg := op.SegmentSizes("operandSegmentSizes")
	if seg == nil {
		if required {
			return nil, Errorf(op, "requires attribute 'operandSegmentSizes'")
		}
		return nil, nil
	}
	sum := 0
	for _, s := range seg {
		if s < 0 {
			return nil, Errorf(op, "operandSegmentSizes must be non-negative")
		}
		sum += s
	}
	if len(seg) != n || sum != len(op.Operands) {
		return nil, Errorf(op, "operand count (%d) does not match with the total size (%d) specified in attribute 'operandSegmentSizes'", len(op.Operands), sum)
	}
	return seg, nil
}

// IsSignlessIntOrIndex: a signless integer or index (arith's operands,
// scf.for's induction variable).
func IsSignlessIntOrIndex(t Type) bool {
	switch t := t.(type) {
	case *IntegerType:
		return t.Signedness == 0
	case *IndexType:
		return true
	}
	return false
}

// ExpectOperands and ExpectResults word their messages as MLIR's
// NOperands and NResults traits do ("expected" operands, "requires"
// results); VerifyCounts says "requires" for both, and the ops that use it
// keep their diagnostics.
func ExpectOperands(op *Operation, n int) error {
	if len(op.Operands) != n {
		return Errorf(op, "expected %d operands, but found %d", n, len(op.Operands))
	}
	return nil
}

func ExpectResults(op *Operation, n int) error {
	if n == 0 && len(op.Results) != 0 {
		return Errorf(op, "requires zero results")
	}
	if len(op.Results) != n {
		return Errorf(op, "requires %d results, but found %d", n, len(op.Results))
	}
	return nil
}

// VerifyCounts checks the operand and result counts (a negative count is
// not checked).
func VerifyCounts(op *Operation, operands, results int) error {
	if operands >= 0 && len(op.Operands) != operands {
		return Errorf(op, "requires %d operands, but found %d", operands, len(op.Operands))
	}
	if results == 0 && len(op.Results) != 0 {
		return Errorf(op, "requires zero results")
	}
	if results >= 0 && len(op.Results) != results {
		return Errorf(op, "requires %d results, but found %d", results, len(op.Results))
	}
	return nil
}

// ---- region checks ----

// VerifySingleBlockRegions checks each region has at most one block (exactly
// one for the regions listed in required).
func VerifySingleBlockRegions(op *Operation, required ...int) error {
	for i, r := range op.Regions() {
		if len(r.Blocks) > 1 {
			return Errorf(op, "expects region #%d to have 0 or 1 blocks", i)
		}
	}
	for _, i := range required {
		if i >= len(op.Regions()) || len(op.Regions()[i].Blocks) != 1 {
			return Errorf(op, "region #%d failed to verify constraint: region with 1 blocks", i)
		}
	}
	return nil
}

// VerifyMemRefOperand checks that operand i is a memref (ranked or not).
func VerifyMemRefOperand(op *Operation, i int) error {
	if i >= len(op.Operands) || !IsMemRef(op.Operands[i].Type) {
		return Errorf(op, "operand #%d must be a memref", i)
	}
	return nil
}

// VerifyMemRefResult checks that op has one result, a memref.
func VerifyMemRefResult(op *Operation) error {
	if len(op.Results) != 1 || !IsMemRef(op.Results[0].Type) {
		return Errorf(op, "result must be a memref")
	}
	return nil
}

// VerifyIndexOperands checks that the operands from index from on are of
// type index.
func VerifyIndexOperands(op *Operation, from int) error {
	for i := from; i < len(op.Operands); i++ {
		if op.Operands[i].Type != Index {
			return Errorf(op, "operand #%d must be index, but got '%s'", i, op.Operands[i].Type)
		}
	}
	return nil
}
