"""`pto-set-target{target=...}`: pin the module's `pto.target_arch`.

Verification is per target, so this pass is how a kernel written for one target
is checked against another: `xdsl-opt -p 'pto-set-target{target=a2a3}' k.mlir`.
Aliases are normalised (`a2`, `a3` become `a2a3`). A module that does not verify on the new
target is a diagnostic naming the first illegal op (the module keeps its target).
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.passes import ModulePass
from xdsl.utils.exceptions import PassFailedException

from passes.common import checked_pass, verify_module
from pto_dialect.ops.base import TARGET_ATTR
from pto_dialect.targets import UnknownTargetError, parse_target


@checked_pass
@dataclass(frozen=True)
class SetTargetPass(ModulePass):
    name = "pto-set-target"

    target: str

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        try:
            arch = parse_target(self.target)
        except UnknownTargetError as err:
            raise PassFailedException(f"{self.name}: {err}") from None
        previous = op.attributes.get(TARGET_ATTR)
        op.attributes[TARGET_ATTR] = StringAttr(arch.value)
        try:
            verify_module(self.name, op, f"the module is not legal on target {arch.value}")
        except PassFailedException:
            if previous is None:
                del op.attributes[TARGET_ATTR]
            else:
                op.attributes[TARGET_ATTR] = previous
            raise
