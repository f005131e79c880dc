"""Enumerated attributes of the `pto` dialect.

Each enum is an xDSL `EnumAttribute`, printed as `#pto.<name><VALUE>`; the
spellings follow the PTOAS peer so that its kernels parse.
"""

from __future__ import annotations

from typing import Any, ClassVar

from xdsl.dialects.utils import EnumAttribute
from xdsl.ir import Data
from xdsl.irdl import irdl_attr_definition
from xdsl.parser import AttrParser
from xdsl.printer import Printer
from xdsl.utils.str_enum import StrEnum


class Location(StrEnum):
    """On-chip buffer a tile lives in (`loc=` of a tile type)."""

    MAT = "mat"  # L1
    LEFT = "left"  # L0A
    RIGHT = "right"  # L0B
    ACC = "acc"  # L0C
    VEC = "vec"  # UB
    BIAS = "bias"
    SCALING = "scaling"
    GM = "gm"
    """Global memory: a memref's `#pto.address_space<gm>` (PTOAS kernels), never a tile's
    `loc=` (the tile parser and `TileTypeBase.verify` refuse it)."""


TILE_LOCATIONS = tuple(loc for loc in Location if loc is not Location.GM)
"""The on-chip buffers a tile can live in."""


class BLayout(StrEnum):
    """Outer (block) layout of a tile."""

    ROW_MAJOR = "row_major"
    COL_MAJOR = "col_major"


class SLayout(StrEnum):
    """Inner (box/fractal) layout of a tile; `none_box` is a plain ND tile."""

    NONE_BOX = "none_box"
    ROW_MAJOR = "row_major"
    COL_MAJOR = "col_major"


class PadValue(StrEnum):
    """Value a load writes outside the valid region; printed as 0..3 in tile types."""

    NULL = "null"
    ZERO = "zero"
    MAX = "max"
    MIN = "min"

    @property
    def code(self) -> int:
        return list(PadValue).index(self)

    @staticmethod
    def from_code(code: int) -> PadValue:
        return list(PadValue)[code]


class Pipe(StrEnum):
    """Hardware pipelines; every memory-touching op runs on exactly one."""

    S = "PIPE_S"
    V = "PIPE_V"
    M = "PIPE_M"
    MTE1 = "PIPE_MTE1"
    MTE2 = "PIPE_MTE2"
    MTE3 = "PIPE_MTE3"
    FIX = "PIPE_FIX"
    ALL = "PIPE_ALL"


class Event(StrEnum):
    """Hardware event ids used by `set_flag` / `wait_flag` (8 per pipe pair)."""

    EVENT_ID0 = "EVENT_ID0"
    EVENT_ID1 = "EVENT_ID1"
    EVENT_ID2 = "EVENT_ID2"
    EVENT_ID3 = "EVENT_ID3"
    EVENT_ID4 = "EVENT_ID4"
    EVENT_ID5 = "EVENT_ID5"
    EVENT_ID6 = "EVENT_ID6"
    EVENT_ID7 = "EVENT_ID7"

    @property
    def number(self) -> int:
        return int(self.value[-1])


class LoadDist(StrEnum):
    """Distribution modes of `pto.vlds` (seed 002)."""

    NORM = "NORM"
    BRC_B8 = "BRC_B8"
    BRC_B16 = "BRC_B16"
    BRC_B32 = "BRC_B32"
    US_B8 = "US_B8"
    US_B16 = "US_B16"
    DS_B8 = "DS_B8"
    DS_B16 = "DS_B16"
    UNPK_B8 = "UNPK_B8"
    UNPK_B16 = "UNPK_B16"
    UNPK_B32 = "UNPK_B32"
    SPLT4CHN_B8 = "SPLT4CHN_B8"
    SPLT2CHN_B8 = "SPLT2CHN_B8"
    SPLT2CHN_B16 = "SPLT2CHN_B16"
    DINTLV_B32 = "DINTLV_B32"
    BLK = "BLK"
    BRC_BLK = "BRC_BLK"
    E2B_B16 = "E2B_B16"
    E2B_B32 = "E2B_B32"
    UNPK4 = "UNPK4"


class LoadX2Dist(StrEnum):
    """Distribution modes of `pto.vldsx2` (deinterleaving dual load)."""

    DINTLV_B8 = "DINTLV_B8"
    DINTLV_B16 = "DINTLV_B16"
    DINTLV_B32 = "DINTLV_B32"
    BDINTLV = "BDINTLV"


