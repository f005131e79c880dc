"""Interpreter functions of the fixpipe stores (`pto_dialect.ops.cube_fixpipe`, and
`cube_copy_matrix`'s packed-word form of `mte_l0c_ub`; what they compute is
`semantics.cube_fixpipe`).

A UB store writes the UB of the vector core its `dst_mode` names (sub-block 0 or 1), or, in
`split_m` / `split_n`, the first half of the rows / columns to sub-block 0's UB and the second
to sub-block 1's, each at `%dst` with the same `dst_stride` (mte-l0c-ub.md). A mixed launch runs
both AIVs of a block (`Machine.vector_ub`); a run of one core has only sub-block 0's UB, and
reaching sub-block 1's is a run-time error there.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import SSAValue

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Access, Pointer
from interpreters.ops.cube_move import as_int, element_of, placed
from interpreters.semantics import cube, cube_fixpipe
from interpreters.semantics.cube_fixpipe import Stage
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.fractal import C0_BYTES
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.cube_copy_matrix import CcToUbWords, CopyMatrixCcToUbOp
from pto_dialect.ops.cube_fixpipe import (
    ATOMIC_OP,
    ATOMIC_TYPE,
    DST_MODE,
    MODE,
    QUANT,
    QUANT_MODES,
    RELU,
    SAT,
    FixpipeOp,
)

_ATOMIC_TYPES = {"f32": "f32", "f16": "f16", "bf16": "bf16", "s32": "i32", "s16": "i16", "s8": "i8"}


@register_functions
class CubeFixpipeFunctions(MachineFunctions):
    """L0C -> L1 / GM / UB through the fixpipe."""

    @implements(FixpipeOp)
    def run_fixpipe(
        self, interpreter: Interpreter, op: FixpipeOp, args: PythonValues
    ) -> PythonValues:
        arg = {value: a for value, a in zip(op.operands, args, strict=True)}
        machine = self.machine
        src = placed(machine, arg[op.source], MemorySpace.L0C, "source")
        m, n = as_int(arg[op.m]), as_int(arg[op.n])
        present = op.optional()
        parts = self._destinations(op, present, arg, m, n)
        dst = parts[0][0]
        source = element_of(src, op.source.type)
        target = element_of(dst, op.destination.type)
        check(
            source is not None and target is not None,
            f"{op.name} needs typed source and destination pointers",
        )
        assert source is not None and target is not None
        assert src.memory is not None
        src_stride, dst_stride = as_int(arg[op.src_stride]), as_int(arg[op.dst_stride])
        layout = op.word(MODE)
        if layout == "nz2dn":
            loop0 = as_int(arg[present["loop0_src_stride"]])
            check(
                loop0 == 1,
                f"{op.name} nz2dn with loop0_src_stride {loop0} (other than 1) is not modelled",
            )
        count, src3, dst3 = 1, 0, 0
        if "loop3_count" in present:
            count, src3, dst3 = (
                as_int(arg[present[k]])
                for k in ("loop3_count", "loop3_src_stride", "loop3_dst_stride")
            )
        values = max(m, 0) * max(n, 0)
        check(
            values * source.bytes <= src.memory.size,
            f"{op.name} reads {m} x {n} values of {source}, more than "
            f"{src.memory.name} holds ({src.memory.size} bytes)",
        )
        for d, rows, cols in parts:
            (r0, r1, _), (c0, c1, _) = rows.indices(max(m, 0)), cols.indices(max(n, 0))
            total = max(count, 0) * max(r1 - r0, 0) * max(c1 - c0, 0) * target.bytes
            check(
                d.memory is None or total <= d.memory.size,
                f"{op.name} writes {count} x {m} x {n} values of {target}, more than its "
                "destination holds",
            )
        stage = self._stage(op, present, arg, n)
        atomic = op.word(ATOMIC_TYPE), op.word(ATOMIC_OP)
        self.store(op, (src, parts), (source, target), (m, n, src_stride, dst_stride),
                   (layout, stage, atomic), (count, src3, dst3))  # fmt: skip
        return ()

    @implements(CopyMatrixCcToUbOp)
    def run_copy_matrix_cc_to_ub(
        self, interpreter: Interpreter, op: CopyMatrixCcToUbOp, args: PythonValues
    ) -> PythonValues:
        """The words unpacked, `mte_l0c_ub`'s copy without clauses (or with `nz2nd`)."""
        words = CcToUbWords.unpack(as_int(args[2]), as_int(args[3]))
        problem = words.problem()
        check(problem is None, f"{op.name} {problem}")
        layout = [] if words.layout in (None, "nz2nd") else [str(words.layout)]
        unmodelled = ", ".join([*words.controls, *layout])
        check(
            not unmodelled,
            f"{op.name} {unmodelled}: not modelled in the packed form (mte_l0c_ub's clauses)",
        )
        src = placed(self.machine, args[0], MemorySpace.L0C, "source")
        parts = self.ub_parts(op, args[1], words.dst_mode, words.sub_blockid, (words.m, words.n))
        source = element_of(src, op.source.type)
        target = element_of(parts[0][0], op.destination.type)
        check(
            source is not None and target is not None,
            f"{op.name} needs typed source and destination pointers",
        )
        assert source is not None and target is not None
        stage = Stage(None, None, None, None, None, None)
        sizes = (words.m, words.n, words.src_stride, words.dst_stride)
        self.store(op, (src, parts), (source, target), sizes, (words.layout, stage, (None, None)))
        return ()

    def store(
        self,
        op: PtoOp,
        ends: tuple[Pointer, list[tuple[Pointer, slice, slice]]],
        types: tuple[DType, DType],
        sizes: tuple[int, int, int, int],
        how: tuple[str | None, Stage, tuple[str | None, str | None]],
        loop3: tuple[int, int, int] = (1, 0, 0),
    ) -> None:
        """Write the m x n accumulator at `src` (`sizes`: m, n, src_stride, dst_stride) to
        each destination part through the fixpipe stage, `loop3`'s count times (`how`: the
        layout, the stage, the atomic type and op)."""
        src, parts = ends
        source, target = types
        m, n, src_stride, dst_stride = sizes
        layout, stage, atomic = how
        count, src3, dst3 = loop3
        assert src.memory is not None
        machine = self.machine
        c_at = cube_fixpipe.acc_offsets(m, n, src_stride)
        reads: list[Access] = []
        writes: list[Access] = []
        for r in range(count):
            src_base = src.offset + r * src3 * C0_BYTES
            values = cube.gather(src.memory.data, src_base, c_at, source)
            reads.append(Access(src.memory, *cube.byte_span(src_base, c_at, source.bytes)))
            whole = cube_fixpipe.apply(values, source, target, stage)
            for dst, rows, cols in parts:
                assert dst.memory is not None
                result = whole[rows, cols]
                height, width = result.shape
                d_at = cube_fixpipe.dst_offsets(layout, height, width, dst_stride, target)
                dst_base = dst.offset + r * dst3 * target.bytes
                if atomic[0] is not None:
                    old = cube.gather(dst.memory.data, dst_base, d_at, target)
                    span = cube.byte_span(dst_base, d_at, target.bytes)
                    reads.append(Access(dst.memory, *span))
                    kind = dtype_named(_ATOMIC_TYPES[atomic[0]])
                    result = _atomic(old, result, kind, str(atomic[1]), target)
                at = dst_base + d_at[..., None] * target.bytes + np.arange(target.bytes)
                check(
                    at.size == 0 or (int(at.min()) >= 0 and int(at.max()) < dst.memory.size),
                    f"{op.name} writes beyond {dst.memory.name} ({dst.memory.size} bytes)",
                )
                dst.memory.data[at.reshape(-1)] = (
                    np.ascontiguousarray(result).view(np.uint8).reshape(-1)
                )
                writes.append(Access(dst.memory, *cube.byte_span(dst_base, d_at, target.bytes)))
        nbytes = count * m * n * target.bytes
        first = parts[0][0].memory
        assert first is not None
        timing = (machine.target, MemorySpace.L0C, first.space, nbytes, 1, count * m)
        self.on_pipe(op, reads, writes, *costs_dma.transfer_timing(*timing))

    def _destinations(
        self, op: FixpipeOp, present: dict[str, SSAValue], arg: dict[SSAValue, object],
        m: int, n: int,
    ) -> list[tuple[Pointer, slice, slice]]:  # fmt: skip
        """Where the m x n results go: per destination, its pointer and rows and columns."""
        value = arg[op.destination]
        mode = op.word(DST_MODE)
        if mode is None:
            everything = slice(0, m), slice(0, n)
            return [(placed(self.machine, value, op.DST_SPACE, "destination"), *everything)]
        sub = as_int(arg[present["sub_blockid"]]) if mode == "single" else 0
        return self.ub_parts(op, value, mode, sub, (m, n))

    def ub_parts(
        self, op: PtoOp, value: object, mode: str, sub: int, size: tuple[int, int]
    ) -> list[tuple[Pointer, slice, slice]]:
        """The UB destinations of `dst_mode` `mode` (`sub`: single's sub-block id)."""
        m, n = size
        everything = slice(0, m), slice(0, n)
        if mode == "single":
            check(sub in (0, 1), f"{op.name} sub-block id {sub} must be 0 or 1")
            return [(self._in_ub(value, sub), *everything)]
        halves = (
            [(slice(0, m // 2), everything[1]), (slice(m // 2, m), everything[1])]
            if mode == "split_m"
            else [(everything[0], slice(0, n // 2)), (everything[0], slice(n // 2, n))]
        )
        return [(self._in_ub(value, sub), *half) for sub, half in enumerate(halves)]

    def _in_ub(self, value: object, sub: int) -> Pointer:
        """Pointer `value` placed in the UB of vector core `sub`."""
        ptr = cast(Pointer, value)
        if ptr.memory is None or ptr.memory.space is MemorySpace.UB:
            ptr = Pointer(self.machine.vector_ub(sub), ptr.offset, ptr.dtype)
        return placed(self.machine, ptr, MemorySpace.UB, "destination")

    def _stage(
        self, op: FixpipeOp, present: dict[str, SSAValue], arg: dict[SSAValue, object], n: int
    ) -> Stage:
        quant = op.word(QUANT)
        words = None
        if quant is not None and quant in QUANT_MODES:
            payload = present["pre_quant"]
            if QUANT_MODES[quant].vector:
                fb = self._fb(arg[payload], n * 8)
                words = fb.view(np.uint64)
            else:
                words = cube_fixpipe.scalar_word(float(cast(float, arg[payload])))
        relu = op.word(RELU)
        alpha = None
        if relu == "scalar_relu":
            alpha = np.array([float(cast(float, arg[present["pre_relu"]]))], np.float64)
        elif relu == "vector_relu":
            payload = present["pre_relu"]
            element = _payload_element(payload)
            alpha = self._fb(arg[payload], n * element.bytes).view(element.numpy)
        clip = None
        if "clip_value" in present:
            value = arg[present["clip_value"]]
            clip = cast(float | int, value)
        return Stage(quant, words, relu, alpha, clip, op.word(SAT))

    def _fb(self, value: object, nbytes: int) -> np.ndarray:
        """`nbytes` bytes of the fixpipe buffer at pointer `value`."""
        ptr = placed(self.machine, value, MemorySpace.FB, "fixpipe payload")
        assert ptr.memory is not None
        check(
            ptr.offset + nbytes <= ptr.memory.size,
            f"a fixpipe parameter payload reaches beyond {ptr.memory.name}",
        )
        return ptr.memory.data[ptr.offset : ptr.offset + nbytes].copy()


def _payload_element(payload: SSAValue) -> DType:
    type = payload.type
    assert isinstance(type, PtrType) and type.element is not None
    return type.element


def _atomic(old: np.ndarray, new: np.ndarray, kind: DType, op: str, target: DType) -> np.ndarray:
    """`op` of the value in the destination and the stored one, in the atomic type."""
    check(kind == target, f"atomic type {kind} must be the destination element type {target}")
    with np.errstate(all="ignore"):
        if op == "add":
            return (old + new).astype(target.numpy)
        if op == "max":
            return np.maximum(old, new).astype(target.numpy)
        return np.minimum(old, new).astype(target.numpy)
