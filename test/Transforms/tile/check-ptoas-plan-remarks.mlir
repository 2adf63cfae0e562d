// check-ptoas-plan{remarks=true} says where ptoas's own planner will put
// each pto.alloc_tile (numbered in the order convert-tile-to-pto emits
// them), when ptoas's order of the tiles is knowable. (TestPTOASPlanner-
// Addresses checks these remarks against ptoas's own plan.)
// RUN: pto-opt %s -split-input-file -verify-diagnostics -pto-memory-plan=planner=ptoas --target=ascend910b -check-ptoas-plan=remarks=true

// Three 80 KiB tiles one after another: 240 KiB in all is more than
// ptoas's 192 KiB, so it reuses: the third goes where the first died.
func.func @three_in_sequence(%in: !tile.tensor<80x256xf32>, %out: !tile.tensor<80x256xf32>) {
  // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #0 (81920 bytes of 'vec') at 0}}
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<80x256xf32>) -> !tile.tile<80x256xf32, vec>
  // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #1 (81920 bytes of 'vec') at 81920}}
  %b = tile.exp %a : (!tile.tile<80x256xf32, vec>) -> !tile.tile<80x256xf32, vec>
  // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #2 (81920 bytes of 'vec') at 0}}
  %c = tile.exp %b : (!tile.tile<80x256xf32, vec>) -> !tile.tile<80x256xf32, vec>
  %s = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<80x256xf32, vec>, !tile.tensor<80x256xf32>) -> !tile.tensor<80x256xf32>
  return
}

// -----

// Below the capacity in all ptoas reuses nothing: three 32 KiB tiles one
// after another get three addresses.
func.func @all_fit(%in: !tile.tensor<32x256xf32>, %out: !tile.tensor<32x256xf32>) {
  // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #0 (32768 bytes of 'vec') at 0}}
  %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<32x256xf32>) -> !tile.tile<32x256xf32, vec>
  // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #1 (32768 bytes of 'vec') at 32768}}
  %b = tile.exp %a : (!tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
  // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #2 (32768 bytes of 'vec') at 65536}}
  %c = tile.exp %b : (!tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
  %s = tile.store %c, %out {offsets = [0, 0]} : (!tile.tile<32x256xf32, vec>, !tile.tensor<32x256xf32>) -> !tile.tensor<32x256xf32>
  return
}

// -----

// Inside a loop every tile is live for the whole loop: the loop's three
// 32 KiB tiles reuse the bytes of the 96 KiB tile that died before the
// loop, but not one another's, though pto-opt's own liveness would put
// the third over the first.
func.func @in_loop(%in: !tile.tensor<96x256xf32>, %out: !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #0 (98304 bytes of 'vec') at 0}}
  %p = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<96x256xf32, vec>
  %o = tile.store %p, %out {offsets = [0, 0]} : (!tile.tile<96x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
  %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%y = %o) -> (!tile.tensor<96x256xf32>) {
    // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #1 (32768 bytes of 'vec') at 0}}
    %a = tile.load %in {offsets = [0, 0]} : (!tile.tensor<96x256xf32>) -> !tile.tile<32x256xf32, vec>
    // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #2 (32768 bytes of 'vec') at 32768}}
    %b = tile.exp %a : (!tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
    // expected-remark @+1 {{check-ptoas-plan: ptoas places pto.alloc_tile #3 (32768 bytes of 'vec') at 65536}}
    %c = tile.exp %b : (!tile.tile<32x256xf32, vec>) -> !tile.tile<32x256xf32, vec>
    %y2 = tile.store %c, %y {offsets = [0, 0]} : (!tile.tile<32x256xf32, vec>, !tile.tensor<96x256xf32>) -> !tile.tensor<96x256xf32>
    scf.yield %y2 : !tile.tensor<96x256xf32>
  }
  return %r : !tile.tensor<96x256xf32>
}
