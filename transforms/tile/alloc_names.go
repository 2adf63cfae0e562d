package tile

import (
	"strconv"

	"github.com/pto-opt/pto-opt/dialect/ir"
	"github.com/pto-opt/pto-opt/printer"
)

// allocNames names fn's tile allocations as the printer does (the names
// the planners sort by and reports show). printer.Names prints the whole
// function to learn them, a large share of memory-reuse's and
// allocate-addr's time on a long kernel; in the common case the names
// are known without it:
//
// the allocations open the entry block (init-memref hoists them there)
// and each carries a source name that the printer keeps as it is (a
// letter or '_' first, then letters, digits and _$.-, not argN), none
// taken by another allocation or an entry argument. The printer numbers
// a region's arguments first, then its ops' results in order, and a name
// is renamed only when taken before it in its scope (the function body,
// whose parent scope is empty when the function is printed on its own),
// so each allocation's name is then its source name.
//
// Otherwise allocNames asks the printer. TestAllocNamesMatchPrinter
// keeps the two in step.
func allocNames(fn *ir.Operation) map[*ir.Value]string {
	if names, ok := allocNamesFast(fn); ok {
		return names
	}
	return printer.Names(fn, printer.Options{})
}

func allocNamesFast(fn *ir.Operation) (map[*ir.Value]string, bool) {
	entry := fn.Body(0)
	if entry == nil {
		return nil, false
	}
	used := map[string]bool{}
	argID := 0
	for _, a := range entry.Args {
		name := a.NameHint
		if name == "" {
			name = "arg" + strconv.Itoa(argID)
			argID++
		} else if !keptAsIs(name) {
			return nil, false
		}
		if used[name] {
			return nil, false
		}
		used[name] = true
	}
	n := 0
	for n < len(entry.Ops) && IsAlloc(entry.Ops[n]) {
		n++
	}
	names := make(map[*ir.Value]string, n)
	for _, op := range entry.Ops[:n] {
		r := op.Results[0]
		h := r.NameHint
		if !keptAsIs(h) || used[h] {
			return nil, false
		}
		used[h] = true
		names[r] = "%" + h
	}
	// Every allocation must be among them.
	count := 0
	fn.Walk(func(op *ir.Operation) bool {
		if IsAlloc(op) {
			count++
		}
		return true
	})
	if count != n {
		return nil, false
	}
	return names, true
}

// keptAsIs reports a source name the printer prints unchanged: not
// empty, not starting with a digit, not argN (which the printer
// generates afresh), and only letters, digits and _$.-.
func keptAsIs(h string) bool {
	if h == "" || h[0] >= '0' && h[0] <= '9' {
		return false
	}
	for i := 0; i < len(h); i++ {
		c := h[i]
		if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '_' || c == '$' || c == '.' || c == '-') {
			return false
		}
	}
	if len(h) >= 4 && h[:3] == "arg" {
		digits := true
		for i := 3; i < len(h); i++ {
			digits = digits && h[i] >= '0' && h[i] <= '9'
		}
		if digits {
			return false
		}
	}
	return true
}
