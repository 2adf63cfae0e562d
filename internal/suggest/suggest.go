// Package suggest finds the known name a misspelt one is closest to, for
// "did you mean" hints in messages.
package suggest

// Nearest returns the candidate within fewer than limit edits of name
// (insertions, deletions, substitutions), the closest one, the first in
// lexical order among equally close ones; "" when none is that close.
func Nearest(name string, candidates []string, limit int) string {
	best, bestD := "", limit
	for _, c := range candidates {
		if d := Distance(name, c); d < bestD || d == bestD && best != "" && c < best {
			best, bestD = c, d
		}
	}
	return best
}

// Distance is the Levenshtein distance between a and b, in bytes.
func Distance(a, b string) int {
	prev := make([]int, len(b)+1)
	cur := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev, cur = cur, prev
	}
	return prev[len(b)]
}
