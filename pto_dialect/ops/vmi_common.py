"""What every VMI op shares (PTOAS `VMIOps.td`, `lib/PTO/IR/VMI.cpp`; the spec
docs/isa/vmi-isa/00..10 of PTOAS).

- `VmiOp`: PIPE_V, A5's layer (a2a3 refuses it, cpu follows A5), the spec page, the cost of
  the micro-op it lowers to (`AsVectorOp`: one per 256-byte physical register), element
  types per target as data (`vmi_dtypes`), and one syntax machine: each op spells its
  operand list in `SYNTAX` (`"value, destination[offset], block_stride:i16, mask?"`: `?`
  optional, `[x]` a bracketed index operand, `:T` a type not written after the colon,
  `@name` a string attribute in operand position), then `attr-dict : types -> results`,
  as PTOAS's assembly formats do.
- The checks PTOAS's verifiers share: same lane count / element / layout, mask against
  data, `pmode`, and the per-op element-type rule (`ELEMENTS` text, `DTYPES` table).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from typing import ClassVar, Self, cast

from xdsl.dialects.builtin import IndexType, IntegerAttr, StringAttr, UnitAttr, i16, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.base import fail, target_of
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.ops.vmi_types import (
    VmiMaskType,
    VmiVRegType,
    is_bf16x2,
    storage_bits,
    vmi_dtype,
)
from pto_dialect.records import DTypes, PerTarget

SPEC = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/isa/vmi-isa/"
"""The VMI spec pages (PTOAS docs/isa/vmi-isa/)."""

_IMPLICIT: dict[str, Attribute] = {"index": IndexType(), "i16": i16, "i32": i32}


def vmi_dtypes(spec: str) -> DTypes:
    """Element types per target from VMI names: `i8` any signedness of 8 bits, `si8` signed
    only, `ui8` unsigned (and signless) only, floats by name. A5 and cpu (the CPU simulator
    follows A5) take them; a2a3 has no VMI layer (no element type)."""
    names: set[DType] = set()
    for token in spec.split():
        if token.startswith("si"):
            names.add(dtype_named("i" + token[2:]))
        elif token.startswith("i") and token[1:].isdigit():
            names |= {dtype_named(token), dtype_named("u" + token)}
        else:
            names.add(dtype_named(token))
    legal = frozenset(names)
    return PerTarget(frozenset(), legal, legal)


INTS = "i8 i16 i32"
ARITH = "i8 i16 i32 f16 bf16 f32"
FLOATS = "f16 bf16 f32 f8E4M3FN f8E5M2 hif8"
ANY = "i8 i16 i32 f16 bf16 f32 f8E4M3FN f8E5M2 hif8 f4E1M2x2 f4E2M1x2 bf16x2"


@dataclass(frozen=True)
class Slot:
    """One item of an op's operand list."""

    name: str
    optional: bool = False
    implicit: Attribute | None = None
    """The operand's type when the syntax does not write it."""
    index: str | None = None
    """`name[index]`: the bracketed index operand that follows."""
    index_typed: bool = False
    """`name[index*]`: the bracketed operand's type is written too (after `name`'s)."""
    string: bool = False
    """`@name`: a string attribute written in operand position."""


@cache
def slots_of(syntax: str) -> tuple[Slot, ...]:
    slots: list[Slot] = []
    for raw in (s.strip() for s in syntax.split(",") if s.strip()):
        if raw.startswith("@"):
            slots.append(Slot(raw[1:], string=True))
            continue
        optional = raw.endswith("?")
        raw = raw.removesuffix("?")
        implicit = None
        if ":" in raw:
            raw, type_name = raw.split(":")
            implicit = _IMPLICIT[type_name]
        index = None
        if "[" in raw:
            raw, index = raw.removesuffix("]").split("[")
        typed = index is not None and index.endswith("*")
        slots.append(Slot(raw, optional, implicit, index and index.removesuffix("*"), typed))
    return tuple(slots)


