"""DMA copies and pipeline synchronisation in the interpreter.

DMA results are checked against byte-by-byte references written from the manual's C loop
(docs/isa/02-dma-copy.md, "Multi-Level Loop Semantics") with the loop strides this model
defines (`n_burst * stride`, `loop1 * n_burst * stride`); synchronisation against the hazard
rules of issue 4, on small kernels run through a PtoInterpreter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import numpy as np
import pytest
from support import parse_kernel
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.builtin import BuiltinFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.interpreter import PtoInterpreter
from interpreters.machine import costs_dma
from interpreters.machine.core import Machine
from interpreters.machine.cost_params import FLAG_LATENCY
from interpreters.machine.dma_state import DmaState
from interpreters.machine.memory import Memory, Pointer
from interpreters.machine.pipes import Hazard
from interpreters.ops.dma import DmaFunctions
from interpreters.ops.sync import SyncFunctions
from interpreters.ops.tile_elementwise import TileElementwiseFunctions
from interpreters.ops.tile_memory import TileMemoryFunctions
from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import F32, DType, dtype_named
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import target_of
from pto_dialect.targets import A2A3

UB = MemorySpace.UB


def run(text: str, args: Sequence[object], machine: Machine | None = None) -> Machine:
    """Run the only function of `text` with `args` on `machine` (its target by default)."""
    module = parse_kernel(text)
    machine = machine or Machine(target_of(module))
    interpreter = PtoInterpreter(module)
    for functions in (ArithFunctions(), BuiltinFunctions(), FuncFunctions(), ScfFunctions()):
        interpreter.register_implementations(functions)
    for cls in (DmaFunctions, SyncFunctions, TileMemoryFunctions, TileElementwiseFunctions):
        interpreter.register_implementations(cls(machine))
    with np.errstate(all="ignore"):
        interpreter.call_op("k", tuple(args))
    machine.pipes.finish()
    return machine


def constants(values: Sequence[int]) -> str:
    lines = [f"    %c{v} = arith.constant {v} : i64" for v in sorted(set(values))]
    lines += ["    %false = arith.constant false", "    %true = arith.constant true"]
    return "\n".join(lines)


def gm_memory(name: str, data: np.ndarray) -> Memory:
    return Memory(name, MemorySpace.GM, data.view(np.uint8).reshape(-1).copy())


# ----------------------------------------------------------------------------------------
# DMA: one copy against the reference
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class CopyIn:
    """Operands of one copy_gm_to_ubuf (and the loop sizes before it)."""

    type: str
    n_burst: int
    len_burst: int
    gm_stride: int
    ub_stride: int
    left: int = 0
    right: int = 0
    select: bool = False
    loops: tuple[int, int] = (1, 1)
    gm_offset: int = 0
    ub_addr: int = 0

    @property
    def dtype(self) -> DType:
        return dtype_named(self.type)

    def kernel(self, target: str = "a2a3") -> str:
        ptr = f"!pto.ptr<{self.type}>"
        ub = f"!pto.ptr<{self.type}, ub>"
        ints = [self.n_burst, self.len_burst, self.left, self.right, self.gm_stride,
                self.ub_stride, 0, *self.loops]  # fmt: skip
        c = self
        return f"""
builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k(%gm: {ptr}, %ub: {ub}) {{
{constants(ints)}
    pto.set_loop_size_outtoub %c{c.loops[0]}, %c{c.loops[1]} : i64, i64
    pto.copy_gm_to_ubuf %gm, %ub, %c0, %c{c.n_burst}, %c{c.len_burst}, %c{c.left}, \
%c{c.right}, %{"true" if c.select else "false"}, %c0, %c{c.gm_stride}, %c{c.ub_stride} \
: {ptr}, {ub}, i64, i64, i64, i64, i64, i1, i64, i64, i64
    func.return
  }}
}}
"""


def reference_copy_in(gm: bytes, ub: bytearray, c: CopyIn, pad_pattern: int = 0) -> None:
    """The manual's GM -> UB loop, one byte at a time."""
    size = c.dtype.bytes
    pad = (pad_pattern if c.select else 0).to_bytes(8, "little")[:size]
    row = (c.left + c.right) * size + c.len_burst
    filled = (row + 31) // 32 * 32 if c.select else row
    loop1, loop2 = c.loops
    loop1_gm, loop1_ub = c.n_burst * c.gm_stride, c.n_burst * c.ub_stride
    loop2_gm, loop2_ub = loop1 * loop1_gm, loop1 * loop1_ub
    for j in range(loop2):
        for k in range(loop1):
            for r in range(c.n_burst):
                src = c.gm_offset + j * loop2_gm + k * loop1_gm + r * c.gm_stride
                dst = c.ub_addr + j * loop2_ub + k * loop1_ub + r * c.ub_stride
                for b in range(filled):
                    data = b - c.left * size
                    if 0 <= data < c.len_burst:
                        ub[dst + b] = gm[src + data]
                    else:
                        ub[dst + b] = pad[b % size]


COPIES_IN = [
    pytest.param(CopyIn("f32", 4, 64, 64, 64), id="contiguous-f32"),
    pytest.param(CopyIn("f16", 3, 40, 100, 64, gm_offset=6), id="strided-gm-gap-ub-f16"),
    pytest.param(CopyIn("f16", 3, 40, 100, 64, select=True), id="tail-to-32B-f16"),
    pytest.param(CopyIn("i8", 2, 20, 20, 32, left=3, right=5), id="left-right-pad-i8"),
    pytest.param(
        CopyIn("f32", 2, 24, 24, 64, left=2, right=1, select=True), id="pads-and-tail-f32"
    ),
    pytest.param(CopyIn("i64", 2, 16, 16, 32, left=1, right=1, select=True), id="pads-i64"),
    pytest.param(CopyIn("f32", 2, 32, 48, 32, loops=(2, 3), ub_addr=64), id="loops-2x3"),
    pytest.param(CopyIn("i16", 1, 4096, 0, 0), id="one-burst-zero-strides"),
]


@pytest.mark.parametrize("copy", COPIES_IN)
@pytest.mark.parametrize("target", ["a2a3", "a5", "cpu"])
def test_copy_gm_to_ubuf_matches_the_manuals_loop(copy: CopyIn, target: str):
    rng = np.random.default_rng(1)
    gm = gm_memory("gm", rng.integers(0, 256, 16384, dtype=np.uint8))
    machine = Machine(A2A3)
    ub = machine.memory(UB)
    ub.data[:16384] = rng.integers(0, 256, 16384, dtype=np.uint8)
    expected = bytearray(ub.data[:16384].tobytes())
    reference_copy_in(gm.data.tobytes(), expected, copy)

    ub_ptr = Pointer(None, copy.ub_addr, copy.dtype)  # as castptr makes it
    run(copy.kernel(target), [Pointer(gm, copy.gm_offset, copy.dtype), ub_ptr], machine)
    assert ub.data[:16384].tobytes() == bytes(expected)


def test_data_select_bit_pads_with_the_pad_value_register():
    copy = CopyIn("f32", 2, 24, 24, 64, left=2, right=1, select=True)
    one = 0x3F800000  # 1.0f
    rng = np.random.default_rng(2)
    gm = gm_memory("gm", rng.standard_normal(64).astype(np.float32))
    machine = Machine(A2A3)
    machine.dma.pad_pattern = one
    expected = bytearray(machine.memory(UB).data[:256].tobytes())
    reference_copy_in(gm.data.tobytes(), expected, copy, pad_pattern=one)
    run(copy.kernel(), [Pointer(gm, 0, F32), Pointer(None, 0, F32)], machine)
    row0 = machine.memory(UB).data[:64].view(np.float32)
    assert machine.memory(UB).data[:256].tobytes() == bytes(expected)
    assert list(row0[:2]) == [1.0, 1.0] and list(row0[8:16]) == [1.0] * 8


