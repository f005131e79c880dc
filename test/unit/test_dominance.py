"""`pto_dialect.dominance`: uses that their definition does not dominate, and the checks
that every project pass makes around its work (`passes.common.checked_pass`)."""

from __future__ import annotations

import itertools
from dataclasses import dataclass
from pathlib import Path

import pytest
from support import context
from xdsl.context import Context
from xdsl.dialects import arith, cf, func, scf
from xdsl.dialects.builtin import IndexType, ModuleOp, StringAttr
from xdsl.ir import Block, Operation, Region
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from interpreters.engine.source import parse_module
from passes.common import CHECKED_PASSES, checked_pass, run_stages
from passes.pipeline import pipeline_passes
from passes.set_target import SetTargetPass
from pto_dialect.dominance import DominanceError, find_violation, verify_dominance
from pto_dialect.ops.base import TARGET_ATTR
from pto_dialect.scf_rules import find_scf_violation
from pto_dialect.universe import PTO_UNIVERSE

ROOT = Path(__file__).parents[2]
INPUTS = ROOT / "test/filecheck/passes/Inputs"


def ctx() -> Context:
    return context(arith.Arith, cf.Cf, scf.Scf)


def parse(text: str) -> ModuleOp:
    return parse_module(ctx(), text, "k.mlir")


def ops_named(module: ModuleOp, name: str) -> list[Operation]:
    return [op for op in module.walk() if op.name == name]


# ---- valid IR --------------------------------------------------------------------------------


@pytest.mark.parametrize("path", sorted((ROOT / "examples").glob("*.mlir")), ids=lambda p: p.stem)
def test_examples_have_no_violation(path: Path) -> None:
    assert find_violation(parse(path.read_text())) is None


VALID_CFG = """
func.func @f(%c: i1, %x: index) -> index {
  %one = arith.constant 1 : index
  cf.cond_br %c, ^left, ^right
^left:
  %a = arith.addi %x, %one : index
  cf.br ^join(%a : index)
^right:
  cf.br ^join(%one : index)
^join(%v: index):
  %w = arith.addi %v, %one : index
  cf.cond_br %c, ^join(%w : index), ^exit
^exit:
  func.return %w : index
}
"""


def test_values_of_dominating_blocks_are_visible() -> None:
    """The entry's %one in every block, the loop header's %w in the exit it dominates."""
    assert find_violation(parse(VALID_CFG)) is None


# ---- violations ------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("file", "user", "line"),
    [
        ("use_before_def.mlir", "pto.tabs", 11),
        ("use_before_loop.mlir", "pto.tabs", 11),
        ("use_in_loop_before_def.mlir", "pto.tstore", 12),
        ("use_at_module_level.mlir", "arith.addi", 3),
    ],
)
def test_lit_inputs_name_the_use(file: str, user: str, line: int) -> None:
    module = parse_module(ctx(), (INPUTS / file).read_text(), file)
    violation = find_violation(module)
    assert violation is not None
    assert (violation.user.name, violation.index) == (user, 0)
    assert str(violation).startswith(f"{user} at {file}:{line}:")
    with pytest.raises(DominanceError, match=f"operand #0 is %{violation.value.name_hint} "):
        verify_dominance(module)


def test_a_value_of_a_loop_body_used_after_the_loop() -> None:
    """The parser cannot express it (names are scoped), a transformation can."""
    module = parse("""
func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  scf.for %i = %c0 to %n step %c1 {
    %inside = arith.addi %i, %c1 : index
    scf.yield
  }
  %after = arith.addi %c1, %c1 : index
  func.return %after : index
}
""")
    adds = ops_named(module, "arith.addi")
    (inside,) = [op for op in adds if op.results[0].name_hint == "inside"]
    after = ops_named(module, "func.return")[0]
    after.operands = [inside.results[0]]
    violation = find_violation(module)
    assert violation is not None
    assert (violation.user, violation.index) == (after, 0)
    assert "%inside (result #0 of arith.addi at k.mlir:6:5)" in violation.message


