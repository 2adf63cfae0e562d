package memref

import "github.com/pto-opt/pto-opt/dialect/ir"

func hint(name string) func(*ir.Operation) []string {
	return func(*ir.Operation) []string { return []string{name} }
}

// The memref dialect (and bufferization's buffer/tensor bridges): the
// allocations, views and accesses the static memory planner works on.

func init() { ir.RegisterDialect("memref") }

// readWrite are the effects of an op that may read and write any of its
// operands.
var readWrite = []ir.Effect{{Kind: ir.Read, Operand: ir.AllOperands}, {Kind: ir.Write, Operand: ir.AllOperands}}
