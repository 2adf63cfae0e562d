// RUN: pto-opt %s -split-input-file | FileCheck %s
// RUN: pto-opt %s -split-input-file | pto-opt -split-input-file | FileCheck %s

// Integer, index and boolean constants get mlir-opt's result names and
// values normalised to their type (255 : i8 is -1, hex is decimal).
// CHECK-LABEL: func.func @int_constants()
// CHECK-NEXT:    %c0 = arith.constant 0 : index
// CHECK-NEXT:    %c-1_i32 = arith.constant -1 : i32
// CHECK-NEXT:    %c-1_i8 = arith.constant -1 : i8
// CHECK-NEXT:    %c42_i64 = arith.constant 42 : i64
// CHECK-NEXT:    %true = arith.constant true
// CHECK-NEXT:    %false = arith.constant false
// CHECK-NEXT:    %c26_i16 = arith.constant 26 : i16
// CHECK-NEXT:    %c-170141183460469231731687303715884105728_i128 = arith.constant -170141183460469231731687303715884105728 : i128
// CHECK-NEXT:    %c42_i64_0 = arith.constant 42 : i64
func.func @int_constants() {
  %0 = arith.constant 0 : index
  %1 = arith.constant -1 : i32
  %2 = arith.constant 255 : i8
  %3 = arith.constant 42 : i64
  %4 = arith.constant true
  %5 = arith.constant 0 : i1
  %6 = arith.constant 0x1A : i16
  %7 = arith.constant 0x80000000000000000000000000000000 : i128
  %8 = arith.constant 42 : i64
  return
}

// -----

// Float constants: decimal, exponent and hexadecimal (bit pattern) forms,
// rounding to the type (f16, bf16), NaN and infinity printed as hex.
// CHECK-LABEL: func.func @float_constants()
// CHECK-NEXT:    %cst = arith.constant 1.000000e+00 : f32
// CHECK-NEXT:    %cst_0 = arith.constant -2.500000e-01 : f64
// CHECK-NEXT:    %cst_1 = arith.constant 0x7FC00000 : f32
// CHECK-NEXT:    %cst_2 = arith.constant 0xFF800000 : f32
// CHECK-NEXT:    %cst_3 = arith.constant 1.000000e-01 : f32
// CHECK-NEXT:    %cst_4 = arith.constant 9.997550e-02 : f16
// CHECK-NEXT:    %cst_5 = arith.constant 1.000980e-01 : bf16
// CHECK-NEXT:    %cst_6 = arith.constant 1.000000e-01 : f64
// CHECK-NEXT:    %cst_7 = arith.constant 1.000000e+10 : f32
// CHECK-NEXT:    %cst_8 = arith.constant 1.000000e+00 : f16
// CHECK-NEXT:    %cst_9 = arith.constant 0.33333333333333331 : f64
// CHECK-NEXT:    %cst_10 = arith.constant -0.000000e+00 : f32
func.func @float_constants() {
  %0 = arith.constant 1.0 : f32
  %1 = arith.constant -0.25 : f64
  %2 = arith.constant 0x7FC00000 : f32
  %3 = arith.constant 0xFF800000 : f32
  %4 = arith.constant 0.1 : f32
  %5 = arith.constant 0.1 : f16
  %6 = arith.constant 0.1 : bf16
  %7 = arith.constant 0.1 : f64
  %8 = arith.constant 1.0e10 : f32
  %9 = arith.constant 0x3C00 : f16
  %10 = arith.constant 0.333333333333333314829616256247390992939472198486328125 : f64
  %11 = arith.constant -0.0 : f32
  return
}

// -----

