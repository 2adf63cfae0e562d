package report

import (
	"testing"

	"github.com/pto-opt/pto-opt/internal/testtool"
)

// TestMain says, after the tests, whether the pictures were rendered by a
// browser or left out for want of one.
func TestMain(m *testing.M) { testtool.Main(m) }
