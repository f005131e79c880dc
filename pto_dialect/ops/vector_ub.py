"""The A2/A3 vector unit's UB-to-UB instructions, `pto.ub.*` (PTOAS VPTOUbOps.td, lowered to
the `llvm.hivm` intrinsics of the dav-c220 vector core in VPTOLLVMEmitter.cpp; design notes
in PTOAS docs/designs/a2a3-vpto-elementwise-impl.md).

An instruction reads its sources from UB and writes its destination to UB, in `repeat`
repeats of one 256-byte vector (8 blocks of 32 bytes). Each operand has a block stride and a
repeat stride, both counted in 32-byte blocks: element `l` of repeat `r` of an operand at
`base` is at byte `base + (r * repeat_stride + l // K * block_stride) * 32 + l % K * size`
(K elements of `size` bytes per block). Which lanes run is the vector mask's business:

- `pto.ub.set_mask %mask0, %mask1 : i64, i64` (MOVEMASK 0 and 1): in normal mode lane `l`
  of every repeat runs iff bit `l` of the 128-bit mask `mask1:mask0` is set;
- `pto.ub.set_mask_count` / `pto.ub.set_mask_norm` set and clear CTRL bit 56 (PTOAS lowers
  them to `get_ctrl`, `sbitset1`/`sbitset0`, `set_ctrl`): in count mode `mask0` is a count of
  elements, run as `ceil(count / lanes)` repeats whatever `repeat` says (pto-isa
  npu/a2a3/TBinOp.hpp issues count mode with repeat 0, PTOAS with 1).

Syntax (the .td's declarative formats), with `S` a UB pointer type:
- binary: `pto.ub.vadd %dst, %src0, %src1, %repeat, %dst_blk, %src0_blk, %src1_blk,
  %dst_rep, %src0_rep, %src1_rep : S, S, S, i64, i64, i64, i64, i64, i64, i64`;
- unary: `pto.ub.vabs %dst, %src, %repeat, %dst_blk, %src_blk, %dst_rep, %src_rep : S, S,
  i64 x 5`;
- with a scalar: `pto.ub.vshl %dst, %src, %scalar, %repeat, ... : S, S, i64 x 6`;
- `pto.ub.vdup %dst, %scalar, %repeat, %dst_blk, %src_blk, %dst_rep, %src_rep : S, i64 x 6`.

A scalar operand holds the element's bits in its low bits (PTOAS bitcasts a float scalar to
an integer of its width and sign-extends it; an integer scalar is passed as is); a shift
distance is a count. Element types per op are those of the intrinsics the lowering names,
as pto-isa's A2/A3 tile ops that issue them allow. PTOAS verifies them on every target (its
A5 lowering emits nothing for them); the interpreter runs them on A2/A3 only.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import i64
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def

from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, define_op, fail, target_of
from pto_dialect.ops.vector_arith import (
    VAbsOp,
    VAddOp,
    VAndOp,
    VDivOp,
    VMaxOp,
    VMinOp,
    VMulOp,
    VNotOp,
    VOrOp,
    VSubOp,
)
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.ops.vector_fused import VAddReluOp
from pto_dialect.ops.vector_materialize import VDupOp
from pto_dialect.ops.vector_math import VExpOp, VLnOp, VReluOp, VRsqrtOp, VSqrtOp
from pto_dialect.ops.vector_scalar import VAddsOp, VMaxsOp, VMinsOp, VMulsOp, VShlsOp, VShrsOp
from pto_dialect.records import AsVectorOp, Cost, DTypes, NoCycles, per_target_dtypes

_MANUAL = (
    "https://github.com/hw-native-sys/PTOAS/blob/main/docs/designs/a2a3-vpto-elementwise-impl.md"
)

UB_BLOCK_BYTES = 32
"""One block of a repeat; block and repeat strides count blocks."""
UB_REPEAT_BYTES = 256
"""One repeat: 8 blocks."""
COUNT_MODE_BIT = 56
"""The CTRL bit of count mode (`set_mask_count` sets it, `set_mask_norm` clears it)."""

_ALU = "i16 i32 f16 f32"  # npu/a2a3 TAdd/TSub/TMul/TMax/TMin/TAddS/TMulS/TMaxS/TMins.hpp
_FLOAT = "f16 f32"  # TDiv.hpp; TUnaryOp.hpp `floatOnly` (exp, ln, sqrt, abs)
_SHIFT = "i16 ui16 i32 ui32"  # VSHL/VSHR .u16/.u32 (PTOAS maps s16/s32 to them)


def _dtypes(names: str) -> DTypes:
    """The same list on every target: PTOAS's verifier does not look at the target."""
    return per_target_dtypes(names, names, names)


