"""PTO's own low-precision element types (PTOAS `PTOTypeDefs.td`), which MLIR's builtin
types do not spell:

- `!pto.hif8`: Ascend A5 HiFloat8, one byte (`hifloat8_t`);
- `!pto.f4E1M2x2`, `!pto.f4E2M1x2`: two FP4 values packed in one byte, the first in the low
  nibble (`float4_e1m2x2_t`, `float4_e2m1x2_t`);
- `!pto.bf16x2`: two bf16 values in 32 bits, the first in the low half (`bf16x2_t`).

They are element types of pointers (`!pto.ptr<!pto.f4E1M2x2, ub>`) and of VMI vectors; the
dtype table (`pto_dialect.dtypes`) gives each its byte width and a raw unsigned carrier.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.ir import Attribute, ParametrizedAttribute, TypeAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser


class _NoParameters(ParametrizedAttribute, TypeAttribute):
    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        if parser.parse_optional_punctuation("<") is not None:
            parser.raise_error(f"!{cls.name} takes no parameters")
        return ()


@irdl_attr_definition
class HiF8Type(_NoParameters):
    """`!pto.hif8`: one Ascend HiFloat8 value."""

    name = "pto.hif8"


@irdl_attr_definition
class F4E1M2x2Type(_NoParameters):
    """`!pto.f4E1M2x2`: two FP4 E1M2 values in one byte (first in the low nibble)."""

    name = "pto.f4E1M2x2"


@irdl_attr_definition
class F4E2M1x2Type(_NoParameters):
    """`!pto.f4E2M1x2`: two FP4 E2M1 values in one byte (first in the low nibble)."""

    name = "pto.f4E2M1x2"


@irdl_attr_definition
class BF16x2Type(_NoParameters):
    """`!pto.bf16x2`: two bf16 values in 32 bits (first in the low half)."""

    name = "pto.bf16x2"


TYPES: list[type[Attribute]] = [HiF8Type, F4E1M2x2Type, F4E2M1x2Type, BF16x2Type]
