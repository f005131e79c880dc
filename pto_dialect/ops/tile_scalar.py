"""Tile-scalar instructions (the manual's tile-scalar-and-immediate pages, but tcmps/tsels).

`dst[i, j] = f(src[i, j], scalar)` over the destination's valid region, the scalar an SSA
value (`arith.constant`, a function argument, ...):

  SSA  `%d = pto.tadds %src, %s : (!pto.tile<...>, f32) -> !pto.tile<...>`
  DPS  `pto.tadds ins(%src, %s : !pto.tile_buf<...>, f32) outs(%d : !pto.tile_buf<...>)`

Each op lists the operand orders its page (and PTOAS) defines, `LAYOUTS`, with `scalar`
where the scalar goes: `tdivs` takes `(src, scalar)` (src / scalar) and `(scalar, src)`
(scalar / src); `taddsc`/`tsubsc` `(src0, scalar, src1)`; `texpands` only `(scalar)`; a
trailing `tmp` is a scratch tile (`txors`, `trems`, `tpows`); `taxpy` updates its
destination, in DPS form the `outs` buffer itself (PTOAS) or an `acc` source after the
scalar, in SSA form always that `acc`.

Rules of every page, on both NPU targets: tiles in `loc=vec`, row-major, one element type,
which the op's `DTYPES` allow on the target, and (static) valid regions equal to dst's. The
scalar has the element type: the C++ intrinsics take `typename Tile::DType scalar`, so a
wider C++ argument is converted at the call; here that conversion is the program's
(`arith.truncf`, ...). For integer elements the signless integer of the same width is
accepted too. `tlrelu` also takes an f32 slope (PTOAS's `F32:$slope`), rounded to the
element type (round-to-nearest-even, as C++'s conversion to `half`).
"""

from __future__ import annotations

from dataclasses import replace
from typing import ClassVar, TypeVar

from xdsl.dialects.builtin import f32
from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Attribute, SSAValue
from xdsl.irdl import IRDLOperation, irdl_attr_definition, irdl_op_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum

from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.dtypes import F16, F32, DType
from pto_dialect.ops.base import (
    fail,
    require_dtype_supported,
    require_location,
    require_same_dtype,
    target_of,
)
from pto_dialect.ops.tile_elementwise import require_row_major, require_same_valid
from pto_dialect.ops.tile_vector import VectorTileOp
from pto_dialect.ops.vector_arith import VDIV_COST, VBrOp, VDivOp, VectorOp
from pto_dialect.ops.vector_scalar import (
    VAddsOp,
    VAxpyOp,
    VLReluOp,
    VMaxsOp,
    VMinsOp,
    VMulsOp,
    VSubsOp,
    constant_of,
    require_scalar_fits,
    scalar_fits,
)
from pto_dialect.records import (
    Completion,
    Cost,
    Effect,
    PerRepeat,
    PipeRule,
    Shapes,
    VectorCost,
    every_target,
    per_target_dtypes,
)
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileTypeBase


class DivPrecision(StrEnum):
    """`DivAlgorithm` of `tdivs` (tdivs.md): the A5 algorithm; A2/A3 ignores it."""

    DEFAULT = "default"
    HIGH_PRECISION = "high_precision"


@irdl_attr_definition
class DivPrecisionAttr(EnumAttribute[DivPrecision]):
    """`#pto.div_precision<high_precision>`, or PTOAS's `#pto<div_precision high_precision>`."""

    name = "pto.div_precision"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> DivPrecision:
        angled = parser.parse_optional_punctuation("<") is not None  # else `#pto<name VALUE>`
        pos = parser.pos
        name = parser.parse_identifier()
        if name not in {p.value for p in DivPrecision}:
            parser.raise_error(
                f"div_precision must be default or high_precision, got {name}", pos, parser.pos
            )
        value = DivPrecision(name)
        if angled:
            parser.parse_punctuation(">")
        return value

    def print_parameter(self, printer: Printer) -> None:
        printer.print_string(f"<{self.data.value}>")


