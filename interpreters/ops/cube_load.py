"""Interpreter functions of the L1 -> L0A / L0B loads and their MX scale loads
(`pto_dialect.ops.cube_load`; the byte placement is `semantics.cube`)."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, Pointer
from interpreters.ops.cube_move import as_int, element_of, placed, write_bytes
from interpreters.semantics import cube
from pto_dialect.fractal import FRACTAL_BYTES, Fractal, l0a_format
from pto_dialect.memory_types import MemorySpace
from pto_dialect.mx import SCALE_ADDRESS_SHIFT, SCALE_FRAGMENT_BYTES
from pto_dialect.ops.cube_load import (
    L1LoadOp,
    LoadCbufToCaOp,
    LoadCbufToCbOp,
    MteL1L0aMxOp,
    MteL1L0aOp,
    MteL1L0bMxOp,
    MteL1L0bOp,
    RawL1LoadOp,
)
from pto_dialect.ops.cube_load_s4 import LoadCbufToCaS4Op, LoadCbufToCbS4Op, S4LoadOp


@register_functions
class CubeLoadFunctions(MachineFunctions):
    """L1 -> L0A / L0B operand boxes and MX scale fragments."""

    def _load(
        self,
        op: L1LoadOp | RawL1LoadOp,
        args: PythonValues,
        controls: cube.LoadControls | None,
        shape: tuple[int, int, int, int] | None,
        transpose: bool | None = None,
    ) -> None:
        space = MemorySpace.L0A if op.DST_SPACE is MemorySpace.L0A else MemorySpace.L0B
        src = placed(self.machine, args[0], MemorySpace.L1, "source")
        dst = placed(self.machine, args[1], space, "destination")
        dtype = element_of(dst, op.destination.type) or element_of(src, op.source.type)
        check(dtype is not None, f"{op.name} needs a typed source or destination pointer")
        assert dtype is not None and src.memory is not None
        zz = space is MemorySpace.L0A and l0a_format(self.machine.target.arch) is Fractal.ZZ
        transpose = op.transpose if transpose is None else transpose
        if controls is None:
            assert shape is not None
            rows, cols, start_row, start_col = shape
            right = space is MemorySpace.L0B
            controls = cube.shape_controls(
                rows, cols, (start_row, start_col), dtype, right, transpose, zz
            )
        offsets, data = cube.l1_load(src.memory.data, src.offset, dtype, controls, transpose, zz)
        written = write_bytes(dst, offsets, data)
        nbytes = controls.m_step * controls.k_step * FRACTAL_BYTES
        read = Access(src.memory, src.offset, src.offset + nbytes)
        cycles = costs_dma.transfer_cycles(self.machine.target, MemorySpace.L1, space, nbytes)
        self.on_pipe(op, [read], [written], cycles)

    @implements(MteL1L0aOp, MteL1L0bOp)
    def run_l1_load(
        self, interpreter: Interpreter, op: L1LoadOp, args: PythonValues
    ) -> PythonValues:
        fields = [None if v is None else as_int(args[op.operands.index(v)]) for v in op.fields]
        if op.is_full:
            self._load(op, args, cube.LoadControls(*(int(v or 0) for v in fields[4:])), None)
        else:
            rows, cols, start_row, start_col = (int(v or 0) for v in fields[:4])
            self._load(op, args, None, (rows, cols, start_row, start_col))
        return ()

    @implements(LoadCbufToCaOp, LoadCbufToCbOp)
    def run_raw_load(
        self, interpreter: Interpreter, op: RawL1LoadOp, args: PythonValues
    ) -> PythonValues:
        self._load(op, args, cube.LoadControls(*(as_int(v) for v in args[2:8])), None)
        return ()

    @implements(LoadCbufToCaS4Op, LoadCbufToCbS4Op)
    def run_s4_load(
        self, interpreter: Interpreter, op: S4LoadOp, args: PythonValues
    ) -> PythonValues:
        """Packed FP4 boxes move as bytes; transposed, value by value (`cube.l1_load`)."""
        controls = cube.LoadControls(*(as_int(v) for v in args[2:8]))
        self._load(op, args, controls, None, as_int(args[8]) == 1)
        return ()

    @implements(MteL1L0aMxOp, MteL1L0bMxOp)
    def run_mx_load(
        self, interpreter: Interpreter, op: L1LoadOp, args: PythonValues
    ) -> PythonValues:
        right = isinstance(op, MteL1L0bMxOp)
        space = MemorySpace.L0B if right else MemorySpace.L0A
        src = placed(self.machine, args[0], MemorySpace.L1, "source")
        dst = self.machine.place(cast(Pointer, args[1]), space)
        check(
            dst.offset % 16 == 0,
            f"{op.name}: the destination {dst.offset} is not 16-byte "
            "aligned (the MX destination address unit)",
        )
        assert src.memory is not None
        fields = [None if v is None else as_int(args[op.operands.index(v)]) for v in op.fields]
        if op.is_full:
            controls = cube.LoadControls(*(int(v or 0) for v in fields[4:]))
        else:
            rows, cols, start_row, start_col = (int(v or 0) for v in fields[:4])
            controls = cube.mx_shape_controls(rows, cols, (start_row, start_col), right)
        offsets, data = cube.mx_load(src.memory.data, src.offset, controls)
        scales = self.machine.scale_memory(space)
        base = dst.offset >> SCALE_ADDRESS_SHIFT
        at = base + offsets
        beyond = f"{op.name} writes beyond the {scales.name} scale buffer ({scales.size} bytes)"
        check(int(at.max()) < scales.size, beyond)
        scales.data[at] = data
        nbytes = controls.m_step * controls.k_step * SCALE_FRAGMENT_BYTES
        read = Access(src.memory, src.offset, src.offset + nbytes)
        written = Access(scales, int(at.min()), int(at.max()) + 1)
        cycles = costs_dma.transfer_cycles(self.machine.target, MemorySpace.L1, space, nbytes)
        self.on_pipe(op, [read], [written], cycles)
        return ()
