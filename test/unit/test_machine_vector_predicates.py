"""Predicate generation (`plt_b*`, `pset_b*`), pointers and the pipe model of the vector compute
ops in the interpreter, and whole kernels with a plt tail loop in a vecscope.

References are written from seed 004 and the PTOAS rules recorded in docs/decisions.md; they
never call the code under test.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from vector_arith_rig import OPS, build, lanes_of, mask_type, run, vreg
from xdsl.context import Context
from xdsl.dialects.arith import Arith
from xdsl.dialects.builtin import Builtin, IndexType, i32, i64
from xdsl.dialects.func import Func
from xdsl.dialects.scf import Scf
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.ir import Operation

from interpreters.commands import runner
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.source import parse_module
from interpreters.machine.core import Machine
from interpreters.machine.memory import Pointer
from interpreters.machine.pipes import PipeModel
from interpreters.ops.vecscope import VecScopeFunctions
from interpreters.ops.vector_arith import VectorArithFunctions
from interpreters.semantics import vector_arith as sem
from pto_dialect.attrs import Pipe
from pto_dialect.dialect import PTO
from pto_dialect.dtypes import BF16, F16, F32, I16, I32, U8, U32, DType, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.vector_mask import PATTERNS, PLT_OPS, PSET_OPS
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

# ----------------------------------------------------------------------------------------
# plt_b* / pset_b*
# ----------------------------------------------------------------------------------------


@pytest.mark.parametrize("bits", [8, 16, 32])
@pytest.mark.parametrize("remaining", [-5, 0, 1, 31, 63, 64, 65, 127, 128, 129, 255, 256, 300,
                                       2**31 - 1, 0xFFFFFFFF])  # fmt: skip
def test_plt(bits: int, remaining: int) -> None:
    lanes = 2048 // bits
    op = build(A5, [i32], PLT_OPS[bits])
    mask, left = run(Machine(A5), op, [remaining])
    signed = remaining - 2**32 if remaining >= 2**31 else remaining
    assert mask.dtype == np.bool_ and mask.shape == (lanes,)
    assert list(mask) == [i < signed for i in range(lanes)]
    assert left == (0 if signed < lanes else signed - lanes)


def count_pattern(pattern: str, lanes: int) -> list[int]:
    """The active lanes of a pattern (AscendC `pset_b*`: lowest n / half / quarter,
    multiples of 3 / 4)."""
    fixed = {"PAT_ALL": lanes, "PAT_ALLF": 0, "PAT_H": lanes // 2, "PAT_Q": lanes // 4}
    if pattern in fixed:
        return list(range(fixed[pattern]))
    if pattern == "PAT_M3":
        return list(range(0, lanes, 3))
    if pattern == "PAT_M4":
        return list(range(0, lanes, 4))
    return list(range(int(pattern.removeprefix("PAT_VL"))))


PSET_CASES = [
    (bits, pattern)
    for bits in (8, 16, 32)
    for pattern in PATTERNS
    if not pattern.startswith("PAT_VL") or int(pattern[6:]) <= 2048 // bits  # verifier
]


@pytest.mark.parametrize(("bits", "pattern"), PSET_CASES)
def test_pset(bits: int, pattern: str) -> None:
    lanes = 2048 // bits
    op = build(A2A3, [], lambda: PSET_OPS[bits](pattern))
    (mask,) = run(Machine(A2A3), op, [])
    assert mask.dtype == np.bool_ and mask.shape == (lanes,)
    assert list(np.flatnonzero(mask)) == count_pattern(pattern, lanes)


def test_pset_examples() -> None:
    assert int(sem.pset("PAT_M3", 64).sum()) == 22  # lanes 0, 3, ..., 63
    assert int(sem.pset("PAT_H", 128).sum()) == 64
    assert list(np.flatnonzero(sem.pset("PAT_M4", 16))) == [0, 4, 8, 12]


# ----------------------------------------------------------------------------------------
# Pointers and the pipe model
# ----------------------------------------------------------------------------------------


def test_castptr_integer_to_pointer() -> None:
    machine = Machine(A5)
    typed = build(A5, [i64], lambda a: CastPtrOp(a, PtrType(mlir_type(F32), MemorySpace.UB)))
    (ptr,) = run(machine, typed, [4096])
    assert ptr == Pointer(machine.memory(MemorySpace.UB), 4096, F32)
    untyped = build(A5, [i64], lambda a: CastPtrOp(a, PtrType()))
    (ptr,) = run(machine, untyped, [64])
    assert ptr == Pointer(None, 64, None)
    assert machine.place(ptr, MemorySpace.UB).memory is machine.memory(MemorySpace.UB)
    gm = build(A5, [i64], lambda a: CastPtrOp(a, PtrType(mlir_type(F32))))
    with pytest.raises(PtoRuntimeError, match="GM has no single memory"):
        run(machine, gm, [0])
    with pytest.raises(PtoRuntimeError, match="negative address"):
        run(machine, typed, [-32])


def test_castptr_pointer_casts() -> None:
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    ub_f32 = PtrType(mlir_type(F32), MemorySpace.UB)
    to_int = build(A5, [ub_f32], lambda p: CastPtrOp(p, i64))
    assert run(machine, to_int, [Pointer(ub, 96, F32)]) == (96,)
    retype = build(A5, [ub_f32], lambda p: CastPtrOp(p, PtrType(mlir_type(F16), MemorySpace.UB)))
    assert run(machine, retype, [Pointer(ub, 96, F32)]) == (Pointer(ub, 96, F16),)
    untyped = build(A5, [PtrType()], lambda p: CastPtrOp(p, ub_f32))
    assert run(machine, untyped, [Pointer(None, 32, None)]) == (Pointer(ub, 32, F32),)
    erase = build(A5, [ub_f32], lambda p: CastPtrOp(p, PtrType()))
    assert run(machine, erase, [Pointer(ub, 96, F32)]) == (Pointer(ub, 96, None),)
    to_l1 = build(A5, [ub_f32], lambda p: CastPtrOp(p, PtrType(mlir_type(F32), MemorySpace.L1)))
    with pytest.raises(PtoRuntimeError, match="is used where a l1 address is needed"):
        run(machine, to_l1, [Pointer(ub, 0, F32)])
    to_gm = build(A5, [PtrType()], lambda p: CastPtrOp(p, PtrType(mlir_type(F32))))
    with pytest.raises(PtoRuntimeError, match="GM has no single memory"):
        run(machine, to_gm, [Pointer(None, 0, None)])


def test_addptr_counts_elements() -> None:
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    op = build(A5, [PtrType(mlir_type(F16), MemorySpace.UB), IndexType()], AddPtrOp)
    assert run(machine, op, [Pointer(ub, 64, F16), 10]) == (Pointer(ub, 84, F16),)
    assert run(machine, op, [Pointer(ub, 64, F16), -32]) == (Pointer(ub, 0, F16),)
    with pytest.raises(PtoRuntimeError, match="before the start of ub"):
        run(machine, op, [Pointer(ub, 64, F16), -33])


@pytest.mark.parametrize(
    ("target", "name", "dtype", "cycles"),
    [
        # A2/A3 (docs/machine.md): fixed + slope x 1 repeat
        (A2A3, "vadd", F32, 30 + 2),
        (A2A3, "vadd", I32, 23 + 2),
        (A2A3, "vmul", I16, 25 + 2),
        (A2A3, "vdiv", F16, 32 + 4),
        (A2A3, "vand", U8, 20 + 2),
        (A2A3, "vaddc", U32, 25 + 1),  # the SIMPLE class (vadds/vmuls)
        # A5 latencies (seed 004; pto-isa VfSim isa.csv), issued alone outside a vecscope
        (A5, "vadd", F16, 7),
        (A5, "vmul", F32, 8),
        (A5, "vdiv", F32, 17),
        (A5, "vdiv", F16, 22),
        (A5, "vshr", I16, 7),
        (A5, "vsubc", I32, 7),
        (CPU, "vmax", BF16, 7),
    ],
)
def test_binary_ops_run_on_pipe_v_with_seed_costs(
    target: TargetProfile, name: str, dtype: DType, cycles: int
) -> None:
    machine = Machine(target, pipes=PipeModel(record_spans=True))
    op = build(target, [vreg(dtype)] * 2 + [mask_type(dtype)], OPS[name])
    n = lanes_of(dtype)
    ones = np.ones(n, dtype.numpy)
    run(machine, op, [ones, ones, np.ones(n, np.bool_)])
    assert machine.pipes.busy[Pipe.V] == cycles
    assert [(s.pipe, s.cycles) for s in machine.pipes.spans] == [(Pipe.V, cycles)]
    assert machine.pipes.clocks[Pipe.V][Pipe.V] == 1  # executed exactly once
    assert not machine.pipes.hazards


def test_register_ops_touch_no_memory_and_bookkeeping_ops_no_pipe() -> None:
    machine = Machine(A2A3, pipes=PipeModel())
    pset = build(A2A3, [], lambda: PSET_OPS[32]("PAT_ALL"))
    plt = build(A2A3, [i32], PLT_OPS[16])
    run(machine, pset, [])
    run(machine, plt, [5])
    # plt/pset are costed as a vbr of their granularity: the SIMPLE class, 25 + 1
    assert machine.pipes.busy[Pipe.V] == 2 * (25 + 1)
    assert not machine.pipes.history  # no memory access recorded
    before = {p: dict(c) for p, c in machine.pipes.clocks.items()}
    cast = build(A2A3, [i64], lambda a: CastPtrOp(a, PtrType(mlir_type(F32), MemorySpace.UB)))
    (ptr,) = run(machine, cast, [0])
    add = build(A2A3, [PtrType(mlir_type(F32), MemorySpace.UB), IndexType()], AddPtrOp)
    run(machine, add, [ptr, 64])
    assert machine.pipes.clocks == before and machine.pipes.busy[Pipe.S] == 0


# ----------------------------------------------------------------------------------------
# Whole kernels: a plt tail loop in a vecscope
# ----------------------------------------------------------------------------------------

KERNEL = """
builtin.module attributes {{pto.target_arch = "{arch}"}} {{
  func.func @k(%x: f32, %y: f32) {{
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %n = arith.constant {n} : index
    %n32 = arith.constant {n} : i32
    %a = arith.constant 4096 : i64
    %p = pto.castptr %a : i64 -> !pto.ptr<f32, ub>
    pto.vecscope {{
      %vx = pto.vbr %x : f32 -> !pto.vreg<64xf32>
      %vy = pto.vbr %y : f32 -> !pto.vreg<64xf32>
      %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      %r:1 = scf.for %i = %c0 to %n step %c64 iter_args(%rem = %n32) -> (i32) {{
        %m, %next = pto.plt_b32 %rem : i32 -> !pto.mask<b32>, i32
        %s = pto.vadd %vx, %vy, %m
          : !pto.vreg<64xf32>, !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
        %f = pto.vmula %s, %vx, %vy, %all : !pto.vreg<64xf32>, !pto.vreg<64xf32>,
          !pto.vreg<64xf32>, !pto.mask<b32> -> !pto.vreg<64xf32>
        scf.yield %next : i32
      }}
    }}
    func.return
  }}
}}
"""


A5_KERNEL_CYCLES = 23 + 15 + 12
"""KERNEL with n = 200 on A5, by hand (docs/machine.md, the VF issue model): vbr, vadd and
vmula issue on two compute ports, one op a cycle each, as soon as their operands are ready
(forwarding latency - 4: vbr/vadd 3, vmula 4); `plt` and `pset` are no instructions ([vf]
records none), their masks ready with their operands. Issue times (port): vbr 0 (0), vbr 0
(1); the iterations' vadds need only the two vbrs (ready 3) and their masks: 3 (0), 3 (1),
4 (0), 4 (1); each vmula 3 cycles after its vadd: 6 (0), 6 (1), 7 (0), 7 (1); the last done
at 7 + 8 = 15; plus start-up 23 and drain 12."""


class Recorder(Interpreter.Listener):
    def __init__(self) -> None:
        self.results: list[tuple[str, PythonValues]] = []

    def did_interpret_op(self, op: Operation, results: PythonValues) -> None:
        self.results.append((op.name, results))


def test_plt_tail_loop_kernel() -> None:
    ctx = Context()
    for dialect in (Builtin, Func, Arith, Scf, PTO):
        ctx.load_dialect(dialect)
    module = parse_module(ctx, KERNEL.format(arch="a5", n=200), "kernel")
    module.verify()
    recorder = Recorder()
    interpreter = Interpreter(module, listeners=(recorder,))
    machine = Machine(A5, pipes=PipeModel())
    for functions in (ArithFunctions(), FuncFunctions(), ScfFunctions(),
                      VectorArithFunctions(machine), VecScopeFunctions(machine)):  # fmt: skip
        interpreter.register_implementations(functions)
    interpreter.call_op("k", (1.5, 2.0))
    plts = [r for name, r in recorder.results if name == "pto.plt_b32"]
    assert [int(m.sum()) for m, _ in plts] == [64, 64, 64, 8]
    assert [left for _, left in plts] == [136, 72, 8, 0]
    sums = [r[0] for name, r in recorder.results if name == "pto.vadd"]
    assert list(sums[-1][:8]) == [3.5] * 8 and not sums[-1][8:].any()
    fmas = [r[0] for name, r in recorder.results if name == "pto.vmula"]
    assert list(fmas[-1][:9]) == [6.5] * 8 + [3.0]  # 3.5 + 1.5*2; inactive sum lanes are 0
    assert machine.pipes.busy[Pipe.V] == A5_KERNEL_CYCLES


@pytest.mark.parametrize(
    ("arch", "cycles"),
    [
        # A2/A3, instructions streaming in the vecscope: the first (vbr f32, the SIMPLE
        # class) pays fixed 25 + slope 1, every later one its slope: vbr 1, and per
        # iteration vadd 2, vmula 2 (the BINARY class, as vmul); masks (pset, plt) are
        # set by scalar code, no vector instruction
        ("a2a3", 26 + 1 + 4 * (2 + 2)),
        ("a5", A5_KERNEL_CYCLES),
    ],
)
def test_kernel_through_pto_run(arch: str, cycles: int, tmp_path: Path) -> None:
    kernel = tmp_path / "k.mlir"
    kernel.write_text(KERNEL.format(arch=arch, n=200))
    report = tmp_path / "report.json"
    args = [str(kernel), "--arg", "1.5:f32", "--arg", "2:f32", "--report-json", str(report)]
    assert runner.main(args) == 0
    data = json.loads(report.read_text())
    assert data["cycles"]["total"] == cycles
    assert data["cycles"]["busy"] == {"PIPE_V": cycles}
    assert data["op_counts"]["pto.plt_b32"] == 4 and data["hazards"] == []


def test_function_values_are_fresh_arrays() -> None:
    """Ops never write into their operands (SSA values are immutable)."""
    lhs = np.arange(64, dtype=np.int32)
    rhs = np.arange(64, dtype=np.int32)
    mask = np.arange(64) < 10
    saved = lhs.copy(), rhs.copy(), mask.copy()
    for name in ("vadd", "vshl", "vaddc"):
        op = build(A5, [vreg(I32)] * 2 + [mask_type(I32)], OPS[name])
        run(Machine(A5), op, [lhs, rhs % 32, mask])
    np.testing.assert_array_equal(lhs, saved[0])
    np.testing.assert_array_equal(mask, saved[2])
