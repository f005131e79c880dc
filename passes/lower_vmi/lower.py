"""`pto-lower-vmi{target=...}`: VMI logical-vector ops as `pto.vecscope` micro-ops.

1. Calls of private functions that take or return VMI values are inlined (PTOAS inlines
   them before layout assignment too); such functions, then unused, are erased.
2. Per `pto.vecscope`: layout assignment (`layout.py`), then every VMI op in program order
   is replaced by the micro-ops of its family's lowering (`LOWERINGS`, keyed by op class)
   on the registers its values occupy (`builder.py`); masks are made where a consumer needs
   them (`masks.py`). `scf.for` / `scf.if` carrying VMI values carry their registers
   instead (contiguous), and `scf.if` VMI mask results their parts. Layouts other than
   contiguous and deinterleaved = 2 are computed contiguous and placed where registers
   are seen (`placed.py`).
3. The result verifies and holds no VMI op; bytes are those of the VMI program under
   `pto-run` (translation validation: test/unit/test_lower_vmi.py,
   test/unit/test_lower_vmi_layouts.py).

VMI ops outside a `pto.vecscope` get inferred scopes first (`passes/infer_vecscope.py`,
PTOAS's rules), and VMI arguments of a function become registers (`signature.py`).
Refused, with a diagnostic at the op: VMI on a2a3 (no layer there), a VMI op no scope can
hold, VMI results of a function, and every op or form the families list as having no
lowering here (docs/passes.md). A module without VMI ops is left as it is, so a second run changes
nothing.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, cast

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter

from passes.common import checked_pass, pass_error, pass_target
from passes.infer_vecscope import infer_functions, outside_scopes
from passes.lower_vmi import compute, masks, memory, rearrange, reduce
from passes.lower_vmi.builder import NAME, Layout, Lowerer, Regs, register_count
from passes.lower_vmi.layout import assign
from passes.lower_vmi.signature import governed_bits, physical_arguments
from pto_dialect.attrs import TargetArch
from pto_dialect.dtypes import mlir_type
from pto_dialect.ops import vmi_convert as cv
from pto_dialect.ops import vmi_elementwise as ew
from pto_dialect.ops import vmi_predicate as pred
from pto_dialect.ops import vmi_rearrange as ra
from pto_dialect.ops import vmi_reduce as rd
from pto_dialect.ops import vmi_sfu as sfu
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vmi_common import VmiOp
from pto_dialect.ops.vmi_indexed import IndexedOp
from pto_dialect.ops.vmi_legacy_memory import LegacyLoadOp, LegacyStoreOp, VmiInterleaveStoreOp
from pto_dialect.ops.vmi_memory import VmiVloadOp, VmiVsstbOp, VmiVstoreOp
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType, mask_carrier_bits
from pto_dialect.vector_types import MaskType, VRegType

Lowering = Callable[[Lowerer, Any], None]


def _later(lowerer: Lowerer, op: Operation) -> None:
    """Mask producers and mask algebra: made when a consumer asks (`masks.py`)."""


def _plt(lowerer: Lowerer, op: pred.PltOp) -> None:
    """`plt`'s scalar result: `rem - min(rem, L)`; its mask is made on demand."""
    from xdsl.dialects import arith
    from xdsl.dialects.builtin import i32

    lanes = op.mask.type.count
    active = lowerer.smin(op.scalar, lowerer.const(lanes, i32))
    op.scalar_out.replace_all_uses_with(lowerer.emit(arith.SubiOp(op.scalar, active)).results[0])


