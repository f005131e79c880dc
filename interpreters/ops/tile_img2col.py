"""Interpreter functions of `pto_dialect.ops.tile_img2col`: the per-core FMATRIX, L3D repeat
and padding registers (sets A and B) the `set*` ops write, and `timg2col`, which reads them.

timg2col's values are pto-isa's CPU simulator's (cpu/TImg2col.hpp `TIMG2COL_IMPL`,
`CalculateValue`), with the feature map's height, width and padding from FMATRIX and the pad
value from the padding register, as the NPU's `img2colv2_cbuf_to_ca` takes them: for dst row r
and column c, m = pos_m + r is the output pixel (n, oh, ow) and k = pos_k + c the (c1, kh, kw,
c0) of the patch; the element is src's NC1HWC0 element (n, c1, oh*sh + kh*dh - top,
ow*sw + kw*dw - left, c0) inside the feature map, else the pad value. On A2/A3 and A5 the
instruction writes ceil(valid cols / C0) * C0 columns (`stepK`), on the CPU simulator the valid
columns. Run-time errors: no FMATRIX set on the core; a pad element with no padding register
set; a repeat register asking for repeats (no public source fixes what they write)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

import numpy as np
from xdsl.dialects.builtin import FloatAttr, IntegerAttr
from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs_dma
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Tile
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import DType, dtype_of
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.tile_img2col import (
    FmatrixConfigOp,
    SetFmatrixOp,
    SetImg2colPaddingOp,
    SetImg2colRptOp,
    TImg2colOp,
)

_UNSIGNED = {1: np.uint8, 2: np.uint16, 4: np.uint32}


@dataclass
class Img2colRegisters:
    """One register set (A or B) of a core: None where no op has written it."""

    fmatrix: int | None = None
    repeat: int | None = None
    padding: int | None = None


def padding_word(attr: IntegerAttr | FloatAttr) -> int:
    """The padding register for a pad value (SetImg2colPadding.hpp): a byte in both halves of
    16 bits, 2- and 4-byte values' bits as they are."""
    dtype = dtype_of(attr.type)
    if dtype is None or dtype.bytes not in _UNSIGNED:
        raise PtoRuntimeError(f"pto.set_img2col_padding pad_value of type {attr.type}")
    value = attr.value.data
    bits = int(np.array([value], dtype=dtype.numpy).view(_UNSIGNED[dtype.bytes])[0])
    return bits | bits << 8 if dtype.bytes == 1 else bits


def img2col(
    fmap: np.ndarray, dtype: DType, regs: Img2colRegisters, op: TImg2colOp, rows: int, cols: int
) -> np.ndarray:
    """The rows x cols patch matrix of the flat NC1HWC0 `fmap` (one numpy gather)."""
    if regs.fmatrix is None:
        raise PtoRuntimeError(
            f"{op.name} reads FMATRIX {'B' if op.fmatrix_b else 'A'}, which no pto.setfmatrix "
            "set on this core"
        )
    word = regs.fmatrix
    width, height = word & 0xFFFF, word >> 16 & 0xFFFF
    left, right, top, bottom = (word >> (32 + 8 * i) & 0xFF for i in range(4))
    c0 = 32 // dtype.bytes
    kh, kw = op.field("filter_h", 1), op.field("filter_w", 1)
    sh, sw = op.field("stride_h", 1), op.field("stride_w", 1)
    dh, dw = op.field("dilation_h", 1), op.field("dilation_w", 1)
    plane = height * width * c0
    c1s = op.field("channel_size", 0) // c0 or fmap.size // plane
    batches = fmap.size // (plane * c1s) if c1s else 0
    out_h = (height + top + bottom - dh * (kh - 1) - 1) // sh + 1
    out_w = (width + left + right - dw * (kw - 1) - 1) // sw + 1
    if batches < 1 or out_h < 1 or out_w < 1:
        raise PtoRuntimeError(
            f"{op.name}: a {height}x{width} feature map of {c1s} x {c0} channels (FMATRIX) in "
            f"{fmap.size} src elements gives {batches} batch(es) of {out_h}x{out_w} outputs"
        )
    m = op.field("pos_m", 0) + np.arange(rows)[:, None]
    k = op.field("pos_k", 0) + np.arange(cols)[None, :]
    n, pixel = np.divmod(m, out_h * out_w)
    oh, ow = np.divmod(pixel, out_w)
    c1, inner = np.divmod(k, c0 * kh * kw)
    tap, c = np.divmod(inner, c0)
    ih = oh * sh + np.divmod(tap, kw)[0] * dh - top
    iw = ow * sw + tap % kw * dw - left
    inside = (n < batches) & (c1 < c1s) & (ih >= 0) & (ih < height) & (iw >= 0) & (iw < width)
    offset = (((n * c1s + c1) * height + ih) * width + iw) * c0 + c
    values = fmap[np.where(inside, offset, 0)]
    if inside.all():
        return values
    if regs.padding is None:
        raise PtoRuntimeError(
            f"{op.name} reads a pad element, and no pto.set_img2col_padding set the padding "
            f"register {'B' if op.fmatrix_b else 'A'} on this core"
        )
    mask = (1 << 8 * dtype.bytes) - 1
    pad = np.array([regs.padding & mask], _UNSIGNED[dtype.bytes]).view(dtype.numpy)[0]
    return np.where(inside, values, pad)


