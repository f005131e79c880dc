"""SIMT scalar memory and atomic ops (17-simt.md "SIMT Scalar Memory Ops", "Atomic Memory
Ops"; verifiers as PTOAS lib/PTO/IR/VPTO.cpp). Offsets count pointees, not bytes.

- `%v = pto.load %ptr[%offset] : !pto.ptr<T, space> -> T`,
  `pto.store %v, %ptr[%offset] : !pto.ptr<T, space>, T`: any memory, also on the scalar
  unit of an ordinary kernel;
- `%v = pto.ldg %gm[%offset] l1cache(cache) l2cache(nmfv) : !pto.ptr<T, gm> -> T`,
  `pto.stg %v, %gm[%offset] l1cache(...) l2cache(...) : !pto.ptr<T, gm>, T`: GM only,
  SIMT code only; the cache clauses are hints (omitted: `cache`, `nmfv`);
- `%old = pto.atomic_<op> %ptr, %value l2cache(nmfv) [signed|unsigned] : !pto.ptr<T, s>, T
  -> T` (exch, add, sub, min, max, and, or, xor) and `%old = pto.atomic_cas %ptr, %compare,
  %value ... : !pto.ptr<T, s>, T -> T`: one read-modify-write of GM or UB, returning the old
  value.
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Callable
from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import Float64Type, IndexType
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from pto_dialect.dtypes import I64, dtype_of
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.simt_common import (
    INSIDE,
    L1Cache,
    L1CacheAttr,
    LdL2Cache,
    LdL2CacheAttr,
    SignednessAttr,
    SimtOp,
    StL2Cache,
    StL2CacheAttr,
    ValueTypes,
    in_simt_scope,
    is_int_type,
    is_packed,
    parse_clause,
    parse_signedness,
    print_clause,
    print_signedness,
)
from pto_dialect.packed_types import HiF8x2Type, packed_vector

_E = TypeVar("_E", bound=StrEnum)


def _pointer(op: Operation, value: SSAValue, what: str) -> PtrType:
    ptr = value.type
    if not isinstance(ptr, PtrType) or not ptr.is_typed:
        raise fail(f"{op.name} {what} must be a typed !pto.ptr, got {ptr}")
    return ptr


def _parse_indexed(parser: Parser) -> tuple[UnresolvedOperand, UnresolvedOperand]:
    """`%ptr[%offset]`."""
    ptr = parser.parse_unresolved_operand()
    parser.parse_punctuation("[")
    offset = parser.parse_unresolved_operand()
    parser.parse_punctuation("]")
    return ptr, offset


# ---- load / store ----------------------------------------------------------------------


class ScalarAccessOp(SimtOp):
    """One value at `ptr + offset` (offset in pointees): `pto.load`, `pto.ldg` read it,
    `pto.store`, `pto.stg` write it. `GLOBAL`: the GM forms with cache clauses."""

    GLOBAL: ClassVar[bool] = False
    WRITES: ClassVar[bool]

    @property
    def pointer(self) -> SSAValue:
        return self.operands[0]

    @property
    def index(self) -> SSAValue:
        return self.operands[1]

    @property
    @abstractmethod
    def value_type(self) -> Attribute: ...

    @classmethod
    def _parse_caches(
        cls, parser: Parser, l2: type[_E], l2_attr: Callable[[_E], Attribute]
    ) -> dict[str, Attribute]:
        """The GM forms' `l1cache(..) l2cache(..)` (omitted: `cache`, `nmfv`)."""
        if not cls.GLOBAL:
            return {}
        return {
            "l1cache": L1CacheAttr(parse_clause(parser, "l1cache", L1Cache) or L1Cache.CACHE),
            "l2cache": l2_attr(parse_clause(parser, "l2cache", l2) or l2("nmfv")),
        }

    def _print_place(self, printer: Printer) -> None:
        """`%ptr[%offset]` and the cache clauses."""
        printer.print_operand(self.pointer)
        printer.print_string("[")
        printer.print_operand(self.index)
        printer.print_string("]")
        print_clause(printer, "l1cache", self.properties.get("l1cache"))
        print_clause(printer, "l2cache", self.properties.get("l2cache"))

    def verify_simt(self) -> None:
        ptr = _pointer(self, self.pointer, "pointer")
        if not isinstance(self.index.type, IndexType):
            raise fail(f"{self.name} offset type {self.index.type} must be index (in elements)")
        if self.value_type != ptr.pointee:
            raise fail(
                f"{self.name} value type {self.value_type} must equal the pointer element type "
                f"{ptr.pointee}"
            )
        if self.GLOBAL:
            if ptr.memory is not MemorySpace.GM:
                raise fail(f"{self.name} requires GM pointer")
            if not _ldg_type(self.value_type):
                raise fail(
                    f"{self.name} currently supports 8/16/32/64-bit integer, f16/bf16/f32/f64/"
                    "fp8, packed vector<2xT> (T = f16/bf16/f32/i8/i16/i32), packed "
                    "vector<2/4/8xfp8>, and !pto.hif8x2 value type"
                )


