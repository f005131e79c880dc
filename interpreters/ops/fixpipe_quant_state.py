"""Interpreter functions of the producer's quantisation state (`set_quant_scalar`,
`set_quant_vector`) and the values a push through a fixpipe pipe hands over
(`pto_dialect.ops.fixpipe_quant_state`, `fixpipe_epilogue`; what the fixpipe computes is
`semantics.cube_fixpipe`).

`set_quant_scalar` keeps the word pto-isa's SET_QUANT_SCALAR writes: the f32 bits of the
scale sign-extended to 64 bits (`static_cast<uint64_t>` of the int32 bits), with bit 46 the
signedness of an 8-bit result (here the consumer's type decides the saturation).
`set_quant_vector` keeps the scaling tile; its words are read when a push runs. A push whose
mode reads state no set_quant of its pipe id bound is a run-time error.
"""

from __future__ import annotations

from typing import cast

import numpy as np
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.impls import implements, register_functions
from interpreters.machine.core import Machine, MachineFunctions
from interpreters.machine.memory import Tile
from interpreters.ops.fixpipe_fp import fp_words
from interpreters.semantics import cube_fixpipe
from interpreters.semantics.cube_fixpipe import Stage
from pto_dialect.dtypes import I8
from pto_dialect.ops.cross_core_pipe import epilogue_of
from pto_dialect.ops.fixpipe_epilogue import AccPushEpilogueAttr
from pto_dialect.ops.fixpipe_quant_state import SetQuantScalarOp, SetQuantVectorOp, consumer_dtype

SIGN_BIT = 46
"""Bit of the scalar word that marks a signed 8-bit result (pto-isa SetQuantScalar.hpp)."""


def scalar_word(scale: float, signed8: bool | None) -> np.ndarray:
    """pto-isa's SET_QUANT_SCALAR word of `scale`: the int32 bits sign-extended; for an
    8-bit result (`signed8` not None) bit 46 set when it is signed."""
    bits = int(np.array([scale], np.float32).view(np.int32)[0]) & (2**64 - 1)
    if signed8 is not None:
        bits = bits & ~(1 << SIGN_BIT) | (int(signed8) << SIGN_BIT)
    return np.array([bits], np.uint64)


@register_functions
class FixpipeQuantStateFunctions(MachineFunctions):
    """The quantisation state of one core's fixpipe pushes."""

    @implements(SetQuantScalarOp)
    def run_set_quant_scalar(
        self, interpreter: Interpreter, op: SetQuantScalarOp, args: PythonValues
    ) -> PythonValues:
        self.machine.fixpipe_quant[("scalar", op.id_value)] = float(cast(float, args[0]))
        self.machine.pipes.execute(op, op.pipe())
        return ()

    @implements(SetQuantVectorOp)
    def run_set_quant_vector(
        self, interpreter: Interpreter, op: SetQuantVectorOp, args: PythonValues
    ) -> PythonValues:
        self.machine.fixpipe_quant[("vector", op.id_value)] = cast(Tile, args[0])
        self.machine.pipes.execute(op, op.pipe())
        return ()


class FixpipePushes:
    """What pushes hand over: a tile's contents, or through a pipe's fixpipe epilogue the
    accumulator quantised, ReLU'd and converted to the consumer's type."""

    def __init__(self) -> None:
        self._epilogues: dict[Operation, AccPushEpilogueAttr | None] = {}

    def values(self, machine: Machine, op: Operation, pipe_id: int, tile: Tile) -> np.ndarray:
        if op not in self._epilogues:
            self._epilogues[op] = epilogue_of(op, pipe_id)
        epilogue = self._epilogues[op]
        if epilogue is None:
            return tile.get()
        source = tile.dtype
        target = consumer_dtype(op, pipe_id, source)
        values = tile.get()
        if epilogue.mode is None and target != source:
            raise PtoRuntimeError(
                f"{op.name} id {pipe_id} pushes an {source} accumulator with quant = no_convert, "
                f"but the consumer pops {target} (PTOAS: no_convert keeps the accumulator's type)"
            )
        kind = epilogue.kind
        words: np.ndarray | None = None
        if kind is not None:
            state = machine.fixpipe_quant.get((kind, pipe_id))
            if state is None:
                raise PtoRuntimeError(
                    f"{op.name} id {pipe_id} quantises with {epilogue.quant.data}, but no "
                    f"pto.set_quant_{kind} {{id = {pipe_id}}} ran before it on this core"
                )
            if isinstance(state, Tile):
                words = fp_words(state, values.shape[1])
            else:
                signed8 = (target == I8) if target.bytes == 1 and target.is_int else None
                words = scalar_word(cast(float, state), signed8)
        relu = None if epilogue.relu.data == "no_relu" else epilogue.relu.data
        stage = Stage(epilogue.mode, words, relu, None, None, None)
        return cube_fixpipe.apply(values, source, target, stage)
