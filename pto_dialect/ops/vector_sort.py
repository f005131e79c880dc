"""The sort accelerator micro-ops (UB -> UB) and the merge-sort status query.

- `pto.vbitsort %dest, %src, %indices, %repeat : !pto.ptr<T, ub>, !pto.ptr<T, ub>,
  !pto.ptr<ui32, ub>, index` (VBS32): sorts `repeat` blocks of 32 (value, index) pairs;
- `pto.vmrgsort4 %dest, %src0, %src1, %src2, %src3, %count, %config : !pto.ptr<T, ub> x 5,
  i64, i64` (VMS4): merges up to 4 sorted lists of pairs;
- `pto.vsort32 %dest, %src, %config : !pto.ptr<T, ub>, !pto.ptr<T, ub>, i64`;
- `%l0, %l1, %l2, %l3 = pto.get_vms4_sr : i16, i16, i16, i16`: the VMS4_SR register.

Both spellings of the type list parse: PTOAS's `: T, ...` and the manual's `: (T, ...) -> ()`;
the PTOAS one is printed. The pair layout and order are in `interpreters.semantics.sort`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IndexType, i16, i64
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.base import (
    PtoOp,
    fail,
    parse_signature,
    print_operands_attrs_types,
    resolve,
    target_of,
)
from pto_dialect.ops.vector_common import PTR, VectorMemoryOp
from pto_dialect.records import (
    Completion,
    Cost,
    DTypes,
    NoCycles,
    PerRepeat,
    VectorCost,
    per_target_dtypes,
)

_PAGES = "vector/ops/sfu-and-dsa-ops/"

# tsort32.md / tmrgsort.md (VBS32 / VMS4 type dispatch): half and float values on A2/A3
# and A5; the CPU target follows A5.
SORT_DTYPES = per_target_dtypes("f16 f32", "f16 f32")

INDEX_BITS = 32
"""The companion indices are 32-bit (`uint32_t` in vbitsort's C++ form; PTOAS also i32)."""


class UbSortOp(VectorMemoryOp):
    """A sort accelerator op: UB pointers in, UB memory out, no SSA result.

    It shares the UB move family's operand-kind checks (`check_kinds`, `ub_pointer`); its
    data type is the value type `T` of its pointers."""

    DTYPES: ClassVar[DTypes | None] = SORT_DTYPES
    COST: ClassVar[Cost | None] = VectorCost(
        Completion.BINOP,
        PerRepeat.BINARY,
        26,
        estimate="no published cycle figure for the sort accelerator on A5 (vsort32.md): "
        "costed as a binary vector op per repeat",
    )
    POINTERS: ClassVar[tuple[str, ...]]
    """The pointer operands, in order."""
    VALUE_POINTERS: ClassVar[tuple[str, ...]]
    """The pointers whose element type is the value type `T`."""

    @classmethod
    def parse(cls, parser: Parser) -> UbSortOp:
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        types, results = parse_signature(parser)
        if results:
            parser.raise_error(f"{cls.name} has no results")
        op = cls.create(operands=resolve(parser, operands, types))
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        print_operands_attrs_types(printer, self)

    def value_type(self) -> PtrType:
        """The pointer giving the value type (the first typed one of `VALUE_POINTERS`)."""
        ptrs = [self.ub_pointer(getattr(self, name), name) for name in self.VALUE_POINTERS]
        typed = [p for p in ptrs if p.element is not None]
        return typed[0] if typed else ptrs[0]

    def verify_memory(self) -> None:
        for name in self.POINTERS:
            self.ub_pointer(getattr(self, name), name)
        values = [(n, getattr(self, n).type) for n in self.VALUE_POINTERS]
        typed = [(n, t.element) for n, t in values if isinstance(t, PtrType) and t.element]
        for name, element in typed:
            self.check_value_type(name, element)
        for name, element in typed[1:]:
            if element != typed[0][1]:
                raise fail(
                    f"{self.name} {name} element type {element} must equal the "
                    f"{typed[0][0]} element type {typed[0][1]}"
                )
        self.verify_sort()

    def check_value_type(self, role: str, element: DType) -> None:
        target = target_of(self)
        if element not in self.legal_dtypes(target):
            names = ", ".join(sorted(d.name for d in self.legal_dtypes(target)))
            raise fail(
                f"{self.name} {role} element type {element} is not supported on target "
                f"{target.name} (supported: {names})"
            )

    def verify_sort(self) -> None:
        """The op's own rules."""

    def check_integer(self, value: SSAValue, role: str, expected: Attribute) -> None:
        if value.type != expected:
            raise fail(f"{self.name} {role} must be {expected}, got {value.type}")


@irdl_op_definition
class VBitSortOp(UbSortOp):
    """VBS32: sorts `repeat` blocks of 32 values with their indices, descending."""

    name = "pto.vbitsort"

    MANUAL: ClassVar = _PAGES + "vbitsort.md"
    POINTERS: ClassVar = ("destination", "source", "indices")
    VALUE_POINTERS: ClassVar = ("source",)

    destination = operand_def(PTR)
    source = operand_def(PTR)
    indices = operand_def(PTR)
    repeat_times = operand_def()

    def __init__(
        self,
        destination: SSAValue | Operation,
        source: SSAValue | Operation,
        indices: SSAValue | Operation,
        repeat_times: SSAValue | Operation,
    ) -> None:
        super().__init__(operands=[destination, source, indices, repeat_times])

    def verify_sort(self) -> None:
        indices = self.ub_pointer(self.indices, "indices")
        if indices.element is not None and (
            not indices.element.is_int or indices.element.bits != INDEX_BITS
        ):
            raise fail(
                f"{self.name} indices element type {indices.element} must be a 32-bit integer "
                "(ui32 or i32)"
            )
        if not isinstance(self.repeat_times.type, IndexType):
            raise fail(f"{self.name} repeat_times must be index, got {self.repeat_times.type}")


@irdl_op_definition
class VMrgSort4Op(UbSortOp):
    """VMS4: merges up to four sorted lists of pairs; `%count` holds the four list lengths
    (16 bits each), `%config` the repeat count [7:0], list mask [11:8] and the exhausted
    flag [12] (pto-isa TMrgSort.hpp)."""

    name = "pto.vmrgsort4"

    MANUAL: ClassVar = _PAGES + "vmrgsort.md"
    POINTERS: ClassVar = ("destination", "source0", "source1", "source2", "source3")
    VALUE_POINTERS: ClassVar = POINTERS
    # vmrgsort.md A2/A3 throughput: per-repeat 2 (A2A3_RPT_2), completion 26
    # (A2A3_COMPL_FP32_EXP); nothing published for A5.
    COST: ClassVar[Cost | None] = VectorCost(
        Completion.BINOP,
        PerRepeat.BINARY,
        26,
        estimate="vmrgsort.md publishes the A2/A3 per-repeat figure (2) only; the A5 "
        "latency is taken as its A2/A3 completion latency (26)",
    )

    destination = operand_def(PTR)
    source0 = operand_def(PTR)
    source1 = operand_def(PTR)
    source2 = operand_def(PTR)
    source3 = operand_def(PTR)
    count = operand_def()
    config = operand_def()

    def __init__(self, destination: SSAValue, sources: list[SSAValue], count: SSAValue,
                 config: SSAValue) -> None:  # fmt: skip
        super().__init__(operands=[destination, *sources, count, config])

    def verify_sort(self) -> None:
        self.check_integer(self.count, "count", i64)
        self.check_integer(self.config, "config", i64)


@irdl_op_definition
class VSort32Op(UbSortOp):
    """Sorts 32 elements in UB; the config word's layout is not published (vsort32.md)."""

    name = "pto.vsort32"

    MANUAL: ClassVar = _PAGES + "vsort32.md"
    POINTERS: ClassVar = ("destination", "source")
    VALUE_POINTERS: ClassVar = POINTERS

    destination = operand_def(PTR)
    source = operand_def(PTR)
    config = operand_def()

    def __init__(self, destination: SSAValue, source: SSAValue, config: SSAValue) -> None:
        super().__init__(operands=[destination, source, config])

    def verify_sort(self) -> None:
        self.check_integer(self.config, "config", i64)


@irdl_op_definition
class GetVms4SrOp(PtoOp):
    """`%l0, %l1, %l2, %l3 = pto.get_vms4_sr : i16, i16, i16, i16`: the pairs each list of
    the last `vmrgsort4` (or `tmrgsort`) gave, from VMS4_SR."""

    name = "pto.get_vms4_sr"

    MANUAL: ClassVar = "scalar/ops/micro-instruction/vms4-status-query.md"
    COST: ClassVar = NoCycles("a status register read on the scalar unit: no cycles modelled")
    PIPE: ClassVar[Pipe] = Pipe.S

    list0 = result_def()
    list1 = result_def()
    list2 = result_def()
    list3 = result_def()

    assembly_format = (
        "attr-dict `:` type($list0) `,` type($list1) `,` type($list2) `,` type($list3)"
    )

    def __init__(self) -> None:
        super().__init__(result_types=[i16] * 4)

    def verify_(self) -> None:
        for index, result in enumerate(self.results):
            if result.type != i16:
                raise fail(f"{self.name} list{index} must be i16, got {result.type}")


OPS: list[type[IRDLOperation]] = [VBitSortOp, VMrgSort4Op, VSort32Op, GetVms4SrOp]
