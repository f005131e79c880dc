"""FFTS flags between the cores of a launch and `syncall` (PTOAS PTOOps.td, PTO.cpp
`verifyNamedSyncEventOp`; manual: scalar/ops/pipeline-sync/):

  `pto.sync.set <PIPE_FIX>, 0 {ffts_mode = 2 : i32}` / `pto.sync.wait #pto.pipe<PIPE_V>, 0`
  `pto.set_cross_block <PIPE_X>, N` / `pto.wait_cross_block <PIPE_X>, N`
  `pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<...>`

The run-time semantics are in `interpreters/machine/cluster.py` and docs/semantics.md.
"""

from __future__ import annotations

from math import prod
from typing import ClassVar, cast

from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, MemRefType, ModuleOp, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    opt_prop_def,
    prop_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import (
    Location,
    LocationAttr,
    Pipe,
    PipeAttr,
    SyncAllMode,
    SyncAllModeAttr,
    SyncCoreType,
    SyncCoreTypeAttr,
    TargetArch,
)
from pto_dialect.memory_types import MemorySpace, PtrType, ShapedViewBase
from pto_dialect.ops.base import PtoOp, fail, int_value, target_of
from pto_dialect.records import NoCycles
from pto_dialect.tile_types import DYNAMIC, TileBufType

_SYNC = NoCycles("synchronisation: no cycles of its own")

NAMED_PIPES = (Pipe.FIX, Pipe.MTE1, Pipe.MTE2, Pipe.MTE3, Pipe.V)
"""The pipes PTOAS's named sync ops take (PTO.cpp `verifyNamedSyncEventOp`)."""
FFTS_MODES = (0, 1, 2)
"""0 across the blocks, 1 between the vector subblocks, 2 within the block (the default)."""
FFTS_FLAGS = 16
"""FFTS flags 0-15 (PTOAS: A5 sync.set static event_id in [0, 15])."""
LEGACY_SEMAPHORES = 32
"""vpto-dev/PTOAS (2026-06) lowers A5 `sync.set`/`sync.wait` to `set_intra_block` /
`wait_intra_block` with the id as written: its kernels name AIV1's semaphores 16-31 so."""


def parse_pipe_event(parser: Parser, opened: bool = False) -> tuple[PipeAttr, int | SSAValue]:
    """PTOAS's `<PIPE_X>, N` or `#pto.pipe<PIPE_X>, %id` (an index), after the op name
    (`opened`: its `<` is read already)."""
    pos = parser.pos
    if opened or parser.parse_optional_punctuation("<") is not None:
        word = parser.parse_identifier()
        parser.parse_punctuation(">")
        if word not in Pipe.__members__.values():
            parser.raise_error(f"unknown pipe '{word}'", pos)
        pipe = PipeAttr(Pipe(word))
    else:
        attr = parser.parse_attribute()
        if not isinstance(attr, PipeAttr):
            parser.raise_error("expected a pipe (<PIPE_X> or #pto.pipe<PIPE_X>)", pos)
        pipe = attr
    parser.parse_punctuation(",")
    if (number := parser.parse_optional_integer()) is not None:
        return pipe, number
    return pipe, parser.resolve_operand(parser.parse_unresolved_operand(), IndexType())


