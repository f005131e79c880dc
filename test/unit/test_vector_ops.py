"""Vector compute, predicate, vecscope and pointer ops built from Python.

Expected legality comes from seed 004 (binary family, A5 columns f32 f16 bf16 i32 i16 i8
and the unsigned forms of the per-op manual pages) and the manual pages of vabs/vbr.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Sequence

import pytest
from xdsl.dialects import func, scf
from xdsl.dialects import test as xdsl_test
from xdsl.dialects.builtin import (
    BFloat16Type,
    Float16Type,
    Float32Type,
    IndexType,
    IntegerType,
    ModuleOp,
    Signedness,
    StringAttr,
    f32,
    i1,
    i32,
    i64,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.traits import Pure
from xdsl.utils.exceptions import VerifyException

from pto_dialect.attrs import Pipe
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops import pointer, vecscope, vector_arith, vector_mask
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.vecscope import InVecScope, VecScopeOp
from pto_dialect.ops.vector_arith import (
    BINARY_OPS,
    VAbsOp,
    VAddCOp,
    VAddOp,
    VBrOp,
    VDivOp,
    VectorBinaryOp,
    VectorCarryOp,
    VMulAOp,
    VMulOp,
    VSubCOp,
)
from pto_dialect.ops.vector_mask import PATTERNS, PLT_OPS, PSET_OPS, PltB32Op, PsetB32Op
from pto_dialect.ops.vector_spr import SprClrOp
from pto_dialect.targets import A2A3, A5
from pto_dialect.vector_types import MaskType, VRegType

ui8 = IntegerType(8, Signedness.UNSIGNED)
ui16 = IntegerType(16, Signedness.UNSIGNED)
ui32 = IntegerType(32, Signedness.UNSIGNED)
ELEMENTS: dict[str, Attribute] = {
    "f32": Float32Type(),
    "f16": Float16Type(),
    "bf16": BFloat16Type(),
    "i32": IntegerType(32),
    "ui32": ui32,
    "i16": IntegerType(16),
    "ui16": ui16,
    "i8": IntegerType(8),
    "ui8": ui8,
}
BITS = {"f32": 32, "f16": 16, "bf16": 16, "i32": 32, "ui32": 32, "i16": 16, "ui16": 16}
ALL = set(ELEMENTS)
INTS = {"i32", "ui32", "i16", "ui16", "i8", "ui8"}

# A5 legality of seed 004 and the manual pages (independent of targets.py).
A5_EXPECTED: dict[str, set[str]] = {
    "pto.vadd": ALL,
    "pto.vsub": ALL,
    "pto.vmul": ALL - {"i8", "ui8"},
    "pto.vdiv": {"f32", "f16", "i16", "i32"},  # PTOAS: A5 integer vdiv (software)
    "pto.vmax": ALL,
    "pto.vmin": ALL,
    "pto.vand": ALL,  # bitwise on any lanes: PTOAS's verifier and its vor-on-f16 kernels
    "pto.vor": ALL,
    "pto.vxor": ALL,
    "pto.vshl": INTS,
    "pto.vshr": INTS,
    "pto.vaddc": {"i32", "ui32"},
    "pto.vsubc": {"i32", "ui32"},
}


def vreg(dtype: str) -> VRegType:
    return VRegType(ELEMENTS[dtype])


def mask_for(dtype: str) -> MaskType:
    return MaskType(BITS.get(dtype, 8))


def values(*types: Attribute) -> tuple[Operation, list[SSAValue]]:
    """An op producing values of `types` (operands for the op under test)."""
    producer = xdsl_test.TestOp(result_types=list(types))
    return producer, list(producer.results)


def in_scope(
    build: Callable[[Sequence[SSAValue]], Sequence[Operation]],
    types: Sequence[Attribute],
    target: str | None = None,
) -> ModuleOp:
    """A module with a function whose vecscope holds the ops `build` makes from `types`."""
    producer, args = values(*types)
    scope = VecScopeOp(list(build(args)))
    body = Block([producer, scope, func.ReturnOp()])
    fn = func.FuncOp("f", ((), ()), Region(body))
    module = ModuleOp([fn])
    if target is not None:
        module.attributes["pto.target_arch"] = StringAttr(target)
    return module


def binary(
    cls: type[VectorBinaryOp], dtype: str, target: str | None = None
) -> tuple[ModuleOp, VectorBinaryOp]:
    ops: list[VectorBinaryOp] = []

    def build(args: Sequence[SSAValue]) -> list[Operation]:
        ops.append(cls(args[0], args[1], args[2]))
        return list(ops)

    module = in_scope(build, [vreg(dtype), vreg(dtype), mask_for(dtype)], target)
    return module, ops[0]


# ---- binary family ------------------------------------------------------------------------


@pytest.mark.parametrize("cls", BINARY_OPS, ids=lambda c: c.name)
@pytest.mark.parametrize("dtype", sorted(ELEMENTS))
def test_binary_legality_a5(cls: type[VectorBinaryOp], dtype: str) -> None:
    module, _ = binary(cls, dtype, "a5")
    if dtype in A5_EXPECTED[cls.name]:
        module.verify()
    else:
        with pytest.raises(VerifyException):
            module.verify()


@pytest.mark.parametrize("cls", BINARY_OPS, ids=lambda c: c.name)
def test_binary_op_properties(cls: type[VectorBinaryOp]) -> None:
    dtype = "i32" if cls.name != "pto.vdiv" else "f32"
    module, op = binary(cls, dtype)
    module.verify()
    assert op.pipe() is Pipe.V
    assert op.has_trait(InVecScope)
    assert op.has_trait(Pure)
    assert op.result.type == vreg(dtype)
    assert isinstance(op, VectorBinaryOp)
    for target in (A2A3, A5):
        assert cls.legal_dtypes(target), (target.name, cls.name)


def test_vmul_i8_legal_on_a2a3_only() -> None:
    binary(VMulOp, "i8", "a2a3")[0].verify()
    with pytest.raises(
        VerifyException, match=re.escape("pto.vmul element type i8 is not supported on target a5")
    ):
        binary(VMulOp, "i8", "a5")[0].verify()


def test_binary_default_target_is_cpu_with_a5_rules() -> None:
    with pytest.raises(VerifyException, match=re.escape("not supported on target cpu")):
        binary(VMulOp, "ui8")[0].verify()


def test_binary_rejects_mismatched_types() -> None:
    def build(args: Sequence[SSAValue]) -> list[Operation]:
        return [VAddOp(args[0], args[1], args[2])]

    module = in_scope(build, [vreg("f32"), vreg("i32"), MaskType(32)])
    with pytest.raises(
        VerifyException, match=re.escape("rhs type !pto.vreg<64xi32> must equal the lhs")
    ):
        module.verify()


def test_binary_rejects_wrong_mask_granularity() -> None:
    def build(args: Sequence[SSAValue]) -> list[Operation]:
        return [VAddOp(args[0], args[0], args[1])]

    module = in_scope(build, [vreg("f16"), MaskType(32)])
    with pytest.raises(VerifyException, match=re.escape("expected !pto.mask<b16>")):
        module.verify()


def test_vdiv_takes_signed_integers_on_a5_only() -> None:
    binary(VDivOp, "i16", "a5")[0].verify()
    with pytest.raises(VerifyException, match=re.escape("element type ui16 is not supported")):
        binary(VDivOp, "ui16", "a5")[0].verify()
    with pytest.raises(VerifyException, match=re.escape("element type i32 is not supported")):
        binary(VDivOp, "i32", "a2a3")[0].verify()


@pytest.mark.parametrize("cls", [VAddCOp, VSubCOp], ids=lambda c: c.name)
def test_carry_ops_results(cls: type[VAddCOp | VSubCOp]) -> None:
    module, op = binary(cls, "ui32")
    module.verify()
    assert isinstance(op, VectorCarryOp)
    assert [r.type for r in op.results] == [vreg("ui32"), MaskType(32)]
    assert op.results[0] is op.result and op.results[1] is op.carry
    with pytest.raises(
        VerifyException, match=re.escape("requires 32-bit integer elements, got i16")
    ):
        binary(cls, "i16")[0].verify()


def test_outside_vecscope_accepted_but_spr_ops_need_a_scope() -> None:
    """PTOAS infers the scope of a vector op written outside one (PTOInferVPTOVecScope);
    `sprclr` is part of a scope's control sequence and must sit in one (its verifier)."""
    producer, (a, m) = values(vreg("f32"), MaskType(32))
    add = VAddOp(a, a, m)
    clear = SprClrOp()
    clear.verify()  # detached: not yet placed, no scope to check
    body = Block([producer, add, func.ReturnOp()])
    ModuleOp([func.FuncOp("f", ((), ()), Region(body))]).verify()
    body = Block([clear, func.ReturnOp()])
    module = ModuleOp([func.FuncOp("g", ((), ()), Region(body))])
    with pytest.raises(
        VerifyException, match=re.escape("pto.sprclr must be nested in a pto.vecscope")
    ):
        module.verify()


