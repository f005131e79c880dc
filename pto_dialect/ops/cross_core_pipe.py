"""The cross-core tile pipes between the cube core (AIC) and the vector cores (AIV) of a
block (PTOAS PTOOps.td "Frontend TPUSH/TPOP Pipe Communication Ops"; manual:
system/ops/TPUSH.md, TPOP.md, TFREE.md); the FFTS flags and `syncall` are in `ffts`:

  `pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 1024, slot_num = 8}
       (c2v_consumer_buf = %b : i32, v2c_consumer_buf = %z : i32)`   (and `aiv_...`)
  `pto.tpush_to_aiv(%acc : !pto.tile_buf<...>) {id = 0, split = 1}`
  `pto.tpush_to_aic(%t : !pto.tile_buf<...>) {id = 0, split = 1}`
  `%t = pto.tpop_from_aic {id = 0, split = 1} -> !pto.tile_buf<...>`   (and `_from_aiv`)
  `pto.tfree_from_aic {id = 0, split = 1}`   (and `_from_aiv`)

`dir_mask`: 1 cube-to-vector (C2V), 2 vector-to-cube (V2C), 3 both; `slot_num` defaults to 8
(4 for both directions), PTOAS's verifier. `split`: 0 the whole tile, 1 halves by rows, 2
by columns (one half per vector subblock). The run-time semantics are in
`interpreters/machine/cluster.py` and docs/semantics.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar, cast

from xdsl.dialects import func
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, i8, i32
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
    var_operand_def,
)
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer

from pto_dialect.attrs import (
    KernelKind,
    KernelKindAttr,
    Pipe,
    TargetArch,
)
from pto_dialect.memory_types import TensorViewType
from pto_dialect.ops.base import PtoOp, define_op, fail, int_value, target_of
from pto_dialect.ops.fixpipe_epilogue import (
    AccPushEpilogueAttr,
    verify_epilogue,
    verify_pop,
    verify_push,
)
from pto_dialect.records import CostFormula, Formula, NoCycles
from pto_dialect.tile_types import TileTypeBase

_PAGES = "system/ops/"
_SYNC = NoCycles("synchronisation: no cycles of its own")
_MOVE = NoCycles("a slot hand-over: the data moves with the producer's transfer")

DIR_C2V = 1
DIR_V2C = 2
DIR_BOTH = 3
SPLITS = (0, 1, 2, 3, 4)
"""TILE_NO_SPLIT, TILE_UP_DOWN (rows), TILE_LEFT_RIGHT (columns), TILE_UP_DOWN_ODD,
TILE_LEFT_RIGHT_ODD (PTOAS PTOAttrs.td `TileSplitAxis`)."""
ODD_SPLITS = (3, 4)
"""The odd splits: AIV0 takes ceil(n / 2) of the valid rows (columns), AIV1 the rest (pto-isa
common/fifo.hpp, a2a3 TPush.hpp `subAIVOffset`); only C2V tiles through GM (PTOAS)."""


def split_parity_error(name: str, split: int, entry: Attribute) -> str | None:
    """A C2V producer's split needs a static even count of valid rows (split 1) or columns
    (2), an odd count for 3 and 4 (PTO.cpp `verifyC2VProducerSplitParity`)."""
    if not split:
        return None
    if isinstance(entry, TileTypeBase):
        shape = entry.valid_shape
    elif isinstance(entry, TensorViewType) and len(entry.dims) == 2:
        shape = entry.dims
    else:
        return None
    rows = split in (1, 3)
    extent = shape[0 if rows else 1]
    odd = split in ODD_SPLITS
    if extent < 0 or (extent % 2 == 1) == odd:
        return None
    return (
        f"{name} split {split} needs a static {'odd' if odd else 'even'} count of valid "
        f"{'rows' if rows else 'columns'}, got {extent}"
    )


def kernel_kind_of(op: Operation) -> KernelKind | None:
    """The core kind `op`'s code is for: its section, else its function's `pto.kernel_kind`."""
    from pto_dialect.ops.runtime import SectionCubeOp, SectionVectorOp

    node = op.parent_op()
    while node is not None:
        if isinstance(node, SectionCubeOp):
            return KernelKind.CUBE
        if isinstance(node, SectionVectorOp):
            return KernelKind.VECTOR
        if isinstance(node, func.FuncOp):
            kind = node.attributes.get("pto.kernel_kind")
            return kind.data if isinstance(kind, KernelKindAttr) else None
        node = node.parent_op()
    return None


class CorePipeOp(PtoOp):
    """An op of one side of a cross-core pipe: `SIDE` is the core kind it must run on."""

    SIDE: ClassVar[KernelKind]

    def verify_side(self) -> None:
        kind = kernel_kind_of(self)
        if kind is not None and kind is not self.SIDE:
            raise fail(f"{self.name} must be inside a {self.SIDE.value} kernel function or section")


_INIT_KEYS = ("id", "dir_mask", "slot_size", "slot_num", "local_slot_num", "nosplit")
_EPILOGUE = "acc_push_epilogue"
_INIT_OPERANDS = ("gm_slot_buffer", "gm_slot_tensor", "c2v_consumer_buf", "v2c_consumer_buf")


def parse_pipe_clauses(
    parser: Parser, keys: Sequence[str], required: Sequence[str], attributes: Sequence[str] = ()
) -> dict[str, Attribute]:
    """`{key = value, ...}` of a pipe's initialisation: every key of `keys` at most once and
    the `required` ones present; `nosplit` a boolean, the `attributes` attributes, the others
    integers (`dir_mask` an i8, the rest i32)."""
    props: dict[str, Attribute] = {}

    def clause() -> None:
        pos = parser.pos
        key = parser.parse_identifier()
        if key not in keys or key in props:
            what = "duplicate" if key in props else "unexpected"
            parser.raise_error(f"{what} clause '{key}' (expected {', '.join(keys)})", pos)
        parser.parse_punctuation("=")
        if key in attributes:
            props[key] = parser.parse_attribute()
        elif key == "nosplit":
            props[key] = IntegerAttr(int(parser.parse_boolean()), IntegerType(1))
        else:
            props[key] = IntegerAttr(parser.parse_integer(), i8 if key == "dir_mask" else i32)

    pos = parser.pos
    parser.parse_comma_separated_list(parser.Delimiter.BRACES, clause)
    for key in required:
        if key not in props:
            parser.raise_error(f"expected '{key}' clause", pos)
    return props


def verify_pipe_shape(op: Operation, mask: int, slot_size: int, slot_num: int | None) -> None:
    """PTO.cpp `verifyPipeShape`: a direction mask of 1, 2 or 3 and positive slot sizes and
    counts (`slot_num` None: left to the default)."""
    if mask not in (DIR_C2V, DIR_V2C, DIR_BOTH):
        raise fail(f"{op.name} dir_mask must be 1, 2 or 3, got {mask}")
    if slot_size <= 0:
        raise fail(f"{op.name} slot_size must be greater than 0")
    if slot_num is not None and slot_num <= 0:
        raise fail(f"{op.name} slot_num must be greater than 0")


class InitializePipeOp(CorePipeOp):
    """`{id, dir_mask, slot_size[, slot_num, local_slot_num, nosplit]}(operand = %v : T, ...)`."""

    MANUAL: ClassVar = _PAGES + "TPUSH.md"
    COST: ClassVar = NoCycles("pipe set-up: no cycles of its own")

    pipe_id = prop_def(IntegerAttr[IntegerType], prop_name="id")
    dir_mask = prop_def(IntegerAttr[IntegerType])
    slot_size = prop_def(IntegerAttr[IntegerType])
    slot_num = opt_prop_def(IntegerAttr[IntegerType])
    local_slot_num = opt_prop_def(IntegerAttr[IntegerType])
    nosplit = opt_prop_def(IntegerAttr[IntegerType])
    acc_push_epilogue = opt_prop_def(AccPushEpilogueAttr)
    """The fixpipe of pushes from an accumulator (`pto_dialect.ops.fixpipe_epilogue`)."""
    gm_slot_buffer = opt_operand_def()
    gm_slot_tensor = opt_operand_def()
    c2v_consumer_buf = opt_operand_def()
    v2c_consumer_buf = opt_operand_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @property
    def slots(self) -> int:
        """The slot pool: `slot_num`, else 8 (4 for DIR_BOTH), PTOAS's default."""
        mask = int_value(self.dir_mask)
        return int_value(self.slot_num, 4 if mask == DIR_BOTH else 8)

    @classmethod
    def parse(cls, parser: Parser) -> InitializePipeOp:
        props = parse_pipe_clauses(
            parser, (*_INIT_KEYS, _EPILOGUE), ("dir_mask", "slot_size"), (_EPILOGUE,)
        )
        props.setdefault("id", IntegerAttr(0, i32))
        found: dict[str, tuple[UnresolvedOperand, Attribute]] = {}

        def operand() -> None:
            pos = parser.pos
            key = parser.parse_identifier()
            if key not in _INIT_OPERANDS or key in found:
                what = "duplicate" if key in found else "unexpected initialize_pipe"
                parser.raise_error(f"{what} operand '{key}'", pos)
            parser.parse_punctuation("=")
            value = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            found[key] = (value, parser.parse_type())

        parser.parse_comma_separated_list(parser.Delimiter.PAREN, operand)
        attrs = parser.parse_optional_attr_dict()
        operands: list[list[SSAValue]] = []
        for key in _INIT_OPERANDS:
            entry = found.get(key)
            operands.append([] if entry is None else [parser.resolve_operand(*entry)])
        op = cls.build(operands=operands, properties=props)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        clauses = [f"id = {int_value(self.pipe_id)}", f"dir_mask = {int_value(self.dir_mask)}",
                   f"slot_size = {int_value(self.slot_size)}"]  # fmt: skip
        for key in ("slot_num", "local_slot_num"):
            if (value := self.properties.get(key)) is not None:
                clauses.append(f"{key} = {int_value(value)}")
        if self.nosplit is not None:
            clauses.append(f"nosplit = {'true' if int_value(self.nosplit) else 'false'}")
        printer.print_string(" {" + ", ".join(clauses))
        if self.acc_push_epilogue is not None:
            printer.print_string(f", {_EPILOGUE} = ")
            printer.print_attribute(self.acc_push_epilogue)
        printer.print_string("}(")
        first = True
        for key in _INIT_OPERANDS:
            value = cast(SSAValue | None, getattr(self, key))
            if value is None:
                continue
            printer.print_string(("" if first else ", ") + f"{key} = ")
            printer.print_operand(value)
            printer.print_string(" : ")
            printer.print_attribute(value.type)
            first = False
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        self.verify_side()
        mask = int_value(self.dir_mask)
        if int_value(self.pipe_id) < 0:
            raise fail(f"{self.name} id must be non-negative")
        slot_num = None if self.slot_num is None else int_value(self.slot_num)
        verify_pipe_shape(self, mask, int_value(self.slot_size), slot_num)
        if self.acc_push_epilogue is not None:
            verify_epilogue(self, self.acc_push_epilogue, mask)
        if self.gm_slot_tensor is None:
            c2v, v2c = self.c2v_consumer_buf is not None, self.v2c_consumer_buf is not None
            if mask & DIR_C2V and not c2v:
                raise fail(f"{self.name} needs c2v_consumer_buf when dir_mask is {mask}")
            if mask & DIR_V2C and not v2c:
                raise fail(f"{self.name} needs v2c_consumer_buf when dir_mask is {mask}")
        elif self.gm_slot_buffer is not None:
            raise fail(f"{self.name} gm_slot_tensor cannot be combined with gm_slot_buffer")
        body = self.parent_op()
        while body is not None and not isinstance(body, func.FuncOp):
            body = body.parent_op()
        if body is not None:
            same = [
                o
                for o in body.walk()
                if isinstance(o, InitializePipeOp)
                and int_value(o.pipe_id) == int_value(self.pipe_id)
            ]
            if same[0] is not self:
                raise fail(
                    f"{self.name} id {int_value(self.pipe_id)} is initialised twice in "
                    f"@{body.sym_name.data}"
                )


