"""pto-split-cube-vector and pto-pipeline on mixed Level-1 kernels: translation validation.

A mixed function run on one core (as written) and its split form run on the block's AIC and
two AIVs must give the same bytes with no hazard; the flash-attention example is also checked
against numpy attention in float64. Tolerance of the example: P is rounded to f16 before
P V (as the kernel's comment says), a relative error of at most 2^-11 in each term of O's
weighted mean, so |O - O64| <= 2^-10 max|V| (twice that for the f32 sums).
"""

from __future__ import annotations

import numpy as np
import pytest
from support import EXAMPLES
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import PassFailedException

from interpreters.api import Result, parse, run
from interpreters.machine.report import launch_text
from passes.pipeline import PipelinePass
from passes.set_target import SetTargetPass
from passes.split_cores.split import SplitCubeVectorPass
from pto_dialect.attrs import KernelKind, KernelKindAttr
from pto_dialect.ops.ffts import SyncSetOp, SyncWaitOp

TARGETS = ("a2a3", "a5")
ROUTES = [("a2a3", "gm"), ("a5", "gm"), ("a5", "pipe")]
"""Targets and hand-over routes: GM on every target, A5's cross-core pipes on A5."""


def qk_softmax(m: int, k: int, n: int) -> str:
    """S = A B (A m x k, B k x n, f16) on the cube, handed to the vector unit through `ws`,
    whose row softmax of S is stored to `p`."""
    vec = f"!pto.tile<loc=vec, dtype=f32, rows={m}, cols={n}>"
    row = f"!pto.tile<loc=vec, dtype=f32, rows={m}, cols=8, v_row={m}, v_col=1>"
    blk = f"!pto.tile<loc=vec, dtype=f32, rows={m}, cols=8>"
    ma = f"!pto.tile<loc=mat, dtype=f16, rows={m}, cols={k}, blayout=col_major, slayout=row_major>"
    mb = f"!pto.tile<loc=mat, dtype=f16, rows={k}, cols={n}, blayout=row_major, slayout=col_major>"
    la = ma.replace("loc=mat", "loc=left")
    rb = mb.replace("loc=mat", "loc=right")
    acc = (f"!pto.tile<loc=acc, dtype=f32, rows={m}, cols={n}, blayout=col_major, "
           "slayout=row_major, fractal=1024>")  # fmt: skip
    pa, pb = f"!pto.partition_tensor_view<{m}x{k}xf16>", f"!pto.partition_tensor_view<{k}x{n}xf16>"
    ps = f"!pto.partition_tensor_view<{m}x{n}xf32>"
    return f"""
func.func @qk(%a: !pto.ptr<f16>, %b: !pto.ptr<f16>, %ws: !pto.ptr<f32>, %p: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %cm = arith.constant {m} : index
  %ck = arith.constant {k} : index
  %cn = arith.constant {n} : index
  %va = pto.make_tensor_view %a, shape = [%cm, %ck], strides = [%ck, %c1] : !pto.tensor_view<?x?xf16>
  %vb = pto.make_tensor_view %b, shape = [%ck, %cn], strides = [%cn, %c1] : !pto.tensor_view<?x?xf16>
  %vw = pto.make_tensor_view %ws, shape = [%cm, %cn], strides = [%cn, %c1] : !pto.tensor_view<?x?xf32>
  %vp = pto.make_tensor_view %p, shape = [%cm, %cn], strides = [%cn, %c1] : !pto.tensor_view<?x?xf32>
  %wa = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%cm, %ck] : !pto.tensor_view<?x?xf16> -> {pa}
  %wb = pto.partition_view %vb, offsets = [%c0, %c0], sizes = [%ck, %cn] : !pto.tensor_view<?x?xf16> -> {pb}
  %ww = pto.partition_view %vw, offsets = [%c0, %c0], sizes = [%cm, %cn] : !pto.tensor_view<?x?xf32> -> {ps}
  %wp = pto.partition_view %vp, offsets = [%c0, %c0], sizes = [%cm, %cn] : !pto.tensor_view<?x?xf32> -> {ps}
  %ta = pto.tload %wa : {pa} -> {ma}
  %tb = pto.tload %wb : {pb} -> {mb}
  %l = pto.tmov %ta : {ma} -> {la}
  %r = pto.tmov %tb : {mb} -> {rb}
  %s = pto.tmatmul %l, %r : ({la}, {rb}) -> {acc}
  pto.tstore %s, %ww : {acc}, {ps}
  %x = pto.tload %ww : {ps} -> {vec}
  %mx = pto.trowmax %x, %x : ({vec}, {vec}) -> {row}
  %mxb = pto.trowexpand %mx : {row} -> {blk}
  %d = pto.trowexpandsub %x, %mxb : ({vec}, {blk}) -> {vec}
  %e = pto.texp %d : {vec} -> {vec}
  %sum = pto.trowsum %e, %e : ({vec}, {vec}) -> {row}
  %sb = pto.trowexpand %sum : {row} -> {blk}
  %o = pto.trowexpanddiv %e, %sb : ({vec}, {blk}) -> {vec}
  pto.tstore %o, %wp : {vec}, {ps}
  func.return
}}"""  # noqa: E501


