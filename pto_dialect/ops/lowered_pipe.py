"""The lowered cross-core pipe form: a `!pto.pipe` handle and its ends (PTOAS PTOOps.td
`InitializeL2G2LPipeOp` .. `TFreeOp`, verifiers in PTO.cpp `verifyPipeShape`,
`InitializeL2G2LPipeOp::verify` .. `TFreeOp::verify`; design notes in PTOAS
docs/designs/ptoas-tpush-tpop-design.md section 5). PTOAS lowers the frontend ops of
`cross_core_pipe` (`aic_initialize_pipe`, `tpush_to_aiv`, ...) to these:

  `%p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8
        [, local_slot_num = 8][, flag_base = 0][, nosplit = true]}
        (%gm : T[, %local : i32[, %peer_local : i32]]) -> !pto.pipe`   (A2/A3: slots in GM)
  `%p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8[, flag_base = 0]}
        (%local : i32[, %peer_local : i32]) -> !pto.pipe`             (A5: slots on chip)
  `pto.tpush(%tile, %p : T, !pto.pipe) {split = 1} [aiv_subblockid(%s)]`
  `%t = pto.declare_tile -> T` then `pto.tpop(%t, %p : T, !pto.pipe) {split = 1}`
  `pto.tfree(%p : !pto.pipe) {split = 1}` (`pto.tfree(%e, %p : T, !pto.pipe)` for a GM entry)
  `%e = pto.declare_global -> !pto.tensor_view<..>` then `pto.talloc(%e, %p : ..) {split = 0}`

The direction of a push or pop is the running core's: the cube core pushes C2V and pops
V2C, a vector core the other way. `split` 0-4: whole tile, rows, columns, odd rows, odd
columns (PTOAS `TileSplitAxis`). The run-time semantics are in
`interpreters/ops/lowered_pipe.py` and docs/semantics.md.
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, Self, cast

from xdsl.dialects import func
from xdsl.dialects.builtin import IntegerAttr, IntegerType, MemRefType, i8, i64
from xdsl.ir import Attribute, Operation, ParametrizedAttribute, SSAValue, TypeAttribute
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
    result_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import KernelKind, Location, Pipe
from pto_dialect.memory_types import TensorViewType
from pto_dialect.ops.base import PtoOp, fail, int_value
from pto_dialect.ops.cross_core_pipe import (
    DIR_BOTH,
    DIR_C2V,
    DIR_V2C,
    ODD_SPLITS,
    kernel_kind_of,
    parse_pipe_clauses,
    split_parity_error,
    static_entry,
    verify_pipe_shape,
)
from pto_dialect.records import NoCycles, PerTarget, PipeRule, every_target
from pto_dialect.tile_types import TileTypeBase

_PAGES = "system/ops/"
FLAG_IDS = 16
"""Hardware flag ids a pipe's flags come from (PTO.cpp `kMaxHardwareFlagIds`)."""


@irdl_attr_definition
class PipeHandleType(ParametrizedAttribute, TypeAttribute):
    """`!pto.pipe`: an opaque pipe handle; its protocol is on the op that made it."""

    name = "pto.pipe"


def flag_width(mask: int) -> int:
    """Flag ids a pipe takes: a ready/free pair per direction (PTO.cpp `verifyPipeShape`)."""
    return 4 if mask == DIR_BOTH else 2


