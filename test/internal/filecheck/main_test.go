package filecheck

import (
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// TestMain says, after the tests, which comparisons with LLVM's own tool
// were left out for want of it.
func TestMain(m *testing.M) { testtool.Main(m) }
