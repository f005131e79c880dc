"""pto-lower-dma by translation validation: each kernel runs before and after the pass, on every
target, and must give the same GM outputs and the same UB bytes, bit for bit.

The kernels load a background into a tile (so that bytes a load leaves alone differ from bytes
it pads), load a window into the same buffer with a smaller valid region and a pad, store the
whole buffer to one output (the tile bytes, pads included) and the valid region to a window of
another. Every view, offset, stride and size varies, statically or at run time.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernelgen import dps_kernels, kernel_args
from support import context, each_wait_removed, lowers_to_the_same_bytes, parse_kernel
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.utils.exceptions import PassFailedException

from interpreters.launching.args import Arg, ArrayArg
from interpreters.launching.execute import KernelError, RunResult, run_function
from passes.insert_sync.insert import InsertSyncPass
from passes.lower_dma import LowerDmaPass
from pto_dialect.dtypes import dtype_named
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.dma_v06 import MteGmUbOp, MteUbGmOp
from pto_dialect.ops.tile_memory import TLoadOp, TStoreOp

TARGETS = ("a2a3", "a5", "cpu")
PADS = ("null", "zero", "max", "min")
ADDRESS = 1024


def lower(text: str, target: str) -> ModuleOp:
    module = parse_kernel(text, target)
    LowerDmaPass().apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    return module


Args = Callable[[], Sequence[str | Arg]]
"""Fresh run arguments (an array argument records the memory of the run it is bound to)."""


def run(module: ModuleOp, args: Args) -> RunResult:
    return run_function(module, args())


def assert_same_run(before: RunResult, after: RunResult) -> None:
    for old, new in zip(before.outputs(), after.outputs(), strict=True):
        if old is not None:
            assert new is not None
            assert np.array_equal(old.view(np.uint8), new.view(np.uint8))
    ub_before = before.machine.memories[MemorySpace.UB].data
    ub_after = after.machine.memories[MemorySpace.UB].data
    assert np.array_equal(ub_before, ub_after)
    assert not before.hazards and not after.hazards


def validate(text: str, args: Args, targets: tuple[str, ...] = TARGETS) -> list[ModuleOp]:
    """Runs `text` before and after the pass on `targets`; the lowered modules."""
    lowered: list[ModuleOp] = []
    for target in targets:
        module = lower(text, target)
        assert_same_run(run(parse_kernel(text, target), args), run(module, args))
        lowered.append(module)
    return lowered


# ----------------------------------------------------------------------------------------
# The kernel
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Transfer:
    """One load/store round trip through a planned UB tile buffer."""

    dtype: str
    rows: int
    cols: int
    valid: tuple[int, int]
    window: tuple[int, int]  # partition sizes: >= valid, == valid when static (the verifier)
    offset: tuple[int, int]  # partition offsets
    extra: int  # GM elements between the tensor's lines beyond its logical width
    col_major: bool = False
    pad: str = "null"
    dynamic: bool = False  # valid sizes, window sizes, offsets and stride as index arguments

    @property
    def size(self) -> int:
        return dtype_named(self.dtype).bytes

    @property
    def logical(self) -> tuple[int, int]:
        """The tensor view's shape: room for the window at its offset, and one more line."""
        return (self.offset[0] + self.window[0] + 1, self.offset[1] + self.window[1] + 1)

    @property
    def line(self) -> int:
        """The GM stride between lines (rows, or columns of a col-major view)."""
        height, width = self.logical
        return (height if self.col_major else width) + self.extra

    @property
    def gm_elements(self) -> int:
        height, width = self.logical
        return (width if self.col_major else height) * self.line

    def strides(self, line: str) -> str:
        return f"[%k1, {line}]" if self.col_major else f"[{line}, %k1]"

    def tile(self, valid: str) -> str:
        layout = "col_major" if self.col_major else "row_major"
        return (
            f"!pto.tile_buf<loc=vec, dtype={self.dtype}, rows={self.rows}, cols={self.cols}, "
            f"{valid}, blayout={layout}, pad={PADS.index(self.pad)}>"
        )

    def kernel(self) -> str:
        t, (vr, vc), (wr, wc), (r0, c0) = self.dtype, self.valid, self.window, self.offset
        height, width, rows, cols = *self.logical, self.rows, self.cols
        full = self.tile(f"v_row={rows}, v_col={cols}")
        params = [f"%{n}: !pto.ptr<{t}>" for n in ("src", "bg", "out", "dst")]
        sizes = {"vr": vr, "vc": vc, "wr": wr, "wc": wc, "r0": r0, "c0": c0, "ld": self.line}
        if self.dynamic:
            params += [f"%d{name}: index" for name in sizes]
            n = {name: f"%d{name}" for name in sizes}
            part = self.tile("v_row=?, v_col=?")
            alloc = f"pto.alloc_tile addr = %a valid_row = %dvr valid_col = %dvc : {part}"
            window = valid = f"!pto.partition_tensor_view<?x?x{t}>"
        else:
            n = {name: f"%k{value}" for name, value in sizes.items()}
            part = self.tile(f"v_row={vr}, v_col={vc}")
            alloc = f"pto.alloc_tile addr = %a : {part}"
            window = f"!pto.partition_tensor_view<{wr}x{wc}x{t}>"
            valid = f"!pto.partition_tensor_view<{vr}x{vc}x{t}>"
        values = {*sizes.values(), height, width, rows, cols, 0, 1}
        consts = "\n".join(f"    %k{v} = arith.constant {v} : index" for v in sorted(values))
        tv = f"!pto.tensor_view<?x?x{t}>"
        whole = f"!pto.partition_tensor_view<{rows}x{cols}x{t}>"
        tensor = f"shape = [%k{height}, %k{width}], strides = {self.strides(n['ld'])} : {tv}"
        tile_view = (
            f"shape = [%k{rows}, %k{cols}], "
            f"strides = {self.strides(f'%k{rows if self.col_major else cols}')} : {tv}"
        )
        at = f"offsets = [{n['r0']}, {n['c0']}]"
        everything = f"offsets = [%k0, %k0], sizes = [%k{rows}, %k{cols}] : {tv} -> {whole}"
        return f"""
builtin.module {{
  func.func @k({", ".join(params)}) {{
{consts}
    %vs = pto.make_tensor_view %src, {tensor}
    %ps = pto.partition_view %vs, {at}, sizes = [{n["wr"]}, {n["wc"]}] : {tv} -> {window}
    %vd = pto.make_tensor_view %dst, {tensor}
    %pd = pto.partition_view %vd, {at}, sizes = [{n["vr"]}, {n["vc"]}] : {tv} -> {valid}
    %vb = pto.make_tensor_view %bg, {tile_view}
    %pb = pto.partition_view %vb, {everything}
    %vo = pto.make_tensor_view %out, {tile_view}
    %po = pto.partition_view %vo, {everything}
    %a = arith.constant {ADDRESS} : i64
    %whole = pto.alloc_tile addr = %a : {full}
    %t = {alloc}
    pto.tload ins(%pb : {whole}) outs(%whole : {full})
    pto.tload ins(%ps : {window}) outs(%t : {part})
    pto.set_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.tstore ins(%whole : {full}) outs(%po : {whole})
    pto.tstore ins(%t : {part}) outs(%pd : {valid})
    func.return
  }}
}}
"""

    def args(self) -> list[str | Arg]:
        """Random bytes in every GM array (NaN payloads, integer extremes), then the sizes."""
        numpy = dtype_named(self.dtype).numpy
        tile = self.rows * self.cols
        spec: list[str | Arg] = [
            ArrayArg(np.frombuffer(np.random.default_rng(seed).bytes(n * self.size), numpy))
            for seed, n in ((1, self.gm_elements), (2, tile), (3, self.gm_elements))
        ]
        spec.insert(2, f"zeros:{tile}x{self.dtype}")
        if self.dynamic:
            values = (*self.valid, *self.window, *self.offset, self.line)
            spec += [f"{v}:index" for v in values]
        return spec