class FftsOp(PtoOp):
    """`pto.sync.set|wait <PIPE_X>, N [{ffts_mode = M : i32}]` (or `#pto.pipe<PIPE_X>`, or a
    dynamic `%id : index` event): an FFTS cross-core flag on pipe `PIPE_X` (0-15); on A5, in
    a module whose `sync.set|wait` name ids 16-31, vpto-dev/PTOAS's spelling of the
    intra-block semaphores (`is_legacy_semaphore`)."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/set-cross-core.md"
    COST: ClassVar = _SYNC
    SIGNALS: ClassVar[bool]

    target_pipe = prop_def(PipeAttr, prop_name="pipe")
    event_id = opt_prop_def(IntegerAttr[IntegerType])
    ffts_mode = opt_prop_def(IntegerAttr[IntegerType])
    event_id_dyn = opt_operand_def(IndexType)

    def pipe(self) -> Pipe:
        return self.target_pipe.data

    DEFAULT_MODE: ClassVar[int] = 2
    NAMED: ClassVar[bool] = False
    """PTOAS's named form (`set_cross_block`): its pipes only (`verifyNamedSyncEventOp`)."""

    @property
    def mode(self) -> int:
        return int_value(self.ffts_mode, self.DEFAULT_MODE)

    @classmethod
    def parse(cls, parser: Parser) -> FftsOp:
        pipe, event = parse_pipe_event(parser)
        props: dict[str, Attribute] = {"pipe": pipe}
        operands: list[list[SSAValue]] = [[]]
        if isinstance(event, int):
            props["event_id"] = IntegerAttr(event, i32)
        else:
            operands = [[event]]
        attrs = parser.parse_optional_attr_dict()
        if "ffts_mode" in attrs:
            props["ffts_mode"] = attrs.pop("ffts_mode")
        op = cls.build(operands=operands, properties=props)
        op.attributes |= attrs
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f" <{self.target_pipe.data.value}>, ")
        if self.event_id_dyn is not None:
            printer.print_operand(self.event_id_dyn)
        else:
            printer.print_string(str(int_value(self.event_id)))
        if self.ffts_mode is not None:
            printer.print_string(f" {{ffts_mode = {self.mode} : i32}}")
        printer.print_op_attributes(self.attributes)

    def id_limit(self) -> int:
        """Event ids the op takes: FFTS flags 0-15; on A5 `sync.set`/`sync.wait` also the
        older PTOAS spelling of the intra-block semaphores 16-31 (`is_legacy_semaphore`)."""
        if not self.NAMED and target_of(self).arch is TargetArch.A5:
            return LEGACY_SEMAPHORES
        return FFTS_FLAGS

    def module(self) -> ModuleOp | None:
        """The module the op lies in."""
        node = self.parent_op()
        while node is not None and not isinstance(node, ModuleOp):
            node = node.parent_op()
        return node

    def is_legacy_semaphore(self, legacy: bool | None = None) -> bool:
        """Whether the op is vpto-dev/PTOAS's A5 spelling of an intra-block semaphore
        (`set_intra_block` / `wait_intra_block` with its id, docs/decisions.md): on A5, in a
        module where a `sync.set` / `sync.wait` names a semaphore 16-31 (AIV1's), which no
        FFTS flag can be (`legacy`: `uses_legacy_semaphores` of the module, if known)."""
        if self.id_limit() != LEGACY_SEMAPHORES:
            return False
        if legacy is not None:
            return legacy
        module = self.module()
        return module is not None and uses_legacy_semaphores(module)

    def verify_(self) -> None:
        if (self.event_id is None) == (self.event_id_dyn is None):
            raise fail(f"{self.name} takes an event id or a dynamic event id, not both")
        if self.event_id is not None and not 0 <= int_value(self.event_id) < self.id_limit():
            raise fail(
                f"{self.name} event id must be in [0, {self.id_limit()}), got "
                f"{int_value(self.event_id)}"
            )
        if self.mode not in FFTS_MODES:
            raise fail(f"{self.name} ffts_mode must be 0, 1 or 2, got {self.mode}")
        if self.target_pipe.data is Pipe.ALL:
            raise fail(f"{self.name} pipe must be a single pipe, not PIPE_ALL")
        if self.NAMED and self.target_pipe.data not in NAMED_PIPES:
            names = ", ".join(f"<{p.value}>" for p in NAMED_PIPES)
            raise fail(f"{self.name} pipe must be one of {names}")


def uses_legacy_semaphores(module: ModuleOp) -> bool:
    """Whether a `sync.set` / `sync.wait` of `module` names an id 16-31."""
    return any(
        isinstance(op, FftsOp)
        and not op.NAMED
        and op.event_id is not None
        and int_value(op.event_id) >= FFTS_FLAGS
        for op in module.walk()
    )


@irdl_op_definition
class SyncSetOp(FftsOp):
    """Sets FFTS flag `event_id` after the earlier work of `pipe` (`ffts_cross_core_sync`)."""

    name = "pto.sync.set"
    SIGNALS: ClassVar = True


@irdl_op_definition
class SyncWaitOp(FftsOp):
    """Blocks `pipe` until FFTS flag `event_id` is set (`wait_flag_dev`)."""

    name = "pto.sync.wait"
    SIGNALS: ClassVar = False


