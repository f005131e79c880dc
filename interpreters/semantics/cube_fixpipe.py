"""The fixpipe: what `mte_l0c_l1` / `mte_l0c_gm` / `mte_l0c_ub` compute and where they write.

For each repeat r of `loop3` (source + r x src_stride3 x 32 bytes, destination + r x
dst_stride3 elements) and each element (i, j) of the m x n result:

1. read the accumulator: L0C element `(j // 16) * src_stride * 16 + i * 16 + j % 16` (f32 or
   i32; `src_stride` counts the 16-element rows of a box column);
2. `pre_quant`: scale by the channel's (column j's) parameter, or convert only
   (`f32_f16`, `f32_bf16`, `no_convert`);
3. `pre_relu`: `max(x, 0)` (normal), `x >= 0 ? x : alpha x` (scalar alpha, or alpha[j] from
   the fixpipe buffer);
4. convert to the destination type (floats round to nearest even, HiFloat8 ties away;
   integers round half to even, add the parameter's offset and saturate), `sat` clamping
   floating overflow and infinities to the largest finite value and NaN to 0 (`sat(preserve_nan)`
   keeps NaN; `nosat` and no clause: IEEE, the f32 destination unchanged);
5. `clip`: `min(y, clip)` in the destination type;
6. write at `i * dst_stride + j` (nz2nd), `j * dst_stride + i` (nz2dn) or, with no layout
   clause or nz2nz, as NZ of the destination's C0: `((j // C0) * dst_stride + i) * C0 +
   j % C0`; a GM `atomic` combines the value with the one there (add, max, min in the
   atomic type).

A quantisation parameter is a 64-bit word per channel (`vec` modes: word j at the `fb`
payload + 8 j; `scalar` modes: the payload as f32 bits): scale = bits 13-31 as a float with
10 mantissa bits (the f32 bits with the low 13 cleared), offset = bits 37-45 (9-bit two's
complement), bit 46 the signed/unsigned choice of 8-bit results (the destination type decides
here). These follow PTOAS's board-tested goldens (test/vpto/cases/micro-op/cv-mixed/
fixpipe-quant-ub-cv/golden.py `extract_quant_params`) and its scalar payload encoding
(lib/PTO/Transforms/VPTOExpandWrapperOps.cpp `materializeAccStoreScalarPayload`).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from interpreters.engine.errors import PtoRuntimeError
from interpreters.semantics.matrix import finite_max
from interpreters.semantics.mx_formats import to_hif8
from interpreters.semantics.vector_arith import narrow
from pto_dialect.dtypes import F32, HIF8, DType
from pto_dialect.fractal import ACC_BOX, C0_BYTES
from pto_dialect.ops.cube_fixpipe import QUANT_MODES


def acc_offsets(m: int, n: int, src_stride: int) -> np.ndarray:
    """Element offsets of the m x n accumulator values in L0C."""
    i = np.arange(m, dtype=np.int64).reshape(-1, 1)
    j = np.arange(n, dtype=np.int64).reshape(1, -1)
    return (j // ACC_BOX) * src_stride * ACC_BOX + i * ACC_BOX + j % ACC_BOX


def dst_offsets(layout: str | None, m: int, n: int, dst_stride: int, dtype: DType) -> np.ndarray:
    """Element offsets of the m x n results in the destination."""
    i = np.arange(m, dtype=np.int64).reshape(-1, 1)
    j = np.arange(n, dtype=np.int64).reshape(1, -1)
    if layout == "nz2nd":
        return i * dst_stride + j
    if layout == "nz2dn":
        return j * dst_stride + i
    width = C0_BYTES // dtype.bytes
    return ((j // width) * dst_stride + i) * width + j % width


def word_scale(words: np.ndarray) -> np.ndarray:
    """The scales of quantisation words: bits 13-31 as f32 bits (10 mantissa bits)."""
    return (words.astype(np.uint64) & np.uint64(0xFFFFE000)).astype(np.uint32).view(np.float32)


def word_offset(words: np.ndarray) -> np.ndarray:
    """The 9-bit two's complement offsets of quantisation words (bits 37-45)."""
    raw = ((words.astype(np.uint64) >> np.uint64(37)) & np.uint64(0x1FF)).astype(np.int64)
    return np.where(raw >= 256, raw - 512, raw)


def scalar_word(value: float) -> np.ndarray:
    """The word of a scalar payload: its f32 bits."""
    return np.array([np.float32(value)]).view(np.uint32).astype(np.uint64)


@dataclass(frozen=True)
class Stage:
    """The value clauses of one fixpipe store."""

    quant: str | None
    words: np.ndarray | None
    """Per channel (length n) or one scalar word; None without pre_quant."""
    relu: str | None
    alpha: np.ndarray | None
    """Per channel (length n) or one value; None unless scalar/vector ReLU."""
    clip: float | int | None
    sat: str | None


def apply(values: np.ndarray, source: DType, target: DType, stage: Stage) -> np.ndarray:
    """Steps 2-5 on the m x n accumulator `values`: the destination values."""
    mode = QUANT_MODES.get(stage.quant) if stage.quant is not None else None
    with np.errstate(all="ignore"):
        x = values.astype(np.float64)
        offset = np.zeros((1, 1), np.int64)
        if mode is not None and stage.words is not None:
            words = stage.words.reshape(1, -1)
            scale = word_scale(words).astype(np.float64)
            if source == F32:
                x = (values.astype(np.float32) * word_scale(words)).astype(np.float64)
            else:
                x = values.astype(np.float64) * scale
            if stage.quant is not None and stage.quant.startswith("qf16"):
                x = x.astype(np.float16).astype(np.float64)  # the f16-domain pre-stage
            offset = word_offset(words)
        if stage.relu == "normal_relu":
            x = np.where(x < 0, 0.0, x)
        elif stage.relu in ("scalar_relu", "vector_relu") and stage.alpha is not None:
            alpha = stage.alpha.reshape(1, -1).astype(np.float64)
            negative = x * alpha
            if source == F32:
                negative = (x.astype(np.float32) * alpha.astype(np.float32)).astype(np.float64)
            x = np.where(x >= 0, x, negative)
        y = convert(x, target, stage.sat, offset, source)
        if stage.clip is not None:
            clip = np.array(stage.clip).astype(target.numpy) if not target.coded else None
            if clip is None:
                raise PtoRuntimeError(f"clip on a {target} destination is not modelled")
            y = np.where(y.astype(np.float64) > clip.astype(np.float64), clip, y).astype(
                target.numpy
            )
    return y


def convert(
    x: np.ndarray, target: DType, sat: str | None, offset: np.ndarray, source: DType
) -> np.ndarray:
    """Step 4: float64 values to the destination type."""
    if target.is_int:
        low, high = target.int_limits
        rounded = np.rint(np.nan_to_num(x, nan=0.0, posinf=high, neginf=low)) + offset
        return np.clip(rounded, low, high).astype(target.numpy)
    saturate = sat in ("sat", "sat_preserve_nan")
    if saturate and target != F32:  # an f32 destination keeps inf and NaN (fixpipe-model)
        big = finite_max(target)
        nan = np.isnan(x)
        x = np.clip(np.where(nan, 0.0, x), -big, big)
        if sat == "sat_preserve_nan":
            x = np.where(nan, np.nan, x)
    if target == HIF8:
        return to_hif8(x, saturate=saturate)
    return narrow(x, target)
