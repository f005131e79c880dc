"""Compare and select (tcmp, tcmps, tsel, tsels; vcmp, vcmps, vsel), as pure numpy.

- A compare is IEEE 754 on floats: a NaN operand makes EQ, LT, LE, GT, GE false and NE true;
  integers compare as their (signed or unsigned) values. On a target whose rules list the
  element type in `eq_only` (A2/A3 int32: "ignores cmpMode, uses EQ") every mode tests
  equality.
- The packed mask tile: row i holds the predicates of row i; predicate j is bit `j % W`
  (least significant first) of word `j // W`, W the mask element's bit width. `pack`
  writes ceil(C / W) words per row, the bits past C zero; `unpack` reads C predicates.
- A select takes src0 where the predicate is 1, the other operand where it is 0.
"""

from __future__ import annotations

import numpy as np

from pto_dialect.attrs import CmpMode

_UFUNCS: dict[CmpMode, np.ufunc] = {
    CmpMode.EQ: np.equal,
    CmpMode.NE: np.not_equal,
    CmpMode.LT: np.less,
    CmpMode.LE: np.less_equal,
    CmpMode.GT: np.greater,
    CmpMode.GE: np.greater_equal,
}


def compare(lhs: np.ndarray, rhs: np.ndarray | np.generic, mode: CmpMode) -> np.ndarray:
    """`lhs mode rhs` element by element (bool); numpy's comparisons are IEEE's, for
    ml_dtypes' floats too."""
    return np.asarray(_UFUNCS[mode](lhs, rhs), dtype=np.bool_)


def pack(predicates: np.ndarray, word: np.dtype[np.generic]) -> np.ndarray:
    """R x C bools as R x ceil(C / W) words of `word` (W bits), bit j % W of word j // W."""
    rows, cols = predicates.shape
    bits = word.itemsize * 8
    words = -(-cols // bits)
    padded = np.zeros((rows, words * bits), dtype=np.bool_)
    padded[:, :cols] = predicates
    packed = np.packbits(padded, axis=1, bitorder="little")  # bytes, little-endian words
    return packed.view(np.dtype(word).newbyteorder("<")).astype(word)


def unpack(words: np.ndarray, cols: int) -> np.ndarray:
    """The first `cols` predicates of each row of the R x N words (inverse of `pack`)."""
    little = words.astype(words.dtype.newbyteorder("<"))
    as_bytes = np.ascontiguousarray(little).view(np.uint8).reshape(words.shape[0], -1)
    return np.unpackbits(as_bytes, axis=1, bitorder="little")[:, :cols].astype(np.bool_)


def select(predicates: np.ndarray, src0: np.ndarray, other: np.ndarray | np.generic) -> np.ndarray:
    """`predicates ? src0 : other` (the bits of the chosen operand, NaN payloads kept)."""
    return np.where(predicates, src0, other).astype(src0.dtype)


def compare_lanes(
    lhs: np.ndarray, rhs: np.ndarray | np.generic, seed: np.ndarray, mode: CmpMode
) -> np.ndarray:
    """`vcmp`/`vcmps`: the compare on the lanes the seed enables; other lanes false."""
    return compare(lhs, rhs, mode) & seed
