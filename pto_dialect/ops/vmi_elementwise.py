"""VMI elementwise ops (PTOAS docs/isa/vmi-isa/03-eltwise-compute.md, VMIOps.td).

- binary `%r = pto.vmi.vadd %lhs, %rhs[, %mask] [{pmode = "zero"}] : V, V[, M] -> V`: vadd,
  vsub, vmul, vdiv, vmax, vmin, vand, vor, vxor, vshl, vshr (vand/vor/vxor also on masks:
  `: M, M -> M`, no governing mask);
- unary `%r = pto.vmi.vabs %src[, %mask] : V[, M] -> V`: vabs, vneg, vrelu, vexp, vln, vsqrt,
  vnot (also on a mask);
- vector-scalar `%r = pto.vmi.vadds %src, %scalar, %mask : V, T, M -> V`: vadds, vmuls,
  vmaxs, vmins, vshls, vshrs (shift amounts are i16);
- compare `%m = pto.vmi.vcmp %lhs, %rhs, %seed {cmp = "lt"} : V, V, M -> M` (vcmps: a
  scalar right operand); select `%r = pto.vmi.vsel %mask, %t, %f : M, V, V -> V`;
- carry `%r, %c = pto.vmi.vaddc %lhs, %rhs, %mask` and `vaddcs` (a carry-in mask too);
- the legacy forms PTOAS still parses, without masks: addf, addi, subf, subi, mulf, muli,
  divf, minf, maxf, mini, maxi, andi, ori, xori, shli, shrui, shrsi, fma, negf, negi, absf,
  absi, sqrt, exp, ln, relu, not, `cmpf "olt", %a, %b`, cmpi, select.

The governing mask of an elementwise op does not gate its lanes: PTOAS's pipeline
(`VMILowerUnifiedToLegacy`, always run before layout assignment) drops it, and the board
results are that compiler's (docs/decisions.md); `pmode = "merge"` keeps `lhs`/`src` on the
inactive lanes (PTOAS rejects it in lowering; the op's description says the source).
"""

from __future__ import annotations

from abc import abstractmethod
from typing import ClassVar, cast

from xdsl.dialects.builtin import i16
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    operand_def,
    opt_operand_def,
    result_def,
)

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.vector_arith import (
    VAbsOp,
    VAddCOp,
    VAddOp,
    VAndOp,
    VDivOp,
    VMaxOp,
    VMinOp,
    VMulAOp,
    VMulOp,
    VNegOp,
    VNotOp,
    VOrOp,
    VShlOp,
    VShrOp,
    VSubOp,
    VXorOp,
)
from pto_dialect.ops.vector_compare import VCmpOp, VCmpsOp, VSelOp
from pto_dialect.ops.vector_math import VExpOp, VLnOp, VReluOp, VSqrtOp
from pto_dialect.ops.vector_scalar import (
    VAddCsOp,
    VAddsOp,
    VMaxsOp,
    VMinsOp,
    VMulsOp,
    VShlsOp,
    VShrsOp,
)
from pto_dialect.ops.vmi_common import ARITH, INTS, SPEC, VmiOp, mask_type, vmi_dtypes, vreg_type
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType, is_vmi_int
from pto_dialect.records import AsVectorOp, Cost

PAGE = SPEC + "03-eltwise-compute.md"

COMPARES = ("eq", "ne", "lt", "le", "gt", "ge", "oeq", "one", "olt", "ole", "ogt", "oge")
"""VMI compare predicates: unordered (and integer) forms, and the ordered fp forms."""