@dataclass(frozen=True)
class CopyOut:
    type: str
    n_burst: int
    len_burst: int
    gm_stride: int
    ub_stride: int
    loops: tuple[int, int] = (1, 1)
    ub_addr: int = 0
    gm_offset: int = 0

    def kernel(self) -> str:
        ptr, ub = f"!pto.ptr<{self.type}>", f"!pto.ptr<{self.type}, ub>"
        c = self
        ints = [c.n_burst, c.len_burst, c.gm_stride, c.ub_stride, 0, *c.loops]
        return f"""
builtin.module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%ub: {ub}, %gm: {ptr}) {{
{constants(ints)}
    pto.set_loop_size_ubtoout %c{c.loops[0]}, %c{c.loops[1]} : i64, i64
    pto.copy_ubuf_to_gm %ub, %gm, %c0, %c{c.n_burst}, %c{c.len_burst}, %c0, \
%c{c.gm_stride}, %c{c.ub_stride} : {ub}, {ptr}, i64, i64, i64, i64, i64, i64
    func.return
  }}
}}
"""


def reference_copy_out(ub: bytes, gm: bytearray, c: CopyOut) -> None:
    """The manual's UB -> GM loop, one byte at a time."""
    loop1, loop2 = c.loops
    for j in range(loop2):
        for k in range(loop1):
            for r in range(c.n_burst):
                block = (j * loop1 + k) * c.n_burst
                src = c.ub_addr + block * c.ub_stride + r * c.ub_stride
                dst = c.gm_offset + block * c.gm_stride + r * c.gm_stride
                for b in range(c.len_burst):
                    gm[dst + b] = ub[src + b]


@pytest.mark.parametrize(
    "copy",
    [
        CopyOut("f32", 4, 64, 64, 64),
        CopyOut("f16", 3, 40, 72, 64, gm_offset=10, ub_addr=32),  # de-padding
        CopyOut("i8", 2, 7, 9, 32, loops=(3, 2)),
    ],
)
def test_copy_ubuf_to_gm_matches_the_manuals_loop(copy: CopyOut):
    rng = np.random.default_rng(3)
    machine = Machine(A2A3)
    ub = machine.memory(UB)
    ub.data[:4096] = rng.integers(0, 256, 4096, dtype=np.uint8)
    gm = gm_memory("out", rng.integers(0, 256, 2048, dtype=np.uint8))
    expected = bytearray(gm.data.tobytes())
    reference_copy_out(ub.data.tobytes(), expected, copy)
    dtype = dtype_named(copy.type)
    run(copy.kernel(), [Pointer(ub, copy.ub_addr, dtype), Pointer(gm, copy.gm_offset, dtype)],
        machine)  # fmt: skip
    assert gm.data.tobytes() == bytes(expected)


def test_loop_sizes_are_machine_state_per_direction():
    text = f"""
builtin.module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%gm: !pto.ptr<f32>, %ub: !pto.ptr<f32, ub>, %out: !pto.ptr<f32>) {{
{constants([0, 1, 2, 3, 32])}
    pto.set_loop_size_outtoub %c2, %c3 : i64, i64
    pto.copy_gm_to_ubuf %gm, %ub, %c0, %c1, %c32, %c0, %c0, %false, %c0, %c32, %c32 \
: !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    pto.copy_ubuf_to_gm %ub, %out, %c0, %c1, %c32, %c0, %c32, %c32 \
: !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, i64, i64
    func.return
  }}
}}
"""
    src = gm_memory("in", np.arange(64, dtype=np.float32))
    out = gm_memory("out", np.zeros(64, dtype=np.float32))
    machine = run(text, [Pointer(src, 0, F32), Pointer(None, 0, F32), Pointer(out, 0, F32)])
    assert machine.dma == DmaState(out_to_ub=(2, 3), ub_to_out=(1, 1))
    ub = machine.memory(UB).data[:256].view(np.float32)
    np.testing.assert_array_equal(ub[:48], np.arange(48))  # 6 bursts of 8 elements
    np.testing.assert_array_equal(out.data.view(np.float32)[:8], np.arange(8))  # one burst
    assert not out.data.view(np.float32)[8:].any()
    # MTE2 is held for the bytes (192 at 128 B/cycle); the start-up is latency
    assert machine.pipes.busy[Pipe.MTE2] == 2
    assert machine.pipes.total_cycles == costs_dma.transfer_cycles(A2A3, MemorySpace.GM, UB, 192)


