package parser

// The builder's tables of numbered names. The printer names values %N and
// %<prefix>N (%0, %arg3, %alloc_12, %c16): such names are bound by number,
// in pages, one table for each prefix, while the numbers are dense, so
// that a region of many values needs neither hashing nor a map that grows
// by copying. A name the tables do not take goes to the builder's map.

// numTables are an isolated frame's tables of numbered names.
type numTables struct {
	plain    numTable             // %N
	prefixed map[string]*numTable // %<prefix>N, the prefix not ending in a digit
	pages    int                  // pages allocated over all the tables
	bound    int                  // names bound in them
}

// numTable holds the names of one prefix, by number: pages[N/numPageSize].
type numTable struct {
	pages []*numPage // nil where no name is
}

const numPageSize = 64

type numPage [numPageSize]binding

// splitName splits a name into a prefix and a number: its last digits,
// when they are a number in decimal without leading zeros (that fits in
// an int).
func splitName(name string) (prefix string, n int, ok bool) {
	i := len(name)
	for i > 0 && isDigit(name[i-1]) {
		i--
	}
	digits := name[i:]
	if len(digits) == 0 || len(digits) > 9 || len(digits) > 1 && digits[0] == '0' {
		return "", 0, false
	}
	for k := 0; k < len(digits); k++ {
		n = n*10 + int(digits[k]-'0')
	}
	return name[:i], n, true
}

// at is the binding of name in the tables, if name is bound there.
func (ts *numTables) at(name string) *binding {
	prefix, n, ok := splitName(name)
	if !ok {
		return nil
	}
	t := &ts.plain
	if prefix != "" {
		if t = ts.prefixed[prefix]; t == nil {
			return nil
		}
	}
	p := n / numPageSize
	if p >= len(t.pages) || t.pages[p] == nil {
		return nil
	}
	if d := &t.pages[p][n%numPageSize]; d.vals != nil {
		return d
	}
	return nil
}

// numSpares are the pages and tables of closed frames, for the next.
type numSpares struct {
	pages  []*numPage
	lists  [][]*numPage
	tables []*numTable
	maps   []map[string]*numTable
}

// sparse reports whether one more page would make the tables sparse: on
// average a page must hold a quarter of its names (a few pages are
// free), so that no text makes a page for every name.
func (ts *numTables) sparse() bool { return ts.pages > ts.bound/(numPageSize/4)+4 }

// bind binds a name not in scope in the tables, unless it is no numbered
// name or that would make them sparse: a table grows to at most about
// twice the pages it has.
func (sp *numSpares) bind(ts *numTables, name string, d binding) bool {
	prefix, n, ok := splitName(name)
	if !ok {
		return false
	}
	t := &ts.plain
	if prefix != "" {
		if t = ts.prefixed[prefix]; t == nil {
			if ts.sparse() {
				return false
			}
			if ts.prefixed == nil {
				ts.prefixed = sp.newMap()
			}
			t = sp.newTable()
			ts.prefixed[prefix] = t
		}
	}
	p := n / numPageSize
	if p >= len(t.pages) {
		if p > 2*len(t.pages)+8 {
			return false
		}
		if t.pages == nil {
			t.pages = sp.newList()
		}
		for len(t.pages) <= p {
			t.pages = append(t.pages, nil)
		}
	}
	if t.pages[p] == nil {
		if ts.sparse() {
			return false
		}
		t.pages[p] = sp.newPage()
		ts.pages++
	}
	t.pages[p][n%numPageSize] = d
	ts.bound++
	return true
}

func (sp *numSpares) newPage() *numPage {
	if pg, ok := popSpare(&sp.pages); ok {
		return pg
	}
	return new(numPage)
}

func (sp *numSpares) newList() []*numPage {
	l, _ := popSpare(&sp.lists)
	return l
}

func (sp *numSpares) newTable() *numTable {
	if t, ok := popSpare(&sp.tables); ok {
		return t
	}
	return &numTable{}
}

// popSpare takes the last of the spares in *list, if there is one.
func popSpare[T any](list *[]T) (T, bool) {
	var zero T
	k := len(*list)
	if k == 0 {
		return zero, false
	}
	x := (*list)[k-1]
	(*list)[k-1] = zero
	*list = (*list)[:k-1]
	return x, true
}

func (sp *numSpares) newMap() map[string]*numTable {
	if k := len(sp.maps); k > 0 {
		m := sp.maps[k-1]
		sp.maps = sp.maps[:k-1]
		return m
	}
	return map[string]*numTable{}
}

// release empties the tables of a closing isolated frame, keeping their
// pages, page lists and tables for the next.
func (sp *numSpares) release(ts *numTables) {
	sp.releaseTable(&ts.plain)
	for _, t := range ts.prefixed {
		sp.releaseTable(t)
		sp.tables = append(sp.tables, t)
	}
	if ts.prefixed != nil {
		clear(ts.prefixed)
		sp.maps = append(sp.maps, ts.prefixed)
	}
	*ts = numTables{}
}

func (sp *numSpares) releaseTable(t *numTable) {
	for i, pg := range t.pages {
		if pg != nil {
			clear(pg[:])
			sp.pages = append(sp.pages, pg)
			t.pages[i] = nil
		}
	}
	if t.pages != nil {
		sp.lists = append(sp.lists, t.pages[:0])
	}
	t.pages = nil
}

// lookup returns the binding of a name in scope.
func (b *builder) lookup(name string) (binding, bool) {
	if d := b.nums.at(name); d != nil {
		return *d, true
	}
	d, ok := b.names[name]
	return d, ok
}

// bind enters a name not in scope.
func (b *builder) bind(name string, d binding) {
	if !b.spareNums.bind(&b.nums, name, d) {
		b.names[name] = d
	}
}
