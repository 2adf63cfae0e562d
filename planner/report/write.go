package report

import (
	"encoding/json"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"sort"
	"strings"
)

// WriteJSON writes the report as indented JSON.
func (r *Report) WriteJSON(w io.Writer) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	return enc.Encode(r)
}

// WriteText writes a compact table per function and space.
func (r *Report) WriteText(w io.Writer) error {
	fmt.Fprintf(w, "%s memory report: %s", r.Tool, r.Input)
	if r.Target != "" {
		fmt.Fprintf(w, " (target %s)", r.Target)
	}
	fmt.Fprintln(w)
	for _, f := range r.Functions {
		alg := ""
		if f.Algorithm != "" {
			alg = " " + f.Algorithm
		}
		fmt.Fprintf(w, "\n@%s  [%s%s]\n", f.Name, f.Pass, alg)
		for _, s := range f.Spaces {
			cap := "unbounded"
			if s.Capacity > 0 {
				cap = fmt.Sprint(s.Capacity)
			}
			fmt.Fprintf(w, "  space %-8s peak %d  lower bound %d  capacity %s  saved %d of %d\n", s.Name, s.Peak, s.LowerBound, cap, s.BytesSaved, s.NoSharing)
			bufs := append([]Buffer(nil), s.Buffers...)
			sort.SliceStable(bufs, func(i, j int) bool { return bufs[i].Offset < bufs[j].Offset })
			for _, b := range bufs {
				fmt.Fprintf(w, "    %-20s [%8d, %8d)  %8d B  live %s\n", b.Name, b.Offset, b.Offset+b.Size, b.Size, formatLive(b.Live))
			}
			if n := len(s.Refused); n > 0 {
				reasons := map[string]int{}
				for _, p := range s.Refused {
					reasons[p.Reason]++
				}
				var parts []string
				for k, v := range reasons {
					parts = append(parts, fmt.Sprintf("%s %d", k, v))
				}
				sort.Strings(parts)
				fmt.Fprintf(w, "    %d pairs kept apart: %s\n", n, strings.Join(parts, ", "))
			}
		}
	}
	return nil
}

func formatLive(live [][2]int64) string {
	parts := make([]string, len(live))
	for i, l := range live {
		parts[i] = fmt.Sprintf("[%d,%d)", l[0], l[1])
	}
	return strings.Join(parts, " ")
}

// Write writes the report to path in the format its extension names
// (.json, .txt, .svg, .html), through a temporary file renamed into place
// so a failure leaves no partial file.
func Write(path string, r *Report) error {
	var write func(io.Writer) error
	switch strings.ToLower(filepath.Ext(path)) {
	case ".json":
		write = r.WriteJSON
	case ".txt":
		write = r.WriteText
	case ".svg":
		write = r.WriteSVG
	case ".html", ".htm":
		write = r.WriteHTML
	default:
		return fmt.Errorf("unknown report format %q (use .json, .txt, .svg or .html)", filepath.Ext(path))
	}
	f, err := os.CreateTemp(filepath.Dir(path), ".report-*.tmp")
	if err != nil {
		return err
	}
	tmp := f.Name()
	f.Chmod(0o644) // CreateTemp makes files private; a report is not
	if err := write(f); err != nil {
		f.Close()
		os.Remove(tmp)
		return err
	}
	if err := f.Close(); err != nil {
		os.Remove(tmp)
		return err
	}
	return os.Rename(tmp, path)
}
