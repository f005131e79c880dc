"""`pto-convert-to-dps`: SSA tile values (Level 1) to tile buffers and DPS tile ops (Level 2).

Every `!pto.tile` value gets a `!pto.tile_buf` from a `pto.alloc_tile` (same parameters;
`valid_row`/`valid_col` operands where the type says `?`, carrying the sizes the SSA
interpreter gives the value) and every SSA tile op becomes its DPS form writing that
buffer. Buffers are plain `alloc_tile` results: a tile carried by `scf.for` or returned by
`scf.if` becomes one buffer allocated before the loop or branch and updated in place;
the tile iter_args and results disappear.

Which buffer holds which value, where copies go and where the pass must give up is
decided by `passes/convert_to_dps/plan.py` (the rules are in docs/passes.md); this module
turns the plan into IR.

The pass plans everything before it changes the IR, so a diagnostic leaves the module as
it was. `!pto.tile` function arguments become `!pto.tile_buf` arguments that the pass
never writes; so do the tiles popped from a cross-core pipe (`tpop_from_aic/aiv`: the pipe
slot's buffer), a popped vec tile copied into a buffer of its own right after the pop; a
push (`tpush_to_aic/aiv`) reads its tile's buffer. Tile results of functions, and tiles used
by ops other than the tile instructions, the pipe ends and `scf.for`/`scf.if`/`scf.yield`,
are diagnostics.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import FunctionType, IndexType, ModuleOp
from xdsl.ir import Attribute, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from passes.common import checked_pass, pass_target
from passes.convert_to_dps.plan import NAME, Buffer, Plan, Planner, buffer_type, is_tile
from passes.convert_to_dps.rules import Size, key
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.cross_core_pipe import PopOp, PushOp
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.tile_types import DYNAMIC, TileType


def _size_value(size: Size, ops: list[Operation]) -> SSAValue:
    if isinstance(size, SSAValue) and isinstance(size.type, IndexType):
        return size
    value = key(size)
    assert isinstance(value, int), f"unnamed size {size}"
    const = arith.ConstantOp.from_int_and_width(value, IndexType())
    ops.append(const)
    return const.result


def _allocate(buffer: Buffer) -> None:
    assert buffer.anchor is not None and buffer.valid is not None
    ops: list[Operation] = []
    operands: list[SSAValue | None] = []
    for size, static in zip(buffer.valid, buffer.type.valid_shape, strict=True):
        operands.append(_size_value(size, ops) if static == DYNAMIC else None)
    alloc = AllocTileOp(buffer.type, valid_row=operands[0], valid_col=operands[1])
    alloc.result.name_hint = buffer.name
    Rewriter.insert_op([*ops, alloc], InsertPoint.before(buffer.anchor))
    buffer.value = alloc.result


def _convert_signature(function: func.FuncOp) -> None:
    """`!pto.tile` arguments become `!pto.tile_buf` arguments (their uses are DPS ops now)."""
    inputs = function.function_type.inputs.data
    if not any(isinstance(t, TileType) for t in inputs):
        return
    new_inputs: list[Attribute] = [buffer_type(t) if isinstance(t, TileType) else t for t in inputs]
    if function.body.blocks:
        for arg in function.body.block.args:
            if isinstance(arg.type, TileType):
                Rewriter.replace_value_with_new_type(arg, buffer_type(arg.type))
    outputs = function.function_type.outputs.data
    function.function_type = FunctionType.from_lists(new_inputs, outputs)


def _dps_op(op: TileOp, plan: Plan) -> TileOp:
    def buf(value: SSAValue) -> SSAValue:
        if not is_tile(value):
            return value
        result = plan.buffer_of[value].value
        assert result is not None
        return result

    if not op.res and len(op.ins) == 1:  # tprint: the tile in, nothing out
        ins, outs = [buf(op.ins[0])], None
    elif not op.res:  # tstore: the tile (and an fp tile) in, the view out
        ins, outs = [buf(v) for v in op.ins[:-1]], op.ins[-1]
    else:
        ins = [buf(v) for v in op.ins]
        if op in plan.scratch:
            index, buffer = plan.scratch[op]
            assert buffer.value is not None
            ins[index] = buffer.value
        outs = plan.dst[op].value
        assert outs is not None
    new = type(op)(ins, outs, attributes=dict(op.attributes))
    new.location = op.location
    return new


def _rebuild(op: Operation) -> None:
    """`op` (scf.for / scf.if / scf.yield) without its tile operands, results and args."""
    if isinstance(op, scf.YieldOp):
        Rewriter.replace_op(op, scf.YieldOp(*(v for v in op.operands if not is_tile(v))))
        return
    keep = [i for i, r in enumerate(op.results) if not is_tile(r)]
    if isinstance(op, scf.ForOp):
        body = op.detach_region(op.body)
        block = body.block
        for arg in [a for a in block.args[1:] if is_tile(a)]:
            block.erase_arg(arg, safe_erase=False)
        new: Operation = scf.ForOp(op.lb, op.ub, op.step, [op.iter_args[i] for i in keep], body)
    else:
        assert isinstance(op, scf.IfOp)
        then, otherwise = op.true_region, op.false_region
        types = [op.results[i].type for i in keep]
        empty = not keep and all(len(b.ops) == 1 for b in otherwise.blocks)
        new = scf.IfOp(
            op.cond,
            types,
            op.detach_region(then),
            Region() if empty else op.detach_region(otherwise),
        )
    new.attributes.update(op.attributes)
    new.location = op.location
    Rewriter.insert_op(new, InsertPoint.before(op))
    for new_index, i in enumerate(keep):
        op.results[i].replace_all_uses_with(new.results[new_index])
    Rewriter.erase_op(op, safe_erase=False)


def materialise(functions: list[func.FuncOp], plan: Plan) -> None:
    """Inserts the allocs, DPS ops and copies of `plan`, then removes the SSA tile ops and
    the tiles of scf ops, and last turns tile arguments into tile buffers."""
    for buffer in plan.buffers:
        _allocate(buffer)
    for op in plan.tile_ops:
        Rewriter.insert_op(_dps_op(op, plan), InsertPoint.before(op))
    for anchor, source, target in plan.copies:
        assert source.value is not None and target.value is not None
        copy = TMovOp([source.value], target.value)
        copy.location = anchor.location
        Rewriter.insert_op(copy, InsertPoint.before(anchor))
    yields = [op for op in plan.structures if isinstance(op, scf.YieldOp)]
    for op in [*yields, *(op for op in plan.structures if not isinstance(op, scf.YieldOp))]:
        _rebuild(op)
    for op in plan.pipe_ends:  # a push reads its tile's buffer; a pop gives the slot's
        if isinstance(op, PushOp):
            buffer = plan.buffer_of[op.tile[0]].value
            assert buffer is not None
            op.operands = (buffer, *op.operands[1:])
        elif op in plan.popped:
            slot, own = plan.popped[op]
            assert slot.value is not None and own.value is not None
            copy = TMovOp([slot.value], own.value)
            copy.location = op.location
            Rewriter.insert_op(copy, InsertPoint.after(op))
    for op in reversed(plan.tile_ops):
        Rewriter.erase_op(op, safe_erase=False)
    for op in plan.pipe_ends:
        if isinstance(op, PopOp) and isinstance(op.tile.type, TileType):
            Rewriter.replace_value_with_new_type(op.tile, buffer_type(op.tile.type))
    for function in functions:
        _convert_signature(function)


@checked_pass
@dataclass(frozen=True)
class ConvertToDpsPass(ModulePass):
    """SSA tile values to `pto.alloc_tile` buffers and DPS tile ops."""

    name = "pto-convert-to-dps"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, None)
        functions = [f for f in op.walk() if isinstance(f, func.FuncOp)]
        plan = Plan()
        for function in functions:
            Planner(function, target, plan).function(function)
        materialise(functions, plan)