PRECISION = "precisionType"
"""The attribute naming `tdivs`'s division algorithm (PTOAS's name)."""

PAGES = "tile/ops/tile-scalar-and-immediate/"
S = TypeVar("S")
SCALAR = "scalar"
TMP = "tmp"
ACC = "acc"

Layout = tuple[str, ...]


def is_tile_value(value: SSAValue) -> bool:
    return isinstance(value.type, TileTypeBase)


class ScalarTileOp(VectorTileOp):
    """A vector-pipe tile op of tiles and one scalar, applied per element of dst's valid
    region; its record says its operand orders (`LAYOUTS`) and the vector op it lowers to."""

    VECTOR_OP: ClassVar[type[VectorOp]]  # pyright: ignore[reportIncompatibleVariableOverride]
    LAYOUTS: ClassVar[tuple[Layout, ...]] = (("src", SCALAR),)
    """The operand orders of `ins(...)` the page defines (`scalar`, `tmp`, `acc` by name)."""
    TMP_REQUIRED: ClassVar[frozenset[TargetArch]] = frozenset()
    """Targets whose implementation computes through the scratch tile (PTOAS's level-2 form
    may omit it: the compiler materialises one)."""
    EXTRA_SCALAR_TYPES: ClassVar[tuple[Attribute, ...]] = ()
    """Scalar types accepted besides the element type (converted to it)."""
    IN_PLACE: ClassVar[bool] = True
    """Whether dst may share a source's buffer (A2/A3 tands/tors/txors: "unsupported")."""

    @classmethod
    def cost(cls) -> Cost:
        """Its own `COST` where no vector op computes it, else its vector op's."""
        return cls.COST if cls.COST is not None else super().cost()

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        return () if cls.REFUSED is not None else (cls.VECTOR_OP,)

    @classmethod
    def syntax_lines(cls) -> list[str]:
        """Both forms of each operand order, for the op reference."""
        lines: list[str] = []
        accumulates = any(ACC in layout for layout in cls.LAYOUTS)  # SSA needs the acc
        for layout in cls.LAYOUTS:
            names = ", ".join(f"%{role}" for role in layout)
            tiles = ["dtype" if r == SCALAR else "!pto.tile<...>" for r in layout]
            bufs = ", ".join(t.replace("!pto.tile<", "!pto.tile_buf<") for t in tiles)
            sig = tiles[0] if len(tiles) == 1 else f"({', '.join(tiles)})"
            if ACC in layout or not accumulates:
                lines.append(f"- SSA: `%dst = {cls.name} {names} : {sig} -> !pto.tile<...>`")
            lines.append(
                f"- DPS: `{cls.name} ins({names} : {bufs}) outs(%dst : !pto.tile_buf<...>)`"
            )
        return lines

    # ---- operands -------------------------------------------------------------------
    def _matching_layout(self) -> Layout | None:
        """The layout with as many operands as `ins` and one scalar where it has it."""
        if sum(not is_tile_value(v) for v in self.ins) != 1:
            return None
        for layout in self.LAYOUTS:
            if len(layout) == len(self.ins) and not is_tile_value(self.ins[layout.index(SCALAR)]):
                return layout
        return None

    @property
    def layout(self) -> Layout:
        """The operand order of this op's `ins` (checked by the verifier)."""
        layout = self._matching_layout()
        if layout is None:
            raise fail(self._layout_message())
        return layout

    def _layout_message(self) -> str:
        forms = " or ".join(f"ins({', '.join(layout)})" for layout in self.LAYOUTS)
        got = ", ".join("tile" if is_tile_value(v) else str(v.type) for v in self.ins)
        return f"{self.name} expects {forms} (one non-tile scalar operand), got ins({got})"

    def source_roles(self) -> list[str]:
        return list(self.layout)

    def index_of(self, role: str) -> int | None:
        layout = self.layout
        return layout.index(role) if role in layout else None

    @property
    def scalar(self) -> SSAValue:
        return self.ins[self.layout.index(SCALAR)]

    @property
    def scalar_first(self) -> bool:
        """Whether the scalar is the left operand (`tdivs %scalar, %src`: scalar / src)."""
        return self.layout.index(SCALAR) == 0

    def data_sources(self) -> list[tuple[int, str]]:
        """(index, role) of the tiles the computation reads (not the scalar or tmp)."""
        return [(i, r) for i, r in enumerate(self.layout) if r not in (SCALAR, TMP)]

    def scratch_sources(self) -> frozenset[int]:
        index = self.index_of(TMP)
        return frozenset() if index is None else frozenset({index})

    def alias_sources(self) -> frozenset[int]:
        """Each element is read before it is written at the same place."""
        if not self.IN_PLACE:
            return frozenset()
        return frozenset(i for i, _ in self.data_sources())

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The first source tile's valid region."""
        return shapes.valid(self.ins[self.data_sources()[0][0]])

    # ---- verification ---------------------------------------------------------------
    def verify_(self) -> None:
        if len(self.outs) > 1 or len(self.res) > 1 or len(self.outs) + len(self.res) != 1:
            raise fail(
                f"{self.name} needs exactly one destination: an outs(...) buffer (DPS form) "
                "or a result (SSA form)"
            )
        if self._matching_layout() is None:
            raise fail(self._layout_message())
        self.verify_form()
        self.verify_tiles(target_of(self))

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        tiles = [(role, self.tile(i, role)) for i, role in self.data_sources()]
        tiles.append(("dst", dst))
        for role, tile in tiles:
            require_location(f"{self.name} {role}", tile, Location.VEC)
            require_row_major(f"{self.name} {role}", tile)
        assert self.DTYPES is not None
        require_dtype_supported(self.name, dst.element, target, self.DTYPES)
        for role, tile in tiles[:-1]:
            self.verify_source(role, tile, dst, target)
        self.verify_scalar(dst)
        constant = constant_of(self.scalar)
        if constant is not None:
            self.verify_constant(constant, dst.element)
        self.verify_tmp(dst, target)
        if not self.IN_PLACE and target.arch is TargetArch.A2A3 and self.outs:
            for i, role in self.data_sources():
                if self.ins[i] is self.outs[0]:
                    raise fail(
                        f"{self.name} {role} and dst are the same tile buffer, which target "
                        f"{target.name} does not support (its page: source and destination "
                        "must not share memory)"
                    )

    def verify_source(
        self, role: str, tile: TileTypeBase, dst: TileTypeBase, target: TargetProfile
    ) -> None:
        require_same_dtype(f"{self.name} {role}", tile.element, "dst", dst.element)
        require_same_valid(f"{self.name} {role}", tile, "dst", dst)

    def verify_scalar(self, dst: TileTypeBase) -> None:
        scalar, dtype = self.scalar.type, self.scalar_dtype(dst)
        if scalar in self.EXTRA_SCALAR_TYPES:
            return
        if self.EXTRA_SCALAR_TYPES and not scalar_fits(scalar, dtype):
            extra = " or ".join(str(t) for t in self.EXTRA_SCALAR_TYPES)
            raise fail(
                f"{self.name} scalar type {scalar} must be the element type {dtype} or {extra}"
            )
        require_scalar_fits(f"{self.name} scalar", scalar, dtype)

    def verify_constant(self, value: int | float, dtype: DType) -> None:
        """Rules on a scalar known at compile time (an `arith.constant`); none by default."""

    def scalar_dtype(self, dst: TileTypeBase) -> DType:
        """The element type the scalar must have (dst's)."""
        return dst.element

    def verify_tmp(self, dst: TileTypeBase, target: TargetProfile) -> None:
        index = self.index_of(TMP)
        if index is None:  # PTOAS's level-2 form: the compiler materialises the scratch tile
            return
        tmp = self.tile(index, TMP)
        require_location(f"{self.name} tmp", tmp, Location.VEC)
        require_same_dtype(f"{self.name} tmp", tmp.element, "dst", dst.element)


