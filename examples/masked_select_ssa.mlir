// ARGS: rand:32x32xf32:1 rand:32x32xf32:2 zeros:32x32xf32
// z = x > y ? x : y on 32x32 f32 tiles, written at Level 1 (SSA tile values): tcmp writes
// the comparison as a packed predicate tile (one bit per element, 8 per byte: 4 bytes per
// row of 32, the rest of the row's 32 valid bytes zero), tsel selects through it. A NaN in x
// or y makes the comparison false: z takes y. The mask rows hold 32 valid bytes so that
// pto-pipeline lowers both ops (vcmp + psts, plds + vsel): a predicate store writes 32 bytes.
!tile = !pto.tile<loc=vec, dtype=f32, rows=32, cols=32>
!mask = !pto.tile<loc=vec, dtype=ui8, rows=32, cols=32>
!part = !pto.partition_tensor_view<32x32xf32>
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @masked_select(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %z: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %vx = pto.make_tensor_view %x, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vy = pto.make_tensor_view %y, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %vz = pto.make_tensor_view %z, shape = [%c32, %c32], strides = [%c32, %c1] : !pto.tensor_view<?x?xf32>
    %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %pz = pto.partition_view %vz, offsets = [%c0, %c0], sizes = [%c32, %c32] : !pto.tensor_view<?x?xf32> -> !part
    %tx = pto.tload %px : !part -> !tile
    %ty = pto.tload %py : !part -> !tile
    %gt = pto.tcmp %tx, %ty {cmpMode = #pto<cmp gt>} : (!tile, !tile) -> !mask
    %tz = pto.tsel %gt, %tx, %ty : (!mask, !tile, !tile) -> !tile
    pto.tstore %tz, %pz : !tile, !part
    func.return
  }
}
