"""Per-target behaviour rules: what each target does where the manual leaves room.

The interpreter's semantics follow them and the passes that must reproduce those
semantics (vector lowering, DMA lowering) read them here, so passes never import the
interpreter. Element types per target are not here: they are on each op's record.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from types import MappingProxyType
from typing import TYPE_CHECKING

from pto_dialect.attrs import PadValue, Pipe, TargetArch
from pto_dialect.dtypes import F16, I32, DType

if TYPE_CHECKING:
    import numpy as np

# ---- elementwise tile ops ---------------------------------------------------------------


class Pick(Enum):
    """One operand of a binary op."""

    SRC0 = "src0"
    SRC1 = "src1"


@dataclass(frozen=True)
class ElementwiseRules:
    """What a target does where the elementwise pages leave room."""

    max_min_fallback: Pick
    """The operand `tmax`/`tmin` return when `src0 > src1` (`<`) is false: equal or NaN."""


ELEMENTWISE_RULES: Mapping[TargetArch, ElementwiseRules] = MappingProxyType(
    {
        # seed 004 vmax/vmin: `dst = src0 > src1 ? src0 : src1`; the tile pages are silent
        # and the NPU implementations are vmax/vmin per lane (TMax.hpp, TColReduceOps.hpp).
        TargetArch.A2A3: ElementwiseRules(max_min_fallback=Pick.SRC1),
        # seed 004: the same formula on A5.
        TargetArch.A5: ElementwiseRules(max_min_fallback=Pick.SRC1),
        # seed 000 / docs/decisions.md: the CPU target follows A5 (pto-isa's CPU simulator
        # uses std::max, which returns src0 on a false comparison; not followed).
        TargetArch.CPU: ElementwiseRules(max_min_fallback=Pick.SRC1),
    }
)

# ---- vector arithmetic micro-ops --------------------------------------------------------


class DivByZero(Enum):
    """What `vdiv` does on an active lane whose denominator is +0 or -0."""

    IEEE = "IEEE 754: x/±0 is a signed infinity, 0/0 and NaN/0 are NaN"
    ERROR = "a run-time error"


class ShiftRange(Enum):
    """What `vshl`/`vshr` (and `tshl`/`tshr`) do on a lane whose count is outside
    [0, bits - 1]."""

    ERROR = "a run-time error"
    SATURATE = "every bit shifted out: 0, or the sign for an arithmetic right shift"


@dataclass(frozen=True)
class VectorArithRules:
    """What a target does where seed 004 leaves room."""

    max_min_fallback: Pick
    """The operand `vmax`/`vmin` return when `lhs > rhs` (`<`) is false: equal or NaN."""
    div_by_zero: DivByZero
    shift_range: ShiftRange


VECTOR_ARITH_RULES: Mapping[TargetArch, VectorArithRules] = MappingProxyType(
    {
        # seed 004: vmax `dst = src0 > src1 ? src0 : src1` (the tile ops, lowered to vmax, use
        # the same rule: ELEMENTWISE_RULES); vdiv "follows the target's exceptional behavior"
        # and no exceptional result is published: IEEE, as the tile op tdiv; shift counts are
        # "target-defined" with nothing published, so an out-of-range count is reported.
        TargetArch.A2A3: VectorArithRules(Pick.SRC1, DivByZero.IEEE, ShiftRange.ERROR),
        # seed 004 (A5 RV_VDIV on f32/f16: IEEE); shift counts as A2/A3 (nothing published).
        TargetArch.A5: VectorArithRules(Pick.SRC1, DivByZero.IEEE, ShiftRange.ERROR),
        # docs/decisions.md: the CPU target follows A5.
        TargetArch.CPU: VectorArithRules(Pick.SRC1, DivByZero.IEEE, ShiftRange.ERROR),
    }
)

# ---- elementwise math (tile_math) -------------------------------------------------------


class PreluPass(Enum):
    """Which `src0` lanes `tprelu` passes through unchanged (the others get `src0 * src1`)."""

    POSITIVE = "src0 > 0"
    NON_NEGATIVE = "src0 >= 0"


@dataclass(frozen=True)
class MathRules:
    """What a target does where the elementwise math pages disagree with each other."""

    prelu_pass: PreluPass
    rem_int32_exact_bound: int | None
    """`trem` on i32: the largest |element| the target computes exactly (it goes through
    f32); a larger operand is a run-time error. None: no bound."""


MATH_RULES: Mapping[TargetArch, MathRules] = MappingProxyType(
    {
        # tprelu.md: A2A3 computes TCMPS(src0 > 0) + TSEL (the page's formula); trem.md:
        # A2A3 i32 operands must lie in [-2^24, 2^24] (exact conversion to f32).
        TargetArch.A2A3: MathRules(PreluPass.POSITIVE, 1 << 24),
        # tprelu.md: A5 runs vprelu directly, whose page says `src >= 0 ? src : alpha * src`.
        TargetArch.A5: MathRules(PreluPass.NON_NEGATIVE, None),
        # docs/decisions.md: the CPU target follows A5 (pto-isa's CPU simulator uses `> 0`;
        # not followed, as for tmax/tmin).
        TargetArch.CPU: MathRules(PreluPass.NON_NEGATIVE, None),
    }
)

# ---- column reductions ------------------------------------------------------------------


class Fold(Enum):
    """Where the pairwise (`isBinary`) sum adds a level's odd leftover row."""

    FIRST = "first"
    LAST = "last"


