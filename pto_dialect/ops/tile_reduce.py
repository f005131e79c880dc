"""Column reductions: `tcolmin tcolmax tcolsum tcolprod` (`dst[0, j] = reduce_i src[i, j]`).

Rules (seed 001 and the reduce-and-expand pages): src and dst are ND tiles
(`blayout=row_major, slayout=none_box`) in `loc=vec` of one element type the
target supports for the op; static valid column counts of src and dst agree.
`tcolsum` optionally takes a scratch tile and an `isBinary` flag (pairwise
summation through the scratch tile); DPS form, as PTOAS spells it:
`pto.tcolsum ins(%src, %tmp {isBinary = true} : T, T) outs(%dst : T1)`.
"""

from __future__ import annotations

from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import BoolAttr
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Location
from pto_dialect.ops.base import (
    TileOp,
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
)
from pto_dialect.ops.tile_attr_syntax import parse_dps_attrs_in_ins, print_dps_attrs_in_ins
from pto_dialect.ops.tile_vector import VectorTileOp
from pto_dialect.ops.vector_arith import VAddOp, VMaxOp, VMinOp, VMulOp
from pto_dialect.records import Effect, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

# seed 001 (TCOLMIN), tcolmax.md and tcolsum.md implementation checks: one list per target
COL_REDUCE = per_target_dtypes("f16 f32 i16 i32", "f16 f32 i8 ui8 i16 ui16 i32 ui32 bf16")


def require_nd(what: str, tile: TileTypeBase) -> None:
    if not tile.is_nd:
        raise fail(
            f"{what} must be ND (blayout=row_major, slayout=none_box), got "
            f"blayout={tile.blayout.data.value}, slayout={tile.slayout.data.value}"
        )


class ColReduceTileOp(VectorTileOp):
    """Reduces each column of `src` over its valid rows into row 0 of `dst`."""

    NUM_INS: ClassVar[int] = 1

    def source_roles(self) -> list[str]:
        return ["src", "tmp"][: len(self.ins)]

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """One row of the source's valid columns."""
        return (1, shapes.valid(self.ins[0])[1])

    def written_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int] | None:
        return self.result_region(shapes)

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        for role, tile in (("src", src), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_nd(f"{self.name} {role}", tile)
        require_same_dtype(f"{self.name} dst", dst.element, "src", src.element)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, src.element, target, self.DTYPES)
        src_cols, dst_cols = src.v_col.data, dst.v_col.data
        if DYNAMIC not in (src_cols, dst_cols) and src_cols != dst_cols:
            raise fail(
                f"{self.name} dst valid cols {dst_cols} must equal the src valid cols {src_cols}"
            )


@irdl_op_definition
class TColMinOp(ColReduceTileOp):
    """Column minimum (seed 001)."""

    name = "pto.tcolmin"

    MANUAL: ClassVar = "tile/ops/reduce-and-expand/tcolmin.md"
    DTYPES: ClassVar = COL_REDUCE  # seed 001 (TCOLMIN implementation checks)
    VECTOR_OP: ClassVar = VMinOp


@irdl_op_definition
class TColMaxOp(ColReduceTileOp):
    """Column maximum."""

    name = "pto.tcolmax"

    MANUAL: ClassVar = "tile/ops/reduce-and-expand/tcolmax.md"
    DTYPES: ClassVar = COL_REDUCE  # tcolmax.md implementation checks
    VECTOR_OP: ClassVar = VMaxOp


@irdl_op_definition
class TColSumOp(ColReduceTileOp):
    """Column sum; `ins(%src[, %tmp])`, `isBinary` selects pairwise summation through `tmp`."""

    name = "pto.tcolsum"

    NUM_INS: ClassVar[int] = 2
    """At most: src and the optional scratch tile."""
    OPTIONAL_TMP: ClassVar[bool] = True
    MANUAL: ClassVar = "tile/ops/reduce-and-expand/tcolsum.md"
    DTYPES: ClassVar = COL_REDUCE  # tcolsum.md implementation checks
    VECTOR_OP: ClassVar = VAddOp

    is_binary = opt_attr_def(BoolAttr, attr_name="isBinary")

    @property
    def binary(self) -> bool:
        return self.is_binary is not None and self.is_binary.value.data != 0

    # ---- syntax: the attr-dict sits inside `ins(...)` before the colon in DPS form ----
    @classmethod
    def parse(cls, parser: Parser) -> TileOp:
        if parser.parse_optional_keyword("ins") is None:
            return super().parse(parser)
        operands, properties, attrs = parse_dps_attrs_in_ins(parser)
        return cls.create(operands=operands, properties=properties, attributes=attrs)

    def print(self, printer: Printer) -> None:
        if not self.outs:
            super().print(printer)
            return
        print_dps_attrs_in_ins(self, printer)

    # ---- verification -----------------------------------------------------------------
    def not_lowered(self) -> str | None:
        """The pairwise sum's vector form works in the tmp tile."""
        if self.binary and len(self.ins) == 1:
            return "isBinary without a tmp tile: the pairwise vector sum works in tmp"
        return super().not_lowered()

    def scratch_sources(self) -> frozenset[int]:
        """The pairwise sum writes its partial sums into `tmp`."""
        return frozenset({1}) if self.binary and len(self.ins) == 2 else frozenset()

    def operand_effects(self) -> tuple[Effect, ...]:
        """Without `isBinary` the tmp operand is not accessed."""
        effects = super().operand_effects()
        if len(self.ins) == 2 and self.outs and not self.binary:
            return (effects[0], Effect.NONE, *effects[2:])
        return effects

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        if len(self.ins) == 1:  # isBinary too: PTOAS's level-2 form materialises the tmp
            return
        src, tmp = self.tile(0, "src"), self.tile(1, "tmp")
        require_location(f"{self.name} tmp", tmp, Location.VEC)
        require_nd(f"{self.name} tmp", tmp)
        require_same_dtype(f"{self.name} tmp", tmp.element, "src", src.element)


# tcolprod.md: half, float, bfloat16, int16, uint16, int32, uint32; A2/A3 half, float,
# int16, int32
COL_PROD = per_target_dtypes("f16 f32 i16 i32", "f16 f32 bf16 i16 ui16 i32 ui32")


@irdl_op_definition
class TColProdOp(ColReduceTileOp):
    """Column product (in row order, as the family)."""

    name = "pto.tcolprod"

    MANUAL: ClassVar = "tile/ops/reduce-and-expand/tcolprod.md"
    DTYPES: ClassVar = COL_PROD
    VECTOR_OP: ClassVar = VMulOp


OPS: list[type[IRDLOperation]] = [TColMinOp, TColMaxOp, TColSumOp, TColProdOp]
