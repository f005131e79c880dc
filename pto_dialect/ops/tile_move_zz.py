"""The X-to-ZZ form of `pto.tmov`: MX exponents from `tquant.mx` into the cube's ZZ order.

  `pto.tmov ins(%exp, %tmp : E, T) outs(%zz : Z) [{grpAxis = #pto<mx_group_axis axis0>}]`

A5 only (pto-isa a5/TMov.hpp `TMOV_IMPL(dst, src, tmp)`: `TMovNdTo2Zz`, `TMovDnTo2Zz`): src,
dst and tmp are vec tiles of one element type (ui8, hif8 or f8E8M0: `CommonCheckZZ`), src ND
(row_major, none_box), dst boxed row_major / row_major, src and dst holding as many
exponents. axis1 (ND): dst's valid M x G exponents, G even, from src's compact prefix;
axis0 (DN): src's valid M^ x N exponents, M^ even, N a multiple of 16. Rules: PTOAS
lib/PTO/IR/PTO.cpp `TMovOp::verify` (X-to-ZZ); its physical-capacity rules are not repeated
(docs/decisions.md "tquant.mx"). Byte order: `interpreters/semantics/mx_quant.py`.
"""

from __future__ import annotations

from pto_dialect.attrs import BLayout, Location, SLayout, TargetArch
from pto_dialect.dtypes import F8E8M0, HIF8, dtype_named
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.option_attrs import option_value
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

ZZ_TYPES = (dtype_named("ui8"), HIF8, F8E8M0)


def verify_to_zz(
    op: PtoOp, src: TileTypeBase, dst: TileTypeBase, tmp: TileTypeBase, target: TargetProfile
) -> None:
    """PTOAS's X-to-ZZ rules (type, layout and valid-shape ones)."""
    name = op.name
    if target.arch is TargetArch.A2A3:
        raise fail(f"{name} X-to-ZZ is only supported on A5")
    if op.results:
        raise fail(f"{name} X-to-ZZ has no result")
    for role, tile in (("src", src), ("dst", dst), ("tmp", tmp)):
        if tile.location is not Location.VEC:
            raise fail(f"{name} X-to-ZZ {role} must be a vec tile")
        if DYNAMIC in (*tile.shape, *(tile.valid_shape if role != "tmp" else ())):
            raise fail(f"{name} X-to-ZZ {role} needs static shapes")
    if not src.element == dst.element == tmp.element:
        raise fail(f"{name} X-to-ZZ src, dst and tmp share one element type")
    if src.element not in ZZ_TYPES:
        raise fail(f"{name} X-to-ZZ element type must be ui8, hif8 or f8E8M0, got {src.element}")
    if not src.is_nd:
        raise fail(f"{name} X-to-ZZ src must be ND (row_major, none_box)")
    if (dst.blayout.data, dst.slayout.data) != (BLayout.ROW_MAJOR, SLayout.ROW_MAJOR):
        raise fail(f"{name} X-to-ZZ dst must be boxed row_major / row_major (the ZZ box)")
    (rows, cols), (zz_rows, zz_cols) = src.valid_shape, dst.valid_shape
    if rows * cols != zz_rows * zz_cols:
        raise fail(f"{name} X-to-ZZ src and dst must hold as many exponents")
    if option_value(op.attributes.get("grpAxis")) == "axis0":
        if rows < 2 or rows % 2:
            raise fail(f"{name} DN-to-ZZ src valid rows {rows} must be an even count >= 2")
        if cols % 16 or src.shape[1] != cols:
            raise fail(
                f"{name} DN-to-ZZ src valid cols {cols} must be a multiple of 16 and its row stride"
            )
    else:
        if zz_cols % 2:
            raise fail(f"{name} ND-to-ZZ dst valid cols {zz_cols} (groups) must be even")
        if rows != 1 and src.shape[1] != cols:
            raise fail(f"{name} ND-to-ZZ src valid elements must form a compact prefix")
