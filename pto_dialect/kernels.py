"""Which cores a module's kernels run on: `pto.kernel_kind` on a function (the attribute is
keyed by `KernelKindAttr.name`), cube sections and the cross-core pipe and FFTS ops that only
a launch with a cube core gives meaning to; the launch's pair of kernels."""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.dialects.builtin import IndexType, IntegerType, ModuleOp
from xdsl.dialects.func import FuncOp
from xdsl.ir import Operation

from pto_dialect.attrs import KernelKind, KernelKindAttr
from pto_dialect.ops import cross_core_pipe, ffts, lowered_pipe
from pto_dialect.ops.cross_core_pipe import PipeEndOp
from pto_dialect.ops.ffts import SetFftsOp, SyncAllOp
from pto_dialect.ops.lowered_pipe import LoweredPipeEndOp
from pto_dialect.ops.runtime import GetSubBlockIdxOp, GetSubBlockNumOp, SectionCubeOp

KIND = KernelKindAttr.name
"""The function attribute naming the kind of core a kernel runs on."""

CROSS_CORE_OPS = frozenset(
    (*cross_core_pipe.OPS, *lowered_pipe.INITS, *lowered_pipe.PIPE_ENDS, *ffts.OPS)
) - {SyncAllOp, SetFftsOp}
"""The pipe and FFTS ops that only a launch with a cube core gives meaning to."""


def kind_of(func: FuncOp) -> KernelKind | None:
    """The `pto.kernel_kind` of `func`, if it has one."""
    kind = func.attributes.get(KIND)
    return kind.data if isinstance(kind, KernelKindAttr) else None


def has_cube_code(module: ModuleOp) -> bool:
    """A cube section, a cross-core pipe or FFTS op, or a cube and a vector kernel."""
    kinds: set[KernelKind] = set()
    for op in module.walk():
        if isinstance(op, SectionCubeOp) or (type(op) in CROSS_CORE_OPS):
            return True
        if isinstance(op, FuncOp) and (kind := kind_of(op)) is not None:
            kinds.add(kind)
    return len(kinds) == 2


def is_mixed(module: ModuleOp) -> bool:
    """Whether `module` talks across cores or has code for both kinds of core: then its
    launch runs on the cores of a cluster. A kernel of one kind alone (`pto.kernel_kind
    <vector>` on its only function) runs one core a block."""
    return has_cube_code(module) or any(isinstance(op, SyncAllOp) for op in module.walk())


def takes_subblock(pair: dict[KernelKind, FuncOp]) -> bool:
    """Whether the vector kernel takes the cube's arguments and one more trailing integer,
    its subblock index (pypto's `%__pypto_spmd_subblock_idx`)."""
    cube = pair[KernelKind.CUBE].function_type.inputs.data
    vector = pair[KernelKind.VECTOR].function_type.inputs.data
    return (
        len(vector) == len(cube) + 1
        and vector[:-1] == cube
        and isinstance(vector[-1], IntegerType | IndexType)
    )


def kernel_pair(funcs: Sequence[FuncOp]) -> dict[KernelKind, FuncOp] | None:
    """Of `funcs`, two public kernels, one of each `pto.kernel_kind`: the launch's pair."""
    pair: dict[KernelKind, FuncOp] = {}
    for f in funcs:
        if f.sym_visibility is not None and f.sym_visibility.data != "public":
            continue
        kind = kind_of(f)
        if kind is None or kind in pair:
            return None
        pair[kind] = f
    return pair if len(pair) == 2 else None


def aiv0_only(scope: Operation) -> bool:
    """Whether A5 code generation runs the vector code of `scope` (a vector kernel or a
    `pto.section.vector`) on subblock 0 alone: it holds an unsplit pipe end and does not ask
    for its subblock (PTOAS PTOToEmitC.cpp `needsA5NoSplitVectorGuard` wraps it in
    `if (get_subblockid() == 0)`; pto-isa's A5 TPush.hpp signals AIV0 alone for TILE_NO_SPLIT);
    the lowered pipe ends count too (`isA5NoSplitPipeOp`)."""
    unsplit = False
    for op in scope.walk():
        if isinstance(op, GetSubBlockIdxOp | GetSubBlockNumOp):
            return False
        ends = isinstance(op, PipeEndOp | LoweredPipeEndOp)
        unsplit = unsplit or (ends and op.split_value == 0)
    return unsplit