@register_functions
class TileImg2colFunctions(MachineFunctions):
    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self.registers = (Img2colRegisters(), Img2colRegisters())
        """The core's register sets A and B."""

    def _set(self, op: FmatrixConfigOp | TImg2colOp) -> Img2colRegisters:
        return self.registers[op.fmatrix_b is not None]

    @implements(SetFmatrixOp)
    def run_setfmatrix(
        self, interpreter: Interpreter, op: SetFmatrixOp, args: PythonValues
    ) -> PythonValues:
        self._set(op).fmatrix = op.word()
        return ()

    @implements(SetImg2colRptOp)
    def run_set_rpt(
        self, interpreter: Interpreter, op: SetImg2colRptOp, args: PythonValues
    ) -> PythonValues:
        self._set(op).repeat = op.word()
        return ()

    @implements(SetImg2colPaddingOp)
    def run_set_padding(
        self, interpreter: Interpreter, op: SetImg2colPaddingOp, args: PythonValues
    ) -> PythonValues:
        value = op.pad_value
        word = 0 if value is None else padding_word(cast(IntegerAttr | FloatAttr, value))
        self._set(op).padding = word
        return ()

    @implements(TImg2colOp)
    def run_timg2col(
        self, interpreter: Interpreter, op: TImg2colOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        dst, results = self.destination(op, args)
        regs = self._set(op)
        repeat = regs.repeat
        if repeat is not None and (repeat >> 16 & 0xFF != 1 or repeat >> 48 & 0xFFFF):
            raise PtoRuntimeError(
                f"{op.name} under a repeat register of repeat_time {repeat >> 16 & 0xFF}, "
                f"dst_mposition {repeat >> 48 & 0xFFFF}: no public source fixes what the L3D "
                "repeats write (only repeat_time 1 at dst_mposition 0 runs)"
            )
        rows, cols = dst.valid
        if self.machine.target.arch is not TargetArch.CPU:  # stepK: whole C0 columns
            c0 = 32 // dst.dtype.bytes
            cols = min(-(-cols // c0) * c0, dst.type.shape[1])
        values = img2col(src.storage(), dst.dtype, regs, op, rows, cols)
        if self.machine.pipes.tracking:
            nbytes = rows * cols * dst.dtype.bytes
            cycles = costs_dma.transfer_cycles(
                self.machine.target, MemorySpace.L1, MemorySpace.L0A, nbytes
            )
            self.on_pipe(op, [src.access()], [dst.access()], cycles)
        with dst.edit() as contents:
            contents[:rows, :cols] = values
        return results
