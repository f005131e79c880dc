"""`pto.tprefetch_async`: warm the L2 cache with a flat GM view through an SDMA CMO, and its
context (tile/ops/memory-and-data-movement/tprefetch-async.md; PTOAS PTOOps.td
`MakePrefetchAsyncContextOp`, `GetPrefetchAsyncSessionOp`, `TPrefetchAsyncOp`):

  `%ctx = pto.make_prefetch_async_context(%ws : !pto.ptr<i8>) -> !pto.prefetch_async_context`
  `%e = pto.tprefetch_async(%src, %ctx : !pto.partition_tensor_view<128xf32>,
        !pto.prefetch_async_context) -> !pto.async_event`
  `%s = pto.get_prefetch_async_session %ctx : !pto.prefetch_async_context -> !pto.async_session`

and the event is waited for with `pto.comm.wait_async_event(%e, %s)`.

Rules (PTO.cpp `MakePrefetchAsyncContextOp::verify`, `TPrefetchAsyncOp::verify` =
`verifyAsyncFlatContiguous1DGMViewLike`): the workspace is a `!pto.ptr` of 8-bit integers; src a
tensor or partition view (or a static GM memref, the spelling of PTOAS's 2026-06 kernels), static,
all dimensions but the last 1. Every target: pto-isa's A2/A3
and A5 implementations are the SDMA one (comm/async/sdma/TPrefetchAsyncImpl.hpp); the CPU
simulator's is a no-op returning a done event. What it does to values: nothing. The model keeps
no L2, so the prefetch changes no byte and takes no modelled cycles; its event is done at once.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import (
    IRDLOperation,
    irdl_attr_definition,
    irdl_op_definition,
    operand_def,
    result_def,
)

from pto_dialect.async_types import AsyncEventType, AsyncSessionType
from pto_dialect.memory_types import PtrType
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.comm import view_of
from pto_dialect.ops.comm_async import check_flat
from pto_dialect.records import NoCycles

_PAGE = "tile/ops/memory-and-data-movement/tprefetch-async.md"
_NO_L2 = NoCycles("an L2 cache hint: the model keeps no L2 (no byte changes, no modelled cycles)")


@irdl_attr_definition
class PrefetchAsyncContextType(ParametrizedAttribute, TypeAttribute):
    """`!pto.prefetch_async_context`: pto-isa's `PrefetchAsyncContext` (the SDMA workspace and
    the session the prefetches of a kernel share)."""

    name = "pto.prefetch_async_context"


@irdl_op_definition
class MakePrefetchAsyncContextOp(PtoOp):
    """A prefetch context over a GM workspace of bytes."""

    name = "pto.make_prefetch_async_context"
    MANUAL: ClassVar = _PAGE
    COST: ClassVar = NoCycles("bookkeeping: a context's descriptors")

    workspace = operand_def(PtrType)
    ctx = result_def(PrefetchAsyncContextType)
    assembly_format = "`(` $workspace `:` type($workspace) `)` attr-dict `->` type($ctx)"

    def verify_(self) -> None:
        workspace = self.workspace.type
        assert isinstance(workspace, PtrType)
        byte: Attribute = workspace.pointee
        if not isinstance(byte, IntegerType) or byte.bitwidth != 8:
            raise fail(f"{self.name} expects workspace element type to be an 8-bit integer")


@irdl_op_definition
class GetPrefetchAsyncSessionOp(PtoOp):
    """The session of a prefetch context, to wait on its events."""

    name = "pto.get_prefetch_async_session"
    MANUAL: ClassVar = _PAGE
    COST: ClassVar = NoCycles("a projection of the context")

    ctx = operand_def(PrefetchAsyncContextType)
    session = result_def(AsyncSessionType)
    assembly_format = "$ctx attr-dict `:` type($ctx) `->` type($session)"


@irdl_op_definition
class TPrefetchAsyncOp(PtoOp):
    """Starts prefetching the GM bytes of `src` into L2; the event is done when they are."""

    name = "pto.tprefetch_async"
    MANUAL: ClassVar = _PAGE
    COST: ClassVar = _NO_L2

    src = operand_def()
    ctx = operand_def(PrefetchAsyncContextType)
    event = result_def(AsyncEventType)
    assembly_format = (
        "`(` $src `,` $ctx `:` type($src) `,` type($ctx) `)` attr-dict `->` type($event)"
    )

    def verify_(self) -> None:
        view = view_of(self.src)
        if view is None:
            raise fail(f"{self.name} expects src to be a tensor_view or partition_view")
        check_flat(self, view, "src")


OPS: list[type[IRDLOperation]] = [
    MakePrefetchAsyncContextOp,
    GetPrefetchAsyncSessionOp,
    TPrefetchAsyncOp,
]
TYPES = [PrefetchAsyncContextType]
