// A bufferized three-stage filter over a 256-element signal, with explicit
// deallocations (what -ownership-based-buffer-deallocation leaves):
//   %tmp holds the scaled signal, %acc the running sums, %hist a
//   histogram filled only when %emit is set, %out the clamped result.
// %tmp dies before %hist and %out are allocated, so best-fit gives them
// the same arena bytes; trivial packs every buffer after the previous.
//
//   go run ./cmd/pto-opt -static-memory-planner-analysis="algorithm=best-fit" examples/memref_arena.mlir
//   go run ./cmd/pto-opt -static-memory-planner-analysis="algorithm=trivial" examples/memref_arena.mlir
func.func @filter(%sig: memref<256xf32>, %res: memref<256xf32>, %scale: f32, %emit: i1) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %zero = arith.constant 0.0 : f32
  %tmp = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  %acc = memref.alloc() : memref<256xf32>
  scf.for %i = %c0 to %c256 step %c1 {
    %x = memref.load %sig[%i] : memref<256xf32>
    %y = arith.mulf %x, %scale : f32
    memref.store %y, %tmp[%i] : memref<256xf32>
  }
  scf.for %i = %c0 to %c256 step %c1 {
    %y = memref.load %tmp[%i] : memref<256xf32>
    %s = arith.addf %y, %y : f32
    memref.store %s, %acc[%i] : memref<256xf32>
  }
  memref.dealloc %tmp : memref<256xf32>
  %hist = memref.alloc() : memref<64xi32>
  scf.if %emit {
    %one = arith.constant 1 : i32
    memref.store %one, %hist[%c0] : memref<64xi32>
  }
  memref.dealloc %hist : memref<64xi32>
  %out = memref.alloc() {alignment = 64 : i64} : memref<256xf32>
  scf.for %i = %c0 to %c256 step %c1 {
    %s = memref.load %acc[%i] : memref<256xf32>
    %c = arith.maximumf %s, %zero : f32
    memref.store %c, %out[%i] : memref<256xf32>
    memref.store %c, %res[%i] : memref<256xf32>
  }
  memref.dealloc %acc : memref<256xf32>
  memref.dealloc %out : memref<256xf32>
  return
}
