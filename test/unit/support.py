"""Scaffolding shared by the unit tests: parsing contexts, running ops and functions on a
`Machine`, tile types and a UB bench of tiles over random bytes.
"""

from __future__ import annotations

from collections.abc import Generator, Iterable, Iterator, Sequence
from contextlib import contextmanager
from pathlib import Path
from typing import Any, cast

import ml_dtypes
import numpy as np
import pytest
from xdsl.context import Context
from xdsl.dialects import arith, builtin, cf, func, scf
from xdsl.dialects.builtin import ModuleOp, StringAttr
from xdsl.dialects.func import FuncOp
from xdsl.interpreter import Interpreter, InterpreterFunctions
from xdsl.interpreters.func import FuncFunctions
from xdsl.ir import Attribute, Block, Dialect, Operation, Region, SSAValue
from xdsl.utils.test_value import create_ssa_value

from interpreters.engine.source import parse_module
from interpreters.launching.args import declared_args
from interpreters.launching.execute import retarget
from interpreters.machine.core import Machine
from interpreters.machine.memory import Access, Tile
from interpreters.machine.pipes import PipeModel, UntrackedPipes
from pto_dialect.attrs import CmpMode, Location, Pipe
from pto_dialect.dialect import PTO
from pto_dialect.dtypes import DType, mlir_type
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import PtoOp, TileOp
from pto_dialect.ops.sync import WaitFlagOp
from pto_dialect.ops.tile_memory import TStoreOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import TileBufType, TileType, TileTypeBase

# ---- typed views of numpy types ------------------------------------------------------------


def int_numpy(dtype: DType) -> np.dtype[np.integer[Any]]:
    """`dtype.numpy` of an integer `dtype`, typed as numpy's integer dtypes (for `np.iinfo`)."""
    return cast("np.dtype[np.integer[Any]]", dtype.numpy)


def float_numpy(dtype: DType) -> np.dtype[np.floating[Any]]:
    """`dtype.numpy` of a float `dtype`, typed as numpy's float dtypes (for `np.finfo`)."""
    return cast("np.dtype[np.floating[Any]]", dtype.numpy)


def ml_finfo(dtype: DType) -> np.finfo[np.floating[Any]]:
    """`ml_dtypes.finfo` of a float `dtype` (numpy's floats and ml_dtypes' own); its untyped
    `__new__` returns an `np.finfo` subclass."""
    return cast("np.finfo[np.floating[Any]]", ml_dtypes.finfo(dtype.numpy))


# ---- parsing and running functions ----------------------------------------------------------


def context(*extra: Dialect) -> Context:
    """A context with the builtin, func and pto dialects, and `extra`."""
    ctx = Context()
    for dialect in (builtin.Builtin, func.Func, PTO, *extra):
        ctx.load_dialect(dialect)
    return ctx


def parse_kernel(text: str, target: str | None = None) -> ModuleOp:
    """Kernel `text` (builtin, func, arith, cf, scf, pto) parsed and verified, for `target`
    when given (else its own `pto.target_arch`)."""
    module = parse_module(context(arith.Arith, cf.Cf, scf.Scf), text, "kernel.mlir")
    if target is not None:
        retarget(module, target)
    module.verify()
    return module


@contextmanager
def removed(*ops: Operation) -> Generator[None]:
    """`ops` taken out of their blocks while the body runs, then put back where they were:
    the kernel a test of "every inserted wait is needed" runs, without a parse or a clone
    (the interpreter does not change the IR)."""
    places: list[tuple[Operation, Block, Operation | None]] = []
    for op in ops:
        block = op.parent_block()
        assert block is not None, f"{op.name} is not in a block"
        places.append((op, block, op.next_op))
        op.detach()
    try:
        yield
    finally:
        for op, block, after in reversed(places):
            if after is None:
                block.add_op(op)
            else:
                block.insert_op_before(op, after)


def each_wait_removed(module: ModuleOp) -> Iterator[int]:
    """Yields the index of each `pto.wait_flag` of `module` while that one is removed."""
    for index, victim in enumerate([op for op in module.walk() if isinstance(op, WaitFlagOp)]):
        with removed(victim):
            yield index


class RecordingPipes(PipeModel):
    """The pipe model (happens-before, hazards, cycles), recording every access of the
    vector pipe as (op, access, is a write)."""

    def __init__(self) -> None:
        super().__init__()
        self.accesses: list[tuple[Operation, Access, bool]] = []

    def execute(
        self,
        op: Operation,
        pipe: Pipe,
        reads: Sequence[Access] = (),
        writes: Sequence[Access] = (),
        cycles: int = 0,
        hold: int | None = None,
    ) -> None:
        if pipe is Pipe.V:
            self.accesses += [(op, a, False) for a in reads] + [(op, a, True) for a in writes]
        super().execute(op, pipe, reads, writes, cycles, hold)