class LoweredPipeInitOp(PtoOp):
    """`{dir_mask, slot_size, slot_num[, ...]}(%addr : T, ...) -> !pto.pipe`."""

    MANUAL: ClassVar = _PAGES + "TPUSH.md"
    COST: ClassVar = NoCycles("pipe set-up: no cycles of its own")
    KEYS: ClassVar[tuple[str, ...]]
    """The clauses in printing order (`dir_mask`, `slot_size`, `slot_num` are required)."""
    ADDRESSES: ClassVar[tuple[str, ...]]
    """The operands in order; all but the first optional."""

    dir_mask = prop_def(IntegerAttr[IntegerType])
    slot_size = prop_def(IntegerAttr[IntegerType])
    slot_num = prop_def(IntegerAttr[IntegerType])
    flag_base = opt_prop_def(IntegerAttr[IntegerType])
    nosplit = opt_prop_def(IntegerAttr[IntegerType])
    pipe_handle = result_def(PipeHandleType)

    @property
    def mask(self) -> int:
        return int_value(self.dir_mask)

    @property
    def slots(self) -> int:
        return int_value(self.slot_num)

    @abstractmethod
    def local_buffer(self) -> SSAValue | None:
        """The consumer's local FIFO buffer (C2V, or the one direction's)."""

    @classmethod
    def parse(cls, parser: Parser) -> LoweredPipeInitOp:
        props = parse_pipe_clauses(parser, cls.KEYS, cls.KEYS[:3])

        def operand() -> SSAValue:
            value = parser.parse_unresolved_operand()
            parser.parse_punctuation(":")
            return parser.resolve_operand(value, parser.parse_type())

        pos = parser.pos
        values = parser.parse_comma_separated_list(parser.Delimiter.PAREN, operand)
        if not 1 <= len(values) <= len(cls.ADDRESSES):
            parser.raise_error(
                f"expected 1 to {len(cls.ADDRESSES)} operands ({', '.join(cls.ADDRESSES)})", pos
            )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation("->")
        result = parser.parse_type()
        groups: list[list[SSAValue]] = [[v] for v in values]
        groups += [[] for _ in range(len(cls.ADDRESSES) - len(values))]
        op = cls.build(operands=groups, properties=props, result_types=[result])
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        clauses: list[str] = []
        for key in self.KEYS:
            value = self.properties.get(key)
            if value is None:
                continue
            shown = int_value(value)
            text = ("true" if shown else "false") if key == "nosplit" else str(shown)
            clauses.append(f"{key} = {text}")
        printer.print_string(" {" + ", ".join(clauses) + "}(")
        printer.print_list(self.operands, lambda v: _print_typed(printer, v))
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)
        printer.print_string(" -> ")
        printer.print_attribute(self.pipe_handle.type)

    def verify_(self) -> None:
        name, mask = self.name, self.mask
        verify_pipe_shape(self, mask, int_value(self.slot_size), self.slots)
        if self.flag_base is not None and int_value(self.flag_base) < 0:
            raise fail(f"{name} flag_base must be non-negative")
        base = resolved_flag_base(self)
        if base + flag_width(mask) > FLAG_IDS:
            which = "flag_base" if self.flag_base is not None else "the first free flag_base"
            raise fail(
                f"{name} {which} {base} with dir_mask {mask} takes flag ids "
                f"{base}-{base + flag_width(mask) - 1}: past the {FLAG_IDS} hardware flag ids"
            )
        peer = self.operands[-1] if len(self.operands) == len(self.ADDRESSES) else None
        if self.local_buffer() is not None:
            if mask == DIR_BOTH and peer is None:
                raise fail(f"{name} needs peer_local_addr (the V2C buffer) when dir_mask is 3")
            if mask != DIR_BOTH and peer is not None:
                raise fail(f"{name} takes peer_local_addr only when dir_mask is 3")


def resolved_flag_base(init: LoweredPipeInitOp) -> int:
    """`init`'s first flag id: its `flag_base`, else the first even base that no earlier
    init of its function takes (PTOAS PTOResolveReservedBuffersPass: first fit in creation
    order, bases aligned to 2): what pairs a cube kernel's pipe with its vector kernel's."""
    node = init.parent_op()
    while node is not None and not isinstance(node, func.FuncOp):
        node = node.parent_op()
    used: list[tuple[int, int]] = []
    for op in [init] if node is None else node.walk():
        if not isinstance(op, LoweredPipeInitOp):
            continue
        width = flag_width(op.mask)
        base = int_value(op.flag_base, -1)
        if base < 0:
            base = 0
            while any(base < end and start < base + width for start, end in used):
                base += 2
        if op is init:
            return base
        used.append((base, base + width))
    raise AssertionError("an init outside its own function")


def _print_typed(printer: Printer, value: SSAValue) -> None:
    printer.print_operand(value)
    printer.print_string(" : ")
    printer.print_attribute(value.type)


