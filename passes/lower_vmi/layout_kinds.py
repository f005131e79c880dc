"""Which VMI layouts `pto-lower-vmi` computes in, and which others it converts at the places
their registers are seen (`placed.py`); a plain check of the layout attribute."""

from __future__ import annotations

from pto_dialect.ops.vmi_types import LayoutKind, VmiLayoutAttr, lanes_per_register


def power_of_two(n: int) -> bool:
    return n >= 1 and n & (n - 1) == 0


def is_plain(attr: VmiLayoutAttr | None) -> bool:
    """Contiguous or `deinterleaved = 2` (the layouts the pass computes in)."""
    if attr is None:
        return True
    if attr.lane_stride.data != 1 or attr.slots.data != 0:
        return False
    kind = attr.layout_kind
    if kind in (LayoutKind.CONTIGUOUS, LayoutKind.NUM_GROUPS):
        return True
    return kind is LayoutKind.DEINTERLEAVED and attr.factor.data == 2


def why_not(attr: VmiLayoutAttr, bits: int, mask: bool = False) -> str | None:
    """None when `placed.py` converts values (masks: `mask`) of `bits`-bit lanes in `attr`;
    else the reason."""
    kind, stride, slots = attr.layout_kind, attr.lane_stride.data, attr.slots.data
    if kind is LayoutKind.BLOCK_DEINTERLEAVED:
        if mask or not power_of_two(attr.factor.data):
            return ("block_deinterleaved masks, or factors not a power of two, have no "
                    "lowering here")  # fmt: skip
        return None
    if kind is LayoutKind.DEINTERLEAVED:
        if not power_of_two(attr.factor.data) or stride != 1:
            return (
                "deinterleaved layouts with a lane stride or a factor not a power of two "
                "have no lowering here"
            )
        return None
    if mask:
        return (
            "masks in group-slot layouts, or of a lane stride with no carrier granularity, "
            "have no lowering here"
        )
    if slots:
        width = lanes_per_register(bits)
        if width % slots or not power_of_two(stride) or slots * stride > width:
            return (f"group slots of {slots} lanes with lane stride {stride} (a register holds "
                    f"{width}) have no lowering here")  # fmt: skip
        return None
    if not power_of_two(stride):
        return f"lane stride {stride} (not a power of two) has no lowering here"
    return None
