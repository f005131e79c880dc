"""Translation validation of `tcvt`'s lowering: every pair the target's tcvt and vcvt tables
share with one width or a 2:1 / 1:2 ratio, and f32 -> f32 (through `vtrc`), every round mode
and saturation (given and default), on static partial, whole-run and dynamic valid regions:
the kernel through `pto-pipeline` writes the same bytes as the tile op, with `pto.vcvt` (or
`pto.vtrc`) and no tile op left. 4:1 and 64-bit pairs stay tile ops."""

from __future__ import annotations

import numpy as np
import pytest
from support import context, lowers_to_the_same_bytes
from xdsl.dialects import arith, scf

from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg, ScalarArg
from interpreters.launching.execute import run_function
from passes.pipeline import PipelinePass
from pto_dialect.dtypes import FP4_DTYPES, DType
from pto_dialect.ops.tile_convert import PAIRS, TCvtOp, round_modes
from pto_dialect.ops.vector_convert import FORMS, VCvtOp
from pto_dialect.ops.vector_round_cast import VTrcOp
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile

TARGETS = (A2A3, A5, CPU)
SHAPES = {  # name: (rows, cols, valid rows, valid cols, dynamic)
    "partial": (8, 128, 5, 77, False),
    "one_run": (4, 128, 4, 128, False),
    "dynamic": (8, 128, 6, 100, True),
}
CASES = [
    (target, src, dst)
    for target in TARGETS
    for src, dst in sorted(PAIRS[target.arch], key=lambda p: (p[0].name, p[1].name))
    if ((src, dst) in FORMS or src == dst)
    and max(src.bits, dst.bits) in (min(src.bits, dst.bits), 2 * min(src.bits, dst.bits))
    and max(src.bits, dst.bits) < 64
    and src not in FP4_DTYPES  # FP4 packs two values a byte: not lowered (TCvtOp.not_lowered)
    and dst not in FP4_DTYPES
]
"""The pairs of one width and the 2:1 / 1:2 pairs of 8-, 16- and 32-bit types (vcvt.md's
forms with an even/odd part, written as pack/unpack through vbitcast), and f32 -> f32
(vtrc)."""
SATS = ("", ", satmode = #pto.saturation_mode<ON>", ", satmode = #pto<saturation_mode OFF>")


def tile(dtype: DType, shape: str) -> str:
    rows, cols, vr, vc, dynamic = SHAPES[shape]
    v_row, v_col = ("?", "?") if dynamic else (vr, vc)
    return (
        f"!pto.tile<loc=vec, dtype={dtype}, rows={rows}, cols={cols}, v_row={v_row}, v_col={v_col}>"
    )


def window(name: str, dtype: DType, shape: str) -> tuple[list[str], str]:
    """The lines of a GM window `%p<name>` of %r x %c elements over `%<name>`, and its type."""
    _, _, vr, vc, dynamic = SHAPES[shape]
    view = f"!pto.tensor_view<?x?x{dtype}>"
    part = f"!pto.partition_tensor_view<{'?x?' if dynamic else f'{vr}x{vc}'}x{dtype}>"
    return [
        f"%v{name} = pto.make_tensor_view %{name}, shape = [%r, %c], strides = [%c, %c1] : {view}",
        f"%p{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], sizes = [%r, %c] "
        f": {view} -> {part}",
    ], part


def kernel(target: TargetProfile, src: DType, dst: DType, shape: str) -> tuple[str, int]:
    """tload of %x, then one tcvt + tstore per (round mode, saturation)."""
    src_tile, dst_tile = tile(src, shape), tile(dst, shape)
    lines, src_part = window("x", src, shape)
    lines.append(f"%t = pto.tload %px : {src_part} -> {src_tile}")
    params = [f"%x: !pto.ptr<{src}>"]
    count = 0
    for mode in sorted(round_modes(src, dst)):
        for sat in SATS:
            name = f"y{count}"
            params.append(f"%{name}: !pto.ptr<{dst}>")
            view_lines, part = window(name, dst, shape)
            lines += view_lines
            attrs = f"rmode = #pto<round_mode {mode.value}>{sat}"
            lines.append(f"%t{name} = pto.tcvt %t {{{attrs}}} : {src_tile} -> {dst_tile}")
            lines.append(f"pto.tstore %t{name}, %p{name} : {dst_tile}, {part}")
            count += 1
    params += ["%r: index", "%c: index"]
    consts = ["%c0 = arith.constant 0 : index", "%c1 = arith.constant 1 : index"]
    body = "\n    ".join(consts + lines)
    text = (
        f'builtin.module attributes {{pto.target_arch = "{target.name}"}} {{\n'
        f"  func.func @k({', '.join(params)}) {{\n    {body}\n    func.return\n  }}\n}}"
    )
    return text, count