def tile_level_ops(module: ModuleOp) -> list[str]:
    return [op.name for op in module.walk() if isinstance(op, TLoadOp | TStoreOp)]


# ----------------------------------------------------------------------------------------
# Translation validation
# ----------------------------------------------------------------------------------------

# (dtype, bytes): every GM <-> Vec element type of A2/A3; the fp8 types are A5-only.
DTYPES = ["f32", "f16", "bf16", "i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"]
FP8 = ["f8E4M3FN", "f8E5M2"]
WIDE = ("i64", "ui64")  # no 32-bit register value for their max/min pads


def shaped(dtype: str, **kw: object) -> Transfer:
    """A 6x(64 bytes) tile with a 3x(5 elements) valid region at (2, 1) of a strided tensor."""
    cols = 64 // dtype_named(dtype).bytes
    base = dict(dtype=dtype, rows=6, cols=cols, valid=(3, 5), window=(3, 5),
                offset=(2, 1), extra=3)  # fmt: skip
    return Transfer(**{**base, **kw})  # pyright: ignore[reportArgumentType]


@pytest.mark.parametrize(
    ("dtype", "pad"),
    [
        (dtype, pad)
        for dtype in DTYPES
        for pad in PADS
        if dtype not in WIDE or pad in ("null", "zero")  # else test_wide_pad_is_a_diagnostic
    ],
)
def test_every_dtype_and_pad(dtype: str, pad: str):
    case = shaped(dtype, pad=pad)
    validate(case.kernel(), case.args)


