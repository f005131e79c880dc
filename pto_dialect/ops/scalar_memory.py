"""Scalar memory ops of the scalar unit: one element through a pointer, cache and fence
maintenance, and local scalar arrays.

- `%v = pto.load_scalar %p[%i] : !pto.ptr<T, space> -> T` and
  `pto.store_scalar %v, %p[%i] : !pto.ptr<T, space>, T`: element `%i` of `%p` (manual:
  scalar/ops/micro-instruction/pointer-operations.md; PTOAS PTOOps.td, pipe S);
- `pto.cmo.cacheinvalid all #pto.address_space<gm>` and
  `pto.cmo.cacheinvalid %addr single_cache_line : TYPE`: drop the data cache (whole, or the
  line of `%addr`) so later scalar reads see what other cores wrote to GM;
- `pto.fence.barrier_all #pto.fence_scope<gm>`: every pipe drains, then the scope's
  memories are visible (PTOAS: `PIPE_ALL` then `dsb(DSB_DDR)`);
- `%a = pto.declare_local_array -> !pto.local_array<2x8xi32>`,
  `%v = pto.local_array_get %a[%i, %j] : !pto.local_array<...> -> i32`,
  `pto.local_array_set %a[%i, %j], %v : !pto.local_array<...>, i32`: a small array of
  scalars in the scalar unit's stack (PTOAS PTOOps.td `declare_local_array`);
- `%e = pto.declare_eventid_array -> !pto.eventid_array<4>`, `pto.eventid_array_get %e[%i]`,
  `pto.eventid_array_set %e[%i], %v`: the same for the index event ids of `set_flag_dyn`.

The data cache is not modelled (a scalar read sees GM as it is), so `cmo.cacheinvalid` only
orders; the fence is a barrier on every pipe.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Sequence
from math import prod
from typing import ClassVar

from xdsl.dialects.builtin import ArrayAttr, IndexType, IntAttr, StringAttr
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import AttrParser, Parser
from xdsl.printer import Printer
from xdsl.utils.exceptions import VerifyException

from pto_dialect.attrs import Location, LocationAttr, Pipe
from pto_dialect.dtypes import dtype_of
from pto_dialect.memory_types import MemorySpace, PartitionTensorViewType, PtrType, TensorViewType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.option_attrs import FenceScopeAttr
from pto_dialect.records import NoCycles

_POINTER_PAGE = "scalar/ops/micro-instruction/pointer-operations.md"
_PTOAS_MANUAL = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/PTO_IR_manual.md"
_SCALAR_COST = NoCycles("one scalar access on the scalar unit: no cycles modelled")


class ScalarAccessOp(PtoOp):
    """`load_scalar` / `store_scalar`: element `offset` of a typed pointer, on pipe S."""

    PIPE: ClassVar[Pipe] = Pipe.S
    MANUAL: ClassVar = _POINTER_PAGE
    COST: ClassVar = _SCALAR_COST

    @abstractmethod
    def scalar_type(self) -> Attribute: ...

    def verify_(self) -> None:
        ptr = self.operands[0].type  # (ptr, offset[, value])
        assert isinstance(ptr, PtrType)
        if not ptr.is_typed:
            raise fail(f"{self.name} needs a typed pointer such as !pto.ptr<f32>")
        role = "result" if isinstance(self, LoadScalarOp) else "value"
        if self.scalar_type() != ptr.pointee:
            raise fail(
                f"{self.name} {role} type {self.scalar_type()} must equal the pointer's "
                f"element type {ptr.pointee}"
            )


@irdl_op_definition
class LoadScalarOp(ScalarAccessOp):
    """`%v = pto.load_scalar %p[%i] : !pto.ptr<T, space> -> T`: `%v = p[i]`."""

    name = "pto.load_scalar"

    ptr = operand_def(PtrType)
    offset = operand_def(IndexType)
    value = result_def()

    assembly_format = "$ptr `[` $offset `]` attr-dict `:` type($ptr) `->` type($value)"

    def __init__(self, ptr: SSAValue | Operation, offset: SSAValue | Operation) -> None:
        ptype = SSAValue.get(ptr).type
        assert isinstance(ptype, PtrType)
        super().__init__(operands=[ptr, offset], result_types=[ptype.pointee])

    def scalar_type(self) -> Attribute:
        return self.value.type


@irdl_op_definition
class StoreScalarOp(ScalarAccessOp):
    """`pto.store_scalar %v, %p[%i] : !pto.ptr<T, space>, T`: `p[i] = v`."""

    name = "pto.store_scalar"

    ptr = operand_def(PtrType)
    offset = operand_def(IndexType)
    value = operand_def()

    assembly_format = "$value `,` $ptr `[` $offset `]` attr-dict `:` type($ptr) `,` type($value)"

    def __init__(
        self, value: SSAValue | Operation, ptr: SSAValue | Operation, offset: SSAValue | Operation
    ) -> None:
        super().__init__(operands=[ptr, offset, value])

    def scalar_type(self) -> Attribute:
        return self.value.type


@irdl_op_definition
class LdDevOp(ScalarAccessOp):
    """`%v = pto.ld_dev %p[%i] : !pto.ptr<T, gm> -> T`: `load_scalar` of GM bypassing the
    core's data cache (PTOAS VPTOOps.td; the cache is not modelled: the same read)."""

    name = "pto.ld_dev"

    MANUAL: ClassVar = _PTOAS_MANUAL

    ptr = operand_def(PtrType)
    offset = operand_def(IndexType)
    value = result_def()

    assembly_format = "$ptr `[` $offset `]` attr-dict `:` type($ptr) `->` type($value)"

    def scalar_type(self) -> Attribute:
        return self.value.type


