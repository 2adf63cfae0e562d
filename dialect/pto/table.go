package pto

import "github.com/pto-opt/pto-opt/dialect/ir"

// The pto op table: one row per op of ptoas's dialect (PTOAS's
// include/PTO/IR/PTOOps.td, 186 ops), holding what pto-opt knows of it.
// The op registry entry, the parser and printer, the verifier, the
// memory effects and the pipe are all derived from the rows (register.go),
// so ptoas's language is data: adding an op is adding a row.
//
// A row declares
//
//   - Args, the operands in ODS order: `name[:kind][?|*]` (kind: tile, the
//     default, is ptoas's PTODpsType; the others are in kinds, syntax.go;
//     `?` optional, `*` variadic);
//   - Attrs, the inherent attributes: `name:kind[=default|?]` (kind: an
//     enum mnemonic of Enums, or i8, i32, i64, bool, str, sym, i64s,
//     config, pipe_event);
//   - Results, like Args;
//   - its syntax: Ins and Outs (the operands of `ins(...)` and
//     `outs(...)` in the order the op writes them), from which the format
//     is generated (insOutsFormat: most ops), or an explicit Format in
//     ODS's assemblyFormat language, or Custom (hand-written, custom.go);
//   - Effects, what it does to the bytes of its operands: derived from
//     Ins and Outs (inputs read, outputs and tmp written) unless given as
//     `R:name W:name W:$0` (result 0), "pure", "any" (reads and writes
//     memory) or "unknown" (ptoas declares nothing: anything);
//   - Pipe, the hardware pipes it may run on (several: chosen from the
//     operands' spaces or the target);
//   - Rules, ptoas's verifier rules that pto-opt models (rules.go), and
//     Doc, one line for the dialect reference.

// Op is one row of the table.
type Op struct {
	Name    string // without "pto."
	Args    string
	Attrs   string
	Results string
	// Ins and Outs are the operands of a generated ins(...)/outs(...)
	// format; AttrsInIns puts the attribute dictionary inside ins(...).
	Ins, Outs  string
	AttrsInIns bool
	Format     string
	Custom     bool
	// Segmented: the op carries operandSegmentSizes (ODS's
	// AttrSizedOperandSegments).
	Segmented bool
	// Regions names the op's regions (section.cube, section.vector).
	Regions string
	// View is the operand result 0 is a view of (the same bytes).
	View    string
	Effects string
	Pipe    string
	Rules   []Rule
	Doc     string
}

