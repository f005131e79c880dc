"""The A2/A3 vector unit's UB instructions (`pto.ub.*`) in the interpreter, against a
reference that walks repeats and lanes in Python with the address formula of PTOAS's
design note (docs/designs/a2a3-vpto-elementwise-impl.md, "Config Word Layouts"; strides in
32-byte blocks) and the mask rules of pto-isa npu/a2a3 (`set_vector_mask(hi, lo)`, count
mode holds the element count in the low mask).
"""

from __future__ import annotations

import operator
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import ModuleOp, i64
from xdsl.dialects.test import TestOp as ValuesOp
from xdsl.interpreter import Interpreter

from interpreters.api import parse, run
from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Pointer
from interpreters.ops.vector_ub import VectorUbFunctions
from pto_dialect.dtypes import F16, F32, I16, I32, DType, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.vector_ub import OPS, UbOp
from pto_dialect.targets import A2A3, A5, TargetProfile

BY_NAME = {op.name: op for op in OPS}
pytestmark = pytest.mark.filterwarnings("ignore::RuntimeWarning")


def reference(
    size: int, repeat: int, mask: tuple[int, int], count: bool, bases: list[int],
    strides: list[tuple[int, int]], data: bytearray, fn: Callable[..., Any], dtype: np.dtype,
) -> None:  # fmt: skip
    """The instruction lane by lane, repeat by repeat, on `data` in place."""
    per, per_block = 256 // size, 32 // size
    total = mask[0] if count else None
    repeats = -(-mask[0] // per) if count else repeat
    bits = (mask[1] % 2**64) << 64 | (mask[0] % 2**64)
    for r in range(repeats):
        values: list[tuple[int, Any]] = []
        for lane in range(per):
            on = r * per + lane < total if total is not None else bool(bits >> lane & 1)
            if not on:
                continue
            at = [b + (r * rs + lane // per_block * bs) * 32 + lane % per_block * size
                  for b, (bs, rs) in zip(bases, strides, strict=True)]  # fmt: skip
            srcs = [np.frombuffer(bytes(data[a : a + size]), dtype)[0] for a in at[1:]]
            values.append((at[0], fn(*srcs)))
        for a, v in values:
            data[a : a + size] = np.array(v, dtype).tobytes()


def run_ub(
    name: str, dtype: DType, pointers: list[int], scalar: int | None, ints: list[int],
    mask: tuple[int, int] = (-1, -1), count: bool = False, ub: bytes | None = None,
    target: TargetProfile = A2A3,
) -> bytes:  # fmt: skip
    """`name` run on a machine whose UB holds `ub`; UB's bytes afterwards."""
    op_type = BY_NAME[name]
    ptr = PtrType(mlir_type(dtype), MemorySpace.UB)
    n = len(pointers) + (scalar is not None) + len(ints)
    values = ValuesOp(result_types=[ptr] * len(pointers) + [i64] * (n - len(pointers))).results
    op = op_type.create(operands=list(values))
    machine = Machine(target)
    memory = machine.memory(MemorySpace.UB)
    if ub is not None:
        memory.data[: len(ub)] = np.frombuffer(ub, np.uint8)
    machine.ub_mask = mask
    machine.ctrl = int(count) << 56
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorUbFunctions(machine))
    args = [Pointer(memory, p, dtype) for p in pointers]
    args += ([scalar] if scalar is not None else []) + ints
    interpreter.run_op(op, tuple(args))
    return bytes(memory.data[: len(ub) if ub is not None else 4096])


def random_ub(rng: np.random.Generator, dtype: DType, nbytes: int = 4096) -> bytes:
    if dtype.is_float:
        return rng.uniform(-4, 4, nbytes // dtype.bytes).astype(dtype.numpy).tobytes()
    return rng.integers(-300, 300, nbytes // dtype.bytes).astype(dtype.numpy).tobytes()


Fn = Callable[..., Any]


def _and(a: Any, b: Any) -> Any:
    return a & b


def _add_relu(a: Any, b: Any) -> Any:
    return max(a + b, 0)


BINARY_CASES: list[tuple[str, DType, Fn]] = [
    ("pto.ub.vadd", F32, operator.add),
    ("pto.ub.vsub", I16, operator.sub),
    ("pto.ub.vmax", F16, max),
    ("pto.ub.vmul", I32, operator.mul),
    ("pto.ub.vaddrelu", F32, _add_relu),
    ("pto.ub.vand", I16, _and),
]


@pytest.mark.parametrize(("name", "dtype", "fn"), BINARY_CASES, ids=[c[0] for c in BINARY_CASES])
def test_binary_strided_and_masked(name: str, dtype: DType, fn: Callable[..., Any]) -> None:
    rng = np.random.default_rng(len(name))
    ub = random_ub(rng, dtype)
    bases, strides = [0, 1024, 2048], [(2, 9), (1, 8), (3, 12)]
    mask = (0x0F0F_F00F_0000_FFFF, 0x8000_0000_0000_0001)
    want = bytearray(ub)
    with np.errstate(all="ignore"):
        reference(dtype.bytes, 3, mask, False, bases, strides, want, fn, dtype.numpy)
    ints = [3, *(s[0] for s in strides), *(s[1] for s in strides)]
    got = run_ub(name, dtype, bases, None, ints, mask=mask, ub=ub)
    assert got == bytes(want)


def test_count_mode_runs_the_count_in_repeats_ignoring_repeat() -> None:
    rng = np.random.default_rng(1)
    ub = random_ub(rng, F32)
    want = bytearray(ub)
    bases, strides = [0, 1024, 2048], [(1, 8)] * 3
    reference(4, 0, (150, 0), True, bases, strides, want, operator.add, np.dtype("f4"))
    got = run_ub("pto.ub.vadd", F32, bases, None, [1, 1, 1, 1, 8, 8, 8], (150, 0), True, ub)
    assert got == bytes(want)
    assert got[600:1024] == ub[600:1024]  # past 150 elements nothing is written


def test_vshr_of_i16_is_logical_and_vshl_wraps() -> None:
    ub = np.array([-32768, -2, 5, 0x4001] * 32, np.int16).tobytes()
    got = np.frombuffer(run_ub("pto.ub.vshr", I16, [0, 0], 1, [1, 1, 1, 8, 8], ub=ub), np.int16)
    assert list(got[:4]) == [0x4000, 0x7FFF, 2, 0x2000]
    got = np.frombuffer(run_ub("pto.ub.vshl", I16, [0, 0], 2, [1, 1, 1, 8, 8], ub=ub), np.int16)
    assert list(got[:4]) == [0, -8, 20, 4]


def test_scalar_operands_are_the_elements_bits() -> None:
    # f16 -2.0 is 0xC000: PTOAS passes it bitcast and sign-extended
    ub = np.arange(128, dtype=np.float16).tobytes()
    got = run_ub("pto.ub.vmuls", F16, [0, 0], -0x4000, [1, 1, 1, 8, 8], ub=ub)
    assert np.array_equal(np.frombuffer(got, np.float16), np.arange(128) * -2.0)
    # vdup: f32 1.0 = 1065353216, every other block (dst block stride 2), two repeats
    got = run_ub("pto.ub.vdup", F32, [0], 1065353216, [2, 2, 1, 16, 0], ub=bytes(2048))
    floats = np.frombuffer(got, np.float32).reshape(-1, 8)
    assert (floats[0::2, :][:16] == 1.0).all() and (floats[1::2, :] == 0).all()


def test_overlapping_repeats_run_in_order() -> None:
    # dst is src one repeat further: each repeat adds 1 to what the previous one wrote
    ub = np.zeros(4 * 64, np.float32).tobytes()
    got = run_ub("pto.ub.vadds", F32, [256, 0], 1065353216, [3, 1, 1, 8, 8], ub=ub)
    assert list(np.frombuffer(got, np.float32)[::64]) == [0, 1, 2, 3]


def test_set_mask_ops_set_the_machine_state() -> None:
    text = """
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %c70 = arith.constant 70 : i64
    %c512 = arith.constant 512 : i64
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
    pto.mte_gm_ub %x, %ub, %c0, %c512 nburst(%c1, %c512, %c512)
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.ub.set_mask_count
    pto.ub.set_mask %c70, %c0 : i64, i64
    pto.ub.vabs %ub, %ub, %c1, %c1, %c1, %c8, %c8
      : !pto.ptr<f32, ub>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    pto.ub.set_mask_norm
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %y, %c512 nburst(%c1, %c512, %c512)
      : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
    return
}
"""
    x = -np.arange(1, 129, dtype=np.float32)
    result = run(parse(text, target="a2a3"), x, np.zeros_like(x))
    np.testing.assert_array_equal(result["y"], np.where(np.arange(128) < 70, -x, x))


@pytest.mark.parametrize(
    ("pointers", "target", "message"),
    [([196600, 0], A2A3, "reaches bytes"), ([0, 0], A5, "instruction of the A2/A3 vector unit")],
)
def test_errors(pointers: list[int], target: TargetProfile, message: str) -> None:
    with pytest.raises(PtoRuntimeError, match=message):
        run_ub("pto.ub.vabs", F32, pointers, None, [1, 1, 1, 8, 8], target=target)


def test_element_types_follow_the_intrinsics() -> None:
    op: type[UbOp] = BY_NAME["pto.ub.vdiv"]  # type: ignore[assignment]
    assert op.legal_dtypes(A2A3) == frozenset({F16, F32})


_UB_PARAM = """
func.func @k(%u: !pto.ptr<f32, ub>, %y: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c8 = arith.constant 8 : i64
    %c256 = arith.constant 256 : i64
    %two = arith.constant 1073741824 : i64
    pto.ub.vdup %u, %two, %c1, %c1, %c1, %c8, %c0 : !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %u, %y, %c256 nburst(%c1, %c256, %c256)
      : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
    return
}
"""


def test_an_on_chip_pointer_parameter_takes_its_address() -> None:
    # f32 2.0 = 0x40000000 in the 64 lanes of one repeat at the address given
    module = parse(_UB_PARAM, target="a2a3")
    out = run(module, 512, np.zeros(64, np.float32))
    assert np.array_equal(out[1], np.full(64, 2.0, np.float32))
    auto = run(parse(_UB_PARAM, target="a2a3"), args="auto")
    assert np.array_equal(auto[1][:64], np.full(64, 2.0, np.float32))  # (an unsized buffer)


def test_vrsqrt_of_powers_of_four() -> None:
    """`pto.ub.vrsqrt` (VRSQRT, pto-isa a2a3 TRSQRT): 1/sqrt of each lane, exact here."""
    src = np.array([4.0, 16.0, 0.25, 1.0] * 16, np.float32)
    got = run_ub("pto.ub.vrsqrt", F32, [256, 0], None, [1, 1, 1, 8, 8], ub=src.tobytes() * 2)
    assert np.frombuffer(got[256:512], np.float32).tolist() == [0.5, 0.25, 2.0, 1.0] * 16