@irdl_op_definition
class InitializeL2G2LPipeOp(LoweredPipeInitOp):
    """A pipe whose slots are in GM (A2/A3): `gm_addr` the slots (a GM pointer, memref or
    tensor_view: then a GM FIFO of entries), `local_addr` the consumer's local FIFO."""

    name = "pto.initialize_l2g2l_pipe"
    KEYS: ClassVar = ("dir_mask", "slot_size", "slot_num", "local_slot_num", "flag_base",
                      "nosplit")  # fmt: skip
    ADDRESSES: ClassVar = ("gm_addr", "local_addr", "peer_local_addr")

    local_slot_num = opt_prop_def(IntegerAttr[IntegerType])
    gm_addr = operand_def()
    local_addr = opt_operand_def()
    peer_local_addr = opt_operand_def()
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    def local_buffer(self) -> SSAValue | None:
        return self.local_addr

    def verify_(self) -> None:
        if self.local_addr is None and self.local_slot_num is not None:
            raise fail(f"{self.name} takes local_slot_num only with a local_addr")
        if self.local_slot_num is not None:
            local = int_value(self.local_slot_num)
            if not 0 < local <= self.slots:
                raise fail(f"{self.name} local_slot_num must be in [1, slot_num], got {local}")
        super().verify_()


@irdl_op_definition
class InitializeL2LPipeOp(LoweredPipeInitOp):
    """A pipe whose slots are on chip (A5): `local_addr` the consumer's FIFO buffer."""

    name = "pto.initialize_l2l_pipe"
    KEYS: ClassVar = ("dir_mask", "slot_size", "slot_num", "flag_base", "nosplit")
    ADDRESSES: ClassVar = ("local_addr", "peer_local_addr")

    local_addr = operand_def()
    peer_local_addr = opt_operand_def()

    def local_buffer(self) -> SSAValue | None:
        return self.local_addr


def _parse_split(parser: Parser) -> IntegerAttr[IntegerType]:
    """`{split = N}`."""
    parser.parse_punctuation("{")
    parser.parse_keyword("split")
    parser.parse_punctuation("=")
    split = IntegerAttr(parser.parse_integer(), i8)
    parser.parse_punctuation("}")
    return split


class LoweredPipeEndOp(PtoOp):
    """`(%entry, %pipe : T, !pto.pipe) {split = N}`: one end of a lowered pipe."""

    COST: ClassVar = NoCycles("a slot hand-over: the data moves with the producer's transfer")
    PRODUCER: ClassVar[bool]
    """Whether the op is the producer's (push, alloc) or the consumer's (pop, free)."""

    split = prop_def(IntegerAttr[IntegerType])

    @property
    def handle(self) -> SSAValue:
        """The `!pto.pipe` operand (each end's `pipe_operand`)."""
        return next(v for v in self.operands if isinstance(v.type, PipeHandleType))

    @property
    @abstractmethod
    def entry_value(self) -> SSAValue | None:
        """The tile or GM entry the op names (None: a free without one)."""

    @property
    def split_value(self) -> int:
        return int_value(self.split)

    def init(self) -> LoweredPipeInitOp | None:
        owner = self.handle.owner
        return owner if isinstance(owner, LoweredPipeInitOp) else None

    def direction(self, kind: KernelKind) -> int:
        """The direction this op moves data in when `kind` runs it."""
        cube = kind is KernelKind.CUBE
        return DIR_C2V if cube == self.PRODUCER else DIR_V2C

    def print_split(self, printer: Printer) -> None:
        printer.print_string(f" {{split = {self.split_value}}}")

    def verify_(self) -> None:
        name, split = self.name, self.split_value
        kind = kernel_kind_of(self)
        if kind is None:
            raise fail(f"{name} must be inside pto.section.cube/vector or a kernel_kind function")
        init = self.init()
        if init is None:
            raise fail(
                f"{name} pipe handle must come from pto.initialize_l2l_pipe or "
                "pto.initialize_l2g2l_pipe"
            )
        if not 0 <= split <= 4:
            raise fail(f"{name} split must be 0, 1, 2, 3 or 4, got {split}")
        entry = self.entry_value
        entry_type = None if entry is None else entry.type
        if split in ODD_SPLITS:
            if not (
                self.direction(kind) == DIR_C2V
                and isinstance(init, InitializeL2G2LPipeOp)
                and init.mask == DIR_C2V
                and init.local_addr is not None
            ):
                raise fail(
                    f"{name} takes an odd split (3, 4) only on a C2V-only "
                    "pto.initialize_l2g2l_pipe with a local consumer buffer"
                )
            if isinstance(entry_type, TensorViewType):
                raise fail(f"{name} takes an odd split (3, 4) only for tile entries")
        if isinstance(entry_type, TensorViewType):
            _verify_gm_entry(self, init, entry_type)

    def verify_tile_side(self, sub: SSAValue | None) -> None:
        """The rules of a tile-carrying push or pop: the split's parity and `aiv_subblockid`."""
        entry = self.entry_value
        assert entry is not None
        if sub is None:
            return
        name = self.name
        if self.split_value == 0:
            raise fail(f"{name} takes aiv_subblockid only with split 1, 2, 3 or 4")
        if isinstance(entry.type, TensorViewType):
            raise fail(f"{name} takes no aiv_subblockid for a tensor_view entry")
        if not isinstance(entry.type, TileTypeBase) or entry.type.location is not Location.VEC:
            raise fail(f"{name} takes aiv_subblockid only for a vector tile (loc=vec)")