// Ops is the table, in ptoas's alphabetical order.
var Ops = []Op{
	{Name: "addptr", Args: "ptr:ptr offset:index", Results: "result:ptr", Format: "$ptr `,` $offset attr-dict `:` type($ptr) `->` type($result)", Effects: "pure", Rules: one(always(rule(func(c *vctx) error { return sameType(c, "ptr", "result", "result type must match ptr operand type") }))), Doc: "a pointer advanced by an element offset"},
	{Name: "aic_initialize_pipe", Args: "gm_slot_buffer:ptr? c2v_consumer_buf:i32 v2c_consumer_buf:i32", Attrs: "dir_mask:i8 slot_size:i32 nosplit:bool?", Format: "`{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size (`,` `nosplit` `=` $nosplit^)? `}` `(` (`gm_slot_buffer` `=` $gm_slot_buffer^ `:` qualified(type($gm_slot_buffer)) `,`)? `c2v_consumer_buf` `=` $c2v_consumer_buf `:` type($c2v_consumer_buf) `,` `v2c_consumer_buf` `=` $v2c_consumer_buf `:` type($v2c_consumer_buf) `)` attr-dict", Effects: "unknown", Doc: "sets up the cube side of the cube/vector pipe (frontend form)"},
	{Name: "aiv_initialize_pipe", Args: "gm_slot_buffer:ptr? c2v_consumer_buf:i32 v2c_consumer_buf:i32", Attrs: "dir_mask:i8 slot_size:i32 nosplit:bool?", Format: "`{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size (`,` `nosplit` `=` $nosplit^)? `}` `(` (`gm_slot_buffer` `=` $gm_slot_buffer^ `:` qualified(type($gm_slot_buffer)) `,`)? `c2v_consumer_buf` `=` $c2v_consumer_buf `:` type($c2v_consumer_buf) `,` `v2c_consumer_buf` `=` $v2c_consumer_buf `:` type($v2c_consumer_buf) `)` attr-dict", Effects: "unknown", Doc: "sets up the vector side of the cube/vector pipe (frontend form)"},
	{Name: "alloc_tile", Args: "addr:i64? valid_row:index? valid_col:index?", Results: "result:tb", Format: "(`addr` `=` $addr^)? (`valid_row` `=` $valid_row^)? (`valid_col` `=` $valid_col^)? attr-dict `:` type($result)", Effects: "alloc", Segmented: true, Rules: one(allocValid()), Doc: "a tile buffer; at a fixed address with addr (level 3), planned by ptoas without"},
	{Name: "barrier", Attrs: "pipe:pipe", Format: "$pipe attr-dict", Effects: "unknown", Doc: "waits until every instruction of a pipe has finished"},
	{Name: "barrier_sync", Attrs: "op_type:sync_op_type", Format: "`[` $op_type `]` attr-dict", Effects: "unknown", Doc: "a barrier on the pipe of an instruction kind"},
	{Name: "bind_tile", Args: "source:memref valid_row:index? valid_col:index?", Attrs: "config:config", Results: "result:memref", Format: "$source (`,` $valid_row^ `,` $valid_col)? attr-dict `:` type($source) `->` type($result)", Effects: "pure", View: "source", Segmented: true, Doc: "gives a memref the tile configuration and valid shape of a tile"},
	{Name: "bitcast", Args: "src:tb", Results: "result:tb", Format: "$src attr-dict `:` type($src) `->` type($result)", Effects: "pure", View: "src", Rules: one(viewCast(true)), Doc: "the same tile bytes with another element type"},
	{Name: "build_async_session", Args: "scratch:tbm workspace:spm", Attrs: "sync_id:i32? block_bytes:i64? comm_block_offset:i64? queue_num:i32? channel_group_idx:i64?", Results: "session:session", Format: "`(` $scratch `,` $workspace `:` type($scratch) `,` type($workspace) `)` attr-dict `->` type($session)", Effects: "R:scratch R:workspace W:$0", Doc: "an async DMA session over a scratch tile and a GM workspace"},
	{Name: "declare_eventid_array", Results: "array:evarr", Format: "attr-dict `->` type($array)", Effects: "unknown", Doc: "an array of event ids chosen at run time"},
	{Name: "declare_tile", Results: "tile", Format: "attr-dict `->` type($tile)", Effects: "pure", Doc: "a tile without storage (its address comes from tpop)"},
	{Name: "declare_tile_memref", Results: "result:memref", Format: "attr-dict `->` type($result)", Effects: "pure", Doc: "a memref without storage (its address comes from tpop)"},
	{Name: "eventid_array_get", Args: "array:evarr index:index", Results: "result:index", Format: "$array `[` $index `]` attr-dict `:` type($array)", Effects: "unknown", Doc: "reads an event id of an event id array"},
	{Name: "eventid_array_set", Args: "array:evarr index:index value:index", Format: "$array `[` $index `]` `,` $value attr-dict `:` type($array)", Effects: "unknown", Doc: "writes an event id of an event id array"},
	{Name: "get_block_idx", Results: "result:i64", Format: "attr-dict", Effects: "pure", Doc: "the index of the running block"},
	{Name: "get_block_num", Results: "result:i64", Format: "attr-dict", Effects: "pure", Doc: "the number of blocks"},
	{Name: "get_buf", Attrs: "op_type:pipe_event buf_id:i32 mode:i32=0", Format: "`[` $op_type `,` $buf_id `]` attr-dict", Effects: "unknown", Rules: one(bufID()), Doc: "acquires a buffer id for an instruction kind"},
	{Name: "get_subblock_idx", Results: "result:i64", Format: "attr-dict", Effects: "pure", Doc: "the index of the running sub-block"},
	{Name: "get_subblock_num", Results: "result:i64", Format: "attr-dict", Effects: "pure", Doc: "the number of sub-blocks"},
	{Name: "get_tensor_view_dim", Args: "tensor_view:tvm dim_index:index", Results: "result:index", Format: "$tensor_view `,` $dim_index `:` type($tensor_view) `->` type($result) attr-dict", Effects: "pure", Doc: "the size of one dimension of a tensor view"},
	{Name: "import_reserved_buffer", Attrs: "name:str peer_func:sym", Results: "addr:i32", Format: "`{` `name` `=` $name `,` `peer_func` `=` $peer_func `}` attr-dict `->` type($addr)", Effects: "unknown", Doc: "the address of a buffer another function reserved"},
	{Name: "initialize_l2g2l_pipe", Args: "gm_addr:any local_addr:any peer_local_addr:any?", Attrs: "dir_mask:i8 slot_size:i32 slot_num:i32 local_slot_num:i32? flag_base:i32? nosplit:bool?", Results: "pipe:pipe", Format: "`{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size `,` `slot_num` `=` $slot_num (`,` `local_slot_num` `=` $local_slot_num^)? (`,` `flag_base` `=` $flag_base^)? (`,` `nosplit` `=` $nosplit^)? `}` `(` $gm_addr `:` type($gm_addr) `,` $local_addr `:` type($local_addr) (`,` $peer_local_addr^ `:` type($peer_local_addr))? `)` attr-dict `->` type($pipe)", Effects: "R:gm_addr R:local_addr W:$0", Doc: "a pipe through global memory between local buffers"},
	{Name: "initialize_l2l_pipe", Args: "local_addr:any peer_local_addr:any?", Attrs: "dir_mask:i8 slot_size:i32 slot_num:i32 flag_base:i32? nosplit:bool?", Results: "pipe:pipe", Format: "`{` `dir_mask` `=` $dir_mask `,` `slot_size` `=` $slot_size `,` `slot_num` `=` $slot_num (`,` `flag_base` `=` $flag_base^)? (`,` `nosplit` `=` $nosplit^)? `}` `(` $local_addr `:` type($local_addr) (`,` $peer_local_addr^ `:` type($peer_local_addr))? `)` attr-dict `->` type($pipe)", Effects: "R:local_addr W:$0", Doc: "a pipe between local buffers"},
	{Name: "load_scalar", Args: "ptr:spm offset:index", Results: "value:any", Format: "$ptr `[` $offset `]` attr-dict `:` type($ptr) `->` type($value)", Effects: "R:ptr", Doc: "reads one element through a GM pointer"},
	{Name: "make_tensor_view", Args: "ptr:any shape:index* strides:index*", Attrs: "layout:layout?", Results: "result:any", Custom: true, Effects: "unknown", View: "ptr", Segmented: true, Rules: one(tensorViewOperands()), Doc: "a global tensor view of a pointer, with index shape and strides"},
	{Name: "mgather", Args: "mem idx dst", Attrs: "gatherOob:gather_oob=undefined", Ins: "mem idx", Outs: "dst", Pipe: "MTE2", Rules: one(always(supported("pto.mgather is only supported on A5 targets"))), Doc: "gathers elements of global memory by index (A5)"},
	{Name: "mscatter", Args: "src idx mem", Attrs: "scatterAtomicOp:scatter_atomic_op=none scatterOob:scatter_oob=undefined", Ins: "src idx", Outs: "mem", Pipe: "MTE3", Rules: one(always(supported("pto.mscatter is only supported on A5 targets"))), Doc: "scatters elements to global memory by index (A5)"},
	{Name: "partition_view", Args: "source:tv offsets:index* sizes:index*", Results: "result:ptv", Format: "$source `,` `offsets` `=` `[` $offsets `]` `,` `sizes` `=` `[` $sizes `]` attr-dict `:` type($source) `->` type($result)", Effects: "unknown", View: "source", Segmented: true, Rules: one(partitionBounds()), Doc: "a window of a tensor view (what tload and tstore move)"},
	{Name: "pointer_cast", Args: "addrs:i64* valid_row:index? valid_col:index?", Attrs: "config:config?", Results: "result:memref", Format: "`(` $addrs `)` ($valid_row^ `,` $valid_col)? attr-dict `:` type($result)", Effects: "pure", Segmented: true, Doc: "a memref at fixed addresses"},
	{Name: "print", Args: "scalar:scalar", Attrs: "format:str", Format: "`ins` `(` $format `,` $scalar `:` type($scalar) `)` attr-dict", Effects: "any", Doc: "prints a scalar with a format string"},
	{Name: "record_event", Attrs: "src_op:pipe_event dst_op:pipe_event event_id:event", Format: "`[` $src_op `,` $dst_op `,` $event_id `]` attr-dict", Effects: "unknown", Doc: "records an event between two instruction kinds"},
	{Name: "reserve_buffer", Attrs: "name:str size:i32 location:address_space autoAlloc:bool base:i32?", Results: "addr:i32", Format: "`{` `name` `=` $name `,` `size` `=` $size `,` `location` `=` $location `,` `auto` `=` $autoAlloc (`,` `base` `=` $base^)? `}` attr-dict `->` type($addr)", Effects: "unknown", Rules: one(reserveBuffer()), Doc: "reserves a named local buffer (the consumer side of a pipe)"},
	{Name: "rls_buf", Attrs: "op_type:pipe_event buf_id:i32 mode:i32=0", Format: "`[` $op_type `,` $buf_id `]` attr-dict", Effects: "unknown", Rules: one(bufID()), Doc: "releases a buffer id"},
	{Name: "section.cube", Format: "$body attr-dict", Effects: "unknown", Regions: "body", Doc: "code for the cube core only"},
	{Name: "section.vector", Format: "$body attr-dict", Effects: "unknown", Regions: "body", Doc: "code for the vector core only"},
	{Name: "set_ffts", Args: "ffts:memref", Format: "$ffts attr-dict `:` type($ffts)", Effects: "any", Doc: "sets the FFTS base address for inter-core sync"},
	{Name: "set_flag", Attrs: "src_pipe:pipe dst_pipe:pipe event_id:event", Format: "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict", Effects: "unknown", Doc: "sets a flag from one pipe to another"},
	{Name: "set_flag_dyn", Args: "event_id:index", Attrs: "src_pipe:pipe dst_pipe:pipe", Format: "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict", Effects: "unknown", Doc: "sets a flag with a run-time event id"},
	{Name: "set_validshape", Args: "source:tbm valid_row:index valid_col:index", Format: "$source `,` $valid_row `,` $valid_col attr-dict `:` type($source)", Effects: "W:source", Doc: "changes the valid rows and columns of a tile in place"},
	{Name: "store_scalar", Args: "ptr:spm offset:index value:any", Format: "$value `,` $ptr `[` $offset `]` attr-dict `:` type($ptr) `,` type($value)", Effects: "W:ptr", Doc: "writes one element through a GM pointer"},
	{Name: "subset", Args: "source:tb offsets:index*", Attrs: "sizes:i64s", Results: "result:tb", Format: "$source `[` $offsets `]` `sizes` $sizes attr-dict `:` type($source)", Effects: "pure", View: "source", Rules: one(subsetRules()), Doc: "a window of a tile at index offsets"},
	{Name: "sync.set", Args: "event_id_dyn:index?", Attrs: "pipe:pipe event_id:i32? ffts_mode:i32?", Custom: true, Effects: "unknown", Rules: one(syncEvent()), Doc: "sets an inter-core sync event"},
	{Name: "sync.wait", Args: "event_id_dyn:index?", Attrs: "pipe:pipe event_id:i32?", Custom: true, Effects: "unknown", Rules: one(syncEvent()), Doc: "waits for an inter-core sync event"},
	{Name: "tabs", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: unaryFloat(), Doc: "elementwise |x|"},
	{Name: "tadd", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binary("tadd"), Doc: "elementwise src0 + src1"},
	{Name: "taddc", Args: "src0 src1 src2 dst", Ins: "src0 src1 src2", Outs: "dst", Pipe: "V", Rules: one(sameShape("", "src0", "src1", "src2", "dst")), Doc: "elementwise src0 + src1 + src2"},
	{Name: "tadds", Args: "src scalar:scalar dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: tileScalar("tadds", "src", false), Doc: "tile + scalar"},
	{Name: "taddsc", Args: "src0 scalar:scalar src1 dst", Ins: "src0 scalar src1", Outs: "dst", Pipe: "V", Rules: one(sameShape("", "src0", "src1", "dst")), Doc: "src0 + scalar + src1"},
	{Name: "tand", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binary("tand"), Doc: "elementwise bitwise and"},
	{Name: "tands", Args: "src scalar:sint dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: one(distinct("expects src and dst to use different storage", "src", "dst"), tiles("src", "dst"), sameElem("src", "dst"), rowMajor("", "src", "dst"), sameValid("src", "dst"), archElems("tands.elements", "src")), Doc: "bitwise and with a scalar"},
	{Name: "tassign", Args: "tile addr:i64", Results: "result", Format: "$tile `,` $addr attr-dict `:` type($tile) `->` type($result)", Effects: "pure", Rules: one(always(rule(func(c *vctx) error { return sameType(c, "tile", "result", "result type must match tile operand type") }))), Doc: "rebinds a tile to an explicit address (level 3)"},
	{Name: "taxpy", Args: "src scalar:scalar dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: rules(vecTile("src", "dst"), one(sameValid("src", "dst"), sameShape("", "src", "dst"), scalarIsElem("src"), archElems("taxpy.elements", "src", "dst"))), Doc: "dst += scalar * src"},
	{Name: "tci", Args: "S:int dst", Attrs: "descending:bool=false", Ins: "S", Outs: "dst", AttrsInIns: true, Pipe: "V", Rules: tciRules(), Doc: "fills a tile with an index sequence from a start value"},
	{Name: "tcmp", Args: "src0 src1 dst", Attrs: "cmpMode:cmp?", Ins: "src0 src1", Outs: "dst", AttrsInIns: true, Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1"), archElems("tcmp.elements", "src0"), elems("i8", "dst")), Doc: "elementwise comparison into a mask"},
	{Name: "tcmps", Args: "src scalar:scalar dst", Attrs: "cmpMode:cmp=eq", Ins: "src scalar", Outs: "dst", AttrsInIns: true, Pipe: "V", Rules: one(tiles("src", "dst"), inLoc("vec", "src", "dst"), validDimEq(0, "src", "dst"), archElems("tcmps.elements", "src")), Doc: "comparison with a scalar into a mask"},
	{Name: "tcolargmax", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rules(ndVec("src", "dst"), vecTile("tmp"), one(sameElem("src", "tmp"), validDimEq(1, "src", "dst"), elems("f16 f32", "src"), elems("i32 ui32", "dst"))), Doc: "index of the maximum of each column (tmp scratch)"},
	{Name: "tcolargmin", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rules(ndVec("src", "dst"), vecTile("tmp"), one(sameElem("src", "tmp"), validDimEq(1, "src", "dst"), elems("f16 f32", "src"), elems("i32 ui32", "dst"))), Doc: "index of the minimum of each column (tmp scratch)"},
	{Name: "tcolexpand", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: rules(ndVec("src", "dst"), one(sameElem("src", "dst"), validDimEq(1, "src", "dst"))), Doc: "broadcasts a row down the columns"},
	{Name: "tcolexpandadd", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: colExpand("tcolexpandadd"), Doc: "src0 + column-broadcast src1"},
	{Name: "tcolexpanddiv", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: colExpand("tcolexpanddiv"), Doc: "src0 / column-broadcast src1"},
	{Name: "tcolexpandexpdif", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: colExpand("tcolexpandexpdif"), Doc: "exp(src0 - column-broadcast src1)"},
	{Name: "tcolexpandmax", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: colExpand("tcolexpandmax"), Doc: "max(src0, column-broadcast src1)"},
	{Name: "tcolexpandmin", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: colExpand("tcolexpandmin"), Doc: "min(src0, column-broadcast src1)"},
	{Name: "tcolexpandmul", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: colExpand("tcolexpandmul"), Doc: "src0 * column-broadcast src1"},
	{Name: "tcolexpandsub", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: colExpand("tcolexpandsub"), Doc: "src0 - column-broadcast src1"},
	{Name: "tcolmax", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: colReduce("tcolmax"), Doc: "maximum of each column"},
	{Name: "tcolmin", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: colReduce("tcolmin"), Doc: "minimum of each column"},
	{Name: "tcolprod", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: colReduce("tcolprod"), Doc: "product of each column"},
	{Name: "tcolsum", Args: "src tmp? dst", Attrs: "isBinary:bool=false", Ins: "src tmp", Outs: "dst", Custom: true, Pipe: "V", Rules: colReduce("tcolsum"), Doc: "sum of each column (optional tmp with isBinary)"},
	{Name: "tconcat", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), inLoc("vec", "src0", "src1", "dst"), elems("f16 f32 bf16 i8! i16! i32!", "src0")), Doc: "concatenates two tiles along the columns"},
	{Name: "tcvt", Args: "src dst tmp?", Attrs: "rmode:round_mode=CAST_RINT sat_mode:saturation_mode?", Ins: "src tmp", Outs: "dst", Format: "`ins` `(` $src (`,` $tmp^)? attr-dict `:` qualified(type($src)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)`", Pipe: "V", Rules: tcvtRules(), Doc: "element type conversion (rounding mode, saturation)"},
	{Name: "tdequant", Args: "src scale offset dst", Ins: "src scale offset", Outs: "dst", Pipe: "V", Rules: one(tdequantStructure(), tiles("src", "scale", "offset", "dst")), Doc: "dequantizes with scale and offset tiles"},
	{Name: "tdiv", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binary("tdiv"), Doc: "elementwise src0 / src1"},
	{Name: "tdivs", Args: "src:any scalar:any dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: tdivsRules(), Doc: "tile / scalar, or scalar / tile (operand order as written)"},
	{Name: "test_async_event", Args: "event:event session:session", Results: "completed:i1", Format: "`(` $event `,` $session `:` type($event) `,` type($session) `)` attr-dict `->` type($completed)", Effects: "R:event R:session W:$0", Doc: "whether an async event has completed"},
	{Name: "texp", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: unaryFloat(), Doc: "elementwise e^x"},
	{Name: "texpands", Args: "scalar:scalar dst", Ins: "scalar", Outs: "dst", Pipe: "V", Rules: texpandsRules(), Doc: "a tile filled with a scalar"},
	{Name: "textract", Args: "src indexRow:index indexCol:index dst", Ins: "src indexRow indexCol", Outs: "dst", Pipe: "FIX MTE1 V", Rules: textractRules(), Doc: "copies a window of a tile at row and column indices"},
	{Name: "textract_fp", Args: "src fp indexRow:index indexCol:index dst", Ins: "src fp indexRow indexCol", Outs: "dst", Pipe: "FIX", Doc: "textract with a scaling tile (acc to mat)"},
	{Name: "tfillpad", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: fillpadRules(false), Doc: "copies a tile and fills its padding with the pad value of dst"},
	{Name: "tfillpad_expand", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: fillpadRules(true), Doc: "tfillpad into a larger tile"},
	{Name: "tfillpad_inplace", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: fillpadRules(false), Doc: "fills the padding of a tile in place"},
	{Name: "tfmod", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binaryElems("i32 i16 f16 f32"), Doc: "elementwise floating-point modulus"},
	{Name: "tfmods", Args: "src scalar:scalar dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: one(tiles("src", "dst"), sameElem("src", "dst"), sameValid("src", "dst"), rowMajor("expects src and dst to use row-major layout", "src", "dst"), scalarIsElem("src"), elems("i32 i16 f16 f32", "src")), Doc: "floating-point modulus by a scalar"},
	{Name: "tfree", Args: "pipe_handle:pipe", Attrs: "split:i8", Format: "`(` $pipe_handle `:` type($pipe_handle) `)` `{` `split` `=` $split `}` attr-dict", Effects: "R:pipe_handle W:pipe_handle", Pipe: "S", Rules: one(splitAttr()), Doc: "releases the slot of a pipe"},
	{Name: "tfree_from_aic", Attrs: "split:i8", Format: "`{` `split` `=` $split `}` attr-dict", Effects: "unknown", Rules: one(splitAttr()), Doc: "releases the slot the cube core pushed (frontend form)"},
	{Name: "tfree_from_aiv", Attrs: "split:i8", Format: "`{` `split` `=` $split `}` attr-dict", Effects: "unknown", Rules: one(splitAttr()), Doc: "releases the slot the vector core pushed (frontend form)"},
	{Name: "tgather", Args: "src dst cdst? indices? tmp? kValue:scalar?", Attrs: "maskPattern:mask_pattern? cmpMode:cmp? offset:i32?", Ins: "src indices tmp kValue", Outs: "dst cdst", Custom: true, Effects: "R:src W:cdst? R:indices? R:tmp? W:dst", Segmented: true, Pipe: "V", Rules: tgatherRules(), Doc: "gathers by index tile, by comparison with a scalar, or by mask pattern"},
	{Name: "tgatherb", Args: "src offsets dst", Ins: "src offsets", Outs: "dst", Pipe: "V", Doc: "gathers blocks by an offsets tile"},
	{Name: "tgemv", Args: "lhs rhs dst", Results: "result:tensor?", Ins: "lhs rhs", Outs: "dst", Pipe: "M", Rules: gemvRules("lhs", "rhs"), Doc: "matrix-vector product into acc"},
	{Name: "tgemv.acc", Args: "acc_in lhs rhs dst", Results: "result:tensor?", Ins: "acc_in lhs rhs", Outs: "dst", Pipe: "M", Rules: rules(one(tiles("acc_in"), inLoc("acc", "acc_in")), gemvRules("lhs", "rhs")), Doc: "acc_in + matrix x vector"},
	{Name: "tgemv.bias", Args: "a b bias dst", Results: "result:tensor?", Ins: "a b bias", Outs: "dst", Pipe: "M", Rules: rules(gemvRules("a", "b"), one(tiles("bias"), inLoc("bias", "bias"), sameElem("bias", "dst"))), Doc: "matrix x vector + bias"},
	{Name: "tgemv.mx", Args: "a a_scale b b_scale dst", Results: "result:tensor?", Ins: "a a_scale b b_scale", Outs: "dst", Pipe: "M", Rules: one(supported("tgemv.mx is only supported on A5 targets")), Doc: "scaled (mx) matrix-vector product (A5)"},
	{Name: "tgemv.mx.acc", Args: "c_in a a_scale b b_scale dst", Results: "result:tensor?", Ins: "c_in a a_scale b b_scale", Outs: "dst", Pipe: "M", Rules: one(supported("tgemv.mx.acc is only supported on A5 targets")), Doc: "accumulating scaled matrix-vector product (A5)"},
	{Name: "tgemv.mx.bias", Args: "a a_scale b b_scale bias dst", Results: "result:tensor?", Ins: "a a_scale b b_scale bias", Outs: "dst", Pipe: "M", Rules: one(supported("tgemv.mx.bias is only supported on A5 targets")), Doc: "scaled matrix-vector product with bias (A5)"},
	{Name: "tget_async", Args: "dst src session:session", Results: "event:event", Format: "`(` $dst `,` $src `,` $session `:` type($dst) `,` type($src) `,` type($session) `)` attr-dict `->` type($event)", Effects: "W:dst R:src R:session W:$0", Rules: one(tputAsync()), Doc: "an async DMA from src to dst"},
	{Name: "tget_scale_addr", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "S", Rules: one(supported("tget_scale_addr is only supported on A5"), tiles("src"), scaleDst()), Doc: "the address of the scaling tile of a tile (A5)"},
	{Name: "tgetval", Args: "src offset:index", Results: "dst:scalar", Ins: "src offset", Format: "`ins` `(` $src `,` $offset `:` type($src) `,` type($offset) `)` `outs` `:` type($dst) attr-dict", Effects: "R:src", Pipe: "S", Rules: one(tiles("src"), inLoc("vec", "src"), resultIsElem("src", "dst")), Doc: "reads one element of a tile"},
	{Name: "thistogram", Args: "src idx dst", Attrs: "isMSB:bool=true", Ins: "src idx", Outs: "dst", Pipe: "V", Rules: one(supported("thistogram is only supported on A5"), tiles("src", "idx", "dst"), inLoc("vec", "src", "idx", "dst")), Doc: "histogram of a tile (A5)"},
	{Name: "tinsert", Args: "src indexRow:index indexCol:index dst", Ins: "src indexRow indexCol", Outs: "dst", Pipe: "FIX MTE3 V", Rules: tinsertRules(), Doc: "copies a tile into a window of another at row and column indices"},
	{Name: "tinsert_fp", Args: "src fp indexRow:index indexCol:index dst", Ins: "src fp indexRow indexCol", Outs: "dst", Pipe: "FIX", Doc: "tinsert with a scaling tile"},
	{Name: "tload", Args: "src dst pad_value:any? left_padding_num:index? right_padding_num:any? init_condition:any?", Attrs: "pad_mode:padmode? init_out_buffer:bool=false", Results: "result:tensor?", Ins: "src", Outs: "dst", Format: "`ins` `(` $src `:` type($src) `)` `outs` `(` $dst `:` type($dst) `)` attr-dict (`pad_mode` `=` $pad_mode^)? (`pad_value` `=` $pad_value^ `:` type($pad_value))? (`left_padding_num` `=` $left_padding_num^ `:` type($left_padding_num))? (`init_out_buffer` `=` $init_out_buffer^)? (`right_padding_num` `=` $right_padding_num^ `:` type($right_padding_num))? (`init_condition` `=` $init_condition^ `:` type($init_condition))? (`->` type($result)^)?", Effects: "R:src W:dst", Segmented: true, Pipe: "MTE2", Rules: tloadRules(), Doc: "loads a partition of a global tensor into a tile"},
	{Name: "tlog", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: unaryFloat(), Doc: "elementwise natural logarithm"},
	{Name: "tlrelu", Args: "src slope:f32 dst", Ins: "src slope", Outs: "dst", Pipe: "V", Rules: one(tiles("src", "dst"), inLoc("vec", "src", "dst"), sameElem("src", "dst"), sameValid("src", "dst"), elems("f16 f32", "src")), Doc: "leaky relu with an f32 slope"},
	{Name: "tmatmul", Args: "lhs rhs dst", Results: "result:tensor?", Ins: "lhs rhs", Outs: "dst", Pipe: "M", Rules: rules(matOperands("lhs", "rhs"), one(matmulTriple("lhs", "rhs"))), Doc: "matrix product lhs x rhs into acc"},
	{Name: "tmatmul.acc", Args: "acc_in lhs rhs dst", Results: "result:tensor?", Ins: "acc_in lhs rhs", Outs: "dst", Pipe: "M", Rules: rules(one(tiles("acc_in"), inLoc("acc", "acc_in")), matOperands("lhs", "rhs")), Doc: "acc_in + lhs x rhs"},
	{Name: "tmatmul.bias", Args: "a b bias dst", Results: "result:tensor?", Ins: "a b bias", Outs: "dst", Pipe: "M", Rules: rules(matOperands("a", "b"), one(matmulTriple("a", "b"), tiles("bias"), inLoc("bias", "bias"), sameElem("bias", "dst"))), Doc: "a x b + bias"},
	{Name: "tmatmul.mx", Args: "a a_scale b b_scale dst", Results: "result:tensor?", Ins: "a a_scale b b_scale", Outs: "dst", Pipe: "M", Rules: one(tiles("a_scale", "b_scale")), Doc: "scaled (mx) matrix product"},
	{Name: "tmatmul.mx.acc", Args: "c_in a a_scale b b_scale dst", Results: "result:tensor?", Ins: "c_in a a_scale b b_scale", Outs: "dst", Pipe: "M", Rules: one(tiles("c_in", "a_scale", "b_scale"), inLoc("acc", "c_in")), Doc: "accumulating scaled matrix product"},
	{Name: "tmatmul.mx.bias", Args: "a a_scale b b_scale bias dst", Results: "result:tensor?", Ins: "a a_scale b b_scale bias", Outs: "dst", Pipe: "M", Rules: rules(one(tiles("a_scale", "b_scale", "bias"), inLoc("bias", "bias")), matOperands("a", "b")), Doc: "scaled matrix product with bias"},
	{Name: "tmax", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binary("tmax"), Doc: "elementwise maximum"},
	{Name: "tmaxs", Args: "src scalar:scalar dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: tileScalar("tmaxs", "src", true), Doc: "max(tile, scalar)"},
	{Name: "tmin", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binary("tmin"), Doc: "elementwise minimum"},
	{Name: "tmins", Args: "src scalar:scalar dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: tileScalar("tmins", "src", false), Doc: "min(tile, scalar)"},
	{Name: "tmov", Args: "src dst fp? preQuantScalar:i64?", Attrs: "accToVecMode:acc_to_vec_mode? reluPreMode:relu_pre_mode=no_relu", Results: "result:tensor?", Ins: "src fp preQuantScalar", Outs: "dst", Segmented: true, Pipe: "FIX MTE1 V", Rules: tmovRules(), Doc: "copies a tile to another memory space (optional fp scaling or pre-quant scalar)"},
	{Name: "tmov.fp", Args: "src fp dst", Ins: "src fp", Outs: "dst", Pipe: "MTE1", Doc: "tmov with a scaling tile (acc to mat)"},
	{Name: "tmrgsort", Args: "srcs* blockLen:int? dsts* tmp? excuted:any?", Attrs: "exhausted:bool=false", Ins: "srcs blockLen tmp", Outs: "dsts excuted", Custom: true, Segmented: true, Pipe: "V", Doc: "merge sort of sorted runs: one source and a block length, or 2 to 4 sources and a tmp"},
	{Name: "tmul", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binaryElems("i32 i16 f16 f32"), Doc: "elementwise src0 * src1"},
	{Name: "tmuls", Args: "src0 scalar:scalar dst", Ins: "src0 scalar", Outs: "dst", Pipe: "V", Rules: tileScalar("tmuls", "src0", false), Doc: "tile * scalar"},
	{Name: "tneg", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: one(tiles("src", "dst"), inLoc("vec", "src", "dst"), sameElem("src", "dst"), validDimEq(1, "src", "dst"), archElems("tneg.elements", "src")), Doc: "elementwise -x"},
	{Name: "tnot", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: rules(vecTile("src", "dst"), one(sameValid("src", "dst"), sameElem("src", "dst"), archElems("tnot.elements", "src"))), Doc: "elementwise bitwise not"},
	{Name: "tor", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binary("tor"), Doc: "elementwise bitwise or"},
	{Name: "tors", Args: "src scalar:sint dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: one(distinct("expects src and dst to use different storage", "src", "dst"), tiles("src", "dst"), sameElem("src", "dst"), rowMajor("", "src", "dst"), sameValid("src", "dst"), archElems("tors.elements", "src")), Doc: "bitwise or with a scalar"},
	{Name: "tpack", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: rules(one(supported("tpack is only supported on A5 targets")), vecTile("src", "dst"), one(sameValid("src", "dst"))), Doc: "packs elements to a narrower type (A5)"},
	{Name: "tpartadd", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), archElems("tpartadd.elements", "src0")), Doc: "src0 + src1 over their valid regions, the rest copied"},
	{Name: "tpartmax", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), sameShape("", "src0", "src1", "dst"), archElems("tpartmax.elements", "src0")), Doc: "max over the valid regions, the rest copied"},
	{Name: "tpartmin", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), sameShape("", "src0", "src1", "dst"), archElems("tpartmin.elements", "src0")), Doc: "min over the valid regions, the rest copied"},
	{Name: "tpartmul", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), archElems("tpartmul.elements", "src0")), Doc: "src0 * src1 over their valid regions, the rest copied"},
	{Name: "tpop", Args: "tile pipe_handle:pipe", Attrs: "split:i8", Format: "`(` $tile `,` $pipe_handle `:` type($tile) `,` type($pipe_handle) `)` `{` `split` `=` $split `}` attr-dict", Effects: "R:pipe_handle W:pipe_handle W:tile", Pipe: "MTE2 S UNASSIGNED", Rules: one(splitAttr()), Doc: "takes the next tile of a pipe"},
	{Name: "tpop_from_aic", Args: "valid_row:index? valid_col:index?", Attrs: "split:i8", Results: "tile", Format: "(`(` $valid_row^ `,` $valid_col `)`)? `{` `split` `=` $split `}` attr-dict `->` type($tile)", Effects: "unknown", Segmented: true, Rules: one(tpopValid(), splitAttr()), Doc: "receives a tile the cube core pushed (frontend form)"},
	{Name: "tpop_from_aiv", Args: "valid_row:index? valid_col:index?", Attrs: "split:i8", Results: "tile", Format: "(`(` $valid_row^ `,` $valid_col `)`)? `{` `split` `=` $split `}` attr-dict `->` type($tile)", Effects: "unknown", Segmented: true, Rules: one(tpopValid(), splitAttr()), Doc: "receives a tile the vector core pushed (frontend form)"},
	{Name: "tprefetch", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "MTE2", Doc: "prefetches global memory into a tile"},
	{Name: "tprelu", Args: "src0 src1 tmp dst", Ins: "src0 src1 tmp", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "tmp", "dst"), sameElem("src0", "src1", "dst"), elems("f16 f32", "src0"), rowMajor("", "src0", "src1", "dst"), sameValid("src0", "src1", "dst"), sameShape("", "src0", "src1", "tmp", "dst"), archElems("tprelu.tmp_elements", "tmp")), Doc: "parametric relu (tmp scratch)"},
	{Name: "tprint", Args: "src", Ins: "src", Effects: "R:src W:src", Pipe: "V", Doc: "prints a tile"},
	{Name: "tpush", Args: "tile pipe_handle:pipe", Attrs: "split:i8", Format: "`(` $tile `,` $pipe_handle `:` type($tile) `,` type($pipe_handle) `)` `{` `split` `=` $split `}` attr-dict", Effects: "R:tile R:pipe_handle W:pipe_handle", Pipe: "FIX MTE3 UNASSIGNED", Rules: one(splitAttr()), Doc: "pushes a tile into a pipe"},
	{Name: "tpush_to_aic", Args: "tile", Attrs: "split:i8", Format: "`(` $tile `:` type($tile) `)` `{` `split` `=` $split `}` attr-dict", Effects: "unknown", Rules: one(splitAttr()), Doc: "pushes a tile to the cube core (frontend form)"},
	{Name: "tpush_to_aiv", Args: "tile", Attrs: "split:i8", Format: "`(` $tile `:` type($tile) `)` `{` `split` `=` $split `}` attr-dict", Effects: "unknown", Rules: one(splitAttr()), Doc: "pushes a tile to the vector core (frontend form)"},
	{Name: "tput_async", Args: "dst src session:session", Results: "event:event", Format: "`(` $dst `,` $src `,` $session `:` type($dst) `,` type($src) `,` type($session) `)` attr-dict `->` type($event)", Effects: "W:dst R:src R:session W:$0", Rules: one(tputAsync()), Doc: "an async DMA from src to dst"},
	{Name: "tquant", Args: "src fp offset? dst", Attrs: "quant_type:quant_type", Ins: "src fp offset", Outs: "dst", Format: "`ins` `(` $src `,` $fp (`,` $offset^)? `:` qualified(type($src)) `,` qualified(type($fp)) (`,` qualified(type($offset))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: one(tquantStructure(), tiles("src", "fp", "dst", "offset"), elems("f32", "src")), Doc: "quantizes with a scaling tile (and an offset tile for INT8_ASYM)"},
	{Name: "trandom", Args: "key0:sint key1:sint counter0:sint counter1:sint counter2:sint counter3:sint dst", Attrs: "rounds:i32=10", Ins: "key0 key1 counter0 counter1 counter2 counter3", Outs: "dst", AttrsInIns: true, Pipe: "V", Rules: one(supported("trandom is only supported for A5 targets"), tiles("dst"), rowMajor("", "dst")), Doc: "random numbers from keys and counters (A5)"},
	{Name: "trap", Format: "attr-dict", Effects: "unknown", Doc: "stops the kernel"},
	{Name: "trecip", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: unaryFloat(), Doc: "elementwise 1/x"},
	{Name: "trelu", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: rules(vecTile("src", "dst"), one(sameElem("src", "dst"), sameValid("src", "dst"), elems("i32 f16 f32", "src"))), Doc: "elementwise max(x, 0)"},
	{Name: "trem", Args: "src0 src1 tmp dst", Ins: "src0 src1 tmp", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "tmp", "dst"), sameElem("src0", "src1", "dst", "tmp"), sameValid("src0", "src1", "dst"), rowMajor("", "src0", "src1", "tmp", "dst"), archElems("trem.elements", "src0")), Doc: "elementwise remainder (tmp scratch)"},
	{Name: "trems", Args: "src scalar:scalar tmp dst", Ins: "src scalar tmp", Outs: "dst", Pipe: "V", Rules: one(tiles("src", "tmp", "dst"), sameElem("src", "dst", "tmp"), sameValid("src", "dst"), rowMajor("", "src", "tmp", "dst"), scalarIsElem("src"), archElems("trems.elements", "src")), Doc: "remainder by a scalar (tmp scratch)"},
	{Name: "treshape", Args: "src", Results: "result", Format: "$src attr-dict `:` type($src) `->` type($result)", Effects: "pure", View: "src", Pipe: "S", Rules: one(tiles("src", "result"), viewCast(false)), Doc: "the same tile bytes with another shape or configuration"},
	{Name: "trowargmax", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rules(ndVec("src"), vecTile("tmp"), one(tiles("dst"), inLoc("vec", "dst"), noBox("dst"), sameElem("src", "tmp"), sameValid("src", "tmp"), rowRegion(), elems("i16 i32 f16 f32", "src"), elems("i32 ui32", "dst"))), Doc: "index of the maximum of each row (tmp scratch)"},
	{Name: "trowargmin", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rules(ndVec("src"), vecTile("tmp"), one(tiles("dst"), inLoc("vec", "dst"), noBox("dst"), sameElem("src", "tmp"), sameValid("src", "tmp"), rowRegion(), elems("i16 i32 f16 f32", "src"), elems("i32 ui32", "dst"))), Doc: "index of the minimum of each row (tmp scratch)"},
	{Name: "trowexpand", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: rules(ndVec("dst"), one(tiles("src"), inLoc("vec", "src"), noBox("src"), sameElem("src", "dst"), validDimEq(0, "src", "dst"))), Doc: "broadcasts a column across the rows"},
	{Name: "trowexpandadd", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), sameValid("src0", "dst"), rowMajor("", "src0", "dst"), archElems("trowexpandadd.elements", "src0"), rowVector("src1")), Doc: "src0 + row-broadcast src1"},
	{Name: "trowexpanddiv", Args: "src0 src1 tmp? dst", Ins: "src0 src1 tmp", Outs: "dst", Format: "`ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rowExpand("trowexpanddiv"), Doc: "src0 / row-broadcast src1 (optional tmp)"},
	{Name: "trowexpandexpdif", Args: "src0 src1 tmp? dst", Ins: "src0 src1 tmp", Outs: "dst", Format: "`ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rowExpand("trowexpandexpdif"), Doc: "exp(src0 - row-broadcast src1) (optional tmp)"},
	{Name: "trowexpandmax", Args: "src0 src1 tmp? dst", Ins: "src0 src1 tmp", Outs: "dst", Format: "`ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rowExpand("trowexpandmax"), Doc: "max(src0, row-broadcast src1) (optional tmp)"},
	{Name: "trowexpandmin", Args: "src0 src1 tmp? dst", Ins: "src0 src1 tmp", Outs: "dst", Format: "`ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rowExpand("trowexpandmin"), Doc: "min(src0, row-broadcast src1) (optional tmp)"},
	{Name: "trowexpandmul", Args: "src0 src1 tmp? dst", Ins: "src0 src1 tmp", Outs: "dst", Format: "`ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rowExpand("trowexpandmul"), Doc: "src0 * row-broadcast src1 (optional tmp)"},
	{Name: "trowexpandsub", Args: "src0 src1 tmp? dst", Ins: "src0 src1 tmp", Outs: "dst", Format: "`ins` `(` $src0 `,` $src1 (`,` $tmp^)? `:` qualified(type($src0)) `,` qualified(type($src1)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rowExpand("trowexpandsub"), Doc: "src0 - row-broadcast src1 (optional tmp)"},
	{Name: "trowmax", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rowReduce("i16 i32 f16 f32"), Doc: "maximum of each row (tmp scratch)"},
	{Name: "trowmin", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rules(rowReduce("i16 i32 f16 f32"), vecTile("tmp"), one(sameElem("src", "tmp"), sameValid("src", "tmp"))), Doc: "minimum of each row (tmp scratch)"},
	{Name: "trowprod", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rules(rowReduce("i16 i32 f16 f32"), vecTile("tmp"), one(sameElem("src", "tmp"), sameValid("src", "tmp"))), Doc: "product of each row (tmp scratch)"},
	{Name: "trowsum", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: rowReduce("i16 i32 f16 f32"), Doc: "sum of each row (tmp scratch)"},
	{Name: "trsqrt", Args: "src dst tmp?", Ins: "src tmp", Outs: "dst", Format: "`ins` `(` $src (`,` $tmp^)? `:` qualified(type($src)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rules(unaryFloat(), vecTile("tmp")), Doc: "elementwise 1/sqrt(x) (optional tmp)"},
	{Name: "tscatter", Args: "src indexes dst", Ins: "src indexes", Outs: "dst", Pipe: "S V", Rules: one(tiles("src", "indexes", "dst"), inLoc("vec", "src", "indexes", "dst"), sameElem("src", "dst"), elems("f16 f32 bf16 i8 i16 i32", "src"), elems("i16 i32", "indexes")), Doc: "scatters a tile by an index tile"},
	{Name: "tsel", Args: "mask src0 src1 tmp dst", Ins: "mask src0 src1 tmp", Outs: "dst", Pipe: "V", Rules: one(tiles("src0", "src1", "dst"), sameElem("src0", "src1", "dst"), rowMajor("", "src0", "src1", "dst"), archElems("tsel.elements", "src0")), Doc: "selects by a mask (tmp scratch)"},
	{Name: "tsels", Args: "mask src tmp scalar:scalar dst", Ins: "mask src tmp scalar", Outs: "dst", Pipe: "V", Rules: one(tiles("mask", "src", "tmp", "dst"), sameElem("src", "dst"), sameValid("src", "dst"), rowMajor("", "src", "dst"), archElems("tsels.elements", "src")), Doc: "selects between a tile and a scalar by a mask (tmp scratch)"},
	{Name: "tsetval", Args: "dst offset:index val:scalar", Ins: "offset val", Outs: "dst", Pipe: "S", Doc: "writes one element of a tile"},
	{Name: "tshl", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binaryElems("i8 i16 i32"), Doc: "elementwise shift left"},
	{Name: "tshls", Args: "src scalar:sint dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: one(tiles("src", "dst"), sameElem("src", "dst"), elems("i8 i16 i32 i64", "src")), Doc: "shift left by a scalar"},
	{Name: "tshr", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binaryElems("i8 i16 i32"), Doc: "elementwise shift right"},
	{Name: "tshrs", Args: "src scalar:sint dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: rules(vecTile("src", "dst"), one(sameValid("src", "dst"), sameElem("src", "dst"), archElems("tshrs.elements", "src"))), Doc: "shift right by a scalar"},
	{Name: "tsort32", Args: "src idx tmp? dst", Ins: "src idx tmp", Outs: "dst", Format: "`ins` `(` $src `,` $idx (`,` $tmp^)? `:` qualified(type($src)) `,` qualified(type($idx)) (`,` qualified(type($tmp))^)? `)` `outs` `(` $dst `:` qualified(type($dst)) `)` attr-dict", Pipe: "V", Rules: rules(vecTile("src", "dst", "idx", "tmp"), one(sameElem("src", "dst"), elems("f16 f32", "src"), elems("ui32", "idx"))), Doc: "sorts blocks of 32 elements with their indices (optional tmp)"},
	{Name: "tsqrt", Args: "src dst", Ins: "src", Outs: "dst", Pipe: "V", Rules: unaryFloat(), Doc: "elementwise square root"},
	{Name: "tstore", Args: "src dst preQuantScalar:i64?", Attrs: "stPhase:st_phase=unspecified atomicType:atomic_type=atomic_none reluPreMode:relu_pre_mode=no_relu", Results: "result:tensor?", Ins: "src preQuantScalar", Outs: "dst", Pipe: "FIX MTE3", Rules: tstoreRules(), Doc: "stores the valid region of a tile into a partition of a global tensor"},
	{Name: "tstore_fp", Args: "src fp dst", Ins: "src fp", Outs: "dst", Effects: "unknown", Doc: "tstore with a scaling tile"},
	{Name: "tsub", Args: "src0 src1 dst", Ins: "src0 src1", Outs: "dst", Pipe: "V", Rules: binary("tsub"), Doc: "elementwise src0 - src1"},
	{Name: "tsubc", Args: "src0 src1 src2 dst", Ins: "src0 src1 src2", Outs: "dst", Pipe: "V", Doc: "elementwise src0 - src1 - src2"},
	{Name: "tsubs", Args: "src scalar:scalar dst", Ins: "src scalar", Outs: "dst", Pipe: "V", Rules: tileScalar("tsubs", "src", false), Doc: "tile - scalar"},
	{Name: "tsubsc", Args: "src0 scalar:scalar src1 dst", Ins: "src0 scalar src1", Outs: "dst", Pipe: "V", Doc: "src0 - scalar - src1"},
	{Name: "tsync", Args: "events*", Ins: "events", Effects: "unknown", Doc: "waits for the given tiles' pending operations"},
	{Name: "ttrans", Args: "src tmp dst", Ins: "src tmp", Outs: "dst", Pipe: "V", Rules: one(tiles("src", "tmp", "dst"), sameElem("src", "tmp", "dst"), elems("i8 i16 i32 f16 bf16 f32", "src"), majorAlign("ttrans.major_align", "src", "dst")), Doc: "transposes a tile (tmp scratch)"},
	{Name: "ttri", Args: "diagonal:int dst", Attrs: "upperOrLower:i32=0", Ins: "diagonal", Outs: "dst", AttrsInIns: true, Pipe: "V", Rules: rules(vecTile("dst"), one(archElems("ttri.elements", "dst"))), Doc: "a triangular mask tile"},
	{Name: "txor", Args: "src0 src1 tmp dst", Ins: "src0 src1 tmp", Outs: "dst", Pipe: "V", Rules: rules(binary("txor"), one(tiles("tmp"))), Doc: "elementwise bitwise xor (tmp scratch)"},
	{Name: "txors", Args: "src scalar:sint tmp dst", Ins: "src scalar tmp", Outs: "dst", Pipe: "V", Rules: one(distinct("expects src and dst to use different storage", "src", "dst"), tiles("src", "dst"), sameElem("src", "dst"), rowMajor("", "src", "dst"), sameValid("src", "dst"), archElems("txors.elements", "src")), Doc: "bitwise xor with a scalar (tmp scratch)"},
	{Name: "wait_async_event", Args: "event:event session:session", Results: "completed:i1", Format: "`(` $event `,` $session `:` type($event) `,` type($session) `)` attr-dict `->` type($completed)", Effects: "R:event R:session W:$0", Doc: "waits for an async event"},
	{Name: "wait_event", Attrs: "src_op:pipe_event dst_op:pipe_event event_id:event", Format: "`[` $src_op `,` $dst_op `,` $event_id `]` attr-dict", Effects: "unknown", Doc: "waits for an event between two instruction kinds"},
	{Name: "wait_flag", Attrs: "src_pipe:pipe dst_pipe:pipe event_id:event", Format: "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict", Effects: "unknown", Doc: "waits for a flag from one pipe to another"},
	{Name: "wait_flag_dyn", Args: "event_id:index", Attrs: "src_pipe:pipe dst_pipe:pipe", Format: "`[` $src_pipe `,` $dst_pipe `,` $event_id `]` attr-dict", Effects: "unknown", Doc: "waits for a flag with a run-time event id"},
}

// NoTerminatorOps' single block ends without a terminator.
var noTerminator = map[string]bool{"section.cube": true, "section.vector": true}

var _ = ir.Pure
