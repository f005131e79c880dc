"""`pto.set_mov_pad_val`: the pad-value register of GM -> UB copies.

Expected register values are the IEEE 754 / two's complement encodings of the scalars, written
out by hand; the copy's tail fill is checked against the manual's rule (pad elements on to the
row's 32-byte boundary with `data_select_bit` 1).
"""

from __future__ import annotations

import numpy as np
import pytest
from support import context
from xdsl.dialects import arith

from interpreters.engine.source import parse_module
from interpreters.launching.execute import run_function
from interpreters.machine.dma_state import DmaState
from pto_dialect.memory_types import MemorySpace

REGISTER_KERNEL = """
builtin.module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @k(%v: {type}) {{
    pto.set_mov_pad_val %v : {type}
    func.return
  }}
}}
"""


@pytest.mark.parametrize(
    ("value", "type", "bits"),
    [
        ("1.0", "f32", 0x3F800000),
        ("-inf", "f32", 0xFF800000),
        ("-inf", "f16", 0xFC00),
        ("65504", "f16", 0x7BFF),  # the largest finite f16
        ("-2.0", "bf16", 0xC000),
        ("-1", "i8", 0xFF),
        ("255", "ui8", 0xFF),
        ("-32768", "i16", 0x8000),
        ("65535", "ui16", 0xFFFF),
        ("-1", "i32", 0xFFFFFFFF),
        ("2147483647", "i32", 0x7FFFFFFF),
    ],
)
def test_the_register_takes_the_scalars_bits_zero_extended(value: str, type: str, bits: int):
    module = parse_module(context(), REGISTER_KERNEL.format(type=type), "k.mlir")
    module.verify()
    result = run_function(module, [f"{value}:{type}"])
    assert result.machine.dma.pad_pattern == bits
    assert not result.hazards


def test_the_register_resets_to_zero():
    assert DmaState().pad_pattern == 0


COPY_KERNEL = """
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @k(%src: !pto.ptr<f16>, %dst: !pto.ptr<f16>) {
    %false = arith.constant false
    %true = arith.constant true
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c2 = arith.constant 2 : i64
    %c10 = arith.constant 10 : i64
    %c64 = arith.constant 64 : i64
    %addr = arith.constant 0 : i64
    %ub = pto.castptr %addr : i64 -> !pto.ptr<f16, ub>
    %ninf = arith.constant 0xFC00 : f16
    %seven = arith.constant 7 : i16
    pto.set_mov_pad_val %ninf : f16
    pto.copy_gm_to_ubuf %src, %ub, %c0, %c1, %c10, %c0, %c0, %true, %c0, %c10, %c64
      : !pto.ptr<f16>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    pto.set_mov_pad_val %seven : i16
    %row1 = arith.constant 64 : i64
    %ub1 = pto.castptr %row1 : i64 -> !pto.ptr<f16, ub>
    pto.copy_gm_to_ubuf %src, %ub1, %c0, %c1, %c10, %c0, %c0, %true, %c0, %c10, %c64
      : !pto.ptr<f16>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    %row2 = arith.constant 128 : i64
    %ub2 = pto.castptr %row2 : i64 -> !pto.ptr<f16, ub>
    pto.copy_gm_to_ubuf %src, %ub2, %c0, %c1, %c10, %c0, %c0, %false, %c0, %c10, %c64
      : !pto.ptr<f16>, !pto.ptr<f16, ub>, i64, i64, i64, i64, i64, i1, i64, i64, i64
    func.return
  }
}
"""


def test_copies_with_data_select_pad_with_the_register_to_32_bytes():
    module = parse_module(context(arith.Arith), COPY_KERNEL, "k.mlir")
    module.verify()
    result = run_function(module, ["rand:5xf16:3", "zeros:5xf16"])
    data = result.outputs()[0]
    assert data is not None
    ub = result.machine.memories[MemorySpace.UB].data[:192].view(np.uint16).reshape(3, 32)
    raw = data.view(np.uint16)
    # row 0: 5 elements (10 bytes), then -inf (0xFC00) to the 32-byte boundary (16 elements)
    assert list(ub[0, :5]) == list(raw) and list(ub[0, 5:16]) == [0xFC00] * 11
    # row 1: the register was set again, to the i16 7
    assert list(ub[1, :5]) == list(raw) and list(ub[1, 5:16]) == [7] * 11
    # row 2: data_select_bit 0 fills no tail; rows end where the UB stride leaves them (zero)
    assert list(ub[2, :5]) == list(raw) and not ub[2, 5:].any()
    assert not ub[:, 16:].any()
