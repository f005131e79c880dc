"""`pto.tcvt`: elementwise conversion between element types (tcvt.md).

`dst[i, j] = cast_{rmode, satmode}(src[i, j])` over the valid region, with
  SSA `%d = pto.tcvt %src {rmode = #pto.round_mode<FLOOR>, satmode = #pto.saturation_mode<ON>}
       : S -> D`
  DPS `pto.tcvt ins(%src[, %tmp] {rmode = ...} : S[, T]) outs(%dst : D)`.
`rmode` defaults to RINT (PTOAS: CAST_RINT); `satmode` (PTOAS also spells it `sat_mode`)
to the target's default for the pair (`rules.CONVERT_RULES`). The optional `tmp` is the
scratch tile of the A2/A3 non-saturating paths; this project's semantics do not use it.

Each (src, dst) pair of the page's "Supported Conversions" table is on the record (`PAIRS`)
with the round modes it takes (`round_modes`); pairs of element types the project has no
type for (int4, fp4, hifloat8) are left out.
"""

from __future__ import annotations

from enum import Enum
from fractions import Fraction
from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_attr_def

from pto_dialect.attrs import (
    Location,
    Pipe,
    RoundMode,
    RoundModeAttr,
    SatMode,
    SatModeAttr,
    TargetArch,
)
from pto_dialect.dtypes import FP4_DTYPES, HIF8, DType, dtype_named
from pto_dialect.ops.base import dims_str, fail, require_location, target_of
from pto_dialect.ops.tile_attr_syntax import AttrInInsTileOp
from pto_dialect.ops.tile_elementwise import require_row_major, require_same_valid
from pto_dialect.ops.vector_convert import VCvtOp
from pto_dialect.ops.vector_round_cast import VTrcOp
from pto_dialect.records import (
    Completion,
    DTypes,
    Effect,
    PerRepeat,
    PerTarget,
    Shapes,
    VectorCost,
    per_target_dtypes,
)
from pto_dialect.rules import CONVERT_RULES
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase

S = TypeVar("S")

Pair = tuple[DType, DType]


def _pairs(table: str) -> frozenset[Pair]:
    """`"f32: f16 bf16; f16: f32"` as (src, dst) pairs."""
    pairs: set[Pair] = set()
    for row in table.split(";"):
        src, dsts = row.split(":")
        pairs |= {(dtype_named(src.strip()), dtype_named(d)) for d in dsts.split()}
    return frozenset(pairs)


# tcvt.md "Supported Conversions" (A2A3 / A5 columns), without S4; A5's H8 (hif8) rows:
# f32 -> H8, f16 -> H8, H8 -> f32 (pto-isa a5/TCvt.hpp cast32toH8, cast16toH8, castH8to32);
# its FP4 rows: bf16 -> FP4_E1M2X2 / FP4_E2M1X2 and back (two values a byte).
_A2A3_PAIRS = _pairs(
    "f32: f16 f32 bf16 i16 i32 i64; f16: f32 i32 i16 i8 ui8; bf16: f32 i32; i16: f16 f32;"
    "i32: f32 i16 i64 f16; i64: f32 i32; ui8: f16; i8: f16"
)
_A5_PAIRS = _pairs(
    "f32: f32 f16 bf16 i16 i32 i64 f8E4M3FN f8E5M2 hif8; f16: f32 i32 i16 i8 ui8 hif8;"
    "bf16: f32 i32 f16 f4E1M2x2 f4E2M1x2; i16: ui8 f16 f32 ui32 i32; i32: f32 i16 ui16 i64 ui8;"
    "i64: f32 i32; ui8: f16 ui16; i8: f16 i16 i32; ui32: ui8 ui16 i16; f8E4M3FN: f32;"
    "f8E5M2: f32; hif8: f32; f4E1M2x2: bf16; f4E2M1x2: bf16"
)
PAIRS: PerTarget[frozenset[Pair]] = PerTarget(_A2A3_PAIRS, _A5_PAIRS, _A5_PAIRS)
"""The legal (src, dst) element type pairs per target (the CPU simulator follows A5)."""


class Kind(Enum):
    """What a conversion does to a value."""

    EXACT = "exact"
    """Every source value is a destination value (widening)."""
    ROUNDS = "rounds"
    """Rounds to the destination with the round mode (narrower float, float -> int, wide
    int -> float, f32 -> f32 rounding to an integral value)."""
    NARROWS_INT = "narrows integers"
    """Integer -> narrower integer: saturates or wraps."""


_EXACT_INT_TO_FLOAT_BITS = {"f16": 11, "bf16": 8, "f32": 24}
"""Significand bits (with the hidden one) of the destinations of integer -> float pairs."""


