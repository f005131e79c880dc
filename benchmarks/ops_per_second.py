"""Executed ops per second: pto-run on a lowered kernel against xDSL's own interpreter.

    python benchmarks/ops_per_second.py [--tiles 64] [--iterations 20000] [--rounds 5]

Side 1: pto-run (pipe model on, its default) runs the streaming kernel of
benchmarks/streaming_cycles.py lowered by `pto-pipeline{target=a5}`: vector micro-ops
(vlds, vadd, vsts, plt), DMA, flags and the scf/arith loop code around them. Side 2: xDSL's
stock `Interpreter` with its arith, scf and func implementations runs an scf.for loop of
arith ops (integer adds, multiplies and a compare). Each side's rate is executed ops per
second; the two run alternately, and the script prints the median rate of each and the
median of the rounds' ratios pto-run / xDSL (target >= 1.0: xDSL's rate).
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Sequence
from statistics import median

from bench_kernels import streaming_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter
from xdsl.interpreters.arith import ArithFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.interpreters.scf import ScfFunctions
from xdsl.parser import Parser

from interpreters.launching.execute import run_function
from passes.pipeline import PipelinePass
from pto_dialect.dialect import PTO

BODY_OPS = 6
"""Ops per iteration of the arith loop below, its scf.yield included."""

ARITH_LOOP = """builtin.module {
  func.func @loop(%n: index) -> i64 {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant 1 : i64
    %three = arith.constant 3 : i64
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %one) -> (i64) {
      %a = arith.addi %acc, %three : i64
      %b = arith.muli %a, %three : i64
      %c = arith.subi %b, %acc : i64
      %lt = arith.cmpi slt, %c, %a : i64
      %d = arith.select %lt, %a, %c : i64
      scf.yield %d : i64
    }
    func.return %r : i64
  }
}
"""


def context() -> Context:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    return ctx


def pto_rate(module: ModuleOp, tiles: int) -> float:
    shape = f"{tiles * 32}x32xf32"
    specs = [f"rand:{shape}:1", f"rand:{shape}:2", f"zeros:{shape}"]
    start = time.perf_counter()
    result = run_function(module, specs)
    elapsed = time.perf_counter() - start
    return sum(result.machine.op_counts.values()) / elapsed


def xdsl_rate(module: ModuleOp, iterations: int) -> float:
    interpreter = Interpreter(module)
    for functions in (ArithFunctions(), ScfFunctions(), FuncFunctions()):
        interpreter.register_implementations(functions)
    loop = next(op for op in module.walk() if isinstance(op, FuncOp))
    start = time.perf_counter()
    interpreter.call_op(loop, (iterations,))
    elapsed = time.perf_counter() - start
    return (iterations * BODY_OPS + 6) / elapsed  # + 4 constants, the loop, the return


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--tiles", type=int, default=64)
    parser.add_argument("--iterations", type=int, default=20000)
    parser.add_argument("--rounds", type=int, default=5)
    parser.add_argument("--smoke", action="store_true", help="tiny sizes, one round")
    args = parser.parse_args(argv)
    if args.smoke:
        args.tiles, args.iterations, args.rounds = 2, 200, 1
    ctx = context()
    kernel = streaming_kernel(args.tiles, 32, 32, "a5")
    PipelinePass().apply(ctx, kernel)
    loop = Parser(context(), ARITH_LOOP).parse_module()
    rounds = [(pto_rate(kernel, args.tiles), xdsl_rate(loop, args.iterations))
              for _ in range(args.rounds)]  # fmt: skip
    ours, theirs = median(r[0] for r in rounds), median(r[1] for r in rounds)
    print(f"pto-run, lowered streaming kernel ({args.tiles} tiles): {ours:9.0f} ops/s")
    print(f"xDSL interpreter, arith/scf loop ({args.iterations} iterations): {theirs:9.0f} ops/s")
    print(f"ratio pto-run / xDSL: {median(a / b for a, b in rounds):.2f} (median of the rounds)")


if __name__ == "__main__":
    main()