@irdl_op_definition
class AicInitializePipeOp(InitializePipeOp):
    """Sets up pipe `id` on the cube core."""

    name = "pto.aic_initialize_pipe"
    SIDE: ClassVar = KernelKind.CUBE


@irdl_op_definition
class AivInitializePipeOp(InitializePipeOp):
    """Sets up pipe `id` on the vector cores."""

    name = "pto.aiv_initialize_pipe"
    SIDE: ClassVar = KernelKind.VECTOR


def _parse_id_split(parser: Parser) -> dict[str, Attribute]:
    """`{id = N, split = S}` (`id` optional, default 0)."""
    props: dict[str, Attribute] = {}

    def clause() -> None:
        pos = parser.pos
        key = parser.parse_identifier()
        if key not in ("id", "split") or key in props:
            parser.raise_error(f"unexpected clause '{key}' (expected id, split)", pos)
        parser.parse_punctuation("=")
        props[key] = IntegerAttr(parser.parse_integer(), i8 if key == "split" else i32)

    pos = parser.pos
    parser.parse_comma_separated_list(parser.Delimiter.BRACES, clause)
    if "split" not in props:
        parser.raise_error("expected 'split' clause", pos)
    props.setdefault("id", IntegerAttr(0, i32))
    return props


def init_of(op: Operation, pipe_id: int) -> InitializePipeOp | None:
    """The initialize_pipe of `pipe_id` in `op`'s function (PTOAS looks it up there)."""
    body = op.parent_op()
    while body is not None and not isinstance(body, func.FuncOp):
        body = body.parent_op()
    if body is None:
        return None
    for node in body.walk():
        if isinstance(node, InitializePipeOp) and int_value(node.pipe_id) == pipe_id:
            return node
    return None