def test_scope_seen_through_scf_for() -> None:
    producer, (a, m, lo, hi, st) = values(
        vreg("f32"), MaskType(32), IndexType(), IndexType(), IndexType()
    )
    loop_body = Block(arg_types=[IndexType()])
    loop_body.add_ops([VAddOp(a, a, m), scf.YieldOp()])
    loop = scf.ForOp(lo, hi, st, [], loop_body)
    body = Block([producer, VecScopeOp([loop]), func.ReturnOp()])
    ModuleOp([func.FuncOp("f", ((), ()), Region(body))]).verify()


# ---- unary, fma, broadcast ----------------------------------------------------------------


@pytest.mark.parametrize("dtype", sorted(ELEMENTS))
def test_vabs_legality(dtype: str) -> None:
    module = in_scope(lambda a: [VAbsOp(a[0], a[1])], [vreg(dtype), mask_for(dtype)], "a5")
    if dtype in {"f32", "f16", "i32", "i16", "i8"}:
        module.verify()
    else:
        with pytest.raises(VerifyException, match=re.escape("pto.vabs element type")):
            module.verify()


def test_vmula_operand_order_and_types() -> None:
    ops: list[VMulAOp] = []

    def build(args: Sequence[SSAValue]) -> list[Operation]:
        ops.append(VMulAOp(args[0], args[1], args[2], args[3]))
        return list(ops)

    in_scope(build, [vreg("f32"), vreg("f32"), vreg("f32"), MaskType(32)]).verify()
    op = ops[0]
    assert op.acc is op.operands[0] and op.lhs is op.operands[1] and op.rhs is op.operands[2]
    bad = in_scope(
        lambda a: [VMulAOp(a[0], a[1], a[1], a[2])], [vreg("f32"), vreg("f16"), MaskType(32)]
    )
    with pytest.raises(VerifyException, match=re.escape("pto.vmula lhs type")):
        bad.verify()


