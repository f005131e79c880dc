"""vbr of an i8 scalar into si8/ui8 lanes and vor on f16 registers (PTOAS board kernels).

References: the bit patterns written by hand (vbr: the scalar's low 8 bits in every lane;
vor: the OR of the two f16 bit patterns), never the code under test.
"""

from __future__ import annotations

import numpy as np
import pytest
from vector_arith_rig import build, run, vreg
from xdsl.dialects.builtin import IntegerType, Signedness, i8
from xdsl.ir import SSAValue

from interpreters.machine.core import Machine
from pto_dialect.dtypes import F16
from pto_dialect.ops.vector_arith import VBrOp, VOrOp
from pto_dialect.targets import A5
from pto_dialect.vector_types import MaskType, VRegType


@pytest.mark.parametrize(
    ("signedness", "expected"), [(Signedness.SIGNED, -3), (Signedness.UNSIGNED, 0xFD)]
)
def test_vbr_of_an_i8_fills_8_bit_lanes_with_its_bits(signedness: Signedness, expected: int):
    lanes = VRegType(IntegerType(8, signedness))
    op = build(A5, [i8], lambda x: VBrOp(x, lanes))
    (result,) = run(Machine(A5), op, [-3])
    assert result.shape == (256,)
    assert all(int(v) == expected for v in result)


def test_vor_of_f16_ors_the_bit_patterns():
    def make(a: SSAValue, b: SSAValue, m: SSAValue) -> VOrOp:
        return VOrOp(a, b, m)

    op = build(A5, [vreg(F16), vreg(F16), MaskType(16)], make)
    lhs = np.full(128, 0x3C00, np.uint16).view(np.float16)  # 1.0
    rhs = np.full(128, 0x8000, np.uint16).view(np.float16)  # -0.0
    mask = np.zeros(128, bool)
    mask[:100] = True
    (result,) = run(Machine(A5), op, [lhs, rhs, mask])
    bits = result.view(np.uint16)
    assert (bits[:100] == 0xBC00).all()  # -1.0
    assert (bits[100:] == 0).all()  # inactive lanes are 0, as for every binary op
