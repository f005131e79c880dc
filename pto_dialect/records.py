"""The vocabulary of an instruction's record: what an op class declares about itself.

An op class is the single record of its instruction (DESIGN.md section 3). Besides its
syntax and verifier it declares, as class-level data or family methods:

- `MANUAL`: the manual page it implements (a path under the ISA manual's `docs/isa/`);
- `PIPE` / `PIPE_RULES`: the pipe it executes on, per target and per operand form where
  the sources say so (`PipeRule`; the table `docs/ops/pipes.md` is generated from them);
- `DTYPES`: its element types per target (`PerTarget`, the target profiles as columns);
- `operand_effects()`: what it does to each operand (`Effect`);
- `result_region()` / `written_region()`: the valid region of its result, and the part of
  its destination it writes, over any kind of size (`Shapes`);
- `COST`: its cost class (`Cost`), with an explicit estimate where nothing is published;
- `LOWERS_TO` / `NOT_LOWERED` / `REFUSED`: the ops it lowers to, or why it stays a tile op,
  or why the lowering refuses it.

Every other layer (verifier legality, interpreter, semantics, lowering, cost model, sync
footprint, convert-to-dps, docs, tests) is a view of these, keyed by the op class.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from enum import Enum
from typing import Generic, Protocol, TypeVar

from xdsl.ir import Operation, SSAValue

from pto_dialect.attrs import Pipe, TargetArch
from pto_dialect.dtypes import DType, dtypes

T = TypeVar("T")
S = TypeVar("S")
S_co = TypeVar("S_co", covariant=True)


# ---- per-target data -------------------------------------------------------------------


@dataclass(frozen=True)
class PerTarget(Generic[T]):
    """One value per target profile: the columns of a per-target table."""

    a2a3: T
    a5: T
    cpu: T

    def __getitem__(self, arch: TargetArch) -> T:
        return {TargetArch.A2A3: self.a2a3, TargetArch.A5: self.a5, TargetArch.CPU: self.cpu}[arch]

    def map(self, f: Callable[[T], S]) -> PerTarget[S]:
        return PerTarget(f(self.a2a3), f(self.a5), f(self.cpu))


DTypes = PerTarget[frozenset[DType]]
"""Legal element types per target."""


def every_target(value: T) -> PerTarget[T]:
    """The same value in every column."""
    return PerTarget(value, value, value)


# ---- the pipe ----------------------------------------------------------------------------


@dataclass(frozen=True)
class PipeRule:
    """One row of an op's pipe table: the pipe each target runs the forms `when` describes
    on. `applies` picks the forms (None: every form); rows are tried in order. `pipes` None:
    the op names its pipe itself (a flag's source pipe), as `when` says."""

    when: str
    pipes: PerTarget[Pipe] | None
    applies: Callable[[Operation], bool] | None = None
    source: str = ""
    """Where the row comes from, for the generated table."""


def per_target_dtypes(a2a3: str, a5: str, cpu: str | None = None) -> DTypes:
    """Element types per target from space-separated names (`"f32 f16"`); the CPU
    simulator follows A5 unless its column is given (seed 000)."""
    return PerTarget(dtypes(a2a3), dtypes(a5), dtypes(a5 if cpu is None else cpu))


# ---- memory effects --------------------------------------------------------------------


class Effect(Enum):
    """What an op does to one operand's memory."""

    READ = "read"
    WRITE = "write"
    SCRATCH = "scratch"
    """Read and written as working space; its contents afterwards are the op's business."""
    NONE = "none"
    """Not accessed (e.g. an optional scratch tile the chosen mode does not use)."""

    @property
    def reads(self) -> bool:
        return self in (Effect.READ, Effect.SCRATCH)

    @property
    def writes(self) -> bool:
        return self in (Effect.WRITE, Effect.SCRATCH)


# ---- valid regions ---------------------------------------------------------------------


class Shapes(Protocol[S_co]):
    """Sizes of the values an op reads, in some domain `S`: ints at run time, symbolic
    sizes in a pass."""

    def valid(self, value: SSAValue) -> tuple[S_co, S_co]:
        """The valid region (rows, cols) of tile `value`."""
        ...

    def window(self, value: SSAValue) -> tuple[S_co, S_co]:
        """The rows and cols of GM window `value` (a partition view)."""
        ...


# ---- costs -----------------------------------------------------------------------------


class Completion(Enum):
    """The A2/A3 completion-latency row of a vector op (seed 004)."""

    BINOP = "binop"
    MUL = "mul"


class PerRepeat(Enum):
    """The A2/A3 per-repeat throughput class of a vector op (seed 004)."""

    SIMPLE = "simple"
    BINARY = "binary"
    TRANSCENDENTAL = "transcendental"


@dataclass(frozen=True)
class VectorCost:
    """A vector micro-op: seed 004's A2/A3 formula rows and its A5 latency."""

    completion: Completion
    per_repeat: PerRepeat
    a5_latency: int
    f16_per_repeat: PerRepeat | None = None
    """A2/A3 per-repeat class for 16-bit elements when it differs (vdiv: 4 cycles)."""
    f16_a5_latency: int | None = None
    """A5 latency for 16-bit elements when it differs (vdiv: 22)."""
    estimate: str | None = None
    """Why these numbers are an estimate; None when they are published."""


@dataclass(frozen=True)
class AsVectorOp:
    """A tile op on the vector pipe: one repeat of its vector op per 256 bytes."""

    op: type


class CostFormula(Enum):
    """The cost model's formulas for ops that are not vector micro-ops."""

    TRANSFER = "DMA: ceil(bytes / bandwidth of the path)"
    MATRIX = "cube: one block of multiply-accumulates per cycle"
    TILE_MOVE = "tile move: ceil(bytes / bandwidth of the move)"
    SIMT = "SIMT launch: VF start-up and drain plus one issue per executed instruction per warp"


@dataclass(frozen=True)
class Formula:
    """A cost computed by one of the cost model's formulas (`interpreters/machine/costs.py`)."""

    formula: CostFormula
    estimate: str | None = None
    """Why the formula's constants are an estimate; None when they are published."""


@dataclass(frozen=True)
class NoCycles:
    """Bookkeeping or synchronisation: no cycles of its own."""

    why: str


Cost = VectorCost | AsVectorOp | Formula | NoCycles
