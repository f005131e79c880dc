"""Interpreter functions of the cube's byte transfers (`pto_dialect.ops.cube_move`).

`mte_gm_l1` and `mte_l1_ub` are grouped transfers (`interpreters.ops.dma_v06`);
`copy_gm_to_cbuf` is one burst group of them; `mte_gm_l1_frac` repacks ND/DN into NZ
(`semantics.cube.frac_load`); `mte_l1_bt` and `mte_l1_fb` copy units of 32 and 64 bytes,
the bias table widening f16 and bf16 to f32.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.dma_transfer import Side, transfer
from interpreters.machine.memory import Access, Pointer
from interpreters.semantics import cube
from interpreters.semantics.mx_formats import to_f32
from pto_dialect.buffer_like import buffer_pointer
from pto_dialect.dtypes import F32, DType
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.cube_move import CopyGmToCbufOp, MteGmL1FracOp, UnitCopyOp

ON_CHIP_ALIGN = 32
"""Cube buffer pointers are 32-byte aligned (manual: docs/isa/cube/buffer-hierarchy.md)."""
FB_ADDRESS_MASK = 0xFFFF
"""A fixpipe-buffer address keeps its low 16 bits (PTOAS lib/PTO/Transforms/
VPTOExpandWrapperOps.cpp `encodeFixpipeBufferAddr`: the segment offset; its board-tested
kernels address the buffer at 65600, i.e. 64)."""


def as_int(value: object) -> int:
    return int(cast(int, value))


def placed(machine: Machine, value: object, space: MemorySpace, role: str) -> Pointer:
    """The pointer `value` in memory `space` (32-byte aligned on chip)."""
    ptr = cast(Pointer, value)
    if space is MemorySpace.GM:
        check(ptr.memory is not None, f"{role}: an untyped castptr address cannot name GM")
    ptr = machine.place(ptr, space)
    if space is MemorySpace.FB:
        ptr = Pointer(ptr.memory, ptr.offset & FB_ADDRESS_MASK, ptr.dtype)
    if space is not MemorySpace.GM:
        check(
            ptr.offset % ON_CHIP_ALIGN == 0,
            f"{role}: {space.value} address {ptr.offset} is not {ON_CHIP_ALIGN}-byte aligned",
        )
    return ptr


def element_of(ptr: Pointer, type: Attribute) -> DType | None:
    """The element type of a pointer value (its type's, a memref buffer's, else the runtime
    pointer's)."""
    pointer = buffer_pointer(type)
    if pointer is not None and pointer.element is not None:
        return pointer.element
    return ptr.dtype


def write_bytes(ptr: Pointer, offsets: np.ndarray, values: np.ndarray) -> Access:
    """Writes `values` at byte `offsets` from `ptr`; returns the span written."""
    assert ptr.memory is not None
    at = ptr.offset + offsets
    check(
        at.size == 0 or (int(at.min()) >= 0 and int(at.max()) < ptr.memory.size),
        f"a cube transfer writes beyond {ptr.memory.name} ({ptr.memory.size} bytes)",
    )
    ptr.memory.data[at] = values
    if at.size == 0:
        return Access(ptr.memory, ptr.offset, ptr.offset)
    return Access(ptr.memory, int(at.min()), int(at.max()) + 1)


@register_functions
class CubeMoveFunctions(MachineFunctions):
    """GM -> L1 (plain and fractal), L1 -> bias table and L1 -> fixpipe buffer."""

    @implements(CopyGmToCbufOp)
    def run_copy_gm_to_cbuf(
        self, interpreter: Interpreter, op: CopyGmToCbufOp, args: PythonValues
    ) -> PythonValues:
        src = placed(self.machine, args[0], MemorySpace.GM, "source")
        dst = placed(self.machine, args[1], MemorySpace.L1, "destination")
        n_burst, length, src_stride, dst_stride = (as_int(v) for v in args[2:6])
        transfer(
            self.machine,
            op,
            Side(MemorySpace.GM, src, (src_stride,)),
            Side(MemorySpace.L1, dst, (dst_stride,)),
            [n_burst],
            length,
        )
        return ()

    @implements(MteGmL1FracOp)
    def run_gm_l1_frac(
        self, interpreter: Interpreter, op: MteGmL1FracOp, args: PythonValues
    ) -> PythonValues:
        values = {value: arg for value, arg in zip(op.operands, args, strict=True)}
        src = placed(self.machine, values[op.source], MemorySpace.GM, "source")
        dst = placed(self.machine, values[op.destination], MemorySpace.L1, "destination")
        dtype = element_of(dst, op.destination.type) or element_of(src, op.source.type)
        check(dtype is not None, "mte_gm_l1_frac needs a typed source or destination pointer")
        assert dtype is not None and src.memory is not None and dst.memory is not None
        check(not values[op.smallc0_en], "mte_gm_l1_frac: small-C0 packing is not modelled")
        outer = op.src_outer_stride
        spec = cube.FracLoad(
            dn=op.mode.data == "dn2nz",
            n=as_int(values[op.n_value]),
            d=as_int(values[op.d_value]),
            inner=as_int(values[op.src_inner_stride]),
            outer=0 if outer is None else as_int(values[outer]),
            groups=as_int(values[op.group_count]),
            loop2=as_int(values[op.dst_loop2_stride]),
            loop3=as_int(values[op.dst_loop3_stride]),
            loop4=as_int(values[op.dst_loop4_stride]),
        )
        for name in ("n", "d", "groups"):
            check(getattr(spec, name) >= 0, f"mte_gm_l1_frac {name} must not be negative")
        moved = spec.groups * spec.n * cube.c0(dtype) * -(-spec.d // cube.c0(dtype)) * dtype.bytes
        check(
            moved <= dst.memory.size,
            f"mte_gm_l1_frac writes {moved} bytes ({spec.groups} group(s) of {spec.n} x "
            f"{spec.d}, C0-padded), more than {dst.memory.name} holds ({dst.memory.size} bytes)",
        )
        offsets, data = cube.frac_load(src.memory.data, src.offset, dtype, spec)
        nbytes = spec.groups * spec.n * spec.d * dtype.bytes
        read = Access(src.memory, src.offset, src.offset + max(nbytes, 0))
        written = write_bytes(dst, offsets, data)
        timing = (self.machine.target, MemorySpace.GM, MemorySpace.L1, nbytes)
        self.on_pipe(op, [read], [written], *costs_dma.transfer_timing(*timing))
        return ()

    @implements(UnitCopyOp)
    def run_unit_copy(
        self, interpreter: Interpreter, op: UnitCopyOp, args: PythonValues
    ) -> PythonValues:
        assert op.SRC_SPACE is not None and op.DST_SPACE is not None
        src = placed(self.machine, args[0], op.SRC_SPACE, "source")
        dst = placed(self.machine, args[1], op.DST_SPACE, "destination")
        n_burst, length, src_gap, dst_gap = (as_int(v) for v in args[2:6])
        for role, value in (
            ("nburst count", n_burst),
            ("len_burst", length),
            ("src gap", src_gap),
            ("dst gap", dst_gap),
        ):
            check(value >= 0, f"{op.name} {role} {value} must not be negative")
        source = element_of(src, op.source.type)
        target = element_of(dst, op.destination.type)
        unit = op.UNIT_BYTES
        widen = op.CONVERSIONS and source is not None and target == F32 and source.bytes == 2
        scale = 2 if widen else 1
        assert src.memory is not None and dst.memory is not None
        reads: list[Access] = []
        writes: list[Access] = []
        for burst in range(n_burst):
            at = src.offset + burst * (length + src_gap) * unit
            to = dst.offset + burst * (length + dst_gap) * unit * scale
            check(
                at + length * unit <= src.memory.size, f"{op.name} reads beyond {src.memory.name}"
            )
            data = src.memory.data[at : at + length * unit]
            if widen:
                assert source is not None
                data = to_f32(data.view(source.numpy), source).view(np.uint8)
            check(
                to + data.size <= dst.memory.size,
                f"{op.name} writes beyond {dst.memory.name} ({dst.memory.size} bytes)",
            )
            dst.memory.data[to : to + data.size] = data
            reads.append(Access(src.memory, at, at + length * unit))
            writes.append(Access(dst.memory, to, to + data.size))
        nbytes = n_burst * length * unit
        timing = (self.machine.target, op.SRC_SPACE, op.DST_SPACE, nbytes)
        self.on_pipe(op, reads, writes, *costs_dma.transfer_timing(*timing))
        return ()
