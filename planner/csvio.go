package planner

import (
	"bufio"
	"bytes"
	"encoding/csv"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"
)

// InputError is a problem-file error with its position: the line and
// column of a CSV field, or of a JSON key with its path.
type InputError struct {
	File  string
	Line  int    // 1-based; 0 when unknown
	Col   int    // 1-based, in bytes; 0 when unknown
	Field string // JSON path such as problem.buffers[3].size; "" for CSV
	Msg   string
}

func (e *InputError) Error() string {
	var b strings.Builder
	b.WriteString(e.File)
	if e.Line > 0 {
		fmt.Fprintf(&b, ":%d", e.Line)
		if e.Col > 0 {
			fmt.Fprintf(&b, ":%d", e.Col)
		}
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
// id, lower, upper, size and optionally alignment and offset (any order,
// each once, in lower case; offset is ignored), then one buffer per row
// with the half-open lifetime [lower, upper). All buffers go into one pool
// named after the file, with the capacity from the file name when it
// carries one (see CapacityFromName), else unbounded. Numbers are
// integers written plainly (no sign but a leading minus, no leading
// zeros, not -0), ids are unique, alignments powers of two, every row has
// the header's fields, and the problem passes Check (the planner's limits
// included). A byte order mark, a NUL byte, invalid UTF-8 or a carriage
// return that does not end a line is an error too. Errors carry the file,
// line and column.
func ReadCSV(r io.Reader, file string) (*Problem, error) {
	data, err := io.ReadAll(r)
	if err != nil {
		return nil, &InputError{File: file, Msg: err.Error()}
	}
	if err := checkCSVBytes(data, file); err != nil {
		return nil, err
	}
	cr := csv.NewReader(bytes.NewReader(data))
	cr.ReuseRecord = true
	cr.FieldsPerRecord = -1
	cr.TrimLeadingSpace = true
	bad := func(line, col int, format string, args ...any) error {
		return &InputError{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	header, err := cr.Read()
	if err == io.EOF {
		return nil, bad(1, 1, "empty file: expected header id,lower,upper,size[,alignment]")
	}
	if err != nil {
		return nil, csvErr(file, err)
	}
	col, err := csvColumns(header, cr, file)
	if err != nil {
		return nil, err
	}
	nCols := len(header)
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
		if len(rec) != nCols {
			l, c := line, 1
			if len(rec) > nCols {
				l, c = cr.FieldPos(nCols)
			}
			return nil, bad(l, c, "%d fields, header has %d", len(rec), nCols)
		}
		at := func(idx int) (int, int) { return cr.FieldPos(idx) }
		num := func(c string, idx int) (int64, error) {
			v, err := ParseInt(strings.TrimSpace(rec[idx]))
			if err != nil {
				l, k := at(idx)
				return 0, bad(l, k, "%s %q %v", c, rec[idx], err)
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
		var errCol int // the column an error is about
		var msg string
		switch {
		case id == "":
			errCol, msg = col["id"], "empty id"
		case size < 0:
			errCol, msg = col["size"], fmt.Sprintf("negative size %d", size)
		case upper < lower:
			errCol, msg = col["upper"], fmt.Sprintf("upper %d before lower %d", upper, lower)
		case align < 1:
			errCol, msg = alignCol, fmt.Sprintf("alignment %d < 1", align)
		case align&(align-1) != 0:
			errCol, msg = alignCol, fmt.Sprintf("alignment %d is not a power of two", align)
		}
		if first, dup := firstLine[id]; dup && msg == "" {
			errCol, msg = col["id"], fmt.Sprintf("duplicate id %q (first on line %d)", id, first)
		}
		if msg != "" {
			l, c := at(errCol)
			return nil, bad(l, c, "%s", msg)
		}
		firstLine[id] = line
		lines = append(lines, line)
		p.Buffers = append(p.Buffers, Buffer{Name: id, Size: size, Align: align, Live: []Interval{{lower, upper}}})
	}
	if len(p.Buffers) == 0 {
		return nil, bad(0, 0, "no buffers")
	}
	// The planner's limits (sizes, times and the pool's total within
	// Limit), located at the row that crosses them.
	if err := p.Check(); err != nil {
		line := 0
		var ce *CheckError
		if errors.As(err, &ce) && ce.Buffer >= 0 {
			line = lines[ce.Buffer]
		}
		return nil, bad(line, min(line, 1), "%v", err)
	}
	return p, nil
}

// csvColumnNames are the columns a MiniMalloc header may name.
var csvColumnNames = []string{"id", "lower", "upper", "size", "alignment", "offset"}

// csvColumns maps the header's column names to their indices: each a
// known name, in its case, once; id, lower, upper and size present.
func csvColumns(header []string, cr *csv.Reader, file string) (map[string]int, error) {
	bad := func(i int, format string, args ...any) error {
		line, col := cr.FieldPos(i)
		return &InputError{File: file, Line: line, Col: col, Msg: fmt.Sprintf(format, args...)}
	}
	col := map[string]int{}
	for i, h := range header {
		h = strings.TrimSpace(h)
		if !slices.Contains(csvColumnNames, h) {
			for _, known := range csvColumnNames {
				if strings.EqualFold(h, known) {
					return nil, bad(i, "unknown column %q (column names are lower case: %q)", h, known)
				}
			}
			return nil, bad(i, "unknown column %q (the columns are %s)", h, strings.Join(csvColumnNames, ", "))
		}
		if first, dup := col[h]; dup {
			_, c := cr.FieldPos(first)
			return nil, bad(i, "duplicate column %q (first at column %d)", h, c)
		}
		col[h] = i
	}
	for _, need := range []string{"id", "lower", "upper", "size"} {
		if _, ok := col[need]; !ok {
			return nil, &InputError{File: file, Line: 1, Col: 1, Msg: fmt.Sprintf("missing column %q (header must name id,lower,upper,size[,alignment])", need)}
		}
	}
	return col, nil
}

// ParseInt reads an integer written plainly, as the CSV format and
// pto-plan's flags take them: an optional minus and digits, without
// leading zeros, not -0, within int64.
func ParseInt(s string) (int64, error) {
	digits := strings.TrimPrefix(s, "-")
	switch {
	case digits == "" || strings.Trim(digits, "0123456789") != "":
		return 0, errors.New("is not an integer")
	case len(digits) > 1 && digits[0] == '0', s == "-0":
		return 0, errors.New("is not written plainly (no leading zeros, no -0)")
	}
	v, err := strconv.ParseInt(s, 10, 64)
	if err != nil {
		return 0, errors.New("is out of range")
	}
	return v, nil
}

// checkCSVBytes refuses bytes a CSV reader would keep in a field or take
// as part of the header without saying so: a byte order mark, NUL,
// invalid UTF-8, and a carriage return not followed by a line feed.
func checkCSVBytes(data []byte, file string) error {
	at := func(off int, msg string) error {
		line := 1 + bytes.Count(data[:off], []byte("\n"))
		col := off - (bytes.LastIndexByte(data[:off], '\n') + 1) + 1
		return &InputError{File: file, Line: line, Col: col, Msg: msg}
	}
	if bytes.HasPrefix(data, []byte("\xEF\xBB\xBF")) {
		return at(0, "byte order mark at the start of the file")
	}
	for off := 0; off < len(data); {
		r, n := utf8.DecodeRune(data[off:])
		switch {
		case r == utf8.RuneError && n <= 1:
			return at(off, "invalid UTF-8")
		case r == 0:
			return at(off, "NUL byte")
		case r == '\r' && (off+1 == len(data) || data[off+1] != '\n'):
			return at(off, "carriage return that does not end a line")
		}
		off += n
	}
	return nil
}

func csvErr(file string, err error) error {
	var pe *csv.ParseError
	if errors.As(err, &pe) {
		return &InputError{File: file, Line: pe.Line, Col: pe.Column, Msg: pe.Err.Error()}
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
