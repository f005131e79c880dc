"""Cycle costs of ops (cost model v2), from published figures (`cost_params`, docs/machine.md).

- A2/A3 vector instructions (pto-isa's cce cost model, fitted on its hardware-profiled
  cases): `fixed + slope x repeats`, plus `MASK_FLOOR` when issued with a partial mask. A
  tile op is the instructions pto-isa's A2/A3 implementation issues for its shape
  (`a2a3_issue`); a column reduction is one dependent instruction per row, each behind a
  `pipe_barrier` (`col_reduce_cycles`).
- A5 (and cpu) vector micro-ops in a vecscope: `VectorIssue`, an issue model per port with
  latency, forwarding and initiation intervals (pto-isa's A5 VF model tables); a tile op is
  the same model's steady state for its lowered loop (`a5_tile_cycles`).
- DMA transfers and tile moves: `costs_dma`.
- Cube: head + one 16 x K0 x 16 fractal per cycle (two for f32).
The constants an op declares are on its record (`COST`, `pto_dialect.records`); where
nothing is published the record carries an explicit estimate (`estimates` lists them).
"""

from __future__ import annotations

from collections.abc import Iterable
from enum import Enum
from functools import cache
from math import ceil
from typing import TYPE_CHECKING, cast

from xdsl.dialects import scf
from xdsl.ir import BlockArgument, SSAValue

from interpreters.machine import cost_params as P
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.base import PtoOp
from pto_dialect.records import AsVectorOp, Formula, NoCycles, VectorCost
from pto_dialect.targets import TargetProfile

if TYPE_CHECKING:
    from pto_dialect.ops.vector_load import GatherOp, VectorLoadOp
    from pto_dialect.ops.vector_mask import PredicateOp
    from pto_dialect.ops.vector_predicate_memory import PredicateMemoryOp
    from pto_dialect.ops.vector_store import VectorStoreOp, VscatterOp

VREG_BYTES = P.REPEAT_BYTES


@cache
def _loads() -> tuple[type[VectorLoadOp], type[GatherOp]]:
    """The vector loads and gathers (their module imported on first use: a run of a kernel
    without vector code need not define them; so are the families below)."""
    from pto_dialect.ops.vector_load import GatherOp, VectorLoadOp

    return VectorLoadOp, GatherOp


@cache
def _stores() -> tuple[type[VectorStoreOp], type[VscatterOp]]:
    from pto_dialect.ops.vector_store import VectorStoreOp, VscatterOp

    return VectorStoreOp, VscatterOp


@cache
def _predicates() -> tuple[type[PredicateOp], type[PredicateMemoryOp]]:
    from pto_dialect.ops.vector_mask import PredicateOp
    from pto_dialect.ops.vector_predicate_memory import PredicateMemoryOp

    return PredicateOp, PredicateMemoryOp


def vector_op_of(op: type[PtoOp]) -> type[PtoOp]:
    """The vector op a tile op runs as (`AsVectorOp`), or `op` itself."""
    cost = op.cost()
    return cast(type[PtoOp], cost.op) if isinstance(cost, AsVectorOp) else op


def vector_cost(op: type[PtoOp]) -> VectorCost:
    """The vector cost of `op`: its own, or that of the vector op a tile op runs as.

    An op whose record has no vector cost is an error, never a silent default."""
    cost = vector_op_of(op).cost()
    if not isinstance(cost, VectorCost):
        raise TypeError(f"{op.name} has no vector cost on its record (cost: {cost})")
    return cost


def a2a3_instr(op: type[PtoOp]) -> P.A2A3Instr:
    """The A2/A3 instruction class of `op` (a vector op or a tile op on the vector pipe)."""
    vop = vector_op_of(op)
    return P.A2A3_INSTR.get(vop) or P.A2A3_BY_THROUGHPUT[vector_cost(op).per_repeat]


