package ir

// MemoryEffectsOf is the op interface of an op whose effects depend on
// the op itself (optional and variadic operands, as the pto dialect's
// table resolves them): the effects on op's operands and results, and
// whether the op declares any (false: it may touch any memory).
type MemoryEffectsOf interface {
	MemoryEffects(op *Operation) ([]Effect, bool)
}

// OperandEffects are op's memory effects, each on one operand or result:
// its MemoryEffectsOf interface when it has one, else its registered
// effects with AllOperands spread over the operands. known is false for
// an op that declares no effects.
func OperandEffects(op *Operation) (effects []Effect, known bool) {
	if f, ok := InterfaceOf[MemoryEffectsOf](op); ok {
		return f.MemoryEffects(op)
	}
	if len(op.Def.Effects) == 0 {
		return nil, false
	}
	var out []Effect
	for _, e := range op.Def.Effects {
		if e.Operand == AllOperands {
			for i := range op.Operands {
				out = append(out, Effect{Kind: e.Kind, Operand: i, Result: -1})
			}
			continue
		}
		out = append(out, e)
	}
	return out, true
}