@irdl_op_definition
class StDevOp(ScalarAccessOp):
    """`pto.st_dev %v, %p[%i] : !pto.ptr<T, gm>, T`: `store_scalar` to GM bypassing the
    core's data cache."""

    name = "pto.st_dev"

    MANUAL: ClassVar = _PTOAS_MANUAL

    ptr = operand_def(PtrType)
    offset = operand_def(IndexType)
    value = operand_def()

    assembly_format = "$value `,` $ptr `[` $offset `]` attr-dict `:` type($ptr) `,` type($value)"

    def scalar_type(self) -> Attribute:
        return self.value.type


@irdl_op_definition
class CmoCacheInvalidOp(PtoOp):
    """`pto.cmo.cacheinvalid all #pto.address_space<gm>` (the whole data cache) or
    `pto.cmo.cacheinvalid %addr single_cache_line : T` (the line holding `%addr`, a GM
    pointer or view)."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    name = "pto.cmo.cacheinvalid"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = NoCycles("cache maintenance; the data cache is not modelled")
    PIPE: ClassVar[Pipe] = Pipe.S

    addr = opt_operand_def()
    space = prop_def(LocationAttr)

    def __init__(self, addr: SSAValue | Operation | None = None) -> None:
        super().__init__(
            operands=[[] if addr is None else [addr]],
            properties={"space": LocationAttr(Location.GM)},
        )

    @classmethod
    def parse(cls, parser: Parser) -> CmoCacheInvalidOp:
        if parser.parse_optional_keyword("all") is not None:
            pos = parser.pos
            space = parser.parse_attribute()
            if not isinstance(space, LocationAttr):
                parser.raise_error("expected an address space such as #pto.address_space<gm>", pos)
            op = cls()
            op.space = space
        else:
            addr = parser.parse_unresolved_operand()
            parser.parse_keyword("single_cache_line")
            parser.parse_punctuation(":")
            op = cls(parser.resolve_operand(addr, parser.parse_type()))
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        if self.addr is not None:
            printer.print_string(" ")
            printer.print_operand(self.addr)
            printer.print_string(" single_cache_line : ")
            printer.print_attribute(self.addr.type)
        else:
            printer.print_string(" all ")
            printer.print_attribute(self.space)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.space.data is not Location.GM:
            raise fail(f"{self.name} invalidates the GM data cache, not {self.space.data}")
        if self.addr is None:
            return
        kind = self.addr.type
        if isinstance(kind, PtrType) and kind.memory is MemorySpace.GM:
            return
        if isinstance(kind, TensorViewType | PartitionTensorViewType):
            return
        raise fail(f"{self.name} address type {kind} must be a GM !pto.ptr or a tensor view")


DCCI_LINES = ("SINGLE_CACHE_LINE", "ENTIRE_DATA_CACHE")
DCCI_DSTS = ("CACHELINE_ALL", "CACHELINE_UB", "CACHELINE_OUT", "CACHELINE_ATOMIC")


@irdl_op_definition
class DcciOp(PtoOp):
    """`pto.dcci %p "SINGLE_CACHE_LINE"|"ENTIRE_DATA_CACHE"[, "CACHELINE_*"] : P`: the
    low-level data-cache maintenance `cmo.cacheinvalid` lowers to (PTOAS VPTOOps.td)."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    name = "pto.dcci"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = NoCycles("cache maintenance; the data cache is not modelled")
    PIPE: ClassVar[Pipe] = Pipe.S

    ptr = operand_def(PtrType)
    cache = prop_def(StringAttr)
    dst = opt_prop_def(StringAttr)

    def __init__(self, ptr: SSAValue, cache: str, dst: str | None = None) -> None:
        props: dict[str, Attribute] = {"cache": StringAttr(cache)}
        if dst is not None:
            props["dst"] = StringAttr(dst)
        super().__init__(operands=[ptr], properties=props)

    @classmethod
    def parse(cls, parser: Parser) -> DcciOp:
        ptr = parser.parse_unresolved_operand()
        cache = parser.parse_str_literal('"SINGLE_CACHE_LINE" or "ENTIRE_DATA_CACHE"')
        dst = None
        if parser.parse_optional_punctuation(",") is not None:
            dst = parser.parse_str_literal('a "CACHELINE_*" destination')
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        op = cls(parser.resolve_operand(ptr, parser.parse_type()), cache, dst)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.ptr)
        printer.print_string(" ")
        printer.print_string_literal(self.cache.data)
        if self.dst is not None:
            printer.print_string(", ")
            printer.print_string_literal(self.dst.data)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.ptr.type)

    def verify_(self) -> None:
        if self.cache.data not in DCCI_LINES:
            raise fail(
                f'{self.name} cache "{self.cache.data}" must be one of {", ".join(DCCI_LINES)}'
            )
        if self.dst is not None and self.dst.data not in DCCI_DSTS:
            raise fail(f'{self.name} dst "{self.dst.data}" must be one of {", ".join(DCCI_DSTS)}')


