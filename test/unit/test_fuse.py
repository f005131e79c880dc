"""pto-fuse by translation validation: generated Level-1 chains of the ops it fuses
(elementwise, tile-scalar, row reductions and the expansions of their results, column
expansions) through `pto-pipeline` give the bytes of the tile-level run on every target,
with random bits (NaN payloads, ±0, ±inf, integer limits), partial registers and rows of
several registers; and what the plan decides (register reads, stores, splits)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import context, lowers_to_the_same_bytes, parse_kernel
from test_lower_tile_to_vector import random_array
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from interpreters.launching.args import ArrayArg, ScalarArg
from interpreters.launching.execute import run_function
from passes.fuse import emit
from passes.fuse.groups import REGISTERS, find_groups
from passes.fuse.members import Form
from passes.pipeline import PipelinePass, pipeline_passes
from pto_dialect.dtypes import dtype_named
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.targets import profile

TARGETS = ("a2a3", "a5", "cpu")
BINARY = ("tadd", "tsub", "tmul", "tmax", "tmin")
EXPAND = ("trowexpandsub", "trowexpandmul", "trowexpanddiv", "trowexpandmax", "trowexpandadd")


@dataclass(frozen=True)
class FusedChain:
    """tloads of x, y (R x C) and g (1 x C), then `steps` on SSA tiles, a tstore of the
    last full value. A step: ("bin", op, a, b), ("un", op, a), ("scalar", op, a),
    ("reduce", op, a, expand op), ("col", op, a) or ("cvt", round mode, a) (`tcvt` to the
    type of half the width, f32 -> f16 or f16 -> i8 saturating, and back exactly); a, b
    index the full values so far."""

    dtype: str
    rows: int
    cols: int
    steps: tuple[tuple[str | int, ...], ...]

    def text(self, target: str) -> str:
        t, r, c = self.dtype, self.rows, self.cols
        block = 32 // dtype_named(t).bytes
        full = f"!pto.tile<loc=vec, dtype={t}, rows={r}, cols={c}>"
        vec = f"!pto.tile<loc=vec, dtype={t}, rows=1, cols={c}>"
        if any(step[0] == "cvt" for step in self.steps):  # rows of whole unpacking loads
            width = _padded(t, c)
            full = f"!pto.tile<loc=vec, dtype={t}, rows={r}, cols={width}, v_row={r}, v_col={c}>"
            vec = f"!pto.tile<loc=vec, dtype={t}, rows=1, cols={width}, v_row=1, v_col={c}>"
        one = f"!pto.tile<loc=vec, dtype={t}, rows={r}, cols={block}, v_row={r}, v_col=1>"
        blk = f"!pto.tile<loc=vec, dtype={t}, rows={r}, cols={block}>"
        lines: list[str] = []
        for name, shape in (("x", (r, c)), ("y", (r, c)), ("g", (1, c))):
            view = f"!pto.partition_tensor_view<{shape[0]}x{shape[1]}x{t}>"
            lines += [
                f"    %v{name} = pto.make_tensor_view %{name}, shape = [%c{shape[0]}, %c{c}], "
                f"strides = [%c{c}, %c1] : !pto.tensor_view<?x?x{t}>",
                f"    %p{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], sizes = "
                f"[%c{shape[0]}, %c{c}] : !pto.tensor_view<?x?x{t}> -> {view}",
            ]
        lines += [
            f"    %f0 = pto.tload %px : !pto.partition_tensor_view<{r}x{c}x{t}> -> {full}",
            f"    %f1 = pto.tload %py : !pto.partition_tensor_view<{r}x{c}x{t}> -> {full}",
            f"    %gt = pto.tload %pg : !pto.partition_tensor_view<1x{c}x{t}> -> {vec}",
        ]
        count = 2
        for k, step in enumerate(self.steps):
            kind, op = step[0], step[1]
            a = f"%f{int(step[2]) % count}"
            out = f"%f{count}"
            if kind == "bin":
                b = f"%f{int(step[3]) % count}"
                lines.append(f"    {out} = pto.{op} {a}, {b} : ({full}, {full}) -> {full}")
            elif kind == "un":
                lines.append(f"    {out} = pto.{op} {a} : {full} -> {full}")
            elif kind == "scalar":
                lines.append(f"    {out} = pto.{op} {a}, %s : ({full}, {t}) -> {full}")
            elif kind == "col":
                lines.append(f"    {out} = pto.{op} {a}, %gt : ({full}, {vec}) -> {full}")
            elif kind == "cvt":
                narrow = _narrow(t, r, c)
                sat = ", satmode = #pto<saturation_mode ON>" if t == "f16" else ""
                lines += [
                    f"    %n{k} = pto.tcvt {a} {{rmode = #pto.round_mode<{op}>{sat}}} : {full}"
                    f" -> {narrow}",
                    f"    {out} = pto.tcvt %n{k} {{rmode = #pto.round_mode<RINT>}} : {narrow}"
                    f" -> {full}",
                ]
            else:
                lines += [
                    f"    %r{k} = pto.{op} {a}, {a} : ({full}, {full}) -> {one}",
                    f"    %q{k} = pto.tmuls %r{k}, %s : ({one}, {t}) -> {one}",
                    f"    %b{k} = pto.trowexpand %q{k} : {one} -> {blk}",
                    f"    {out} = pto.{step[3]} {a}, %b{k} : ({full}, {blk}) -> {full}",
                ]
            count += 1
        view = f"!pto.partition_tensor_view<{r}x{c}x{t}>"
        lines += [
            f"    %vo = pto.make_tensor_view %o, shape = [%c{r}, %c{c}], strides = [%c{c}, %c1]"
            f" : !pto.tensor_view<?x?x{t}>",
            f"    %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c{r}, %c{c}] :"
            f" !pto.tensor_view<?x?x{t}> -> {view}",
            f"    pto.tstore %f{count - 1}, %po : {full}, {view}",
        ]
        consts = "".join(f"    %c{n} = arith.constant {n} : index\n" for n in sorted({0, 1, r, c}))
        ptr = f"!pto.ptr<{t}>"
        return (
            f'builtin.module attributes {{pto.target_arch = "{target}"}} {{\n'
            f"  func.func @k(%x: {ptr}, %y: {ptr}, %g: {ptr}, %o: {ptr}, %s: {t}) {{\n"
            f"{consts}" + "\n".join(lines) + "\n    func.return\n  }\n}\n"
        )

    def args(self, seed: int) -> list[ArrayArg | ScalarArg | str]:
        rng = np.random.default_rng(seed)
        dtype = dtype_named(self.dtype)
        arrays: list[ArrayArg | ScalarArg | str] = [
            ArrayArg(random_array(rng, dtype, shape))
            for shape in ((self.rows, self.cols), (self.rows, self.cols), (1, self.cols))
        ]
        return [*arrays, f"zeros:{self.rows}x{self.cols}x{self.dtype}", f"0.75:{self.dtype}"]


def _padded(dtype: str, cols: int) -> int:
    """Columns of a chain's tiles when it converts: whole unpacking loads of the way back
    (64 or 128 elements a row: `TCvtOp.not_lowered`)."""
    lanes = 2048 // dtype_named(dtype).bits
    return -(-cols // lanes) * lanes


def _narrow(dtype: str, rows: int, cols: int) -> str:
    """The tile of a "cvt" step's values of half the width (f16 or i8)."""
    other = {"f32": "f16", "f16": "i8"}[dtype]
    return (f"!pto.tile<loc=vec, dtype={other}, rows={rows}, cols={_padded(dtype, cols)}, "
            f"v_row={rows}, v_col={cols}>")  # fmt: skip


