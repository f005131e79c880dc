"""The cost model's parameters: the project's own tables of published figures.

Every number names its source (docs/machine.md repeats the tables). Sources:

- [cce] pto-isa `include/pto/costmodel/a2a3/cce_costmodel/*.hpp`: per vector instruction a
  head, a per-repeat slope and a tail (`EstimateLinearCycles`), fitted there on 910B3
  measurements; the count-mode floor `kCountModeFloorCycles`; the cube's 6-cycle head.
- [prof] pto-isa `tests/costmodel/st/testcase/*/main.cpp`: hardware-profiled cycles of one
  tile instruction (e.g. TADD f32 64x64 = 160). Where a parameter is fitted on them, the
  case is named; the other cases are held out (`benchmarks/cycle_fidelity.py`).
- [arch] pto-isa `include/pto/costmodel/arch_config.hpp`: A2/A3 bandwidths in GB/s
  (2^30 bytes) at 1.85 GHz; bytes per cycle = GB/s x 2^30 / 1.85e9.
- [vf] pto-isa `include/pto/costmodel/a5/VfSim/params/*.csv`: A5 vector function model:
  per instruction latency, forwarding to a dependent instruction, initiation interval
  between consecutive instructions, ports; `vf_startup_cost` and `vf_drain_cost`.
- [manual] the ISA manual's bandwidth table (seed 002: A2A3_BW_GM_VEC 128 B/cycle,
  A2A3_BW_GM_MAT 256 B/cycle).
- [formula] pto-isa `include/pto/costmodel/a2a3/formula_costmodel/formula_params.csv`: per
  tile instruction, element type and row length a fitted `slope x elements + bias`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType

from interpreters.machine import a5_int64
from pto_dialect.dtypes import DType
from pto_dialect.lazy_table import OnFirstUse
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.vector_arith import (
    VAbsOp,
    VAddOp,
    VAndOp,
    VDivOp,
    VMaxOp,
    VMinOp,
    VMulOp,
    VOrOp,
    VSubOp,
    VXorOp,
)
from pto_dialect.records import PerRepeat

# ---- A2/A3 vector instructions -------------------------------------------------------------


@dataclass(frozen=True)
class A2A3Instr:
    """One A2/A3 vector instruction class: `fixed + slope x repeats` cycles when issued
    alone (fixed = head + tail of [cce]); `fixed` differs for float and integer elements,
    and for 16-bit floats where `fixed_f16` is given."""

    slope: int
    fixed_float: int
    fixed_int: int
    source: str
    fixed_f16: int | None = None

    def fixed(self, is_float: bool) -> int:
        return self.fixed_float if is_float else self.fixed_int

    def fixed_of(self, dtype: DType) -> int:
        """The fixed cycles for elements of `dtype`."""
        if dtype.is_float and dtype.bits == 16 and self.fixed_f16 is not None:
            return self.fixed_f16
        return self.fixed(dtype.is_float)


MASK_FLOOR = 16
"""[cce] `kCountModeFloorCycles`: an instruction issued with a partial mask (count mode, a
row narrower than one repeat, a masked tail) pays 16 cycles once. [prof] TADD int16 64x64
(167) against TADD int32 64x64 (151): the same 64 repeats, 16 cycles apart."""

REPEAT_BYTES = 256
"""One repeat processes one 256-byte vector register."""

REPEAT_MAX = 255
"""The 8-bit repeat field of an A2/A3 vector instruction: longer runs use count mode."""

SCALAR_FIXED_NARROW = 8
"""Fixed cycles of a tile-scalar instruction (vadds, vmuls, vmins, vmaxs) on f16 and
integer elements: [cce] calibrates these instructions on fp32 only (fixed 23-26); fitted
on [prof] TADDS int32 31x128 (70 = 8 + 2 instructions x 31 repeats). Held out: TADDS/TMULS
f16 63x64 (69 = 63 + 6), int16 15x192 (40 = 30 + 10), TMINS int32/int16 64x64 (68, 70)
and f16 16x256 (40 = 32 + 8): all 4-10 above their repeats, none near 25."""


def _scalar(fixed_f32: int, source: str) -> A2A3Instr:
    """A tile-scalar instruction: slope 1, [cce]'s fp32 fixed, `SCALAR_FIXED_NARROW` else."""
    return A2A3Instr(1, fixed_f32, SCALAR_FIXED_NARROW, source, SCALAR_FIXED_NARROW)


