"""Elementwise math tile instructions (the rest of the manual's elementwise-tile-tile pages).

`texp tlog tsqrt trsqrt trecip trelu` (unary), `tprelu tpow tfmod trem` (binary) and the
ternary `taddc`/`tsubc`, each with both forms on one class of the elementwise family
(`tile_elementwise.py`): every tile in `loc=vec` and row-major, one element type the op's
`DTYPES` allow, sources with the destination's valid region. Some take a scratch tile the
NPU implementations use (`trsqrt` optionally, `tprelu`, `trem`); its rules are the op's.

Each op lowers to its record's vector ops (`vector_chain`), or says why no exact vector
sequence exists (`REFUSED`, `vector_refusal`).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, TargetArch
from pto_dialect.ops.base import (
    dims_str,
    fail,
    require_location,
    require_same_dtype,
    source_names,
)
from pto_dialect.ops.tile_elementwise import (
    BinaryTileOp,
    ElementwiseTileOp,
    UnaryTileOp,
    require_row_major,
)
from pto_dialect.ops.vector_arith import VAddOp, VectorBinaryOp, VectorUnaryOp, VSubOp
from pto_dialect.ops.vector_math import (
    VExpOp,
    VLnOp,
    VPreluOp,
    VRecOp,
    VReluOp,
    VRsqrtOp,
    VSqrtOp,
)
from pto_dialect.records import Completion, Cost, PerRepeat, VectorCost, per_target_dtypes
from pto_dialect.rules import MATH_RULES, PreluPass
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

_PAGES = "tile/ops/elementwise-tile-tile/"
_FLOATS = per_target_dtypes("f32 f16", "f32 f16")
"""The NPU implementation checks of texp, tlog, tsqrt, trsqrt, trecip: `float` or `half`."""


class ScratchTileOp(ElementwiseTileOp):
    """An elementwise op whose last source is a scratch tile (`tmp`), checked by the op's
    own rules rather than the family's."""

    def source_roles(self) -> list[str]:
        return [*source_names(self.ARITY), "tmp"][: len(self.ins)]

    def checked_sources(self) -> list[str]:
        return self.source_roles()[: self.ARITY]

    def scratch_sources(self) -> frozenset[int]:
        return frozenset({self.ARITY}) if len(self.ins) > self.ARITY else frozenset()

    def tmp_tile(self) -> TileTypeBase | None:
        if len(self.ins) <= self.ARITY:
            return None
        tmp = self.tile(self.ARITY, "tmp")
        require_location(f"{self.name} tmp", tmp, Location.VEC)
        return tmp


class RefusedTileOp(ElementwiseTileOp):
    """An op no vector sequence computes exactly: the lowering refuses it (`REFUSED`)."""

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return ()

    def vector_refusal(self, target: TargetProfile) -> str | None:
        return self.REFUSED


# ---- unary ---------------------------------------------------------------------------------


@irdl_op_definition
class TExpOp(UnaryTileOp):
    """`dst = exp(src)`."""

    name = "pto.texp"

    MANUAL: ClassVar = _PAGES + "texp.md"
    DTYPES: ClassVar = _FLOATS
    VECTOR_OP: ClassVar = VExpOp


@irdl_op_definition
class TLogOp(UnaryTileOp):
    """`dst = ln(src)`."""

    name = "pto.tlog"

    MANUAL: ClassVar = _PAGES + "tlog.md"
    DTYPES: ClassVar = _FLOATS
    VECTOR_OP: ClassVar = VLnOp


@irdl_op_definition
class TSqrtOp(UnaryTileOp):
    """`dst = sqrt(src)`."""

    name = "pto.tsqrt"

    MANUAL: ClassVar = _PAGES + "tsqrt.md"
    DTYPES: ClassVar = _FLOATS
    VECTOR_OP: ClassVar = VSqrtOp


