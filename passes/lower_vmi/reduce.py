"""Lowering of the VMI reductions, in the order their semantics fix
(`interpreters/semantics/vmi_reduce.py`): C groups of S lanes, each a pairwise tree.

1. Inactive lanes become the identity: `vsel` of each register and a register of +0
   (sums) or of -inf / +inf / the type's bottom or top (extrema).
2. Groups within a register (S < N, S a power of two): `vcgadd` / `vcgmax` / `vcgmin` when
   a group is one 32-byte block, else log2(S) pairwise steps (`vdintlv` of the register and
   zeros, then `vadd` / `vmax` / `vmin` of the two halves): group g of the register ends in
   lane g. Groups of whole registers (S = mN): `vcadd` / `vcmax` / `vcmin` of each register
   (lane 0 kept), then a pairwise tree of the m register results (padded with the identity
   to a power of two). One group: the same over all registers.
3. The C results are gathered into slots: each register's results moved to their slot
   (`vshift`) and merged with `vor` (their other lanes are zero).

Histograms (`vchist` / `vdhist`): `chistv2` / `dhistv2` per 128 bins and source register.
"""

from __future__ import annotations

from xdsl.dialects.builtin import IntegerType, i32
from xdsl.ir import SSAValue

from passes.lower_vmi import masks
from passes.lower_vmi.builder import Layout, Lowerer, Regs, register_count
from pto_dialect.dtypes import DType, dtype_named, mlir_type
from pto_dialect.ops.vector_a5_extra import Chistv2Op, Dhistv2Op
from pto_dialect.ops.vector_arith import VAddOp, VMaxOp, VMinOp, VOrOp
from pto_dialect.ops.vector_compare import VSelOp
from pto_dialect.ops.vector_convert import VBitcastOp
from pto_dialect.ops.vector_predicate import PAndOp
from pto_dialect.ops.vector_rearrange import VDintlvOp, VShiftOp
from pto_dialect.ops.vector_reduce import VCaddOp, VCgaddOp, VCgmaxOp, VCgminOp, VCmaxOp, VCminOp
from pto_dialect.ops.vmi_common import vreg_type
from pto_dialect.ops.vmi_reduce import ReduceOp
from pto_dialect.ops.vmi_sfu import HistogramOp, VmiVchistOp
from pto_dialect.ops.vmi_types import lanes_per_register
from pto_dialect.vector_types import VRegType

_STEP = {"add": VAddOp, "max": VMaxOp, "min": VMinOp}
_WHOLE = {"add": VCaddOp, "max": VCmaxOp, "min": VCminOp}
_BLOCK = {"add": VCgaddOp, "max": VCgmaxOp, "min": VCgminOp}


def _identity(lowerer: Lowerer, kind: str, dtype: DType) -> SSAValue:
    if kind == "add":
        return lowerer.splat(0, dtype)
    if dtype.is_float:
        return lowerer.splat(float("-inf") if kind == "max" else float("inf"), dtype)
    low, high = dtype.int_limits
    return lowerer.splat(low if kind == "max" else high, dtype)