def split(module: ModuleOp, handoff: str = "gm") -> ModuleOp:
    copy = module.clone()
    SplitCubeVectorPass(handoff).apply(Context(), copy)
    copy.verify()
    return copy


def assert_same_run(before: Result, after: Result, names: list[str]) -> None:
    assert [h.message for h in after.hazards] == []
    for name in names:
        assert before[name].tobytes() == after[name].tobytes(), name


def random_shapes(count: int, seed: int) -> list[tuple[int, int, int]]:
    """`count` (m, k, n), each a multiple of 16 in [16, 96] (the cube's fractal rows and
    f16 columns; m / 2 rows for each vector core stay a multiple of 8)."""
    rng = np.random.default_rng(seed)
    shapes: list[tuple[int, int, int]] = []
    for _ in range(count):
        m, k, n = (16 * int(d) for d in rng.integers(1, 7, size=3))
        shapes.append((m, k, n))
    return shapes


SHAPES = random_shapes(3, 27)


@pytest.mark.parametrize(("target", "handoff"), ROUTES)
@pytest.mark.parametrize("shape", SHAPES)
def test_qk_softmax_split_gives_the_bytes_of_one_core(
    shape: tuple[int, int, int], target: str, handoff: str
) -> None:
    m, k, n = shape
    module = parse(qk_softmax(m, k, n), target=target)
    rng = np.random.default_rng(m * k + n)
    a = rng.standard_normal((m, k)).astype(np.float16)
    b = rng.standard_normal((k, n)).astype(np.float16)
    args = (a, b, np.zeros((m, n), np.float32), np.zeros((m, n), np.float32))
    one = run(module, *args)
    assert len(one.block_reports) == 1
    both = run(split(module, handoff), *args)
    assert [r.unit for r in both.block_reports] == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1"]
    assert_same_run(one, both, ["p"])
    s = a.astype(np.float64) @ b.astype(np.float64)
    e = np.exp(s - s.max(axis=1, keepdims=True))
    np.testing.assert_allclose(both["p"], e / e.sum(axis=1, keepdims=True), rtol=1e-5, atol=1e-7)


def per_block(text: str, m: int) -> str:
    """`qk_softmax` text for a launch of two blocks: block b takes rows [b m, (b + 1) m) of
    a, of the work space and of p."""
    text = text.replace(
        f"%cm = arith.constant {m} : index",
        f"%cm = arith.constant {m} : index\n  %bi = pto.get_block_idx\n"
        "  %bx = arith.index_cast %bi : i64 to index\n  %row = arith.muli %bx, %cm : index\n"
        f"  %c2m = arith.constant {2 * m} : index",
    )
    for view in ("%va = pto.make_tensor_view %a", "%vw = pto.make_tensor_view %ws",
                 "%vp = pto.make_tensor_view %p"):  # fmt: skip
        text = text.replace(f"{view}, shape = [%cm,", f"{view}, shape = [%c2m,")
    for window in ("%wa = pto.partition_view %va", "%ww = pto.partition_view %vw",
                   "%wp = pto.partition_view %vp"):  # fmt: skip
        text = text.replace(f"{window}, offsets = [%c0,", f"{window}, offsets = [%row,")
    return text