@irdl_op_definition
class TRsqrtOp(ScratchTileOp, UnaryTileOp):
    """`dst = 1 / sqrt(src)`; `ins(%src[, %tmp])`: the optional tmp (of dst's element type)
    holds A2/A3's constant 1.0 (trsqrt.md, "Temporary Space"); this project leaves it
    unchanged."""

    name = "pto.trsqrt"

    NUM_INS: ClassVar[int] = 2
    OPTIONAL_TMP: ClassVar[bool] = True
    MANUAL: ClassVar = _PAGES + "trsqrt.md"
    DTYPES: ClassVar = _FLOATS
    VECTOR_OP: ClassVar = VRsqrtOp

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        tmp = self.tmp_tile()
        if tmp is not None:
            require_row_major(f"{self.name} tmp", tmp)
            require_same_dtype(f"{self.name} tmp", tmp.element, "dst", self.dst_tile().element)


@irdl_op_definition
class TRecipOp(UnaryTileOp):
    """`dst = 1 / src` (pto-isa: TDIVS(dst, 1, src) on the NPU targets)."""

    name = "pto.trecip"

    MANUAL: ClassVar = _PAGES + "trecip.md"
    DTYPES: ClassVar = _FLOATS
    VECTOR_OP: ClassVar = VRecOp

    def alias_sources(self) -> frozenset[int]:
        """None: A3's TRECIP cannot write the memory it reads (trecip.md), so no target
        gets src's buffer reused for dst."""
        return frozenset()

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        if target.arch is TargetArch.A2A3 and self.outs and self.ins[0] is self.outs[0]:
            raise fail(
                f"{self.name} src and dst must be different tiles on target {target.name} "
                "(trecip.md: A3's TRECIP does not support src and dst in the same memory)"
            )


@irdl_op_definition
class TReluOp(UnaryTileOp):
    """`dst = src > 0 ? src : 0` (vrelu's formula: NaN and -0 give +0)."""

    name = "pto.trelu"

    MANUAL: ClassVar = _PAGES + "trelu.md"
    # trelu.md: A2A3 and A5 `half`, `float`, `int32_t`
    DTYPES: ClassVar = per_target_dtypes("f16 f32 i32", "f16 f32 i32")
    VECTOR_OP: ClassVar = VReluOp


# ---- binary --------------------------------------------------------------------------------


@irdl_op_definition
class TPreluOp(ScratchTileOp, BinaryTileOp):
    """`dst = src0 > 0 ? src0 : src0 * src1` (A2/A3), `src0 >= 0 ? ...` (A5, CPU: vprelu);
    `ins(%src0, %src1, %tmp)`: A2/A3 keeps its comparison mask in the 8-bit `tmp`."""

    name = "pto.tprelu"

    NUM_INS: ClassVar[int] = 3
    OPTIONAL_TMP: ClassVar[bool] = True
    """PTOAS's level-2 form omits tmp (the compiler materialises it)."""
    MANUAL: ClassVar = _PAGES + "tprelu.md"
    # tprelu.md: A2A3 and A5 `half`, `float`
    DTYPES: ClassVar = per_target_dtypes("f16 f32", "f16 f32")
    VECTOR_OP: ClassVar = VPreluOp

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        tmp = self.tmp_tile()
        if tmp is None or target.arch is not TargetArch.A2A3:
            return  # tprelu.md: A5 accepts tmp and does not use it
        if not (tmp.element.is_int and tmp.element.bits == 8):
            raise fail(
                f"{self.name} tmp dtype must be an 8-bit integer on target {target.name} "
                f"(tprelu.md: uint8_t comparison mask), got {tmp.element}"
            )
        require_row_major(f"{self.name} tmp", tmp)
        # The select mask is the tmp row at dst's valid rows (a2a3/TPrelu.hpp TSUBVIEW of
        # tmp's storage); its PTO_ASSERT on tmp's valid rows is a debug-build check, and
        # PTOAS's verifier asks the storage rows (docs/decisions.md).
        rows, dst_rows = tmp.shape[0], self.dst_tile().valid_shape[0]
        if dst_rows != DYNAMIC and rows <= dst_rows:
            raise fail(
                f"{self.name} tmp rows {rows} must exceed the dst valid rows {dst_rows} on "
                f"target {target.name} (the select mask goes in tmp row {dst_rows})"
            )
        if self.outs and len({*self.ins, *self.outs}) != 4:
            raise fail(
                f"{self.name} src0, src1, tmp and dst must be four different tiles on target "
                f"{target.name} (tprelu.md: they must not overlap)"
            )

    def alias_sources(self) -> frozenset[int]:
        """None: tprelu.md forbids src0, src1, tmp and dst to overlap (A2/A3)."""
        return frozenset()

    def vector_refusal(self, target: TargetProfile) -> str | None:
        if MATH_RULES[target.arch].prelu_pass is PreluPass.NON_NEGATIVE:
            return None
        return (
            f"tprelu on target {target.name} passes src0 > 0 only, but vprelu passes "
            "src0 >= 0: they differ on ±0 lanes, and no exact select is available"
        )


