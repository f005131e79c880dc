"""VMI values in a function's signature: a VMI data argument becomes its registers.

An argument `!pto.vmi.vreg<L x T, layout?>` becomes the `!pto.vreg` registers its layout
places it in (the layout its type spells, else contiguous; `vmi_types.placement`), as
PTOAS's `vmi-to-vpto` physicalises private signatures; every scope of the function starts
from those registers (converted to contiguous there when the pass computes the value
contiguous: `placed.py`).
VMI masks in a signature and VMI results have no lowering here: PTOAS's VPTO entry refuses
public VMI signatures, and a resultless inferred scope cannot hand a vector value to
`func.return` (located errors).
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.dialects import func
from xdsl.dialects.builtin import ArrayAttr, DictionaryAttr, FunctionType
from xdsl.ir import Attribute, BlockArgument, Operation, SSAValue

from passes.common import pass_error
from passes.lower_vmi.builder import (
    NAME,
    Layout,
    Lowerer,
    Regs,
    layout_of_type,
    placed_attr,
    register_count,
)
from passes.lower_vmi.placed import from_placed, mask_from_placed
from pto_dialect.ops.vmi_types import (
    VmiLayoutAttr,
    VmiMaskType,
    VmiVRegType,
    mask_carrier_bits,
    placement,
)
from pto_dialect.vector_types import MaskType


def _is_vmi(type: Attribute) -> bool:
    return isinstance(type, VmiVRegType | VmiMaskType)


@dataclass
class Arguments:
    """The registers that stand for each VMI argument of one function, and the attributes
    of its arguments as they were."""

    function: func.FuncOp
    regs: dict[BlockArgument, Regs] = field(default_factory=dict[BlockArgument, Regs])
    masks: dict[BlockArgument, tuple[int, Layout, list[SSAValue]]] = field(
        default_factory=dict[BlockArgument, tuple[int, Layout, list[SSAValue]]]
    )
    """Per VMI mask argument: the granularity and layout of its parts, and the parts."""
    attrs: dict[BlockArgument, DictionaryAttr] = field(
        default_factory=dict[BlockArgument, DictionaryAttr]
    )
    placed: dict[BlockArgument, VmiLayoutAttr] = field(
        default_factory=dict[BlockArgument, VmiLayoutAttr]
    )
    """The layout of each argument whose registers are placed otherwise than the pass
    computes (`placed.py`): converted at the start of every scope."""

    def seed(self, lowerer: Lowerer, first: Operation) -> None:
        """The arguments' registers and mask parts, for the lowering of one scope whose
        first op is `first`."""
        saved, lowerer.op = lowerer.op, first
        try:
            for arg, regs in self.regs.items():
                attr = self.placed.get(arg)
                if attr is not None:
                    regs = from_placed(lowerer, regs.values, regs.lanes, regs.dtype, attr)
                lowerer.define(arg, regs, first)
            for arg, (bits, layout, parts) in self.masks.items():
                attr = self.placed.get(arg)
                if attr is not None:
                    type = arg.type
                    assert isinstance(type, VmiMaskType)
                    parts = mask_from_placed(lowerer, parts, type.count, bits, attr)
                lowerer.masks[(arg, bits, layout)] = parts
        finally:
            lowerer.op = saved

    def finish(self) -> None:
        """Drops the replaced VMI arguments; the signature follows the block's arguments."""
        old = [*self.regs, *self.masks]
        if not old:
            return
        function, block = self.function, self.function.body.block
        for arg in old:
            if arg.uses:
                user = next(iter(arg.uses)).operation
                raise pass_error(NAME, f"{user.name} takes a VMI argument outside a vector "
                                 "scope; only VMI ops do", user)  # fmt: skip
        for arg in old:
            block.erase_arg(arg)
        outputs = function.function_type.outputs.data
        function.function_type = FunctionType.from_lists([a.type for a in block.args], outputs)
        if function.arg_attrs is not None:
            empty = DictionaryAttr({})
            function.arg_attrs = ArrayAttr([self.attrs.get(a, empty) for a in block.args])


def physical_arguments(function: func.FuncOp) -> Arguments:
    """Adds the registers of each VMI data argument of `function` (before it)."""
    if any(_is_vmi(t) for t in function.function_type.outputs.data):
        raise pass_error(NAME, f"@{function.sym_name.data} returns a VMI value: VMI results "
                         "have no lowering here (a resultless vecscope cannot hand a vector "
                         "value to func.return)", function)  # fmt: skip
    found = Arguments(function)
    if function.is_declaration or not any(_is_vmi(t) for t in function.function_type.inputs):
        return found
    if len(function.body.blocks) != 1:
        raise pass_error(NAME, f"@{function.sym_name.data}: VMI arguments of a function of "
                         "several blocks have no lowering here", function)  # fmt: skip
    block = function.body.block
    if function.arg_attrs is not None:
        found.attrs = dict(zip(block.args, function.arg_attrs.data, strict=True))
    for arg in list(block.args):
        type = arg.type
        if isinstance(type, VmiMaskType):
            bits = mask_carrier_bits(type) or governed_bits(arg)
            if bits is None:
                raise pass_error(NAME, f"@{function.sym_name.data}: the granularity of mask "
                                 f"argument {type} follows from no VMI data op using it",
                                 function)  # fmt: skip
            layout = layout_of_type(type, function) or Layout.CONTIGUOUS
            count = register_count(type.count, bits, layout)
            attr = placed_attr(type)
            if attr is not None:
                found.placed[arg] = attr
                count = placement(type.count, bits, attr).registers
            parts = [block.insert_arg(MaskType(bits), arg.index + i) for i in range(count)]
            found.masks[arg] = (bits, layout, list(parts))
            continue
        if not isinstance(type, VmiVRegType):
            continue
        layout = layout_of_type(type, function) or Layout.CONTIGUOUS
        count = register_count(type.count, type.bits, layout)
        attr = placed_attr(type)
        if attr is not None:
            found.placed[arg] = attr
            count = placement(type.count, type.bits, attr).registers
        regs = Regs([], layout, type.count, type.dtype)
        regs.values = [block.insert_arg(regs.vreg, arg.index + i) for i in range(count)]
        found.regs[arg] = regs
    return found


def governed_bits(mask: SSAValue) -> int | None:
    """The element width of the first VMI data value an op using `mask` takes or makes
    (PTOAS assigns a `pred` mask the granularity of the data it governs)."""
    for use in mask.uses:
        for value in (*use.operation.operands, *use.operation.results):
            if isinstance(value.type, VmiVRegType):
                return value.type.bits
    return None
