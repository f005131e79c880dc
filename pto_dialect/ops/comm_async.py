"""The asynchronous `comm.*` ops: a DMA session and the transfers it waits for (PTOAS
PTOOps.td, verifiers in PTO.cpp `BuildAsyncSessionOp::verify`, `verifyAsyncTransferOp`,
`verifyAsyncFlatContiguous1DGMViewLike`; manual: comm/TPUT_ASYNC.md, TGET_ASYNC.md):

  `%s = pto.comm.build_async_session(%scratch, %ws : !pto.tile_buf<...>, !pto.ptr<i8, gm>)
   {sync_id = 0 : i32, ...} -> !pto.async_session`
  `%e = pto.comm.tput_async(%dst, %src, %s : Td, Ts, !pto.async_session) -> !pto.async_event`
  `%done = pto.comm.wait_async_event(%e, %s : !pto.async_event, !pto.async_session) -> i1`

The run-time semantics are in `interpreters/ops/comm.py` and docs/semantics.md.
"""

from __future__ import annotations

from math import prod
from typing import ClassVar, cast

from xdsl.dialects.builtin import I32, I64, IntegerAttr, IntegerType, MemRefType, i1
from xdsl.ir import Attribute
from xdsl.irdl import (
    IRDLOperation,
    ParsePropInAttrDict,
    irdl_op_definition,
    operand_def,
    opt_prop_def,
    result_def,
)

from pto_dialect.async_types import AsyncEventType, AsyncSessionType
from pto_dialect.attrs import Location, LocationAttr
from pto_dialect.memory_types import MemorySpace, PtrType, ShapedViewBase
from pto_dialect.ops.base import PtoOp, fail, int_value
from pto_dialect.ops.comm import element, view_of
from pto_dialect.records import CostFormula, Formula, NoCycles
from pto_dialect.tile_types import DYNAMIC, TileBufType

_PAGES = "comm/"
GM_SPACE = LocationAttr(Location.GM)
_UNBOUNDED = 1 << 63


@irdl_op_definition
class BuildAsyncSessionOp(PtoOp):
    """A DMA session over a UB scratch tile and a GM workspace of bytes."""

    name = "pto.comm.build_async_session"
    MANUAL: ClassVar = _PAGES + "TPUT_ASYNC.md"
    COST: ClassVar = NoCycles("bookkeeping: a session's descriptors")

    scratch = operand_def(TileBufType)
    workspace = operand_def()
    sync_id = opt_prop_def(IntegerAttr[I32])
    block_bytes = opt_prop_def(IntegerAttr[I64])
    comm_block_offset = opt_prop_def(IntegerAttr[I64])
    queue_num = opt_prop_def(IntegerAttr[I32])
    channel_group_idx = opt_prop_def(IntegerAttr[I64])
    session = result_def(AsyncSessionType)
    irdl_options = (ParsePropInAttrDict(),)
    assembly_format = (
        "`(` $scratch `,` $workspace `:` type($scratch) `,` type($workspace) `)` "
        "attr-dict `->` type($session)"
    )

    def verify_(self) -> None:
        scratch = self.scratch.type
        assert isinstance(scratch, TileBufType)
        if scratch.location is not Location.VEC:
            raise fail(f"{self.name} expects scratch to be in vec address space")
        if prod(scratch.shape) * scratch.element.bytes < 8:
            raise fail(f"{self.name} expects scratch to provide at least 8 bytes")
        workspace = self.workspace.type
        if isinstance(workspace, PtrType) and workspace.memory is MemorySpace.GM:
            byte = workspace.pointee
        elif isinstance(workspace, MemRefType) and workspace.memory_space == GM_SPACE:
            byte = cast(MemRefType[Attribute], workspace).element_type
        else:
            raise fail(f"{self.name} expects workspace to be !pto.ptr type (or a GM memref)")
        if not isinstance(byte, IntegerType) or byte.bitwidth != 8:
            raise fail(f"{self.name} expects workspace element type to be an 8-bit integer")
        rules: tuple[tuple[IntegerAttr | None, int, int, str], ...] = (
            (self.sync_id, 0, 7, "sync_id in range [0, 7]"),
            (self.block_bytes, 1, _UNBOUNDED, "block_bytes to be greater than 0"),
            (self.comm_block_offset, 0, _UNBOUNDED, "comm_block_offset to be non-negative"),
            (self.queue_num, 1, _UNBOUNDED, "queue_num to be greater than 0"),
            (self.channel_group_idx, 0, (1 << 32) - 1, "channel_group_idx to fit in uint32"),
        )
        for attr, low, high, what in rules:
            if attr is not None and not low <= int_value(attr) <= high:
                raise fail(f"{self.name} expects {what}")