class StoreDist(StrEnum):
    """Distribution modes of `pto.vsts` (seed 002)."""

    NORM_B8 = "NORM_B8"
    NORM_B16 = "NORM_B16"
    NORM_B32 = "NORM_B32"
    PK_B16 = "PK_B16"
    PK_B32 = "PK_B32"
    PK_B64 = "PK_B64"
    PK4_B32 = "PK4_B32"
    """The low 8 bits of each 32-bit unit (PTOAS micro-ISA 03-vector-load-store.md)."""
    ONE_PT_B8 = "1PT_B8"
    ONE_PT_B16 = "1PT_B16"
    ONE_PT_B32 = "1PT_B32"
    MRG4CHN_B8 = "MRG4CHN_B8"
    MRG2CHN_B8 = "MRG2CHN_B8"
    MRG2CHN_B16 = "MRG2CHN_B16"


class StoreX2Dist(StrEnum):
    """Distribution modes of `pto.vstsx2` (interleaving dual store)."""

    INTLV_B8 = "INTLV_B8"
    INTLV_B16 = "INTLV_B16"
    INTLV_B32 = "INTLV_B32"


class StrideMode(StrEnum):
    """Fixed stride patterns of `pto.vsld` / `pto.vsst`."""

    STRIDE_S3_B16 = "STRIDE_S3_B16"
    STRIDE_S4_B64 = "STRIDE_S4_B64"
    STRIDE_S8_B32 = "STRIDE_S8_B32"
    STRIDE_S2_B64 = "STRIDE_S2_B64"


class PostUpdate(StrEnum):
    """Post-update modes of the unaligned store stream (`vstu`/`vstus`/`vstur`)."""

    POST_UPDATE = "POST_UPDATE"
    NO_POST_UPDATE = "NO_POST_UPDATE"


class RoundMode(StrEnum):
    """Rounding modes of conversions."""

    NONE = "NONE"
    RINT = "RINT"
    ROUND = "ROUND"
    FLOOR = "FLOOR"
    CEIL = "CEIL"
    TRUNC = "TRUNC"
    ODD = "ODD"


class CmpMode(StrEnum):
    """Comparison predicates of `tcmp`/`tcmps` (`#pto.cmp<EQ>`, PTOAS `#pto<cmp eq>`)."""

    EQ = "EQ"
    NE = "NE"
    LT = "LT"
    LE = "LE"
    GT = "GT"
    GE = "GE"


class SatMode(StrEnum):
    """Saturation of `tcvt` (`#pto.saturation_mode<ON>`, PTOAS `#pto<saturation_mode OFF>`)."""

    ON = "ON"
    OFF = "OFF"


class Layout(StrEnum):
    """GM tensor layout hint of `pto.make_tensor_view` (`#pto.layout<nd>`)."""

    ND = "nd"
    DN = "dn"
    NZ = "nz"


class KernelKind(StrEnum):
    """The unit a kernel runs on: PTOAS's `pto.kernel_kind = #pto.kernel_kind<vector>` on a
    module or function (PTOAttrs.td `FunctionKernelKind`): which cores run the function in a
    mixed launch, and which side of a cross-core pipe its pipe ops may be."""

    CUBE = "cube"
    VECTOR = "vector"


class SyncAllMode(StrEnum):
    """`pto.syncall` mode (PTOAttrs.td `SyncAllMode`): the hardware barrier or the soft one
    through a GM workspace."""

    HARD = "hard"
    SOFT = "soft"


class SyncCoreType(StrEnum):
    """The cores a `pto.syncall` synchronises (PTOAttrs.td `SyncCoreType`)."""

    AIV_ONLY = "aiv_only"
    AIC_ONLY = "aic_only"
    MIX = "mix"


class TargetArch(StrEnum):
    """Values of the `pto.target_arch` module attribute."""

    A2A3 = "a2a3"
    A5 = "a5"
    CPU = "cpu"


class AngleEnum(Data[Any]):
    """Mixin giving an `EnumAttribute` the `#pto.name<VALUE>` syntax."""

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Any:
        with parser.in_angle_brackets():
            return super().parse_parameter(parser)  # pyright: ignore[reportUnknownVariableType]

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)