class ElementwiseOp(VmiOp):
    """A lane-wise VMI op: operands and result of one shape (`same_shape`)."""

    MANUAL: ClassVar = PAGE
    ARITY: ClassVar[int] = 2
    MASK_LOGIC: ClassVar[bool] = False
    """Whether the op also takes masks as data (`vand`, `vor`, `vxor`, `vnot`)."""
    VECTOR_OP: ClassVar[type[IRDLOperation]] = VAddOp
    """The micro-op each physical register lowers to."""

    @classmethod
    def cost(cls) -> Cost | None:
        return AsVectorOp(cls.VECTOR_OP)

    def data_operands(self) -> list[Attribute]:
        return [o.type for o in self.operands[: self.ARITY]]

    def verify_vmi(self) -> None:
        types = [*self.data_operands(), self.results[0].type]
        if self.MASK_LOGIC and isinstance(types[0], VmiMaskType):
            if len(self.operands) > self.ARITY:
                raise fail(f"{self.name} mask logic op does not support predication mask")
            if "pmode" in self.attributes:
                raise fail(f"{self.name} mask logic op does not support pmode")
            if not all(isinstance(t, VmiMaskType) for t in types):
                raise fail(f"{self.name} on masks takes and returns masks only")
            self.masks_alike([t for t in types if isinstance(t, VmiMaskType)])
            return
        vregs = [t for t in types if isinstance(t, VmiVRegType)]
        if len(vregs) != len(types):
            raise fail(f"{self.name} operands and result must be !pto.vmi.vreg values")
        self.check_element(vregs[0].element_type)
        self.same_shape(vregs)
        mask = cast("SSAValue | None", getattr(self, "mask", None))
        if mask is not None:
            self.mask_matches(mask_type(mask), vregs[0])
        self.check_pmode()


class BinaryOp(ElementwiseOp):
    """`%r = pto.vmi.OP %lhs, %rhs[, %mask] : V, V[, M] -> V`."""

    SYNTAX: ClassVar = "lhs, rhs, mask?"

    lhs = operand_def()
    rhs = operand_def()
    mask = opt_operand_def(VmiMaskType)
    result = result_def()


class UnaryOp(ElementwiseOp):
    """`%r = pto.vmi.OP %source[, %mask] : V[, M] -> V`."""

    SYNTAX: ClassVar = "source, mask?"
    ARITY: ClassVar = 1

    source = operand_def()
    mask = opt_operand_def(VmiMaskType)
    result = result_def()


def _op(family: type[ElementwiseOp], mnemonic: str, micro: type[IRDLOperation], types: str,
        words: str, doc: str, **extra: object) -> type[ElementwiseOp]:  # fmt: skip
    class_name = "Vmi" + mnemonic.capitalize() + "Op"
    return define_op(family, class_name, f"pto.vmi.{mnemonic}", doc, VECTOR_OP=micro,
                     DTYPES=vmi_dtypes(types), ELEMENTS=words, **extra)  # fmt: skip


_ARITH_WORDS = "i8, i16, i32, f16, bf16, or f32"
VmiVaddOp = _op(BinaryOp, "vadd", VAddOp, ARITH, _ARITH_WORDS, "`lhs + rhs`.")
VmiVsubOp = _op(BinaryOp, "vsub", VSubOp, ARITH, _ARITH_WORDS, "`lhs - rhs`.")
VmiVmulOp = _op(BinaryOp, "vmul", VMulOp, "i16 i32 f16 bf16 f32",
                "i16, i32, f16, bf16, or f32", "`lhs * rhs`.")  # fmt: skip
VmiVdivOp = _op(BinaryOp, "vdiv", VDivOp, "f16 f32", "f16 or f32", "`lhs / rhs`.")
VmiVmaxOp = _op(BinaryOp, "vmax", VMaxOp, ARITH, _ARITH_WORDS, "`max(lhs, rhs)`.")
VmiVminOp = _op(BinaryOp, "vmin", VMinOp, ARITH, _ARITH_WORDS, "`min(lhs, rhs)`.")
VmiVandOp = _op(BinaryOp, "vand", VAndOp, INTS, "integer-like", "`lhs & rhs` (also of masks).",
                MASK_LOGIC=True)  # fmt: skip
VmiVorOp = _op(BinaryOp, "vor", VOrOp, INTS, "integer-like", "`lhs | rhs` (also of masks).",
               MASK_LOGIC=True)  # fmt: skip
