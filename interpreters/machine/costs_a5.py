"""A5 tile ops whose pto-isa implementation issues more than one op a pass, costed as it issues
them: `tcvt` per element-type pair (npu/a5/TCvt.hpp) and `tsel` (npu/a5/TSel.hpp).

A pass is one iteration of the implementation's loop: its loads, its compute ops (a dependent
chain, the last one `width` times over the registers a load unpacked into) and its stores. A
loop's cycles are the VF issue model's steady state (`costs.a5_tile_cycles`'s): start-up, one
pass's load -> compute -> store chain, an initiation interval a further pass, drain. A 2-D
tile (valid columns short of its rows) runs a loop per row (`costs.a5_rows_cycles`'s row
gap)."""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil
from typing import TYPE_CHECKING

from interpreters.machine import cost_params as P
from interpreters.machine import costs
from pto_dialect.dtypes import FP4_DTYPES, DType

if TYPE_CHECKING:
    from pto_dialect.ops.base import PtoOp


@dataclass(frozen=True)
class Pass:
    """One pass of an A5 loop: `elems` source elements, `loads` vlds, the dependent compute
    `chain` (its last op issued `width` times), `stores` vsts, the predicate ops it issues
    besides the loop's one post-updating `plt` (`predicates`: `plt`, `punpack`, `pintlv`),
    and whether a `mem_bar(VST_VST)` orders each store after the previous one (`barrier`)."""

    elems: int
    chain: tuple[type[PtoOp], ...]
    loads: int = 1
    width: int = 1
    stores: int = 1
    predicates: int = 0
    barrier: bool = False


def interval(step: Pass, dtype: DType) -> float:
    """Cycles between passes of a 1-D loop: the busiest port, the pass's further predicate
    ops one after another (`VF_PREDICATE_OP` each), or the store barrier."""
    issue = sum(costs.a5_issue(op, dtype) for op in step.chain[:-1])
    issue += step.width * costs.a5_issue(step.chain[-1], dtype)
    busiest = max(ceil(step.loads / P.LOAD_PORTS), issue, ceil(step.stores / P.STORE_PORTS))
    busiest = max(busiest, step.predicates * P.VF_PREDICATE_OP)
    return max(busiest, P.VST_BARRIER_PASS) if step.barrier else busiest


def row_step(step: Pass, dtype: DType) -> float:
    """Cycles a further pass of a 2-D row's loop takes: its ops at their throughput (as
    `costs.a5_rows_cycles`), or the store barrier."""
    through = sum(costs.a5_throughput(op, dtype) for op in step.chain[:-1])
    through += step.width * costs.a5_throughput(step.chain[-1], dtype)
    return max(through, interval(step, dtype))


def loop_cycles(step: Pass, dtype: DType, rows: int, cols: int, contiguous: bool) -> int:
    """A VF of `step`'s passes over rows x cols source elements: one 1-D loop when the rows
    are `contiguous` (or one), else a loop per row, whose first pass issues in the previous
    row's shadow (`VF_ROW_GAP` after an ALU step, as `costs.a5_rows_cycles`) and whose further
    passes take `row_step` each; a row whose passes all issue within one ALU step hides the
    gap ([prof-a5] A5TcvtFit, 10 rows of one or two single-vcvt passes: 1 and 2 cycles a
    row). A store barrier orders every pass, across rows too."""
    if rows <= 0 or cols <= 0:
        return 0
    chain = P.LOAD_FORWARD + sum(costs.a5_forward(op, dtype) for op in step.chain)
    first = P.VF_STARTUP + chain + P.STORE_FORWARD_EXTRA + P.STORE_LATENCY + P.VF_DRAIN
    if contiguous or rows == 1:
        return round(first + (ceil(rows * cols / step.elems) - 1) * interval(step, dtype))
    per_row, each = ceil(cols / step.elems), row_step(step, dtype)
    if step.barrier:
        return round(first + (rows * per_row - 1) * each)
    row = (per_row - 1) * each + min(each, P.VF_ALU_STEP) + P.VF_ROW_GAP
    if per_row * each <= P.VF_ALU_STEP:  # the row's passes issue within one ALU step
        row = per_row * each
    return round(first + (per_row - 1) * each + (rows - 1) * row)


