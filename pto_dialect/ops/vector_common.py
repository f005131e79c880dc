"""Shared pieces of the vector micro-ops (`vector_load`, `vector_store`, `vector_arith`).

- `VectorPipeOp`: PIPE_V and the "type must equal" check every vector op uses.
- Operand kinds (`PTR`, `VREG`, `MASK`, `ALIGN`, `I32_SCALAR`): type constraints that the
  load/store verifiers check themselves, so that their messages name the operand.
- Distribution modes as data (`DistRule`) and `parse_mode` for the mode string properties.
- `VectorMemoryOp`: the checks shared by every UB <-> vreg move (seed 002).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from typing import ClassVar, cast

from typing_extensions import TypeVar
from xdsl.dialects.builtin import MemRefType, StringAttr, i32
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import AttrConstraint, IntConstraint, VerificationContext
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import (
    LoadDist,
    LoadX2Dist,
    Location,
    LocationAttr,
    Pipe,
    PostUpdate,
    StoreDist,
    StoreX2Dist,
    StrideMode,
)
from pto_dialect.dtypes import DType
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.base import PtoOp, fail, target_of
from pto_dialect.records import (
    Completion,
    Cost,
    DTypes,
    PerRepeat,
    VectorCost,
    per_target_dtypes,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import AlignType, MaskType, VRegType

# ----------------------------------------------------------------------------------------
# Values
# ----------------------------------------------------------------------------------------


def vreg_of(value: SSAValue) -> VRegType:
    """The type of a value already known to be a vreg."""
    vreg = value.type
    assert isinstance(vreg, VRegType)
    return vreg


def mask_of(value: SSAValue) -> MaskType:
    """The type of a value already known to be a mask."""
    mask = value.type
    assert isinstance(mask, MaskType)
    return mask


def operand_of(op: PtoOp, name: str) -> SSAValue:
    """The operand field `name`, declared by the concrete op class."""
    value: SSAValue = getattr(op, name)
    return value


def string_props(**values: object) -> dict[str, Attribute]:
    """String properties of the given values, leaving out those that are None."""
    return {key: StringAttr(str(value)) for key, value in values.items() if value is not None}


class VectorPipeOp(PtoOp):
    """A vector micro-op: runs on PIPE_V."""

    PIPE: ClassVar[Pipe] = Pipe.V
    DTYPES: ClassVar[DTypes | None] = None
    """The element types of the op's data vregs per target."""

    @classmethod
    def legal_dtypes(cls, target: TargetProfile) -> frozenset[DType]:
        return frozenset() if cls.DTYPES is None else cls.DTYPES[target.arch]

    def check_same_type(self, role: str, value: SSAValue, ref_role: str, ref: Attribute) -> None:
        if value.type != ref:
            raise fail(f"{self.name} {role} type {value.type} must equal the {ref_role} type {ref}")


# ----------------------------------------------------------------------------------------
# Distribution modes as data
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class DistRule:
    """Element widths a distribution mode requires.

    `lane_bits`: width of the vreg lanes (None: any width). `memory_bits`: width of the UB
    elements when it differs from the lanes (unpack/pack modes); None: UB elements are the
    lane type itself.
    """

    lane_bits: int | None
    memory_bits: int | None = None


SAME = DistRule(None)
"""The rule of modeless ops: UB elements are the lane type."""

_MODE_KINDS: tuple[tuple[type[StrEnum], str], ...] = (
    (LoadDist, "a load distribution of pto.vlds"),
    (LoadX2Dist, "a dual-load distribution of pto.vldsx2"),
    (StoreDist, "a store distribution of pto.vsts"),
    (StoreX2Dist, "a dual-store distribution of pto.vstsx2"),
    (StrideMode, "a stride mode of pto.vsld/pto.vsst"),
    (PostUpdate, "a post-update mode of pto.vstu/pto.vstus/pto.vstur"),
)

_EnumT = TypeVar("_EnumT", bound=StrEnum)


def parse_mode(op_name: str, what: str, token: str, enum: type[_EnumT]) -> _EnumT:
    """`token` as a member of `enum`; the error says which op family a foreign token is for."""
    try:
        return enum(token)
    except ValueError:
        pass
    expected = ", ".join(m.value for m in enum)
    for other, kind in _MODE_KINDS:
        if other is not enum and token in {m.value for m in other}:
            raise fail(f'{op_name} {what} "{token}" is {kind}; {op_name} takes one of {expected}')
    raise fail(f'{op_name} {what} "{token}" is unknown; expected one of {expected}')


