"""What the passes share: the target they work for, how they fail, and the checks around
every pass (`checked_pass`)."""

from __future__ import annotations

import functools
from collections.abc import Generator, Sequence
from contextlib import contextmanager
from contextvars import ContextVar
from typing import TypeVar

from xdsl.context import Context
from xdsl.dialects import arith
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriteWalker, RewritePattern
from xdsl.utils.exceptions import PassFailedException

from pto_dialect.diagnostics import LocatedPassFailure
from pto_dialect.dominance import find_violation
from pto_dialect.memory_types import SPACE_OF_LOCATION, PtrType
from pto_dialect.ops.base import target_of
from pto_dialect.ops.pointer import CastPtrOp
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.scf_rules import find_scf_violation
from pto_dialect.targets import (
    TargetProfile,
    UnknownTargetError,
    parse_target,
    profile_for_module_attr,
)

PassT = TypeVar("PassT", bound=ModulePass)

CHECKED_PASSES: set[type[ModulePass]] = set()
"""The pass classes wrapped by `checked_pass` (a test requires every project pass here)."""


def pass_error(pass_name: str, message: str, op: Operation | None = None) -> PassFailedException:
    """`pto-plan-memory: pto.alloc_tile at k.mlir:3:5: <message>`; raise the result (it
    keeps `op`, so that `pto-opt` reports the message at the op's place)."""
    return LocatedPassFailure(pass_name, message, op)


def check_input(pass_name: str, module: ModuleOp) -> None:
    """Fails unless every use in `module` is dominated by its definition and every
    `scf.if` yields its results (rules xDSL's verifier lacks and the passes rely on)."""
    if (use := find_violation(module)) is not None:
        raise pass_error(pass_name, use.message, use.user)
    if (bad := find_scf_violation(module)) is not None:
        raise pass_error(pass_name, bad.message, bad.op)


def _first_failing_op(module: ModuleOp) -> Operation | None:
    """The first op in program order whose own verifier (not its regions') fails."""
    for op in module.walk():
        try:
            op.verify(verify_nested_ops=False)
        except Exception:  # any verifier failure, whichever exception a dialect raises
            return op
    return None


def verify_module(pass_name: str, module: ModuleOp, what: str) -> None:
    """Fails with `pass_name: <op>: <what>: <verifier message>` unless `module` verifies."""
    try:
        module.verify()
    except Exception as err:  # xDSL and some of its dialects raise plain exceptions too
        lines = [line.strip() for line in str(err).splitlines() if line.strip()]
        message = (lines[0] if lines else type(err).__name__).removeprefix(
            "Operation does not verify: "
        )
        raise pass_error(pass_name, f"{what}: {message}", _first_failing_op(module)) from None


_UNCHECKED: ContextVar[bool] = ContextVar("pto_unchecked_stages", default=False)
"""Set while `run_stages` runs stages whose checks it makes itself."""


def checked_pass(cls: type[PassT]) -> type[PassT]:
    """Class decorator of every project pass: `apply` first checks its input with
    `check_input` (so no pass meets a use before its definition), then runs, then verifies
    its output (a pass never writes IR that does not verify). Inside `run_stages` the
    checks are the pipeline's."""
    apply = cls.apply

    @functools.wraps(apply)
    def checked_apply(self: PassT, ctx: Context, op: ModuleOp) -> None:
        if _UNCHECKED.get():
            apply(self, ctx, op)
            return
        check_input(cls.name, op)
        apply(self, ctx, op)
        verify_module(cls.name, op, "the output does not verify")

    cls.apply = checked_apply
    CHECKED_PASSES.add(cls)
    return cls


def checked_by_stages(cls: type[PassT]) -> type[PassT]:
    """Class decorator of a pass that only runs `checked_pass` passes in sequence (the
    pipeline) through `run_stages`, which checks the input and the final output; the pass
    adds no check of its own."""
    CHECKED_PASSES.add(cls)
    return cls


@contextmanager
def checks_deferred() -> Generator[None]:
    """Project passes skip their input check and output verification while this is active:
    for a caller that checks the final result itself (`run_stages`, a test that compares
    the output with one already verified)."""
    token = _UNCHECKED.set(True)
    try:
        yield
    finally:
        _UNCHECKED.reset(token)


def run_stages(ctx: Context, stages: Sequence[ModulePass], module: ModuleOp) -> None:
    """Runs `stages` (`checked_pass` passes) on `module`, checking the input once (in the
    first stage's name) and verifying the final output once instead of after every stage
    (a verify of a lowered module costs more than most passes). When anything fails, the
    stages run again from a copy of the input, each checked, so that the diagnostic names
    the stage and op that broke the rule, as if every stage had checked (the same result,
    slower only on failure)."""
    if not stages:
        return
    check_input(stages[0].name, module)
    original = module.clone()
    try:
        with checks_deferred():
            for stage in stages:
                stage.apply(ctx, module)
        check_input(stages[-1].name, module)
        verify_module(stages[-1].name, module, "the output does not verify")
    except Exception:
        _restore(module, original)
        for stage in stages:
            stage.apply(ctx, module)
        raise


def _restore(module: ModuleOp, original: ModuleOp) -> None:
    """Gives `module` the body and attributes of `original` (which it consumes)."""
    for op in list(module.body.block.ops):
        op.detach()
        op.erase(safe_erase=False)
    for op in list(original.body.block.ops):
        op.detach()
        module.body.block.add_op(op)
    module.attributes = dict(original.attributes)
    module.properties = dict(original.properties)


def rewrite_once(pattern: RewritePattern, module: ModuleOp) -> None:
    """Applies `pattern` in one walk of `module` (no re-application to what it builds). A
    `pass_error` raised by the pattern surfaces as itself, without the IR dump that the
    walker appends to the exception's notes."""
    try:
        PatternRewriteWalker(pattern, apply_recursively=False).rewrite_module(module)
    except LocatedPassFailure as err:
        raise LocatedPassFailure(err.pass_name, err.message, err.op) from None
    except PassFailedException as err:
        raise PassFailedException(str(err)) from None


def pass_target(pass_name: str, module: ModuleOp, target: str | None) -> TargetProfile:
    """The pass option `target` if given, else the module's `pto.target_arch` (cpu if none)."""
    if target is None:
        return target_of(module)
    try:
        return profile_for_module_attr(parse_target(target).value)
    except UnknownTargetError as err:
        raise pass_error(pass_name, str(err)) from None


def tile_pointer(alloc: AllocTileOp) -> tuple[list[Operation], SSAValue]:
    """Ops that make a `!pto.ptr<T, space>` to the planned tile buffer of `alloc`, and it.

    The caller inserts the ops (an `arith.constant` of the address and a `pto.castptr`)
    where the pointer is needed; `alloc` must have a planned (constant) address.
    """
    address = alloc.address
    assert address is not None, "tile_pointer needs a planned alloc_tile"
    tile = alloc.tile_type
    const = arith.ConstantOp.from_int_and_width(address, 64)
    cast = CastPtrOp(const, PtrType(tile.dtype, SPACE_OF_LOCATION[tile.location]))
    return [const, cast], cast.result