class VectorAccessLog(RecordingPipes, UntrackedPipes):
    """Only the record of the vector pipe's accesses: no hazards, no cycles (every op still
    reports its accesses: `tracking` is on)."""

    tracking = True


def val(t: Attribute) -> SSAValue:
    return create_ssa_value(t)


def arg_types(module: ModuleOp, name: str, *, outputs: bool = False) -> list[TileTypeBase]:
    """The tile types of function `name`'s inputs (and with `outputs`, its results)."""
    for op in module.walk():
        if isinstance(op, FuncOp) and op.sym_name.data == name:
            types = [*op.function_type.inputs.data]
            if outputs:
                types += op.function_type.outputs.data
            return [t for t in types if isinstance(t, TileTypeBase)]
    raise KeyError(name)


def call(
    module: ModuleOp, functions: InterpreterFunctions, name: str, tiles: list[Tile]
) -> tuple[Any, ...]:
    """Calls function `name` of `module` on `tiles` with func and `functions` registered."""
    interpreter = Interpreter(module)
    interpreter.register_implementations(FuncFunctions())
    interpreter.register_implementations(functions)
    return interpreter.call_op(name, tuple(tiles))


def filled(machine: Machine, type: TileTypeBase, value: Any, valid: tuple[int, int]) -> Tile:
    tile = machine.tile_at(type, None, *valid)
    tile.set(np.full(type.shape, value, type.element.numpy))
    return tile


# ---- one tile op on a bench of UB tiles -----------------------------------------------------


