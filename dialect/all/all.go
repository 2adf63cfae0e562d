// Package all registers every dialect pto-opt knows, as transforms/all
// registers every pass: a program (or a test) that reads IR imports it
// once, for its side effects. The IR core (dialect/ir) and the parser and
// printer know no dialect; each dialect package registers its ops, types
// and attributes from its init.
package all

import (
	_ "github.com/pto-opt/pto-opt/dialect/arith"
	_ "github.com/pto-opt/pto-opt/dialect/bufferization"
	_ "github.com/pto-opt/pto-opt/dialect/builtin"
	_ "github.com/pto-opt/pto-opt/dialect/cf"
	_ "github.com/pto-opt/pto-opt/dialect/func"
	_ "github.com/pto-opt/pto-opt/dialect/memref"
	_ "github.com/pto-opt/pto-opt/dialect/pto"
	_ "github.com/pto-opt/pto-opt/dialect/scf"
	_ "github.com/pto-opt/pto-opt/dialect/tile"
)