def epilogue_of(op: Operation, pipe_id: int) -> AccPushEpilogueAttr | None:
    """The epilogue of pipe `pipe_id` as `op`'s function initialises it."""
    init = init_of(op, pipe_id)
    return None if init is None else init.acc_push_epilogue


class PipeEndOp(CorePipeOp):
    """A push, pop or free of pipe `id` with `split`."""

    COST: ClassVar = _MOVE
    DIRECTION: ClassVar[int]
    """The direction bit of the pipe it uses (DIR_C2V or DIR_V2C)."""

    pipe_id = prop_def(IntegerAttr[IntegerType], prop_name="id")
    split = prop_def(IntegerAttr[IntegerType])

    @property
    def id_value(self) -> int:
        return int_value(self.pipe_id)

    @property
    def split_value(self) -> int:
        return int_value(self.split)

    def print_id_split(self, printer: Printer) -> None:
        printer.print_string(f"{{id = {self.id_value}, split = {self.split_value}}}")

    def entry_type(self) -> Attribute | None:
        """The type of the tile or GM entry the op names (None: a free without one)."""
        return None

    def verify_(self) -> None:
        self.verify_side()
        name, split = self.name, self.split_value
        if split not in SPLITS:
            raise fail(f"{name} split must be 0, 1, 2, 3 or 4, got {split}")
        if split not in ODD_SPLITS:
            return
        if self.DIRECTION != DIR_C2V:
            raise fail(f"{name} takes an odd split (3, 4) only on a C2V GM-backed tile pipe")
        if isinstance(self.entry_type(), TensorViewType):
            raise fail(f"{name} takes an odd split (3, 4) only for tile entries")
        init = _init_of(self)
        if init is not None:
            a5 = target_of(self).arch is TargetArch.A5
            gm = init.gm_slot_tensor is not None or (not a5 and init.gm_slot_buffer is not None)
            if not (int_value(init.dir_mask) == DIR_C2V and gm and init.c2v_consumer_buf):
                raise fail(
                    f"{name} takes an odd split (3, 4) only on a C2V-only pipe with GM slots "
                    "and a c2v_consumer_buf"
                )


