"""VMI reductions (PTOAS docs/isa/vmi-isa/05-reduce.md).

- `%r = pto.vmi.vcadd %src, %mask {group = C, reassoc} : V<LxT>, M -> V<CxT>` (vcmax,
  vcmin without `reassoc`): C groups of L/C lanes, one result lane each; no `group`: one
  lane (`V<1xT>`). Inactive lanes take no part (sums: +0; extrema: the type's bottom or
  top). Float sums require `reassoc`.
- The legacy forms: `reduce_addf`/`addi`/`maxf`/`minf`/`maxi`/`mini` (one lane) and
  `group_reduce_*` with `{num_groups = C}`.

The summation order of float sums is the order `pto-lower-vmi` computes in
(`interpreters/semantics/vmi_reduce.py`, docs/semantics.md).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.irdl import IRDLOperation, operand_def, result_def

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.vector_reduce import VCaddOp, VCmaxOp, VCminOp
from pto_dialect.ops.vmi_common import INTS, SPEC, VmiOp, mask_type, vmi_dtypes, vreg_type
from pto_dialect.ops.vmi_types import LayoutKind, VmiMaskType, VmiVRegType, is_vmi_float
from pto_dialect.records import AsVectorOp, Cost

PAGE = SPEC + "05-reduce.md"


class ReduceOp(VmiOp):
    """`%r = pto.vmi.OP %source, %mask [{group = C}] : V<LxT>, M -> V<CxT>`."""

    MANUAL: ClassVar = PAGE
    SYNTAX: ClassVar = "source, mask"
    KIND: ClassVar[str] = "add"
    """`add`, `max` or `min`."""
    GROUP_ATTR: ClassVar[str | None] = "group"
    """The attribute that holds the group count (None: a full reduction, one lane)."""
    NEEDS_REASSOC: ClassVar[bool] = False
    DTYPES: ClassVar = vmi_dtypes("i8 i16 i32 f16 f32")
    ELEMENTS: ClassVar = "integer-like or floating-point-like"

    source = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    @property
    def groups(self) -> int:
        """The number of groups (result lanes)."""
        if self.GROUP_ATTR is None:
            return 1
        return self.attr_int(self.GROUP_ATTR) or 1

    def verify_vmi(self) -> None:
        source, result = vreg_type(self.source), vreg_type(self.result)
        self.check_element(source.element_type, "source")
        reassoc = self.has_unit("reassoc")
        if self.NEEDS_REASSOC and is_vmi_float(source.element_type) and not reassoc:
            raise fail(f"{self.name} floating add-reduction requires reassoc attr")
        self.mask_matches(mask_type(self.mask), source)
        groups = self.groups
        grouped = self.GROUP_ATTR is not None and self.GROUP_ATTR in self.attributes
        if grouped and (groups <= 0 or source.count % groups):
            raise fail(
                f"{self.name} group count {groups} must divide source lane count {source.count}"
            )
        if result.count != groups:
            if self.GROUP_ATTR is None or self.GROUP_ATTR not in self.attributes:
                raise fail(
                    f"{self.name} full reduction (no group) requires 1-lane result, got "
                    f"{result.count}"
                )
            raise fail(f"{self.name} result lane count must equal group count {groups}, got "
                       f"{result.count}")  # fmt: skip
        if source.element_type != result.element_type:
            raise fail(f"{self.name} source and result element types must match")
        layout = result.layout_attr
        if (
            layout is not None
            and groups > 1
            and (layout.layout_kind is not LayoutKind.NUM_GROUPS or layout.factor.data != groups)
        ):
            raise fail(
                f"{self.name} layout-assigned result must use #pto.vmi.layout<num_groups = "
                f"{groups}>"
            )
        self.check_pmode()


def _reduce(class_name: str, mnemonic: str, kind: str, micro: type[IRDLOperation], doc: str,
            **extra: object) -> type[ReduceOp]:  # fmt: skip
    return define_op(ReduceOp, class_name, f"pto.vmi.{mnemonic}", doc, KIND=kind,
                     COST=AsVectorOp(micro), **extra)  # fmt: skip


_SUM = "The sum of each group's active lanes (float: `reassoc` required)."
_MAX = "The largest active lane of each group."
_MIN = "The smallest active lane of each group."
VmiVcaddOp = _reduce("VmiVcaddOp", "vcadd", "add", VCaddOp, _SUM, NEEDS_REASSOC=True)
VmiVcmaxOp = _reduce("VmiVcmaxOp", "vcmax", "max", VCmaxOp, _MAX)
VmiVcminOp = _reduce("VmiVcminOp", "vcmin", "min", VCminOp, _MIN)

_F = ("f16 f32", "f16 or f32 source")
_I = (INTS, "8-bit, 16-bit, or 32-bit integer source")
_LEGACY: list[tuple[str, str, type[IRDLOperation], tuple[str, str], bool]] = [
    ("addf", "add", VCaddOp, _F, True),
    ("addi", "add", VCaddOp, _I, False),
    ("maxf", "max", VCmaxOp, _F, False),
    ("minf", "min", VCminOp, _F, False),
    ("maxi", "max", VCmaxOp, _I, False),
    ("mini", "min", VCminOp, _I, False),
]


def _legacy(prefix: str, group: str | None) -> list[type[ReduceOp]]:
    ops: list[type[ReduceOp]] = []
    for suffix, kind, micro, (types, words), reassoc in _LEGACY:
        mnemonic = f"{prefix}_{suffix}"
        class_name = "Vmi" + "".join(w.capitalize() for w in mnemonic.split("_")) + "Op"
        doc = {"add": _SUM, "max": _MAX, "min": _MIN}[kind].replace("each group's", "the")
        ops.append(_reduce(class_name, mnemonic, kind, micro, f"Legacy: {doc}",
                           GROUP_ATTR=group, NEEDS_REASSOC=reassoc,
                           DTYPES=vmi_dtypes(types), ELEMENTS=words))  # fmt: skip
    return ops


LEGACY_REDUCE_OPS = _legacy("reduce", None)
LEGACY_GROUP_REDUCE_OPS = _legacy("group_reduce", "num_groups")

OPS: list[type[IRDLOperation]] = [
    VmiVcaddOp,
    VmiVcmaxOp,
    VmiVcminOp,
    *LEGACY_REDUCE_OPS,
    *LEGACY_GROUP_REDUCE_OPS,
]

COST_OF: dict[type[IRDLOperation], Cost] = {}
