// (ascend910b-loads-anywhere.json: ascend910b with loads into any space, so
// the kernels below exercise the planner alone.)
// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=%S/Inputs/ascend910b-loads-anywhere.json -allocate-addr=planner=sequential
// RUN: pto-opt %s -split-input-file --target=%S/Inputs/ascend910b-loads-anywhere.json -allocate-addr=planner=dsa-rp -check-tile-placement | FileCheck %s --check-prefix=DSA

// The bump allocator never reuses a freed range: five 16 KiB L0A tiles,
// one live at a time, need 80 KiB of the 64 KiB L0A and overflow; the error
// names the space, the demand and the capacity. DSA-RP reuses the dead
// ranges and fits (second RUN line).
// DSA-LABEL: func.func @l0a_chain
// DSA-COUNT-5: tile.alloc left, 16384 {addr = {{0|16384|32768|49152}}}
// expected-error @+1 {{allocate-addr: memory space 'left' overflows: 81920 bytes needed, capacity 65536 bytes on target 'ascend910b' (lower bound 16384 bytes; this planner never reuses a freed range}}
func.func @l0a_chain(%a: !tile.tensor<128x64xf16>, %b: !tile.tensor<64x128xf16>) {
  %l0 = tile.alloc left, 16384 : !tile.buf<left>
  %l1 = tile.alloc left, 16384 : !tile.buf<left>
  %l2 = tile.alloc left, 16384 : !tile.buf<left>
  %l3 = tile.alloc left, 16384 : !tile.buf<left>
  %l4 = tile.alloc left, 16384 : !tile.buf<left>
  %r = tile.alloc right, 16384 : !tile.buf<right>
  %c = tile.alloc acc, 65536 : !tile.buf<acc>
  %rb = tile.load %b into %r : (!tile.tensor<64x128xf16>) -> !tile.tile<64x128xf16, right>
  %a0 = tile.load %a into %l0 : (!tile.tensor<128x64xf16>) -> !tile.tile<128x64xf16, left>
  %c0 = tile.matmul %a0, %rb into %c : (!tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a1 = tile.load %a into %l1 : (!tile.tensor<128x64xf16>) -> !tile.tile<128x64xf16, left>
  %c1 = tile.matmul_acc %c0, %a1, %rb : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a2 = tile.load %a into %l2 : (!tile.tensor<128x64xf16>) -> !tile.tile<128x64xf16, left>
  %c2 = tile.matmul_acc %c1, %a2, %rb : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a3 = tile.load %a into %l3 : (!tile.tensor<128x64xf16>) -> !tile.tile<128x64xf16, left>
  %c3 = tile.matmul_acc %c2, %a3, %rb : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  %a4 = tile.load %a into %l4 : (!tile.tensor<128x64xf16>) -> !tile.tile<128x64xf16, left>
  %c4 = tile.matmul_acc %c3, %a4, %rb : (!tile.tile<128x128xf32, acc>, !tile.tile<128x64xf16, left>, !tile.tile<64x128xf16, right>) -> !tile.tile<128x128xf32, acc>
  return
}