ROUNDINGS = ("RINT", "ROUND", "FLOOR", "CEIL", "TRUNC")


@st.composite
def fused_chains(draw: st.DrawFn) -> FusedChain:
    dtype = draw(st.sampled_from(["f32", "f16"]))
    lanes = 256 // dtype_named(dtype).bytes
    block = 32 // dtype_named(dtype).bytes
    cols = draw(st.sampled_from([block, lanes, lanes + block, 2 * lanes + block]))
    rows = draw(st.integers(1, 5))
    steps: list[tuple[str | int, ...]] = []
    for _ in range(draw(st.integers(2, 6))):
        a, b = draw(st.integers(0, 9)), draw(st.integers(0, 9))
        kind = draw(st.sampled_from(["bin", "un", "scalar", "reduce", "col", "cvt"]))
        if kind == "bin":
            steps.append(("bin", draw(st.sampled_from(BINARY)), a, b))
        elif kind == "un":
            steps.append(("un", draw(st.sampled_from(["tabs", "texp", "tneg"])), a))
        elif kind == "scalar":
            steps.append(("scalar", draw(st.sampled_from(["tadds", "tmuls", "tmaxs"])), a))
        elif kind == "col":
            steps.append(("col", draw(st.sampled_from(["tcolexpandmul", "tcolexpandadd"])), a))
        elif kind == "cvt":
            steps.append(("cvt", draw(st.sampled_from(ROUNDINGS)), a))
        else:
            reduce = draw(st.sampled_from(["trowsum", "trowmax", "trowmin"]))
            steps.append(("reduce", reduce, a, draw(st.sampled_from(EXPAND))))
    return FusedChain(dtype, rows, cols, tuple(steps))


