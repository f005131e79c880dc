"""Local memref buffers, the spelling of PTOAS's kernels before `!pto.tile_buf`, as tiles.

PTOAS up to mid 2026 (hw-native-sys 2026-04, zhangstevenunity 2026-03, vpto-dev 2026-06:
`PTODpsType` includes `AnyMemRef`) lets a tile operand be a buffer of on-chip memory:

    %t = memref.alloc() : memref<16x16x16xf16, #pto.address_space<vec>>
    pto.tload ins(%src : memref<...gm>) outs(%t : memref<16x16x16xf16, #pto.address_space<vec>>)

The parser reads such a buffer as the tile it stands for and prints the canonical form:
`memref.alloc` of a static, identity-layout memref in a tile location (`vec`, `mat`, `left`,
...), every use of which is a tile op's operand, becomes `pto.alloc_tile` of
`!pto.tile_buf<loc, RxCxT>` with rows the leading dimensions flattened (1 for rank 1), cols
the last one, the whole shape valid, and the default configuration (row_major, none_box,
fractal 512, pad null): what PTOAS's EmitC lowering of a local memref builds
(`PointerCastConversion`: `BLayout::RowMajor, SLayout::NoneBox, 512, PadValue::Null`, valid
= shape). A buffer of the cube's `left`, `right` or `acc` holds that memory's fixed boxes
(`memref_tile_rule.CUBE_BOXES`), which no other configuration of a tile there has on
pto-isa. The tile then obeys every tile rule (docs/decisions.md). A buffer with any other
use (a pointer op, a memref op) stays a memref and is checked as written.
"""

from __future__ import annotations

from xdsl.dialects import func
from xdsl.dialects.builtin import FunctionType, ModuleOp
from xdsl.dialects.memref import AllocOp
from xdsl.ir import Attribute, Operation
from xdsl.utils.exceptions import VerifyException

from pto_dialect.memref_tile_rule import memref_tile
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_bind import BindTileOp, PointerCastOp, TileBufConfigAttr
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.tile_types import DYNAMIC, TileBufType


def tile_of_memref(memref: Attribute) -> TileBufType | None:
    """The tile a local memref buffer type stands for; None when it is not one."""
    tile = memref_tile(memref)
    return tile if isinstance(tile, TileBufType) else None


def _configured(
    tile: TileBufType, config: TileBufConfigAttr | None, valid: bool
) -> TileBufType | None:
    """`tile` with `config`'s layout and `?` valid sizes when `valid` (None: no such tile)."""
    if config is None and not valid:
        return tile
    c = config or TileBufConfigAttr()
    v_row, v_col = (DYNAMIC, DYNAMIC) if valid else (None, None)
    try:
        return TileBufType(
            tile.location, tile.dtype, tile.rows.data, tile.cols.data, v_row, v_col,
            c.blayout.data, c.slayout.data, c.fractal.data, c.pad.data, c.compact.data,
        )  # fmt: skip
    except VerifyException:
        return None


def _replace(op: Operation, alloc: AllocTileOp) -> None:
    """Puts `alloc` in the place of `op` (its location, the uses of its one result)."""
    alloc.location = op.location
    op.results[0].replace_all_uses_with(alloc.result)
    parent = op.parent_block()
    assert parent is not None
    parent.insert_op_before(alloc, op)
    op.detach()
    op.erase()


def _bound_tiles(module: ModuleOp) -> None:
    """`pto.bind_tile` of a buffer nothing else uses and `pto.pointer_cast` of one address,
    whose results only tile ops use: the `pto.alloc_tile` of the configured tile (valid sizes
    and address as operands); the bound buffer goes with it."""
    for op in list(module.walk()):
        if not isinstance(op, BindTileOp | PointerCastOp) or len(op.operands) == 0:
            continue
        source = op.source.owner if isinstance(op, BindTileOp) else None
        if isinstance(op, BindTileOp) and not (
            isinstance(source, AllocOp) and len(list(source.memref.uses)) == 1
        ):
            continue
        if isinstance(op, PointerCastOp) and len(op.addrs) != 1:
            continue
        base = tile_of_memref(op.result.type)
        tile = None if base is None else _configured(base, op.config, op.valid_row is not None)
        uses = list(op.result.uses)
        if tile is None or not all(isinstance(use.operation, TileOp) for use in uses):
            continue
        addr = op.addrs[0] if isinstance(op, PointerCastOp) else None
        _replace(op, AllocTileOp(tile, addr, op.valid_row, op.valid_col))
        if isinstance(source, AllocOp):
            source.detach()
            source.erase()


def _tile_arguments(module: ModuleOp) -> None:
    """A function parameter that is a local memref buffer used only as tile operands becomes
    the tile it stands for (functions no `func.call` names: their signature changes)."""
    called = {op.callee.root_reference.data for op in module.walk() if isinstance(op, func.CallOp)}
    for op in module.walk():
        if not isinstance(op, func.FuncOp) or op.sym_name.data in called or not op.body.blocks:
            continue
        block = op.body.blocks[0]
        for index, arg in enumerate(list(block.args)):
            tile = tile_of_memref(arg.type)
            if tile is None or not all(isinstance(u.operation, TileOp) for u in arg.uses):
                continue
            new = block.insert_arg(tile, index)
            arg.replace_all_uses_with(new)
            block.erase_arg(arg)
        op.function_type = FunctionType.from_lists(
            block.arg_types, list(op.function_type.outputs.data)
        )


def tiles_from_memrefs(module: ModuleOp) -> None:
    """Replaces, in place, each local `memref.alloc` used only as tile operands by the
    `pto.alloc_tile` of the tile it stands for (keeping its location), and so each tile
    `bind_tile` / `pointer_cast` declares (`_bound_tiles`) and each such function parameter
    (`_tile_arguments`)."""
    _bound_tiles(module)
    _tile_arguments(module)
    for op in list(module.walk()):
        if not isinstance(op, AllocOp) or op.dynamic_sizes or op.symbol_operands:
            continue
        tile = tile_of_memref(op.memref.type)
        uses = list(op.memref.uses)
        if tile is None or not all(isinstance(use.operation, TileOp) for use in uses):
            continue
        _replace(op, AllocTileOp(tile))