def a5_latency(op: type[PtoOp], dtype: DType) -> int:
    cost = vector_cost(op)
    return cost.f16_a5_latency if dtype.bits == 16 and cost.f16_a5_latency else cost.a5_latency


def a5_forward(op: type[PtoOp], dtype: DType) -> int:
    """Cycles after its issue at which `op`'s result reaches a dependent compute op."""
    vop = vector_op_of(op)
    known = P.VF_INSTR.get(vop)  # (compute ops only: asked first, loads need not be defined)
    if known is not None:
        return known.forward[dtype.bits == 16]
    if issubclass(vop, _loads()[0]):
        return P.LOAD_FORWARD
    return max(a5_latency(op, dtype) - 4, 1)


def a5_throughput(op: type[PtoOp], dtype: DType) -> int:
    """Cycles per instruction of `op` issued back to back in a loop (isa.csv throughput); an
    SFU op that issues on both ports ([vf] isa.csv EXU SFU, EXU01) alternates them: half its
    throughput or half its initiation interval, the longer ([prof-a5] A5TexpFit,
    A5TdivsFit 2-D: 2 cycles a repeat for f32, 4 for f16)."""
    vop = vector_op_of(op)
    known = P.VF_INSTR.get(vop)
    if known is None:
        return 1
    cycles = known.throughput[dtype.bits == 16]
    if vop in P.VF_SFU and vop not in P.VF_EXU0_ONLY:
        ports = P.VF_ISSUE_PORTS
        return max(ceil(cycles / ports), ceil(a5_interval(op, dtype) / ports))
    return cycles


def a5_interval(op: type[PtoOp], dtype: DType) -> int:
    """Initiation interval from `op` to the next compute instruction."""
    known = P.VF_INSTR.get(vector_op_of(op))
    return known.interval[dtype.bits == 16] if known is not None else 1


def vector_cycles(target: TargetProfile, op: type[PtoOp], dtype: DType, repeats: int = 1) -> int:
    """Cycles of one vector instruction `op` (or a tile op on the vector pipe, costed over a
    contiguous region) of `repeats` repeats, issued alone."""
    if repeats <= 0:
        return 0
    if target.arch is TargetArch.A2A3:
        instr = a2a3_instr(op)
        return instr.fixed_of(dtype) + instr.slope * repeats
    if isinstance(op.cost(), AsVectorOp):
        return a5_tile_cycles(op, dtype, repeats)
    return a5_latency(op, dtype) + (repeats - 1) * a5_interval(op, dtype)


# ---- A2/A3 tile instructions ------------------------------------------------------------


class Impl(Enum):
    """pto-isa's A2/A3 implementation family of an elementwise tile op: how it issues
    instructions for a tile shape (include/pto/npu/a2a3/<file>)."""

    BINARY = "TBinOp.hpp"
    UNARY = "TUnaryOp.hpp"
    SCALAR = "TBinSOp.hpp"


def impl_of(op: type[PtoOp]) -> Impl:
    """The family of a tile op: tile-scalar ops issue as TBinSOp, one-source ops as
    TUnaryOp, the others as TBinOp."""
    from pto_dialect.ops.tile_scalar import ScalarTileOp  # (A2/A3 only: on first use)

    if issubclass(op, ScalarTileOp):
        return Impl.SCALAR
    if cast(int, getattr(op, "ARITY", 2)) == 1:
        return Impl.UNARY
    return Impl.BINARY


