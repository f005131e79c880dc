"""pto-plan-memory checked against an independent dynamic liveness and the interpreter.

Generated DPS kernels (buffers declared in the function, loop bodies and branches; loads,
stores, tabs and tadd on 8x8 and 16x8 f32 tiles; constant and run-time loops, scf.if) are
planned on every target. The kernel's execution is expanded by hand (every run of a block
makes fresh instances of its buffers) to find, for each buffer instance, the first and
last op that touches it: two instances whose intervals overlap must get disjoint bytes.
Addresses must be aligned and within the capacity, the outputs of the planned kernel must
be those of the unplanned one (fresh buffers) byte for byte, and a second run of the pass
must change nothing.
"""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from support import context, parse_kernel
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IntegerAttr, ModuleOp

from interpreters.launching.execute import RunResult, run_function
from interpreters.machine.pipes import UntrackedPipes
from passes.insert_sync.insert import InsertSyncPass
from passes.plan_memory import PlanMemoryPass
from pto_dialect.attrs import Location
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.targets import profile

TARGETS = ("a2a3", "a5", "cpu")
CONFIGS = ((0, False), (2, True))
"""Run-time trip counts and branch conditions every generated kernel runs with."""

FILECHECK = Path(__file__).parents[1] / "filecheck" / "passes"
EXAMPLES = Path(__file__).parents[2] / "examples"


def planned(text: str) -> ModuleOp:
    module = parse_kernel(text)
    PlanMemoryPass().apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    return module


def same_outputs(got: RunResult, want: RunResult) -> bool:
    pairs = zip(got.outputs(), want.outputs(), strict=True)
    return all(
        (a is None) == (b is None)
        and (a is None or b is None or np.array_equal(a.view(np.uint8), b.view(np.uint8)))
        for a, b in pairs
    )


def addresses(module: ModuleOp) -> dict[str, int]:
    found: dict[str, int] = {}
    for op in module.walk():
        if isinstance(op, AllocTileOp):
            address = op.address
            assert address is not None, "an alloc_tile was left unplanned"
            assert op.result.name_hint is not None
            found[op.result.name_hint] = address
    return found


# ---- generated kernels -------------------------------------------------------------------

ROWS = (8, 16)
"""Tile rows: an 8x8 f32 tile (256 bytes, a GM half) or a 16x8 one (512 bytes, all of it)."""


def tile(rows: int) -> str:
    return f"!pto.tile_buf<loc=vec, dtype=f32, rows={rows}, cols=8>"


def view(rows: int) -> str:
    return f"!pto.partition_tensor_view<{rows}x8xf32>"


@dataclass(frozen=True)
class Leaf:
    kind: str  # load, store, abs, add
    rows: int
    buffers: tuple[str, ...]  # sources first, the destination last
    window: str = ""


@dataclass(frozen=True)
class Body:
    buffers: tuple[tuple[str, int], ...]  # (name, rows) declared at the start of the block
    items: tuple[Leaf | Nest, ...]


@dataclass(frozen=True)
class Nest:
    kind: str  # loop (2 trips), dynloop (%n trips), if
    body: Body
    orelse: Body | None = None


def windows(rows: int, outputs: bool) -> list[str]:
    args = ["out"] if outputs else ["in0", "in1", "out"]
    if rows == 16:
        return [f"{a}_all" for a in args]
    return [f"{a}_{half}" for a in args for half in ("top", "bottom")]


@st.composite
def leaves(draw: st.DrawFn, scope: list[tuple[str, int]], local: list[tuple[str, int]],
           names: itertools.count[int]) -> Leaf:  # fmt: skip
    """An op on buffers of `scope`; its destination is often a new buffer of the block
    (appended to `local` and `scope`), so that buffers die and their bytes get reused."""
    kind = draw(st.sampled_from(["load", "store", "abs", "add"] if scope else ["load"]))
    rows = draw(st.sampled_from(ROWS if kind == "load" else sorted({r for _, r in scope})))
    same = [name for name, r in scope if r == rows]
    sources = tuple(draw(st.sampled_from(same)) for _ in range({"abs": 1, "add": 2}.get(kind, 0)))
    if kind == "store":
        window = draw(st.sampled_from(windows(rows, True)))
        return Leaf(kind, rows, (draw(st.sampled_from(same)),), window)
    if not same or draw(st.booleans()):
        fresh = (f"b{next(names)}", rows)
        local.append(fresh)
        scope.append(fresh)
        dst = fresh[0]
    else:
        dst = draw(st.sampled_from(same))
    window = draw(st.sampled_from(windows(rows, False))) if kind == "load" else ""
    return Leaf(kind, rows, (*sources, dst), window)


