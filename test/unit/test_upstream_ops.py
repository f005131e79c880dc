"""The interpreter runs the ops of the upstream dialects that real kernels use, with MLIR's
semantics at each width (interpreters/ops/upstream/), checked against numpy."""

from __future__ import annotations

from functools import cache
from pathlib import Path
from typing import Any

import ml_dtypes
import numpy as np
import pytest
from xdsl.dialects import arith, cf, func, math, scf
from xdsl.dialects.builtin import ModuleOp
from xdsl.interpreter import Interpreter, PythonValues
from xdsl.ir import Dialect, Operation

from interpreters.api import PtoRunError, parse, run
from interpreters.commands.runner import main
from interpreters.engine.errors import PtoRuntimeError
from interpreters.engine.interpreter import PtoInterpreter
from interpreters.launching.execute import entry_function
from interpreters.ops.registry import upstream_functions

CORPUS_OPS: dict[str, int] = {
    "arith.constant": 3043, "arith.muli": 798, "arith.addi": 656, "arith.index_cast": 625,
    "arith.maxsi": 563, "arith.cmpi": 477, "arith.subi": 206, "arith.divsi": 180,
    "arith.remsi": 120, "arith.minsi": 78, "arith.trunci": 38, "arith.select": 22,
    "arith.extui": 20, "arith.divui": 17, "arith.xori": 11, "arith.remui": 10,
    "arith.ori": 10, "arith.andi": 10, "arith.addf": 7, "arith.extsi": 6,
    "arith.sitofp": 4, "arith.shli": 4, "arith.floordivsi": 4, "arith.fptosi": 3,
    "arith.shrui": 2, "arith.shrsi": 2, "arith.cmpf": 2, "arith.divf": 1, "arith.bitcast": 1,
    "scf.for": 1171, "scf.if": 553, "scf.yield": 391, "scf.while": 15, "scf.condition": 15,
    "scf.execute_region": 3, "scf.index_switch": 1,
    "func.func": 4322, "func.call": 132, "func.return": 24,
    "cf.cond_br": 8, "cf.br": 5, "cf.switch": 1,
}  # fmt: skip
"""The ops of arith, math, scf, func and cf that the kernels of the four public PTOAS
snapshots use, by number of files (every `.pto` and `.mlir` under `test/` of
zhangstevenunity/PTOAS 2026-03, hw-native-sys/PTOAS 2026-04, vpto-dev/PTOAS 2026-06-09 and
tonibohnlein/PTOAS 2026-08-21, comment lines left out; no kernel uses `math` or `index`).
Also used, by ops xDSL's dialects lack: `arith.index_castui` (33 files) and
`func.call_indirect` (1, a PTOAS verifier test)."""

DIALECTS: tuple[Dialect, ...] = (arith.Arith, math.Math, scf.Scf, func.Func, cf.Cf)


def _implemented() -> set[str]:
    names: set[str] = set()
    for functions in upstream_functions():
        names.update(op.name for op, _ in functions._impls())  # pyright: ignore[reportPrivateUsage]
        names.update(op.name for op, _ in functions._callable_impls())  # pyright: ignore[reportPrivateUsage]
    return names


def test_every_upstream_op_a_corpus_kernel_uses_has_an_implementation() -> None:
    known = {op.name for dialect in DIALECTS for op in dialect.operations}
    assert set(CORPUS_OPS) <= known, sorted(set(CORPUS_OPS) - known)
    implemented = _implemented()
    missing = sorted(
        op.name for d in DIALECTS for op in d.operations
        if op.name in CORPUS_OPS and op.name not in implemented
    )  # fmt: skip
    assert not missing, f"upstream ops that corpus kernels use without an implementation: {missing}"
    # beyond the corpus: every op of these dialects but scf's parallel loop
    others = {op.name for d in DIALECTS for op in d.operations} - implemented
    assert others == {"scf.parallel", "scf.reduce", "scf.reduce.return"}


# ---- evaluating ops -----------------------------------------------------------------------


