package llvmlayout

// The tests read IR of every dialect.
import _ "github.com/pto-opt/pto-opt/dialect/all"