def _init_of(op: PipeEndOp) -> InitializePipeOp | None:
    """The init of `op`'s pipe id in its function (None: none there)."""
    node = op.parent_op()
    while node is not None and not isinstance(node, func.FuncOp):
        node = node.parent_op()
    for other in () if node is None else node.walk():
        if isinstance(other, InitializePipeOp) and int_value(other.pipe_id) == op.id_value:
            return other
    return None


class PushOp(PipeEndOp):
    """`(%tile : T) {id, split}`: the producer fills the next free slot with `tile`."""

    MANUAL: ClassVar = _PAGES + "TPUSH.md"
    COST: ClassVar = Formula(
        CostFormula.TRANSFER,
        "the tile's bytes into the consumer's buffer on A5 (L0C -> UB, UB -> L1 at the default "
        "on-chip rate), into the GM FIFO elsewhere (pto-isa TPush.hpp)",
    )

    tile = var_operand_def()

    @classmethod
    def parse(cls, parser: Parser) -> PushOp:
        parser.parse_punctuation("(")
        value = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        tile = parser.resolve_operand(value, parser.parse_type())
        parser.parse_punctuation(")")
        props = _parse_id_split(parser)
        extra: list[SSAValue] = []
        if parser.parse_optional_keyword("aiv_subblockid") is not None:
            parser.parse_punctuation("(")
            extra.append(parser.resolve_operand(parser.parse_unresolved_operand(), IntegerType(64)))
            parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        op = cls.build(operands=[[tile, *extra]], properties=props)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string("(")
        printer.print_operand(self.tile[0])
        printer.print_string(" : ")
        printer.print_attribute(self.tile[0].type)
        printer.print_string(") ")
        self.print_id_split(printer)
        if len(self.tile) > 1:
            printer.print_string(" aiv_subblockid(")
            printer.print_operand(self.tile[1])
            printer.print_string(")")
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        super().verify_()
        if not 1 <= len(self.tile) <= 2 or not isinstance(
            self.tile[0].type, TileTypeBase | TensorViewType
        ):
            raise fail(f"{self.name} pushes one tile or one GM FIFO entry (a tensor_view)")
        if self.DIRECTION == DIR_C2V:
            error = split_parity_error(self.name, self.split_value, self.tile[0].type)
            if error is not None:
                raise fail(error)
            if isinstance(tile := self.tile[0].type, TileTypeBase):
                epilogue = epilogue_of(self, self.id_value)
                if epilogue is not None:
                    verify_push(self, epilogue, self.id_value, self.split_value, tile.element)

    def entry_type(self) -> Attribute | None:
        return self.tile[0].type if self.tile else None