VmiVxorOp = _op(BinaryOp, "vxor", VXorOp, INTS, "integer-like", "`lhs ^ rhs` (also of masks).",
                MASK_LOGIC=True)  # fmt: skip
VmiVshlOp = _op(BinaryOp, "vshl", VShlOp, INTS, "integer-like", "`lhs << rhs` per lane.")
VmiVshrOp = _op(BinaryOp, "vshr", VShrOp, INTS, "integer",
                "`lhs >> rhs` per lane: arithmetic for `siN`, logical otherwise.")  # fmt: skip

VmiVabsOp = _op(UnaryOp, "vabs", VAbsOp, "si8 si16 si32 f16 bf16 f32",
                "si8, si16, si32, f16, bf16, or f32", "`|src|`.")  # fmt: skip
VmiVnegOp = _op(UnaryOp, "vneg", VNegOp, "i8 i16 i32 f16 f32", "i8, i16, i32, f16, or f32",
                "`-src`.")  # fmt: skip
VmiVreluOp = _op(UnaryOp, "vrelu", VReluOp, "si32 f16 f32", "si32, f16, or f32",
                 "`max(src, 0)`.")  # fmt: skip
VmiVexpOp = _op(UnaryOp, "vexp", VExpOp, "f16 f32", "f16 or f32", "`exp(src)`.")
VmiVlnOp = _op(UnaryOp, "vln", VLnOp, "f16 f32", "f16 or f32", "`ln(src)`.")
VmiVsqrtOp = _op(UnaryOp, "vsqrt", VSqrtOp, "f16 f32", "f16 or f32", "`sqrt(src)`.")
VmiVnotOp = _op(UnaryOp, "vnot", VNotOp, INTS, "integer-like", "`~src` (also of a mask).",
                MASK_LOGIC=True)  # fmt: skip


# ---- vector-scalar ---------------------------------------------------------------------------


