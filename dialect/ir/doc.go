// Package ir is pto-opt's IR core, as MLIR's IR library is MLIR's: the
// data model (Operation, Value, Block, Region, Location), the builtin types
// and attributes (integer, float, index, memref with its strided layouts,
// tensor, vector, complex, tuple, function, none, opaque; dense elements,
// arrays, dictionaries, affine maps kept as text, ...), the op registry
// (OpDef, traits, memory effects, region branches, op interfaces), the
// verifier driver, diagnostics, the AsmParser and AsmPrinter interfaces
// custom syntax is written against, and the format kit: declarative
// assembly formats (format*.go) and the pieces hand-written syntax is
// composed of (custom_syntax.go).
//
// The model is MLIR's: an Operation has operands, results, properties
// (inherent attributes), discardable attributes, successors and regions; a
// Region holds Blocks; a Block has arguments and an ordered list of
// operations. Values are SSA and keep use lists so that passes can replace
// and erase without rescanning the function. Structures are plain Go structs
// (in the style of llir/llvm): passes read and write fields directly, and the
// helpers here keep the use lists consistent.
//
// ir knows no dialect. Each dialect is a package under dialect/ that
// registers its ops (Register), types (RegisterTypeParser) and attributes
// from its init; dialect/all imports them all.
package ir