def _verify_gm_entry(op: LoweredPipeEndOp, init: LoweredPipeInitOp, entry: TensorViewType) -> None:
    """A GM FIFO entry: its pipe is a global-only l2g2l pipe whose slot view it matches, and
    it fills the slot (or half of it, split)."""
    name = op.name
    if not isinstance(init, InitializeL2G2LPipeOp) or init.local_addr is not None:
        raise fail(
            f"{name} takes a tensor_view entry only on a pto.initialize_l2g2l_pipe without "
            "local_addr"
        )
    slot = init.gm_addr.type
    if not isinstance(slot, TensorViewType):
        raise fail(
            f"{name} takes a tensor_view entry only on a pipe whose gm_addr is a tensor_view"
        )
    if slot.element != entry.element:
        raise fail(f"{name} entry element type must be the pipe's gm_addr element type")
    if len(slot.dims) != len(entry.dims):
        raise fail(f"{name} entry rank must be the pipe's gm_addr rank")
    for i, (want, got) in enumerate(zip(slot.dims, entry.dims, strict=True)):
        if want >= 0 and got >= 0 and want != got:
            raise fail(f"{name} entry dimension {i} must be the pipe's gm_addr dimension {want}")
    if min(entry.dims) >= 0:
        size, slot_size = entry.element.bytes, int_value(init.slot_size)
        for d in entry.dims:
            size *= d
        split = op.split_value != 0
        if size != slot_size and not (split and 2 * size == slot_size):
            half = " or half of it for a split entry" if split else ""
            raise fail(f"{name} entry of {size} bytes must fill the slot_size {slot_size}{half}")


def _tile_pipe(location: Location) -> Pipe | None:
    return {Location.ACC: Pipe.FIX, Location.VEC: Pipe.MTE3}.get(location)


def _tile_of(op: Operation) -> Attribute:
    entry = cast(LoweredPipeEndOp, op).entry_value
    assert entry is not None
    return entry.type


def _pushes_acc(op: Operation) -> bool:
    tile = _tile_of(op)
    return isinstance(tile, TileTypeBase) and tile.location is Location.ACC


def _pops_tile(op: Operation) -> bool:
    return isinstance(_tile_of(op), TileTypeBase)


class EntryAndPipeOp(LoweredPipeEndOp):
    """`(%entry, %pipe : T, !pto.pipe) {split = N}`, then `[aiv_subblockid(%s)]` where
    `SUBBLOCK` (a third, optional operand)."""

    SUBBLOCK: ClassVar[bool] = False

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        entry, pipe = _parse_entry_and_pipe(parser)
        split = _parse_split(parser)
        operands: list[SSAValue | list[SSAValue]] = [entry, pipe]
        if cls.SUBBLOCK:
            operands.append(_parse_subblock(parser))
        attrs = parser.parse_optional_attr_dict()
        op = cls.build(operands=operands, properties={"split": split})
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        entry = self.entry_value
        assert entry is not None
        _print_entry_and_pipe(printer, entry, self.handle)
        self.print_split(printer)
        _print_subblock(printer, self.operands[2] if len(self.operands) > 2 else None)
        printer.print_op_attributes(self.attributes)


