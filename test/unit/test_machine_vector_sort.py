"""vbitsort, vmrgsort4, vsort32 and get_vms4_sr on the machine, against references from
the pages: a stable Python sort of (value, index) pairs per 32-element block, an explicit
4-way merge, the count/config fields of pto-isa's TMrgSort.hpp (lengths 16 bits per list,
repeat [7:0], list mask [11:8], exhausted [12])."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from test_interp_sort import key, pack, ref_merge
from xdsl.dialects.builtin import IndexType, ModuleOp, StringAttr, i64
from xdsl.interpreter import Interpreter
from xdsl.ir import Block, Region, SSAValue

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Pointer
from interpreters.ops.vector_sort import VectorSortFunctions
from pto_dialect.dtypes import F16, F32, U32, DType, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.vector_sort import GetVms4SrOp, VBitSortOp, VMrgSort4Op, VSort32Op
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

TARGETS = (A2A3, A5, CPU)


def run(machine: Machine, op: Any, args: list[Any]) -> tuple[Any, ...]:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorSortFunctions(machine))
    return interpreter.run_op(op, tuple(args))


def in_module(target: TargetProfile, types: list[Any], make: Any) -> Any:
    block = Block(arg_types=types)
    op = make(*block.args)
    block.add_op(op)
    module = ModuleOp(Region(block))
    module.attributes["pto.target_arch"] = StringAttr(target.name)
    op.verify()
    return op


def _ptr(dtype: DType) -> PtrType:
    return PtrType(mlir_type(dtype), MemorySpace.UB)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("dtype", [F32, F16], ids=str)
@pytest.mark.parametrize("repeat", [1, 3])
def test_vbitsort(target: TargetProfile, dtype: DType, repeat: int) -> None:
    rng = np.random.default_rng(repeat)
    n = 32 * repeat
    pool = np.array([2.0, 1.0, 0.0, -0.0, -1.0, math.inf, -math.inf, math.nan])
    scores = rng.choice(pool, n).astype(dtype.numpy)
    indices = rng.integers(0, 2**32, n).astype(np.uint32)
    machine = Machine(target)
    ub = machine.memory(MemorySpace.UB)
    ub.typed(0, dtype, n)[:] = scores
    ub.typed(4096, U32, n)[:] = indices
    op = in_module(target, [_ptr(U32), _ptr(dtype), _ptr(U32), IndexType()], VBitSortOp)
    args = [Pointer(ub, 8192, U32), Pointer(ub, 0, dtype), Pointer(ub, 4096, U32), repeat]
    run(machine, op, args)
    expected = b""
    for b in range(repeat):
        chunk = slice(32 * b, 32 * b + 32)
        block = list(zip(scores[chunk], (int(i) for i in indices[chunk]), strict=True))
        expected += pack(sorted(block, key=lambda p: key(float(p[0]))), dtype)
    assert ub.data[8192 : 8192 + 8 * n].tobytes() == expected


def test_vbitsort_repeat_range() -> None:
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    op = in_module(A5, [_ptr(U32), _ptr(F32), _ptr(U32), IndexType()], VBitSortOp)
    with pytest.raises(PtoRuntimeError, match=r"repeat_times 0 must be in \[1, 255\]"):
        run(machine, op, [Pointer(ub, 0, U32), Pointer(ub, 0, F32), Pointer(ub, 0, U32), 0])


def _merge(*args: SSAValue) -> VMrgSort4Op:
    return VMrgSort4Op(args[0], list(args[1:5]), args[5], args[6])


def merge_op(target: TargetProfile, dtype: DType) -> Any:
    return in_module(target, [_ptr(dtype)] * 5 + [i64, i64], _merge)


@pytest.mark.parametrize("target", TARGETS, ids=lambda t: t.name)
@pytest.mark.parametrize("exhausted", [False, True])
@pytest.mark.parametrize("mask", [0b1111, 0b0011, 0b0101])
def test_vmrgsort4(target: TargetProfile, exhausted: bool, mask: int) -> None:
    rng = np.random.default_rng(mask)
    lengths = [int(n) for n in rng.integers(1, 9, 4)]
    lists: list[list[tuple[Any, int]]] = []
    machine = Machine(target)
    ub = machine.memory(MemorySpace.UB)
    pointers: list[Pointer] = []
    for k, n in enumerate(lengths):
        values = rng.choice(np.array([3.0, 1.0, 0.0, -0.0, -2.0, math.nan]), n)
        pairs = sorted([(np.float32(v), int(rng.integers(0, 1000))) for v in values],
                       key=lambda p: key(float(p[0])))  # fmt: skip
        lists.append(pairs)
        ub.data[1024 * k : 1024 * k + 8 * n] = np.frombuffer(pack(pairs, F32), np.uint8)
        pointers.append(Pointer(ub, 1024 * k, F32))
    count = sum(n << (16 * k) for k, n in enumerate(lengths))
    config = 1 | mask << 8 | int(exhausted) << 12
    op = merge_op(target, F32)
    run(machine, op, [Pointer(ub, 8192, F32), *pointers, count, config])
    active = [k for k in range(4) if mask >> k & 1]
    merged, heads = ref_merge([lists[k] for k in active], exhausted)
    produced = pack(merged, F32)
    assert ub.data[8192 : 8192 + len(produced)].tobytes() == produced
    assert ub.data[8192 + len(produced) : 8192 + len(produced) + 8].tobytes() == bytes(8)
    counts = [0] * 4
    for k, n in zip(active, heads, strict=True):
        counts[k] = n
    query = in_module(target, [], GetVms4SrOp)
    assert run(machine, query, []) == tuple(counts)


def test_vmrgsort4_one_pair_lists_exhausted() -> None:
    """Four one-pair lists in exhausted mode: the greatest pair, then list 0 has run out."""
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    src = [(9.0, 90), (7.0, 70), (8.0, 80), (6.0, 60)]
    ub.data[0:32] = np.frombuffer(pack(src, F32), np.uint8)
    pointers = [Pointer(ub, 8 * k, F32) for k in range(4)]
    op = merge_op(A5, F32)
    run(machine, op, [Pointer(ub, 64, F32), *pointers, 0x0001_0001_0001_0001, 0x1F01])
    assert ub.data[64:72].tobytes() == pack([(9.0, 90)], F32)
    assert run(machine, in_module(A5, [], GetVms4SrOp), []) == (1, 0, 0, 0)


def test_vmrgsort4_repeats_advance_by_all_lists() -> None:
    """Repeat r merges the four lists at pointer + r x (all lists' pairs)."""
    machine = Machine(CPU)
    ub = machine.memory(MemorySpace.UB)
    groups = [[[(4.0, 1)], [(3.0, 2)], [(5.0, 3)], [(1.0, 4)]],
              [[(0.5, 5)], [(2.0, 6)], [(1.5, 7)], [(-1.0, 8)]]]  # fmt: skip
    data = b"".join(pack(p, F32) for g in groups for p in g)
    ub.data[0 : len(data)] = np.frombuffer(data, np.uint8)
    pointers = [Pointer(ub, 8 * k, F32) for k in range(4)]
    op = merge_op(CPU, F32)
    run(machine, op, [Pointer(ub, 256, F32), *pointers, 0x0001_0001_0001_0001, 0x0F02])
    expected = b"".join(pack(ref_merge(g, False)[0], F32) for g in groups)
    assert ub.data[256 : 256 + 64].tobytes() == expected


def test_vmrgsort4_unsorted_list_is_an_error() -> None:
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    ub.data[0:16] = np.frombuffer(pack([(1.0, 0), (2.0, 1)], F32), np.uint8)
    op = merge_op(A5, F32)
    args = [Pointer(ub, 64, F32), *[Pointer(ub, 0, F32)] * 4, 2, 0x0101]
    with pytest.raises(PtoRuntimeError, match="list 0 is not sorted"):
        run(machine, op, args)


def test_vsort32_is_an_explicit_error() -> None:
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    op = in_module(A5, [_ptr(F32), _ptr(F32), i64], VSort32Op)
    with pytest.raises(PtoRuntimeError, match=r"vsort32\.md publishes neither"):
        run(machine, op, [Pointer(ub, 0, F32), Pointer(ub, 0, F32), 0])
