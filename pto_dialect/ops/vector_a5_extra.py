"""A5 micro-ops of PTOAS's `a5_extra_*` kernels (docs/isa/micro-isa of PTOAS, VPTOOps.td):

- `%m = pto.pltm_bW %loop, %bound : i16, i32 -> !pto.mask<bW>` (05-materialization-
  predicate.md): lane i is active iff `i + loop * VL < bound` (VL the lanes of bW); no
  post-update scalar, unlike `plt_bW`.
- `%r = pto.vmadd %acc, %lhs, %rhs, %mask : V, V, V, M -> V` (07-binary-vector-ops.md):
  `acc * lhs + rhs`, fused (one rounding), on the active lanes; f16, bf16, f32.
- `%v, %p = pto.vcbmax %in, %mask : V, M -> V, M` and `vcbmin` (10-reduction-ops.md): the
  extremum of the active lanes in lane 0 (other lanes 0), and the active lanes equal to it;
  i8-i32, f16, f32. Inactive lanes count as -inf / the type's minimum (max), +inf / maximum
  (min); +0 and -0 both match a zero extremum.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import i16, i32
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def, result_def

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.vector_arith import VectorOp, check_mask_granularity
from pto_dialect.ops.vector_common import mask_of, vreg_of
from pto_dialect.ops.vector_mask import MASK_BITS, PredicateOp
from pto_dialect.ops.vector_reduce import REDUCE_COST
from pto_dialect.records import Completion, PerRepeat, VectorCost, per_target_dtypes

_PAGES = "https://github.com/hw-native-sys/PTOAS/blob/main/docs/isa/micro-isa/"


class PltmOp(PredicateOp):
    """`%mask = pto.pltm_bW %loop, %bound : i16, i32 -> !pto.mask<bW>`."""

    MANUAL: ClassVar = _PAGES + "05-materialization-predicate.md"

    loop = operand_def(i16)
    bound = operand_def(i32)
    mask = result_def()

    assembly_format = "$loop `,` $bound attr-dict `:` type($loop) `,` type($bound) `->` type($mask)"

    def verify_(self) -> None:
        self.check_granularity(self.mask.type)


def _pltm(bits: int) -> type[PltmOp]:
    doc = f"Lanes of a b{bits} mask below `bound - loop * {256 // (bits // 8)}`."
    return define_op(PltmOp, f"PltmB{bits}Op", f"pto.pltm_b{bits}", doc, BITS=bits)


@irdl_op_definition
class VMaddOp(VectorOp):
    """`%r = pto.vmadd %acc, %lhs, %rhs, %mask : V, V, V, M -> V`: acc * lhs + rhs, fused."""

    name = "pto.vmadd"

    MANUAL: ClassVar = _PAGES + "07-binary-vector-ops.md"
    DTYPES: ClassVar = per_target_dtypes("f16 bf16 f32", "f16 bf16 f32")
    COST: ClassVar = VectorCost(
        Completion.MUL, PerRepeat.BINARY, 8, estimate="no published figure: costed as vmula"
    )

    acc = operand_def()
    lhs = operand_def()
    rhs = operand_def()
    mask = operand_def()
    result = result_def()

    assembly_format = (
        "$acc `,` $lhs `,` $rhs `,` $mask attr-dict `:` type($acc) `,` type($lhs) `,` "
        "type($rhs) `,` type($mask) `->` type($result)"
    )

    def verify_(self) -> None:
        acc = vreg_of(self.acc)
        for role, value in (("lhs", self.lhs), ("rhs", self.rhs), ("result", self.result)):
            self.check_same_type(role, value, "acc", acc)
        check_mask_granularity(self.name, "mask", mask_of(self.mask), acc)
        self.check_element(acc)


class VcbExtremumOp(VectorOp):
    """`%value, %predicate = pto.vcbmax/vcbmin %input, %mask : V, M -> V, M`."""

    MANUAL: ClassVar = _PAGES + "10-reduction-ops.md"
    DTYPES: ClassVar = per_target_dtypes(
        "i8 ui8 i16 ui16 i32 ui32 f16 f32", "i8 ui8 i16 ui16 i32 ui32 f16 f32"
    )
    COST: ClassVar = REDUCE_COST
    LARGEST: ClassVar[bool]

    input = operand_def()
    mask = operand_def()
    value = result_def()
    predicate = result_def()

    assembly_format = (
        "$input `,` $mask attr-dict `:` type($input) `,` type($mask) `->` type($value) `,` "
        "type($predicate)"
    )

    def verify_(self) -> None:
        vreg = vreg_of(self.input)
        self.check_same_type("value", self.value, "input", vreg)
        mask = mask_of(self.mask)
        check_mask_granularity(self.name, "mask", mask, vreg)
        if self.predicate.type != mask:
            raise fail(
                f"{self.name} predicate type {self.predicate.type} must equal the mask type {mask}"
            )
        self.check_element(vreg)


PLTM_OPS: dict[int, type[PltmOp]] = {bits: _pltm(bits) for bits in MASK_BITS}
VcbmaxOp = define_op(
    VcbExtremumOp, "VcbmaxOp", "pto.vcbmax", "The maximum and its lanes.", LARGEST=True
)
VcbminOp = define_op(
    VcbExtremumOp, "VcbminOp", "pto.vcbmin", "The minimum and its lanes.", LARGEST=False
)

OPS: list[type[IRDLOperation]] = [*PLTM_OPS.values(), VMaddOp, VcbmaxOp, VcbminOp]