def check(chain: FusedChain, target: str, seed: int = 0) -> str:
    """The chain through pto-pipeline (pto-fuse on) gives the bytes of the tile-level run and
    of `pto-pipeline{fuse=false}` (every op lowered on its own), op by op and with whole-array
    vecscopes (`vecscope_batch`); returns the fused IR."""
    return validate(chain.text(target), chain.args(seed), target, 3)


def validate(text: str, args: Sequence[ArrayArg | ScalarArg | str], target: str, output: int
             ) -> str:  # fmt: skip
    """`check` of a kernel's text, its arguments and the index of its output."""
    with np.errstate(all="ignore"):
        want = run_function(parse_kernel(text), list(args)).outputs()[output]
        assert want is not None
        modules: list[str] = []
        for fuse in (False, True):
            module = parse_kernel(text)
            PipelinePass(target=target, fuse=fuse).apply(context(arith.Arith, scf.Scf), module)
            got = run_function(module, list(args))
            assert got.hazards == []
            batched = run_function(module, list(args), batch=True)  # whole-array scopes
            for out in (got.outputs()[output], batched.outputs()[output]):
                assert out is not None
                assert np.array_equal(out.view(np.uint8), want.view(np.uint8))
            modules.append(str(module))
    assert "pto.fused" not in modules[0]  # fuse=false: no fused scope
    return modules[1]


