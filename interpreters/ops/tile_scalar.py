"""Interpreter functions of the tile-scalar ops (every `ScalarTileOp`).

They bridge IR and `semantics.scalar`: the destination's valid region is the iteration
domain, every source tile must have it (the pages' runtime checks), the scalar is converted
to the element type and broadcast, and the operands go to the op's kernel in its layout's
order (`SEMANTICS`: the one line per op). `taxpy` in its PTOAS form reads dst as `acc`.
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs
from interpreters.machine.core import tile_accesses
from interpreters.machine.memory import Tile
from interpreters.ops.tile_kernels import TileKernelFunctions
from interpreters.semantics import elementwise
from interpreters.semantics import scalar as sem
from pto_dialect.attrs import Location
from pto_dialect.ops.tile_scalar import (
    ACC,
    SCALAR,
    TMP,
    ScalarTileOp,
    TAddSCOp,
    TAddSOp,
    TAxpyOp,
    TDivSOp,
    TExpandSOp,
    TFModSOp,
    TLReluOp,
    TMaxSOp,
    TMinSOp,
    TMulSOp,
    TPowSOp,
    TRemSOp,
    TSubSCOp,
    TSubSOp,
)
from pto_dialect.ops.tile_scalar_bitwise import TAndSOp, TOrSOp, TShlSOp, TShrSOp, TXorSOp
from pto_dialect.tile_types import TileTypeBase

SEMANTICS: Mapping[type[ScalarTileOp], elementwise.Maker] = MappingProxyType(
    {
        TAddSOp: sem.binary(np.add),
        TSubSOp: sem.binary(np.subtract),
        TMulSOp: sem.binary(np.multiply),
        TDivSOp: sem.divide,
        TMaxSOp: sem.maximum,
        TMinSOp: sem.minimum,
        TAddSCOp: sem.with_carry(np.add),
        TSubSCOp: sem.with_carry(np.subtract),
        TLReluOp: sem.lrelu,
        TAxpyOp: sem.fused_axpy,
        TExpandSOp: sem.expand,
        TAndSOp: sem.bitwise(np.bitwise_and),
        TOrSOp: sem.bitwise(np.bitwise_or),
        TXorSOp: sem.bitwise(np.bitwise_xor),
        TShlSOp: sem.shift(left=True),
        TShrSOp: sem.shift(left=False),
        TFModSOp: sem.fmod,
        TRemSOp: sem.rems,
        TPowSOp: sem.pows,
    }
)
"""The numpy semantics of each tile-scalar op (docs/semantics.md says why)."""


@register_functions
class TileScalarFunctions(TileKernelFunctions):
    @implements(ScalarTileOp)
    def run_scalar(
        self, interpreter: Interpreter, op: ScalarTileOp, args: PythonValues
    ) -> PythonValues:
        dst, results = self.destination(op, args)
        region = dst.valid
        dst_type = cast(TileTypeBase, op.dst_type)
        if isinstance(op, TExpandSOp) and dst.location is Location.MAT:
            return self.fill_mat(op, dst, args[0], results)
        operands: list[np.ndarray] = []
        for index, role in enumerate(op.layout):
            if role == TMP:
                continue
            if role == SCALAR:
                dtype = op.scalar_dtype(dst_type)
                operands.append(sem.scalar_array(args[index], dtype, region))
                continue
            src: Tile = args[index]
            if src.valid != region:
                raise PtoRuntimeError(
                    f"{role} valid region {src.valid[0]}x{src.valid[1]} must equal the dst "
                    f"valid region {region[0]}x{region[1]}"
                )
            operands.append(src.region())
        if isinstance(op, TAxpyOp) and op.index_of(ACC) is None:
            operands.append(dst.region().copy())
        if self.machine.pipes.tracking:
            dynamic = dst.type.has_dynamic_valid  # TBinSOp's issue depends on it
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), dst.dtype, *region,
                                              dst.type.shape[1], dynamic)  # fmt: skip
            self.on_pipe(op, *tile_accesses(op, args), cycles)
        kernel = self.kernel(op, SEMANTICS[type(op)], dst.dtype)
        rows, cols = region
        with dst.edit() as contents:
            kernel(operands, contents[:rows, :cols])
        return results

    def fill_mat(
        self, op: TExpandSOp, dst: Tile, scalar: object, results: PythonValues
    ) -> PythonValues:
        """A Mat tile's rows x cols elements, in whole 32-byte blocks, all `scalar`
        (TExpandS.hpp's create_cbuf_matrix of the scalar's bits)."""
        elements = dst.type.shape[0] * dst.type.shape[1] * dst.dtype.bytes // 32 * 32
        elements //= dst.dtype.bytes
        value = sem.scalar_array(cast(int | float, scalar), dst.dtype, (1, 1))
        if self.machine.pipes.tracking:
            cycles = costs.tile_vector_cycles(self.machine.target, type(op), dst.dtype, 1,
                                              elements, elements)  # fmt: skip
            self.on_pipe(op, [], [dst.access()], cycles)
        dst.memory.typed(dst.address, dst.dtype, elements)[:] = value.reshape(-1)[0]
        return results