class ScalarOp(ElementwiseOp):
    """`%r = pto.vmi.OP %src, %scalar, %mask : V, T, M -> V`: the scalar on every lane."""

    SYNTAX: ClassVar = "src, scalar, mask"
    ARITY: ClassVar = 1
    SHIFT: ClassVar[bool] = False

    src = operand_def(VmiVRegType)
    scalar = operand_def()
    mask = operand_def(VmiMaskType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        super().verify_vmi()
        element = vreg_type(self.src).element_type
        if self.SHIFT:
            if self.scalar.type != i16:
                raise fail(f"{self.name} requires signless i16 shift amount")
        elif self.scalar.type != element:
            raise fail(
                f"{self.name} requires scalar type to match vector element type, got scalar "
                f"{self.scalar.type} vs vector element {element}"
            )


def _scalar(mnemonic: str, micro: type[IRDLOperation], types: str, words: str, doc: str,
            shift: bool = False) -> type[ElementwiseOp]:  # fmt: skip
    class_name = "Vmi" + mnemonic.capitalize() + "Op"
    return define_op(ScalarOp, class_name, f"pto.vmi.{mnemonic}", doc, VECTOR_OP=micro,
                     DTYPES=vmi_dtypes(types), ELEMENTS=words, SHIFT=shift)  # fmt: skip


VmiVaddsOp = _scalar("vadds", VAddsOp, ARITH, _ARITH_WORDS, "`src + scalar`.")
VmiVmulsOp = _scalar("vmuls", VMulsOp, "i16 i32 f16 f32", "i16, i32, f16, or f32",
                     "`src * scalar`.")  # fmt: skip
VmiVmaxsOp = _scalar("vmaxs", VMaxsOp, ARITH, _ARITH_WORDS, "`max(src, scalar)`.")
VmiVminsOp = _scalar("vmins", VMinsOp, ARITH, _ARITH_WORDS, "`min(src, scalar)`.")
VmiVshlsOp = _scalar("vshls", VShlsOp, INTS, "integer-like", "`src << scalar` (i16 amount).",
                     shift=True)  # fmt: skip
VmiVshrsOp = _scalar("vshrs", VShrsOp, INTS, "integer-like",
                     "`src >> scalar` (i16 amount): arithmetic for `siN`, else logical.",
                     shift=True)  # fmt: skip


# ---- compare and select ----------------------------------------------------------------------


class CompareOp(VmiOp):
    """`%m = pto.vmi.vcmp %lhs, %rhs, %seed {cmp = "lt"} : V, V, M -> M`: `seed[i] &&
    lhs[i] cmp rhs[i]`; signedness from the element type (signless: unsigned)."""

    MANUAL: ClassVar = PAGE
    DTYPES: ClassVar = vmi_dtypes(ARITH)
    ELEMENTS: ClassVar = _ARITH_WORDS

    result = result_def(VmiMaskType)

    def check_compare(self, data: VmiVRegType, seed: VmiMaskType) -> None:
        self.check_element(data.element_type)
        mode = self.attr_str("cmp")
        if mode is None:
            raise fail(f'{self.name} requires a cmp attribute (cmp = "lt", ...)')
        if mode not in COMPARES:
            raise fail(
                f"{self.name} unsupported compare predicate '{mode}'; expected "
                "eq/ne/lt/le/gt/ge, or oeq/one/olt/ole/ogt/oge"
            )
        if is_vmi_int(data.element_type) and mode.startswith("o"):
            raise fail(
                f"{self.name} requires integer compare predicate eq/ne/lt/le/gt/ge; signedness "
                "is selected by the integer element type"
            )
        self.check_pmode(("zero", "zeroing", "merge"))
        self.mask_matches(seed, data)
        if mask_type(self.result).count != seed.count:
            raise fail(f"{self.name} requires result mask lane count to match seed mask lane count")


@irdl_op_definition
class VmiVcmpOp(CompareOp):
    """`%m = pto.vmi.vcmp %lhs, %rhs, %seed {cmp = "lt"} : V, V, M -> M`."""

    name = "pto.vmi.vcmp"
    SYNTAX: ClassVar = "lhs, rhs, seed"
    COST: ClassVar = AsVectorOp(VCmpOp)

    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    seed = operand_def(VmiMaskType)

    def verify_vmi(self) -> None:
        lhs, rhs = vreg_type(self.lhs), vreg_type(self.rhs)
        self.same_shape([lhs, rhs])
        self.check_compare(lhs, mask_type(self.seed))


@irdl_op_definition
class VmiVcmpsOp(CompareOp):
    """`%m = pto.vmi.vcmps %src, %scalar, %seed {cmp = "ge"} : V, T, M -> M`."""

    name = "pto.vmi.vcmps"
    SYNTAX: ClassVar = "src, scalar, seed"
    COST: ClassVar = AsVectorOp(VCmpsOp)

    src = operand_def(VmiVRegType)
    scalar = operand_def()
    seed = operand_def(VmiMaskType)

    def verify_vmi(self) -> None:
        src = vreg_type(self.src)
        if self.scalar.type != src.element_type:
            raise fail(
                f"{self.name} requires scalar type to match vector element type, got scalar "
                f"{self.scalar.type} vs vector element {src.element_type}"
            )
        self.check_compare(src, mask_type(self.seed))


class SelectOp(VmiOp):
    """`%r = pto.vmi.vsel %mask, %true_value, %false_value : M, V, V -> V`."""

    MANUAL: ClassVar = PAGE
    SYNTAX: ClassVar = "mask, true_value, false_value"
    DTYPES: ClassVar = vmi_dtypes(ARITH)
    COST: ClassVar[Cost | None] = AsVectorOp(VSelOp)

    mask = operand_def(VmiMaskType)
    true_value = operand_def(VmiVRegType)
    false_value = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)

    def verify_vmi(self) -> None:
        types = [vreg_type(v) for v in (self.true_value, self.false_value, self.result)]
        self.same_shape(types)
        self.mask_matches(mask_type(self.mask), types[-1])
        self.check_pmode()


