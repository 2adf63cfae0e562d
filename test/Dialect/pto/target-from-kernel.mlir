// RUN: pto-opt %s -split-input-file -verify-diagnostics --target=ascend910b

// --target serves a kernel that names no arch: its rules are the
// target's (A2/A3 here).
func.func @no_arch(%a: !pto.tile_buf<vec, 16x32xi8>) {
  // expected-error @+1 {{'pto.tadd' op expects A2/A3 tadd element type to be i32/i16/f16/f32}}
  pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x32xi8>, !pto.tile_buf<vec, 16x32xi8>) outs(%a : !pto.tile_buf<vec, 16x32xi8>)
  return
}

// -----

// A --target that agrees with the kernel's pto.target_arch.
// expected-no-diagnostics
module attributes {pto.target_arch = "a3"} {
  func.func @agrees(%a: !pto.tile_buf<vec, 16x16xf32>) {
    pto.tadd ins(%a, %a : !pto.tile_buf<vec, 16x16xf32>, !pto.tile_buf<vec, 16x16xf32>) outs(%a : !pto.tile_buf<vec, 16x16xf32>)
    return
  }
}

// -----

// A --target that does not is an error at the module carrying the
// attribute.
// expected-error @+1 {{pto.target_arch = "a5" conflicts with --target=ascend910b (ptoas arch a3): drop --target or the attribute}}
module attributes {pto.target_arch = "a5"} {
  func.func @conflict() {
    return
  }
}

// -----

// The same for "pto.device-spec".
// expected-error @+1 {{"pto.device-spec" = "Ascend950" conflicts with --target=ascend910b (ptoas arch a3)}}
module attributes {"pto.device-spec" = "Ascend950"} {
  func.func @conflict_spec() {
    return
  }
}
