package ir

// Region is a list of blocks owned by an operation.
type Region struct {
	Blocks []*Block
	Op     *Operation
}

// ---- Regions ----

// AddBlock appends a new empty block.
func (r *Region) AddBlock() *Block {
	b := &Block{Region: r}
	r.Blocks = append(r.Blocks, b)
	return b
}

// Entry returns the first block or nil.
func (r *Region) Entry() *Block {
	if len(r.Blocks) == 0 {
		return nil
	}
	return r.Blocks[0]
}

// Index returns the region's position in its parent op.
func (r *Region) Index() int {
	for i, x := range r.Op.Regions() {
		if x == r {
			return i
		}
	}
	return -1
}
