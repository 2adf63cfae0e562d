// Package pass is pto-opt's pass manager: the registry of passes and
// named pipelines, their typed options, textual pipelines, the Context a
// running pass sees, the analyses it shares with the passes after it
// (analysis.go), and the Manager that runs a pipeline with
// instrumentation (verifier between passes, IR printing, timing,
// statistics, threads for function passes).
//
// Passes are declared in a table, like cmd/compile's SSA passes: each
// entry names the pass, says what it does, which op it anchors on, which
// options it takes (an options struct bound flag-style, so a bad value is
// an error when the pipeline is parsed) and which passes must have run
// before it. The passes live in packages of their own and register
// themselves when imported (pto-opt/transforms/all imports them all).
package pass