class EntryPipeEndOp(EntryAndPipeOp):
    """`tpush` / `tpop`: `(%entry, %pipe : T, !pto.pipe) {split = N} [aiv_subblockid]`."""

    SUBBLOCK: ClassVar = True
    tile = operand_def()
    pipe_operand = operand_def(PipeHandleType)
    aiv_subblockid = opt_operand_def(IntegerType)

    @property
    def entry_value(self) -> SSAValue | None:
        return self.tile


@irdl_op_definition
class TPushOp(EntryPipeEndOp):
    """The producer fills the next free slot with a tile, or commits a talloc'd GM entry."""

    name = "pto.tpush"
    MANUAL: ClassVar = _PAGES + "TPUSH.md"
    PRODUCER: ClassVar = True
    PIPE: ClassVar = Pipe.MTE3
    # PTOOps.td TPushOp::getPipe: an acc tile on FIX, a vec tile (and a GM entry) on MTE3
    PIPE_RULES: ClassVar = (
        PipeRule("acc tile", every_target(Pipe.FIX), _pushes_acc, "PTOOps.td TPushOp::getPipe"),
        PipeRule("vec tile or GM entry", every_target(Pipe.MTE3), None,
                 "PTOOps.td TPushOp::getPipe"),
    )  # fmt: skip

    def verify_(self) -> None:
        super().verify_()
        tile = self.tile.type
        if isinstance(tile, TileTypeBase):
            if _tile_pipe(tile.location) is None:
                raise fail(f"{self.name} pushes an acc or vec tile, got loc={tile.location}")
            error = split_parity_error(self.name, self.split_value, tile)
            if error is not None:
                raise fail(error)
        elif not isinstance(tile, TensorViewType):
            raise fail(f"{self.name} pushes a tile or a GM FIFO entry (a tensor_view)")
        self.verify_tile_side(self.aiv_subblockid)


@irdl_op_definition
class TPopOp(EntryPipeEndOp):
    """The consumer binds a declared tile (or GM entry) to the oldest filled slot."""

    name = "pto.tpop"
    MANUAL: ClassVar = _PAGES + "TPOP.md"
    PRODUCER: ClassVar = False
    # PTOOps.td TPopOp::getPipe: a vec/mat tile on MTE2 (A2/A3) or S (A5); a GM entry: S
    PIPE_RULES: ClassVar = (
        PipeRule("tile", PerTarget(Pipe.MTE2, Pipe.S, Pipe.S), _pops_tile,
                 "PTOOps.td TPopOp::getPipe"),
        PipeRule("GM entry", every_target(Pipe.S), None, "the binding of a GM address"),
    )  # fmt: skip

    def verify_(self) -> None:
        super().verify_()
        tile = self.tile.type
        if isinstance(tile, TileTypeBase):
            if tile.location not in (Location.VEC, Location.MAT):
                raise fail(f"{self.name} pops into a vec or mat tile, got loc={tile.location}")
        elif not isinstance(tile, TensorViewType):
            raise fail(f"{self.name} pops into a tile or a GM FIFO entry (a tensor_view)")
        self.verify_tile_side(self.aiv_subblockid)


@irdl_op_definition
class TFreeOp(LoweredPipeEndOp):
    """The consumer releases its oldest popped slot (`%entry`: the GM entry it popped)."""

    name = "pto.tfree"
    MANUAL: ClassVar = _PAGES + "TFREE.md"
    PRODUCER: ClassVar = False

    entry = opt_operand_def()
    pipe_operand = operand_def(PipeHandleType)

    @property
    def entry_value(self) -> SSAValue | None:
        return self.entry

    @classmethod
    def parse(cls, parser: Parser) -> TFreeOp:
        parser.parse_punctuation("(")
        first = parser.parse_unresolved_operand()
        second = None
        if parser.parse_optional_punctuation(",") is not None:
            second = parser.parse_unresolved_operand()
        parser.parse_punctuation(":")
        types = [parser.parse_type()]
        if second is not None:
            parser.parse_punctuation(",")
            types.append(parser.parse_type())
        parser.parse_punctuation(")")
        split = _parse_split(parser)
        attrs = parser.parse_optional_attr_dict()
        values: list[SSAValue] = [parser.resolve_operand(first, types[0])]
        if second is not None:
            values.append(parser.resolve_operand(second, types[1]))
        operands: list[SSAValue | list[SSAValue]] = [values[:-1], values[-1]]
        op = cls.build(operands=operands, properties={"split": split})
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        if self.entry is None:
            printer.print_string("(")
            _print_typed(printer, self.pipe_operand)
            printer.print_string(")")
        else:
            _print_entry_and_pipe(printer, self.entry, self.handle)
        self.print_split(printer)
        printer.print_op_attributes(self.attributes)


