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
	gcpace.Start(gcFloor, gcBudget, gcMaxGrowth)
	os.Exit(driver.Main())
}

// The collector's pace (internal/gcpace): no collection before the heap
// holds gcFloor bytes, then one whenever the garbage made since the last
// is likely to reach max(gcFloor/4, live*gcBudget), the heap growing by
// at most gcMaxGrowth times what is live in between. Reading a large
// file, where nearly all that is allocated stays live, a growth of 1.5
// saves the second of two collections that would free a few percent:
// up to 7% of the CPU for 0-4% more peak memory on 20 MB inputs.
const (
	gcFloor     = 64 << 20
	gcBudget    = 0.15
	gcMaxGrowth = 1.5
)
