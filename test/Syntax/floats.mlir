// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// Every float constant prints back to the same bits, exactly as mlir-opt 22
// prints it (parser/floats_test.go compares all bit patterns of the small
// types and samples of the wide ones with mlir-opt).

// NaNs keep their payloads, quiet or signalling, of either sign, in every
// IEEE type: printed as their bits in hex, as mlir-opt prints them.
// CHECK: module attributes {a.bf16 = 0x7F81 : bf16, a.bf16n = 0xFFC1 : bf16, a.f16 = 0x7C01 : f16, a.f16n = 0xFE01 : f16, a.f32 = 0x7F800001 : f32, a.f32n = 0xFFC00001 : f32, a.f64 = 0x7FF0000000000001 : f64, a.f64n = 0xFFF8000000000001 : f64, a.tf32 = 0x7FC01 : tf32} {
module attributes {a.f16 = 0x7C01 : f16, a.f16n = 0xFE01 : f16, a.bf16 = 0x7F81 : bf16, a.bf16n = 0xFFC1 : bf16, a.f32 = 0x7F800001 : f32, a.f32n = 0xFFC00001 : f32, a.f64 = 0x7FF0000000000001 : f64, a.f64n = 0xFFF8000000000001 : f64, a.tf32 = 0x7FC01 : tf32} {
}

// -----

// Infinities print in hex; negative zero, denormals and the largest values
// in exponent form. A decimal literal is read as the nearest double, then
// rounded to the type: beyond the range it is an infinity, below it zero.
// CHECK: module attributes {a.big = 0x7FF0000000000000 : f64, a.d16 = 5.960460e-08 : f16, a.d32 = 1.401300e-45 : f32, a.d64 = 4.940660e-324 : f64, a.dbf = -9.183550e-41 : bf16, a.inf = 0x7C00 : f16, a.max16 = 6.550400e+04 : f16, a.ninf = 0xFC00 : f16, a.nz = -0.000000e+00 : f16, a.nzbf = -0.000000e+00 : bf16, a.over16 = 0x7C00 : f16, a.tiny = 0.000000e+00 : f64, a.under16 = 0.000000e+00 : f16} {
module attributes {a.inf = 0x7C00 : f16, a.ninf = 0xFC00 : f16, a.nz = -0.0 : f16, a.nzbf = 0x8000 : bf16, a.d16 = 0x0001 : f16, a.dbf = 0x8001 : bf16, a.d32 = 0x00000001 : f32, a.d64 = 0x0000000000000001 : f64, a.max16 = 65504.0 : f16, a.over16 = 65520.0 : f16, a.under16 = 1.0e-8 : f16, a.big = 1.0e400 : f64, a.tiny = 1.0e-400 : f64}  {
}

// -----

// A value no six-digit form reads back as prints with as many digits as
// round-trip its type, or in hex when that form has no point (16777216).
// CHECK: module attributes {a.e = 9.9999999999999995E-8 : f64, a.i32 = 0x4B800000 : f32, a.i64 = 0x4340000000000000 : f64, a.third = 0.333333343 : f32} {
module attributes {a.i32 = 16777216.0 : f32, a.i64 = 9007199254740992.0 : f64, a.third = 0.333333333333 : f32, a.e = 1.0e-7 : f64} {
}

// -----

// The f8 types with infinities (E5M2, E4M3, E3M4) and without (E4M3FN:
// 0x7F and 0xFF are NaN, and values beyond 448 round to NaN).
// CHECK: module attributes {a.e3 = 0x7F : f8E3M4, a.e4 = 0x78 : f8E4M3, a.e5inf = 0x7C : f8E5M2, a.e5nan = 0x7D : f8E5M2, a.fn = 0x7F : f8E4M3FN, a.fnmax = 4.480000e+02 : f8E4M3FN, a.fnn = 0xFF : f8E4M3FN, a.fnover = 0x7F : f8E4M3FN} {
module attributes {a.fn = 0x7F : f8E4M3FN, a.fnn = 0xFF : f8E4M3FN, a.fnmax = 448.0 : f8E4M3FN, a.fnover = 1.0e10 : f8E4M3FN, a.e5inf = 0x7C : f8E5M2, a.e5nan = 0x7D : f8E5M2, a.e4 = 0x78 : f8E4M3, a.e3 = 0x7F : f8E3M4} {
}

