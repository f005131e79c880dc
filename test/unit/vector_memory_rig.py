"""The bench shared by the vector load/store tests: a machine with random UB bytes, an
interpreter and a pipe model that records every call, and small helpers.
"""

from __future__ import annotations

from typing import Any

import numpy as np
from support import legal_dtypes
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter
from xdsl.ir import Operation

from interpreters.machine.core import Machine
from interpreters.machine.memory import Access, Pointer
from interpreters.machine.pipes import PipeModel
from interpreters.ops.vector_load import VectorLoadFunctions
from interpreters.ops.vector_store import VectorStoreFunctions
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.vector_types import VRegType

TARGETS = (A2A3, A5, CPU)
UB_BYTES = 8192


# ----------------------------------------------------------------------------------------
# Rig: a machine with random UB bytes, an interpreter and a pipe model that records calls
# ----------------------------------------------------------------------------------------


class Recorder(PipeModel):
    def __init__(self) -> None:
        super().__init__()
        self.calls: list[tuple[Operation, Pipe, list[Access], list[Access], int]] = []

    def execute(
        self,
        op: Any,
        pipe: Pipe,
        reads: Any = (),
        writes: Any = (),
        cycles: int = 0,
        hold: int | None = None,
    ):
        self.calls.append((op, pipe, list(reads), list(writes), cycles))
        super().execute(op, pipe, reads, writes, cycles, hold)


class Rig:
    def __init__(self, target: TargetProfile = CPU, seed: int = 0) -> None:
        self.target = target
        self.pipes = Recorder()
        self.machine = Machine(target, pipes=self.pipes)
        self.ub = self.machine.memory(MemorySpace.UB)
        rng = np.random.default_rng(seed)
        self.ub.data[:UB_BYTES] = rng.integers(0, 256, UB_BYTES, dtype=np.uint8)
        self.rng = rng
        self.stores = VectorStoreFunctions(self.machine)
        self.interpreter = Interpreter(ModuleOp([]))
        self.interpreter.register_implementations(VectorLoadFunctions(self.machine))
        self.interpreter.register_implementations(self.stores)

    def run(self, op: Operation, *args: Any) -> tuple[Any, ...]:
        op.verify()
        return self.interpreter.run_op(op, args)

    def ptr(self, address: int, dtype: DType | None) -> Pointer:
        return Pointer(self.ub, address, dtype)

    def snapshot(self) -> bytes:
        return bytes(self.ub.data[: UB_BYTES + 1024])

    def last(self) -> tuple[Operation, Pipe, list[Access], list[Access], int]:
        return self.pipes.calls[-1]


def ub_ptr(dtype: DType | None) -> PtrType:
    return PtrType() if dtype is None else PtrType(mlir_type(dtype), MemorySpace.UB)


def vreg(dtype: DType) -> VRegType:
    return VRegType(mlir_type(dtype))


def lanes(dtype: DType) -> int:
    return 256 // dtype.bytes


def random_vreg(rng: np.random.Generator, dtype: DType) -> np.ndarray:
    return rng.integers(0, 256, 256, dtype=np.uint8).view(dtype.numpy)


def tail_mask(n: int, count: int) -> np.ndarray:
    return np.arange(n) < count


def legal(target: TargetProfile, op: str, bits: int | None = None) -> list[DType]:
    found = sorted(legal_dtypes(target, op), key=lambda d: d.name)
    return [d for d in found if bits is None or d.bits == bits]


def spans(accesses: list[Access]) -> list[tuple[int, int]]:
    return [(a.start, a.end) for a in accesses]


def written_spans(active_bytes: list[int]) -> list[tuple[int, int]]:
    """Merged [start, end) runs of a list of byte addresses (test-side helper)."""
    out: list[list[int]] = []
    for b in sorted(set(active_bytes)):
        if out and out[-1][1] == b:
            out[-1][1] = b + 1
        else:
            out.append([b, b + 1])
    return [(a, b) for a, b in out]


def elem(mem: bytes, address: int, size: int) -> bytes:
    return mem[address : address + size]