@irdl_op_definition
class TPowOp(RefusedTileOp, BinaryTileOp):
    """`dst = pow(base, exp)`: `src0` is the base, `src1` the exponent."""

    name = "pto.tpow"

    MANUAL: ClassVar = _PAGES + "tpow.md"
    # npu/a2a3/TPow.hpp; tpow.md (DEFAULT algorithm) for A5
    DTYPES: ClassVar = per_target_dtypes(
        "i32 i16 i8 ui32 ui16 ui8 f32", "f32 f16 i32 ui32 i16 ui16 i8 ui8"
    )
    VECTOR_OP: ClassVar = VExpOp
    REFUSED: ClassVar = (
        "tpow has no exact vector sequence: exp(exp * ln(base)) rounds three times and "
        "differs from the single rounding of pow; integer powers have no vector op"
    )

    @classmethod
    def cost(cls) -> Cost:
        return VectorCost(
            Completion.BINOP,
            PerRepeat.TRANSCENDENTAL,
            16 + 8 + 18,
            estimate="no published figure: vln + vmul + vexp (npu/a2a3/TPow.hpp)",
        )

    NUM_INS: ClassVar[int] = 3
    """At most: base, exp and the optional tmp of the C++ API (tpow.md `TPOW(dst, base, exp,
    tmp)`; PTOAS kernels pass it), working space the interpreter does not need."""
    OPTIONAL_TMP: ClassVar[bool] = True

    def source_roles(self) -> list[str]:
        return ["base", "exp", "tmp"][: len(self.ins)]

    def scratch_sources(self) -> frozenset[int]:
        return frozenset({2}) if len(self.ins) == 3 else frozenset()

    def alias_sources(self) -> frozenset[int]:
        """Only the base: A2/A3 writes ln(base) into dst before it reads exp
        (npu/a2a3/TPow.hpp)."""
        return frozenset({0})


class _RemainderOp(RefusedTileOp, BinaryTileOp):
    """`tfmod`/`trem`: the NPU sequences (vdiv, vcvt, vmul, vsub) round several times and
    are not exact; the pages' throughput is that of `tadd`."""

    VECTOR_OP: ClassVar = VAddOp  # cost only: "throughput identical to TADD"
    REFUSED: ClassVar = (
        "no exact vector sequence: the exact remainder needs an exact truncated quotient, "
        "and vdiv/vmul/vsub round at each step"
    )

    def alias_sources(self) -> frozenset[int]:
        """None: the NPU sequences write dst (or tmp) before they read src0 and src1 again
        (npu/a2a3/TFmod.hpp, TRem.hpp)."""
        return frozenset()


@irdl_op_definition
class TFModOp(_RemainderOp):
    """`dst = fmod(src0, src1)`: truncated remainder, the sign of src0."""

    name = "pto.tfmod"

    MANUAL: ClassVar = _PAGES + "tfmod.md"
    # npu/a2a3/TFmod.hpp: float only; npu/a5/TFMod.hpp: half, float, (u)int16, (u)int32
    DTYPES: ClassVar = per_target_dtypes("f32", "f16 f32 ui16 i16 ui32 i32")