_CROSS_LANE_MAX = A2A3Instr(
    7, 32, 32, "slope as vcadd ([cce] leaves vcmax/vcmin at its uncalibrated default); fixed "
    "fitted on [prof] TROWMAX f32 64x64 (480 = 32 + 7 x 64)"
)  # fmt: skip

_ALU = A2A3Instr(
    2, 30, 23, "slope [cce] vadd; fixed fitted on [prof] TADD f32 64x64 (160), f16 16x256 "
    "(92): 32, 28 -> 30; int32 64x64 (151), int16 64x64 (167 - 16): 23"
)  # fmt: skip


def _a2a3_instr() -> Mapping[type, A2A3Instr]:
    from pto_dialect.ops.tile_convert import TCvtOp
    from pto_dialect.ops.vector_math import VExpOp, VLnOp, VSqrtOp
    from pto_dialect.ops.vector_reduce import VCaddOp, VCmaxOp, VCminOp
    from pto_dialect.ops.vector_scalar import VAddsOp, VMaxsOp, VMinsOp, VMulsOp, VSubsOp

    return {
        VAddOp: _ALU,
        VSubOp: _ALU,
        VMulOp: A2A3Instr(2, 30, 25, "[cce] vmul: slope 2, fixed 25 (ints); floats as vadd"),
        VMaxOp: A2A3Instr(2, 23, 23, "[cce] vmax: measured 2.01 x repeat + 23"),
        VMinOp: A2A3Instr(2, 23, 23, "[cce] vmin: vmax's twin"),
        VDivOp: A2A3Instr(
            4, 32, 32, "slope [cce] vdiv 4; fixed fitted on [prof] TDIV f32 64x64 (288 - 4 x 64)"
        ),
        VAbsOp: A2A3Instr(
            1, 4, 4, "slope [cce] vabs 1; fixed fitted on [prof] TABS f32 64x64 (68 - 64)"
        ),
        VAndOp: A2A3Instr(2, 20, 20, "[cce] vand: measured 2.03 x repeat + 20"),
        VOrOp: A2A3Instr(2, 20, 20, "[cce] vor: identical to vand"),
        VXorOp: A2A3Instr(2, 20, 20, "[cce] as vand (same bitwise unit; estimate)"),
        VAddsOp: _scalar(25, "[cce] vadds slope 1; [formula] TADDS fp32 bias 25"),
        VSubsOp: _scalar(25, "as vadds"),
        VMulsOp: _scalar(26, "[cce] vmuls: measured slope 1, fixed 26 (fp32)"),
        VMaxsOp: _scalar(23, "[cce] vmaxs: measured 1.00 x repeat + 23 (fp32)"),
        VMinsOp: _scalar(23, "[cce] vmins: vmaxs's twin; [formula] TMINS fp32 bias 23"),
        VExpOp: A2A3Instr(2, 31, 31, "[cce] vexp: measured 2.00 x repeat + 31 (fp32)"),
        VLnOp: A2A3Instr(2, 33, 33, "[cce] vln: measured 2.00 x repeat + 33 (fp32)"),
        VCaddOp: A2A3Instr(7, 46, 46, "[cce] vcadd: head 14, slope 7, tail 32"),
        VCmaxOp: _CROSS_LANE_MAX,
        VCminOp: _CROSS_LANE_MAX,
        VSqrtOp: A2A3Instr(
            2, 31, 31, "[formula] TSQRT: 0.0314 x elements (2 per f32 repeat) + 31.1"
        ),
        TCvtOp: A2A3Instr(
            2,
            25,
            25,
            "slope [cce] EstimateVconvCycles 2 (repeats of the wider type); "
            "fixed fitted on [prof] TCVT f32 -> f16 4x64 (33 = 25 + 2 x 4), f16 -> f32 held "
            "out (33); [cce]'s head + tail 32 would give 40",
        ),
    }


A2A3_INSTR: Mapping[type, A2A3Instr] = OnFirstUse(_a2a3_instr)
"""A2/A3 instruction classes with published or fitted figures, keyed by vector op class."""