DSB_MEMS = ("ALL", "DDR", "UB", "SEQ")


@irdl_op_definition
class DsbOp(PtoOp):
    """`pto.dsb "ALL"|"DDR"|"UB"|"SEQ"`: a data synchronisation barrier: every pipe drains
    (PTOAS VPTOOps.td; what `fence.barrier_all` lowers to)."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    name = "pto.dsb"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = NoCycles("a barrier: its cost is the wait for the pipes it drains")
    PIPE: ClassVar[Pipe] = Pipe.ALL

    mem = prop_def(StringAttr)

    def __init__(self, mem: str = "ALL") -> None:
        super().__init__(properties={"mem": StringAttr(mem)})

    @classmethod
    def parse(cls, parser: Parser) -> DsbOp:
        op = cls(parser.parse_str_literal('"ALL", "DDR", "UB" or "SEQ"'))
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_string_literal(self.mem.data)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.mem.data not in DSB_MEMS:
            raise fail(f'{self.name} mem "{self.mem.data}" must be one of {", ".join(DSB_MEMS)}')


@irdl_op_definition
class FenceBarrierAllOp(PtoOp):
    """`pto.fence.barrier_all #pto.fence_scope<gm>`: all pipes drain; then the scope's
    memories are visible to the other cores."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    name = "pto.fence.barrier_all"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = NoCycles("a barrier: its cost is the wait for the pipes it drains")
    PIPE: ClassVar[Pipe] = Pipe.ALL

    scope = prop_def(FenceScopeAttr)

    def __init__(self, scope: Attribute) -> None:
        super().__init__(properties={"scope": scope})

    @classmethod
    def parse(cls, parser: Parser) -> FenceBarrierAllOp:
        pos = parser.pos
        scope = parser.parse_attribute()
        if not isinstance(scope, FenceScopeAttr):
            parser.raise_error("expected a fence scope such as #pto.fence_scope<gm>", pos)
        op = cls(scope)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_attribute(self.scope)
        printer.print_op_attributes(self.attributes)