@dataclass(frozen=True)
class ReduceRules:
    """How a target orders the pairwise steps of a column reduction.

    The sequential form is in row order on every target (the specification, issue 3).
    """

    fold: Fold
    sequential_only: frozenset[DType]
    """Element types whose `tcolsum` ignores `isBinary` (summed in row order, tmp unused)."""
    scratch_lanes_bytes: int | None
    """The pairwise sum works on column chunks of this many bytes, each reusing tmp columns
    [0, chunk); None: it works on whole rows (tmp columns [0, C))."""
    max_min_fallback: Pick
    """The operand a `vmin`/`vmax` step returns when its comparison is false."""


REDUCE_RULES: Mapping[TargetArch, ReduceRules] = MappingProxyType(
    {
        # a2a3/TColReduceOps.hpp and TColSum.hpp: dst = copy of row 0, then one vmin/vmax/vadd
        # per further row in order; BinarySum folds an odd row into tmp row 0 of each level;
        # vadd over the whole valid row (count mode).
        TargetArch.A2A3: ReduceRules(
            fold=Fold.FIRST,
            sequential_only=frozenset(),
            scratch_lanes_bytes=None,
            max_min_fallback=ELEMENTWISE_RULES[TargetArch.A2A3].max_min_fallback,
        ),
        # Row order as the specification (issue 3) requires, not a5/TColReduceOps.hpp's
        # acc op (row 2j+1 op row 2j+2); a5/TColSum.hpp: half always takes the sequential path;
        # TColSum_Binary adds an odd row to the last pair, starts from a zero register and
        # reuses tmp for every 256-byte chunk.
        TargetArch.A5: ReduceRules(
            fold=Fold.LAST,
            sequential_only=frozenset({F16}),
            scratch_lanes_bytes=256,
            max_min_fallback=ELEMENTWISE_RULES[TargetArch.A5].max_min_fallback,
        ),
        # seed 000 / docs/decisions.md: the CPU target follows A5.
        TargetArch.CPU: ReduceRules(
            fold=Fold.LAST,
            sequential_only=frozenset({F16}),
            scratch_lanes_bytes=256,
            max_min_fallback=ELEMENTWISE_RULES[TargetArch.CPU].max_min_fallback,
        ),
    }
)

# ---- row reductions ---------------------------------------------------------------------


class RowOrder(Enum):
    """How a row reduction (`trowsum`, `trowmax`, `trowmin`) combines the registers of a row
    of more than one register (N lanes, C valid columns, `full` = C // N whole registers).

    - `CROSS_FIRST` (A5, a5/TRowReduce.hpp): `acc = identity`; per register in order
      `acc = step(acc, cross(register))`, the cross-lane reduction of each register first.
    - `LANES_FIRST` (A2/A3, a2a3/TRowReduceOps.hpp): the registers are combined lane by
      lane into one (`c0`, or `step(c0, c1)` when `full` >= 2; then the partial register
      merged into its first C % N lanes; then `c2 .. c[full-1]`), and one cross-lane
      reduction of that register over all N lanes gives the result. A row of at most one
      register: one cross-lane reduction of its valid lanes (both orders).
    """

    CROSS_FIRST = "cross-first"
    LANES_FIRST = "lanes-first"


ROW_REDUCE_ORDER: Mapping[TargetArch, RowOrder] = MappingProxyType(
    {
        TargetArch.A2A3: RowOrder.LANES_FIRST,
        TargetArch.A5: RowOrder.CROSS_FIRST,
        TargetArch.CPU: RowOrder.CROSS_FIRST,  # the CPU target follows A5
    }
)
"""The order of `trowsum`/`trowmax`/`trowmin` per target (docs/semantics.md, docs/decisions.md);
`trowprod` follows A5's on every target."""


# ---- GM <-> tile transfers --------------------------------------------------------------