// -----

// The FNUZ types: 0x80 is their only NaN, so -0.0 reads as 0.0 and values
// beyond the range round to NaN.
// CHECK: module attributes {a.b11 = 0x80 : f8E4M3B11FNUZ, a.b11over = 0x80 : f8E4M3B11FNUZ, a.uz4 = 0x80 : f8E4M3FNUZ, a.uz4max = -2.400000e+02 : f8E4M3FNUZ, a.uz5 = 0x80 : f8E5M2FNUZ, a.uz5z = 0.000000e+00 : f8E5M2FNUZ} {
module attributes {a.uz5 = 0x80 : f8E5M2FNUZ, a.uz5z = -0.0 : f8E5M2FNUZ, a.uz4 = 0x80 : f8E4M3FNUZ, a.uz4max = 0xFF : f8E4M3FNUZ, a.b11 = 0x80 : f8E4M3B11FNUZ, a.b11over = 1.0e10 : f8E4M3B11FNUZ} {
}

// -----

// f8E8M0FNU has no sign, no zero (0.0 reads as its least value, 2^-127)
// and rounds ties away (3.0 is 4.0); 0xFF is NaN. The f6 and f4 types have
// neither infinities nor NaNs: values beyond the range are the largest.
// CHECK: module attributes {a.f4 = 6.000000e+00 : f4E2M1FN, a.f4n = -6.000000e+00 : f4E2M1FN, a.f4over = 6.000000e+00 : f4E2M1FN, a.f6 = 2.800000e+01 : f6E3M2FN, a.f6b = -7.500000e+00 : f6E2M3FN, a.f6over = 2.800000e+01 : f6E3M2FN, a.m0 = 5.877470e-39 : f8E8M0FNU, a.m0max = 1.701410e+38 : f8E8M0FNU, a.m0nan = 0xFF : f8E8M0FNU, a.m0tie = 4.000000e+00 : f8E8M0FNU, a.m0z = 5.877470e-39 : f8E8M0FNU} {
module attributes {a.m0 = 0x00 : f8E8M0FNU, a.m0z = 0.0 : f8E8M0FNU, a.m0max = 0xFE : f8E8M0FNU, a.m0nan = 0xFF : f8E8M0FNU, a.m0tie = 3.0 : f8E8M0FNU, a.f6 = 0x1F : f6E3M2FN, a.f6over = 100.0 : f6E3M2FN, a.f6b = 0x3F : f6E2M3FN, a.f4 = 0x7 : f4E2M1FN, a.f4n = 0xF : f4E2M1FN, a.f4over = 100.0 : f4E2M1FN} {
}

// -----

// f80 and f128: values a double holds print in decimal with the digits
// that round-trip the type; NaNs keep their payloads; an x87 unnormal or
// pseudo-infinity is a NaN, printed (as mlir-opt does) with the exponent
// all ones.
// CHECK: module attributes {a.q = 0.100000000000000005551115123125782702 : f128, a.qinf = 0xFFFF0000000000000000000000000000 : f128, a.qnan = 0x7FFF0000000000000000000000000001 : f128, a.x = 1.500000e+00 : f80, a.xinf = 0xFFFF8000000000000000 : f80, a.xnan = 0x7FFFC000000000000001 : f80, a.xpinf = 0x7FFF0000000000000000 : f80, a.xunnormal = 0x7FFF0000000000000000 : f80} {
module attributes {a.x = 1.5 : f80, a.q = 0.1 : f128, a.xnan = 0x7FFFC000000000000001 : f80, a.xunnormal = 0x12340000000000000000 : f80, a.xpinf = 0x7FFF0000000000000000 : f80, a.xinf = 0xFFFF8000000000000000 : f80, a.qnan = 0x7FFF0000000000000000000000000001 : f128, a.qinf = 0xFFFF0000000000000000000000000000 : f128} {
}

// -----