class VmiOp(VectorPipeOp):
    """A VMI op: runs on PIPE_V; an A5 layer (`vmi_dtypes`: nothing on a2a3)."""

    SYNTAX: ClassVar[str] = ""
    """The operand list, as PTOAS's assembly format writes it."""
    ELEMENTS: ClassVar[str] = ""
    """The element-type rule in PTOAS's words (`i8, i16, i32, f16, bf16, or f32`)."""

    # ---- syntax ---------------------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser) -> Self:
        slots = slots_of(cls.SYNTAX)
        items: list[tuple[UnresolvedOperand | str, UnresolvedOperand | None]] = []
        strings = [s for s in slots if s.string]
        for _ in strings:  # string attributes lead (`pset "PAT_ALL"`, `cmpf "olt", ...`)
            items.append((parser.parse_str_literal(), None))
            if len(items) < len(slots):
                parser.parse_optional_punctuation(",")
        operand = parser.parse_optional_unresolved_operand()
        while operand is not None:
            index = None
            if parser.parse_optional_punctuation("[") is not None:
                index = parser.parse_unresolved_operand()
                parser.parse_punctuation("]")
            items.append((operand, index))
            operand = None
            if parser.parse_optional_punctuation(",") is not None:
                operand = parser.parse_unresolved_operand()
        attributes = parser.parse_optional_attr_dict()
        pos = parser.pos
        types: list[Attribute] = []
        if parser.parse_optional_punctuation(":") is not None:
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        results: list[Attribute] = []
        if parser.parse_optional_punctuation("->") is not None:
            results = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
        present = cls._present(parser, slots, items, pos)
        if not results and not any(s.implicit is None and not s.string for s in present):
            types, results = [], types  # `pset "PAT_ALL" : M`: the result type after the colon
        named: dict[str, SSAValue] = {}
        written = iter(types)
        for slot, (item, index) in zip(present, items, strict=True):
            if slot.string:
                attributes[slot.name] = StringAttr(cast(str, item))
                continue
            type = slot.implicit
            if type is None:
                type = next(written, None)
                if type is None:
                    parser.raise_error(f"{cls.name} expects a type for operand '{slot.name}'", pos)
            named[slot.name] = parser.resolve_operand(cast(UnresolvedOperand, item), type)
            if slot.index is not None:
                if index is None:
                    parser.raise_error(f"{cls.name} expects '{slot.name}[%{slot.index}]'", pos)
                index_type: Attribute | None = IndexType()
                if slot.index_typed:
                    index_type = next(written, None)
                    if index_type is None:
                        parser.raise_error(f"{cls.name} expects a type for '{slot.index}'", pos)
                named[slot.index] = parser.resolve_operand(index, index_type)
        if next(written, None) is not None:
            parser.raise_error(f"{cls.name} has more types than typed operands", pos)
        # the definition's order (a subclass's operands come first in IRDL), not the syntax's
        order = [name for name, _ in cls.get_irdl_definition().operands]
        operands = [named[name] for name in order if name in named]
        return cls.create(operands=operands, result_types=results, attributes=attributes)

    @classmethod
    def _present(
        cls,
        parser: Parser,
        slots: Sequence[Slot],
        items: Sequence[tuple[UnresolvedOperand | str, UnresolvedOperand | None]],
        pos: int,
    ) -> list[Slot]:
        """The slots the parsed items fill: optional slots in order, as many as given."""
        required = sum(not s.optional for s in slots)
        extra = len(items) - required
        optional = sum(s.optional for s in slots)
        if extra < 0 or extra > optional:
            expected = ", ".join(("%" if not s.string else '"') + s.name for s in slots)
            parser.raise_error(f"{cls.name} expects operands {expected}", pos)
        present: list[Slot] = []
        for slot in slots:
            if slot.optional:
                if extra == 0:
                    continue
                extra -= 1
            present.append(slot)
        return present

    def print(self, printer: Printer) -> None:
        typed: list[Attribute] = []
        shown: set[str] = set()
        separator = " "
        for slot in slots_of(self.SYNTAX):
            if slot.optional and not slot.string and not self._has_operand(slot.name):
                continue
            printer.print_string(separator)
            separator = ", "
            if slot.string:
                value = self.attributes.get(slot.name)
                assert isinstance(value, StringAttr)
                printer.print_string_literal(value.data)
                shown.add(slot.name)
                continue
            operand = cast(SSAValue, getattr(self, slot.name))
            printer.print_operand(operand)
            if slot.implicit is None:
                typed.append(operand.type)
            if slot.index is not None:
                index = cast(SSAValue, getattr(self, slot.index))
                printer.print_string("[")
                printer.print_operand(index)
                printer.print_string("]")
                if slot.index_typed:
                    typed.append(index.type)
        printer.print_op_attributes({k: v for k, v in self.attributes.items() if k not in shown})
        if not typed and self.results:  # `pset "PAT_ALL" : M`
            printer.print_string(" : ")
            printer.print_list([r.type for r in self.results], printer.print_attribute)
            return
        if typed:
            printer.print_string(" : ")
            printer.print_list(typed, printer.print_attribute)
        if self.results:
            printer.print_string(" -> ")
            printer.print_list([r.type for r in self.results], printer.print_attribute)

    def _has_operand(self, name: str) -> bool:
        value = getattr(self, name)
        if isinstance(value, SSAValue):
            return True
        return bool(value)  # an optional operand: None, or a variadic: a sequence

    # ---- verification -------------------------------------------------------------------
    def verify_(self) -> None:
        target = target_of(self)
        if target.arch is TargetArch.A2A3:
            raise fail(
                f"{self.name}: VMI is an A5 layer (PTOAS lowers it to A5 vector micro-ops); "
                "target a2a3 has none"
            )
        self.verify_vmi()

    def verify_vmi(self) -> None:
        """The op's own rules."""

    # ---- helpers ------------------------------------------------------------------------
    def attr_int(self, name: str) -> int | None:
        value = self.attributes.get(name)
        if value is None:
            return None
        if not isinstance(value, IntegerAttr):
            raise fail(f"{self.name} {name} must be an integer attribute, got {value}")
        return cast(IntegerAttr, value).value.data

    def attr_str(self, name: str) -> str | None:
        value = self.attributes.get(name)
        if value is None:
            return None
        if not isinstance(value, StringAttr):
            raise fail(f"{self.name} {name} must be a string attribute, got {value}")
        return value.data

    def has_unit(self, name: str) -> bool:
        return isinstance(self.attributes.get(name), UnitAttr)

    @property
    def group(self) -> int | None:
        return self.attr_int("group")

    @property
    def pmode(self) -> str:
        return self.attr_str("pmode") or "zero"

    def check_pmode(self, allowed: tuple[str, ...] = ("zero", "merge")) -> None:
        mode = self.attr_str("pmode")
        if mode is not None and mode not in allowed:
            options = " or ".join(f'"{m}"' for m in allowed)
            raise fail(f'{self.name} pmode must be {options}, got "{mode}"')

    def check_element(self, element: Attribute, role: str = "") -> None:
        """The per-op element-type rule (`DTYPES` on the target, `ELEMENTS` in words)."""
        if is_bf16x2(element) and not self.BF16X2_OK:
            raise fail(
                f"{self.name} does not support bf16x2 VMI element type; bf16x2 is conversion-only"
            )
        if vmi_dtype(element) not in self.legal_dtypes(target_of(self)):
            what = f"{role} " if role else ""
            raise fail(f"{self.name} requires {self.ELEMENTS} VMI {what}element type, got "
                       f"{element}")  # fmt: skip

    BF16X2_OK: ClassVar[bool] = False

    def same_shape(
        self, types: Sequence[VmiVRegType], same_element: bool = True, same_layout: bool = True
    ) -> None:
        """PTOAS `verifyAllSameVRegShapeAndLayout`."""
        first = types[0]
        any_layout = any(t.layout_attr is not None for t in types)
        for t in types:
            if t.count != first.count:
                raise fail(
                    f"{self.name} requires all VMI data values to have the same logical lane count"
                )
            if same_element and t.element_type != first.element_type:
                raise fail(
                    f"{self.name} requires all VMI data values to have the same element type"
                )
            if any_layout and t.layout_attr is None:
                raise fail(f"{self.name} requires either all or no VMI data values to carry layout")
            if same_layout and any_layout and t.layout != first.layout:
                raise fail(
                    f"{self.name} requires all layout-assigned VMI data values to have the same "
                    "layout"
                )

    def mask_matches(self, mask: VmiMaskType, data: VmiVRegType) -> None:
        """PTOAS `verifyMaskMatchesData`."""
        if mask.count != data.count:
            raise fail(
                f"{self.name} requires mask logical lane count to match data lane count "
                f"({mask.count} vs {data.count})"
            )
        if (mask.layout_attr is None) != (data.layout_attr is None):
            raise fail(f"{self.name} requires either both mask and data to carry layout or neither")
        if mask.layout_attr is not None and mask.layout != data.layout:
            raise fail(f"{self.name} requires mask layout to match data layout")
        bits = mask.bits
        if bits is not None and bits != storage_bits(data.element_type):
            raise fail(f"{self.name} requires mask granularity to match data element width")

    def masks_alike(self, masks: Sequence[VmiMaskType]) -> None:
        """PTOAS `verifyAllSameMaskShapeLayoutAndGranularity`."""
        first = masks[0]
        for m in masks:
            if m.count != first.count:
                raise fail(
                    f"{self.name} requires all VMI mask values to have the same logical lane count"
                )
            if m.granularity != first.granularity:
                raise fail(f"{self.name} requires all VMI mask values to have the same granularity")
            if m.layout != first.layout:
                raise fail(
                    f"{self.name} requires all layout-assigned VMI mask values to have the same "
                    "layout"
                )

    def check_groups(self, data: VmiVRegType, groups: int, what: str = "num_groups") -> None:
        if groups <= 0:
            raise fail(f"{self.name} requires {what} to be positive")
        if data.count % groups:
            raise fail(
                f"{self.name} requires {what} to evenly divide VMI logical lane count {data.count}"
            )


def vreg_type(value: SSAValue) -> VmiVRegType:
    assert isinstance(value.type, VmiVRegType)
    return value.type


def mask_type(value: SSAValue) -> VmiMaskType:
    assert isinstance(value.type, VmiMaskType)
    return value.type