# One transfer of 4096 bytes GM -> UB: start-up 264 (fitted on pto-isa's profiled TLOAD c01)
# + 4096 / 128 B/cycle (the manual's bandwidth); UB -> GM: 264 + ceil(4096 / 109.38), the
# cost model's UB_TO_GM 188.46 GB/s at 1.85 GHz. The start-up is latency: the MTE queue is
# held for the bytes only (docs/machine.md, "Whole kernels").
GM_TO_UB_4096 = 264 + 32
UB_TO_GM_4096 = 264 + 38


def test_a_4096_byte_mte2_transfer_costs_start_up_plus_32_cycles_on_a2a3():
    copy = CopyIn("f32", 32, 128, 128, 128)  # seed 002: 32 bursts of 128 bytes
    gm = gm_memory("gm", np.zeros(1024, dtype=np.float32))
    machine = run(copy.kernel(), [Pointer(gm, 0, F32), Pointer(None, 0, F32)])
    assert machine.pipes.busy[Pipe.MTE2] == 32
    assert machine.pipes.total_cycles == GM_TO_UB_4096
    looped = CopyIn("f32", 2, 1024, 1024, 1024, loops=(2, 1))
    machine = run(looped.kernel(), [Pointer(gm, 0, F32), Pointer(None, 0, F32)])
    assert (machine.pipes.busy[Pipe.MTE2], machine.pipes.total_cycles) == (32, GM_TO_UB_4096)


@pytest.mark.parametrize(
    "copy",
    [
        CopyIn("f32", 0, 64, 64, 64, left=1),
        CopyIn("f32", 2, 0, 64, 64, select=True),
        CopyIn("f32", 2, 64, 64, 64, loops=(0, 1)),
        CopyIn("f32", 2, 64, 64, 64, loops=(3, 0)),
    ],
)
def test_zero_bursts_lengths_or_loop_counts_move_nothing(copy: CopyIn):
    """The manual's C loop runs zero times; the hardware ranges include 0."""
    gm = gm_memory("gm", np.ones(64, dtype=np.float32))
    machine = Machine(A2A3)
    ub = machine.memory(UB)
    ub.data[:512] = 7
    run(copy.kernel(), [Pointer(gm, 0, F32), Pointer(None, 0, F32)], machine)
    assert (ub.data[:512] == 7).all()
    assert machine.pipes.busy[Pipe.MTE2] == 0


ERRORS = [
    (CopyIn("f32", 1, 64, 64, 64, ub_addr=16), "UB address 16 is not 32-byte aligned"),
    (CopyIn("f32", 2, 64, 64, 80), "UB stride 80 is not a multiple of 32"),
    (CopyIn("f32", 2, 64, 32, 64), "GM stride 32 is smaller than len_burst"),
    (CopyIn("f32", 2, 64, 64, 32), "UB stride 32 is smaller than the padded UB row"),
    (CopyIn("f16", 2, 30, 30, 32, select=True, left=2), "UB stride 32 is smaller"),
    (CopyIn("f32", 2, 32, 32, 32, loops=(2, 1), ub_addr=32), None),  # fits: no error
    (CopyIn("f32", 3, 4096, 4096, 4096), "GM source bursts reach bytes \\[0, 12288\\)"),
    (CopyIn("f32", 1, 64, 64, 64, ub_addr=196608), "UB destination bursts reach"),
    (CopyIn("f16", 1, 64, 64, 64, left=17), "left_padding_count 17 x 2 bytes exceeds 32"),
    (CopyIn("f32", 1, 30, 32, 32), "len_burst 30 is not a whole number of f32 elements"),
    (CopyIn("f32", 1, 32, 32, 32, loops=(1, 1 << 22)), "loop2 count 4194304 must be in"),
]


@pytest.mark.parametrize(("copy", "message"), ERRORS)
def test_copy_gm_to_ubuf_rule_violations_are_runtime_errors(copy: CopyIn, message: str | None):
    gm = gm_memory("gm", np.zeros(2048, dtype=np.float32))
    args = [Pointer(gm, 0, copy.dtype), Pointer(None, copy.ub_addr, copy.dtype)]
    if message is None:
        run(copy.kernel(), args)
        return
    with pytest.raises(PtoRuntimeError, match=message):
        run(copy.kernel(), args)