def test_vbr_infers_result_and_checks_scalar() -> None:
    ops: list[VBrOp] = []

    def build(args: Sequence[SSAValue]) -> list[Operation]:
        ops.append(VBrOp(args[0]))
        return list(ops)

    in_scope(build, [f32]).verify()
    assert ops[0].result.type == VRegType(f32, 64)
    bad = in_scope(lambda a: [VBrOp(a[0], vreg("f32"))], [i32])
    with pytest.raises(
        VerifyException, match=re.escape("value type i32 must equal the result element")
    ):
        bad.verify()


# ---- predicates ---------------------------------------------------------------------------


@pytest.mark.parametrize("bits", [8, 16, 32])
def test_plt_builds_mask_of_its_granularity(bits: int) -> None:
    ops: list[Operation] = []

    def build(args: Sequence[SSAValue]) -> list[Operation]:
        ops.append(PLT_OPS[bits](args[0]))
        return list(ops)

    in_scope(build, [i32]).verify()
    assert [r.type for r in ops[0].results] == [MaskType(bits), i32]
    assert ops[0].name == f"pto.plt_b{bits}"
    assert isinstance(ops[0], vector_mask.PltOp) and ops[0].pipe() is Pipe.V


def test_plt_rejects_i64_count() -> None:
    module = in_scope(lambda a: [PltB32Op(a[0])], [i64])
    with pytest.raises(VerifyException, match=re.escape("scalar type i64 must be i32")):
        module.verify()


