"""`pto-convert-to-dps` by translation validation: every kernel is run by the interpreter
before and after the pass, on every target, and must leave the same bytes in every output.

Kernels: the cases of test/filecheck/passes/convert_to_dps.mlir that carry `// ARGS:` lines,
the Level-1 examples, hand-written cases of loop-carried tiles, branches and copies, and
random Level-1 kernels with nested scf.for (iter_args) and scf.if (results). For each one the
output must also be in the form the later passes rely on (`assert_dps_form`) and a second
run of the pass must change nothing. The diagnostics must leave the module untouched.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from kernelgen import Chain, chains
from support import context
from xdsl.context import Context
from xdsl.dialects import arith, cf, func, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.source import parse_module
from interpreters.launching.execute import retarget, run_function
from passes.convert_to_dps.convert import ConvertToDpsPass
from pto_dialect.ops.base import TileOp
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.tile_types import TileBufType, TileType

ROOT = Path(__file__).resolve().parents[2]
LIT = ROOT / "test" / "filecheck" / "passes"
TARGETS = ("a2a3", "a5", "cpu")


def ctx() -> Context:
    return context(arith.Arith, cf.Cf, scf.Scf)


def parse(text: str) -> ModuleOp:
    module = parse_module(ctx(), text, "kernel.mlir")
    module.verify()
    return module


def convert(module: ModuleOp) -> None:
    ConvertToDpsPass().apply(ctx(), module)
    module.verify()


def assert_dps_form(module: ModuleOp) -> None:
    """No `!pto.tile` is left, every tile op is in DPS form, and every tile buffer is an
    `alloc_tile` result or a function argument, used directly (no scf op carries one)."""
    for op in module.walk():
        values = [*op.operands, *op.results]
        values += [a for r in op.regions for b in r.blocks for a in b.args]
        assert not any(isinstance(v.type, TileType) for v in values), f"{op.name} keeps a tile"
        if isinstance(op, TileOp):
            assert op.is_dps, f"{op.name} is not in DPS form"
        if isinstance(op, scf.ForOp | scf.IfOp | scf.YieldOp):
            assert not any(isinstance(v.type, TileBufType) for v in values), (
                f"{op.name} carries a tile buffer"
            )
        for value in op.operands:
            if not isinstance(value.type, TileBufType):
                continue
            owner = value.owner
            if isinstance(owner, Block):
                assert isinstance(owner.parent_op(), func.FuncOp), "a tile buffer block argument"
            else:
                assert isinstance(owner, AllocTileOp), f"a tile buffer from {owner.name}"


def same_outputs(text: str, args: list[str], targets: tuple[str, ...] = TARGETS) -> None:
    """The pass keeps the outputs of `text` on `args` on every target, gives the DPS form
    and is idempotent."""
    for target in targets:
        before, after = parse(text), parse(text)
        retarget(before, target)
        retarget(after, target)
        convert(after)
        assert_dps_form(after)
        want = run_function(before, args).outputs()
        got = run_function(after, args).outputs()
        for index, (a, b) in enumerate(zip(got, want, strict=True)):
            if a is not None and b is not None:
                assert np.array_equal(a.view(np.uint8), b.view(np.uint8)), (
                    f"argument {index} differs on {target}"
                )
    assert_idempotent(text)


def assert_idempotent(text: str) -> None:
    once = parse(text)
    convert(once)
    printed = str(once)
    convert(once)
    assert str(once) == printed, "a second run changed the module"
    again = parse(printed)
    convert(again)
    assert str(again) == printed, "the pass changed its own output"


# ---- the FileCheck cases and the examples ----------------------------------------------------


@dataclass(frozen=True)
class Case:
    name: str
    text: str
    args: tuple[str, ...]


def lit_cases() -> list[Case]:
    """Each (case, ARGS line) of convert_to_dps.mlir."""
    text = (LIT / "convert_to_dps.mlir").read_text()
    found: list[Case] = []
    for chunk in text.split("// -----"):
        name = re.search(r"func\.func @(\w+)", chunk)
        assert name is not None
        for line in re.findall(r"^// ARGS: (.*)$", chunk, re.MULTILINE):
            found.append(Case(name.group(1), chunk, tuple(line.split())))
    return found


LIT_CASES = lit_cases()


def test_lit_cases_have_arguments():
    runnable = {c.name for c in LIT_CASES}
    assert len(runnable) >= 13, sorted(runnable)


@pytest.mark.parametrize("case", LIT_CASES, ids=lambda c: f"{c.name}-{'-'.join(c.args[-1:])}")
def test_lit_case_keeps_outputs(case: Case):
    same_outputs(case.text, list(case.args))


EXAMPLES = {
    "tadd_ssa.mlir": "rand:32x32xf16:1 rand:32x32xf16:2 zeros:32x32xf16",
    "tabs_ssa.mlir": "rand:32x32xf32:1 zeros:32x32xf32",
    "tcolsum_ssa.mlir": "rand:16x32xf32:1 zeros:1x32xf32",
    "tgemv_bias_ssa.mlir": "rand:1x32xf16:1 rand:32x32xf16:2 rand:1x32xf32:3 zeros:1x32xf32",
    "stream_add_ssa.mlir": "rand:512x32xf32:1 rand:512x32xf32:2 zeros:512x32xf32",
}


@pytest.mark.parametrize("name", sorted(EXAMPLES))
def test_example_keeps_outputs(name: str):
    same_outputs((ROOT / "examples" / name).read_text(), EXAMPLES[name].split())


# ---- hand-written cases -----------------------------------------------------------------------

HEAD = """!t = !pto.tile<loc=vec, dtype=f32, rows=8, cols=8>
!row = !pto.tile<loc=vec, dtype=f32, rows=1, cols=8>
!pv = !pto.partition_tensor_view<8x8xf32>
!pr = !pto.partition_tensor_view<1x8xf32>
!tv = !pto.tensor_view<?x?xf32>
builtin.module attributes {pto.target_arch = "a2a3"} {
  func.func @k(%a: !pto.ptr<f32>, %c: !pto.ptr<f32>, %n: index, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %va = pto.make_tensor_view %a, shape = [%c16, %c8], strides = [%c8, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c32, %c8], strides = [%c8, %c1] : !tv
    %p0 = pto.partition_view %va, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %p1 = pto.partition_view %va, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %o0 = pto.partition_view %vc, offsets = [%c0, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %o1 = pto.partition_view %vc, offsets = [%c8, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %o2 = pto.partition_view %vc, offsets = [%c16, %c0], sizes = [%c8, %c8] : !tv -> !pv
    %r3 = pto.partition_view %vc, offsets = [%c24, %c0], sizes = [%c1, %c8] : !tv -> !pr
    %x = pto.tload %p0 : !pv -> !t
    %y = pto.tload %p1 : !pv -> !t
"""
TAIL = """    func.return
  }
}
"""

HAND = {
    # The loop yields its iter_arg unchanged; the sum is stored each iteration.
    "yield_iter_arg": """
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (!t) {
      %s = pto.tadd %acc, %y : (!t, !t) -> !t
      pto.tstore %s, %o0 : !t, !pv
      scf.yield %acc : !t
    }
    pto.tstore %r, %o1 : !t, !pv
""",
    # The body yields a tile from before the loop that is still read after it.
    "yield_outer_value": """
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (!t) {
      %s = pto.tadd %acc, %y : (!t, !t) -> !t
      pto.tstore %s, %o0 : !t, !pv
      scf.yield %y : !t
    }
    pto.tstore %r, %o1 : !t, !pv
    %z = pto.tsub %y, %x : (!t, !t) -> !t
    pto.tstore %z, %o2 : !t, !pv
""",
    # Two iter_args start from the same tile: each needs its own buffer.
    "shared_init": """
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %x, %a1 = %x) -> (!t, !t) {
      %s = pto.tadd %a0, %y : (!t, !t) -> !t
      %m = pto.tmul %a1, %a0 : (!t, !t) -> !t
      scf.yield %s, %m : !t, !t
    }
    pto.tstore %r#0, %o0 : !t, !pv
    pto.tstore %r#1, %o1 : !t, !pv
""",
    # A branch yields one tile twice, and the other a tile from before it.
    "if_same_value_twice": """
    %r:2 = scf.if %cond -> (!t, !t) {
      %s = pto.tadd %x, %y : (!t, !t) -> !t
      scf.yield %s, %s : !t, !t
    } else {
      scf.yield %x, %x : !t, !t
    }
    %d = pto.tadd %r#0, %r#1 : (!t, !t) -> !t
    pto.tstore %d, %o0 : !t, !pv
    pto.tstore %r#1, %o1 : !t, !pv
""",
    # The branches swap two tiles from before the scf.if.
    "if_swap": """
    %r:2 = scf.if %cond -> (!t, !t) {
      scf.yield %x, %y : !t, !t
    } else {
      scf.yield %y, %x : !t, !t
    }
    pto.tstore %r#0, %o0 : !t, !pv
    pto.tstore %r#1, %o1 : !t, !pv
""",
    # Nested branches in a loop that rotates its two carried tiles.
    "rotate_in_branches": """
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a0 = %x, %a1 = %y) -> (!t, !t) {
      %u:2 = scf.if %cond -> (!t, !t) {
        %s = pto.tadd %a0, %a1 : (!t, !t) -> !t
        scf.yield %a1, %s : !t, !t
      } else {
        %q = arith.cmpi ult, %i, %c1 : index
        %v = scf.if %q -> (!t) {
          scf.yield %a0 : !t
        } else {
          %w = pto.tabs %a1 : !t -> !t
          scf.yield %w : !t
        }
        scf.yield %v, %a0 : !t, !t
      }
      scf.yield %u#0, %u#1 : !t, !t
    }
    pto.tstore %r#0, %o0 : !t, !pv
    pto.tstore %r#1, %o1 : !t, !pv
    pto.tstore %x, %o2 : !t, !pv
