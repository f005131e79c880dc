// !pto.multi_tile_buf: count= is required and names the slot count; the verbose form takes a
// !pto.tile_buf slot type. Each is a parse error at the type.
// RUN: xdsl-opt %s --split-input-file --parsing-diagnostics | filecheck %s

// CHECK: tile_multi_buffer_parse_invalid.mlir:[[# @LINE + 2]]:50
// CHECK: pto.multi_tile_buf needs count=N
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16>

// -----

// CHECK: pto.multi_tile_buf slot type must be a !pto.tile_buf, got !pto.tile<
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile<vec, 16x16xf16>, count=2>

// -----

// CHECK: tile_multi_buffer_parse_invalid.mlir:[[# @LINE + 2]]:81
// CHECK: expected count= or placement= (once each), got 'slots'
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf16>, slots=2>

// -----

// CHECK: expected count= or placement= (once each), got 'count'
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf16>, count=2, count=3>

// -----

// CHECK: duplicate key 'count'
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=2, count=3>
