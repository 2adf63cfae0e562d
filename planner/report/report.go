// Package report is the memory plan a planning pass (or pto-plan) leaves
// behind, in a form meant for people: per function and memory space, the
// buffers with their sizes, lifetimes and offsets, the peak against the
// lower bound and the capacity, the bytes sharing saved, and the pairs the
// planner was not allowed to share with the reason. It writes JSON, a
// terminal table, and SVG/HTML pictures (x = program point, y = address).
// Like package planner it knows nothing of the IR: FromProblem builds a
// Function from a planner problem and its solution.
//
// # JSON
//
// The JSON form (WriteJSON, a .json report) is a stable interface: fields
// are only ever added, never renamed or given another meaning, and
// "version" changes if that ever has to happen. All sizes, offsets and
// addresses are bytes; program points are the planner's integers, and
// every interval is half-open, [start, end).
//
//	{
//	  "version": 1,
//	  "tool": "pto-opt",              // or "pto-plan"
//	  "input": "kernel.mlir",         // the file planned
//	  "target": "ascend910b",         // omitted when none was named
//	  "functions": [{
//	    "function": "matmul",         // function (or problem) name
//	    "pass": "allocate-addr",      // the pass that planned it
//	    "algorithm": "dsa-rp",        // the placement algorithm
//	    "loc": "kernel.mlir:3:1",     // where the function is, when known
//	    "failed": "...: error: ...",  // only for a plan that does not fit
//	    "points": ["func.func (k.mlir:3:1)", "tile.alloc (k.mlir:4:8)", ...], // the op at each program point, when known
//	    "loops": [{                   // loops of the function, when known
//	      "op": "scf.for", "loc": "k.mlir:9:10",
//	      "span": [12, 20]            // the points of the loop op and its body
//	    }],
//	    "spaces": [{
//	      "space": "vec",             // memory space (planner pool)
//	      "capacity": 196608,         // 0: unbounded
//	      "peak": 65536,              // highest byte used: max(offset+size)
//	      "lower_bound": 32768,       // no placement can peak lower
//	      "no_sharing": 98304,        // peak if nothing shared bytes
//	      "bytes_saved": 32768,       // no_sharing - peak
//	      "reserved": [[0, 256]],     // byte ranges no buffer may use
//	      "buffers": [{
//	        "name": "%t0",
//	        "size": 32768,
//	        "alignment": 32,
//	        "lifetime": [[3, 7]],     // live program points
//	        "offset": 0,              // address within the space
//	        "end": 32768,             // offset + size
//	        "pinned": true,           // the offset was fixed by the input
//	        "loc": "k.mlir:4:8",      // source location, when known
//	        "members": ["%a", "%b"],  // what shares this buffer (memory-reuse)
//	        "across_loops": [0]       // loops (indices into "loops") it lives through: its bytes are kept from one iteration to the next
//	      }],
//	      "refused_pairs": [{         // pairs that may not share bytes
//	        "a": "%t0", "b": "%t1",
//	        "reasons": ["lifetime", "no-alias"],
//	        "detail": "semantic_no_alias", // the planner's own words
//	        "at": "both live at tile.add (k.mlir:6:8)" // where, when known
//	      }],
//	      "refused_counts": {"lifetime": 12, "no-alias": 1},
//	      "refused_total": 12,        // distinct refused pairs
//	      "refused_omitted": 0,       // lifetime-only pairs not listed
//	      "soft_pairs": [{            // may share, at a cost
//	        "a": "%t1", "b": "%t2", "cost": 1, "shared": false
//	      }],
//	      "reuse_cost": 0             // cost of the soft pairs that share
//	    }]
//	  }]
//	}
//
// The reasons are, in this order: "lifetime" (both live at one program
// point), "no-alias" (an op may not write its result over this operand),
// "pinned" (a buffer whose address the input fixed keeps its bytes to
// itself), "hazard" (a target hazard: the split-load/tpop rule, cross-pipe
// synchronisation), "pipeline" (different stages of one software
// pipeline), and "other" (a separation the input gives no reason for).
// Every rule pair is listed; pairs refused for their lifetimes alone are
// listed up to Options.MaxLifetimePairs per space (refused_omitted counts
// the rest) since large problems have millions. Counts are complete: a pair
// refused for two reasons counts under both, once in refused_total.
// Optional fields (target, loc, points, loops, reserved, pinned, members,
// across_loops, detail, soft_pairs, refused_omitted) are omitted when
// empty. Functions are listed
// in source order (by loc; those without one last, as recorded); a
// function's plans by several passes in the order the passes ran.
package report