def require_nonzero_divisor(name: str, value: int | float, dtype: DType) -> None:
    """A constant zero divisor (the pages: "target-defined; the CPU simulator asserts")."""
    if value == 0:
        raise fail(
            f"{name} scalar is a constant 0: division by zero is target-defined (its page), "
            "an error here"
        )


# ---- arithmetic ---------------------------------------------------------------------
_NUMERIC_A2A3 = "i32 i16 f16 f32"
_A5_SCALAR_ARITH = "ui8 i8 ui16 i16 ui32 i32 f16 f32 bf16 i64 ui64"
"""pto-isa a5's TAddS/TSubS/TMaxS/TMinS: 64-bit integers as two 32-bit halves included."""


@irdl_op_definition
class TAddSOp(ScalarTileOp):
    """`dst = src + scalar`."""

    name = "pto.tadds"

    MANUAL: ClassVar = PAGES + "tadds.md"
    # tadds.md implementation checks (A2A3, A5), and A5's 64-bit lanes (pto-isa a5 TAddS)
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, _A5_SCALAR_ARITH)
    VECTOR_OP: ClassVar = VAddsOp


@irdl_op_definition
class TSubSOp(ScalarTileOp):
    """`dst = src - scalar`."""

    name = "pto.tsubs"

    MANUAL: ClassVar = PAGES + "tsubs.md"
    # tsubs.md lists A2/A3's types for both; pto-isa a5 TSubS takes tadds's (decisions.md)
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, _A5_SCALAR_ARITH)
    VECTOR_OP: ClassVar = VSubsOp


