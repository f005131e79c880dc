"""What `pto-fuse` knows of the whole module before it changes anything: each planned UB
tile's uses (`Life`), the tiles that share a buffer's bytes, each function's flag graph, and
where each op that holds blocks stood in its block (`ModuleFacts`); and how a tile's uses are
found through its views (`users_of`)."""

from __future__ import annotations

from bisect import bisect_right
from collections.abc import Sequence
from dataclasses import dataclass

from xdsl.dialects.func import FuncOp
from xdsl.ir import Block, Operation, SSAValue

from passes.fuse.members import Place
from passes.lower_tile_to_vector.buffers import Buffer
from pto_dialect.attrs import Location, Pipe
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.sync import SetFlagOp
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.records import Effect
from pto_dialect.tile_types import TileTypeBase


@dataclass(frozen=True)
class Life:
    """A planned UB tile's uses in the block of its alloc, as they were before any fusion:
    (order of the op of that block that holds the use, whether it may read the tile)."""

    value: SSAValue
    place: Place
    end: int
    home: Block
    uses: tuple[tuple[int, bool], ...]
    """Sorted by order; a use that is not a tile op of `home` itself, or shares its order
    with another, counts as a read."""
    exact: bool
    """Every use is in `home` (else the tile is taken as read anywhere)."""

    @property
    def written_first(self) -> bool:
        """The first use writes it without reading it: each run of `home` makes it anew."""
        return self.exact and bool(self.uses) and not self.uses[0][1]

    @property
    def read(self) -> bool:
        return not self.exact or any(reads for _, reads in self.uses)