def _a2a3_prelude() -> Mapping[type, A2A3Instr]:
    from pto_dialect.ops.tile_scalar import TDivSOp

    return {
        TDivSOp: A2A3Instr(
            1, 24, 24, "[cce] vector_dup: head 11 + tail 13, slope 1; npu/a2a3/TDivS.hpp "
            "broadcasts the scalar (vector_dup, pipe_barrier) before each float vdiv"
        ),
    }  # fmt: skip


A2A3_PRELUDE: Mapping[type, A2A3Instr] = OnFirstUse(_a2a3_prelude)
"""Tile ops whose A2/A3 implementation issues another instruction over the same repeats
before their own, behind a `pipe_barrier` (its fixed cost is not hidden)."""

A2A3_COPY = A2A3Instr(1, 25, 25, "[cce] vadds/vmuls: slope 1, fixed 25-26 (a UB -> UB vector copy)")
"""A micro-op store of a loaded value: on A2/A3 one repeat of a vector copy."""

A2A3_BY_THROUGHPUT: Mapping[PerRepeat, A2A3Instr] = MappingProxyType(
    {
        PerRepeat.SIMPLE: A2A3Instr(1, 25, 25, "[cce] vadds/vmuls: slope 1, fixed 25-26"),
        PerRepeat.BINARY: _ALU,
        PerRepeat.TRANSCENDENTAL: A2A3Instr(4, 32, 32, "as vdiv"),
    }
)
"""Any other vector op: the class of its record's per-repeat row (`VectorCost.per_repeat`)."""

UB_COPY_HEAD = 5
UB_COPY_BYTES_PER_CYCLE = 32
"""UB -> UB copy (`copy_ubuf_to_ubuf`: A2/A3's vec -> vec TMOV, the first row of a column
reduction): 5 + one 32-byte block per cycle, fitted on [prof] TMOV f32 64x128 (1029 = 5 +
32768 / 32); held out: TCOLMAX f32 1x3072 (390: 389), the TMOV cases of 63x125 (1323 = 63
copies of 5 + 16 blocks) and 15x23 (120 = 15 x (5 + 3))."""


@dataclass(frozen=True)
class PerRow:
    """An A2/A3 tile op that issues its instructions row by row, each row behind flags or
    pipe_barriers (no overlap): `fixed + rows x (per_row + slope x (repeats of a row - 1))`."""

    fixed: int
    per_row: int
    slope: int
    source: str


def _a2a3_per_row() -> Mapping[type, PerRow]:
    from pto_dialect.ops.tile_compare import TSelOp
    from pto_dialect.ops.tile_expand import TRowExpandOp

    return {
        TRowExpandOp: PerRow(
            37, 14, 1, "npu/a2a3/TRowExpand.hpp: per row a V -> S flag, a scalar read of "
            "the row's value, an S -> V flag and a count-mode vector_dup (slope [cce] "
            "vector_dup 1); fitted on [prof] TROWEXPAND f32 64x64 (933 = 37 + 14 x 64), "
            "f16 64x64 held out (933)"
        ),
        TSelOp: PerRow(
            3, 16, 2, "npu/a2a3/TSel.hpp: per row a vector_dup of the mask row and "
            "set_cmpmask, each behind a pipe_barrier, then a count-mode vsel of the row "
            "(slope as vadd, an estimate); fitted on [prof] TSEL f16 4x128 (67 = 3 + 4 x "
            "16), held out f16 1x128 (19) and f32 4x64 (67)"
        ),
    }  # fmt: skip


A2A3_PER_ROW: Mapping[type, PerRow] = OnFirstUse(_a2a3_per_row)
"""A2/A3 tile ops costed per row (the brcb fast path of TRowExpand, a static 8- or
16-column destination, is not modelled)."""

# ---- cube ---------------------------------------------------------------------------------

CUBE_F32_PASSES = 2
"""Cube cycles per fractal of f32 operands on A2/A3 ([cce] fp32 two passes; [prof] TMATMUL
float 120x110x50 = 902 = 6 + 8 x 14 x 4 x 2)."""
CUBE_F32_PASSES_A5 = 8
"""A5: f32 operands take 8 passes a fractal, four times A2/A3's (hw-native-sys/pypto
PR #2001, `Backend950::GetL0CostModel` `mad_fp32_passes`: fitted on the A5 simulator,
`mmad = 25 + 8 x fractals`, R^2 = 1; half and bf16 stay one pass). A simulator figure: no
A5 board figure of the cube is published."""