@irdl_op_definition
class VmiVselOp(SelectOp):
    """`result[i] = mask[i] ? true_value[i] : false_value[i]`."""

    name = "pto.vmi.vsel"


@irdl_op_definition
class VmiSelectOp(SelectOp):
    """Legacy `pto.vmi.select %mask, %t, %f : M, V, V -> V` (as vsel)."""

    name = "pto.vmi.select"


# ---- carry chains ------------------------------------------------------------------------------


class CarryOp(VmiOp):
    """32-bit adds with a per-lane carry out (and in): `%r, %c = pto.vmi.vaddc %lhs, %rhs,
    %mask : V, V, M -> V, M`."""

    MANUAL: ClassVar = PAGE
    DTYPES: ClassVar = vmi_dtypes("i32")
    ELEMENTS: ClassVar = "32-bit integer"

    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)
    carry = result_def(VmiMaskType)

    @abstractmethod
    def masks(self) -> list[VmiMaskType]: ...

    def verify_vmi(self) -> None:
        types = [vreg_type(v) for v in (self.lhs, self.rhs, self.result)]
        element = types[0].element_type
        if not is_vmi_int(element) or types[0].bits != 32:
            raise fail(f"{self.name} requires 32-bit integer vector element types")
        self.same_shape(types)
        masks = self.masks()
        for m in masks:
            self.mask_matches(m, types[0])
        self.masks_alike(masks)


@irdl_op_definition
class VmiVaddcOp(CarryOp):
    """`(lhs + rhs) mod 2^32` and the carry out of each lane."""

    name = "pto.vmi.vaddc"
    SYNTAX: ClassVar = "lhs, rhs, mask"
    COST: ClassVar = AsVectorOp(VAddCOp)

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    mask = operand_def(VmiMaskType)

    def masks(self) -> list[VmiMaskType]:
        return [mask_type(self.mask), mask_type(self.carry)]


@irdl_op_definition
class VmiVaddcsOp(CarryOp):
    """`(lhs + rhs + carry_in) mod 2^32` and the carry out of each lane."""

    name = "pto.vmi.vaddcs"
    SYNTAX: ClassVar = "lhs, rhs, carry_in, mask"
    COST: ClassVar = AsVectorOp(VAddCsOp)

    # the base's operands again: IRDL puts a subclass's own operands first otherwise
    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    carry_in = operand_def(VmiMaskType)
    mask = operand_def(VmiMaskType)

    def masks(self) -> list[VmiMaskType]:
        return [mask_type(self.mask), mask_type(self.carry), mask_type(self.carry_in)]


# ---- legacy forms (no mask) ----------------------------------------------------------------


class LegacyBinaryOp(ElementwiseOp):
    """Legacy `%r = pto.vmi.OP %lhs, %rhs : V, V -> V` (no mask)."""

    SYNTAX: ClassVar = "lhs, rhs"

    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)


class LegacyUnaryOp(ElementwiseOp):
    """Legacy `%r = pto.vmi.OP %source : V -> V` (no mask)."""

    SYNTAX: ClassVar = "source"
    ARITY: ClassVar = 1

    source = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)


_FLOAT = ("f16 bf16 f32", "f16, bf16, or f32")
_INT = ("i8 i16 i32", "i8, i16, or i32")


def _legacy(family: type[ElementwiseOp], mnemonic: str, micro: type[IRDLOperation],
            types: tuple[str, str], doc: str) -> type[ElementwiseOp]:  # fmt: skip
    words = "".join(w.capitalize() for w in mnemonic.split("_"))
    return define_op(family, f"Vmi{words}Op", f"pto.vmi.{mnemonic}", f"Legacy: {doc}",
                     VECTOR_OP=micro, DTYPES=vmi_dtypes(types[0]),
                     ELEMENTS=types[1])  # fmt: skip


