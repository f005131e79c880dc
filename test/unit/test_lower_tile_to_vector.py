"""pto-lower-tile-to-vector checked by translation validation on every target.

Each kernel loads random bytes (every bit pattern: NaN payloads, infinities, subnormals,
integer extremes, plus injected ±0, ±inf, NaN and integer limits) into whole tile buffers,
runs lowered tile ops on valid regions that may be partial or dynamic, and stores the whole
buffers back, so the outputs show every byte of every buffer, inside and outside the valid
regions. The kernel runs before and after the pass and the outputs must be the same bytes.
A recording pipe model also checks that the vector code of each op reads only the buffers
the tile op names and writes only its destination's valid region (and the scratch tile of
a pairwise sum): the footprint the tile-level sync relies on.
"""

from __future__ import annotations

import functools
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from support import VectorAccessLog, context, legal_dtypes, lowers_to_the_same_bytes
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.source import parse_module
from interpreters.launching.args import Arg, ArrayArg, ScalarArg
from interpreters.launching.execute import retarget, run_function
from interpreters.machine.pipes import UntrackedPipes
from passes.common import checks_deferred
from passes.lower_tile_to_vector.lower import LowerTileToVectorPass
from pto_dialect import rules
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops import tile_elementwise, tile_math, tile_reduce
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.ops.tile_scalar import ScalarTileOp
from pto_dialect.ops.vecscope import VecScopeOp, enclosing_vecscope
from pto_dialect.rules import Pick
from pto_dialect.targets import profile

TARGETS = ("a2a3", "a5", "cpu")
MATH = tuple(op.name.removeprefix("pto.") for op in tile_math.OPS if op.lowers_to())
"""The elementwise math ops the pass lowers (tile_math.py)."""
ELEMENTWISE = tuple(op.name.removeprefix("pto.") for op in tile_elementwise.OPS) + MATH
REDUCTIONS = tuple(op.name.removeprefix("pto.") for op in tile_reduce.OPS)
VECTOR_OP = {
    "tadd": "vadd", "tsub": "vsub", "tmul": "vmul", "tdiv": "vdiv", "tmax": "vmax",
    "tmin": "vmin", "tabs": "vabs", "tneg": "vneg", "tand": "vand", "tor": "vor",
    "txor": "vxor", "tnot": "vnot", "tshl": "vshl", "tshr": "vshr",
    "tcolmin": "vmin", "tcolmax": "vmax", "tcolsum": "vadd", "tcolprod": "vmul",
    "texp": "vexp", "tlog": "vln", "tsqrt": "vsqrt", "trsqrt": "vrsqrt", "trecip": "vrec",
    "trelu": "vrelu", "tprelu": "vprelu", "taddc": "vadd", "tsubc": "vsub",
}  # fmt: skip
"""The vector op each tile op needs (the manual's instruction pairing, seed 004)."""
UNARY = ("tabs", "tneg", "tnot", "texp", "tlog", "tsqrt", "trsqrt", "trecip", "trelu")
TERNARY = ("taddc", "tsubc")
SCRATCH = ("txor", "tprelu")
"""Ops given a tmp tile after dst (txor: A2/A3 requires one; tprelu: always)."""
RECORD_REFUSED = {("tprelu", "a2a3")}
"""(op, target) whose vector op computes something else than the tile op (tprelu.md: A2/A3
passes src0 > 0 only, vprelu src0 >= 0)."""
SHIFTS = ("tshl", "tshr")
"""Their second source holds shift counts, which the data keeps in [0, bits - 1]."""
CONTEXT = context(arith.Arith, scf.Scf)

_WIDE = ("tadd", "tsub", "tmul", "tdiv", "tmax", "tmin", "tshl", "tshr")
REFUSED = {
    *((op, d, t) for op in _WIDE for d in ("i64", "ui64") for t in ("a5", "cpu")),
    *(("tdiv", d, t) for d in ("i16", "ui16", "i32", "ui32") for t in ("a5", "cpu")),
    ("tabs", "bf16", "cpu"),
    *(("tneg", d, t) for d in ("ui16", "ui32", "bf16") for t in ("a5", "cpu")),
}  # fmt: skip
"""(op, dtype, target) the tile op supports and the vector op does not (the ops' records:
A5's 64-bit integer forms (pto-isa's Int64Binary: pairs of 32-bit lanes; the vector ops have
no 64-bit lanes); integer tdiv on A5 with a float-only vdiv; tabs of
bf16 on the CPU simulator, whose tabs page lists bf16, without a bf16 vabs; tneg of the
unsigned and bf16 types tmuls.md lists, without such a vneg)."""


