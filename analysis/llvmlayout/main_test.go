package llvmlayout_test

import (
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// TestMain says, after the tests, which comparisons with LLVM were left
// out for want of its tools.
func TestMain(m *testing.M) { testtool.Main(m) }
