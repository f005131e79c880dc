"""Interpreter functions of the window copies `pto.textract` and `pto.tinsert`.

textract: `dst[i, j] = src[r + i, c + j]` over dst's valid region; tinsert:
`dst[r + i, c + j] = src[i, j]` over src's valid region, dst's other elements kept. Both
convert as `tmov` does (an accumulator's f32 rounds to f16/bf16, nearest even). The window
must lie in the valid region of the tile it is cut from or put into (the CPU simulator's
asserts in cpu/TExtract.hpp and cpu/TInsert.hpp), else a run-time error.
"""

from __future__ import annotations

from typing import cast

from xdsl.interpreter import Interpreter, PythonValues

from interpreters.engine.errors import check
from interpreters.engine.impls import implements, register_functions
from interpreters.machine import costs, costs_dma
from interpreters.machine.core import MachineFunctions
from interpreters.machine.memory import Tile
from interpreters.ops.fixpipe_fp import acc_relu, fp_move, relu_values
from interpreters.semantics import convert
from pto_dialect.attrs import Pipe
from pto_dialect.ops.tile_window import ExtractTileOp, InsertTileOp, WindowTileOp
from pto_dialect.ops.vector_load import VldsOp


def _fits(at: tuple[int, int], size: tuple[int, int], whole: Tile, what: str) -> None:
    check(
        at[0] >= 0
        and at[1] >= 0
        and at[0] + size[0] <= whole.valid_rows
        and at[1] + size[1] <= whole.valid_cols,
        f"the {size[0]}x{size[1]} window at ({at[0]}, {at[1]}) exceeds the {what}'s valid "
        f"region {whole.valid_rows}x{whole.valid_cols}",
    )


@register_functions
class TileWindowFunctions(MachineFunctions):
    def _cost(self, op: WindowTileOp, src: Tile, dst: Tile, elements: int) -> None:
        if not self.machine.pipes.tracking:
            return
        nbytes = elements * src.dtype.bytes
        if op.pipe() is Pipe.V:
            cycles = costs.vector_cycles(self.machine.target, VldsOp, src.dtype,
                                         costs.repeats_for(nbytes))  # fmt: skip
        else:
            cycles = costs_dma.move_cycles(self.machine.target, src.memory.space, dst.memory.space,
                                      nbytes, dst.valid_rows)  # fmt: skip
        self.on_pipe(op, [src.access()], [dst.access()], cycles)

    @implements(ExtractTileOp)
    def run_textract(
        self, interpreter: Interpreter, op: ExtractTileOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        at = (int(args[1]), int(args[2]))
        dst, results = self.destination(op, args)
        _fits(at, dst.valid, src, "source")
        fractal = op.vector_fractal(src.type, dst.type, self.machine.target.arch)
        check(
            fractal is None or at[1] % fractal == 0,
            f"indexCol {at[1]} of a 1-row src into loc=left must be a multiple of {fractal} "
            "(A5 loads whole 512-byte fractals)",
        )
        self._cost(op, src, dst, dst.valid_rows * dst.valid_cols)
        window = src.get()[at[0] :, at[1] :]
        arch = self.machine.target.arch
        relu = acc_relu(op, src)
        with dst.edit() as contents:
            if op.fp_source is not None:
                fp_move(arch, window, src.dtype, cast(Tile | int, args[3]), contents, dst.dtype,
                        dst.valid, relu)  # fmt: skip
            else:
                convert.move(arch, relu_values(window, relu), src.location, src.dtype, contents,
                             dst.location, dst.dtype, dst.valid)  # fmt: skip
        return results

    @implements(InsertTileOp)
    def run_tinsert(
        self, interpreter: Interpreter, op: InsertTileOp, args: PythonValues
    ) -> PythonValues:
        src = cast(Tile, args[0])
        at = (int(args[1]), int(args[2]))
        dst, results = self.destination(op, args)
        _fits(at, src.valid, dst, "destination")
        self._cost(op, src, dst, src.valid_rows * src.valid_cols)
        arch = self.machine.target.arch
        relu = acc_relu(op, src)
        with dst.edit() as contents:
            window = contents[at[0] :, at[1] :]
            if op.fp_source is not None:
                fp_move(arch, src.get(), src.dtype, cast(Tile | int, args[3]), window, dst.dtype,
                        src.valid, relu)  # fmt: skip
            else:
                convert.move(arch, relu_values(src.get(), relu), src.location, src.dtype, window,
                             dst.location, dst.dtype, src.valid)  # fmt: skip
        return results
