"""Interpreter cost per tile op next to the bare numpy computation.

    python benchmarks/interp_tile.py [--repeat N]

Prints, for a 128x128 f32 `pto.tadd` and a 1x256 . 256x256 f16 -> f32 `pto.tgemv.bias`,
the interpreter's time per op (through xDSL's interpreter, dispatch included), the time of
the same computation in bare numpy, and their ratio. The tile semantics are measured alone
(`pto-run --semantics-only`); the tadd is also measured with the pipe model (hazard
detection and cycle accounting, pto-run's default).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import Builtin
from xdsl.dialects.func import Func, FuncOp
from xdsl.interpreters.func import FuncFunctions
from xdsl.parser import Parser

from interpreters.machine import Machine
from interpreters.pipes import UntrackedPipes
from interpreters.pto_interpreter import PtoInterpreter
from interpreters.registry import project_functions
from pto_dialect.dialect import PTO
from pto_dialect.targets import A5

VEC = "!pto.tile_buf<loc=vec, dtype=f32, rows=128, cols=128>"
LEFT = ("!pto.tile_buf<loc=left, dtype=f16, rows=16, cols=256, v_row=1, v_col=256, "
        "blayout=col_major, slayout=row_major>")  # fmt: skip
RIGHT = "!pto.tile_buf<loc=right, dtype=f16, rows=256, cols=256, slayout=col_major>"
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


def interpreter_time(
    source: str, arrays: list[np.ndarray], count: int, repeat: int, pipes: bool
) -> float:
    """Seconds per op of the kernel body, best of `repeat` runs (with the pipe model or not)."""
    ctx = Context()
    for dialect in (Builtin, Func, PTO):
        ctx.load_dialect(dialect)
    module = Parser(ctx, source).parse_module()
    module.verify()
    machine = Machine(A5) if pipes else Machine(A5, pipes=UntrackedPipes())
    interpreter = PtoInterpreter(module)
    interpreter.register_implementations(FuncFunctions())
    for functions in project_functions(machine):
        interpreter.register_implementations(functions)
    func = next(op for op in module.walk() if isinstance(op, FuncOp))
    tiles = []
    for array, type in zip(arrays, func.function_type.inputs.data, strict=True):
        tile = machine.tile_at(type, None, *type.valid_shape)  # type: ignore[attr-defined]
        tile.set(array)
        tiles.append(tile)
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        with np.errstate(all="ignore"):  # as pto-run runs kernels
            interpreter.call_op(func, tuple(tiles))
        best = min(best, time.perf_counter() - start)
    return best / count


def numpy_time(fn: Callable[[], object], repeat: int, inner: int = 50) -> float:
    best = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(inner):
            fn()
        best = min(best, (time.perf_counter() - start) / inner)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=30, help="runs; the best is kept")
    parser.add_argument("--count", type=int, default=200, help="ops per kernel")
    args = parser.parse_args()
    rng = np.random.default_rng(0)

    a, b = (rng.standard_normal((128, 128)).astype(np.float32) for _ in range(2))
    c = np.empty_like(a)
    tadd = kernel([VEC] * 3, f"pto.tadd ins(%a0, %a1 : {VEC}, {VEC}) outs(%a2 : {VEC})", args.count)
    bare = numpy_time(lambda: np.add(a, b, out=c), args.repeat)
    for pipes in (False, True):
        interp = interpreter_time(tadd, [a, b, c], args.count, args.repeat, pipes)
        report(f"tadd 128x128 f32{PIPES[pipes]}", interp, bare)

    x = np.zeros((16, 256), np.float16)
    x[0] = rng.standard_normal(256)
    w = rng.standard_normal((256, 256)).astype(np.float16)
    bias = rng.standard_normal((1, 256)).astype(np.float32)
    acc = np.zeros((16, 256), np.float32)
    line = (f"pto.tgemv.bias ins(%a0, %a1, %a2 : {LEFT}, {RIGHT}, {BIAS}) "
            f"outs(%a3 : {ACC})")  # fmt: skip
    gemv = kernel([LEFT, RIGHT, BIAS, ACC], line, max(1, args.count // 10))
    interp = interpreter_time(gemv, [x, w, bias, acc], max(1, args.count // 10), args.repeat, False)
    x32, w32 = x[0].astype(np.float32), w.astype(np.float32)

    def ordered() -> np.ndarray:
        total = np.zeros(256, np.float32)
        for k in range(256):
            total = total + x32[k] * w32[k]
        return total + bias[0]

    report("tgemv.bias 1x256.256x256 f16->f32 (k-ordered f32 sum)", interp,
           numpy_time(ordered, args.repeat, inner=5))  # fmt: skip


def report(name: str, interp: float, bare: float) -> None:
    print(f"{name}: interpreter {interp * 1e6:9.1f} us/op   numpy {bare * 1e6:9.1f} us   "
          f"ratio {interp / bare:5.2f}")  # fmt: skip


if __name__ == "__main__":
    main()
