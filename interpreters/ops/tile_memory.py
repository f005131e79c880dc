"""Interpreter functions of views, tile allocation and GM <-> tile transfers."""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import PtoRuntimeError, check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs, costs_dma
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Pointer, TensorView, Tile, static_or
from interpreters.ops.fixpipe_fp import acc_relu, converted, fp_move, quantised, relu_values
from interpreters.semantics import convert, mx_quant, transfer
from pto_dialect.attrs import Location, Pipe, TargetArch
from pto_dialect.dtypes import F8E8M0
from pto_dialect.memory_types import MemorySpace, ShapedViewBase
from pto_dialect.mx import mx_scale_gm_order
from pto_dialect.ops.tile_memory import (
    ACC_STORE_TYPES,
    AllocBufferOp,
    AllocTileOp,
    MakeTensorViewOp,
    PartitionViewOp,
    TLoadOp,
    TStoreOp,
)
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.rules import PAD_RULES
from pto_dialect.tile_types import TileTypeBase


def optional_operands(op: AllocBufferOp) -> tuple[bool, bool, bool]:
    """Whether an alloc has its address, valid-rows and valid-cols operands."""
    return (op.addr is not None, op.valid_row is not None, op.valid_col is not None)


def alloc_operands(
    present: tuple[bool, bool, bool], args: PythonValues, tile: TileTypeBase
) -> tuple[int | None, int, int]:
    """The values of an alloc's optional operands (`present`: `optional_operands`): its
    address (None: fresh space) and the valid rows and columns (`tile`'s own where it has
    no operand for them)."""
    has_address, has_rows, has_cols = present
    values = iter(args)
    address = int(next(values)) if has_address else None
    vr, vc = tile.valid_shape
    if has_rows:
        vr = int(next(values))
    if has_cols:
        vc = int(next(values))
    return address, vr, vc


def _result_tile(ft: MachineFunctions, type: TileTypeBase, rows: int, cols: int) -> Tile:
    """Fresh space for an SSA tile result; `?` valid sizes take `rows`/`cols`."""
    vr, vc = type.valid_shape
    return ft.machine.tile_at(type, None, static_or(vr, rows), static_or(vc, cols))


def _layout(type: TileTypeBase) -> bool | None:
    """How a tile meets a GM window: row-major (True), col-major (False) or boxed (None)."""
    return None if type.is_boxed else type.is_row_major


def _window(view: TensorView, tile: Tile, what: str) -> transfer.Window:
    """`view` as the matrix `tile` moves to or from, checked to hold its valid region."""
    window = view.window(_layout(tile.type))
    window.require(*tile.valid, what)
    return window


def _mx_scale_order(tile: Tile) -> str | None:
    """The MX box order of the GM bytes a `tload` fills this tile from (`mx_scale_gm_order`),
    None for an ND load."""
    kind = tile.type
    if tile.dtype != F8E8M0 or kind.location is not Location.MAT:
        return None
    return mx_scale_gm_order(kind.blayout.data, kind.slayout.data, kind.rows.data)


