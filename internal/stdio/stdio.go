// Package stdio tells whether a standard stream was closed when the
// program started. Go's runtime opens /dev/null read-write in place of a
// closed descriptor 0, 1 or 2, so a closed stdin would read as an empty
// module and a closed stdout would swallow the output, both with exit
// status 0. mlir-opt fails instead ("cannot open input file '-'", a write
// error), and so must a tool used in builds.
package stdio

import "os"

// WasClosed reports whether f (os.Stdin, os.Stdout or os.Stderr) stands
// for a descriptor that was closed at start: it is the null device opened
// read-write, which a shell redirection (<, >) never produces.
func WasClosed(f *os.File) bool { return wasClosed(f) }
