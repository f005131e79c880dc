"""The cores of a launch: each core's block, kind, subblock, rank and kernel (`CoreId`), and
the cores of a launch of blocks block by block (`cores_of`)."""

from __future__ import annotations

from dataclasses import dataclass

from pto_dialect.attrs import KernelKind

VECTOR_CORES = 2
"""AIVs per block (A2/A3, A5; pto-isa's CPU simulator likewise)."""


@dataclass(frozen=True)
class CoreId:
    """A core of the launch: its block, kind and subblock (0 for the AIC); of a launch on
    several ranks (`pto-run --ranks`), its rank, and `block` counts the blocks of all ranks
    (rank r's block b is `first` + r x `per_rank` + b). A launch of two kernels at once
    (`pto-run --with`) numbers the second kernel's blocks after the first's (`first`), and
    names its cores with the kernel (`kernel`, 0 for the first)."""

    block: int
    kind: KernelKind
    sub: int = 0
    rank: int | None = None
    per_rank: int = 1
    kernel: int = 0
    label: str = ""
    """The kernel's name in the core's name (a launch of two kernels)."""
    first: int = 0

    @property
    def local_block(self) -> int:
        """The block within its rank and kernel (what `get_block_idx` answers)."""
        return self.block - self.first - (self.rank or 0) * self.per_rank

    @property
    def group(self) -> tuple[int | None, int]:
        """The launch of one kernel on one rank this core belongs to (a syncall's or an
        FFTS mode-0 flag's cores)."""
        return (self.rank, self.kernel)

    @property
    def name(self) -> str:
        unit = "AIC" if self.kind is KernelKind.CUBE else f"AIV{self.sub}"
        device = "" if self.rank is None else f"rank {self.rank} "
        kernel = f"@{self.label} " if self.label else ""
        return f"{device}{kernel}block {self.local_block} {unit}"

    def peer(self, kind: KernelKind, sub: int = 0) -> CoreId:
        """The core of `kind` and subblock `sub` in this core's block."""
        return CoreId(self.block, kind, sub, self.rank, self.per_rank, self.kernel, self.label,
                      self.first)  # fmt: skip


def cores_of(
    blocks: int,
    vectors: int = VECTOR_CORES,
    ranks: int = 1,
    kernel: int = 0,
    label: str = "",
    first: int = 0,
) -> list[CoreId]:
    """The cores of `blocks` blocks (of each of `ranks` ranks), block by block: AIC, AIV0,
    AIV1 (`vectors` AIVs); of kernel `kernel` of the launch (`label` its name), whose blocks
    are numbered from `first`."""
    cores: list[CoreId] = []
    for r in range(ranks):
        rank = r if ranks > 1 else None
        for b in range(first + r * blocks, first + (r + 1) * blocks):
            same = (rank, blocks, kernel, label, first)
            cores.append(CoreId(b, KernelKind.CUBE, 0, *same))
            cores += [CoreId(b, KernelKind.VECTOR, s, *same) for s in range(vectors)]
    return cores