# ----------------------------------------------------------------------------------------
# Operand kinds: checked by the verifier so that messages name the operand
# ----------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Kind(AttrConstraint[Attribute]):
    """The type an operand or result must have; accepted by IRDL, checked in `verify_`.

    xDSL's format parser rejects a mistyped operand before verification with a message that
    does not name it, so the ops using kinds check them themselves (`check_kinds`).
    """

    description: str
    accepts: Callable[[Attribute], bool]

    def verify(self, attr: Attribute, constraint_context: VerificationContext) -> None:
        return

    def mapping_type_vars(
        self, type_var_mapping: Mapping[TypeVar, AttrConstraint | IntConstraint]
    ) -> Kind:
        return self


def _kind_of(constr: object) -> Kind | None:
    """The `Kind` inside an operand/result range constraint, if any."""
    while not isinstance(constr, Kind):
        inner = getattr(constr, "constraint", None) or getattr(constr, "constr", None)
        if inner is None:
            return None
        constr = inner
    return constr


PTR = Kind("a !pto.ptr", lambda t: isinstance(t, PtrType))


def as_pointer(t: Attribute) -> PtrType | None:
    """A pointer operand's type: a `!pto.ptr`, or a `vec` memref read as `!pto.ptr<T, ub>`
    (PTOAS's `PTO_BufferLikeType` of mid 2026: vpto-dev's tilelang kernels load and store
    through `tile_buf_addr`'s memref); None for anything else."""
    if isinstance(t, PtrType):
        return t
    if isinstance(t, MemRefType):
        memref = cast(MemRefType[Attribute], t)
        space = memref.memory_space
        if isinstance(space, LocationAttr) and space.data is Location.VEC:
            return PtrType(memref.element_type, MemorySpace.UB)
    return None


UB_BUFFER = Kind("a !pto.ptr or a vec memref", lambda t: as_pointer(t) is not None)
VREG = Kind("a !pto.vreg", lambda t: isinstance(t, VRegType))
MASK = Kind("a !pto.mask", lambda t: isinstance(t, MaskType))
ALIGN = Kind("!pto.align", lambda t: isinstance(t, AlignType))
I32_SCALAR = Kind("i32", lambda t: t == i32)


# ----------------------------------------------------------------------------------------
# UB <-> vreg moves
# ----------------------------------------------------------------------------------------


