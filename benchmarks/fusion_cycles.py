"""What pto-fuse and multi-buffering buy on the cycle model (issue 30's table), per target.

    python benchmarks/fusion_cycles.py [--examples softmax_ssa,tabs_ssa] [--tiles 64]

1. Every Level-1 example (`examples/*_ssa.mlir` with vector work): the V-pipe busy cycles of
   the tile-level kernel as written (the sum of its tile ops' library costs), of its
   `pto-pipeline{fuse=false}` output and of its `pto-pipeline` output (pto-fuse on), on
   a2a3 and a5; `same` says the three runs gave the same bytes. Goal: lowered <= tile.
2. The streaming row softmax (bench_kernels.streaming_softmax_kernel, 64 tiles of 64x128
   f32) after `pto-pipeline` with one slot and with two: total cycles against the pipe bound
   max(busy). Goal: <= 1.05 with two slots.
3. The 16-tile streaming add of 32x32 f32 written in DPS form
   (bench_kernels.streaming_kernel_dps: `pto.alloc_tile`s without addresses, no sync) with
   `multi-buffer=0, 2, 4, 8`: total cycles against the pipe bound (max busy: throughput
   alone) and against the stream bound, which adds the latencies: a tile's chain is its
   loads' MTE2 cycles, the GM start-up, a flag, its V cycles, a flag, the store's MTE3
   cycles and the GM start-up; each pipe's busy cycles come after the chain before its first
   tile and before the chain after its last; and a slot, busy for a round from its load's
   issue until the pipe that frees it is done (the input slot: loads, start-up, flag, V,
   flag; the output slot: V, flag, store, start-up, flag), takes `slots` tiles a round, so
   the last tile starts its chain after `ceil(tiles / slots) - 1` rounds. Per-tile cycles
   from the run's busy cycles; `cost_params.GM_STARTUP` and `FLAG_LATENCY`.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence
from math import ceil
from pathlib import Path

import numpy as np
from bench_kernels import streaming_kernel_dps, streaming_softmax_kernel
from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.parser import Parser

from interpreters.launching.args import declared_args
from interpreters.launching.execute import RunResult, retarget, run_function
from interpreters.machine.cost_params import FLAG_LATENCY, GM_STARTUP
from interpreters.machine.pipes import PipeModel
from passes.pipeline import PipelinePass
from pto_dialect.attrs import Pipe
from pto_dialect.dialect import PTO

EXAMPLES = Path(__file__).parents[1] / "examples"
TARGETS = ("a2a3", "a5")


def parse(kernel: str | ModuleOp, target: str | None = None) -> tuple[Context, ModuleOp]:
    """A context and the kernel as a module (text parsed; a built module as it is)."""
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    module = kernel if isinstance(kernel, ModuleOp) else Parser(ctx, kernel).parse_module()
    if target is not None:
        retarget(module, target)
    return ctx, module


def run(module: ModuleOp, args: Sequence[str]) -> RunResult:
    result = run_function(module, list(args))
    pipes = result.machine.pipes
    assert not pipes.hazards, [h.message for h in pipes.hazards]
    return result


def example_row(name: str, target: str) -> tuple[int, int, int, bool] | None:
    """(tile V cycles, unfused lowered, fused lowered, same bytes) of an example, or None
    when its tile-level kernel does no vector work."""
    text = (EXAMPLES / f"{name}.mlir").read_text()
    args = declared_args(text) or []
    results: list[RunResult] = []
    for fuse in (None, False, True):
        ctx, module = parse(text, target)
        if fuse is not None:
            PipelinePass(fuse=fuse).apply(ctx, module)
            module.verify()
        results.append(run(module, args))
    busy = [r.machine.pipes.busy.get(Pipe.V, 0) for r in results]
    if busy[0] == 0:
        return None
    arrays = [[a.view(np.uint8) for a in r.outputs() if a is not None] for r in results]
    same = all(
        len(x) == len(arrays[0])
        and all(np.array_equal(a, b) for a, b in zip(x, arrays[0], strict=True))
        for x in arrays[1:]
    )
    return busy[0], busy[1], busy[2], same


def streaming_pipes(
    make: Callable[[int, int, int, str], str | ModuleOp],
    target: str,
    size: tuple[int, int, int],
    slots: int,
    arrays: int,
) -> PipeModel:
    """The pipe model after a run of a streaming kernel of `size` (tiles, rows, cols) after
    `pto-pipeline{multi-buffer=slots}`; `arrays` inputs, one output."""
    tiles, rows, cols = size
    ctx, module = parse(make(tiles, rows, cols, target))
    PipelinePass(multi_buffer=slots).apply(ctx, module)
    module.verify()
    shape = f"{tiles * rows}x{cols}xf32"
    args = [f"rand:{shape}:{k + 1}" for k in range(arrays)] + [f"zeros:{shape}"]
    return run(module, args).machine.pipes


def streaming(
    make: Callable[[int, int, int, str], str | ModuleOp],
    target: str,
    size: tuple[int, int, int],
    slots: int,
    arrays: int,
) -> tuple[int, int]:
    """(total cycles, pipe bound) of `streaming_pipes`' run."""
    pipes = streaming_pipes(make, target, size, slots, arrays)
    return pipes.total_cycles, pipes.pipe_bound


