"""The values a kernel built from Python passes around: an SSA value with its type, and the
kernel that made it, so that arithmetic on them builds ops (`i * rows` an `arith.muli`,
`a + b` a `pto.tadd`, `t * 2.0` a `pto.tmuls`)."""

from __future__ import annotations

from typing import Any, Protocol

from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute, SSAValue

from pto_dialect.dtypes import DType
from pto_dialect.memory_types import PtrType, ShapedViewBase
from pto_dialect.tile_types import TileTypeBase


class Kernel(Protocol):
    """What values build ops with (`builder.kernel.Kernel`)."""

    def arith(self, op: str, lhs: object, rhs: object, *, name: str | None = None) -> Scalar: ...

    def __getattr__(self, name: str) -> Any: ...


class Value:
    """A value of the kernel being built (`ssa`), typed (`type`)."""

    __slots__ = ("kernel", "ssa")

    def __init__(self, ssa: SSAValue, kernel: Kernel) -> None:
        self.ssa = ssa
        self.kernel = kernel

    @property
    def type(self) -> Attribute:
        return self.ssa.type

    def __repr__(self) -> str:
        name = f"%{self.ssa.name_hint} " if self.ssa.name_hint else ""
        return f"<{type(self).__name__} {name}: {self.type}>"


class Scalar(Value):
    """An index, integer or float value; `static` is its value when it is a constant.
    `+ - * // %` build `arith.addi subi muli divsi remsi` (Python ints become constants of
    its type); floats `addf subf mulf divf`."""

    __slots__ = ("static",)

    def __init__(self, ssa: SSAValue, kernel: Kernel, static: int | float | None = None) -> None:
        super().__init__(ssa, kernel)
        self.static = static

    @property
    def is_integer(self) -> bool:
        return isinstance(self.type, IndexType | IntegerType)

    def _arith(self, op: str, other: object, reflected: bool = False) -> Scalar:
        return (
            self.kernel.arith(op, other, self) if reflected else self.kernel.arith(op, self, other)
        )

    def __add__(self, other: object) -> Scalar:
        return self._arith("add", other)

    def __radd__(self, other: object) -> Scalar:
        return self._arith("add", other, reflected=True)

    def __sub__(self, other: object) -> Scalar:
        return self._arith("sub", other)

    def __rsub__(self, other: object) -> Scalar:
        return self._arith("sub", other, reflected=True)

    def __mul__(self, other: object) -> Scalar:
        return self._arith("mul", other)

    def __rmul__(self, other: object) -> Scalar:
        return self._arith("mul", other, reflected=True)

    def __floordiv__(self, other: object) -> Scalar:
        return self._arith("div", other)

    def __truediv__(self, other: object) -> Scalar:
        return self._arith("div", other)

    def __mod__(self, other: object) -> Scalar:
        return self._arith("rem", other)


class Tile(Value):
    """An SSA tile value (`!pto.tile<...>`). `a + b`, `a - b`, `a * b`, `a / b` build
    `tadd tsub tmul tdiv` with a tile, `tadds tsubs tmuls tdivs` with a scalar; `-a` is
    `tneg`, `abs(a)` `tabs`."""

    __slots__ = ()

    @property
    def tile_type(self) -> TileTypeBase:
        kind = self.type
        assert isinstance(kind, TileTypeBase)
        return kind

    @property
    def shape(self) -> tuple[int, int]:
        return self.tile_type.shape

    @property
    def valid(self) -> tuple[int, int]:
        return self.tile_type.valid_shape

    @property
    def dtype(self) -> DType:
        return self.tile_type.element

    def _binary(self, tiles: str, scalar: str, other: object) -> Any:
        name = tiles if isinstance(other, Tile) else scalar
        return getattr(self.kernel, name)(self, other)

    def __add__(self, other: object) -> Any:
        return self._binary("tadd", "tadds", other)

    def __sub__(self, other: object) -> Any:
        return self._binary("tsub", "tsubs", other)

    def __mul__(self, other: object) -> Any:
        return self._binary("tmul", "tmuls", other)

    def __truediv__(self, other: object) -> Any:
        return self._binary("tdiv", "tdivs", other)

    def __neg__(self) -> Any:
        return self.kernel.tneg(self)

    def __abs__(self) -> Any:
        return self.kernel.tabs(self)


class View(Value):
    """A GM view: `!pto.tensor_view` or `!pto.partition_tensor_view`."""

    __slots__ = ()

    @property
    def dims(self) -> tuple[int, ...]:
        kind = self.type
        assert isinstance(kind, ShapedViewBase)
        return kind.dims


class Pointer(Value):
    """A `!pto.ptr` (a kernel's GM argument)."""

    __slots__ = ()


def wrap(ssa: SSAValue, kernel: Kernel, static: int | float | None = None) -> Value:
    """The value class of `ssa`'s type."""
    kind = ssa.type
    if isinstance(kind, TileTypeBase):
        return Tile(ssa, kernel)
    if isinstance(kind, ShapedViewBase):
        return View(ssa, kernel)
    if isinstance(kind, PtrType):
        return Pointer(ssa, kernel)
    return Scalar(ssa, kernel, static)
