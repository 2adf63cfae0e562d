package planner

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"hash/fnv"
	"io"
	"slices"
	"strings"

	"github.com/pto-opt/pto-opt/internal/strictjson"
)

// Document is a DSA-RP schema-v1 problem document: the Problem plus what
// is needed to write a solution document back (the schema's ids, which
// need not be indices).
type Document struct {
	Problem   *Problem
	Instance  string
	Profile   string
	BufferIDs []uint32 // buffer index -> schema id
	PoolIDs   []uint32 // pool index -> schema id
	// Fingerprint is the FNV-1a 64 hash of the problem file's bytes, in
	// 16 hex digits; solution documents carry it to name their problem.
	Fingerprint string
}

type jsonDoc struct {
	SchemaVersion   *int              `json:"schema_version"`
	Profile         *string           `json:"profile"`
	Instance        string            `json:"instance"`
	RelaxedFrom     string            `json:"relaxed_from"`
	RelaxedFeatures []string          `json:"relaxed_features"`
	Metadata        map[string]string `json:"metadata"`
	Problem         *jsonProblem      `json:"problem"`
}

type jsonProblem struct {
	Pools          []json.RawMessage `json:"pools"`
	Buffers        []json.RawMessage `json:"buffers"`
	Constraints    *jsonConstraints  `json:"constraints"`
	CostModel      *jsonCostModel    `json:"cost_model"`
	Objective      *jsonObjective    `json:"objective"`
	PyptoStructure json.RawMessage   `json:"pypto_structure"`
}

type jsonPool struct {
	ID             *uint32     `json:"id"`
	Name           string      `json:"name"`
	Capacity       *int64      `json:"capacity"`
	ReservedRanges []jsonRange `json:"reserved_ranges"`
	BankGeometry   any         `json:"bank_geometry"`
}

type jsonRange struct {
	Begin *int64 `json:"begin"`
	End   *int64 `json:"end"`
}

type jsonBuffer struct {
	ID            *uint32        `json:"id"`
	Name          string         `json:"name"`
	Size          *int64         `json:"size"`
	Alignment     *int64         `json:"alignment"`
	LiveIntervals []jsonInterval `json:"live_intervals"`
	AllowedPools  []uint32       `json:"allowed_pools"`
}

type jsonInterval struct {
	Lower *int64 `json:"lower"`
	Upper *int64 `json:"upper"`
}

type jsonPair struct {
	First   uint32   `json:"first"`
	Second  uint32   `json:"second"`
	Reasons []string `json:"reasons,omitempty"`
}

type jsonPin struct {
	Buffer    uint32 `json:"buffer"`
	Pool      uint32 `json:"pool"`
	Offset    int64  `json:"offset"`
	Exclusive bool   `json:"exclusive_for_all_time"`
}

type jsonConstraints struct {
	Colocations        []jsonPair `json:"colocations"`
	Separations        []jsonPair `json:"separations"`
	TemporalExclusions []jsonPair `json:"temporal_exclusions"`
	PinnedAllocations  []jsonPin  `json:"pinned_allocations"`
}

type jsonPenalty struct {
	First  uint32 `json:"first"`
	Second uint32 `json:"second"`
	Cost   int64  `json:"cost"`
	Reason string `json:"reason"`
}

type jsonCostModel struct {
	ReusePenalties []jsonPenalty `json:"reuse_penalties"`
}

type jsonObjective struct {
	Aggregation string   `json:"aggregation"`
	Terms       []string `json:"terms"`
}

// jsonStructure is the schema's pypto_structure: what PyPTO knew about
// the buffers (alias classes, software-pipeline groups). The planner does
// not use it, but its references must name buffers and pools of the
// document like every other part. whole_slot_reuse is a PyPTO extension
// the planner cannot honour.
type jsonStructure struct {
	AliasClasses []struct {
		Buffer  *uint32  `json:"buffer"`
		Members []string `json:"members"`
	} `json:"alias_classes"`
	PipelineGroups []struct {
		Group          *uint32 `json:"group"`
		Pool           *uint32 `json:"pool"`
		SlotSize       *uint64 `json:"slot_size"`
		Depth          *uint32 `json:"depth"`
		EffectiveDepth *uint32 `json:"effective_depth"`
		Members        []struct {
			Buffer  *uint32 `json:"buffer"`
			Stage   *uint32 `json:"stage"`
			Residue *uint32 `json:"residue"`
		} `json:"members"`
	} `json:"pipeline_groups"`
	WholeSlotReuse bool `json:"whole_slot_reuse"`
}