BLOCK_BYTES = 32
"""The DMA burst granule: a transferred row is padded up to a multiple of it."""


class PadExtent(Enum):
    """What a non-Null pad value fills outside the valid region."""

    TILE = "the whole tile outside the valid region"
    BURST_BLOCK = "the rest of the last 32-byte block of each transferred row (column)"


@dataclass(frozen=True)
class PadRule:
    extent: PadExtent
    source: str


PAD_RULES: Mapping[TargetArch, PadRule] = MappingProxyType(
    {
        TargetArch.A2A3: PadRule(
            PadExtent.BURST_BLOCK,
            "TLOAD valid-region rule (A2/A3): for Vec ND/DN loads only the tail of each burst "
            "up to its 32-byte boundary is padded; whole blocks and untransferred rows stay "
            "unchanged; boxed (NZ) loads pad nothing",
        ),
        TargetArch.A5: PadRule(
            PadExtent.BURST_BLOCK,
            "TLOAD valid-region rule (A5): as A2/A3 for Vec ND/DN loads",
        ),
        TargetArch.CPU: PadRule(
            PadExtent.TILE,
            "pto-isa CPU TLoad fills the whole tile with the pad value before copying",
        ),
    }
)


def pad_scalar(dtype: DType, pad: PadValue) -> np.generic | None:
    """The value `pad` writes in a tile of `dtype`; None for Null (bytes left as they are)."""
    import numpy as np  # the dialect imports no numpy of its own

    if pad is PadValue.NULL:
        return None
    if pad is PadValue.ZERO:
        return dtype.numpy.type(0)
    if dtype.is_float:
        return dtype.numpy.type(np.inf if pad is PadValue.MAX else -np.inf)
    low, high = dtype.int_limits
    return dtype.numpy.type(high if pad is PadValue.MAX else low)


def finite_extreme(dtype: DType, highest: bool) -> np.generic:
    """The highest (or lowest) finite value of `dtype`: for a float, the bits of +inf less
    one (f32 3.4028235e38, f16 65504, bf16 3.3895e38)."""
    import numpy as np  # the dialect imports no numpy of its own

    if dtype.is_float:
        inf = np.array([np.inf], dtype.numpy)
        value = (inf.view(f"u{dtype.bytes}") - 1).view(dtype.numpy)[0]
        return value if highest else -value
    low, high = dtype.int_limits
    return dtype.numpy.type(high if highest else low)


# ---- conversions (tcvt, vcvt) ------------------------------------------------------------


@dataclass(frozen=True)
class ConvertRules:
    """What a target does where the tcvt and vcvt pages leave room."""

    default_sat_off: frozenset[tuple[str, str]]
    """(src, dst) pairs whose `tcvt` without `satmode` does not saturate; every other pair
    saturates."""
    wrap_bits: int
    """A non-saturating float -> integer conversion first saturates to this many bits (64
    for 64-bit destinations), then keeps the destination's low bits."""


_SAT_OFF_BY_DEFAULT = frozenset(
    {("f16", "ui8"), ("f16", "i8"), ("f32", "i16"), ("f16", "i16"), ("i64", "i32"), ("i32", "i16")}
)

CONVERT_RULES: Mapping[TargetArch, ConvertRules] = MappingProxyType(
    {
        # a5/TCvt.hpp, TCVT_IMPL without a saturation mode: these six pairs default to OFF
        # ("PyTorch-compatible truncation"), all others to ON; the non-saturating narrowing
        # paths convert through int32 and keep the low bits (a2a3/TCvt.hpp, "300.0f -> int8 =
        # 44 from 300 & 0xFF"). A2/A3 publishes no defaults of its own: as A5.
        TargetArch.A2A3: ConvertRules(_SAT_OFF_BY_DEFAULT, 32),
        TargetArch.A5: ConvertRules(_SAT_OFF_BY_DEFAULT, 32),
        # docs/decisions.md: the CPU target follows A5.
        TargetArch.CPU: ConvertRules(_SAT_OFF_BY_DEFAULT, 32),
    }
)

# ---- compare (tcmp, tcmps) ---------------------------------------------------------------


@dataclass(frozen=True)
class CompareRules:
    """What a target does where the compare pages leave room."""

    eq_only: frozenset[DType]
    """Source element types whose compare ignores the mode and tests equality."""


COMPARE_RULES: Mapping[TargetArch, CompareRules] = MappingProxyType(
    {
        # tcmp.md / tcmps.md target tables: "int32_t with non-EQ mode: Ignores cmpMode, uses EQ"
        TargetArch.A2A3: CompareRules(frozenset({I32})),
        TargetArch.A5: CompareRules(frozenset()),  # "Full support"
        TargetArch.CPU: CompareRules(frozenset()),  # follows A5
    }
)


