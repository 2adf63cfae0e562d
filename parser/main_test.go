package parser_test

import (
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// TestMain ends the run saying what was left out and why: the mlir-opt
// comparisons without mlir-opt, the op forms not tried without
// PTO_EXHAUSTIVE=1 (also in a plain go test ./..., see testtool).
func TestMain(m *testing.M) { testtool.Main(m) }
