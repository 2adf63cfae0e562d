// Package all registers every pass of pto-opt: the passes register
// themselves when their package is initialised, so importing this package
// for its side effect makes them all known to the pass manager. It
// registers every dialect too (dialect/all), since a pipeline of passes
// may read IR of any of them.
package all

import (
	_ "github.com/pto-opt/pto-opt/dialect/all"
	_ "github.com/pto-opt/pto-opt/transforms/memrefplan" // static-memory-planner-analysis
	_ "github.com/pto-opt/pto-opt/transforms/testpasses" // test-print-aliases, test-print-liveness
	_ "github.com/pto-opt/pto-opt/transforms/tile"       // the tile memory passes and pto-memory-plan
	_ "github.com/pto-opt/pto-opt/transforms/tiletopto"  // convert-tile-to-pto
)