@pytest.mark.parametrize("dtype", FP8)
@pytest.mark.parametrize("pad", PADS)
def test_fp8_on_a5(dtype: str, pad: str):
    case = shaped(dtype, pad=pad)
    validate(case.kernel(), case.args, ("a5", "cpu"))


def test_ui64_min_pad_is_the_zero_register():
    case = shaped("ui64", pad="min")
    validate(case.kernel(), case.args)


def test_wide_pad_is_a_diagnostic():
    case = shaped("i64", pad="max")
    with pytest.raises(PassFailedException, match="has at most 32 bits"):
        lower(case.kernel(), "a2a3")


@pytest.mark.parametrize("col_major", [False, True], ids=["row_major", "col_major"])
@pytest.mark.parametrize("dynamic", [False, True], ids=["static", "dynamic"])
@pytest.mark.parametrize("pad", ["null", "max"])
def test_layouts_and_dynamic_sizes(col_major: bool, dynamic: bool, pad: str):
    window = (6, 9) if dynamic else (5, 7)
    case = Transfer("f16", 32, 16, (5, 7), window, (3, 2), 5, col_major, pad, dynamic)
    validate(case.kernel(), case.args)


def test_full_valid_region_with_a_pad_lowers_on_cpu_too():
    case = Transfer("f32", 4, 8, (4, 8), (4, 8), (1, 1), 0, pad="min")
    lowered = validate(case.kernel(), case.args)
    assert all(tile_level_ops(m) == [] for m in lowered)


def test_cpu_keeps_a_padding_tload_at_tile_level():
    case = shaped("f32", pad="zero")
    a2a3, a5, cpu = validate(case.kernel(), case.args)
    assert tile_level_ops(a2a3) == tile_level_ops(a5) == []
    assert tile_level_ops(cpu) == ["pto.tload"]


