"""Interpreter function of `pto.tget_scale_addr` (`pto_dialect.ops.tile_scale_addr`): the scale
tile is re-bound, in place (DPS) or as the result (SSA), to src's address >> 4 in the MX scale
buffer of src's memory, where `mad.mx` reads that operand's scales (the core's L0A / L0B
`Machine.scale_memory`; a tile without an address has a scale buffer of its own).

PTOAS's A5 `pto-a5-normalize-tmov` moves a tget_scale_addr above the mat -> scaling `tmov` into
the same dst just before it (no other use of dst between): the tmov then writes the scales
where the matmul reads them. The interpreter runs the op where it stands and carries dst's
valid region to the new address in exactly that case, which gives the same bytes
(docs/decisions.md)."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation, SSAValue

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Tile, static_or
from pto_dialect.attrs import Location
from pto_dialect.memory_types import SPACE_OF_LOCATION
from pto_dialect.mx import SCALE_ADDRESS_SHIFT
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.ops.tile_scale_addr import ScaleAddrOp
from pto_dialect.tile_types import TileTypeBase


def _loaded_just_before(op: ScaleAddrOp) -> bool:
    """Whether a mat -> scaling tmov into op's dst comes before it with no use of dst between
    (PTOAS PTOA5NormalizeTMovPass `findMatchingScaleTileTMov`)."""
    dst = op.dst
    assert dst is not None
    cursor: Operation | None = op.prev_op
    while cursor is not None:
        if isinstance(cursor, TMovOp) and cursor.dst is dst and _mat_to_scaling(cursor):
            return True
        if dst in cursor.operands:
            return False
        cursor = cursor.prev_op
    return False


def _mat_to_scaling(mov: TMovOp) -> bool:
    src, dst = mov.ins[0].type, mov.dst_type
    return (
        isinstance(src, TileTypeBase)
        and src.location is Location.MAT
        and isinstance(dst, TileTypeBase)
        and dst.location is Location.SCALING
    )


@register_functions
class TileScaleAddrFunctions(MachineFunctions):
    @implements(ScaleAddrOp)
    def run_scale_addr(
        self, interpreter: Interpreter, op: ScaleAddrOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        dst_type = cast(TileTypeBase, cast(SSAValue, op.dst).type)
        if SPACE_OF_LOCATION[src.location] is not src.memory.space:
            raise PtoRuntimeError(f"{op.name} src is not in {src.location.value}")
        scales = self.machine.scales_of(src.memory)
        address = src.address >> SCALE_ADDRESS_SHIFT
        if address + dst_type.size_bytes > scales.size:
            raise PtoRuntimeError(
                f"{op.name}: a scale tile of {dst_type.size_bytes} bytes at {address} (src "
                f"address {src.address} >> {SCALE_ADDRESS_SHIFT}) does not fit in the "
                f"{scales.size}-byte scale buffer of {src.memory.name}"
            )
        if not op.is_dps:
            (vr, vc), (rows, cols) = dst_type.valid_shape, dst_type.shape
            return (Tile(scales, address, dst_type, static_or(vr, rows), static_or(vc, cols)),)
        dst = cast(Tile, args[1])
        rows, cols = dst.valid
        carried = dst.get()[:rows, :cols].copy() if _loaded_just_before(op) else None
        dst.memory, dst.address = scales, address
        dst._view = dst._valid_view = None  # pyright: ignore[reportPrivateUsage]  (caches)
        dst._access = None  # pyright: ignore[reportPrivateUsage]
        if carried is not None:
            dst.set(carried)
        return ()