def reduce(lowerer: Lowerer, op: ReduceOp) -> None:
    source = vreg_type(op.source)
    dtype, width = source.dtype, lanes_per_register(source.bits)
    groups, kind = op.groups, op.KIND
    size = source.count // groups
    regs = lowerer.get(op.source, Layout.CONTIGUOUS)
    parts = masks.parts(lowerer, op.mask, dtype.bits, Layout.CONTIGUOUS)
    identity = _identity(lowerer, kind, dtype)
    full = lowerer.all_true(dtype.bits)
    step = _STEP[kind]
    values = [lowerer.emit(VSelOp(v, identity, m)).results[0]
              for v, m in zip(regs.values, parts, strict=True)]  # fmt: skip
    if groups == 1 or size % width == 0:
        per = max(1, size // width) if groups > 1 else len(values)
        if groups > 1 and size % width:
            raise lowerer.fail(f"{op.name}: groups of {size} lanes do not fill whole registers")
        firsts = lowerer.prefix(lowerer.const(1, i32), dtype.bits)
        results: list[SSAValue] = []
        for g in range(groups):
            own = values[g * per : (g + 1) * per]
            sums: list[SSAValue] = [lowerer.emit(_WHOLE[kind](v, full)).results[0] for v in own]
            if kind != "add":  # vcmax/vcmin leave the lane index in lane 1
                zero = lowerer.splat(0, dtype)
                sums = [lowerer.emit(VSelOp(v, zero, firsts)).results[0] for v in sums]
            while len(sums) > 1:
                if len(sums) % 2:
                    sums.append(_lane0_identity(lowerer, kind, dtype, identity, firsts))
                sums = [lowerer.emit(step(sums[j], sums[j + 1], full)).results[0]
                        for j in range(0, len(sums), 2)]  # fmt: skip
            results.append(sums[0])
        _gather(lowerer, op, results, 1, dtype)
        return
    if size & (size - 1) or width % size:
        raise lowerer.fail(f"{op.name}: groups of {size} lanes (not a power of two dividing a "
                           "register) have no lowering here")  # fmt: skip
    block = 32 * 8 // dtype.bits
    zero = lowerer.splat(0, dtype)
    results = []
    for v in values:
        if size == block:
            results.append(lowerer.emit(_BLOCK[kind](v, full)).results[0])
            continue
        current = v
        for _ in range(size.bit_length() - 1):
            pair = lowerer.emit(VDintlvOp(current, zero)).results
            current = lowerer.emit(step(pair[0], pair[1], full)).results[0]
        results.append(current)
    _gather(lowerer, op, results, width // size, dtype)


def _lane0_identity(
    lowerer: Lowerer, kind: str, dtype: DType, identity: SSAValue, firsts: SSAValue
) -> SSAValue:
    """A register of the identity in lane 0 and zeros elsewhere (a tree's padding)."""
    if kind == "add":
        return identity
    zero = lowerer.splat(0, dtype)
    return lowerer.emit(VSelOp(identity, zero, firsts)).results[0]


def _gather(
    lowerer: Lowerer, op: ReduceOp, results: list[SSAValue], per: int, dtype: DType
) -> None:
    """Registers whose lanes [0, per) hold consecutive groups' results, merged into the
    slots of the contiguous result value."""
    result = vreg_type(op.result)
    width = lanes_per_register(dtype.bits)
    count = register_count(result.count, result.bits, Layout.CONTIGUOUS)
    if len(results) == 1 and count == 1:
        lowerer.define(op.result, Regs(results, Layout.CONTIGUOUS, result.count, dtype))
        return
    raw = VRegType(mlir_type(dtype_named(f"ui{dtype.bits}")))
    full = lowerer.all_true(dtype.bits)
    slots: list[SSAValue | None] = [None] * count
    for k, value in enumerate(results):
        first = k * per
        register, lane = divmod(first, width)
        bits = value if dtype.is_int else lowerer.emit(VBitcastOp(value, raw)).results[0]
        bits = _as(lowerer, bits, raw)
        if lane:
            bits = lowerer.emit(VShiftOp(bits, lowerer.const(lane, IntegerType(16)))).results[0]
        held = slots[register]
        slots[register] = bits if held is None else lowerer.emit(VOrOp(held, bits, full)).results[0]
    vreg = VRegType(mlir_type(dtype))
    values = [_as(lowerer, s if s is not None else lowerer.splat(0, dtype), vreg) for s in slots]
    lowerer.define(op.result, Regs(values, Layout.CONTIGUOUS, result.count, dtype))


def _as(lowerer: Lowerer, value: SSAValue, type: VRegType) -> SSAValue:
    if value.type == type:
        return value
    return lowerer.emit(VBitcastOp(value, type)).results[0]


def histogram(lowerer: Lowerer, op: HistogramOp) -> None:
    """`vchist` / `vdhist`: per 128 bins of the accumulator (`%bin` 0: bins 0-127, 1: bins
    128-255), a `chistv2` / `dhistv2` of each source register under its b8 mask part (the
    padding lanes of a partial last register masked off), in 16-bit unsigned lanes."""
    acc = lowerer.get(op.acc, Layout.CONTIGUOUS)
    source = lowerer.get(op.source, Layout.CONTIGUOUS)
    parts = list(masks.parts(lowerer, op.mask, 8, Layout.CONTIGUOUS))
    width = lanes_per_register(8)
    if source.lanes % width:
        tail = lowerer.prefix(lowerer.const(source.lanes % width, i32), 8)
        parts[-1] = lowerer.emit(PAndOp(parts[-1], tail, lowerer.all_true(8))).results[0]
    made_by = Chistv2Op if isinstance(op, VmiVchistOp) else Dhistv2Op
    samples = [_as(lowerer, v, _vreg("ui8")) for v in source.values]
    values: list[SSAValue] = []
    for half, bins in enumerate(acc.values):
        made = _as(lowerer, bins, _vreg("ui16"))
        number = lowerer.const(half, i32)
        for sample, mask in zip(samples, parts, strict=True):
            made = lowerer.emit(
                made_by.create(operands=[made, sample, mask, number], result_types=[made.type])
            ).results[0]
        values.append(_as(lowerer, made, _vreg(acc.dtype.name)))
    lowerer.define(op.result, Regs(values, Layout.CONTIGUOUS, acc.lanes, acc.dtype))


def _vreg(name: str) -> VRegType:
    return VRegType(mlir_type(dtype_named(name)))