def test_an_op_does_not_see_its_own_results_in_its_regions() -> None:
    module = parse("""
func.func @f(%n: index) -> index {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %c0) -> (index) {
    scf.yield %acc : index
  }
  func.return %r : index
}
""")
    (loop,) = ops_named(module, "scf.for")
    (yield_op,) = ops_named(module, "scf.yield")
    yield_op.operands = [loop.results[0]]
    violation = find_violation(module)
    assert violation is not None and violation.user is yield_op
    assert "argument" not in violation.message and "result #0 of scf.for" in violation.message


def test_a_block_argument_is_named_with_its_block() -> None:
    module = parse(VALID_CFG)
    (first,) = [op for op in ops_named(module, "arith.addi") if op.results[0].name_hint == "a"]
    join_arg = [op for op in ops_named(module, "arith.addi") if op.results[0].name_hint == "w"]
    first.operands = [join_arg[0].operands[0], first.operands[1]]  # %v of ^join, in ^left
    violation = find_violation(module)
    assert violation is not None and violation.user is first
    assert "%v (argument #0 of a block of func.func at k.mlir:2:1)" in violation.message


def test_a_block_that_does_not_dominate_hides_its_values() -> None:
    module = parse(VALID_CFG)
    (a_op,) = [op for op in ops_named(module, "arith.addi") if op.results[0].name_hint == "a"]
    (ret,) = ops_named(module, "func.return")
    ret.operands = [a_op.results[0]]  # ^left does not dominate ^exit
    violation = find_violation(module)
    assert violation is not None and violation.user is ret


def test_an_isolated_op_sees_nothing_from_outside() -> None:
    module = parse("""
%k = arith.constant 1 : index
func.func @f() -> index {
  func.return %k : index
}
""")
    violation = find_violation(module)
    assert violation is not None and violation.user.name == "func.return"


def test_an_unreachable_block_sees_only_its_own_values() -> None:
    module = parse("""
func.func @f() -> index {
  %one = arith.constant 1 : index
  func.return %one : index
^dead:
  %two = arith.addi %one, %one : index
  func.return %two : index
}
""")
    violation = find_violation(module)
    assert violation is not None and violation.user.name == "arith.addi"


def test_a_long_chain_of_blocks_is_walked_without_recursion() -> None:
    """5000 blocks, each the only predecessor of the next: a dominator tree 5000 deep. The
    entry's value is visible in the last block; a value of the last block is not in the
    second."""
    blocks = [Block() for _ in range(5000)]
    const = arith.ConstantOp.from_int_and_width(1, IndexType())
    blocks[0].add_op(const)
    for block, successor in itertools.pairwise(blocks):
        block.add_op(cf.BranchOp(successor))
    late = arith.AddiOp(const, const)
    blocks[-1].add_ops([late, func.ReturnOp(late)])
    module = ModuleOp([func.FuncOp("f", ((), (IndexType(),)), Region(blocks))])
    assert find_violation(module) is None
    early = arith.AddiOp(late, const)
    first = blocks[1].first_op
    assert first is not None
    blocks[1].insert_op_before(early, first)
    violation = find_violation(module)
    assert violation is not None and violation.user is early


# ---- scf.if rules ----------------------------------------------------------------------------

IF_TEMPLATE = """
func.func @f(%c: i1, %x: index) -> index {{
  %r = "scf.if"(%c) ({{
    {then}
  }}, {{
    {other}
  }}) : (i1) -> index
  func.return %r : index
}}
"""


@pytest.mark.parametrize(
    ("then", "other", "culprit", "message"),
    [
        ("scf.yield %x : index", "", "scf.if", "has 1 result(s) but no else region"),
        ("scf.yield", "scf.yield %x : index", "scf.yield", "yields 0 value(s) but"),
        ("scf.yield %x : index", "scf.yield %c : i1", "scf.yield", "operand #0 has type i1"),
    ],
)
def test_scf_if_must_yield_its_results(then: str, other: str, culprit: str, message: str) -> None:
    module = parse(IF_TEMPLATE.format(then=then, other=other))
    violation = find_scf_violation(module)
    assert violation is not None
    assert violation.op.name == culprit and message in violation.message


