package ptoasdump

import (
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// TestMain says, after the tests, whether ptoas's plan of a real kernel
// was read or left out for want of ptoas or the corpus.
func TestMain(m *testing.M) { testtool.Main(m) }