LOWERINGS: Mapping[type[VmiOp], Lowering] = MappingProxyType(
    {
        pred.MaskProducerOp: _later,
        pred.PltOp: _plt,
        ew.CompareOp: compute.compare,
        ew.ElementwiseOp: compute.lane_wise,
        ew.SelectOp: compute.select,
        ew.CarryOp: compute.carry,
        sfu.VmiVexpdifOp: compute.fused,
        sfu.VmiVaxpyOp: compute.fused,
        sfu.VmiVlreluOp: compute.fused,
        sfu.VmiVpreluOp: compute.fused,
        sfu.VmiVmulaOp: compute.fused,
        sfu.VmiVmullOp: compute.vmull,
        cv.ConvertOp: compute.convert,
        cv.CastOp: compute.cast_bits,
        ra.BroadcastOp: rearrange.broadcast,
        ra.IotaOp: rearrange.iota,
        ra.VmiVselrOp: rearrange.vselr,
        ra.PairOp: rearrange.interleave,
        ra.ChannelOp: rearrange.channels,
        ra.VmiCompressOp: rearrange.compress,
        ra.VmiConstantOp: rearrange.constant,
        ra.VmiActivePrefixIndexOp: rearrange.active_prefix_index,
        ra.VmiEnsureLayoutOp: rearrange.ensure,
        ra.PartsOp: rearrange.parts_op,
        rd.ReduceOp: reduce.reduce,
        sfu.HistogramOp: reduce.histogram,
        VmiVloadOp: memory.load,
        LegacyLoadOp: memory.load,
        VmiVstoreOp: memory.store,
        VmiVsstbOp: memory.block_strided_store,
        LegacyStoreOp: memory.store,
        VmiInterleaveStoreOp: memory.store,
        IndexedOp: memory.indexed,
    }
)
"""The lowering of each VMI family (the most specific class of an op's MRO wins)."""

_WHY_NOT: Mapping[type[VmiOp], str] = MappingProxyType(
    {
        ra.VmiShuffleOp: "static shuffles are not lowered here",
    }
)
"""VMI ops with no lowering, and why (docs/passes.md)."""


def lowering_of(op: type[VmiOp]) -> Lowering | None:
    for family in op.__mro__:
        if family in _WHY_NOT:
            return None
        found = LOWERINGS.get(cast(type[VmiOp], family))
        if found is not None:
            return found
    return None


def refusal_of(op: type[VmiOp]) -> str | None:
    for family in op.__mro__:
        why = _WHY_NOT.get(cast(type[VmiOp], family))
        if why is not None:
            return why
    return None


def _is_vmi(type: Attribute) -> bool:
    return isinstance(type, VmiVRegType | VmiMaskType)


