"""The fixpipe parameter of the accumulator moves and stores: the `fp` tile of TSTORE_FP,
TMOV_FP, TEXTRACT_FP and TINSERT_FP (manual TSTORE_FP.md etc.: "the fp-quantization
overload"), or the i64 quantisation word of their scalar overloads (pto-isa
`TSTORE_IMPL(dst, src, uint64_t preQuantScalar)`, TMOV / TEXTRACT / TINSERT alike).

PTOAS spells it inside `ins`: `pto.tstore ins(%acc : T fp %fp : F) outs(%view : V)`,
`pto.textract ins(%acc, %r, %c : T, index, index fp %fp : F) outs(...)`, and for `tmov` also
as a second source `ins(%acc : T, %fp : F)`; the printer writes the `fp` form. The tile is a
`loc=scaling` tile (the fixpipe buffer) whose bytes are the per-channel 64-bit quantisation
words: the fixpipe reads word j for column j from the tile's address (pto-isa
`SET_QUANT_VECTOR`: FPC holds the address in 128-byte units). Its element type is not read.

The quantisation mode follows from the accumulator and destination element types (pto-isa
`GetVectorPreQuantMode` / `GetScalarPreQuantMode`, per target); the words are interpreted as
the `pre_quant` modes of the cube micro-ops (`interpreters/semantics/cube_fixpipe.py`).

PTOAS spells the scalar word `ins(%acc, %q : T, i64)` (tstore), `ins(%acc : T, %q : i64)`
(tmov), `ins(%acc, %r, %c, %q : T, index, index, i64)` (textract) and `pre_quant %q : i64`
(tinsert); the printer writes `pre_quant`. Its generic forms name the operand groups
(src, [indexRow, indexCol,] dst, fp, preQuantScalar): `ptoas_segments` reads them.
The `reluPreMode` attribute of a move from an accumulator applies ReLU before the
conversion (pto-isa `ReluPreMode::NormalRelu`).
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

from xdsl.dialects.builtin import IntegerType
from xdsl.ir import Attribute, SSAValue

from pto_dialect.attrs import Location, TargetArch
from pto_dialect.dtypes import DType, dtype_named
from pto_dialect.ops.base import fail
from pto_dialect.option_attrs import option_value
from pto_dialect.tile_types import TileBufType, TileType, TileTypeBase


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

_SCALAR_A2A3 = (
    "f32->i8=qf322b8_pre_scalar f32->ui8=qf322b8_pre_scalar i32->i8=req8_scalar "
    "i32->ui8=req8_scalar i32->f16=deqf16_scalar"
)
_SCALAR_A5 = _SCALAR_A2A3 + (
    " f32->f16=qf322f16_pre_scalar f32->bf16=qf322bf16_pre_scalar"
    " f32->hif8=qf322hif8_pre_scalar i32->bf16=qs322bf16_pre_scalar"
)
SCALAR_QUANT: Mapping[TargetArch, Mapping[tuple[DType, DType], str | None]] = MappingProxyType({
    # pto-isa a2a3/common.hpp and a5/common.hpp `GetScalarPreQuantMode`, within what
    # `CheckAcc2gm<..., isQuant=true>` / `CheckStaticAcc` let a quantising store write (A2/A3:
    # an f32 accumulator to 8-bit integers only). Left out: A2/A3's i32 -> i16
    # SHIFTS322S16 (no pre_quant mode here) and A5's f32 -> f8E4M3FN, for which the scalar
    # overload selects the vector mode VQF322FP8_PRE (docs/decisions.md)
    TargetArch.A2A3: _modes(_SCALAR_A2A3),
    TargetArch.A5: _modes(_SCALAR_A5),
    TargetArch.CPU: _modes(_SCALAR_A5),
})  # fmt: skip
"""(accumulator, destination) element types -> the scalar `pre_quant` mode, per target."""

RELU_ATTR = "reluPreMode"
"""PTOAS's attribute of the ReLU a move from an accumulator applies."""


def relu_mode(attr: Attribute | None) -> str | None:
    """The ReLU of a `reluPreMode` attribute (None: none)."""
    mode = option_value(attr)
    return None if mode in (None, "no_relu") else mode


def is_quant_word(value: SSAValue) -> bool:
    """Whether a fixpipe parameter is the scalar quantisation word (else an `fp` tile)."""
    return isinstance(value.type, IntegerType)


def verify_fp(name: str, fp: SSAValue, src: TileTypeBase, dst: DType, arch: TargetArch) -> None:
    """The rules of a fixpipe parameter: an accumulator source, a scaling tile buffer or an
    i64 word, and a (source, destination) element type pair the target quantises with it."""
    kind = fp.type
    if is_quant_word(fp):
        if kind != IntegerType(64):
            raise fail(f"{name} pre_quant scalar must be i64, got {kind}")
        if src.location is not Location.ACC:
            raise fail(
                f"{name} with a pre_quant scalar moves from loc=acc, got loc={src.location.value}"
            )
        _require_pair(name, "a pre_quant scalar", SCALAR_QUANT[arch], src.element, dst, arch)
        return
    form = TileBufType if isinstance(src, TileBufType) else TileType  # the source's form
    if not isinstance(kind, form) or kind.location is not Location.SCALING:
        spelled = "!pto.tile_buf" if form is TileBufType else "!pto.tile"
        raise fail(f"{name} fp must be a {spelled} in loc=scaling, got {kind}")
    if src.location is not Location.ACC:
        raise fail(f"{name} with an fp tile moves from loc=acc, got loc={src.location.value}")
    _require_pair(name, "an fp tile", FP_QUANT[arch], src.element, dst, arch)


def _require_pair(
    name: str,
    what: str,
    legal: Mapping[tuple[DType, DType], str | None],
    src: DType,
    dst: DType,
    arch: TargetArch,
) -> None:
    if (src, dst) not in legal:
        pairs = ", ".join(sorted(f"{s.name}->{d.name}" for s, d in legal))
        raise fail(
            f"{name} with {what} cannot quantise {src} to {dst} on target "
            f"{arch.value} (supported: {pairs})"
        )