def kind_of(src: DType, dst: DType) -> Kind:
    if src.is_float and dst.is_float:
        return Kind.EXACT if dst.bits > src.bits or src.bits == 8 else Kind.ROUNDS
    if src.is_float:
        return Kind.ROUNDS
    if dst.is_float:
        value_bits = src.bits - (1 if src.is_signed else 0)
        return Kind.EXACT if value_bits <= _EXACT_INT_TO_FLOAT_BITS[dst.name] else Kind.ROUNDS
    low, high = src.int_limits
    dlow, dhigh = dst.int_limits
    return Kind.EXACT if dlow <= low and high <= dhigh else Kind.NARROWS_INT


def narrows_float(src: DType, dst: DType) -> bool:
    """A float -> narrower float conversion (the only pairs round-to-odd applies to; FP4 has
    no round-to-odd form)."""
    return src.is_float and dst.is_float and dst.bits < src.bits and dst not in FP4_DTYPES


def fp4_cols(src: DType, dst: DType) -> Fraction:
    """dst columns per src column: a column is one element, and a packed FP4 element holds
    two values (1/2 to FP4, 2 back; `DType.values`)."""
    return Fraction(src.values, dst.values)


_DIRECTED = frozenset(
    {
        RoundMode.NONE,
        RoundMode.RINT,
        RoundMode.ROUND,
        RoundMode.FLOOR,
        RoundMode.CEIL,
        RoundMode.TRUNC,
    }
)


def round_modes(src: DType, dst: DType) -> frozenset[RoundMode]:
    """The round modes a pair takes: every mode but ODD; ODD too for float narrowing
    (a2a3/TCvt.hpp: only the float conversions have a `vconv_*o` form)."""
    return _DIRECTED | {RoundMode.ODD} if narrows_float(src, dst) else _DIRECTED


def default_saturation(arch: TargetArch, src: DType, dst: DType) -> SatMode:
    """The saturation of a `tcvt` without `satmode` on `arch` (`rules.CONVERT_RULES`)."""
    off = (src.name, dst.name) in CONVERT_RULES[arch].default_sat_off
    return SatMode.OFF if off else SatMode.ON


# every element type of any pair, per target, for the completeness test and the reference
_SOURCES = PAIRS.map(lambda pairs: " ".join(sorted({s.name for s, _ in pairs})))
_TCVT_DTYPES: DTypes = per_target_dtypes(_SOURCES.a2a3, _SOURCES.a5, _SOURCES.cpu)