# ---- local arrays --------------------------------------------------------------------------


@irdl_attr_definition
class LocalArrayType(ParametrizedAttribute, TypeAttribute):
    """`!pto.local_array<4x8xi32>`: a small array of scalars on the scalar unit."""

    name = "pto.local_array"

    dims: ArrayAttr[IntAttr]
    element_type: Attribute

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(d.data for d in self.dims.data)

    def __init__(self, shape: Sequence[int], element_type: Attribute) -> None:
        super().__init__(ArrayAttr([IntAttr(d) for d in shape]), element_type)

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        parser.parse_punctuation("<")
        dims, element = parser.parse_ranked_shape()
        parser.parse_punctuation(">")
        return [ArrayAttr([IntAttr(d) for d in dims]), element]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string("<" + "".join(f"{d}x" for d in self.shape))
        printer.print_attribute(self.element_type)
        printer.print_string(">")

    def verify(self) -> None:
        if not self.shape or any(d <= 0 for d in self.shape):
            raise VerifyException(f"pto.local_array needs positive static dims, got {self.shape}")
        if dtype_of(self.element_type) is None and not isinstance(self.element_type, IndexType):
            raise VerifyException(
                f"pto.local_array element {self.element_type} is not a scalar type"
            )

    @property
    def size(self) -> int:
        return prod(self.shape)


_LOCAL_ARRAY_COST = NoCycles("a scalar register/stack access: no cycles modelled")


@irdl_op_definition
class DeclareLocalArrayOp(PtoOp):
    """`%a = pto.declare_local_array -> !pto.local_array<...>`: a fresh array (C++ leaves it
    uninitialised; the interpreter fills it with zeros, docs/semantics.md)."""

    name = "pto.declare_local_array"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _LOCAL_ARRAY_COST

    array = result_def(LocalArrayType)

    assembly_format = "attr-dict `->` type($array)"

    def __init__(self, array_type: LocalArrayType) -> None:
        super().__init__(result_types=[array_type])


class LocalArrayAccessOp(PtoOp):
    """`local_array_get` / `local_array_set`: one element, an index per dim."""

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _LOCAL_ARRAY_COST

    @abstractmethod
    def scalar_type(self) -> Attribute: ...

    def verify_(self) -> None:
        kind = self.operands[0].type  # (array, indices...[, value])
        assert isinstance(kind, LocalArrayType)
        count = len(self.operands) - (2 if isinstance(self, LocalArraySetOp) else 1)
        if count != len(kind.shape):
            raise fail(f"{self.name} needs {len(kind.shape)} indices for {kind}, got {count}")
        if self.scalar_type() != kind.element_type:
            raise fail(
                f"{self.name} scalar type {self.scalar_type()} must equal the array's element "
                f"type {kind.element_type}"
            )


@irdl_op_definition
class LocalArrayGetOp(LocalArrayAccessOp):
    """`%v = pto.local_array_get %a[%i, ...] : !pto.local_array<...> -> T`."""

    name = "pto.local_array_get"

    array = operand_def(LocalArrayType)
    indices = var_operand_def(IndexType)
    value = result_def()

    assembly_format = "$array `[` $indices `]` attr-dict `:` type($array) `->` type($value)"

    def __init__(self, array: SSAValue | Operation, indices: Sequence[SSAValue]) -> None:
        kind = SSAValue.get(array).type
        assert isinstance(kind, LocalArrayType)
        super().__init__(operands=[array, indices], result_types=[kind.element_type])

    def scalar_type(self) -> Attribute:
        return self.value.type


