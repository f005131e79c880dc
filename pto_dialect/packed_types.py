"""Scalar payloads of the SIMT layer that are not PTO element types: what a SIMT workitem
loads, stores, converts and keeps in one register.

- `vector<N x T>` of a PTO element type, 2 lanes (4 or 8 of the fp8 types): a packed value
  (`vector<2xf16>`, `vector<2xf32>`, `vector<4xf8E4M3FN>`), PTOAS VPTOOps.td
  `PTO_Simt*ValueType` and `ldg`'s packed types (PTOAS `isPTOPackedLdgStgVectorType`);
- `!pto.hif8x2`: two HiFloat8 values in 16 bits (PTOAS PTOTypeDefs.td `HiF8x2Type`);
- `f64`: a GM scalar that `pto.ldg` / `pto.stg` move (no arithmetic of the dialect uses it).

`payload_bytes` is the size of one such value in memory: a `!pto.ptr` to it counts its
offsets in these units (`pto.addptr`, `pto.load`).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import cast

from xdsl.dialects.builtin import Float64Type, VectorType
from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser

from pto_dialect.dtypes import DType, dtype_of

PACKED_LANES = (2, 4, 8)
"""Lanes of a packed vector value: 2, and 4 or 8 for the one-byte float types."""


@irdl_attr_definition
class HiF8x2Type(ParametrizedAttribute, TypeAttribute):
    """`!pto.hif8x2`: two HiFloat8 values packed in 16 bits (the first in the low byte)."""

    name = "pto.hif8x2"

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is not None:
            parser.raise_error("!pto.hif8x2 takes no parameters")
        return ()


def packed_vector(attr: Attribute) -> tuple[int, DType] | None:
    """(lanes, element type) of a packed `vector<NxT>` value type, else None."""
    if not isinstance(attr, VectorType):
        return None
    vector = cast("VectorType[Attribute]", attr)
    shape = vector.get_shape()
    element = dtype_of(vector.element_type)
    if len(shape) != 1 or element is None:
        return None
    lanes = shape[0]
    if (lanes == 2 and element.bits <= 32) or (
        lanes in PACKED_LANES and element.bits == 8 and element.is_float
    ):
        return lanes, element
    return None


def payload_bytes(attr: Attribute) -> int | None:
    """Bytes of one value of type `attr` in memory: a PTO element type, a packed vector,
    `!pto.hif8x2` or `f64`; None for any other type."""
    element = dtype_of(attr)
    if element is not None:
        return element.bytes
    packed = packed_vector(attr)
    if packed is not None:
        return packed[0] * packed[1].bytes
    if isinstance(attr, HiF8x2Type):
        return 2
    if isinstance(attr, Float64Type):
        return 8
    return None


TYPES = [HiF8x2Type]