def a2a3_issue(
    rows: int, cols: int, row_elems: int, dtype: DType, impl: Impl = Impl.BINARY,
    dynamic: bool = False,
) -> tuple[int, int, int]:  # fmt: skip
    """(instructions, repeats, mask floors) pto-isa's A2/A3 elementwise tile op issues
    for a valid region rows x cols in a tile of `row_elems` elements per row (the tile's
    rows taken as `rows`). A mask floor (`MASK_FLOOR`) is paid for count mode and, for
    TBinOp and TUnaryOp, for a partial mask; TBinSOp's masked norm-mode instructions pay
    none ([prof] TADDS f16 63x64, f32 256x16: 6-10 cycles above their repeats).

    - TBinOp: a row shorter than one repeat is one masked instruction of a repeat per row
      (small-shape path); a contiguous region is flattened (count mode when its rows are
      longer than a repeat and not a multiple of it, or over 255 repeats); else row by row.
    - TUnaryOp: no small-shape path; a contiguous region is flattened (count mode only
      over 255 repeats).
    - TBinSOp: contiguity is decided at compile time: with a static valid shape as
      TBinOp's flattening, with a `?` valid shape (`dynamic`, as pto-isa's profiled cases)
      always the 2-D path (`_scalar_2d`)."""
    if rows <= 0 or cols <= 0:
        return (0, 0, 0)
    per = P.REPEAT_BYTES // dtype.bytes
    contiguous = cols == row_elems or rows == 1
    if impl is Impl.SCALAR and (dynamic or not contiguous):
        return _scalar_2d(rows, cols, row_elems, per)
    if impl is Impl.BINARY and row_elems < per:  # one (masked) repeat per row
        return (1, rows, 1)
    if contiguous:
        total = ceil(rows * cols / per)
        count = total > P.REPEAT_MAX or (impl is not Impl.UNARY and cols > per and cols % per)
        if count:
            return (1, total, 1)
        tail = (rows * cols) % per != 0
        return (1 + tail, total, int(tail and impl is not Impl.SCALAR))
    per_row = ceil(cols / per)  # row by row: full repeats, then a masked tail column
    return (per_row, rows * per_row, int(cols % per != 0))


def _scalar_2d(rows: int, cols: int, row_elems: int, per: int) -> tuple[int, int, int]:
    """TBinSOp's 2-D path (TBinSInstr's non-contiguous branch): few rows of several
    repeats: count mode per row (or one full-repeat instruction per row); else one strided
    instruction per repeat column over all rows (`BinS2LNormModeRowRpt`), rows beyond 255
    in further instructions; a masked tail column pays no floor."""
    norm = row_elems // per
    full, tail = divmod(cols, per)
    if (norm > 1 and rows * norm < 4) or rows < norm + 1:  # SMALL_RPT / column repeats
        if tail or (norm > 1 and rows * norm < 4):
            return (rows, rows * ceil(cols / per), 1)
        return (rows, rows * full, 0)
    if rows <= P.REPEAT_MAX:
        return (full + (tail > 0), rows * (full + (tail > 0)), 0)
    chunks = ceil(rows / P.REPEAT_MAX)  # the tail column, 255 rows an instruction
    return (rows * ceil(full / P.REPEAT_MAX) + chunks * (tail > 0),
            rows * full + rows * (tail > 0), 0)  # fmt: skip


def tile_vector_cycles(
    target: TargetProfile, op: type[PtoOp], dtype: DType, rows: int, cols: int, row_elems: int,
    dynamic: bool = False, by_rows: bool = False,
) -> int:  # fmt: skip
    """Cycles of an elementwise tile op over a valid region rows x cols of a tile with
    `row_elems` elements per row (`dynamic`: the tile type's valid shape is `?`; `by_rows`:
    A5's implementation loops over rows even when they are contiguous, as TCmp.hpp and
    TSel.hpp do for their packed mask rows, and Int64Binary.hpp for 64-bit integers)."""
    if target.arch is not TargetArch.A2A3:
        by_rows = by_rows or (dtype.bits == 64 and op in P.A5_INT64_CHAIN)  # Int64Binary.hpp
        if (cols == row_elems or rows == 1) and not by_rows:  # contiguous: one 1-D loop
            return a5_tile_cycles(op, dtype, repeats_for(rows * cols * dtype.bytes))
        return a5_rows_cycles(op, dtype, rows, repeats_for(cols * dtype.bytes))
    per_row = P.A2A3_PER_ROW.get(op)
    if per_row is not None:
        if rows <= 0 or cols <= 0:
            return 0
        further = ceil(cols * dtype.bytes / P.REPEAT_BYTES) - 1
        return per_row.fixed + rows * (per_row.per_row + per_row.slope * further)
    instrs, repeats, floors = a2a3_issue(rows, cols, row_elems, dtype, impl_of(op), dynamic)
    if instrs == 0:
        return 0
    instr = a2a3_instr(op)
    cycles = instr.fixed_of(dtype) + instr.slope * repeats + floors * P.MASK_FLOOR
    prelude = P.A2A3_PRELUDE.get(op)
    if prelude is not None:
        cycles += prelude.fixed_of(dtype) + prelude.slope * repeats
    return cycles


