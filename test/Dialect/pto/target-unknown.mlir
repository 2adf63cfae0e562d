// RUN: pto-opt %s -split-input-file -verify-diagnostics

// A pto.target_arch no target answers to is an error (ptoas would take
// any other string for A3), naming what pto-opt knows.
// expected-error @+1 {{pto.target_arch = "a9" names no target pto-opt knows (a3 (ascend910b), a2a3 (ascend910b), a2 (ascend910b), a5 (ascend950))}}
module attributes {pto.target_arch = "a9"} {
  func.func @unknown() {
    return
  }
}

// -----

// The module's tile.target and its pto.target_arch must agree.
// expected-error @+1 {{tile.target = "ascend950" and pto.target_arch disagree}}
module attributes {tile.target = "ascend950", pto.target_arch = "a3"} {
  func.func @disagree() {
    return
  }
}