@irdl_op_definition
class TMulSOp(ScalarTileOp):
    """`dst = src * scalar`."""

    name = "pto.tmuls"

    MANUAL: ClassVar = PAGES + "tmuls.md"
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, "ui16 i16 ui32 i32 f16 f32 bf16 i64 ui64")
    VECTOR_OP: ClassVar = VMulsOp


@irdl_op_definition
class TDivSOp(ScalarTileOp):
    """`dst = src / scalar` (`ins(src, scalar)`) or `scalar / src` (`ins(scalar, src)`)."""

    name = "pto.tdivs"

    LAYOUTS: ClassVar = (("src", SCALAR), (SCALAR, "src"))
    MANUAL: ClassVar = PAGES + "tdivs.md"
    # `{precisionType = #pto<div_precision high_precision>}` selects A5's algorithm; both are
    # the IEEE quotient here (docs/semantics.md), A2/A3 ignores it (tdivs.md)
    # tdivs.md implementation checks, both overloads
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, "ui8 i8 ui16 i16 ui32 i32 f16 f32 i64 ui64")
    VECTOR_OP: ClassVar = VDivOp

    def verify_constant(self, value: int | float, dtype: DType) -> None:
        """An integer tile / 0 (floats divide by zero as IEEE 754 says)."""
        if dtype.is_int and not self.scalar_first:
            require_nonzero_divisor(self.name, value, dtype)

    def not_lowered(self) -> str | None:
        if self.dst_tile().element.is_int:
            return (
                "an integer tdivs is a scalar loop in pto-isa (TDivs_naive / TSDiv_naive, "
                "A2/A3 and A5 TDivS.hpp), not vector code"
            )
        return super().not_lowered()

    def verify_tiles(self, target: TargetProfile) -> None:
        super().verify_tiles(target)
        precision = self.attributes.get(PRECISION)
        if precision is not None and not isinstance(precision, DivPrecisionAttr):
            raise fail(
                f"{self.name} {PRECISION} must be a #pto.div_precision<default|high_precision>, "
                f"got {precision}"
            )


