package planner

import (
	"bufio"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"strconv"
	"strings"
)

// InputError is a problem-file error with its position: a CSV line, or a
// JSON field path (and the line when the decoder knows it).
type InputError struct {
	File  string
	Line  int    // 1-based; 0 when unknown
	Field string // JSON path such as problem.buffers[3].size; "" for CSV
	Msg   string
}

func (e *InputError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
	}
	if e.Field != "" {
		fmt.Fprintf(&b, ": %s", e.Field)
	}
	fmt.Fprintf(&b, ": %s", e.Msg)
	return b.String()
}

// CapacityFromName extracts the capacity encoded in a MiniMalloc file name,
// the last dot-separated number before the extension: "A.1048576.csv" gives
// 1048576.
func CapacityFromName(path string) (int64, bool) {
	base := strings.TrimSuffix(filepath.Base(path), filepath.Ext(path))
	i := strings.LastIndexByte(base, '.')
	if i < 0 {
		return 0, false
	}
	c, err := strconv.ParseInt(base[i+1:], 10, 64)
	if err != nil || c <= 0 {
		return 0, false
	}
	return c, true
}

// ReadCSV reads a MiniMalloc-format problem: a header naming the columns
// id, lower, upper, size and optionally alignment (any order; an offset
// column is ignored), then one buffer per row with the half-open lifetime
// [lower, upper). All buffers go into one pool named after the file, with
// the capacity from the file name when it carries one (see
// CapacityFromName), else unbounded. Ids must be unique and alignments
// powers of two, and the problem passes Check (the planner's limits
// included); errors carry the file and line.
func ReadCSV(r io.Reader, file string) (*Problem, error) {
	cr := csv.NewReader(bufio.NewReader(r))
	cr.ReuseRecord = true
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	bad := func(line int, format string, args ...any) error {
		return &InputError{File: file, Line: line, Msg: fmt.Sprintf(format, args...)}
	}
	header, err := cr.Read()
	if err == io.EOF {
		return nil, bad(1, "empty file: expected header id,lower,upper,size[,alignment]")
	}
	if err != nil {
		return nil, csvErr(file, err)
	}
	col := map[string]int{}
	for i, h := range header {
		col[strings.ToLower(strings.TrimSpace(h))] = i
	}
	for _, need := range []string{"id", "lower", "upper", "size"} {
		if _, ok := col[need]; !ok {
			return nil, bad(1, "missing column %q (header must name id,lower,upper,size[,alignment])", need)
		}
	}
	alignCol, hasAlign := col["alignment"]
	capacity, _ := CapacityFromName(file)
	name := strings.TrimSuffix(filepath.Base(file), filepath.Ext(file))
	p := &Problem{Pools: []Pool{{Name: name, Capacity: capacity}}}
	var lines []int               // buffer -> line
	firstLine := map[string]int{} // id -> line
	for {
		rec, err := cr.Read()
		if err == io.EOF {
			break
		}
		if err != nil {
			return nil, csvErr(file, err)
		}
		line, _ := cr.FieldPos(0)
		if len(rec) == 1 && strings.TrimSpace(rec[0]) == "" {
			continue
		}
		if len(rec) < len(header) {
			return nil, bad(line, "%d fields, header has %d", len(rec), len(header))
		}
		num := func(c string, idx int) (int64, error) {
			v, err := strconv.ParseInt(strings.TrimSpace(rec[idx]), 10, 64)
			if err != nil {
				return 0, bad(line, "%s %q is not an integer", c, rec[idx])
			}
			return v, nil
		}
		var vals [4]int64
		for k, c := range []string{"lower", "upper", "size"} {
			if vals[k], err = num(c, col[c]); err != nil {
				return nil, err
			}
		}
		lower, upper, size := vals[0], vals[1], vals[2]
		align := int64(1)
		if hasAlign {
			if align, err = num("alignment", alignCol); err != nil {
				return nil, err
			}
		}
		id := strings.TrimSpace(rec[col["id"]])
		switch {
		case id == "":
			return nil, bad(line, "empty id")
		case size < 0:
			return nil, bad(line, "negative size %d", size)
		case upper < lower:
			return nil, bad(line, "upper %d before lower %d", upper, lower)
		case align < 1:
			return nil, bad(line, "alignment %d < 1", align)
		case align&(align-1) != 0:
			return nil, bad(line, "alignment %d is not a power of two", align)
		}
		if first, dup := firstLine[id]; dup {
			return nil, bad(line, "duplicate id %q (first on line %d)", id, first)
		}
		firstLine[id] = line
		lines = append(lines, line)
		p.Buffers = append(p.Buffers, Buffer{Name: id, Size: size, Align: align, Live: []Interval{{lower, upper}}})
	}
	if len(p.Buffers) == 0 {
		return nil, bad(0, "no buffers")
	}
	// The planner's limits (sizes, times and the pool's total within
	// Limit), located at the row that crosses them.
	if err := p.Check(); err != nil {
		line := 0
		var ce *CheckError
		if errors.As(err, &ce) && ce.Buffer >= 0 {
			line = lines[ce.Buffer]
		}
		return nil, bad(line, "%v", err)
	}
	return p, nil
}

func csvErr(file string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &InputError{File: file, Line: pe.Line, Msg: pe.Err.Error()}
	}
	return &InputError{File: file, Msg: err.Error()}
}

// WriteCSV writes the solution in MiniMalloc's format: the problem's rows
// followed by an offset column (the alignment column appears when some
// buffer is aligned). Only single-interval problems can be written.
func WriteCSV(w io.Writer, p *Problem, s Solution) error {
	aligned := false
	for i := range p.Buffers {
		if len(p.Buffers[i].Live) != 1 {
			return fmt.Errorf("buffer %s has %d live intervals; CSV holds exactly one", p.Buffers[i].Name, len(p.Buffers[i].Live))
		}
		aligned = aligned || p.Buffers[i].Align != 1
	}
	bw := bufio.NewWriter(w)
	if aligned {
		bw.WriteString("id,lower,upper,size,alignment,offset\n")
	} else {
		bw.WriteString("id,lower,upper,size,offset\n")
	}
	var buf []byte
	for i := range p.Buffers {
		b := &p.Buffers[i]
		buf = append(buf[:0], csvField(b.Name)...)
		for _, v := range []int64{b.Live[0].Start, b.Live[0].End, b.Size} {
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, v, 10)
		}
		if aligned {
			buf = append(buf, ',')
			buf = strconv.AppendInt(buf, b.Align, 10)
		}
		buf = append(buf, ',')
		buf = strconv.AppendInt(buf, s.Offsets[i], 10)
		buf = append(buf, '\n')
		bw.Write(buf)
	}
	return bw.Flush()
}

func csvField(s string) string {
	if strings.ContainsAny(s, ",\"\n\r") {
		return `"` + strings.ReplaceAll(s, `"`, `""`) + `"`
	}
	return s
}
