// Package report is the memory plan a planning pass (or pto-plan) leaves
// behind, in a form meant for people: per function and memory space, the
// buffers with their sizes, lifetimes and offsets, the peak against the
// lower bound and the capacity, the bytes sharing saved, and the pairs the
// planner was not allowed to share with the reason. It writes JSON, a
// terminal table, and SVG/HTML pictures (x = program point, y = address).
// Like package planner it knows nothing of the IR.
package report

// Buffer is one placed allocation identity.
type Buffer struct {
	Name   string     `json:"name"`
	Size   int64      `json:"size"`
	Align  int64      `json:"alignment"`
	Live   [][2]int64 `json:"lifetime"` // half-open [start, end) program points
	Offset int64      `json:"offset"`   // address within the space (or the arena)
	// Loc is the source location of the allocation, for hover text.
	Loc string `json:"loc,omitempty"`
	// Members are the tiles or values sharing this buffer, when the pass
	// merged several (memory-reuse).
	Members []string `json:"members,omitempty"`
}

// Pair is two buffers that were not allowed to share bytes, and why:
// "lifetime", "no-alias", "pinned", "hazard", "pipeline" (or the planner's
// separation reason).
type Pair struct {
	A      string `json:"a"`
	B      string `json:"b"`
	Reason string `json:"reason"`
}

// Space is the plan of one memory space of one function.
type Space struct {
	Name       string `json:"space"`
	Capacity   int64  `json:"capacity"` // 0 = unbounded
	Peak       int64  `json:"peak"`
	LowerBound int64  `json:"lower_bound"`
	// NoSharing is what the buffers would take laid out one after the
	// other; BytesSaved = NoSharing - Peak.
	NoSharing  int64    `json:"no_sharing"`
	BytesSaved int64    `json:"bytes_saved"`
	Buffers    []Buffer `json:"buffers"`
	Refused    []Pair   `json:"refused_pairs"`
}

// Function is the plan of one function by one pass.
type Function struct {
	Name      string  `json:"function"`
	Pass      string  `json:"pass"`
	Algorithm string  `json:"algorithm,omitempty"`
	Spaces    []Space `json:"spaces"`
}

// Report is everything one run planned.
type Report struct {
	Tool      string     `json:"tool"`
	Input     string     `json:"input"`
	Target    string     `json:"target,omitempty"`
	Functions []Function `json:"functions"`
}

// Finish fills the derived figures of a space (peak, no-sharing total,
// bytes saved) from its buffers.
func (s *Space) Finish() {
	s.Peak, s.NoSharing = 0, 0
	for _, b := range s.Buffers {
		s.Peak = max(s.Peak, b.Offset+b.Size)
		if b.Align > 1 {
			s.NoSharing = (s.NoSharing + b.Align - 1) / b.Align * b.Align
		}
		s.NoSharing += b.Size
	}
	s.BytesSaved = s.NoSharing - s.Peak
}
