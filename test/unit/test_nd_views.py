"""`tload`/`tstore` through GM windows of 3 to 5 dimensions, at tile level and after
pto-lower-dma, against numpy reshapes of the window.

A row-major (ND) tile sees a window of shape (..., R, C) as `window.reshape(-1, C)`: the
leading dimensions and R flattened into rows. A col-major (DN) tile sees it as
`moveaxis(window, -2, 0).reshape(R, -1)`: R rows, the leading dimensions and C flattened into
columns, C fastest (pto-isa's GlobalTensor ND/DN mapping, include/pto/cpu/tile_offsets.hpp).
Each kernel loads an N-D window of `src` into a tile and stores the tile to a plain 2-D view
of `mat`, and loads `mat_in` (2-D) into a second tile and stores it to the same N-D window of
`out`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from math import prod

import numpy as np
import pytest
from support import context, parse_kernel
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp

from interpreters.launching.args import ArrayArg
from interpreters.launching.execute import KernelError, RunResult, run_function
from interpreters.machine.memory import Memory, TensorView
from interpreters.semantics import transfer
from passes.insert_sync.insert import InsertSyncPass
from passes.lower_dma import LowerDmaPass
from pto_dialect.attrs import PadValue, TargetArch
from pto_dialect.dtypes import F32
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.dma_v06 import MteGmUbOp, MteUbGmOp
from pto_dialect.ops.tile_memory import TLoadOp, TStoreOp
from pto_dialect.rules import PAD_RULES

TARGETS = ("a2a3", "a5", "cpu")


@dataclass(frozen=True)
class Case:
    """A window `sizes` at `offsets` of a tensor of shape `offsets + sizes + 1` whose
    dimensions are laid out with `gap` spare elements after each (in `order`, fastest first)."""

    sizes: tuple[int, ...]
    offsets: tuple[int, ...]
    col_major: bool
    gap: int = 3
    valid_rows: int | None = None  # a `?` valid row count set by alloc_tile, else the window's

    @property
    def rank(self) -> int:
        return len(self.sizes)

    @property
    def shape(self) -> tuple[int, ...]:
        return tuple(o + s + 1 for o, s in zip(self.offsets, self.sizes, strict=True))

    @property
    def order(self) -> list[int]:
        """Dimensions from the fastest: the burst axis has stride 1 (-1 for ND, -2 for DN)."""
        last, before = self.rank - 1, self.rank - 2
        first = [before, last] if self.col_major else [last, before]
        return first + list(range(self.rank - 3, -1, -1))

    @property
    def strides(self) -> tuple[int, ...]:
        strides = [0] * self.rank
        step = 1
        for axis in self.order:
            strides[axis] = step
            step *= self.shape[axis] + (self.gap if step > 1 or axis != self.order[0] else 0)
        return tuple(strides)

    @property
    def elements(self) -> int:
        return 1 + sum((d - 1) * s for d, s in zip(self.shape, self.strides, strict=True))

    @property
    def matrix(self) -> tuple[int, int]:
        *lead, r, c = self.sizes
        return (r, prod(lead) * c) if self.col_major else (prod(lead) * r, c)

    @property
    def tile(self) -> tuple[int, int]:
        """The tile shape: the matrix rounded up to whole 32-byte lines (f32: 8 elements)."""
        rows, cols = self.matrix
        if self.col_major:
            return -(-rows // 8) * 8 + 8, cols
        return rows, -(-cols // 8) * 8 + 8

    @property
    def valid(self) -> tuple[int, int]:
        rows, cols = self.matrix
        return (rows if self.valid_rows is None else self.valid_rows, cols)


def gm_window(case: Case, flat: np.ndarray) -> np.ndarray:
    """The window as a strided numpy view of the flat GM array `flat`."""
    base = sum(o * s for o, s in zip(case.offsets, case.strides, strict=True))
    return np.lib.stride_tricks.as_strided(
        flat[base:], case.sizes, tuple(s * flat.itemsize for s in case.strides)
    )


def as_matrix(case: Case, window: np.ndarray) -> np.ndarray:
    """The numpy reshape a tile makes of the window."""
    if case.col_major:
        return np.moveaxis(window, -2, 0).reshape(case.sizes[-2], -1)
    return window.reshape(-1, case.sizes[-1])


def kernel(case: Case) -> str:
    lines: list[str] = []
    consts: set[int] = set()

    def c(value: int) -> str:
        consts.add(value)
        return f"%c{value}"

    rows, cols = case.tile
    layout = ", blayout=col_major" if case.col_major else ""
    mr, mc = case.valid
    v_row = "?" if case.valid_rows is not None else mr
    tile = (
        f"!pto.tile_buf<loc=vec, dtype=f32, rows={rows}, cols={cols}, v_row={v_row}, "
        f"v_col={mc}{layout}>"
    )
    q = "x".join("?" * 1 for _ in case.sizes)
    tv = f"!pto.tensor_view<{q}xf32>"
    pv = f"!pto.partition_tensor_view<{'x'.join(map(str, case.sizes))}xf32>"
    mat_strides = [c(1), c(mr)] if case.col_major else [c(mc), c(1)]
    mat_tv, mat_pv = "!pto.tensor_view<?x?xf32>", f"!pto.partition_tensor_view<{mr}x{mc}xf32>"

    def nd_view(ptr: str, name: str) -> None:
        shape = ", ".join(c(d) for d in case.shape)
        strides = ", ".join(c(s) for s in case.strides)
        offsets = ", ".join(c(o) for o in case.offsets)
        sizes = ", ".join(c(s) for s in case.sizes)
        lines.append(f"  %v{name} = pto.make_tensor_view {ptr}, shape = [{shape}], "
                     f"strides = [{strides}] : {tv}")  # fmt: skip
        lines.append(f"  %p{name} = pto.partition_view %v{name}, offsets = [{offsets}], "
                     f"sizes = [{sizes}] : {tv} -> {pv}")  # fmt: skip

    def mat_view(ptr: str, name: str) -> None:
        lines.append(f"  %v{name} = pto.make_tensor_view {ptr}, shape = [{c(mr)}, {c(mc)}], "
                     f"strides = [{', '.join(mat_strides)}] : {mat_tv}")  # fmt: skip
        lines.append(f"  %p{name} = pto.partition_view %v{name}, offsets = [{c(0)}, {c(0)}], "
                     f"sizes = [{c(mr)}, {c(mc)}] : {mat_tv} -> {mat_pv}")  # fmt: skip

    def alloc(name: str, address: int) -> None:
        valid = f" valid_row = {c(mr)}" if case.valid_rows is not None else ""
        lines.append(f"  %a{name} = arith.constant {address} : i64")
        lines.append(f"  %{name} = pto.alloc_tile addr = %a{name}{valid} : {tile}")

    nd_view("%src", "s")
    mat_view("%mat", "m")
    mat_view("%mat_in", "i")
    nd_view("%out", "o")
    alloc("t", 0)
    alloc("u", rows * cols * 4)
    lines += [
        f"  pto.tload ins(%ps : {pv}) outs(%t : {tile})",
        f"  pto.tstore ins(%t : {tile}) outs(%pm : {mat_pv})",
        f"  pto.tload ins(%pi : {mat_pv}) outs(%u : {tile})",
        f"  pto.tstore ins(%u : {tile}) outs(%po : {pv})",
    ]
    constants = [f"  %c{v} = arith.constant {v} : index" for v in sorted(consts)]
    args = "%src: !pto.ptr<f32>, %mat: !pto.ptr<f32>, %mat_in: !pto.ptr<f32>, %out: !pto.ptr<f32>"
    body = "\n".join(constants + lines)
    return f"func.func @kernel({args}) {{\n{body}\n  func.return\n}}"


def arrays(case: Case) -> list[np.ndarray]:
    rng = np.random.default_rng(len(case.sizes) * 7 + sum(case.sizes))
    src = rng.standard_normal(case.elements).astype(np.float32)
    mat_in = rng.standard_normal(prod(case.valid)).astype(np.float32)
    return [src, np.full(prod(case.valid), -7, np.float32), mat_in,
            np.full(case.elements, -9, np.float32)]  # fmt: skip


def run(module: ModuleOp, case: Case) -> RunResult:
    return run_function(module, [ArrayArg(a) for a in arrays(case)])


def check_outputs(case: Case, result: RunResult) -> None:
    src, _, mat_in, out0 = arrays(case)
    _, mat, _, out = (x for x in result.outputs() if x is not None)
    rows, cols = case.valid
    as_2d = mat_in.reshape(cols, rows).T if case.col_major else mat_in.reshape(rows, cols)
    got = mat.reshape(cols, rows).T if case.col_major else mat.reshape(rows, cols)
    # tload: the tile is the reshape of the window
    assert np.array_equal(got, as_matrix(case, gm_window(case, src))[:rows, :cols])
    # tstore: the window is the inverse reshape of the tile; nothing else of GM changes
    want = out0.copy()
    matrix = as_matrix(case, gm_window(case, want).copy())
    matrix[:rows, :cols] = as_2d
    *lead, r, c = case.sizes
    back = np.moveaxis(matrix.reshape(r, *lead, c), 0, -2) if case.col_major else matrix
    gm_window(case, want)[...] = back.reshape(case.sizes)
    assert np.array_equal(out, want)
    assert not result.hazards


CASES = [
    Case((2, 4, 8), (1, 2, 3), col_major=False),
    Case((3, 2, 4, 8), (0, 1, 1, 2), col_major=False),
    Case((2, 1, 3, 2, 8), (1, 0, 1, 1, 0), col_major=False),
    Case((2, 8, 3), (1, 2, 1), col_major=True),
    Case((2, 2, 8, 2), (0, 1, 1, 1), col_major=True),
    Case((2, 3, 1, 8, 2), (1, 0, 0, 2, 1), col_major=True),
    Case((3, 4, 8), (1, 0, 0), col_major=False, valid_rows=6),  # rows beyond 6 untouched
    Case((3, 8, 2), (0, 1, 1), col_major=True),
]


def case_id(case: Case) -> str:
    layout = "dn" if case.col_major else "nd"
    valid = "" if case.valid_rows is None else f"-valid{case.valid_rows}"
    return f"{layout}-{'x'.join(map(str, case.sizes))}{valid}"


def synced(case: Case, target: str) -> ModuleOp:
    module = parse_kernel(kernel(case), target)
    InsertSyncPass().apply(context(arith.Arith, scf.Scf), module)
    return module


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_tile_level_transfers_are_numpy_reshapes(case: Case, target: str) -> None:
    check_outputs(case, run(synced(case, target), case))


@pytest.mark.parametrize("target", TARGETS)
@pytest.mark.parametrize("case", CASES, ids=case_id)
def test_lowered_transfers_move_the_same_bytes(case: Case, target: str) -> None:
    module = synced(case, target)
    before = run(module, case)
    LowerDmaPass().apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    ops = list(module.walk())
    assert not any(isinstance(op, TLoadOp | TStoreOp) for op in ops)
    assert sum(isinstance(op, MteGmUbOp | MteUbGmOp) for op in ops) == 4
    after = run(module, case)
    check_outputs(case, after)
    ub_before, ub_after = (r.machine.memories[MemorySpace.UB].data for r in (before, after))
    assert np.array_equal(ub_before, ub_after)


def test_a_boxed_tile_meets_an_nz_window() -> None:
    """A boxed tile reads an N-D view as NZ (tload_common.hpp CheckNzFormat: rows S2 x S3,
    cols S0 x S1 x S4): PTOAS's board-tested tilelang_st tload `nz_f32_128x128` loads a
    16x1x128x1x8 view, tile element (r, c) = view[c // 8, 0, r, 0, c % 8]; a 2-D view is
    the plain matrix."""
    data = np.arange(16 * 128 * 8, dtype=np.float32)
    mem = Memory("gm:arg0", MemorySpace.GM, data.view(np.uint8).copy())
    view = TensorView(mem, 0, (16, 1, 128, 1, 8), (1024, 1024, 8, 8, 1), F32)
    window = view.window(None)
    assert window.shape == (128, 128)
    tile = np.zeros((128, 128), np.float32)
    transfer.load(window, tile, (128, 128), F32, PadValue.NULL, PAD_RULES[TargetArch.A5])
    rows, cols = np.meshgrid(np.arange(128), np.arange(128), indexing="ij")
    assert np.array_equal(tile, data[(cols // 8) * 1024 + rows * 8 + cols % 8])
    tile[5, 17] = -1.0  # and back: the same element of the view
    transfer.store(tile, window, (128, 128), F32)
    stored = np.frombuffer(mem.data, np.float32)
    changed = np.flatnonzero(stored != data)
    assert changed.tolist() == [2 * 1024 + 5 * 8 + 1] and stored[changed[0]] == -1.0
    flat = TensorView(mem, 0, (16, 16), (16, 1), F32)
    assert flat.window(None).shape == (16, 16)
    view3 = TensorView(mem, 0, (2, 16, 16), (256, 16, 1), F32)
    assert view3.window(None).shape == (32, 16)  # (1, 1, 2, 16, 16): rows 2 x 16
    assert view3.window(True).shape == (32, 16) and view3.window(False).shape == (16, 32)


def test_an_nd_window_smaller_than_the_valid_region_is_a_run_time_error() -> None:
    text = """
!tv = !pto.tensor_view<?x?x?xf32>
!pv = !pto.partition_tensor_view<?x1x8xf32>
!tile = !pto.tile_buf<loc=vec, dtype=f32, rows=4, cols=8>
func.func @kernel(%src: !pto.ptr<f32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %v = pto.make_tensor_view %src, shape = [%c8, %c8, %c8], strides = [%c64, %c8, %c1] : !tv
  %p = pto.partition_view %v, offsets = [%c0, %c0, %c0], sizes = [%n, %c1, %c8] : !tv -> !pv
  %a = arith.constant 0 : i64
  %t = pto.alloc_tile addr = %a : !tile
  pto.tload ins(%p : !pv) outs(%t : !tile)
  func.return
}"""
    args: Sequence[str] = ["zeros:512xf32", "3:index"]
    message = "GM window 3x8 is smaller than the destination tile's valid region 4x8"
    with pytest.raises(KernelError, match=message):
        run_function(parse_kernel(text, "a2a3"), args)
    module = parse_kernel(text, "a2a3")
    LowerDmaPass().apply(context(arith.Arith, scf.Scf), module)
    with pytest.raises(KernelError, match="outside the view's extent 3"):
        run_function(module, args)
    assert transfer.window_dims((3, 1, 8), True) == (3, 8)


def test_an_empty_view_with_an_enormous_extent_is_a_diagnostic() -> None:
    """Found by the fuzzer: numpy refuses even an empty shape whose other extents overflow."""
    module = parse_kernel(
        """
func.func @k(%p: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %big = arith.constant 4611686018427387904 : index
  %v = pto.make_tensor_view %p, shape = [%big, %c0], strides = [%c0, %c0]
      : !pto.tensor_view<?x?xf32>
  func.return
}
"""
    )
    with pytest.raises(KernelError, match="view of shape 4611686018427387904x0 spans more than"):
        run_function(module, ["zeros:4xf32"])
