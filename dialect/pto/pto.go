// Package pto is the pto dialect: the input language of the ptoas
// assembler. pto-opt emits it from tile kernels (convert-tile-to-pto) and
// reads it back. Ops are destination-passing: inputs in ins(...), the
// written tile in outs(...). It is ptoas's language, not derived from
// pto-opt's tile dialect: it declares the instructions it registers
// itself (ComputeOps, ViewCastOps).
package pto

import "github.com/pto-opt/pto-opt/dialect/ir"

func init() {
	ir.RegisterDialect("pto")
	ir.RegisterTypeParser("pto", parseType)
}
