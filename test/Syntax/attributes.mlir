// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | FileCheck %s
// RUN: pto-opt %s -split-input-file --allow-unregistered-dialect | pto-opt -split-input-file --allow-unregistered-dialect | FileCheck %s

// Integers: i64 by default, other widths, unsigned, index, wider than 64
// bits, negative; the dictionary is printed sorted by name.
// CHECK: module attributes {a.big = 123456789012345678901234567890 : i128, a.i8 = -3 : i8, a.idx = 7 : index, a.int = 42 : i64, a.ui = 200 : ui8, a.w = -1 : i3}
module attributes {a.int = 42, a.i8 = -3 : i8, a.ui = 200 : ui8, a.idx = 7 : index, a.big = 123456789012345678901234567890 : i128, a.w = 7 : i3} {
}

// -----

// Floats: f64 by default, typed, hexadecimal bit patterns, negative zero.
// CHECK: module attributes {a.f = 1.500000e+00 : f64, a.f32 = -5.000000e-01 : f32, a.hex = 0x7FF0000000000000 : f64, a.hexf16 = 1.000000e+00 : f16, a.neg0 = -0.000000e+00 : f32}
module attributes {a.f = 1.5, a.f32 = -0.5 : f32, a.hex = 0x7FF0000000000000 : f64, a.hexf16 = 0x3C00 : f16, a.neg0 = -0.0 : f32} {
}

// -----

// Strings (escapes printed as mlir-opt prints them), typed strings,
// booleans, unit (bare name or `unit`).
// CHECK: module attributes {a.b = true, a.bf = false, a.esc = "\00\FF", a.s = "hi \22there\22\0A\\", a.typed = "s" : i32, a.u, a.unit}
module attributes {a.s = "hi \"there\"\n\\", a.esc = "\00\FF", a.typed = "s" : i32, a.b = true, a.bf = false, a.u, a.unit = unit} {
}

// -----

// Arrays (nested, mixed, empty) and dictionaries (sorted, empty).
// CHECK: module attributes {a.arr = [1, "x", [true], @sym, 2 : i32], a.dict = {a = "q", z = 1 : i32}, a.edict = {}, a.empty = []}
module attributes {a.arr = [1, "x", [true], @sym, 2 : i32], a.empty = [], a.dict = {z = 1 : i32, a = "q"}, a.edict = {}} {
}

// -----

// dense<...> (nested lists, splat), array<T: ...> of ints, floats and
// booleans, including the empty one.
// CHECK: module attributes {a.darr = array<i64: 1, -2, 3>, a.darr32 = array<i32>, a.darrb = array<i1: true, false>, a.darrf = array<f32: 1.000000e+00, 2.500000e+00>, a.dense = dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>, a.dsplat = dense<1.500000e+00> : vector<4xf32>}
module attributes {a.dense = dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>, a.dsplat = dense<1.5> : vector<4xf32>, a.darr = array<i64: 1, -2, 3>, a.darr32 = array<i32>, a.darrf = array<f32: 1.0, 2.5>, a.darrb = array<i1: true, false>} {
}

// -----

// affine_map and affine_set attributes print through #map/#set aliases;
// strided layouts print inline.
// CHECK:      #map = affine_map<(d0)[s0] -> (d0 + s0)>
// CHECK-NEXT: #map1 = affine_map<(d0, d1) -> (d0 * 4 + d1)>
// CHECK-NEXT: #set = affine_set<(d0) : (d0 >= 0)>
// CHECK-NEXT: module attributes {a.map = #map, a.map2 = #map1, a.map3 = #map, a.set = #set, a.strided = strided<[4, 1], offset: ?>, a.strided0 = strided<[1]>}
module attributes {a.map = affine_map<(d0)[s0] -> (d0 + s0)>, a.map2 = affine_map<(d0, d1) -> (d0 * 4 + d1)>, a.map3 = affine_map<(d0)[s0] -> (d0 + s0)>, a.set = affine_set<(d0) : (d0 >= 0)>, a.strided = strided<[4, 1], offset: ?>, a.strided0 = strided<[1]>} {
}

// -----

// Symbol references (nested, quoted), opaque dialect attributes kept
// verbatim, type attributes, attribute aliases (resolved), locations.
// CHECK:      #loc = loc("f.mlir":1:2)
// CHECK-NEXT: module attributes {a.alias = [1, 2], a.ftype = (i32) -> f32, a.loc = #loc, a.nested = @foo::@bar::@"b z", a.opaque = #xd.thing<"x", [1, 2]>, a.opaque2 = #xd.flag, a.sym = @foo, a.type = i32}
#al = [1, 2]
module attributes {a.sym = @foo, a.nested = @foo::@bar::@"b z", a.opaque = #xd.thing<"x", [1, 2]>, a.opaque2 = #xd.flag, a.type = i32, a.ftype = (i32) -> f32, a.alias = #al, a.loc = loc("f.mlir":1:2)} {
}

// -----

// Properties <{...}> of unregistered ops are kept apart from the
// discardable attributes.
// CHECK: "xd.op"() <{p = 1 : i64, q = [1, 2]}> {d = 2 : i64} : () -> ()
"xd.op"() <{p = 1, q = [1, 2]}> {d = 2} : () -> ()

// -----

// Integer arrays read as mlir-opt reads them: a signless element is its
// width's bits, printed signed (255 and 0x80 in i8 are -1 and -128); an
// unsigned one prints unsigned (-1 in ui8 is 255); i1 takes true and
// false (a minus before them is ignored); i0 holds 0.
// CHECK: module attributes {a.b = array<i1: true, false>, a.i0 = array<i0: 0>, a.s = array<si8: -128, 127>, a.u = array<ui8: 255, 255>, a.u64 = array<ui64: 18446744073709551615>, a.wrap = array<i8: -1, -128, -128>} {
module attributes {a.wrap = array<i8: 255, 0x80, -128>, a.u = array<ui8: 255, -1>, a.s = array<si8: -128, 127>, a.b = array<i1: -true, false>, a.u64 = array<ui64: 18446744073709551615>, a.i0 = array<i0: 0>} {
}
