// Command pto-opt is an MLIR-compatible optimizer driver for static memory
// planning: `pto-opt [passes] [options] input.mlir`. See package driver.
package main

import (
	"os"

	"pto-opt/cmd/pto-opt/driver"
)

func main() {
	os.Exit(driver.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