@st.composite
def bodies(
    draw: st.DrawFn, visible: list[tuple[str, int]], in_loop: bool, depth: int,
    names: itertools.count[int],
) -> Body:  # fmt: skip
    """A block with its own buffers: some declared up front (in a loop each is loaded
    first, directly or in both branches of an scf.if: see the stale-read diagnostic of
    plan_memory_invalid.mlir), others created as the destination of an op."""
    local = [(f"b{next(names)}", draw(st.sampled_from(ROWS)))
             for _ in range(draw(st.integers(0, 2)))]  # fmt: skip
    scope = [*visible, *local]
    items: list[Leaf | Nest] = []
    for name, rows in local if in_loop else ():
        first, second = (Leaf("load", rows, (name,), w) for w in windows(rows, False)[:2])
        both = Nest("if", Body((), (first,)), Body((), (second,)))
        items.append(both if draw(st.booleans()) else first)
    for _ in range(draw(st.integers(1, 6))):
        if depth > 0 and draw(st.integers(0, 3)) == 0:
            kind = draw(st.sampled_from(["loop", "dynloop", "if"]))
            looped = in_loop or kind != "if"
            body = draw(bodies(scope, looped, depth - 1, names))
            orelse = None
            if kind == "if" and draw(st.booleans()):
                orelse = draw(bodies(scope, looped, depth - 1, names))
            items.append(Nest(kind, body, orelse))
        else:
            items.append(draw(leaves(scope, local, names)))
    return Body(tuple(local), tuple(items))


@st.composite
def kernels(draw: st.DrawFn) -> Body:
    return draw(bodies([], False, 2, itertools.count()))


_HEADER = """builtin.module attributes {{pto.target_arch = "{target}"}} {{
  func.func @kernel(%in0: !pto.ptr<f32>, %in1: !pto.ptr<f32>, %out: !pto.ptr<f32>,
                    %n: index, %cond: i1) {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
"""


def kernel_text(kernel: Body, target: str) -> str:
    lines = [_HEADER.format(target=target)]
    for arg in ("in0", "in1", "out"):
        lines.append(f"    %v_{arg} = pto.make_tensor_view %{arg}, shape = [%c16, %c8], "
                     "strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>\n")  # fmt: skip
        for name, offset, rows in (("top", "%c0", 8), ("bottom", "%c8", 8), ("all", "%c0", 16)):
            lines.append(f"    %{arg}_{name} = pto.partition_view %v_{arg}, offsets = [{offset}, "
                         f"%c0], sizes = [%c{rows}, %c8] : !pto.tensor_view<?x?xf32> -> "
                         f"{view(rows)}\n")  # fmt: skip
    lines.append(_emit(kernel, "    "))
    lines.append("    func.return\n  }\n}\n")
    return "".join(lines)


def _emit(body: Body, indent: str) -> str:
    text = "".join(f"{indent}%{n} = pto.alloc_tile : {tile(r)}\n" for n, r in body.buffers)
    for item in body.items:
        if isinstance(item, Nest):
            bound = "%c2" if item.kind == "loop" else "%n"
            head = (
                "scf.if %cond {"
                if item.kind == "if"
                else f"scf.for %i{len(indent)} = %c0 to {bound} step %c1 {{"
            )
            text += f"{indent}{head}\n{_emit(item.body, indent + '  ')}"
            if item.orelse is not None:
                text += f"{indent}}} else {{\n{_emit(item.orelse, indent + '  ')}"
            text += f"{indent}}}\n"
            continue
        text += f"{indent}{_leaf(item)}\n"
    return text