CUBE_HEAD = 6
"""[cce] cce_costmodel_cube.hpp `kDefaultHeadCycles`; [prof] TMATMUL half 40x50x60 = 54 =
6 + 3 x 4 x 4. Paid by a `mad` only when the cube's queue is empty ([cce]
`EstimateLinearCycles`): after a `pipe_barrier(PIPE_M)`, a `wait_flag` on an M-pipe signal
(`FlushTailsForPipe`), or the end of a tile instruction (`EndPtoInstr` flushes every pipe but
the vector one). So every tile-level `tmatmul(.acc)` pays it ([prof] TMATMUL
split_k_half_128x128x64_reps5: the last of 5 = 262 = 6 + 8 x 8 x 4; pto-isa's check reads
that one instruction, `GetLastPtoInstrCycles`), while back-to-back `mad` micro-ops pay it once."""
CUBE_K_BYTES = 32
"""[cce] one fractal of K is 32 bytes of the A operand (16 f16, 8 f32, 32 int8)."""
CUBE_M = CUBE_N = 16

# ---- DMA ----------------------------------------------------------------------------------


def _gbps(gb_per_s: float) -> float:
    """[arch] GB/s (2^30 bytes) at 1.85 GHz in bytes per cycle."""
    return gb_per_s * 2**30 / 1.85e9


@dataclass(frozen=True)
class Path:
    bytes_per_cycle: float
    startup: int
    source: str
    row_floor: float = 0.0
    """Cycles a row takes at least (a fixpipe drain's narrow-row floor), when the caller
    gives the rows (`costs_dma.transfer_cycles`)."""


GM_STARTUP = 264
"""Start-up latency of a transfer from or to GM, fitted on [prof] TLOAD c01 f32 128x128
(776 = 264 + 65536 / 128); c03, c04, c05 held out. An estimate for the GM paths without a
figure of their own (UB -> GM, L1 -> GM, L0C -> GM)."""

FLAG_LATENCY = 40
"""Cycles from the completion of a pipe's ops to its set_flag (or rls_buf) reaching the
waiting pipe. Fitted, with `BARRIER_ALL`, on hw-native-sys/PTOAS#1569's camodel figures of
one a2a3 kernel (hand-synchronised 18,831, auto-sync 74,909; the unrolled variant's 19,064
held out: `benchmarks/whole_kernels.py`); no other source publishes either figure. With
them the model runs a GM transfer's start-up as latency (`costs_dma.transfer_timing`)."""

CROSS_CORE_LATENCY_A5 = 0
"""A5: cycles a cross-core signal (a pipe push's or free's intra-block flag, an FFTS flag)
takes to reach the other core; derived from PTOAS's acceptance figures (docs/machine.md)."""

BARRIER_ALL = 90
"""Cycles a `pipe_barrier(PIPE_ALL)` adds to the drain of every pipe (fitted as
`FLAG_LATENCY`)."""

GM_L1_STARTUP = 24
"""Start-up of a GM -> L1 transfer (MTE2 into a mat tile: `copy_gm_to_cbuf`), fitted on [prof]
TLoadConv c01_nc1hwc0_half_1_2_4_4 (28 = 24 + 1024 B / 256 B/cycle [manual]). Held out:
c03_fractalz_half_16_2_1_18 (96 = 24 + 18432 / 256, exact). c02 float 1x4x10x10 (116
published, 74 here) is judged wrong: fewer bytes in fewer bursts than c03 measured slower
(docs/machine.md, "Cube"); c04 is no measurement (it calls TLOAD_IMPL outside the
instruction scope, so pto-isa's check reads 0 and its bound is 0)."""

