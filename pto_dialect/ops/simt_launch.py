"""SIMT launches and the SIMT entry's synchronisation and state (17-simt.md "Launch
Configuration", "SIMT Entry Synchronization and State Ops"; verifiers as PTOAS
lib/PTO/IR/VPTO.cpp and PTO.cpp).

- `pto.simt_launch @body<<<%dx, %dy, %dz>>>(%args) : (T...) -> ()`: runs `@body` (a
  `func.func` marked `pto.simt_entry`) once per workitem of the dx x dy x dz launch;
- `pto.store_vfsimt_info %dz, %dy, %dx : i32, i32, i32`: the launch dimensions for the
  SIMT entries a later `func.call` runs (note the z, y, x order);
- `pto.section.simt<<<32, 1, 1>>> { ... }`: SIMT code inline in a kernel, launched there;
- `pto.syncthreads`: a barrier of the launch's workitems; `pto.threadfence`,
  `pto.threadfence_block`: memory fences of one workitem;
- `pto.keep %v {slot = N : i64} : T` / `%v = pto.resume {slot = N : i64} : T`: one
  per-workitem value carried from one SIMT entry to the next (slots 0-122; 64-bit values
  take an even slot and the next).
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects.builtin import (
    FunctionType,
    IntegerAttr,
    IntegerType,
    SymbolRefAttr,
    i32,
)
from xdsl.dialects.func import FuncOp, ReturnOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    attr_def,
    irdl_op_definition,
    operand_def,
    prop_def,
    region_def,
    result_def,
    traits_def,
    var_operand_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import ConstantLike, NoTerminator, SymbolTable

from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import dtype_of
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.simt_common import (
    APPEAR_INSIDE,
    DEFAULT_MAX_THREADS,
    MAX_WORKITEMS,
    SIMT_ENTRY,
    SIMT_MAX_THREADS,
    SIMT_PAGE,
    SimtOp,
    SimtScopeOp,
    enclosing_function,
    is_simt_entry,
    require_simt_target,
)
from pto_dialect.records import CostFormula, Formula, NoCycles

LAUNCH_COST = Formula(
    CostFormula.SIMT,
    estimate=(
        "no SIMT figure is published: the A5 VF start-up and drain ([vf] isa_defaults.csv "
        "23 + 12) and one cycle per warp (32 lanes) per executed instruction"
    ),
)


def max_threads(func: FuncOp) -> int:
    """The entry's `pto.simt_max_threads` (1024 when absent)."""
    attr = func.attributes.get(SIMT_MAX_THREADS)
    return attr.value.data if isinstance(attr, IntegerAttr) else DEFAULT_MAX_THREADS


def verify_entry(func: FuncOp, what: str) -> None:
    """`pto.simt_max_threads`, when present: a positive i32 of at most 2048."""
    attr = func.attributes.get(SIMT_MAX_THREADS)
    if attr is None:
        return
    integer = cast("IntegerAttr[IntegerType]", attr) if isinstance(attr, IntegerAttr) else None
    if integer is None or integer.type != i32:
        raise fail(f"{what}: {SIMT_MAX_THREADS} of @{func.sym_name.data} must be an i32")
    value = integer.value.data
    if not 0 < value <= MAX_WORKITEMS:
        raise fail(
            f"{what}: {SIMT_MAX_THREADS} of @{func.sym_name.data} must be in [1, "
            f"{MAX_WORKITEMS}], got {value}"
        )


def _outside_entry(op: Operation) -> None:
    if is_simt_entry(enclosing_function(op)):
        raise fail(
            f"{op.name} must not appear inside a function marked with '{SIMT_ENTRY}'; launch "
            "the SIMT entry from an outer non-simt function"
        )


def _parse_dims(parser: Parser) -> list[object]:
    """`<<<a, b, c>>>`: three operands or integers."""
    for _ in range(3):
        parser.parse_punctuation("<")
    items: list[object] = []
    for i in range(3):
        if i:
            parser.parse_punctuation(",")
        number = parser.parse_optional_integer()
        items.append(number if number is not None else parser.parse_unresolved_operand())
    for _ in range(3):
        parser.parse_punctuation(">")
    return items