@pytest.mark.parametrize("bits", [8, 16, 32])
@pytest.mark.parametrize("pattern", PATTERNS)
def test_pset_patterns(bits: int, pattern: str) -> None:
    module = in_scope(lambda _: [PSET_OPS[bits](pattern)], [])
    lanes = 2048 // bits
    if pattern.startswith("PAT_VL") and int(pattern[6:]) > lanes:
        with pytest.raises(VerifyException, match=re.escape(f"selects {pattern[6:]} lanes")):
            module.verify()
    else:
        module.verify()


def test_pset_rejects_unknown_pattern_and_wrong_mask() -> None:
    with pytest.raises(VerifyException, match='pattern "ALL" must be one of'):
        in_scope(lambda _: [PsetB32Op("ALL")], []).verify()
    wrong = PsetB32Op.create(
        properties={"pattern": StringAttr("PAT_ALL")}, result_types=[MaskType(16)]
    )
    with pytest.raises(
        VerifyException, match=re.escape("must have the op's granularity !pto.mask<b32>")
    ):
        in_scope(lambda _: [wrong], []).verify()


# ---- vecscope -----------------------------------------------------------------------------


def test_vecscope_constructors_and_pipe() -> None:
    assert VecScopeOp().block.ops.first is None
    assert VecScopeOp(Block()).pipe() is Pipe.V
    scope = VecScopeOp(Region(Block()))
    assert len(scope.body.blocks) == 1
    scope.verify()


def test_vecscope_not_nested() -> None:
    inner = VecScopeOp()
    outer_if_body = Block([inner, scf.YieldOp()])
    producer, (cond,) = values(i1)
    branch = scf.IfOp(cond, [], Region(outer_if_body))
    body = Block([producer, VecScopeOp([branch]), func.ReturnOp()])
    module = ModuleOp([func.FuncOp("f", ((), ()), Region(body))])
    with pytest.raises(
        VerifyException, match=re.escape("must not be nested in another pto.vecscope")
    ):
        module.verify()


# ---- pointers -----------------------------------------------------------------------------


def test_castptr_and_addptr() -> None:
    producer, (addr, off) = values(i64, IndexType())
    ub_f16 = PtrType(Float16Type(), MemorySpace.UB)
    cast = CastPtrOp(addr, ub_f16)
    add = AddPtrOp(cast.result, off)
    back = CastPtrOp(add.result, i64)
    for op in (producer, cast, add, back):
        op.verify()
    assert add.result.type == ub_f16
    assert cast.pipe() is Pipe.S and add.pipe() is Pipe.S
    assert not cast.has_trait(InVecScope)


def test_castptr_needs_a_pointer_side() -> None:
    _, (addr,) = values(i64)
    with pytest.raises(VerifyException, match=re.escape("must be a !pto.ptr")):
        CastPtrOp(addr, i32).verify()


def test_addptr_result_must_equal_pointer_type() -> None:
    _, (p, off) = values(PtrType(Float16Type()), IndexType())
    with pytest.raises(
        VerifyException, match=re.escape("result type !pto.ptr<f32> must equal the ptr")
    ):
        AddPtrOp(p, off, PtrType(f32)).verify()
    _, (untyped, off2) = values(PtrType(), IndexType())
    with pytest.raises(VerifyException, match=re.escape("needs a typed pointer")):
        AddPtrOp(untyped, off2).verify()


def test_modules_export_their_ops() -> None:
    names = {op.name for m in (vector_arith, vector_mask, vecscope, pointer) for op in m.OPS}
    assert names == {
        *A5_EXPECTED,
        "pto.vabs",
        "pto.vneg",
        "pto.vnot",
        "pto.vmula",
        "pto.vbr",
        *(f"pto.plt_b{b}" for b in (8, 16, 32)),
        *(f"pto.pset_b{b}" for b in (8, 16, 32)),
        "pto.vecscope",
        "pto.castptr",
        "pto.addptr",
        "pto.inttoptr",
        "pto.ptrtoint",
    }
