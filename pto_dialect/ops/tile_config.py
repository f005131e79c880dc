"""The tile chapter's mode configuration: `settf32mode`, `sethf32mode`
(tile/ops/sync-and-config/settf32mode.md, sethf32mode.md).

  `pto.settf32mode {enable = true, mode = #pto.round_mode<CAST_ROUND>}` (the pages' form;
  `mode` may be left out: CAST_ROUND, the C++ default; other attributes share the dictionary)
  and the pages' Level-2 template
  `pto.settf32mode ins({enable = true, mode = ...}) outs()`, which prints as the first.

A per-core mode that later f32 x f32 tile matmuls (`tmatmul`, `tgemv` and their forms) read:

- `settf32mode` sets the CTRL register's MAD TF32 bits (bit 46 enable, bit 47 ties away), as
  pto-isa's `SetMadTF32Mode` (common/pto_tile.hpp: CAST_ROUND sets bit 47, CAST_RINT clears
  it) and PTOAS's `mad` lowering (`buildMadSemanticCtrl`: bit 47 = `round_away`) do. On A5 the
  tile matmuls then round f32 operands to TF32 as `mad ... tf32_mode(...)` does. On A2/A3 the
  page makes it a no-op ("TF32 is not supported"); on the CPU simulator it only keeps the state
  ("does not affect IEEE 754 rounding"). Modes on A5: CAST_ROUND and CAST_RINT (the PTO_ASSERT
  of `SetMadTF32Mode`; the page names only CAST_ROUND); any where it has no effect (the page).
- `sethf32mode` records an HF32 mode. What HF32 does to values no public source fixes (the page:
  "implementation-defined"; pto-isa and PTOAS implement no SETHF32MODE): an f32 tile matmul
  while it is enabled on A2/A3 or A5 stops with a run-time error naming that gap; the CPU
  simulator ignores it (the page: a functional no-op).
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import BoolAttr, IntegerAttr
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, irdl_op_definition, opt_prop_def, prop_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe, RoundMode, RoundModeAttr
from pto_dialect.ops.base import PtoOp, fail, target_of
from pto_dialect.records import NoCycles, PerTarget

_PAGES = "tile/ops/sync-and-config/"

TF32_ENABLE_BIT = 46
"""CTRL bit enabling TF32 operands of the cube's f32 matmuls (pto-isa constants.hpp
`MAD_MODE_BIT`)."""
TF32_ROUND_AWAY_BIT = 47
"""CTRL bit: TF32 rounding ties away (set) or to nearest even (clear) (`MAD_ROUND_MODE_BIT`)."""

_ANY_MODE = frozenset(RoundMode)
_CAST_ROUND_RINT = frozenset({RoundMode.ROUND, RoundMode.RINT})


class ModeConfigOp(PtoOp):
    """`{enable = B, mode = M}`: a mode of the cube's f32 operand transform."""

    PIPE: ClassVar[Pipe] = Pipe.S
    COST: ClassVar = NoCycles("configuration: a CTRL register write on the scalar unit")
    MODES: ClassVar[PerTarget[frozenset[RoundMode]]]
    """The `mode` values each target accepts."""

    enable = prop_def(IntegerAttr)
    mode = opt_prop_def(RoundModeAttr)

    def __init__(self, enable: bool, mode: RoundMode = RoundMode.ROUND) -> None:
        props: dict[str, Attribute] = {
            "enable": BoolAttr.from_bool(enable),
            "mode": RoundModeAttr(mode),
        }
        super().__init__(properties=props)

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The forms, as the reference prints them."""
        return [
            f"- `{cls.name} {{enable = true|false[, mode = #pto.round_mode<CAST_ROUND>]}}`",
            f"- `{cls.name} ins({{enable = ..., mode = ...}}) outs()` (the page's Level 2)",
        ]

    @property
    def enabled(self) -> bool:
        return bool(self.enable.value.data)

    @property
    def round_mode(self) -> RoundMode:
        """CAST_ROUND unless `mode` says otherwise (the C++ template's default)."""
        return RoundMode.ROUND if self.mode is None else self.mode.data

    @classmethod
    def parse(cls, parser: Parser) -> ModeConfigOp:
        dps = parser.parse_optional_keyword("ins") is not None
        if dps:
            parser.parse_punctuation("(")
        pos = parser.pos
        attrs = parser.parse_optional_attr_dict()
        if dps:
            parser.parse_punctuation(")")
            parser.parse_keyword("outs")
            parser.parse_punctuation("(")
            parser.parse_punctuation(")")
        props: dict[str, Attribute] = {}
        for key in ("enable", "mode"):
            if key in attrs:
                props[key] = attrs.pop(key)
        if "enable" not in props:
            parser.raise_error(f"{cls.name} needs `enable = true|false`", pos)
        op = cls.create(properties=props, attributes=attrs)
        return op

    def print(self, printer: Printer) -> None:
        """`{enable = B, mode = M, other attributes...}`: one dictionary, as the pages write."""
        printer.print_string(f" {{enable = {'true' if self.enabled else 'false'}")
        entries: list[tuple[str, Attribute]] = [] if self.mode is None else [("mode", self.mode)]
        for key, value in [*entries, *self.attributes.items()]:
            printer.print_string(f", {key} = ")
            printer.print_attribute(value)
        printer.print_string("}")

    def verify_(self) -> None:
        if self.enable.type != BoolAttr.from_bool(True).type:
            raise fail(f"{self.name} enable must be true or false, got {self.enable}")
        target = target_of(self)
        allowed = self.MODES[target.arch]
        if self.round_mode not in allowed:
            names = ", ".join(f"CAST_{m.value}" for m in RoundMode if m in allowed)
            raise fail(
                f"{self.name} mode CAST_{self.round_mode.value} is not supported on target "
                f"{target.name} (supported: {names})"
            )


@irdl_op_definition
class SetTf32ModeOp(ModeConfigOp):
    """TF32 operands for later f32 tile matmuls (A5), with CAST_ROUND (ties away) or
    CAST_RINT (nearest even) rounding."""

    name = "pto.settf32mode"

    MANUAL: ClassVar = _PAGES + "settf32mode.md"
    MODES: ClassVar = PerTarget(a2a3=_ANY_MODE, a5=_CAST_ROUND_RINT, cpu=_ANY_MODE)


@irdl_op_definition
class SetHf32ModeOp(ModeConfigOp):
    """An HF32 mode for later f32 tile matmuls; its values have no public source."""

    name = "pto.sethf32mode"

    MANUAL: ClassVar = _PAGES + "sethf32mode.md"
    MODES: ClassVar = PerTarget(a2a3=_ANY_MODE, a5=_ANY_MODE, cpu=_ANY_MODE)


TF32_APPLIES: PerTarget[bool] = PerTarget(a2a3=False, a5=True, cpu=False)
"""Whether f32 tile matmuls read the CTRL TF32 bits (settf32mode.md: a no-op on A2/A3, software
state only on the CPU simulator)."""
HF32_UNDEFINED: PerTarget[bool] = PerTarget(a2a3=True, a5=True, cpu=False)
"""Whether an f32 tile matmul under HF32 mode has an effect no source fixes (a run-time error);
sethf32mode.md: a functional no-op on the CPU simulator."""


OPS: list[type[IRDLOperation]] = [SetTf32ModeOp, SetHf32ModeOp]
