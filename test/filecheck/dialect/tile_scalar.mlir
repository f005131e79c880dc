// RUN: %roundtrip %s --generic-to %t.generic | filecheck %s
// RUN: filecheck %s --check-prefix=GENERIC --input-file %t.generic

// Every tile-scalar op in its SSA and DPS forms (PTOAS syntax: ins(%src, %scalar : T, dtype)).

// CHECK-LABEL: func.func @tadds
// CHECK: %r = pto.tadds %a, %s : (!pto.tile<{{.*}}>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tadds ins(%b, %s : !pto.tile_buf<{{.*}}>, f32) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tadds"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tadds"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tadds(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.tadds %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.tadds ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tsubs
// CHECK: %r = pto.tsubs %a, %s : (!pto.tile<{{.*}}>, i32) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tsubs ins(%b, %s : !pto.tile_buf<{{.*}}>, i32) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tsubs"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tsubs"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tsubs(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %s: i32) {
  %r = pto.tsubs %a, %s : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, i32) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  pto.tsubs ins(%b, %s : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, i32) outs(%b : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tmuls
// CHECK: %r = pto.tmuls %a, %s : (!pto.tile<{{.*}}>, f16) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tmuls ins(%b, %s : !pto.tile_buf<{{.*}}>, f16) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tmuls"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmuls"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tmuls(%a: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %s: f16) {
  %r = pto.tmuls %a, %s : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, f16) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  pto.tmuls ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f16) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tdivs
