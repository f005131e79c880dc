"""Lowerings of the VMI compute ops: one micro-op per physical register.

- lane-wise ops (elementwise, vector-scalar, fused): the record's `VECTOR_OP` per register
  under an all-true mask (VMI's elementwise masks do not gate lanes); `pmode = "merge"`: a
  `vsel` of the result and the first source;
- compares: `vcmp` / `vcmps` per register, seeded by the seed's parts; their result masks
  are the parts of the VMI mask (`masks.py`); selects `vsel`; carries `vaddc` / `vaddcs`;
- conversions: same width `vcvt` per register; doubling the width `vcvt` part EVEN / ODD
  of each source register (the deinterleaved layout); halving it `vcvt` EVEN of part 0 `|`
  ODD of part 1 (`vor`); integer widening `vzunpack`/`vsunpack`, integer narrowing `vpack`
  (after `vmaxs`/`vmins` to the destination's range for SAT); bitcasts `vbitcast`;
- broadcasts, index vectors and rearrangements: `rearrange.py`.

What has no exact micro-op sequence here (`vexpdif` of f16, ...) stops the pass with a
diagnostic naming the op (docs/passes.md lists them).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import cast

from xdsl.dialects import arith
from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Operation, SSAValue

from passes.lower_vmi import masks
from passes.lower_vmi.builder import Layout, Lowerer, Regs, part_counts, register_count
from passes.lower_vmi.layout import width_change
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import BF16, BF16X2, HIF8, DType, dtype_named, mlir_type
from pto_dialect.ops import vmi_convert as cv
from pto_dialect.ops import vmi_elementwise as ew
from pto_dialect.ops import vmi_sfu as sfu
from pto_dialect.ops.vector_arith import VAddCOp, VAddOp, VMaxOp, VMinOp, VMulAOp, VMulOp, VOrOp
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.ops.vector_convert import ALL_FORMS, VBitcastOp, VCvtOp
from pto_dialect.ops.vector_fused import VMullOp
from pto_dialect.ops.vector_rearrange import (
    VDintlvOp,
    VIntlvOp,
    VPackOp,
    VSunpackOp,
    VZunpackOp,
)
from pto_dialect.ops.vector_scalar import (
    VAddCsOp,
    VAndsOp,
    VMaxsOp,
    VMinsOp,
)
from pto_dialect.ops.vector_sfu import VExpDifOp
from pto_dialect.ops.vmi_common import VmiOp, vreg_type
from pto_dialect.ops.vmi_types import VmiVRegType, is_vmi_signed, is_vmi_unsigned
from pto_dialect.vector_types import VRegType

_MODES = {m.value.lower(): m for m in CmpMode}


def _data(lowerer: Lowerer, op: VmiOp, layout: Layout) -> list[Regs]:
    return [lowerer.get(o, layout) for o in op.operands if isinstance(o.type, VmiVRegType)]


def _layout(lowerer: Lowerer, op: Operation) -> Layout:
    return lowerer.layouts.get(op.results[0], Layout.CONTIGUOUS)


def define(lowerer: Lowerer, value: SSAValue, values: Sequence[SSAValue], layout: Layout) -> None:
    type = vreg_type(value)
    lowerer.define(value, Regs(list(values), layout, type.count, type.dtype))


def lane_wise(lowerer: Lowerer, op: ew.ElementwiseOp) -> None:
    if not isinstance(op.results[0].type, VmiVRegType):
        return  # mask algebra: made on demand (masks.py)
    layout = _layout(lowerer, op)
    sources = _data(lowerer, op, layout)
    dtype = vreg_type(op.results[0]).dtype
    full = lowerer.all_true(dtype.bits)
    micro = cast(Callable[..., Operation], op.VECTOR_OP)
    values: list[SSAValue] = []
    signedness = {ew.VmiShruiOp: "ui", ew.VmiShrsiOp: "i"}.get(type(op))
    for k, first in enumerate(sources[0].values):
        operands = [s.values[k] for s in sources]
        if signedness is not None:
            operands = [retype(lowerer, v, dtype, signedness) for v in operands]
        if isinstance(op, ew.VmiVabsOp) and dtype == BF16:  # no bf16 vabs: clear the sign
            bits = retype(lowerer, operands[0], dtype, "ui")  # (PTOAS: vand with 0x7FFF)
            cleared = VAndsOp(bits, lowerer.const(0x7FFF, IntegerType(16)), full)
            result = retype(lowerer, lowerer.emit(cleared).results[0], dtype, "bf")
        elif isinstance(op, ew.ScalarOp):
            scalar = _shift_amount(lowerer, op.scalar, dtype) if op.SHIFT else op.scalar
            result = lowerer.emit(micro(operands[0], scalar, full)).results[0]
        elif isinstance(op, ew.VmiFmaOp):  # lhs * rhs + acc
            result = lowerer.emit(VMulAOp(operands[2], operands[0], operands[1], full)).results[0]
        else:
            result = lowerer.emit(micro(*operands, full)).results[0]
        if signedness is not None:
            result = retype(lowerer, result, dtype, "ui" if dtype.kind.name == "UINT" else "i")
        if op.pmode == "merge" and len(op.operands) > op.ARITY:
            mask = masks.parts(lowerer, op.operands[op.ARITY], dtype.bits, layout)[k]
            result = lowerer.emit(VSelOp(result, first, mask)).results[0]
        values.append(result)
    define(lowerer, op.results[0], values, layout)


def _shift_amount(lowerer: Lowerer, amount: SSAValue, dtype: DType) -> SSAValue:
    """VMI's i16 shift amount as the micro-op's scalar of the element width."""
    if dtype.bits == 16:
        return amount
    wide = IntegerType(dtype.bits)
    if dtype.bits > 16:
        return lowerer.emit(arith.ExtUIOp(amount, wide)).results[0]
    index = lowerer.emit(arith.IndexCastOp(amount, lowerer.const(0).type)).results[0]
    return lowerer.emit(arith.IndexCastOp(index, wide)).results[0]


def retype(lowerer: Lowerer, value: SSAValue, dtype: DType, prefix: str) -> SSAValue:
    """The register read with another signedness (a `vbitcast`)."""
    wanted = VRegType(mlir_type(dtype_named(f"{prefix}{dtype.bits}")))
    if value.type == wanted:
        return value
    return lowerer.emit(VBitcastOp(value, wanted)).results[0]


def compare(lowerer: Lowerer, op: ew.CompareOp) -> None:
    layout = Layout.CONTIGUOUS
    data = [o for o in op.operands if isinstance(o.type, VmiVRegType)]
    layout = lowerer.layouts.get(data[0], Layout.CONTIGUOUS)
    sources = [lowerer.get(o, layout) for o in data]
    dtype = sources[0].dtype
    predicate = op.attr_str("predicate") or op.attr_str("cmp") or ""
    mode_name = predicate
    signedness: str | None = None
    if predicate[:1] in "ou" and predicate[1:] in _MODES and dtype.is_float:
        if predicate[0] == "u":
            raise lowerer.fail(f"{op.name} {predicate}: no micro-op compares unordered")
        mode_name = predicate[1:]
    elif predicate[:1] in "su" and predicate[1:] in _MODES:
        signedness, mode_name = ("i" if predicate[0] == "s" else "ui"), predicate[1:]
    if mode_name not in _MODES:
        raise lowerer.fail(f"{op.name} predicate {predicate} has no vcmp mode")
    mode = _MODES[mode_name]
    if isinstance(op, ew.LegacyCompareOp):
        seeds = [lowerer.all_true(dtype.bits)] * len(sources[0].values)
    else:
        seeds = masks.parts(lowerer, op.operands[2], dtype.bits, layout)
    results: list[SSAValue] = []
    for k, seed in enumerate(seeds):
        lhs = sources[0].values[k]
        if signedness is not None:
            lhs = retype(lowerer, lhs, dtype, signedness)
        if isinstance(op, ew.VmiVcmpsOp):
            results.append(lowerer.emit(VCmpsOp(lhs, op.scalar, seed, mode)).results[0])
        else:
            rhs = sources[1].values[k]
            if signedness is not None:
                rhs = retype(lowerer, rhs, dtype, signedness)
            results.append(lowerer.emit(VCmpOp(lhs, rhs, seed, mode)).results[0])
    lowerer.masks[(op.result, dtype.bits, layout)] = results


def select(lowerer: Lowerer, op: ew.SelectOp) -> None:
    layout = _layout(lowerer, op)
    true, false = lowerer.get(op.true_value, layout), lowerer.get(op.false_value, layout)
    parts = masks.parts(lowerer, op.mask, true.dtype.bits, layout)
    values = [lowerer.emit(VSelOp(t, f, m)).results[0]
              for t, f, m in zip(true.values, false.values, parts, strict=True)]  # fmt: skip
    define(lowerer, op.result, values, layout)


def carry(lowerer: Lowerer, op: ew.CarryOp) -> None:
    layout = _layout(lowerer, op)
    lhs, rhs = lowerer.get(op.lhs, layout), lowerer.get(op.rhs, layout)
    mask_parts = masks.parts(lowerer, op.operands[-1], 32, layout)
    carry_in = (masks.parts(lowerer, op.carry_in, 32, layout)
                if isinstance(op, ew.VmiVaddcsOp) else None)  # fmt: skip
    values: list[SSAValue] = []
    carries: list[SSAValue] = []
    for k, m in enumerate(mask_parts):
        if carry_in is None:
            made = lowerer.emit(VAddCOp(lhs.values[k], rhs.values[k], m))
        else:
            made = lowerer.emit(VAddCsOp(lhs.values[k], rhs.values[k], carry_in[k], m))
        values.append(made.results[0])
        carries.append(made.results[1])
    define(lowerer, op.result, values, layout)
    lowerer.masks[(op.carry, 32, layout)] = carries


# ---- SFU -----------------------------------------------------------------------------------


def fused(lowerer: Lowerer, op: VmiOp) -> None:
    layout = _layout(lowerer, op)
    dtype = vreg_type(op.results[0]).dtype
    full = lowerer.all_true(dtype.bits)
    values: list[SSAValue] = []
    if isinstance(op, sfu.VmiVexpdifOp):
        if vreg_type(op.x).bits != 32:
            raise lowerer.fail(f"{op.name} of {vreg_type(op.x).element_type}: the widening "
                               "vexpdif parts have no lowering here")  # fmt: skip
        x, high = lowerer.get(op.x, layout), lowerer.get(op.max, layout)
        from pto_dialect.ops.vector_sfu import Part

        values = [lowerer.emit(VExpDifOp(a, b, full, Part.EVEN)).results[0]
                  for a, b in zip(x.values, high.values, strict=True)]  # fmt: skip
    elif isinstance(op, sfu.VmiVmulaOp):
        acc, lhs, rhs = (lowerer.get(v, layout) for v in (op.acc, op.lhs, op.rhs))
        values = [lowerer.emit(VMulAOp(a, b, c, full)).results[0]
                  for a, b, c in zip(acc.values, lhs.values, rhs.values, strict=True)]  # fmt: skip
    elif isinstance(op, sfu.VmiVaxpyOp):
        x, acc = lowerer.get(op.x, layout), lowerer.get(op.acc, layout)
        alpha = lowerer.emit(vbr(op.alpha, x.vreg)).results[0]
        values = [lowerer.emit(VMulAOp(a, alpha, b, full)).results[0]
                  for a, b in zip(acc.values, x.values, strict=True)]  # fmt: skip
    elif isinstance(op, sfu.VmiVlreluOp | sfu.VmiVpreluOp):
        x = lowerer.get(op.x, layout)
        zero = lowerer.splat(0, dtype)
        if isinstance(op, sfu.VmiVlreluOp):
            slopes = [lowerer.emit(vbr(op.slope, x.vreg)).results[0]] * len(x.values)
        else:
            slopes = lowerer.get(op.alpha, layout).values
        for v, slope in zip(x.values, slopes, strict=True):
            positive = lowerer.emit(VMaxOp(v, zero, full)).results[0]
            negative = lowerer.emit(VMinOp(v, zero, full)).results[0]
            scaled = lowerer.emit(VMulOp(slope, negative, full)).results[0]
            values.append(lowerer.emit(VAddOp(positive, scaled, full)).results[0])
    else:
        raise lowerer.fail(f"{op.name} has no lowering")
    define(lowerer, op.results[0], values, layout)


def vbr(scalar: SSAValue, vreg: VRegType) -> Operation:
    from pto_dialect.ops.vector_arith import VBrOp

    return VBrOp(scalar, vreg)


def vmull(lowerer: Lowerer, op: sfu.VmiVmullOp) -> None:
    layout = _layout(lowerer, op)
    a, b = lowerer.get(op.a, layout), lowerer.get(op.b, layout)
    prefix = "ui" if is_vmi_unsigned(vreg_type(op.a).element_type) else "i"  # signless: signed
    mask_parts = masks.parts(lowerer, op.mask, 32, layout)
    lows: list[SSAValue] = []
    highs: list[SSAValue] = []
    for x, y, m in zip(a.values, b.values, mask_parts, strict=True):
        made = lowerer.emit(VMullOp(retype(lowerer, x, a.dtype, prefix),
                                    retype(lowerer, y, a.dtype, prefix), m))  # fmt: skip
        lows.append(retype(lowerer, made.results[0], a.dtype, a.dtype.name[:-2] or "i"))
        highs.append(retype(lowerer, made.results[1], a.dtype, a.dtype.name[:-2] or "i"))
    define(lowerer, op.low, lows, layout)
    define(lowerer, op.high, highs, layout)


# ---- conversions ----------------------------------------------------------------------------


def convert(lowerer: Lowerer, op: cv.ConvertOp) -> None:
    source, result = vreg_type(op.source), vreg_type(op.result)
    src, dst = source.dtype, result.dtype
    rounding = "A" if op.rounding == "H" else op.rounding
    if dst == HIF8:  # vcvt to hif8 takes rnd A or H; VMI's default is A
        rounding = op.rounding or "A"
    if src.is_int and dst.is_int:
        _convert_ints(lowerer, op, src, dst)
        return
    change = width_change(op)
    form = ALL_FORMS.get((BF16 if src == BF16X2 else src, BF16 if dst == BF16X2 else dst))
    if form is None:
        raise lowerer.fail(f"{op.name} {source.element_type} -> {result.element_type}: no vcvt "
                           "form converts it (the micro-op table of vcvt.md)")  # fmt: skip
    takes_rnd, takes_sat = form
    rnd = (rounding or "R") if takes_rnd else None
    sat = ("SAT" if op.saturate else "NOSAT") if takes_sat else None
    full = lowerer.all_true(src.bits)
    out_type = VRegType(mlir_type(dst))
    if change == 0:
        layout = _layout(lowerer, op)
        values = [lowerer.emit(VCvtOp(v, full, out_type, rnd, sat)).results[0]
                  for v in lowerer.get(op.source, layout).values]  # fmt: skip
        define(lowerer, op.result, values, layout)
        return
    if change in (2, -2):
        _convert_packed4(lowerer, op, out_type, rnd, sat, change)
        return
    if change == 1:
        regs = lowerer.get(op.source, Layout.CONTIGUOUS)
        counts = part_counts(result.count, dst.bits, Layout.DEINTERLEAVED)
        even = [lowerer.emit(VCvtOp(v, full, out_type, rnd, sat, "EVEN")).results[0]
                for v in regs.values[: counts[0]]]  # fmt: skip
        odd = [lowerer.emit(VCvtOp(v, full, out_type, rnd, sat, "ODD")).results[0]
               for v in regs.values[: counts[1]]]  # fmt: skip
        define(lowerer, op.result, even + odd, Layout.DEINTERLEAVED)
        return
    regs = lowerer.get(op.source, Layout.DEINTERLEAVED)
    counts = part_counts(source.count, src.bits, Layout.DEINTERLEAVED)
    parts = [regs.values[: counts[0]], regs.values[counts[0] :]]
    out_full = lowerer.all_true(dst.bits)
    values: list[SSAValue] = []
    for j in range(register_count(result.count, dst.bits, Layout.CONTIGUOUS)):
        even = lowerer.emit(VCvtOp(parts[0][j], full, out_type, rnd, sat, "EVEN")).results[0]
        if j < len(parts[1]):
            odd = lowerer.emit(VCvtOp(parts[1][j], full, out_type, rnd, sat, "ODD")).results[0]
            even = lowerer.emit(VOrOp(_bits(lowerer, even, dst), _bits(lowerer, odd, dst),
                                      out_full)).results[0]  # fmt: skip
            even = _retype_to(lowerer, even, out_type)
        values.append(even)
    define(lowerer, op.result, values, Layout.CONTIGUOUS)


def _convert_packed4(
    lowerer: Lowerer,
    op: cv.ConvertOp,
    out_type: VRegType,
    rnd: str | None,
    sat: str | None,
    change: int,
) -> None:
    """32 <-> 8 bits: `vcvt` part Pk moves lanes 4i + k. Narrowing: four contiguous source
    registers, deinterleaved by 4 (two rounds of `vdintlv`), one `vcvt` Pk each, joined by
    `vor`; widening: the four parts of a source register, interleaved back (two rounds of
    `vintlv`) into four contiguous registers. A bf16x2 lane (two bf16) moves as a 32-bit lane
    and is converted as the two bf16 lanes `vcvt` packs into (or unpacks from) one FP4 byte."""
    source, result = vreg_type(op.source), vreg_type(op.result)
    src, dst = source.dtype, result.dtype
    word = VRegType(mlir_type(dtype_named("ui32")))
    bf16 = VRegType(mlir_type(dtype_named("bf16")))
    regs = lowerer.get(op.source, Layout.CONTIGUOUS).values
    full = lowerer.all_true(16 if src == BF16X2 else src.bits)
    parts = [f"P{k}" for k in range(4)]
    values: list[SSAValue] = []
    if change == -2:
        if src == BF16X2:
            regs = [_retype_to(lowerer, r, word) for r in regs]
        zero: list[SSAValue] = []
        out_full = lowerer.all_true(dst.bits)
        for j in range(register_count(result.count, dst.bits, Layout.CONTIGUOUS)):
            group = list(regs[4 * j : 4 * j + 4])
            while len(group) < 4:
                zero = zero or [lowerer.splat(0, dtype_named("ui32") if src == BF16X2 else src)]
                group.append(zero[0])
            even01, odd01 = lowerer.emit(VDintlvOp(group[0], group[1])).results
            even23, odd23 = lowerer.emit(VDintlvOp(group[2], group[3])).results
            q0, q2 = lowerer.emit(VDintlvOp(even01, even23)).results
            q1, q3 = lowerer.emit(VDintlvOp(odd01, odd23)).results
            joined: SSAValue | None = None
            for k, q in enumerate((q0, q1, q2, q3)):
                if src == BF16X2:
                    q = _retype_to(lowerer, q, bf16)
                made = lowerer.emit(VCvtOp(q, full, out_type, rnd, sat, parts[k])).results[0]
                made = _bits(lowerer, made, dst)
                if joined is not None:
                    made = lowerer.emit(VOrOp(joined, made, out_full)).results[0]
                joined = made
            assert joined is not None
            values.append(_retype_to(lowerer, joined, out_type))
    else:
        made_type = bf16 if dst == BF16X2 else out_type
        for reg in regs:
            p0, p1, p2, p3 = (
                _retype_to(
                    lowerer,
                    lowerer.emit(VCvtOp(reg, full, made_type, None, None, part)).results[0],
                    word if dst == BF16X2 else made_type,
                )
                for part in parts
            )
            even_low, even_high = lowerer.emit(VIntlvOp(p0, p2)).results
            odd_low, odd_high = lowerer.emit(VIntlvOp(p1, p3)).results
            values += lowerer.emit(VIntlvOp(even_low, odd_low)).results
            values += lowerer.emit(VIntlvOp(even_high, odd_high)).results
        values = [_retype_to(lowerer, v, out_type) for v in values]
        values = values[: register_count(result.count, dst.bits, Layout.CONTIGUOUS)]
    define(lowerer, op.result, values, Layout.CONTIGUOUS)


def _bits(lowerer: Lowerer, value: SSAValue, dtype: DType) -> SSAValue:
    """Float lanes as unsigned integers of their width (for `vor`)."""
    if dtype.is_int:
        return value
    return lowerer.emit(
        VBitcastOp(value, VRegType(mlir_type(dtype_named(f"ui{dtype.bits}"))))
    ).results[0]


def _retype_to(lowerer: Lowerer, value: SSAValue, type: VRegType) -> SSAValue:
    if value.type == type:
        return value
    return lowerer.emit(VBitcastOp(value, type)).results[0]


def _convert_ints(lowerer: Lowerer, op: cv.ConvertOp, src: DType, dst: DType) -> None:
    regs = lowerer.get(op.source, Layout.CONTIGUOUS)
    values = list(regs.values)
    result = vreg_type(op.result)
    if dst.bits > src.bits:
        signed = is_vmi_signed(vreg_type(op.source).element_type)
        if isinstance(op, cv.VmiExtsiOp | cv.VmiExtuiOp):
            signed = isinstance(op, cv.VmiExtsiOp)
        bits = src.bits
        while bits < dst.bits:
            wide = dtype_named(f"{'i' if signed else 'ui'}{2 * bits}")
            family = VSunpackOp if signed else VZunpackOp
            values = [retype(lowerer, v, dtype_named(f"ui{bits}"), "i" if signed else "ui")
                      for v in values]  # fmt: skip
            halves: list[SSAValue] = []
            for v in values:
                for part in (0, 1):
                    made = family(v, lowerer.const(part), VRegType(mlir_type(wide)))
                    halves.append(lowerer.emit(made).results[0])
            values, bits = halves, 2 * bits
        total = register_count(result.count, dst.bits, Layout.CONTIGUOUS)
        values = [retype(lowerer, v, dst, dst.name[: -len(str(dst.bits))]) for v in values[:total]]
        define(lowerer, op.result, values, Layout.CONTIGUOUS)
        return
    if op.saturate:
        values = _clamp(lowerer, values, src, dst)
    bits = src.bits
    while bits > dst.bits:
        narrow = VRegType(mlir_type(dtype_named(f"ui{bits // 2}")))
        packed: list[SSAValue] = []
        for j in range(0, len(values), 2):
            low = lowerer.emit(VPackOp(values[j], "LOWER", narrow)).results[0]
            if j + 1 < len(values):
                high = lowerer.emit(VPackOp(values[j + 1], "HIGHER", narrow)).results[0]
                full = lowerer.all_true(bits // 2)
                low = lowerer.emit(VOrOp(low, high, full)).results[0]
            packed.append(low)
        values, bits = packed, bits // 2
    values = [retype(lowerer, v, dst, dst.name[: -len(str(dst.bits))]) for v in values]
    define(lowerer, op.result, values, Layout.CONTIGUOUS)


def _clamp(lowerer: Lowerer, values: list[SSAValue], src: DType, dst: DType) -> list[SSAValue]:
    """SAT: the source lanes clamped to the destination's range (in the source type)."""
    low, high = dst.int_limits
    src_low, src_high = src.int_limits
    full = lowerer.all_true(src.bits)
    scalar_type = IntegerType(src.bits)

    def scalar(value: int) -> SSAValue:
        raw = value & ((1 << src.bits) - 1)
        return lowerer.const(raw - (1 << src.bits) * (raw >= 1 << (src.bits - 1)), scalar_type)

    out: list[SSAValue] = []
    for v in values:
        if high < src_high:
            v = lowerer.emit(VMinsOp(v, scalar(high), full)).results[0]
        if low > src_low:
            v = lowerer.emit(VMaxsOp(v, scalar(low), full)).results[0]
        out.append(v)
    return out


def cast_bits(lowerer: Lowerer, op: cv.CastOp) -> None:
    source, result = vreg_type(op.source), vreg_type(op.result)
    layout = lowerer.layouts.get(op.source, Layout.CONTIGUOUS)
    if source.bits != result.bits:
        layout = Layout.CONTIGUOUS
    target = VRegType(mlir_type(result.dtype))
    values = [_retype_to(lowerer, v, target) for v in lowerer.get(op.source, layout).values]
    define(lowerer, op.result, values, layout)


# ---- broadcasts, indices, permutations ---------------------------------------------------