// Dense constants: splats (also written as lists of equal elements or as
// hex data), nested lists, booleans, complex, empty; 100 elements print as
// a list.
// CHECK-LABEL: func.func @dense_constants()
// CHECK-NEXT:    %cst = arith.constant dense<1.000000e+00> : tensor<4xf32>
// CHECK-NEXT:    %cst_0 = arith.constant dense<{{\[\[}}1, 2], [3, 4]]> : tensor<2x2xi32>
// CHECK-NEXT:    %cst_1 = arith.constant dense<[true, false]> : vector<2xi1>
// CHECK-NEXT:    %cst_2 = arith.constant dense<7> : tensor<2x2xi8>
// CHECK-NEXT:    %cst_3 = arith.constant dense<(1.000000e+00,-2.000000e+00)> : tensor<2xcomplex<f32>>
// CHECK-NEXT:    %cst_4 = arith.constant dense<> : tensor<0xf32>
// CHECK-NEXT:    %cst_5 = arith.constant dense<[1, 2]> : tensor<2xi32>
// CHECK-NEXT:    %cst_6 = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>
func.func @dense_constants() {
  %0 = arith.constant dense<1.0> : tensor<4xf32>
  %1 = arith.constant dense<[[1, 2], [3, 4]]> : tensor<2x2xi32>
  %2 = arith.constant dense<[true, false]> : vector<2xi1>
  %3 = arith.constant dense<[[7, 7], [7, 7]]> : tensor<2x2xi8>
  %4 = arith.constant dense<(1.0, -2.0)> : tensor<2xcomplex<f32>>
  %5 = arith.constant dense<[]> : tensor<0xf32>
  %6 = arith.constant dense<"0x0100000002000000"> : tensor<2xi32>
  %7 = arith.constant dense<[0, 1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32, 33, 34, 35, 36, 37, 38, 39, 40, 41, 42, 43, 44, 45, 46, 47, 48, 49, 50, 51, 52, 53, 54, 55, 56, 57, 58, 59, 60, 61, 62, 63, 64, 65, 66, 67, 68, 69, 70, 71, 72, 73, 74, 75, 76, 77, 78, 79, 80, 81, 82, 83, 84, 85, 86, 87, 88, 89, 90, 91, 92, 93, 94, 95, 96, 97, 98, 99]> : tensor<100xi8>
  return
}

// -----

// Hex data of one element is a splat, whatever the number of elements.
// CHECK-LABEL: func.func @hex_splat
// CHECK-NEXT:    %cst = arith.constant dense<1> : tensor<67108864xi8>
// CHECK-NEXT:    %cst_0 = arith.constant dense<-2.500000e-01> : tensor<4x4xf32>
func.func @hex_splat() {
  %0 = arith.constant dense<"0x01"> : tensor<67108864xi8>
  %1 = arith.constant dense<"0x000080BE"> : tensor<4x4xf32>
  return
}

// -----

// More than 100 elements (unless a splat) print as hex data.
// CHECK-LABEL: func.func @dense_hex
// CHECK-NEXT:    %cst = arith.constant dense<"0x0000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F000000400000803F"> : tensor<101xf32>
func.func @dense_hex() {
  %0 = arith.constant dense<[1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0, 2.0, 1.0]> : tensor<101xf32>
  return
}

// -----

// Hex data of more than 100 elements that are not all equal prints as
// upper-case hex; full-size hex data whose elements are all equal is a
// splat; hex data of at most 100 elements prints as a list.
// CHECK-LABEL: func.func @hex_kept
// CHECK-NEXT:    %cst = arith.constant dense<"0x000102030405060708090A0B0C0D0E0F101112131415161718191A1B1C1D1E1F202122232425262728292A2B2C2D2E2F303132333435363738393A3B3C3D3E3F404142434445464748494A4B4C4D4E4F505152535455565758595A5B5C5D5E5F6061626364"> : tensor<101xi8>
// CHECK-NEXT:    %cst_0 = arith.constant dense<10> : tensor<101xi8>
// CHECK-NEXT:    %cst_1 = arith.constant dense<[1, 2, -1]> : tensor<3xi8>
func.func @hex_kept() {
  %0 = arith.constant dense<"0x000102030405060708090a0b0c0d0e0f101112131415161718191a1b1c1d1e1f202122232425262728292a2b2c2d2e2f303132333435363738393a3b3c3d3e3f404142434445464748494a4b4c4d4e4f505152535455565758595a5b5c5d5e5f6061626364"> : tensor<101xi8>
  %1 = arith.constant dense<"0x0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a0a"> : tensor<101xi8>
  %2 = arith.constant dense<"0x0102ff"> : tensor<3xi8>
  return
}