DMA_PATHS: Mapping[tuple[MemorySpace, MemorySpace], Path] = MappingProxyType(
    {
        (MemorySpace.GM, MemorySpace.UB): Path(
            128, GM_STARTUP, "[manual] 128 B/cycle; [prof] TLOAD c01/c05 imply 128.3"
        ),
        (MemorySpace.GM, MemorySpace.L1): Path(
            256, GM_L1_STARTUP, "[manual] 256 B/cycle; start-up fitted on [prof] TLoadConv c01"
        ),
        (MemorySpace.UB, MemorySpace.GM): Path(
            _gbps(188.46), GM_STARTUP, "[arch] UB_TO_GM 188.46 GB/s"
        ),
        (MemorySpace.L1, MemorySpace.GM): Path(_gbps(32.0), GM_STARTUP, "[arch] L1_TO_GM 32 GB/s"),
        (MemorySpace.UB, MemorySpace.UB): Path(
            UB_COPY_BYTES_PER_CYCLE, UB_COPY_HEAD, "fitted on [prof] TMOV f32 64x128"
        ),
        (MemorySpace.L1, MemorySpace.L0A): Path(_gbps(441.0), 0, "[arch] L1_TO_L0A 441 GB/s"),
        (MemorySpace.L1, MemorySpace.L0B): Path(_gbps(220.5), 0, "[arch] L1_TO_L0B 220.5 GB/s"),
        (MemorySpace.L0C, MemorySpace.GM): Path(
            _gbps(70.0), GM_STARTUP, "[arch] L0C_TO_GM 70 GB/s"
        ),
        (MemorySpace.L0C, MemorySpace.L1): Path(_gbps(128.0), 0, "[arch] L0C_TO_L1 128 GB/s"),
        (MemorySpace.L0C, MemorySpace.UB): Path(
            _gbps(128.0), 0, "as L0C_TO_L1 (no figure published; estimate)"
        ),
    }
)
"""DMA paths: bandwidth and start-up per transfer (A5: the same figures, an estimate)."""

A5_DRAIN_BYTES_PER_CYCLE = 118.0
A5_DRAIN_STARTUP = 343
A5_DRAIN_ROW_FLOOR = 4.59
"""The A5 fixpipe drain L0C -> UB (a C2V push, pto-isa npu/a5/TPush.hpp's fixpipe TMOV acc ->
vec; a `tmov` acc -> vec): `startup + max(bytes / bandwidth, rows x row floor)`, the form of
hw-native-sys/pypto `Backend950::GetL0CostModel` (per drain `drain_fixed_cycles + m x
max(drain_row_cycles, row bytes / bw_drain)`), fitted on pypto's A5 simulator (FIXP lane):
fixed 343.4, row floor 4.59 (pypto's A2/A3 model: 4.45, "~arch-invariant"), 30 B/cycle.
pypto flags that bandwidth as the simulator's: "bw_drain=30 carries a known ~4x
SIM-vs-DEVICE gap (a2a3-sim drain is likewise ~4x a2a3-device's 118)", so the model takes
the device's 118 B/cycle (the A2/A3 figure pypto calls the device's, 4 x 30 within 2%). The
fixed 343 is the simulator's too (pypto's A2/A3 model: 164), but nothing says by how much; it is
kept. Narrow tiles are bound by the row floor, not the bandwidth: a 32x32 f32 push costs
343 + 32 x 4.59 = 490 either way, so PTOAS's A5 acceptance figures (docs/machine.md,
"PTOAS's A5 acceptance kernels") do not decide the bandwidth."""

A5_DMA_PATHS: Mapping[tuple[MemorySpace, MemorySpace], Path] = MappingProxyType(
    {
        (MemorySpace.L0C, MemorySpace.UB): Path(
            A5_DRAIN_BYTES_PER_CYCLE,
            A5_DRAIN_STARTUP,
            "[pypto] A5 fixpipe drain: 343 + max(bytes / 118, rows x 4.59) (estimate)",
            A5_DRAIN_ROW_FLOOR,
        ),
    }
)
"""A5 paths with figures of their own (`A5_DRAIN_*`)."""

DEFAULT_PATH = Path(_gbps(32.0), 0, "any other on-chip move: L1_TO_BT/L1_TO_FB 32 GB/s [arch]")

# ---- A5 vector function (VF) ---------------------------------------------------------------

