"""VMI masks as physical predicates, made when a consumer asks for them: `parts(mask,
bits, layout)` gives one `!pto.mask<b{bits}>` per register of a `bits`-wide value of the
mask's lanes in `layout`, memoised per (mask, bits, layout).

- `create_mask %n`, `pge`, `pset`, `plt`: `plt_b{bits}` of the lanes each register holds
  below n (contiguous register k: `n - k*N`; deinterleaved part p register j: the lanes i
  with `2(jN + i) + p < n`, `(n - p - 2jN + 1) >> 1` of them);
- `create_group_mask` and grouped patterns (power-of-two group size S): the logical lane
  index of every physical lane (`vci`, and `*2 + p` for a deinterleaved part), `& (S - 1)`,
  compared below n;
- mask algebra (`vand`/`vor`/`vxor`/`vnot` of masks, legacy `mask_*`): `pand`, `por`,
  `pxor`, `pnot` of the operands' parts;
- masks a compare or a carry produced: as that op made them (their data's granularity), in
  another layout by `pintlv` / `pdintlv` of part pairs, at another granularity by `ppack`
  (two parts into the halves of one) or `punpack` (a part's halves), one step at a time.
"""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, IntegerType, i32
from xdsl.ir import Operation, SSAValue

from passes.lower_vmi.builder import Layout, Lowerer, part_counts, register_count
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import dtype_named
from pto_dialect.ops import vmi_elementwise as ew
from pto_dialect.ops import vmi_predicate as pred
from pto_dialect.ops.vector_compare import VCmpsOp
from pto_dialect.ops.vector_predicate import (
    PDINTLV_OPS,
    PINTLV_OPS,
    PAndOp,
    PNotOp,
    POrOp,
    PPackOp,
    PUnpackOp,
    PXorOp,
)
from pto_dialect.ops.vector_scalar import VAddsOp, VAndsOp, VMulsOp
from pto_dialect.ops.vmi_types import VmiMaskType, lanes_per_register
from pto_dialect.vector_types import MaskType


def parts(lowerer: Lowerer, mask: SSAValue, bits: int, layout: Layout) -> list[SSAValue]:
    key = (mask, bits, layout)
    if key in lowerer.masks:
        return lowerer.masks[key]
    made, keep = _make(lowerer, mask, bits, layout)
    if keep:  # made at the producer: dominates every consumer
        lowerer.masks[key] = made
    return made


def _lanes(mask: SSAValue) -> int:
    type = mask.type
    assert isinstance(type, VmiMaskType)
    return type.count


def prefix_parts(
    lowerer: Lowerer, count: SSAValue, lanes: int, bits: int, layout: Layout
) -> list[SSAValue]:
    """The parts of a mask of the lanes below the i32 `count`."""
    width = lanes_per_register(bits)
    made: list[SSAValue] = []
    if layout is Layout.CONTIGUOUS:
        for k in range(register_count(lanes, bits, layout)):
            made.append(lowerer.prefix(lowerer.i32_add(count, -k * width), bits))
        return made
    for p, registers in enumerate(part_counts(lanes, bits, layout)):
        for j in range(registers):
            shifted = lowerer.i32_add(count, 1 - p - 2 * j * width)
            halved = lowerer.emit(arith.ShRSIOp(shifted, lowerer.const(1, i32))).results[0]
            made.append(lowerer.prefix(halved, bits))
    return made


def logical_index(lowerer: Lowerer, lanes: int, bits: int, layout: Layout) -> list[SSAValue]:
    """Per register, the logical lane each physical lane holds (modulo 2^bits)."""
    dtype = dtype_named(f"ui{bits}")
    width = lanes_per_register(bits)
    if layout is Layout.CONTIGUOUS:
        return [lowerer.lane_index(dtype, k * width % (1 << bits))
                for k in range(register_count(lanes, bits, layout))]  # fmt: skip
    made: list[SSAValue] = []
    full = lowerer.all_true(bits)
    for p, registers in enumerate(part_counts(lanes, bits, layout)):
        for j in range(registers):
            index = lowerer.lane_index(dtype, j * width % (1 << bits))
            two = lowerer.const(2, _int(bits))
            doubled = lowerer.emit(VMulsOp(index, two, full)).results[0]
            made.append(
                lowerer.emit(VAddsOp(doubled, lowerer.const(p, _int(bits)), full)).results[0]
            )
    return made


def _int(bits: int) -> IntegerType:
    return IntegerType(bits)