# ---- kernels ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Tile:
    """A tile operand: shape, valid region (dynamic: passed as index arguments) and,
    with `alias`, the buffer of an earlier operand of the same op."""

    rows: int
    cols: int
    valid: tuple[int, int] | None = None
    dynamic: bool = False
    alias: int | None = None
    dtype: DType | None = None
    """The element type, when it differs from the kernel's (a widening matmul's A and B)."""

    @property
    def region(self) -> tuple[int, int]:
        return self.valid or (self.rows, self.cols)


@dataclass(frozen=True)
class Case:
    """One tile op: `tiles` are its sources, then dst (then tmp for a pairwise tcolsum)."""

    op: str
    tiles: tuple[Tile, ...]
    binary: bool = False
    scratch: bool = False
    """The last tile is a scratch source (txor's tmp), after dst in `tiles`."""
    layout: tuple[str, ...] = ()
    """A tile-scalar op's `ins` order (`tile`s and the `scalar`, a kernel parameter)."""
    scalar: int | float = 0

    @property
    def sources(self) -> int:
        return len(self.tiles) - 1 - (1 if self.binary or self.scratch else 0)


@dataclass
class Kernel:
    """`tload` of every buffer, the ops of `cases`, `tstore` of every buffer; the buffers
    packed back to back in UB from address 0 (a stray access lands in a neighbour)."""

    dtype: DType
    cases: Sequence[Case]
    seed: int = 0
    text: str = field(init=False)
    buffers: list[list[tuple[int, int]]] = field(init=False)
    """Per case, per tile: the buffer's (address, size in bytes)."""
    arrays: list[np.ndarray] = field(init=False)
    _parsed: ModuleOp | None = field(default=None, init=False, repr=False)

    def __post_init__(self) -> None:
        self._build()

    def _build(self) -> None:
        rng = np.random.default_rng(self.seed)
        params: list[str] = []
        setup: list[str] = []
        ops: list[str] = []
        loads: list[str] = []
        stores: list[str] = []
        self.arrays, self.buffers = [], []
        address = 0
        for i, case in enumerate(self.cases):
            names: list[str] = []
            types: list[str] = []
            placed: list[tuple[int, int]] = []
            for k, tile in enumerate(case.tiles):
                dtype = tile.dtype or self.dtype
                t = dtype.name
                size = tile.rows * tile.cols * dtype.bytes
                full = f"!pto.tile_buf<loc=vec, dtype={t}, rows={tile.rows}, cols={tile.cols}>"
                vr, vc = ("?", "?") if tile.dynamic else tile.region
                typ = full.replace(">", f", v_row={vr}, v_col={vc}>")
                name = f"%t{i}_{k}"
                names.append(name)
                types.append(typ)
                if tile.alias is not None:  # another tile over the same bytes, not loaded
                    assert not tile.dynamic
                    setup.append(f"{name} = pto.alloc_tile addr = %a{i}_{tile.alias} : {typ}")
                    placed.append(placed[tile.alias])
                    continue
                view = f"!pto.partition_tensor_view<{tile.rows}x{tile.cols}x{t}>"
                params.append(f"%g{i}_{k}: !pto.ptr<{t}>")
                shape = (tile.rows, tile.cols)
                if case.op in SHIFTS and k == 1:
                    counts = rng.integers(0, self.dtype.bits, shape)
                    self.arrays.append(counts.astype(self.dtype.numpy))
                else:
                    self.arrays.append(random_array(rng, dtype, shape))
                setup += [
                    f"%a{i}_{k} = arith.constant {address} : i64",
                    f"%r{i}_{k} = arith.constant {tile.rows} : index",
                    f"%k{i}_{k} = arith.constant {tile.cols} : index",
                    f"%w{i}_{k} = pto.make_tensor_view %g{i}_{k}, shape = [%r{i}_{k}, "
                    f"%k{i}_{k}], strides = [%k{i}_{k}, %c1] : !pto.tensor_view<?x?x{t}>",
                    f"%p{i}_{k} = pto.partition_view %w{i}_{k}, offsets = [%c0, %c0], sizes = "
                    f"[%r{i}_{k}, %k{i}_{k}] : !pto.tensor_view<?x?x{t}> -> {view}",
                    f"%f{i}_{k} = pto.alloc_tile addr = %a{i}_{k} : {full}",
                ]
                if tile.dynamic:
                    params += [f"%vr{i}_{k}: index", f"%vc{i}_{k}: index"]
                    setup.append(f"{name} = pto.alloc_tile addr = %a{i}_{k} valid_row = "
                                 f"%vr{i}_{k} valid_col = %vc{i}_{k} : {typ}")  # fmt: skip
                else:
                    setup.append(f"{name} = pto.alloc_tile addr = %a{i}_{k} : {typ}")
                loads.append(f"pto.tload ins(%p{i}_{k} : {view}) outs(%f{i}_{k} : {full})")
                stores.append(f"pto.tstore ins(%f{i}_{k} : {full}) outs(%p{i}_{k} : {view})")
                placed.append((address, size))
                address += -(-size // 32) * 32
            self.buffers.append(placed)
            n = case.sources
            ins, in_types = ", ".join(names[:n]), ", ".join(types[:n])
            if case.layout:  # the scalar among the sources, in the page's order
                t = self.dtype.name
                params.append(f"%s{i}: {t}")
                tiles = iter(zip(names[:n], types[:n], strict=True))
                parts = [(f"%s{i}", t) if r == "scalar" else next(tiles) for r in case.layout]
                ins, in_types = (", ".join(p[k] for p in parts) for k in (0, 1))
            dst, dst_type = names[n], types[n]
            if case.binary:
                ins += f", {names[-1]} {{isBinary = true}}"
                in_types += f", {types[-1]}"
            elif case.scratch:
                ins += f", {names[-1]}"
                in_types += f", {types[-1]}"
            ops.append(f"pto.{case.op} ins({ins} : {in_types}) outs({dst} : {dst_type})")
        barrier = "pto.barrier #pto.pipe<PIPE_ALL>"  # loads, then the ops, then the stores
        lines = [*setup, *loads, barrier, *ops, barrier, *stores]
        self.text = (
            f'builtin.module attributes {{pto.target_arch = "a5"}} {{\n'
            f"  func.func @kernel({', '.join(params)}) {{\n"
            "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
            + "".join(f"    {line}\n" for line in lines)
            + "    func.return\n  }\n}\n"
        )

    def args(self) -> list[Arg]:
        """Fresh arguments (the run writes into them), in parameter order."""
        arrays = iter(self.arrays)
        values: list[Arg] = []
        for case in self.cases:
            for tile in case.tiles:
                if tile.alias is None:
                    values.append(ArrayArg(next(arrays).copy()))
                    if tile.dynamic:
                        values += [ScalarArg(n, "index") for n in tile.region]
            if case.layout:
                values.append(ScalarArg(case.scalar, self.dtype.name))
        return values

    def module(self, target: str) -> ModuleOp:
        """The kernel for `target` (verified on the first target asked for only: the
        tests run a case on the targets whose tables have its op and dtype)."""
        first = self._parsed is None
        if self._parsed is None:
            self._parsed = parse_module(CONTEXT, self.text, "kernel.mlir")
        module = self._parsed.clone()
        retarget(module, target)
        if first:
            module.verify()
        return module


def random_array(rng: np.random.Generator, dtype: DType, shape: tuple[int, int]) -> np.ndarray:
    """Random bits of `dtype`, with ±0, ±inf, NaNs of several payloads (quiet, signalling,
    negative: which NaN an op returns shows) and integer limits injected."""
    count = shape[0] * shape[1]
    values = rng.integers(0, 256, count * dtype.bytes, dtype=np.uint8).view(dtype.numpy)
    picks = rng.integers(0, count, count // 3)
    if dtype.is_float:
        specials = np.array([0.0, -0.0, np.inf, -np.inf, np.nan, 1.0, -1.0, 0.5], dtype.numpy)
        bits = specials.view(f"u{dtype.bytes}")
        sign, inf, nan = bits[1], bits[2], bits[4]
        if inf != nan:  # NaN payloads: signalling ones, another quiet one, negative ones
            payloads = np.array([inf | 1, inf | 5, nan | 3, sign | nan, sign | inf | 2])
            specials = np.concatenate([specials, payloads.astype(bits.dtype).view(dtype.numpy)])
    else:
        low, high = dtype.int_limits
        specials = np.array([0, 1, -1 if low else 2, low, high, high - 1, 3], dtype.numpy)
    values[picks] = specials[rng.integers(0, specials.size, picks.size)]
    return values.reshape(shape)


def lower(module: ModuleOp) -> None:
    PassPipeline((LowerTileToVectorPass(),)).apply(CONTEXT, module)


def _writable(kernel: Kernel, index: int, ub_size: int) -> np.ndarray:
    """Per UB byte: may the tile op of case `index` write it? dst's valid region (row 0 of
    the source's valid columns for a reduction) and, for a pairwise tcolsum, all of tmp."""
    case, placed = kernel.cases[index], kernel.buffers[index]
    tile = case.tiles[case.sources]
    size = (tile.dtype or kernel.dtype).bytes
    rows, cols = (1, case.tiles[0].region[1]) if case.op in REDUCTIONS else tile.region
    allowed = np.zeros(ub_size, dtype=np.bool_)
    address = placed[case.sources][0]
    for r in range(rows):
        start = address + r * tile.cols * size
        allowed[start : start + cols * size] = True
    if case.binary:
        start, length = placed[-1]
        allowed[start : start + length] = True
    return allowed


def check_footprints(kernel: Kernel, module: ModuleOp, pipes: VectorAccessLog) -> None:
    scopes = [op for op in module.walk() if isinstance(op, VecScopeOp)]
    assert len(scopes) == len(kernel.cases)
    writable: dict[int, np.ndarray] = {}
    for op, access, write in pipes.accesses:
        assert access.memory.space is MemorySpace.UB
        scope = enclosing_vecscope(op)
        assert scope is not None
        index = scopes.index(scope)
        if write:
            if index not in writable:
                writable[index] = _writable(kernel, index, access.memory.data.size)
            allowed = writable[index][access.start : access.end]
            assert allowed.all(), f"{op.name} of case {index} writes [{access.start}, {access.end})"
        else:
            inside = any(
                a <= access.start and access.end <= a + n for a, n in kernel.buffers[index]
            )
            assert inside, f"{op.name} of case {index} reads [{access.start}, {access.end})"


def check_lowered_run(
    target: str, kernel: Kernel, module: ModuleOp, want: list[np.ndarray | None]
) -> None:
    """The lowered `module` gives the bytes `want` holds (the run before lowering) and
    touches only the buffers of its cases."""
    pipes = VectorAccessLog()
    got = run_function(module, kernel.args(), pipes=pipes).outputs()
    for index, (a, b) in enumerate(zip(got, want, strict=True)):
        if a is not None and b is not None:
            same = np.array_equal(a.view(np.uint8), b.view(np.uint8))
            assert same, f"{target}: argument {index} differs after lowering\n{kernel.text}"
    check_footprints(kernel, module, pipes)


def validate(kernel: Kernel, targets: Sequence[str] = TARGETS) -> None:
    """On each target: the same output bytes before and after the pass, a module that
    verifies, the footprints; on the first target, a second run that changes nothing."""
    for target in targets:
        module = kernel.module(target)
        want = run_function(module, kernel.args(), pipes=UntrackedPipes()).outputs()
        lower(module)  # a checked pass: its output verifies
        tile_ops = ElementwiseTileOp | ColReduceTileOp | ScalarTileOp
        left = [op for op in module.walk() if isinstance(op, tile_ops)]
        assert not left
        check_lowered_run(target, kernel, module, want)
        if target == targets[0]:
            once = module.clone()
            with checks_deferred():  # compared with `once`, which the pass verified
                lower(module)
            assert module.is_structurally_equivalent(once), "the pass is not idempotent"


# ---- the cases ----------------------------------------------------------------------------


def lanes(dtype: DType) -> int:
    return 256 // dtype.bytes


def block(dtype: DType) -> int:
    """Elements in 32 bytes: the column granularity of ND tiles."""
    return 32 // dtype.bytes


def arity(op: str) -> int:
    return 1 if op in UNARY else 3 if op in TERNARY else 2


def with_scratch(case: Case) -> Case:
    """`txor` and `tprelu` with their tmp tile: dst's shape, a buffer of its own."""
    if case.op not in SCRATCH:
        return case
    dst = case.tiles[-1]
    tmp = Tile(dst.rows, dst.cols, dst.valid, dst.dynamic)
    return Case(case.op, (*case.tiles, tmp), scratch=True)


def elementwise_cases(op: str, dtype: DType) -> list[Case]:
    """Flat runs (with a tail, and past the end of a small buffer), partial regions with
    row loops, dynamic regions, different row strides and an in-place op."""
    n, b = lanes(dtype), block(dtype)
    count = arity(op)

    def case(*tiles: Tile) -> Case:
        sources = (tiles[:-1] * 2)[:count]
        return with_scratch(Case(op, (*sources, tiles[-1])))

    full = Tile(3, n + 2 * b)  # one run of 3 rows: a tail chunk that leaves the buffer
    part = Tile(5, 2 * n, (4, n + b + 3))
    wide = Tile(4, 2 * n + b, (4, n + b + 3))
    return [
        case(full, full, full),
        case(part, part, part),
        case(*[replace(part, dynamic=True)] * 3),
        case(wide, part, Tile(4, n + 2 * b, (4, n + b + 3))),
        case(part, part, replace(part, alias=0)),
        case(*[Tile(1, b, (1, 3))] * 3),
    ]


def tadd_fill_cases(dtype: DType) -> list[Case]:
    """tadd with source regions smaller than dst's: static, dynamic, one or both."""
    n, b = lanes(dtype), block(dtype)
    wide = n + 2 * b
    dst = Tile(6, wide, (5, n + b))
    return [
        Case("tadd", (Tile(6, wide, (3, n - 1)), Tile(6, wide, (5, n + b)), dst)),
        Case("tadd", (Tile(4, b, (4, b)), Tile(6, 2 * b, (2, 3)), dst)),
        Case("tadd", (
            Tile(6, wide, (2, 5), dynamic=True),
            Tile(7, wide, (6, wide - 1), dynamic=True),
            replace(dst, dynamic=True),
        )),
        Case("tadd", (Tile(6, wide, (5, n + b), dynamic=True), dst, replace(dst, alias=0))),
    ]  # fmt: skip


def reduction_cases(op: str, dtype: DType) -> list[Case]:
    """In-order reductions (static, dynamic, no rows, in place); for tcolsum the pairwise
    sum over 1, 2, 5 (an odd row) and 11 rows (odd levels), and dynamic row counts."""
    n, b = lanes(dtype), block(dtype)
    wide, dyn = n + 2 * b, 2 * n
    cases = [
        Case(op, (Tile(7, wide, (7, n + b + 1)), Tile(1, wide, (1, n + b + 1)))),
        Case(op, (Tile(3, b, (1, b)), Tile(1, b, (1, b)))),
        Case(op, (Tile(5, dyn, (4, n + 3), True), Tile(2, dyn, (1, n + 3), True))),
        Case(op, (Tile(5, dyn, (0, n + 3), True), Tile(1, dyn, (1, n + 3), True))),
        Case(op, (Tile(4, 2 * b, (4, 2 * b)), Tile(4, 2 * b, (1, 2 * b), alias=0))),
    ]
    if op != "tcolsum":
        return cases
    for rows in (1, 2, 5, 11):
        src, dst = Tile(rows, wide, (rows, n + b + 1)), Tile(1, wide, (1, n + b + 1))
        cases.append(Case(op, (src, dst, Tile(max(rows // 2, 1), wide)), binary=True))
    dst = Tile(1, dyn, (1, n + 5), True)
    for rows in (9, 1):
        cases.append(Case(op, (Tile(11, dyn, (rows, n + 5), True), dst, Tile(6, dyn)), True))
    return cases


def lowerable(op: str, dtype: DType, target: str) -> bool:
    """The tile op and its vector op support `dtype` on `target` (targets.py tables) and
    compute the same thing there."""
    legal = functools.partial(legal_dtypes, profile(target))
    if (op, target) in RECORD_REFUSED:
        return False
    if VECTOR_OP[op] == "vdiv" and dtype.is_int:  # A5's software vdiv: not a lowering target
        return False
    return dtype in legal(op) and dtype in legal(VECTOR_OP[op])


def combinations(ops: Sequence[str]) -> list[tuple[str, str]]:
    """(op, dtype) for every dtype some target lowers the op for."""
    return [
        (op, d.name)
        for op in ops
        for d in sorted({d for t in TARGETS for d in legal_dtypes(profile(t), op)}, key=str)
        if any(lowerable(op, d, t) for t in TARGETS)
    ]


@pytest.mark.parametrize(("op", "dtype"), combinations(ELEMENTWISE))
def test_elementwise_outputs_unchanged(op: str, dtype: str):
    dt = dtype_named(dtype)
    cases = elementwise_cases(op, dt) + (tadd_fill_cases(dt) if op == "tadd" else [])
    validate(Kernel(dt, cases), [t for t in TARGETS if lowerable(op, dt, t)])


@pytest.mark.parametrize(("op", "dtype"), combinations(REDUCTIONS))
def test_reductions_outputs_unchanged(op: str, dtype: str):
    dt = dtype_named(dtype)
    validate(Kernel(dt, reduction_cases(op, dt)), [t for t in TARGETS if lowerable(op, dt, t)])


def test_refused_cases_are_diagnostics():
    """Every (op, dtype, target) the tile op supports and the vector op does not is a
    one-line diagnostic naming them, and those are exactly `REFUSED`."""
    refused: set[tuple[str, str, str]] = set()
    for target in TARGETS:
        for op in ELEMENTWISE + REDUCTIONS:
            for dtype in legal_dtypes(profile(target), op):
                if lowerable(op, dtype, target) or (op, target) in RECORD_REFUSED:
                    continue
                count = arity(op) + 1 if op in ELEMENTWISE else 2
                case = with_scratch(Case(op, (Tile(2, lanes(dtype)),) * count))
                kernel = Kernel(dtype, [case])
                with pytest.raises(PassFailedException) as info:
                    lower(kernel.module(target))
                message = str(info.value)
                assert f"pto.{op}" in message and f"{dtype} on target {target}" in message
                assert f"pto.{VECTOR_OP[op]} does not support {dtype}" in message
                assert "\n" not in message
                refused.add((op, dtype.name, target))
    assert refused == REFUSED


@pytest.mark.parametrize("target", ["a5", "a2a3"])
def test_select_operands_follow_the_tile_rule(target: str, monkeypatch: pytest.MonkeyPatch):
    """With a vector rule that returns src0 where the tile rule returns src1 (equal or NaN
    operands), tmax/tmin and tcolmax/tcolmin still agree: the pass swaps the operands."""
    table = dict(rules.VECTOR_ARITH_RULES)
    table[TargetArch(target)] = replace(table[TargetArch(target)], max_min_fallback=Pick.SRC0)
    monkeypatch.setattr(rules, "VECTOR_ARITH_RULES", table)
    dt = dtype_named("f16")
    n = lanes(dt)
    tile = Tile(3, n, (3, n - 5))
    cases = [Case(op, (tile, tile, tile)) for op in ("tmax", "tmin")]
    cases += [Case(op, (tile, Tile(1, n, (1, n - 5)))) for op in ("tcolmax", "tcolmin")]
    kernel = Kernel(dt, cases, seed=3)
    validate(kernel, [target])
    module = kernel.module(target)
    lower(module)
    maxima = [op for op in module.walk() if op.name == "pto.vmax"]
    assert maxima and all(op.operands[0].name_hint in ("src1", "v") for op in maxima)


# ---- random kernels ---------------------------------------------------------------------


LOWERABLE_PAIRS = [
    (target, op)
    for target in TARGETS
    for op in ELEMENTWISE + REDUCTIONS
    if any(lowerable(op, d, target) for d in legal_dtypes(profile(target), op))
]
"""(target, op) with at least one element type the pass lowers (not A2/A3 tprelu)."""


@st.composite
def random_cases(draw: st.DrawFn) -> tuple[Kernel, str]:
    """One op on random shapes, valid regions (static or dynamic), strides and aliasing."""
    target, op = draw(st.sampled_from(LOWERABLE_PAIRS))
    legal = [d for d in legal_dtypes(profile(target), op) if lowerable(op, d, target)]
    dtype = draw(st.sampled_from(sorted(legal, key=str)))
    n, b = lanes(dtype), block(dtype)

    def cols(at_least: int = 1) -> int:
        return b * draw(st.integers(-(-at_least // b), 2 * n // b + 2))

    def tile(rows: int, width: int, valid: tuple[int, int]) -> Tile:
        return Tile(rows, width, valid, draw(st.booleans()))

    rows, width = draw(st.integers(1, 5)), cols()
    vr, vc = draw(st.integers(1, rows)), draw(st.integers(1, width))
    if op in REDUCTIONS:
        src = tile(rows, width, (draw(st.integers(0, vr)), vc))
        dst = tile(draw(st.integers(1, 2)), cols(vc), (1, vc))
        case = Case(op, (src, dst))
        if op == "tcolsum" and draw(st.booleans()):
            needed = max(src.region[0] // 2, 1)
            scratch = Tile(draw(st.integers(needed, needed + 1)), cols(vc))
            case = Case(op, (src, dst, scratch), binary=True)
        return Kernel(dtype, [case], draw(st.integers(0, 9))), target
    dst = tile(rows, width, (vr, vc))
    sources: list[Tile] = []
    for _ in range(arity(op)):
        if op == "tadd":
            r, w = draw(st.integers(1, 6)), cols()
            sources.append(tile(r, w, (draw(st.integers(0, r)), draw(st.integers(0, w)))))
        else:
            sources.append(tile(draw(st.integers(vr, rows + 1)), cols(vc), (vr, vc)))
    if draw(st.booleans()):  # in place: dst over src0's buffer
        r, c = sources[0].region
        valid = (min(r, rows), min(c, width)) if op == "tadd" else (vr, vc)
        sources[0] = Tile(rows, width, valid, sources[0].dynamic)
        dst = Tile(rows, width, (vr, vc), alias=0)
    case = with_scratch(Case(op, (*sources, dst)))
    return Kernel(dtype, [case], draw(st.integers(0, 9))), target


@settings(max_examples=30, deadline=None)
@given(random_cases())
def test_random_kernels(drawn: tuple[Kernel, str]):
    kernel, target = drawn
    validate(kernel, [target])


@pytest.mark.parametrize(("offset", "size"), [((2, 0), (4, 64)), ((1, 8), (6, 32))])
def test_a_subview_of_a_planned_tile_is_lowered_where_its_source_holds_it(
    offset: tuple[int, int], size: tuple[int, int]
) -> None:
    """`tadds` from a `pto.subview` at constant offsets (as PyPTO's merge_norm slices a
    tile): the view's rows lie in its source, the source's row stride apart."""
    full = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64>"
    rows, cols = size
    part = (
        f"!pto.tile_buf<loc=vec, dtype=f32, rows={rows}, cols={cols}, v_row={rows}, v_col={cols}>"
    )
    out_view = f"!pto.partition_tensor_view<{rows}x{cols}xf32>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %r = arith.constant {rows} : index
  %w = arith.constant {cols} : index
  %one = arith.constant 1.0 : f32
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 4096 : i64
  %vx = pto.make_tensor_view %x, shape = [%c8, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c64]
    : !v -> !pto.partition_tensor_view<8x64xf32>
  %vy = pto.make_tensor_view %y, shape = [%r, %w], strides = [%w, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%r, %w] : !v -> {out_view}
  %a = pto.alloc_tile addr = %a0 : {full}
  pto.tload ins(%px : !pto.partition_tensor_view<8x64xf32>) outs(%a : {full})
  %o0 = arith.constant {offset[0]} : index
  %o1 = arith.constant {offset[1]} : index
  %s = pto.subview %a[%o0, %o1] sizes [{rows}, {cols}] : {full} -> {part}
  %d = pto.alloc_tile addr = %a1 : {part}
  pto.tadds ins(%s, %one : {part}, f32) outs(%d : {part})
  pto.tstore ins(%d : {part}) outs(%py : {out_view})
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text)
    assert "pto.tadds" not in str(lowered)


def test_an_op_after_set_validshape_computes_the_rows_it_sets():
    """trowsum of tiles whose valid rows `pto.set_validshape` shrank to 4: rows 4 to 15 of
    dst keep what they held (stored after dst's rows are set back to 16)."""
    src = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?>"
    dst = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=8, v_row=?, v_col=?>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %vx = pto.make_tensor_view %x, shape = [%c16, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c16, %c64]
    : !v -> !pto.partition_tensor_view<16x64xf32>
  %vy = pto.make_tensor_view %y, shape = [%c16, %c1], strides = [%c1, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c16, %c1]
    : !v -> !pto.partition_tensor_view<16x1xf32>
  %t = pto.alloc_tile valid_row = %c16 valid_col = %c64 : {src}
  pto.tload ins(%px : !pto.partition_tensor_view<16x64xf32>) outs(%t : {src})
  %s = pto.alloc_tile valid_row = %c16 valid_col = %c1 : {dst}
  pto.tload ins(%py : !pto.partition_tensor_view<16x1xf32>) outs(%s : {dst})
  pto.set_validshape %t, %c4, %c64 : {src}
  pto.set_validshape %s, %c4, %c1 : {dst}
  pto.trowsum ins(%t, %t : {src}, {src}) outs(%s : {dst})
  pto.set_validshape %s, %c16, %c1 : {dst}
  pto.tstore ins(%s : {dst}) outs(%py : !pto.partition_tensor_view<16x1xf32>)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text)
    assert "pto.trowsum" not in str(lowered)


@pytest.mark.parametrize(("target", "dtype"), [("a5", "f32"), ("a2a3", "f32"), ("a5", "i16")])
def test_tadd_of_a_tile_of_fewer_rows_computes_each_row_once(target: str, dtype: str):
    """PyPTO's residual add: `tadd` of a full tile and one of `?` valid rows (all its
    columns) into the full region. Rows below the source's count read it, the others read
    all-one bits: two row loops, one `vadd` and one store a chunk each (the layered stores
    of a source that may cover part of a row are not needed), the tile op's bytes."""
    tile = f"!pto.tile_buf<loc=vec, dtype={dtype}, rows=8, cols=128, v_row=8, v_col=128>"
    part = f"!pto.tile_buf<loc=vec, dtype={dtype}, rows=8, cols=128, v_row=?, v_col=128>"
    view = f"!pto.partition_tensor_view<8x128x{dtype}>"
    text = f"""
!v = !pto.tensor_view<?x?x{dtype}>
func.func @k(%x: !pto.ptr<{dtype}>, %r: !pto.ptr<{dtype}>, %y: !pto.ptr<{dtype}>, %m: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c128 = arith.constant 128 : index
  %n = arith.maxsi %m, %c3 : index
  %vx = pto.make_tensor_view %x, shape = [%c8, %c128], strides = [%c128, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c128] : !v -> {view}
  %vr = pto.make_tensor_view %r, shape = [%c8, %c128], strides = [%c128, %c1] : !v
  %pr = pto.partition_view %vr, offsets = [%c0, %c0], sizes = [%c8, %c128] : !v -> {view}
  %vy = pto.make_tensor_view %y, shape = [%c8, %c128], strides = [%c128, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c8, %c128] : !v -> {view}
  %a = pto.alloc_tile : {tile}
  pto.tload ins(%px : {view}) outs(%a : {tile})
  %b = pto.alloc_tile valid_row = %n : {part}
  pto.tload ins(%pr : {view}) outs(%b : {part})
  %s = pto.alloc_tile : {tile}
  pto.tadd ins(%a, %b : {tile}, {part}) outs(%s : {tile})
  pto.tstore ins(%s : {tile}) outs(%py : {view})
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text, target=target, seed=6)
    scopes = [op for op in lowered.walk() if isinstance(op, VecScopeOp)]
    (names,) = [n for n in ([o.name for o in s.walk()] for s in scopes) if "pto.vadd" in n]
    assert names.count("pto.vadd") == names.count("pto.vsts") == 2