@irdl_op_definition
class SimtLaunchOp(PtoOp):
    """`pto.simt_launch @body<<<%dx, %dy, %dz>>>(%args) : (T...) -> ()`: the SIMT entry
    `@body` on every workitem of a dx x dy x dz launch, one VF on PIPE_V."""

    name = "pto.simt_launch"

    MANUAL: ClassVar = SIMT_PAGE
    COST: ClassVar = LAUNCH_COST
    PIPE: ClassVar[Pipe] = Pipe.V

    callee = prop_def(SymbolRefAttr)
    dim_x = operand_def()
    dim_y = operand_def()
    dim_z = operand_def()
    args = var_operand_def()

    def __init__(
        self, callee: str, dims: Sequence[SSAValue | Operation], args: Sequence[SSAValue]
    ) -> None:
        super().__init__(operands=[*dims, args], properties={"callee": SymbolRefAttr(callee)})

    @classmethod
    def syntax_lines(cls) -> list[str]:
        return [f"- `{cls.name} @body<<<%dx, %dy, %dz>>>(%args) : (T...) -> ()`"]

    @classmethod
    def parse(cls, parser: Parser) -> SimtLaunchOp:
        callee = parser.parse_symbol_name()
        dims = _parse_dims(parser)
        args = parser.parse_comma_separated_list(
            parser.Delimiter.PAREN, parser.parse_unresolved_operand
        )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        pos = parser.pos
        signature = parser.parse_type()
        if not isinstance(signature, FunctionType):
            parser.raise_error("expected the launch's operand types as a function type", pos)
        inputs = signature.inputs.data
        if len(inputs) != len(args):
            parser.raise_error(f"{cls.name} has {len(args)} operands but {len(inputs)} types", pos)
        dim_values: list[SSAValue] = []
        for dim in dims:
            if isinstance(dim, int):
                parser.raise_error(f"{cls.name} launch dimensions are i32 SSA values", pos)
            dim_values.append(parser.resolve_operand(dim, i32))  # pyright: ignore[reportArgumentType]
        operands = [parser.resolve_operand(a, t) for a, t in zip(args, inputs, strict=True)]
        op = cls(callee.data, dim_values, operands)
        op.attributes.update(attrs)
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" @{self.callee.string_value()}<<<")
        printer.print_list((self.dim_x, self.dim_y, self.dim_z), printer.print_operand)
        printer.print_string(">>>(")
        printer.print_list(self.args, printer.print_operand)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : (")
        printer.print_list([a.type for a in self.args], printer.print_attribute)
        printer.print_string(") -> ()")

    def entry(self) -> FuncOp | None:
        found = SymbolTable.lookup_symbol(self, self.callee)
        return found if isinstance(found, FuncOp) else None

    def verify_(self) -> None:
        require_simt_target(self)
        for role, value in (("dim_x", self.dim_x), ("dim_y", self.dim_y), ("dim_z", self.dim_z)):
            if value.type != i32:
                raise fail(f"{self.name} {role} must be i32, got {value.type}")
        _outside_entry(self)
        if self.parent_op() is None:
            return
        callee = self.callee.string_value()
        func = self.entry()
        if func is None:
            raise fail(f"{self.name} '{callee}' does not reference a valid function")
        if SIMT_ENTRY not in func.attributes:
            raise fail(f"{self.name} callee '{callee}' must be marked with '{SIMT_ENTRY}'")
        signature = func.function_type
        if signature.outputs.data:
            raise fail(f"{self.name} requires a callee with no results")
        inputs = signature.inputs.data
        if len(inputs) != len(self.args):
            raise fail(f"{self.name} incorrect number of operands for callee")
        for index, (expected, arg) in enumerate(zip(inputs, self.args, strict=True)):
            if expected != arg.type:
                raise fail(
                    f"{self.name} operand type mismatch: expected operand type {expected}, but "
                    f"provided {arg.type} for operand number {index}"
                )
        verify_entry(func, self.name)


@irdl_op_definition
class StoreVfSimtInfoOp(PtoOp):
    """`pto.store_vfsimt_info %dz, %dy, %dx : i32, i32, i32`: the launch dimensions of the
    SIMT entries the kernel calls next (`func.call @body(...)`)."""

    name = "pto.store_vfsimt_info"

    MANUAL: ClassVar = SIMT_PAGE
    COST: ClassVar = NoCycles("a launch register write: the launch carries the cycles")
    PIPE: ClassVar[Pipe] = Pipe.S

    dim_z = operand_def()
    dim_y = operand_def()
    dim_x = operand_def()

    assembly_format = (
        "$dim_z `,` $dim_y `,` $dim_x attr-dict `:` type($dim_z) `,` type($dim_y) `,` type($dim_x)"
    )

    def verify_(self) -> None:
        require_simt_target(self)
        for role, value in (("dim_z", self.dim_z), ("dim_y", self.dim_y), ("dim_x", self.dim_x)):
            if value.type != i32:
                raise fail(f"{self.name} {role} must be i32, got {value.type}")
        _outside_entry(self)


@irdl_op_definition
class SectionSimtOp(SimtScopeOp):
    """`pto.section.simt<<<dx, dy, dz>>> { ... }`: SIMT code inline in a kernel, run by
    every workitem of a launch of static dimensions where it stands."""

    name = "pto.section.simt"

    MANUAL: ClassVar = SIMT_PAGE
    COST: ClassVar = LAUNCH_COST
    PIPE: ClassVar[Pipe] = Pipe.V

    dim_x = prop_def(IntegerAttr)
    dim_y = prop_def(IntegerAttr)
    dim_z = prop_def(IntegerAttr)
    body = region_def("single_block")

    traits = traits_def(NoTerminator())

    def __init__(self, dims: Sequence[int], body: Region | None = None) -> None:
        props = {
            key: IntegerAttr(value, i32)
            for key, value in zip(("dim_x", "dim_y", "dim_z"), dims, strict=True)
        }
        super().__init__(regions=[body or Region(Block())], properties=props)

    @property
    def dims(self) -> tuple[int, int, int]:
        return (self.dim_x.value.data, self.dim_y.value.data, self.dim_z.value.data)

    @classmethod
    def syntax_lines(cls) -> list[str]:
        return [f"- `{cls.name}<<<dx, dy, dz>>> {{ ... }}` (integer literals)"]

    @classmethod
    def parse(cls, parser: Parser) -> SectionSimtOp:
        pos = parser.pos
        dims = _parse_dims(parser)
        if not all(isinstance(d, int) for d in dims):
            parser.raise_error(f"{cls.name} launch dimensions are integer literals", pos)
        body = parser.parse_region()
        if not body.blocks:
            body.add_block(Block())
        op = cls([int(d) for d in dims], body)  # pyright: ignore[reportArgumentType]
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("<<<{}, {}, {}>>> ".format(*self.dims))
        printer.print_region(self.body, print_entry_block_args=False, print_empty_block=False)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        require_simt_target(self)
        if self.parent_op() is not None and enclosing_function(self) is None:
            raise fail(f"{self.name} must be nested under a func.func")
        for key in ("dim_x", "dim_y", "dim_z"):
            attr: IntegerAttr = getattr(self, key)
            if attr.type != i32 or attr.value.data < 0:
                raise fail(f"{self.name} requires non-negative i32 launch dimensions")
        if is_simt_entry(enclosing_function(self)):
            raise fail(f"{self.name} must not appear inside a function marked with '{SIMT_ENTRY}'")
        if self.body.blocks and self.body.block.args:
            raise fail(f"{self.name} body takes no block arguments")
        for nested in self.body.walk():
            if isinstance(nested, SectionSimtOp) and nested is not self:
                raise fail(f"{self.name} nested pto.section.simt is not allowed")


# ---- synchronisation and state -----------------------------------------------------------


class SimtSyncOp(SimtOp):
    """`NAME`: no operands; only in SIMT code."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    SCOPED: ClassVar[str | None] = APPEAR_INSIDE

    assembly_format = "attr-dict"


@irdl_op_definition
class SyncthreadsOp(SimtSyncOp):
    """A barrier: every workitem of the launch reaches it before any goes on; memory effects
    before it are ordered before those after."""

    name = "pto.syncthreads"


@irdl_op_definition
class ThreadfenceOp(SimtSyncOp):
    """A memory fence of the workitem's own effects (it makes no workitem wait)."""

    name = "pto.threadfence"


@irdl_op_definition
class ThreadfenceBlockOp(SimtSyncOp):
    """A block-scoped memory fence of the workitem's own effects."""

    name = "pto.threadfence_block"


SLOTS = 123
"""Keep/resume slots 0-122 (PTOAS PTO.cpp `kSimtKeepResumeSlotLimit`)."""


def slot_words(attr: Attribute) -> int | None:
    """32-bit slots a kept value takes (2 for a 64-bit integer), None for an unsupported
    type: integers up to 64 bits, f16, bf16, f32."""
    if isinstance(attr, IntegerType):
        width = attr.bitwidth
        return None if width > 64 else 2 if width > 32 else 1
    dtype = dtype_of(attr)
    return 1 if dtype is not None and dtype.name in ("f16", "bf16", "f32") else None


class SlotOp(SimtOp):
    """`pto.keep` / `pto.resume`: a value in slot `slot` carried between SIMT entries."""

    SCOPED: ClassVar[str | None] = APPEAR_INSIDE
    WHAT: ClassVar[str]

    slot = attr_def(IntegerAttr)

    @property
    @abstractmethod
    def value_type(self) -> Attribute: ...

    @property
    def index(self) -> int:
        return self.slot.value.data

    def slots(self) -> range:
        """The 32-bit slots the value takes."""
        return range(self.index, self.index + (slot_words(self.value_type) or 1))

    def verify_simt(self) -> None:
        slot = self.index
        if not 0 <= slot < SLOTS:
            raise fail(f"{self.name} requires slot in range [0, {SLOTS - 1}]")
        words = slot_words(self.value_type)
        if words is None:
            raise fail(
                f"{self.name} supports integer scalar {self.WHAT} up to 64 bits and "
                f"f16/bf16/f32 {self.WHAT}"
            )
        if words == 2:
            if slot % 2:
                raise fail(f"{self.name} requires an even slot for 64-bit keep/resume values")
            if slot + 1 >= SLOTS:
                raise fail(
                    f"{self.name} requires slot in range [0, {SLOTS - 2}] for 64-bit "
                    "keep/resume values"
                )
        group = self.group()
        if group is None:
            raise fail(f"{self.name} {self.PLACEMENT}")
        used: set[int] = set()
        for member in group:
            if member is self:
                if used & set(self.slots()):
                    raise fail(f"{self.name} slot {slot} overlaps another slot of its group")
                return
            used |= set(member.slots())

    PLACEMENT: ClassVar[str]

    @abstractmethod
    def group(self) -> list[SlotOp] | None:
        """The contiguous group of its kind that holds this op where the rule places it."""


@irdl_op_definition
class KeepOp(SlotOp):
    """`pto.keep %v {slot = N : i64} : T`: `v` saved for this workitem in slot N (in the
    keep group before the end of the entry; only `pto.syncthreads` may follow it)."""

    name = "pto.keep"
    WHAT: ClassVar[str] = "payloads"
    PLACEMENT: ClassVar[str] = (
        "must be in the contiguous SIMT keep epilogue group immediately before optional "
        "'pto.syncthreads' and func.return or the end of pto.section.simt"
    )

    payload = operand_def()

    assembly_format = "$payload attr-dict `:` type($payload)"

    @property
    def value_type(self) -> Attribute:
        return self.payload.type

    def group(self) -> list[SlotOp] | None:
        block = self.parent_block()
        if block is None:
            return [self]
        last = block.last_op
        if isinstance(last, ReturnOp):
            last = last.prev_op
        while isinstance(last, SyncthreadsOp):
            last = last.prev_op
        members: list[SlotOp] = []
        while isinstance(last, KeepOp):
            members.insert(0, last)
            last = last.prev_op
        return members if self in members else None


def _constant_like(op: Operation) -> bool:
    return op.has_trait(ConstantLike)


@irdl_op_definition
class ResumeOp(SlotOp):
    """`%v = pto.resume {slot = N : i64} : T`: the value this workitem kept in slot N (in
    the resume group that opens the entry, after its constants)."""

    name = "pto.resume"
    WHAT: ClassVar[str] = "results"
    PLACEMENT: ClassVar[str] = (
        "must be in the contiguous SIMT resume prologue group after constant-like operations"
    )

    result = result_def()

    assembly_format = "attr-dict `:` type($result)"

    @property
    def value_type(self) -> Attribute:
        return self.result.type

    def group(self) -> list[SlotOp] | None:
        block = self.parent_block()
        if block is None:
            return [self]
        first = block.first_op
        while first is not None and _constant_like(first):
            first = first.next_op
        members: list[SlotOp] = []
        while isinstance(first, ResumeOp):
            members.append(first)
            first = first.next_op
        return members if self in members else None


OPS: list[type[IRDLOperation]] = [
    SimtLaunchOp,
    StoreVfSimtInfoOp,
    SectionSimtOp,
    SyncthreadsOp,
    ThreadfenceOp,
    ThreadfenceBlockOp,
    KeepOp,
    ResumeOp,
]