VF_STARTUP = 23
VF_DRAIN = 12
"""[vf] isa_defaults.csv: `vf_startup_cost` and `vf_drain_cost` of one vecscope."""
SIMT_ISSUE = 1
"""Cycles of one SIMT instruction for one warp of 32 lanes: an estimate (no SIMT figure is
published; pto-isa's cost models have no SIMT unit). A SIMT launch is one VF: start-up and
drain as a vecscope's."""
LOAD_PORTS = 2
STORE_PORTS = 1
"""[vf] uarch.csv `load_ports`, `store_ports`."""
LOAD_LATENCY = 9
LOAD_FORWARD = 6
STORE_LATENCY = 9
"""[vf] isa.csv VLDS/VSTS latency 9; forwarding.csv VLDS -> compute 6."""
STORE_FORWARD_EXTRA = 2
"""[vf] forwarding.csv: a producer forwards to VSTS 2 cycles later than to a compute op
(VADD 3 -> 5, VMUL 4 -> 6, VDIV 14 -> 15 ... modal +2)."""


@dataclass(frozen=True)
class VfInstr:
    """[vf] one compute instruction (f32, f16): forwarding to a dependent compute op
    (forwarding.csv), initiation interval to the next instruction of the same class
    (initiation_interval.csv) and its throughput (isa.csv `throughput`: cycles per
    instruction when a loop issues it back to back)."""

    forward: tuple[int, int]
    interval: tuple[int, int]
    throughput: tuple[int, int]


def _vf_instr() -> Mapping[type, VfInstr]:
    from pto_dialect.ops.vector_compare import VSelOp
    from pto_dialect.ops.vector_math import VExpOp, VRecOp, VSqrtOp

    return MappingProxyType(
        {
            VAddOp: VfInstr((3, 3), (1, 1), (2, 2)),
            VSubOp: VfInstr((3, 3), (1, 1), (2, 2)),
            VMulOp: VfInstr((4, 4), (1, 1), (2, 2)),
            VDivOp: VfInstr((14, 19), (4, 8), (4, 4)),
            VMaxOp: VfInstr((2, 2), (1, 1), (2, 2)),
            VMinOp: VfInstr((2, 2), (1, 1), (2, 2)),
            VAbsOp: VfInstr((2, 2), (1, 1), (1, 1)),
            VAndOp: VfInstr((2, 2), (1, 1), (1, 1)),
            VSelOp: VfInstr((2, 2), (1, 1), (1, 1)),
            VExpOp: VfInstr((13, 18), (4, 8), (4, 4)),
            # no [vf] rows: as VEXP, the SFU op [vf] has ([prof-a5] A5TsqrtFit, A5TrecipFit
            # 1-D: 2 (f32) / 4 (f16) cycles a further repeat, as A5TexpFit; held out)
            VSqrtOp: VfInstr((13, 18), (4, 8), (4, 4)),
            VRecOp: VfInstr((13, 18), (4, 8), (4, 4)),
        }
    )


VF_INSTR: Mapping[type, VfInstr] = OnFirstUse(_vf_instr)
"""Modal values of forwarding.csv (producer -> compute consumers) and of
initiation_interval.csv (op -> same op), and isa.csv's throughput. Any other compute op:
forwarding `latency - 4` (the table's modal gap, at least 1), interval and throughput 1."""


def _a5_chain() -> Mapping[type, tuple[type, ...]]:
    from pto_dialect.ops.tile_math import TRsqrtOp
    from pto_dialect.ops.vector_math import VSqrtOp

    return MappingProxyType({TRsqrtOp: (VSqrtOp, VDivOp)})


A5_CHAIN: Mapping[type, tuple[type, ...]] = OnFirstUse(_a5_chain)
"""A5 tile ops whose loop issues several dependent compute ops a repeat, in order: pto-isa's
A5 TRSQRT is a vsqrt then a vdiv of 1 by it (npu/a5/TRsqrt.hpp), not one vrsqrt."""


A5_INT64_CHAIN: Mapping[type, tuple[type, ...]] = OnFirstUse(a5_int64.chains)
"""A5 tile ops on 64-bit integers: the dependent chain of 32-bit ops pto-isa's A5 issues a
repeat (`interpreters.machine.a5_int64`); no profiled 64-bit case: the 32-bit ops' figures."""
A5_INT64_EXTRA: Mapping[type, tuple[type, ...]] = OnFirstUse(a5_int64.extras)
"""The ops a 64-bit A5 loop issues a repeat besides its dependent chain (`A5_INT64_CHAIN`):
they take issue slots, not latency."""

