package funcdialect

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.RegisterDialect("func")
}
