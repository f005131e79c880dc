"""Synchronisation and DMA ops: building from Python, pipes, parsing edge cases, verifier rules."""

import re
from collections.abc import Sequence

import pytest
from support import context
from xdsl.dialects import arith
from xdsl.dialects.builtin import (
    IndexType,
    IntegerType,
    ModuleOp,
    Signedness,
    f16,
    f32,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Operation, SSAValue
from xdsl.parser import Parser
from xdsl.utils.exceptions import ParseError, VerifyException
from xdsl.utils.test_value import create_ssa_value

from pto_dialect.attrs import Event, Pipe
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.dma import (
    CopyGmToUbufOp,
    CopyUbufToGmOp,
    SetLoopSizeOutToUbOp,
    SetLoopSizeUbToOutOp,
)
from pto_dialect.ops.sync import BarrierOp, GetBufOp, RlsBufOp, SetFlagOp, WaitFlagOp

GM_F32 = PtrType(f32, MemorySpace.GM)
UB_F32 = PtrType(f32, MemorySpace.UB)
UNTYPED = PtrType()


def parse_module(text: str) -> ModuleOp:
    return Parser(context(arith.Arith), text).parse_module()


def only_op(module: ModuleOp) -> Operation:
    ops = [op for op in module.walk() if op.dialect_name() == "pto"]
    assert len(ops) == 1
    return ops[0]


def values(*types: Attribute) -> list[SSAValue]:
    return [create_ssa_value(t) for t in types]


# ---- set_flag / wait_flag ---------------------------------------------------------------


def test_set_flag_runs_on_its_source_pipe_and_wait_flag_on_its_destination():
    set_flag = SetFlagOp(Pipe.MTE2, Pipe.V, Event.EVENT_ID0)
    wait_flag = WaitFlagOp(Pipe.MTE2, Pipe.V, Event.EVENT_ID0)
    set_flag.verify()
    wait_flag.verify()
    assert set_flag.pipe() is Pipe.MTE2
    assert wait_flag.pipe() is Pipe.V
    assert (wait_flag.src, wait_flag.dst, wait_flag.event.data) == (
        Pipe.MTE2,
        Pipe.V,
        Event.EVENT_ID0,
    )


@pytest.mark.parametrize(
    "items",
    [
        '"PIPE_V", "PIPE_MTE3", "EVENT_ID5"',
        "<PIPE_V>, <PIPE_MTE3>, <EVENT_ID5>",
        "#pto.pipe<PIPE_V>, #pto.pipe<PIPE_MTE3>, #pto.event<EVENT_ID5>",
        '<PIPE_V>, "PIPE_MTE3", #pto.event<EVENT_ID5>',
    ],
)
def test_flag_item_spellings_parse_to_the_same_op(items: str):
    op = only_op(parse_module(f"pto.set_flag[{items}]"))
    assert isinstance(op, SetFlagOp)
    assert (op.src, op.dst, op.event.data) == (Pipe.V, Pipe.MTE3, Event.EVENT_ID5)
    assert str(op) == "pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID5>]"


def test_flag_with_an_event_in_a_pipe_position_does_not_parse():
    with pytest.raises(ParseError, match=re.escape("EVENT_ID0")):
        parse_module('pto.wait_flag["EVENT_ID0", "PIPE_V", "EVENT_ID0"]')


@pytest.mark.parametrize("op_class", [SetFlagOp, WaitFlagOp])
def test_flag_between_a_pipe_and_itself_is_rejected(op_class: type[SetFlagOp | WaitFlagOp]):
    with pytest.raises(VerifyException, match=re.escape("source pipe PIPE_MTE3 must differ")):
        op_class(Pipe.MTE3, Pipe.MTE3, Event.EVENT_ID2).verify()


@pytest.mark.parametrize(("src", "dst"), [(Pipe.ALL, Pipe.V), (Pipe.MTE2, Pipe.ALL)])
def test_flag_with_pipe_all_is_rejected(src: Pipe, dst: Pipe):
    with pytest.raises(VerifyException, match=re.escape("not PIPE_ALL")):
        SetFlagOp(src, dst, Event.EVENT_ID0).verify()


# ---- get_buf / rls_buf ------------------------------------------------------------------


def test_get_buf_with_literals_runs_on_its_pipe():
    op = GetBufOp(Pipe.MTE2, 0, 0)
    op.verify()
    assert op.pipe() is Pipe.MTE2
    assert op.buf_id_value == 0
    assert op.mode_value == 0
    assert str(op) == 'pto.get_buf "PIPE_MTE2", 0, 0'


def test_rls_buf_with_ssa_operands_keeps_them():
    bufid, mode = values(i64, i64)
    op = RlsBufOp(Pipe.V, bufid, mode)
    op.verify()
    assert op.pipe() is Pipe.V
    assert op.buf_id_value is bufid
    assert op.mode_value is mode
    assert op.static_buf_id is None
    assert op.static_mode is None


def test_get_buf_mode_defaults_to_literal_zero():
    op = only_op(parse_module('pto.get_buf "PIPE_MTE3", 7'))
    assert isinstance(op, GetBufOp)
    assert (op.buf_id_value, op.mode_value) == (7, 0)


def test_get_buf_ssa_form_parses_and_prints_the_seed_004_spelling():
    text = (
        "func.func @f(%bufid: i64, %c0: i64) {\n"
        '  pto.get_buf "PIPE_MTE2", %bufid, %c0 : i64, i64\n'
        "  func.return\n"
        "}"
    )
    op = only_op(parse_module(text))
    assert isinstance(op, GetBufOp)
    assert isinstance(op.buf_id_value, SSAValue)
    assert isinstance(op.mode_value, SSAValue)
    assert str(op) == 'pto.get_buf "PIPE_MTE2", %bufid, %c0 : i64, i64'


@pytest.mark.parametrize("buf_id", [0, 31])
def test_buf_id_range_bounds_are_accepted(buf_id: int):
    GetBufOp(Pipe.V, buf_id).verify()


@pytest.mark.parametrize(
    ("buf_id", "mode", "message"),
    [
        (32, 0, "buf_id 32 must be in [0, 31]"),
        (-1, 0, "buf_id -1 must not be negative"),
        (0, -3, "mode -3 must not be negative"),
    ],
)
def test_buf_literal_rules(buf_id: int, mode: int, message: str):
    with pytest.raises(VerifyException, match=re.escape(message)):
        RlsBufOp(Pipe.MTE2, buf_id, mode).verify()


def test_buf_operands_must_be_i64():
    bufid, mode = values(i32, i64)
    with pytest.raises(VerifyException, match=re.escape("pto.get_buf buf_id must be i64, got i32")):
        GetBufOp(Pipe.V, bufid, mode).verify()
    bufid, mode = values(i64, IndexType())
    with pytest.raises(VerifyException, match=re.escape("pto.get_buf mode must be i64, got index")):
        GetBufOp(Pipe.V, bufid, mode).verify()


def test_buf_on_pipe_all_is_rejected():
    with pytest.raises(
        VerifyException, match=re.escape("pto.rls_buf needs a single pipe, not PIPE_ALL")
    ):
        RlsBufOp(Pipe.ALL, 0).verify()


def test_buf_without_buf_id_does_not_parse():
    with pytest.raises(ParseError, match=re.escape("pto.get_buf expects a buf_id after the pipe")):
        parse_module('pto.get_buf "PIPE_V"')


def test_buf_with_missing_operand_types_does_not_parse():
    text = (
        'func.func @f(%b: i64, %m: i64) {\n  pto.get_buf "PIPE_V", %b, %m : i64\n  func.return\n}'
    )
    with pytest.raises(ParseError, match=re.escape("expected 2 types, got 1")):
        parse_module(text)


# ---- barrier ----------------------------------------------------------------------------


def test_barrier_defaults_to_pipe_all():
    op = BarrierOp()
    op.verify()
    assert op.pipe() is Pipe.ALL
    assert str(op) == "pto.barrier #pto.pipe<PIPE_ALL>"


@pytest.mark.parametrize(
    ("spelling", "pipe"),
    [
        ("#pto.pipe", Pipe.ALL),
        ("#pto.pipe<PIPE_ALL>", Pipe.ALL),
        ("<PIPE_MTE3>", Pipe.MTE3),
        ('"PIPE_V"', Pipe.V),
    ],
)
def test_barrier_spellings(spelling: str, pipe: Pipe):
    op = only_op(parse_module(f"pto.barrier {spelling}"))
    assert isinstance(op, BarrierOp)
    assert op.pipe() is pipe


def test_barrier_with_unknown_pipe_does_not_parse():
    with pytest.raises(ParseError, match=re.escape("PIPE_X")):
        parse_module("pto.barrier #pto.pipe<PIPE_X>")


# ---- DMA --------------------------------------------------------------------------------


def gm_to_ub_operands(
    src: Attribute, dst: Attribute, select: Attribute = i1, stride: Attribute = i64
) -> list[SSAValue]:
    return values(src, dst, i64, i64, i64, i64, i64, select, i64, i64, stride)


def test_copy_gm_to_ubuf_runs_on_mte2_and_names_its_operands():
    operands = gm_to_ub_operands(GM_F32, UB_F32)
    op = CopyGmToUbufOp(*operands)
    op.verify()
    assert op.pipe() is Pipe.MTE2
    assert op.source is operands[0]
    assert op.destination is operands[1]
    assert op.len_burst is operands[4]
    assert op.data_select_bit is operands[7]
    assert op.ub_stride is operands[10]


def test_copy_ubuf_to_gm_runs_on_mte3_and_names_its_operands():
    operands = values(UB_F32, GM_F32, i64, i64, i64, i64, i64, i64)
    op = CopyUbufToGmOp(*operands)
    op.verify()
    assert op.pipe() is Pipe.MTE3
    assert op.burst_dst_stride is operands[6]
    assert op.burst_src_stride is operands[7]


def test_loop_size_ops_run_on_their_copy_pipes():
    first, second = values(i64, i64)
    outtoub = SetLoopSizeOutToUbOp(first, second)
    ubtoout = SetLoopSizeUbToOutOp(first, second)
    outtoub.verify()
    ubtoout.verify()
    assert outtoub.pipe() is Pipe.MTE2
    assert ubtoout.pipe() is Pipe.MTE3
    assert (outtoub.loop1_count, outtoub.loop2_count) == (first, second)


@pytest.mark.parametrize(
    ("src", "dst"),
    [(UNTYPED, UNTYPED), (UNTYPED, UB_F32), (GM_F32, UNTYPED)],
)
def test_untyped_pointers_are_accepted_on_either_side(src: PtrType, dst: PtrType):
    CopyGmToUbufOp(*gm_to_ub_operands(src, dst)).verify()
    CopyUbufToGmOp(*values(dst, src, i64, i64, i64, i64, i64, i64)).verify()


@pytest.mark.parametrize(
    ("src", "dst", "message"),
    [
        (UB_F32, UB_F32, "source must point to gm, got !pto.ptr<f32, ub>"),
        (GM_F32, GM_F32, "destination must point to ub, got !pto.ptr<f32>"),
        (PtrType(f16), UB_F32, "source element type f16 must equal the destination element"),
        (GM_F32, i64, "destination must be a !pto.ptr, got i64"),
    ],
)
def test_copy_gm_to_ubuf_pointer_rules(src: Attribute, dst: Attribute, message: str):
    with pytest.raises(VerifyException, match=re.escape(message)):
        CopyGmToUbufOp(*gm_to_ub_operands(src, dst)).verify()


def test_copy_ubuf_to_gm_pointer_rules():
    with pytest.raises(
        VerifyException, match=re.escape("source must point to ub, got !pto.ptr<f32>")
    ):
        CopyUbufToGmOp(*values(GM_F32, GM_F32, i64, i64, i64, i64, i64, i64)).verify()


@pytest.mark.parametrize(
    ("select", "stride", "message"),
    [
        (i64, i64, "data_select_bit must be i1, got i64"),
        (i1, i32, "ub_stride must be i64, got i32"),
        (i1, IntegerType(64, Signedness.UNSIGNED), "ub_stride must be i64, got ui64"),
    ],
)
def test_copy_gm_to_ubuf_integer_operand_types(select: Attribute, stride: Attribute, message: str):
    with pytest.raises(VerifyException, match=re.escape(message)):
        CopyGmToUbufOp(*gm_to_ub_operands(UNTYPED, UNTYPED, select, stride)).verify()


def test_loop_size_operands_must_be_i64():
    first, second = values(IndexType(), i64)
    with pytest.raises(VerifyException, match=re.escape("loop1_count must be i64, got index")):
        SetLoopSizeUbToOutOp(first, second).verify()


def kernel(body: Sequence[str]) -> str:
    lines = "\n".join(f"    {line}" for line in body)
    return (
        'builtin.module attributes {pto.target_arch = "a5"} {\n'
        "  func.func @k(%gm: !pto.ptr, %ub: !pto.ptr, %c: i64, %f: i1) {\n"
        f"{lines}\n"
        "    func.return\n"
        "  }\n"
        "}"
    )


def test_seed_002_dma_phase_parses_verifies_and_prints_back():
    body = [
        'pto.get_buf "PIPE_MTE2", 0, 0',
        "pto.set_loop_size_outtoub %c, %c : i64, i64",
        "pto.copy_gm_to_ubuf %gm, %ub, %c, %c, %c, %c, %c, %f, %c, %c, %c"
        " : !pto.ptr, !pto.ptr, i64, i64, i64, i64, i64, i1, i64, i64, i64",
        'pto.rls_buf "PIPE_MTE2", 0, 0',
        "pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]",
        "pto.barrier #pto.pipe<PIPE_ALL>",
    ]
    module = parse_module(kernel(body))
    module.verify()
    pto_ops = [op for op in module.walk() if op.dialect_name() == "pto"]
    assert [str(op) for op in pto_ops] == body
    assert [op.pipe() for op in pto_ops if isinstance(op, PtoOp)] == [
        Pipe.MTE2,
        Pipe.MTE2,
        Pipe.MTE2,
        Pipe.MTE2,
        Pipe.MTE2,
        Pipe.ALL,
    ]
