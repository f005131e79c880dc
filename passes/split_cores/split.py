"""`pto-split-cube-vector{handoff=gm|pipe}`: a mixed Level-1 function, one that computes
with tiles of the cube core (mat, left, right, acc, ...) and of the vector cores (vec),
becomes two kernels of the same arguments: `@<name>_cube` (`pto.kernel_kind = cube`, run by
the block's AIC) and `@<name>_vector` (`vector`, run by each of its AIVs on half the rows,
`halve`).

Each keeps its own tile ops, the loops and scalar code they need, and its side of each
hand-over: through the GM work space with a pair of FFTS flags (`handoffs`, every target,
the default) or through A5's cross-core pipes (`pipes`, `handoff=pipe`). The result gives
the bytes of the one-core function (translation validation: test/unit/test_split_cores.py).
A function that is not mixed, not at Level 1 (a DPS tile op) or already says its kind is
left as it is, and so, with `handoff=gm`, is one that moves a tile between the two cores'
memories in one op (A5's `tmov` acc -> vec: one core's code there, a pipe transfer with
`handoff=pipe`). It is pto-pipeline's first stage: convert-to-dps, planning
and sync then work on each kernel alone, and a cube lowering (pto-lower-matrix) belongs
after it, on the cube kernel.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.dialects import func, scf
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.ir import Operation
from xdsl.passes import ModulePass
from xdsl.rewriter import InsertPoint, Rewriter
from xdsl.utils.exceptions import PassFailedException

from passes.common import checked_pass, pass_error
from passes.split_cores.halve import halve_rows
from passes.split_cores.handoffs import NAME, add_flags, find_handoffs
from passes.split_cores.kinds import kind_of, tile_kinds
from passes.split_cores.pipes import add_pipes, transfers
from passes.split_cores.prune import prune, remove_unused
from pto_dialect.attrs import KernelKind, KernelKindAttr
from pto_dialect.kernels import KIND
from pto_dialect.ops.base import TileOp, target_of
from pto_dialect.ops.cross_core_pipe import CorePipeOp
from pto_dialect.ops.ffts import FftsOp
from pto_dialect.ops.runtime import BlockQueryOp, SectionCubeOp, SectionVectorOp
from pto_dialect.ops.tile_memory import MakeTensorViewOp, PartitionViewOp
from pto_dialect.ops.tile_move import TMovOp

HANDOFFS = ("gm", "pipe")


def _mixed(
    function: func.FuncOp, handoff: str
) -> tuple[dict[Operation, KernelKind], list[TMovOp]] | None:
    """The core kind of each tile op of `function` and its moves between the two cores'
    memories (`tmov` acc -> vec, vec -> mat: only with `handoff=pipe`) when it is a mixed
    function to split."""
    if KIND in function.attributes or not function.body.blocks:
        return None
    kinds: dict[Operation, KernelKind] = {}
    moves: list[TMovOp] = []
    for op in function.walk():
        if isinstance(op, SectionCubeOp | SectionVectorOp | CorePipeOp | FftsOp):
            return None
        if isinstance(op, TileOp):
            if op.is_dps:
                return None  # Level 2: buffers placed for one core
            kind = kind_of(op)
            if kind is not None:
                kinds[op] = kind
            elif tile_kinds(op):
                if handoff != "pipe" or not isinstance(op, TMovOp):
                    return None
                moves.append(op)
    return (kinds, moves) if len(set(kinds.values())) == 2 else None


SHARED: tuple[type[Operation], ...] = (
    func.FuncOp,
    func.ReturnOp,
    scf.ForOp,
    scf.YieldOp,
    MakeTensorViewOp,
    PartitionViewOp,
    BlockQueryOp,
)
"""Ops besides tile ops and pure scalar arithmetic (`arith`, `math`) that both kernels may
hold: the loops, the GM views and the launch queries."""


def _check_structure(function: func.FuncOp) -> None:
    """Every op is a tile op (of one core) or one both cores may run."""
    if function.function_type.outputs.data:
        raise pass_error(NAME, "a kernel split over the cores returns nothing", function)
    for op in function.walk():
        if isinstance(op, (TileOp, *SHARED)) or op.dialect_name() in ("arith", "math"):
            continue
        raise pass_error(
            NAME,
            "only tile ops, views, launch queries, arith and scf.for may be in a function "
            "split over the cores (which core would run it?)",
            op,
        )


def split_function(
    function: func.FuncOp, kinds: dict[Operation, KernelKind], moves: list[TMovOp], handoff: str
) -> None:
    """Replaces `function` by its cube kernel and its vector kernel, handing tiles over
    through GM (`handoff` gm) or A5's cross-core pipes (pipe, which also carry `moves`)."""
    _check_structure(function)
    ops = list(function.walk())
    handoffs = find_handoffs(ops, kinds)
    name = function.sym_name.data
    names = {kind: f"{name}_{kind.value}" for kind in KernelKind}
    for kind in (KernelKind.CUBE, KernelKind.VECTOR):
        copy = function.clone()
        mapping = dict(zip(ops, copy.walk(), strict=True))
        leaving: list[Operation] = []
        if handoff == "pipe":
            leaving = add_pipes(kind, transfers(handoffs, moves), mapping, copy, names)
        else:
            add_flags(kind, handoffs, mapping)
        others = [mapping[o] for o in ops if o in kinds and kinds[o] is not kind]
        prune(copy, others + leaving, kind)
        if kind is KernelKind.VECTOR:
            halve_rows(copy)
            remove_unused(copy)
        copy.sym_name = StringAttr(names[kind])
        copy.attributes[KIND] = KernelKindAttr(kind)
        Rewriter.insert_op(copy, InsertPoint.before(function))
    Rewriter.erase_op(function)


@checked_pass
@dataclass(frozen=True)
class SplitCubeVectorPass(ModulePass):
    name = NAME

    handoff: str = "gm"
    """`gm`: through GM work spaces with FFTS flags (every target); `pipe`: A5's cross-core
    pipes (`pipes`)."""

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        if self.handoff not in HANDOFFS:
            raise PassFailedException(f"{NAME}: handoff={self.handoff} must be gm or pipe")
        arch = target_of(op).name
        if self.handoff == "pipe" and arch != "a5":
            raise PassFailedException(
                f"{NAME}: handoff=pipe needs target a5 (A2/A3 have no L0C -> UB path; their "
                f"tiles go through GM), the module's target is {arch}"
            )
        for function in list(op.body.block.ops):
            if (
                isinstance(function, func.FuncOp)
                and (found := _mixed(function, self.handoff)) is not None
            ):
                split_function(function, *found, self.handoff)
