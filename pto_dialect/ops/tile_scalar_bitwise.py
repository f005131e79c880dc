"""The bitwise and shift tile-scalar ops (`tands`, `tors`, `txors`, `tshls`, `tshrs`): members
of the tile-scalar family of `tile_scalar.py`, on integer elements only."""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.irdl import irdl_op_definition

from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.tile_scalar import PAGES, SCALAR, TMP, ScalarTileOp
from pto_dialect.ops.vector_scalar import (
    VAndsOp,
    VOrsOp,
    VShlsOp,
    VShrsOp,
    VXorsOp,
    require_shift_count,
)
from pto_dialect.records import per_target_dtypes
from pto_dialect.tile_types import TileTypeBase

_INTS = "i8 ui8 i16 ui16 i32 ui32"


@irdl_op_definition
class TAndSOp(ScalarTileOp):
    """`dst = src & scalar`."""

    name = "pto.tands"

    MANUAL: ClassVar = PAGES + "tands.md"
    # tands.md: A2A3 is TEXPANDS + TAND (tand's 1-/2-byte list), A5 1/2/4-byte integers
    DTYPES: ClassVar = per_target_dtypes("i8 ui8 i16 ui16", _INTS)
    VECTOR_OP: ClassVar = VAndsOp
    IN_PLACE: ClassVar[bool] = False


@irdl_op_definition
class TOrSOp(ScalarTileOp):
    """`dst = src | scalar`."""

    name = "pto.tors"

    MANUAL: ClassVar = PAGES + "tors.md"
    # tors.md: A2A3 is TEXPANDS + TOR (tor's 1-/2-byte list), A5 1/2/4-byte integers
    DTYPES: ClassVar = per_target_dtypes("i8 ui8 i16 ui16", _INTS)
    VECTOR_OP: ClassVar = VOrsOp
    IN_PLACE: ClassVar[bool] = False


@irdl_op_definition
class TXorSOp(ScalarTileOp):
    """`dst = src ^ scalar`; `ins(src, scalar[, tmp])`: A2/A3 computes through the scratch
    tile (its contents afterwards are unspecified; this project leaves them unchanged), which
    PTOAS's level-2 form leaves to the compiler to materialise."""

    name = "pto.txors"

    LAYOUTS: ClassVar = (("src", SCALAR), ("src", SCALAR, TMP))
    MANUAL: ClassVar = PAGES + "txors.md"
    DTYPES: ClassVar = per_target_dtypes(_INTS, _INTS)  # txors.md
    VECTOR_OP: ClassVar = VXorsOp
    TMP_REQUIRED: ClassVar = frozenset({TargetArch.A2A3})
    IN_PLACE: ClassVar[bool] = False


def shift_count_scalar(op: ScalarTileOp, dst: TileTypeBase) -> None:
    """A shift count: an integer of any width (the C++ API converts it to the element type;
    PTOAS's kernels shift i32 tiles by i16 counts: docs/decisions.md)."""
    if not isinstance(op.scalar.type, IntegerType):
        ScalarTileOp.verify_scalar(op, dst)


@irdl_op_definition
class TShlSOp(ScalarTileOp):
    """`dst = src << scalar`, the count in [0, bits - 1] (tshls.md: "zero and positive")."""

    name = "pto.tshls"

    MANUAL: ClassVar = PAGES + "tshls.md"
    DTYPES: ClassVar = per_target_dtypes("i32 i16 ui32 ui16", "i32 i16 i8 ui32 ui16 ui8 i64 ui64")
    VECTOR_OP: ClassVar = VShlsOp

    def verify_scalar(self, dst: TileTypeBase) -> None:
        shift_count_scalar(self, dst)

    def verify_constant(self, value: int | float, dtype: DType) -> None:
        require_shift_count(f"{self.name} scalar", self.scalar, dtype)


@irdl_op_definition
class TShrSOp(ScalarTileOp):
    """`dst = src >> scalar`: arithmetic for signed elements, logical for unsigned."""

    name = "pto.tshrs"

    MANUAL: ClassVar = PAGES + "tshrs.md"
    DTYPES: ClassVar = per_target_dtypes("i32 i16 ui32 ui16", "i32 i16 i8 ui32 ui16 ui8 i64 ui64")
    VECTOR_OP: ClassVar = VShrsOp

    def verify_scalar(self, dst: TileTypeBase) -> None:
        shift_count_scalar(self, dst)

    def verify_constant(self, value: int | float, dtype: DType) -> None:
        require_shift_count(f"{self.name} scalar", self.scalar, dtype)


OPS: list[type[ScalarTileOp]] = [TAndSOp, TOrSOp, TXorSOp, TShlSOp, TShrSOp]
