"""What the passes share: the target they work for and how they fail."""

from __future__ import annotations

from xdsl.dialects import arith
from xdsl.dialects.builtin import FileLineColLoc, ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriteWalker, RewritePattern
from xdsl.utils.exceptions import PassFailedException

from pto_dialect.ops.base import target_of
from pto_dialect.ops.pointer import CastPtrOp
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.targets import (
    TargetProfile,
    UnknownTargetError,
    parse_target,
    profile_for_module_attr,
)
from pto_dialect.types import SPACE_OF_LOCATION, PtrType


def pass_error(pass_name: str, message: str, op: Operation | None = None) -> PassFailedException:
    """`pto-plan-memory: pto.alloc_tile at k.mlir:3:5: <message>`; raise the result."""
    if op is None:
        return PassFailedException(f"{pass_name}: {message}")
    loc = op.location
    at = (
        f" at {loc.filename.data}:{loc.line.data}:{loc.column.data}"
        if isinstance(loc, FileLineColLoc)
        else ""
    )
    return PassFailedException(f"{pass_name}: {op.name}{at}: {message}")


def rewrite_once(pattern: RewritePattern, module: ModuleOp) -> None:
    """Applies `pattern` in one walk of `module` (no re-application to what it builds). A
    `pass_error` raised by the pattern surfaces as itself, without the IR dump that the
    walker appends to the exception's notes."""
    try:
        PatternRewriteWalker(pattern, apply_recursively=False).rewrite_module(module)
    except PassFailedException as err:
        raise PassFailedException(str(err)) from None


def pass_target(pass_name: str, module: ModuleOp, target: str | None) -> TargetProfile:
    """The pass option `target` if given, else the module's `pto.target_arch` (cpu if none)."""
    if target is None:
        return target_of(module)
    try:
        return profile_for_module_attr(parse_target(target).value)
    except UnknownTargetError as err:
        raise pass_error(pass_name, str(err)) from None


def tile_pointer(alloc: AllocTileOp) -> tuple[list[Operation], SSAValue]:
    """Ops that make a `!pto.ptr<T, space>` to the planned tile buffer of `alloc`, and it.

    The caller inserts the ops (an `arith.constant` of the address and a `pto.castptr`)
    where the pointer is needed; `alloc` must have a planned (constant) address.
    """
    address = alloc.address
    assert address is not None, "tile_pointer needs a planned alloc_tile"
    tile = alloc.tile_type
    const = arith.ConstantOp.from_int_and_width(address, 64)
    cast = CastPtrOp(const, PtrType(tile.dtype, SPACE_OF_LOCATION[tile.location]))
    return [const, cast], cast.result