@irdl_op_definition
class SetCrossBlockOp(FftsOp):
    """PTOAS's `pto.set_cross_block <PIPE_X>, N`: `sync.set` with FFTS mode 0 by default
    (every core of the kind in the launch), which PTOAS canonicalises it to."""

    name = "pto.set_cross_block"
    SIGNALS: ClassVar = True
    DEFAULT_MODE: ClassVar = 0
    NAMED: ClassVar = True


@irdl_op_definition
class WaitCrossBlockOp(FftsOp):
    """PTOAS's `pto.wait_cross_block <PIPE_X>, N`: `sync.wait` of a mode-0 flag."""

    name = "pto.wait_cross_block"
    SIGNALS: ClassVar = False
    DEFAULT_MODE: ClassVar = 0
    NAMED: ClassVar = True


@irdl_op_definition
class SyncAllOp(PtoOp):
    """`pto.syncall([%ws[, %ub][, %l1][, %used] : T...]) mode = #pto.sync_all_mode<M>,
    core_type = #pto.sync_core_type<K>`: every core of kind K (of the launch) waits for all
    of them (`pto::SYNCALL`); the soft mode with a GM workspace of at least 16 i32 (a GM
    pointer, tensor view or partition view), the UB / L1 scratch tiles of PTOAS's 2026-06
    form (`ub_workspace`, `l1_workspace`), and optionally the number of cores taking part.
    The operands are told apart by type: an integer, a vec tile, a mat tile, the GM one."""

    DELIMITS_VECSCOPE: ClassVar[bool] = True

    name = "pto.syncall"
    MANUAL: ClassVar = "tile/ops/sync-and-config/syncall.md"
    COST: ClassVar = _SYNC
    PIPE: ClassVar = Pipe.ALL

    gm_workspace = opt_operand_def()
    ub_workspace = opt_operand_def()
    l1_workspace = opt_operand_def()
    used_cores = opt_operand_def(IntegerType)
    mode = prop_def(SyncAllModeAttr)
    core_type = prop_def(SyncCoreTypeAttr)
    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    @classmethod
    def parse(cls, parser: Parser) -> SyncAllOp:
        operands: list[SSAValue] = []
        parser.parse_punctuation("(")
        if parser.parse_optional_punctuation(")") is None:
            names = parser.parse_comma_separated_list(
                parser.Delimiter.NONE, parser.parse_unresolved_operand
            )
            parser.parse_punctuation(":")
            types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            parser.parse_punctuation(")")
            if len(names) != len(types):
                parser.raise_error("pto.syncall needs one type per operand")
            operands = [parser.resolve_operand(n, t) for n, t in zip(names, types, strict=True)]
        props: dict[str, Attribute] = {}
        for key in ("mode", "core_type"):
            if key == "core_type":
                parser.parse_punctuation(",")
            pos = parser.pos
            parser.parse_keyword(key)
            parser.parse_punctuation("=")
            props[key] = parser.parse_attribute()
            want = SyncAllModeAttr if key == "mode" else SyncCoreTypeAttr
            if not isinstance(props[key], want):
                parser.raise_error(f"pto.syncall {key} must be a {want.name}", pos)
        attrs = parser.parse_optional_attr_dict()
        slots: list[list[SSAValue]] = [[], [], [], []]
        for value in operands:
            slot = _syncall_slot(value.type)
            if slots[slot]:
                parser.raise_error(f"pto.syncall takes one {_SYNCALL_ROLES[slot]}")
            slots[slot].append(value)
        op = cls.build(operands=slots, properties=props)
        op.attributes |= attrs
        return op

    def values(self) -> list[SSAValue]:
        """The operands present, in order."""
        parts = (self.gm_workspace, self.ub_workspace, self.l1_workspace, self.used_cores)
        return [v for v in parts if v is not None]

    def print(self, printer: Printer) -> None:
        values = self.values()
        printer.print_string("(")
        if values:
            printer.print_list(values, printer.print_operand)
            printer.print_string(" : ")
            printer.print_list([v.type for v in values], printer.print_attribute)
        printer.print_string(") mode = ")
        printer.print_attribute(self.mode)
        printer.print_string(", core_type = ")
        printer.print_attribute(self.core_type)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        soft = self.mode.data is SyncAllMode.SOFT
        if soft and self.gm_workspace is None:
            raise fail("pto.syncall in soft mode needs a gm_workspace")
        if not soft and self.values():
            raise fail("pto.syncall in hard mode takes no operands")
        if self.used_cores is not None and self.used_cores.type != i32:
            raise fail(f"pto.syncall used_cores must be i32, got {self.used_cores.type}")
        core = self.core_type.data
        if core is SyncCoreType.AIV_ONLY and self.l1_workspace is not None:
            raise fail("pto.syncall of aiv_only cores takes no l1_workspace")
        if core is SyncCoreType.AIC_ONLY and self.ub_workspace is not None:
            raise fail("pto.syncall of aic_only cores takes no ub_workspace")
        if self.gm_workspace is not None:
            _check_workspace(self.gm_workspace.type)


