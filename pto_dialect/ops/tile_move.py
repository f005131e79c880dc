"""`pto.tmov`: a tile moved between two locations; the pipe follows from the location pair."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import ClassVar, TypeVar

from xdsl.ir import Operation, SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition

from pto_dialect.attrs import Location, Pipe, SLayout
from pto_dialect.dtypes import F8E8M0, F32, I32, DType
from pto_dialect.mx import MX_SCALE_BOXES
from pto_dialect.ops.base import (
    TileOp,
    dims_str,
    fail,
    require_dtype_supported,
    require_same_dtype,
)
from pto_dialect.ops.fixpipe_fp import verify_fp
from pto_dialect.ops.tile_memory import ACC_STORE_TYPES, GM_TILE
from pto_dialect.ops.tile_move_zz import verify_to_zz
from pto_dialect.option_attrs import option_value
from pto_dialect.records import (
    CostFormula,
    DTypes,
    Formula,
    PerTarget,
    PipeRule,
    Shapes,
    every_target,
    per_target_dtypes,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileTypeBase

S = TypeVar("S")

TMOV_PIPES: dict[tuple[Location, Location], Pipe] = {
    (Location.MAT, Location.LEFT): Pipe.MTE1,
    (Location.MAT, Location.RIGHT): Pipe.MTE1,
    (Location.MAT, Location.BIAS): Pipe.MTE1,
    # pto-isa event.hpp `TMOV_M2S -> PIPE_FIX` (the fixpipe buffer is loaded by the fixpipe;
    # PTOAS #928 moved it off MTE1 after stale FBUF reads)
    (Location.MAT, Location.SCALING): Pipe.FIX,
    (Location.VEC, Location.VEC): Pipe.V,
    # the A5 UB -> L1 path issues copy_ubuf_to_cbuf on MTE3 (a5/TExtract.hpp
    # TExtractVecToMat; PTOAS #272)
    (Location.VEC, Location.MAT): Pipe.MTE3,
    (Location.ACC, Location.MAT): Pipe.FIX,
    (Location.ACC, Location.VEC): Pipe.FIX,
}
"""Legal (src, dst) location pairs of `pto.tmov` and the pipe each runs on (tmov.md; pto-isa
`include/pto/common/event.hpp` OpPipeEntry: TMOV_M2L/M2R/M2B MTE1, TMOV_A2M/A2V/M2S FIX,
TMOV_V2V V)."""


_PAIRS_SOURCE = "tmov.md; pto-isa event.hpp TMOV_*"


def location_pair_pipes(default: Pipe) -> tuple[PipeRule, ...]:
    """The pipe rows of an op whose pipe follows its (source, destination) locations."""

    def pair_is(pair: tuple[Location, Location]) -> Callable[[Operation], bool]:
        def applies(op: Operation) -> bool:
            if not isinstance(op, TileOp):
                return False
            src, dst = op.ins[0].type, op.dst_type
            return (
                isinstance(src, TileTypeBase)
                and isinstance(dst, TileTypeBase)
                and (src.location, dst.location) == pair
            )

        return applies

    rows = tuple(
        PipeRule(f"loc={a.value} -> loc={b.value}", every_target(p), pair_is((a, b)), _PAIRS_SOURCE)
        for (a, b), p in TMOV_PIPES.items()
    )
    return (*rows, PipeRule("any other pair (refused by the verifier)", every_target(default)))


# Byte alignment of one row (cols x sizeof) of single-row moves into the bias / fixpipe buffers.
_SINGLE_ROW_ALIGN = {Location.BIAS: 64, Location.SCALING: 128}


def tmov_dst_dtypes(src: Location, dst: Location, dtype: DType) -> frozenset[DType]:
    """Element types a move of `dtype` from `src` to `dst` may produce (tmov.md)."""
    if (src, dst) == (Location.MAT, Location.BIAS):
        return frozenset({I32 if dtype == I32 else F32})
    if src is Location.ACC:
        return ACC_STORE_TYPES.get(dtype, frozenset())
    return frozenset({dtype})


def is_mx_scale_move(op: Operation) -> bool:
    """A mat -> scaling move (tmov, textract) of E8M0 scales: into the cube's MX scale buffer
    (pto-isa a5 `TMOV_TILE_IMPL` / `TEXTRACT_TILE_IMPL` into a ScaleLeft / ScaleRight tile,
    `TExtractToAmx` / `TExtractToBmx`), not the fixpipe buffer."""
    if not isinstance(op, TileOp) or not op.ins:
        return False
    src, dst = op.ins[0].type, op.dst_type
    return (
        isinstance(src, TileTypeBase)
        and isinstance(dst, TileTypeBase)
        and (src.location, dst.location) == (Location.MAT, Location.SCALING)
        and src.element == F8E8M0
    )


def _pair(src: Location, dst: Location) -> str:
    return f"{src.value}->{dst.value}"


@irdl_op_definition
class TMovOp(TileOp):
    """`dst = src` between two tile locations; the pipe follows from the pair."""

    name = "pto.tmov"

    PIPE: ClassVar[Pipe] = Pipe.MTE1
    PIPE_RULES: ClassVar = (
        PipeRule("loc=mat -> loc=scaling of f8E8M0 (MX scales)", every_target(Pipe.MTE1),
                 is_mx_scale_move, "pto-isa a5 TMOV_TILE_IMPL ScaleLeft/ScaleRight "
                 "(load_cbuf_to_ca_mx); PTOAS tmov_mx_scale_pipe_selection_a5: PIPE_MTE1"),
        *location_pair_pipes(Pipe.MTE1),
    )  # fmt: skip
    MANUAL: ClassVar = "tile/ops/layout-and-rearrangement/tmov.md"
    FP_SOURCE: ClassVar[bool] = True
    PTOAS_SEGMENTS: ClassVar = (
        "ins",
        "outs",
        "ins",
        "ins",
    )  # src, [indexRow, indexCol,] dst, fp, preQuantScalar
    DTYPES_BY_PAIR: ClassVar[Mapping[tuple[Location, Location], DTypes]] = {
        # tmov.md: source element types per legal location pair (empty: pair unsupported)
        (Location.MAT, Location.LEFT): per_target_dtypes(
            "i8 f16 bf16 f32", "i8 f8E4M3FN f8E5M2 f16 bf16 f32"
        ),
        (Location.MAT, Location.RIGHT): per_target_dtypes(
            "i8 f16 bf16 f32", "i8 f8E4M3FN f8E5M2 f16 bf16 f32"
        ),
        (Location.MAT, Location.BIAS): per_target_dtypes("i32 f32 f16", "i32 f32 f16 bf16"),
        # ui64 into the fixpipe buffer; A5 also E8M0 MX scales (`is_mx_scale_move`) and f32
        # (PTOAS A5 TileOps `template_tmov_m2s`, board-tested tilelang_st tmov2scale)
        (Location.MAT, Location.SCALING): per_target_dtypes(
            "ui64", "ui64 f8E8M0 f32", "ui64 f8E8M0"
        ),
        (Location.VEC, Location.VEC): GM_TILE,
        (Location.VEC, Location.MAT): PerTarget(frozenset(), GM_TILE.a5, GM_TILE.cpu),
        (Location.ACC, Location.MAT): per_target_dtypes("i32 f32", "i32 f32"),
        (Location.ACC, Location.VEC): per_target_dtypes("", "i32 f32"),
    }
    COST: ClassVar = Formula(
        CostFormula.TILE_MOVE,
        "tmov: 256 B/cycle on MTE1, 128 B/cycle on FIX, vec->vec as a vector copy",
    )
    NOT_LOWERED: ClassVar = (
        "pto-lower-matrix lowers mat -> left / right / bias and acc -> mat moves (mte_l1_l0a, "
        "mte_l1_l0b, mte_l1_bt, mte_l0c_l1); the other moves run at tile level"
    )

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The source's valid region."""
        return shapes.valid(self.ins[0])

    def reads_beyond_valid(
        self, shapes: Shapes[S], result: tuple[S | int, S | int]
    ) -> list[tuple[int, str, tuple[S | int, S | int]]]:
        """A move reads the source over the destination's valid region."""
        return [(0, "src", result)]

    @property
    def zz_tmp(self) -> TileTypeBase | None:
        """The scratch tile of the X-to-ZZ exponent form (a vec tile in the fp position)."""
        fp = self.fp_source
        kind = None if fp is None else fp.type
        if isinstance(kind, TileTypeBase) and kind.location is Location.VEC:
            return kind
        return None

    def keyword_source(self) -> SSAValue | None:
        """The X-to-ZZ tmp is printed as a plain source (PTOAS: `ins(%exp, %tmp : E, T)`)."""
        return None if self.zz_tmp is not None else self.fp_source

    @property
    def zz_by_column(self) -> bool:
        """grpAxis = axis0: the DN exponents of `tquant.mx` (else the ND ones)."""
        return option_value(self.attributes.get("grpAxis")) == "axis0"

    def verify_tiles(self, target: TargetProfile) -> None:
        src, dst = self.tile(0, "src"), self.dst_tile()
        tmp = self.zz_tmp
        if tmp is not None:
            verify_to_zz(self, src, dst, tmp, target)
            return
        if "grpAxis" in self.attributes:
            raise fail(f"{self.name} grpAxis belongs to the X-to-ZZ form (a vec tmp tile)")
        pair = (src.location, dst.location)
        if pair not in TMOV_PIPES:
            legal = ", ".join(_pair(*p) for p in TMOV_PIPES)
            raise fail(
                f"{self.name} from loc={src.location.value} to loc={dst.location.value} is not "
                f"a legal move (legal: {legal})"
            )
        table = self.DTYPES_BY_PAIR[pair]
        if not table[target.arch]:
            raise fail(
                f"{self.name} from loc={src.location.value} to loc={dst.location.value} is not "
                f"supported on target {target.name}"
            )
        require_dtype_supported(
            f"{self.name} src", src.element, target, table, f" for {_pair(*pair)} moves"
        )
        legal = tmov_dst_dtypes(*pair, src.element)
        fp = self.fp_source
        if fp is not None:
            verify_fp(self.name, fp, src, dst.element, target.arch)
        elif len(legal) == 1 and src.element in legal:
            require_same_dtype(f"{self.name} dst", dst.element, "src", src.element)
        elif dst.element not in legal:
            names = ", ".join(sorted(d.name for d in legal))
            raise fail(
                f"{self.name} dst dtype {dst.element} is not a legal result of moving "
                f"{src.element} {_pair(*pair)} (legal: {names})"
            )
        if src.shape != dst.shape:
            raise fail(
                f"{self.name} dst shape {dims_str(*dst.shape)} must equal the src shape "
                f"{dims_str(*src.shape)}"
            )
        if is_mx_scale_move(self):
            for role, tile in (("src", src), ("dst", dst)):
                if (tile.blayout.data, tile.slayout.data) not in MX_SCALE_BOXES or (
                    (tile.blayout.data, tile.slayout.data) != (src.blayout.data, src.slayout.data)
                ):
                    raise fail(
                        f"{self.name} {role} of an MX scale move needs the boxes of A's "
                        "(row_major/row_major) or B's (col_major/col_major) scales, as src"
                    )
        elif dst.location in _SINGLE_ROW_ALIGN and not (
            dst.location is Location.SCALING and src.element == F32
        ):  # f32: PTOAS's A5 `template_tmov_m2s` moves rows x cols (`mte_l1_fb`, nburst rows)
            self._verify_single_row(src, dst.location)
        feeds_cube = src.location is Location.MAT and dst.location in (
            Location.LEFT,
            Location.RIGHT,
        )
        if feeds_cube and not src.is_row_major and src.slayout.data is not SLayout.ROW_MAJOR:
            raise fail(
                f"{self.name} src layout blayout=col_major, "
                f"slayout={src.slayout.data.value} cannot feed loc={dst.location.value}: "
                "a col_major tile needs row_major boxes"
            )

    def _verify_single_row(self, src: TileTypeBase, dst: Location) -> None:
        if src.rows.data != 1:
            raise fail(
                f"{self.name} src of a mat->{dst.value} move must be a single row, "
                f"got rows={src.rows.data}"
            )
        align = _SINGLE_ROW_ALIGN[dst]
        row_bytes = src.cols.data * src.element.bytes
        if row_bytes % align:
            raise fail(
                f"{self.name} src row of a mat->{dst.value} move is {row_bytes} bytes, "
                f"which must be a multiple of {align}"
            )


OPS: list[type[IRDLOperation]] = [TMovOp]
