"""Element types of PTO tiles and vector registers.

The ISA names element types as C++ does (`half`, `int8_t`, ...); IR spells them
as MLIR types (`f16`, `i8`, `ui8`, ...). `DType` is the bridge: a short
canonical name, the byte width, the kind, and the numpy/ml_dtypes dtype.
Signless MLIR integers are signed, as in C.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import Enum
from functools import cached_property
from typing import TYPE_CHECKING, cast

from xdsl.dialects import builtin
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.utils.exceptions import VerifyException

if TYPE_CHECKING:
    import numpy as np

from pto_dialect.low_precision import BF16x2Type, F4E1M2x2Type, F4E2M1x2Type, HiF8Type


class Kind(Enum):
    FLOAT = "float"
    SINT = "sint"
    UINT = "uint"


@dataclass(frozen=True)
class DType:
    """A PTO element type; `numpy` is its numpy / ml_dtypes dtype (imported on first use:
    the dialect and `pto-opt` need no numpy)."""

    name: str
    bits: int
    kind: Kind
    numpy_name: str
    """The name of the numpy scalar type (`ml_dtypes.` for the types numpy lacks)."""
    coded: bool = False
    """The numpy dtype holds the format's raw codes, not its values (hif8, packed fp4):
    numeric use decodes them (`interpreters/semantics/mx_formats.py`)."""
    value_bits: int = 0
    """Bits of one value where an element packs several (a packed FP4 pair: 4; a `bf16x2`
    pair: 16); 0: the element is one value of `bits`."""

    @cached_property
    def numpy(self) -> np.dtype[np.generic]:
        import numpy as np

        module, _, name = self.numpy_name.rpartition(".")
        if module:
            import ml_dtypes

            return np.dtype(getattr(ml_dtypes, name))
        return np.dtype(name)

    @property
    def bytes(self) -> int:
        return self.bits // 8

    @property
    def values(self) -> int:
        """Values in one element (2 for the packed pairs, else 1)."""
        return self.bits // self.value_bits if self.value_bits else 1

    def elements_for(self, values: int) -> int:
        """Elements holding `values` consecutive values (a packed pair's last may be half full)."""
        return -(-values // self.values)

    @property
    def is_float(self) -> bool:
        return self.kind is Kind.FLOAT

    @property
    def is_int(self) -> bool:
        return self.kind is not Kind.FLOAT

    @property
    def is_signed(self) -> bool:
        return self.kind is not Kind.UINT

    @property
    def int_limits(self) -> tuple[int, int]:
        """The smallest and largest value of an integer type."""
        if self.kind is Kind.UINT:
            return 0, (1 << self.bits) - 1
        return -(1 << (self.bits - 1)), (1 << (self.bits - 1)) - 1

    def __str__(self) -> str:
        return self.name


F32 = DType("f32", 32, Kind.FLOAT, "float32")
F16 = DType("f16", 16, Kind.FLOAT, "float16")
BF16 = DType("bf16", 16, Kind.FLOAT, "ml_dtypes.bfloat16")
F8E4M3 = DType("f8E4M3FN", 8, Kind.FLOAT, "ml_dtypes.float8_e4m3fn")
F8E5M2 = DType("f8E5M2", 8, Kind.FLOAT, "ml_dtypes.float8_e5m2")
I8 = DType("i8", 8, Kind.SINT, "int8")
U8 = DType("ui8", 8, Kind.UINT, "uint8")
I16 = DType("i16", 16, Kind.SINT, "int16")
U16 = DType("ui16", 16, Kind.UINT, "uint16")
I32 = DType("i32", 32, Kind.SINT, "int32")
U32 = DType("ui32", 32, Kind.UINT, "uint32")
I64 = DType("i64", 64, Kind.SINT, "int64")
U64 = DType("ui64", 64, Kind.UINT, "uint64")

# PTO's own low-precision types (`pto_dialect.low_precision`): raw unsigned carriers (`coded`);
# conversions (VMI `vcvt`, interpreters/semantics/vmi_convert) and the cube's matrix ops
# (interpreters/semantics/mx_formats) give their codes values.
HIF8 = DType("hif8", 8, Kind.FLOAT, "uint8", coded=True)
F4E1M2X2 = DType("f4E1M2x2", 8, Kind.FLOAT, "uint8", coded=True, value_bits=4)
F4E2M1X2 = DType("f4E2M1x2", 8, Kind.FLOAT, "uint8", coded=True, value_bits=4)
BF16X2 = DType("bf16x2", 32, Kind.FLOAT, "uint32", value_bits=16)
LOW_PRECISION = (HIF8, F4E1M2X2, F4E2M1X2, BF16X2)

ALL_DTYPES = (F32, F16, BF16, F8E4M3, F8E5M2, I8, U8, I16, U16, I32, U32, I64, U64)
# The cube chapter's MX scale (A5): E8M0, an 8-bit power of two, spelled `!pto.f8E8M0`
# (PTOAS include/PTO/IR/PTOTypeDefs.td) or MLIR's `f8E8M0FNU`. HiFloat8 and the packed FP4
# pairs are the low-precision types above (a packed pair counts as one element).
F8E8M0 = DType("f8E8M0", 8, Kind.FLOAT, "ml_dtypes.float8_e8m0fnu")
CUBE_DTYPES = (HIF8, F8E8M0, F4E2M1X2, F4E1M2X2)
FP4_DTYPES = (F4E2M1X2, F4E1M2X2)

_BY_NAME = {d.name: d for d in (*ALL_DTYPES, *LOW_PRECISION, F8E8M0)}


@irdl_attr_definition
class F8E8M0Type(ParametrizedAttribute, TypeAttribute):
    """`!pto.f8E8M0`: the MX scale, an 8-bit power of two (E8M0)."""

    name = "pto.f8E8M0"

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is not None:
            parser.raise_error(f"!{cls.name} takes no parameters")
        return ()


ELEMENT_TYPES = [F8E8M0Type]
"""The dialect's own element types besides `pto_dialect.low_precision`'s."""

_FLOAT_TYPES: dict[type[Attribute], DType] = {
    builtin.Float32Type: F32,
    builtin.Float16Type: F16,
    builtin.BFloat16Type: BF16,
    builtin.Float8E4M3FNType: F8E4M3,
    builtin.Float8E4M3Type: F8E4M3,  # PTOAS 2026-04: both are float8_e4m3_t (decisions.md)
    builtin.Float8E5M2Type: F8E5M2,
    builtin.Float8E8M0FNUType: F8E8M0,
    F8E8M0Type: F8E8M0,
    HiF8Type: HIF8,
    F4E1M2x2Type: F4E1M2X2,
    F4E2M1x2Type: F4E2M1X2,
    BF16x2Type: BF16X2,
}


_UNSIGNED = builtin.SignednessAttr(builtin.Signedness.UNSIGNED)


def dtype_of(attr: Attribute) -> DType | None:
    """The PTO element type an MLIR type denotes, or None if it is not one."""
    if isinstance(attr, builtin.IntegerType):
        integer = cast("builtin.IntegerType[int, builtin.Signedness]", attr)
        width = integer.bitwidth
        unsigned = integer.signedness == _UNSIGNED
        return _BY_NAME.get(("ui" if unsigned else "i") + str(width))
    return _FLOAT_TYPES.get(type(attr))


def element_dtype(attr: Attribute, what: str) -> DType:
    """The PTO element type `attr` denotes; a VerifyException naming `what` if none."""
    dtype = dtype_of(attr)
    if dtype is None:
        raise VerifyException(f"{what} element type {attr} is not a PTO element type")
    return dtype


def dtype_named(name: str) -> DType:
    """Look up a dtype by its canonical name (`f32`, `ui8`, ...)."""
    return _BY_NAME[name]


def mlir_type(dtype: DType) -> Attribute:
    """The MLIR type that spells `dtype` in IR."""
    if dtype == F8E8M0:
        return F8E8M0Type()
    for cls, d in _FLOAT_TYPES.items():
        if d == dtype:
            return cls()
    signedness = builtin.Signedness.UNSIGNED if dtype.kind is Kind.UINT else None
    if signedness is None:
        return builtin.IntegerType(dtype.bits)
    return builtin.IntegerType(dtype.bits, signedness)


def dtypes(names: str) -> frozenset[DType]:
    """A set of dtypes from a space-separated list of canonical names."""
    return frozenset(_BY_NAME[n] for n in names.split())