class ModuleFacts:
    """What a scan needs to know of the whole module: each function's flag graph, and its
    planned UB tile buffers, to find the tiles that name the bytes of another (a kernel
    with planned addresses names one buffer by several tiles, each read and written on its
    own). The tiles are indexed before the pass changes anything (a fused scope reads its
    tiles through pointers), by 4 KiB page and, per block, by when each tile written first
    lives, so a query meets the tiles live around a group, not every tile that ever held
    those bytes."""

    PAGE = 4096

    def __init__(self, module: Operation | None) -> None:
        self._lives: dict[SSAValue, Life] = {}
        self._graphs: dict[Operation | None, dict[Pipe, set[Pipe]]] = {}
        self._always: dict[int, list[Life]] = {}
        """Per page: tiles taken as read whenever (read first, or used outside `home`)."""
        self._spans: dict[tuple[int, Block], tuple[list[int], list[int], list[Life]]] = {}
        """Per page and block: the written-first tiles by first use, the running maximum
        of their last uses, and the tiles."""
        self._positions: dict[Operation, int] = {}
        """Each op that holds blocks: its index in its own block, before any group is
        emitted (an emitted group changes the indices of the ops after it)."""
        for op in module.walk() if module is not None else ():
            for block in (b for r in op.regions for b in r.blocks):
                for k, inner in enumerate(block.ops):
                    if inner.regions:
                        self._positions[inner] = k
        orders: dict[Block, dict[Operation, int]] = {}
        spans: dict[tuple[int, Block], list[Life]] = {}
        for op in module.walk() if module is not None else ():
            if not isinstance(op, AllocTileOp) or op.address is None:
                continue
            tile = op.result.type
            home = op.parent_block()
            if tile.location is not Location.VEC or home is None:
                continue
            if home not in orders:
                orders[home] = {o: k for k, o in enumerate(home.ops)}
            life = life_of(op, Place(op.address, tile.element, tile.shape[1]),
                         op.address + tile.size_bytes, home, orders[home])  # fmt: skip
            self._lives[op.result] = life
            for page in range(op.address // self.PAGE, (life.end - 1) // self.PAGE + 1):
                if life.written_first:
                    spans.setdefault((page, home), []).append(life)
                else:
                    self._always.setdefault(page, []).append(life)
        for key, lives in spans.items():
            lives.sort(key=lambda life: life.uses[0][0])
            reach: list[int] = []
            for life in lives:
                reach.append(max(life.uses[-1][0], reach[-1] if reach else -1))
            self._spans[key] = ([life.uses[0][0] for life in lives], reach, lives)

    def position(self, block: Block, op: Operation) -> int:
        """Where `op` (which holds blocks) was in `block` before the pass changed anything:
        the order the tiles' uses are indexed by."""
        known = self._positions.get(op)
        return known if known is not None else index_in(block, op)

    def flag_graph(self, block: Block) -> dict[Pipe, set[Pipe]]:
        """src -> dst pipes of every set_flag of the function that holds `block` (once a
        function: the pass moves set_flags but neither adds nor removes one)."""
        root: Operation | None = block.parent_op()
        while root is not None and root.parent_op() is not None and not isinstance(root, FuncOp):
            root = root.parent_op()
        if root not in self._graphs:
            graph: dict[Pipe, set[Pipe]] = {}
            for op in root.walk() if root is not None else block.ops:
                if isinstance(op, SetFlagOp):
                    graph.setdefault(op.src, set()).add(op.dst)
            self._graphs[root] = graph
        return self._graphs[root]

    def sharing(self, buffer: Buffer, around: Sequence[tuple[Block, int, int]]) -> list[Life]:
        """The other tiles whose bytes overlap `buffer`'s and that may be live around the
        ops `around` names ((block, first order, last order): a group's span in its block,
        the op holding it in each block outside): those read first, and those written
        first whose uses span it."""
        found: dict[SSAValue, Life] = {}
        for page in range(buffer.address // self.PAGE, (buffer.end - 1) // self.PAGE + 1):
            candidates = list(self._always.get(page, ()))
            for block, start, stop in around:
                firsts, reach, lives = self._spans.get((page, block), ([], [], []))
                k = bisect_right(firsts, stop) - 1
                while k >= 0 and reach[k] >= start:
                    if lives[k].uses[-1][0] >= start:
                        candidates.append(lives[k])
                    k -= 1
            for life in candidates:
                if life.place.address < buffer.end and buffer.address < life.end:
                    found[life.value] = life
        found.pop(buffer.value, None)
        return list(found.values())


def life_of(
    op: AllocTileOp, place: Place, end: int, home: Block, order: dict[Operation, int]
) -> Life:
    """`op`'s tile's uses in `home` (`Life`)."""
    uses: list[tuple[int, bool, bool]] = []
    exact = True
    for user in users_of(op.result):
        anchor = anchor_in(user, home)
        if anchor is None:
            exact = False
            continue
        direct = user is anchor and isinstance(user, TileOp)
        uses.append((order[anchor], not direct or may_read(user, op.result), direct))
    uses.sort()
    counts: dict[int, int] = {}
    for at, _, _ in uses:
        counts[at] = counts.get(at, 0) + 1
    return Life(op.result, place, end, home,
                 tuple((at, reads or counts[at] > 1) for at, reads, _ in uses), exact)  # fmt: skip


def users_of(tile: SSAValue) -> list[Operation]:
    """The ops that use `tile`, directly or through a view of it (a `pto.subview` or any
    other op that is not a tile op and yields a tile: what reads the view reads the tile)."""
    found: list[Operation] = []
    pending = [tile]
    while pending:
        value = pending.pop()
        for use in value.uses:
            user = use.operation
            found.append(user)
            if not isinstance(user, TileOp):
                pending.extend(r for r in user.results if isinstance(r.type, TileTypeBase))
    return found


def index_in(block: Block, op: Operation) -> int:
    """Where `op` is in `block` (its index; linear, once a block per scan)."""
    for k, other in enumerate(block.ops):
        if other is op:
            return k
    raise AssertionError("an op is in its parent block")


def may_read(op: Operation, tile: SSAValue) -> bool:
    """Whether `op` may read what `tile` holds: any op but a tile op whose record says it
    only writes it (dst) or uses it as scratch."""
    if not isinstance(op, TileOp):
        return True
    effects = [e for v, e in zip(op.operands, op.operand_effects(), strict=True) if v is tile]
    return not effects or Effect.READ in effects


def anchor_in(op: Operation, block: Block) -> Operation | None:
    """The op of `block` that is `op` or holds it."""
    current: Operation | None = op
    while current is not None and current.parent_block() is not block:
        current = current.parent_op()
    return current