class UbOp(VectorPipeOp):
    """A `pto.ub.*` instruction on UB pointers: `POINTERS` leading pointer operands (the
    destination first), then its i64 operands."""

    MANUAL: ClassVar = _MANUAL
    VECTOR_OP: ClassVar[type[PtoOp]]
    """The vector op whose semantics and A2/A3 instruction cost it has."""
    POINTERS: ClassVar[int]
    HAS_SCALAR: ClassVar[bool] = False

    @classmethod
    def cost(cls) -> Cost:
        return AsVectorOp(cls.VECTOR_OP)

    @property
    def pointers(self) -> tuple[SSAValue, ...]:
        return tuple(self.operands[: self.POINTERS])

    @property
    def strides(self) -> tuple[SSAValue, ...]:
        """repeat, the block strides (dst first), the repeat strides (dst first)."""
        return tuple(self.operands[self.POINTERS + self.HAS_SCALAR :])

    def element(self) -> DType:
        pointer = self.operands[0].type
        assert isinstance(pointer, PtrType) and pointer.element is not None
        return pointer.element

    def verify_(self) -> None:
        roles = ("dst", "src0", "src1") if self.POINTERS == 3 else ("dst", "src")
        first: Attribute | None = None
        for role, value in zip(roles, self.pointers, strict=False):
            ptr = value.type
            if not isinstance(ptr, PtrType) or ptr.element is None:
                raise fail(f"{self.name} {role} must be a typed !pto.ptr, got {ptr}")
            if ptr.memory is not MemorySpace.UB:
                raise fail(f"{self.name} requires UB-backed operands: {role} is in {ptr.memory}")
            if first is not None and ptr != first:
                raise fail(f"{self.name} {role} type {ptr} must equal the dst type {first}")
            first = ptr
        dtype = self.element()
        legal = self.legal_dtypes(target_of(self))
        if dtype not in legal:
            names = ", ".join(sorted(d.name for d in legal))
            raise fail(f"{self.name} element type {dtype} is not supported (supported: {names})")


class UbBinaryOp(UbOp):
    """`dst = src0 OP src1` (VADD, ... config: repeat, three block, three repeat strides)."""

    POINTERS: ClassVar[int] = 3
    DTYPES: ClassVar = _dtypes(_ALU)

    dst = operand_def(PtrType)
    src0 = operand_def(PtrType)
    src1 = operand_def(PtrType)
    repeat = operand_def(i64)
    dst_block_stride = operand_def(i64)
    src0_block_stride = operand_def(i64)
    src1_block_stride = operand_def(i64)
    dst_repeat_stride = operand_def(i64)
    src0_repeat_stride = operand_def(i64)
    src1_repeat_stride = operand_def(i64)

    assembly_format = (
        "$dst `,` $src0 `,` $src1 `,` $repeat `,` $dst_block_stride `,` $src0_block_stride `,`"
        " $src1_block_stride `,` $dst_repeat_stride `,` $src0_repeat_stride `,`"
        " $src1_repeat_stride attr-dict `:` type($dst) `,` type($src0) `,` type($src1) `,`"
        " type($repeat) `,` type($dst_block_stride) `,` type($src0_block_stride) `,`"
        " type($src1_block_stride) `,` type($dst_repeat_stride) `,`"
        " type($src0_repeat_stride) `,` type($src1_repeat_stride)"
    )


