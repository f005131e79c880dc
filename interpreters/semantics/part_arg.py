"""Which source `tpartargmax`/`tpartargmin` take where both are valid, per target.

The implementations compare differently, which decides ties and NaNs:
- A2/A3 (a2a3/TPartArgOp.hpp): `vcmp_ge(src0, src1)` (max) / `vcmp_le` (min), then
  `vsel(src0, src1)`: src0 unless the comparison fails (a tie takes src0, a NaN src1);
- A5 (a5/TPartArgMax.hpp, TPartArgMin.hpp): `vcmp_gt(src1, src0)` / `vcmp_lt`, then
  `vsel(src1, src0)`: src1 only where it is strictly better (a tie or a NaN takes src0);
- the CPU simulator (cpu/TPartArgMax.hpp): src0 where `src0 > src1` / `src0 < src1`, else src1
  (a tie takes src1, as TPARTARGMAX.md's formula does).
"""

from __future__ import annotations

import numpy as np

from pto_dialect.attrs import TargetArch


def takes_src1(src0: np.ndarray, src1: np.ndarray, picks_max: bool, arch: TargetArch) -> np.ndarray:
    """Boolean array: where the pair of src1 wins over src0's."""
    with np.errstate(invalid="ignore"):
        if arch is TargetArch.A5:
            return src1 > src0 if picks_max else src1 < src0
        if arch is TargetArch.A2A3:
            return ~(src0 >= src1) if picks_max else ~(src0 <= src1)
        return ~(src0 > src1) if picks_max else ~(src0 < src1)