""",
    # tcolsum's scratch in a loop: the scratch tile is read again by the next iteration.
    "colsum_scratch_in_loop": """
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> (!t) {
      %s = pto.tcolsum %acc, %y {isBinary = true} : (!t, !t) -> !row
      pto.tstore %s, %r3 : !row, !pr
      %m = pto.tmax %acc, %y : (!t, !t) -> !t
      %d = pto.tsub %m, %y : (!t, !t) -> !t
      scf.yield %d : !t
    }
    pto.tstore %r, %o0 : !t, !pv
    pto.tstore %y, %o1 : !t, !pv
""",
}


@pytest.mark.parametrize("name", sorted(HAND))
@pytest.mark.parametrize("n", [0, 3])
def test_hand_case_keeps_outputs(name: str, n: int):
    text = HEAD + HAND[name] + TAIL
    for cond in (0, 1):
        same_outputs(text, ["rand:16x8xf32:1", "zeros:32x8xf32", f"{n}:index", f"{cond}:i1"])


# ---- diagnostics ------------------------------------------------------------------------------


def invalid_cases() -> list[str]:
    return (LIT / "convert_to_dps_invalid.mlir").read_text().split("// -----")


@pytest.mark.parametrize("text", invalid_cases())
def test_diagnostic_leaves_the_module_as_it_was(text: str):
    module = parse(text)
    printed = str(module)
    with pytest.raises(PassFailedException, match=r"^pto-convert-to-dps: "):
        ConvertToDpsPass().apply(ctx(), module)
    assert str(module) == printed


# ---- generated kernels --------------------------------------------------------------------------


@settings(max_examples=6, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_chains_keep_outputs(data: st.DataObject):
    """test/unit/kernelgen.py `chains`: elementwise chains, reductions and accumulation."""
    for target in TARGETS:
        chain: Chain = data.draw(chains(target), label=target)
        same_outputs(chain.text(target), chain.args(), targets=(target,))


_BINARY = ("tadd", "tsub", "tmul", "tmax", "tmin")
_FLOAT_DTYPES = ("f32", "f16")


@dataclass
class _Writer:
    """Writes a random Level-1 kernel: tile values in scope, nested loops and branches."""

    draw: st.DrawFn
    tile: str
    dtype: str
    lines: list[str]
    count: int = 0

    def fresh(self, prefix: str) -> str:
        self.count += 1
        return f"%{prefix}{self.count}"

    def pick(self, scope: list[str]) -> str:
        """A value in scope, the recent ones more often."""
        back = self.draw(st.integers(0, len(scope) - 1) | st.integers(0, min(2, len(scope) - 1)))
        return scope[-1 - back]

    def block(self, scope: list[str], indent: str, depth: int, ivs: list[str]) -> list[str]:
        """Emits a few steps at `indent`; returns the scope afterwards."""
        scope = list(scope)
        kinds = ["load", "unary", "binary", "binary", "store", "reduce"]
        if depth < 2:
            kinds += ["for", "for", "if", "if"]
        for _ in range(self.draw(st.integers(2 if depth == 0 else 1, 4))):
            kind = self.draw(st.sampled_from(kinds))
            if kind in ("for", "if"):
                scope += self.structure(kind, scope, indent, depth, ivs)
            else:
                scope += self.leaf(kind, scope, indent)
        return scope

    def leaf(self, kind: str, scope: list[str], indent: str) -> list[str]:
        t = self.tile
        if kind == "store":
            window = self.draw(st.integers(0, 2))
            self.lines.append(f"{indent}pto.tstore {self.pick(scope)}, %o{window} : {t}, !pv")
            return []
        if kind == "reduce":
            name = self.fresh("r")
            op = self.draw(st.sampled_from(["tcolmax", "tcolmin", "tcolsum", "tcolsum2"]))
            src = self.pick(scope)
            if op == "tcolsum2":
                tmp = self.pick(scope)
                self.lines.append(f"{indent}{name} = pto.tcolsum {src}, {tmp} {{isBinary = true}}"
                                  f" : ({t}, {t}) -> !row")  # fmt: skip
            else:
                self.lines.append(f"{indent}{name} = pto.{op} {src} : {t} -> !row")
            self.lines.append(f"{indent}pto.tstore {name}, %o3 : !row, !pr")
            return []
        name = self.fresh("v")
        if kind == "load":
            window = self.draw(st.integers(0, 3))
            self.lines.append(f"{indent}{name} = pto.tload %p{window} : !pv -> {t}")
        elif kind == "unary" and self.dtype in _FLOAT_DTYPES:  # no integer tabs
            self.lines.append(f"{indent}{name} = pto.tabs {self.pick(scope)} : {t} -> {t}")
        else:
            op = self.draw(st.sampled_from(_BINARY))
            a, b = self.pick(scope), self.pick(scope)
            self.lines.append(f"{indent}{name} = pto.{op} {a}, {b} : ({t}, {t}) -> {t}")
        return [name]

    def structure(
        self, kind: str, scope: list[str], indent: str, depth: int, ivs: list[str]
    ) -> list[str]:
        count = self.draw(st.integers(1, 2))
        types = ", ".join([self.tile] * count)
        name = self.fresh("m")
        head = f"{indent}{name}:{count} = "
        if kind == "for":
            iv = self.fresh("i")
            bound = self.draw(st.sampled_from(["%c2", "%n"]))
            inits = [self.pick(scope) for _ in range(count)]
            args = [self.fresh("a") for _ in range(count)]
            carried = ", ".join(f"{a} = {v}" for a, v in zip(args, inits, strict=True))
            self.lines.append(f"{head}scf.for {iv} = %c0 to {bound} step %c1 "
                              f"iter_args({carried}) -> ({types}) {{")  # fmt: skip
            self.close(scope + args, indent, depth, [*ivs, iv], count)
        else:
            cond = "%cond"
            if ivs and self.draw(st.booleans()):
                cond = self.fresh("q")
                self.lines.append(f"{indent}{cond} = arith.cmpi ult, {ivs[-1]}, %c1 : index")
            self.lines.append(f"{head}scf.if {cond} -> ({types}) {{")
            self.close(scope, indent, depth, ivs, count)
            self.lines[-1] += " else {"
            self.close(scope, indent, depth, ivs, count)
        return [f"{name}#{k}" for k in range(count)]

    def close(self, scope: list[str], indent: str, depth: int, ivs: list[str], count: int) -> None:
        """The body of a loop or branch and its yield, then the closing brace."""
        inner = self.block(scope, indent + "  ", depth + 1, ivs)
        yielded = [self.pick(inner) for _ in range(count)]
        types = ", ".join([self.tile] * count)
        self.lines.append(f"{indent}  scf.yield {', '.join(yielded)} : {types}")
        self.lines.append(f"{indent}}}")


_KERNEL = """!t = !pto.tile<loc=vec, dtype={T}, rows=8, cols=16, v_row={R}, v_col=16>
!row = !pto.tile<loc=vec, dtype={T}, rows=1, cols=16>
!pv = !pto.partition_tensor_view<{R}x16x{T}>
!pr = !pto.partition_tensor_view<1x16x{T}>
!tv = !pto.tensor_view<?x?x{T}>
builtin.module attributes {pto.target_arch = "{TARGET}"} {
  func.func @k(%a: !pto.ptr<{T}>, %c: !pto.ptr<{T}>, %n: index, %cond: i1, %vr: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c64 = arith.constant 64 : index
    %va = pto.make_tensor_view %a, shape = [%c32, %c16], strides = [%c16, %c1] : !tv
    %vc = pto.make_tensor_view %c, shape = [%c64, %c16], strides = [%c16, %c1] : !tv
{VIEWS}    %x0 = pto.tload %p0 : !pv -> !t
    %x1 = pto.tload %p1 : !pv -> !t
{BODY}    func.return
  }
}
"""


def _views(size: str) -> str:
    """%p0-3: the input's four 8-row windows; %o0-2 (stores in the body), %o3 (column
    reductions) and %f0-2 (the final stores): windows of the output."""
    lines: list[str] = []
    windows = [("p", "va", k, 8 * k) for k in range(4)]
    windows += [("o", "vc", k, 8 * k) for k in range(3)]
    windows += [("f", "vc", k, 32 + 8 * k) for k in range(3)]
    for prefix, view, k, row in windows:
        lines.append(f"    %at_{prefix}{k} = arith.constant {row} : index\n"
                     f"    %{prefix}{k} = pto.partition_view %{view}, offsets = [%at_{prefix}{k}, "
                     f"%c0], sizes = [{size}, %c16] : !tv -> !pv\n")  # fmt: skip
    lines.append("    %at_row = arith.constant 24 : index\n"
                 "    %o3 = pto.partition_view %vc, offsets = [%at_row, %c0], sizes = [%c1, %c16]"
                 " : !tv -> !pr\n")  # fmt: skip
    return "".join(lines)


@st.composite
def ssa_kernels(draw: st.DrawFn, target: str) -> tuple[str, list[str]]:
    """A Level-1 kernel with nested scf.for / scf.if carrying tiles, and its arguments."""
    dtype = draw(st.sampled_from(["f32", "f16", "i32"]))
    dynamic = draw(st.booleans())
    writer = _Writer(draw, "!t", dtype, [])
    scope = writer.block(["%x0", "%x1"], "    ", 0, [])
    observed = draw(st.lists(st.sampled_from(scope), min_size=1, max_size=4, unique=True))
    total = observed[0]
    for value in observed[1:]:  # a difference in any of them shows in the sum
        name = writer.fresh("sum")
        writer.lines.append(f"    {name} = pto.tadd {total}, {value} : (!t, !t) -> !t")
        total = name
    for k, value in enumerate([total, *scope[-2:]]):
        writer.lines.append(f"    pto.tstore {value}, %f{k} : !t, !pv")
    text = (
        _KERNEL.replace("{T}", dtype)
        .replace("{R}", "?" if dynamic else "8")
        .replace("{TARGET}", target)
        .replace("{VIEWS}", _views("%vr" if dynamic else "%c8"))
        .replace("{BODY}", "".join(line + "\n" for line in writer.lines))
    )
    args = [
        f"rand:32x16x{dtype}:{draw(st.integers(1, 9))}",
        f"zeros:64x16x{dtype}",
        f"{draw(st.sampled_from([0, 1, 3]))}:index",
        f"{int(draw(st.booleans()))}:i1",
        f"{draw(st.integers(1, 8)) if dynamic else 8}:index",
    ]
    return text, args


@settings(max_examples=25, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(data=st.data())
def test_generated_structured_kernels_keep_outputs(data: st.DataObject):
    target = data.draw(st.sampled_from(TARGETS), label="target")
    text, args = data.draw(ssa_kernels(target), label="kernel")
    same_outputs(text, args, targets=(target,))