def values(dtype: DType, shape: tuple[int, int]) -> np.ndarray:
    rng = np.random.default_rng(dtype.bits)
    raw = rng.integers(0, 256, size=(shape[0], shape[1] * dtype.bytes), dtype=np.uint8)
    array = raw.view(dtype.numpy).copy()
    if dtype.is_float:
        edges = [np.nan, np.inf, -np.inf, -0.0, 2.5, -2.5, 3.5, 0.5, 1e30]
        with np.errstate(over="ignore"):  # 1e30 is inf in f16
            array[0, : len(edges)] = np.array(edges, np.float64).astype(dtype.numpy)
    return array


RUNS = [
    (target, src, dst, shape)
    for target, src, dst in CASES
    for shape in (sorted(SHAPES) if target is A5 else ["dynamic"])
]
"""Every shape on A5; the dynamic one (rows loop, run-time sizes) on the other targets, whose
lowering differs only in the default saturation."""


@pytest.mark.parametrize(
    ("target", "src", "dst", "shape"), RUNS, ids=[f"{t.name}-{s}-{d}-{h}" for t, s, d, h in RUNS]
)
def test_tcvt_lowering_keeps_the_bytes(
    target: TargetProfile, src: DType, dst: DType, shape: str
) -> None:
    text, count = kernel(target, src, dst, shape)
    ctx = context(arith.Arith, scf.Scf)
    module = parse_module(ctx, text, "k.mlir")
    module.verify()
    _, _, vr, vc, _ = SHAPES[shape]
    x = values(src, (vr, vc))

    def args() -> list[ArrayArg | ScalarArg]:
        outs = [ArrayArg(np.zeros((vr, vc), dst.numpy)) for _ in range(count)]
        return [ArrayArg(x.copy()), *outs, ScalarArg(vr, "index"), ScalarArg(vc, "index")]

    with np.errstate(all="ignore"):
        before = run_function(module, args()).outputs()
        kept = [op.not_lowered() for op in module.walk() if isinstance(op, TCvtOp)]
        PipelinePass().apply(ctx, module)
        module.verify()
        ops = list(module.walk())
        # every tcvt is lowered, but a saturating one whose vcvt form takes no sat (vcvt.md)
        assert all(reason is None or "takes no sat" in reason for reason in kept)
        assert sum(isinstance(op, TCvtOp) for op in ops) == count - kept.count(None)
        vector_op = VTrcOp if src == dst else VCvtOp
        assert sum(isinstance(op, vector_op) for op in ops) == kept.count(None) > 0
        result = run_function(module, args())
    assert [h.message for h in result.hazards] == []
    for got, want in zip(result.outputs(), before, strict=True):
        if want is not None:
            assert got is not None and np.array_equal(got.view(np.uint8), want.view(np.uint8))


def test_other_pairs_stay_tile_ops_with_their_reason() -> None:
    def buf(dtype: str, cols: int) -> str:
        return f"!pto.tile_buf<loc=vec, dtype={dtype}, rows=4, cols={cols}>"

    i64, i32w, i8, f16, i32, u8 = (
        buf("i64", 32),
        buf("i32", 32),
        buf("i8", 32),
        buf("f16", 32),
        buf("i32", 64),
        buf("ui8", 64),
    )
    text = (
        'builtin.module attributes {pto.target_arch = "a5"} {\n'
        f"  func.func @k(%a: {i64}, %f: {i32w}, %b: {i8}, %c: {f16}, %d: {i32}, %e: {u8}) {{\n"
        f"    pto.tcvt ins(%a : {i64}) outs(%f : {i32w})\n"
        f"    pto.tcvt ins(%b : {i8}) outs(%c : {f16})\n"
        f"    pto.tcvt ins(%d : {i32}) outs(%e : {u8})\n"
        "    func.return\n  }\n}"
    )
    module = parse_module(context(arith.Arith, scf.Scf), text, "k.mlir")
    module.verify()
    no_form, widen, quarter = [op for op in module.walk() if isinstance(op, TCvtOp)]
    assert "vcvt has no i64 -> i32 form" in (no_form.not_lowered() or "")
    assert "unpacking load of 128 elements" in (widen.not_lowered() or "")
    assert "4:1" in (quarter.not_lowered() or "")