// profiles are the schema's profile names.
var profiles = []string{"standard_dsa", "dsa_rp_v1", "pypto_structured", "pypto_hard_v1", "pypto_research_v1", "pypto_core_relaxation"}

// ReadJSON reads a DSA-RP schema-v1 problem document. Unknown fields,
// out-of-range numbers, a profile the schema does not name, references to
// unknown buffers or pools (pypto_structure's included), anything after
// the document, features the planner cannot honour (flexible pool
// assignment, whole-slot reuse, bank cost) and problems beyond the
// planner's limits (see Check) are errors naming the file, the line and
// column of the key at fault, and its path; so is anything a reader could
// take two ways (see jsonstrict.go).
func ReadJSON(r io.Reader, file string) (*Document, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &InputError{File: file, Msg: err.Error()}
	}
	d := &jsonReader{file: file, data: data}
	if err := d.checkStrict(); err != nil {
		return nil, err
	}
	return d.read()
}

// jsonReader reads one document; the problem and the maps from the
// document's ids to indices grow as its sections are read.
type jsonReader struct {
	file    string
	data    []byte
	p       *Problem
	poolIdx map[uint32]int
	bufIdx  map[uint32]int
	pos     *strictjson.Positions // where the document's keys are (checkStrict)
}

func (d *jsonReader) fail(field, format string, args ...any) error {
	return d.place(&InputError{File: d.file, Field: field, Msg: fmt.Sprintf(format, args...)})
}

// decode strictly decodes raw into v, turning syntax and type errors into
// InputErrors at path.
func (d *jsonReader) decode(raw []byte, v any, path string) error {
	dec := json.NewDecoder(bytes.NewReader(raw))
	dec.DisallowUnknownFields()
	if err := dec.Decode(v); err != nil {
		var se *json.SyntaxError
		var te *json.UnmarshalTypeError
		switch {
		case errors.As(err, &se):
			line := 1 + bytes.Count(raw[:min(int(se.Offset), len(raw))], []byte("\n"))
			if path == "" {
				return &InputError{File: d.file, Line: line, Msg: "malformed JSON: " + se.Error()}
			}
			return d.fail(path, "malformed JSON: %v", se)
		case errors.As(err, &te):
			field := path
			if te.Field != "" {
				field = strings.TrimPrefix(path+"."+te.Field, ".")
			}
			return d.fail(field, "expected %v, got JSON %s", te.Type, te.Value)
		case err == io.EOF:
			return d.fail(path, "empty document")
		case errors.Is(err, io.ErrUnexpectedEOF):
			return &InputError{File: d.file, Line: 1 + bytes.Count(raw, []byte("\n")), Field: path, Msg: "malformed JSON: unexpected end of input"}
		}
		return d.fail(path, "%v", err)
	}
	// One value: a second one or stray bytes after it mean the file is
	// not what its writer meant (a concatenation, a botched edit),
	// whatever the first value says.
	end := int(dec.InputOffset())
	if _, err := dec.Token(); err != io.EOF {
		rest := raw[end:]
		at := end + len(rest) - len(bytes.TrimLeft(rest, " \t\r\n"))
		line := 1 + bytes.Count(raw[:at], []byte("\n"))
		if path == "" {
			return &InputError{File: d.file, Line: line, Msg: "malformed JSON: data after the document"}
		}
		return d.fail(path, "malformed JSON: data after the value")
	}
	return nil
}