@pytest.mark.parametrize("handoff", ["gm", "pipe"])
def test_two_blocks_each_split_over_their_cores(handoff: str) -> None:
    """`--blocks 2`: each block's AIC and AIVs, flags and pipes within the block."""
    module = parse(per_block(qk_softmax(16, 16, 32), 16), target="a5")
    rng = np.random.default_rng(3)
    a = rng.standard_normal((32, 16)).astype(np.float16)
    b = rng.standard_normal((16, 32)).astype(np.float16)
    args = (a, b, np.zeros((32, 32), np.float32), np.zeros((32, 32), np.float32))
    one = run(module, *args, blocks=2)
    both = run(split(module, handoff), *args, blocks=2)
    assert len(both.block_reports) == 6
    assert_same_run(one, both, ["p"])
    assert not np.array_equal(both["p"][:16], both["p"][16:])


def test_split_makes_two_kernels_with_flag_pairs_and_is_idempotent() -> None:
    module = split(parse(qk_softmax(16, 16, 32), target="a5"))
    functions = list(module.body.block.ops)
    kinds = [f.attributes["pto.kernel_kind"] for f in functions]
    assert kinds == [KernelKindAttr(KernelKind.CUBE), KernelKindAttr(KernelKind.VECTOR)]
    flags = [(type(op).__name__, op.event_id.value.data) for f in functions for op in f.walk()
             if isinstance(op, SyncSetOp | SyncWaitOp) and op.event_id is not None]  # fmt: skip
    assert flags == [("SyncSetOp", 0), ("SyncWaitOp", 1), ("SyncWaitOp", 0), ("SyncSetOp", 1)]
    assert str(split(module)) == str(module)


def test_a_function_of_one_kind_of_core_is_left_alone() -> None:
    path = EXAMPLES / "gemm_kloop_ssa.mlir"
    module = parse(path.read_text(), target="a5")
    assert str(split(module)) == str(module)


def refused(text: str, message: str) -> None:
    with pytest.raises(PassFailedException, match=message):
        split(parse(text, target="a5"))


def test_a_vector_op_across_rows_is_refused() -> None:
    col = "!pto.tile<loc=vec, dtype=f32, rows=1, cols=32>"
    vec = "!pto.tile<loc=vec, dtype=f32, rows=16, cols=32>"
    text = qk_softmax(16, 16, 32).replace(
        "  func.return", f"  %cs = pto.tcolsum %x : {vec} -> {col}\n  func.return"
    )
    refused(
        text,
        "pto.tcolsum at <string>:[0-9:]*: mixes the rows of its tiles: the vector cores each",
    )


def test_a_load_of_what_the_other_core_stores_later_is_refused() -> None:
    lines = qk_softmax(16, 16, 32).splitlines()
    store = next(i for i, line in enumerate(lines) if "pto.tstore %s, %ww" in line)
    lines[store], lines[store + 1] = lines[store + 1], lines[store]
    refused(
        "\n".join(lines),
        "pto.tload at <string>:21:3: loads GM that the cube core stores: a hand-over is",
    )


def flash_inputs() -> list[np.ndarray]:
    rng = np.random.default_rng(2026)
    q = rng.standard_normal((32, 32)).astype(np.float16)
    kt = rng.standard_normal((32, 256)).astype(np.float16)
    v = rng.standard_normal((256, 32)).astype(np.float16)
    work = [((32, 64), np.float32), ((32, 64), np.float16), ((32, 32), np.float32)]
    return [q, kt, v, *(np.zeros(s, t) for s, t in work), np.zeros((32, 32), np.float32)]


def test_flash_attention_through_pto_pipeline_on_both_targets() -> None:
    """Same bytes as the one-core kernel on a2a3 and a5 (and across them), no hazard, close
    to float64 attention, and the cube and vector cores work at once: the makespan is well
    below the one-core run's cycles."""
    inputs = flash_inputs()
    text = (EXAMPLES / "flash_attention.mlir").read_text()
    outs: list[bytes] = []
    for target in TARGETS:
        module = parse(text, target=target)
        one = run(module, *inputs)
        PipelinePass().apply(Context(), module)
        module.verify()
        both = run(module, *inputs)
        assert_same_run(one, both, ["out"])
        busy = [sum(r.machine.pipes.busy.values()) for r in both.block_reports]
        assert len(busy) == 3 and both.cycles is not None and one.cycles is not None
        assert both.cycles < one.cycles / 1.5  # the three cores work at once
        report = launch_text(both.block_reports)
        assert f"busy cycles of the cores added up: {sum(busy)} (makespan / busy" in report
        outs.append(both["out"].tobytes())
    assert outs[0] == outs[1]
    q, kt, v = (x.astype(np.float64) for x in inputs[:3])
    s = q @ kt / np.sqrt(32)
    p = np.exp(s - s.max(axis=1, keepdims=True))
    want = p / p.sum(axis=1, keepdims=True) @ v
    got = np.frombuffer(outs[0], np.float32).reshape(32, 32)
    assert np.abs(got - want).max() <= 2.0**-10 * np.abs(v).max()


