// Package memref is MLIR's memref dialect as LLVM 22 has it: the
// allocations, views and accesses the static memory planner works on,
// with the syntax and verifier messages of mlir-opt. The memref type and
// its strided layouts are builtin (dialect/ir).
package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() { ir.RegisterDialect("memref") }

// readWrite are the effects of an op that may read and write any of its
// operands.
var readWrite = []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands}, {Kind: ir.Write, Operand: ir.AllOperands}}

// hint names an op's result name when printed (%alloc, %view, ...).
func hint(name string) func(*ir.Operation) []string {
	return func(*ir.Operation) []string { return []string{name} }
}