@settings(max_examples=4, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(chain=fused_chains())
def test_generated_chains_keep_their_bytes(chain: FusedChain):
    for target in TARGETS:
        check(chain, target)


SOFTMAX_LIKE = FusedChain("f32", 3, 72, (("reduce", "trowmax", 0, "trowexpandsub"),
                                         ("un", "texp", 2), ("reduce", "trowsum", 3,
                                                             "trowexpanddiv")))  # fmt: skip


@pytest.mark.parametrize("target", TARGETS)
def test_a_softmax_like_chain_is_one_scope(target: str):
    """Row max, subtract, exp, row sum, divide over rows of a register and a tail: one
    vecscope marked with its ops; the row values stay in registers (the source is loaded
    once per reduction that reads it from UB, the result stored once a row)."""
    final = check(SOFTMAX_LIKE, target, seed=3)
    scopes = [line for line in final.splitlines() if "pto.fused" in line]
    assert len(scopes) == 1, final
    assert "trowmax, tmuls, trowexpand, trowexpandsub, texp, trowsum" in scopes[0]
    rows = int(scopes[0].split("(")[1].split(" row")[0])  # rows per block
    module = parse_kernel(final)
    (scope,) = [op for op in module.walk() if isinstance(op, VecScopeOp)]
    names = [op.name for op in scope.walk()]
    assert names.count("pto.vsts") == 2 * rows  # the result's two registers a row, only
    loads = names.count("pto.vlds") + names.count("pto.vsldb")
    assert loads == 2 * 2 * rows  # x, for trowmax and trowexpandsub
    assert "pto.vdup" in names


@pytest.mark.parametrize("target", TARGETS)
def test_a_softmax_between_conversions_is_one_scope(target: str):
    """examples/softmax_f16_ssa.mlir on 4 rows of 128: the widening tcvt, the f32 softmax
    and the narrowing tcvt in one vecscope; x is loaded once (unpacking, 2 registers a
    row), the result stored once (packing); the f32 values stay in registers."""
    example = Path(__file__).parents[2] / "examples" / "softmax_f16_ssa.mlir"
    text = example.read_text().replace('"a5"', f'"{target}"').replace("64x128", "4x128")
    text = text.replace("rows=64", "rows=4").replace("v_row=64", "v_row=4")
    text = text.replace("constant 64 :", "constant 4 :")
    final = validate(text, ["rand:4x128xf16:1", "zeros:4x128xf16"], target, 1)
    (scope,) = fused_scopes(parse_kernel(final))
    label = str(scope.attributes[VecScopeOp.FUSED])
    assert (
        "tcvt, trowmax, trowexpand, trowexpandsub, texp, trowsum, trowexpand, "
        "trowexpanddiv, tcvt (4 rows a block, in two halves)" in label
    )
    names = [op.name for op in scope.walk()]
    assert names.count("pto.vlds") == 2 * 4 and names.count("pto.vsts") == 2 * 4
    assert names.count("pto.vcvt") == 2 * 2 * 4


def test_registers_bound_a_group_and_its_rows_per_block():
    """A chain whose rows need more registers than `REGISTERS` is split; a group's rows per
    block times its registers a row stay within them."""
    wide = FusedChain("f32", 2, 64 * 12, (("bin", "tadd", 0, 1), ("bin", "tmul", 2, 0),
                                          ("bin", "tsub", 3, 2)))  # fmt: skip
    final = check(wide, "a5")
    assert final.count("pto.fused") == 1  # tadd + tmul (12 + 12 registers), then tsub alone
    module = parse_kernel(SOFTMAX_LIKE.text("a5"))
    for stage in pipeline_passes():
        if stage.name == "pto-fuse":
            break
        stage.apply(context(arith.Arith, scf.Scf), module)
    (func,) = [op for op in module.walk() if isinstance(op, FuncOp)]
    (group,) = find_groups(func.body.block, profile("a5"))
    found = group.plan
    assert found.rows_per_block * found.peak <= REGISTERS
    # 72 f32 a row: 2 registers. Most live at once: exp's 2 (read again by the divide) and
    # the sum's 1; or x's load and the subtraction's 2, the block's register taken by them
    # (its last read); or the divide's 2 made in the registers of exp's row and the block
    assert found.peak == 3
    assert [m.form for m in found.members][:3] == [Form.SCALAR, Form.ROW, Form.UNIFORM]
    assert found.in_register[2] == [True]  # trowexpand takes tmuls's register
    assert found.in_register[3] == [False, True]  # the source from UB, the block in a register


NARROW = FusedChain("f16", 24, 16, (("bin", "tadd", 0, 1), ("un", "tabs", 2),
                                    ("scalar", "tmuls", 3), ("bin", "tsub", 4, 1)))  # fmt: skip


@pytest.mark.parametrize("target", TARGETS)
def test_narrow_contiguous_rows_are_walked_as_one_run(target: str):
    """24 rows of 16 f16 (a quarter register each, back to back): the group walks the
    region as 3 rows of one full register, as the per-op lowering's single loop does."""
    final = check(NARROW, target, seed=5)
    (scope,) = [line for line in final.splitlines() if "pto.fused" in line]
    assert "(3 rows a block, one run of registers)" in scope
    module = parse_kernel(final)
    (fused,) = [op for op in module.walk() if isinstance(op, VecScopeOp)]
    names = [op.name for op in fused.walk()]
    assert names.count("pto.vsts") == 3  # the result's 3 registers, nothing else stored


EMPTY = """builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @k() {{
    %a0 = arith.constant 0 : i64
    %a1 = arith.constant 64 : i64
    %x = pto.alloc_tile addr = %a0 : {t}
    %z = pto.alloc_tile addr = %a1 : {t}
    pto.tabs ins(%x : {t}) outs(%z : {t})
    pto.tadd ins(%z, %x : {t}, {t}) outs(%z : {t})
    func.return
  }}
}}
"""


@pytest.mark.parametrize("target", TARGETS)
def test_an_empty_valid_region_is_not_fused(target: str):
    """Ops over no valid rows (a fuzzer's mutant: v_row=0) are left to the per-op lowering,
    whose loops run zero times; pto-fuse once failed on them with an internal error."""
    t = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=0, v_col=3>"
    module = parse_kernel(EMPTY.format(target=target, t=t))
    PipelinePass(target=target).apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    assert "pto.fused" not in str(module)
    assert run_function(module, []).hazards == []


WIDE = FusedChain("f32", 2, 64 * 9 + 8, (("reduce", "trowmax", 0, "trowexpandsub"),
                                         ("reduce", "trowsum", 1, "trowexpandmul")))  # fmt: skip


@pytest.mark.parametrize("target", TARGETS)
def test_a_wide_row_reduction_steps_its_accumulator_in_a_loop(
    target: str, monkeypatch: pytest.MonkeyPatch
):
    """Rows of 9 whole registers and a partial one, reduced from UB: each row of a block
    steps its whole registers in an `scf.for` carrying the accumulator, one load a step
    (`UNROLLED_CHUNKS`), with the bytes of the op-by-op lowering; the code is smaller than
    unrolled by the 8 steps a row it leaves to the loop."""
    final = check(WIDE, target, seed=7)
    module = parse_kernel(final)
    fused = fused_scopes(module)
    assert len(fused) == 1  # both reductions and their expansions
    monkeypatch.setattr(emit, "UNROLLED_CHUNKS", 10)
    unrolled = parse_kernel(WIDE.text(target))
    PipelinePass(target=target).apply(context(arith.Arith, scf.Scf), unrolled)
    sizes = [sum(1 for _ in s.walk()) for s in fused_scopes(unrolled)]
    for scope, size in zip(fused, sizes, strict=True):
        label = str(scope.attributes[VecScopeOp.FUSED])
        rows = int(label.split("(")[1].split(" row")[0])  # rows per block
        loops = [op for op in scope.walk() if isinstance(op, scf.ForOp) and op.iter_args]
        assert len(loops) == 2 * rows
        for loop in loops:
            names = [op.name for op in loop.body.walk()]
            assert names.count("pto.vlds") + names.count("pto.vsldb") == 1
        assert sum(1 for _ in scope.walk()) <= size - 2 * 8 * 2 * rows  # a load and a step
    assert not [op for s in fused_scopes(unrolled) for op in s.walk()
                if isinstance(op, scf.ForOp) and op.iter_args]  # fmt: skip


def fused_scopes(module: ModuleOp) -> list[VecScopeOp]:
    return [op for op in module.walk()
            if isinstance(op, VecScopeOp) and VecScopeOp.FUSED in op.attributes]  # fmt: skip


def shared_bytes_kernel(later: str) -> str:
    """x * x + 1 into %c (a DPS kernel with planned addresses, as PyPTO writes them), then
    `later`: a tile over %c's bytes read after the group (`%d`, of another layout, or `%e`,
    of the same) into %out, stored to y."""
    full = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64>"
    wide = "!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=128, v_row=2, v_col=128>"
    kinds = {"other": (wide, "2x128"), "same": (full, "4x64")}
    tile, shape = kinds[later]
    view = f"!pto.partition_tensor_view<{shape}xf32>"
    rows, cols = shape.split("x")
    return f"""
!v = !pto.tensor_view<?x?xf32>
!in = !pto.partition_tensor_view<4x64xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c64 = arith.constant 64 : index
  %r = arith.constant {rows} : index
  %w = arith.constant {cols} : index
  %one = arith.constant 1.0 : f32
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 1024 : i64
  %a2 = arith.constant 2048 : i64
  %a3 = arith.constant 3072 : i64
  %vx = pto.make_tensor_view %x, shape = [%c4, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c4, %c64] : !v -> !in
  %vy = pto.make_tensor_view %y, shape = [%r, %w], strides = [%w, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%r, %w] : !v -> {view}
  %a = pto.alloc_tile addr = %a0 : {full}
  pto.tload ins(%px : !in) outs(%a : {full})
  %b = pto.alloc_tile addr = %a1 : {full}
  pto.tmul ins(%a, %a : {full}, {full}) outs(%b : {full})
  %c = pto.alloc_tile addr = %a2 : {full}
  pto.tadds ins(%b, %one : {full}, f32) outs(%c : {full})
  %d = pto.alloc_tile addr = %a2 : {tile}
  %out = pto.alloc_tile addr = %a3 : {tile}
  pto.tmuls ins(%d, %one : {tile}, f32) outs(%out : {tile})
  pto.tstore ins(%out : {tile}) outs(%py : {view})
  func.return
}}"""


@pytest.mark.parametrize("later", ["other", "same"])
def test_a_result_read_through_another_tile_of_its_bytes_is_kept(later: str):
    """The group tmul, tadds writes %c, which no op names again; `tmuls` reads its bytes
    through %d after the group. The fused code must leave them in UB (or not fuse what
    another layout reads): the bytes of the op-by-op run."""
    lowers_to_the_same_bytes(shared_bytes_kernel(later), seed=7)


def test_an_accumulator_carried_through_a_loop_by_its_bytes_is_stored():
    """PyPTO's proj_b_act shape: %acc, made before the loop, is read in each iteration
    (into %w) and rewritten at its bytes by a fused group's last member (%acc2, no use of
    its own); the next iteration and the store after the loop read it through %acc."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=64, v_row=4, v_col=64>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
!p = !pto.partition_tensor_view<4x64xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c4 = arith.constant 4 : index
  %c12 = arith.constant 12 : index
  %c64 = arith.constant 64 : index
  %zero = arith.constant 0.0 : f32
  %two = arith.constant 2.0 : f32
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 1024 : i64
  %a2 = arith.constant 2048 : i64
  %a3 = arith.constant 3072 : i64
  %vx = pto.make_tensor_view %x, shape = [%c12, %c64], strides = [%c64, %c1] : !v
  %vy = pto.make_tensor_view %y, shape = [%c4, %c64], strides = [%c64, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c4, %c64] : !v -> !p
  %acc = pto.alloc_tile addr = %a0 : {tile}
  pto.texpands ins(%zero : f32) outs(%acc : {tile})
  scf.for %i = %c0 to %c3 step %c1 {{
    %w = pto.alloc_tile addr = %a3 : {tile}
    pto.tadds ins(%acc, %zero : {tile}, f32) outs(%w : {tile})
    %row = arith.muli %i, %c4 : index
    %px = pto.partition_view %vx, offsets = [%row, %c0], sizes = [%c4, %c64] : !v -> !p
    %t = pto.alloc_tile addr = %a1 : {tile}
    pto.tload ins(%px : !p) outs(%t : {tile})
    %u = pto.alloc_tile addr = %a2 : {tile}
    pto.tmuls ins(%t, %two : {tile}, f32) outs(%u : {tile})
    %acc2 = pto.alloc_tile addr = %a0 : {tile}
    pto.tadd ins(%w, %u : {tile}, {tile}) outs(%acc2 : {tile})
  }}
  pto.tstore ins(%acc : {tile}) outs(%py : !p)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text, seed=5)
    assert "pto.fused" in str(lowered)  # tmuls and tadd still fused, %acc2 stored


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_a_row_sum_into_a_column_read_as_a_row_is_fused_and_stored(target: str):
    """PyPTO's rmsnorm shape: `trowsum` of x * x into a DN column (one-point stores), whose
    bytes the next op reads through a 1 x 8 row-major tile of the same address. The group
    tmul, trowsum stores the sums (another layout reads them after it); `tmul x, x` loads
    each register of x once."""
    full = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64>"
    col = ("!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=1, v_row=8, v_col=1, "
           "blayout=col_major>")  # fmt: skip
    row = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
!px = !pto.partition_tensor_view<8x64xf32>
!py = !pto.partition_tensor_view<1x8xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %half = arith.constant 0.5 : f32
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 2048 : i64
  %a2 = arith.constant 4096 : i64
  %a3 = arith.constant 6144 : i64
  %a4 = arith.constant 6176 : i64
  %vx = pto.make_tensor_view %x, shape = [%c8, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c64] : !v -> !px
  %vy = pto.make_tensor_view %y, shape = [%c1, %c8], strides = [%c8, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c1, %c8] : !v -> !py
  %a = pto.alloc_tile addr = %a0 : {full}
  pto.tload ins(%px : !px) outs(%a : {full})
  %t = pto.alloc_tile addr = %a1 : {full}
  pto.tmul ins(%a, %a : {full}, {full}) outs(%t : {full})
  %tmp = pto.alloc_tile addr = %a2 : {full}
  %s = pto.alloc_tile addr = %a3 : {col}
  pto.trowsum ins(%t, %tmp : {full}, {full}) outs(%s : {col})
  %r = pto.alloc_tile addr = %a3 : {row}
  %out = pto.alloc_tile addr = %a4 : {row}
  pto.tmuls ins(%r, %half : {row}, f32) outs(%out : {row})
  pto.tstore ins(%out : {row}) outs(%py : !py)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text, target=target, seed=9)
    (scope,) = [
        s for s in fused_scopes(lowered) if "trowsum" in str(s.attributes[VecScopeOp.FUSED])
    ]
    names = [op.name for op in scope.walk()]
    assert names.count("pto.vlds") == names.count("pto.vmul") > 0  # x * x loads x once


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_texpands_is_a_member_kept_in_a_register(target: str):
    """`texpands` (PyPTO's `tmax x, 0` written as texpands then tmax) joins the group as one
    `vbr` register: %z only in registers, %w also stored (y reads it after the group)."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=96, v_row=8, v_col=80>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
!p = !pto.partition_tensor_view<8x80xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %o: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c80 = arith.constant 80 : index
  %zero = arith.constant 0.0 : f32
  %three = arith.constant 3.0 : f32
  %vx = pto.make_tensor_view %x, shape = [%c8, %c80], strides = [%c80, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c80] : !v -> !p
  %vy = pto.make_tensor_view %y, shape = [%c8, %c80], strides = [%c80, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c8, %c80] : !v -> !p
  %vo = pto.make_tensor_view %o, shape = [%c8, %c80], strides = [%c80, %c1] : !v
  %po = pto.partition_view %vo, offsets = [%c0, %c0], sizes = [%c8, %c80] : !v -> !p
  %a = pto.alloc_tile : {tile}
  pto.tload ins(%px : !p) outs(%a : {tile})
  %z = pto.alloc_tile : {tile}
  pto.texpands ins(%zero : f32) outs(%z : {tile})
  %m = pto.alloc_tile : {tile}
  pto.tmax ins(%a, %z : {tile}, {tile}) outs(%m : {tile})
  %w = pto.alloc_tile : {tile}
  pto.texpands ins(%three : f32) outs(%w : {tile})
  %s = pto.alloc_tile : {tile}
  pto.tmin ins(%m, %w : {tile}, {tile}) outs(%s : {tile})
  pto.tstore ins(%s : {tile}) outs(%po : !p)
  pto.tstore ins(%w : {tile}) outs(%py : !p)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text, target=target, seed=4)
    labels = [str(s.attributes[VecScopeOp.FUSED]) for s in fused_scopes(lowered)]
    assert any(label.startswith('"texpands, tmax, texpands, tmin') for label in labels), labels


@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_same_width_and_in_place_narrowing_conversions_join_a_group(target: str):
    """PyPTO's score and rope shapes: `tcvt` i32 -> f32 (its source loaded from UB as
    i32, the group's registers f32), a `tmuls`, and `tcvt` f32 -> bf16 into the bytes of
    its own source: one scope, the tile ops' bytes."""
    i32 = "!pto.tile_buf<loc=vec, dtype=i32, rows=8, cols=64, v_row=8, v_col=64>"
    f32 = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64>"
    bf16 = "!pto.tile_buf<loc=vec, dtype=bf16, rows=8, cols=64, v_row=8, v_col=64>"
    text = f"""
!vi = !pto.tensor_view<?x?xi32>
!vo = !pto.tensor_view<?x?xbf16>
!pi = !pto.partition_tensor_view<8x64xi32>
!po = !pto.partition_tensor_view<8x64xbf16>
func.func @k(%x: !pto.ptr<i32>, %y: !pto.ptr<bf16>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %k = arith.constant 0.375 : f32
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 2048 : i64
  %a2 = arith.constant 4096 : i64
  %vx = pto.make_tensor_view %x, shape = [%c8, %c64], strides = [%c64, %c1] : !vi
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c64] : !vi -> !pi
  %vy = pto.make_tensor_view %y, shape = [%c8, %c64], strides = [%c64, %c1] : !vo
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c8, %c64] : !vo -> !po
  %a = pto.alloc_tile addr = %a0 : {i32}
  pto.tload ins(%px : !pi) outs(%a : {i32})
  %f = pto.alloc_tile addr = %a1 : {f32}
  pto.tcvt ins(%a {{rmode = #pto<round_mode ROUND>}} : {i32}) outs(%f : {f32})
  %g = pto.alloc_tile addr = %a2 : {f32}
  pto.tmuls ins(%f, %k : {f32}, f32) outs(%g : {f32})
  %h = pto.alloc_tile addr = %a2 : {bf16}
  pto.tcvt ins(%g {{rmode = #pto<round_mode RINT>}} : {f32}) outs(%h : {bf16})
  pto.tstore ins(%h : {bf16}) outs(%py : !po)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text, target=target, seed=11)
    labels = [str(s.attributes[VecScopeOp.FUSED]) for s in fused_scopes(lowered)]
    assert labels and labels[0].startswith('"tcvt, tmuls, tcvt'), labels


def test_a_group_before_a_loop_leaves_the_loop_s_groups_their_tiles_read_after_it():
    """A group before a loop (two `texpands`) becomes a scope and a few pointers, which
    moves the loop's index in its block; the loop's group (tmuls, tadds into %acc's bytes)
    must still find %acc, read right after the loop, and store its result (the tiles'
    uses are indexed as they were before the pass)."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=8, v_row=1, v_col=8>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
!p = !pto.partition_tensor_view<1x8xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %z: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c8 = arith.constant 8 : index
  %c24 = arith.constant 24 : index
  %zero = arith.constant 0.0 : f32
  %half = arith.constant 0.5 : f32
  %a0 = arith.constant 0 : i64
  %a1 = arith.constant 64 : i64
  %a2 = arith.constant 128 : i64
  %a3 = arith.constant 192 : i64
  %vx = pto.make_tensor_view %x, shape = [%c1, %c24], strides = [%c24, %c1] : !v
  %vy = pto.make_tensor_view %y, shape = [%c1, %c8], strides = [%c8, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c1, %c8] : !v -> !p
  %vz = pto.make_tensor_view %z, shape = [%c1, %c8], strides = [%c8, %c1] : !v
  %pz = pto.partition_view %vz, offsets = [%c0, %c0], sizes = [%c1, %c8] : !v -> !p
  %acc = pto.alloc_tile addr = %a0 : {tile}
  pto.texpands ins(%zero : f32) outs(%acc : {tile})
  %w = pto.alloc_tile addr = %a1 : {tile}
  pto.texpands ins(%half : f32) outs(%w : {tile})
  scf.for %i = %c0 to %c3 step %c1 {{
    %col = arith.muli %i, %c8 : index
    %px = pto.partition_view %vx, offsets = [%c0, %col], sizes = [%c1, %c8] : !v -> !p
    %t = pto.alloc_tile addr = %a2 : {tile}
    pto.tload ins(%px : !p) outs(%t : {tile})
    %s = pto.alloc_tile addr = %a3 : {tile}
    pto.tmuls ins(%t, %half : {tile}, f32) outs(%s : {tile})
    %out = pto.alloc_tile addr = %a0 : {tile}
    pto.tadds ins(%s, %half : {tile}, f32) outs(%out : {tile})
  }}
  pto.tstore ins(%acc : {tile}) outs(%py : !p)
  pto.tstore ins(%w : {tile}) outs(%pz : !p)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text, seed=12)
    assert len(fused_scopes(lowered)) == 2