class UbUnaryOp(UbOp):
    """`dst = OP(src)` (VABS, ... config: repeat, two block, two repeat strides)."""

    POINTERS: ClassVar[int] = 2
    DTYPES: ClassVar = _dtypes(_FLOAT)

    dst = operand_def(PtrType)
    src = operand_def(PtrType)
    repeat = operand_def(i64)
    dst_block_stride = operand_def(i64)
    src_block_stride = operand_def(i64)
    dst_repeat_stride = operand_def(i64)
    src_repeat_stride = operand_def(i64)

    assembly_format = (
        "$dst `,` $src `,` $repeat `,` $dst_block_stride `,` $src_block_stride `,`"
        " $dst_repeat_stride `,` $src_repeat_stride attr-dict `:` type($dst) `,` type($src) `,`"
        " type($repeat) `,` type($dst_block_stride) `,` type($src_block_stride) `,`"
        " type($dst_repeat_stride) `,` type($src_repeat_stride)"
    )


class UbScalarOp(UbOp):
    """`dst = src OP scalar` (VSHL, VADDS, ...: the unary config and an i64 scalar)."""

    POINTERS: ClassVar[int] = 2
    HAS_SCALAR: ClassVar[bool] = True
    DTYPES: ClassVar = _dtypes(_ALU)
    SHIFT: ClassVar[bool] = False
    """The scalar is a shift distance (a count), not an element's bits."""

    dst = operand_def(PtrType)
    src = operand_def(PtrType)
    scalar = operand_def(i64)
    repeat = operand_def(i64)
    dst_block_stride = operand_def(i64)
    src_block_stride = operand_def(i64)
    dst_repeat_stride = operand_def(i64)
    src_repeat_stride = operand_def(i64)

    assembly_format = (
        "$dst `,` $src `,` $scalar `,` $repeat `,` $dst_block_stride `,` $src_block_stride `,`"
        " $dst_repeat_stride `,` $src_repeat_stride attr-dict `:` type($dst) `,` type($src) `,`"
        " type($scalar) `,` type($repeat) `,` type($dst_block_stride) `,`"
        " type($src_block_stride) `,` type($dst_repeat_stride) `,` type($src_repeat_stride)"
    )


@irdl_op_definition
class UbVdupOp(UbOp):
    """`pto.ub.vdup`: every active lane of `dst` takes the scalar's bits (MOVEV .u16/.u32;
    the source strides are not used)."""

    name = "pto.ub.vdup"

    POINTERS: ClassVar[int] = 1
    HAS_SCALAR: ClassVar[bool] = True
    VECTOR_OP: ClassVar = VDupOp
    DTYPES: ClassVar = _dtypes("i16 ui16 f16 i32 ui32 f32")  # MOVEV.u16 / .u32

    dst = operand_def(PtrType)
    scalar = operand_def(i64)
    repeat = operand_def(i64)
    dst_block_stride = operand_def(i64)
    src_block_stride = operand_def(i64)
    dst_repeat_stride = operand_def(i64)
    src_repeat_stride = operand_def(i64)

    assembly_format = (
        "$dst `,` $scalar `,` $repeat `,` $dst_block_stride `,` $src_block_stride `,`"
        " $dst_repeat_stride `,` $src_repeat_stride attr-dict `:` type($dst) `,` type($scalar)"
        " `,` type($repeat) `,` type($dst_block_stride) `,` type($src_block_stride) `,`"
        " type($dst_repeat_stride) `,` type($src_repeat_stride)"
    )