class PopOp(PipeEndOp):
    """`[(%vr, %vc)] {id, split} -> T`: the consumer takes the oldest filled slot."""

    MANUAL: ClassVar = _PAGES + "TPOP.md"

    extents = var_operand_def()
    tile = result_def()
    """A tile, or the GM FIFO entry (a tensor_view) of a pipe with a GM slot buffer."""

    @classmethod
    def parse(cls, parser: Parser) -> PopOp:
        extents: list[SSAValue] = []
        if parser.parse_optional_punctuation("(") is not None:
            for i in range(2):
                if i:
                    parser.parse_punctuation(",")
                extents.append(parser.resolve_operand(parser.parse_unresolved_operand(),
                                                      IndexType()))  # fmt: skip
            parser.parse_punctuation(")")
        props = _parse_id_split(parser)
        if parser.parse_optional_keyword("aiv_subblockid") is not None:
            parser.parse_punctuation("(")
            extents.append(parser.resolve_operand(parser.parse_unresolved_operand(),
                                                  IntegerType(64)))  # fmt: skip
            parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation("->")
        result = parser.parse_type()
        op = cls.build(operands=[extents], properties=props, result_types=[result])
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        valid = [v for v in self.extents if isinstance(v.type, IndexType)]
        if valid:
            printer.print_string(" (")
            printer.print_list(valid, printer.print_operand)
            printer.print_string(")")
        printer.print_string(" ")
        self.print_id_split(printer)
        sub = [v for v in self.extents if not isinstance(v.type, IndexType)]
        if sub:
            printer.print_string(" aiv_subblockid(")
            printer.print_operand(sub[0])
            printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" -> ")
        printer.print_attribute(self.tile.type)

    def entry_type(self) -> Attribute | None:
        return self.tile.type

    def valid_extents(self) -> list[SSAValue]:
        return [v for v in self.extents if isinstance(v.type, IndexType)]

    def verify_(self) -> None:
        super().verify_()
        if len(self.valid_extents()) not in (0, 2):
            raise fail(f"{self.name} takes both valid extents or none")
        result = self.tile.type
        if self.split_value in ODD_SPLITS and not self.valid_extents():
            raise fail(f"{self.name} with an odd split needs its own valid extents (rows, cols)")
        if not isinstance(result, TileTypeBase) and not static_entry(result):
            raise fail(
                f"{self.name} gives a tile or a GM FIFO entry (a static tensor_view of 2 or more "
                "dimensions), "
                f"got {result}"
            )
        if self.DIRECTION == DIR_C2V and isinstance(result, TileTypeBase):
            epilogue = epilogue_of(self, self.id_value)
            if epilogue is not None:
                verify_pop(self, epilogue, self.id_value, self.split_value, result.element)