def evaluate(body: str, args: tuple[tuple[str, Any], ...], results: str, bitwidth: int = 64
             ) -> PythonValues:  # fmt: skip
    """Runs `body` (ops of `func.func @main(%a0, %a1, ...)` ending in `func.return`) on
    `args` ((type, value) pairs) with the upstream functions alone."""
    params = ", ".join(f"%a{i}: {t}" for i, (t, _) in enumerate(args))
    module = _module(f"func.func @main({params}) -> ({results}) {{\n{body}\n}}")
    interpreter = PtoInterpreter(module, index_bitwidth=bitwidth)  # type: ignore[arg-type]
    for functions in upstream_functions():
        interpreter.register_implementations(functions)
    with np.errstate(all="ignore"):
        return interpreter.call_op("main", tuple(v for _, v in args))


@cache
def _module(text: str) -> ModuleOp:
    return parse(text)


INT_TYPES = {"i8": np.int8, "i16": np.int16, "i32": np.int32, "i64": np.int64}
EDGES = (0, 1, -1, 2, 7, -7, 100, 127, -128, 255, 32767, -32768, 2**31 - 1, -(2**31),
         2**63 - 1, -(2**63))  # fmt: skip


def _cast(value: int, dtype: type[np.signedinteger[Any]]) -> int:
    """`value` wrapped to `dtype` by numpy (the reference)."""
    return int(np.array(value & 0xFFFFFFFFFFFFFFFF, dtype=np.uint64).astype(dtype))


