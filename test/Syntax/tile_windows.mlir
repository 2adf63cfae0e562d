// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Loads, stores and slices are windows of a tensor or a source tile at
// the op's offsets; views (reshape, reinterpret) are the bytes of their
// source. Every one is checked against what it is a window or view of,
// at the op, as memref.subview is: non-negative offsets, and inside it
// where the offsets are static (--verify-plan checks the others as it
// runs the kernel).

// Rows [16, 32) of a 16-row tile are the next tile's bytes.
func.func @slice_past_rows(%t: !tile.tile<16x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op views elements [16, 32) of dimension 0, outside its 16x64 source tile (the 16x64 window at offsets [16, 0])}}
  %s = tile.slice %t {offsets = [16, 0], sizes = [16, 64]} : (!tile.tile<16x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  return
}

// -----

// A slice's sizes are its result's shape.
func.func @slice_sizes(%t: !tile.tile<32x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op 'sizes' [16, 32] must be the result's shape 16x64}}
  %s = tile.slice %t {offsets = [0, 0], sizes = [16, 32]} : (!tile.tile<32x64xf32, vec>) -> !tile.tile<16x64xf32, vec>
  return
}

// -----

// A window keeps its source's element type and space.
func.func @slice_element_type(%t: !tile.tile<32x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op a window keeps its source's element type: the source has f32, the result i32}}
  %s = tile.slice %t {offsets = [0, 0]} : (!tile.tile<32x64xf32, vec>) -> !tile.tile<16x64xi32, vec>
  return
}

// -----

func.func @slice_space(%t: !tile.tile<32x64xf32, vec>) {
  // expected-error @+1 {{'tile.slice' op a view stays in its source's space: the source is in vec, the result in mat}}
  %s = tile.slice %t {offsets = [0, 0]} : (!tile.tile<32x64xf32, vec>) -> !tile.tile<16x64xf32, mat>
  return
}

// -----

// A reshape keeps its source's bytes: 1 KiB is not 2 KiB.
func.func @reshape_grows(%t: !tile.tile<16x16xf32, vec>) {
  // expected-error @+1 {{'tile.reshape' op a reshape keeps its source's bytes: the !tile.tile<16x16xf32, vec> source has 1024, the !tile.tile<32x16xf32, vec> result 2048}}
  %r = tile.reshape %t : (!tile.tile<16x16xf32, vec>) -> !tile.tile<32x16xf32, vec>
  return
}

// -----

// A reinterpret views at most its source's bytes.
func.func @reinterpret_grows(%t: !tile.tile<16x16xf16, vec>) {
  // expected-error @+1 {{'tile.reinterpret' op the !tile.tile<16x16xf32, vec> result needs 1024 bytes, more than the 512 of its !tile.tile<16x16xf16, vec> source}}
  %r = tile.reinterpret %t : (!tile.tile<16x16xf16, vec>) -> !tile.tile<16x16xf32, vec>
  return
}

// -----

// A 64x128 tile at row 32 of a 64x128 tensor reads rows [32, 96).
func.func @load_past_rows(%in: !tile.tensor<64x128xf32>) {
  // expected-error @+1 {{'tile.load' op reads elements [32, 96) of dimension 0, outside its 64x128 tensor (the 64x128 window at offsets [32, 0])}}
  %a = tile.load %in {offsets = [32, 0]} : (!tile.tensor<64x128xf32>) -> !tile.tile<64x128xf32, vec>
  return
}

// -----

// Offsets are never negative...
func.func @load_negative_offset(%in: !tile.tensor<64x128xf32>) {
  // expected-error @+1 {{'tile.load' op offset -16 of dimension 0 is negative}}
  %a = tile.load %in {offsets = [-16, 0]} : (!tile.tensor<64x128xf32>) -> !tile.tile<16x128xf32, vec>
  return
}

// -----

// ...not even a step's.
func.func @load_negative_step(%in: !tile.tensor<64x128xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op offset -16 of dimension 0 is negative}}
  %a = tile.load %in, %i {offsets = [-16, 0]} : (!tile.tensor<64x128xf32>, index) -> !tile.tile<16x128xf32, vec>
  return
}

// -----

// An offset whose window's end is past int64 is outside, not wrapped.
func.func @load_offset_overflows(%in: !tile.tensor<64x128xf32>) {
  // expected-error @+1 {{'tile.load' op reads elements [9223372036854775807, 9223372036854775807 + 16) of dimension 0, outside its 64x128 tensor}}
  %a = tile.load %in {offsets = [9223372036854775807, 0]} : (!tile.tensor<64x128xf32>) -> !tile.tile<16x128xf32, vec>
  return
}

// -----

// A tile larger than its tensor is outside it at any offset.
func.func @load_larger_than_tensor(%in: !tile.tensor<64x128xf32>, %i: index) {
  // expected-error @+1 {{'tile.load' op a 128x128 window is larger than its 64x128 tensor}}
  %a = tile.load %in, %i {offsets = [128, 0]} : (!tile.tensor<64x128xf32>, index) -> !tile.tile<128x128xf32, vec>
  return
}

// -----

// A window of a 2-D tensor is a 2-D tile.
func.func @load_rank(%in: !tile.tensor<64x128xf32>) {
  // expected-error @+1 {{'tile.load' op a window of a rank-2 tensor must be rank 2, not 1}}
  %a = tile.load %in : (!tile.tensor<64x128xf32>) -> !tile.tile<128xf32, vec>
  return
}

// -----

// A load moves elements of one width.
func.func @load_width(%in: !tile.tensor<64x128xf32>) {
  // expected-error @+1 {{'tile.load' op loads a f32 tensor into a f16 tile: the element widths differ}}
  %a = tile.load %in : (!tile.tensor<64x128xf32>) -> !tile.tile<64x128xf16, vec>
  return
}

// -----

// A store writes inside its tensor.
func.func @store_past_columns(%t: !tile.tile<64x128xf32, vec>, %out: !tile.tensor<64x128xf32>) {
  // expected-error @+1 {{'tile.store' op writes elements [64, 192) of dimension 1, outside its 64x128 tensor (the 64x128 window at offsets [0, 64])}}
  %s = tile.store %t, %out {offsets = [0, 64]} : (!tile.tile<64x128xf32, vec>, !tile.tensor<64x128xf32>) -> !tile.tensor<64x128xf32>
  return
}

// -----

// Windows at the last place they fit are fine.
func.func @windows_at_the_edge(%in: !tile.tensor<64x128xf32>, %t: !tile.tile<32x64xf32, vec>) {
  %a = tile.load %in {offsets = [32, 64]} : (!tile.tensor<64x128xf32>) -> !tile.tile<32x64xf32, vec>
  %s = tile.store %t, %in {offsets = [32, 64]} : (!tile.tile<32x64xf32, vec>, !tile.tensor<64x128xf32>) -> !tile.tensor<64x128xf32>
  %w = tile.slice %a {offsets = [16, 32], sizes = [16, 32]} : (!tile.tile<32x64xf32, vec>) -> !tile.tile<16x32xf32, vec>
  return
}
