"""Interpreter functions of `pto_dialect.ops.tile_prefetch_async`: a context holds the session
its prefetches report to; a prefetch checks that its view lies in its GM buffer and changes no
byte (the model keeps no L2); its event is done at once, as `pto.comm.wait_async_event` finds."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import TensorView
from interpreters.ops.comm import AsyncSession
from pto_dialect.ops.tile_prefetch_async import (
    GetPrefetchAsyncSessionOp,
    MakePrefetchAsyncContextOp,
    TPrefetchAsyncOp,
)


@dataclass(eq=False)
class PrefetchContext:
    """A `make_prefetch_async_context` value: its session."""

    session: AsyncSession = field(default_factory=AsyncSession)


@register_functions
class TilePrefetchAsyncFunctions(MachineFunctions):
    @implements(MakePrefetchAsyncContextOp)
    def run_context(
        self, interpreter: Interpreter, op: MakePrefetchAsyncContextOp, args: PythonValues
    ) -> PythonValues:
        return (PrefetchContext(),)

    @implements(GetPrefetchAsyncSessionOp)
    def run_session(
        self, interpreter: Interpreter, op: GetPrefetchAsyncSessionOp, args: PythonValues
    ) -> PythonValues:
        return (cast(PrefetchContext, args[0]).session,)

    @implements(TPrefetchAsyncOp)
    def run_prefetch(
        self, interpreter: Interpreter, op: TPrefetchAsyncOp, args: PythonValues
    ) -> PythonValues:
        context = cast(PrefetchContext, args[1])
        if isinstance(args[0], TensorView):  # (past its buffer: an error here as in a tload)
            args[0].array()
        context.session.started += 1
        return (context.session.started,)