def in_place_kernel(src: DType, dst: DType, rows: int, cols: int, valid: tuple[int, int]) -> str:
    """tload of x into a tile at UB 0, tcvt into a tile of `dst` at the same address (as
    PyPTO's kernels narrow a tile into its own bytes), tstore to y."""

    def tile(dtype: DType) -> str:
        return (f"!pto.tile_buf<loc=vec, dtype={dtype}, rows={rows}, cols={cols}, "
                f"v_row={valid[0]}, v_col={valid[1]}>")  # fmt: skip

    lines = [
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        f"%r = arith.constant {valid[0]} : index",
        f"%c = arith.constant {valid[1]} : index",
        "%a = arith.constant 0 : i64",
    ]
    part = "!pto.partition_tensor_view<{}x{}x{}>"
    for name, dtype in (("x", src), ("y", dst)):
        view = f"!pto.tensor_view<?x?x{dtype}>"
        lines += [
            f"%v{name} = pto.make_tensor_view %{name}, shape = [%r, %c], strides = [%c, %c1] "
            f": {view}",
            f"%p{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], sizes = [%r, %c] "
            f": {view} -> {part.format(*valid, dtype)}",
        ]
    lines += [
        f"%s = pto.alloc_tile addr = %a : {tile(src)}",
        f"pto.tload ins(%px : {part.format(*valid, src)}) outs(%s : {tile(src)})",
        f"%d = pto.alloc_tile addr = %a : {tile(dst)}",
        f"pto.tcvt ins(%s {{rmode = #pto<round_mode ROUND>}} : {tile(src)}) outs(%d : {tile(dst)})",
        f"pto.tstore ins(%d : {tile(dst)}) outs(%py : {part.format(*valid, dst)})",
    ]
    body = "\n    ".join(lines)
    return (f"func.func @k(%x: !pto.ptr<{src}>, %y: !pto.ptr<{dst}>) {{\n    {body}\n"
            "    func.return\n}")  # fmt: skip


@pytest.mark.parametrize(
    ("src", "dst", "rows", "cols", "valid"),
    [("f32", "bf16", 8, 128, (5, 77)), ("f32", "f16", 4, 128, (4, 128)),
     ("f16", "i8", 2, 256, (2, 200)), ("i32", "i16", 16, 64, (16, 64))],
)  # fmt: skip
def test_a_narrowing_tcvt_into_its_own_bytes_is_lowered(
    src: str, dst: str, rows: int, cols: int, valid: tuple[int, int]
) -> None:
    """dst at src's address, narrower: each chunk's store ends where the next chunk's load
    starts, or before (buffers.reads_ahead), so the chunked loop reads nothing it wrote."""
    from pto_dialect.dtypes import dtype_named

    text = in_place_kernel(dtype_named(src), dtype_named(dst), rows, cols, valid)
    lowered = lowers_to_the_same_bytes(text)
    assert not [op for op in lowered.walk() if isinstance(op, TCvtOp)]


def test_a_widening_tcvt_into_its_own_bytes_is_refused() -> None:
    """Widening in place: chunk 0's store reaches past where chunk 1 loads."""
    from interpreters.api import PtoPassError, apply_pipeline, parse
    from pto_dialect.dtypes import dtype_named

    text = in_place_kernel(dtype_named("f16"), dtype_named("f32"), 4, 128, (4, 128))
    with pytest.raises(PtoPassError, match=r"overlaps .* at another position"):
        apply_pipeline(parse(text, target="a5"), "pto-pipeline")
