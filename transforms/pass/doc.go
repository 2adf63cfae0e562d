// Package pass is pto-opt's pass manager: the registry of passes and
// named pipelines, their typed options, textual pipelines, the Context a
// running pass sees, the analyses it shares with the passes after it
// (analysis.go), and the Manager that runs a pipeline with
// instrumentation (verifier between passes, IR printing, timing,
// statistics, threads for function passes).
//
// A pass is a *Pass value declared in the package of its area under
// transforms/: it names the pass, says what it does, which op it anchors
// on, which options it takes (an options struct bound flag-style, so a
// bad value is an error when the pipeline is parsed) and which passes
// must have run before it. The passes are registered in one place, the
// table of pto-opt/transforms/all (all.Passes, in the order --help lists
// them), when that package is imported; a package of passes registers
// none itself.
package pass