def check_flat(op: IRDLOperation, value: ShapedViewBase, what: str) -> None:
    """`verifyAsyncFlatContiguous1DGMViewLike`: a static view all of whose dimensions but the
    last are 1."""
    if DYNAMIC in value.dims:
        raise fail(f"{op.name} expects {what} to have a static shape")
    if any(d != 1 for d in value.dims[:-1]):
        raise fail(f"{op.name} expects {what} to be a static flat contiguous logical 1D GM view")


class AsyncTransferOp(PtoOp):
    """`(%dst, %src, %session : Td, Ts, !pto.async_session) -> !pto.async_event`."""

    COST: ClassVar = Formula(CostFormula.TRANSFER, estimate="an SDMA GM -> GM copy")
    dst = operand_def()
    src = operand_def()
    session = operand_def(AsyncSessionType)
    event = result_def(AsyncEventType)
    assembly_format = (
        "`(` $dst `,` $src `,` $session `:` type($dst) `,` type($src) `,` type($session) `)` "
        "attr-dict `->` type($event)"
    )

    def verify_(self) -> None:
        dst, src = view_of(self.dst), view_of(self.src)
        if dst is None or src is None:
            raise fail(f"{self.name} expects src and dst to be tensor_view or partition_view")
        if element(self.dst) != element(self.src):
            raise fail(f"{self.name} expects src and dst to have the same element type")
        check_flat(self, dst, "dst")
        check_flat(self, src, "src")
        if dst.dims != src.dims:
            raise fail(f"{self.name} expects src and dst to have the same static shape")


@irdl_op_definition
class TPutAsyncOp(AsyncTransferOp):
    """Starts writing local GM `src` to (remote) GM `dst`."""

    name = "pto.comm.tput_async"
    MANUAL: ClassVar = _PAGES + "TPUT_ASYNC.md"


@irdl_op_definition
class TGetAsyncOp(AsyncTransferOp):
    """Starts reading (remote) GM `src` into local GM `dst`."""

    name = "pto.comm.tget_async"
    MANUAL: ClassVar = _PAGES + "TGET_ASYNC.md"


class AsyncEventOp(PtoOp):
    """`(%event, %session : !pto.async_event, !pto.async_session) -> i1`."""

    COST: ClassVar = NoCycles("synchronisation: no cycles of its own")
    event = operand_def(AsyncEventType)
    session = operand_def(AsyncSessionType)
    completed = result_def(i1)
    assembly_format = (
        "`(` $event `,` $session `:` type($event) `,` type($session) `)` "
        "attr-dict `->` type($completed)"
    )


@irdl_op_definition
class WaitAsyncEventOp(AsyncEventOp):
    """Blocks until the transfer of `event` is done; true then."""

    name = "pto.comm.wait_async_event"
    MANUAL: ClassVar = _PAGES + "TPUT_ASYNC.md"


@irdl_op_definition
class TestAsyncEventOp(AsyncEventOp):
    """Whether the transfer of `event` is done (no blocking)."""

    name = "pto.comm.test_async_event"
    MANUAL: ClassVar = _PAGES + "TPUT_ASYNC.md"


OPS: list[type[IRDLOperation]] = [
    BuildAsyncSessionOp,
    TPutAsyncOp,
    TGetAsyncOp,
    WaitAsyncEventOp,
    TestAsyncEventOp,
]