@dataclass
class _Scope:
    lowerer: Lowerer
    done: list[Operation]

    def block(self, block: Block) -> None:
        for op in list(block.ops):
            if isinstance(op, VmiOp):
                self.vmi(op)
            elif isinstance(op, scf.ForOp) and _carries_vmi(op):
                self.loop(op)
            elif isinstance(op, scf.IfOp) and _carries_vmi(op):
                self.branch(op)
            else:
                if any(_is_vmi(o.type) for o in op.operands) and not isinstance(op, scf.YieldOp):
                    raise pass_error(NAME, f"{op.name} takes a VMI value; only VMI ops, scf.for "
                                     "and scf.if do here", op)  # fmt: skip
                for region in op.regions:
                    for inner in region.blocks:
                        self.block(inner)

    def vmi(self, op: VmiOp) -> None:
        lowering = lowering_of(type(op))
        if lowering is None:
            why = refusal_of(type(op)) or "no lowering"
            raise pass_error(NAME, f"{op.name}: {why}", op)
        self.lowerer.op = op
        lowering(self.lowerer, op)
        self.done.append(op)

    def _flat(
        self, values: list[SSAValue], at: Operation, bits: Sequence[int | None] = ()
    ) -> list[SSAValue]:
        """Registers of VMI data values (contiguous), the contiguous parts of VMI masks at
        the granularity `bits` gives their position, other values as they are."""
        self.lowerer.op = at
        flat: list[SSAValue] = []
        for position, value in enumerate(values):
            if isinstance(value.type, VmiMaskType):
                granularity = bits[position] if position < len(bits) else None
                if granularity is None:
                    raise pass_error(NAME, "a VMI mask carried by scf.for has no lowering "
                                     "here", at)  # fmt: skip
                flat += masks.parts(self.lowerer, value, granularity, Layout.CONTIGUOUS)
                self.lowerer.op = at
                continue
            if isinstance(value.type, VmiVRegType):
                flat += self.lowerer.get(value, Layout.CONTIGUOUS).values
            else:
                flat.append(value)
        return flat

    def _bind(
        self,
        olds: list[SSAValue],
        news: list[SSAValue],
        follower: Operation,
        bits: Sequence[int | None] = (),
    ) -> None:
        """Old values (block arguments, results) stand for the new flat values; their
        layout conversions go before `follower`."""
        position = 0
        for index, old in enumerate(olds):
            if isinstance(old.type, VmiMaskType):
                granularity = bits[index]
                assert granularity is not None
                count = register_count(old.type.count, granularity, Layout.CONTIGUOUS)
                parts = news[position : position + count]
                self.lowerer.masks[(old, granularity, Layout.CONTIGUOUS)] = parts
                position += count
                continue
            if isinstance(old.type, VmiVRegType):
                count = register_count(old.type.count, old.type.bits, Layout.CONTIGUOUS)
                regs = Regs(news[position : position + count], Layout.CONTIGUOUS,
                            old.type.count, old.type.dtype)  # fmt: skip
                self.lowerer.layouts[old] = Layout.CONTIGUOUS
                self.lowerer.define(old, regs, follower)
                position += count
            else:
                old.replace_all_uses_with(news[position])
                position += 1

    def _yield(self, block: Block, bits: Sequence[int | None] = ()) -> None:
        last = block.last_op
        assert isinstance(last, scf.YieldOp)
        flat = self._flat(list(last.operands), last, bits)
        Rewriter.replace_op(last, scf.YieldOp(*flat))

    def loop(self, op: scf.ForOp) -> None:
        inits = self._flat(list(op.iter_args), op)
        body = op.body.block
        new_block = Block(arg_types=[body.args[0].type, *(v.type for v in inits)])
        new = scf.ForOp(op.lb, op.ub, op.step, inits, Region(new_block))
        new.location = op.location
        Rewriter.insert_op(new, InsertPoint.before(op))
        body.args[0].replace_all_uses_with(new_block.args[0])
        for inner in list(body.ops):
            inner.detach()
            new_block.add_op(inner)
        first = new_block.first_op
        assert first is not None
        self._bind(list(body.args[1:]), list(new_block.args[1:]), first)
        self.block(new_block)
        self._yield(new_block)
        after = op.next_op
        assert after is not None
        self._bind(list(op.results), list(new.results), after)
        self.done.append(op)

    def branch(self, op: scf.IfOp) -> None:
        """A VMI mask result is carried as its contiguous parts at the granularity of the
        data its users govern (as a `pred` mask argument's)."""
        types: list[Attribute] = []
        bits: list[int | None] = []
        for result in op.results:
            bits.append(None)
            if isinstance(result.type, VmiVRegType):
                count = register_count(result.type.count, result.type.bits, Layout.CONTIGUOUS)
                types += [VRegType(mlir_type(result.type.dtype))] * count
            elif isinstance(result.type, VmiMaskType):
                granularity = mask_carrier_bits(result.type) or governed_bits(result)
                if granularity is None:
                    raise pass_error(NAME, "the granularity of a VMI mask result of scf.if "
                                     "follows from no VMI data op using it", op)  # fmt: skip
                bits[-1] = granularity
                count = register_count(result.type.count, granularity, Layout.CONTIGUOUS)
                types += [MaskType(granularity)] * count
            else:
                types.append(result.type)
        regions: list[Region] = []
        for region in (op.true_region, op.false_region):
            new_region = Region()
            region.move_blocks(new_region)
            regions.append(new_region)
        new = scf.IfOp(op.cond, types, regions[0], regions[1])
        new.location = op.location
        Rewriter.insert_op(new, InsertPoint.before(op))
        for region in new.regions:
            for block in region.blocks:
                self.block(block)
                self._yield(block, bits)
        after = op.next_op
        assert after is not None
        self._bind(list(op.results), list(new.results), after, bits)
        self.done.append(op)


