"""`pto.tquant.mx`: MX quantisation of a vec tile, with its exponent, max and scaling tiles.

  `pto.tquant.mx ins(%src : T) outs(%dst, %exp, %max, %scaling[, %exp_zz] : ...)
       {quant_type = #pto<quant_type MXFP8>[, quantScaleAlg = #pto<quant_scale_alg nv>]
        [, grpAxis = #pto<mx_group_axis axis0>][, interleave = true]
        [, storeMode = #pto<vec_store_mode nz>]}`

Each group of 32 values along `grpAxis` (axis1, the default: along a row; axis0: down a
column) shares one E8M0 exponent; `dst` holds the values as E4M3FN bytes (MXFP8, an i8/ui8
tile) or packed E2M1 pairs (MXFP4_E2M1, `!pto.f4E2M1x2`, half the columns). `exp` receives
the exponent bytes, `max` the group maxima and `scaling` the multipliers in the source type
(arithmetic: `interpreters/semantics/mx_quant.py`). Group-shaped tiles are [M, N/32] (axis1;
or the legacy flat [1, M*N/32]) or [M/32, N] (axis0); `interleave` (axis0) stores the
exponents of group rows 2p and 2p+1 side by side, [M/64, 2N]. The deprecated `exp_zz` (with
`storeMode`, axis1) also receives the exponents in ZZ order.

Rules: PTOAS lib/PTO/IR/PTO.cpp `TQuantMxOp::verify` (A5 only; the CPU simulator computes it
too, pto-isa include/pto/cpu/TQuant.hpp); its capacity rules for the padded layouts are
not repeated here (docs/decisions.md "tquant.mx").
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import BoolAttr
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def

from pto_dialect.attrs import Location, Pipe
from pto_dialect.dtypes import BF16, F4E2M1X2, F16, F32
from pto_dialect.ops.base import (
    TileOp,
    dims_str,
    expect_tile,
    fail,
    require_location,
    target_of,
)
from pto_dialect.ops.tile_quant import QuantType, QuantTypeAttr
from pto_dialect.ops.vector_arith import VMulOp
from pto_dialect.option_attrs import (
    MxGroupAxisAttr,
    QuantScaleAlgAttr,
    VecStoreModeAttr,
    option_value,
)
from pto_dialect.records import AsVectorOp, Cost, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

MX_GROUP = 32
OUT_ROLES = ("dst", "exp", "max", "scaling", "exp_zz")
SRC_TYPES = (F32, F16, BF16)
SOURCE_TYPES = per_target_dtypes("", "f32 f16 bf16")


@irdl_op_definition
class TQuantMxOp(TileOp):
    """MX quantisation: `dst`, `exp`, `max`, `scaling` (and the deprecated `exp_zz`)."""

    name = "pto.tquant.mx"

    PIPE: ClassVar[Pipe] = Pipe.V
    DTYPES: ClassVar = SOURCE_TYPES
    """The source element types (A5 and the CPU simulator; none on A2/A3)."""
    MANUAL: ClassVar = "tile/ops/irregular-and-complex/tquant.md"
    NOT_LOWERED: ClassVar = (
        "a group max, an exponent extraction and a per-group multiply and convert; the "
        "tile-to-vector lowering has no multi-destination form: the interpreter runs it at "
        "tile level"
    )

    quant_type = opt_attr_def(QuantTypeAttr)
    quantScaleAlg = opt_attr_def(QuantScaleAlgAttr)
    grpAxis = opt_attr_def(MxGroupAxisAttr)
    interleave = opt_attr_def(BoolAttr)
    storeMode = opt_attr_def(VecStoreModeAttr)

    @classmethod
    def cost(cls) -> Cost:
        """Costed as one `vmul` repeat per 256 bytes of source (its main step)."""
        return AsVectorOp(VMulOp)

    # ---- options ------------------------------------------------------------------------
    @property
    def fp4(self) -> bool:
        return self.quant_type is not None and self.quant_type.data is QuantType.MXFP4_E2M1

    @property
    def nv(self) -> bool:
        return option_value(self.quantScaleAlg) == "nv"

    @property
    def by_column(self) -> bool:
        """grpAxis = axis0: groups run down the columns."""
        return option_value(self.grpAxis) == "axis0"

    @property
    def interleaved(self) -> bool:
        return self.interleave is not None and bool(self.interleave.value.data)

    def source_roles(self) -> list[str]:
        return ["src"]

    def out_tile(self, index: int) -> TileTypeBase:
        return expect_tile(self.outs[index].type, f"{self.name} {OUT_ROLES[index]}")

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """DPS only: dst's valid region."""
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    # ---- verification -------------------------------------------------------------------
    def verify_(self) -> None:
        if self.res or len(self.outs) not in (4, 5) or len(self.ins) != 1:
            raise fail(f"{self.name} takes ins(%src) outs(%dst, %exp, %max, %scaling[, %exp_zz])")
        self.verify_form()
        self.verify_tiles(target_of(self))

    def verify_tiles(self, target: TargetProfile) -> None:
        if not SOURCE_TYPES[target.arch]:
            raise fail(f"{self.name} is only supported on A5 (and the CPU simulator)")
        src = self.tile(0, "src")
        outs = [self.out_tile(i) for i in range(len(self.outs))]
        for role, tile in zip(("src", *OUT_ROLES), (src, *outs), strict=False):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            if not tile.is_nd:
                raise fail(f"{self.name} {role} must be an ND tile (row_major, none_box)")
            if DYNAMIC in (*tile.shape, *tile.valid_shape):
                raise fail(f"{self.name} {role} needs static shapes")
        self._verify_options()
        self._verify_types(src, outs)
        self._verify_shapes(src, outs)

    def _verify_options(self) -> None:
        if self.quant_type is None or self.quant_type.data not in (
            QuantType.MXFP8,
            QuantType.MXFP4_E2M1,
        ):
            raise fail(f"{self.name} quant_type must be MXFP8 or MXFP4_E2M1")
        if self.interleaved and not self.by_column:
            raise fail(f"{self.name} interleave needs grpAxis = axis0")
        zz = len(self.outs) == 5
        if zz and self.by_column:
            raise fail(f"{self.name} exp_zz (deprecated) needs grpAxis = axis1")
        if zz != (self.storeMode is not None):
            raise fail(f"{self.name} exp_zz and storeMode go together")
        if zz and self.nv:
            raise fail(f"{self.name} the storeMode form takes the OCP scale algorithm")

    def _verify_types(self, src: TileTypeBase, outs: list[TileTypeBase]) -> None:
        dst, exp, peak, scaling = outs[:4]
        if src.element not in SRC_TYPES:
            raise fail(f"{self.name} src dtype {src.element} must be f32, f16 or bf16")
        for role, tile in (("exp", exp), *((("exp_zz", outs[4]),) if len(outs) == 5 else ())):
            if not (tile.element.is_int and tile.element.bits == 8):
                raise fail(f"{self.name} {role} dtype {tile.element} must be i8 or ui8")
        for role, tile in (("max", peak), ("scaling", scaling)):
            if tile.element != src.element:
                raise fail(
                    f"{self.name} {role} dtype {tile.element} must equal the src dtype "
                    f"{src.element}"
                )
        if self.fp4:
            if dst.element != F4E2M1X2:
                raise fail(f"{self.name} MXFP4_E2M1 dst dtype must be f4E2M1x2, got {dst.element}")
            if src.element not in (F16, BF16):
                raise fail(f"{self.name} MXFP4_E2M1 src dtype must be f16 or bf16")
        elif not (dst.element.is_int and dst.element.bits == 8):
            raise fail(f"{self.name} MXFP8 dst dtype {dst.element} must be i8 or ui8")

    def _verify_shapes(self, src: TileTypeBase, outs: list[TileTypeBase]) -> None:
        dst, exp, peak, scaling = outs[:4]
        rows, cols = src.valid_shape
        along = rows if self.by_column else cols
        if along % MX_GROUP:
            axis = "rows" if self.by_column else "cols"
            raise fail(f"{self.name} src valid {axis} {along} must be a multiple of {MX_GROUP}")
        want = (rows, dst.element.elements_for(cols))
        if dst.valid_shape != want:
            raise fail(
                f"{self.name} dst valid shape {dims_str(*dst.valid_shape)} must be "
                f"{dims_str(*want)}"
            )
        grouped = (rows // MX_GROUP, cols) if self.by_column else (rows, cols // MX_GROUP)
        groups = grouped[0] * grouped[1]
        legal = [grouped] if self.by_column else [grouped, (1, groups)]
        named = [("max", peak), ("scaling", scaling)]
        if self.interleaved:
            if rows % 64:
                raise fail(f"{self.name} interleave needs src valid rows a multiple of 64")
            if exp.valid_shape != (rows // 64, 2 * cols):
                raise fail(
                    f"{self.name} interleaved exp valid shape {dims_str(*exp.valid_shape)} "
                    f"must be {dims_str(rows // 64, 2 * cols)}"
                )
        else:
            named.append(("exp", exp))
        for role, tile in named:
            if tile.valid_shape not in legal:
                shapes = " or ".join(dims_str(*s) for s in legal)
                raise fail(
                    f"{self.name} {role} valid shape {dims_str(*tile.valid_shape)} must be {shapes}"
                )
        if len(outs) == 5:
            zz_rows, zz_cols = outs[4].valid_shape
            if zz_rows * zz_cols != groups:
                raise fail(f"{self.name} exp_zz must hold the {groups} group exponents")


OPS: list[type[IRDLOperation]] = [TQuantMxOp]
