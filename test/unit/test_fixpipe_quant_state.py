"""Pushes through a pipe's fixpipe epilogue (`#pto.acc_push_epilogue`) with the producer's
quantisation state (`set_quant_scalar`, `set_quant_vector`).

References, computed here from the sources' rules: the scalar scale is the f32 of pto-isa's
SET_QUANT_SCALAR word (bits 13-31 as f32 bits; 0.5 is exact), then ReLU, then f16; the vector
words are per-column f32 bits, the result rounded half to even and saturated to i8
(`semantics.cube_fixpipe`). Integer operands keep every product exact in f32.
"""

from __future__ import annotations

import ml_dtypes
import numpy as np
import pytest

from interpreters.api import PtoRunError, parse, run
from interpreters.launching.execute import make_context
from interpreters.ops.fixpipe_quant_state import scalar_word
from passes.pipeline import PipelinePass
from pto_dialect.ops.cube_mad import MadOp
from pto_dialect.ops.tile_memory import TStoreOp

T = "!pto.tile_buf<loc={}, dtype={}, rows={}, cols=32, v_row={}, v_col=32, blayout={}, slayout={}, fractal={}, pad=0>"  # noqa: E501
MAT, LEFT, RIGHT, ACC, WMAT, FP, VF16, VI8 = (
    T.format(loc, dtype, rows, rows, b, s, f)
    for loc, dtype, rows, b, s, f in (
        ("mat", "f32", 32, "col_major", "row_major", 512),
        ("left", "f32", 32, "col_major", "row_major", 512),
        ("right", "f32", 32, "row_major", "col_major", 512),
        ("acc", "f32", 32, "col_major", "row_major", 1024),
        ("mat", "ui64", 1, "row_major", "none_box", 512),
        ("scaling", "ui64", 1, "row_major", "none_box", 512),
        ("vec", "f16", 32, "row_major", "none_box", 512),
        ("vec", "i8", 32, "row_major", "none_box", 512),
    )
)
ARGS = (
    "%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %w: !pto.ptr<ui64>, %c: !pto.ptr<f16>, %d: !pto.ptr<i8>"
)
EPILOGUES = (
    "#pto.acc_push_epilogue<layout = nz2nd, quant = qf322f16_pre_scalar, relu = normal_relu>",
    "#pto.acc_push_epilogue<layout = nz2nd, quant = qf322b8_pre_vec, relu = no_relu>",
)


def _view(name: str, dtype: str, rows: int) -> str:
    tensor = f"!pto.tensor_view<?x?x{dtype}>"
    return f"""
    %{name}v = pto.make_tensor_view %{name}, shape = [%c{rows}, %c32], strides = [%c32, %c1] : {tensor}
    %{name}p = pto.partition_view %{name}v, offsets = [%c0, %c0], sizes = [%c{rows}, %c32] : {tensor} -> !pto.partition_tensor_view<{rows}x32x{dtype}>"""  # noqa: E501


def _init(side: str, pipe: int) -> str:
    return (
        f"pto.{side}_initialize_pipe {{id = {pipe}, dir_mask = 1, slot_size = 1024, "
        f"nosplit = true, acc_push_epilogue = {EPILOGUES[pipe]}}}"
        "(c2v_consumer_buf = %z : i32)"
    )


