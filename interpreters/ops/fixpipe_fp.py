"""What the accumulator moves and stores with a fixpipe parameter (`fp`) tile write: the
accumulator values quantised by the tile's per-channel words (`pto_dialect.ops.fixpipe_fp`),
as the `pre_quant` vector modes of the cube micro-ops compute them (`semantics.cube_fixpipe`).
"""

from __future__ import annotations

import numpy as np

from interpreters.engine.errors import check
from interpreters.machine.memory import Tile
from interpreters.semantics import cube_fixpipe
from interpreters.semantics.cube_fixpipe import Stage
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType
from pto_dialect.ops.fixpipe_fp import FP_QUANT

FPC_UNIT = 128
"""FPC holds the parameter address in 128-byte units (pto-isa `SET_QUANT_VECTOR`)."""
WORD_BYTES = 8


def quantised(
    arch: TargetArch, values: np.ndarray, source: DType, target: DType, fp: Tile
) -> np.ndarray:
    """The accumulator region `values` (rows x n) as the fixpipe writes it in `target` with
    the words of `fp`: word j (bytes 8j..8j+7 from the tile's address, rounded down to FPC's
    128-byte unit) for column j."""
    mode = FP_QUANT[arch][(source, target)]
    if mode is None:  # NoQuant: the words are not read
        return values.astype(target.numpy)
    words = fp_words(fp, values.shape[1])
    return cube_fixpipe.apply(values, source, target, Stage(mode, words, None, None, None, None))


def fp_words(fp: Tile, n: int) -> np.ndarray:
    """The `n` per-channel quantisation words the fixpipe reads for scaling tile `fp`: word j
    at bytes 8j..8j+7 from the tile's address rounded down to FPC's 128-byte unit."""
    start = fp.address // FPC_UNIT * FPC_UNIT
    end = start + n * WORD_BYTES
    check(
        end <= fp.memory.size,
        f"the fp tile's {n} quantisation words reach beyond {fp.memory.name} "
        f"({fp.memory.size} bytes)",
    )
    return fp.memory.data[start:end].copy().view(np.uint64)


def fp_move(
    arch: TargetArch,
    region: np.ndarray,
    source: DType,
    fp: Tile,
    contents: np.ndarray,
    target: DType,
    valid: tuple[int, int],
) -> None:
    """A move with an `fp` tile: the top-left `valid` part of `region` (the source from the
    window's corner), quantised, into the top-left of `contents` (a logical array)."""
    rows, cols = valid
    check(
        rows <= region.shape[0] and cols <= region.shape[1],
        f"the valid region {rows}x{cols} exceeds the source tile "
        f"{region.shape[0]}x{region.shape[1]}",
    )
    contents[:rows, :cols] = quantised(arch, region[:rows, :cols], source, target, fp)
