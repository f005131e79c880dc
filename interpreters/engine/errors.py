"""The one error type of a PTO run: an op broke a rule that depends on run-time values."""

from __future__ import annotations

from xdsl.ir import Operation


class PtoRuntimeError(Exception):
    """A run-time rule violation, reported by `pto-run` as one line naming the op and rule."""

    def __init__(self, message: str, op: Operation | None = None) -> None:
        super().__init__(message)
        self.message = message
        self.op = op

    def with_op(self, op: Operation) -> PtoRuntimeError:
        """The same error attributed to `op` unless it already names one."""
        if self.op is None:
            self.op = op
        return self

    def __str__(self) -> str:
        if self.op is None:
            return self.message
        return f"{self.op.name}: {self.message}"


def check(condition: bool, message: str) -> None:
    """Raise a `PtoRuntimeError` with `message` unless `condition` holds."""
    if not condition:
        raise PtoRuntimeError(message)
