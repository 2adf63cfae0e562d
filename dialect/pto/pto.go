package pto

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.RegisterDialect("pto")
	ir.RegisterTypeParser("pto", parseType)
}