_SYNCALL_ROLES = ("gm_workspace", "ub_workspace", "l1_workspace", "used_cores")
SYNCALL_MIN_WORDS = 16
"""A soft syncall's GM workspace holds at least 16 i32 (PTO.cpp `verifySyncAllGmWorkspace`)."""


def _location(kind: Attribute) -> Location | None:
    """Where a tile or a memref (`#pto.address_space<...>`) lives (None: neither)."""
    if isinstance(kind, TileBufType):
        return kind.location
    if isinstance(kind, MemRefType) and isinstance(kind.memory_space, LocationAttr):
        return kind.memory_space.data
    return None


def _syncall_slot(kind: Attribute) -> int:
    """Which operand of `syncall` a value of type `kind` is (`_SYNCALL_ROLES`): an integer,
    a UB or an L1 buffer (tile or memref), else the GM workspace."""
    if isinstance(kind, IntegerType):
        return 3
    location = _location(kind)
    return {Location.VEC: 1, Location.MAT: 2}.get(location, 0) if location else 0


def _check_workspace(kind: Attribute) -> None:
    """PTO.cpp `verifySyncAllGmWorkspace`: a GM pointer, tensor view or partition view of
    i32; a view of static shape holds at least `SYNCALL_MIN_WORDS` of them."""
    if isinstance(kind, PtrType):
        if kind.memory is not MemorySpace.GM:
            raise fail("pto.syncall gm_workspace must be in GM")
        element = kind.pointee
    elif isinstance(kind, ShapedViewBase | MemRefType) and _location(cast(Attribute, kind)) in (
        None,
        Location.GM,
    ):
        if isinstance(kind, ShapedViewBase):
            element, dims = kind.element_type, kind.dims
        else:
            memref = cast(MemRefType[Attribute], kind)
            element, dims = memref.element_type, tuple(memref.get_shape())
        if DYNAMIC not in dims and -1 not in dims and prod(dims) < SYNCALL_MIN_WORDS:
            raise fail(
                f"pto.syncall gm_workspace must hold at least {SYNCALL_MIN_WORDS} i32 "
                f"(64 bytes), got {prod(dims)}"
            )
    else:
        raise fail(
            "pto.syncall gm_workspace must be a GM !pto.ptr, memref, tensor_view or partition_view"
        )
    if element != i32:
        raise fail(f"pto.syncall gm_workspace element type must be i32, got {element}")


@irdl_op_definition
class SetFftsOp(PtoOp):
    """`pto.set_ffts %p : !pto.ptr<i64>` (or a memref of i64): the FFTS base address the
    A2/A3 runtime passes (PTOAS requires it before inter-core sync on A3). The model keeps
    FFTS flags itself: the address is checked, nothing else changes."""

    name = "pto.set_ffts"
    MANUAL: ClassVar = "scalar/ops/pipeline-sync/set-cross-core.md"
    COST: ClassVar = _SYNC

    ffts = operand_def()
    assembly_format = "$ffts attr-dict `:` type($ffts)"

    def verify_(self) -> None:
        kind = self.ffts.type
        if isinstance(kind, PtrType):
            pointee = kind.pointee
        elif isinstance(kind, MemRefType):  # PTOAS's 2026-06 spelling
            pointee = cast(MemRefType[Attribute], kind).element_type
        else:
            raise fail(f"pto.set_ffts expects a !pto.ptr operand, got {kind}")
        if pointee not in (IntegerType(64), IntegerType(8)):
            raise fail(f"pto.set_ffts expects element type i64 (or i8), got {pointee}")


OPS: list[type[IRDLOperation]] = [
    SyncSetOp,
    SyncWaitOp,
    SetCrossBlockOp,
    WaitCrossBlockOp,
    SyncAllOp,
    SetFftsOp,
]
