// Command pto-opt is an MLIR-compatible optimizer driver for static memory
// planning: `pto-opt [passes] [options] input.mlir`. See package driver.
package main

import (
	"os"
	"os/signal"
	"syscall"

	"github.com/pto-opt/pto-opt/cmd/pto-opt/driver"
)

func main() {
	// With SIGPIPE ignored, writing to a standard output whose reader has
	// gone (pto-opt ... | head -1) is a write error the driver reports
	// with exit status 1, instead of a silent death by signal.
	signal.Ignore(syscall.SIGPIPE)
	os.Exit(driver.Run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr))
}
