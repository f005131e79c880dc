"""`pto-fuse{target=...}`: groups of vector-pipe tile ops computed in one vecscope.

Runs on planned, synchronised DPS code (after `pto-resolve-slots`, before
`pto-lower-tile-to-vector`, which lowers what is left one op at a time). Each group
(groups.py) becomes one `pto.vecscope` in place of its last member (emit.py), marked
`pto.fused`; the output bytes are those of the op-by-op lowering. A block is planned whole
before any of its groups is emitted, so the pass is linear in the ops (a group holds at
most `MAX_MEMBERS`); a second run finds no group.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.ir import Block
from xdsl.passes import ModulePass

from passes.common import checked_pass, pass_target
from passes.fuse.emit import fuse_group
from passes.fuse.facts import ModuleFacts
from passes.fuse.groups import find_groups

NAME = "pto-fuse"


@checked_pass
@dataclass(frozen=True)
class FusePass(ModulePass):
    """Fuses consecutive vector-pipe tile ops over the same rows (module docstring)."""

    name = "pto-fuse"

    target: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        blocks: list[Block] = [b for o in op.walk() for r in o.regions for b in r.blocks]
        facts = ModuleFacts(op)  # before any group is emitted
        for block in blocks:
            for group in find_groups(block, target, facts):
                fuse_group(group, target)
