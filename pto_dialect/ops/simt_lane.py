"""SIMT lane collectives within a warp of 32 lanes (17-simt.md "Vote Ops", "Shuffle Ops",
"Lane Redux Ops"; verifiers as PTOAS lib/PTO/IR/VPTO.cpp):

- `%r = pto.vote_all %pred : i1 -> i1` (`vote_any`, `vote_uni`; `vote_ballot ... -> i32`);
- `%r = pto.shuffle_idx %value, %index {width = 16 : i32} : T, i32 -> T` (`shuffle_up`,
  `shuffle_down` by an offset, `shuffle_bfly` by an xor mask); T is i32, i64, f16, f32 or
  vector<2xf16>; `width` 16 or 32 (default 32);
- `%r = pto.redux_add %v signed : i32 -> i32` (`redux_max`, `redux_min`: an i32 needs
  `signed` or `unsigned`; a float takes none); T is i32, f16 or f32.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerAttr, i1, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    operand_def,
    opt_attr_def,
    opt_prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.simt_common import (
    Signedness,
    SignednessAttr,
    SimtOp,
    ValueTypes,
    is_int_type,
    parse_signedness,
    print_signedness,
)

# ---- votes -----------------------------------------------------------------------------


class VoteOp(SimtOp):
    """`%r = pto.vote_<kind> %pred : i1 -> i1` (ballot: `-> i32`) over the warp's active
    lanes (`KIND`: all, any, uni, ballot)."""

    KIND: ClassVar[str]
    RESULT: ClassVar[Attribute] = i1

    pred = operand_def()
    result = result_def()
    traits = traits_def(Pure())

    assembly_format = "$pred attr-dict `:` type($pred) `->` type($result)"

    def verify_simt(self) -> None:
        if self.pred.type != i1:
            raise fail(f"{self.name} pred type {self.pred.type} must be i1")
        if self.result.type != self.RESULT:
            raise fail(f"{self.name} result type {self.result.type} must be {self.RESULT}")


VoteAllOp = define_op(
    VoteOp, "VoteAllOp", "pto.vote_all", "Whether `pred` holds in every active lane.", KIND="all"
)
VoteAnyOp = define_op(
    VoteOp, "VoteAnyOp", "pto.vote_any", "Whether `pred` holds in some active lane.", KIND="any"
)
VoteUniOp = define_op(
    VoteOp, "VoteUniOp", "pto.vote_uni",
    "Whether `pred` is the same in every active lane.", KIND="uni",
)  # fmt: skip
VoteBallotOp = define_op(
    VoteOp, "VoteBallotOp", "pto.vote_ballot",
    "The bits of the active lanes whose `pred` holds (bit i: lane i of the warp).",
    KIND="ballot", RESULT=i32,
)  # fmt: skip


# ---- shuffles --------------------------------------------------------------------------

SHUFFLE_TYPES = ValueTypes("i32 i64 f16 f32", "f16")
SHUFFLE_WIDTHS = (16, 32)


class ShuffleOp(SimtOp):
    """`%r = pto.shuffle_<kind> %value, %control {width = W} : T, i32 -> T`: the value of
    another lane of the same group of `width` lanes (`KIND`: idx, up, down, bfly;
    `CONTROL`: the control operand's name in messages)."""

    KIND: ClassVar[str]
    CONTROL: ClassVar[str]

    value = operand_def()
    control = operand_def()
    width = opt_attr_def(IntegerAttr)
    result = result_def()
    traits = traits_def(Pure())

    assembly_format = (
        "$value `,` $control attr-dict `:` type($value) `,` type($control) `->` type($result)"
    )

    @property
    def group(self) -> int:
        """The lanes of one shuffle group (the `width` attribute, 32 when absent)."""
        return 32 if self.width is None else self.width.value.data

    def verify_simt(self) -> None:
        if self.result.type != self.value.type:
            raise fail(
                f"{self.name} result type {self.result.type} must equal the value type "
                f"{self.value.type}"
            )
        if not SHUFFLE_TYPES.accepts(self.value.type):
            raise fail(f"{self.name} requires {SHUFFLE_TYPES.describe()} value/result type")
        if self.control.type != i32:
            raise fail(f"{self.name} requires {self.CONTROL} operand to be i32")
        if self.group not in SHUFFLE_WIDTHS:
            raise fail(f"{self.name} requires width to be 16 or 32")


ShuffleIdxOp = define_op(
    ShuffleOp, "ShuffleIdxOp", "pto.shuffle_idx",
    "The value of lane `index` (modulo the width) of the lane's group.",
    KIND="idx", CONTROL="index",
)  # fmt: skip
ShuffleUpOp = define_op(
    ShuffleOp, "ShuffleUpOp", "pto.shuffle_up",
    "The value of the lane `offset` below in the group (its own value when none is).",
    KIND="up", CONTROL="offset",
)  # fmt: skip
ShuffleDownOp = define_op(
    ShuffleOp, "ShuffleDownOp", "pto.shuffle_down",
    "The value of the lane `offset` above in the group (its own value when none is).",
    KIND="down", CONTROL="offset",
)  # fmt: skip
ShuffleBflyOp = define_op(
    ShuffleOp, "ShuffleBflyOp", "pto.shuffle_bfly",
    "The value of the lane `local xor mask` of the group (its own value when out of it).",
    KIND="bfly", CONTROL="mask",
)  # fmt: skip


# ---- reductions ------------------------------------------------------------------------

REDUX_TYPES = ValueTypes("i32 f16 f32")


class ReduxOp(SimtOp):
    """`%r = pto.redux_<kind> %value [signed|unsigned] : T -> T`: the reduction over the
    warp's active lanes, in every one of them (`KIND`: add, max, min)."""

    KIND: ClassVar[str]
    NEEDS_SIGNEDNESS: ClassVar[bool] = True

    value = operand_def()
    signedness = opt_prop_def(SignednessAttr)
    result = result_def()
    traits = traits_def(Pure())

    def __init__(self, value: SSAValue, signedness: Signedness | None = None) -> None:
        props = {} if signedness is None else {"signedness": SignednessAttr(signedness)}
        super().__init__(operands=[value], result_types=[value.type], properties=props)

    @classmethod
    def syntax_lines(cls) -> list[str]:
        return [f"- `%r = {cls.name} %value [signed|unsigned] : T -> T`"]

    @classmethod
    def parse(cls, parser: Parser) -> ReduxOp:
        value = parser.parse_unresolved_operand()
        signedness = parse_signedness(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        value_type = parser.parse_type()
        parser.parse_punctuation("->")
        result_type = parser.parse_type()
        props = {} if signedness is None else {"signedness": SignednessAttr(signedness)}
        op = cls.create(
            operands=[parser.resolve_operand(value, value_type)],
            result_types=[result_type],
            properties=props,
            attributes=attrs,
        )
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_operand(self.value)
        print_signedness(printer, self.signedness)
        printer.print_op_attributes(self.attributes)
        printer.print_string(f" : {self.value.type} -> {self.result.type}")

    def verify_simt(self) -> None:
        value = self.value.type
        if self.result.type != value:
            raise fail(
                f"{self.name} result type {self.result.type} must equal the value type {value}"
            )
        if not REDUX_TYPES.accepts(value):
            raise fail(f"{self.name} requires i32, f16 or f32 value/result type")
        if not is_int_type(value):
            if self.signedness is not None:
                raise fail(f"{self.name} does not accept signedness for floating-point redux")
        elif self.signedness is None and self.NEEDS_SIGNEDNESS:
            raise fail(f"{self.name} requires explicit signedness for integer redux")


ReduxAddOp = define_op(
    ReduxOp, "ReduxAddOp", "pto.redux_add",
    "The sum over the warp's active lanes (integers wrap; signedness optional).",
    KIND="add", NEEDS_SIGNEDNESS=False,
)  # fmt: skip
ReduxMaxOp = define_op(
    ReduxOp, "ReduxMaxOp", "pto.redux_max", "The maximum over the warp's active lanes.",
    KIND="max",
)  # fmt: skip
ReduxMinOp = define_op(
    ReduxOp, "ReduxMinOp", "pto.redux_min", "The minimum over the warp's active lanes.",
    KIND="min",
)  # fmt: skip

OPS: list[type[IRDLOperation]] = [
    VoteAllOp,
    VoteAnyOp,
    VoteUniOp,
    VoteBallotOp,
    ShuffleIdxOp,
    ShuffleUpOp,
    ShuffleDownOp,
    ShuffleBflyOp,
    ReduxAddOp,
    ReduxMaxOp,
    ReduxMinOp,
]