@irdl_op_definition
class LocalArraySetOp(LocalArrayAccessOp):
    """`pto.local_array_set %a[%i, ...], %v : !pto.local_array<...>, T`."""

    name = "pto.local_array_set"

    array = operand_def(LocalArrayType)
    indices = var_operand_def(IndexType)
    value = operand_def()

    assembly_format = (
        "$array `[` $indices `]` `,` $value attr-dict `:` type($array) `,` type($value)"
    )

    def __init__(
        self, array: SSAValue | Operation, indices: Sequence[SSAValue], value: SSAValue
    ) -> None:
        super().__init__(operands=[array, indices, value])

    def scalar_type(self) -> Attribute:
        return self.value.type


# ---- event-id arrays (PTOAS `!pto.eventid_array`) -----------------------------------------


@irdl_attr_definition
class EventIdArrayType(ParametrizedAttribute, TypeAttribute):
    """`!pto.eventid_array<4>`: a small array of event ids for `set_flag_dyn` / `wait_flag_dyn`
    (PTOAS `EventIdArrayType`: a C++ stack array in manual sync code)."""

    name = "pto.eventid_array"

    length: IntAttr

    def __init__(self, length: int) -> None:
        super().__init__(IntAttr(length))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        with parser.in_angle_brackets():
            return [IntAttr(parser.parse_integer(allow_boolean=False, allow_negative=False))]

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(f"<{self.length.data}>")

    def verify(self) -> None:
        if self.length.data <= 0:
            raise VerifyException(
                f"pto.eventid_array needs a positive size, got {self.length.data}"
            )


@irdl_op_definition
class DeclareEventIdArrayOp(PtoOp):
    """`%a = pto.declare_eventid_array -> !pto.eventid_array<N>`: N event ids (C++ leaves them
    uninitialised; the interpreter starts them at 0, docs/semantics.md)."""

    name = "pto.declare_eventid_array"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _LOCAL_ARRAY_COST

    array = result_def(EventIdArrayType)

    assembly_format = "attr-dict `->` type($array)"


@irdl_op_definition
class EventIdArrayGetOp(PtoOp):
    """`%e = pto.eventid_array_get %a[%i] : !pto.eventid_array<N>` (an index)."""

    name = "pto.eventid_array_get"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _LOCAL_ARRAY_COST

    array = operand_def(EventIdArrayType)
    index = operand_def(IndexType)
    result = result_def(IndexType)

    assembly_format = "$array `[` $index `]` attr-dict `:` type($array)"


@irdl_op_definition
class EventIdArraySetOp(PtoOp):
    """`pto.eventid_array_set %a[%i], %e : !pto.eventid_array<N>`."""

    name = "pto.eventid_array_set"

    MANUAL: ClassVar = _PTOAS_MANUAL
    COST: ClassVar = _LOCAL_ARRAY_COST

    array = operand_def(EventIdArrayType)
    index = operand_def(IndexType)
    value = operand_def(IndexType)

    assembly_format = "$array `[` $index `]` `,` $value attr-dict `:` type($array)"


OPS: list[type[IRDLOperation]] = [
    LoadScalarOp,
    StoreScalarOp,
    LdDevOp,
    StDevOp,
    CmoCacheInvalidOp,
    DcciOp,
    DsbOp,
    FenceBarrierAllOp,
    DeclareLocalArrayOp,
    LocalArrayGetOp,
    LocalArraySetOp,
    DeclareEventIdArrayOp,
    EventIdArrayGetOp,
    EventIdArraySetOp,
]
TYPES: list[type[Attribute]] = [LocalArrayType, EventIdArrayType]