def row_reduce_cycles(
    target: TargetProfile, op: type[PtoOp], dtype: DType, rows: int, cols: int, row_elems: int
) -> int:
    """A row reduction of rows x cols. A2/A3 (include/pto/npu/a2a3/TRowReduceOps.hpp): every
    instruction covers all rows (one repeat each) and is followed by a pipe_barrier, so each
    pays its full fixed cost. Rows of at most one repeat: one cross-lane reduction (vcadd,
    vcmax, ...). Longer rows: the step op (vadd, vmax, ...) folds each further repeat column
    into tmp in count mode (a masked one for a partial column; a UB copy of the first column
    when the rows are shorter than two repeats), then one reduction of tmp. An op without a
    cross-lane reduction, and the other targets: as an elementwise op over the region."""
    from pto_dialect.ops.tile_row_reduce import RowReduceTileOp  # (imported: `op` is one)

    reduce_op = op.REDUCE_OP if issubclass(op, RowReduceTileOp) else None
    if target.arch is not TargetArch.A2A3 or reduce_op is None:
        return tile_vector_cycles(target, op, dtype, rows, cols, row_elems)
    if rows <= 0 or cols <= 0:
        return 0
    reduce = a2a3_instr(reduce_op)
    cycles = reduce.fixed_of(dtype) + reduce.slope * rows
    per = P.REPEAT_BYTES // dtype.bytes
    if cols <= per:
        return cycles
    step = a2a3_instr(cast(type[RowReduceTileOp], op).STEP_OP)
    full, remain = divmod(cols, per)
    if full < 2:
        cycles += P.UB_COPY_HEAD + ceil(rows * P.REPEAT_BYTES / P.UB_COPY_BYTES_PER_CYCLE)
    each = step.fixed_of(dtype) + step.slope * rows + P.MASK_FLOOR
    return cycles + (full - 1 + (remain > 0)) * each


def col_reduce_cycles(
    target: TargetProfile, op: type[PtoOp], dtype: DType, rows: int, cols: int, binary: bool
) -> int:
    """A column reduction of rows x cols: A2/A3 copies row 0 (UB -> UB), then issues one
    instruction per further row (include/pto/npu/a2a3/TColReduceOps.hpp, TColSum.hpp):
    sequentially each behind a pipe_barrier (its full fixed cost), pairwise one barrier per
    level. A5: the lowered loop, one dependent step per row."""
    if rows <= 0 or cols <= 0:
        return 0
    per = P.REPEAT_BYTES // dtype.bytes
    per_row = ceil(cols / per)
    if target.arch is not TargetArch.A2A3:
        step = max(a5_forward(op, dtype), a5_interval(op, dtype))
        return (P.VF_STARTUP + P.VF_DRAIN + P.LOAD_FORWARD + (rows - 1) * step
                + a5_forward(op, dtype) + P.STORE_FORWARD_EXTRA + P.STORE_LATENCY)  # fmt: skip
    copy = P.UB_COPY_HEAD + ceil(cols * dtype.bytes / P.UB_COPY_BYTES_PER_CYCLE)
    if rows == 1:
        return copy
    instr = a2a3_instr(op)
    each = instr.slope * per_row + P.MASK_FLOOR  # count mode, or a masked tail column
    fixed = instr.fixed_of(dtype)
    if not binary:
        return copy + (rows - 1) * (fixed + each)
    levels, count = 0, rows
    while count > 1:
        levels += 1 + count % 2
        count //= 2
    return copy + levels * fixed + (rows - 1) * each