def test_padding_of_untyped_pointers_is_an_error():
    copy = CopyIn("f32", 1, 32, 32, 32, left=1)
    text = copy.kernel().replace("!pto.ptr<f32, ub>", "!pto.ptr").replace("!pto.ptr<f32>",
                                                                          "!pto.ptr")  # fmt: skip
    gm = gm_memory("gm", np.zeros(64, dtype=np.float32))
    with pytest.raises(PtoRuntimeError, match="padding counts elements"):
        run(text, [Pointer(gm, 0), Pointer(None, 0)])
    # without padding, untyped pointers (seed 002) copy bytes
    plain = CopyIn("f32", 1, 32, 32, 32).kernel().replace("!pto.ptr<f32, ub>", "!pto.ptr")
    run(plain.replace("!pto.ptr<f32>", "!pto.ptr"), [Pointer(gm, 0), Pointer(None, 0)])


def test_ub_to_gm_rule_violations_are_runtime_errors():
    machine = Machine(A2A3)
    ub = machine.memory(UB)
    out = gm_memory("out", np.zeros(16, dtype=np.float32))
    cases = [
        (CopyOut("f32", 1, 64, 64, 64, ub_addr=8), "UB address 8 is not 32-byte aligned"),
        (CopyOut("f32", 2, 32, 32, 48), "UB stride 48 is not a multiple of 32"),
        (CopyOut("f32", 2, 32, 16, 32), "GM stride 16 is smaller than len_burst"),
        (CopyOut("f32", 2, 64, 64, 64), "GM destination bursts reach bytes \\[0, 128\\)"),
    ]
    for copy, message in cases:
        with pytest.raises(PtoRuntimeError, match=message):
            run(copy.kernel(), [Pointer(ub, copy.ub_addr, F32), Pointer(out, 0, F32)], machine)
    with pytest.raises(PtoRuntimeError, match="cannot name GM"):
        run(CopyOut("f32", 1, 32, 32, 32).kernel(), [Pointer(ub, 0, F32), Pointer(None, 0, F32)])


# ----------------------------------------------------------------------------------------
# Synchronisation: kernels of MTE2 loads, V tile ops and MTE3 stores on two UB buffers
# ----------------------------------------------------------------------------------------

TILE = "!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>"
COPY_TYPES_IN = "!pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64"
COPY_TYPES_OUT = "!pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64, i64, i64"

STEPS = {
    # MTE2 writes A (4096 bytes at UB 0)
    "load": "pto.copy_gm_to_ubuf %gm, %ubA, %c0, %c32, %c128, %c0, %c0, %false, %c0, %c128, "
    f"%c128 : {COPY_TYPES_IN}",
    # V reads A, writes B (UB 4096)
    "vadd": f"pto.tadd ins(%A, %A : {TILE}, {TILE}) outs(%B : {TILE})",
    # V reads B, writes A
    "vback": f"pto.tadd ins(%B, %B : {TILE}, {TILE}) outs(%A : {TILE})",
    # MTE3 reads B / A
    "store": f"pto.copy_ubuf_to_gm %ubB, %out, %c0, %c32, %c128, %c0, %c128, %c128 : "
    f"{COPY_TYPES_OUT}",
    "storeA": f"pto.copy_ubuf_to_gm %ubA, %out, %c0, %c32, %c128, %c0, %c128, %c128 : "
    f"{COPY_TYPES_OUT}",
}
SHORT = {"MTE2": "PIPE_MTE2", "V": "PIPE_V", "MTE3": "PIPE_MTE3"}