// read reads the document section by section: header, pools, buffers,
// constraints, cost model, objective, pypto structure; then Check.
func (d *jsonReader) read() (*Document, error) {
	var doc jsonDoc
	if err := d.decode(d.data, &doc, ""); err != nil {
		return nil, err
	}
	switch {
	case doc.SchemaVersion == nil:
		return nil, d.fail("schema_version", "missing")
	case *doc.SchemaVersion != 1:
		return nil, d.fail("schema_version", "unsupported version %d (want 1)", *doc.SchemaVersion)
	case doc.Problem == nil:
		return nil, d.fail("problem", "missing")
	}
	if doc.Profile != nil && !slices.Contains(profiles, *doc.Profile) {
		return nil, d.fail("profile", "unknown profile %q (the schema has %s)", *doc.Profile, strings.Join(profiles, ", "))
	}
	h := fnv.New64a()
	h.Write(d.data)
	out := &Document{Instance: doc.Instance, Fingerprint: fmt.Sprintf("%016x", h.Sum64())}
	if doc.Profile != nil {
		out.Profile = *doc.Profile
	}
	d.p = &Problem{}
	out.Problem = d.p
	jp := doc.Problem
	var err error
	if out.PoolIDs, err = d.pools(jp.Pools); err != nil {
		return nil, err
	}
	if out.BufferIDs, err = d.buffers(jp.Buffers); err != nil {
		return nil, err
	}
	if c := jp.Constraints; c != nil {
		if err := d.constraints(c); err != nil {
			return nil, err
		}
	}
	if cm := jp.CostModel; cm != nil {
		if err := d.costModel(cm); err != nil {
			return nil, err
		}
	}
	if jp.Objective != nil {
		for k, t := range jp.Objective.Terms {
			switch t {
			case MetricCapacityOverflow, MetricReuseCost, MetricTotalPeak, MetricMaxPeak:
				d.p.Objective = append(d.p.Objective, t)
			default:
				return nil, d.fail(fmt.Sprintf("problem.objective.terms[%d]", k), "objective term %q is not supported", t)
			}
		}
	}
	if len(jp.PyptoStructure) > 0 {
		if err := d.structure(jp.PyptoStructure, d.bufIdx, d.poolIdx); err != nil {
			return nil, err
		}
	}
	if err := d.p.Check(); err != nil {
		return nil, d.fail(checkField(err), "%v", err)
	}
	return out, nil
}

// checkField is the document field a Check error is about.
func checkField(err error) string {
	var ce *CheckError
	if errors.As(err, &ce) {
		switch {
		case ce.Buffer >= 0:
			return fmt.Sprintf("problem.buffers[%d]", ce.Buffer)
		case ce.Pool >= 0:
			return fmt.Sprintf("problem.pools[%d]", ce.Pool)
		case ce.Penalty >= 0:
			return fmt.Sprintf("problem.cost_model.reuse_penalties[%d]", ce.Penalty)
		}
	}
	return "problem"
}

// pools reads problem.pools and returns their ids in order.
func (d *jsonReader) pools(raws []json.RawMessage) ([]uint32, error) {
	if len(raws) == 0 {
		return nil, d.fail("problem.pools", "no pools")
	}
	var ids []uint32
	d.poolIdx = map[uint32]int{}
	for k, raw := range raws {
		path := fmt.Sprintf("problem.pools[%d]", k)
		var jpool jsonPool
		if err := d.decode(raw, &jpool, path); err != nil {
			return nil, err
		}
		if jpool.ID == nil {
			return nil, d.fail(path+".id", "missing")
		}
		if _, dup := d.poolIdx[*jpool.ID]; dup {
			return nil, d.fail(path+".id", "duplicate pool id %d", *jpool.ID)
		}
		pool := Pool{Name: jpool.Name}
		if pool.Name == "" {
			pool.Name = fmt.Sprint(*jpool.ID)
		}
		if jpool.Capacity != nil {
			if *jpool.Capacity < 0 {
				return nil, d.fail(path+".capacity", "negative capacity %d", *jpool.Capacity)
			}
			pool.Capacity = *jpool.Capacity
		}
		for r, rr := range jpool.ReservedRanges {
			rp := fmt.Sprintf("%s.reserved_ranges[%d]", path, r)
			if rr.Begin == nil || rr.End == nil {
				return nil, d.fail(rp, "needs begin and end")
			}
			if *rr.Begin < 0 || *rr.End < *rr.Begin {
				return nil, d.fail(rp, "bad range [%d, %d)", *rr.Begin, *rr.End)
			}
			pool.Reserved = append(pool.Reserved, Interval{*rr.Begin, *rr.End})
		}
		d.poolIdx[*jpool.ID] = len(d.p.Pools)
		d.p.Pools = append(d.p.Pools, pool)
		ids = append(ids, *jpool.ID)
	}
	return ids, nil
}