# ---- A5 -----------------------------------------------------------------------------------


def a5_tile_cycles(op: type[PtoOp], dtype: DType, repeats: int) -> int:
    """A5 tile op of `repeats` registers: the VF issue model's steady state of its lowered
    loop (loads, the op, a store per repeat): start-up + load -> op -> store chain + one
    initiation interval per further repeat + drain."""
    if repeats <= 0:
        return 0
    loads = 2 if _arity(op) == 2 else 1
    steps = a5_steps(op, dtype)
    issue = sum(a5_issue(step, dtype) for step in steps + a5_extra(op, dtype))
    interval = max(ceil(loads / P.LOAD_PORTS), issue, ceil(1 / P.STORE_PORTS))
    forward = sum(a5_forward(step, dtype) for step in steps)
    chain = P.LOAD_FORWARD + forward + P.STORE_FORWARD_EXTRA + P.STORE_LATENCY
    return P.VF_STARTUP + chain + (repeats - 1) * interval + P.VF_DRAIN


def a5_copy_cycles(steps: int) -> int:
    """A5 vec -> vec `tmov`: one VF of `steps` load-store pairs (npu/a5/TMov.hpp: a vlds and a
    vsts a repeat; into an NZ tile, `TMovToVecNd2Nz`, a vlds and a block-strided vsstb a row
    and repeat), one a cycle on the one store port: start-up, the load -> store chain, a cycle
    a further pair, drain."""
    if steps <= 0:
        return 0
    chain = P.LOAD_FORWARD + P.STORE_FORWARD_EXTRA + P.STORE_LATENCY
    return P.VF_STARTUP + chain + (steps - 1) + P.VF_DRAIN


def a5_steps(op: type[PtoOp], dtype: DType) -> tuple[type, ...]:
    """The compute ops `op`'s A5 loop issues a repeat, in order: pto-isa's chain
    (`P.A5_CHAIN`), for 64-bit integers the 32-bit pair sequence of npu/a5/Int64Binary.hpp
    (`P.A5_INT64_CHAIN`)."""
    if dtype.bits == 64:
        chain = P.A5_INT64_CHAIN.get(op)
        if chain is not None:
            return chain
    return P.A5_CHAIN.get(op, (op,))


def a5_extra(op: type[PtoOp], dtype: DType) -> tuple[type, ...]:
    """The ops `op`'s A5 loop issues a repeat off its dependent chain (`P.A5_INT64_EXTRA`)."""
    return P.A5_INT64_EXTRA.get(op, ()) if dtype.bits == 64 else ()


def a5_issue(op: type[PtoOp], dtype: DType) -> int:
    """Cycles a loop of `op` takes a further repeat: its initiation interval over the ports
    it issues on (each port's unit takes every other repeat)."""
    ports = 1 if vector_op_of(op) in P.VF_EXU0_ONLY else P.VF_ISSUE_PORTS
    return ceil(a5_interval(op, dtype) / ports)


def a5_rows_cycles(op: type[PtoOp], dtype: DType, rows: int, per_row: int) -> int:
    """A5 tile op over `rows` rows of `per_row` registers that are not contiguous: a loop
    per row; the repeats issue at the op's throughput, each further row costs
    `VF_ROW_GAP` more (fitted on pto-isa's profiled A5 2-D cases, cost_params), which runs
    while an SFU op takes cycles beyond an ALU op's `VF_ALU_STEP` a repeat."""
    if rows <= 0 or per_row <= 0:
        return 0
    first = a5_tile_cycles(op, dtype, 1)
    step = sum(a5_throughput(s, dtype) for s in a5_steps(op, dtype) + a5_extra(op, dtype))
    row = max(per_row * step, per_row * min(step, P.VF_ALU_STEP) + P.VF_ROW_GAP)
    return first + (per_row - 1) * step + (rows - 1) * row


