// !pto.multi_tile_buf: count= is required and names the slot count; the verbose form takes a
// !pto.tile_buf slot type. Each is a parse error at the type.
// RUN: pto-opt %s --split-input-file --verify-diagnostics

// expected-error @+1 {{pto.multi_tile_buf needs count=N}}
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16>

// -----

// expected-error @+1 {{pto.multi_tile_buf slot type must be a !pto.tile_buf, got !pto.tile<}}
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile<vec, 16x16xf16>, count=2>

// -----

// expected-error @+1 {{expected count= or placement= (once each), got 'slots'}}
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf16>, slots=2>

// -----

// expected-error @+1 {{expected count= or placement= (once each), got 'count'}}
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<!pto.tile_buf<vec, 16x16xf16>, count=2, count=3>

// -----

// expected-error @+1 {{duplicate key 'count'}}
%mb = pto.alloc_multi_tile : !pto.multi_tile_buf<vec, 16x16xf16, count=2, count=3>
