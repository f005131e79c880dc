"""Whole kernels against published figures: hw-native-sys/PTOAS#1569.

    python benchmarks/whole_kernels.py [--smoke]

The issue's workload (a2a3): `y = (x + z) + 1` over 64 tiles of 1x1024 f32, 3 rotating UB
slots for x and 3 for z (24 KiB), the sum written in place into the x slot (`tadd`, then
`tadds`, then `tstore` from it), loads issued 2 tiles ahead. Three variants, rebuilt from
the thread's description, each a straight-line a2a3 kernel pto-run runs as written:

- `auto-sync`: PTOAS v0.63's output, whose event allocation falls back to two
  `pipe_barrier(PIPE_ALL)` per steady-state iteration: the thread's groups 6 (V -> MTE2,
  before the z load) and 11 (MTE2 -> V, before the `tadds`), the other groups flags
  (published 74,909 simulator cycles);
- `unrolled`: the 3-way unroll, each tile loaded right before its compute, with the
  hand-sync flags (published 19,064);
- `hand-sync`: the manual reference, the 2-ahead preload over the same rotating slots; per
  slot MTE2 -> V for x and for z, V -> MTE2 (z read by the add), V -> MTE3 (x written) and
  MTE3 -> MTE2 (x stored), as the thread's event table (published 18,831).

The script prints the model's cycles against the published ones, and the ratios between
the variants against the published ratios. `--smoke`: 4 tiles, no comparison.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable, Sequence

from xdsl.context import Context
from xdsl.dialects import arith, builtin, func, scf

from interpreters.engine.source import parse_module
from interpreters.launching.execute import run_function
from pto_dialect.dialect import PTO

SLOTS = 3
PREFETCH = 2
WIDTH = 1024
SLOT_BYTES = WIDTH * 4
PUBLISHED = {"auto-sync": 74_909, "unrolled": 19_064, "hand-sync": 18_831}
"""hw-native-sys/PTOAS#1569 (2026-09-21): simulator cycles of the three variants."""

TILE = f"!pto.tile_buf<loc=vec, dtype=f32, rows=1, cols={WIDTH}, v_row=?, v_col=?>"
VIEW = f"!pto.partition_tensor_view<1x{WIDTH}xf32>"


def _flag(kind: str, src: str, dst: str, event: int) -> str:
    return (f"    pto.{kind}[#pto.pipe<PIPE_{src}>, #pto.pipe<PIPE_{dst}>, "
            f"#pto.event<EVENT_ID{event}>]\n")  # fmt: skip


class Kernel:
    """The text of one variant over `tiles` tiles: the ops of each step of the workload."""

    def __init__(self, tiles: int) -> None:
        self.tiles = tiles
        self.body: list[str] = []

    def load_one(self, name: str, i: int) -> None:
        self.body.append(
            f"    pto.tload ins(%p{name}{i} : {VIEW}) outs(%{name}{i % SLOTS} : {TILE})\n"
        )

    def add(self, i: int) -> None:
        s = i % SLOTS
        self.body.append(f"    pto.tadd ins(%x{s}, %z{s} : {TILE}, {TILE}) outs(%x{s} : {TILE})\n")

    def adds(self, i: int) -> None:
        s = i % SLOTS
        self.body.append(f"    pto.tadds ins(%x{s}, %one : {TILE}, f32) outs(%x{s} : {TILE})\n")

    def store(self, i: int) -> None:
        self.body.append(f"    pto.tstore ins(%x{i % SLOTS} : {TILE}) outs(%py{i} : {VIEW})\n")

    def sync(self, kind: str, src: str, dst: str, event: int) -> None:
        self.body.append(_flag(kind, src, dst, event))

    def barrier(self, pipe: str) -> None:
        self.body.append(f"    pto.barrier #pto.pipe<PIPE_{pipe}>\n")

    def text(self) -> str:
        n = self.tiles
        head = [
            'builtin.module attributes {pto.target_arch = "a2a3"} {\n',
            "  func.func @k(%x: !pto.ptr<f32>, %z: !pto.ptr<f32>, %y: !pto.ptr<f32>) {\n",
            "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n",
            f"    %cw = arith.constant {WIDTH} : index\n    %cn = arith.constant {n} : index\n",
            "    %one = arith.constant 1.0 : f32\n",
        ]
        for name in ("x", "z", "y"):
            head.append(
                f"    %v{name} = pto.make_tensor_view %{name}, shape = [%cn, %cw], strides = "
                f"[%cw, %c1] : !pto.tensor_view<?x?xf32>\n"
            )
        for i in range(n):
            head.append(f"    %r{i} = arith.constant {i} : index\n")
            for name in ("x", "z", "y"):
                head.append(
                    f"    %p{name}{i} = pto.partition_view %v{name}, offsets = [%r{i}, %c0], "
                    f"sizes = [%c1, %cw] : !pto.tensor_view<?x?xf32> -> {VIEW}\n"
                )
        for s in range(SLOTS):
            for k, name in enumerate(("x", "z")):
                addr = (k * SLOTS + s) * SLOT_BYTES
                head.append(
                    f"    %a{name}{s} = arith.constant {addr} : i64\n"
                    f"    %{name}{s} = pto.alloc_tile addr = %a{name}{s} valid_row = %c1 "
                    f"valid_col = %cw : {TILE}\n"
                )
        return "".join(head + self.body) + "    func.return\n  }\n}\n"