def kernel(set_scalar: str = "pto.set_quant_scalar(%s : f32) {id = 0}") -> str:
    """The AIC multiplies a by b, pushes the product on pipe 0 (scale 0.5, ReLU, f16) and on
    pipe 1 (per-column words of w, i8); the AIVs store what they pop to c and d."""
    return f"""module attributes {{pto.target_arch = "a2a3"}} {{
  func.func @cube({ARGS}) attributes {{pto.kernel_kind = #pto.kernel_kind<cube>}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %z = arith.constant 0 : i32
    %s = arith.constant 0.5 : f32
    {_init("aic", 0)}
    {_init("aic", 1)}{_view("a", "f32", 32)}{_view("b", "f32", 32)}{_view("w", "ui64", 1)}
    %ma = pto.alloc_tile : {MAT}
    %mb = pto.alloc_tile : {MAT}
    %l = pto.alloc_tile : {LEFT}
    %r = pto.alloc_tile : {RIGHT}
    %acc = pto.alloc_tile : {ACC}
    %wm = pto.alloc_tile : {WMAT}
    %fp = pto.alloc_tile : {FP}
    pto.tload ins(%ap : !pto.partition_tensor_view<32x32xf32>) outs(%ma : {MAT})
    pto.tload ins(%bp : !pto.partition_tensor_view<32x32xf32>) outs(%mb : {MAT})
    pto.tload ins(%wp : !pto.partition_tensor_view<1x32xui64>) outs(%wm : {WMAT})
    pto.tmov ins(%ma : {MAT}) outs(%l : {LEFT})
    pto.tmov ins(%mb : {MAT}) outs(%r : {RIGHT})
    pto.tmov ins(%wm : {WMAT}) outs(%fp : {FP})
    pto.tmatmul ins(%l, %r : {LEFT}, {RIGHT}) outs(%acc : {ACC})
    {set_scalar}
    pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 0}}
    pto.set_quant_vector(%fp : {FP}) {{id = 1}}
    pto.tpush_to_aiv(%acc : {ACC}) {{id = 1, split = 0}}
    return
  }}
  func.func @vector({ARGS}) attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %z = arith.constant 0 : i32
    {_init("aiv", 0)}
    {_init("aiv", 1)}{_view("c", "f16", 32)}{_view("d", "i8", 32)}
    %h = pto.tpop_from_aic {{id = 0, split = 0}} -> {VF16}
    pto.tstore ins(%h : {VF16}) outs(%cp : !pto.partition_tensor_view<32x32xf16>)
    pto.tfree_from_aic {{id = 0, split = 0}}
    %q = pto.tpop_from_aic {{id = 1, split = 0}} -> {VI8}
    pto.tstore ins(%q : {VI8}) outs(%dp : !pto.partition_tensor_view<32x32xi8>)
    pto.tfree_from_aic {{id = 1, split = 0}}
    return
  }}
}}"""


def _inputs() -> list[np.ndarray]:
    rng = np.random.default_rng(25)
    a, b = (rng.integers(-4, 5, (32, 32)).astype(np.float32) for _ in range(2))
    scales = np.tile(np.array([0.5, 2.0, 0.25, 1.0], np.float32), 8)
    words = scales.view(np.uint32).astype(np.uint64)
    return [a, b, words, np.zeros((32, 32), np.float16), np.zeros((32, 32), np.int8)]


def test_scalar_and_vector_quant_pushes_reach_the_vector_cores() -> None:
    a, b, words, c, d = _inputs()
    got = run(parse(kernel()), a, b, words, c, d)
    product = a.astype(np.float64) @ b.astype(np.float64)
    assert np.array_equal(got["c"], np.maximum(product * 0.5, 0).astype(np.float16))
    scales = words.astype(np.uint32).view(np.float32).astype(np.float64)
    want = np.clip(np.rint(product * scales), -128, 127).astype(np.int8)
    assert np.array_equal(got["d"], want)
    assert (want == 127).any() and (want == -128).any()  # the saturation is exercised


def test_a_push_whose_quant_state_was_never_set_is_a_run_time_error() -> None:
    with pytest.raises(PtoRunError, match=r"no pto.set_quant_scalar \{id = 0\} ran before it"):
        run(parse(kernel(set_scalar="")), *_inputs())


