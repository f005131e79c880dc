"""The widening loads of `pto-lower-matmul-to-vector`: f16/bf16 -> f32 and i8 -> i32 lanes.

The matrix ops widen A and B to the accumulator type exactly
(interpreters/semantics/matrix.py); the vector code does the same per register:

- f16/bf16, a row of B: `pto.vlds {UNPK_B16}` puts element i in the low half of 32-bit lane
  i, so the register read as 128 b16 lanes has element i in lane 2i, which `pto.vcvt
  {part = "EVEN"}` (dst lane i = src lane 2i) widens. Where the 128-byte unpacking load would
  leave the buffer, `pto.vsldb` reads only the blocks holding the row and `pto.vintlvv2
  (x, x, LOWER)` spreads element i to lanes 2i and 2i + 1 before the same vcvt.
- i8, a row of B: `pto.vlds` (NORM; `pto.vsldb` where 256 bytes would leave the buffer), then
  `pto.vsunpack` part 0 twice (sign extension i8 -> i16 -> i32 of the low half).
- A's element: `pto.vlds {BRC_B16}` / `{BRC_B8}` in every narrow lane, then `pto.vcvt` to
  the accumulator type (every lane holds the same value, so the part does not matter).

f16 -> f32, bf16 -> f32 and i8 -> i32 conversions are exact (vcvt.md: widening forms), so the
registers hold the values the tile op multiplies. fp8 (A5) is refused: `pto.vcvt` has no
fp8 -> f32 form. Each conversion keeps one narrow register live beside its result, one
register more than the f32 path (`CONVERT_REGISTERS`).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects.builtin import i16, i32
from xdsl.ir import SSAValue

from passes.lower_tile_to_vector.buffers import CHUNK_BYTES, Buffer, Size
from passes.lower_tile_to_vector.emit import BLOCK_BYTES, VSLDB_CONTIGUOUS, Emitter
from pto_dialect.attrs import LoadDist
from pto_dialect.dtypes import BF16, F16, F32, I8, I16, I32, U32, DType, mlir_type
from pto_dialect.ops.pointer import AddPtrOp
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.ops.vector_convert import VBitcastOp, VCvtOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_rearrange import VIntlvV2Op, VSunpackOp
from pto_dialect.targets import TargetProfile
from pto_dialect.vector_types import VRegType

CONVERT_REGISTERS = 1
"""Registers a widening path needs beyond the f32 path's: the narrow register a conversion
reads, live beside the register it writes."""

WIDENINGS: dict[tuple[DType, DType], LoadDist] = {
    (F16, F32): LoadDist.BRC_B16,
    (BF16, F32): LoadDist.BRC_B16,
    (I8, I32): LoadDist.BRC_B8,
}
"""(input, accumulator) pairs the lowering widens, and the broadcast load of A's element."""


def vreg(dtype: DType) -> VRegType:
    return VRegType(mlir_type(dtype))


def missing_forms(source: DType, acc: DType, target: TargetProfile) -> list[str]:
    """The vector forms the widening of `source` to `acc` uses that `target` lacks."""
    ops: list[tuple[type[VectorPipeOp], DType]] = [(VldsOp, source), (VsldbOp, source)]
    if source.is_float:
        ops.append((VIntlvV2Op, source))
    else:
        ops += [(VSunpackOp, source), (VSunpackOp, I16)]
    missing = [f"{op.name} on {d}" for op, d in ops if d not in op.legal_dtypes(target)]
    if (source, acc) not in VCvtOp.PAIRS[target.arch]:
        missing.append(f"{VCvtOp.name} {source} -> {acc}")
    return missing


@dataclass
class Widener:
    """Emits the widened registers of A and B for one lowering."""

    emitter: Emitter
    source: DType
    acc: DType
    block_masks: dict[int, SSAValue] = field(default_factory=dict[int, SSAValue])
    """The `pto.vsldb` block mask (source granularity) of each column count."""
    _all: SSAValue | None = None

    def prepare(self, counts: list[int]) -> None:
        """The block masks of `counts` columns and the all-lanes mask of the conversions,
        made before the loops (unused ones are erased by the caller)."""
        e = self.emitter
        if self._all is None:
            lanes = CHUNK_BYTES // self.source.bytes
            self._all = e.plt(e.constant(lanes, i32), self.source.bits)[0]
        per_block = BLOCK_BYTES // self.source.bytes
        for count in counts:
            if count not in self.block_masks:
                # vsldb: block b follows mask lane b * 32 / bits (lower_tile_to_vector_emit)
                lanes = -(-count // per_block) * (4 // self.source.bytes)
                self.block_masks[count] = e.plt(e.constant(lanes, i32), self.source.bits)[0]

    @property
    def all_lanes(self) -> SSAValue:
        assert self._all is not None, "prepare() first"
        return self._all

    def convert(self, narrow: SSAValue) -> SSAValue:
        """`pto.vcvt {part = "EVEN"}` of a narrow register to accumulator lanes."""
        cvt = VCvtOp(narrow, self.all_lanes, vreg(self.acc), part="EVEN")
        return self.emitter.emit(cvt, "w").results[0]

    def broadcast(self, buffer: Buffer, offset: Size) -> SSAValue:
        """A's element at `offset` in every accumulator lane."""
        e = self.emitter
        dist = WIDENINGS[(self.source, self.acc)]
        load = VldsOp(e.pointer(buffer), e.index(offset), vreg(self.source), dist)
        return self.convert(e.emit(load, "an").results[0])

    def row(self, buffer: Buffer, offset: Size, count: int) -> SSAValue:
        """`count` elements of B's row at `offset` (largest value `offset.bound`), widened."""
        e = self.emitter
        ptr = e.pointer(buffer)
        start = buffer.address + offset.bound * buffer.dtype.bytes
        if self.source.is_float:
            if start + CHUNK_BYTES // 2 <= buffer.end:  # UNPK_B16 reads 128 bytes
                load = VldsOp(ptr, e.index(offset), vreg(U32), LoadDist.UNPK_B16)
                packed = e.emit(load, "bn").results[0]
                return self.convert(e.emit(VBitcastOp(packed, vreg(self.source)), "bn").results[0])
            narrow = self._blocks(buffer, offset, count)
            spread = e.emit(VIntlvV2Op(narrow, narrow, "LOWER"), "bn").results[0]
            return self.convert(spread)
        if start + CHUNK_BYTES <= buffer.end:
            narrow = e.emit(VldsOp(ptr, e.index(offset), vreg(self.source)), "bn").results[0]
        else:
            narrow = self._blocks(buffer, offset, count)
        low = e.constant(0)
        half = e.emit(VSunpackOp(narrow, low, vreg(I16)), "bn").results[0]
        return e.emit(VSunpackOp(half, low, vreg(I32)), "w").results[0]

    def _blocks(self, buffer: Buffer, offset: Size, count: int) -> SSAValue:
        """`pto.vsldb` of the 32-byte blocks holding `count` narrow elements at `offset`."""
        e = self.emitter
        at = e.emit(AddPtrOp(e.pointer(buffer), e.index(offset)), "at").results[0]
        load = VsldbOp(
            at,
            [e.constant(n, i16) for n in VSLDB_CONTIGUOUS],
            self.block_masks[count],
            vreg(self.source),
        )
        return e.emit(load, "bn").results[0]
