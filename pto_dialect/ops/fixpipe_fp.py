"""The fixpipe parameter (`fp`) tile of the accumulator moves and stores: TSTORE_FP, TMOV_FP,
TEXTRACT_FP and TINSERT_FP (manual TSTORE_FP.md etc.: "the fp-quantization overload").

PTOAS spells it inside `ins`: `pto.tstore ins(%acc : T fp %fp : F) outs(%view : V)`,
`pto.textract ins(%acc, %r, %c : T, index, index fp %fp : F) outs(...)`, and for `tmov` also
as a second source `ins(%acc : T, %fp : F)`; the printer writes the `fp` form. The tile is a
`loc=scaling` tile (the fixpipe buffer) whose bytes are the per-channel 64-bit quantisation
words: the fixpipe reads word j for column j from the tile's address (pto-isa
`SET_QUANT_VECTOR`: FPC holds the address in 128-byte units). Its element type is not read.

The quantisation mode follows from the accumulator and destination element types (pto-isa
`GetVectorPreQuantMode`, per target); the words are interpreted as the `pre_quant` vector
modes of the cube micro-ops (`interpreters/semantics/cube_fixpipe.py`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from xdsl.ir import SSAValue

from pto_dialect.attrs import Location, TargetArch
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.base import fail
from pto_dialect.types import TileBufType, TileTypeBase


def _modes(pairs: str) -> Mapping[tuple[DType, DType], str | None]:
    table: dict[tuple[DType, DType], str | None] = {}
    for entry in pairs.split():
        pair, mode = entry.split("=")
        src, dst = pair.split("->")
        table[(dtype_named(src), dtype_named(dst))] = mode or None
    return MappingProxyType(table)


_A2A3 = (
    "f32->f32= i32->i32= "
    "f32->i8=qf322b8_pre_vec f32->ui8=qf322b8_pre_vec i32->i8=req8_vec i32->ui8=req8_vec "
    "i32->f16=deqf16_vec"
)
_A5 = _A2A3 + (
    " f32->hif8=qf322hif8_pre_vec f32->f16=qf322f16_pre_vec f32->bf16=qf322bf16_pre_vec"
    " f32->f8E4M3FN=qf322fp8_pre_vec i32->bf16=qs322bf16_pre_vec"
)
FP_QUANT: Mapping[TargetArch, Mapping[tuple[DType, DType], str | None]] = MappingProxyType({
    # pto-isa a2a3/common.hpp and a5/common.hpp `GetVectorPreQuantMode` (a2a3's i32 -> i16
    # shift mode VSHIFTS322S16 has no `pre_quant` mode here: not accepted); NoQuant for
    # f32 -> f32 and i32 -> i32: the words are not read (None)
    TargetArch.A2A3: _modes(_A2A3),
    TargetArch.A5: _modes(_A5),
    TargetArch.CPU: _modes(_A5),
})  # fmt: skip
"""(accumulator, destination) element types -> the vector `pre_quant` mode (None: none),
per target."""


def verify_fp(name: str, fp: SSAValue, src: TileTypeBase, dst: DType, arch: TargetArch) -> None:
    """The rules of an `fp` tile: a scaling tile buffer, an accumulator source, and a
    (source, destination) element type pair the target quantises."""
    kind = fp.type
    if not isinstance(kind, TileBufType) or kind.location is not Location.SCALING:
        raise fail(f"{name} fp must be a !pto.tile_buf in loc=scaling, got {kind}")
    if src.location is not Location.ACC:
        raise fail(f"{name} with an fp tile moves from loc=acc, got loc={src.location.value}")
    legal = FP_QUANT[arch]
    if (src.element, dst) not in legal:
        pairs = ", ".join(sorted(f"{s.name}->{d.name}" for s, d in legal))
        raise fail(
            f"{name} with an fp tile cannot quantise {src.element} to {dst} on target "
            f"{arch.value} (supported: {pairs})"
        )
