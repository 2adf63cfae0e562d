package dialect

// Verifier helpers shared by several dialects. Each op's own verifier sits
// in its dialect's file, next to its parser and printer: generic-form input
// can build any op with any operands, so an op that passes its verifier
// must be printable in its custom form and mean the same after a round
// trip. Messages follow mlir-opt's wording.

// isSignlessIntOrIndex: a signless integer or index (arith's operands,
// scf.for's induction variable).
func isSignlessIntOrIndex(t Type) bool {
	switch t := t.(type) {
	case *IntegerType:
		return t.Signedness == 0
	case *IndexType:
		return true
	}
	return false
}

// expectOperands and expectResults word their messages as MLIR's
// NOperands and NResults traits do ("expected" operands, "requires"
// results); verifyCounts says "requires" for both, and the ops that use it
// keep their diagnostics.
func expectOperands(op *Operation, n int) error {
	if len(op.Operands) != n {
		return Errorf(op, "expected %d operands, but found %d", n, len(op.Operands))
	}
	return nil
}

func expectResults(op *Operation, n int) error {
	if n == 0 && len(op.Results) != 0 {
		return Errorf(op, "requires zero results")
	}
	if len(op.Results) != n {
		return Errorf(op, "requires %d results, but found %d", n, len(op.Results))
	}
	return nil
}

func verifyCounts(op *Operation, operands, results int) error {
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
