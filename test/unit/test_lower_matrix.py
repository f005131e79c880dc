"""pto-lower-matrix checked by translation validation through pto-pipeline.

Level-1 cube kernels (matrix_kernels.py: GM -> L1 -> L0A/L0B -> the cube -> GM, K in
steps, partial valid regions, ND and DN GM operands, ZN and NZ L1 tiles of B, .bias and
GEMV forms) run at tile level and after the whole pipeline, which lowers every cube tile op
to micro-ops: the output bytes must be identical, with no hazard between the MTE2, MTE1, M
and FIX pipes. Every (C, A, B) triple of each target's `tmatmul` table is covered; what the
pass cannot lower is refused with a diagnostic naming the rule.
"""

from __future__ import annotations

from collections.abc import Sequence

import numpy as np
import pytest
import support
from hypothesis import given, settings
from hypothesis import strategies as st
from matrix_kernels import Gemm
from support import EXAMPLES, context
from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp
from xdsl.passes import PassPipeline
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.source import parse_module
from interpreters.launching.args import declared_args
from interpreters.launching.execute import run_function
from interpreters.machine.pipes import UntrackedPipes
from passes.lower_matrix.lower import KEPT, LowerMatrixPass
from passes.pipeline import PipelinePass
from pto_dialect.attrs import TargetArch
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.cube_fixpipe import MteL0cL1Op
from pto_dialect.ops.cube_load import MteL1L0aOp, MteL1L0bOp
from pto_dialect.ops.cube_mad import MadAccOp, MadBiasOp, MadOp
from pto_dialect.ops.cube_move import MteGmL1FracOp
from pto_dialect.ops.tile_matrix import MatmulTileOp

TRIPLES = {
    arch.value: sorted(
        (c.name, a.name, b.name)
        for c, a, b in MatmulTileOp.TRIPLES[arch]
        if "hif8" not in (a.name, b.name)  # tmov refuses hif8 tiles (docs/passes.md)
    )
    for arch in (TargetArch.A2A3, TargetArch.A5)
}
"""Every (C, A, B) element-type triple of each cube target, from the tile op's record."""


def ctx() -> Context:
    return context(arith.Arith, scf.Scf)


def parse(gemm: Gemm) -> ModuleOp:
    module = parse_module(ctx(), gemm.text(), "gemm.mlir")
    module.verify()
    return module


def validate(gemm: Gemm, seed: int = 0) -> ModuleOp:
    """Same bytes before and after pto-pipeline, no hazard, no cube tile op left."""
    module = parse(gemm)
    want = run_function(module, gemm.args(seed), pipes=UntrackedPipes()).outputs()
    PipelinePass().apply(ctx(), module)
    module.verify()
    left = [op.name for op in module.walk() if isinstance(op, TileOp)]
    assert left == [], f"tile ops left: {left}"
    got = run_function(module, gemm.args(seed))
    assert [h.message for h in got.hazards] == []
    assert_same_bytes(got.outputs(), want)
    return module


def assert_same_bytes(got: Sequence[np.ndarray | None], want: Sequence[np.ndarray | None]) -> None:
    assert len(got) == len(want)
    for after, before in zip(got, want, strict=True):
        assert (after is None) == (before is None)
        if after is not None and before is not None:
            assert np.array_equal(after.view(np.uint8), before.view(np.uint8))


def eight_bit(name: str) -> bool:
    return name in ("i8", "f8E4M3FN", "f8E5M2")


@pytest.mark.parametrize(
    ("target", "triple"),
    [(t, triple) for t, triples in TRIPLES.items() for triple in triples],
    ids=str,
)
def test_every_triple(target: str, triple: tuple[str, str, str]) -> None:
    """Partial valid regions in every dimension, two K steps (.acc), a bias row; B's L1 tile
    NZ (a transposing load) where its boxes allow, DN A and C; the 8-bit triples store C by
    an atomic add."""
    acc, a, b = triple
    n = 32 if eight_bit(b) else 21
    gemm = Gemm(target, acc, a, b, 19, 23, n, blocks=2, pad=(1, 0, 1), b_nz=True, a_dn=True,
                c_dn=True, bias=True, atomic=eight_bit(a))  # fmt: skip
    module = validate(gemm, seed=len(a))
    kinds = {type(op) for op in module.walk()}
    assert {MteGmL1FracOp, MteL1L0aOp, MteL1L0bOp, MadBiasOp, MadAccOp} <= kinds


