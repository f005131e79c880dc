"""Window copies between tiles: `pto.textract` (a window of src into dst) and `pto.tinsert`
(src into a window of dst), at a row and column index given as `index` operands.

  SSA  `%d = pto.textract %src, %r, %c : (!pto.tile<...>, index, index) -> !pto.tile<...>`
  DPS  `pto.textract ins(%src, %r, %c : !pto.tile_buf<...>, index, index) outs(%d : ...)`

(PTOAS writes the DPS form with `index` operands; the pages' `dtype` indices are any
integer.) Rules (textract.md, tinsert.md and the implementations they name):
- the (src, dst) location pair is one the target implements (`PAIRS`);
- dst's element type is src's, or a conversion of an accumulator (`tmov_dst_dtypes`);
- the window fits: static sizes here (textract: dst within src; tinsert: src within dst),
  indices plus valid region at run time (the CPU simulator's assert);
- on A2/A3 and A5 a mat source feeding left/right is boxed col-major-in-row-major or
  row-major-in-col-major ("Layout requirements").
"""

from __future__ import annotations

from abc import abstractmethod
from collections.abc import Mapping
from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.irdl import IRDLOperation, irdl_op_definition
from xdsl.parser import Parser
from xdsl.printer import Printer

from pto_dialect.attrs import BLayout, Location, Pipe, SLayout, TargetArch
from pto_dialect.dtypes import F8E8M0
from pto_dialect.mx import MX_SCALE_BOXES
from pto_dialect.ops.base import (
    SEGMENTS,
    TileOp,
    dims_str,
    fail,
    parse_operands_colon_types,
    print_values_colon_types,
    require_dtype_supported,
    resolve,
    segments,
)
from pto_dialect.ops.fixpipe_fp import verify_fp
from pto_dialect.ops.tile_move import is_mx_scale_move, location_pair_pipes, tmov_dst_dtypes
from pto_dialect.records import (
    CostFormula,
    Formula,
    PipeRule,
    Shapes,
    every_target,
    per_target_dtypes,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileTypeBase

S = TypeVar("S")
_PAGES = "tile/ops/layout-and-rearrangement/"
_MAT, _LEFT, _RIGHT, _ACC, _VEC = (
    Location.MAT,
    Location.LEFT,
    Location.RIGHT,
    Location.ACC,
    Location.VEC,
)

Pair = tuple[Location, Location]

# The pages' "Supported Element Types" (f4 and e8m0 have no element type in the dialect);
# A2/A3 without the fp8 types, as PTOAS's TExtractOp verifier ("i8/f16/bf16/f32").
WINDOW_DTYPES = per_target_dtypes(
    "i8 f16 bf16 f32",
    # a5/TExtract.hpp `is_textract_supported_type`, TInsert.hpp: the 8-bit floats, E8M0 and
    # the packed FP4 pairs move as bytes
    "i8 f8E5M2 f8E4M3FN hif8 f8E8M0 f4E2M1x2 f4E1M2x2 f16 bf16 f32",
)

# The (blayout, slayout) of a left / right destination per target: pto-isa's TileLeft and
# TileRight (common/pto_tile.hpp: A2/A3 zZ left, the others, the CPU simulator included, nZ),
# which PTOAS's TExtractOp verifier requires of textract's dst. PTOAS's parser replaces the
# written blayout of every loc=left tile_buf by its target's (lib/PTO/IR/PTOTypeDefs.cpp,
# resolveTileBufBLayout; test/lit/pto/left_blayout_parser_a3/a5.pto), so a left dst's blayout
# is not checked here: only its slayout.
CUBE_LAYOUTS: Mapping[TargetArch, Mapping[Location, tuple[BLayout, SLayout]]] = {
    TargetArch.A2A3: {
        _LEFT: (BLayout.ROW_MAJOR, SLayout.ROW_MAJOR),
        _RIGHT: (BLayout.ROW_MAJOR, SLayout.COL_MAJOR),
    },
    TargetArch.A5: {
        _LEFT: (BLayout.COL_MAJOR, SLayout.ROW_MAJOR),
        _RIGHT: (BLayout.ROW_MAJOR, SLayout.COL_MAJOR),
    },
    TargetArch.CPU: {
        _LEFT: (BLayout.COL_MAJOR, SLayout.ROW_MAJOR),
        _RIGHT: (BLayout.ROW_MAJOR, SLayout.COL_MAJOR),
    },
}

_A2A3_EXTRACT = frozenset({(_MAT, _LEFT), (_MAT, _RIGHT), (_ACC, _MAT), (_VEC, _VEC)})
_A5_EXTRACT = _A2A3_EXTRACT | {(_VEC, _MAT), (_ACC, _VEC), (_MAT, Location.SCALING)}
"""A5 also extracts E8M0 MX scales from L1 into a scaling tile (a5/TExtract.hpp
TExtractToAmx / TExtractToBmx, load_cbuf_to_ca_mx/cb_mx; `_verify_mx_scales`)."""


_A2A3_INSERT = frozenset({(_ACC, _MAT), (_VEC, _VEC)})
_A5_INSERT = _A2A3_INSERT | {(_VEC, _MAT), (_ACC, _VEC)}


class WindowTileOp(TileOp):
    """A copy between a tile and a window of another at (`index_row`, `index_col`)."""

    NUM_INS: ClassVar[int] = 3
    FP_SOURCE: ClassVar[bool] = True
    PTOAS_SEGMENTS: ClassVar = (
        "ins",
        "ins",
        "ins",
        "outs",
        "ins",
        "ins",
    )  # src, [indexRow, indexCol,] dst, fp, preQuantScalar
    PIPE: ClassVar[Pipe] = Pipe.V
    PIPE_RULES: ClassVar = location_pair_pipes(Pipe.V)
    """As tmov's location pairs (PTOAS `getPipe`; pto-isa TEXTRACT_M2LR MTE1, TEXTRACT_A2M and
    TINSERT_A2M FIX), vec->vec on V."""
    DTYPES: ClassVar = WINDOW_DTYPES
    PAIRS: ClassVar[Mapping[TargetArch, frozenset[Pair]]]
    """Legal (src, dst) location pairs per target."""
    COST: ClassVar = Formula(
        CostFormula.TILE_MOVE,
        "as tmov: 256 B/cycle on MTE1, 128 B/cycle on FIX, vec->vec as a vector copy",
    )
    NOT_LOWERED: ClassVar = (
        "a window copy between locations is a DMA/fixpipe move, not vector code: it runs at "
        "tile level like tmov"
    )

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """Both forms, as the reference prints them."""
        return [
            f"- SSA: `%dst = {cls.name} %src, %indexRow, %indexCol : "
            "(!pto.tile<...>, index, index) -> !pto.tile<...>`",
            f"- DPS: `{cls.name} ins(%src, %indexRow, %indexCol : !pto.tile_buf<...>, index, "
            "index) outs(%dst : !pto.tile_buf<...>)`",
        ]

    def source_roles(self) -> list[str]:
        return ["src", "indexRow", "indexCol", *(["fp"] if self.fp_source is not None else [])]

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The result type's valid shape (`?`: its full shape)."""
        dst = self.dst_tile()
        return dst.rows.data, dst.cols.data

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        for index, role in ((1, "indexRow"), (2, "indexCol")):
            kind = self.ins[index].type
            if not isinstance(kind, IndexType | IntegerType):
                raise fail(f"{self.name} {role} must be an index or integer, got {kind}")
        pair = (src.location, dst.location)
        legal = self.PAIRS[target.arch]
        if pair not in legal:
            names = ", ".join(sorted(f"{s.value}->{d.value}" for s, d in legal))
            raise fail(
                f"{self.name} from loc={src.location.value} to loc={dst.location.value} is not "
                f"supported on target {target.name} (supported: {names})"
            )
        if src.location is not _ACC:
            require_dtype_supported(f"{self.name} src", src.element, target, WINDOW_DTYPES)
        if pair == (_MAT, Location.SCALING):
            self._verify_mx_scales(src, dst)
        results = tmov_dst_dtypes(src.location, dst.location, src.element)
        fp = self.fp_source
        if fp is not None:
            verify_fp(self.name, fp, src, dst.element, target.arch)
        elif dst.element not in results:
            names = ", ".join(sorted(d.name for d in results))
            raise fail(
                f"{self.name} dst dtype {dst.element} must be {names} for a "
                f"{src.location.value} src of {src.element}"
            )
        small, large = self.window_and_whole(src, dst)
        if small[1].shape[0] > large[1].shape[0] or small[1].shape[1] > large[1].shape[1]:
            raise fail(
                f"{self.name} {small[0]} shape {dims_str(*small[1].shape)} must fit in the "
                f"{large[0]} shape {dims_str(*large[1].shape)}"
            )
        if (
            target.arch is not TargetArch.CPU
            and src.location is _MAT
            and dst.location in (_LEFT, _RIGHT)
        ):
            boxed = (src.slayout.data is SLayout.COL_MAJOR and src.is_row_major) or (
                src.slayout.data is SLayout.ROW_MAJOR and src.blayout.data is BLayout.COL_MAJOR
            )
            if not boxed:
                raise fail(
                    f"{self.name} src (loc=mat) feeding loc={dst.location.value} needs "
                    "blayout=row_major with slayout=col_major or blayout=col_major with "
                    f"slayout=row_major on target {target.name}, got "
                    f"blayout={src.blayout.data.value}, slayout={src.slayout.data.value}"
                )

        wanted = CUBE_LAYOUTS[target.arch].get(dst.location)
        if wanted is None:
            return
        where = f"{self.name} dst (loc={dst.location.value})"
        if dst.location is _LEFT:  # its blayout is the target's: only the slayout is checked
            if dst.slayout.data is not wanted[1]:
                raise fail(
                    f"{where} needs slayout={wanted[1].value}, got slayout={dst.slayout.data.value}"
                )
            return
        got = (dst.blayout.data, dst.slayout.data)
        if got != wanted:
            raise fail(
                f"{where} needs blayout={wanted[0].value}, slayout={wanted[1].value} on target "
                f"{target.name}, got blayout={got[0].value}, slayout={got[1].value}"
            )

    def _verify_mx_scales(self, src: TileTypeBase, dst: TileTypeBase) -> None:
        """Into loc=scaling only E8M0 MX scales move (PTOAS's EmitC makes such a tile
        ScaleLeft / ScaleRight; any other scaling tile is the fixpipe buffer, for which
        pto-isa's a5 TEXTRACT has no branch and emits no transfer)."""
        boxes = {(t.blayout.data, t.slayout.data) for t in (src, dst)}
        if src.element != F8E8M0 or len(boxes) != 1 or not boxes <= MX_SCALE_BOXES:
            raise fail(
                f"{self.name} into loc=scaling moves E8M0 MX scales in A's (row_major/"
                "row_major) or B's (col_major/col_major) boxes, src and dst alike; got "
                f"{src.element} (a fixpipe-buffer tile, which the implementation does not fill)"
            )

    @abstractmethod
    def window_and_whole(
        self, src: TileTypeBase, dst: TileTypeBase
    ) -> tuple[tuple[str, TileTypeBase], tuple[str, TileTypeBase]]:
        """(role, tile) of the window and of the tile it lies in."""


class ExtractTileOp(WindowTileOp):
    """`dst[i, j] = src[indexRow + i, indexCol + j]` over dst's valid region."""

    MANUAL: ClassVar = _PAGES + "textract.md"
    PIPE_RULES: ClassVar = (
        PipeRule("loc=mat -> loc=scaling (MX scales)", every_target(Pipe.MTE1), is_mx_scale_move,
                 "pto-isa a5 TExtractToAmx/Bmx (load_cbuf_to_ca_mx); PTOAS "
                 "textract_a5_scaling_pipe_selection: PIPE_MTE1"),
        *location_pair_pipes(Pipe.V),
    )  # fmt: skip
    # textract.md's pairs; vec->vec (and a5 vec->mat, acc->vec) from a2a3/a5 TExtract.hpp.
    PAIRS: ClassVar = {
        TargetArch.A2A3: _A2A3_EXTRACT,
        TargetArch.A5: _A5_EXTRACT,
        TargetArch.CPU: _A5_EXTRACT,
    }

    def window_and_whole(
        self, src: TileTypeBase, dst: TileTypeBase
    ) -> tuple[tuple[str, TileTypeBase], tuple[str, TileTypeBase]]:
        return ("dst", dst), ("src", src)


class InsertTileOp(WindowTileOp):
    """`dst[indexRow + i, indexCol + j] = src[i, j]` over src's valid region."""

    MANUAL: ClassVar = _PAGES + "tinsert.md"
    # tinsert.md's pairs; vec->vec on A2/A3 from a2a3/TInsert.hpp, acc->vec from a5/TInsert.hpp.
    PAIRS: ClassVar = {
        TargetArch.A2A3: _A2A3_INSERT,
        TargetArch.A5: _A5_INSERT,
        TargetArch.CPU: _A5_INSERT,
    }

    def window_and_whole(
        self, src: TileTypeBase, dst: TileTypeBase
    ) -> tuple[tuple[str, TileTypeBase], tuple[str, TileTypeBase]]:
        return ("src", src), ("dst", dst)


@irdl_op_definition
class TExtractOp(ExtractTileOp):
    """`dst[i, j] = src[indexRow + i, indexCol + j]` over dst's valid region."""

    name = "pto.textract"


@irdl_op_definition
class TInsertOp(InsertTileOp):
    """`dst[indexRow + i, indexCol + j] = src[i, j]` over src's valid region."""

    name = "pto.tinsert"


class FpOperandOrder(WindowTileOp):
    """vpto-dev/PTOAS's separate fp ops: `ins(%src, %fp, %indexRow, %indexCol : T, F, index,
    index) outs(%dst : D)` (its TExtractFpOp / TInsertFpOp); held in the order of the `fp`
    form (src, indexRow, indexCol, fp), so every layer reads them as that form."""

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """The form, as the reference prints it."""
        return [
            f"- DPS: `{cls.name} ins(%src, %fp, %indexRow, %indexCol : !pto.tile_buf<...>, "
            "!pto.tile_buf<loc=scaling, ...>, index, index) outs(%dst : !pto.tile_buf<...>)`"
        ]

    @classmethod
    def parse(cls, parser: Parser) -> FpOperandOrder:
        pos = parser.pos
        parser.parse_keyword("ins")
        parser.parse_punctuation("(")
        ins, in_types = parse_operands_colon_types(parser)
        parser.parse_punctuation(")")
        parser.parse_keyword("outs")
        parser.parse_punctuation("(")
        out_ops, out_types = parse_operands_colon_types(parser)
        parser.parse_punctuation(")")
        attrs = parser.parse_optional_attr_dict()
        values = resolve(parser, ins, in_types)
        if len(values) != 4:
            parser.raise_error(f"{cls.name} takes ins(%src, %fp, %indexRow, %indexCol)", pos)
        src, fp, row, col = values
        outs = resolve(parser, out_ops, out_types)
        return cls.create(
            operands=[src, row, col, fp, *outs],
            properties={SEGMENTS: segments(4, len(outs))},
            attributes=attrs,
        )

    def print(self, printer: Printer) -> None:
        src, row, col, fp = self.ins
        printer.print_string(" ins(")
        print_values_colon_types(printer, [src, fp, row, col])
        printer.print_string(") outs(")
        print_values_colon_types(printer, self.outs)
        printer.print_string(")")
        printer.print_op_attributes(self.attributes)

    def verify_tiles(self, target: TargetProfile) -> None:
        if self.fp_source is None:
            raise fail(f"{self.name} takes ins(%src, %fp, %indexRow, %indexCol) and outs(%dst)")
        super().verify_tiles(target)


@irdl_op_definition
class TExtractFpOp(FpOperandOrder, ExtractTileOp):
    """`pto.textract` with an fp tile, in vpto-dev/PTOAS's own op (TEXTRACT_FP)."""

    name = "pto.textract_fp"
    MANUAL: ClassVar = "TEXTRACT_FP.md"


@irdl_op_definition
class TInsertFpOp(FpOperandOrder, InsertTileOp):
    """`pto.tinsert` with an fp tile, in vpto-dev/PTOAS's own op (TINSERT_FP)."""

    name = "pto.tinsert_fp"
    MANUAL: ClassVar = "TINSERT_FP.md"


OPS: list[type[IRDLOperation]] = [TExtractOp, TInsertOp, TExtractFpOp, TInsertFpOp]
