"""Debug output: `tprint` (tile/ops/irregular-and-complex/tprint.md).

  SSA  `pto.tprint %src : !pto.tile<...>`
  DPS  `pto.tprint ins(%src[, %tmp] : !pto.tile_buf<...>[, !pto.partition_tensor_view<...>])
       {printFormat = #pto<print_format width10_precision6>}?` (PTOAS's form)

The tile is printed through the interpreter's output stream (`Machine.printed`: `pto-run`
writes it to stdout, the Python API's `Result.printed` holds it) in the NPU format
(a2a3/TPrint.hpp, which A5 includes), with the width and precision of `printFormat`. Tiles in
`loc=vec` of the page's element types only; the page's GlobalTensor and Acc/Mat forms are not
supported. The C++ API's second overload `TPRINT(src, tmp)` takes a GM scratch `tmp`: for a
vec tile pto-isa prints the tile, then prints the tile's rows x cols elements of `tmp` in the
same format (the scratch the Acc/Mat forms copy through; a vec tile is not copied into it).
"""

from __future__ import annotations

from math import prod
from typing import ClassVar, TypeVar

from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import Location, Pipe
from pto_dialect.memory_types import PartitionTensorViewType, TensorViewType
from pto_dialect.ops.base import (
    TileOp,
    fail,
    print_values_colon_types,
    require_dtype_supported,
    require_location,
)
from pto_dialect.option_attrs import PrintFormatAttr
from pto_dialect.records import Cost, Effect, NoCycles, Shapes, per_target_dtypes
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType, TileTypeBase

S = TypeVar("S")
_PRINTABLE = "f32 f16 i8 i16 i32 ui8 ui16 ui32"  # tprint.md: float, half, int8..uint32


@irdl_op_definition
class TPrintOp(TileOp):
    """Prints a tile: a header, then every row of the whole tile, `|` after the last valid
    column and a dashed line after the last valid row (docs/semantics.md)."""

    name = "pto.tprint"

    PIPE: ClassVar[Pipe] = Pipe.V
    HAS_TILE_RESULT: ClassVar[bool] = False
    NUM_INS: ClassVar[int] = 2
    OPTIONAL_TMP: ClassVar[bool] = True
    FORMAT: ClassVar[str] = "printFormat"
    """The attribute naming the width and precision (a `#pto.print_format`)."""
    MANUAL: ClassVar = "tile/ops/irregular-and-complex/tprint.md"
    DTYPES: ClassVar = per_target_dtypes(_PRINTABLE, _PRINTABLE)
    COST: ClassVar = NoCycles("debug output through the host channel: not modelled")
    NOT_LOWERED: ClassVar = "printing is host I/O: no vector op computes it"
    SYNTAX: ClassVar = (
        "SSA: `pto.tprint %src : !pto.tile<...>`",
        "DPS: `pto.tprint ins(%src[, %tmp] : !pto.tile_buf<...>[, !pto.partition_tensor_view"
        "<...>]) {printFormat = #pto<print_format width8_precision4>}?`",
    )

    @property
    def print_format(self) -> str:
        """The `printFormat` option's value (`width8_precision4` when absent)."""
        attr = self.attributes.get(self.FORMAT)
        return str(getattr(attr, "data", "width8_precision4"))

    def source_roles(self) -> list[str]:
        return ["src", "tmp"][: len(self.ins)]

    @property
    def is_dps(self) -> bool:
        """DPS form: it prints a `!pto.tile_buf` (it has no destination in either form)."""
        return isinstance(self.ins[0].type, TileBufType)

    @classmethod
    def cost(cls) -> Cost:
        return NoCycles("debug output through the host channel: not modelled")

    @classmethod
    def syntax_lines(cls) -> list[str]:
        return [f"- {form}" for form in cls.SYNTAX]

    @classmethod
    def parse(cls, parser: Parser) -> TileOp:
        op = super().parse(parser)
        if op.outs or op.res:
            parser.raise_error(f"{cls.name} has no destination")
        return op

    def print(self, printer: Printer) -> None:
        if isinstance(self.ins[0].type, TileBufType):
            printer.print_string(" ins(")
            print_values_colon_types(printer, self.ins)
            printer.print_string(")")
            printer.print_op_attributes(self.attributes)
            return
        printer.print_string(" ")
        printer.print_operand(self.ins[0])
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        printer.print_attribute(self.ins[0].type)

    def operand_effects(self) -> tuple[Effect, ...]:
        """The tile (and the GM scratch, whose contents pto-isa prints too) is read."""
        return (Effect.READ,) * len(self.ins)

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """None: the op writes no tile."""
        raise NotImplementedError(f"{self.name} writes no tile")

    def verify_form(self) -> None:
        if self.outs or self.res:
            raise fail(f"{self.name} has no destination")
        if not isinstance(self.ins[0].type, TileTypeBase):
            raise fail(f"{self.name} src must be a !pto.tile or !pto.tile_buf")
        fmt = self.attributes.get(self.FORMAT)
        if fmt is not None and not isinstance(fmt, PrintFormatAttr):
            raise fail(f"{self.name} {self.FORMAT} must be a #pto.print_format, got {fmt}")

    def verify_tiles(self, target: TargetProfile) -> None:
        src = self.tile(0, "src")
        require_location(f"{self.name} src", src, Location.VEC)
        assert self.DTYPES is not None
        require_dtype_supported(f"{self.name} src", src.element, target, self.DTYPES)
        if len(self.ins) == 2:
            self.verify_scratch(src)

    def verify_scratch(self, src: TileTypeBase) -> None:
        """`tmp`: a GM view of src's element type holding the whole tile (rows x cols)."""
        tmp = self.ins[1].type
        if not isinstance(tmp, PartitionTensorViewType | TensorViewType):
            raise fail(f"{self.name} tmp must be a GM tensor view (the C++ API's GlobalTensor), "
                       f"got {tmp}")  # fmt: skip
        if tmp.element != src.element:
            raise fail(f"{self.name} tmp dtype {tmp.element} must be the src dtype {src.element}")
        numel, need = prod(tmp.dims), prod(src.shape)
        if DYNAMIC not in tmp.dims and numel < need:
            raise fail(
                f"{self.name} tmp holds {numel} elements but the tile has {need} (its rows x "
                "cols are printed from it)"
            )


OPS: list[type[IRDLOperation]] = [TPrintOp]
