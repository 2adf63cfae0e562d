package ir

// Dialects that allow unknown operations (MLIR's
// Dialect::allowUnknownOperations): an op of such a dialect that the
// registry does not know is read in generic form as an unregistered op,
// kept in place and printed generically, without
// --allow-unregistered-dialect; the passes know nothing of it (no traits,
// unknown effects). The pto dialect allows them: ptoas's language grows
// faster than pto-opt's table, and a kernel with a newer op still reads.
var unknownOpDialects = map[string]bool{}

// AllowUnknownOperations lets a registered dialect carry ops the registry
// does not know.
func AllowUnknownOperations(dialect string) { unknownOpDialects[dialect] = true }

// AllowsUnknownOperations reports whether the dialect carries unknown ops.
func AllowsUnknownOperations(dialect string) bool { return unknownOpDialects[dialect] }