def _ldg_type(attr: Attribute) -> bool:
    """PTOAS `verifyLdgStgAccess`: the value types of `ldg` / `stg`."""
    if isinstance(attr, Float64Type | HiF8x2Type) or dtype_of(attr) is not None:
        return True
    packed = packed_vector(attr)
    return packed is not None and packed[1].name in ("f16", "bf16", "f32", "i8", "i16", "i32",
                                                      "f8E4M3FN", "f8E5M2")  # fmt: skip


class ReadOp(ScalarAccessOp):
    """`%v = NAME %ptr[%offset] [l1cache(..) l2cache(..)] : !pto.ptr<T, s> -> T`."""

    WRITES: ClassVar[bool] = False

    ptr = operand_def()
    offset = operand_def()
    result = result_def()
    l1cache = opt_prop_def(L1CacheAttr)
    l2cache = opt_prop_def(LdL2CacheAttr)

    @property
    def value_type(self) -> Attribute:
        return self.result.type

    @classmethod
    def syntax_lines(cls) -> list[str]:
        clauses = " l1cache(cache) l2cache(nmfv)" if cls.GLOBAL else ""
        space = "gm" if cls.GLOBAL else "space"
        return [f"- `%v = {cls.name} %ptr[%offset]{clauses} : !pto.ptr<T, {space}> -> T`"]

    @classmethod
    def parse(cls, parser: Parser) -> ReadOp:
        ptr, offset = _parse_indexed(parser)
        props = cls._parse_caches(parser, LdL2Cache, LdL2CacheAttr)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        ptr_type = parser.parse_type()
        parser.parse_punctuation("->")
        value_type = parser.parse_type()
        return cls.create(
            operands=[
                parser.resolve_operand(ptr, ptr_type),
                parser.resolve_operand(offset, IndexType()),
            ],
            result_types=[value_type],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        self._print_place(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(f" : {self.ptr.type} -> {self.result.type}")


class WriteOp(ScalarAccessOp):
    """`NAME %v, %ptr[%offset] [l1cache(..) l2cache(..)] : !pto.ptr<T, s>, T`."""

    WRITES: ClassVar[bool] = True

    ptr = operand_def()
    offset = operand_def()
    value = operand_def()
    l1cache = opt_prop_def(L1CacheAttr)
    l2cache = opt_prop_def(StL2CacheAttr)

    @property
    def value_type(self) -> Attribute:
        return self.value.type

    @classmethod
    def syntax_lines(cls) -> list[str]:
        clauses = " l1cache(cache) l2cache(nmfv)" if cls.GLOBAL else ""
        space = "gm" if cls.GLOBAL else "space"
        return [f"- `{cls.name} %v, %ptr[%offset]{clauses} : !pto.ptr<T, {space}>, T`"]

    @classmethod
    def parse(cls, parser: Parser) -> WriteOp:
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(",")
        ptr, offset = _parse_indexed(parser)
        props = cls._parse_caches(parser, StL2Cache, StL2CacheAttr)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        ptr_type = parser.parse_type()
        parser.parse_punctuation(",")
        value_type = parser.parse_type()
        return cls.create(
            operands=[
                parser.resolve_operand(ptr, ptr_type),
                parser.resolve_operand(offset, IndexType()),
                parser.resolve_operand(value, value_type),
            ],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value)
        printer.print_string(", ")
        self._print_place(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(f" : {self.ptr.type}, {self.value.type}")


LoadOp = define_op(ReadOp, "LoadOp", "pto.load", "`value = ptr[offset]`: one scalar of any memory.")
StoreOp = define_op(
    WriteOp, "StoreOp", "pto.store", "`ptr[offset] = value`: one scalar to any memory."
)
LdgOp = define_op(
    ReadOp, "LdgOp", "pto.ldg", "`value = gm[offset]` with cache controls (SIMT code).",
    GLOBAL=True, SCOPED=INSIDE,
)  # fmt: skip
StgOp = define_op(
    WriteOp, "StgOp", "pto.stg", "`gm[offset] = value` with cache controls (SIMT code).",
    GLOBAL=True, SCOPED=INSIDE,
)  # fmt: skip


# ---- atomics ---------------------------------------------------------------------------

ATOMIC_TYPES = ValueTypes("i32 i64 f16 bf16 f32", "f16 bf16")


class AtomicOp(SimtOp):
    """`%old = pto.atomic_<kind> %ptr, [%compare,] %value l2cache(..) [signedness] :
    !pto.ptr<T, gm|ub>, T -> T`: `*ptr` read, updated and its old value returned as one
    atomic step (`KIND`: exch, add, sub, min, max, and, or, xor, cas)."""

    KIND: ClassVar[str]
    BITWISE: ClassVar[bool] = False
    COMPARES: ClassVar[bool] = False

    old = result_def()
    l2cache = opt_prop_def(StL2CacheAttr)
    signedness = opt_prop_def(SignednessAttr)

    @property
    def pointer(self) -> SSAValue:
        return self.operands[0]

    @property
    def value(self) -> SSAValue:
        return self.operands[-1]

    @property
    def compare(self) -> SSAValue | None:
        return self.operands[1] if self.COMPARES else None

    @classmethod
    def syntax_lines(cls) -> list[str]:
        compare = " %compare," if cls.COMPARES else ""
        return [
            f"- `%old = {cls.name} %ptr,{compare} %value l2cache(nmfv) [signed|unsigned] : "
            "!pto.ptr<T, gm|ub>, T -> T`"
        ]

    @classmethod
    def parse(cls, parser: Parser) -> AtomicOp:
        count = 3 if cls.COMPARES else 2
        operands = [parser.parse_unresolved_operand()]
        for _ in range(count - 1):
            parser.parse_punctuation(",")
            operands.append(parser.parse_unresolved_operand())
        props: dict[str, Attribute] = {
            "l2cache": StL2CacheAttr(parse_clause(parser, "l2cache", StL2Cache) or StL2Cache.NMFV)
        }
        signedness = parse_signedness(parser)
        if signedness is not None:
            props["signedness"] = SignednessAttr(signedness)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        ptr_type = parser.parse_type()
        parser.parse_punctuation(",")
        value_type = parser.parse_type()
        parser.parse_punctuation("->")
        old_type = parser.parse_type()
        types = [ptr_type] + [value_type] * (count - 1)
        return cls.create(
            operands=[parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)],
            result_types=[old_type],
            properties=props,
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_list(self.operands, printer.print_operand)
        print_clause(printer, "l2cache", self.l2cache)
        print_signedness(printer, self.signedness)
        printer.print_op_attributes(self.attributes)
        printer.print_string(f" : {self.pointer.type}, {self.value.type} -> {self.old.type}")

    def verify_simt(self) -> None:
        value = self.value.type
        compare = self.compare
        if compare is not None and compare.type != value:
            raise fail(f"{self.name} requires compare and value types to match")
        if not ATOMIC_TYPES.accepts(value):
            raise fail(f"{self.name} requires {ATOMIC_TYPES.describe()} atomic value type")
        if self.old.type != value:
            raise fail(f"{self.name} requires atomic result type to match value type")
        ptr = self.pointer.type
        if not isinstance(ptr, PtrType):
            raise fail(f"{self.name} requires !pto.ptr pointer operand")
        if ptr.pointee != value:
            raise fail(f"{self.name} requires atomic value type to match pointer element type")
        if ptr.memory not in (MemorySpace.GM, MemorySpace.UB):
            raise fail(f"{self.name} requires GM or UB pointer")
        if ptr.memory is MemorySpace.UB and dtype_of(value) is I64:
            raise fail(f"{self.name} does not support i64 UB-space atomics")
        integer = is_int_type(value)
        if self.BITWISE and not integer:
            raise fail(f"{self.name} requires integer type for bitwise atomics")
        if self.signedness is not None and not integer:
            raise fail(f"{self.name} does not accept signedness for floating-point atomics")
        if is_packed(value):
            if not in_simt_scope(self):
                raise fail(
                    f"{self.name} requires packed atomics to be inside a pto.simt_entry "
                    "function or pto.section.simt on beta.1"
                )
            if self.old.uses:
                raise fail(
                    f"{self.name} does not support using the old value result for packed "
                    "atomics on beta.1; leave the result unused"
                )


class AtomicRmwOp(AtomicOp):
    """`%old = NAME %ptr, %value ...`: `*ptr = old OP value`."""

    ptr = operand_def()
    value_ = operand_def()


class AtomicCasOp(AtomicOp):
    """`%old = pto.atomic_cas %ptr, %compare, %value ...`: `*ptr = value` when `old ==
    compare`."""

    name = "pto.atomic_cas"
    KIND: ClassVar[str] = "cas"
    COMPARES: ClassVar[bool] = True

    ptr = operand_def()
    compare_ = operand_def()
    value_ = operand_def()


def _rmw(class_name: str, kind: str, doc: str, bitwise: bool = False) -> type[AtomicRmwOp]:
    return define_op(AtomicRmwOp, class_name, f"pto.atomic_{kind}", doc, KIND=kind, BITWISE=bitwise)


AtomicExchOp = _rmw("AtomicExchOp", "exch", "`*ptr = value`; the old value returned.")
AtomicAddOp = _rmw("AtomicAddOp", "add", "`*ptr = old + value`; the old value returned.")
AtomicSubOp = _rmw("AtomicSubOp", "sub", "`*ptr = old - value`; the old value returned.")
AtomicMinOp = _rmw("AtomicMinOp", "min", "`*ptr = min(old, value)`; the old value returned.")
AtomicMaxOp = _rmw("AtomicMaxOp", "max", "`*ptr = max(old, value)`; the old value returned.")
AtomicAndOp = _rmw("AtomicAndOp", "and", "`*ptr = old & value`; the old value returned.", True)
AtomicOrOp = _rmw("AtomicOrOp", "or", "`*ptr = old | value`; the old value returned.", True)
AtomicXorOp = _rmw("AtomicXorOp", "xor", "`*ptr = old ^ value`; the old value returned.", True)
AtomicCasOp = irdl_op_definition(AtomicCasOp)

OPS: list[type[IRDLOperation]] = [
    LoadOp,
    StoreOp,
    LdgOp,
    StgOp,
    AtomicExchOp,
    AtomicAddOp,
    AtomicSubOp,
    AtomicMinOp,
    AtomicMaxOp,
    AtomicAndOp,
    AtomicOrOp,
    AtomicXorOp,
    AtomicCasOp,
]