class FreeOp(PipeEndOp):
    """`[(%entry : T)] {id, split}`: the consumer releases its oldest popped slot."""

    MANUAL: ClassVar = _PAGES + "TFREE.md"

    entry = var_operand_def()

    @classmethod
    def parse(cls, parser: Parser) -> FreeOp:
        entry: list[SSAValue] = []
        if parser.parse_optional_punctuation("(") is not None:
            value = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            entry.append(parser.resolve_operand(value, parser.parse_type()))
            parser.parse_punctuation(")")
        props = _parse_id_split(parser)
        attrs = parser.parse_optional_attr_dict()
        op = cls.build(operands=[entry], properties=props)
        op.attributes |= attrs
        return op

    def entry_type(self) -> Attribute | None:
        return self.entry[0].type if self.entry else None

    def print(self, printer: Printer) -> None:
        if self.entry:
            printer.print_string("(")
            printer.print_operand(self.entry[0])
            printer.print_string(" : ")
            printer.print_attribute(self.entry[0].type)
            printer.print_string(")")
        printer.print_string(" ")
        self.print_id_split(printer)
        printer.print_op_attributes(self.attributes)


def static_entry(type: Attribute) -> bool:
    """A GM FIFO entry's type: a tensor_view of static shape, at least 2-d (rows and columns
    last; PTOAS test/lit/pto/tpush_tpop_globaltensor_split_half_slot_a3.pto: 4x128x128)."""
    return isinstance(type, TensorViewType) and len(type.dims) >= 2 and min(type.dims) > 0