def stream_bound(pipes: PipeModel, tiles: int, slots: int) -> int:
    """A lower bound of a load -> V -> store stream's cycles that counts its latencies
    (module docstring, 3.): the longer of each pipe's busy cycles with the chain before its
    first tile and after its last, and the slot rounds before the last tile's whole chain."""
    load, compute, store = (pipes.busy.get(p, 0) for p in (Pipe.MTE2, Pipe.V, Pipe.MTE3))
    m, v, s = load / tiles, compute / tiles, store / tiles
    g, f = GM_STARTUP, FLAG_LATENCY
    chain = m + g + f + v + f + s + g
    pipelined = max(
        load + chain - m, m + g + f + compute + f + s + g, m + g + f + v + f + store + g
    )
    slot_round = max(m + g + f + v + f, v + f + s + g + f)
    rounds = (ceil(tiles / max(slots, 1)) - 1) * slot_round + chain
    return ceil(max(pipelined, rounds))


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--examples", default=None, help="comma-separated (default: all)")
    parser.add_argument("--tiles", type=int, default=64, help="streaming softmax tiles")
    parser.add_argument("--smoke", action="store_true", help="one example, 2 tiles: does it run")
    args = parser.parse_args(argv)
    names = sorted(p.stem for p in EXAMPLES.glob("*_ssa.mlir"))
    if args.examples:
        names = args.examples.split(",")
    softmax, add = (args.tiles, 64, 128), (16, 32, 32)
    if args.smoke:
        names, softmax, add = ["tabs_ssa"], (2, 8, 128), (2, 8, 8)

    print("V busy cycles: tile level (library) -> pto-pipeline{fuse=false} -> pto-pipeline")
    print(f"{'example':22} " + " ".join(f"{t + ' tile -> unfused -> fused':>36}" for t in TARGETS))
    for name in names:
        cells: list[str] = []
        for target in TARGETS:
            row = example_row(name, target)
            if row is None:
                cells.append(f"{'(no vector work)':>36}")
                continue
            tile, unfused, fused, same = row
            mark = "" if same else " DIFF"
            cells.append(f"{tile:7,} -> {unfused:7,} -> {fused:7,} ({fused / tile:4.2f}x){mark}")
        print(f"{name:22} " + " ".join(f"{c:>36}" for c in cells))

    print(f"\nstreaming row softmax, {softmax[0]} tiles of {softmax[1]}x{softmax[2]} f32")
    print(f"{'target':7} {'slots':>5} {'cycles':>9} {'bound':>9} {'ratio':>6}")
    for target in TARGETS:
        for slots in (0, 2):
            total, bound = streaming(streaming_softmax_kernel, target, softmax, slots, 1)
            print(f"{target:7} {max(slots, 1):5} {total:9d} {bound:9d} {total / bound:6.3f}")

    print(f"\nDPS streaming add, {add[0]} tiles of {add[1]}x{add[2]} f32 (alloc_tile, no sync)")
    print(f"{'target':7} {'multi-buffer':>12} {'cycles':>9} {'bound':>9} {'ratio':>6} "
          f"{'stream bound':>12} {'ratio':>6}")  # fmt: skip
    for target in TARGETS:
        for slots in (0, 2) if args.smoke else (0, 2, 4, 8):
            pipes = streaming_pipes(streaming_kernel_dps, target, add, slots, 2)
            total, bound = pipes.total_cycles, pipes.pipe_bound
            slot = stream_bound(pipes, add[0], slots)
            print(f"{target:7} {slots:12} {total:9d} {bound:9d} {total / bound:6.3f} "
                  f"{slot:12d} {total / slot:6.3f}")  # fmt: skip


if __name__ == "__main__":
    main()
