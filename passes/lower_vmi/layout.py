"""Layout assignment: the layout each VMI data value is lowered in.

One forward walk in program order. A value takes the layout its type spells, if any; else
the natural layout of its producer:

- a conversion that doubles the element width (f16/bf16 -> f32, f16/bf16 -> i32, i16 ->
  f32) gives `DEINTERLEAVED` (`vcvt` part EVEN of each source register holds the even
  lanes, ODD the odd ones: part 0 and part 1 of the result with no data movement); one that
  halves it gives `CONTIGUOUS` from a deinterleaved source (EVEN | ODD interleave back);
- a lane-wise op (category A: elementwise, vector-scalar, compare, select, fused) keeps the
  layout its data operands share (contiguous when they differ);
- every other producer (loads, reductions, broadcasts, index vectors, block arguments)
  gives `CONTIGUOUS`.

A consumer that needs another layout converts its operand at the use (`Lowerer.get`), so
a chain f16 -> f32 -> arithmetic -> f16 moves no lane, and a reduction or a store of a
deinterleaved value pays one `vintlv` per register pair. PTOAS's own pass
(VMILayoutAssignment) solves the same problem with more layouts (deinterleaved = 4, block
deinterleaved, group slots) and backward preferences; the two this pass realises are the
ones the A5 conversion micro-ops produce.
"""

from __future__ import annotations

from xdsl.ir import Block, Operation, SSAValue

from passes.lower_vmi.builder import Layout, layout_of_type
from pto_dialect.ops.vmi_common import VmiOp
from pto_dialect.ops.vmi_convert import ConvertOp
from pto_dialect.ops.vmi_elementwise import CompareOp, ElementwiseOp, SelectOp
from pto_dialect.ops.vmi_sfu import VmiVaxpyOp, VmiVexpdifOp, VmiVlreluOp, VmiVmulaOp, VmiVpreluOp
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType

LANE_WISE = (ElementwiseOp, CompareOp, SelectOp, VmiVexpdifOp, VmiVaxpyOp, VmiVlreluOp,
             VmiVpreluOp, VmiVmulaOp)  # fmt: skip
"""Category A: each lane of the result depends on the same lane of the operands only."""


def width_change(op: ConvertOp) -> int:
    """+1 when the conversion doubles the element width, -1 when it halves it, +2 / -2 when
    it quadruples / quarters it (32 <-> 8 bits), else 0."""
    source = op.source.type
    result = op.result.type
    assert isinstance(source, VmiVRegType) and isinstance(result, VmiVRegType)
    if result.bits == 2 * source.bits:
        return 1
    if 2 * result.bits == source.bits:
        return -1
    if result.bits == 4 * source.bits:
        return 2
    if 4 * result.bits == source.bits:
        return -2
    return 0


def natural(op: Operation, layouts: dict[SSAValue, Layout]) -> Layout:
    """The layout `op`'s results come out in."""
    data = [o for o in op.operands if isinstance(o.type, VmiVRegType)]
    if isinstance(op, ConvertOp) and not _packed(op):
        change = width_change(op)
        if change == 1:
            return Layout.DEINTERLEAVED
        if change in (-1, 2, -2):
            return Layout.CONTIGUOUS
        return layouts.get(op.source, Layout.CONTIGUOUS)
    if isinstance(op, LANE_WISE) and data:
        found = {layouts.get(o, Layout.CONTIGUOUS) for o in data}
        if len(found) == 1:
            return found.pop()
    return Layout.CONTIGUOUS


def _packed(op: ConvertOp) -> bool:
    """A conversion whose widths are not a lane-for-lane widening (the packed fp4 pairs)."""
    return False


def assign(block: Block, layouts: dict[SSAValue, Layout]) -> None:
    """Assigns a layout to every VMI data value defined in `block` (and nested blocks)."""
    for op in block.ops:
        if isinstance(op, VmiOp):
            layout = natural(op, layouts)
            for result in op.results:
                if isinstance(result.type, VmiVRegType | VmiMaskType):
                    layouts[result] = layout_of_type(result.type, op) or layout
        for region in op.regions:
            for inner in region.blocks:
                assign(inner, layouts)
