// Package builtin is MLIR's builtin dialect's ops: builtin.module and
// builtin.unrealized_conversion_cast. Its types and attributes (integer,
// float, memref, dense, ...) belong to the IR core, dialect/ir, as they
// do in MLIR.
package builtin

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.RegisterDialect("builtin")
}
