// Package parser reads MLIR's textual IR, as mlir-opt prints and reads
// it, into pto-opt's IR. The API is New, Parser.Parse, ParseString and
// Options (api.go).
//
// # What it reads
//
// Operations in the generic form, `%r = "dialect.op"(%a) [^bb] <{props}>
// ({regions}) {attrs} : (types) -> types loc(...)`, of any dialect (of a
// dialect pto-opt does not know only with Options.AllowUnregistered), and
// in the pretty form of the ops pto-opt registers; builtin types and
// attributes, dense literals checked against their type and kept in
// mlir-opt's canonical spelling; type and attribute aliases (`!t = ...`,
// `#a = ...`); locations, with the aliases mlir-opt prints after the
// module. Types and attributes of other dialects are kept as text.
// Top-level ops that are not one module are wrapped in one. An op's
// trailing loc(...) becomes its location in later diagnostics.
//
// # How it is built
//
// One hand-written lexer (scanner) makes tokens on demand, and a stream
// over it is the one token source all productions read (lexer.go).
// Nothing is lexed ahead of the place being parsed, but for the one
// generic op participle holds, so refusing a wrong input costs time and
// memory in proportion to the text before the error.
//
// The generic form of an operation is a participle grammar (grammar.go).
// participle is handed one op at a time, each of its brace groups folded
// into one token, and the grammar's types, attribute dictionaries and
// regions are custom productions that call back into hand-written
// recursive descent: types.go, attrs.go, dense.go, locs.go, region.go and
// ops.go. An op in the pretty form is read by its dialect's parser
// (ir.OpDef.Parse) through asmParser, the ir.AsmParser over the
// same tokens (asmparser.go). The op states read are then built into IR
// (build.go), which resolves SSA names and block labels, forward
// references included.
//
// A parse reads generic ops first with a hand-written reader that
// follows the grammar token for token (generic.go), and builds the
// regions of isolated-from-above ops (functions, modules) as it reads
// them, so that op states die as their ops are built (stream.go). At any
// error the input is read again with participle and the whole-region
// builder, which report it; TestGenericReaders checks that both ways
// build the same IR.
//
// # Errors
//
// The first error wins. Parse returns one *ir.Diagnostic, located
// file:line:col: the first error a reader going once through the text
// meets, which is where mlir-opt reports. errors.go says how participle,
// which backtracks and reads an op ahead, is kept from reporting another.
//
// # Limits
//
// Attributes, types, regions and ops nest at most 65536 levels
// (maxNesting, deeper than any file mlir-opt reads), so that no input
// exhausts the stack, and the text of
// location aliases written out in full is bounded (locBudget).
//
// # Large inputs
//
// A module of 8 kB or more is cut between its top-level ops with a
// textual scan (split.go); the pieces are parsed, and their functions
// built, on parallel workers (at most Options.Threads), and linked in
// order. Any error makes the parser read the file again in one piece,
// which reports it exactly.
package parser
