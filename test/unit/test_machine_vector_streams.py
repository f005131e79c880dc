"""Unaligned vector load and store streams in the interpreter (seed 002), and the end-of-vecscope
flush check, against per-byte references.

The references are written from the manual's C semantics and the documented choices of
docs/machine.md; they never call the code under test.
"""

from __future__ import annotations

import numpy as np
import pytest
from support import context, val
from vector_memory_rig import Rig, random_vreg, spans, ub_ptr, vreg
from xdsl.dialects import arith
from xdsl.dialects.builtin import IndexType, i32
from xdsl.interpreter import Interpreter, InterpreterFunctions, PythonValues, impl, register_impls
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.parser import Parser

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.memory import Pointer
from interpreters.ops.vector_load import VectorLoadFunctions
from interpreters.semantics import vector_memory as vm
from pto_dialect.attrs import PostUpdate
from pto_dialect.dtypes import F32, I16, I32, U8
from pto_dialect.ops.pointer import AddPtrOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_load import VldasOp, VldusOp
from pto_dialect.ops.vector_store_unaligned import (
    VstaOp,
    VstarOp,
    VstasOp,
    VstuOp,
    VsturOp,
    VstusOp,
)
from pto_dialect.vector_types import AlignType

# ----------------------------------------------------------------------------------------
# Unaligned load stream: vldas primes, vldus assembles and advances
# ----------------------------------------------------------------------------------------


def test_vldas_vldus_stream_reads_unaligned_vectors():
    rig = Rig()
    prime = VldasOp(val(ub_ptr(F32)))
    load = VldusOp(val(ub_ptr(F32)), val(AlignType()), vreg(F32))
    mem = rig.snapshot()
    start = 100  # 4 bytes into a block
    (state,) = rig.run(prime, rig.ptr(start, F32))
    assert isinstance(state, vm.AlignState)
    assert spans(rig.last()[2]) == [(96, 128)]
    ptr = rig.ptr(start, F32)
    for step in range(3):
        result, state, ptr = rig.run(load, ptr, state)
        a = start + 256 * step
        assert result.tobytes() == mem[a : a + 256]
        assert ptr.offset == a + 256
    assert spans(rig.last()[2]) == [(96 + 512 + 32, 96 + 768 + 32)]


def test_vldus_uses_the_block_as_primed():
    rig = Rig()
    prime = VldasOp(val(ub_ptr(U8)))
    load = VldusOp(val(ub_ptr(U8)), val(AlignType()), vreg(U8))
    (state,) = rig.run(prime, rig.ptr(40, U8))
    primed = bytes(rig.ub.data[32:64])
    rig.ub.data[32:64] = 0  # changed after priming: the align buffer keeps the old bytes
    result, _, _ = rig.run(load, rig.ptr(40, U8), state)
    assert result.tobytes()[:24] == primed[8:]


def test_vldus_without_matching_vldas_is_an_error():
    rig = Rig()
    prime = VldasOp(val(ub_ptr(F32)))
    load = VldusOp(val(ub_ptr(F32)), val(AlignType()), vreg(F32))
    (state,) = rig.run(prime, rig.ptr(0, F32))
    with pytest.raises(PtoRuntimeError, match="needs the alignment state primed for its "
                       "32-byte block at byte 64"):  # fmt: skip
        rig.run(load, rig.ptr(68, F32), state)
    store_state = vm.AlignState()
    with pytest.raises(PtoRuntimeError, match=r"missing pto.vldas\?"):
        rig.run(load, rig.ptr(0, F32), store_state)


# ----------------------------------------------------------------------------------------
# Unaligned store stream: buffered tails and flushes
# ----------------------------------------------------------------------------------------


def vstu_a() -> VstuOp:
    return VstuOp(val(AlignType()), val(ub_ptr(F32)), val(vreg(F32)), val(ub_ptr(F32)),
                  val(IndexType()))  # fmt: skip


def primed(rig: Rig, address: int) -> vm.AlignState:
    (state,) = rig.run(VldasOp(val(ub_ptr(F32))), rig.ptr(address, F32))
    return state


