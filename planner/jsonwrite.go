package planner

import (
	"encoding/json"
	"fmt"
	"io"
	"strings"
)

// WriteProblemJSON writes p as a DSA-RP schema-v1 problem document that
// ReadJSON reads back as the same problem (buffer and pool ids are their
// indices): what a pass planned, taken out for another solver or a bug
// report. A buffer exclusive for all time that is not pinned has no
// spelling of its own in the schema; it is written as separations from
// every other buffer of its pool, which is what the flag means.
func WriteProblemJSON(w io.Writer, p *Problem, instance string, metadata map[string]string) error {
	if err := p.Check(); err != nil {
		return err
	}
	type pool struct {
		ID       uint32      `json:"id"`
		Name     string      `json:"name"`
		Capacity *int64      `json:"capacity"`
		Reserved []jsonRange `json:"reserved_ranges"`
	}
	type buffer struct {
		ID        uint32         `json:"id"`
		Name      string         `json:"name"`
		Size      int64          `json:"size"`
		Alignment int64          `json:"alignment"`
		Live      []jsonInterval `json:"live_intervals"`
		Pools     []uint32       `json:"allowed_pools"`
	}
	type problem struct {
		Pools       []pool          `json:"pools"`
		Buffers     []buffer        `json:"buffers"`
		Constraints jsonConstraints `json:"constraints"`
		CostModel   jsonCostModel   `json:"cost_model"`
		Objective   *jsonObjective  `json:"objective,omitempty"`
	}
	type document struct {
		SchemaVersion int               `json:"schema_version"`
		Profile       string            `json:"profile"`
		Instance      string            `json:"instance"`
		Metadata      map[string]string `json:"metadata"`
		Problem       problem           `json:"problem"`
	}
	if instance == "" {
		instance = "unnamed"
	}
	if metadata == nil {
		metadata = map[string]string{}
	}
	doc := document{SchemaVersion: 1, Profile: "dsa_rp_v1", Instance: instance, Metadata: metadata}
	pr := &doc.Problem
	ptr := func(v int64) *int64 { return &v }
	for i, pl := range p.Pools {
		out := pool{ID: uint32(i), Name: pl.Name, Reserved: []jsonRange{}}
		if pl.Capacity > 0 {
			out.Capacity = ptr(pl.Capacity)
		}
		for _, r := range pl.Reserved {
			out.Reserved = append(out.Reserved, jsonRange{Begin: ptr(r.Start), End: ptr(r.End)})
		}
		pr.Pools = append(pr.Pools, out)
	}
	c := &pr.Constraints
	c.Colocations, c.Separations, c.TemporalExclusions, c.PinnedAllocations = []jsonPair{}, []jsonPair{}, []jsonPair{}, []jsonPin{}
	pr.CostModel.ReusePenalties = []jsonPenalty{}
	for i, b := range p.Buffers {
		out := buffer{ID: uint32(i), Name: b.Name, Size: b.Size, Alignment: b.Align, Pools: []uint32{uint32(b.Pool)}}
		for _, iv := range b.Live {
			out.Live = append(out.Live, jsonInterval{Lower: ptr(iv.Start), Upper: ptr(iv.End)})
		}
		pr.Buffers = append(pr.Buffers, out)
		if b.Pinned {
			c.PinnedAllocations = append(c.PinnedAllocations, jsonPin{Buffer: uint32(i), Pool: uint32(b.Pool), Offset: b.Offset, Exclusive: b.Exclusive})
		}
	}
	for _, s := range p.Separations {
		c.Separations = append(c.Separations, jsonPair{First: uint32(s.A), Second: uint32(s.B), Reasons: strings.Split(s.Reason, ",")})
	}
	for i, b := range p.Buffers {
		if b.Exclusive && !b.Pinned {
			for j, o := range p.Buffers {
				if j != i && o.Pool == b.Pool {
					c.Separations = append(c.Separations, jsonPair{First: uint32(i), Second: uint32(j), Reasons: []string{"pinned"}})
				}
			}
		}
	}
	for _, class := range p.Colocations {
		for _, m := range class[1:] {
			c.Colocations = append(c.Colocations, jsonPair{First: uint32(class[0]), Second: uint32(m)})
		}
	}
	for _, te := range p.TemporalExclusions {
		c.TemporalExclusions = append(c.TemporalExclusions, jsonPair{First: uint32(te[0]), Second: uint32(te[1])})
	}
	for _, pen := range p.Penalties {
		pr.CostModel.ReusePenalties = append(pr.CostModel.ReusePenalties, jsonPenalty{First: uint32(pen.A), Second: uint32(pen.B), Cost: pen.Cost})
	}
	if len(p.Objective) > 0 {
		pr.Objective = &jsonObjective{Aggregation: "lexicographic", Terms: p.Objective}
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	if err := enc.Encode(doc); err != nil {
		return fmt.Errorf("writing the problem: %v", err)
	}
	return nil
}