class VectorMemoryOp(VectorPipeOp):
    """A UB <-> vreg move on the vector pipe; operands and results are declared by `Kind`."""

    # seed 002 load/store, checked on the data vreg lanes: 8/16/32-bit on A2/A3 ("A2/A3 ...
    # may support narrower subsets": no fp8, no 64-bit lanes); A5 adds fp8 and the 64-bit
    # lanes of UNPK_B32, and HiFloat8, packed fp4 and bf16-pair lanes, moved as bytes (PTOAS's
    # VPTO loads and stores take any vreg type: `verifyVldsCommon`; its board-tested
    # vreg-low-precision-ldst and vcvt-low-precision-*, and the bf16x2 registers VMIToVPTO
    # keeps as `getVMIPhysicalDataElementType`).
    DTYPES: ClassVar[DTypes | None] = per_target_dtypes(
        "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32",
        "i8 ui8 i16 ui16 i32 ui32 f16 bf16 f32 f8E4M3FN f8E5M2 hif8 f4E1M2x2 f4E2M1x2 i64 ui64 "
        "bf16x2",
    )
    COST: ClassVar[Cost | None] = VectorCost(
        Completion.BINOP,
        PerRepeat.SIMPLE,
        7,
        estimate="no published figure for vector loads and stores: costed as vand",
    )

    def verify_(self) -> None:
        self.check_kinds()
        self.verify_memory()

    def verify_memory(self) -> None:
        """Family checks, run once every operand and result has its kind."""

    def check_kinds(self) -> None:
        """Every operand and result declared with a `Kind` has that kind."""
        op_def = self.get_irdl_definition()
        defs = [(n, d.constr) for n, d in op_def.operands]
        defs += [(n, d.constr) for n, d in op_def.results]
        for name, constr in defs:
            value: SSAValue | None = getattr(self, name)
            kind = _kind_of(constr)
            if kind is not None and value is not None and not kind.accepts(value.type):
                raise fail(f"{self.name} {name} must be {kind.description}, got {value.type}")

    def ub_pointer(self, value: SSAValue, role: str) -> PtrType:
        """`value` as a UB pointer (typed `!pto.ptr<T, ub>` or untyped `!pto.ptr`)."""
        ptr = as_pointer(value.type)
        assert ptr is not None  # checked by `check_kinds`
        if ptr.is_typed and ptr.memory is not MemorySpace.UB:
            raise fail(
                f"{self.name} {role} must address UB (!pto.ptr<T, ub> or untyped !pto.ptr), "
                f"got {ptr}"
            )
        return ptr

    def check_pointee(
        self, ptr: PtrType, role: str, vreg: VRegType, vreg_role: str, rule: DistRule, mode: str
    ) -> None:
        """A typed pointer's element type is the lane type, or has the mode's memory width."""
        element = ptr.element
        if element is None:
            return
        if rule.memory_bits is None:
            if element != vreg.element:
                raise fail(
                    f"{self.name} {role} element type {element} must equal the {vreg_role} "
                    f"element type {vreg.element}"
                )
        elif element.bits != rule.memory_bits:
            lanes = "" if rule.lane_bits is None else f" in {rule.lane_bits}-bit lanes"
            raise fail(
                f"{self.name} {role} element type {element} must be {rule.memory_bits}-bit for "
                f"{mode} ({rule.memory_bits}-bit UB elements{lanes})"
            )

    def check_lanes(self, vreg: VRegType, role: str, rule: DistRule, mode: str) -> None:
        if rule.lane_bits is not None and vreg.element.bits != rule.lane_bits:
            raise fail(
                f"{self.name} {mode} needs {rule.lane_bits}-bit {role} elements, got {vreg.element}"
            )

    def check_dist(
        self,
        ptr: PtrType,
        ptr_role: str,
        vreg: VRegType,
        roles: tuple[str, str],
        rule: DistRule,
        mode: StrEnum,
    ) -> None:
        """Lane width and pointee of a distribution `mode`; `roles`: (lanes, pointee) roles."""
        lane_role, vreg_role = roles
        self.check_lanes(vreg, lane_role, rule, f"dist {mode}")
        self.check_pointee(ptr, ptr_role, vreg, vreg_role, rule, f"dist {mode}")

    def check_pair(self, low: VRegType, high: VRegType) -> None:
        """The two vregs of a dual load/store have one type."""
        if low != high:
            raise fail(f"{self.name} low and high must have the same type, got {low} and {high}")

    def check_mask(self, mask: SSAValue, vreg: VRegType, vreg_role: str) -> None:
        """The mask has one bit per lane of `vreg` (b32 for 32-bit elements, ...)."""
        bits = vreg.element.bits
        granularity = mask_of(mask).bits.data
        if granularity != bits:
            raise fail(
                f"{self.name} mask granularity b{granularity} must match the {bits}-bit "
                f"elements of {vreg_role} (!pto.mask<b{bits}>)"
            )

    def check_indices(self, offsets: SSAValue, vreg: VRegType, vreg_role: str) -> VRegType:
        """Gather/scatter indices: an integer vreg with as many lanes as the data."""
        index = vreg_of(offsets)
        if not index.element.is_int:
            raise fail(f"{self.name} offsets must be an integer vreg, got {index}")
        if index.lanes.data != vreg.lanes.data:
            raise fail(
                f"{self.name} offsets have {index.lanes.data} lanes but {vreg_role} has "
                f"{vreg.lanes.data}; they must match"
            )
        return index

    def check_target(self, vreg: VRegType, role: str) -> None:
        target = target_of(self)
        if vreg.element not in self.legal_dtypes(target):
            raise fail(
                f"{self.name} {role} element type {vreg.element} is not supported on target "
                f"{target.name}"
            )


_Parsed = tuple[list[SSAValue], dict[str, Attribute], Attribute]


def parse_typed_operands(parser: Parser, name: str, counts: tuple[int, ...]) -> _Parsed:
    """`%a, %b[, %m] attr-dict : T, T[, M] -> R`, the operand types also in parentheses as
    the SFU pages and `vaxpy`'s write them (`: (T, T, M) -> R`), with a number of operands
    in `counts`: (operands, attributes, result type)."""
    start = parser.pos
    names: list[UnresolvedOperand] = parser.parse_comma_separated_list(
        parser.Delimiter.NONE, parser.parse_unresolved_operand
    )
    attrs = parser.parse_optional_attr_dict()
    parser.parse_punctuation(":")
    paren = parser.parse_optional_punctuation("(") is not None
    types = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    if paren:
        parser.parse_punctuation(")")
    parser.parse_punctuation("->")
    result = parser.parse_type()
    if len(names) not in counts or len(types) != len(names):
        parser.raise_error(
            f"{name} takes {' or '.join(map(str, counts))} operands, each with its type; got "
            f"{len(names)} operands and {len(types)} types",
            start,
        )
    operands: list[SSAValue] = [
        parser.resolve_operand(n, t) for n, t in zip(names, types, strict=True)
    ]
    return operands, attrs, result