def test_vstu_stream_commits_whole_blocks_and_vstas_flushes_the_tail():
    rig = Rig()
    start = 1000  # 8 bytes into the block at 992
    state = primed(rig, start)  # a load state starts an empty store stream
    values = [np.arange(64, dtype=np.float32) + 100 * k for k in range(2)]
    expected = bytearray(rig.snapshot())
    ptr = rig.ptr(start, F32)
    for k, value in enumerate(values):
        state, ptr = rig.run(vstu_a(), state, ptr, value, rig.ptr(start, F32), 1)
        assert ptr.offset == start + 256 * (k + 1)
    end = start + 512
    # whole blocks up to the last boundary are written, the tail is buffered
    committed = end - end % 32
    assert spans(rig.last()[3]) == [(start + 256 - 8, committed)]
    assert state.pending.size == end - committed
    expected[start:committed] = b"".join(v.tobytes() for v in values)[: committed - start]
    assert rig.snapshot() == bytes(expected)
    flush = VstasOp(val(AlignType()), val(ub_ptr(F32)), val(i32))
    rig.run(flush, state, rig.ptr(start, F32), 512 // 4)  # in f32 elements
    expected[start:end] = b"".join(v.tobytes() for v in values)
    assert rig.snapshot() == bytes(expected)
    assert spans(rig.last()[3]) == [(committed, end)]
    rig.stores.check_flushed()  # nothing left


def test_unflushed_stream_is_an_error_when_its_vecscope_ends():
    rig = Rig()
    state = primed(rig, 4)
    op = vstu_a()
    state, _ = rig.run(op, state, rig.ptr(4, F32), np.ones(64, np.float32), rig.ptr(4, F32), 1)
    with pytest.raises(PtoRuntimeError, match=r"still buffers 4 byte\(s\) for bytes \[256, 260\)"):
        rig.stores.check_flushed()


def test_flush_at_the_wrong_address_and_reused_state_are_errors():
    rig = Rig()
    state = primed(rig, 0)
    value = np.ones(64, np.float32)
    state1, _ = rig.run(vstu_a(), state, rig.ptr(8, F32), value, rig.ptr(8, F32), 1)
    vsta = VstaOp(val(AlignType()), val(ub_ptr(F32)), val(IndexType()))
    with pytest.raises(PtoRuntimeError, match=r"flush at byte 8 of ub does not match .*byte 264"):
        rig.run(vsta, state1, rig.ptr(8, F32), 0)
    state2 = vm.AlignState(rig.ub, position=264, pending=np.zeros(8, np.uint8))
    rig.run(vsta, state2, rig.ptr(8, F32), 64)  # 8 + 64 elements x 4 bytes = byte 264
    with pytest.raises(PtoRuntimeError, match=r"was already consumed by pto\.vsta"):
        rig.run(vsta, state2, rig.ptr(8, F32), 64)
    with pytest.raises(PtoRuntimeError, match="does not continue the stream"):
        rig.run(vstu_a(), state1, rig.ptr(512, F32), value, rig.ptr(8, F32), 1)


def test_vstu_form_b_threads_an_element_offset():
    rig = Rig()
    op = VstuOp(val(AlignType()), val(IndexType()), val(vreg(I16)), val(ub_ptr(I16)),
                PostUpdate.POST_UPDATE)  # fmt: skip
    state = primed(rig, 0)
    value = np.arange(128, dtype=np.int16)
    expected = bytearray(rig.snapshot())
    state, offset = rig.run(op, state, 3, value, rig.ptr(64, I16))
    assert offset == 3 + 128
    state, offset = rig.run(op, state, offset, -value, rig.ptr(64, I16))
    assert offset == 3 + 256
    flush = VstasOp(val(AlignType()), val(ub_ptr(I16)), val(i32))
    rig.run(flush, state, rig.ptr(64, I16), 3 + 256)  # i16 elements: the post-updated address
    expected[70:582] = value.tobytes() + (-value).tobytes()
    assert rig.snapshot() == bytes(expected)


def test_vstus_stores_a_prefix_and_advances_by_it():
    rig = Rig()
    op_a = VstusOp(val(AlignType()), val(ub_ptr(I32)), val(vreg(I32)), val(ub_ptr(I32)), val(i32))
    state = primed(rig, 0)
    expected = bytearray(rig.snapshot())
    ptr = rig.ptr(128, I32)
    stream = b""
    for count in (12, 40, 0, 200):  # bytes stored at each step (e.g. after a vsqz)
        value = random_vreg(rig.rng, I32)
        state, ptr = rig.run(op_a, state, ptr, value, rig.ptr(128, I32), count)
        stream += value.tobytes()[:count]
    assert ptr.offset == 128 + len(stream)
    flush = VstaOp(val(AlignType()), val(ub_ptr(I32)), val(IndexType()))
    rig.run(flush, state, rig.ptr(128, I32), len(stream) // 4)
    expected[128 : 128 + len(stream)] = stream
    assert rig.snapshot() == bytes(expected)
    with pytest.raises(PtoRuntimeError, match="offset must be a multiple of 4 in"):
        rig.run(op_a, primed(rig, 0), ptr, value, ptr, 6)


def test_vstus_form_b_without_post_update_keeps_the_base():
    rig = Rig()
    op = VstusOp(val(AlignType()), val(i32), val(vreg(U8)), val(ub_ptr(U8)),
                 PostUpdate.NO_POST_UPDATE)  # fmt: skip
    value = random_vreg(rig.rng, U8)
    _, base = rig.run(op, primed(rig, 0), 64, value, rig.ptr(32, U8))
    assert base.offset == 32
    assert bytes(rig.ub.data[32:96]) == value.tobytes()[:64]  # whole blocks: no tail
    rig.stores.check_flushed()


def test_vstur_advances_its_address_register_and_vstar_flushes_there():
    rig = Rig()
    op = VsturOp(val(AlignType()), val(vreg(F32)), val(ub_ptr(F32)))
    state = primed(rig, 0)
    expected = bytearray(rig.snapshot())
    a = rig.ub.data[0:1].copy()
    values = [random_vreg(rig.rng, F32) for _ in range(2)]
    for value in values:
        (state,) = rig.run(op, state, value, rig.ptr(4, F32))
    assert state.ar == 512
    rig.run(VstarOp(val(AlignType()), val(ub_ptr(F32))), state, rig.ptr(4, F32))
    expected[4:516] = values[0].tobytes() + values[1].tobytes()
    assert rig.snapshot() == bytes(expected) and rig.ub.data[0] == a[0]
    keep = VsturOp(val(AlignType()), val(vreg(F32)), val(ub_ptr(F32)), PostUpdate.NO_POST_UPDATE)
    (state,) = rig.run(keep, primed(rig, 0), values[0], rig.ptr(4, F32))
    assert state.ar == 0 and state.position == 260


# ----------------------------------------------------------------------------------------
# A whole vecscope: the end-of-scope check runs through an interpreter listener
# ----------------------------------------------------------------------------------------

KERNEL = """
func.func @k(%ub: !pto.ptr<f32, ub>) {
  %c1 = arith.constant 1 : index
  %c129 = arith.constant 129 : i32
  pto.vecscope {
    %p = pto.addptr %ub, %c1 : !pto.ptr<f32, ub> -> !pto.ptr<f32, ub>
    %a = pto.vldas %p : !pto.ptr<f32, ub> -> !pto.align
    %v, %a2, %p2 = pto.vldus %p, %a : !pto.ptr<f32, ub>, !pto.align -> !pto.vreg<64xf32>, !pto.align, !pto.ptr<f32, ub>
    %a3, %p3 = pto.vstu %a2, %p2, %v, %ub, %c1 : !pto.align, !pto.ptr<f32, ub>, !pto.vreg<64xf32>, !pto.ptr<f32, ub>, index -> !pto.align, !pto.ptr<f32, ub>
    FLUSH
  }
  func.return
}
"""  # noqa: E501


@register_impls
class _ScopeAndPointers(InterpreterFunctions):
    """Test-side implementations of `pto.vecscope` and `pto.addptr` (owned by other parts)."""

    @impl(VecScopeOp)
    def run_vecscope(
        self, interpreter: Interpreter, op: VecScopeOp, args: PythonValues
    ) -> PythonValues:
        interpreter.run_ssacfg_region(op.body, ())
        return ()

    @impl(AddPtrOp)
    def run_addptr(
        self, interpreter: Interpreter, op: AddPtrOp, args: PythonValues
    ) -> PythonValues:
        ptr = args[0]
        assert isinstance(ptr, Pointer)
        return (ptr.advanced(int(args[1])),)


def run_kernel(flush: str) -> tuple[Rig, bytes]:
    """Runs @k (copy 256 bytes from UB byte 4 to byte 260 by unaligned streams)."""
    module = Parser(context(arith.Arith), KERNEL.replace("FLUSH", flush)).parse_module()
    module.verify()
    rig = Rig()
    before = rig.snapshot()
    interpreter = Interpreter(module)
    for functions in (ArithFunctions(), FuncFunctions(), _ScopeAndPointers(),
                      VectorLoadFunctions(rig.machine), rig.stores):  # fmt: skip
        interpreter.register_implementations(functions)
    interpreter.call_op("k", (rig.ptr(0, F32),))
    return rig, before


def test_kernel_copies_an_unaligned_vector_and_flushes_at_the_post_update_point():
    rig, before = run_kernel("pto.vstas %a3, %ub, %c129 : !pto.align, !pto.ptr<f32, ub>, i32")
    after = rig.snapshot()
    assert after[260:516] == before[4:260]
    assert after[:260] == before[:260] and after[516:] == before[516:]
    names = [call[0].name for call in rig.pipes.calls]
    assert names == ["pto.vldas", "pto.vldus", "pto.vstu", "pto.vstas"]


def test_kernel_without_flush_fails_at_the_end_of_its_vecscope():
    with pytest.raises(PtoRuntimeError, match=r"when its pto\.vecscope ends: flush it") as err:
        run_kernel("")
    assert err.value.op is not None and err.value.op.name == "pto.vstu"