@irdl_op_definition
class TMaxSOp(ScalarTileOp):
    """`dst = src > scalar ? src : scalar` (a NaN operand gives NaN, as tmax)."""

    name = "pto.tmaxs"

    MANUAL: ClassVar = PAGES + "tmaxs.md"
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, _A5_SCALAR_ARITH)
    VECTOR_OP: ClassVar = VMaxsOp


@irdl_op_definition
class TMinSOp(ScalarTileOp):
    """`dst = src < scalar ? src : scalar` (a NaN operand gives NaN, as tmin)."""

    name = "pto.tmins"

    MANUAL: ClassVar = PAGES + "tmins.md"
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, _A5_SCALAR_ARITH)
    VECTOR_OP: ClassVar = VMinsOp


@irdl_op_definition
class TAddSCOp(ScalarTileOp):
    """`dst = (src0 + scalar) + src1`, two roundings (pto-isa's CPU TADDSC)."""

    name = "pto.taddsc"

    LAYOUTS: ClassVar = (("src0", SCALAR, "src1"),)
    MANUAL: ClassVar = PAGES + "taddsc.md"
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, _NUMERIC_A2A3)  # taddsc.md
    VECTOR_OP: ClassVar = VAddsOp  # then vadd


@irdl_op_definition
class TSubSCOp(ScalarTileOp):
    """`dst = (src0 - scalar) + src1`, two roundings (pto-isa's CPU TSUBSC)."""

    name = "pto.tsubsc"

    LAYOUTS: ClassVar = (("src0", SCALAR, "src1"),)
    MANUAL: ClassVar = PAGES + "tsubsc.md"
    DTYPES: ClassVar = per_target_dtypes(_NUMERIC_A2A3, _NUMERIC_A2A3)  # tsubsc.md
    VECTOR_OP: ClassVar = VSubsOp  # then vadd


@irdl_op_definition
class TLReluOp(ScalarTileOp):
    """`dst = src >= 0 ? src : src * slope` (vlrelu, which both NPU targets use)."""

    name = "pto.tlrelu"

    MANUAL: ClassVar = PAGES + "tlrelu.md"
    DTYPES: ClassVar = per_target_dtypes("f16 f32", "f16 f32")  # tlrelu.md
    VECTOR_OP: ClassVar = VLReluOp
    EXTRA_SCALAR_TYPES: ClassVar[tuple[Attribute, ...]] = (f32,)


@irdl_op_definition
class TAxpyOp(ScalarTileOp):
    """`dst = acc + src * scalar`, fused (vaxpy); acc is dst itself (DPS `ins(src, scalar)`)
    or the `acc` source. f32 dst with f16 src widens src and scalar exactly first."""

    name = "pto.taxpy"

    LAYOUTS: ClassVar = (("src", SCALAR, ACC), ("src", SCALAR))
    MANUAL: ClassVar = PAGES + "taxpy.md"
    # pto-isa TAxpy.hpp (A2A3, A5): dst half or float, src as dst or half with a float dst
    DTYPES: ClassVar = per_target_dtypes("f16 f32", "f16 f32")
    VECTOR_OP: ClassVar = VAxpyOp

    def scratch_sources(self) -> frozenset[int]:
        return frozenset()

    def operand_effects(self) -> tuple[Effect, ...]:
        """The PTOAS form reads dst before writing it."""
        effects = super().operand_effects()
        if self.outs and self.index_of(ACC) is None:
            return (*effects[:-1], Effect.SCRATCH)
        return effects

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        return shapes.valid(self.ins[0])

    def verify_(self) -> None:
        super().verify_()
        if self.res and self.index_of(ACC) is None:
            raise fail(
                f"{self.name} in SSA form takes ins(src, scalar, acc): its result is acc + "
                "src * scalar"
            )

    def verify_source(
        self, role: str, tile: TileTypeBase, dst: TileTypeBase, target: TargetProfile
    ) -> None:
        if role == "src" and (tile.element, dst.element) == (F16, F32):  # widened exactly
            require_same_valid(f"{self.name} src", tile, "dst", dst)
            return
        super().verify_source(role, tile, dst, target)

    def scalar_dtype(self, dst: TileTypeBase) -> DType:
        """The scalar has src's element type (`typename TileDataSrc::DType`)."""
        return self.tile(0, "src").element