def _leaf(leaf: Leaf) -> str:
    t, v, b = tile(leaf.rows), view(leaf.rows), leaf.buffers
    if leaf.kind == "load":
        return f"pto.tload ins(%{leaf.window} : {v}) outs(%{b[0]} : {t})"
    if leaf.kind == "store":
        return f"pto.tstore ins(%{b[0]} : {t}) outs(%{leaf.window} : {v})"
    if leaf.kind == "abs":
        return f"pto.tabs ins(%{b[0]} : {t}) outs(%{b[1]} : {t})"
    return f"pto.tadd ins(%{b[0]}, %{b[1]} : {t}, {t}) outs(%{b[2]} : {t})"


def kernel_args(n: int, cond: bool) -> list[str]:
    return ["rand:16x8xf32:1", "rand:16x8xf32:2", "zeros:16x8xf32", f"{n}:index",
            f"{int(cond)}:i1"]  # fmt: skip


# ---- the independent liveness: the kernel's execution, expanded ----------------------------


@dataclass
class Instance:
    name: str
    size: int
    first: int = -1
    last: int = -1


def live_instances(kernel: Body, n: int, cond: bool) -> list[Instance]:
    """Every buffer instance the run creates, with the steps of its first and last access."""
    instances: list[Instance] = []
    clock = itertools.count()

    def run(body: Body, outer: dict[str, Instance]) -> None:
        env = dict(outer)
        for name, rows in body.buffers:
            env[name] = Instance(name, rows * 8 * 4)
            instances.append(env[name])
        for item in body.items:
            if isinstance(item, Leaf):
                step = next(clock)
                for name in item.buffers:
                    inst = env[name]
                    inst.first = step if inst.first < 0 else inst.first
                    inst.last = step
            elif item.kind == "if":
                chosen = item.body if cond else item.orelse
                if chosen is not None:
                    run(chosen, env)
            else:
                for _ in range(2 if item.kind == "loop" else n):
                    run(item.body, env)

    run(kernel, {})
    return [i for i in instances if i.first >= 0]


def check_plan(kernel: Body, module: ModuleOp, target: str) -> None:
    placed = addresses(module)
    capacity = profile(target).capacities[Location.VEC]
    sizes = {name: rows * 8 * 4 for name, rows in _all_buffers(kernel)}
    assert placed.keys() == sizes.keys()
    for name, address in placed.items():
        assert address % 32 == 0 and address >= 0 and address + sizes[name] <= capacity, name
    for n, cond in CONFIGS:
        live = live_instances(kernel, n, cond)
        for a, b in itertools.combinations(live, 2):
            if a.first <= b.last and b.first <= a.last:
                lo_a, lo_b = placed[a.name], placed[b.name]
                assert lo_a + a.size <= lo_b or lo_b + b.size <= lo_a, (
                    f"{a.name} and {b.name} are live together but share bytes"
                )


def _all_buffers(body: Body) -> list[tuple[str, int]]:
    found = list(body.buffers)
    for item in body.items:
        if isinstance(item, Nest):
            found += _all_buffers(item.body)
            if item.orelse is not None:
                found += _all_buffers(item.orelse)
    return found


@settings(max_examples=20, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernel=kernels())
def test_generated_kernels_plan_safely_and_exactly(kernel: Body):
    for target in TARGETS:
        text = kernel_text(kernel, target)
        module = planned(text)
        check_plan(kernel, module, target)
        printed = str(module)
        for n, cond in CONFIGS:
            args = kernel_args(n, cond)
            before = run_function(parse_kernel(text), args, pipes=UntrackedPipes())
            after = run_function(module, args, pipes=UntrackedPipes())
            assert same_outputs(after, before), f"outputs differ (n={n}, cond={cond})"
        again = parse_kernel(printed)
        PlanMemoryPass().apply(context(arith.Arith, scf.Scf), again)
        assert str(again) == printed, "a second run changed the kernel"