// CHECK: %r = pto.tdivs %a, %s : (!pto.tile<{{.*}}>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tdivs ins(%b, %s : !pto.tile_buf<{{.*}}>, f32) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tdivs"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tdivs"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tdivs(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.tdivs %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.tdivs ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tmaxs
// CHECK: %r = pto.tmaxs %a, %s : (!pto.tile<{{.*}}>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tmaxs ins(%b, %s : !pto.tile_buf<{{.*}}>, f32) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tmaxs"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmaxs"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tmaxs(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.tmaxs %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.tmaxs ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tmins
// CHECK: %r = pto.tmins %a, %s : (!pto.tile<{{.*}}>, i16) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tmins ins(%b, %s : !pto.tile_buf<{{.*}}>, i16) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tmins"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tmins"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tmins(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>, %s: i16) {
  %r = pto.tmins %a, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, i16) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
  pto.tmins ins(%b, %s : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>, i16) outs(%b : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @taddsc
// CHECK: %r = pto.taddsc %a, %s, %a : (!pto.tile<{{.*}}>, f32, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.taddsc ins(%b, %s, %b : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.taddsc"(%a, %s, %a) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.taddsc"(%b, %s, %b, %b) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @taddsc(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.taddsc %a, %s, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.taddsc ins(%b, %s, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tsubsc
// CHECK: %r = pto.tsubsc %a, %s, %a : (!pto.tile<{{.*}}>, f32, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tsubsc ins(%b, %s, %b : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tsubsc"(%a, %s, %a) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.tsubsc"(%b, %s, %b, %b) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @tsubsc(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.tsubsc %a, %s, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.tsubsc ins(%b, %s, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tlrelu
// CHECK: %r = pto.tlrelu %a, %s : (!pto.tile<{{.*}}>, f32) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tlrelu ins(%b, %s : !pto.tile_buf<{{.*}}>, f32) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tlrelu"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tlrelu"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tlrelu(%a: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %s: f32) {
  %r = pto.tlrelu %a, %s : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  pto.tlrelu ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @taxpy
// CHECK: %r = pto.taxpy %a, %s, %a : (!pto.tile<{{.*}}>, f32, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.taxpy ins(%b, %s, %b : !pto.tile_buf<{{.*}}>, f32, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.taxpy"(%a, %s, %a) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.taxpy"(%b, %s, %b, %b) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @taxpy(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.taxpy %a, %s, %a : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.taxpy ins(%b, %s, %b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tands
// CHECK: %r = pto.tands %a, %s : (!pto.tile<{{.*}}>, i16) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tands ins(%b, %s : !pto.tile_buf<{{.*}}>, i16) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tands"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tands"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tands(%a: !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>, %s: i16) {
  %r = pto.tands %a, %s : (!pto.tile<loc=vec, dtype=i16, rows=16, cols=16>, i16) -> !pto.tile<loc=vec, dtype=i16, rows=16, cols=16>
  pto.tands ins(%b, %s : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>, i16) outs(%b : !pto.tile_buf<loc=vec, dtype=i16, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tors
// CHECK: %r = pto.tors %a, %s : (!pto.tile<{{.*}}>, i16) -> !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tors ins(%b, %s : !pto.tile_buf<{{.*}}>, i16) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tors"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tors"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tors(%a: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=16>, %s: i16) {
  %r = pto.tors %a, %s : (!pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>, i16) -> !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>
  pto.tors ins(%b, %s : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=16>, i16) outs(%b : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @txors
// CHECK: %r = pto.txors %a, %s, %a : (!pto.tile<{{.*}}>, i32, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.txors ins(%b, %s, %b : !pto.tile_buf<{{.*}}>, i32, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.txors"(%a, %s, %a) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.txors"(%b, %s, %b, %b) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @txors(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %s: i32) {
  %r = pto.txors %a, %s, %a : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, i32, !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  pto.txors ins(%b, %s, %b : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, i32, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tshls
// CHECK: %r = pto.tshls %a, %s : (!pto.tile<{{.*}}>, i32) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tshls ins(%b, %s : !pto.tile_buf<{{.*}}>, i32) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tshls"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tshls"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tshls(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %s: i32) {
  %r = pto.tshls %a, %s : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, i32) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  pto.tshls ins(%b, %s : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, i32) outs(%b : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tshrs
// CHECK: %r = pto.tshrs %a, %s : (!pto.tile<{{.*}}>, ui16) -> !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tshrs ins(%b, %s : !pto.tile_buf<{{.*}}>, ui16) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tshrs"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tshrs"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tshrs(%a: !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=16>, %s: ui16) {
  %r = pto.tshrs %a, %s : (!pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>, ui16) -> !pto.tile<loc=vec, dtype=ui16, rows=16, cols=16>
  pto.tshrs ins(%b, %s : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=16>, ui16) outs(%b : !pto.tile_buf<loc=vec, dtype=ui16, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tfmods
// CHECK: %r = pto.tfmods %a, %s : (!pto.tile<{{.*}}>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tfmods ins(%b, %s : !pto.tile_buf<{{.*}}>, f32) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tfmods"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tfmods"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tfmods(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.tfmods %a, %s : (!pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, f32) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.tfmods ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @trems
// CHECK: %r = pto.trems %a, %s, %a : (!pto.tile<{{.*}}>, i32, !pto.tile<{{.*}}>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.trems ins(%b, %s, %b : !pto.tile_buf<{{.*}}>, i32, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.trems"(%a, %s, %a) <{operandSegmentSizes = array<i32: 3, 0>}>
// GENERIC: "pto.trems"(%b, %s, %b, %b) <{operandSegmentSizes = array<i32: 3, 1>}>
func.func @trems(%a: !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, %s: i32) {
  %r = pto.trems %a, %s, %a : (!pto.tile<loc=vec, dtype=i32, rows=16, cols=16>, i32, !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=i32, rows=16, cols=16>
  pto.trems ins(%b, %s, %b : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>, i32, !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=i32, rows=16, cols=16>)
  func.return
}

// CHECK-LABEL: func.func @tpows
// CHECK: %r = pto.tpows %a, %s : (!pto.tile<{{.*}}>, f16) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16, v_row=16, v_col=16{{.*}}>
// CHECK: pto.tpows ins(%b, %s : !pto.tile_buf<{{.*}}>, f16) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tpows"(%a, %s) <{operandSegmentSizes = array<i32: 2, 0>}>
// GENERIC: "pto.tpows"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
func.func @tpows(%a: !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %s: f16) {
  %r = pto.tpows %a, %s : (!pto.tile<loc=vec, dtype=f16, rows=16, cols=16>, f16) -> !pto.tile<loc=vec, dtype=f16, rows=16, cols=16>
  pto.tpows ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f16) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
  func.return
}

// tdivs scalar / tile: the scalar comes first
// CHECK-LABEL: func.func @tdivs_scalar_first
// CHECK: %r = pto.tdivs %s, %a : (f32, !pto.tile<{{.*}}>) -> !pto.tile<{{.*}}>
// CHECK: pto.tdivs ins(%s, %b : f32, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>)
// GENERIC: "pto.tdivs"(%s, %a) <{operandSegmentSizes = array<i32: 2, 0>}>
func.func @tdivs_scalar_first(%a: !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>, %b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  %r = pto.tdivs %s, %a : (f32, !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>) -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.tdivs ins(%s, %b : f32, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// taxpy in PTOAS's DPS form (dst is the accumulator) and texpands (no source tile)
// CHECK-LABEL: func.func @ptoas_forms
// CHECK: pto.taxpy ins(%b, %h : !pto.tile_buf<loc=vec, dtype=f16{{.*}}>, f16) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK: %e = pto.texpands %s : f32 -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16{{.*}}>
// CHECK: pto.texpands ins(%h : f16) outs(%b : !pto.tile_buf<{{.*}}>)
// CHECK: pto.taxpy ins(%x, %h, %w : !pto.tile_buf<loc=vec, dtype=f16{{.*}}>, f16, !pto.tile_buf<loc=vec, dtype=f32{{.*}}>) outs(%w : !pto.tile_buf<loc=vec, dtype=f32{{.*}}>)
// GENERIC: "pto.taxpy"(%b, %h, %b) <{operandSegmentSizes = array<i32: 2, 1>}>
// GENERIC: "pto.texpands"(%s) <{operandSegmentSizes = array<i32: 1, 0>}>
func.func @ptoas_forms(%b: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %h: f16, %s: f32, %x: !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, %w: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {
  pto.taxpy ins(%b, %h : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f16) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
  %e = pto.texpands %s : f32 -> !pto.tile<loc=vec, dtype=f32, rows=16, cols=16>
  pto.texpands ins(%h : f16) outs(%b : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>)
  pto.taxpy ins(%x, %h, %w : !pto.tile_buf<loc=vec, dtype=f16, rows=16, cols=16>, f16, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%w : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>)
  func.return
}

// tdivs's division algorithm, in PTOAS's spelling and the dialect's own
// CHECK-LABEL: func.func @tdivs_precision
// CHECK: pto.tdivs ins(%b, %s : !pto.tile_buf<{{.*}}>, f32) outs(%b : !pto.tile_buf<{{.*}}>) {precisionType = #pto.div_precision<high_precision>}
// CHECK: pto.tdivs ins(%s, %b : f32, !pto.tile_buf<{{.*}}>) outs(%b : !pto.tile_buf<{{.*}}>) {precisionType = #pto.div_precision<default>}
// GENERIC: "pto.tdivs"(%b, %s, %b) <{operandSegmentSizes = array<i32: 2, 1>}> {precisionType = #pto.div_precision<high_precision>}
func.func @tdivs_precision(%b: !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, %s: f32) {
  pto.tdivs ins(%b, %s : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>, f32) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {precisionType = #pto<div_precision high_precision>}
  pto.tdivs ins(%s, %b : f32, !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) outs(%b : !pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=16>) {precisionType = #pto.div_precision<default>}
  func.return
}