VmiAddfOp = _legacy(LegacyBinaryOp, "addf", VAddOp, _FLOAT, "`lhs + rhs`.")
VmiAddiOp = _legacy(LegacyBinaryOp, "addi", VAddOp, _INT, "`lhs + rhs` (wrapping).")
VmiSubfOp = _legacy(LegacyBinaryOp, "subf", VSubOp, _FLOAT, "`lhs - rhs`.")
VmiSubiOp = _legacy(LegacyBinaryOp, "subi", VSubOp, _INT, "`lhs - rhs` (wrapping).")
VmiMulfOp = _legacy(LegacyBinaryOp, "mulf", VMulOp, _FLOAT, "`lhs * rhs`.")
VmiMuliOp = _legacy(LegacyBinaryOp, "muli", VMulOp, ("i16 i32", "i16 or i32"), "`lhs * rhs`.")
VmiDivfOp = _legacy(LegacyBinaryOp, "divf", VDivOp, ("f16 f32", "f16 or f32"), "`lhs / rhs`.")
VmiMinfOp = _legacy(LegacyBinaryOp, "minf", VMinOp, _FLOAT, "`min(lhs, rhs)`.")
VmiMaxfOp = _legacy(LegacyBinaryOp, "maxf", VMaxOp, _FLOAT, "`max(lhs, rhs)`.")
VmiMiniOp = _legacy(LegacyBinaryOp, "mini", VMinOp, _INT, "`min(lhs, rhs)` (element signedness).")
VmiMaxiOp = _legacy(LegacyBinaryOp, "maxi", VMaxOp, _INT, "`max(lhs, rhs)` (element signedness).")
VmiAndiOp = _legacy(LegacyBinaryOp, "andi", VAndOp, _INT, "`lhs & rhs`.")
VmiOriOp = _legacy(LegacyBinaryOp, "ori", VOrOp, _INT, "`lhs | rhs`.")
VmiXoriOp = _legacy(LegacyBinaryOp, "xori", VXorOp, _INT, "`lhs ^ rhs`.")
VmiShliOp = _legacy(LegacyBinaryOp, "shli", VShlOp, _INT, "`lhs << rhs`.")
VmiShruiOp = _legacy(LegacyBinaryOp, "shrui", VShrOp, _INT, "`lhs >> rhs`, logical.")
VmiShrsiOp = _legacy(LegacyBinaryOp, "shrsi", VShrOp, _INT, "`lhs >> rhs`, arithmetic.")
VmiNegfOp = _legacy(LegacyUnaryOp, "negf", VNegOp, ("f16 f32", "f16 or f32"), "`-src`.")
VmiNegiOp = _legacy(LegacyUnaryOp, "negi", VNegOp, _INT, "`-src` (wrapping).")
VmiAbsfOp = _legacy(LegacyUnaryOp, "absf", VAbsOp, _FLOAT, "`|src|`.")
VmiAbsiOp = _legacy(LegacyUnaryOp, "absi", VAbsOp, ("si8 si16 si32", "si8, si16, or si32"),
                    "`|src|` (wrapping).")  # fmt: skip
VmiSqrtOp = _legacy(LegacyUnaryOp, "sqrt", VSqrtOp, ("f16 f32", "f16 or f32"), "`sqrt(src)`.")
VmiExpOp = _legacy(LegacyUnaryOp, "exp", VExpOp, ("f16 f32", "f16 or f32"), "`exp(src)`.")
VmiLnOp = _legacy(LegacyUnaryOp, "ln", VLnOp, ("f16 f32", "f16 or f32"), "`ln(src)`.")
VmiReluOp = _legacy(LegacyUnaryOp, "relu", VReluOp, ("si32 f16 f32", "si32, f16, or f32"),
                    "`max(src, 0)`.")  # fmt: skip
VmiNotOp = _legacy(LegacyUnaryOp, "not", VNotOp, _INT, "`~src`.")