@pytest.mark.parametrize("type", list(INT_TYPES))
def test_integer_ops_wrap_and_divide_as_numpy_does(type: str) -> None:
    dtype = INT_TYPES[type]
    udtype = np.dtype(dtype).newbyteorder("=").str.replace("i", "u")
    ops = ["addi", "subi", "muli", "andi", "ori", "xori", "maxsi", "minsi", "maxui", "minui",
           "divsi", "remsi", "divui", "remui", "floordivsi", "ceildivsi", "ceildivui"]  # fmt: skip
    body = "\n".join(f"%{o} = arith.{o} %a0, %a1 : {type}" for o in ops)
    body += f"\nfunc.return {', '.join('%' + o for o in ops)} : {', '.join([type] * len(ops))}"
    values = sorted({_cast(v, dtype) for v in EDGES})
    for a in values[::2]:
        for b in values:
            x, y = dtype(a), dtype(b)
            ux, uy = x.astype(udtype), y.astype(udtype)
            if b == 0 or (b == -1 and a == np.iinfo(dtype).min):
                continue
            got = evaluate(body, ((type, a), (type, b)), ", ".join([type] * len(ops)))
            with np.errstate(all="ignore"):
                rem = np.fmod(x, y)  # C's remainder: the sign of the dividend
                want = [x + y, x - y, x * y, x & y, x | y, x ^ y, max(x, y), min(x, y),
                        max(ux, uy).astype(dtype), min(ux, uy).astype(dtype),
                        (x - rem) // y, rem, (ux // uy).astype(dtype), (ux % uy).astype(dtype),
                        np.floor_divide(x, y), -np.floor_divide(-x, y) if x != np.iinfo(dtype).min
                        else (x - rem) // y + (rem != 0 and (x < 0) == (y < 0)),
                        dtype(_cast((int(ux) + int(uy) - 1) // int(uy), dtype))]  # fmt: skip
            assert [int(w) for w in want] == list(got), (type, a, b)


def test_comparisons_shifts_and_casts_at_their_widths() -> None:
    body = """
    %lt = arith.cmpi slt, %a0, %a1 : i8
    %ult = arith.cmpi ult, %a0, %a1 : i8
    %shl = arith.shli %a0, %a2 : i8
    %shr = arith.shrui %a0, %a2 : i8
    %sar = arith.shrsi %a0, %a2 : i8
    %ext = arith.extsi %a0 : i8 to i32
    %ext_u = arith.extui %a0 : i8 to i32
    %tr = arith.trunci %a3 : i32 to i8
    %idx = arith.index_cast %a0 : i8 to index
    %f = arith.sitofp %a3 : i32 to f32
    %u = arith.uitofp %a0 : i8 to f16
    func.return %lt, %ult, %shl, %shr, %sar, %ext, %ext_u, %tr, %idx, %f, %u
      : i1, i1, i8, i8, i8, i32, i32, i8, index, f32, f16
    """
    types = "i1, i1, i8, i8, i8, i32, i32, i8, index, f32, f16"
    got = evaluate(body, (("i8", -3), ("i8", 5), ("i8", 1), ("i32", 16777217)), types)
    assert got == (True, False, -6, 126, -2, -3, 253, 1, -3, float(np.float32(16777217)), 253.0)
    assert got[9] == 16777216.0  # rounded to f32, ties to even


def test_undefined_integer_results_are_errors_at_the_op() -> None:
    for body, message in (
        ("%r = arith.divsi %a0, %a1 : i32", "division by zero"),
        ("%r = arith.remui %a0, %a1 : i32", "division by zero"),
        ("%r = arith.shli %a0, %a0 : i32", "shift amount 40 is not less than the width 32"),
    ):
        with pytest.raises(PtoRuntimeError, match=message):
            evaluate(body + "\nfunc.return %r : i32", (("i32", 40), ("i32", 0)), "i32")
    with pytest.raises(PtoRuntimeError, match=r"-128 / -1 overflows i8"):
        evaluate("%r = arith.divsi %a0, %a1 : i8\nfunc.return %r : i8",
                 (("i8", -128), ("i8", -1)), "i8")  # fmt: skip


FLOATS = {"f32": np.float32, "f16": np.float16, "bf16": ml_dtypes.bfloat16}


@pytest.mark.parametrize("type", list(FLOATS))
def test_float_ops_round_to_their_type_as_numpy_does(type: str) -> None:
    scalar = FLOATS[type]
    body = f"""
    %add = arith.addf %a0, %a1 : {type}
    %sub = arith.subf %a0, %a1 : {type}
    %mul = arith.mulf %a0, %a1 : {type}
    %div = arith.divf %a0, %a1 : {type}
    %exp = math.exp %a0 : {type}
    %sqrt = math.sqrt %a1 : {type}
    %max = arith.maximumf %a0, %a1 : {type}
    %ext = arith.extf %a0 : {type} to f64
    func.return %add, %sub, %mul, %div, %exp, %sqrt, %max, %ext
      : {type}, {type}, {type}, {type}, {type}, {type}, {type}, f64
    """
    rng = np.random.default_rng(3)
    for a, b in [*rng.uniform(-3, 3, (6, 2)).astype(scalar).tolist(), [1.0, 0.0], [-0.0, 0.0]]:
        x, y = np.array([a, b]).astype(scalar)  # numpy arithmetic in the type: the reference
        got = evaluate(body, ((type, float(x)), (type, float(y))), f"{', '.join([type] * 7)}, f64")
        with np.errstate(all="ignore"):
            want = [x + y, x - y, x * y, x / y, np.exp(x), np.sqrt(y), np.maximum(x, y), x]
        assert [float(w) for w in want] == pytest.approx(list(got), nan_ok=True, rel=0, abs=0)


def test_nan_rules_of_comparisons_and_min_max() -> None:
    nan = float("nan")
    body = """
    %oeq = arith.cmpf oeq, %a0, %a1 : f32
    %une = arith.cmpf une, %a0, %a1 : f32
    %ord = arith.cmpf ord, %a0, %a1 : f32
    %minimum = arith.minimumf %a0, %a1 : f32
    %minnum = arith.minnumf %a0, %a1 : f32
    %zero = arith.maximumf %a2, %a3 : f32
    %r = math.round %a4 : f32
    %re = math.roundeven %a4 : f32
    func.return %oeq, %une, %ord, %minimum, %minnum, %zero, %r, %re
      : i1, i1, i1, f32, f32, f32, f32, f32
    """
    got = evaluate(body, (("f32", nan), ("f32", 1.0), ("f32", -0.0), ("f32", 0.0),
                          ("f32", -2.5)), "i1, i1, i1, f32, f32, f32, f32, f32")  # fmt: skip
    assert got[:3] == (False, True, False)
    assert np.isnan(got[3]) and got[4] == 1.0
    assert got[5] == 0.0 and not np.signbit(got[5])
    assert got[6:] == (-3.0, -2.0)  # half away from zero; half to even


def test_float_to_integer_outside_the_type_is_an_error() -> None:
    with pytest.raises(PtoRuntimeError, match=r"arith.fptosi of 300.0: outside the range"):
        evaluate("%r = arith.fptosi %a0 : f32 to i8\nfunc.return %r : i8", (("f32", 300.0),), "i8")


# ---- control flow -------------------------------------------------------------------------

CALLS = """
func.func @main(%x: !pto.ptr<f32>, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = func.call @twice(%n) : (index) -> index
  %s = scf.execute_region -> index {
    scf.yield %r : index
  }
  %t = scf.index_switch %s -> index
  case 6 {
    scf.yield %c1 : index
  }
  default {
    scf.yield %c0 : index
  }
  %cond = arith.cmpi eq, %t, %c1 : index
  cf.cond_br %cond, ^bb1(%t : index), ^bb2
^bb1(%v : index):
  %e = func.call @external(%v) : (index) -> index
  func.return
^bb2:
  func.return
}
func.func @twice(%v: index) -> index {
  %w = arith.addi %v, %v : index
  func.return %w : index
}
func.func private @external(index) -> index
"""


def test_calls_regions_and_blocks_run_and_an_external_call_is_an_error() -> None:
    module = parse(CALLS)
    x = np.zeros(4, np.float32)
    for n in (2, 6):  # @twice(n) != 6: the default case, then ^bb2
        assert run(module, x, n, function="main").outputs[0].tolist() == [0.0] * 4
    with pytest.raises(PtoRunError, match=r"func.call: @external is a declaration without a body"):
        run(module, x, 3, function="main")  # @twice(3) = 6: case 6, ^bb1, the external call


LINKED = """
module {
  module attributes {pto.backend = "emitc"} {
    func.func private @twice(index) -> index
    func.func @main(%n: index) -> index {
      %r = func.call @twice(%n) : (index) -> index
      func.return %r : index
    }
  }
  module attributes {pto.backend = "vpto"} {
    func.func private @twice(%v: index) -> index {
      func.return %v : index
    }
  }
  module attributes {pto.backend = "vpto"} {
    func.func @twice(%v: index) -> index {
      %w = arith.addi %v, %v : index
      func.return %w : index
    }
  }
}
"""


def _call_nested_main(text: str, value: int) -> PythonValues:
    """Runs the `@main` of the first child module of `text` on `value`."""
    module = parse(text)
    child = next(op for op in module.ops if isinstance(op, ModuleOp))
    funcs = [op for op in child.ops if isinstance(op, func.FuncOp)]
    main_op = next(op for op in funcs if op.sym_name.data == "main")
    interpreter = PtoInterpreter(module)  # type: ignore[arg-type]
    for functions in upstream_functions():
        interpreter.register_implementations(functions)
    return interpreter.call_op(main_op, (value,))


def test_a_declaration_links_to_the_one_public_definition_of_a_sibling_module() -> None:
    """PTOAS's mixed-backend container (board case micro-op/backend/mixed-external-vadd): a
    child module's declaration runs the sibling's public body, never a private one; two
    public ones are ambiguous."""
    assert _call_nested_main(LINKED, 21) == (42,)
    assert entry_function(parse(LINKED)).sym_name.data == "main"  # @twice is called: no kernel
    twice = LINKED.replace("func.func private @twice(%v", "func.func @twice(%v")
    with pytest.raises(PtoRuntimeError, match=r"@twice is defined public in 2 sibling modules"):
        _call_nested_main(twice, 1)
    alone = LINKED.replace("func.func @twice(%v", "func.func private @twice(%v")
    with pytest.raises(PtoRuntimeError, match=r"@twice is a declaration .* no sibling module"):
        _call_nested_main(alone, 1)


def test_pto_run_runs_a_function_of_several_blocks(tmp_path: Path) -> None:
    """Found by the fuzzer: `pto-run` asked for the parameters of a function of several
    blocks with `Region.block`, a Python ValueError ("only available for single-block
    regions"); its blocks now run."""
    kernel = tmp_path / "blocks.mlir"
    kernel.write_text(CALLS)
    assert main([str(kernel), "--entry", "main", "--arg", "zeros:4xf32", "--arg", "2:index"]) == 0
    assert main([str(kernel), "--entry", "main", "--arg", "zeros:4xf32", "--arg", "3:index"]) == 1


def test_a_while_loop_that_changes_nothing_stops_at_once() -> None:
    text = """
    func.func @k(%n: index, %step: index) {
      %true = arith.constant true
      %r = scf.while (%x = %n) : (index) -> index {
        scf.condition(%true) %x : index
      } do {
      ^bb0(%y: index):
        %z = arith.addi %y, %step : index
        scf.yield %z : index
      }
      func.return
    }
    """
    with pytest.raises(PtoRunError, match=r"scf.while: this loop never ends: .* \(5\)"):
        run(parse(text), 5, 0)
    with pytest.raises(PtoRunError, match="--max-steps"):
        run(parse(text), 5, 1, max_steps=500)  # 5, 6, 7, ...: only the step limit stops it


def test_a_recursion_stops_at_a_call_depth() -> None:
    text = """
    func.func @k(%n: index) {
      func.call @k(%n) : (index) -> ()
      func.return
    }
    """
    with pytest.raises(PtoRunError, match="calls nest more than 64 deep"):
        run(parse(text), 1)


def test_a_loop_of_branches_runs_in_one_scope() -> None:
    """A block run again overwrites its values: the scopes do not pile up per visit (they
    grew without bound, 5 GB at the step limit of an endless `cf.br` loop)."""
    body = """
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^loop(%c0 : index)
  ^loop(%i: index):
    %next = arith.addi %i, %c1 : index
    %more = arith.cmpi slt, %next, %a0 : index
    cf.cond_br %more, ^loop(%next : index), ^done
  ^done:
    func.return %next : index
    """
    depths: list[int] = []

    class Depth(Interpreter.Listener):
        def will_interpret_op(self, op: Operation, args: PythonValues) -> None:
            scope, depth = interpreter._ctx, 0  # pyright: ignore[reportPrivateUsage]
            while scope is not None:
                scope, depth = scope.parent, depth + 1
            depths.append(depth)

    module = _module(f"func.func @main(%a0: index) -> (index) {{\n{body}\n}}")
    interpreter = PtoInterpreter(module, listeners=(Depth(),))
    for functions in upstream_functions():
        interpreter.register_implementations(functions)
    assert interpreter.call_op("main", (500,)) == (500,)
    assert len(depths) > 1500 and max(depths) == min(depths[2:])


USE_BEFORE_DEFINITION = """
func.func @k(%a: index) -> index {
  %r = scf.execute_region -> index {
    %x = arith.addi %y, %a : index
    scf.yield %x : index
  }
  %s = scf.execute_region -> index {
    %y = arith.addi %a, %a : index
    scf.yield %y : index
  }
  func.return %r : index
}
"""


def test_a_use_before_its_definition_in_another_region_is_a_diagnostic(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The issue's third bad input: a value used in one region and defined later in another
    (the parser's forward reference; "Forward declared values do not have an owner" once
    escaped) is an error at the use."""
    kernel = tmp_path / "use.mlir"
    kernel.write_text(USE_BEFORE_DEFINITION)
    assert main([str(kernel), "--arg", "1:index"]) == 1
    err = capsys.readouterr().err
    assert "use.mlir:4:5: error: arith.addi: operand #0 is %y (result #0 of arith.addi at" in err
    assert "whose definition does not dominate this use" in err and "Traceback" not in err