// buffers reads problem.buffers and returns their ids in order.
func (d *jsonReader) buffers(raws []json.RawMessage) ([]uint32, error) {
	if len(raws) == 0 {
		return nil, d.fail("problem.buffers", "no buffers")
	}
	var ids []uint32
	d.bufIdx = map[uint32]int{}
	for k, raw := range raws {
		path := fmt.Sprintf("problem.buffers[%d]", k)
		var jb jsonBuffer
		if err := d.decode(raw, &jb, path); err != nil {
			return nil, err
		}
		switch {
		case jb.ID == nil:
			return nil, d.fail(path+".id", "missing")
		case jb.Size == nil:
			return nil, d.fail(path+".size", "missing")
		case *jb.Size < 0:
			return nil, d.fail(path+".size", "negative size %d", *jb.Size)
		case jb.Alignment == nil:
			return nil, d.fail(path+".alignment", "missing")
		case *jb.Alignment < 1:
			return nil, d.fail(path+".alignment", "alignment %d < 1", *jb.Alignment)
		case len(jb.LiveIntervals) == 0:
			return nil, d.fail(path+".live_intervals", "no live interval")
		case len(jb.AllowedPools) == 0:
			return nil, d.fail(path+".allowed_pools", "no pool")
		case len(jb.AllowedPools) > 1:
			return nil, d.fail(path+".allowed_pools", "flexible pool assignment (%d pools) is not supported", len(jb.AllowedPools))
		}
		if _, dup := d.bufIdx[*jb.ID]; dup {
			return nil, d.fail(path+".id", "duplicate buffer id %d", *jb.ID)
		}
		pool, ok := d.poolIdx[jb.AllowedPools[0]]
		if !ok {
			return nil, d.fail(path+".allowed_pools[0]", "unknown pool %d", jb.AllowedPools[0])
		}
		b := Buffer{Name: jb.Name, Size: *jb.Size, Align: *jb.Alignment, Pool: pool}
		if b.Name == "" {
			b.Name = fmt.Sprint(*jb.ID)
		}
		for v, iv := range jb.LiveIntervals {
			ip := fmt.Sprintf("%s.live_intervals[%d]", path, v)
			if iv.Lower == nil || iv.Upper == nil {
				return nil, d.fail(ip, "needs lower and upper")
			}
			if *iv.Upper < *iv.Lower {
				return nil, d.fail(ip, "upper %d before lower %d", *iv.Upper, *iv.Lower)
			}
			b.Live = append(b.Live, Interval{*iv.Lower, *iv.Upper})
		}
		d.bufIdx[*jb.ID] = len(d.p.Buffers)
		d.p.Buffers = append(d.p.Buffers, b)
		ids = append(ids, *jb.ID)
	}
	return ids, nil
}

// buffer is the index of the buffer with the given id.
func (d *jsonReader) buffer(path string, id uint32) (int, error) {
	i, ok := d.bufIdx[id]
	if !ok {
		return 0, d.fail(path, "unknown buffer %d", id)
	}
	return i, nil
}

// pair is the indices of a pair's two buffers.
func (d *jsonReader) pair(path string, q jsonPair) (int, int, error) {
	a, err := d.buffer(path+".first", q.First)
	if err != nil {
		return 0, 0, err
	}
	b, err := d.buffer(path+".second", q.Second)
	return a, b, err
}

// constraints reads problem.constraints.
func (d *jsonReader) constraints(c *jsonConstraints) error {
	p := d.p
	for k, q := range c.Separations {
		a, b, err := d.pair(fmt.Sprintf("problem.constraints.separations[%d]", k), q)
		if err != nil {
			return err
		}
		reason := "generic"
		if len(q.Reasons) > 0 {
			rs := slices.Clone(q.Reasons)
			slices.Sort(rs)
			reason = strings.Join(rs, ",")
		}
		p.Separations = append(p.Separations, Separation{A: a, B: b, Reason: reason})
	}
	for k, q := range c.Colocations {
		a, b, err := d.pair(fmt.Sprintf("problem.constraints.colocations[%d]", k), q)
		if err != nil {
			return err
		}
		if p.Buffers[a].Pool != p.Buffers[b].Pool {
			return d.fail(fmt.Sprintf("problem.constraints.colocations[%d]", k), "colocated buffers %d and %d are in different pools", q.First, q.Second)
		}
		p.Colocations = append(p.Colocations, []int{a, b})
	}
	for k, q := range c.TemporalExclusions {
		a, b, err := d.pair(fmt.Sprintf("problem.constraints.temporal_exclusions[%d]", k), q)
		if err != nil {
			return err
		}
		p.TemporalExclusions = append(p.TemporalExclusions, [2]int{a, b})
	}
	for k, pin := range c.PinnedAllocations {
		if err := d.pin(fmt.Sprintf("problem.constraints.pinned_allocations[%d]", k), pin); err != nil {
			return err
		}
	}
	return nil
}