@st.composite
def transfers(draw: st.DrawFn) -> Transfer:
    dtype = draw(st.sampled_from(DTYPES))
    size = dtype_named(dtype).bytes
    col_major = draw(st.booleans())
    dynamic = draw(st.booleans())
    block = 32 // size  # ND rows (cols of a col-major tile) are whole 32-byte blocks
    major = block * draw(st.integers(1, 3))
    minor = draw(st.integers(1, 5))
    rows, cols = (major, minor) if col_major else (minor, major)
    valid = (draw(st.integers(0, rows)), draw(st.integers(0, cols)))
    grow = st.integers(0, 2) if dynamic else st.just(0)
    window = (valid[0] + draw(grow), valid[1] + draw(grow))
    offset = (draw(st.integers(0, 3)), draw(st.integers(0, 3)))
    pads = PADS[:2] if dtype in WIDE else PADS
    pad = draw(st.sampled_from(pads))
    extra = draw(st.integers(0, 3))
    return Transfer(dtype, rows, cols, valid, window, offset, extra, col_major, pad, dynamic)


@settings(max_examples=40, deadline=None)
@given(transfers())
def test_random_transfers(case: Transfer):
    for module in validate(case.kernel(), case.args):
        once = str(module)
        LowerDmaPass().apply(context(arith.Arith, scf.Scf), module)
        assert str(module) == once  # idempotent


# ----------------------------------------------------------------------------------------
# Run-time checks kept by the lowering
# ----------------------------------------------------------------------------------------


def test_a_window_smaller_than_the_valid_region_still_fails_at_run_time():
    case = Transfer("i32", 4, 8, (3, 6), (3, 6), (0, 0), 0, dynamic=True)

    def args() -> list[str | Arg]:
        spec = case.args()
        spec[-4] = "5:index"  # a window of 3x5 for a valid region of 3x6
        return spec

    for target in TARGETS:
        with pytest.raises(KernelError, match="smaller than the destination tile's valid region"):
            run(parse_kernel(case.kernel(), target), args)
        with pytest.raises(KernelError, match=r"partition \[0, 6\) of dimension 1 lies outside"):
            run(lower(case.kernel(), target), args)


# ----------------------------------------------------------------------------------------
# Synchronisation: the lowered ops keep the tile ops' pipes and stay between their flags
# ----------------------------------------------------------------------------------------

EXAMPLE = Path(__file__).parents[2] / "examples" / "tcolmin.mlir"
LOAD_FLAGS = """    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
"""


def planned_colmin(flags: bool = True) -> str:
    """examples/tcolmin.mlir with UB addresses planned by hand (and without its MTE2 -> V
    flags unless `flags`)."""
    text = EXAMPLE.read_text()
    for name, address in (("in", 0), ("out", 2048)):
        text = text.replace(
            f"%{name} = pto.alloc_tile :",
            f"%a_{name} = arith.constant {address} : i64\n    "
            f"%{name} = pto.alloc_tile addr = %a_{name} :",
        )
    assert LOAD_FLAGS in text and "addr = %a_out" in text
    return text if flags else text.replace(LOAD_FLAGS, "")


def colmin_args() -> list[str]:
    return ["rand:16x32xf32:7", "zeros:1x32xf32"]


def test_a_correctly_synchronised_kernel_has_no_hazards_after_lowering():
    for module in validate(planned_colmin(), colmin_args):
        assert tile_level_ops(module) == []
        dma = (MteGmUbOp, MteUbGmOp)
        pipes = [op.pipe() for op in module.walk() if isinstance(op, dma)]
        assert [p.value for p in pipes] == ["PIPE_MTE2", "PIPE_MTE3"]


def test_a_missing_flag_is_still_a_hazard_after_lowering():
    text = planned_colmin(flags=False)
    for target in TARGETS:
        before = run(parse_kernel(text, target), colmin_args).hazards
        after = run(lower(text, target), colmin_args).hazards
        assert [h.kind for h in before] == [h.kind for h in after] == ["RAW"]
        pipes = [{op.pipe() for op in h.ops if isinstance(op, PtoOp)} for h in after]
        assert [sorted(p.value for p in s) for s in pipes] == [["PIPE_MTE2", "PIPE_V"]]
        assert isinstance(after[0].ops[0], MteGmUbOp)


CONFIGS = [(0, False), (3, True)]
"""Trip counts and branch conditions the generated kernels run with."""


def generated_args(n: int, cond: bool) -> Args:
    return lambda: kernel_args(n, cond)


