"""The comparison form of `tgather` (tgather.md's `k_value`/`cdst` overload), as PTOAS spells it:

    pto.tgather ins(%src, %kValue, %tmp : S, T, !pto.tile_buf<vec, ..xui8>)
                outs(%dst, %cdst : D, D) {cmpMode = #pto<cmp gt>, offset = 7 : i32}

For each valid row r of src, the columns c whose element compares true with `kValue` (GT:
`src[r, c] > kValue`, EQ, the default: `==`) give the indices `offset + r * C + c` (C: src's
tile columns), packed into dst row r from column 0; `cdst`'s storage element r is their
count. The rest of dst is left as it was.

This is pto-isa's A2/A3 `TGather_cmp` (a2a3/TGather.hpp): the index table `offset + i` over
src's storage, a `vcmpvs` bitmap per row, `vreducev2` in count mode over the valid columns
and the reserved count into `cdst + r`. pto-isa's threshold is a tile of per-row integers
converted to src's type; PTOAS passes one scalar of src's type, the threshold of every row.
The working space is `tmp`'s storage and the bytes after it: the bitmap rows at `r * Ct`
bytes (Ct: tmp's tile columns), then the index table (R x C elements of dst's type), then the
threshold per row in src's type, as the implementation lays them out; pto-run writes them
there (tgather.md asks for a tmp that holds them all; PTOAS's kernels pass one row of bytes).

On A5 (a5/TGather.hpp, `tile_gather_compare_a5` in the interpreter) tmp is accepted and
ignored, 8-bit to 32-bit integers compare unsigned, with GT too, and the indices count on
across rows by whole 64-lane groups. The CPU simulator has no such overload: refused.
"""

from __future__ import annotations

from pto_dialect.attrs import CmpMode, Location, TargetArch
from pto_dialect.dtypes import dtype_of
from pto_dialect.ops.base import (
    TileOp,
    expect_tile,
    fail,
    require_dtype_supported,
    require_location,
)
from pto_dialect.ops.tile_reduce import require_nd
from pto_dialect.records import per_target_dtypes
from pto_dialect.targets import TargetProfile

ROLES = ("src", "kValue", "tmp")
DST_ROLES = ("dst", "cdst")
# tgather.md comparison-based checks: A2A3 src float, half, or int32_t in EQ mode; A5 also
# 16-bit and unsigned integers, and (a5/TGather.hpp's static_assert and its board cases
# case8-10) 8-bit integers; dst (and PTOAS: cdst) int32_t or uint32_t.
COMPARE_SRC_DTYPES = per_target_dtypes("f16 f32 i32", "i8 ui8 i16 ui16 i32 ui32 f16 f32", "")
COMPARE_DST_DTYPES = per_target_dtypes("i32 ui32", "i32 ui32", "")


def verify_compare(op: TileOp, mode: CmpMode, target: TargetProfile) -> None:
    """The comparison form's rules (`mode`: its predicate): PTOAS's `verifyCompareForm` and
    pto-isa's A2/A3 and A5 `static_assert`s."""
    form = f"{op.name} comparison form"
    if op.res or len(op.outs) != 2 or len(op.ins) != 3:
        raise fail(
            f"{form} takes ins(%src, %kValue, %tmp) outs(%dst, %cdst), got {len(op.ins)} "
            f"source(s) and {len(op.outs)} destination(s)"
        )
    if target.arch is TargetArch.CPU:
        raise fail(f"{form} has no implementation in pto-isa's CPU simulator (cpu/TGather.hpp)")
    src, tmp = op.tile(0, "src"), op.tile(2, "tmp")
    dst, cdst = (expect_tile(op.outs[k].type, f"{form} {r}") for k, r in enumerate(DST_ROLES))
    for role, tile in (("src", src), ("tmp", tmp), ("dst", dst), ("cdst", cdst)):
        require_location(f"{form} {role}", tile, Location.VEC)
        require_nd(f"{form} {role}", tile)
    require_dtype_supported(f"{form} src", src.element, target, COMPARE_SRC_DTYPES)
    require_dtype_supported(f"{form} dst", dst.element, target, COMPARE_DST_DTYPES)
    if cdst.element != dst.element:
        raise fail(f"{form} cdst dtype {cdst.element} must be the dst dtype {dst.element}")
    k = dtype_of(op.ins[1].type)
    if k != src.element:
        raise fail(
            f"{form} kValue type {op.ins[1].type} must be the src element type {src.element}"
        )
    if mode not in (CmpMode.EQ, CmpMode.GT):
        raise fail(f"{form} takes cmpMode eq or gt, got {mode.value}")
    if mode is CmpMode.GT and target.arch is TargetArch.A2A3 and src.element.is_int:
        raise fail(f"{form} compares {src.element} with EQ only (a2a3/TGather.hpp)")