@settings(max_examples=10, deadline=None)
@given(
    target=st.sampled_from(sorted(TRIPLES)),
    pick=st.integers(0, 5),
    mkn=st.tuples(st.integers(1, 40), st.integers(1, 70), st.integers(1, 70)),
    blocks=st.integers(1, 3),
    pad=st.tuples(st.integers(0, 1), st.integers(0, 1), st.integers(0, 1)),
    flags=st.tuples(*[st.booleans()] * 6),
    seed=st.integers(0, 2**16),
)
def test_generated_kernels(
    target: str,
    pick: int,
    mkn: tuple[int, int, int],
    blocks: int,
    pad: tuple[int, int, int],
    flags: tuple[bool, ...],
    seed: int,
) -> None:
    acc, a, b = TRIPLES[target][pick % len(TRIPLES[target])]
    b_nz, a_dn, b_dn, c_dn, gemv, bias = flags
    m, k, n = mkn
    if eight_bit(b) and -(-n // 16) % 2:
        b_nz = False  # refused (test_refusals)
    gemm = Gemm(target, acc, a, b, 1 if gemv else m, k, n, blocks, pad, b_nz, a_dn, b_dn,
                c_dn, gemv, bias)  # fmt: skip
    validate(gemm, seed)


def test_a_one_row_a_keeps_its_boxes() -> None:
    """m = 1 outside GEMV: mad reads A's boxes (`disable_gemv`), not a contiguous row."""
    module = validate(Gemm("a5", "f32", "f16", "f16", 1, 40, 24))
    mads = [op for op in module.walk() if isinstance(op, MadOp)]
    assert len(mads) == 1 and mads[0].flag("disable_gemv")


def lower(gemm: Gemm) -> ModuleOp:
    module = parse(gemm)
    PipelinePass(lower_matrix=False).apply(ctx(), module)
    PassPipeline((LowerMatrixPass(strict=True),)).apply(ctx(), module)
    return module


def test_refusals() -> None:
    with pytest.raises(PassFailedException, match="moves 32 columns a box, which does not"):
        lower(Gemm("a5", "i32", "i8", "i8", 16, 32, 16, b_nz=True))
    text = Gemm("a2a3", "f32", "f16", "f16", 16, 16, 16).text()
    right = "loc=right, dtype=f16, rows=32, cols=32, v_row="
    text = text.replace(right + "16", right + "12")
    module = parse_module(ctx(), text, "k.mlir")
    want = run_function(module, Gemm("a2a3", "f32", "f16", "f16", 16, 16, 16).args(0))
    PipelinePass().apply(ctx(), module)  # not strict: the function stays at tile level
    (func,) = [op for op in module.walk() if isinstance(op, FuncOp)]
    remark = func.attributes[KEPT]
    assert isinstance(remark, StringAttr)
    assert remark.data.startswith("pto.tmatmul: a's valid columns 16 and b's valid rows 12")
    assert any(isinstance(op, MatmulTileOp) for op in module.walk())
    got = run_function(module, Gemm("a2a3", "f32", "f16", "f16", 16, 16, 16).args(0))
    assert_same_bytes(got.outputs(), want.outputs())


def test_tile_level_kept_on_request_and_on_cpu() -> None:
    gemm = Gemm("a5", "f32", "f16", "f16", 16, 16, 16)
    kept = parse(gemm)
    PipelinePass(lower_matrix=False).apply(ctx(), kept)
    assert any(isinstance(op, MatmulTileOp) for op in kept.walk())
    cpu = parse(gemm)
    PipelinePass(target="cpu").apply(ctx(), cpu)
    assert any(isinstance(op, MatmulTileOp) for op in cpu.walk())


def float64_product(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return a.astype(np.float64) @ b.astype(np.float64)


def check_against_float64(result: Sequence[np.ndarray | None], k: int) -> None:
    """C against A . B in float64: exact for integers, within k f32 roundings otherwise."""
    a, b, c = (x for x in result if x is not None)
    want = float64_product(a, b)
    if c.dtype == np.int32:
        assert np.array_equal(c, want.astype(np.int64))
        return
    bound = k * np.finfo(np.float32).eps * float64_product(np.abs(a), np.abs(b))
    assert np.all(np.abs(c - want) <= bound)


@pytest.mark.parametrize("target", sorted(TRIPLES))
@pytest.mark.parametrize("types", [("f16", "f32"), ("bf16", "f32"), ("i8", "i32")], ids=str)
def test_kloop_example(target: str, types: tuple[str, str]) -> None:
    """examples/gemm_cube_ssa.mlir in f16, bf16 and i8 on A2/A3 and A5: identical bytes
    (f16: test_examples_pipeline) and C = A . B against float64."""
    source, acc = types
    text = (EXAMPLES / "gemm_cube_ssa.mlir").read_text().replace("f32", acc)
    text = text.replace("f16", source)
    module = support.parse_kernel(text, target)
    args = declared_args(text) or []
    before = None if source == "f16" else run_function(module, args, pipes=UntrackedPipes())
    PipelinePass().apply(ctx(), module)
    after = run_function(module, args, pipes=UntrackedPipes()).outputs()
    assert not any(isinstance(op, TileOp) for op in module.walk())
    if before is not None:
        assert_same_bytes(after, before.outputs())
    check_against_float64(after, 512)


def test_multi_block_example() -> None:
    """examples/gemm_blocks_ssa.mlir: four blocks tile C; the same bytes after the pipeline."""
    text = (EXAMPLES / "gemm_blocks_ssa.mlir").read_text()
    args = declared_args(text) or []
    for target in sorted(TRIPLES):
        module = support.parse_kernel(text, target)
        want = run_function(module, args, pipes=UntrackedPipes(), blocks=4).outputs()
        PipelinePass().apply(ctx(), module)
        got = run_function(module, args, blocks=4)
        assert got.hazards == []
        assert_same_bytes(got.outputs(), want)
        check_against_float64(got.outputs(), 256)


def chained(target: str, mid: str, m: int, k: int, n: int, p: int) -> tuple[str, list[str]]:
    """D = (A . B as `mid`) . E: the first product leaves L0C for L1 (tmov acc -> mat), then
    L0A; A, B f16 (m x k, k x n), E `mid` (n x p), 32-row / 32-column tiles."""
    nz, zn = "blayout=col_major, slayout=row_major", "blayout=row_major, slayout=col_major"
    tiles = {
        "ma": f"mat, dtype=f16, rows=32, cols=32, v_row={m}, v_col={k}, {nz}",
        "mb": f"mat, dtype=f16, rows=32, cols=32, v_row={k}, v_col={n}, {zn}",
        "l": f"left, dtype=f16, rows=32, cols=32, v_row={m}, v_col={k}, {nz}",
        "r": f"right, dtype=f16, rows=32, cols=32, v_row={k}, v_col={n}, {zn}",
        "c": f"acc, dtype=f32, rows=32, cols=32, v_row={m}, v_col={n}, {nz}, fractal=1024",
        "mc": f"mat, dtype={mid}, rows=32, cols=32, v_row={m}, v_col={n}, {nz}",
        "lc": f"left, dtype={mid}, rows=32, cols=32, v_row={m}, v_col={n}, {nz}",
        "me": f"mat, dtype={mid}, rows=32, cols=32, v_row={n}, v_col={p}, {zn}",
        "re": f"right, dtype={mid}, rows=32, cols=32, v_row={n}, v_col={p}, {zn}",
        "d": f"acc, dtype=f32, rows=32, cols=32, v_row={m}, v_col={p}, {nz}, fractal=1024",
    }
    lines = [f"!{name} = !pto.tile<loc={body}>" for name, body in tiles.items()]
    views = {"a": ("f16", m, k), "b": ("f16", k, n), "e": (mid, n, p), "o": ("f32", m, p)}
    body = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index"]
    for name, (dtype, rows, cols) in views.items():
        body += [
            f"%r{name} = arith.constant {rows} : index",
            f"%k{name} = arith.constant {cols} : index",
            f"%v{name} = pto.make_tensor_view %{name}, shape = [%r{name}, %k{name}], strides = "
            f"[%k{name}, %c1] : !pto.tensor_view<?x?x{dtype}>",
            f"%p{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], sizes = [%r{name}, "
            f"%k{name}] : !pto.tensor_view<?x?x{dtype}> -> "
            f"!pto.partition_tensor_view<{rows}x{cols}x{dtype}>",
        ]

    def pv(name: str) -> str:
        dtype, rows, cols = views[name]
        return f"!pto.partition_tensor_view<{rows}x{cols}x{dtype}>"

    body += [
        f"%ma = pto.tload %pa : {pv('a')} -> !ma",
        f"%mb = pto.tload %pb : {pv('b')} -> !mb",
        f"%me = pto.tload %pe : {pv('e')} -> !me",
        "%l = pto.tmov %ma : !ma -> !l",
        "%r = pto.tmov %mb : !mb -> !r",
        "%c = pto.tmatmul %l, %r : (!l, !r) -> !c",
        "%mc = pto.tmov %c : !c -> !mc",
        "%lc = pto.tmov %mc : !mc -> !lc",
        "%rr = pto.tmov %me : !me -> !re",
        "%d = pto.tmatmul %lc, %rr : (!lc, !re) -> !d",
        f"pto.tstore %d, %po : !d, {pv('o')}",
        "func.return",
    ]
    params = f"%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %e: !pto.ptr<{mid}>, %o: !pto.ptr<f32>"
    lines += [f'builtin.module attributes {{pto.target_arch = "{target}"}} {{']
    lines += [f"  func.func @chain({params}) {{", *[f"    {x}" for x in body], "  }", "}"]
    args = [f"rand:{m}x{k}xf16:1", f"rand:{k}x{n}xf16:2", f"rand:{n}x{p}x{mid}:3",
            f"zeros:{m}x{p}xf32"]  # fmt: skip
    return "\n".join(lines) + "\n", args


@pytest.mark.parametrize("mid", ["f16", "bf16", "f32"])
def test_accumulator_back_to_l1(mid: str) -> None:
    """tmov acc -> mat as mte_l0c_l1 (narrowing f32 to f16 / bf16 by the fixpipe's
    convert-only modes): the chained product's bytes on both cube targets."""
    for target in sorted(TRIPLES):
        text, args = chained(target, mid, 20, 24, 18, 30)
        module = parse_module(ctx(), text, "chain.mlir")
        module.verify()
        want = run_function(module, args, pipes=UntrackedPipes()).outputs()
        PipelinePass().apply(ctx(), module)
        assert not any(isinstance(op, TileOp) for op in module.walk())
        assert any(isinstance(op, MteL0cL1Op) for op in module.walk())
        got = run_function(module, args)
        assert got.hazards == []
        assert_same_bytes(got.outputs(), want)