# ---- matrix family ------------------------------------------------------------------------


class AccIn(Enum):
    """Where `.acc` forms take the incoming accumulator into the k-sum."""

    FIRST = "first"
    """The sum starts from acc_in: acc_in + p0 + p1 + ... (each add rounded)."""
    LAST = "last"
    """The sum starts from 0 and acc_in is added to the rounded sum: acc_in + (p0 + p1 + ...)."""


class BiasAdd(Enum):
    """Where `.bias` forms take the bias row into the k-sum."""

    START = "start"
    """The bias row is the accumulator's starting value: bias + p0 + p1 + ... (each add
    rounded), as `mad` initialises L0C from the bias table."""
    AFTER_SUM = "after the sum"
    """The sum starts from 0 and the bias is added, rounded once, to the final sum."""


@dataclass(frozen=True)
class MatmulRules:
    """Per-target semantics of the matrix family (each k step is one fused multiply-add)."""

    acc_in: AccIn
    bias: BiasAdd


MATMUL_RULES: Mapping[TargetArch, MatmulRules] = MappingProxyType(
    {
        # A2A3: TMATMUL_ACC issues `mad` with cmatrixInitVal = 0 ("use the real number in the C
        # matrix"), so the C buffer is the sum's starting value; TMATMUL_BIAS issues it with
        # cmatrixSource = 1 (C from the bias table) and cmatrixInitVal = 0: the bias row starts
        # the sum (include/pto/npu/a2a3/TMatmul.hpp; docs/decisions.md: the implementation
        # over seed 000's "bias is added after the final accumulation round").
        TargetArch.A2A3: MatmulRules(AccIn.FIRST, BiasAdd.START),
        # A5: the same `mad` flags (include/pto/npu/a5/TMatmul.hpp, TMatmulBias).
        TargetArch.A5: MatmulRules(AccIn.FIRST, BiasAdd.START),
        # CPU simulator: TMatmulNzZn sums the products from 0 and writes acc_in + sum; its
        # TMATMUL_BIAS adds the bias after the product (include/pto/cpu/TMatmul.hpp).
        TargetArch.CPU: MatmulRules(AccIn.LAST, BiasAdd.AFTER_SUM),
    }
)
"""Per-target semantics of the matrix family (`interpreters/semantics/matrix.py`,
`pto-lower-matmul-to-vector`)."""


FILLPAD_WHOLE_TILE: Mapping[TargetArch, bool] = MappingProxyType(
    {
        # tfillpad-expand.md / tfillpad-inplace.md: on A2/A3 and A5 the fill iterates over
        # dst's valid region (GetValidRow/GetValidCol); elements beyond it keep their bytes.
        TargetArch.A2A3: False,
        TargetArch.A5: False,
        # The CPU simulator's TFillPad writes every one of dst's Rows x Cols
        # (include/pto/cpu/TFillPad.hpp).
        TargetArch.CPU: True,
    }
)
"""Whether the tfillpad family writes dst's whole tile (True) or its valid region."""


# ---- synchronisation ----------------------------------------------------------------------


class AccessClass(Enum):
    """What kind of instruction made a memory access, for the same-pipe ordering rules."""

    TILE = "a tile instruction"
    VLD = "a vector load (in a vecscope)"
    VST = "a vector store (in a vecscope)"


@dataclass(frozen=True)
class SamePipeRule:
    """Two accesses of one pipe to overlapping bytes, at least one a write, that the pipe
    does not order by itself: `earlier` then `later` (of these classes and kinds) need one of
    `barriers` (a `pto.barrier` of these pipes) or of `mem_bars` (a `pto.mem_bar` of these
    kinds) between them. `in_vecscope`: the rule is about two accesses of one vecscope
    execution; otherwise about two instructions (a tile op, or a whole vecscope: the vector
    code of one instruction orders its own accesses)."""

    pipe: Pipe
    earlier: frozenset[AccessClass]
    later: frozenset[AccessClass]
    kinds: frozenset[str]
    """RAW, WAR, WAW."""
    barriers: frozenset[Pipe]
    mem_bars: frozenset[str]
    in_vecscope: bool
    source: str

    def remedy(self) -> str:
        """What orders such a pair, as a kernel writes it."""
        if self.mem_bars:
            return " or ".join(f'pto.mem_bar "{k}"' for k in sorted(self.mem_bars))
        pipes = sorted(self.barriers, key=lambda p: (p is Pipe.ALL, p.value))
        return " or ".join(f"pto.barrier #pto.pipe<{p.value}>" for p in pipes)