@irdl_op_definition
class VmiFmaOp(ElementwiseOp):
    """Legacy `%r = pto.vmi.fma %lhs, %rhs, %acc : V, V, V -> V`: `lhs * rhs + acc`."""

    name = "pto.vmi.fma"
    SYNTAX: ClassVar = "lhs, rhs, acc"
    ARITY: ClassVar = 3
    VECTOR_OP: ClassVar = VMulAOp
    DTYPES: ClassVar = vmi_dtypes(_FLOAT[0])
    ELEMENTS: ClassVar = _FLOAT[1]

    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)
    acc = operand_def(VmiVRegType)
    result = result_def(VmiVRegType)


class LegacyCompareOp(CompareOp):
    """Legacy `%m = pto.vmi.cmpf "olt", %lhs, %rhs : V, V -> M` (no seed: every lane)."""

    SYNTAX: ClassVar = "@predicate, lhs, rhs"
    FLOAT: ClassVar[bool] = True
    COST: ClassVar = AsVectorOp(VCmpOp)

    lhs = operand_def(VmiVRegType)
    rhs = operand_def(VmiVRegType)

    def verify_vmi(self) -> None:
        lhs, rhs = vreg_type(self.lhs), vreg_type(self.rhs)
        self.same_shape([lhs, rhs])
        if is_vmi_int(lhs.element_type) == self.FLOAT:
            kind = "floating-point" if self.FLOAT else "integer"
            raise fail(f"{self.name} requires {kind} VMI element type")
        self.check_element(lhs.element_type)
        if mask_type(self.result).count != lhs.count:
            raise fail(f"{self.name} requires result mask lane count to match data lane count")
        if self.attr_str("predicate") is None:
            raise fail(f"{self.name} requires a predicate")


@irdl_op_definition
class VmiCmpfOp(LegacyCompareOp):
    """Legacy float compare (arith.cmpf predicates: oeq, olt, ult, ...)."""

    name = "pto.vmi.cmpf"
    DTYPES: ClassVar = vmi_dtypes(_FLOAT[0])
    ELEMENTS: ClassVar = _FLOAT[1]


@irdl_op_definition
class VmiCmpiOp(LegacyCompareOp):
    """Legacy integer compare (arith.cmpi predicates: eq, slt, ult, ...)."""

    name = "pto.vmi.cmpi"
    FLOAT: ClassVar = False
    DTYPES: ClassVar = vmi_dtypes(INTS)
    ELEMENTS: ClassVar = "i8, i16, or i32"


OPS: list[type[IRDLOperation]] = [
    VmiVaddOp, VmiVsubOp, VmiVmulOp, VmiVdivOp, VmiVmaxOp, VmiVminOp, VmiVandOp, VmiVorOp,
    VmiVxorOp, VmiVshlOp, VmiVshrOp, VmiVabsOp, VmiVnegOp, VmiVreluOp, VmiVexpOp, VmiVlnOp,
    VmiVsqrtOp, VmiVnotOp, VmiVaddsOp, VmiVmulsOp, VmiVmaxsOp, VmiVminsOp, VmiVshlsOp,
    VmiVshrsOp, VmiVcmpOp, VmiVcmpsOp, VmiVselOp, VmiSelectOp, VmiVaddcOp, VmiVaddcsOp,
    VmiAddfOp, VmiAddiOp, VmiSubfOp, VmiSubiOp, VmiMulfOp, VmiMuliOp, VmiDivfOp, VmiMinfOp,
    VmiMaxfOp, VmiMiniOp, VmiMaxiOp, VmiAndiOp, VmiOriOp, VmiXoriOp, VmiShliOp, VmiShruiOp,
    VmiShrsiOp, VmiNegfOp, VmiNegiOp, VmiAbsfOp, VmiAbsiOp, VmiSqrtOp, VmiExpOp, VmiLnOp,
    VmiReluOp, VmiNotOp, VmiFmaOp, VmiCmpfOp, VmiCmpiOp,
]  # fmt: skip
