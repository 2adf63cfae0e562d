// Package cf is MLIR's cf dialect: unstructured branches between blocks
// (br, cond_br, switch) and assert.
package cf

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.RegisterDialect("cf")
}
