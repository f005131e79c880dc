"""Random PTO kernels for property tests: hypothesis strategies that write kernel text.

`dps_kernels()` writes Level-2 kernels (DPS tile ops on planned UB buffers, no sync) over a
small pool of reused buffers, with loops (constant and run-time trip counts) and `scf.if`,
so that every kind of cross-pipe dependence (RAW, WAR, WAW, through UB and through GM,
loop-carried, around branches) shows up. Kernel signature:
`(%in0, %in1, %out : !pto.ptr<f32>, %n : index, %cond : i1)`, GM arrays 16x8 f32.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st

TILE = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>"
VIEW = "!pto.partition_tensor_view<8x8xf32>"
GM_ARRAY = "16x8xf32"

_HEADER = """builtin.module attributes {pto.target_arch = "{target}"} {
  func.func @kernel(%in0: !pto.ptr<f32>, %in1: !pto.ptr<f32>, %out: !pto.ptr<f32>,
                    %n: index, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
{views}{buffers}{body}    func.return
  }
}
"""


@dataclass(frozen=True)
class Step:
    """One op of a generated kernel: `kind` and its operands (buffer numbers, GM window)."""

    kind: str  # load, store, abs, add, loop, dynloop, if
    operands: tuple[int, ...] = ()
    body: tuple[Step, ...] = ()


def _windows() -> str:
    lines: list[str] = []
    for arg in ("in0", "in1", "out"):
        lines.append(
            f"    %v_{arg} = pto.make_tensor_view %{arg}, shape = [%c16, %c8], strides = [%c8, %c1]"
            " : !pto.tensor_view<?x?xf32>\n"
        )
        for half, offset in (("top", "%c0"), ("bottom", "%c8")):
            lines.append(
                f"    %{arg}_{half} = pto.partition_view %v_{arg}, offsets = [{offset}, %c0], "
                f"sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> {VIEW}\n"
            )
    return "".join(lines)


WINDOWS = ("in0_top", "in0_bottom", "in1_top", "in1_bottom", "out_top", "out_bottom")
OUT_WINDOWS = ("out_top", "out_bottom")


def _emit(steps: tuple[Step, ...], indent: str, counter: list[int]) -> str:
    text = ""
    for step in steps:
        ops = step.operands
        if step.kind == "load":
            text += (
                f"{indent}pto.tload ins(%{WINDOWS[ops[1]]} : {VIEW}) outs(%b{ops[0]} : {TILE})\n"
            )
        elif step.kind == "store":
            window = OUT_WINDOWS[ops[1]]
            text += f"{indent}pto.tstore ins(%b{ops[0]} : {TILE}) outs(%{window} : {VIEW})\n"
        elif step.kind == "abs":
            text += f"{indent}pto.tabs ins(%b{ops[0]} : {TILE}) outs(%b{ops[1]} : {TILE})\n"
        elif step.kind == "add":
            text += (
                f"{indent}pto.tadd ins(%b{ops[0]}, %b{ops[1]} : {TILE}, {TILE}) "
                f"outs(%b{ops[2]} : {TILE})\n"
            )
        else:
            counter[0] += 1
            if step.kind == "if":
                head = "scf.if %cond {"
            else:
                bound = "%c2" if step.kind == "loop" else "%n"
                head = f"scf.for %i{counter[0]} = %c0 to {bound} step %c1 {{"
            text += f"{indent}{head}\n{_emit(step.body, indent + '  ', counter)}{indent}}}\n"
    return text


def kernel_text(steps: tuple[Step, ...], buffers: int, target: str) -> str:
    allocs = "".join(
        f"    %a{i} = arith.constant {256 * i} : i64\n"
        f"    %b{i} = pto.alloc_tile addr = %a{i} : {TILE}\n"
        for i in range(buffers)
    )
    return (
        _HEADER.replace("{target}", target)
        .replace("{views}", _windows())
        .replace("{buffers}", allocs)
        .replace("{body}", _emit(steps, "    ", [0]))
    )


def _leaf(buffers: int) -> st.SearchStrategy[Step]:
    buf = st.integers(0, buffers - 1)
    return st.one_of(
        st.tuples(buf, st.integers(0, len(WINDOWS) - 1)).map(lambda o: Step("load", o)),
        st.tuples(buf, st.integers(0, 1)).map(lambda o: Step("store", o)),
        st.tuples(buf, buf).map(lambda o: Step("abs", o)),
        st.tuples(buf, buf, buf).map(lambda o: Step("add", o)),
    )


def _steps(buffers: int, depth: int) -> st.SearchStrategy[tuple[Step, ...]]:
    leaf = _leaf(buffers)
    if depth == 0:
        return st.lists(leaf, min_size=1, max_size=4).map(tuple)
    inner = _steps(buffers, depth - 1)
    nested = st.tuples(st.sampled_from(["loop", "dynloop", "if"]), inner).map(
        lambda kb: Step(kb[0], body=kb[1])
    )
    return st.lists(st.one_of(leaf, leaf, nested), min_size=1, max_size=5).map(tuple)


@st.composite
def dps_kernels(draw: st.DrawFn, target: str) -> str:
    buffers = draw(st.integers(2, 4))
    steps = draw(_steps(buffers, depth=2))
    return kernel_text(steps, buffers, target)


def kernel_args(n: int, cond: bool) -> list[str]:
    """Arguments of a generated kernel: random inputs, a zero output, the loop count, the flag."""
    return [
        f"rand:{GM_ARRAY}:1",
        f"rand:{GM_ARRAY}:2",
        f"zeros:{GM_ARRAY}",
        f"{n}:index",
        f"{int(cond)}:i1",
    ]
