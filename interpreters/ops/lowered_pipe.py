"""Interpreter functions of `pto_dialect.ops.lowered_pipe`: the lowered pipe form on the
same `Cluster` pipes as the frontend ops (`cross_core_pipe.PipeEnds`).

A pipe is named in its block by its first flag id (`resolved_flag_base`): a cube kernel's
init and a vector kernel's init of the same flag base are the two ends of one pipe and must
agree on `dir_mask` and `slot_num`. A push or pop moves data in the running core's direction
(the AIC pushes C2V and pops V2C). `tpop` writes the slot's part into the declared tile,
which has space of its own (the consumer's local FIFO is not modelled, as for
`tpop_from_aic`); `talloc` and a `tpop` of a GM entry bind the declared `tensor_view` to the
slot's GM: later uses of the value see the slot.
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import SSAValue

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import Machine
from interpreters.machine.memory import TensorView, Tile, static_or
from interpreters.ops.cross_core_pipe import PipeEnds
from pto_dialect.memory_types import TensorViewType
from pto_dialect.ops.lowered_pipe import (
    DeclareGlobalOp,
    DeclareTileMemRefOp,
    DeclareTileOp,
    InitializeL2G2LPipeOp,
    LoweredPipeEndOp,
    LoweredPipeInitOp,
    TAllocOp,
    TFreeOp,
    TPopOp,
    TPushOp,
    resolved_flag_base,
)


class Handle:
    """A `!pto.pipe` value: the pipe's name in its block."""

    def __init__(self, key: str) -> None:
        self.key = key


class Unbound:
    """A declared GM entry before `talloc` / `tpop` binds it."""

    def __init__(self, type: TensorViewType) -> None:
        self.type = type


def _rebind(interpreter: Interpreter, value: SSAValue, bound: object) -> None:
    """`value` stands for `bound` from now on, in every scope that holds it (the binding of
    a declared entry: the op that binds it has no result)."""
    scope = interpreter._ctx  # pyright: ignore[reportPrivateUsage]
    while scope is not None:
        local = scope._local_scope  # pyright: ignore[reportPrivateUsage]
        if value in local:
            local[value] = bound
        scope = scope.parent


@register_functions
class LoweredPipeFunctions(PipeEnds):
    """`initialize_l2g2l_pipe` / `initialize_l2l_pipe`, `tpush`, `tpop`, `tfree`, `talloc`
    and the declarations they bind."""

    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._keys: dict[LoweredPipeInitOp, str] = {}

    def _direction(self, op: LoweredPipeEndOp) -> int:
        return op.direction(self.machine.launch.core)

    @implements(LoweredPipeInitOp)
    def run_init(
        self, interpreter: Interpreter, op: LoweredPipeInitOp, args: PythonValues
    ) -> PythonValues:
        key = self._keys.get(op)
        if key is None:
            key = self._keys[op] = f"at flag_base {resolved_flag_base(op)}"
        fifo = args[0] if isinstance(op, InitializeL2G2LPipeOp) else None
        if isinstance(fifo, Unbound):
            raise PtoRuntimeError(
                "the GM slots are a pto.declare_global that nothing bound: pass a GM address"
            )
        self.open(key, op.mask, op.slots, op.slot_size.value.data, fifo)
        return (Handle(key),)

    @implements(TPushOp)
    def run_push(self, interpreter: Interpreter, op: TPushOp, args: PythonValues) -> PythonValues:
        entry, handle = args[0], cast(Handle, args[1])
        if isinstance(entry, Unbound):
            raise PtoRuntimeError("pushes a declared GM entry that no pto.talloc bound")
        tile = cast(Tile | TensorView, entry)
        self.push_entry(interpreter, op, handle.key, self._direction(op), op.split_value, tile)
        return ()

    @implements(TPopOp)
    def run_pop(self, interpreter: Interpreter, op: TPopOp, args: PythonValues) -> PythonValues:
        handle = cast(Handle, args[1])
        declared = op.tile.type
        data, entry, pipe = self.pop_entry(interpreter, op, handle.key, self._direction(op),
                                           op.split_value,
                                           not isinstance(declared, TensorViewType))  # fmt: skip
        if isinstance(declared, TensorViewType):
            _rebind(interpreter, op.tile, self.entry_view(op, pipe, entry, declared))
        else:
            self.fill(op, data, cast(Tile, args[0]), op.split_value)
        return ()

    @implements(TFreeOp)
    def run_free(self, interpreter: Interpreter, op: TFreeOp, args: PythonValues) -> PythonValues:
        handle = cast(Handle, args[-1])
        self.free_entry(interpreter, op, handle.key, self._direction(op))
        return ()

    @implements(TAllocOp)
    def run_alloc(self, interpreter: Interpreter, op: TAllocOp, args: PythonValues) -> PythonValues:
        handle = cast(Handle, args[1])
        view = self.alloc_entry(interpreter, op, handle.key, self._direction(op),
                                op.split_value, cast(TensorViewType, op.entry.type))  # fmt: skip
        _rebind(interpreter, op.entry, view)
        return ()

    @implements(DeclareTileOp)
    def run_declare_tile(
        self, interpreter: Interpreter, op: DeclareTileOp, args: PythonValues
    ) -> PythonValues:
        """A tile with space of its own, valid as its type says (`?`: the whole tile)."""
        type = op.result.type
        rows, cols = type.shape
        vr, vc = type.valid_shape
        return (self.machine.tile_at(type, None, static_or(vr, rows), static_or(vc, cols)),)

    @implements(DeclareGlobalOp)
    def run_declare_global(
        self, interpreter: Interpreter, op: DeclareGlobalOp, args: PythonValues
    ) -> PythonValues:
        return (Unbound(op.result.type),)

    @implements(DeclareTileMemRefOp)
    def run_declare_memref(
        self, interpreter: Interpreter, op: DeclareTileMemRefOp, args: PythonValues
    ) -> PythonValues:
        """Refused: vpto-dev/PTOAS's internal placeholder of a declared tile, which its later
        passes bind with `bind_tile`; the tile form (`declare_tile`) runs."""
        raise PtoRuntimeError(
            "pto.declare_tile_memref is an internal placeholder of PTOAS's memref lowering: "
            "run the tile form (pto.declare_tile)"
        )
