package main

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"

	"github.com/pto-opt/pto-opt/internal/atomicfile"
	"github.com/pto-opt/pto-opt/internal/stdio"
)

// sharedOutputs refuses -o and --report naming one file, whatever the
// spelling (./x, a symbolic or hard link, /dev/stdout for a standard
// output redirected to the file): the report would silently replace the
// output.
func sharedOutputs(out, reportPath string, stdout io.Writer) error {
	switch {
	case !atomicfile.SameOutput(out, reportPath, stdout):
		return nil
	case out == "-":
		return fmt.Errorf("--report=%s is the file standard output (-o -) goes to; give each output its own file", reportPath)
	}
	return fmt.Errorf("-o %s and --report=%s name the same file; give each output its own file", out, reportPath)
}

// writeOutputs writes the output (to stdout when path is "-") and, when
// reportPath is not empty, the report, so that a failure changes neither
// file: both files are staged first (atomicfile.Batch: a regular file is
// written whole beside its path, a device or pipe such as /dev/null is
// opened to be written in place, never replaced), then standard output is
// written, then both are committed. Errors name the user's paths, never a
// temporary file's, and say when standard output has the output although
// the report failed.
func writeOutputs(path string, data []byte, stdout io.Writer, reportPath string, report []byte) error {
	var batch atomicfile.Batch
	defer batch.Abort()
	if path != "-" {
		if err := batch.Add(path, data); err != nil {
			return pathErr(path, err)
		}
	}
	if reportPath != "" {
		if err := batch.Add(reportPath, report); err != nil {
			return fmt.Errorf("--report: %v", pathErr(reportPath, err))
		}
	}
	if path == "-" {
		if f, ok := stdout.(*os.File); ok && stdio.WasClosed(f) {
			return errors.New("writing standard output: standard output is closed")
		}
		if _, err := stdout.Write(data); err != nil {
			return fmt.Errorf("writing standard output: %w", cause(err))
		}
	}
	if err := batch.Commit(); err != nil {
		var pe *fs.PathError
		switch {
		case !errors.As(err, &pe):
			return err
		case pe.Path == reportPath && path == "-":
			return fmt.Errorf("--report: %v (the output went to standard output)", pathErr(reportPath, err))
		case pe.Path == reportPath:
			return fmt.Errorf("--report: %v", pathErr(reportPath, err))
		}
		return pathErr(pe.Path, err)
	}
	return nil
}

// writeReport writes only the report (a run whose placement does not fit
// writes no output), whole or not at all.
func writeReport(reportPath string, report []byte) error {
	var batch atomicfile.Batch
	defer batch.Abort()
	if err := batch.Add(reportPath, report); err != nil {
		return fmt.Errorf("--report: %v", pathErr(reportPath, err))
	}
	if err := batch.Commit(); err != nil {
		return fmt.Errorf("--report: %v", pathErr(reportPath, err))
	}
	return nil
}

// cause strips the operation and file name from an error about a file:
// they may name a temporary file the user never asked for.
func cause(err error) error {
	var pe *fs.PathError
	var le *os.LinkError
	switch {
	case errors.As(err, &pe):
		return pe.Err
	case errors.As(err, &le):
		return le.Err
	}
	return err
}

// pathErr is err about the user's path.
func pathErr(path string, err error) error {
	return fmt.Errorf("%s: %v", path, cause(err))
}