@settings(max_examples=15, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(kernel=kernels(), data=st.data())
def test_replanning_keeps_given_addresses_and_plans_around_them(kernel: Body, data: st.DataObject):
    """Planned, then some addresses dropped and planned again: the kept ones stay, and the
    plan is still safe and exact."""
    text = kernel_text(kernel, "a2a3")
    first = planned(text)
    names = sorted(addresses(first))
    dropped = data.draw(st.sets(st.sampled_from(names))) if names else set[str]()
    partial = str(first)
    for name in dropped:
        partial = partial.replace(f"addr = %{name}_addr ", "")
    module = planned(partial)
    check_plan(kernel, module, "a2a3")
    kept = {n: a for n, a in addresses(first).items() if n not in dropped}
    assert {n: a for n, a in addresses(module).items() if n not in dropped} == kept
    for n, cond in CONFIGS:
        args = kernel_args(n, cond)
        before = run_function(parse_kernel(text), args, pipes=UntrackedPipes())
        after = run_function(module, args, pipes=UntrackedPipes())
        assert same_outputs(after, before), f"outputs differ (n={n}, cond={cond})"


def test_liveness_reference_sees_loop_instances():
    """The reference the property test relies on: a body buffer is a new instance per run."""
    body = Body((("b1", 8),), (Leaf("load", 8, ("b1",), "in0_top"),))
    kernel = Body((("b0", 8),), (Leaf("load", 8, ("b0",), "in0_top"), Nest("dynloop", body),
                                 Leaf("store", 8, ("b0",), "out_top")))  # fmt: skip
    live = live_instances(kernel, 3, False)
    assert [(i.name, i.first, i.last) for i in live] == [
        ("b0", 0, 4), ("b1", 1, 1), ("b1", 2, 2), ("b1", 3, 3),
    ]  # fmt: skip


def test_reused_bytes_are_caught_by_the_reference():
    """Two buffers live together at one address: the check must fail."""
    kernel = Body((("b0", 8), ("b1", 8)), (
        Leaf("load", 8, ("b0",), "in0_top"), Leaf("load", 8, ("b1",), "in1_top"),
        Leaf("add", 8, ("b0", "b1", "b1")), Leaf("store", 8, ("b1",), "out_top"),
    ))  # fmt: skip
    module = planned(kernel_text(kernel, "a5"))
    check_plan(kernel, module, "a5")
    for op in module.walk():
        if isinstance(op, AllocTileOp) and op.result.name_hint == "b1":
            assert op.addr is not None
            owner = op.addr.owner
            assert isinstance(owner, arith.ConstantOp)
            owner.properties["value"] = IntegerAttr(0, 64)
    with pytest.raises(AssertionError, match="live together"):
        check_plan(kernel, module, "a5")


def test_fresh_buffers_read_zeros_after_planning():
    """A buffer read before any write keeps bytes of its own: a dead buffer's data would
    otherwise show through (b1 would read b0's load)."""
    kernel = Body((("b0", 8), ("b1", 8), ("b2", 8)), (
        Leaf("load", 8, ("b0",), "in0_top"), Leaf("store", 8, ("b0",), "out_top"),
        Leaf("abs", 8, ("b1", "b2")), Leaf("store", 8, ("b2",), "out_bottom"),
    ))  # fmt: skip
    for target in TARGETS:
        text = kernel_text(kernel, target)
        module = planned(text)
        assert addresses(module) == {"b0": 256, "b1": 0, "b2": 256}
        after = run_function(module, kernel_args(0, False), pipes=UntrackedPipes())
        out = after.outputs()[2]
        assert out is not None
        assert not out[8:].any(), "b2 = |b1| must be zeros"
        before = run_function(parse_kernel(text), kernel_args(0, False), pipes=UntrackedPipes())
        assert same_outputs(after, before)


# ---- hand-written kernels --------------------------------------------------------------------


def split(path: Path, label: str) -> str:
    return next(c for c in path.read_text().split("// -----") if f"func.func @{label}(" in c)


@pytest.mark.parametrize("target", TARGETS)
def test_matmul_kernel_of_every_location(target: str):
    text = split(FILECHECK / "plan_memory.mlir", "matmul").replace('"a5"', f'"{target}"')
    module = planned(text)
    args = ["rand:16x32xf16:1", "rand:32x16xf16:2", "rand:1x16xf32:3", "zeros:16x16xf32"]
    before = run_function(parse_kernel(text), args, pipes=UntrackedPipes())
    after = run_function(module, args, pipes=UntrackedPipes())
    assert same_outputs(after, before)
    out = after.outputs()[3]
    assert out is not None and out.any()


@pytest.mark.parametrize("target", TARGETS)
def test_synchronised_example_keeps_outputs_and_stays_hazard_free(target: str):
    text = (EXAMPLES / "tcolmin.mlir").read_text().replace('"a5"', f'"{target}"')
    args = ["rand:16x32xf32:1", "zeros:1x32xf32"]
    before = run_function(parse_kernel(text), args)
    after = run_function(planned(text), args)
    assert before.hazards == [] and after.hazards == []
    assert same_outputs(after, before)


_TWO_ROUNDS = (
    """builtin.module attributes {pto.target_arch = "TARGET"} {
  func.func @two_rounds(%src: !pto.ptr<f32>, %dst: !pto.ptr<f32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %vs = pto.make_tensor_view %src, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %vd = pto.make_tensor_view %dst, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %s0 = pto.partition_view %vs, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %s1 = pto.partition_view %vs, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %d0 = pto.partition_view %vd, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %d1 = pto.partition_view %vd, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %in0 = pto.alloc_tile : !t
    %out0 = pto.alloc_tile : !t
    %in1 = pto.alloc_tile : !t
    %out1 = pto.alloc_tile : !t
    pto.tload ins(%s0 : !pv) outs(%in0 : !t)
    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID0>]
    pto.tabs ins(%in0 : !t) outs(%out0 : !t)
    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID0>]
    pto.tstore ins(%out0 : !t) outs(%d0 : !pv)
    pto.tload ins(%s1 : !pv) outs(%in1 : !t)
    pto.set_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]
    pto.wait_flag[<PIPE_MTE2>, <PIPE_V>, <EVENT_ID1>]
    pto.tabs ins(%in1 : !t) outs(%out1 : !t)
    pto.set_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
    pto.wait_flag[<PIPE_V>, <PIPE_MTE3>, <EVENT_ID1>]
    pto.tstore ins(%out1 : !t) outs(%d1 : !pv)
    func.return
  }
}
""".replace("!tv", "!pto.tensor_view<?x?xf32>")
    .replace("!pv", "!pto.partition_tensor_view<8x8xf32>")
    .replace("!t", "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>")
)


@pytest.mark.parametrize("target", TARGETS)
def test_reuse_adds_dependences_that_insert_sync_orders(target: str):
    """Hand-written flags order the buffers as they were; reuse adds dependences (round 2
    loads into round 1's dead input while tabs may still read it), which pto-insert-sync,
    run after the planner as in pto-pipeline, completes."""
    text = _TWO_ROUNDS.replace("TARGET", target)
    args = ["rand:16x8xf32:1", "zeros:16x8xf32"]
    before = run_function(parse_kernel(text), args)
    assert before.hazards == []
    module = planned(text)
    assert addresses(module) == {"in0": 0, "out0": 256, "in1": 0, "out1": 256}
    assert {h.kind for h in run_function(module, args).hazards} == {"WAR"}
    InsertSyncPass().apply(context(arith.Arith, scf.Scf), module)
    module.verify()
    after = run_function(module, args)
    assert after.hazards == []
    assert same_outputs(after, before)


def test_long_chain_reuses_two_slots():
    """A chain of 400 buffers, each dead once the next is written, needs two slots."""
    t = tile(8)
    count = 400
    lines = [_HEADER.format(target="a2a3"), "    %v = pto.make_tensor_view %in0, shape = "
             "[%c8, %c8], strides = [%c8, %c1] : !pto.tensor_view<?x?xf32>\n",
             "    %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c8] : "
             f"!pto.tensor_view<?x?xf32> -> {view(8)}\n"]  # fmt: skip
    lines += [f"    %b{i} = pto.alloc_tile : {t}\n" for i in range(count)]
    lines.append(f"    pto.tload ins(%p : {view(8)}) outs(%b0 : {t})\n")
    lines += [f"    pto.tabs ins(%b{i} : {t}) outs(%b{i + 1} : {t})\n" for i in range(count - 1)]
    lines.append(f"    pto.tstore ins(%b{count - 1} : {t}) outs(%p : {view(8)})\n")
    lines.append("    func.return\n  }\n}\n")
    placed = addresses(planned("".join(lines)))
    assert placed == {f"b{i}": 256 * (i % 2) for i in range(count)}