def convert_pass(src: DType, dst: DType) -> Pass:
    """The pass pto-isa's A5 TCvt issues for `src` -> `dst` (npu/a5/TCvt.hpp, the 1-D
    `*_1D_NoPostUpdate` helpers and their 2-D `FOR_ROWS` forms, which issue the same body):
    - 8-bit -> 32-bit (`cast8to32`) and FP4 -> bf16 (`castFp4toBf16`): an unpacking vlds of
      128 (FP4: 256) elements, a vintlv with zero, two vcvt, two vsts, under a second `plt`
      (8-bit: and two `punpack` of the predicates to 32-bit lanes);
    - 32-bit -> 8-bit (`cast32to8`, `cast32toH8`) and bf16 -> FP4 (`castBf16toFp4`): a vlds of
      64 (bf16: 128) elements, vcvt, a vselr packing the bytes, `mem_bar(VST_VST)`, vsts;
    - any other pair: a vlds of one register of the wider type (`ELE_CNT_B32` elements
      when either side is 32-bit, `ELE_CNT_B16` when 16-bit), vcvt, vsts."""
    from pto_dialect.ops.vector_convert import VCvtOp
    from pto_dialect.ops.vector_rearrange import VIntlvOp, VSelrOp

    if src in FP4_DTYPES:
        return Pass(256, (VIntlvOp, VCvtOp), width=2, stores=2, predicates=1)
    if dst in FP4_DTYPES:
        return Pass(128, (VCvtOp, VSelrOp), barrier=True)
    if src.bits == 8 and dst.bits == 32:
        return Pass(128, (VIntlvOp, VCvtOp), width=2, stores=2, predicates=3)
    if src.bits == 32 and dst.bits == 8:
        return Pass(64, (VCvtOp, VSelrOp), barrier=True)
    return Pass(P.REPEAT_BYTES // max(src.bytes, dst.bytes), (VCvtOp,))


def convert_cycles(src: DType, dst: DType, rows: int, cols: int, row_elems: int) -> int:
    """A5 `tcvt` of rows x cols elements of rows of `row_elems`: its pass's loop; bf16 ->
    FP4 first zero-fills the destination's rows, a vsts a register (`castBf16toFp4`)."""
    step = convert_pass(src, dst)
    cycles = loop_cycles(step, src, rows, cols, cols == row_elems)
    if dst in FP4_DTYPES and cycles:
        cycles += ceil(rows * row_elems // 2 / P.REPEAT_BYTES)
    return cycles


def _second_loop(step: Pass, dtype: DType, rows: int, each: float) -> int:
    """A further loop of one `step` pass a row in the same VF: its pass's chain again, then
    `each` cycles a further row."""
    chain = P.LOAD_FORWARD + sum(costs.a5_forward(op, dtype) for op in step.chain)
    return round(chain + P.STORE_FORWARD_EXTRA + P.STORE_LATENCY + (rows - 1) * each)


def select_cycles(dtype: DType, rows: int, cols: int) -> int:
    """A5 `tsel` of rows x cols (npu/a5/TSel.hpp), a loop per row whatever the layout (the
    mask has rows of its own):
    - 1- and 2-byte elements (`TSel_b16_8`): a pass a register: two vlds and a `plds` of its
      predicates (a third load), vsel, vsts;
    - 4-byte (`TSel_b32`): a pass a pair of registers: four vlds and a `plds`, a `pintlv`
      splitting the predicates, two vsel, two vsts under a second `plt`; a row's odd
      register in a second loop over the rows (`plds`, `punpack`, two vlds, vsel, vsts);
    - 8-byte (`Int64Select`): a pass a row of 64 elements: a `plds` and a `punpack`, two
      deinterleaving vlds (two registers each), two vsel, one interleaving vsts of two."""
    from pto_dialect.ops.vector_compare import VSelOp

    if rows <= 0 or cols <= 0:
        return 0
    per = P.REPEAT_BYTES // min(dtype.bytes, 4)
    if dtype.bytes == 8:
        step = Pass(per, (VSelOp,), loads=5, width=2, stores=2, predicates=1)
        return loop_cycles(step, dtype, rows, cols, rows == 1)
    if dtype.bytes < 4:
        return loop_cycles(Pass(per, (VSelOp,), loads=3), dtype, rows, cols, rows == 1)
    registers = ceil(cols / per)
    pair = Pass(2 * per, (VSelOp,), loads=5, width=2, stores=2, predicates=1)
    odd = Pass(per, (VSelOp,), loads=3, predicates=1)
    if rows == 1:
        if registers == 1:
            return loop_cycles(odd, dtype, 1, cols, True)
        cycles = loop_cycles(pair, dtype, 1, registers // 2 * 2 * per, True)
        row = min(row_step(odd, dtype), P.VF_ALU_STEP) + P.VF_ROW_GAP
        return cycles + (_second_loop(odd, dtype, 1, row) if registers % 2 else 0)
    # several rows: a pass waits for the previous one's predicates (plds -> pintlv or
    # punpack -> vsel), as pto-isa's profiles show ([prof-a5] A5TselFit f32 10x640: 14.7
    # cycles a pair; one row of 10 pairs: 4 a pair; why one row pipelines is not known)
    serial = P.LOAD_LATENCY + P.VF_PREDICATE_OP + costs.a5_forward(VSelOp, dtype)
    first = loop_cycles(pair if registers > 1 else odd, dtype, 1, per, True)
    cycles = round(first + (rows * max(registers // 2, 1) - 1) * serial)
    return cycles + (
        _second_loop(odd, dtype, rows, serial) if registers % 2 and registers > 1 else 0
    )