import (
	"cmp"
	"math"
	"slices"
	"strconv"
	"strings"
)

// Version is the JSON format's version.
const Version = 1

// The refusal reasons, in the order reports list them.
const (
	ReasonLifetime = "lifetime"
	ReasonNoAlias  = "no-alias"
	ReasonPinned   = "pinned"
	ReasonHazard   = "hazard"
	ReasonPipeline = "pipeline"
	ReasonOther    = "other"
)

// Reasons lists the refusal reasons in report order.
var Reasons = []string{ReasonLifetime, ReasonNoAlias, ReasonPinned, ReasonHazard, ReasonPipeline, ReasonOther}

// Buffer is one placed allocation identity.
type Buffer struct {
	Name  string `json:"name"`
	Size  int64  `json:"size"`
	Align int64  `json:"alignment"`
	// Live are the half-open [start, end) program-point intervals.
	Live   [][2]int64 `json:"lifetime"`
	Offset int64      `json:"offset"`
	End    int64      `json:"end"`
	Pinned bool       `json:"pinned,omitempty"`
	// Loc is the source location of the allocation, for hover text.
	Loc string `json:"loc,omitempty"`
	// Members are the tiles or values sharing this buffer, when the pass
	// merged several (memory-reuse).
	Members []string `json:"members,omitempty"`
	// AcrossLoops are the loops (indices into Function.Loops) the buffer
	// lives through, start to end: it holds its bytes from one iteration
	// to the next (an accumulator, a loop-carried tile, or one defined
	// before the loop and read after it).
	AcrossLoops []int `json:"across_loops,omitempty"`
}

// Loop is a loop of the function: the op and the program points it spans,
// the loop op's own and its body's, half-open.
type Loop struct {
	Op   string   `json:"op"`
	Loc  string   `json:"loc,omitempty"`
	Span [2]int64 `json:"span"`
}

// Pair is two buffers that were not allowed to share bytes, and why.
type Pair struct {
	A string `json:"a"`
	B string `json:"b"`
	// Reasons are among Reasons, in that order.
	Reasons []string `json:"reasons"`
	// Detail is the planner's separation reason when it says more than
	// Reasons ("semantic_no_alias", "cross_pipe", ...).
	Detail string `json:"detail,omitempty"`
	// At says where the two meet, when the planner's caller said which
	// op is at which program point (Options.Points): "both live at OP"
	// (the first op where both are live), or, for a rule pair whose
	// lifetimes only touch, "one ends and the other starts at OP" (an op
	// reading one and writing the other).
	At string `json:"at,omitempty"`
}

// SoftPair is two buffers the planner may overlap at a cost (a reuse
// penalty, such as a cross-pipe handoff).
type SoftPair struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Cost   int64  `json:"cost"`
	Shared bool   `json:"shared"` // their bytes overlap in the plan
}