class UbMaskOp(PtoOp):
    """A write of the vector mask state (a scalar-unit register write)."""

    MANUAL: ClassVar = _MANUAL
    COST: ClassVar = NoCycles("a special-register write: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.S


@irdl_op_definition
class UbSetMaskOp(UbMaskOp):
    """`pto.ub.set_mask %mask0, %mask1 : i64, i64`: the vector mask (lanes 0-63, 64-127);
    in count mode `mask0` is the element count."""

    name = "pto.ub.set_mask"

    mask0 = operand_def(i64)
    mask1 = operand_def(i64)

    assembly_format = "$mask0 `,` $mask1 attr-dict `:` type($mask0) `,` type($mask1)"


class UbMaskModeOp(UbMaskOp):
    """`pto.ub.set_mask_count` / `set_mask_norm`: CTRL bit 56 set / cleared."""

    COUNT: ClassVar[bool]

    assembly_format = "attr-dict"


def _binary(cls: str, op: str, vector: type[PtoOp], dtypes: str = _ALU) -> type[UbBinaryOp]:
    return define_op(
        UbBinaryOp, cls, f"pto.ub.{op}", f"`{op}` on UB.", VECTOR_OP=vector, DTYPES=_dtypes(dtypes)
    )


def _unary(cls: str, op: str, vector: type[PtoOp], dtypes: str = _FLOAT) -> type[UbUnaryOp]:
    return define_op(
        UbUnaryOp, cls, f"pto.ub.{op}", f"`{op}` on UB.", VECTOR_OP=vector, DTYPES=_dtypes(dtypes)
    )


def _scalar(cls: str, op: str, vector: type[PtoOp], dtypes: str = _ALU) -> type[UbScalarOp]:
    shift = vector in (VShlsOp, VShrsOp)
    return define_op(
        UbScalarOp,
        cls,
        f"pto.ub.{op}",
        f"`{op}` on UB with an i64 {'shift distance' if shift else 'scalar'}.",
        VECTOR_OP=vector,
        DTYPES=_dtypes(dtypes),
        SHIFT=shift,
    )


OPS: list[type[IRDLOperation]] = [
    _binary("UbVaddOp", "vadd", VAddOp),
    _binary("UbVsubOp", "vsub", VSubOp),
    _binary("UbVmulOp", "vmul", VMulOp),
    _binary("UbVdivOp", "vdiv", VDivOp, _FLOAT),
    _binary("UbVmaxOp", "vmax", VMaxOp),
    _binary("UbVminOp", "vmin", VMinOp),
    _binary("UbVandOp", "vand", VAndOp, "i16 ui16"),  # VAND.s16 (TAnd.hpp pairs 4-byte)
    _binary("UbVorOp", "vor", VOrOp, "i16 ui16"),
    _binary("UbVaddReluOp", "vaddrelu", VAddReluOp, "i16 f16 f32"),  # PTOAS vaddrelu.pto
    _unary("UbVnotOp", "vnot", VNotOp, "i16 ui16"),  # VNOT.u16
    _unary("UbVabsOp", "vabs", VAbsOp),
    _unary("UbVreluOp", "vrelu", VReluOp, "i32 f16 f32"),  # TUnaryOp.hpp TRELU
    _unary("UbVexpOp", "vexp", VExpOp),
    _unary("UbVlnOp", "vln", VLnOp),
    _unary("UbVsqrtOp", "vsqrt", VSqrtOp),
    _unary("UbVrsqrtOp", "vrsqrt", VRsqrtOp),  # TUnaryOp.hpp TRSQRT (PTOAS trsqrt lowering)
    _scalar("UbVshlOp", "vshl", VShlsOp, _SHIFT),
    _scalar("UbVshrOp", "vshr", VShrsOp, _SHIFT),
    _scalar("UbVmulsOp", "vmuls", VMulsOp),
    _scalar("UbVaddsOp", "vadds", VAddsOp),
    _scalar("UbVmaxsOp", "vmaxs", VMaxsOp),
    _scalar("UbVminsOp", "vmins", VMinsOp),
    UbVdupOp,
    UbSetMaskOp,
    define_op(UbMaskModeOp, "UbSetMaskCountOp", "pto.ub.set_mask_count", "Count mode.", COUNT=True),
    define_op(UbMaskModeOp, "UbSetMaskNormOp", "pto.ub.set_mask_norm", "Normal mode.", COUNT=False),
]
