"""What `pto-convert-to-dps` needs to know of each SSA tile op: a view of its record.

The op classes say it (`pto_dialect.records`), over any kind of size; this module gives
them symbolic sizes (`SymbolicShapes`):
- the valid sizes of its result (`result_valid`): the static sizes of the result type, and
  where the type says `?`, the record's `result_region` (the interpreter uses the same);
- the region it computes (`computed_region`): the record's `written_region`;
- the sources it may share its destination buffer with: the record's `alias_sources`;
- the source regions it may read beyond their valid regions (`reads`).

Sizes are symbolic: an int (a static size or an `arith.constant`), an SSA index value, or
an `Opaque` size that no SSA value names (the `?` of a function argument's tile).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import SSAValue

from pto_dialect.memory_types import PartitionTensorViewType
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_memory import PartitionViewOp, constant_index
from pto_dialect.tile_types import DYNAMIC, TileTypeBase


class Opaque:
    """A run-time size that no SSA value names; equal only to itself."""

    def __init__(self, what: str) -> None:
        self.what = what

    def __repr__(self) -> str:
        return self.what


Size = int | SSAValue | Opaque
Valid = tuple[Size, Size]
ValidOf = Callable[[SSAValue], Valid]


def key(size: Size) -> object:
    """What `size` is compared by: its value when known statically, else its identity."""
    if isinstance(size, SSAValue):
        value = constant_index(size)
        return size if value is None else value
    return size


def same(a: Valid, b: Valid) -> bool:
    """Whether the two valid regions are provably equal."""
    return all(key(x) == key(y) for x, y in zip(a, b, strict=True))


def within(region: Valid, valid: Valid) -> bool:
    """Whether `region` provably lies inside `valid` (both anchored at the top left)."""
    for x, y in zip(region, valid, strict=True):
        kx, ky = key(x), key(y)
        if kx == ky:
            continue
        if not (isinstance(kx, int) and isinstance(ky, int) and kx <= ky):
            return False
    return True


def typed(tile: TileTypeBase, dims: Valid) -> Valid:
    """The valid sizes of a `tile` value: the type's static sizes, `dims` where it says `?`."""
    vr, vc = tile.valid_shape
    return (dims[0] if vr == DYNAMIC else vr, dims[1] if vc == DYNAMIC else vc)


def view_sizes(view: SSAValue) -> Valid:
    """Rows and columns of the GM window a tload reads (the last two sizes of the view)."""
    owner = view.owner
    if isinstance(owner, PartitionViewOp):
        sizes: list[Size] = list(owner.sizes)
    else:
        view_type = view.type
        assert isinstance(view_type, PartitionTensorViewType)
        sizes = [
            Opaque(f"dim {i} of {view}") if d == DYNAMIC else d
            for i, d in enumerate(view_type.dims)
        ]
    if len(sizes) == 1:
        return (1, sizes[0])
    return (sizes[-2], sizes[-1])


class SymbolicShapes:
    """`Shapes` over symbolic sizes, for the records' region methods."""

    def __init__(self, valid_of: ValidOf) -> None:
        self._valid_of = valid_of

    def valid(self, value: SSAValue) -> Valid:
        return self._valid_of(value)

    def window(self, value: SSAValue) -> Valid:
        return view_sizes(value)


def result_valid(op: TileOp, valid_of: ValidOf) -> Valid:
    """The valid sizes of the SSA result of `op`: its type's, and where the type says `?`
    its record's `result_region`."""
    result = op.res[0].type
    assert isinstance(result, TileTypeBase)
    return typed(result, op.result_region(SymbolicShapes(valid_of)))


def computed_region(op: TileOp, valid_of: ValidOf) -> Valid | None:
    """The region of the destination `op` writes (its record's `written_region`); None when
    it is the destination's valid region."""
    return op.written_region(SymbolicShapes(valid_of))


def reads(op: TileOp, valid_of: ValidOf, result: Valid) -> list[tuple[int, str, Valid]]:
    """(source index, role, region) for each source region `op` reads that may reach beyond
    that source's valid region (its record's `reads_beyond_valid`)."""
    return op.reads_beyond_valid(SymbolicShapes(valid_of), result)