// Space is the plan of one memory space of one function.
type Space struct {
	Name       string `json:"space"`
	Capacity   int64  `json:"capacity"` // 0 = unbounded
	Peak       int64  `json:"peak"`
	LowerBound int64  `json:"lower_bound"`
	// NoSharing is the peak with every storage identity in bytes of its
	// own: laid out one after the other in buffer order, each at the
	// next multiple of its alignment, around reserved ranges and pinned
	// buffers (planner's "trivial" placement). When a pass formed the
	// buffers by merging tiles (memory-reuse), each tile counts on its
	// own. BytesSaved = NoSharing - Peak.
	NoSharing  int64      `json:"no_sharing"`
	BytesSaved int64      `json:"bytes_saved"`
	Reserved   [][2]int64 `json:"reserved,omitempty"`
	Buffers    []Buffer   `json:"buffers"`
	Refused    []Pair     `json:"refused_pairs"`
	// RefusedCounts counts the refused pairs per reason (all of them,
	// listed or not); RefusedTotal counts distinct pairs.
	RefusedCounts  map[string]int64 `json:"refused_counts"`
	RefusedTotal   int64            `json:"refused_total"`
	RefusedOmitted int64            `json:"refused_omitted,omitempty"`
	Soft           []SoftPair       `json:"soft_pairs,omitempty"`
	ReuseCost      int64            `json:"reuse_cost"`
}

// Function is the plan of one function by one pass.
type Function struct {
	Name      string `json:"function"`
	Pass      string `json:"pass"`
	Algorithm string `json:"algorithm,omitempty"`
	// Loc is the function's source location ("file:line:col"). Reports
	// list functions in source order by it, whatever order parallel
	// passes finished in.
	Loc string `json:"loc,omitempty"`
	// Failed is the error of a plan that does not fit (a space over its
	// capacity): the report shows the placement that was found anyway.
	Failed string `json:"failed,omitempty"`
	// Points names the op at each program point, "tile.add (k.mlir:3:8)",
	// when the pass said (Options.Points): the pictures label their x
	// axis with the ops.
	Points []string `json:"points,omitempty"`
	// Loops are the function's loops, outer before inner, when the pass
	// said (Options.Loops): the pictures mark them on the x axis.
	Loops  []Loop  `json:"loops,omitempty"`
	Spaces []Space `json:"spaces"`
}

// Report is everything one run planned.
type Report struct {
	Version   int        `json:"version"`
	Tool      string     `json:"tool"`
	Input     string     `json:"input"`
	Target    string     `json:"target,omitempty"`
	Functions []Function `json:"functions"`
}

// points returns the first and last program point of the space's
// intervals ([0, 1) when there are none).
func (s *Space) points() (lo, hi int64) {
	first := true
	for _, b := range s.Buffers {
		for _, l := range b.Live {
			if first {
				lo, hi, first = l[0], l[1], false
				continue
			}
			lo, hi = min(lo, l[0]), max(hi, l[1])
		}
	}
	if first {
		return 0, 1
	}
	if hi <= lo {
		if lo < math.MaxInt64 {
			hi = lo + 1
		} else {
			lo, hi = math.MaxInt64-1, math.MaxInt64
		}
	}
	return lo, hi
}

// points returns the program points the function's spaces span.
func (f *Function) points() (lo, hi int64) {
	for k := range f.Spaces {
		l, h := f.Spaces[k].points()
		if k == 0 {
			lo, hi = l, h
			continue
		}
		lo, hi = min(lo, l), max(hi, h)
	}
	if len(f.Spaces) == 0 {
		return 0, 1
	}
	return lo, hi
}

// ordered returns the report with its functions in source order: by the
// file, line and column of their locations, stably, so the plans of one
// function keep the order of the passes that made them. Functions whose
// location does not parse come last, in their recorded order.
func (r *Report) ordered() *Report {
	type key struct {
		ok        bool
		file      string
		line, col int
	}
	keys := make([]key, len(r.Functions))
	for i, f := range r.Functions {
		file, line, col, ok := parseLoc(f.Loc)
		keys[i] = key{ok, file, line, col}
	}
	order := make([]int, len(r.Functions))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(x, y int) int {
		a, b := keys[x], keys[y]
		switch {
		case a.ok != b.ok:
			if a.ok {
				return -1 // located functions first
			}
			return 1
		case !a.ok:
			return 0
		case a.file != b.file:
			return cmp.Compare(a.file, b.file)
		case a.line != b.line:
			return cmp.Compare(a.line, b.line)
		}
		return cmp.Compare(a.col, b.col)
	})
	c := *r
	c.Functions = make([]Function, len(order))
	for i, k := range order {
		c.Functions[i] = r.Functions[k]
	}
	return &c
}