@settings(max_examples=10, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(text=dps_kernels("a2a3"))
def test_kernels_synchronised_by_insert_sync_stay_exact_and_hazard_free(text: str):
    """Random planned kernels (loops, branches, reused buffers; test/unit/kernelgen.py) with
    the flags of pto-insert-sync: after lowering, the same bytes and no hazard, and every
    inserted wait_flag is still needed (removing it makes the lowered copies race)."""
    module = parse_kernel(text, "a2a3")
    InsertSyncPass().apply(context(arith.Arith, scf.Scf), module)
    synced = str(module)
    for config in CONFIGS:
        validate(synced, generated_args(*config), ("a2a3",))
    lowered = lower(synced, "a2a3")
    assert tile_level_ops(lowered) == []
    printed = str(lowered)
    for index in each_wait_removed(lowered):
        found = [h for c in CONFIGS for h in run(lowered, generated_args(*c)).hazards]
        assert found, f"wait_flag #{index} is not needed after lowering:\n{printed}"


def long_rows_kernel(valid_col: str) -> str:
    """2 rows of 16,392 f32 (65,568 bytes a row: more than the 16-bit len_burst) loaded,
    incremented and stored back; `valid_col` "16392" or "?" (%n, a run-time length)."""
    tile = f"!pto.tile_buf<loc=vec, dtype=f32, rows=2, cols=16392, v_row=2, v_col={valid_col}>"
    valid = " valid_col = %n" if valid_col == "?" else ""
    return f"""
!v = !pto.tensor_view<?x?xf32>
!p = !pto.partition_tensor_view<2x16392xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %n: index) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %w = arith.constant 16392 : index
  %one = arith.constant 1.0 : f32
  %vx = pto.make_tensor_view %x, shape = [%c2, %w], strides = [%w, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c2, %w] : !v -> !p
  %vy = pto.make_tensor_view %y, shape = [%c2, %w], strides = [%w, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c2, %w] : !v -> !p
  %t = pto.alloc_tile{valid} : {tile}
  pto.tload ins(%px : !p) outs(%t : {tile})
  pto.tadds ins(%t, %one : {tile}, f32) outs(%t : {tile})
  pto.tstore ins(%t : {tile}) outs(%py : !p)
  func.return
}}"""


def test_a_burst_longer_than_len_burst_moves_in_pieces():
    """65,568 bytes a row: two copies per transfer (65,504 bytes, then 64), each over both
    rows with the rows' strides; the same bytes as the tile ops."""
    lowered = lowers_to_the_same_bytes(long_rows_kernel("16392"))
    assert str(lowered).count("pto.mte_gm_ub") == 2 and str(lowered).count("pto.mte_ub_gm") == 2


def test_a_run_time_burst_length_that_may_not_fit_is_a_diagnostic():
    from interpreters.api import PtoPassError, apply_pipeline, parse

    with pytest.raises(PtoPassError, match="len_burst has 16 bits"):
        apply_pipeline(parse(long_rows_kernel("?"), target="a5"), "pto-pipeline")


def test_a_one_dimensional_window_is_one_burst():
    """PyPTO's vectors: a 1-D view of 48 f32 into a 1 x 64 tile, and back."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=64, v_row=1, v_col=48>"
    text = f"""
!v = !pto.tensor_view<?xf32>
!p = !pto.partition_tensor_view<48xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c48 = arith.constant 48 : index
  %c96 = arith.constant 96 : index
  %one = arith.constant 1.0 : f32
  %vx = pto.make_tensor_view %x, shape = [%c96], strides = [%c1] : !v
  %px = pto.partition_view %vx, offsets = [%c8], sizes = [%c48] : !v -> !p
  %vy = pto.make_tensor_view %y, shape = [%c96], strides = [%c1] : !v
  %py = pto.partition_view %vy, offsets = [%c48], sizes = [%c48] : !v -> !p
  %t = pto.alloc_tile : {tile}
  pto.tload ins(%px : !p) outs(%t : {tile})
  pto.tadds ins(%t, %one : {tile}, f32) outs(%t : {tile})
  pto.tstore ins(%t : {tile}) outs(%py : !p)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text)
    assert "pto.tload" not in str(lowered) and "pto.tstore" not in str(lowered)


