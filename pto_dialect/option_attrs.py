"""Option attributes PTOAS kernels put on ops: store phases, atomic modes, fence scopes,
precision modes of the math ops, gather/scatter policies, ...

Each is an enum spelled as PTOAS spells it, in either form: `#pto.atomic_type<atomic_add>`
(printed) and `#pto<atomic_type atomic_add>`; the values match ignoring case. The values
are the cases of PTOAS `include/PTO/IR/PTOAttrs.td` (tonibohnlein/PTOAS, 2026-08-21).
What an option changes in an op's result is said where the op reads it
(`docs/semantics.md`, "Option attributes").
"""

from __future__ import annotations

from types import new_class
from typing import cast

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute
from xdsl.irdl import irdl_attr_definition
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import EitherSpellingEnum


class OptionEnum(EitherSpellingEnum):
    """`#pto.name<value>` or `#pto<name value>`, value matched ignoring case; printed as
    `#pto.name<value>` in PTOAS's (lower-case) spelling."""

    @classmethod
    def matches(cls, value: str, word: str) -> bool:
        return value.lower() == word.lower()

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            printer.print_string(str(self.data))


def option_value(attr: Attribute | None) -> str | None:
    """The value of an option attribute (None when `attr` is absent or no option)."""
    if isinstance(attr, OptionEnum):
        return str(cast(object, attr.data))
    return None


def _option(class_name: str, name: str, values: str, doc: str) -> type[Attribute]:
    enum = cast(
        type[StrEnum], StrEnum(class_name + "Value", {v.upper(): v for v in values.split()})
    )
    namespace: dict[str, object] = {"__module__": __name__, "__doc__": doc, "name": name}
    bases = (OptionEnum, EnumAttribute[enum])  # pyright: ignore[reportInvalidTypeArguments]
    cls = new_class(class_name, bases, exec_body=lambda ns: ns.update(namespace))
    return irdl_attr_definition(cls)