@irdl_op_definition
class TCvtOp(AttrInInsTileOp):
    """`dst = cast(src)` with a round mode and a saturation mode."""

    name = "pto.tcvt"

    PIPE: ClassVar[Pipe] = Pipe.V
    NUM_INS: ClassVar[int] = 2
    """At most: src and the optional scratch tile."""
    OPTIONAL_TMP: ClassVar[bool] = True
    MANUAL: ClassVar = "tile/ops/elementwise-tile-tile/tcvt.md"
    DTYPES: ClassVar = _TCVT_DTYPES
    """Source element types; the legal pairs are `PAIRS`."""
    ATTR_ALIASES: ClassVar = {"sat_mode": "satmode"}
    ARITY: ClassVar[int] = 1
    """One source: the cost model issues it as a unary op (a2a3/TCvt.hpp: one vconv)."""
    COST: ClassVar = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        7,
        estimate="vcvt.md publishes A5 RV_VCVT_F2F f32 -> f16: 7 cycles; used for every pair, "
        "A2/A3 costed as a simple binop",
    )
    LOWERS_TO: ClassVar = (VCvtOp, VTrcOp)
    SYNTAX: ClassVar = (
        "SSA: `%dst = pto.tcvt %src {rmode = #pto.round_mode<RINT>, satmode = "
        "#pto.saturation_mode<ON>} : !pto.tile<...> -> !pto.tile<...>`",
        "DPS: `pto.tcvt ins(%src[, %tmp] {rmode = #pto<round_mode CAST_RINT>} : "
        "!pto.tile_buf<...>[, !pto.tile_buf<...>]) outs(%dst : !pto.tile_buf<...>)`",
    )

    rmode = opt_attr_def(RoundModeAttr)
    satmode = opt_attr_def(SatModeAttr)

    @property
    def to_hif8(self) -> bool:
        """A5's H8 conversions round away from zero and do not saturate, whatever the op's
        modes (pto-isa a5/TCvt.hpp: `vcvt ... ROUND_A, RS_DISABLE`; docs/semantics.md)."""
        return self.dst_tile().element == HIF8

    @property
    def round_mode(self) -> RoundMode:
        if self.to_hif8:
            return RoundMode.ROUND
        return RoundMode.RINT if self.rmode is None else self.rmode.data

    def saturation(self, target: TargetProfile) -> SatMode:
        """The op's saturation mode, the target's default for the pair when it has none."""
        if self.to_hif8:
            return SatMode.OFF
        if self.satmode is not None:
            return self.satmode.data
        src, dst = self.tile(0, "src").element, self.dst_tile().element
        return default_saturation(target.arch, src, dst)

    def source_roles(self) -> list[str]:
        return ["src", "tmp"][: len(self.ins)]

    def not_lowered(self) -> str | None:
        """Lowered to `vtrc` for f32 -> f32 (rounding in place), to `vcvt` for the pairs of one
        width and the 2:1 / 1:2 pairs of 8-, 16- and 32-bit types; other pairs stay tile ops
        (docs/passes.md)."""
        src_tile, dst_tile = self.tile(0, "src"), self.dst_tile()
        src, dst = src_tile.element, dst_tile.element
        if src == dst:  # tcvt.md "round-only": vtrc's modes are tcvt's but ODD (not legal here)
            return None
        if HIF8 in (src, dst):
            return f"tcvt {src} -> {dst}: the H8 paths interleave vcvt parts through vselr"
        if src in FP4_DTYPES or dst in FP4_DTYPES:
            return f"tcvt {src} -> {dst}: FP4 packs two values a byte (vcvt parts and packing)"
        if (src, dst) not in VCvtOp.PAIRS[target_of(self).arch]:
            return f"vcvt has no {src} -> {dst} form"
        wide, narrow = max(src.bits, dst.bits), min(src.bits, dst.bits)
        if wide == 64 or wide not in (narrow, 2 * narrow):
            return (
                f"tcvt {src} -> {dst}: the vcvt parts of a {wide // narrow}:1 or 64-bit form "
                "need packing stores and loads the dialect does not have"
            )
        target = target_of(self)
        takes_sat = VCvtOp.takes_sat(src, dst)
        if (
            kind_of(src, dst) is Kind.NARROWS_INT
            and not takes_sat
            and self.saturation(target) is SatMode.ON
        ):
            return (
                f"tcvt {src} -> {dst} saturates, and vcvt's form of the pair takes no sat "
                "(vcvt.md): only satmode OFF lowers"
            )
        lanes = 2048 // dst.bits
        if dst.bits > src.bits and src_tile.shape[1] % lanes:
            return (
                f"tcvt {src} -> {dst} widens through an unpacking load of {lanes} elements, "
                f"which has no block-masked form: the tile rows of {src_tile.shape[1]} "
                "elements must hold whole loads"
            )
        return None

    def operand_effects(self) -> tuple[Effect, ...]:
        """The tmp tile is not accessed (its contents afterwards are unspecified)."""
        effects = super().operand_effects()
        if len(self.ins) == 2:
            return (effects[0], Effect.NONE, *effects[2:])
        return effects

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """src's valid region; an FP4 side has a column per two values."""
        rows, cols = shapes.valid(self.ins[0])
        ratio = fp4_cols(self.tile(0, "src").element, self.dst_tile().element)
        if ratio == 1:
            return rows, cols
        if isinstance(cols, int):
            return rows, int(cols * ratio)
        raise NotImplementedError(f"{self.name}: an FP4 result with v_col=? needs a static src")

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        for role, tile in (("src", src), ("dst", dst)):
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_row_major(f"{self.name} {role}", tile)
        if len(self.ins) == 2:
            require_location(f"{self.name} tmp", self.tile(1, "tmp"), Location.VEC)
        pair = (src.element, dst.element)
        if pair not in PAIRS[target.arch]:
            legal = sorted(d.name for s, d in PAIRS[target.arch] if s == src.element)
            raise fail(
                f"{self.name} cannot convert {src.element} to {dst.element} on target "
                f"{target.name} (tcvt.md supported conversions; from {src.element}: "
                f"{', '.join(legal) or 'none'})"
            )
        mode = self.round_mode
        if mode not in round_modes(*pair):
            raise fail(
                f"{self.name} round mode {mode.value} is not supported for {src.element} -> "
                f"{dst.element} (ODD applies only to float -> narrower float conversions)"
            )
        ratio = fp4_cols(*pair)
        if ratio != 1:
            self.verify_fp4(src, dst, ratio)
            return
        if src.shape != dst.shape:
            raise fail(
                f"{self.name} src shape {dims_str(*src.shape)} must equal the dst shape "
                f"{dims_str(*dst.shape)} (tcvt.md: compatible declared shapes)"
            )
        require_same_valid(f"{self.name} src", src, "dst", dst)

    def verify_fp4(self, src: TileTypeBase, dst: TileTypeBase, ratio: Fraction) -> None:
        """An FP4 tile has a column per two values: dst's columns are src's x `ratio`."""
        for what, have, other in (("", dst.shape, src.shape), (" valid", dst.valid_shape,
                                                               src.valid_shape)):  # fmt: skip
            if DYNAMIC in (*have, *other):
                continue
            want = (other[0], other[1] * ratio)
            if have != want:
                raise fail(
                    f"{self.name} dst{what} shape {dims_str(*have)} must be "
                    f"{want[0]}x{want[1]}, src's {dims_str(*other)} with {ratio} x "
                    f"the columns ({src.element} -> {dst.element}: FP4 holds two values a byte)"
                )


OPS: list[type[IRDLOperation]] = [TCvtOp]