// Dense elements: lists, splats, hex data read back as elements, complex
// parts, x87 and f4 data, f8 overflow: each element keeps its bits.
// CHECK: module attributes {a.cplx = dense<(0x7C01,-0.000000e+00)> : tensor<1xcomplex<f16>>, a.f4 = dense<[-6.000000e+00, 6.000000e+00]> : tensor<2xf4E2M1FN>, a.f8 = dense<[0x7F, 0x7F, 0xFF]> : tensor<3xf8E4M3FN>, a.hex = dense<[0x7C01, 0xFC00, 0.000000e+00]> : tensor<3xf16>, a.hexsplat = dense<3.39617773E+38> : tensor<3xf32>, a.list = dense<[0x7C01, 1.000000e+00, -0.000000e+00, 0xFC00]> : tensor<4xf16>, a.splat = dense<0x7F81> : tensor<2x2xbf16>, a.x87 = dense<[0x7FFF0000000000000001, 0x7FFF8000000000000000]> : tensor<2xf80>} {
module attributes {a.list = dense<[0x7C01, 1.0, -0.0, 0xFC00]> : tensor<4xf16>, a.splat = dense<0x7F81> : tensor<2x2xbf16>, a.hex = dense<"0x017C00FC0000"> : tensor<3xf16>, a.hexsplat = dense<"0x01807F7F"> : tensor<3xf32>, a.cplx = dense<[(0x7C01, -0.0)]> : tensor<1xcomplex<f16>>, a.x87 = dense<"0x0100000000000000FF7F0000000000000080FF7F"> : tensor<2xf80>, a.f8 = dense<[0x7F, 1.0e10, -1.0e10]> : tensor<3xf8E4M3FN>, a.f4 = dense<"0x0F07"> : tensor<2xf4E2M1FN>} {
}

// -----

// Arrays of floats; in an array attribute an f64 prints without its type
// except when it prints in hex.
// CHECK: module attributes {a.b = array<bf16: 0x7F81>, a.elided = [0x7FF8000000000001 : f64, 1.500000e+00, 0x7F800001 : f32], a.f8 = array<f8E4M3FN: 0x7F, 1.000000e+00>, a.h = array<f16: 0x7C01, -0.000000e+00, 5.000000e+00>, a.x = array<f80: 0x7FFFC000000000000001>} {
module attributes {a.h = array<f16: 0x7C01, -0.0, 5.0>, a.b = array<bf16: 0x7F81>, a.f8 = array<f8E4M3FN: 0x7F, 1.0>, a.x = array<f80: 0x7FFFC000000000000001>, a.elided = [0x7FF8000000000001 : f64, 1.5, 0x7F800001 : f32]} {
}

// -----

// The same in ops: arith.constant keeps each payload, in scalars and
// dense elements, through the custom and the generic form.
// CHECK-LABEL: func.func @constants
// CHECK:      %cst = arith.constant 0x7C01 : f16
// CHECK-NEXT: %cst_0 = arith.constant 0xFF81 : bf16
// CHECK-NEXT: %cst_1 = arith.constant dense<0xFE01> : vector<4xf16>
// CHECK-NEXT: %cst_2 = arith.constant dense<[0x7F800001, -0.000000e+00]> : tensor<2xf32>
// CHECK-NEXT: %cst_3 = arith.constant 0x7FFFC000000000000001 : f80
// CHECK-NEXT: %cst_4 = arith.constant 0xFF : f8E4M3FN
func.func @constants() -> (f16, bf16, vector<4xf16>, tensor<2xf32>, f80, f8E4M3FN) {
  %0 = arith.constant 0x7C01 : f16
  %1 = arith.constant 0xFF81 : bf16
  %2 = arith.constant dense<0xFE01> : vector<4xf16>
  %3 = arith.constant dense<[0x7F800001, -0.0]> : tensor<2xf32>
  %4 = arith.constant 0x7FFFC000000000000001 : f80
  %5 = arith.constant 0xFF : f8E4M3FN
  return %0, %1, %2, %3, %4, %5 : f16, bf16, vector<4xf16>, tensor<2xf32>, f80, f8E4M3FN
}