def group_parts(
    lowerer: Lowerer, count: SSAValue, size: int, lanes: int, bits: int, layout: Layout
) -> list[SSAValue]:
    """Lane i active iff `i % size < count` (`size` a power of two)."""
    if size & (size - 1):
        raise lowerer.fail(f"a group mask of group size {size} (not a power of two) has no "
                           "lowering")  # fmt: skip
    if size >= 1 << bits:
        return prefix_parts(lowerer, count, lanes, bits, layout)
    full = lowerer.all_true(bits)
    limit = (
        count
        if bits == 32
        else lowerer.emit(
            arith.IndexCastOp(
                lowerer.emit(arith.IndexCastOp(count, lowerer.const(0).type)).results[0], _int(bits)
            )
        ).results[0]
    )
    made: list[SSAValue] = []
    for index in logical_index(lowerer, lanes, bits, layout):
        within = lowerer.emit(VAndsOp(index, lowerer.const(size - 1, _int(bits)), full)).results[0]
        made.append(lowerer.emit(VCmpsOp(within, limit, full, CmpMode.LT)).results[0])
    return made


def _make(
    lowerer: Lowerer, mask: SSAValue, bits: int, layout: Layout
) -> tuple[list[SSAValue], bool]:
    """The parts, and whether they were made at the producer (else at the consumer)."""
    owner = mask.owner
    lanes = _lanes(mask)
    saved = lowerer.op
    try:
        if isinstance(owner, pred.CreateMaskOp):
            lowerer.op = owner
            count = _clamped(lowerer, owner.active_lanes, lanes)
            return prefix_parts(lowerer, count, lanes, bits, layout), True
        if isinstance(owner, pred.CreateGroupMaskOp):
            lowerer.op = owner
            count = _clamped(lowerer, owner.active_elems_per_group,
                             owner.attr_int("group_size") or 1)  # fmt: skip
            size = owner.attr_int("group_size") or 1
            return group_parts(lowerer, count, size, lanes, bits, layout), True
        if isinstance(owner, pred.PatternMaskOp):
            lowerer.op = owner
            group = owner.group or 1
            count = lowerer.const(min(owner.active(), lanes // group), i32)
            if group == 1:
                return prefix_parts(lowerer, count, lanes, bits, layout), True
            return group_parts(lowerer, count, lanes // group, lanes, bits, layout), True
        if isinstance(owner, pred.PltOp):
            lowerer.op = owner
            count = lowerer.smin(owner.scalar, lowerer.const(lanes, i32))
            return prefix_parts(lowerer, count, lanes, bits, layout), True
        if isinstance(owner, pred.ConstantMaskOp):
            lowerer.op = owner
            return constant_parts(lowerer, owner, lanes, bits, layout), True
        if isinstance(owner, pred.MaskMaterializeOp):
            return parts(lowerer, owner.source, bits, layout), True
        logic = _logic(owner)
        if logic is not None and isinstance(owner, Operation):
            lowerer.op = owner
            sources = [parts(lowerer, o, bits, layout) for o in owner.operands]
            if logic is PNotOp:
                full = lowerer.all_true(bits)
                negated: list[SSAValue] = [
                    lowerer.emit(PNotOp(m, full)).results[0] for m in sources[0]
                ]
                return negated, True
            full = lowerer.all_true(bits)
            made: list[SSAValue] = [lowerer.emit(logic(a, b, full)).results[0]
                    for a, b in zip(sources[0], sources[1], strict=True)]  # fmt: skip
            return made, True
        for (value, made_bits, made_layout), made in list(lowerer.masks.items()):
            if value is mask and made_bits == bits and made_layout is not layout:
                lowerer.op = saved
                return _relayout(lowerer, made, lanes, bits, layout), False
        for (value, made_bits, made_layout), made in list(lowerer.masks.items()):
            if value is mask and made_bits != bits:
                lowerer.op = saved
                if made_layout is not Layout.CONTIGUOUS:
                    made = _relayout(lowerer, made, lanes, made_bits, Layout.CONTIGUOUS)
                while made_bits != bits:
                    made, made_bits = _step(lowerer, made, lanes, made_bits, bits)
                if layout is not Layout.CONTIGUOUS:
                    made = _relayout(lowerer, made, lanes, bits, layout)
                return made, False
        raise lowerer.fail(
            f"mask {mask.name_hint or ''} ({mask.type}) is not available as b{bits} in "
            f"{layout.value} layout"
        )
    finally:
        lowerer.op = saved


def constant_parts(
    lowerer: Lowerer, op: pred.ConstantMaskOp, lanes: int, bits: int, layout: Layout
) -> list[SSAValue]:
    """A constant mask: per run [a, b) of active lanes, `a <= index < b` (`vcmps` of the
    logical lane index), the runs joined by `por`; no active lane: `pnot` of all."""
    value = op.attributes["value"]
    assert isinstance(value, DenseIntOrFPElementsAttr)
    runs: list[tuple[int, int]] = []
    for lane, on in enumerate(value.get_values()):  # pyright: ignore[reportUnknownVariableType, reportUnknownArgumentType]
        if on and runs and runs[-1][1] == lane:
            runs[-1] = (runs[-1][0], lane + 1)
        elif on:
            runs.append((lane, lane + 1))
    if lanes > 1 << bits:  # the lane index is modulo 2^bits
        raise lowerer.fail(f"a constant mask of {lanes} lanes has no b{bits} lowering here")
    full = lowerer.all_true(bits)
    made: list[SSAValue] = []
    for index in logical_index(lowerer, lanes, bits, layout):
        mask = lowerer.emit(PNotOp(full, full)).results[0]
        for a, b in runs:
            low = lowerer.emit(
                VCmpsOp(index, lowerer.const(a, _int(bits)), full, CmpMode.GE)
            ).results[0]
            high = (
                full
                if b >= 1 << bits
                else lowerer.emit(
                    VCmpsOp(index, lowerer.const(b, _int(bits)), full, CmpMode.LT)
                ).results[0]
            )
            run = lowerer.emit(PAndOp(low, high, full)).results[0]
            mask = lowerer.emit(POrOp(mask, run, full)).results[0]
        made.append(mask)
    return made


def _clamped(lowerer: Lowerer, count: SSAValue, limit: int) -> SSAValue:
    """The index `count` clamped to [0, limit], as i32."""
    low = lowerer.smin(count, lowerer.const(limit))
    high = lowerer.smax(low, lowerer.const(0))
    return lowerer.to_i32(high)


def _logic(owner: object) -> type | None:
    if isinstance(owner, pred.MaskAndOp | ew.VmiVandOp):
        return PAndOp
    if isinstance(owner, pred.MaskOrOp | ew.VmiVorOp):
        return POrOp
    if isinstance(owner, pred.MaskXorOp | ew.VmiVxorOp):
        return PXorOp
    if isinstance(owner, pred.MaskNotOp | ew.VmiVnotOp):
        return PNotOp
    return None


def _step(
    lowerer: Lowerer, made: list[SSAValue], lanes: int, bits: int, wanted: int
) -> tuple[list[SSAValue], int]:
    """Contiguous parts at the next granularity towards `wanted`: narrower, `ppack` of two
    parts into the LOWER and HIGHER half (`por`); wider, `punpack` of a part's halves."""
    if wanted < bits:
        narrow = bits // 2
        out: list[SSAValue] = []
        for j in range(register_count(lanes, narrow, Layout.CONTIGUOUS)):
            halves = [lowerer.emit(PPackOp(made[2 * j + h], ("LOWER", "HIGHER")[h],
                                           MaskType(narrow))).results[0]
                      for h in range(2) if 2 * j + h < len(made)]  # fmt: skip
            if len(halves) == 2:
                full = lowerer.all_true(narrow)
                halves = [lowerer.emit(POrOp(halves[0], halves[1], full)).results[0]]
            out.append(halves[0])
        return out, narrow
    wide = bits * 2
    out = [lowerer.emit(PUnpackOp(made[k // 2], ("LOWER", "HIGHER")[k % 2],
                                  MaskType(wide))).results[0]
           for k in range(register_count(lanes, wide, Layout.CONTIGUOUS))]  # fmt: skip
    return out, wide


def _relayout(
    lowerer: Lowerer, made: list[SSAValue], lanes: int, bits: int, layout: Layout
) -> list[SSAValue]:
    """Mask parts in the other layout, by `pdintlv` / `pintlv` of part pairs."""
    if layout is Layout.DEINTERLEAVED:
        counts = part_counts(lanes, bits, layout)
        even: list[SSAValue] = []
        odd: list[SSAValue] = []
        for j in range(max(counts)):
            a = made[2 * j] if 2 * j < len(made) else made[-1]
            b = made[2 * j + 1] if 2 * j + 1 < len(made) else made[-1]
            pair = lowerer.emit(PDINTLV_OPS[bits](a, b))
            even.append(pair.results[0])
            odd.append(pair.results[1])
        return even[: counts[0]] + odd[: counts[1]]
    counts = part_counts(lanes, bits, Layout.DEINTERLEAVED)
    out: list[SSAValue] = []
    for j in range(counts[0]):
        a = made[j]
        b = made[counts[0] + j] if j < counts[1] else a
        pair = lowerer.emit(PINTLV_OPS[bits](a, b))
        out += [pair.results[0], pair.results[1]]
    return out[: register_count(lanes, bits, Layout.CONTIGUOUS)]