def test_a_well_formed_scf_if_passes() -> None:
    text = IF_TEMPLATE.format(then="scf.yield %x : index", other="scf.yield %x : index")
    assert find_scf_violation(parse(text)) is None


# ---- the checks around every pass ------------------------------------------------------------


def test_every_project_pass_is_checked() -> None:
    for name, load in PTO_UNIVERSE.all_passes.items():
        assert load() in CHECKED_PASSES, f"{name} is not decorated with checked_pass"


@pytest.mark.parametrize("name", sorted(PTO_UNIVERSE.all_passes))
def test_every_pass_rejects_a_use_before_its_definition(name: str) -> None:
    module = parse((INPUTS / "use_before_def.mlir").read_text())
    printed = str(module)
    cls = PTO_UNIVERSE.all_passes[name]()
    pass_ = SetTargetPass("a5") if cls is SetTargetPass else cls()
    first = pipeline_passes()[0].name if name == "pto-pipeline" else name  # its first stage
    with pytest.raises(PassFailedException, match=f"^{first}: pto.tabs at k.mlir:11:5: operand #0"):
        pass_.apply(ctx(), module)
    assert str(module) == printed


@checked_pass
@dataclass(frozen=True)
class _DropTerminators(ModulePass):
    """A broken pass: it erases every func.return."""

    name = "test-drop-terminators"

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        for ret in ops_named(op, "func.return"):
            ret.detach()
            ret.erase()


def test_a_pass_whose_output_does_not_verify_fails_naming_itself() -> None:
    module = parse("func.func @f() {\n  func.return\n}\n")
    with pytest.raises(
        PassFailedException,
        match=r"^test-drop-terminators: .*the output does not verify: .*func\.func",
    ):
        _DropTerminators().apply(ctx(), module)


def test_stages_checked_once_still_name_the_stage_that_broke_the_output() -> None:
    """`run_stages` (the pipeline) verifies only its final output, yet a stage whose output
    does not verify is named as if each stage had checked, and the later stage that ran on
    its output is not blamed."""
    module = parse("func.func @f() {\n  func.return\n}\n")
    stages = [SetTargetPass("a5"), _DropTerminators(), SetTargetPass("cpu")]
    with pytest.raises(
        PassFailedException,
        match=r"^test-drop-terminators: .*the output does not verify: .*func\.func",
    ):
        run_stages(ctx(), stages, module)
    good = parse("func.func @f() {\n  func.return\n}\n")
    run_stages(ctx(), [SetTargetPass("a5"), SetTargetPass("cpu")], good)
    assert good.attributes[TARGET_ATTR] == StringAttr("cpu")


TCOLMIN_BF16 = """
builtin.module attributes {pto.target_arch = "a5"} {
  func.func @f(%s: !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>,
               %d: !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>) {
    pto.tcolmin ins(%s : !pto.tile_buf<loc=vec, dtype=bf16, rows=16, cols=16>)
                outs(%d : !pto.tile_buf<loc=vec, dtype=bf16, rows=1, cols=16>)
    func.return
  }
}
"""


def test_set_target_keeps_the_target_when_the_module_is_illegal_on_the_new_one() -> None:
    module = parse(TCOLMIN_BF16)
    with pytest.raises(
        PassFailedException,
        match=r"^pto-set-target: pto\.tcolmin at k\.mlir:\d+:\d+: the module is not legal on "
        r"target a2a3: pto\.tcolmin dtype bf16 is not supported",
    ):
        SetTargetPass("a2a3").apply(ctx(), module)
    assert module.attributes[TARGET_ATTR] == StringAttr("a5")
