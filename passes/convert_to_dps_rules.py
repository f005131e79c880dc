"""What `pto-convert-to-dps` needs to know of each SSA tile op, as the interpreter runs it.

- the valid sizes of its result (`result_valid`): the static sizes of the result type, and
  where the type says `?`, the sizes the SSA interpreter gives the fresh result (a tload
  takes the partition view's sizes, an elementwise op its first source's, a column
  reduction 1 x the source's columns, a matrix op m x n);
- the region it computes (`computed_region`): None when it is the destination's valid
  region, else the region the op writes (a reduction's row, a matrix op's m x n block);
- the sources it may share its destination buffer with (`alias_sources`);
- the source regions it may read beyond their valid regions (`reads`).

Sizes are symbolic: an int (a static size or an `arith.constant`), an SSA index value, or
an `Opaque` size that no SSA value names (the `?` of a function argument's tile).
"""

from __future__ import annotations

from collections.abc import Callable

from xdsl.ir import SSAValue

from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.ops.tile_memory import PartitionViewOp, TLoadOp, TMovOp, constant_index
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.types import DYNAMIC, PartitionTensorViewType, TileTypeBase


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


def _mnk(op: MatmulTileOp, valid_of: ValidOf) -> tuple[Size, Size, Size]:
    a = valid_of(op.ins[op.lhs_index])
    b = valid_of(op.ins[op.lhs_index + 1])
    if op.GEMV:
        return a[0], b[0], b[1]
    return a[0], a[1], b[1]


PRODUCERS = (TLoadOp, TMovOp, ElementwiseTileOp, ColReduceTileOp, MatmulTileOp)
"""The tile ops with a tile result that the pass converts (every one of the dialect)."""


def result_valid(op: TileOp, valid_of: ValidOf) -> Valid:
    """The valid sizes of the SSA result of `op`, one of `PRODUCERS` (interpreters/tile_*.py)."""
    result = op.res[0].type
    assert isinstance(result, TileTypeBase)
    if isinstance(op, TLoadOp):
        dims = view_sizes(op.ins[0])
    elif isinstance(op, ColReduceTileOp):
        dims = (1, valid_of(op.ins[0])[1])
    elif isinstance(op, MatmulTileOp):
        m, _, n = _mnk(op, valid_of)
        dims = (m, n)
    else:  # tmov and the elementwise ops: the (first) source's valid sizes
        dims = valid_of(op.ins[0])
    return typed(result, dims)


def computed_region(op: TileOp, valid_of: ValidOf) -> Valid | None:
    """The region of the destination `op` writes; None when it is the destination's valid
    region (elementwise ops, tmov and tload write exactly that)."""
    if isinstance(op, ColReduceTileOp):
        return (1, valid_of(op.ins[0])[1])
    if isinstance(op, MatmulTileOp):
        m, _, n = _mnk(op, valid_of)
        return (m, n)
    return None


def alias_sources(op: TileOp) -> frozenset[int]:
    """Sources `op` may read from the buffer it writes: an elementwise op reads each element
    before writing it at the same place; a `.acc` matrix op accumulates into acc_in."""
    if isinstance(op, ElementwiseTileOp):
        return frozenset(range(len(op.ins)))
    if isinstance(op, MatmulTileOp) and op.ACC_INPUT:
        return frozenset({0})
    return frozenset()


def reads(op: TileOp, valid_of: ValidOf, result: Valid) -> list[tuple[int, str, Valid]]:
    """(source index, role, region) for each source region `op` reads that may reach beyond
    that source's valid region; the other reads stay inside it (elementwise ops read
    all-one lanes outside, reductions and stores read only the valid region)."""
    if isinstance(op, TMovOp):
        return [(0, "src", result)]
    if not isinstance(op, MatmulTileOp):
        return []
    m, k, n = _mnk(op, valid_of)
    found: list[tuple[int, str, Valid]] = [
        (op.lhs_index, "a", (m, k)),
        (op.lhs_index + 1, "b", (k, n)),
    ]
    if op.ACC_INPUT:
        found.append((0, "acc_in", (m, n)))
    if op.BIAS_INPUT:
        found.append((2, "bias", (1, n)))
    return found
