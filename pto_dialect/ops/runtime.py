"""Block-dimension queries, the UB memory barrier and the core sections of a kernel.

- `%b = pto.get_block_idx`, `pto.get_block_num`, `pto.get_subblock_idx`,
  `pto.get_subblock_num`: the launch coordinates of the running kernel instance, i64
  (manual: scalar/ops/micro-instruction/block-dim-query.md; PTOAS PTOOps.td).
- `pto.mem_bar "VST_VLD"`: orders aliased UB accesses of the classes it names (manual:
  scalar/ops/pipeline-sync/mem-bar.md; kinds from PTOAS PTOAttrs.td `MemBarKind`).
- `pto.section.vector { ... }` / `pto.section.cube { ... }`: code for the vector or the cube
  cores of a mixed kernel (PTOAS PTOOps.td; no page in the ISA manual).
"""

from __future__ import annotations

from enum import StrEnum
from typing import ClassVar

from xdsl.dialects.builtin import StringAttr, i64
from xdsl.irdl import (
    IRDLOperation,
    irdl_op_definition,
    prop_def,
    result_def,
    traits_def,
)
from xdsl.parser import Parser
from xdsl.printer import Printer
from xdsl.traits import Pure

from pto_dialect.attrs import Pipe
from pto_dialect.ops.base import PtoOp, define_op, fail
from pto_dialect.ops.vecscope import BlockScopeOp
from pto_dialect.records import NoCycles

_QUERY_PAGE = "scalar/ops/micro-instruction/block-dim-query.md"
_QUERY_COST = NoCycles("a scalar read of a launch register: no cycles of its own")


class BlockQueryOp(PtoOp):
    """`%r = pto.<query>`: one i64 launch coordinate of the running instance (`KEY`)."""

    KEY: ClassVar[str]
    """`block_idx`, `block_num`, `subblock_idx` or `subblock_num`."""

    result = result_def(i64)
    traits = traits_def(Pure())

    assembly_format = "attr-dict"

    def __init__(self) -> None:
        super().__init__(result_types=[i64])


GetBlockIdxOp = define_op(
    BlockQueryOp, "GetBlockIdxOp", "pto.get_block_idx", "This block's index, in [0, block_num).",
    MANUAL=_QUERY_PAGE, COST=_QUERY_COST, KEY="block_idx",
)  # fmt: skip
GetBlockNumOp = define_op(
    BlockQueryOp, "GetBlockNumOp", "pto.get_block_num", "The number of launched blocks.",
    MANUAL=_QUERY_PAGE, COST=_QUERY_COST, KEY="block_num",
)  # fmt: skip
GetSubBlockIdxOp = define_op(
    BlockQueryOp, "GetSubBlockIdxOp", "pto.get_subblock_idx",
    "This vector core's index within its block, in [0, subblock_num).",
    MANUAL=_QUERY_PAGE, COST=_QUERY_COST, KEY="subblock_idx",
)  # fmt: skip
GetSubBlockNumOp = define_op(
    BlockQueryOp, "GetSubBlockNumOp", "pto.get_subblock_num",
    "The number of vector cores (subblocks) of a block.",
    MANUAL=_QUERY_PAGE, COST=_QUERY_COST, KEY="subblock_num",
)  # fmt: skip


class MemBarKind(StrEnum):
    """The access classes a `mem_bar` orders: V vector, S scalar, LD/ST loads/stores."""

    VV_ALL = "VV_ALL"
    VST_VLD = "VST_VLD"
    VLD_VST = "VLD_VST"
    VST_VST = "VST_VST"
    VS_ALL = "VS_ALL"
    VST_LD = "VST_LD"
    VLD_ST = "VLD_ST"
    VST_ST = "VST_ST"
    SV_ALL = "SV_ALL"
    ST_VLD = "ST_VLD"
    LD_VST = "LD_VST"
    ST_VST = "ST_VST"
    SS_ALL = "SS_ALL"
    ST_LD = "ST_LD"
    LD_ST = "LD_ST"
    ST_ST = "ST_ST"


@irdl_op_definition
class MemBarOp(PtoOp):
    """`pto.mem_bar "KIND"`: later UB accesses of the second class wait for earlier ones of
    the first. Vector accesses issue in order on PIPE_V in this machine, so it orders what
    is ordered already: it runs on V with no cycles."""

    name = "pto.mem_bar"

    MANUAL: ClassVar = "scalar/ops/pipeline-sync/mem-bar.md"
    COST: ClassVar = NoCycles("an ordering point: no cycles of its own")
    PIPE: ClassVar[Pipe] = Pipe.V

    kind = prop_def(StringAttr)

    def __init__(self, kind: MemBarKind) -> None:
        super().__init__(properties={"kind": StringAttr(kind.value)})

    @classmethod
    def parse(cls, parser: Parser) -> MemBarOp:
        pos = parser.pos
        word = parser.parse_str_literal('a mem_bar kind such as "VST_VLD"')
        if word not in MemBarKind.__members__:
            kinds = ", ".join(MemBarKind.__members__)
            parser.raise_error(f"pto.mem_bar kind '{word}' is not one of {kinds}", pos)
        op = cls(MemBarKind(word))
        op.attributes |= parser.parse_optional_attr_dict()
        return op

    def print(self, printer: Printer) -> None:
        printer.print_string(f' "{self.kind.data}"')
        printer.print_op_attributes(self.attributes)

    def verify_(self) -> None:
        if self.kind.data not in MemBarKind.__members__:
            raise fail(f"pto.mem_bar kind '{self.kind.data}' is not a MemBarKind")


class SectionOp(BlockScopeOp):
    """`pto.section.<core> { ... }`: a single-block region of code for one kind of core.

    Each kind of core runs the sections of its kind and skips the others' (a run of a
    module that is not mixed models one vector core; docs/semantics.md)."""

    MANUAL: ClassVar = "https://github.com/vpto-dev/PTOAS/blob/main/docs/PTO_IR_manual.md"
    COST: ClassVar = NoCycles("a container: its body's ops carry the cycles")
    RUNS: ClassVar[bool]
    """Whether the vector cores run the body (else the cube core does)."""


SectionVectorOp = define_op(
    SectionOp, "SectionVectorOp", "pto.section.vector", "Code for the vector cores.", RUNS=True
)
SectionCubeOp = define_op(
    SectionOp, "SectionCubeOp", "pto.section.cube", "Code for the cube core.", RUNS=False
)

OPS: list[type[IRDLOperation]] = [
    GetBlockIdxOp,
    GetBlockNumOp,
    GetSubBlockIdxOp,
    GetSubBlockNumOp,
    MemBarOp,
    SectionVectorOp,
    SectionCubeOp,
]
