// RUN: pto-opt %s -split-input-file -verify-diagnostics

// Symbol tables, as the verifier of mlir-opt 22 checks them: a symbol is
// defined directly in a symbol table (a module), its name is unique there,
// and symbol references resolve in the nearest enclosing one. This file
// passes mlir-opt -verify-diagnostics as well (parser/roundtrip_test.go).

// A function inside a function is not in a symbol table.
func.func @outer() {
  // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
  func.func @inner() {
    return
  }
  return
}

// -----

// Nor inside a loop or branch.
func.func @in_branch(%c: i1) {
  scf.if %c {
    // expected-error @+1 {{'func.func' op symbol's parent must have the SymbolTable trait}}
    func.func @inner() {
      return
    }
  }
  return
}

// -----

// Nor is a global.
func.func @global_in_function() {
  // expected-error @+1 {{'memref.global' op symbol's parent must have the SymbolTable trait}}
  memref.global "private" @g : memref<2xf32>
  return
}

// -----

// A named module is a symbol too.
func.func @named_module_in_function() {
  // expected-error @+1 {{'builtin.module' op symbol's parent must have the SymbolTable trait}}
  builtin.module @m {
  }
  return
}

// -----

// An unnamed module defines no symbol, so it may be anywhere.
func.func @unnamed_module_in_function() {
  builtin.module {
  }
  return
}

// -----

// Two functions of one name.
// expected-note @+1 {{see existing symbol definition here}}
func.func @f() {
  return
}
// expected-error @+1 {{redefinition of symbol named 'f'}}
func.func @f() {
  return
}

// -----

// Symbols of any kind share the table.
// expected-note @+1 {{see existing symbol definition here}}
memref.global "private" @f : memref<2xf32>
// expected-error @+1 {{redefinition of symbol named 'f'}}
func.func private @f()

// -----

// A nested module is a table of its own: @f may be defined in both, but
// not twice in one.
module {
  func.func private @f()
  module @m {
    // expected-note @+1 {{see existing symbol definition here}}
    func.func private @f()
    // expected-error @+1 {{redefinition of symbol named 'f'}}
    func.func private @f()
  }
}

// -----

// Modules are named in their parent's table.
module {
  // expected-note @+1 {{see existing symbol definition here}}
  module @m {
  }
  // expected-error @+1 {{redefinition of symbol named 'm'}}
  module @m {
  }
}

// -----

// A call resolves in the nearest module, not in the ones around it.
module {
  func.func private @g()
  module {
    func.func @f() {
      // expected-error @+1 {{'func.call' op 'g' does not reference a valid function}}
      func.call @g() : () -> ()
      return
    }
  }
}

// -----

// memref.get_global names a global.
func.func @no_global() {
  // expected-error @+1 {{'memref.get_global' op 'g' does not reference a valid global memref}}
  %0 = memref.get_global @g : memref<2xf32>
  return
}

// -----

// A function is not a global.
func.func private @g()
func.func @function_not_global() {
  // expected-error @+1 {{'memref.get_global' op 'g' does not reference a valid global memref}}
  %0 = memref.get_global @g : memref<2xf32>
  return
}

// -----

// The global's type is the result's.
memref.global "private" @g : memref<2xf32>
func.func @global_type() {
  // expected-error @+1 {{'memref.get_global' op result type 'memref<3xf32>' does not match type 'memref<2xf32>' of the global memref @g}}
  %0 = memref.get_global @g : memref<3xf32>
  return
}