def test_flash_attention_through_a5_pipes_at_level_1() -> None:
    """`handoff=pipe`: the hand-overs become pushes and pops (C2V pipe 0, V2C pipe 1) with
    no GM; the same bytes as one core, and no work space written."""
    inputs = flash_inputs()
    module = parse((EXAMPLES / "flash_attention.mlir").read_text(), target="a5")
    one = run(module, *inputs)
    piped = split(module, "pipe")
    names = {op.name for op in piped.walk()}
    assert {"pto.tpush_to_aiv", "pto.tpop_from_aiv", "pto.tpush_to_aic"} <= names
    assert "pto.sync.set" not in names
    both = run(piped, *inputs)
    assert_same_run(one, both, ["out"])
    assert not both["s_ws"].any() and not both["o_ws"].any()


def test_a5_tmov_from_acc_to_vec_becomes_a_pipe_transfer() -> None:
    """A5's one-op form of the hand-over (`tmov` acc -> vec): one core's code with
    `handoff=gm` (left as it is), a push and a pop with `handoff=pipe`."""
    vec = "!pto.tile<loc=vec, dtype=f32, rows=32, cols=64>"
    lines = qk_softmax(32, 32, 64).splitlines()
    store = next(i for i, line in enumerate(lines) if "pto.tstore %s, %ww" in line)
    acc = lines[store].split(": ")[1].split(", !pto.partition")[0]
    lines[store : store + 2] = [f"  %x = pto.tmov %s : {acc} -> {vec}"]
    module = parse("\n".join(lines), target="a5")
    assert str(split(module)) == str(module)
    rng = np.random.default_rng(4)
    a = rng.standard_normal((32, 32)).astype(np.float16)
    b = rng.standard_normal((32, 64)).astype(np.float16)
    args = (a, b, np.zeros((32, 64), np.float32), np.zeros((32, 64), np.float32))
    piped = split(module, "pipe")
    names = [op.name for op in piped.walk()]
    assert names.count("pto.tpush_to_aiv") == 1 and names.count("pto.tpop_from_aic") == 1
    assert "pto.tmov" in names  # the cube's mat -> left / right moves stay
    assert_same_run(run(module, *args), run(piped, *args), ["p"])


def test_pipes_are_refused_on_a2a3() -> None:
    with pytest.raises(PassFailedException, match="handoff=pipe needs target a5"):
        split(parse(qk_softmax(16, 16, 32), target="a2a3"), "pipe")


def test_pto_set_target_then_split_is_the_pipelines_first_stage() -> None:
    module = parse((EXAMPLES / "flash_attention.mlir").read_text(), target="a5")
    SetTargetPass("a2a3").apply(Context(), module)
    module = split(module)
    assert [f.sym_name.data for f in module.body.block.ops if isinstance(f, func.FuncOp)] == [
        "flash_attention_cube",
        "flash_attention_vector",
    ]


def test_flash_attention_through_pto_pipeline_with_a5_pipes() -> None:
    """`pto-pipeline{handoff=pipe}` on a5: the compiled kernels hand tiles over by pushes and
    pops, no GM work space; pto-convert-to-dps copies each popped vec tile into a planned
    buffer, so the softmax on it is lowered to micro-ops, and the cube's matmuls are lowered
    (the move of the popped P tile out of its slot stays a tile op). The same bytes as one
    core (and so as the GM hand-over's), no hazard, the cores at work at once."""
    inputs = flash_inputs()
    module = parse((EXAMPLES / "flash_attention.mlir").read_text(), target="a5")
    one = run(module, *inputs)
    PipelinePass(handoff="pipe").apply(Context(), module)
    module.verify()
    names = {op.name for op in module.walk()}
    assert {"pto.tpush_to_aiv", "pto.tpop_from_aic", "pto.vecscope", "pto.mad"} <= names
    assert "pto.sync.set" not in names
    both = run(module, *inputs)
    assert_same_run(one, both, ["out"])
    assert not both["s_ws"].any() and not both["o_ws"].any()
    assert both.cycles is not None and one.cycles is not None
    assert both.cycles < one.cycles / 1.5
