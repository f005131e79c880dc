"""Quantisation: `tquant` (INT8 forms) and `tdequant`, with per-row parameter tiles.

  `pto.tquant ins(%src, %scale[, %offset] : f32 tiles) outs(%dst[, %tmp] : i8/ui8 tile[, f32])
       {quant_type = #pto<quant_type INT8_SYM>}` (INT8_ASYM takes the offset; PTOAS's
       optional tmp, working space of A2/A3, follows dst in `outs`)
  `pto.tdequant ins(%src, %scale, %offset : i8/i16 tile, f32, f32) outs(%dst : f32 tile)`

and the SSA forms `%d = pto.tquant %src, %scale {quant_type = ...} : (...) -> !pto.tile<...>`.
The parameter tiles hold one f32 value per row (its column 0). The MX forms of the tquant
page (MXFP8/MXFP4 with exponent, max and scaling tiles, a stochastic-rounding cast) are not
part of this record: PTOAS's tquant has the two INT8 forms only.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.utils import EnumAttribute
from xdsl.irdl import IRDLOperation, irdl_attr_definition, irdl_op_definition, opt_attr_def
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import EitherSpellingEnum, Location, Pipe, TargetArch
from pto_dialect.dtypes import F32, DType, dtypes
from pto_dialect.ops.base import (
    TileOp,
    dims_str,
    expect_tile,
    fail,
    require_dtype_supported,
    require_location,
    target_of,
)
from pto_dialect.ops.tile_elementwise import require_row_major
from pto_dialect.ops.vector_arith import VMulOp, VSubOp
from pto_dialect.ops.vector_convert import VCvtOp
from pto_dialect.records import AsVectorOp, Cost, Effect, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")
_PAGES = "tile/ops/irregular-and-complex/"


class QuantType(StrEnum):
    """`quant_type` of `tquant` (PTOAS's QuantType enum)."""

    INT8_SYM = "INT8_SYM"
    INT8_ASYM = "INT8_ASYM"
    MXFP8 = "MXFP8"
    MXFP4_E2M1 = "MXFP4_E2M1"
    """The MX kinds belong to `tquant.mx` (`tile_quant_mx`)."""


@irdl_attr_definition
class QuantTypeAttr(EitherSpellingEnum, EnumAttribute[QuantType]):
    """`#pto.quant_type<INT8_SYM>`, or PTOAS's `#pto<quant_type INT8_SYM>`."""

    name = "pto.quant_type"


class QuantTileOp(TileOp):
    """A vector-pipe conversion between f32 and integer tiles with per-row parameters."""

    PIPE: ClassVar[Pipe] = Pipe.V
    SRC_TYPES: ClassVar[frozenset[DType]]
    """The element types of src the page allows."""

    @classmethod
    def cost(cls) -> Cost:
        """Costed as one `vmul` repeat per 256 bytes (the implementations' main step)."""
        return AsVectorOp(VMulOp)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The source's valid region."""
        return shapes.valid(self.ins[0])

    def param_roles(self) -> list[str]:
        return self.source_roles()[1:]

    def verify_tiles(self, target: TargetProfile) -> None:
        roles = self.source_roles()
        src, dst = self.tile(0, roles[0]), self.dst_tile()
        tiles = [(role, self.tile(k, role)) for k, role in enumerate(roles)] + [("dst", dst)]
        for role, tile in tiles:
            require_location(f"{self.name} {role}", tile, Location.VEC)
        if src.element not in self.SRC_TYPES:
            names = ", ".join(sorted(d.name for d in self.SRC_TYPES))
            raise fail(f"{self.name} src dtype {src.element} must be one of {names}")
        assert self.DTYPES is not None
        require_dtype_supported(f"{self.name} dst", dst.element, target, self.DTYPES)
        for k, role in enumerate(self.param_roles(), start=1):
            param = self.tile(k, role)
            if param.element != F32:
                raise fail(f"{self.name} {role} dtype {param.element} must be f32")
        for mine, theirs in zip(src.valid_shape, dst.valid_shape, strict=True):
            if DYNAMIC not in (mine, theirs) and mine != theirs:
                raise fail(
                    f"{self.name} dst valid shape {dims_str(*dst.valid_shape)} must equal the "
                    f"src valid shape {dims_str(*src.valid_shape)}"
                )
        self.verify_quant(src, dst, target)

    def verify_quant(self, src: TileTypeBase, dst: TileTypeBase, target: TargetProfile) -> None:
        """The op's own rules."""


@irdl_op_definition
class TQuantOp(QuantTileOp):
    """`dst = sat(rint(src * scale[r] (+ offset[r])))` into i8 (INT8_SYM) or ui8 (INT8_ASYM),
    over src's valid region; `scale` holds the reciprocal of the page's divisor (every
    implementation multiplies)."""

    name = "pto.tquant"

    NUM_INS: ClassVar[int] = 3
    """At most: src, scale and (INT8_ASYM) offset."""
    OPTIONAL_TMP: ClassVar[bool] = True
    MANUAL: ClassVar = _PAGES + "tquant.md"
    SRC_TYPES: ClassVar = dtypes("f32")  # tquant.md: INT8 input must be FP32
    DTYPES: ClassVar = per_target_dtypes("i8 ui8", "i8 ui8")  # SYM: int8_t, ASYM: uint8_t
    NOT_LOWERED: ClassVar = (
        "the f32 -> i8/ui8 result is stored by the 4:1 packing store (PK4_B32) after a "
        "four-step vcvt chain; the dialect has no 4:1 packing store"
    )

    quant_type = opt_attr_def(QuantTypeAttr)

    @property
    def kind(self) -> QuantType:
        return QuantType.INT8_SYM if self.quant_type is None else self.quant_type.data

    def source_roles(self) -> list[str]:
        return ["src", "scale", "offset"][: len(self.ins)]

    def scratch_sources(self) -> frozenset[int]:
        """A2/A3 scales src in place (TROWEXPANDMUL(src, src, scale)) before converting."""
        return frozenset({0}) if target_of(self).arch is TargetArch.A2A3 else frozenset()

    def operand_effects(self) -> tuple[Effect, ...]:
        """PTOAS's `outs(%dst, %tmp)`: tmp is working space (A2/A3's row broadcast and
        s32 conversion; unused on A5)."""
        effects = super().operand_effects()
        return (*effects[:-1], Effect.SCRATCH) if len(self.outs) == 2 else effects

    def verify_(self) -> None:
        """PTOAS's form with a scratch tile after dst in `outs` (tquant_e2e), and the rest."""
        if len(self.outs) != 2:
            super().verify_()
            return
        if len(self.ins) not in (2, 3):
            raise fail(f"{self.name} expects ins(%src, %scale[, %offset]), got {len(self.ins)}")
        self.verify_form()
        target = target_of(self)
        self.verify_tiles(target)
        src, tmp = self.tile(0, "src"), expect_tile(self.outs[1].type, f"{self.name} tmp")
        require_location(f"{self.name} tmp", tmp, Location.VEC)
        if tmp.element != F32:
            raise fail(f"{self.name} tmp dtype {tmp.element} must be f32")
        # PTOAS's TQuantOp::verify: on A2/A3 tmp holds src's rows (row-major, src's shape and
        # valid shape); A5 takes it as a placeholder (a5/TQuant.hpp ignores it)
        if target.arch is TargetArch.A2A3 and (
            not tmp.is_row_major or tmp.shape != src.shape or tmp.valid_shape != src.valid_shape
        ):
            raise fail(
                f"{self.name} tmp on A2/A3 must be a row-major tile of src's shape "
                f"{dims_str(*src.shape)} and valid shape {dims_str(*src.valid_shape)}, got "
                f"{dims_str(*tmp.shape)} (valid {dims_str(*tmp.valid_shape)})"
            )

    def verify_quant(self, src: TileTypeBase, dst: TileTypeBase, target: TargetProfile) -> None:
        if self.quant_type is None or self.kind not in (QuantType.INT8_SYM, QuantType.INT8_ASYM):
            raise fail(
                f"{self.name} needs a quant_type INT8_SYM or INT8_ASYM (MX kinds: tquant.mx)"
            )
        asym = self.kind is QuantType.INT8_ASYM
        if asym != (len(self.ins) == 3):
            need = "an offset operand" if asym else "no offset operand"
            raise fail(f"{self.name} {self.kind.value} quantization takes {need}")
        want = "ui8" if asym else "i8"
        if dst.element.name != want:
            raise fail(
                f"{self.name} {self.kind.value} dst dtype must be {want}, got {dst.element} "
                f"(pto-isa's TQuant.hpp static_asserts {want} on every target; PTOAS's newest "
                "verifier takes either 8-bit type, but its C++ does not compile)"
            )


@irdl_op_definition
class TDequantOp(QuantTileOp):
    """`dst = (f32(src) - offset[r]) * scale[r]` over dst's valid region, rounded to f32
    after the subtraction and after the product."""

    name = "pto.tdequant"

    NUM_INS: ClassVar[int] = 3
    MANUAL: ClassVar = _PAGES + "tdequant.md"
    SRC_TYPES: ClassVar = dtypes("i8 i16")  # tdequant.md: int8_t or int16_t
    DTYPES: ClassVar = per_target_dtypes("f32", "f32")  # tdequant.md: float
    LOWERS_TO: ClassVar = (VCvtOp, VSubOp, VMulOp)

    def not_lowered(self) -> str | None:
        """Lowered for an i16 source whose tile rows are whole 64-element chunks, with ND
        parameter tiles (and, on the CPU, one valid parameter column); else a tile op."""
        src = self.tile(0, "src")
        if src.element.bits == 8:
            return "an i8 source needs the 4:1 unpacking load (UNPK4_B8), not in the dialect"
        if src.shape[1] % 64:
            return (
                "the unpacking load (UNPK_B16) has no block-masked form: src tile rows must "
                "hold whole 64-element chunks"
            )
        for k, role in ((1, "scale"), (2, "offset")):
            param = self.tile(k, role)
            if not param.is_nd:
                return f"the lowering reads ND parameter tiles, {role} is not one"
            if target_of(self).arch is TargetArch.CPU and param.valid_shape[1] != 1:
                return (
                    f"on the CPU a {role} tile of several valid columns varies per column "
                    "(cpu/TDeQuant.hpp); the lowering broadcasts column 0"
                )
        return None

    def source_roles(self) -> list[str]:
        return ["src", "scale", "offset"]

    def verify_quant(self, src: TileTypeBase, dst: TileTypeBase, target: TargetProfile) -> None:
        for role, tile in (("src", src), ("dst", dst)):
            require_row_major(f"{self.name} {role}", tile)  # "row-major tiles"
        rows = dst.valid_shape[0]
        for k, role in ((1, "scale"), (2, "offset")):
            param_rows = self.tile(k, role).valid_shape[0]
            if DYNAMIC not in (rows, param_rows) and param_rows != rows:
                raise fail(
                    f"{self.name} {role} valid rows {param_rows} must equal the dst valid "
                    f"rows {rows}"
                )


OPS: list[type[IRDLOperation]] = [TQuantOp, TDequantOp]
ATTRIBUTES = [QuantTypeAttr]
