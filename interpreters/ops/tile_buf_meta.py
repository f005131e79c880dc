"""Interpreter functions of `pto_dialect.ops.tile_buf_meta`: valid shapes set and read in
place, tensor-view dims and strides, tile and view addresses, and single tile elements."""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.dialects.builtin import MemRefType
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Pointer, TensorView, Tile
from interpreters.ops.tile_view import SubTile
from interpreters.semantics.vector_arith import broadcast
from pto_dialect.ops.tile_buf_meta import (
    AddressOp,
    GetValidShapeOp,
    SetValidShapeOp,
    TAssignOp,
    TensorViewAddrOp,
    TensorViewQueryOp,
    TGetValOp,
    TileBufAddrOp,
    TSetValOp,
    ValidSizeOp,
)
from pto_dialect.ops.vector_common import as_pointer


def _tile(value: object, what: str) -> Tile:
    if not isinstance(value, Tile):
        raise PtoRuntimeError(f"{what} is not a tile buffer")
    return value


@register_functions
class TileBufMetaFunctions(MachineFunctions):
    @implements(SetValidShapeOp)
    def run_set_validshape(
        self, interpreter: Interpreter, op: SetValidShapeOp, args: PythonValues
    ) -> PythonValues:
        tile = _tile(args[0], "pto.set_validshape source")
        rows, cols = tile.type.shape
        vr, vc = int(args[1]), int(args[2])
        check(
            0 <= vr <= rows and 0 <= vc <= cols,
            f"valid shape {vr}x{vc} exceeds the tile's {rows}x{cols}",
        )
        tile.valid_rows, tile.valid_cols = vr, vc
        tile._valid_view = None  # pyright: ignore[reportPrivateUsage]  (its cache)
        return ()

    @implements(GetValidShapeOp)
    def run_get_validshape(
        self, interpreter: Interpreter, op: GetValidShapeOp, args: PythonValues
    ) -> PythonValues:
        return _tile(args[0], "pto.get_validshape source").valid

    @implements(TAssignOp)
    def run_tassign(
        self, interpreter: Interpreter, op: TAssignOp, args: PythonValues
    ) -> PythonValues:
        tile = _tile(args[0], "pto.tassign tile")
        placed = self.machine.tile_at(tile.type, int(args[1]), *tile.valid)
        return (placed,)

    @implements(ValidSizeOp)
    def run_valid_size(
        self, interpreter: Interpreter, op: ValidSizeOp, args: PythonValues
    ) -> PythonValues:
        tile = _tile(args[0], op.name + " source")
        return (tile.valid_cols if op.COLS else tile.valid_rows,)

    @implements(TensorViewQueryOp)
    def run_view_query(
        self, interpreter: Interpreter, op: TensorViewQueryOp, args: PythonValues
    ) -> PythonValues:
        view = cast(TensorView, args[0])
        dim = int(args[1])
        check(0 <= dim < len(view.shape), f"dimension {dim} of a rank-{len(view.shape)} view")
        return ((view.strides if op.STRIDE else view.shape)[dim],)

    @implements(AddressOp)
    def run_address(
        self, interpreter: Interpreter, op: AddressOp, args: PythonValues
    ) -> PythonValues:
        if isinstance(op.src.type, MemRefType) and isinstance(op.dst.type, MemRefType):
            return (args[0],)  # PTOAS: an identity marker on a memref
        target = as_pointer(op.dst.type)  # a vec memref is a UB pointer (vector_common)
        if target is None:
            raise PtoRuntimeError(
                f"{op.name} to a memref outside vec is not supported by the interpreter"
            )
        if isinstance(args[0], Pointer):  # a vec memref (a UB pointer) as the source
            return (Pointer(args[0].memory, args[0].offset, target.element),)
        if isinstance(op, TileBufAddrOp):
            tile = _tile(args[0], "pto.tile_buf_addr source")
            check(
                not isinstance(tile, SubTile),
                "pto.tile_buf_addr of a pto.subview: its rows keep the parent's stride, so it "
                "has no address of its own",
            )
            return (Pointer(tile.memory, tile.address, target.element),)
        assert isinstance(op, TensorViewAddrOp)
        view = cast(TensorView, args[0])
        return (Pointer(view.memory, view.offset, target.element),)

    @implements(TSetValOp)
    def run_tsetval(
        self, interpreter: Interpreter, op: TSetValOp, args: PythonValues
    ) -> PythonValues:
        tile = _tile(args[0], "pto.tsetval dst")
        storage = self._storage(tile, int(args[1]))
        self.on_pipe(op, writes=[tile.access()])
        storage[int(args[1])] = broadcast(args[2], tile.dtype, 1)[0]
        return ()

    @implements(TGetValOp)
    def run_tgetval(
        self, interpreter: Interpreter, op: TGetValOp, args: PythonValues
    ) -> PythonValues:
        tile = _tile(args[0], "pto.tgetval src")
        storage = self._storage(tile, int(args[1]))
        self.on_pipe(op, reads=[tile.access()])
        return (storage[int(args[1])].item(),)

    @staticmethod
    def _storage(tile: Tile, offset: int) -> np.ndarray:
        rows, cols = tile.type.shape
        check(0 <= offset < rows * cols, f"offset {offset} is outside the tile's {rows * cols} "
              "elements")  # fmt: skip
        return tile.storage()