class AllocOp(PipeEndOp):
    """`{id, split} -> !pto.tensor_view<RxCxT>`: the producer takes the next free slot of a
    GM FIFO and gets its GM as a view to write (then `tpush` the view to hand it over);
    pto-isa TALLOC."""

    MANUAL: ClassVar = "TALLOC.md"

    entry = result_def(TensorViewType)

    @classmethod
    def parse(cls, parser: Parser) -> AllocOp:
        props = _parse_id_split(parser)
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation("->")
        op = cls.build(properties=props, result_types=[parser.parse_type()])
        op.attributes |= attrs
        return op

    def entry_type(self) -> Attribute | None:
        return self.entry.type

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        self.print_id_split(printer)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" -> ")
        printer.print_attribute(self.entry.type)

    def verify_(self) -> None:
        super().verify_()
        if not static_entry(self.entry.type):
            raise fail(f"{self.name} entry must be a static tensor_view of 2 or more dimensions")


# Pipes: pto-isa include/pto/common/event.hpp (TPUSH of an acc tile runs on FIX, of a vec
# tile on MTE3; TPOP/TFREE are flag waits/sets on the consumer's scalar pipe).
V, C = KernelKind.VECTOR, KernelKind.CUBE
TPushToAivOp = define_op(
    PushOp, "TPushToAivOp", "pto.tpush_to_aiv",
    "The cube core pushes a tile to the vector cores (C2V).",
    SIDE=C, DIRECTION=DIR_C2V, PIPE=Pipe.FIX,
)  # fmt: skip
TPushToAicOp = define_op(
    PushOp, "TPushToAicOp", "pto.tpush_to_aic",
    "A vector core pushes a tile to the cube core (V2C).",
    SIDE=V, DIRECTION=DIR_V2C, PIPE=Pipe.MTE3,
)  # fmt: skip
TPopFromAicOp = define_op(
    PopOp, "TPopFromAicOp", "pto.tpop_from_aic",
    "A vector core pops a tile the cube core pushed (C2V).",
    SIDE=V, DIRECTION=DIR_C2V, PIPE=Pipe.S,
)  # fmt: skip
TPopFromAivOp = define_op(
    PopOp, "TPopFromAivOp", "pto.tpop_from_aiv",
    "The cube core pops a tile the vector cores pushed (V2C).",
    SIDE=C, DIRECTION=DIR_V2C, PIPE=Pipe.S,
)  # fmt: skip
TAllocToAivOp = define_op(
    AllocOp, "TAllocToAivOp", "pto.talloc_to_aiv",
    "The cube core takes a C2V GM FIFO slot to write.",
    SIDE=C, DIRECTION=DIR_C2V, PIPE=Pipe.S,
)  # fmt: skip
TAllocToAicOp = define_op(
    AllocOp, "TAllocToAicOp", "pto.talloc_to_aic",
    "A vector core takes a V2C GM FIFO slot to write.",
    SIDE=V, DIRECTION=DIR_V2C, PIPE=Pipe.S,
)  # fmt: skip
TFreeFromAicOp = define_op(
    FreeOp, "TFreeFromAicOp", "pto.tfree_from_aic",
    "A vector core frees its oldest popped C2V slot.",
    SIDE=V, DIRECTION=DIR_C2V, PIPE=Pipe.S,
)  # fmt: skip
TFreeFromAivOp = define_op(
    FreeOp, "TFreeFromAivOp", "pto.tfree_from_aiv",
    "The cube core frees its oldest popped V2C slot.",
    SIDE=C, DIRECTION=DIR_V2C, PIPE=Pipe.S,
)  # fmt: skip


PIPE_ENDS: tuple[type[PipeEndOp], ...] = (
    TAllocToAivOp,
    TAllocToAicOp,
    TPushToAivOp,
    TPushToAicOp,
    TPopFromAicOp,
    TPopFromAivOp,
    TFreeFromAicOp,
    TFreeFromAivOp,
)


OPS: list[type[IRDLOperation]] = [
    AicInitializePipeOp,
    AivInitializePipeOp,
    *PIPE_ENDS,
]
