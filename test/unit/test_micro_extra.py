"""pltm_b*, vmadd, vcbmax/vcbmin and trap in the interpreter, against references written
from PTOAS's micro-ISA pages (05-materialization-predicate.md, 07-binary-vector-ops.md,
10-reduction-ops.md): lane formulas in Python, the fused multiply-add by exact rationals.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest
from xdsl.dialects.builtin import IndexType, ModuleOp, StringAttr, i16, i32
from xdsl.dialects.test import TestOp as ValuesOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Attribute

from interpreters.api import PtoRunError, PtoVerifyError, parse, run
from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import Pointer
from interpreters.ops.vector_a5_extra import VectorA5ExtraFunctions
from interpreters.ops.vector_load import VectorLoadFunctions
from interpreters.ops.vector_store import VectorStoreFunctions
from interpreters.semantics import vector_memory as vm
from pto_dialect.attrs import LoadDist
from pto_dialect.dtypes import F32, I16, dtype_named, mlir_type
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.vector_a5_extra import (
    PLTM_OPS,
    Chistv2Op,
    Dhistv2Op,
    UvldOp,
    VcbmaxOp,
    VcbminOp,
    VMaddOp,
    VMulsCvtOp,
)
from pto_dialect.ops.vector_load import VsldbOp
from pto_dialect.ops.vector_store import VscatterOp, VstsOp
from pto_dialect.targets import A5
from pto_dialect.vector_types import MaskType, VRegType


def run_op(
    op_type: type[PtoOp], operands: list[Attribute], results: list[Attribute], args: list[Any]
) -> PythonValues:
    values = ValuesOp(result_types=operands).results
    op = op_type.create(operands=list(values), result_types=results)
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorA5ExtraFunctions(Machine(A5)))
    return interpreter.run_op(op, tuple(args))


def run_op_with(op: PtoOp, args: list[Any]) -> PythonValues:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorA5ExtraFunctions(Machine(A5)))
    return interpreter.run_op(op, tuple(args))


@pytest.mark.parametrize("bits", [8, 16, 32])
@pytest.mark.parametrize(("loop", "bound"), [(0, 5), (1, 100), (3, 10), (-1, 0), (2, 10**6)])
def test_pltm_lanes_below_the_bound(bits: int, loop: int, bound: int) -> None:
    lanes = 2048 // bits
    (mask,) = run_op(PLTM_OPS[bits], [i16, i32], [MaskType(bits)], [loop, bound])
    assert list(mask) == [i + loop * lanes < bound for i in range(lanes)]


def test_vmadd_is_acc_times_lhs_plus_rhs_rounded_once() -> None:
    vreg = VRegType(mlir_type(F32))
    eps = 2.0**-23
    acc = np.full(64, 1 + eps, np.float32)
    lhs = np.full(64, 1 - eps, np.float32)
    rhs = np.full(64, -1.0, np.float32)
    mask = np.arange(64) < 60
    (got,) = run_op(VMaddOp, [vreg, vreg, vreg, MaskType(32)], [vreg], [acc, lhs, rhs, mask])
    exact = Fraction(float(acc[0])) * Fraction(float(lhs[0])) + Fraction(float(rhs[0]))
    assert exact == Fraction(-1, 2**46) and float(got[0]) == float(exact)
    assert (got[60:] == 0).all()


def test_vcbmax_vcbmin_value_in_lane_0_and_the_lanes_that_match() -> None:
    vreg, m16 = VRegType(mlir_type(I16)), MaskType(16)
    values = np.zeros(128, np.int16)
    values[[3, 7, 90]] = 50
    values[[5, 100]] = -9
    values[120] = 99  # inactive
    mask = np.arange(128) < 110
    value, pred = run_op(VcbmaxOp, [vreg, m16], [vreg, m16], [values, mask])
    assert value[0] == 50 and not value[1:].any()
    assert list(np.flatnonzero(pred)) == [3, 7, 90]
    value, pred = run_op(VcbminOp, [vreg, m16], [vreg, m16], [values, mask])
    assert value[0] == -9 and list(np.flatnonzero(pred)) == [5, 100]


def test_trap_stops_the_run_at_the_op() -> None:
    text = "func.func @k(%x: !pto.ptr<f32>) {\n  pto.trap\n  return\n}\n"
    with pytest.raises(PtoRunError, match="the kernel trapped"):
        run(parse(text, target="a5"), np.zeros(4, np.float32))


_GM = "memref<4x32xf32, #pto.address_space<gm>>"
_UB = "memref<4x32xf32, #pto.address_space<vec>>"


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_taddrelu_is_the_relu_of_the_sum_on_a2a3_only(target: str) -> None:
    text = f"""module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%a: {_GM}, %b: {_GM}, %c: {_GM}) {{
    %x = memref.alloc() : {_UB}
    %y = memref.alloc() : {_UB}
    pto.tload ins(%a : {_GM}) outs(%x : {_UB})
    pto.tload ins(%b : {_GM}) outs(%y : {_UB})
    pto.taddrelu ins(%x, %y : {_UB}, {_UB}) outs(%x : {_UB})
    pto.tstore ins(%x : {_UB}) outs(%c : {_GM})
    return
  }}
}}
"""
    a = np.linspace(-3, 3, 128, dtype=np.float32).reshape(4, 32)
    b = np.full((4, 32), 0.5, np.float32)
    if target == "a5":
        with pytest.raises(
            PtoVerifyError, match=r"pto\.taddrelu dtype f32 is not supported on target a5"
        ):
            parse(text)
        return
    out = run(parse(text), a, b, np.zeros_like(a))
    assert np.array_equal(out[2], np.maximum(a + b, 0))


def test_vscatter_of_b8_values_stores_the_even_byte_lanes() -> None:
    # micro-isa 03-vector-load-store.md: request i stores value[2i] at dest + offsets[i]
    u8, u16 = mlir_type(dtype_named("ui8")), mlir_type(dtype_named("ui16"))
    operands = [VRegType(u8), PtrType(u8, MemorySpace.UB), VRegType(u16), MaskType(16)]
    values = ValuesOp(result_types=operands).results
    op = VscatterOp.create(operands=list(values))
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    value = np.arange(256, dtype=np.uint8)
    offsets = np.arange(128, dtype=np.uint16)[::-1] * 3  # distinct
    mask = np.arange(128) % 5 != 0
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorStoreFunctions(machine))
    interpreter.run_op(op, (value, Pointer(ub, 64, None), offsets, mask))
    want = np.zeros(512, np.uint8)
    for i in range(128):
        if mask[i]:
            want[64 + int(offsets[i])] = value[2 * i]
    assert np.array_equal(ub.data[:512], want)


def test_vsts_to_a_pointer_of_another_element_type_counts_its_elements() -> None:
    # PTOAS vsts_offset_dest_element_type_vpto_llvm.pto: address = dest + offset * 2 (i16)
    f32, i16_ = mlir_type(F32), mlir_type(I16)
    operands = [VRegType(f32), PtrType(i16_, MemorySpace.UB), IndexType(), MaskType(32)]
    op = VstsOp.create(operands=list(ValuesOp(result_types=operands).results))
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    value = np.arange(64, dtype=np.float32)
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorStoreFunctions(machine))
    interpreter.run_op(op, (value, Pointer(ub, 0, None), 16, np.ones(64, bool)))
    assert bytes(ub.data[32 : 32 + 256]) == value.tobytes() and not ub.data[:32].any()


def test_vlds_e2b_puts_element_k_over_block_k_and_unpk4_widens_bytes() -> None:
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    ub.data[:256] = np.arange(256, dtype=np.uint8)
    f16, u32, u8 = dtype_named("f16"), dtype_named("ui32"), dtype_named("ui8")
    lanes, _ = vm.vlds(ub, 32, LoadDist.E2B_B16, f16, f16)
    source = ub.data[32:48].view(np.float16)
    assert np.array_equal(lanes.view(np.uint16), np.repeat(source.view(np.uint16), 16))
    lanes, _ = vm.vlds(ub, 64, LoadDist.E2B_B32, u32, u32)
    assert np.array_equal(lanes, np.repeat(ub.data[64:96].view(np.uint32), 8))
    lanes, _ = vm.vlds(ub, 32, LoadDist.UNPK4, u8, u8)
    assert np.array_equal(lanes.view(np.uint32), np.arange(32, 96, dtype=np.uint32))


@pytest.mark.parametrize(("rnd", "part"), [("R", "EVEN"), ("Z", "ODD")])
def test_vmulscvt_scales_converts_and_places_the_lanes(rnd: str, part: str) -> None:
    f32, f16 = mlir_type(F32), mlir_type(dtype_named("f16"))
    operands = [VRegType(f32), f32, MaskType(32)]
    op = VMulsCvtOp.create(
        operands=list(ValuesOp(result_types=operands).results),
        result_types=[VRegType(f16)],
        properties={"rnd": StringAttr(rnd), "part": StringAttr(part)},
    )
    rng = np.random.default_rng(3)
    x = rng.uniform(-70000, 70000, 64).astype(np.float32)
    mask = np.arange(64) % 7 != 3
    (got,) = run_op_with(op, [x, 0.37, mask])
    product = x * np.float32(0.37)
    want = product.astype(np.float16)  # nearest-even
    if rnd == "Z":  # toward zero: step back where nearest rounded away
        away = np.abs(want.astype(np.float64)) > np.abs(product.astype(np.float64))
        want = np.where(away, np.nextafter(want, np.float16(0)), want)
    want = np.where(mask, want, np.float16(0))
    lanes = got.reshape(64, 2)
    assert np.array_equal(lanes[:, 1 if part == "ODD" else 0].view(np.uint16), want.view(np.uint16))
    assert not lanes[:, 0 if part == "ODD" else 1].any()


def test_uvld_loads_the_256_bytes_at_any_alignment() -> None:
    u8 = mlir_type(dtype_named("ui8"))
    op = UvldOp.create(
        operands=list(ValuesOp(result_types=[PtrType(u8, MemorySpace.UB), IndexType()]).results),
        result_types=[VRegType(u8)],
    )
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    ub.data[:512] = np.arange(512) % 251
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorA5ExtraFunctions(machine))
    (got,) = interpreter.run_op(op, (Pointer(ub, 3, None), 4))
    assert np.array_equal(got, (np.arange(7, 263) % 251).astype(np.uint8))


@pytest.mark.parametrize("half", [0, 1])
def test_chistv2_dhistv2_count_a_half_of_the_bins(half: int) -> None:
    # micro-isa 10-reduction-ops.md and vmi-isa 07-sfu.md's loop: dhist[src]++,
    # chist[b] = acc[b] + the samples at most b; Bin_N0 bins 0-127, Bin_N1 128-255
    u16, u8 = VRegType(mlir_type(dtype_named("ui16"))), VRegType(mlir_type(dtype_named("ui8")))
    rng = np.random.default_rng(half)
    src = rng.integers(0, 256, 256).astype(np.uint8)
    acc = rng.integers(0, 65536, 128).astype(np.uint16)
    mask = rng.random(256) < 0.8
    for op_type, cumulative in ((Chistv2Op, True), (Dhistv2Op, False)):
        (got,) = run_op(op_type, [u16, u8, MaskType(8), i32], [u16], [acc, src, mask, half])
        for k in range(128):
            b = 128 * half + k
            n = sum(
                1
                for s, m in zip(src, mask, strict=True)
                if m and (s <= b if cumulative else s == b)
            )
            assert int(got[k]) == (int(acc[k]) + n) % 65536
    with pytest.raises(PtoRuntimeError, match="bin 16 must be 0"):
        run_op(Chistv2Op, [u16, u8, MaskType(8), i32], [u16], [acc, src, mask, 16])


def test_vsldb_of_64_bit_lanes_takes_a_b32_block_mask() -> None:
    # PTOAS memory_canonical_intrinsics_vpto_llvm.pto: ui64 lanes, !pto.mask<b32>; block b
    # follows the mask's b32 lane b (semantics.vector_memory.block_mask)
    u64 = mlir_type(dtype_named("ui64"))
    operands = [PtrType(u64, MemorySpace.UB), i16, i16, MaskType(32)]
    op = VsldbOp.create(
        operands=list(ValuesOp(result_types=operands).results), result_types=[VRegType(u64)]
    )
    machine = Machine(A5)
    ub = machine.memory(MemorySpace.UB)
    ub.data[:512] = np.arange(512) % 256
    mask = np.zeros(64, bool)
    mask[[0, 2, 7]] = True
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(VectorLoadFunctions(machine))
    (got,) = interpreter.run_op(op, (Pointer(ub, 0, None), 2, 0, mask))
    blocks = got.view(np.uint8).reshape(8, 32)
    for b in range(8):
        want = ub.data[64 * b : 64 * b + 32] if mask[b] else np.zeros(32, np.uint8)
        assert np.array_equal(blocks[b], want)