AtomicTypeAttr = _option(
    "AtomicTypeAttr", "pto.atomic_type", "atomic_none atomic_add",
    "`tstore`'s GM write: plain, or added to what GM holds (`atomicType`).",
)  # fmt: skip
FenceScopeAttr = _option(
    "FenceScopeAttr", "pto.fence_scope", "local_memory gm all",
    "The memories a `fence.barrier_all` makes visible.",
)  # fmt: skip
StPhaseAttr = _option(
    "StPhaseAttr", "pto.st_phase", "unspecified partial final",
    "Whether a `tstore` writes a partial or the final result (a scheduling hint).",
)  # fmt: skip
AccPhaseAttr = _option(
    "AccPhaseAttr", "pto.acc_phase", "unspecified partial final",
    "Whether an accumulator is partial or final (a scheduling hint).",
)  # fmt: skip
ReluPreModeAttr = _option(
    "ReluPreModeAttr", "pto.relu_pre_mode", "no_relu normal_relu scalar_relu vector_relu pwl",
    "The ReLU an accumulator store applies (fixpipe).",
)  # fmt: skip
AccToVecModeAttr = _option(
    "AccToVecModeAttr", "pto.acc_to_vec_mode",
    "single_mode_vec0 single_mode_vec1 dual_mode_split_m dual_mode_split_n",
    "Which vector core(s) an accumulator tile moved to UB goes to.",
)  # fmt: skip
CompactModeAttr = _option(
    "CompactModeAttr", "pto.compact_mode", "null normal row_plus_one",
    "The row pitch of a tile buffer (`row_plus_one`: one element more per row).",
)  # fmt: skip
TInsertModeAttr = _option(
    "TInsertModeAttr", "pto.tinsert_mode", "split2 split4",
    "How `tinsert` splits an accumulator tile into UB.",
)  # fmt: skip
VecStoreModeAttr = _option(
    "VecStoreModeAttr", "pto.vec_store_mode", "nd nz",
    "The layout a vector tile is stored to L1 in.",
)  # fmt: skip
QuantScaleAlgAttr = _option(
    "QuantScaleAlgAttr", "pto.quant_scale_alg", "ocp nv",
    "How `tquant.mx` picks a group's exponent: OCP MX or NVIDIA's rounded-up descale.",
)  # fmt: skip
MxGroupAxisAttr = _option(
    "MxGroupAxisAttr", "pto.mx_group_axis", "axis0 axis1",
    "The axis along which `tquant.mx` groups 32 values (axis1: along a row).",
)  # fmt: skip
PrintFormatAttr = _option(
    "PrintFormatAttr", "pto.print_format",
    "width8_precision4 width8_precision2 width10_precision6",
    "The field width and precision `tprint` prints floats with.",
)  # fmt: skip
FuncCoreTypeAttr = _option(
    "FuncCoreTypeAttr", "pto.func_core_type", "AIC AIV MIX AIC_OR_AIV",
    "Which cores a function runs on.",
)  # fmt: skip
GatherOobAttr = _option(
    "GatherOobAttr", "pto.gather_oob", "undefined clamp wrap zero",
    "What `mgather` reads for an index past the table.",
)  # fmt: skip
CoalesceAttr = _option(
    "CoalesceAttr", "pto.coalesce", "row elem",
    "Whether `mgather`/`mscatter` indices address rows or elements.",
)  # fmt: skip
ScatterAtomicOpAttr = _option(
    "ScatterAtomicOpAttr", "pto.scatter_atomic_op", "none add max min",
    "How `mscatter` combines a value with what GM holds.",
)  # fmt: skip
ScatterOobAttr = _option(
    "ScatterOobAttr", "pto.scatter_oob", "undefined skip clamp wrap",
    "What `mscatter` does with an index past the table.",
)  # fmt: skip
ScatterConflictAttr = _option(
    "ScatterConflictAttr", "pto.scatter_conflict", "default last",
    "Which of several `mscatter` values to one place wins.",
)  # fmt: skip
NotifyOpAttr = _option(
    "NotifyOpAttr", "pto.notify_op", "atomic_add set",
    "How `comm.tnotify` changes the signal: adds its value, or stores it.",
)  # fmt: skip
WaitCmpAttr = _option(
    "WaitCmpAttr", "pto.wait_cmp", "eq ne gt ge lt le",
    "The comparison `comm.twait` / `comm.ttest` make of each signal with the value.",
)  # fmt: skip
ReduceOpAttr = _option(
    "ReduceOpAttr", "pto.reduce_op", "sum max min",
    "How `comm.treduce` combines the group members' data.",
)  # fmt: skip

_PRECISION_DOC = (
    "`high_precision` asks the hardware's slower exact sequence; the interpreter computes the "
    "correctly rounded result in both modes (docs/semantics.md)."
)
PRECISIONS: dict[str, type[Attribute]] = {
    kind: _option(
        f"{kind.capitalize()}PrecisionAttr",
        f"pto.{kind}_precision",
        "default high_precision",
        f"Precision mode of `t{kind}`: {_PRECISION_DOC}",
    )
    for kind in ("exp", "log", "sqrt", "rsqrt", "recip", "rem", "fmod", "pow")
}

OPTION_ATTRIBUTES: list[type[Attribute]] = [
    AtomicTypeAttr,
    FenceScopeAttr,
    StPhaseAttr,
    AccPhaseAttr,
    ReluPreModeAttr,
    AccToVecModeAttr,
    CompactModeAttr,
    TInsertModeAttr,
    VecStoreModeAttr,
    QuantScaleAlgAttr,
    MxGroupAxisAttr,
    PrintFormatAttr,
    FuncCoreTypeAttr,
    GatherOobAttr,
    CoalesceAttr,
    ScatterAtomicOpAttr,
    ScatterOobAttr,
    ScatterConflictAttr,
    NotifyOpAttr,
    WaitCmpAttr,
    ReduceOpAttr,
    *PRECISIONS.values(),
]
