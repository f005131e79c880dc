"""Vector load/store ops (seed 002): building from Python, printing, defaults, verifier rules."""

import re

import pytest
from support import context, val
from xdsl.dialects.builtin import (
    Float8E4M3FNType,
    IndexType,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
    bf16,
    f16,
    f32,
    i8,
    i16,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region
from xdsl.parser import Parser
from xdsl.utils.exceptions import VerifyException

from pto_dialect.attrs import (
    LoadDist,
    LoadX2Dist,
    Pipe,
    PostUpdate,
    StoreDist,
    StoreX2Dist,
    StrideMode,
)
from pto_dialect.dialect import PTO
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops import vector_load, vector_store, vector_store_unaligned
from pto_dialect.ops.base import PtoOp
from pto_dialect.ops.vector_load import (
    LOAD_DIST_RULES,
    LOAD_X2_DIST_RULES,
    Vgather2BcOp,
    Vgather2Op,
    VgatherbOp,
    VldasOp,
    VldsOp,
    VldsX2Op,
    VldusOp,
    VsldbOp,
    VsldOp,
)
from pto_dialect.ops.vector_store import (
    STORE_DIST_RULES,
    STORE_X2_DIST_RULES,
    VscatterOp,
    VsstbOp,
    VsstOp,
    VstsOp,
    VstsX2Op,
)
from pto_dialect.ops.vector_store_unaligned import (
    VstaOp,
    VstarOp,
    VstasOp,
    VstuOp,
    VsturOp,
    VstusOp,
)
from pto_dialect.vector_types import AlignType, MaskType, VRegType

MEMORY_OPS = [*vector_load.OPS, *vector_store.OPS, *vector_store_unaligned.OPS]
UB_F32 = PtrType(f32, MemorySpace.UB)
UB_F16 = PtrType(f16, MemorySpace.UB)
GM_F32 = PtrType(f32, MemorySpace.GM)
UNTYPED = PtrType()
V_F32 = VRegType(f32)
V_F16 = VRegType(f16)
V_I32 = VRegType(i32)
M32 = MaskType(32)
M16 = MaskType(16)
ui16 = IntegerType(16, Signedness.UNSIGNED)


def in_module(op: Operation, target: str | None) -> ModuleOp:
    """`op` with fresh block-argument operands inside a module (optionally with a target)."""
    block = Block(arg_types=[o.type for o in op.operands])
    for index, arg in enumerate(block.args):
        op.operands[index] = arg
    block.add_op(op)
    module = ModuleOp(Region(block))
    if target is not None:
        module.attributes["pto.target_arch"] = StringAttr(target)
    return module


# ---- every op builds, verifies, runs on PIPE_V and prints as the seed writes it ----------


def test_vlds_builds_and_prints_like_the_seed():
    op = VldsOp(val(UB_F32), val(IndexType()), V_F32, LoadDist.BRC_B32)
    op.verify()
    assert op.pipe() is Pipe.V
    assert op.dist_mode is LoadDist.BRC_B32
    assert str(op) == (
        '%0 = pto.vlds %1[%2] {dist = "BRC_B32"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>'
    )


def test_vlds_without_dist_is_norm_and_takes_the_untyped_pointer():
    op = VldsOp(val(UNTYPED), val(IndexType()), V_F32)
    op.verify()
    assert op.dist is None
    assert op.dist_mode is LoadDist.NORM
    assert str(op) == "%0 = pto.vlds %1[%2] : !pto.ptr -> !pto.vreg<64xf32>"


def test_vldas_and_vldus_thread_the_alignment_state():
    ptr = val(UB_F32)
    prime = VldasOp(ptr)
    prime.verify()
    assert prime.result.type == AlignType()
    load = VldusOp(ptr, prime.result, V_F32)
    load.verify()
    assert [r.type for r in load.results] == [V_F32, AlignType(), UB_F32]
    assert {prime.pipe(), load.pipe()} == {Pipe.V}


def test_vldsx2_yields_an_ordered_pair_of_equal_types():
    op = VldsX2Op(val(UB_F32), val(IndexType()), V_F32, LoadX2Dist.DINTLV_B32)
    op.verify()
    assert (op.low.type, op.high.type) == (V_F32, V_F32)
    assert op.dist_mode is LoadX2Dist.DINTLV_B32
    assert str(op) == (
        '%0, %1 = pto.vldsx2 %2[%3], "DINTLV_B32" : !pto.ptr<f32, ub>, index -> '
        "!pto.vreg<64xf32>, !pto.vreg<64xf32>"
    )


@pytest.mark.parametrize("stride", list(StrideMode))
def test_vsld_and_vsst_take_every_stride_mode(stride: StrideMode):
    load = VsldOp(val(UB_F32), val(IndexType()), V_F32, stride)
    store = VsstOp(val(V_F32), val(UB_F32), val(IndexType()), stride)
    load.verify()
    store.verify()
    assert load.stride_mode is stride and store.stride_mode is stride
    assert str(store) == f'pto.vsst %0, %1[%2], "{stride}" : !pto.vreg<64xf32>, !pto.ptr<f32, ub>'


def test_block_strided_ops_take_an_i32_control_word_and_a_mask():
    load = VsldbOp(val(UB_F16), val(i32), val(M16), V_F16)
    store = VsstbOp(val(V_F16), val(UB_F16), val(i32), val(M16))
    load.verify()
    store.verify()
    assert str(store) == (
        "pto.vsstb %0, %1, %2, %3 : !pto.vreg<128xf16>, !pto.ptr<f16, ub>, i32, !pto.mask<b16>"
    )


def test_gathers_build_with_index_vregs():
    ptr, offsets = val(UB_F32), val(V_I32)
    ops: list[Operation] = [
        Vgather2Op(ptr, offsets, val(IndexType()), V_F32),
        VgatherbOp(ptr, offsets, val(IndexType()), V_F32),
        Vgather2BcOp(ptr, offsets, val(M32), V_F32),
    ]
    for op in ops:
        op.verify()
        assert op.results[0].type == V_F32
    assert str(ops[0]) == (
        "%0 = pto.vgather2 %1, %2, %3 : !pto.ptr<f32, ub>, !pto.vreg<64xi32>, index -> "
        "!pto.vreg<64xf32>"
    )


def test_vgather2_on_16_bit_data_takes_16_bit_indices():
    Vgather2Op(val(UB_F16), val(VRegType(ui16)), val(IndexType()), V_F16).verify()


def test_vsts_default_dist_follows_the_element_width():
    op = VstsOp(val(V_F16), val(UB_F16), val(IndexType()), val(M16))
    op.verify()
    assert op.dist is None
    assert op.dist_mode is StoreDist.NORM_B16
    op32 = VstsOp(val(V_F32), val(UB_F32), val(IndexType()), val(M32), StoreDist.NORM_B32)
    op32.verify()
    assert str(op32) == (
        'pto.vsts %0, %1[%2], %3 {dist = "NORM_B32"} : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, '
        "!pto.mask<b32>"
    )


def test_vstsx2_and_vscatter_build():
    low, high = val(V_F32), val(V_F32)
    pair = VstsX2Op(low, high, val(UB_F32), val(IndexType()), StoreX2Dist.INTLV_B32, val(M32))
    pair.verify()
    assert pair.dist_mode is StoreX2Dist.INTLV_B32
    scatter = VscatterOp(val(V_F32), val(UB_F32), val(V_I32), val(IndexType()))
    scatter.verify()
    assert {pair.pipe(), scatter.pipe()} == {Pipe.V}


def test_flushes_take_the_alignment_state():
    align = val(AlignType())
    ops: list[Operation] = [
        VstaOp(align, val(UB_F32), val(IndexType())),
        VstasOp(align, val(UB_F32), val(i32)),
        VstarOp(align, val(UB_F32)),
    ]
    for op in ops:
        op.verify()
        assert not op.results
    assert str(ops[2]) == "pto.vstar %0, %1 : !pto.align, !pto.ptr<f32, ub>"


def test_vstu_form_a_threads_the_base_and_form_b_the_offset():
    align, base, value = val(AlignType()), val(UB_F32), val(V_F32)
    form_a = VstuOp(align, base, value, base, val(IndexType()))
    form_a.verify()
    assert form_a.post_update is None
    assert [r.type for r in form_a.results] == [AlignType(), UB_F32]
    form_b = VstuOp(align, val(IndexType()), value, base, PostUpdate.POST_UPDATE)
    form_b.verify()
    assert form_b.post_update is PostUpdate.POST_UPDATE
    assert [r.type for r in form_b.results] == [AlignType(), IndexType()]
    assert str(form_b) == (
        '%0, %1 = pto.vstu %2, %3, %4, %5, "POST_UPDATE" : !pto.align, index, '
        "!pto.vreg<64xf32>, !pto.ptr<f32, ub> -> !pto.align, index"
    )


def test_vstus_forms_return_the_base_pointer():
    align, base, value = val(AlignType()), val(UB_F32), val(V_F32)
    form_a = VstusOp(align, base, value, base, val(i32))
    form_b = VstusOp(align, val(i32), value, base, PostUpdate.NO_POST_UPDATE)
    for op in (form_a, form_b):
        op.verify()
        assert op.base_out is not None and op.base_out.type == UB_F32
    assert form_a.mode is None and form_b.post_update is PostUpdate.NO_POST_UPDATE


def test_vstur_mode_is_optional():
    align, value, base = val(AlignType()), val(V_F32), val(UB_F32)
    simple = VsturOp(align, value, base)
    moded = VsturOp(align, value, base, PostUpdate.POST_UPDATE)
    simple.verify()
    moded.verify()
    assert simple.post_update is None
    assert str(moded) == (
        '%0 = pto.vstur %1, %2, %3, "POST_UPDATE" : !pto.align, !pto.vreg<64xf32>, '
        "!pto.ptr<f32, ub> -> !pto.align"
    )


def test_every_op_of_the_module_is_registered_and_on_pipe_v():
    names = {op.name for op in MEMORY_OPS}
    assert names == {
        "pto.vlds", "pto.vldas", "pto.vldus", "pto.vldsx2", "pto.vsld", "pto.vsldb",
        "pto.vgather2", "pto.vgatherb", "pto.vgather2_bc", "pto.vsts", "pto.vstsx2",
        "pto.vsst", "pto.vsstb", "pto.vscatter", "pto.vsta", "pto.vstu", "pto.vstus",
        "pto.vstur", "pto.vstas", "pto.vstar",
    }  # fmt: skip
    assert all(issubclass(op, PtoOp) and op.PIPE is Pipe.V for op in MEMORY_OPS)
    assert names <= {op.name for op in PTO.operations}


# ---- mode tables ---------------------------------------------------------------------------


def test_every_distribution_mode_has_a_width_rule():
    assert set(LOAD_DIST_RULES) == set(LoadDist)
    assert set(LOAD_X2_DIST_RULES) == set(LoadX2Dist)
    assert set(STORE_DIST_RULES) == set(StoreDist)
    assert set(STORE_X2_DIST_RULES) == set(StoreX2Dist)


@pytest.mark.parametrize(
    ("dist", "memory", "lanes"),
    [
        (LoadDist.UNPK_B8, IntegerType(8, Signedness.UNSIGNED), ui16),
        (LoadDist.UNPK_B16, i16, i32),
        (LoadDist.UNPK_B32, i32, i64),
    ],
)
def test_unpack_loads_widen_each_element_to_twice_its_width(
    dist: LoadDist, memory: Attribute, lanes: Attribute
):
    VldsOp(val(PtrType(memory, MemorySpace.UB)), val(IndexType()), VRegType(lanes), dist).verify()
    with pytest.raises(VerifyException, match=f"must be {dist.value[-2:].lstrip('B')}-bit"):
        VldsOp(
            val(PtrType(lanes, MemorySpace.UB)), val(IndexType()), VRegType(lanes), dist
        ).verify()


def test_pack_store_writes_through_a_lane_typed_or_a_narrow_pointer():
    # PTOAS's board-tested vsts-pk-b16 stores through a pointer of the lane type
    for ptr in (PtrType(i16, MemorySpace.UB), PtrType(i32, MemorySpace.UB)):
        VstsOp(val(V_I32), val(ptr), val(IndexType()), val(M32), "PK_B32").verify()
    with pytest.raises(
        VerifyException, match=re.escape("dest element type i8 must be the value element type")
    ):
        VstsOp(
            val(V_I32), val(PtrType(i8, MemorySpace.UB)), val(IndexType()), val(M32), "PK_B32"
        ).verify()


def test_pack_store_takes_lanes_no_wider_than_its_unit():
    # vsts-pk-b64-f32 packs f32 lanes as 64-bit units; PK_B16 cannot pack 32-bit lanes
    VstsOp(val(V_F32), val(UB_F32), val(IndexType()), val(M32), "PK_B64").verify()
    with pytest.raises(VerifyException, match="PK_B16 needs value lanes of at most 16 bits"):
        VstsOp(val(V_I32), val(UB_F32), val(IndexType()), val(M32), "PK_B16").verify()


def test_broadcast_loads_take_any_lane_width():
    # vlds-brc-b8-f32 / vlds-brc-b16-f32 (PTOAS, board-tested): byte patterns in f32 lanes
    for dist in (LoadDist.BRC_B8, LoadDist.BRC_B16, LoadDist.BRC_B32):
        VldsOp(val(UB_F32), val(IndexType()), V_F32, dist).verify()
        VldsOp(val(UB_F16), val(IndexType()), V_F16, dist).verify()


@pytest.mark.parametrize(
    ("dist", "vreg", "bits"),
    [
        (LoadDist.US_B8, V_F32, 8),
        (LoadDist.DS_B16, VRegType(i8), 16),
        (LoadDist.SPLT4CHN_B8, V_F16, 8),
        (LoadDist.SPLT2CHN_B16, V_F32, 16),
        (LoadDist.DINTLV_B32, V_F16, 32),
    ],
)
def test_load_mode_rejects_the_wrong_element_width(dist: LoadDist, vreg: VRegType, bits: int):
    ptr = val(PtrType(vreg.element_type, MemorySpace.UB))
    message = f"pto.vlds dist {dist} needs {bits}-bit result elements, got {vreg.element}"
    with pytest.raises(VerifyException, match=re.escape(message)):
        VldsOp(ptr, val(IndexType()), vreg, dist).verify()


@pytest.mark.parametrize("token", [d.value for d in StoreDist])
def test_every_store_distribution_is_rejected_on_vlds(token: str):
    with pytest.raises(VerifyException, match=re.escape(f'"{token}" is a store distribution')):
        VldsOp(val(UB_F32), val(IndexType()), V_F32, token).verify()


@pytest.mark.parametrize("token", ["NORM", "BRC_B32", "UNPK_B16", "BLK"])
def test_load_distributions_are_rejected_on_vsts(token: str):
    with pytest.raises(VerifyException, match=re.escape(f'"{token}" is a load distribution')):
        VstsOp(val(V_F32), val(UB_F32), val(IndexType()), val(M32), token).verify()


# ---- verifier rules from Python --------------------------------------------------------------


def test_gm_pointer_is_rejected_and_untyped_pointer_accepted():
    with pytest.raises(VerifyException, match=re.escape("source must address UB")):
        VldsOp(val(GM_F32), val(IndexType()), V_F32).verify()
    VldasOp(val(UNTYPED)).verify()
    VstarOp(val(AlignType()), val(UNTYPED)).verify()


def test_mask_granularity_follows_the_lanes():
    with pytest.raises(VerifyException, match=re.escape("mask granularity b16 must match")):
        VstsOp(val(V_F32), val(UB_F32), val(IndexType()), val(M16)).verify()
    with pytest.raises(VerifyException, match=re.escape("(!pto.mask<b16>)")):
        Vgather2BcOp(val(UB_F16), val(VRegType(ui16)), val(M32), V_F16).verify()


def test_pairs_must_have_identical_types():
    op = VldsX2Op.create(
        operands=[val(UB_F32), val(IndexType())],
        result_types=[V_F32, V_I32],
        properties={"dist": StringAttr("DINTLV_B32")},
    )
    with pytest.raises(VerifyException, match="low and high must have the same type"):
        op.verify()
    with pytest.raises(VerifyException, match="low and high must have the same type"):
        VstsX2Op(
            val(V_F32), val(V_I32), val(UB_F32), val(IndexType()), "INTLV_B32", val(M32)
        ).verify()


def test_gather_indices_are_integers_with_the_data_lane_count():
    with pytest.raises(VerifyException, match="offsets must be an integer vreg"):
        Vgather2Op(val(UB_F32), val(V_F32), val(IndexType()), V_F32).verify()
    with pytest.raises(VerifyException, match="offsets have 128 lanes but result has 64"):
        Vgather2Op(val(UB_F32), val(VRegType(ui16)), val(IndexType()), V_F32).verify()
    with pytest.raises(VerifyException, match=re.escape("32-bit integer elements (i32 or ui32)")):
        VgatherbOp(val(UB_F16), val(VRegType(i16)), val(IndexType()), V_F16).verify()


def test_vscatter_rejects_64_bit_elements():
    v64 = VRegType(i64)
    op = VscatterOp(val(v64), val(PtrType(i64, MemorySpace.UB)), val(v64), val(IndexType()))
    with pytest.raises(VerifyException, match="supports only b8, b16 and b32 elements, got i64"):
        op.verify()


def test_vstu_needs_exactly_one_mode():
    align, base, value = val(AlignType()), val(UB_F32), val(V_F32)
    op = VstuOp(align, base, value, base, val(IndexType()))
    op.properties["mode"] = StringAttr("POST_UPDATE")
    with pytest.raises(VerifyException, match="exactly one of them"):
        op.verify()


def test_vstu_form_b_result_must_be_the_offset():
    op = VstuOp.create(
        operands=[val(AlignType()), val(IndexType()), val(V_F32), val(UB_F32)],
        result_types=[AlignType(), UB_F32],
        properties={"mode": StringAttr("NO_POST_UPDATE")},
    )
    with pytest.raises(VerifyException, match=re.escape("offset_out type !pto.ptr<f32, ub>")):
        op.verify()


def test_vldus_base_out_must_match_the_source():
    op = VldusOp.create(
        operands=[val(UB_F32), val(AlignType())], result_types=[V_F32, AlignType(), UB_F16]
    )
    with pytest.raises(VerifyException, match=re.escape("base_out type !pto.ptr<f16, ub>")):
        op.verify()


def test_align_operands_must_be_align_typed():
    with pytest.raises(VerifyException, match=re.escape("pto.vsta align must be !pto.align")):
        VstaOp(val(M32), val(UB_F32), val(IndexType())).verify()


# ---- targets -------------------------------------------------------------------------------


F8 = Float8E4M3FNType()


@pytest.mark.parametrize(
    ("target", "legal"), [("a2a3", False), ("a5", True), ("cpu", True), (None, True)]
)
def test_fp8_loads_are_legal_on_a5_and_cpu_only(target: str | None, legal: bool):
    op = VldsOp(val(PtrType(F8, MemorySpace.UB)), val(IndexType()), VRegType(F8))
    module = in_module(op, target)
    if legal:
        module.verify()
    else:
        with pytest.raises(VerifyException, match="f8E4M3FN is not supported on target a2a3"):
            module.verify()


@pytest.mark.parametrize("element", [f32, f16, bf16, i8, i16, i32])
def test_common_types_store_on_a2a3(element: Attribute):
    vreg = VRegType(element)
    mask = val(MaskType(vreg.element.bits))
    op = VstsOp(val(vreg), val(PtrType(element, MemorySpace.UB)), val(IndexType()), mask)
    in_module(op, "a2a3").verify()


def test_parsed_seed_example_verifies_in_an_a5_module():
    text = """
    builtin.module attributes {pto.target_arch = "a5"} {
      func.func @k(%ub: !pto.ptr<f32, ub>, %offset: index, %mask: !pto.mask<b32>) {
        %v = pto.vlds %ub[%offset] {dist = "NORM"} : !pto.ptr<f32, ub> -> !pto.vreg<64xf32>
        pto.vsts %v, %ub[%offset], %mask {dist = "NORM_B32"}
          : !pto.vreg<64xf32>, !pto.ptr<f32, ub>, !pto.mask<b32>
        func.return
      }
    }
    """
    module = Parser(context(), text).parse_module()
    module.verify()
    ops = [op for op in module.walk() if isinstance(op, VldsOp | VstsOp)]
    assert [type(op) for op in ops] == [VldsOp, VstsOp]