def _carries_vmi(op: Operation) -> bool:
    return any(_is_vmi(v.type) for v in (*op.operands, *op.results))


def _inline_calls(module: ModuleOp) -> None:
    """Inlines calls of private functions with VMI arguments or results; erases those
    functions once no call is left."""
    functions = {f.sym_name.data: f for f in module.walk() if isinstance(f, func.FuncOp)}
    for call in [c for c in module.walk() if isinstance(c, func.CallOp)]:
        callee = functions.get(call.callee.root_reference.data)
        if callee is None or not any(_is_vmi(t) for t in (*call.operand_types, *call.result_types)):
            continue
        if len(callee.body.blocks) != 1 or callee.is_declaration:
            raise pass_error(NAME, f"call of {callee.sym_name.data}: only single-block "
                             "functions are inlined", call)  # fmt: skip
        body = callee.body.clone()
        block = body.block
        for arg, value in zip(block.args, call.arguments, strict=True):
            arg.replace_all_uses_with(value)
        returned = block.last_op
        assert isinstance(returned, func.ReturnOp)
        results = list(returned.operands)
        returned.detach()
        returned.erase()
        for inner in list(block.ops):
            inner.detach()
            Rewriter.insert_op(inner, InsertPoint.before(call))
        for old, new in zip(call.results, results, strict=True):
            old.replace_all_uses_with(new)
        call.detach()
        call.erase()
    for function in functions.values():
        signature = [*function.function_type.inputs.data, *function.function_type.outputs.data]
        if function.sym_visibility is not None and any(_is_vmi(t) for t in signature):
            used = any(isinstance(c, func.CallOp) and c.callee.root_reference.data
                       == function.sym_name.data for c in module.walk())  # fmt: skip
            if not used:
                function.detach()
                function.erase()


def _function_of(op: Operation) -> func.FuncOp | None:
    node = op.parent_op()
    while node is not None and not isinstance(node, func.FuncOp):
        node = node.parent_op()
    return node


def lower_module(module: ModuleOp, arch: TargetArch) -> None:
    if not any(isinstance(op, VmiOp) for op in module.walk()):
        return
    if arch is TargetArch.A2A3:
        first = next(op for op in module.walk() if isinstance(op, VmiOp))
        raise pass_error(NAME, "VMI is an A5 layer: target a2a3 has none", first)
    _inline_calls(module)
    functions = [f for f in module.walk() if isinstance(f, func.FuncOp)]
    arguments = {f: physical_arguments(f) for f in functions}
    infer_functions([f for f in functions if outside_scopes(f)], NAME)
    for scope in [s for s in module.walk() if isinstance(s, VecScopeOp)]:
        lowerer = Lowerer(Rewriter(), scope=scope.block)
        assign(scope.block, lowerer.layouts)
        function = _function_of(scope)
        first = scope.block.first_op
        if function is not None and first is not None:
            arguments[function].seed(lowerer, first)
        work = _Scope(lowerer, [])
        work.block(scope.block)
        for op in reversed(work.done):
            for result in op.results:
                if result.uses and not _is_vmi(result.type):
                    raise pass_error(NAME, f"{op.name} result still used after lowering", op)
            op.detach()
            op.erase(safe_erase=False)
    leftover = next((op for op in module.walk() if isinstance(op, VmiOp)), None)
    if leftover is not None:
        raise pass_error(NAME, f"{leftover.name} outside a pto.vecscope: VMI ops lower only "
                         "inside one, and none is inferred around it (a result is used past "
                         "the scope's end)", leftover)  # fmt: skip
    for found in arguments.values():
        found.finish()


@checked_pass
@dataclass(frozen=True)
class LowerVmiPass(ModulePass):
    """Lowers VMI ops to vector micro-ops (layout assignment, then one lowering per family)."""

    name = "pto-lower-vmi"

    target: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        lower_module(op, target.arch)