def _load_mx_scales(view: TensorView, tile: Tile, order: str) -> None:
    """E8M0 scales from GM bytes in MX box order (PTOAS's MX_A_ZZ / MX_B_NN view of the
    view's rows x cols, padded to whole boxes, from the view's first byte)."""
    check(len(view.shape) == 2, f"a tload of MX scales in {order} order takes a 2-D view")
    rows, cols = view.shape
    boxes = (16, 2) if order == "zz" else (2, 16)
    nbytes = -(-rows // boxes[0]) * boxes[0] * -(-cols // boxes[1]) * boxes[1]
    check(
        view.offset + nbytes <= view.memory.size,
        f"the {rows}x{cols} MX scales in {order} order need {nbytes} bytes from byte "
        f"{view.offset}, beyond {view.memory.extent}",
    )
    data = view.memory.data[view.offset : view.offset + nbytes]
    matrix = mx_quant.from_box_order(data, rows, cols, order)
    valid_rows, valid_cols = tile.valid
    with tile.edit() as contents:
        contents[:valid_rows, :valid_cols] = matrix[:valid_rows, :valid_cols].view(tile.dtype.numpy)


ACC_TO_VEC_ATTR = "accToVecMode"
"""PTOAS's attribute of the vector core(s) an accumulator moved to UB goes to."""


def to_zz(op: TMovOp, src: Tile, dst: Tile) -> None:
    """The X-to-ZZ exponent move: dst's storage bytes in ZZ order (`mx_quant`); the ND form
    also zeroes src's padding rows up to a multiple of 16 in place, as pto-isa does."""
    if op.zz_by_column:
        rows, cols = src.valid
        data = mx_quant.dn_to_zz(src.get()[:rows, :cols])
    else:
        rows, groups = dst.valid
        flat = src.storage()
        padded = -(-rows // 16) * 16 * groups
        check(
            padded <= flat.size and padded <= dst.storage().size,
            f"{op.name}: ND-to-ZZ needs {padded} elements of src and dst (16-row blocks)",
        )
        data = mx_quant.nd_to_zz(flat[: rows * groups].reshape(rows, groups))
        flat[rows * groups : padded] = 0
    out = dst.storage()
    check(data.size <= out.size, f"{op.name}: the ZZ exponents exceed dst's storage")
    out[: data.size] = data


@register_functions
class TileMemoryFunctions(MachineFunctions):
    def __init__(self, machine: Machine) -> None:
        super().__init__(machine)
        self._allocs: dict[AllocTileOp, tuple[TileTypeBase, tuple[bool, bool, bool]]] = {}
        """Per alloc_tile: its type and which optional operands it has."""

    @implements(MakeTensorViewOp)
    def run_make_tensor_view(
        self, interpreter: Interpreter, op: MakeTensorViewOp, args: PythonValues
    ) -> PythonValues:
        ptr = cast(Pointer, args[0])
        rank = len(op.shape)
        shape = tuple(int(v) for v in args[1 : 1 + rank])
        strides = tuple(int(v) for v in args[1 + rank :])
        view_type = cast(ShapedViewBase, op.result.type)
        for dim, static in zip(shape, view_type.dims, strict=True):
            check(static < 0 or dim == static, f"shape {list(shape)} differs from the type's "
                  f"{view_type}")  # fmt: skip
        memory = ptr.memory
        if memory is None or memory.space is not MemorySpace.GM:
            where = "an unplaced address" if memory is None else memory.name
            raise PtoRuntimeError(f"a tensor view needs a GM pointer, got {where}")
        return (TensorView(memory, ptr.offset, shape, strides, view_type.element),)

    @implements(PartitionViewOp)
    def run_partition_view(
        self, interpreter: Interpreter, op: PartitionViewOp, args: PythonValues
    ) -> PythonValues:
        view = cast(TensorView, args[0])
        rank = len(view.shape)
        offsets = tuple(int(v) for v in args[1 : 1 + rank])
        sizes = tuple(int(v) for v in args[1 + rank :])
        for axis, (off, size, dim) in enumerate(zip(offsets, sizes, view.shape, strict=True)):
            if off < 0 or size < 0 or off + size > dim:
                raise PtoRuntimeError(
                    f"partition [{off}, {off + size}) of dimension {axis} lies outside the "
                    f"view's extent {dim}"
                )
        start = sum(o * s for o, s in zip(offsets, view.strides, strict=True))
        offset = view.offset + start * view.dtype.bytes
        return (TensorView(view.memory, offset, sizes, view.strides, view.dtype),)

    @implements(AllocTileOp)
    def run_alloc_tile(
        self, interpreter: Interpreter, op: AllocTileOp, args: PythonValues
    ) -> PythonValues:
        static = self._allocs.get(op)
        if static is None:  # fixed per op during a run: read from the IR once
            static = self._allocs[op] = (op.tile_type, optional_operands(op))
        type, present = static
        address, vr, vc = alloc_operands(present, args, type)
        return (self.machine.tile_at(type, address, vr, vc),)

    @implements(TLoadOp)
    def run_tload(self, interpreter: Interpreter, op: TLoadOp, args: PythonValues) -> PythonValues:
        view = cast(TensorView, args[0])
        if op.is_dps:
            tile = cast(Tile, args[1])
            results: PythonValues = ()
        else:
            type = cast(TileTypeBase, op.res[0].type)
            tile = _result_tile(self, type, *view.window(_layout(type)).shape)
            results = (tile,)
        window = _window(view, tile, "destination")
        nbytes = tile.valid_rows * tile.valid_cols * tile.dtype.bytes
        target = self.machine.target
        timing = (target, MemorySpace.GM, tile.memory.space, nbytes,
                  costs_dma.gm_transfers(target, view.shape))  # fmt: skip
        self.on_pipe(op, [view.window_access(window, *tile.valid)], [tile.access()],
                     *costs_dma.transfer_timing(*timing))  # fmt: skip
        order = _mx_scale_order(tile)
        if order is not None:
            _load_mx_scales(view, tile, order)
            return results
        rule = PAD_RULES[self.machine.target.arch]
        with tile.edit() as contents:
            transfer.load(window, contents, tile.valid, tile.dtype, tile.type.pad.data, rule)
        return results

    @implements(TStoreOp)
    def run_tstore(
        self, interpreter: Interpreter, op: TStoreOp, args: PythonValues
    ) -> PythonValues:
        tile = cast(Tile, args[0])
        view = cast(TensorView, args[-1])
        window = _window(view, tile, "source")
        nbytes = tile.valid_rows * tile.valid_cols * tile.dtype.bytes
        target = self.machine.target
        timing = (target, tile.memory.space, MemorySpace.GM, nbytes,
                  costs_dma.gm_transfers(target, view.shape))  # fmt: skip
        self.on_pipe(op, [tile.access()], [view.window_access(window, *tile.valid)],
                     *costs_dma.transfer_timing(*timing))  # fmt: skip
        add = False
        if (atomic := op.attributes.get("atomicType")) is not None:
            # option attributes exist once their module is imported (by the parser)
            from pto_dialect.option_attrs import option_value

            add = option_value(atomic) == "atomic_add"
        relu = acc_relu(op, tile)
        if op.fp_source is None and tile.location is not Location.ACC:
            transfer.store(tile.get(), window, tile.valid, tile.dtype, add)
            return ()
        rows, cols = tile.valid
        if op.fp_source is None:
            if view.dtype not in ACC_STORE_TYPES[tile.dtype]:
                raise PtoRuntimeError(
                    f"a store of an {tile.dtype} accumulator to {view.dtype} without "
                    "quantisation: pto-isa runs the fixpipe NoQuant, and no source fixes "
                    "what it writes into the narrower or other type"
                )
            values = converted(tile.get()[:rows, :cols], tile.dtype, view.dtype, relu)
            transfer.store(values, window, tile.valid, view.dtype, add)
            return ()
        arch = self.machine.target.arch
        param = cast(Tile | int, args[1])
        values = quantised(arch, tile.get()[:rows, :cols], tile.dtype, view.dtype, param, relu)
        transfer.store(values, window, tile.valid, view.dtype, add)
        return ()

    @implements(TMovOp)
    def run_tmov(self, interpreter: Interpreter, op: TMovOp, args: PythonValues) -> PythonValues:
        src = cast(Tile, args[0])
        if op.is_dps:
            dst = cast(Tile, args[-1])
            results: PythonValues = ()
        else:
            dst = _result_tile(self, cast(TileTypeBase, op.res[0].type), *src.valid)
            results = (dst,)
        nbytes = dst.valid_rows * dst.valid_cols * src.dtype.bytes
        if op.pipe() is Pipe.V and self.machine.target.arch is TargetArch.A2A3:
            cycles = costs_dma.ub_copy_cycles(*dst.valid, dst.type.shape[1], src.dtype)
        elif op.pipe() is Pipe.V:  # one VF (npu/a5/TMov.hpp); into an NZ tile a row at a time
            nz = src.type.is_nd and dst.type.is_boxed
            rows = dst.valid_rows * costs.repeats_for(dst.valid_cols * src.dtype.bytes)
            cycles = costs.a5_copy_cycles(rows if nz else costs.repeats_for(nbytes))
        else:
            cycles = costs_dma.move_cycles(self.machine.target, src.memory.space, dst.memory.space,
                                      nbytes, dst.valid_rows)  # fmt: skip
        if op.zz_tmp is not None:
            self.on_pipe(op, [src.access()], [dst.access()], cycles)
            to_zz(op, src, dst)
            return results
        relu = acc_relu(op, src)
        if (mode := op.attributes.get(ACC_TO_VEC_ATTR)) is not None:
            from pto_dialect.option_attrs import option_value  # imported by the parser already

            to_vec = option_value(mode)
        else:
            to_vec = None
        if to_vec not in (None, "single_mode_vec0") and src.location is Location.ACC:
            raise PtoRuntimeError(
                f"{op.name} accToVecMode {to_vec} writes vector core 1's UB or halves to both "
                "(pto-isa TMovCcToUb dualDstCtl / subBlockId): not modelled for tile moves; "
                "mte_l0c_ub's dst_mode models it"
            )
        if op.fp_source is not None:
            fp = cast(Tile | int, args[1])
            reads = [src.access(), *([fp.access()] if isinstance(fp, Tile) else [])]
            self.on_pipe(op, reads, [dst.access()], cycles)
            with dst.edit() as contents:
                fp_move(self.machine.target.arch, src.get(), src.dtype, fp, contents, dst.dtype,
                        dst.valid, relu)  # fmt: skip
            return results
        self.on_pipe(op, [src.access()], [dst.access()], cycles)
        with dst.edit() as contents:
            convert.move(self.machine.target.arch, relu_values(src.get(), relu), src.location,
                         src.dtype, contents, dst.location, dst.dtype, dst.valid)  # fmt: skip
        return results