def set_valid_kernel(where: str) -> str:
    """A 16 x 64 tile loaded whole, its valid rows set to 4 (`where`: "before" the tstore,
    or "in_if": inside an scf.if), stored into a window of a run-time 16 rows."""
    tile = "!pto.tile_buf<loc=vec, dtype=f32, rows=16, cols=64, v_row=?, v_col=?>"
    shrink = f"pto.set_validshape %t, %c4, %c64 : {tile}"
    if where == "in_if":
        shrink = f"scf.if %yes {{\n    {shrink}\n  }}"
    return f"""
!v = !pto.tensor_view<?x?xf32>
!p = !pto.partition_tensor_view<?x64xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c64 = arith.constant 64 : index
  %yes = arith.constant true
  %n = arith.addi %c8, %c8 : index
  %vx = pto.make_tensor_view %x, shape = [%c16, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%n, %c64] : !v -> !p
  %vy = pto.make_tensor_view %y, shape = [%c16, %c64], strides = [%c64, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%n, %c64] : !v -> !p
  %t = pto.alloc_tile valid_row = %c16 valid_col = %c64 : {tile}
  pto.tload ins(%px : !p) outs(%t : {tile})
  {shrink}
  pto.tstore ins(%t : {tile}) outs(%py : !p)
  func.return
}}"""


def test_a_tstore_after_set_validshape_moves_the_rows_it_sets():
    """PyPTO's mtp_dequant: the valid rows shrink to 4 before the tstore, which writes 4
    rows (the lowered copy read the alloc's 16 and wrote the other 12 rows too)."""
    lowered = lowers_to_the_same_bytes(set_valid_kernel("before"))
    assert "pto.tstore" not in str(lowered)


def test_a_set_validshape_that_may_not_have_run_is_a_diagnostic():
    from interpreters.api import PtoPassError, apply_pipeline, parse

    with pytest.raises(PtoPassError, match=r"set_validshape inside the scf.if"):
        apply_pipeline(parse(set_valid_kernel("in_if"), target="a5"), "pto-pipeline")


def test_a_subview_is_stored_from_where_its_source_holds_it():
    """PyPTO's merge_norm stores a pto.subview of a planned tile: rows 2 to 5, columns 8 to
    39 of an 8 x 64 tile, each burst from its row of the source (64 elements apart)."""
    full = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64>"
    part = "!pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=32, v_row=4, v_col=32>"
    text = f"""
!v = !pto.tensor_view<?x?xf32>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c32 = arith.constant 32 : index
  %c64 = arith.constant 64 : index
  %a0 = arith.constant 0 : i64
  %vx = pto.make_tensor_view %x, shape = [%c8, %c64], strides = [%c64, %c1] : !v
  %px = pto.partition_view %vx, offsets = [%c0, %c0], sizes = [%c8, %c64]
    : !v -> !pto.partition_tensor_view<8x64xf32>
  %vy = pto.make_tensor_view %y, shape = [%c4, %c32], strides = [%c32, %c1] : !v
  %py = pto.partition_view %vy, offsets = [%c0, %c0], sizes = [%c4, %c32]
    : !v -> !pto.partition_tensor_view<4x32xf32>
  %t = pto.alloc_tile addr = %a0 : {full}
  pto.tload ins(%px : !pto.partition_tensor_view<8x64xf32>) outs(%t : {full})
  %s = pto.subview %t[%c2, %c8] sizes [4, 32] : {full} -> {part}
  pto.tstore ins(%s : {part}) outs(%py : !pto.partition_tensor_view<4x32xf32>)
  func.return
}}"""
    lowered = lowers_to_the_same_bytes(text)
    assert "pto.tstore" not in str(lowered)
