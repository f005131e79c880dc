"""The tile chapter's synchronisation: `tsync` (tile/ops/sync-and-config/tsync.md).

- `pto.tsync ins(%a, %b : T, U)` (PTOAS `TSyncOp`: tile buffers, tiles, partition views or
  memrefs; its early-2026 form `ins(%e : T) outs(%d : U)` parses to the same op): the event
  form, `TSYNC(events...)`. Everything after it waits until the earlier ops that wrote those
  operands' bytes have completed (the scalar unit blocks: every pipe's later work is ordered
  after those writes, nothing else). With no operand (`ins( : )`, PTOAS's empty variadic) it
  is a no-op (tsync.md).
- `pto.tsync.op #pto.op<TADD>` (the manual's barrier form `TSYNC<Op>()`): a `pipe_barrier` on
  the pipe of the op class (pto-isa's `OpPipeEntry`, `OP_CLASS_PIPES`). A member of the
  `PipeBarrier` family with `pto.barrier`: every pass, the pipe model and the checker see that
  barrier. The pipes allowed per target are pto-isa's `TSYNC_IMPL` static asserts
  (`BARRIER_PIPES`): A2/A3 S/V/M/MTE1/MTE2/MTE3/FIX/ALL, A5 only MTE2/MTE3/ALL, the CPU
  simulator any (a no-op there). The page says vector-pipeline classes only; the
  implementation wins (docs/decisions.md).

The manual's `tsync %e : !pto.event<...>` spelling needs an event type no PTOAS parser has;
PTOAS passes the tiles themselves.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import MemRefType, StringAttr, TensorType
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, prop_def, var_operand_def
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Pipe, PipeAttr
from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.base import (
    PtoOp,
    fail,
    parse_operands_colon_types,
    print_values_colon_types,
    resolve,
    target_of,
)
from pto_dialect.ops.sync import PipeBarrier
from pto_dialect.records import NoCycles, PerTarget, PipeRule
from pto_dialect.tile_types import TileTypeBase

_PAGE = "tile/ops/sync-and-config/tsync.md"
_SYNC_COST = NoCycles("synchronisation: no cycles of its own")


def _pipes(**groups: str) -> dict[str, Pipe]:
    return {name: Pipe[pipe] for pipe, names in groups.items() for name in names.split()}


OP_CLASS_PIPES: dict[str, Pipe] = _pipes(
    MTE2="TLOAD TEXPANDS_MAT TPREFETCH TFILLPAD_MAT MGATHER_MAT",
    MTE3="TSTORE_VEC TSTORE_MAT",
    S="SCALAR TRESHAPE TCI SETFMATRIX SET_IMG2COL_RPT SET_IMG2COL_PADDING",
    FIX="TMOV_V2M TEXTRACT_V2M TMOV_M2S TMOV_A2V TMOV_A2M TSTORE_ACC TEXTRACT_A2M TINSERT_A2M",
    MTE1="TMOV_M2B TMOV_M2L TMOV_M2R TEXTRACT_M2LR TIMG2COL",
    M="TMATMUL TGEMV",
    V="VECTOR TADD TADDS TAXPY TSUB TMUL TMULS TDIV TDIVS TMIN TMINS TMAX TAND TOR TSEL TSHL "
    "TSHR TEXP TSELS TSQRT TRSQRT TEXPANDS TPARTADD TPARTMUL TPARTMAX TPARTMIN TPOW TPOWS TCMPS "
    "TMRGSORT TSORT32 TGATHER TGATHERB TCVT TROWSUM TROWPROD TROWMAX TROWMIN TROWEXPAND "
    "TRANDOM TCOLSUM TCOLPROD TCOLMAX TCOLMIN TTRANS TTRI TREM TFMOD TREMS TFMODS TSUBS TMAXS "
    "TLRELU TPRELU TMOV_V2V TANDS TORS TSHLS TSHRS TXOR TXORS TCONCAT TDEQUANT TADDDEQRELU "
    "TABS TNEG TRELU TNOT TLOG TRECIP TCMP TSCATTER TCOLEXPAND TCOLEXPANDDIV TCOLEXPANDMUL "
    "TCOLEXPANDADD TCOLEXPANDMAX TCOLEXPANDMIN TCOLEXPANDSUB TCOLEXPANDEXPDIF TROWEXPANDDIV "
    "TROWEXPANDMUL TROWEXPANDSUB TROWEXPANDADD TROWEXPANDMAX TROWEXPANDMIN TROWEXPANDEXPDIF "
    "TPAIRREDUCESUM TSUBRELUCONV TADDRELUCONV TFUSEDMULADD TMULADDDST TSUBRELU "
    "TFUSEDMULADDRELU TPARTARGMAX TPARTARGMIN TCOLARGMAX TCOLARGMIN TROWARGMAX TROWARGMIN "
    "TFILLPAD_VEC MGATHER_VEC MSCATTER TQUANT THISTOGRAM TINTERLEAVE TDEINTERLEAVE",
)
"""The pipe of each of pto-isa's `Op` classes (include/pto/common/event.hpp `OpPipeEntry`,
2026-08-21: every enumerator has an entry)."""

BARRIER_PIPES: PerTarget[frozenset[Pipe]] = PerTarget(
    a2a3=frozenset(Pipe),  # npu/a2a3/TSync.hpp: S / V / M / MTE1 / MTE2 / MTE3 / FIX / ALL
    a5=frozenset({Pipe.MTE2, Pipe.MTE3, Pipe.ALL}),  # npu/a5/TSync.hpp
    cpu=frozenset(Pipe),  # cpu/TSync.hpp: an empty body, no assert
)
"""The pipes `TSYNC<Op>()` may barrier, per target."""

_OP_ATTR = "#pto.op"


def _event_type_ok(t: Attribute) -> bool:
    """PTOAS's `PTODpsType` (a ranked tensor, a partition view, a tile buffer) and the memrefs
    its 2026-04 tests pass."""
    return isinstance(t, TileTypeBase | PartitionTensorViewType | MemRefType | TensorType)


@irdl_op_definition
class TSyncOp(PtoOp):
    """`TSYNC(events...)`: later work waits for the earlier writes of the operands' bytes."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    name = "pto.tsync"

    MANUAL: ClassVar = _PAGE
    COST: ClassVar = _SYNC_COST
    PIPE: ClassVar[Pipe] = Pipe.S  # the scalar unit blocks (tsync.md, Side Effects)

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The forms, as the reference prints them."""
        return [
            "- `pto.tsync ins(%a, %b : T, U)` (PTOAS; `ins( : )`: no operand, a no-op)",
            "- `pto.tsync ins(%e : T) outs(%d : U)` (PTOAS 2026-03; prints as one `ins` list)",
        ]

    events = var_operand_def()

    def __init__(self, events: list[SSAValue]) -> None:
        super().__init__(operands=[events])

    @classmethod
    def parse(cls, parser: Parser) -> TSyncOp:
        values: list[SSAValue] = []
        for keyword in ("ins", "outs"):
            if parser.parse_optional_keyword(keyword) is None:
                if keyword == "ins":
                    parser.raise_error("pto.tsync expects `ins(%events : types)`")
                continue
            with parser.in_parens():
                if parser.parse_optional_punctuation(":") is None:
                    values += resolve(parser, *parse_operands_colon_types(parser))
        op = cls(values)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ins(")
        if self.events:
            print_values_colon_types(printer, self.events)
        else:
            printer.print_string(" : ")
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        for i, value in enumerate(self.events):
            if not _event_type_ok(value.type):
                raise fail(
                    f"pto.tsync event {i} must be a tile, a tile buffer, a partition tensor "
                    f"view, a memref or a tensor, got {value.type}"
                )


@irdl_op_definition
class TSyncBarrierOp(PipeBarrier):
    """`TSYNC<Op>()`: a barrier on the pipe of the op class `op_class` (`target_pipe`, which
    the parser and the builder derive from it)."""

    name = "pto.tsync.op"

    MANUAL: ClassVar = _PAGE

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The form, as the reference prints it."""
        return ["- `pto.tsync.op #pto.op<C>` (tsync.md; C one of pto-isa's `Op` enumerators)"]

    PIPE_RULES: ClassVar = (PipeRule("the pipe of its op class (pto-isa `OpPipeEntry`)", None),)

    op_class = prop_def(StringAttr)

    def __init__(self, op_class: str) -> None:
        pipe = OP_CLASS_PIPES.get(op_class, Pipe.ALL)
        super().__init__(
            properties={"target_pipe": PipeAttr(pipe), "op_class": StringAttr(op_class)}
        )

    @classmethod
    def parse(cls, parser: Parser) -> TSyncBarrierOp:
        parser.parse_characters(_OP_ATTR, f" in pto.tsync.op (`{_OP_ATTR}<OP_CLASS>`)")
        with parser.in_angle_brackets():
            start = parser.pos
            name = parser.parse_identifier(" (an op class, e.g. TADD)")
            if name not in OP_CLASS_PIPES:
                parser.raise_error(
                    f"unknown op class {name} (pto-isa's `Op` enumerators)", start, parser.pos
                )
        op = cls(name)
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" {_OP_ATTR}<{self.op_class.data}>")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        name = self.op_class.data
        expected = OP_CLASS_PIPES.get(name)
        if expected is None:
            raise fail(f"pto.tsync.op: unknown op class {name}")
        if self.pipe() is not expected:
            raise fail(
                f"pto.tsync.op target_pipe {self.pipe().value} must be the pipe of {name}, "
                f"{expected.value}"
            )
        target = target_of(self)
        allowed = BARRIER_PIPES[target.arch]
        if expected not in allowed:
            names = "/".join(p.name for p in Pipe if p in allowed)
            raise fail(
                f"pto.tsync.op #pto.op<{name}> barriers {expected.value}: "
                f"{target.arch.value} allows only {names}"
            )


OPS: list[type[IRDLOperation]] = [TSyncOp, TSyncBarrierOp]
