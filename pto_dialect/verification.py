"""The project's verification of a module: xDSL's, and the rules it lacks.

`check_module` checks the target each module names (`pto.target_arch`), runs xDSL's verifier
(whose scf verifiers may raise plain exceptions, turned into a `VerifyException` here), then
the dominance check (`dominance.py`) and the scf rules (`scf_rules.py`). Every tool of the
project verifies through it: a failure is a diagnostic.
"""

from __future__ import annotations

from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Operation
from xdsl.utils.exceptions import DiagnosticException, VerifyException

from pto_dialect.dominance import verify_dominance
from pto_dialect.ops.base import target_of
from pto_dialect.scf_rules import find_scf_violation


def first_line(err: BaseException) -> str:
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return lines[0] if lines else type(err).__name__


def failing_op(root: Operation) -> Operation | None:
    """The first op in program order whose own verifier (not its regions') fails."""
    for op in root.walk():
        try:
            op.verify(verify_nested_ops=False)
        except Exception:  # whichever exception a dialect's verifier raises
            return op
    return None


class UnknownTargetName(VerifyException):
    """A module whose `pto.target_arch` names no target (`module`: where to say so)."""

    def __init__(self, message: str, module: Operation) -> None:
        super().__init__(message)
        self.module = module


def check_target_names(root: Operation) -> None:
    """Raises `UnknownTargetName` where the module of `root`, or a module nested in it, names
    no target: before any op's verifier, which asks for the target (`target_of`)."""
    try:
        target_of(root)
    except VerifyException as err:
        raise UnknownTargetName(first_line(err), root) from None
    if isinstance(root, ModuleOp):
        for op in root.ops:
            if isinstance(op, ModuleOp):
                check_target_names(op)


def check_module(root: Operation) -> None:
    """Raises `VerifyException` unless `root` names a known target, verifies, every use is
    dominated by its definition and every `scf.if` yields its results."""
    check_target_names(root)
    try:
        root.verify()
    except DiagnosticException:
        raise
    except Exception as err:  # xDSL's scf verifiers raise plain exceptions
        op = failing_op(root)
        prefix = f"{op.name}: " if op is not None else ""
        raise VerifyException(f"{prefix}{first_line(err)}") from None
    verify_dominance(root)
    if (bad := find_scf_violation(root)) is not None:
        raise VerifyException(bad.message)