@irdl_op_definition
class TExpandSOp(ScalarTileOp):
    """`dst = scalar` over dst's valid region of a Vec tile; a Mat tile's whole storage (its
    rows x cols elements, in whole 32-byte blocks), which a2a3/a5 TExpandS.hpp fill with one
    `create_cbuf_matrix` on MTE2."""

    name = "pto.texpands"
    PIPE_RULES: ClassVar = (
        PipeRule("mat dst", every_target(Pipe.MTE2), lambda op: _into_mat(op),
                 "a2a3/a5 TExpandS.hpp: create_cbuf_matrix"),
        PipeRule("vec dst", every_target(Pipe.V), None, "the record's `PIPE`"),
    )  # fmt: skip

    LAYOUTS: ClassVar = ((SCALAR,),)
    MANUAL: ClassVar = PAGES + "texpands.md"
    # pto-isa TEXPANDS_IMPL static_asserts, a2a3/ and a5/TExpandS.hpp: 1-, 2-, 4-byte
    # integers, f16, bf16, f32 (A5 also 8-byte integers, not modelled); texpands.md's A5
    # list omits bf16 (docs/decisions.md)
    DTYPES: ClassVar = per_target_dtypes(
        "ui8 i8 ui16 i16 ui32 i32 f16 bf16 f32", "ui8 i8 ui16 i16 ui32 i32 f16 bf16 f32"
    )
    VECTOR_OP: ClassVar = VBrOp  # then vsts

    def result_region(self, shapes: Shapes[S]) -> tuple[S | int, S | int]:
        """The result type's (static: checked by the verifier)."""
        dst = self.dst_tile()
        return dst.valid_shape[0], dst.valid_shape[1]

    def not_lowered(self) -> str | None:
        if _into_mat(self):
            return "a Mat tile is filled by create_cbuf_matrix on MTE2, not by vector ops"
        return super().not_lowered()

    def verify_tiles(self, target: TargetProfile) -> None:
        dst = self.dst_tile()
        if dst.location is Location.MAT:
            assert self.DTYPES is not None
            require_dtype_supported(self.name, dst.element, target, self.DTYPES)
            self.verify_scalar(dst)
            blocks = dst.shape[0] * dst.shape[1] * dst.element.bytes // 32
            if not 1 <= blocks <= 32767:  # TExpandS.hpp's repeat range
                raise fail(
                    f"{self.name} fills a loc=mat tile in 32-byte blocks: rows x cols x "
                    f"sizeof must be 32 to 32767 x 32 bytes, got {blocks} blocks"
                )
            return
        super().verify_tiles(target)
        if self.res and DYNAMIC in self.dst_tile().valid_shape:
            raise fail(
                f"{self.name} in SSA form needs a static valid shape: it has no source to take "
                "a dynamic one from"
            )


def _into_mat(op: object) -> bool:
    """A texpands whose destination is a Mat tile."""
    dst = op.dst_type if isinstance(op, TExpandSOp) else None
    return isinstance(dst, TileTypeBase) and dst.location is Location.MAT


# ---- not lowered: no exact vector sequence ------------------------------------------
_NO_EXACT = "no sequence of the vector ops of this project computes {} exactly"


