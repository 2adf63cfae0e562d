package pass

import (
	"slices"
	"sync"
)

// An Artifact is a kind of value passes hand to whoever runs the
// pipeline, named by a typed key: the memory plans the planning passes
// describe for the driver's --memory-report, say. The pass manager
// carries the values without knowing their type, so the passes and the
// driver share a type this package does not import (it imports no
// planner package). A key is a variable made once by NewArtifact, in a
// package the passes and the reader both import; keys are told apart by
// identity, not by name.
type Artifact[T any] struct{ name string }

// NewArtifact makes the key of an artifact of type T; name says what it
// is.
func NewArtifact[T any](name string) *Artifact[T] { return &Artifact[T]{name: name} }

// String is the artifact's name.
func (a *Artifact[T]) String() string { return a.name }

func (a *Artifact[T]) artifact() {}

// AnyArtifact is the key of an artifact of any type, as Manager.Collect
// lists them.
type AnyArtifact interface {
	String() string
	artifact()
}

// Artifacts holds the values the passes of a pipeline put, in the order
// they put them; for a parallel function pipeline, function by function
// in the module's order, whatever order they ran in.
type Artifacts struct {
	mu    sync.Mutex // a pass may put from goroutines of its own
	items []artifactValue
	// collect are the keys whose values are kept (Manager.Collect): here
	// rather than in each Context, which a pass run allocates.
	collect []AnyArtifact
}

type artifactValue struct {
	key   AnyArtifact
	value any
}

func (s *Artifacts) add(key AnyArtifact, v any) {
	s.mu.Lock()
	s.items = append(s.items, artifactValue{key, v})
	s.mu.Unlock()
}

// take appends o's values after s's (o is a finished sub-run's).
func (s *Artifacts) take(o *Artifacts) {
	s.mu.Lock()
	s.items = append(s.items, o.items...)
	s.mu.Unlock()
}

// Wants reports whether the pipeline's runner collects key's values
// (Manager.Collect): building them costs time and memory, so a pass
// skips describing what no one reads.
func (c *Context) Wants(key AnyArtifact) bool {
	return c.artifacts != nil && slices.Contains(c.artifacts.collect, key)
}

// Put hands v to the pipeline's runner as a value of key; it is dropped
// when the runner does not collect key.
func Put[T any](c *Context, key *Artifact[T], v T) {
	if c.Wants(key) {
		c.artifacts.add(key, v)
	}
}

// Values returns the values of key in s, in the order they were put.
func Values[T any](s *Artifacts, key *Artifact[T]) []T {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []T
	for _, it := range s.items {
		if it.key == AnyArtifact(key) {
			out = append(out, it.value.(T))
		}
	}
	return out
}