def _arity(op: type[PtoOp]) -> int:
    return cast(int, getattr(op, "ARITY", 2))


class VectorIssue:
    """A5 vector function issue model ([vf] VfSim's structure, simplified), O(1) per
    micro-op in the common case.

    Ops enter a window of `VF_WINDOW` in program order (`VF_DISPATCH_WIDTH` a cycle) and
    issue out of order from it: an op issues at the first cycle, from its dispatch on,
    at which its operands are ready and a port can take it. Loads issue on `LOAD_PORTS`
    ports and stores on `STORE_PORTS`, each in program order; compute ops on the
    `VF_ISSUE_PORTS` ports (one op a cycle each; `VF_EXU0_ONLY` ops on port 0 only), and an
    op of `interval` > 1 keeps its functional unit (ALU or SFU, `VF_SFU`) of that port for
    that many cycles. A producer's result reaches a dependent compute op `forward` cycles
    after it issued, a store 2 cycles later. Dependencies follow SSA values, a
    loop-carried value through its `scf.yield` operand. The cycles an op is charged are
    how far it moves the scope's completion frontier (`issue + latency`); the first op of
    a scope also pays the scope's start-up and drain. Predicate ops (`plt`, `pset`,
    `ppack`, `por`, `plds`, `psts`, ...) are free, their masks ready with their operands:
    [vf]'s capture (a5_vf_stub.hpp) records no instruction for `plt_b8/16/32` and isa.csv
    has a row for no predicate instruction.
    """

    def __init__(self) -> None:
        self.active = False
        self._static: dict[int, tuple[int, int, int, int, tuple[int, ...], tuple[int, ...],
                                      tuple[int, ...], int]] = {}  # fmt: skip
        """Per op (by id; the IR is fixed during a run): kind, latency, forwarding,
        interval, the ids of the values it reads and defines, its ports and unit."""
        self._reset()

    def _reset(self) -> None:
        self.stream_started = False
        """A2/A3: whether an instruction of this scope has paid the head and tail."""
        self.pending = 0
        self.loads = [0] * P.LOAD_PORTS
        self.store_free = 0
        self.frontier = 0
        self.ready: dict[int, int] = {}
        """Per SSA value (by id): the cycle its producer's result reaches a compute op."""
        self.slots: list[set[int]] = [set() for _ in range(P.VF_ISSUE_PORTS)]
        """Per compute port: the cycles it issues an op."""
        self.units: dict[tuple[int, int], set[int]] = {}
        """Per (port, unit): the cycles an op of interval > 1 keeps the unit."""
        self.issued: list[int] = [0] * P.VF_WINDOW
        """Issue cycles of the last `VF_WINDOW` ops (a ring): an op enters the window once
        the op `VF_WINDOW` before it has issued."""
        self.count = 0

    def begin(self) -> None:
        """A vecscope starts."""
        self._reset()
        self.active = True
        self.pending = P.VF_STARTUP + P.VF_DRAIN

    def end(self) -> None:
        self.active = False
        self.ready = {}
        self.slots = [set() for _ in range(P.VF_ISSUE_PORTS)]
        self.units = {}

    def _dispatch(self) -> int:
        """The cycle the next op enters the window."""
        k = self.count
        window = self.issued[k % P.VF_WINDOW] if k >= P.VF_WINDOW else 0
        return max(window, k // P.VF_DISPATCH_WIDTH)

    def _compute(self, t: int, ports: tuple[int, ...], unit: int, interval: int) -> int:
        """The first cycle from `t` on at which one of `ports` can issue the op; reserves it."""
        units = self.units
        while True:
            for port in ports:
                if t in self.slots[port]:
                    continue
                busy = units.get((port, unit))
                if busy is not None and any(c in busy for c in range(t, t + interval)):
                    continue
                self.slots[port].add(t)
                if interval > 1:
                    units.setdefault((port, unit), set()).update(range(t, t + interval))
                elif busy is not None:
                    busy.add(t)
                return t
            t += 1

    def cycles(self, op: PtoOp, dtype: DType) -> int:
        static = self._static.get(id(op))
        if static is None:
            static = self._static[id(op)] = self._analyse(op, dtype)
        kind, latency, forward, interval, operands, results, ports, unit = static
        ready = 0
        ready_table = self.ready
        for value in operands:
            at = ready_table.get(value, 0)
            if at > ready:
                ready = at
        if kind == 3:  # a predicate op: no instruction of the VF model
            for result in results:
                ready_table[result] = ready
            return 0
        start = self._dispatch()
        if kind == 1:  # load
            ports_free = self.loads
            port = 0 if ports_free[0] <= ports_free[-1] else len(ports_free) - 1
            t = max(ready, ports_free[port], start)
            ports_free[port] = t + 1
        elif kind == 2:  # store: its data arrives 2 cycles after a compute op's would
            t = max(ready + P.STORE_FORWARD_EXTRA if ready else 0, self.store_free, start)
            self.store_free = t + 1
        else:
            t = self._compute(max(ready, start), ports, unit, interval)
        self.issued[self.count % P.VF_WINDOW] = t
        self.count += 1
        available = t + forward
        for result in results:
            ready_table[result] = available
        done = t + latency
        charged = self.pending
        self.pending = 0
        if done > self.frontier:
            charged += done - self.frontier
            self.frontier = done
        return charged

    @staticmethod
    def _analyse(
        op: PtoOp, dtype: DType
    ) -> tuple[int, int, int, int, tuple[int, ...], tuple[int, ...], tuple[int, ...], int]:
        vop = vector_op_of(type(op))  # a VMI op issues as the micro-op its record names
        kind = (1 if issubclass(vop, _loads()[0]) else 2 if issubclass(vop, _stores()[0])
                else 3 if issubclass(vop, _predicates()) else 0)  # fmt: skip
        latency = (P.LOAD_LATENCY if kind == 1 else P.STORE_LATENCY if kind == 2
                   else a5_latency(type(op), dtype))  # fmt: skip
        forward = P.LOAD_FORWARD if kind == 1 else a5_forward(type(op), dtype)
        interval = a5_interval(type(op), dtype)
        operands = tuple(id(_through_yield(v)) for v in op.operands)
        vop = vector_op_of(type(op))
        ports = (0,) if vop in P.VF_EXU0_ONLY else tuple(range(P.VF_ISSUE_PORTS))
        unit = 1 if vop in P.VF_SFU else 0
        return (kind, latency, forward, interval, operands, tuple(id(r) for r in op.results),
                ports, unit)  # fmt: skip


def _through_yield(value: SSAValue) -> SSAValue:
    """A loop-carried block argument of an scf.for body: the value its yield passes on."""
    if not isinstance(value, BlockArgument) or value.index == 0:
        return value
    block = value.block
    parent = block.parent_op()
    if isinstance(parent, scf.ForOp):
        last = block.last_op
        if isinstance(last, scf.YieldOp) and value.index - 1 < len(last.operands):
            return last.operands[value.index - 1]
    return value


def a2a3_micro_instr(op: PtoOp) -> P.A2A3Instr | None:
    """The A2/A3 instruction a micro-op of a vecscope is a repeat of, or None when it is
    part of another's repeat. A2/A3 vector instructions read their operands from UB and
    write their results to UB (there is no register file to load or store): a plain load
    is the operand read of the compute instruction that uses it, a store its result write,
    and masks are set by scalar code (`set_vector_mask`). A store of a loaded value with no
    compute op between them is a UB -> UB copy: one repeat of a copy instruction. Gathers
    and scatters are instructions of their own."""
    (load, gather), (store, scatter) = _loads(), _stores()
    if isinstance(op, _predicates()):
        return None
    if isinstance(op, load) and not isinstance(op, gather):
        return None
    if isinstance(op, store) and not isinstance(op, scatter):
        owner = op.operands[0].owner if op.operands else None
        return P.A2A3_COPY if isinstance(owner, load) else None
    return a2a3_instr(type(op))


def micro_op_cycles(target: TargetProfile, issue: VectorIssue, op: PtoOp, dtype: DType) -> int:
    """A vector micro-op. Outside a vecscope: the op issued alone. Inside one, on A5/cpu:
    the VF issue model's charge; on A2/A3: the instructions stream ([cce]
    `EstimateLinearCycles`: the head only when the pipe's queue is empty, the tail once when
    a sync settles it), so the scope's first instruction pays `fixed + slope` and every later
    one its `slope` (one repeat each); loads, stores and masks are parts of the instructions
    (`a2a3_micro_instr`)."""
    if not issue.active:
        return vector_cycles(target, type(op), dtype)
    if target.arch is not TargetArch.A2A3:
        return issue.cycles(op, dtype)
    instr = a2a3_micro_instr(op)
    if instr is None:
        return 0
    if issue.stream_started:
        return instr.slope
    issue.stream_started = True
    return instr.fixed_of(dtype) + instr.slope


def vmi_op_cycles(
    target: TargetProfile, issue: VectorIssue, op: PtoOp, dtype: DType, registers: int
) -> int:
    """A VMI op: `registers` issues of the micro-op its record names (`AsVectorOp`, one per
    256-byte physical register of its value), alone outside a vecscope, in the scope's
    issue model inside one."""
    vop = vector_op_of(type(op))
    if isinstance(vop.cost(), NoCycles):  # a reinterpretation: no instruction
        return 0
    if not issue.active:
        return vector_cycles(target, vop, dtype, registers)
    return sum(micro_op_cycles(target, issue, op, dtype) for _ in range(registers))


# ---- Cube, SIMT, estimates ----------------------------------------------------------------


def estimates(ops: Iterable[type[PtoOp]]) -> list[str]:
    """`op: why` for every op whose record says its cost is an estimate."""
    found: list[str] = []
    for op in ops:
        cost = op.cost()
        why = cost.estimate if isinstance(cost, VectorCost | Formula) else None
        if why is not None:
            found.append(f"{op.name}: {why}")
    return found


def repeats_for(nbytes: int) -> int:
    """Vector repeats covering `nbytes` (one 256-byte register each)."""
    return ceil(nbytes / VREG_BYTES)


def matmul_cycles(
    m: int, k: int, n: int, operand: DType, head: bool = True, target: TargetProfile | None = None
) -> int:
    """Cube: head + ceil(m/16) x ceil(k/K0) x ceil(n/16) fractals, K0 = the values in 32
    bytes of the A operand (k counts values: 64 of packed FP4), one fractal per cycle (f32:
    `P.CUBE_F32_PASSES` of the target). `head=False`: a `mad` streaming behind another one
    (`P.CUBE_HEAD` says when the head is paid)."""
    if m <= 0 or k <= 0 or n <= 0:
        return 0
    k0 = P.CUBE_K_BYTES // operand.bytes * operand.values
    blocks = ceil(m / P.CUBE_M) * ceil(k / k0) * ceil(n / P.CUBE_N)
    a5 = target is not None and target.arch is TargetArch.A5
    passes = (P.CUBE_F32_PASSES_A5 if a5 else P.CUBE_F32_PASSES) if operand.bits == 32 else 1
    return (P.CUBE_HEAD if head else 0) + blocks * passes


def simt_launch_cycles(warp_instructions: int) -> int:
    """A SIMT launch (one VF): start-up and drain plus one issue per executed instruction
    per warp with an active lane (`SIMT_ISSUE`, an estimate)."""
    return P.VF_STARTUP + P.VF_DRAIN + P.SIMT_ISSUE * warp_instructions