// pin reads one pinned allocation.
func (d *jsonReader) pin(path string, pin jsonPin) error {
	p := d.p
	i, err := d.buffer(path+".buffer", pin.Buffer)
	if err != nil {
		return err
	}
	b := &p.Buffers[i]
	switch pool, ok := d.poolIdx[pin.Pool]; {
	case !ok:
		return d.fail(path+".pool", "unknown pool %d", pin.Pool)
	case pool != b.Pool:
		return d.fail(path+".pool", "pool %d is not buffer %d's pool", pin.Pool, pin.Buffer)
	case b.Pinned:
		return d.fail(path+".buffer", "buffer %d pinned twice", pin.Buffer)
	case pin.Offset < 0 || pin.Offset%b.Align != 0:
		return d.fail(path+".offset", "offset %d is not a non-negative multiple of alignment %d", pin.Offset, b.Align)
	}
	// Exclusive: no other buffer of the pool may ever use these bytes,
	// one flag rather than a separation from each of them.
	b.Pinned, b.Offset, b.Exclusive = true, pin.Offset, pin.Exclusive
	return nil
}

// costModel reads problem.cost_model.
func (d *jsonReader) costModel(cm *jsonCostModel) error {
	for k, q := range cm.ReusePenalties {
		path := fmt.Sprintf("problem.cost_model.reuse_penalties[%d]", k)
		a, b, err := d.pair(path, jsonPair{First: q.First, Second: q.Second})
		if err != nil {
			return err
		}
		if q.Cost < 0 {
			return d.fail(path+".cost", "negative cost %d", q.Cost)
		}
		d.p.Penalties = append(d.p.Penalties, Penalty{A: a, B: b, Cost: q.Cost})
	}
	return nil
}

// structure checks pypto_structure: its fields, and that its buffer and
// pool references name the document's.
func (d *jsonReader) structure(raw json.RawMessage, bufIdx map[uint32]int, poolIdx map[uint32]int) error {
	const path = "problem.pypto_structure"
	var ps jsonStructure
	if err := d.decode(raw, &ps, path); err != nil {
		return err
	}
	buffer := func(field string, id *uint32) error {
		if id == nil {
			return d.fail(field, "missing")
		}
		if _, ok := bufIdx[*id]; !ok {
			return d.fail(field, "unknown buffer %d", *id)
		}
		return nil
	}
	for k, ac := range ps.AliasClasses {
		if err := buffer(fmt.Sprintf("%s.alias_classes[%d].buffer", path, k), ac.Buffer); err != nil {
			return err
		}
	}
	for k, g := range ps.PipelineGroups {
		gp := fmt.Sprintf("%s.pipeline_groups[%d]", path, k)
		switch {
		case g.Pool == nil:
			return d.fail(gp+".pool", "missing")
		case len(g.Members) == 0:
			return d.fail(gp+".members", "no members")
		}
		if _, ok := poolIdx[*g.Pool]; !ok {
			return d.fail(gp+".pool", "unknown pool %d", *g.Pool)
		}
		for m, mem := range g.Members {
			if err := buffer(fmt.Sprintf("%s.members[%d].buffer", gp, m), mem.Buffer); err != nil {
				return err
			}
		}
	}
	if ps.WholeSlotReuse {
		return d.fail(path+".whole_slot_reuse", "whole-slot reuse is not supported")
	}
	return nil
}

type jsonPlacement struct {
	Buffer uint32 `json:"buffer"`
	Pool   uint32 `json:"pool"`
	Offset int64  `json:"offset"`
}

type jsonSolution struct {
	SchemaVersion int               `json:"schema_version"`
	Profile       string            `json:"profile"`
	Instance      string            `json:"instance"`
	Fingerprint   string            `json:"problem_fingerprint"`
	Metadata      map[string]string `json:"metadata"`
	Placements    []jsonPlacement   `json:"placements"`
}

// WriteSolutionJSON writes a DSA-RP schema-v1 solution document: one
// placement {buffer, pool, offset} per buffer, with the document's ids.
func WriteSolutionJSON(w io.Writer, d *Document, s Solution, metadata map[string]string) error {
	if len(s.Offsets) != len(d.Problem.Buffers) {
		return fmt.Errorf("solution has %d offsets for %d buffers", len(s.Offsets), len(d.Problem.Buffers))
	}
	profile := d.Profile
	if profile == "" {
		profile = "standard_dsa"
	}
	instance := d.Instance
	if instance == "" {
		instance = "unnamed"
	}
	if metadata == nil {
		metadata = map[string]string{}
	}
	sol := jsonSolution{SchemaVersion: 1, Profile: profile, Instance: instance, Fingerprint: d.Fingerprint, Metadata: metadata}
	for i, b := range d.Problem.Buffers {
		sol.Placements = append(sol.Placements, jsonPlacement{Buffer: d.BufferIDs[i], Pool: d.PoolIDs[b.Pool], Offset: s.Offsets[i]})
	}
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(sol)
}
