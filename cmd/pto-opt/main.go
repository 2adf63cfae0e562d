// Command pto-opt is an MLIR-compatible optimizer driver for static memory
// planning: `pto-opt [passes] [options] input.mlir`. See package driver.
package main

import (
	"os"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	_ "github.com/pto-opt/pto-opt/dialect/all" // every dialect pto-opt reads and writes
	"github.com/pto-opt/pto-opt/internal/gcpace"
)

func main() {
	gcpace.Start(gcFloor, gcFraction)
	os.Exit(driver.Main())
}

// The collector's pace (internal/gcpace): no collection before the heap
// holds gcFloor bytes, then a heap of L live bytes grows by at most
// max(gcFloor, L*gcFraction) between collections.
const (
	gcFloor    = 64 << 20
	gcFraction = 0.5
)