@pytest.mark.parametrize(
    ("scale", "signed8", "word"),
    [
        # pto-isa SetQuantScalar.hpp: the int32 bits sign-extended; bit 46 for 8-bit results
        (0.5, None, 0x3F000000),
        (0.5, True, 0x3F000000 | 1 << 46),
        (-2.0, None, 0xFFFFFFFFC0000000),
        (-2.0, False, 0xFFFFFFFFC0000000 & ~(1 << 46)),
    ],
)
def test_scalar_word_is_pto_isas_encoding(scale: float, signed8: bool | None, word: int) -> None:
    assert int(scalar_word(scale, signed8)[0]) == word


# ---- the scalar quantisation word and reluPreMode of the accumulator moves ---------------
# PTOAS test/lit/pto/{tstore,tmov,textract,tinsert}_forms_emitc.pto spell the i64 word four
# ways; each move here writes relu(acc) x 1.5 as i8 (pto-isa GetScalarPreQuantMode f32 -> i8:
# QF322B8_PRE; the word's bits 13-31 are the f32 scale).
_MOVE = {
    "tstore": f"pto.tstore ins(%acc, %q : {ACC}, i64) outs(%dp : !pto.partition_tensor_view<32x32xi8>) {{reluPreMode = #pto<relu_pre_mode normal_relu>}}",  # noqa: E501
    "tmov": f'"pto.tmov"(%acc, %v, %q) <{{operandSegmentSizes = array<i32: 1, 1, 0, 1>, reluPreMode = #pto<relu_pre_mode normal_relu>}}> : ({ACC}, {VI8}, i64) -> ()',  # noqa: E501
    "textract": f"pto.textract ins(%acc, %c0, %c0, %q : {ACC}, index, index, i64) outs(%v : {VI8}) {{reluPreMode = #pto<relu_pre_mode normal_relu>}}",  # noqa: E501
    "tinsert": f"pto.tinsert ins(%acc, %c0, %c0 : {ACC}, index, index pre_quant %q : i64) outs(%v : {VI8}) {{reluPreMode = #pto<relu_pre_mode normal_relu>}}",  # noqa: E501
}