def expand(step: str) -> str:
    """A step name, or `set MTE2>V [e]`, `wait ...`, `get P id`, `rls P id`, `barrier P`."""
    if step in STEPS:
        return STEPS[step]
    word, *rest = step.split()
    if word in ("set", "wait"):
        src, dst = (SHORT[p] for p in rest[0].split(">"))
        event = rest[1] if len(rest) > 1 else "0"
        return f"pto.{word}_flag[<{src}>, <{dst}>, <EVENT_ID{event}>]"
    if word in ("get", "rls"):
        return f'pto.{word}_buf "{SHORT[rest[0]]}", {rest[1]}, 0'
    if word == "barrier":
        return f"pto.barrier #pto.pipe<{rest[0]}>"
    return step  # raw MLIR


def sync_kernel(body: Sequence[str], loop: Sequence[str] | None = None,
                after: Sequence[str] = ()) -> str:  # fmt: skip
    """`body`, then optionally a 3-trip scf.for around `loop`, then `after`."""
    lines = [expand(s) for s in body]
    if loop is not None:
        lines.append("scf.for %i = %i0 to %i3 step %i1 {")
        lines += ["  " + expand(s) for s in loop]
        lines.append("}")
    lines += [expand(s) for s in after]
    text = "\n    ".join(lines)
    return f"""
builtin.module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%gm: !pto.ptr<f32>, %out: !pto.ptr<f32>, %ubA: !pto.ptr<f32, ub>,
               %ubB: !pto.ptr<f32, ub>) {{
{constants([0, 31, 32, 128, 4096, 40])}
    %i0 = arith.constant 0 : index
    %i1 = arith.constant 1 : index
    %i3 = arith.constant 3 : index
    %A = pto.alloc_tile addr = %c0 : {TILE}
    %B = pto.alloc_tile addr = %c4096 : {TILE}
    {text}
    func.return
  }}
}}
"""


def run_sync(body: Sequence[str], loop: Sequence[str] | None = None,
             after: Sequence[str] = ()) -> list[Hazard]:  # fmt: skip
    src = gm_memory("in", np.ones(1024, dtype=np.float32))
    out = gm_memory("out", np.zeros(1024, dtype=np.float32))
    args = [Pointer(src, 0, F32), Pointer(out, 0, F32), Pointer(None, 0, F32),
            Pointer(None, 4096, F32)]  # fmt: skip
    machine = run(sync_kernel(body, loop, after), args)
    return machine.pipes.hazards


def summary(hazards: list[Hazard]) -> list[tuple[str, ...]]:
    return [(h.kind, *(op.name for op in h.ops)) for h in hazards]


COPY_IN, COPY_OUT, TADD = "pto.copy_gm_to_ubuf", "pto.copy_ubuf_to_gm", "pto.tadd"

STRAIGHT = [
    # name, unsynchronised steps, the same with the sync that fixes them, expected hazard
    ("RAW MTE2->V", ["load", "vadd"], ["load", "set MTE2>V", "wait MTE2>V", "vadd"],
     ("RAW", COPY_IN, TADD)),
    ("RAW V->MTE3", ["vadd", "store"], ["vadd", "set V>MTE3", "wait V>MTE3", "store"],
     ("RAW", TADD, COPY_OUT)),
    ("RAW MTE2->MTE3", ["load", "storeA"],
     ["load", "set MTE2>MTE3", "wait MTE2>MTE3", "storeA"], ("RAW", COPY_IN, COPY_OUT)),
    ("WAR V->MTE2", ["vadd", "load"], ["vadd", "set V>MTE2", "wait V>MTE2", "load"],
     ("WAR", TADD, COPY_IN)),
    ("WAR MTE3->V", ["store", "vadd"], ["store", "set MTE3>V", "wait MTE3>V", "vadd"],
     ("WAR", COPY_OUT, TADD)),
    ("WAW MTE2->V", ["load", "vback"], ["load", "set MTE2>V", "wait MTE2>V", "vback"],
     ("WAW", COPY_IN, TADD)),
    ("WAW V->MTE2", ["vback", "load"], ["vback", "set V>MTE2", "wait V>MTE2", "load"],
     ("WAW", TADD, COPY_IN)),
    ("barrier", ["load", "vadd"], ["load", "barrier PIPE_ALL", "vadd"], ("RAW", COPY_IN, TADD)),
    ("buffer slot", ["load", "vadd"], ["get MTE2 0", "load", "rls MTE2 0", "get V 0", "vadd",
                                       "rls V 0"], ("RAW", COPY_IN, TADD)),
]  # fmt: skip


