"""What the accumulator moves and stores with a fixpipe parameter write: the accumulator
values quantised by an `fp` tile's per-channel words or by a scalar i64 word
(`pto_dialect.ops.fixpipe_fp`), after the `reluPreMode` ReLU, as the `pre_quant` modes of the
cube micro-ops compute them (`semantics.cube_fixpipe`).
"""

from __future__ import annotations

import numpy as np
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.machine.memory import Tile
from pto_dialect.attrs import Location, TargetArch
from pto_dialect.dtypes import BF16, F16, DType
from pto_dialect.ops.fixpipe_fp import FP_QUANT, RELU_ATTR, SCALAR_QUANT, relu_mode

FPC_UNIT = 128
"""FPC holds the parameter address in 128-byte units (pto-isa `SET_QUANT_VECTOR`)."""
WORD_BYTES = 8


RELU_MODELLED = (None, "normal_relu")


def _relu(relu: str | None) -> str | None:
    if relu not in RELU_MODELLED:
        raise PtoRuntimeError(
            f"reluPreMode {relu} reads the fixpipe's ReLU alpha state, which this kernel cannot "
            "set (not modelled)"
        )
    return relu


def acc_relu(op: Operation, src: Tile) -> str | None:
    """The `reluPreMode` ReLU of a move from an accumulator (None: none, or not from one)."""
    if src.location is not Location.ACC:
        return None
    return relu_mode(op.attributes.get(RELU_ATTR))


def relu_values(values: np.ndarray, relu: str | None) -> np.ndarray:
    """The accumulator values after a `reluPreMode` ReLU without quantisation."""
    return values if _relu(relu) is None else np.where(values < 0, 0, values).astype(values.dtype)


CAST_MODES = {F16: "f32_f16", BF16: "f32_bf16"}
"""The fixpipe's plain conversions of an f32 accumulator (pto-isa `GetCastPreQuantMode`)."""


def converted(values: np.ndarray, source: DType, target: DType, relu: str | None) -> np.ndarray:
    """The accumulator region `values` written without quantisation in `target`: after the
    ReLU, unchanged in the accumulator's type or cast f32 -> f16/bf16 (F322F16/F322BF16)."""
    if target == source:
        return relu_values(values, relu)
    # the cube's fixpipe semantics, imported on first use (a vector kernel's moves and stores
    # import this module and do not need them)
    from interpreters.semantics import cube_fixpipe
    from interpreters.semantics.cube_fixpipe import Stage

    stage = Stage(CAST_MODES[target], None, _relu(relu), None, None, None)
    return cube_fixpipe.apply(values, source, target, stage)


def quantised(
    arch: TargetArch,
    values: np.ndarray,
    source: DType,
    target: DType,
    param: Tile | int,
    relu: str | None = None,
) -> np.ndarray:
    """The accumulator region `values` (rows x n) as the fixpipe writes it in `target` with
    fixpipe parameter `param`: an `fp` tile (word j, bytes 8j..8j+7 from the tile's address
    rounded down to FPC's 128-byte unit, for column j) or a scalar word for every column."""
    if isinstance(param, Tile):
        mode = FP_QUANT[arch][(source, target)]
        if mode is None:  # NoQuant: the words are not read
            return relu_values(values, relu).astype(target.numpy)
        words = fp_words(param, values.shape[1])
    else:
        mode = SCALAR_QUANT[arch][(source, target)]
        words = np.array([int(param) & 0xFFFFFFFFFFFFFFFF], np.uint64)
    from interpreters.semantics import cube_fixpipe
    from interpreters.semantics.cube_fixpipe import Stage

    stage = Stage(mode, words, _relu(relu), None, None, None)
    return cube_fixpipe.apply(values, source, target, stage)


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
    fp: Tile | int,
    contents: np.ndarray,
    target: DType,
    valid: tuple[int, int],
    relu: str | None = None,
) -> None:
    """A move with a fixpipe parameter: the top-left `valid` part of `region` (the source
    from the window's corner), quantised, into the top-left of `contents` (a logical array)."""
    rows, cols = valid
    check(
        rows <= region.shape[0] and cols <= region.shape[1],
        f"the valid region {rows}x{cols} exceeds the source tile "
        f"{region.shape[0]}x{region.shape[1]}",
    )
    contents[:rows, :cols] = quantised(arch, region[:rows, :cols], source, target, fp, relu)
