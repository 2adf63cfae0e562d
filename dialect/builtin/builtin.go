package builtin

import "github.com/pto-opt/pto-opt/dialect/ir"

// The builtin and func dialects: modules, functions, calls and returns.

func init() {
	ir.RegisterDialect("builtin")
}