@pytest.mark.parametrize(("name", "bare", "synced", "hazard"), STRAIGHT,
                         ids=[case[0] for case in STRAIGHT])  # fmt: skip
def test_straight_line_hazards_and_their_fixes(name: str, bare: list[str], synced: list[str],
                                               hazard: tuple[str, ...]):  # fmt: skip
    assert summary(run_sync(bare)) == [hazard]
    assert run_sync(synced) == []


def test_hazard_reports_name_ops_locations_pipes_and_bytes():
    (hazard,) = run_sync(["load", "vadd"])
    report = hazard.as_json()
    assert report["memory"] == "ub" and report["bytes"] == [0, 4096]
    assert report["pipes"] == ["PIPE_MTE2", "PIPE_V"]
    assert report["ops"][0].startswith("pto.copy_gm_to_ubuf at kernel.mlir:")
    assert report["ops"][1].startswith("pto.tadd at kernel.mlir:")


@pytest.mark.parametrize(
    ("steps", "hazard"),
    [
        (["set MTE2>MTE3", "load", "wait MTE2>MTE3", "storeA"], "RAW"),  # set before the write
        (["load", "set MTE2>MTE3", "wait MTE2>MTE3", "vadd"], "RAW"),  # flag to the wrong pipe
        (["load", "set MTE2>V", "vadd", "wait MTE2>V"], "RAW"),  # consumer before its wait
    ],
)
def test_the_wrong_synchronisation_does_not_order(steps: list[str], hazard: str):
    assert [h.kind for h in run_sync(steps)] == [hazard]


def test_dma_records_exactly_the_burst_bytes():
    """Two bursts with gaps: UB rows [0, 32) and [64, 96), GM rows [0, 32) and [64, 96)."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8>"

    def kernel(v_addr: int) -> str:
        return f"""