@irdl_op_definition
class TAllocOp(EntryAndPipeOp):
    """The producer binds a declared GM entry to the next free slot of a GM FIFO (then writes
    it and pushes it); pto-isa TALLOC."""

    name = "pto.talloc"
    MANUAL: ClassVar = "TALLOC.md"
    PRODUCER: ClassVar = True
    PIPE: ClassVar = Pipe.MTE3  # PTOOps.td TAllocOp::getPipe

    entry = operand_def(TensorViewType)
    pipe_operand = operand_def(PipeHandleType)

    @property
    def entry_value(self) -> SSAValue | None:
        return self.entry

    def verify_(self) -> None:
        super().verify_()
        if not static_entry(self.entry.type):
            raise fail(f"{self.name} entry must be a static tensor_view of 2 or more dimensions")


def _parse_entry_and_pipe(parser: Parser) -> tuple[SSAValue, SSAValue]:
    """`(%entry, %pipe : T, !pto.pipe)`."""
    parser.parse_punctuation("(")
    entry = parser.parse_unresolved_operand()
    parser.parse_punctuation(",")
    pipe = parser.parse_unresolved_operand()
    parser.parse_punctuation(":")
    entry_type = parser.parse_type()
    parser.parse_punctuation(",")
    pipe_type = parser.parse_type()
    parser.parse_punctuation(")")
    return parser.resolve_operand(entry, entry_type), parser.resolve_operand(pipe, pipe_type)


def _print_entry_and_pipe(printer: Printer, entry: SSAValue, pipe: SSAValue) -> None:
    printer.print_string("(")
    printer.print_operand(entry)
    printer.print_string(", ")
    printer.print_operand(pipe)
    printer.print_string(" : ")
    printer.print_attribute(entry.type)
    printer.print_string(", ")
    printer.print_attribute(pipe.type)
    printer.print_string(")")


def _parse_subblock(parser: Parser) -> list[SSAValue]:
    """`[aiv_subblockid(%s)]` (an i64)."""
    if parser.parse_optional_keyword("aiv_subblockid") is None:
        return []
    parser.parse_punctuation("(")
    value = parser.resolve_operand(parser.parse_unresolved_operand(), i64)
    parser.parse_punctuation(")")
    return [value]


def _print_subblock(printer: Printer, sub: SSAValue | None) -> None:
    if sub is not None:
        printer.print_string(" aiv_subblockid(")
        printer.print_operand(sub)
        printer.print_string(")")


class DeclareOp(PtoOp):
    """`-> T`: a value whose address a pipe op binds later (no storage of its own)."""

    MANUAL: ClassVar = _PAGES + "TPOP.md"
    COST: ClassVar = NoCycles("a declaration: no instruction")
    assembly_format = "attr-dict `->` type($result)"


@irdl_op_definition
class DeclareTileOp(DeclareOp):
    """A tile whose address `tpop` binds (or any tile with space of its own)."""

    name = "pto.declare_tile"
    result = result_def(TileTypeBase)


@irdl_op_definition
class DeclareTileMemRefOp(DeclareOp):
    """vpto-dev/PTOAS's memref placeholder of a declared tile (retired in the newest)."""

    name = "pto.declare_tile_memref"
    result = result_def(MemRefType)


@irdl_op_definition
class DeclareGlobalOp(DeclareOp):
    """A GM entry descriptor whose address `talloc` or `tpop` binds."""

    name = "pto.declare_global"
    result = result_def(TensorViewType)


PIPE_ENDS: tuple[type[LoweredPipeEndOp], ...] = (TPushOp, TPopOp, TFreeOp, TAllocOp)
INITS: tuple[type[LoweredPipeInitOp], ...] = (InitializeL2G2LPipeOp, InitializeL2LPipeOp)
TYPES = [PipeHandleType]
OPS: list[type[IRDLOperation]] = [
    *INITS,
    *PIPE_ENDS,
    DeclareTileOp,
    DeclareTileMemRefOp,
    DeclareGlobalOp,
]