class EitherSpellingEnum(Data[Any]):
    """Mixin for enums PTOAS kernels spell generically: `#pto.name<VALUE>` (the dialect's
    printed form) and `#pto<name value>` both parse. Values are matched ignoring case and a
    `CAST_` prefix (the manual's `CAST_RINT`, PTOAS's lower-case `eq`)."""

    enum_type: ClassVar[type[StrEnum]]

    @classmethod
    def matches(cls, value: str, word: str) -> bool:
        """Whether `word`, as a kernel spells it, names the member of value `value`."""
        return value == word.upper().removeprefix("CAST_")

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Any:
        members: list[StrEnum] = list(cls.enum_type)
        angled = parser.parse_optional_punctuation("<") is not None
        pos = parser.pos
        word = parser.parse_identifier(f"a value of {cls.name}")
        member = next((m for m in members if cls.matches(str(m), word)), None)
        if member is None:
            names = ", ".join(str(m) for m in members)
            parser.raise_error(f"{cls.name} value '{word}' is not one of {names}", pos)
        if angled:
            parser.parse_punctuation(">")
        return member

    def print_parameter(self, printer: Printer) -> None:
        with printer.in_angle_brackets():
            super().print_parameter(printer)


LOCATION_ALIASES = {"ub": Location.VEC}
"""Older PTOAS spellings of locations: `ub` for `vec` (hw-native-sys/PTOAS of 2026-01-30 to
02-04 named the address space `UB`, value 6, before renaming it `VEC`), in a tile's `loc=ub`
and in `#pto.address_space<ub>`; both print `vec`."""


@irdl_attr_definition
class LocationAttr(AngleEnum, EnumAttribute[Location]):
    name = "pto.address_space"

    @classmethod
    def parse_parameter(cls, parser: AttrParser) -> Location:
        with parser.in_angle_brackets():
            if parser.parse_optional_keyword("ub") is not None:
                return LOCATION_ALIASES["ub"]
            return parser.parse_str_enum(Location)


@irdl_attr_definition
class BLayoutAttr(AngleEnum, EnumAttribute[BLayout]):
    name = "pto.blayout"


@irdl_attr_definition
class SLayoutAttr(AngleEnum, EnumAttribute[SLayout]):
    name = "pto.slayout"


@irdl_attr_definition
class PadValueAttr(AngleEnum, EnumAttribute[PadValue]):
    name = "pto.pad_value"


@irdl_attr_definition
class PipeAttr(AngleEnum, EnumAttribute[Pipe]):
    name = "pto.pipe"


@irdl_attr_definition
class EventAttr(AngleEnum, EnumAttribute[Event]):
    name = "pto.event"


@irdl_attr_definition
class RoundModeAttr(EitherSpellingEnum, EnumAttribute[RoundMode]):
    name = "pto.round_mode"


@irdl_attr_definition
class CmpModeAttr(EitherSpellingEnum, EnumAttribute[CmpMode]):
    name = "pto.cmp"


@irdl_attr_definition
class SatModeAttr(EitherSpellingEnum, EnumAttribute[SatMode]):
    name = "pto.saturation_mode"


@irdl_attr_definition
class LayoutAttr(AngleEnum, EnumAttribute[Layout]):
    name = "pto.layout"


@irdl_attr_definition
class KernelKindAttr(AngleEnum, EnumAttribute[KernelKind]):
    name = "pto.kernel_kind"


SIMT_ENTRY = "pto.simt_entry"
"""The function attribute that makes a `func.func` a SIMT body (`ops/simt_common.py`)."""


@irdl_attr_definition
class SyncAllModeAttr(AngleEnum, EnumAttribute[SyncAllMode]):
    name = "pto.sync_all_mode"


@irdl_attr_definition
class SyncCoreTypeAttr(AngleEnum, EnumAttribute[SyncCoreType]):
    name = "pto.sync_core_type"


ATTRIBUTES = [
    LocationAttr,
    BLayoutAttr,
    SLayoutAttr,
    PadValueAttr,
    PipeAttr,
    EventAttr,
    RoundModeAttr,
    LayoutAttr,
    CmpModeAttr,
    SatModeAttr,
    KernelKindAttr,
    SyncAllModeAttr,
    SyncCoreTypeAttr,
]
