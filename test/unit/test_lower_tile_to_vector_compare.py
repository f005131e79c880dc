"""Translation validation of the compare and select lowering (lower_tile_to_vector_compare.py):
`tcmp` (every mode), `tcmps`, `tsel` and `tsels` on every element type the tile ops and
their vector ops share per target, on static partial and dynamic valid regions, through the
whole `pto-pipeline`: the masks and the selections are the same bytes as the tile ops
write, no compare or select tile op is left, and the vector code of each op writes only its
destination's valid region and reads only the tiles it names (what the tile-level sync
relies on). Inputs hold random bit patterns with NaN,
infinities and -0 (floats) and equal pairs (every mode sees true and false lanes)."""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np
import pytest
from support import RecordingPipes, context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import SSAValue

from interpreters.engine.source import parse_module
from interpreters.launching.args import ArrayArg, ScalarArg
from interpreters.launching.execute import run_function
from passes.lower_tile_to_vector.lower import LowerTileToVectorPass
from passes.pipeline import pipeline_passes
from pto_dialect.attrs import CmpMode
from pto_dialect.dtypes import DType
from pto_dialect.ops.tile_compare import (
    MaskWritingTileOp,
    SelectTileOp,
    TCmpOp,
    TCmpSOp,
    TSelOp,
    TSelSOp,
)
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.ops.vecscope import VecScopeOp, enclosing_vecscope
from pto_dialect.ops.vector_compare import VCmpOp, VSelOp
from pto_dialect.ops.vector_predicate_memory import PldsOp, PstsOp
from pto_dialect.targets import A2A3, A5, CPU, TargetProfile
from pto_dialect.tile_types import TileBufType

TARGETS = (A2A3, A5, CPU)
SHAPES = {  # name: (rows, cols, valid rows, valid cols, dynamic)
    "partial": (8, 128, 5, 77, False),
    "dynamic": (8, 128, 6, 100, True),
}
MASK_BYTES = 32
"""Valid bytes of a mask row: one predicate store (the 128 columns need 16)."""
SCALARS = {"f32": "2.5", "f16": "-0.5", "bf16": "1.0"}


def _legal(target: TargetProfile) -> list[DType]:
    legal = TCmpOp.legal_dtypes(target) & TSelOp.legal_dtypes(target)
    if target is CPU:  # cpu/TCmp.h: an 8-bit mask takes the A2/A3 types
        legal &= TCmpOp.legal_dtypes(A2A3)
    # A5's 64-bit compares and selects stay tile ops (no 64-bit vector lanes)
    return sorted((d for d in legal if d.bits < 64), key=lambda d: d.name)


CASES = [(t, d, s) for t in TARGETS for d in _legal(t) for s in sorted(SHAPES)]


def kernel(target: TargetProfile, dtype: DType, shape: str) -> tuple[str, int]:
    """tload %x, %y; per mode a tcmp + tsel, then a tcmps + tsels; every mask and result
    stored. Returns the text and the number of (mask, result) pairs."""
    rows, cols, vr, vc, dynamic = SHAPES[shape]
    v_row, v_col = ("?", "?") if dynamic else (vr, vc)
    t = dtype.name
    tile = f"!pto.tile<loc=vec, dtype={t}, rows={rows}, cols={cols}, v_row={v_row}, v_col={v_col}>"
    mask = (
        f"!pto.tile<loc=vec, dtype=ui8, rows={rows}, cols={MASK_BYTES}, v_row={v_row}, "
        f"v_col={MASK_BYTES}>"
    )
    part = f"!pto.partition_tensor_view<{'?x?' if dynamic else f'{vr}x{vc}'}x{t}>"
    mpart = f"!pto.partition_tensor_view<{'?' if dynamic else vr}x{MASK_BYTES}xui8>"
    lines: list[str] = []
    params: list[str] = []

    def window(name: str, element: str, width: str, view: str) -> None:
        params.append(f"%{name}: !pto.ptr<{element}>")
        tv = f"!pto.tensor_view<?x?x{element}>"
        lines.append(f"%v{name} = pto.make_tensor_view %{name}, shape = [%r, {width}], "
                     f"strides = [{width}, %c1] : {tv}")  # fmt: skip
        size = "%c" if width == "%c" else width
        lines.append(f"%p{name} = pto.partition_view %v{name}, offsets = [%c0, %c0], "
                     f"sizes = [%r, {size}] : {tv} -> {view}")  # fmt: skip

    window("x", t, "%c", part)
    window("y", t, "%c", part)
    lines.append(f"%tx = pto.tload %px : {part} -> {tile}")
    lines.append(f"%ty = pto.tload %py : {part} -> {tile}")
    count = 0
    for mode in CmpMode:
        window(f"m{count}", "ui8", "%cm", mpart)
        window(f"z{count}", t, "%c", part)
        lines.append(f"%tm{count} = pto.tcmp %tx, %ty {{cmpMode = #pto<cmp {mode.value.lower()}>}}"
                     f" : ({tile}, {tile}) -> {mask}")  # fmt: skip
        lines.append(
            f"%tz{count} = pto.tsel %tm{count}, %tx, %ty : ({mask}, {tile}, {tile}) -> {tile}"
        )
        lines.append(f"pto.tstore %tm{count}, %pm{count} : {mask}, {mpart}")
        lines.append(f"pto.tstore %tz{count}, %pz{count} : {tile}, {part}")
        count += 1
    if dtype not in TCmpSOp.legal_dtypes(target) & TSelSOp.legal_dtypes(target):
        return _module(target, lines, params, t), count
    window(f"m{count}", "ui8", "%cm", mpart)
    window(f"z{count}", t, "%c", part)
    lines.append(
        f"%tm{count} = pto.tcmps %tx, %s {{cmpMode = #pto.cmp<LT>}} : ({tile}, {t}) -> {mask}"
    )
    lines.append(f"%tz{count} = pto.tsels %tm{count}, %ty, %s : ({mask}, {tile}, {t}) -> {tile}")
    lines.append(f"pto.tstore %tm{count}, %pm{count} : {mask}, {mpart}")
    lines.append(f"pto.tstore %tz{count}, %pz{count} : {tile}, {part}")
    count += 1
    return _module(target, lines, params, t), count


