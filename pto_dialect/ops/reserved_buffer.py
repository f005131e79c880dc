"""PTOAS's reserved FIFO buffers of the tpush/tpop pipes (docs/PTO_IR_manual.md,
"pto.reserve_buffer", "pto.import_reserved_buffer"; no page of the ISA manual):

  `%a = pto.reserve_buffer {name = "c2v", size = 8192, location = #pto.address_space<vec>,
        auto = false, base = 4096} -> i32`
  `%a = pto.import_reserved_buffer {name = "c2v", peer_func = @vector_kernel} -> i32`

Both give the buffer's local base address as an `i32`. Rules (the manual's "Constraints &
Verification"): `size > 0`; `location` an on-chip space (not gm); `auto = false` gives a
`base`, `auto = true` none; names unique in their function (per peer for imports); an import
names a function of the module that reserves a buffer of that name.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, cast

from xdsl.dialects import func
from xdsl.dialects.builtin import (
    BoolAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
    SymbolRefAttr,
    i32,
)
from xdsl.ir import Attribute, Operation
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_prop_def, prop_def, result_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Location, LocationAttr
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.records import NoCycles

_MANUAL = "https://github.com/vpto-dev/PTOAS/blob/main/docs/PTO_IR_manual.md"


def _parse_location(parser: Parser) -> LocationAttr:
    """`#pto.address_space<vec>` or the short `<vec>` some PTOAS tests write."""
    if parser.parse_optional_punctuation("<") is not None:
        pos = parser.pos
        word = parser.parse_identifier()
        parser.parse_punctuation(">")
        if word not in Location.__members__.values():
            parser.raise_error(f"unknown address space '{word}'", pos)
        return LocationAttr(Location(word))
    pos = parser.pos
    attr = parser.parse_attribute()
    if not isinstance(attr, LocationAttr):
        parser.raise_error("expected an address space (#pto.address_space<...>)", pos)
    return attr


def _parse_fields(parser: Parser, keys: dict[str, str]) -> dict[str, Attribute]:
    """`{key = value, ...}` with each key of `keys` (its kind: str, int, bool, loc, sym)."""
    values: dict[str, Attribute] = {}

    def entry() -> None:
        pos = parser.pos
        key = parser.parse_identifier()
        if key not in keys or key in values:
            what = "repeated" if key in values else "unknown"
            parser.raise_error(f"{what} key '{key}' (keys: {', '.join(keys)})", pos)
        parser.parse_punctuation("=")
        kind = keys[key]
        if kind == "str":
            values[key] = StringAttr(parser.parse_str_literal())
        elif kind == "int":
            values[key] = IntegerAttr(parser.parse_integer(allow_boolean=False), i32)
        elif kind == "bool":
            values[key] = BoolAttr.from_bool(parser.parse_boolean())
        elif kind == "loc":
            values[key] = _parse_location(parser)
        else:
            values[key] = SymbolRefAttr(parser.parse_symbol_name())

    parser.parse_comma_separated_list(parser.Delimiter.BRACES, entry)
    return values


def _enclosing_func(op: Operation) -> func.FuncOp | None:
    node = op.parent_op()
    while node is not None and not isinstance(node, func.FuncOp):
        node = node.parent_op()
    return node


class ReservedBufferOp(PtoOp):
    """An op that gives a reserved buffer's `i32` base address."""

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = NoCycles("an address declaration: no cycles of its own")
    KEYS: ClassVar[dict[str, str]]
    REQUIRED: ClassVar[tuple[str, ...]]

    addr = result_def(IntegerType)

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The form, as the reference prints it."""
        fields = ", ".join(f"{k} = <{v}>" for k, v in cls.KEYS.items())
        optional = [k for k in cls.KEYS if k not in cls.REQUIRED]
        note = f" (optional: {', '.join(optional)})" if optional else ""
        return [f"- `%addr = {cls.name} {{{fields}}} -> i32`{note}"]

    @classmethod
    def parse(cls, parser: Parser) -> ReservedBufferOp:
        pos = parser.pos
        fields = _parse_fields(parser, cls.KEYS)
        missing = [k for k in cls.REQUIRED if k not in fields]
        if missing:
            parser.raise_error(f"{cls.name} needs {', '.join(missing)}", pos)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation("->")
        result = parser.parse_type()
        op = cls.create(properties=fields, result_types=[result])
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" {")
        first = True
        for key in self.KEYS:
            value = self.properties.get(key)
            if value is None:
                continue
            printer.print_string(("" if first else ", ") + f"{key} = ")
            first = False
            if isinstance(value, StringAttr):
                printer.print_string_literal(value.data)
            elif isinstance(value, IntegerAttr):
                number = cast(IntegerAttr[IntegerType], value)
                if self.KEYS[key] == "bool":
                    printer.print_string("true" if number.value.data else "false")
                else:
                    printer.print_string(str(number.value.data))
            else:
                printer.print_attribute(value)
        printer.print_string("}")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" -> ")
        printer.print_attribute(self.addr.type)

    def verify_(self) -> None:
        if self.addr.type != i32:
            raise fail(f"{self.name} result must be i32, got {self.addr.type}")
        self.verify_fields()
        body = _enclosing_func(self)
        if body is None:
            return
        key = self.identity()
        same = [
            o
            for o in body.walk()
            if isinstance(o, ReservedBufferOp) and type(o) is type(self) and o.identity() == key
        ]
        if same[0] is not self:  # the later declarations are the errors
            raise fail(f"{self.name} {self.describe()} is declared twice in @{body.sym_name.data}")

    def verify_fields(self) -> None:
        """Rules on the op's own fields."""

    @abstractmethod
    def identity(self) -> tuple[str, ...]:
        """What must be unique in a function."""

    @abstractmethod
    def describe(self) -> str: ...