def _load(k: Kernel, i: int, tiles: int, between: str = "") -> None:
    """Tile `i`'s loads into its slot s, each announced to V on its own event (x: s, z:
    3 + s); the slot's previous tile must have been stored (x, MTE3 -> MTE2 s) and added
    (z, V -> MTE2 s). `between`: what the auto-sync output has in place of the z wait."""
    s = i % SLOTS
    if i >= SLOTS:
        k.sync("wait_flag", "MTE3", "MTE2", s)
    k.load_one("x", i)
    k.sync("set_flag", "MTE2", "V", s)
    if between:
        k.body.append(between)
    elif i >= SLOTS:
        k.sync("wait_flag", "V", "MTE2", s)
    k.load_one("z", i)
    k.sync("set_flag", "MTE2", "V", SLOTS + s)


def _compute_and_store(k: Kernel, i: int, tiles: int, before_adds: str = "") -> None:
    """Tile `i` once its loads are issued: wait for them, add (then release z's slot, a flag
    the auto-sync output drops for its barrier), add 1, store (then release x's slot) to
    the loads of tile i + SLOTS. `before_adds`: the auto-sync output's barrier."""
    s = i % SLOTS
    again = i + SLOTS < tiles
    k.sync("wait_flag", "MTE2", "V", s)
    k.sync("wait_flag", "MTE2", "V", SLOTS + s)
    k.add(i)
    if again and not before_adds:
        k.sync("set_flag", "V", "MTE2", s)
    k.barrier("V")
    k.body.append(before_adds)
    k.adds(i)
    k.sync("set_flag", "V", "MTE3", s)
    k.sync("wait_flag", "V", "MTE3", s)
    k.store(i)
    if again:
        k.sync("set_flag", "MTE3", "MTE2", s)


def hand_sync(tiles: int) -> str:
    """The manual reference: loads 2 tiles ahead over the rotating slots; per slot MTE2 -> V
    for x and for z, V -> MTE2 (z read by the add), V -> MTE3 (x written), MTE3 -> MTE2
    (x stored)."""
    k = Kernel(tiles)
    for i in range(min(PREFETCH, tiles)):
        _load(k, i, tiles)
    for i in range(tiles):
        if i + PREFETCH < tiles:
            _load(k, i + PREFETCH, tiles)
        _compute_and_store(k, i, tiles)
    return k.text()


def unrolled(tiles: int) -> str:
    """The 3-way unroll: each tile's loads right before its compute, the same flags."""
    k = Kernel(tiles)
    for i in range(tiles):
        _load(k, i, tiles)
        _compute_and_store(k, i, tiles)
    return k.text()


def auto_sync(tiles: int) -> str:
    """The hand-sync schedule as PTOAS v0.63 synchronises it: the thread's groups 6 (V ->
    MTE2 before the z load) and 11 (MTE2 -> V before the tadds) fall back to PIPE_ALL
    barriers; the other groups stay flags (their transitively covered duplicates add no
    wait of their own and are left out)."""
    k = Kernel(tiles)
    barrier = "    pto.barrier #pto.pipe<PIPE_ALL>\n"
    for i in range(min(PREFETCH, tiles)):
        _load(k, i, tiles)
    for i in range(tiles):
        if i + PREFETCH < tiles:
            _load(k, i + PREFETCH, tiles, barrier)
        _compute_and_store(k, i, tiles, barrier)
    return k.text()


VARIANTS: dict[str, Callable[[int], str]] = {
    "auto-sync": auto_sync,
    "unrolled": unrolled,
    "hand-sync": hand_sync,
}


def model_cycles(text: str, tiles: int) -> int:
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, arith.Arith, scf.Scf, PTO):
        ctx.load_dialect(dialect)
    module = parse_module(ctx, text, "whole_kernels")
    shape = f"{tiles}x{WIDTH}xf32"
    result = run_function(module, [f"rand:{shape}:1", f"rand:{shape}:2", f"zeros:{shape}"])
    pipes = result.machine.pipes
    assert not pipes.hazards, [h.message for h in pipes.hazards]
    return pipes.total_cycles


def main(argv: Sequence[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--smoke", action="store_true", help="4 tiles: does it run")
    args = parser.parse_args(argv)
    tiles = 4 if args.smoke else 64
    model = {name: model_cycles(make(tiles), tiles) for name, make in VARIANTS.items()}
    print(f"PTOAS#1569 y = (x + z) + 1, {tiles} tiles of 1x{WIDTH} f32, 3 slots (a2a3)")
    print(f"{'variant':<10} {'model':>8} {'published':>10} {'ratio':>6}")
    for name, cycles in model.items():
        published = PUBLISHED[name] if not args.smoke else None
        ratio = f"{cycles / published:6.2f}" if published else "     -"
        print(f"{name:<10} {cycles:>8,} {published or '-':>10} {ratio}")
    print(f"{'between':<10} {'model':>8} {'published':>10} {'ratio':>6}")
    for a, b in (("auto-sync", "hand-sync"), ("unrolled", "hand-sync")):
        ours = model[a] / model[b]
        theirs = PUBLISHED[a] / PUBLISHED[b]
        print(f"{a + '/' + b[:4]:<10} {ours:8.2f} {theirs:10.2f} {ours / theirs:6.2f}")


if __name__ == "__main__":
    main()