def _move_kernel(move: str) -> str:
    store = _MOVE[move]
    if move != "tstore":
        store += (
            f"\n    pto.tstore ins(%v : {VI8}) outs(%dp : !pto.partition_tensor_view<32x32xi8>)"
        )
    return f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %d: !pto.ptr<i8>) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c32 = arith.constant 32 : index
    %q = arith.constant {int(np.float32(1.5).view(np.uint32))} : i64{_view("a", "f32", 32)}{_view("b", "f32", 32)}{_view("d", "i8", 32)}
    %ma = pto.alloc_tile : {MAT}
    %mb = pto.alloc_tile : {MAT}
    %l = pto.alloc_tile : {LEFT}
    %r = pto.alloc_tile : {RIGHT}
    %acc = pto.alloc_tile : {ACC}
    %v = pto.alloc_tile : {VI8}
    pto.tload ins(%ap : !pto.partition_tensor_view<32x32xf32>) outs(%ma : {MAT})
    pto.tload ins(%bp : !pto.partition_tensor_view<32x32xf32>) outs(%mb : {MAT})
    pto.tmov ins(%ma : {MAT}) outs(%l : {LEFT})
    pto.tmov ins(%mb : {MAT}) outs(%r : {RIGHT})
    pto.tmatmul ins(%l, %r : {LEFT}, {RIGHT}) outs(%acc : {ACC})
    {store}
    return
  }}
}}"""  # noqa: E501


@pytest.mark.parametrize("move", list(_MOVE))
def test_a_quant_word_and_relu_reach_each_accumulator_move(move: str) -> None:
    a, b = _inputs()[:2]
    got = run(parse(_move_kernel(move)), a, b, np.zeros((32, 32), np.int8))["d"]
    product = a.astype(np.float64) @ b.astype(np.float64)
    want = np.clip(np.rint(np.maximum(product, 0) * 1.5), -128, 127).astype(np.int8)
    assert np.array_equal(got, want)
    halves = (product > 0) & (product < 80) & (product % 2 == 1)  # x.5: half to even
    assert (want == 127).any() and (want == 0).any() and halves.any()


def _plain_store(dtype: str) -> str:
    """The tstore kernel without the word, to a GM view of `dtype`."""
    text = _move_kernel("tstore").replace(f"%acc, %q : {ACC}, i64", f"%acc : {ACC}")
    text = text.replace("32x32xi8", f"32x32x{dtype}").replace("x?xi8", f"x?x{dtype}")
    return text.replace("%d: !pto.ptr<i8>", f"%d: !pto.ptr<{dtype}>")


def test_an_f32_accumulator_store_to_bf16_casts_after_the_relu() -> None:
    """F322BF16 (pto-isa GetCastPreQuantMode): ReLU, then round to nearest even."""
    a, b = _inputs()[:2]
    got = run(parse(_plain_store("bf16")), a, b, np.zeros((32, 32), ml_dtypes.bfloat16))["d"]
    product = a.astype(np.float64) @ b.astype(np.float64)
    want = np.maximum(product, 0).astype(np.float32).astype(ml_dtypes.bfloat16)
    assert np.array_equal(got.view(np.uint16), want.view(np.uint16))


def test_a_non_quantising_store_outside_the_fixed_pairs_stops_at_run_time() -> None:
    """f32 accumulator -> i32 without quantisation: pto-isa compiles it (NoQuant), no source
    fixes the bytes."""
    a, b = _inputs()[:2]
    with pytest.raises(PtoRunError, match="no source fixes"):
        run(parse(_plain_store("i32")), a, b, np.zeros((32, 32), np.int32))


def test_an_acc_to_vec_move_to_the_other_vector_core_is_refused_at_run_time() -> None:
    """accToVecMode other than single_mode_vec0 (PTOAS tmov_forms_emitc): not modelled for
    tile moves, said so rather than written to the wrong UB."""
    text = _move_kernel("tmov").replace(
        "<{operandSegmentSizes",
        "<{accToVecMode = #pto.acc_to_vec_mode<single_mode_vec1>, operandSegmentSizes",
    )
    a, b = _inputs()[:2]
    with pytest.raises(PtoRunError, match=r"accToVecMode single_mode_vec1 .* not modelled"):
        run(parse(text), a, b, np.zeros((32, 32), np.int8))


def test_a_no_convert_push_popped_as_another_type_is_a_run_time_error() -> None:
    """no_convert keeps the accumulator's type (PTOAS's peer rule, which spans two functions:
    checked when the push runs)."""
    vi32 = VF16.replace("dtype=f16", "dtype=i32")
    text = kernel().replace(
        "quant = qf322f16_pre_scalar, relu = normal_relu", "quant = no_convert, relu = no_relu"
    )
    text = text.replace("    pto.set_quant_scalar(%s : f32) {id = 0}\n", "")
    text = text.replace(f"-> {VF16}", f"-> {vi32}").replace(
        f"pto.tstore ins(%h : {VF16}) outs(%cp : !pto.partition_tensor_view<32x32xf16>)", ""
    )
    with pytest.raises(PtoRunError, match="quant = no_convert, but the consumer pops i32"):
        run(parse(text), *_inputs())


def test_a_relu_store_stays_at_tile_level_in_pto_lower_matrix() -> None:
    """mte_l0c_gm as pto-lower-matrix emits it carries no ReLU: the store keeps its tile op."""
    module = parse(_plain_store("f32"))
    PipelinePass().apply(make_context(), module)
    assert any(isinstance(op, TStoreOp) for op in module.walk())
    assert any(isinstance(op, MadOp) for op in module.walk())  # the rest did lower
    a, b = _inputs()[:2]
    got = run(module, a, b, np.zeros((32, 32), np.float32))["d"]
    assert np.array_equal(got, np.maximum(a.astype(np.float64) @ b, 0).astype(np.float32))
