// Package parser reads MLIR's textual IR into pto-opt's IR.
//
// The parser is hand-written recursive descent over a token stream that
// is lexed on demand (region.go), with participle for the generic form of
// operations: `"dialect.op"(operands) [successors] <{props}> (regions)
// {attrs} : type` is a participle grammar (grammar.go) whose types,
// attribute dictionaries and regions are custom productions calling back
// into the hand-written code. participle lexes all of its input into one
// token slice before parsing, so it is handed exactly one generic op at a
// time, with every brace group of the op (its regions, its property and
// attribute dictionaries) folded into a single Braces token that the
// production meeting it reads lazily. Nothing is ever lexed ahead of the
// place being parsed, so an error costs time and memory in proportion to
// the text before it. The lexer is a hand-written participle lexer. Large
// modules are parsed in chunks on parallel workers (split.go).
package parser
