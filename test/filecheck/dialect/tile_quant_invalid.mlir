// RUN: pto-opt %s --split-input-file --verify-diagnostics

// loc=vec for every tile
func.func @case0(%a: !pto.tile<loc=mat, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant src must be in loc=vec, got loc=mat}}
  %x = pto.tquant %a, %s {quant_type = #pto<quant_type INT8_SYM>} : (!pto.tile<loc=mat, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
  func.return
}

// -----

// INT8 input must be FP32
func.func @case1(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant src dtype i16 must be one of f32}}
  %x = pto.tquant %a, %s {quant_type = #pto<quant_type INT8_SYM>} : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
  func.return
}

// -----

// parameter tiles are f32
func.func @case2(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) {
  // expected-error @+1 {{pto.tquant scale dtype f16 must be f32}}
  %x = pto.tquant %a, %s {quant_type = #pto<quant_type INT8_SYM>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
  func.return
}

// -----

// quant_type is required
func.func @case3(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant needs a quant_type INT8_SYM or INT8_ASYM (MX kinds: tquant.mx)}}
  %x = pto.tquant %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
  func.return
}

// -----

// INT8_ASYM requires an offset
func.func @case4(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant INT8_ASYM quantization takes an offset operand}}
  %x = pto.tquant %a, %s {quant_type = #pto<quant_type INT8_ASYM>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>
  func.return
}

// -----

// INT8_SYM takes no offset
func.func @case5(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant INT8_SYM quantization takes no offset operand}}
  %x = pto.tquant %a, %s, %s {quant_type = #pto<quant_type INT8_SYM>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32>
  func.return
}

// -----

// SYM writes int8_t
func.func @case6(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant INT8_SYM dst dtype must be i8, got ui8}}
  %x = pto.tquant %a, %s {quant_type = #pto<quant_type INT8_SYM>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=ui8, rows=16, cols=32>
  func.return
}

// -----

// dst is i8 or ui8
func.func @case7(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant dst dtype i16 is not supported on target cpu}}
  %x = pto.tquant %a, %s {quant_type = #pto<quant_type INT8_SYM>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=32>
  func.return
}

// -----

// dst and src have the same valid shape
func.func @case8(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tquant dst valid shape 8x32 must equal the src valid shape 16x32}}
  %x = pto.tquant %a, %s {quant_type = #pto<quant_type INT8_SYM>} : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=i8, rows=16, cols=32, v_row=8, v_col=32>
  func.return
}

// -----

// tdequant src is int8_t or int16_t
func.func @case9(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tdequant src dtype f32 must be one of i16, i8}}
  %x = pto.tdequant %a, %s, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
  func.return
}

// -----

// tdequant dst is float
func.func @case10(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tdequant dst dtype f16 is not supported on target cpu (supported: f32)}}
  %x = pto.tdequant %a, %s, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=32>
  func.return
}

// -----

// tdequant: row-major tiles
func.func @case11(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=32, blayout=col_major>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tdequant src must be row-major (blayout=row_major), got blayout=col_major}}
  %x = pto.tdequant %a, %s, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=32, blayout=col_major>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
  func.return
}

// -----

// tdequant: scale rows match dst valid rows
func.func @case12(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>) {
  // expected-error @+1 {{pto.tdequant scale valid rows 8 must equal the dst valid rows 16}}
  %x = pto.tdequant %a, %s, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>, !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
  func.return
}

// -----

// tdequant takes src, scale and offset
func.func @case13(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, %s: !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) {
  // expected-error @+1 {{pto.tdequant expects 3 source operand(s), got 2}}
  %x = pto.tdequant %a, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=32>, !pto.tile<loc=vec, dtype=f32, rows=16, cols=8>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=32>
  func.return
}
