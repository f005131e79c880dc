"""The MX (microscaled) formats as data: data types, the E8M0 scale, grouping, per target.

An MX matmul multiplies FP8 or packed FP4 operands, each group of 32 consecutive K elements
scaled by one E8M0 power of two per row of A and per column of B (manual:
docs/isa/cube/ops/mad/mad-mx.md; tile/ops/matrix-and-matrix-vector/tmatmul-mx.md). Only A5
has MX forms (pto-isa include/pto/npu/a5/TMatmul.hpp `isSupportedFp8Combo`,
`isSupportedFp4Combo`, `CheckMadMxValid`); the CPU simulator follows A5.
"""

from __future__ import annotations

from pto_dialect.attrs import BLayout, SLayout
from pto_dialect.dtypes import F8E4M3, F8E5M2, F8E8M0, F32, FP4_DTYPES, DType
from pto_dialect.records import PerTarget

MX_GROUP = 32
"""K elements sharing one scale."""
MX_SCALE = F8E8M0
"""The scale element: 2^(byte - 127)."""
SCALE_ADDRESS_SHIFT = 4
"""An operand's scales lie at its L0A / L0B byte address >> 4 in the scale buffer of that
operand (PTOAS lib/PTO/Transforms/VPTOExpandWrapperOps.cpp `kMxScaleAddressShift`)."""
SCALE_FRAGMENT_BYTES = 32
"""A scale fragment: 16 rows (of A) or columns (of B) x 2 groups, one byte each."""

_FP8 = (F8E4M3, F8E5M2)
MX_PAIRS: frozenset[tuple[DType, DType]] = frozenset(
    {(a, b) for a in _FP8 for b in _FP8} | {(a, b) for a in FP4_DTYPES for b in FP4_DTYPES}
)
"""(A, B) element types of an MX matmul: FP8 with FP8, FP4 with FP4."""

MX_TRIPLES: PerTarget[frozenset[tuple[DType, DType, DType]]] = PerTarget(
    frozenset(),
    frozenset((F32, a, b) for a, b in MX_PAIRS),
    frozenset((F32, a, b) for a, b in MX_PAIRS),
)
"""(C, A, B) of the MX forms per target: A5 (and cpu) only, C always f32."""

MX_SCALE_BOXES = frozenset(
    {(BLayout.ROW_MAJOR, SLayout.ROW_MAJOR), (BLayout.COL_MAJOR, SLayout.COL_MAJOR)}
)
"""(blayout, slayout) of A's (ZZ) and B's (NN) MX scale tiles: pto-isa a5 `TExtractToAmx` /
`TExtractToBmx` and `TLoadMxCubeCheck` (fractal 32: 16 x 2 one-byte scales a box)."""


def mx_scale_gm_order(blayout: BLayout, slayout: SLayout, rows: int) -> str | None:
    """The box order PTOAS gives the GM view a `tload` fills an E8M0 mat tile of these boxes
    from: "zz" (A's scales, MX_A_ZZ: 16 rows x 2 groups a box, row blocks first), "nn" (B's,
    MX_B_NN: 2 groups x 16 columns a box, column blocks first), None for a plain ND view.
    PTOAS InferPTOLayout.cpp `collectPreferredLayoutFromConsumers` and PTOToEmitC.cpp (a
    row_major/row_major tile of one row stays ND); pto-isa a5 TLoad.hpp `TLoadMxCubeZZ2ZZ` /
    `TLoadMxCubeNN2NN` then copy the GM bytes in that order."""
    if (blayout, slayout) == (BLayout.COL_MAJOR, SLayout.COL_MAJOR):
        return "nn"
    if (blayout, slayout) == (BLayout.ROW_MAJOR, SLayout.ROW_MAJOR) and rows != 1:
        return "zz"
    return None