@irdl_op_definition
class TFModSOp(ScalarTileOp):
    """`dst = fmod(src, scalar)` (C fmod: the sign of src); a zero scalar is an error."""

    name = "pto.tfmods"

    MANUAL: ClassVar = PAGES + "tfmods.md"
    DTYPES: ClassVar = per_target_dtypes("f32", "f16 f32")  # tfmods.md
    VECTOR_OP: ClassVar = VDivOp
    COST: ClassVar = replace(VDIV_COST, estimate="not published: costed as one vdiv")
    REFUSED: ClassVar = _NO_EXACT.format("fmod (a quotient rounded to the element type "
                                             "loses the remainder)")  # fmt: skip

    def verify_constant(self, value: int | float, dtype: DType) -> None:
        require_nonzero_divisor(self.name, value, dtype)


@irdl_op_definition
class TRemSOp(ScalarTileOp):
    """`dst = src mod scalar` with the sign of the scalar (pto-isa's CPU TREMS); a zero
    scalar is an error; `ins(src, scalar[, tmp])` (A2/A3's scratch tile, which PTOAS's level-2
    form leaves to the compiler)."""

    name = "pto.trems"

    LAYOUTS: ClassVar = (("src", SCALAR), ("src", SCALAR, TMP))
    MANUAL: ClassVar = PAGES + "trems.md"
    DTYPES: ClassVar = per_target_dtypes("f32 i32", "f32 i32 ui32 f16 i16 ui16")  # trems.md
    VECTOR_OP: ClassVar = VDivOp
    TMP_REQUIRED: ClassVar = frozenset({TargetArch.A2A3})
    COST: ClassVar = TFModSOp.COST
    REFUSED: ClassVar = _NO_EXACT.format("the remainder")

    def verify_constant(self, value: int | float, dtype: DType) -> None:
        require_nonzero_divisor(self.name, value, dtype)

    def verify_tmp(self, dst: TileTypeBase, target: TargetProfile) -> None:
        super().verify_tmp(dst, target)
        index = self.index_of(TMP)
        if index is None or target.arch not in self.TMP_REQUIRED:
            return  # trems.md: A5 accepts tmp without validating or using it
        tmp, vc = self.tile(index, TMP), dst.valid_shape[1]
        tr, tc = tmp.valid_shape
        if DYNAMIC not in (tc, vc) and tc < vc:
            raise fail(
                f"{self.name} tmp valid cols {tc} must be at least the dst valid cols {vc} "
                "(trems.md, tmp buffer requirements)"
            )
        if tr != DYNAMIC and tr < 1:
            raise fail(f"{self.name} tmp needs at least 1 valid row, got {tr}")


@irdl_op_definition
class TPowSOp(ScalarTileOp):
    """`dst = pow(base, exp)`; `ins(base, exp[, tmp])`."""

    name = "pto.tpows"

    LAYOUTS: ClassVar = (("base", SCALAR), ("base", SCALAR, TMP))
    MANUAL: ClassVar = PAGES + "tpows.md"
    # tpows.md: PowAlgorithm::DEFAULT types, documented for A5; pto-isa's npu/a2a3/TPow.hpp
    # implements TPOWS for A2/A3 with tpow's types (docs/decisions.md)
    DTYPES: ClassVar = per_target_dtypes(
        "i32 i16 i8 ui32 ui16 ui8 f32", "f32 f16 i32 ui32 i16 ui16 i8 ui8"
    )
    VECTOR_OP: ClassVar = VMulsOp
    COST: ClassVar = VectorCost(
        Completion.MUL,
        PerRepeat.TRANSCENDENTAL,
        26,
        estimate="not published: costed as a transcendental (vexp's A2/A3 rows)",
    )
    REFUSED: ClassVar = "pow needs vexp and vln, which this project's vector ops do not have yet"


ATTRIBUTES = [DivPrecisionAttr]

OPS: list[type[ScalarTileOp]] = [
    TAddSOp,
    TSubSOp,
    TMulSOp,
    TDivSOp,
    TMaxSOp,
    TMinSOp,
    TAddSCOp,
    TSubSCOp,
    TLReluOp,
    TAxpyOp,
    TExpandSOp,
    TFModSOp,
    TRemSOp,
    TPowSOp,
]
