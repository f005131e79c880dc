"""Interpreter cost per tile op next to the bare numpy computation.

    python benchmarks/interp_tile.py [--repeat N]

Prints, for a 128x128 f32 `pto.tadd` and a 1x128 . 128x256 f16 -> f32 `pto.tgemv.bias`,
the interpreter's time per op (through xDSL's interpreter, dispatch included), the time of
the same computation in bare numpy, and their ratio: the median over rounds that alternate
the two, so that a busy shared machine slows both sides alike. The semantics are measured alone
(`pto-run --semantics-only`); the tadd is also measured with the pipe model (hazard
detection and cycle accounting, pto-run's default).
"""

from __future__ import annotations

import argparse
import statistics
import time
from collections.abc import Callable, Sequence

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func, FuncOp
from xdsl.parser import Parser

from interpreters.engine.interpreter import PtoInterpreter
from interpreters.machine.core import Machine
from interpreters.machine.memory import Tile
from interpreters.machine.pipes import UntrackedPipes
from interpreters.ops.registry import project_functions
from pto_dialect.dialect import PTO
from pto_dialect.targets import A5
from pto_dialect.tile_types import TileBufType

VEC = "!pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=128>"
LEFT = ("!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=128, v_row=1, v_col=128, "
        "blayout=col_major, slayout=row_major>")  # fmt: skip
RIGHT = "!pto.tile_buf<loc=right, dtype=f16, rows=128, cols=256, slayout=col_major>"
"""128 x 256 f16: the 64 KiB of a5's L0B."""
BIAS = "!pto.tile_buf<loc=bias, dtype=f32, rows=1, cols=256>"
ACC = ("!pto.tile_buf<loc=acc, dtype=f32, rows=16, cols=256, v_row=1, v_col=256, "
       "blayout=col_major, slayout=row_major, fractal=1024>")  # fmt: skip


PIPES = {False: " (semantics only)", True: " (with the pipe model)"}


def kernel(params: list[str], line: str, count: int) -> str:
    args = ", ".join(f"%a{i}: {t}" for i, t in enumerate(params))
    body = "\n".join(f"    {line}" for _ in range(count))
    return (
        'builtin.module attributes {pto.target_arch = "a5"} {\n'
        f"  func.func @k({args}) {{\n{body}\n    func.return\n  }}\n}}\n"
    )


def interpreter_run(
    source: str, arrays: list[np.ndarray], count: int, pipes: bool
) -> Callable[[], float]:
    """A function running the kernel once and returning seconds per op of its body (with
    the pipe model or not)."""
    ctx = Context()
    for dialect in (Builtin, Func, PTO):
        ctx.load_dialect(dialect)
    module = Parser(ctx, source).parse_module()
    module.verify()
    machine = Machine(A5) if pipes else Machine(A5, pipes=UntrackedPipes())
    interpreter = PtoInterpreter(module)
    for functions in project_functions(machine):
        interpreter.register_implementations(functions)
    func = next(op for op in module.walk() if isinstance(op, FuncOp))
    tiles: list[Tile] = []
    for array, type in zip(arrays, func.function_type.inputs.data, strict=True):
        assert isinstance(type, TileBufType)
        tile = machine.tile_at(type, None, *type.valid_shape)
        tile.set(array)
        tiles.append(tile)

    def run() -> float:
        start = time.perf_counter()
        with np.errstate(all="ignore"):  # as pto-run runs kernels
            interpreter.call_op(func, tuple(tiles))
        return (time.perf_counter() - start) / count

    return run


def numpy_run(fn: Callable[[], object], inner: int) -> Callable[[], float]:
    """A function calling `fn` `inner` times and returning seconds per call."""

    def run() -> float:
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        return (time.perf_counter() - start) / inner

    return run


def compare(name: str, interp: Callable[[], float], bare: Callable[[], float], repeat: int) -> None:
    """Alternates the two `repeat` times; prints the best of each and the median of the
    per-round ratios (a shared machine slows both sides of a round alike)."""
    rounds = [(interp(), bare()) for _ in range(repeat)]
    best_interp, best_bare = (min(r[i] for r in rounds) for i in (0, 1))
    ratio = statistics.median(i / b for i, b in rounds)
    print(f"{name}: interpreter {best_interp * 1e6:9.1f} us/op   numpy {best_bare * 1e6:9.1f} us"
          f"   ratio {ratio:5.2f}")  # fmt: skip


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="rounds of each measurement")
    parser.add_argument("--count", type=int, default=200, help="ops per kernel")
    parser.add_argument("--smoke", action="store_true", help="2 ops, one round: does it run")
    args = parser.parse_args(argv)
    if args.smoke:
        args.repeat, args.count = 1, 2
    rng = np.random.default_rng(0)

    a, b = (rng.standard_normal((128, 128)).astype(np.float32) for _ in range(2))
    c = np.empty_like(a)
    tadd = kernel([VEC] * 3, f"pto.tadd ins(%a0, %a1 : {VEC}, {VEC}) outs(%a2 : {VEC})", args.count)
    bare = numpy_run(lambda: np.add(a, b, out=c), args.count)
    for pipes in (False, True):
        interp = interpreter_run(tadd, [a, b, c], args.count, pipes)
        compare(f"tadd 128x128 f32{PIPES[pipes]}", interp, bare, args.repeat)

    x = np.zeros((16, 128), np.float16)
    x[0] = rng.standard_normal(128)
    w = rng.standard_normal((128, 256)).astype(np.float16)
    bias = rng.standard_normal((1, 256)).astype(np.float32)
    acc = np.zeros((16, 256), np.float32)
    line = (f"pto.tgemv.bias ins(%a0, %a1, %a2 : {LEFT}, {RIGHT}, {BIAS}) "
            f"outs(%a3 : {ACC})")  # fmt: skip
    gemv_count = max(1, args.count // 10)
    gemv = kernel([LEFT, RIGHT, BIAS, ACC], line, gemv_count)
    interp = interpreter_run(gemv, [x, w, bias, acc], gemv_count, False)
    x32, w32 = x[0].astype(np.float32), w.astype(np.float32)

    def ordered() -> np.ndarray:
        total = np.zeros(256, np.float32)
        for k in range(128):
            total = total + x32[k] * w32[k]
        return total + bias[0]

    compare("tgemv.bias 1x128.128x256 f16->f32 (k-ordered f32 sum)", interp,
            numpy_run(ordered, 5), args.repeat)  # fmt: skip


if __name__ == "__main__":
    main()