VST_BARRIER_PASS = 13.4
"""Cycles a pass of an A5 loop takes when a `mem_bar(VST_VST)` orders its store after the
previous pass's (npu/a5/TCvt.hpp `cast32to8`, `castBf16toFp4`: vlds, vcvt, vselr, barrier,
vsts): fitted on [prof-a5] A5TcvtFit fp32_to_fp8_e4m3_1D_NO_POST_UPDATE_full 1x640 (178
for 10 passes: 57 + 9 x 13.4), held out on the other 1-D f32 -> 8-bit and bf16 -> FP4
cases; about the store's 9-cycle latency plus its issue (no [vf] row for mem_bar or
vselr)."""
VF_PREDICATE_OP = 3.9
"""Cycles of a predicate op (`plt`, `punpack`, `pintlv`) a loop pass issues besides its one
post-updating `plt` (whose cost the elementwise fits include): they follow one another. No
[vf] row has predicate ops ([cce] vec_cycle_generated: `plt` 2, an op it does not know 5);
fitted on [prof-a5] A5TcvtFit fp8_e4m3_to_fp32_2D_POST_UPDATE_full 10x640 (567: 10 rows of 5
passes, each a `plt` and two `punpack` besides the loop's: 3 x 3.9 a pass), held out on the
other 8-bit -> f32, the FP4 -> bf16 (one further `plt`) and the `tsel` cases."""
VF_LOOP_START = VF_STARTUP - 19
"""Cycles from a loop's start to its first op issuing: [vf] uarch.csv starts the VF's first
loop at `initial_top_block_vloop_start_cycle` 19, and its first op issues at
`vf_startup_cost` 23 (isa_defaults.csv). A loop that starts after the vector pipe drained
(`TSel_b32`'s second loop, behind a branch on the register its `plt` post-update writes)
starts as the first one does ([prof-a5] A5TselFit f32 1x320: 91, the model 90; held out)."""
VF_ISSUE_PORTS = 2
"""[vf] uarch.csv `issue_ports`: compute ops issue on two execution ports, one op a cycle
each."""
VF_WINDOW = 58
"""[vf] uarch.csv `shq_depth`: ops waiting to issue; an op enters once the one 58 before it
has issued (the window of out-of-order issue)."""
VF_DISPATCH_WIDTH = 5
"""[vf] uarch.csv `IDU_issue_width`: ops entering the window a cycle."""


def _exu0_only() -> Mapping[type, None]:
    from pto_dialect.ops.vector_materialize import VDupOp
    from pto_dialect.ops.vector_reduce import VCaddOp, VCmaxOp, VCminOp

    return dict.fromkeys((VCaddOp, VCmaxOp, VCminOp, VDupOp))


def _sfu() -> Mapping[type, None]:
    from pto_dialect.ops.vector_math import VExpOp, VRecOp, VSqrtOp
    from pto_dialect.ops.vector_reduce import VCaddOp, VCmaxOp, VCminOp

    return dict.fromkeys((VCaddOp, VCmaxOp, VCminOp, VDivOp, VExpOp, VSqrtOp, VRecOp))


VF_EXU0_ONLY: Mapping[type, None] = OnFirstUse(_exu0_only)
"""[vf] isa.csv `dispatch_exu` EXU0_ONLY: these issue on port 0 only (the others: EXU01)."""
VF_SFU: Mapping[type, None] = OnFirstUse(_sfu)
"""[vf] isa.csv `EXU` SFU (the others: ALU); an initiation interval keeps its unit."""

VF_ALU_STEP = 2
"""[vf] isa.csv throughput of the ALU ops a tile loop issues (VADD, VSUB, VMUL, VMAX, VMIN:
2): a row's loop overhead (`VF_ROW_GAP`) runs while an SFU op takes cycles beyond it
([prof-a5] A5TexpFit f16 2-D, rows of one repeat: about 3.6 cycles a row, not 4 + 3)."""
VF_ROW_GAP = 3
"""A tile op whose valid columns do not fill its rows runs a loop per row (2-D): each row
after the first costs 3 more cycles, fitted on [prof-a5] A5TAddFit
Fp32Default2DNoPostUpdateFull 10x128 (121 = 55 + 19 x 2 + 9 x 3 + 1); the repeats of a 2-D
loop issue at the op's throughput. [prof-a5]: pto-isa tests/costmodel/st_a5_fit."""
