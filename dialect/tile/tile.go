// Package tile is pto-opt's tile dialect: tile kernels for scratchpad
// accelerators (PyPTO's model). Every op but tile.alloc shares one pretty
// form:
//
//	%r = tile.<op> <operands> [into %buf[ + <byte offset>]] [{attrs}] : (<operand types>) -> <result type>
//
// `into %buf` is the destination allocation (the last operand; generic form
// marks it with operandSegmentSizes = array<i32: N, 1>). Each op is a row
// of the op table (Ops, table.go), from which its registry entry, its
// verifier and its lowering to the pto dialect derive; the aliasing rules
// of the ops (the table in PyPTO's MemoryReuse pass documentation) are
// columns of the rows.
package tile

import "github.com/pto-opt/pto-opt/dialect/ir"

// Memory spaces of the tile dialect, in the order targets list them.
var Spaces = []string{"ddr", "vec", "mat", "left", "right", "acc", "bias", "left_scale", "right_scale"}

// IsSpace reports whether s names a tile memory space.
func IsSpace(s string) bool {
	for _, t := range Spaces {
		if t == s {
			return true
		}
	}
	return false
}

func init() {
	ir.RegisterDialect("tile")
	ir.RegisterTypeParser("tile", parseType)
}

// IsTileOp reports whether op is an op of the tile dialect.
func IsTileOp(op *ir.Operation) bool { return op.Dialect() == "tile" }