_ALL_KINDS = frozenset({"RAW", "WAR", "WAW"})
_ANY = frozenset(AccessClass)

TILE_V_BARRIER = SamePipeRule(
    Pipe.V,
    _ANY,
    _ANY,
    _ALL_KINDS,
    frozenset({Pipe.V, Pipe.ALL}),
    frozenset(),
    False,
    "A2/A3: a vector instruction may read or write UB before an earlier one of the pipe has "
    "finished with the same bytes: pto-isa a2a3/TSync.hpp turns a same-pipe event into "
    "pipe_barrier(pipe), its kernels put pipe_barrier(PIPE_V) between dependent vector "
    "instructions (TRowReduceOps.hpp, TColReduceOps.hpp), PTOAS emits PIPE_BARRIER for them",
)
VST_VLD_MEM_BAR = SamePipeRule(
    Pipe.V,
    frozenset({AccessClass.VST}),
    frozenset({AccessClass.VLD}),
    frozenset({"RAW"}),
    frozenset(),
    frozenset({"VST_VLD", "VV_ALL"}),
    True,
    "A5: a vector load of UB bytes a vector store of the same vecscope wrote needs "
    "mem_bar VST_VLD (manual scalar/ops/pipeline-sync/mem-bar.md; pto-isa a5/TColSum.hpp, "
    "TConcat.hpp; PTOAS #869: the board read stale data without it). A5 has no "
    "pipe_barrier(PIPE_V) (PTOAS #224) and orders vector tile instructions itself",
)

SAME_PIPE_RULES: Mapping[TargetArch, tuple[SamePipeRule, ...]] = MappingProxyType(
    {
        TargetArch.A2A3: (TILE_V_BARRIER,),
        TargetArch.A5: (VST_VLD_MEM_BAR,),
        # docs/decisions.md: the CPU target is the portable one: a kernel checked there
        # keeps the rules of both boards.
        TargetArch.CPU: (TILE_V_BARRIER, VST_VLD_MEM_BAR),
    }
)
"""Same-pipe ordering rules per target: `pto-insert-sync` and `pto-lower-tile-to-vector`
insert what they ask for, the checker (`interpreters.checking.check`) reports a pair that lacks it.
Other same-pipe pairs are ordered by the pipe (the DMA pipes complete in order; a vector
store of data a load of the same vecscope read depends on that load's register)."""


def tile_barrier_rule(arch: TargetArch, pipe: Pipe) -> SamePipeRule | None:
    """The rule ordering two dependent tile instructions of `pipe` on `arch`, if any."""
    for rule in SAME_PIPE_RULES[arch]:
        tiles = AccessClass.TILE in rule.earlier and AccessClass.TILE in rule.later
        if rule.pipe is pipe and tiles and not rule.in_vecscope:
            return rule
    return None


def vecscope_mem_bar_rule(arch: TargetArch) -> SamePipeRule | None:
    """The rule ordering a vector store and a later load of the same bytes in a vecscope."""
    for rule in SAME_PIPE_RULES[arch]:
        if rule.in_vecscope and AccessClass.VST in rule.earlier and AccessClass.VLD in rule.later:
            return rule
    return None


EVENT_IDS: Mapping[TargetArch, int] = MappingProxyType(
    {
        # pto-isa common/event.hpp EVENT_ID_MAX = 8; PTOAS SyncEventIdAllocation.h
        # kTotalEventIdNum = 8 and GraphSyncSolver kIntraCoreEventIdCount = 8, per pipe pair
        TargetArch.A2A3: 8,
        TargetArch.A5: 8,
        TargetArch.CPU: 8,
    }
)
"""Event ids of one (source pipe, destination pipe) pair of `set_flag`/`wait_flag`."""

RESERVED_EVENT_IDS: Mapping[tuple[Pipe, Pipe], int] = MappingProxyType(
    {
        # PTOAS GraphSyncSolver Utility.cpp getHWAvailableEventIds: one id of these pairs is
        # the runtime's (scalar reads of vector results, the fixpipe's quant parameters)
        (Pipe.V, Pipe.S): 1,
        (Pipe.S, Pipe.V): 1,
        (Pipe.M, Pipe.FIX): 1,
        (Pipe.FIX, Pipe.M): 1,
    }
)


def event_ids(arch: TargetArch, src: Pipe, dst: Pipe) -> int:
    """How many event ids a kernel's flags from `src` to `dst` may use on `arch`; the pass
    allocates EVENT_ID0 upwards, so the reserved ids are the highest."""
    return EVENT_IDS[arch] - RESERVED_EVENT_IDS.get((src, dst), 0)
