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
    whether a `mem_bar(VST_VST)` orders each store after the previous one (`barrier`), and
    whether the compute waits for predicates a `plds` loads and a predicate op converts
    (`predicate_load`: `VF_PREDICATE_OP` longer than the `vlds` path)."""

    elems: int
    chain: tuple[type[PtoOp], ...]
    loads: int = 1
    width: int = 1
    stores: int = 1
    predicates: int = 0
    barrier: bool = False
    predicate_load: bool = False


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
    chain += P.VF_PREDICATE_OP if step.predicate_load else 0
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


def _select_chain(dtype: DType, stores: int) -> float:
    """Cycles from a `TSel_b32` pass's `plds` to its last `vsts` issuing: the loaded
    predicates reach the `vsel` through a `pintlv` or `punpack` (`LOAD_FORWARD` +
    `VF_PREDICATE_OP`, longer than the `vlds` -> `vsel` path), the `vsel` forwards to its
    store `STORE_FORWARD_EXTRA` later than to a compute op, a further store issues a cycle
    later (one store port)."""
    from pto_dialect.ops.vector_compare import VSelOp

    forward = P.LOAD_FORWARD + P.VF_PREDICATE_OP + costs.a5_forward(VSelOp, dtype)
    return forward + P.STORE_FORWARD_EXTRA + (stores - 1) / P.STORE_PORTS


def _select_b32(dtype: DType, rows: int, cols: int) -> int:
    """`TSel_b32` (npu/a5/TSel.hpp): a loop nest of pairs of registers, then, if the rows
    leave an odd register (`if (sReg > 0)`), a second loop of it over the rows.
    - one row: the pairs pipeline at the pass's `interval`;
    - several rows: a pass's `plds` issues with the previous pass's last `vsts` (store ->
      load order), so each pass costs its whole `_select_chain` ([prof-a5] A5TselFit f32
      2x128 and 10x640: 15 cycles a pair; one row of 10 pairs: 4 a pair; why a single row
      pipelines is not known);
    - the branch reads `sReg`, which the pairs' `plt` post-update in the vector pipe: it
      waits for the pipe to drain (the last store done), then the second loop starts
      `VF_LOOP_START` later, its rows one after another as the pairs' ([prof-a5] A5TselFit
      f32 1x320: 91, about 65 for its two pairs alone; held out). With no pair before it,
      the branch reads the `sReg` the scalar unit wrote and the loop starts with the VF."""
    from pto_dialect.ops.vector_compare import VSelOp

    per = P.REPEAT_BYTES // dtype.bytes
    pairs, odd = divmod(ceil(cols / per), 2)
    start: float = P.VF_STARTUP
    if pairs:
        pair = Pass(2 * per, (VSelOp,), loads=5, width=2, stores=2, predicates=1)
        chain = _select_chain(dtype, pair.stores)
        each = interval(pair, dtype) if rows == 1 else chain
        done = start + (rows * pairs - 1) * each + chain + P.STORE_LATENCY
        if not odd:
            return round(done + P.VF_DRAIN)
        start = done + P.VF_LOOP_START
    chain = _select_chain(dtype, 1)
    return round(start + rows * chain + P.STORE_LATENCY + P.VF_DRAIN)


def select_cycles(dtype: DType, rows: int, cols: int) -> int:
    """A5 `tsel` of rows x cols (npu/a5/TSel.hpp), a loop per row whatever the layout (the
    mask has rows of its own):
    - 1- and 2-byte elements (`TSel_b16_8`): a pass a register: two vlds and a `plds` of its
      predicates (a third load), vsel, vsts;
    - 4-byte (`TSel_b32`, `_select_b32`): a pass a pair of registers: four vlds and a
      `plds`, a `pintlv` splitting the predicates, two vsel, two vsts under a second `plt`;
      a row's odd register in a second loop over the rows (`plds`, `punpack`, two vlds,
      vsel, vsts);
    - 8-byte (`Int64Select`): a pass a row of 64 elements: a `plds` and a `punpack`, two
      deinterleaving vlds (two registers each), two vsel, one interleaving vsts of two."""
    from pto_dialect.ops.vector_compare import VSelOp

    if rows <= 0 or cols <= 0:
        return 0
    per = P.REPEAT_BYTES // min(dtype.bytes, 4)
    if dtype.bytes == 8:
        step = Pass(per, (VSelOp,), loads=5, width=2, stores=2, predicates=1, predicate_load=True)
        return loop_cycles(step, dtype, rows, cols, rows == 1)
    if dtype.bytes < 4:
        return loop_cycles(Pass(per, (VSelOp,), loads=3), dtype, rows, cols, rows == 1)
    return _select_b32(dtype, rows, cols)