// parseLoc splits "file:line:col".
func parseLoc(loc string) (file string, line, col int, ok bool) {
	j := strings.LastIndexByte(loc, ':')
	if j < 0 {
		return "", 0, 0, false
	}
	i := strings.LastIndexByte(loc[:j], ':')
	if i < 0 {
		return "", 0, 0, false
	}
	line, err1 := strconv.Atoi(loc[i+1 : j])
	col, err2 := strconv.Atoi(loc[j+1:])
	if err1 != nil || err2 != nil {
		return "", 0, 0, false
	}
	return loc[:i], line, col, true
}

// Summary returns one line per planned space of every function, for the
// terminal (pto-opt --summary): the peak against the capacity and the
// lower bound, and how many tiles share how many buffers. When several
// passes planned a space (memory-reuse, then allocate-addr), the line
// states the last plan, counting the tiles the first one merged.
//
//	@f vec (memory-reuse ffd, allocate-addr sequential): peak 64 KiB of 184 KiB (34.8%), lower bound 64 KiB; 6 tiles in 3 buffers; saved 128 KiB
func Summary(r *Report) []string {
	type key struct{ fn, loc, space string }
	type entry struct {
		how       []string
		last      Space
		tiles     int
		noSharing int64
		word      string
	}
	var order []key
	entries := map[key]*entry{}
	for _, f := range r.ordered().Functions {
		how := f.Pass
		if f.Algorithm != "" {
			how += " " + f.Algorithm
		}
		for _, s := range f.Spaces {
			k := key{f.Name, f.Loc, s.Name}
			e := entries[k]
			if e == nil {
				e = &entry{word: "tile"}
				entries[k] = e
				order = append(order, k)
			}
			if f.Pass == "static-memory-planner-analysis" {
				e.word = "allocation"
			}
			if !slices.Contains(e.how, how) {
				e.how = append(e.how, how)
			}
			tiles := 0
			for _, buf := range s.Buffers {
				tiles += max(1, len(buf.Members))
			}
			e.tiles = max(e.tiles, tiles)
			e.noSharing = max(e.noSharing, s.NoSharing)
			e.last = s
		}
	}
	var out []string
	for _, k := range order {
		e := entries[k]
		s := &e.last
		var b strings.Builder
		b.WriteString("@" + k.fn + " " + s.Name + " (" + strings.Join(e.how, ", ") + "): peak " + human(s.Peak))
		if s.Capacity > 0 {
			b.WriteString(" of " + human(s.Capacity) + " (" + percent(s.Peak, s.Capacity) + ")")
			if s.Peak > s.Capacity {
				b.WriteString(", OVER CAPACITY")
			}
		} else {
			b.WriteString(", capacity unbounded")
		}
		b.WriteString(", lower bound " + human(s.LowerBound))
		b.WriteString("; " + plural(e.tiles, e.word) + " in " + plural(len(s.Buffers), "buffer"))
		if n := sharingBuffers(s); n > 0 {
			b.WriteString(", " + plural(n, "buffer") + " sharing bytes")
		}
		b.WriteString("; sharing saved " + human(e.noSharing-s.Peak))
		out = append(out, b.String())
	}
	return out
}

// sharingBuffers counts the buffers whose bytes overlap another's.
func sharingBuffers(s *Space) int {
	n := 0
	for i, a := range s.Buffers {
		for j, b := range s.Buffers {
			if i != j && a.Size > 0 && b.Size > 0 && a.Offset < b.End && b.Offset < a.End {
				n++
				break
			}
		}
	}
	return n
}
