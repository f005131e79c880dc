"""`memref.reinterpret_cast` of a GM memref (PTOAS's tci kernels reshape a kernel parameter
into the window they store to): the view of the same bytes with the cast's offset, sizes
and strides; xDSL's functions for the rest of memref.

As MLIR's op, the offset counts elements from the source's base (the buffer the memref
describes, whatever the source's own offset), and the strides are in elements.
"""

from __future__ import annotations

from typing import cast

from xdsl.dialects import memref
from xdsl.dialects.builtin import DYNAMIC_INDEX, MemRefType, NoneAttr, StridedLayoutAttr
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.interpreters.memref import MemRefFunctions as XdslMemRefFunctions
from xdsl.ir import Attribute

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.memory import TensorView


def _merge(static: tuple[int, ...], values: list[int]) -> tuple[int, ...]:
    """The static list with each dynamic entry replaced by the next value."""
    given = iter(values)
    return tuple(next(given) if s == DYNAMIC_INDEX else s for s in static)


def _source_offset(source: MemRefType[Attribute]) -> int:
    """The source memref's own offset in elements (0 without a layout)."""
    layout = source.layout
    if isinstance(layout, NoneAttr):
        return 0
    if isinstance(layout, StridedLayoutAttr):
        offset = layout.get_offset()
        if offset is not None:
            return offset
    raise PtoRuntimeError(
        f"memref.reinterpret_cast of {source}: pto-run needs a source whose offset is static"
    )


@register_functions
class MemRefFunctions(XdslMemRefFunctions):
    """xDSL's memref functions with `reinterpret_cast` of a GM view."""

    @implements(memref.ReinterpretCastOp)
    def run_reinterpret_cast(
        self, interpreter: Interpreter, op: memref.ReinterpretCastOp, args: PythonValues
    ) -> PythonValues:
        view = args[0]
        if not isinstance(view, TensorView):
            raise PtoRuntimeError(
                "memref.reinterpret_cast: pto-run reinterprets GM memrefs (kernel parameters) "
                f"only, not a {type(view).__name__}"
            )
        values = [int(v) for v in args[1:]]
        counts = (len(op.offsets), len(op.sizes), len(op.strides))
        offsets = _merge(op.static_offsets.get_values(), values[: counts[0]])
        sizes = _merge(op.static_sizes.get_values(), values[counts[0] : counts[0] + counts[1]])
        strides = _merge(op.static_strides.get_values(), values[counts[0] + counts[1] :])
        source = cast(MemRefType[Attribute], op.source.type)
        base = view.offset - _source_offset(source) * view.dtype.bytes
        offset = base + offsets[0] * view.dtype.bytes
        return (TensorView(view.memory, offset, sizes, strides, view.dtype),)