builtin.module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%gm: !pto.ptr<f32>, %gm_at: !pto.ptr<f32>, %ub: !pto.ptr<f32, ub>,
               %ub_out: !pto.ptr<f32, ub>) {{
{constants([0, 1, 2, 32, 64, v_addr])}
    %t = pto.alloc_tile addr = %c{v_addr} : {tile}
    pto.copy_gm_to_ubuf %gm, %ub, %c0, %c2, %c32, %c0, %c0, %false, %c0, %c64, %c64 \
: {COPY_TYPES_IN}
    pto.tadd ins(%t, %t : {tile}, {tile}) outs(%t : {tile})
    pto.copy_ubuf_to_gm %ub_out, %gm_at, %c0, %c1, %c32, %c0, %c32, %c32 : {COPY_TYPES_OUT}
    func.return
  }}
}}
"""

    def hazards(v_addr: int, gm_at: int) -> list[tuple[str, ...]]:
        gm = gm_memory("in", np.ones(64, dtype=np.float32))
        args = [Pointer(gm, 0, F32), Pointer(gm, gm_at, F32), Pointer(None, 0, F32),
                Pointer(None, 4096, F32)]  # fmt: skip
        return summary(run(kernel(v_addr), args).pipes.hazards)

    # the gaps (UB [32, 64), GM [32, 64)) are not touched; the rows are
    assert hazards(v_addr=32, gm_at=32) == []
    assert hazards(v_addr=64, gm_at=32) == [("RAW", COPY_IN, TADD), ("WAW", COPY_IN, TADD)]
    assert hazards(v_addr=32, gm_at=64) == [("WAR", COPY_IN, COPY_OUT)]


LOOP_BODY = [
    "wait V>MTE2 1",
    "load",
    "set MTE2>V 0",
    "wait MTE2>V 0",
    "wait MTE3>V 2",
    "vadd",
    "set V>MTE2 1",
    "set V>MTE3 3",
    "wait V>MTE3 3",
    "store",
    "set MTE3>V 2",
]


def test_double_synchronised_loop_reusing_its_buffers_is_clean():
    hazards = run_sync(["set V>MTE2 1", "set MTE3>V 2"], LOOP_BODY,
                       ["wait V>MTE2 1", "wait MTE3>V 2"])  # fmt: skip
    assert hazards == []


def test_loop_carried_war_on_the_reused_input_buffer():
    body = [s for s in LOOP_BODY if not s.endswith(" 1")]  # no V -> MTE2 back-pressure
    hazards = run_sync(["set MTE3>V 2"], body, ["wait MTE3>V 2"])
    assert summary(hazards) == [("WAR", TADD, COPY_IN)]


def test_loop_carried_war_on_the_reused_output_buffer():
    body = [s for s in LOOP_BODY if not s.endswith(" 2")]  # no MTE3 -> V back-pressure
    hazards = run_sync(["set V>MTE2 1"], body, ["wait V>MTE2 1"])
    assert summary(hazards) == [("WAR", COPY_OUT, TADD)]


def test_a_wait_without_a_set_would_deadlock():
    hazards = run_sync(["load", "wait MTE2>V", "vadd"])
    assert [h.kind for h in hazards] == ["deadlock", "RAW"]
    assert "pto.wait_flag" in hazards[0].message and "wait forever" in hazards[0].message


def test_a_set_never_waited_is_reported_at_kernel_end():
    hazards = run_sync(["load", "set MTE2>V 5"])
    assert [h.kind for h in hazards] == ["unwaited-flag"]
    assert "EVENT_ID5" in hazards[0].message


def test_an_unreleased_buffer_slot_is_reported_at_kernel_end():
    hazards = run_sync(["get MTE2 3", "load"])
    assert [h.kind for h in hazards] == ["unreleased-buffer"]
    assert "buffer slot 3" in hazards[0].message


def test_acquiring_a_held_slot_is_an_error():
    with pytest.raises(PtoRuntimeError, match="buffer slot 0 is already held by PIPE_MTE2"):
        run_sync(["get MTE2 0", "load", "get V 0"])
    with pytest.raises(PtoRuntimeError, match="PIPE_V releases buffer slot 0 held by PIPE_MTE2"):
        run_sync(["get MTE2 0", "rls V 0"])


def test_buffer_ids_may_be_operands_and_are_range_checked():
    get = 'pto.get_buf "PIPE_MTE2", %c{0}, %c0 : i64, i64'
    rls = 'pto.rls_buf "PIPE_MTE2", %c{0}, %c0 : i64, i64'
    vget, vrls = 'pto.get_buf "PIPE_V", %c31, %c0 : i64, i64', 'pto.rls_buf "PIPE_V", 31, 0'
    assert run_sync([get.format(31), "load", rls.format(31), vget, "vadd", vrls]) == []
    with pytest.raises(PtoRuntimeError, match="buffer id 40 must be in \\[0, 32\\)"):
        run_sync([get.format(40)])


def test_synchronised_pipes_serialise_and_independent_pipes_overlap():
    # seed 002 shape: MTE2 -> V -> MTE3, serialised by the flags
    steps = ["load", "set MTE2>V", "wait MTE2>V", "vadd", "set V>MTE3", "wait V>MTE3", "store"]
    src = gm_memory("in", np.ones(1024, dtype=np.float32))
    out = gm_memory("out", np.zeros(1024, dtype=np.float32))
    args = [Pointer(src, 0, F32), Pointer(out, 0, F32), Pointer(None, 0, F32),
            Pointer(None, 4096, F32)]  # fmt: skip
    machine = run(sync_kernel(steps), args)
    busy = machine.pipes.busy
    assert (busy[Pipe.MTE2], busy[Pipe.MTE3]) == (32, 38)
    flags = 2 * FLAG_LATENCY
    assert machine.pipes.total_cycles == GM_TO_UB_4096 + busy[Pipe.V] + UB_TO_GM_4096 + flags
    np.testing.assert_array_equal(out.data.view(np.float32), np.full(1024, 2.0, np.float32))
    machine = run(sync_kernel(["load", "storeA"]), args)  # unordered: they overlap
    assert machine.pipes.total_cycles == max(GM_TO_UB_4096, UB_TO_GM_4096)
