"""The fixpipe of a cross-core push from an accumulator: the pipe's epilogue attribute and
its rules (PTOAS PTOAttrs.td `AccPushEpilogue`, PTO.cpp's initialize_pipe / tpush / tpop
verifiers; docs/designs/fixpipe-tpipe-design.md; pto-isa `TPUSH<Pipe, Tile,
FixpipeParams<...>>`):

  `pto.aic_initialize_pipe {id = 0, dir_mask = 1, slot_size = 512, nosplit = true,
       acc_push_epilogue = #pto.acc_push_epilogue<layout = nz2nd, quant = deqf16_scalar,
                                                  relu = no_relu>} (...)`   (and `aiv_...`)
  `pto.set_quant_scalar(%scale : f32) {id = 0}`
  `pto.set_quant_vector(%fp : !pto.tile_buf<loc=scaling, ...>) {id = 1}`

A `tpush_to_aiv` on a pipe with an epilogue writes the accumulator's valid region through
the fixpipe: `quant` (a `pre_quant` mode of the cube micro-ops), then `relu`, in the consumer's
element type and layout. Scalar modes read the f32 scale the latest `set_quant_scalar` of the
same pipe id bound; vector modes read the per-channel words of the scaling tile the latest
`set_quant_vector` of that id bound (read when the push runs). The binding is per producer
core and pipe id and lasts until the next one of the same kind and id (PTOAS's design); the
state ops are `fixpipe_quant_state`.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import StringAttr
from xdsl.ir import Attribute, Operation, ParametrizedAttribute
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer

from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import BF16, F8E4M3, F16, F32, HIF8, I8, I32, U8, DType
from pto_dialect.ops.base import fail, int_value, target_of
from pto_dialect.ops.cube_fixpipe import LAYOUTS, NO_CONVERT, QUANT_MODES

EPILOGUE_QUANTS = (
    NO_CONVERT, "f32_f16", "f32_bf16", "req8_scalar", "req8_vec", "deqf16_scalar",
    "deqf16_vec", "qf322b8_pre_scalar", "qf322b8_pre_vec", "qf322f16_pre_scalar",
    "qf322bf16_pre_scalar", "qs322bf16_pre_scalar", "qs322bf16_pre_vec",
    "qf322hif8_pre_scalar", "qf322fp8_pre_scalar",
)  # fmt: skip
"""The quantisation modes of an epilogue (PTOAS PTOAttrs.td `PTO_FixpipeQuantEnum`)."""
EPILOGUE_RELUS = ("no_relu", "normal_relu")
A5_ONLY = frozenset({"qs322bf16_pre_scalar", "qs322bf16_pre_vec", "qf322hif8_pre_scalar",
                     "qf322fp8_pre_scalar"})  # fmt: skip
"""Modes PTOAS's initialize_pipe verifier allows on A5 alone (pto-isa fixpipe.hpp gives the
hif8 and fp8 consumer types under PTO_NPU_ARCH_A5 only)."""


@irdl_attr_definition
class AccPushEpilogueAttr(ParametrizedAttribute):
    """`#pto.acc_push_epilogue<layout = L, quant = Q, relu = R>`: what the fixpipe of a push
    from an accumulator does on this pipe (both ends' initialize_pipe carry it)."""

    name = "pto.acc_push_epilogue"

    layout: StringAttr
    quant: StringAttr
    relu: StringAttr

    def __init__(self, layout: str, quant: str, relu: str) -> None:
        super().__init__(StringAttr(layout), StringAttr(quant), StringAttr(relu))

    @classmethod
    def parse_parameters(cls, parser: AttrParser) -> Sequence[Attribute]:
        values: list[Attribute] = []
        parser.parse_punctuation("<")
        for i, (key, legal) in enumerate(
            (("layout", LAYOUTS), ("quant", EPILOGUE_QUANTS), ("relu", EPILOGUE_RELUS))
        ):
            if i:
                parser.parse_punctuation(",")
            parser.parse_keyword(key)
            parser.parse_punctuation("=")
            pos = parser.pos
            word = parser.parse_identifier()
            if word not in legal:
                parser.raise_error(
                    f"{cls.name} {key} must be one of {', '.join(legal)}, got '{word}'",
                    pos,
                    parser.pos,
                )
            values.append(StringAttr(word))
        parser.parse_punctuation(">")
        return values

    def print_parameters(self, printer: Printer) -> None:
        printer.print_string(
            f"<layout = {self.layout.data}, quant = {self.quant.data}, relu = {self.relu.data}>"
        )

    @property
    def mode(self) -> str | None:
        """The `pre_quant` mode (None: no_convert)."""
        return None if self.quant.data == NO_CONVERT else self.quant.data

    @property
    def kind(self) -> str | None:
        """`scalar` or `vector`: the quantisation state the push reads (None: none)."""
        mode = self.mode
        if mode is None or mode.startswith("f32_"):
            return None
        return "vector" if QUANT_MODES[mode].vector else "scalar"


def source_dtype(epilogue: AccPushEpilogueAttr) -> DType | None:
    """The accumulator type the mode reads (None: no_convert, f32 or i32)."""
    mode = epilogue.mode
    return None if mode is None else QUANT_MODES[mode].source


def consumer_dtypes(epilogue: AccPushEpilogueAttr, source: DType | None) -> tuple[DType, ...]:
    """The element types the consumer's tile may have (PTOAS
    `matchesFixpipeConsumerElementType`; pto-isa fixpipe.hpp `FixpipeConsDType`)."""
    mode = epilogue.mode
    if mode is None:
        return () if source is None else (source,)
    family = QUANT_MODES[mode].family
    if family == "b8":  # the vector modes write signed bytes (PTOAS isSignedI8)
        return (I8,) if QUANT_MODES[mode].vector else (I8, U8)
    if family == "fp8":
        return (HIF8,) if "hif8" in mode else (F8E4M3,)
    return ({"f16": F16, "bf16": BF16}[family],)


def verify_epilogue(init: Operation, epilogue: AccPushEpilogueAttr, dir_mask: int) -> None:
    """PTOAS's initialize_pipe rules of a fixpipe pipe (PTO.cpp, rules 1, 2 and 10)."""
    name = init.name
    if dir_mask != 1:
        raise fail(
            f"{name} with an acc_push_epilogue must have dir_mask = 1 (C2V only), got {dir_mask}"
        )
    if not int_value(init.properties.get("nosplit")):
        raise fail(f"{name} with an acc_push_epilogue must have nosplit = true")
    arch = target_of(init).arch
    if epilogue.quant.data in A5_ONLY and arch is TargetArch.A2A3:
        raise fail(
            f"{name} acc_push_epilogue quant = {epilogue.quant.data} is only supported on target a5"
        )


def verify_push(
    op: Operation, epilogue: AccPushEpilogueAttr, pipe_id: int, split: int, source: DType
) -> None:
    """A push on a fixpipe pipe: whole tile, and an accumulator the mode reads."""
    if split != 0:
        raise fail(f"{op.name} on a fixpipe pipe (id {pipe_id}) must have split = 0")
    wanted = source_dtype(epilogue)
    legal = (F32, I32) if wanted is None else (wanted,)
    if source not in legal:
        names = ", ".join(d.name for d in legal)
        raise fail(
            f"{op.name} acc_push_epilogue quant = {epilogue.quant.data} reads a {names} "
            f"accumulator, got {source.name}"
        )


def verify_pop(
    op: Operation, epilogue: AccPushEpilogueAttr, pipe_id: int, split: int, element: DType
) -> None:
    """A pop of a fixpipe pipe: whole tile, in an element type the mode writes."""
    if split != 0:
        raise fail(f"{op.name} of a fixpipe pipe (id {pipe_id}) must have split = 0")
    legal = (F32, I32) if epilogue.mode is None else consumer_dtypes(epilogue, None)
    if element not in legal:
        names = ", ".join(d.name for d in legal)
        raise fail(
            f"{op.name} element type {element.name} does not match acc_push_epilogue quant = "
            f"{epilogue.quant.data} (expected: {names})"
        )


ATTRIBUTES: list[type[Attribute]] = [AccPushEpilogueAttr]