def cols_for(dtype: DType) -> int:
    """Columns of a test tile: ND rows must be a multiple of 32 bytes."""
    return max(16, 32 // dtype.bytes)


def vec_tile_type(dtype: DType, rows: int, cols: int, valid: tuple[int, int], *,
                  ssa: bool = False, **kw: Any) -> TileTypeBase:  # fmt: skip
    cls = TileType if ssa else TileBufType
    return cls(Location.VEC, mlir_type(dtype), rows, cols, v_row=valid[0], v_col=valid[1], **kw)


def build_tile_op(target: TargetProfile, cls: type[TileOp], in_types: Sequence[Attribute],
                  out_type: TileTypeBase, *, ssa: bool = False,
                  attributes: dict[str, Attribute] | None = None) -> TileOp:  # fmt: skip
    """The op on fresh block arguments in a module of `target`, verified."""
    block = Block(arg_types=[*in_types, *([] if ssa else [out_type])])
    ins = list(block.args[: len(in_types)])
    op = (cls(ins, result_type=out_type, attributes=attributes) if ssa
          else cls(ins, block.args[-1], attributes=attributes))  # fmt: skip
    block.add_op(op)
    module = ModuleOp(Region(block))
    module.attributes["pto.target_arch"] = StringAttr(target.name)
    op.verify()
    return op


def run_tile_op(functions: InterpreterFunctions, op: TileOp, args: list[Tile]) -> tuple[Any, ...]:
    interpreter = Interpreter(ModuleOp([]))
    interpreter.register_implementations(functions)
    return interpreter.run_op(op, tuple(args))


class Bench:
    """Tiles at UB addresses over `fill` random bytes, to check what an op leaves alone."""

    def __init__(self, target: TargetProfile, seed: int = 0, fill: int = 8192) -> None:
        self.machine = Machine(target)
        self.ub = self.machine.memory(MemorySpace.UB)
        self.ub.data[:fill] = np.random.default_rng(seed).integers(0, 256, fill, dtype=np.uint8)
        self.next = 0

    def tile(self, type: TileTypeBase, valid: tuple[int, int], values: np.ndarray | None) -> Tile:
        tile = self.machine.tile_at(type, self.next, *valid)
        self.next += -(-type.size_bytes // 32) * 32 + 64
        if values is not None:
            tile.set(values)
        return tile

    def row_tiles(self, type: TileTypeBase, dtype: DType, *rows: Sequence[Any]) -> list[Tile]:
        """One tile of `type` (one row) per list of `rows`, holding it as its valid region."""
        width = len(rows[0])
        tiles: list[Tile] = []
        for values in rows:
            row = np.zeros((1, type.shape[1]), dtype.numpy)
            if dtype.is_float:
                row[0, :width] = np.array(values, np.float64).astype(dtype.numpy)
            else:  # two's complement of any width (ui64 above int64's range included)
                bits = [int(v) & ((1 << dtype.bits) - 1) for v in values]
                row[0, :width] = np.array(bits, f"u{dtype.bytes}").view(dtype.numpy)
            tiles.append(self.tile(type, (1, width), row))
        return tiles

    def written(self, tile: Tile, rows: int, cols: int) -> np.ndarray:
        """A byte mask of UB marking `tile`'s top-left rows x cols elements."""
        mask = np.zeros(self.ub.size, bool)
        size = tile.dtype.bytes
        row_bytes = tile.type.shape[1] * size
        for r in range(rows):
            start = tile.address + r * row_bytes
            mask[start : start + cols * size] = True
        return mask


def bits_equal(actual: np.ndarray, expected: np.ndarray, dtype: DType) -> bool:
    """Equal bit patterns, except that any NaN matches any NaN."""
    if dtype.is_float:
        a_nan = np.isnan(actual.astype(np.float64))
        e_nan = np.isnan(expected.astype(np.float64))
        if not np.array_equal(a_nan, e_nan):
            return False
        actual, expected = actual[~a_nan], expected[~e_nan]
    return actual.tobytes() == expected.tobytes()


def ieee_compare(a: Any, b: Any, mode: CmpMode) -> bool:
    """`a mode b` by Python's (IEEE 754) comparison: the reference of the compare ops."""
    return {
        CmpMode.EQ: a == b,
        CmpMode.NE: a != b,
        CmpMode.LT: a < b,
        CmpMode.LE: a <= b,
        CmpMode.GT: a > b,
        CmpMode.GE: a >= b,
    }[mode]


def wrap(value: int, dtype: DType) -> int:
    """`value` wrapped to the range of integer `dtype`."""
    span = 1 << dtype.bits
    value %= span
    if dtype.is_signed and value >= span // 2:
        value -= span
    return value


def op_class(name: str) -> type[PtoOp]:
    """The op class of `pto.<name>` (tests name ops as their IR does)."""
    for op in PTO.operations:
        if op.name == f"pto.{name}":
            return cast(type[PtoOp], op)
    raise KeyError(name)


def legal_dtypes(target: TargetProfile, name: str) -> frozenset[DType]:
    """The element types op `name` allows on `target`, by its record: `tadd`, `vlds`, and
    the per-variant tables `tstore.<loc>` and `tmov.<src>-><dst>`."""
    if name.startswith("tstore."):
        return TStoreOp.DTYPES_BY_LOC[Location(name.removeprefix("tstore."))][target.arch]
    if name.startswith("tmov."):
        src, dst = name.removeprefix("tmov.").split("->")
        return TMovOp.DTYPES_BY_PAIR[(Location(src), Location(dst))][target.arch]
    op = op_class(name)
    if issubclass(op, TileOp | VectorPipeOp):
        return op.legal_dtypes(target)
    raise KeyError(f"{name} has no element-type table")


# ---- the examples ----------------------------------------------------------------------------

EXAMPLES = Path(__file__).parents[2] / "examples"


def legal_cases(targets: Iterable[TargetProfile], names: Iterable[str]) -> list[Any]:
    """One `pytest.param(target, name, dtype)` per target x op x element type it allows."""
    return [
        pytest.param(target, name, dtype, id=f"{target.name}-{name}-{dtype}")
        for target in targets
        for name in names
        for dtype in sorted(legal_dtypes(target, name), key=lambda d: d.name)
    ]


def example_args() -> dict[str, list[str]]:
    """Every example kernel (by file stem) and the `pto-run --arg` specs of its `// ARGS:`
    line, which each example carries on its first line."""
    found: dict[str, list[str]] = {}
    for path in sorted(EXAMPLES.glob("*.mlir")):
        args = declared_args(path.read_text())
        assert args is not None, f"{path.name} has no // ARGS: first line"
        found[path.stem] = args
    return found


def lowers_to_the_same_bytes(text: str, target: str = "a5", seed: int = 3) -> ModuleOp:
    """Translation validation of a DPS kernel without sync (as PyPTO writes them): the
    tile-level run (sync completed as `pto-run --auto-sync` does) and the run of its
    `pto-pipeline` output, on the same generated inputs, write the same bytes to every
    array argument, with no hazard. Returns the lowered module."""
    from interpreters.api import apply_pipeline, make_context, parse, run
    from interpreters.auto_sync import complete

    ctx = make_context()
    reference = parse(text, target=target)
    complete(ctx, reference)
    with np.errstate(all="ignore"):
        want = run(reference, args=f"auto:{seed}")
        lowered = apply_pipeline(parse(text, target=target), "pto-pipeline", ctx=ctx)
        values = [
            start if start is not None else cast(Any, arg).value
            for start, arg in zip(want.inputs, want.args, strict=True)
        ]
        got = run(lowered, *values, check=False)
    assert [h.message for h in got.hazards] == []
    for index, (new, old) in enumerate(zip(got.finals, want.finals, strict=True)):
        if old is not None:
            assert new is not None and new.tobytes() == old.tobytes(), f"argument {index}"
    return lowered
