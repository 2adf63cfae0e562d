// Command pto-opt is an MLIR-compatible optimizer driver for static memory
// planning: `pto-opt [passes] [options] input.mlir`. See package driver.
package main

import (
	"os"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
	_ "github.com/pto-opt/pto-opt/dialect/all" // every dialect pto-opt reads and writes
)

func main() { os.Exit(driver.Main()) }