def _module(target: TargetProfile, lines: list[str], params: list[str], t: str) -> str:
    params = [*params, "%r: index", "%c: index", f"%s: {t}"]
    consts = [
        "%c0 = arith.constant 0 : index",
        "%c1 = arith.constant 1 : index",
        f"%cm = arith.constant {MASK_BYTES} : index",
    ]
    body = "\n    ".join(consts + lines)
    return (
        f'builtin.module attributes {{pto.target_arch = "{target.name}"}} {{\n'
        f"  func.func @k({', '.join(params)}) {{\n    {body}\n    func.return\n  }}\n}}"
    )


def values(dtype: DType, shape: tuple[int, int], seed: int) -> np.ndarray:
    rng = np.random.default_rng(seed)
    raw = rng.integers(0, 256, size=(shape[0], shape[1] * dtype.bytes), dtype=np.uint8)
    array = raw.view(dtype.numpy).copy()
    if dtype.is_float:
        edges = [np.nan, np.inf, -np.inf, -0.0, 0.0, 2.5, -0.5, 1.0]
        array[0, : len(edges)] = np.array(edges, np.float64).astype(dtype.numpy)
    return array


def scalar(dtype: DType) -> ScalarArg:
    if dtype.is_float:
        return ScalarArg(float(SCALARS[dtype.name]), dtype.name)
    return ScalarArg(3, dtype.name)


@pytest.mark.parametrize(
    ("target", "dtype", "shape"), CASES, ids=[f"{t.name}-{d.name}-{s}" for t, d, s in CASES]
)
def test_compare_select_lowering_keeps_the_bytes(
    target: TargetProfile, dtype: DType, shape: str
) -> None:
    text, count = kernel(target, dtype, shape)
    ctx = context(arith.Arith, scf.Scf)
    module = parse_module(ctx, text, "k.mlir")
    module.verify()
    _, _, vr, vc, _ = SHAPES[shape]
    x = values(dtype, (vr, vc), 1)
    y = values(dtype, (vr, vc), 2)
    y[:, ::3] = x[:, ::3]  # equal pairs
    if dtype.is_int:
        x[1, :5] = 3  # the scalar

    def args() -> list[ArrayArg | ScalarArg]:
        outs: list[ArrayArg | ScalarArg] = []
        for _ in range(count):
            outs.append(ArrayArg(np.full((vr, MASK_BYTES), 0xA5, np.uint8)))
            outs.append(ArrayArg(np.zeros((vr, vc), dtype.numpy)))
        return [ArrayArg(x.copy()), ArrayArg(y.copy()), *outs, ScalarArg(vr, "index"),
                ScalarArg(vc, "index"), scalar(dtype)]  # fmt: skip

    with np.errstate(all="ignore"):
        before = run_function(module, args()).outputs()
        footprints: list[Footprint] = []
        for stage in pipeline_passes():
            if isinstance(stage, LowerTileToVectorPass):
                footprints = [footprint(op, vr, vc) for op in module.walk()
                              if isinstance(op, MaskWritingTileOp | SelectTileOp)]  # fmt: skip
            stage.apply(ctx, module)
        module.verify()
        ops = list(module.walk())
        assert not any(isinstance(op, MaskWritingTileOp | SelectTileOp) for op in ops)
        for vector_op in (VCmpOp, VSelOp, PstsOp, PldsOp):
            assert any(isinstance(op, vector_op) for op in ops), vector_op.name
        pipes = RecordingPipes()
        result = run_function(module, args(), pipes=pipes)
    assert [h.message for h in result.hazards] == []
    check_footprints(module, footprints, pipes)
    masks = 0
    for got, want in zip(result.outputs(), before, strict=True):
        if want is not None:
            assert got is not None and np.array_equal(got.view(np.uint8), want.view(np.uint8))
            masks += want.dtype == np.uint8 and bool(want.any())
    assert masks > 0  # some predicate is true somewhere


