package cf

import "github.com/pto-opt/pto-opt/dialect/ir"

// The cf dialect: unstructured branches between blocks.

func init() {
	ir.RegisterDialect("cf")
}
