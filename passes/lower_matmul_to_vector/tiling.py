"""The register tile of `pto-lower-matmul-to-vector`: R rows by G vector registers of C.

Per k the vector code loads G registers of a row of B (G * VL elements) and R elements of
a column of A (one broadcast load each) and does R * G * VL multiply-adds, so its
computational intensity (seed 003: element multiply-adds per element loaded) is

    CI = R * G * VL / (R + G * VL)        (R = 16, G = 1: 8, 10.7, 12.8 for VL = 16, 32, 64).

The tile is the (R, G) of largest CI whose registers fit the register file: R * G
accumulators, G registers of the B row and one broadcast of A (each step is one fused
`vmula` into its accumulator, see `lower_matmul_to_vector.py`), and for f16/bf16/i8 inputs
one narrow register a conversion reads (`lower_matmul_to_vector_widening.py`), capped by
the problem's m and by the column groups n needs (a larger tile only adds masked-off work).
"""

from __future__ import annotations

from dataclasses import dataclass

from pto_dialect.attrs import TargetArch

VECTOR_REGISTERS: dict[TargetArch, int] = {
    TargetArch.A2A3: 32,
    TargetArch.A5: 32,
    TargetArch.CPU: 32,
}
"""Vector registers the tile may use, per target. The ISA manual (docs/isa, vector families,
`!pto.vreg<NxT>`) fixes a register's width (2048 bits) but gives no register count; the only
count in the pto-isa sources is the A5 vector cost model's pool of 68 physical (renamed)
registers (include/pto/costmodel/a5/VfSim/params/uarch.csv, `vreg_num`). We budget 32
architectural registers on every target, a documented choice below that pool."""

SCRATCH_REGISTERS = 1
"""The broadcast of A, live inside the k loop besides the tile."""


@dataclass(frozen=True)
class RegisterTile:
    """R rows x G vector registers of C held in registers, VL lanes per register."""

    rows: int
    groups: int
    lanes: int
    scratch: int = SCRATCH_REGISTERS
    """Registers live in the k loop besides the accumulators and the B row
    (`SCRATCH_REGISTERS`, plus the conversion register of a widening lowering)."""

    @property
    def registers(self) -> int:
        """Registers live in the k loop: accumulators, the B row and the scratch ones."""
        return self.rows * self.groups + self.groups + self.scratch

    @property
    def intensity(self) -> float:
        return computational_intensity(self.rows, self.groups * self.lanes)

    def describe(self) -> str:
        return (
            f"{self.rows}x{self.groups * self.lanes} (R={self.rows}, G={self.groups}, "
            f"VL={self.lanes}, {self.registers} vregs), CI={self.intensity:.2f}"
        )


def computational_intensity(rows: int, cols: int) -> float:
    """Seed 003's CI of a rows x cols outer-product tile: rows*cols multiply-adds per
    rows + cols elements loaded."""
    return rows * cols / (rows + cols)


def choose_tile(
    arch: TargetArch, lanes: int, m: int, n: int, scratch: int = SCRATCH_REGISTERS
) -> RegisterTile:
    """The (R, G) of largest CI fitting `arch`'s register budget with `scratch` registers
    beside the tile, R <= m and G no more than the column groups n needs; ties go to fewer
    registers."""
    budget = VECTOR_REGISTERS[arch]
    max_groups = max(1, -(-n // lanes))
    best: RegisterTile | None = None
    for groups in range(1, max_groups + 1):
        for rows in range(1, m + 1):
            tile = RegisterTile(rows, groups, lanes, scratch)
            if tile.registers > budget:
                break
            if best is None or (tile.intensity, -tile.registers) > (
                best.intensity,
                -best.registers,
            ):
                best = tile
    assert best is not None, "R = G = 1 always fits"
    return best