@irdl_op_definition
class TRemOp(ScratchTileOp, _RemainderOp):
    """`dst = src0 - floor(src0 / src1) * src1`: the sign of src1; `ins(%src0, %src1,
    %tmp)`, A2/A3 keeps intermediate results and a mask in tmp."""

    name = "pto.trem"

    NUM_INS: ClassVar[int] = 3
    OPTIONAL_TMP: ClassVar[bool] = True
    """PTOAS's level-2 form omits tmp (the compiler materialises it)."""
    MANUAL: ClassVar = _PAGES + "trem.md"
    # trem.md: A2A3 float, int32_t; A5 float, int32_t, uint32_t, half, int16_t, uint16_t
    DTYPES: ClassVar = per_target_dtypes("f32 i32", "f32 i32 ui32 f16 i16 ui16")

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        tmp = self.tmp_tile()
        if tmp is None or target.arch is not TargetArch.A2A3:
            return  # trem.md: A5 accepts tmp and neither validates nor uses it
        dst = self.dst_tile()
        require_same_dtype(f"{self.name} tmp", tmp.element, "dst", dst.element)
        require_row_major(f"{self.name} tmp", tmp)
        rows, cols = tmp.valid_shape
        dst_cols = dst.valid_shape[1]
        if rows != DYNAMIC and rows < 2:
            raise fail(
                f"{self.name} tmp valid rows {rows} must be at least 2 on target "
                f"{target.name} (trem.md: row 0 for intermediates, row 1 for the mask)"
            )
        if DYNAMIC not in (cols, dst_cols) and cols < dst_cols:
            raise fail(
                f"{self.name} tmp valid shape {dims_str(*tmp.valid_shape)} must have at least "
                f"the dst valid columns {dst_cols} on target {target.name} (trem.md)"
            )


# ---- ternary -------------------------------------------------------------------------------


class TernaryTileOp(ElementwiseTileOp):
    """`dst = (src0 op src1) + src2`: two binary vector ops, each rounded (docs/semantics.md)."""

    NUM_INS: ClassVar[int] = 3
    ARITY: ClassVar[int] = 3
    THEN_OP: ClassVar[type[VectorBinaryOp]] = VAddOp
    """The second vector op, applied to the first one's result and src2."""

    @classmethod
    def vector_chain(cls) -> tuple[type[VectorBinaryOp] | type[VectorUnaryOp], ...]:
        return (cls.VECTOR_OP, cls.THEN_OP)

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return tuple(dict.fromkeys(cls.vector_chain()))


@irdl_op_definition
class TAddCOp(TernaryTileOp):
    """`dst = src0 + src1 + src2`, as `(src0 + src1) + src2`."""

    name = "pto.taddc"

    MANUAL: ClassVar = _PAGES + "taddc.md"
    # taddc.md publishes no list and only the CPU simulator implements TADDC: the element
    # types of tadd.md it is built from (without fp8, which vadd lacks)
    DTYPES: ClassVar = per_target_dtypes("f32 f16 bf16 i32 i16", "f32 f16 bf16 i32 i16 i8 ui8")
    # taddc.md: A2/A3 throughput identical to TADD
    VECTOR_OP: ClassVar = VAddOp


@irdl_op_definition
class TSubCOp(TernaryTileOp):
    """`dst = src0 - src1 + src2`, as `(src0 - src1) + src2`."""

    name = "pto.tsubc"

    MANUAL: ClassVar = _PAGES + "tsubc.md"
    # tsubc.md publishes no list and only the CPU simulator implements TSUBC: the element
    # types both tsub.md and tadd.md allow
    DTYPES: ClassVar = per_target_dtypes("f32 f16 i32 i16", "f32 f16 i32 i16 i8 ui8")
    # tsubc.md: A2/A3 throughput identical to TADD
    VECTOR_OP: ClassVar = VSubOp


OPS: list[type[ElementwiseTileOp]] = [
    TExpOp,
    TLogOp,
    TSqrtOp,
    TRsqrtOp,
    TRecipOp,
    TReluOp,
    TPreluOp,
    TPowOp,
    TFModOp,
    TRemOp,
    TAddCOp,
    TSubCOp,
]
