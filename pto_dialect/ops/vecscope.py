"""`pto.vecscope`: the region in which vector micro-ops execute on PIPE_V.

`pto.vecscope { ... }` takes no operands, yields no results and holds one block
without terminator. Every vector op lists the `InVecScope` trait; outside a scope it runs
as in one of its own (PTOAS infers the scopes), except the SPR ops, which the trait rejects
there; scopes do not nest.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar, Self

from xdsl.ir import Block, Operation, Region
from xdsl.irdl import IRDLOperation, irdl_op_definition, region_def, traits_def
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import IsolatedFromAbove, NoTerminator, OpTrait

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.records import NoCycles


def enclosing_vecscope(op: Operation) -> VecScopeOp | None:
    """The nearest `pto.vecscope` around `op`, looking through any region ops.

    The search stops at an op isolated from above (e.g. `func.func`): a scope
    does not extend into a function defined inside it.
    """
    node = op.parent_op()
    while node is not None:
        if isinstance(node, VecScopeOp):
            return node
        if node.has_trait(IsolatedFromAbove):
            return None
        node = node.parent_op()
    return None


@dataclass(frozen=True)
class InVecScope(OpTrait):
    """Usage: `traits = traits_def(InVecScope())`: a vector op, which executes in a
    `pto.vecscope`. Outside one it is accepted and runs as in a scope of its own: PTOAS
    infers the scope (its `PTOInferVPTOVecScope` pass; the `auto_vecscope_infer_*` kernels).
    `InVecScope(required=True)`: the op must sit inside a scope (PTOAS's
    `verifyNestedInVecScope`: `sprclr`, `sprsti`, `sprsts`, part of the scope's control
    sequence)."""

    required: bool = False

    def verify(self, op: Operation) -> None:
        if not self.required or op.parent_op() is None:
            return  # a detached op (being built) is checked once it is placed
        if enclosing_vecscope(op) is None:
            raise fail(f"{op.name} must be nested in a pto.vecscope region")


class BlockScopeOp(PtoOp):
    """An op holding one block of code without arguments or terminator, and no operands
    or results: `NAME { ... } {attrs}?` (`pto.vecscope`, the `pto.section.*` ops)."""

    body = region_def("single_block")

    traits = traits_def(NoTerminator())

    def __init__(self, body: Region | Block | Sequence[Operation] | None = None) -> None:
        if body is None:
            body = Region(Block())
        elif isinstance(body, Block):
            body = Region(body)
        elif not isinstance(body, Region):
            body = Region(Block(body))
        super().__init__(regions=[body])

    @property
    def block(self) -> Block:
        return self.body.block

    @classmethod
    def parse(cls, parser: Parser) -> Self:
        body = parser.parse_region()
        if not body.blocks:
            body.add_block(Block())  # `NAME {}` holds one empty block
        op = cls(body)
        op.attributes.update(parser.parse_optional_attr_dict())
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(" ")
        printer.print_region(self.body, print_entry_block_args=False, print_empty_block=False)
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.body.blocks and self.block.args:
            raise fail(f"{self.name} body takes no block arguments")


@irdl_op_definition
class VecScopeOp(BlockScopeOp):
    """`pto.vecscope { ... }`: one vector-function interval issued to PIPE_V.

    A lowering may say what it chose in a string attribute (`MATMUL_TILE`: the register tile
    of `pto-lower-matmul-to-vector`; `FUSED`: the tile ops of `pto-fuse`); `pto-run
    --report` lists it."""

    name = "pto.vecscope"

    MATMUL_TILE: ClassVar[str] = "pto.matmul_tile"
    """The register tile and computational intensity of a lowered matrix op."""
    FUSED: ClassVar[str] = "pto.fused"
    """The tile ops `pto-fuse` computed in this one scope, and its rows per block."""

    MANUAL: ClassVar = "scalar/ops/micro-instruction/vecscope.md"
    COST: ClassVar = NoCycles("a scope: its body's ops carry the cycles")

    PIPE: ClassVar[Pipe] = Pipe.V

    def verify_(self) -> None:
        super().verify_()
        if enclosing_vecscope(self) is not None:
            raise fail("pto.vecscope must not be nested in another pto.vecscope")
        for inner in self.walk(region_first=False):
            if isinstance(inner, PtoOp) and inner.DELIMITS_VECSCOPE:
                raise fail(
                    f"{inner.name} must be outside pto.vecscope: synchronization operations "
                    "delimit vector scopes"
                )


OPS: list[type[IRDLOperation]] = [VecScopeOp]