// -----

// Integer binary ops, with overflow flags in canonical order (none elided).
// CHECK-LABEL: func.func @int_binary(%arg0: i32, %arg1: i32)
// CHECK-NEXT:    %0 = arith.addi %arg0, %arg1 : i32
// CHECK-NEXT:    %1 = arith.subi %0, %arg1 overflow<nsw> : i32
// CHECK-NEXT:    %2 = arith.muli %1, %arg1 overflow<nsw, nuw> : i32
// CHECK-NEXT:    %3 = arith.divsi %2, %arg1 : i32
// CHECK-NEXT:    %4 = arith.divui %3, %arg1 : i32
// CHECK-NEXT:    %5 = arith.remsi %4, %arg1 : i32
// CHECK-NEXT:    %6 = arith.remui %5, %arg1 : i32
// CHECK-NEXT:    %7 = arith.andi %6, %arg1 : i32
// CHECK-NEXT:    %8 = arith.ori %7, %arg1 : i32
// CHECK-NEXT:    %9 = arith.xori %8, %arg1 : i32
// CHECK-NEXT:    %10 = arith.shli %9, %arg1 overflow<nuw> : i32
// CHECK-NEXT:    %11 = arith.shrsi %10, %arg1 : i32
// CHECK-NEXT:    %12 = arith.shrui %11, %arg1 : i32
// CHECK-NEXT:    %13 = arith.maxsi %12, %arg1 : i32
// CHECK-NEXT:    %14 = arith.minui %13, %arg1 : i32
// CHECK-NEXT:    %15 = arith.ceildivsi %14, %arg1 : i32
// CHECK-NEXT:    %16 = arith.floordivsi %15, %arg1 : i32
// CHECK-NEXT:    %17 = arith.addi %arg0, %arg1 : i32
func.func @int_binary(%arg0: i32, %arg1: i32) {
  %0 = arith.addi %arg0, %arg1 overflow<none> : i32
  %1 = arith.subi %0, %arg1 overflow<nsw> : i32
  %2 = arith.muli %1, %arg1 overflow<nuw, nsw> : i32
  %3 = arith.divsi %2, %arg1 : i32
  %4 = arith.divui %3, %arg1 : i32
  %5 = arith.remsi %4, %arg1 : i32
  %6 = arith.remui %5, %arg1 : i32
  %7 = arith.andi %6, %arg1 : i32
  %8 = arith.ori %7, %arg1 : i32
  %9 = arith.xori %8, %arg1 : i32
  %10 = arith.shli %9, %arg1 overflow<nuw> : i32
  %11 = arith.shrsi %10, %arg1 : i32
  %12 = arith.shrui %11, %arg1 : i32
  %13 = arith.maxsi %12, %arg1 : i32
  %14 = arith.minui %13, %arg1 : i32
  %15 = arith.ceildivsi %14, %arg1 : i32
  %16 = arith.floordivsi %15, %arg1 : i32
  %17 = "arith.addi"(%arg0, %arg1) <{overflowFlags = #arith.overflow<none>}> : (i32, i32) -> i32
  return
}

// -----

// Integer ops on index and on vectors of integers.
// CHECK-LABEL: func.func @int_shaped(%arg0: index, %arg1: vector<4xi8>)
// CHECK-NEXT:    %0 = arith.muli %arg0, %arg0 : index
// CHECK-NEXT:    %1 = arith.addi %arg1, %arg1 : vector<4xi8>
func.func @int_shaped(%arg0: index, %arg1: vector<4xi8>) {
  %0 = arith.muli %arg0, %arg0 : index
  %1 = arith.addi %arg1, %arg1 : vector<4xi8>
  return
}

// -----

// Float binary ops and negf, with fastmath flags (canonical order, `fast`
// for all of them, none elided), on scalars and vectors.
// CHECK-LABEL: func.func @float_binary(%arg0: f32, %arg1: vector<4xf32>)
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg0 : f32
// CHECK-NEXT:    %1 = arith.subf %0, %arg0 fastmath<fast> : f32
// CHECK-NEXT:    %2 = arith.mulf %1, %arg0 fastmath<nnan,ninf> : f32
// CHECK-NEXT:    %3 = arith.divf %2, %arg0 fastmath<reassoc,contract> : f32
// CHECK-NEXT:    %4 = arith.remf %3, %arg0 : f32
// CHECK-NEXT:    %5 = arith.maximumf %4, %arg0 : f32
// CHECK-NEXT:    %6 = arith.minnumf %5, %arg0 : f32
// CHECK-NEXT:    %7 = arith.negf %6 : f32
// CHECK-NEXT:    %8 = arith.negf %arg1 fastmath<contract> : vector<4xf32>
// CHECK-NEXT:    %9 = arith.mulf %8, %arg1 : vector<4xf32>
// CHECK-NEXT:    %10 = arith.addf %arg0, %arg0 fastmath<fast> : f32
// CHECK-NEXT:    %11 = arith.minimumf %arg0, %arg0 : f32
// CHECK-NEXT:    %12 = arith.maxnumf %arg0, %arg0 : f32
func.func @float_binary(%arg0: f32, %arg1: vector<4xf32>) {
  %0 = arith.addf %arg0, %arg0 fastmath<none> : f32
  %1 = arith.subf %0, %arg0 fastmath<fast> : f32
  %2 = arith.mulf %1, %arg0 fastmath<ninf, nnan> : f32
  %3 = arith.divf %2, %arg0 fastmath<contract,reassoc> : f32
  %4 = arith.remf %3, %arg0 : f32
  %5 = arith.maximumf %4, %arg0 : f32
  %6 = arith.minnumf %5, %arg0 : f32
  %7 = arith.negf %6 : f32
  %8 = arith.negf %arg1 fastmath<contract> : vector<4xf32>
  %9 = arith.mulf %8, %arg1 : vector<4xf32>
  %10 = arith.addf %arg0, %arg0 fastmath<reassoc, nnan, ninf, nsz, arcp, contract, afn> : f32
  %11 = arith.minimumf %arg0, %arg0 : f32
  %12 = arith.maxnumf %arg0, %arg0 : f32
  return
}

// -----

// Comparisons print the predicate keyword; on vectors they yield i1 vectors.
// CHECK-LABEL: func.func @compare(%arg0: i32, %arg1: f32, %arg2: vector<2xi64>, %arg3: index)
// CHECK-NEXT:    %0 = arith.cmpi slt, %arg0, %arg0 : i32
// CHECK-NEXT:    %1 = arith.cmpi uge, %arg0, %arg0 : i32
// CHECK-NEXT:    %2 = arith.cmpf oeq, %arg1, %arg1 : f32
// CHECK-NEXT:    %3 = arith.cmpf uno, %arg1, %arg1 fastmath<nnan> : f32
// CHECK-NEXT:    %4 = arith.cmpi ne, %arg2, %arg2 : vector<2xi64>
// CHECK-NEXT:    %5 = arith.cmpi eq, %arg3, %arg3 : index
// CHECK-NEXT:    %6 = arith.cmpf true, %arg1, %arg1 : f32
// CHECK-NEXT:    %7 = arith.select %4, %arg2, %arg2 : vector<2xi1>, vector<2xi64>
func.func @compare(%arg0: i32, %arg1: f32, %arg2: vector<2xi64>, %arg3: index) {
  %0 = arith.cmpi slt, %arg0, %arg0 : i32
  %1 = arith.cmpi uge, %arg0, %arg0 : i32
  %2 = arith.cmpf oeq, %arg1, %arg1 : f32
  %3 = arith.cmpf uno, %arg1, %arg1 fastmath<nnan> : f32
  %4 = arith.cmpi ne, %arg2, %arg2 : vector<2xi64>
  %5 = arith.cmpi eq, %arg3, %arg3 : index
  %6 = arith.cmpf true, %arg1, %arg1 : f32
  %7 = arith.select %4, %arg2, %arg2 : vector<2xi1>, vector<2xi64>
  return
}

// -----

// select with a scalar condition (the condition type is elided) and with a
// vector condition.
// CHECK-LABEL: func.func @select(%arg0: i1, %arg1: index, %arg2: vector<4xi1>, %arg3: vector<4xf32>)
// CHECK-NEXT:    %0 = arith.select %arg0, %arg1, %arg1 : index
// CHECK-NEXT:    %1 = arith.select %arg2, %arg3, %arg3 : vector<4xi1>, vector<4xf32>
// CHECK-NEXT:    %2 = arith.select %arg0, %arg3, %arg3 : vector<4xf32>
func.func @select(%arg0: i1, %arg1: index, %arg2: vector<4xi1>, %arg3: vector<4xf32>) {
  %0 = arith.select %arg0, %arg1, %arg1 : index
  %1 = arith.select %arg2, %arg3, %arg3 : vector<4xi1>, vector<4xf32>
  %2 = arith.select %arg0, %arg3, %arg3 : vector<4xf32>
  return
}

// -----

// Casts: index_cast, sitofp, fptosi, extf, truncf (and their relatives).
// CHECK-LABEL: func.func @casts(%arg0: index, %arg1: i32, %arg2: f16)
// CHECK-NEXT:    %0 = arith.index_cast %arg0 : index to i32
// CHECK-NEXT:    %1 = arith.index_cast %arg1 : i32 to index
// CHECK-NEXT:    %2 = arith.sitofp %arg1 : i32 to f32
// CHECK-NEXT:    %3 = arith.fptosi %2 : f32 to i64
// CHECK-NEXT:    %4 = arith.extf %arg2 : f16 to f32
// CHECK-NEXT:    %5 = arith.truncf %4 : f32 to bf16
// CHECK-NEXT:    %6 = arith.extf %arg2 fastmath<fast> : f16 to f64
// CHECK-NEXT:    %7 = arith.index_castui %arg0 : index to i64
// CHECK-NEXT:    %8 = arith.uitofp %arg1 : i32 to f64
// CHECK-NEXT:    %9 = arith.fptoui %4 : f32 to i16
// CHECK-NEXT:    %10 = arith.extsi %arg1 : i32 to i64
// CHECK-NEXT:    %11 = arith.trunci %arg1 : i32 to i8
func.func @casts(%arg0: index, %arg1: i32, %arg2: f16) {
  %0 = arith.index_cast %arg0 : index to i32
  %1 = arith.index_cast %arg1 : i32 to index
  %2 = arith.sitofp %arg1 : i32 to f32
  %3 = arith.fptosi %2 : f32 to i64
  %4 = arith.extf %arg2 : f16 to f32
  %5 = arith.truncf %4 : f32 to bf16
  %6 = arith.extf %arg2 fastmath<fast> : f16 to f64
  %7 = arith.index_castui %arg0 : index to i64
  %8 = arith.uitofp %arg1 : i32 to f64
  %9 = arith.fptoui %4 : f32 to i16
  %10 = arith.extsi %arg1 : i32 to i64
  %11 = arith.trunci %arg1 : i32 to i8
  return
}

// -----

// Casts on vectors keep the shape.
// CHECK-LABEL: func.func @vector_casts(%arg0: vector<4xi32>, %arg1: vector<4xf32>)
// CHECK-NEXT:    %0 = arith.sitofp %arg0 : vector<4xi32> to vector<4xf32>
// CHECK-NEXT:    %1 = arith.truncf %arg1 : vector<4xf32> to vector<4xf16>
func.func @vector_casts(%arg0: vector<4xi32>, %arg1: vector<4xf32>) {
  %0 = arith.sitofp %arg0 : vector<4xi32> to vector<4xf32>
  %1 = arith.truncf %arg1 : vector<4xf32> to vector<4xf16>
  return
}

// -----

// A discardable attribute dictionary on a pretty-printed op.
// CHECK-LABEL: func.func @op_attrs(%arg0: i32)
// CHECK-NEXT:    %c1_i32 = arith.constant {xd.tag = "k"} 1 : i32
// CHECK-NEXT:    %0 = arith.addi %arg0, %c1_i32 {xd.flag} : i32
// CHECK-NEXT:    %1 = arith.cmpi sgt, %0, %arg0 {xd.n = 1 : i64} : i32
func.func @op_attrs(%arg0: i32) {
  %0 = arith.constant {xd.tag = "k"} 1 : i32
  %1 = arith.addi %arg0, %0 {xd.flag} : i32
  %2 = arith.cmpi sgt, %1, %arg0 {xd.n = 1} : i32
  return
}

// -----

// The flags of arith's bit-enum attributes written in the generic form
// are put in bit order, as mlir-opt does: all of fastmath's read as fast,
// none as none, and the op prints them in its custom form.
// CHECK-LABEL: func.func @generic_flags(
// CHECK-NEXT:    %0 = arith.addf %arg0, %arg0 fastmath<reassoc,nnan> : f32
// CHECK-NEXT:    %1 = arith.mulf %0, %arg0 fastmath<fast> : f32
// CHECK-NEXT:    %2 = arith.subf %1, %arg0 : f32
// CHECK-NEXT:    %3 = arith.addi %arg1, %arg1 overflow<nsw, nuw> : i32
func.func @generic_flags(%arg0: f32, %arg1: i32) {
  %0 = "arith.addf"(%arg0, %arg0) <{fastmath = #arith.fastmath<nnan, reassoc>}> : (f32, f32) -> f32
  %1 = "arith.mulf"(%0, %arg0) <{fastmath = #arith.fastmath<afn, arcp, contract, ninf, nnan, nsz, reassoc>}> : (f32, f32) -> f32
  %2 = "arith.subf"(%1, %arg0) <{fastmath = #arith.fastmath<none>}> : (f32, f32) -> f32
  %3 = "arith.addi"(%arg1, %arg1) <{overflowFlags = #arith.overflow<nuw, nsw>}> : (i32, i32) -> i32
  return
}

// -----

// The optional flags of extf and truncf are kept as written, none too
// (they have no default, unlike addf's), and enum keywords may be given
// as strings: a rounding mode, a predicate.
// CHECK-LABEL: func.func @optional_flags(
// CHECK-NEXT:    %0 = arith.extf %arg0 fastmath<none> : f16 to f32
// CHECK-NEXT:    %1 = arith.truncf %0 downward fastmath<none> : f32 to f16
// CHECK-NEXT:    %2 = arith.truncf %0 toward_zero : f32 to bf16
// CHECK-NEXT:    %3 = arith.cmpi ule, %arg1, %arg1 : i32
// CHECK-NEXT:    %4 = arith.cmpf one, %0, %0 : f32
func.func @optional_flags(%arg0: f16, %arg1: i32) {
  %0 = arith.extf %arg0 fastmath<none> : f16 to f32
  %1 = arith.truncf %0 "downward" fastmath<none> : f32 to f16
  %2 = arith.truncf %0 toward_zero : f32 to bf16
  %3 = arith.cmpi "ule", %arg1, %arg1 : i32
  %4 = arith.cmpf "one", %0, %0 : f32
  return
}

// -----

// arith.constant of elements attributes kept raw: dense_resource, sparse.
// CHECK-LABEL: func.func @constant_raw_elements()
// CHECK-NEXT:    %cst = arith.constant dense_resource<__elided__> : tensor<2xi32>
// CHECK-NEXT:    %cst_0 = arith.constant sparse<{{\[\[}}0, 1]], 2.000000e+00> : tensor<2x2xf32>
func.func @constant_raw_elements() {
  %0 = arith.constant dense_resource<__elided__> : tensor<2xi32>
  %1 = arith.constant sparse<[[0, 1]], 2.000000e+00> : tensor<2x2xf32>
  return
}