@irdl_op_definition
class ReserveBufferOp(ReservedBufferOp):
    """The local consumer FIFO buffer of one pipe: `size` bytes in `location`."""

    name = "pto.reserve_buffer"

    KEYS: ClassVar = {"name": "str", "size": "int", "location": "loc", "auto": "bool",
                      "base": "int"}  # fmt: skip
    REQUIRED: ClassVar = ("name", "size", "location", "auto")

    buffer_name = prop_def(StringAttr, prop_name="name")
    size = prop_def(IntegerAttr[IntegerType])
    space = prop_def(LocationAttr, prop_name="location")
    auto = prop_def(IntegerAttr[IntegerType])
    base = opt_prop_def(IntegerAttr[IntegerType])

    def verify_fields(self) -> None:
        if self.size.value.data <= 0:
            raise fail(f"{self.name} size must be positive, got {self.size.value.data}")
        if self.space.data is Location.GM:
            raise fail(f"{self.name} location must be an on-chip address space, got gm")
        automatic = bool(self.auto.value.data)
        if automatic and self.base is not None:
            raise fail(f"{self.name} with auto = true takes no base (planning assigns it)")
        if not automatic and self.base is None:
            raise fail(f"{self.name} with auto = false needs a base")
        if self.base is not None and self.base.value.data < 0:
            raise fail(f"{self.name} base must be non-negative, got {self.base.value.data}")

    def identity(self) -> tuple[str, ...]:
        return (self.buffer_name.data,)

    def describe(self) -> str:
        return f'"{self.buffer_name.data}"'


@irdl_op_definition
class ImportReservedBufferOp(ReservedBufferOp):
    """The base address of the buffer `name` that function `peer_func` reserves."""

    name = "pto.import_reserved_buffer"

    KEYS: ClassVar = {"name": "str", "peer_func": "sym"}
    REQUIRED: ClassVar = ("name", "peer_func")

    buffer_name = prop_def(StringAttr, prop_name="name")
    peer_func = prop_def(SymbolRefAttr)

    def identity(self) -> tuple[str, ...]:
        return (self.buffer_name.data, self.peer_func.root_reference.data)

    def describe(self) -> str:
        return f'"{self.buffer_name.data}" of @{self.peer_func.root_reference.data}'

    def verify_fields(self) -> None:
        if self.reserved() is None:
            raise fail(
                f"{self.name} peer_func @{self.peer_func.root_reference.data} must be a "
                f'function of the module that reserves a buffer "{self.buffer_name.data}"'
            )

    def reserved(self) -> ReserveBufferOp | None:
        """The peer's `pto.reserve_buffer` this op imports (None: there is none)."""
        node = self.parent_op()
        while node is not None and not isinstance(node, ModuleOp):
            node = node.parent_op()
        if node is None:
            return None
        peer = self.peer_func.root_reference.data
        for op in node.walk():
            if isinstance(op, func.FuncOp) and op.sym_name.data == peer:
                for inner in op.walk():
                    if (
                        isinstance(inner, ReserveBufferOp)
                        and inner.buffer_name.data == self.buffer_name.data
                    ):
                        return inner
        return None


OPS: list[type[IRDLOperation]] = [ReserveBufferOp, ImportReservedBufferOp]
