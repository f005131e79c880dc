"""Tile instructions built from Python: both forms, verifiers, pipes and target tables.

Expected values come from the seeds (000: tgemv.bias, 001: tcolmin) and the manual pages,
written out here independently of `pto_dialect.targets`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TypedDict, Unpack

import pytest
from xdsl.context import Context
from xdsl.dialects import arith, func
from xdsl.dialects.builtin import (
    BoolAttr,
    Builtin,
    IndexType,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.test_value import create_ssa_value

from pto_dialect.attrs import BLayout, Layout, Location, Pipe, SLayout
from pto_dialect.dialect import PTO
from pto_dialect.dtypes import F32, dtype_named, mlir_type
from pto_dialect.memory_types import PartitionTensorViewType, PtrType, TensorViewType
from pto_dialect.ops import tile_elementwise
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_elementwise import (
    TAbsOp,
    TAddOp,
    TDivOp,
    TMaxOp,
    TMinOp,
    TMulOp,
    TSubOp,
)
from pto_dialect.ops.tile_matrix import (
    MatmulTileOp,
    TGemvAccOp,
    TGemvBiasOp,
    TGemvOp,
    TMatmulAccOp,
    TMatmulBiasOp,
    TMatmulOp,
)
from pto_dialect.ops.tile_memory import (
    AllocTileOp,
    MakeTensorViewOp,
    PartitionViewOp,
    TLoadOp,
    TStoreOp,
)
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.ops.tile_reduce import TColMaxOp, TColMinOp, TColSumOp
from pto_dialect.targets import CPU
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileType, TileTypeBase

# ---- helpers ------------------------------------------------------------------------------


def tile(
    loc: Location,
    dtype: str,
    rows: int,
    cols: int,
    *,
    buf: bool = False,
    v_row: int | None = None,
    v_col: int | None = None,
    blayout: BLayout = BLayout.ROW_MAJOR,
    slayout: SLayout = SLayout.NONE_BOX,
    fractal: int = 512,
) -> TileTypeBase:
    cls = TileBufType if buf else TileType
    return cls(
        loc,
        mlir_type(dtype_named(dtype)),
        rows,
        cols,
        v_row,
        v_col,
        blayout=blayout,
        slayout=slayout,
        fractal=fractal,
    )


class TileKw(TypedDict, total=False):
    """The keyword arguments of `tile`."""

    buf: bool
    v_row: int | None
    v_col: int | None
    blayout: BLayout
    slayout: SLayout
    fractal: int


def vec(dtype: str = "f32", rows: int = 16, cols: int = 16, **kw: Unpack[TileKw]) -> TileTypeBase:
    return tile(Location.VEC, dtype, rows, cols, **kw)


def left(dtype: str = "f16", rows: int = 16, cols: int = 32, **kw: Unpack[TileKw]) -> TileTypeBase:
    kw.setdefault("blayout", BLayout.COL_MAJOR)
    kw.setdefault("slayout", SLayout.ROW_MAJOR)
    return tile(Location.LEFT, dtype, rows, cols, **kw)


def right(dtype: str = "f16", rows: int = 32, cols: int = 16, **kw: Unpack[TileKw]) -> TileTypeBase:
    kw.setdefault("blayout", BLayout.ROW_MAJOR)
    kw.setdefault("slayout", SLayout.COL_MAJOR)
    return tile(Location.RIGHT, dtype, rows, cols, **kw)


def acc(dtype: str = "f32", rows: int = 16, cols: int = 16, **kw: Unpack[TileKw]) -> TileTypeBase:
    kw.setdefault("blayout", BLayout.COL_MAJOR)
    kw.setdefault("slayout", SLayout.ROW_MAJOR)
    kw.setdefault("fractal", 1024)
    return tile(Location.ACC, dtype, rows, cols, **kw)


def bias(dtype: str = "f32", cols: int = 16, rows: int = 1, **kw: Unpack[TileKw]) -> TileTypeBase:
    return tile(Location.BIAS, dtype, rows, cols, **kw)


def values(*types: Attribute) -> list[SSAValue]:
    return [create_ssa_value(t) for t in types]


def as_buf(t: TileTypeBase) -> TileBufType:
    return TileBufType.new(t.parameters)


def ssa_op(cls: type[TileOp], ins: Sequence[Attribute], res: Attribute) -> TileOp:
    return cls(values(*ins), result_type=res)


def dps_op(cls: type[TileOp], ins: Sequence[Attribute], out: Attribute) -> TileOp:
    bufs = [as_buf(t) if isinstance(t, TileTypeBase) else t for t in ins]
    dst = as_buf(out) if isinstance(out, TileTypeBase) else out
    return cls(values(*bufs), outs=create_ssa_value(dst))


def on_target(op: Operation, target: str | None) -> Operation:
    """Puts `op` in a module of `target` so that verification sees the target."""
    if target is not None:
        ModuleOp([op], attributes={"pto.target_arch": StringAttr(target)})
    return op


def verify_error(op: Operation, target: str | None = None) -> str:
    with pytest.raises(VerifyException) as info:
        on_target(op, target).verify()
    return str(info.value)


def roundtrip(text: str) -> str:
    ctx = Context()
    for dialect in (Builtin, func.Func, arith.Arith, PTO):
        ctx.load_dialect(dialect)
    module = Parser(ctx, text).parse_module()
    module.verify()
    return str(module)


# ---- elementwise --------------------------------------------------------------------------

BINARY = [TAddOp, TSubOp, TMulOp, TDivOp, TMaxOp, TMinOp]


@pytest.mark.parametrize("cls", tile_elementwise.OPS, ids=lambda c: c.name)
def test_elementwise_both_forms(cls: type[TileOp]) -> None:
    dtype = "f32" if F32 in cls.legal_dtypes(CPU) else "i32"
    ins = [vec(dtype)] * cls.NUM_INS
    ssa = ssa_op(cls, ins, vec(dtype))
    ssa.verify()
    assert not ssa.is_dps and ssa.res[0].type == vec(dtype)
    dps = dps_op(cls, ins, vec(dtype))
    dps.verify()
    assert dps.is_dps and dps.dst is dps.outs[0]
    assert ssa.pipe() is Pipe.V and dps.pipe() is Pipe.V


# (op, target) -> legal element types, from the elementwise-tile-tile pages as pto-isa's
# implementations correct them (docs/decisions.md, "Element types"): its TAddCheck refuses
# the page's A2/A3 bf16 and A5 fp8 tadd; on A5 its TAdd/TSub/TMul/TDiv/TMax/TMin also take
# 64-bit integers (Int64Binary, Int64Div) and TSub/TMul/TMax/TMin bf16.
ELEMENTWISE_TABLE = {
    ("tadd", "a2a3"): "f32 f16 i32 i16",
    ("tadd", "a5"): "f32 f16 bf16 i32 ui32 i16 ui16 i8 ui8 i64 ui64",
    ("tsub", "a2a3"): "i32 i16 f16 f32",
    ("tsub", "a5"): "ui32 i32 ui16 i16 ui8 i8 f32 f16 bf16 i64 ui64",
    ("tmul", "a2a3"): "i32 i16 f16 f32",
    ("tmul", "a5"): "i32 ui32 f32 i16 ui16 f16 bf16 i64 ui64",
    ("tdiv", "a2a3"): "f16 f32",
    ("tdiv", "a5"): "i32 ui32 f32 i16 ui16 f16 i64 ui64",
    ("tmax", "a2a3"): "i32 i16 f16 f32",
    ("tmax", "a5"): "ui32 i32 ui16 i16 ui8 i8 f32 f16 bf16 i64 ui64",
    ("tmin", "a2a3"): "i32 i16 f16 f32",
    ("tmin", "a5"): "ui32 i32 ui16 i16 ui8 i8 f32 f16 bf16 i64 ui64",
    ("tabs", "a2a3"): "f32 f16",
    ("tabs", "a5"): "f32 f16 i32 i16 i8",  # tabs.md: A5 adds int32, int16, int8
    ("tabs", "cpu"): "f32 f16 bf16 i32 i16 i8",  # tabs.md: the CPU simulator's list
    # tneg.md lists none: TNEG is TMULS(src, -1), so tmuls.md's lists
    ("tneg", "a2a3"): "i32 i16 f16 f32",
    ("tneg", "a5"): "ui16 i16 ui32 i32 f16 f32 bf16",
    # tand/tor/tnot A2A3: the pages list 1- and 2-byte (tnot: 2-byte) integers; pto-isa's
    # a2a3 TAnd/TOr/TNOT take 4-byte (tnot: also 1-byte) ones as 16-bit lanes (decisions.md)
    ("tand", "a2a3"): "i8 ui8 i16 ui16 i32 ui32",
    ("tand", "a5"): "i8 ui8 i16 ui16 i32 ui32",
    ("tor", "a2a3"): "i8 ui8 i16 ui16 i32 ui32",
    ("tor", "a5"): "i8 ui8 i16 ui16 i32 ui32",
    ("txor", "a2a3"): "i8 ui8 i16 ui16 i32 ui32",
    ("txor", "a5"): "i8 ui8 i16 ui16 i32 ui32",
    ("tnot", "a2a3"): "i8 ui8 i16 ui16 i32 ui32",
    ("tnot", "a5"): "ui32 i32 ui16 i16 ui8 i8",
    ("tshl", "a2a3"): "ui8 i8 ui16 i16 ui32 i32",
    ("tshl", "a5"): "ui8 i8 ui16 i16 ui32 i32 i64 ui64",
    ("tshr", "a2a3"): "ui8 i8 ui16 i16 ui32 i32",
    ("tshr", "a5"): "ui8 i8 ui16 i16 ui32 i32 i64 ui64",
}
ALL_NAMES = [
    *("f32", "f16", "bf16", "f8E4M3FN", "f8E5M2"),
    *("i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"),
]
ELEMENTWISE_OPS = {c.name.removeprefix("pto."): c for c in tile_elementwise.OPS}


@pytest.mark.parametrize(("op", "target"), sorted(ELEMENTWISE_TABLE))
def test_elementwise_dtype_tables(op: str, target: str) -> None:
    cls = ELEMENTWISE_OPS[op]
    legal = set(ELEMENTWISE_TABLE[op, target].split())
    for name in ALL_NAMES:
        t = vec(name, 16, 32)  # 32 columns: every dtype's rows are whole 32-byte blocks
        built = ssa_op(cls, [t] * cls.NUM_INS, t)
        if name in legal:
            on_target(built, target).verify()
        else:
            message = verify_error(built, target)
            assert f"dtype {name} is not supported on target {target}" in message


def test_elementwise_rules() -> None:
    assert (
        verify_error(ssa_op(TSubOp, [vec(), vec("f16")], vec()))
        == "pto.tsub src1 dtype f16 must equal the dst dtype f32"
    )
    mat = tile(Location.MAT, "f32", 16, 16)
    assert verify_error(ssa_op(TMulOp, [mat, vec()], vec())) == (
        "pto.tmul src0 must be in loc=vec, got loc=mat"
    )
    col = vec(blayout=BLayout.COL_MAJOR)
    assert "must be row-major" in verify_error(ssa_op(TMaxOp, [vec(), col], vec()))
    # a row-major tile with boxes is row-major: the pages ask for isRowMajor only
    boxed = vec(slayout=SLayout.ROW_MAJOR)
    ssa_op(TMinOp, [boxed, boxed], boxed).verify()
    # valid regions: equal for tsub/tabs, smaller sources allowed for tadd, `?` deferred
    small = vec(v_row=8)
    assert verify_error(ssa_op(TSubOp, [small, vec()], vec())) == (
        "pto.tsub src0 valid shape 8x16 must equal the dst valid shape 16x16"
    )
    ssa_op(TAddOp, [small, vec()], vec()).verify()
    ssa_op(TDivOp, [vec(v_row=DYNAMIC), vec()], vec()).verify()
    assert "src valid shape 8x16" in verify_error(ssa_op(TAbsOp, [small], vec()))


def test_elementwise_form_errors() -> None:
    mixed = TAddOp(values(vec(), vec()), outs=create_ssa_value(as_buf(vec())))
    assert "in DPS form takes !pto.tile_buf operands" in verify_error(mixed)
    ssa_bufs = TAddOp(values(as_buf(vec()), as_buf(vec())), result_type=as_buf(vec()))
    assert "in SSA form takes !pto.tile operands" in verify_error(ssa_bufs)
    no_dst = TAddOp(values(vec(), vec()))
    assert "needs exactly one destination" in verify_error(no_dst)
    assert "expects 2 source operand(s), got 1" in verify_error(TAddOp(values(vec()), None, vec()))


# ---- column reductions --------------------------------------------------------------------

ROW = vec(rows=1)

COL_REDUCE_TABLE = {
    # seed 001 (tcolmin); tcolmax.md / tcolsum.md for the others
    "a2a3": "f16 f32 i16 i32",
    "a5": "f16 f32 i8 ui8 i16 ui16 i32 ui32 bf16",
}


@pytest.mark.parametrize("cls", [TColMinOp, TColMaxOp, TColSumOp])
def test_col_reduce_both_forms(cls: type[TileOp]) -> None:
    ssa = ssa_op(cls, [vec()], ROW)
    ssa.verify()
    dps = dps_op(cls, [vec()], ROW)
    dps.verify()
    assert ssa.pipe() is Pipe.V and dps.pipe() is Pipe.V


@pytest.mark.parametrize("cls", [TColMinOp, TColMaxOp, TColSumOp])
@pytest.mark.parametrize("target", ["a2a3", "a5"])
def test_col_reduce_dtype_tables(cls: type[TileOp], target: str) -> None:
    legal = set(COL_REDUCE_TABLE[target].split())
    for name in ALL_NAMES:
        built = ssa_op(cls, [vec(name, 16, 32)], vec(name, 1, 32))
        if name in legal:
            on_target(built, target).verify()
        else:
            assert "is not supported on target" in verify_error(built, target)


def test_col_reduce_rules() -> None:
    assert verify_error(ssa_op(TColMinOp, [vec()], vec("f16", rows=1))) == (
        "pto.tcolmin dst dtype f16 must equal the src dtype f32"
    )
    assert verify_error(ssa_op(TColMaxOp, [vec()], vec(rows=1, v_col=8))) == (
        "pto.tcolmax dst valid cols 8 must equal the src valid cols 16"
    )
    ssa_op(TColMaxOp, [vec(v_col=DYNAMIC)], vec(rows=1, v_col=8)).verify()
    boxed = vec(slayout=SLayout.ROW_MAJOR)
    assert verify_error(ssa_op(TColMinOp, [boxed], ROW)) == (
        "pto.tcolmin src must be ND (blayout=row_major, slayout=none_box), got "
        "blayout=row_major, slayout=row_major"
    )


def test_tcolsum_tmp_and_is_binary() -> None:
    binary: dict[str, Attribute] = {"isBinary": BoolAttr.from_bool(True)}
    with_tmp = TColSumOp(values(vec(), vec()), None, ROW, binary)
    with_tmp.verify()
    assert isinstance(with_tmp, TColSumOp) and with_tmp.binary
    no_tmp = TColSumOp(values(vec()), None, ROW, binary)  # PTOAS level 2: tmp materialised
    no_tmp.verify()
    assert no_tmp.not_lowered() is not None
    flag: dict[str, Attribute] = {"isBinary": BoolAttr.from_bool(False)}
    sequential = TColSumOp(values(vec()), None, ROW, flag)
    sequential.verify()
    assert isinstance(sequential, TColSumOp) and not sequential.binary
    bad_tmp = TColSumOp(values(vec(), vec("f16")), None, ROW)
    assert verify_error(bad_tmp) == "pto.tcolsum tmp dtype f16 must equal the src dtype f32"
    three = TColSumOp(values(vec(), vec(), vec()), None, ROW)
    assert "expects src and an optional tmp, got 3 sources" in verify_error(three)


def test_tcolsum_dps_text_form() -> None:
    s = "!pto.tile_buf<loc=vec, dtype=f32, rows=32, cols=32>"
    d = "!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols=32>"
    text = (
        f"func.func @f(%s: {s}, %d: {d}) {{\n"
        f"  pto.tcolsum ins(%s, %s {{isBinary = false}} : {s}, {s}) outs(%d : {d})\n"
        "  func.return\n}"
    )
    printed = roundtrip(text)
    assert "pto.tcolsum ins(%s, %s {isBinary = false} : !pto.tile_buf<" in printed


# ---- matrix -------------------------------------------------------------------------------

A, B, C, BIAS = left(), right(), acc(), bias()
A_ROW, C_ROW = left(v_row=1), acc(v_row=1)

MATMUL_CASES: list[tuple[type[TileOp], list[TileTypeBase], TileTypeBase]] = [
    (TMatmulOp, [A, B], C),
    (TMatmulAccOp, [C, A, B], C),
    (TMatmulBiasOp, [A, B, BIAS], C),
    (TGemvOp, [A_ROW, B], C_ROW),
    (TGemvAccOp, [C_ROW, A_ROW, B], C_ROW),
    (TGemvBiasOp, [A_ROW, B, BIAS], C_ROW),
]


@pytest.mark.parametrize(("cls", "ins", "res"), MATMUL_CASES)
def test_matmul_both_forms(cls: type[TileOp], ins: list[TileTypeBase], res: TileTypeBase) -> None:
    for target in (None, "a2a3", "a5", "cpu"):
        ssa_op_ = ssa_op(cls, ins, res)
        on_target(ssa_op_, target).verify()
        dps = dps_op(cls, ins, res)
        on_target(dps, target).verify()
        assert ssa_op_.pipe() is Pipe.M and dps.pipe() is Pipe.M


def test_matmul_family_flags() -> None:
    flags = {
        c.name: (c.ACC_INPUT, c.BIAS_INPUT, c.GEMV, c.NUM_INS)
        for c, _, _ in MATMUL_CASES
        if issubclass(c, MatmulTileOp)
    }
    assert flags == {
        "pto.tmatmul": (False, False, False, 2),
        "pto.tmatmul.acc": (True, False, False, 3),
        "pto.tmatmul.bias": (False, True, False, 3),
        "pto.tgemv": (False, False, True, 2),
        "pto.tgemv.acc": (True, False, True, 3),
        "pto.tgemv.bias": (False, True, True, 3),
    }


def test_seed_000_example_bias_dtype() -> None:
    # seed 000's example: TileLeft<half, 1, 16>, TileRight<half, 16, 16>, a half Bias and
    # TileAcc<float, 1, 16>; its own rule says the bias dtype must equal the accumulator's.
    a = left(rows=16, cols=16, v_row=1)
    b = right(rows=16, cols=16)
    c = acc(rows=16, cols=16, v_row=1)
    op = ssa_op(TGemvBiasOp, [a, b, bias("f16")], c)
    assert verify_error(op) == "pto.tgemv.bias bias dtype f16 must equal the accumulator dtype f32"
    ssa_op(TGemvBiasOp, [a, b, bias("f32")], c).verify()


def test_matmul_shape_rules() -> None:
    assert verify_error(ssa_op(TMatmulOp, [left(rows=32), B], C)) == (
        "pto.tmatmul a rows 32 must equal the dst rows 16 (TileLeft::Rows == TileRes::Rows)"
    )
    assert verify_error(ssa_op(TMatmulOp, [left(cols=16), B], C)) == (
        "pto.tmatmul a cols 16 must equal the b rows 32 (TileLeft::Cols == TileRight::Rows)"
    )
    assert verify_error(ssa_op(TMatmulOp, [A, right(cols=32)], C)) == (
        "pto.tmatmul b cols 32 must equal the dst cols 16 (TileRight::Cols == TileRes::Cols)"
    )
    assert verify_error(ssa_op(TMatmulBiasOp, [A, B, bias(rows=2)], C)) == (
        "pto.tmatmul.bias bias must be a single row, got rows=2"
    )


def test_matmul_triples_per_target() -> None:
    # A2A3 triples (seed 000): (i32,i8,i8), (f32,f16,f16), (f32,f32,f32), (f32,bf16,bf16)
    a2a3 = {("i32", "i8"), ("f32", "f16"), ("f32", "f32"), ("f32", "bf16")}
    a5 = a2a3 | {("f32", "f8E4M3FN"), ("f32", "f8E5M2")}
    for target, legal in (("a2a3", a2a3), ("a5", a5)):
        for c_name in ("i32", "f32"):
            for ab in ("i8", "f16", "bf16", "f32", "f8E4M3FN", "f8E5M2"):
                # 32 columns keep every element type's boxes whole
                op = ssa_op(
                    TMatmulOp, [left(ab, cols=32), right(ab, cols=32)], acc(c_name, cols=32)
                )
                if (c_name, ab) in legal:
                    on_target(op, target).verify()
                else:
                    assert "is not supported on target" in verify_error(op, target)
    mixed_fp8 = ssa_op(
        TMatmulOp, [left("f8E4M3FN", cols=32), right("f8E5M2", cols=32)], acc(cols=32)
    )
    on_target(mixed_fp8, "a5").verify()


def test_matmul_layouts_only_on_a5() -> None:
    zz_left = left(blayout=BLayout.ROW_MAJOR)
    op = ssa_op(TMatmulOp, [zz_left, B], C)
    on_target(op, "a2a3").verify()
    assert verify_error(ssa_op(TMatmulOp, [zz_left, B], C), "a5") == (
        "pto.tmatmul a (loc=left) needs blayout=col_major, slayout=row_major on target a5, "
        "got blayout=row_major, slayout=row_major"
    )


def test_gemv_m_and_sizes() -> None:
    assert verify_error(ssa_op(TGemvOp, [A, B], C)) == (
        "pto.tgemv a must have one valid row (m must be 1), got v_row=16"
    )
    ssa_op(TGemvOp, [left(v_row=DYNAMIC), B], C).verify()  # runtime check
    big = ssa_op(TGemvOp, [left(cols=4096, v_row=1), right(rows=4096)], C)
    assert verify_error(big) == "pto.tgemv k = 4096 (b v_row) must lie in [1, 4095]"
    n_dynamic = ssa_op(TMatmulOp, [A, right(v_col=DYNAMIC)], C)
    n_dynamic.verify()


def test_matmul_acc_input_rules() -> None:
    assert verify_error(ssa_op(TMatmulAccOp, [acc("i32"), A, B], C)) == (
        "pto.tmatmul.acc acc_in dtype i32 must equal the accumulator dtype f32"
    )
    assert verify_error(ssa_op(TMatmulAccOp, [vec(), A, B], C)) == (
        "pto.tmatmul.acc acc_in must be in loc=acc, got loc=vec"
    )


# ---- memory: views and allocation ---------------------------------------------------------


def test_make_tensor_view_and_partition_view() -> None:
    ptr, m, n = values(PtrType(mlir_type(dtype_named("f32"))), IndexType(), IndexType())
    tv_type = TensorViewType([DYNAMIC, DYNAMIC], mlir_type(dtype_named("f32")))
    tv = MakeTensorViewOp(ptr, [m, n], [n, m], tv_type, Layout.ND)
    tv.verify()
    assert tv.layout is not None and tv.pipe() is Pipe.S
    pv_type = PartitionTensorViewType([16, 16], mlir_type(dtype_named("f32")))
    c16 = arith.ConstantOp(IntegerAttr(16, IndexType()))
    pv = PartitionViewOp(tv.result, [m, n], [c16.result, c16.result], pv_type)
    pv.verify()
    wrong = PartitionViewOp(
        tv.result, [m, n], [c16.result, n], PartitionTensorViewType([16, 32], pv_type.element_type)
    )
    wrong.verify()  # n is not a constant: checked at run time
    mismatch = PartitionViewOp(
        tv.result,
        [m, n],
        [c16.result, c16.result],
        PartitionTensorViewType([16, 32], tv_type.element_type),
    )
    assert verify_error(mismatch) == (
        "pto.partition_view sizes[1] is the constant 16 but the result dim 1 is 32"
    )
    short = MakeTensorViewOp(ptr, [m], [n, m], tv_type)
    assert "has 1 shape operand(s) but the view rank is 2" in verify_error(short)
    f16_ptr = create_ssa_value(PtrType(mlir_type(dtype_named("f16"))))
    assert "ptr element type f16 must equal the view element type f32" in verify_error(
        MakeTensorViewOp(f16_ptr, [m, n], [n, m], tv_type)
    )
    untyped = MakeTensorViewOp(create_ssa_value(PtrType()), [m, n], [n, m], tv_type)
    untyped.verify()


def test_alloc_tile_valid_operands() -> None:
    r, c = values(IndexType(), IndexType())
    addr = create_ssa_value(i64)
    static = as_buf(vec())
    AllocTileOp(static).verify()
    AllocTileOp(static, addr=addr).verify()
    dynamic = as_buf(vec(v_row=DYNAMIC, v_col=DYNAMIC))
    AllocTileOp(dynamic, valid_row=r, valid_col=c).verify()
    assert verify_error(AllocTileOp(dynamic, valid_row=r)) == (
        "pto.alloc_tile needs a valid_col operand: the type has v_col=?"
    )
    assert verify_error(AllocTileOp(static, valid_row=r)) == (
        "pto.alloc_tile takes a valid_row operand only when the type has v_row=?, got v_row=16"
    )


def test_alloc_tile_capacity_per_target() -> None:
    # 224 KiB: above the 192 KiB A2/A3 UB, within the A5 UB
    big = as_buf(vec("f32", 224, 256))
    on_target(AllocTileOp(big), "a5").verify()
    assert "exceeds the 196608-byte loc=vec buffer of target a2a3" in verify_error(
        AllocTileOp(big), "a2a3"
    )


# ---- memory: transfers --------------------------------------------------------------------

PV = PartitionTensorViewType([16, 16], mlir_type(dtype_named("f32")))


def test_tload_both_forms_and_pipe() -> None:
    ssa = TLoadOp(values(PV), result_type=vec())
    ssa.verify()
    dps = TLoadOp(values(PV), outs=create_ssa_value(as_buf(vec())))
    dps.verify()
    assert ssa.pipe() is Pipe.MTE2 and dps.pipe() is Pipe.MTE2
    to_mat = TLoadOp(values(PV), result_type=tile(Location.MAT, "f32", 16, 16))
    to_mat.verify()
    # same element size is enough (sizeof(tile) == sizeof(GM)): i32 bits from an f32 view
    TLoadOp(values(PV), result_type=vec("i32")).verify()
    assert "element size 2 bytes (f16) must equal the src element size 4 bytes" in verify_error(
        TLoadOp(values(PV), result_type=vec("f16"))
    )
    assert "dst must be in loc=vec or loc=mat, got loc=acc" in verify_error(
        TLoadOp(values(PV), result_type=acc())
    )


def test_tstore_both_forms_and_pipes() -> None:
    dps = TStoreOp(values(as_buf(vec())), outs=create_ssa_value(PV))
    dps.verify()
    assert dps.is_dps and dps.view is dps.outs[0] and dps.pipe() is Pipe.MTE3
    ssa = TStoreOp(values(vec(), PV))
    ssa.verify()
    assert not ssa.is_dps and ssa.view is ssa.ins[1] and ssa.pipe() is Pipe.MTE3
    half_view = PartitionTensorViewType([16, 16], mlir_type(dtype_named("f16")))
    from_acc = TStoreOp(values(acc(), half_view))
    from_acc.verify()
    assert from_acc.pipe() is Pipe.FIX
    mat = tile(Location.MAT, "f32", 16, 16)
    on_target(TStoreOp(values(mat, PV)), "a2a3").verify()
    on_target(TStoreOp(values(mat, PV)), "cpu").verify()  # the simulator stores any tile
    assert verify_error(TStoreOp(values(mat, PV)), "a5") == (
        "pto.tstore from loc=mat is not supported on target a5"
    )
    assert verify_error(TStoreOp(values(as_buf(vec()), PV))) == (
        "pto.tstore in SSA form takes a !pto.tile, not a !pto.tile_buf"
    )


TMOV_PAIRS = [
    (tile(Location.MAT, "f16", 16, 32, blayout=BLayout.COL_MAJOR, slayout=SLayout.ROW_MAJOR),
     left(), Pipe.MTE1),
    (tile(Location.MAT, "f16", 32, 16, slayout=SLayout.COL_MAJOR), right(), Pipe.MTE1),
    (tile(Location.MAT, "f16", 1, 32), bias(cols=32), Pipe.MTE1),
    # pto-isa event.hpp: TMOV_M2S -> PIPE_FIX (docs/decisions.md)
    (tile(Location.MAT, "ui64", 1, 16), tile(Location.SCALING, "ui64", 1, 16), Pipe.FIX),
    (vec(), vec(), Pipe.V),
    (vec("f16"), tile(Location.MAT, "f16", 16, 16), Pipe.MTE3),
    (acc(), tile(Location.MAT, "f16", 16, 16), Pipe.FIX),
    (acc(), vec("bf16"), Pipe.FIX),
]  # fmt: skip


@pytest.mark.parametrize(("src", "dst", "pipe"), TMOV_PAIRS)
def test_tmov_pairs_and_pipes(src: TileTypeBase, dst: TileTypeBase, pipe: Pipe) -> None:
    ssa = ssa_op(TMovOp, [src], dst)
    ssa.verify()
    assert ssa.pipe() is pipe
    dps = dps_op(TMovOp, [src], dst)
    dps.verify()
    assert dps.pipe() is pipe


def test_tmov_target_pairs() -> None:
    # Acc -> Vec and Vec -> Mat are A5 moves (tmov.md)
    for src, dst in ((acc(), vec()), (vec("f16"), tile(Location.MAT, "f16", 16, 16))):
        on_target(ssa_op(TMovOp, [src], dst), "a5").verify()
        assert "is not supported on target a2a3" in verify_error(ssa_op(TMovOp, [src], dst), "a2a3")
    # bf16 -> f32 bias moves are A5 only
    move = ssa_op(TMovOp, [tile(Location.MAT, "bf16", 1, 32)], bias(cols=32))
    on_target(move, "a5").verify()
    assert "src dtype bf16 is not supported for mat->bias moves on target a2a3" in verify_error(
        ssa_op(TMovOp, [tile(Location.MAT, "bf16", 1, 32)], bias(cols=32)), "a2a3"
    )
    assert "from loc=vec to loc=acc is not a legal move" in verify_error(
        ssa_op(TMovOp, [vec()], acc())
    )


def test_text_roundtrip_of_built_ops() -> None:
    op = ssa_op(TGemvBiasOp, [A_ROW, B, BIAS], C_ROW)
    block_args = ", ".join(f"%a{i}: {v.type}" for i, v in enumerate(op.ins))
    text = (
        f"func.func @f({block_args}) {{\n"
        f"  %r = pto.tgemv.bias %a0, %a1, %a2 : ({', '.join(str(v.type) for v in op.ins)}) "
        f"-> {C_ROW}\n  func.return\n}}"
    )
    printed = roundtrip(text)
    assert "%r = pto.tgemv.bias %a0, %a1, %a2 : (!pto.tile<loc=left" in printed
    assert roundtrip(printed) == printed


def test_an_inferred_partition_view_over_undefined_sizes_is_a_parse_error() -> None:
    """The result type is inferred from constant sizes; a size the parser has not seen
    defined (found by the fuzzer) is not a constant, and the parser then reports it."""
    text = (
        "func.func @f(%tv: !pto.tensor_view<?x?xf32>) {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %pv = pto.partition_view %tv, offsets = [%c0, %c0], sizes = [%c0, %n]"
        " : !pto.tensor_view<?x?xf32>\n  func.return\n}"
    )
    with pytest.raises(ParseError, match=r"values used but not defined: \[%n\]"):
        roundtrip(text)