@dataclass(frozen=True)
class Footprint:
    """Of one tile op: the UB bytes it may write (dst's valid region) and the buffers it
    may read (every tile it names), as [start, end) ranges."""

    writes: list[tuple[int, int]]
    reads: list[tuple[int, int]]


def _placed(value: SSAValue) -> tuple[int, TileBufType]:
    alloc, tile = value.owner, value.type
    assert isinstance(alloc, AllocTileOp) and isinstance(tile, TileBufType)
    address = alloc.address
    assert address is not None
    return address, tile


def footprint(op: MaskWritingTileOp | SelectTileOp, rows: int, cols: int) -> Footprint:
    """The footprint of `op` (planned DPS form) when the run's valid region is rows x cols."""
    address, dst = _placed(op.outs[0])
    width = MASK_BYTES if isinstance(op, MaskWritingTileOp) else cols * dst.element.bytes
    pitch = dst.shape[1] * dst.element.bytes
    writes = [(address + r * pitch, address + r * pitch + width) for r in range(rows)]
    reads: list[tuple[int, int]] = []
    for value in [*op.ins, *op.outs]:
        if isinstance(value.type, TileBufType):
            start, tile = _placed(value)
            reads.append((start, start + tile.size_bytes))
    return Footprint(writes, reads)


def check_footprints(module: ModuleOp, footprints: list[Footprint], pipes: RecordingPipes) -> None:
    """Each vecscope (one per lowered op, in order) writes only its op's dst valid region and
    reads only the tiles its op names."""
    scopes = [op for op in module.walk() if isinstance(op, VecScopeOp)]
    assert len(scopes) == len(footprints) and pipes.accesses
    for op, access, write in pipes.accesses:
        scope = enclosing_vecscope(op)
        assert scope is not None
        allowed = footprints[scopes.index(scope)]
        ranges = allowed.writes if write else allowed.reads
        inside = any(a <= access.start and access.end <= b for a, b in ranges)
        kind = "writes" if write else "reads"
        assert inside, f"{op.name} {kind} [{access.start}, {access.end})"


def test_what_stays_a_tile_op_says_why() -> None:
    def buf(dtype: str, rows: int, cols: int, extra: str = "") -> str:
        return f"!pto.tile_buf<loc=vec, dtype={dtype}, rows={rows}, cols={cols}{extra}>"

    src, narrow = buf("f32", 4, 64), buf("ui8", 4, 32, ", v_row=4, v_col=8")
    out = buf("ui8", 4, 32)
    mask, wide = buf("ui8", 4, 64), buf("f32", 4, 512)
    text = (
        'builtin.module attributes {pto.target_arch = "a5"} {\n'
        f"  func.func @k(%a: {src}, %n: {narrow}, %m: {mask}, %w: {wide}, %o: {out}) {{\n"
        f"    pto.tcmp ins(%a, %a : {src}, {src}) outs(%n : {narrow})\n"
        f"    pto.tcmps ins(%a, %a : {src}, {src}) outs(%m : {mask})\n"
        f"    pto.tsel ins(%m, %w, %w : {mask}, {wide}, {wide}) outs(%w : {wide})\n"
        f"    pto.tcmp ins(%a, %a : {src}, {src}) outs(%o : {out})\n"
        "    func.return\n  }\n}"
    )
    module = parse_module(context(arith.Arith, scf.Scf), text, "k.mlir")
    module.verify()
    short, tile_form, long_rows, lowered = [
        op for op in module.walk() if isinstance(op, MaskWritingTileOp | SelectTileOp)
    ]
    assert "not a static multiple of 32" in (short.not_lowered() or "")
    assert "src1[0, 0]" in (tile_form.not_lowered() or "")
    assert "reads bytes [56, 72) of a 64-byte mask row" in (long_rows.not_lowered() or "")
    assert lowered.not_lowered() is None
