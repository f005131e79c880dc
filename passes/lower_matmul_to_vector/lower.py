"""`pto-lower-matmul-to-vector{target=...}`: matrix tile ops on the vector unit (seed 003).

Each DPS `tmatmul`, `tgemv` and their `.acc` / `.bias` forms in the vector-unit form (every
operand a planned `loc=vec` ND tile, see `pto_dialect/ops/tile_matrix.py`) becomes one
`pto.vecscope` that accumulates outer products into a register tile of C: for each block
of R rows x G registers (`lower_matmul_to_vector_tiling.py`) of the m x n result,

    acc[r][g] = acc_in (A2A3/A5 `.acc`), bias (A2A3/A5 `.bias`) or +0.0
    for k in 0 .. K-1:                                   # scf.for, ascending k
        b[g] = vlds B[k, j0 + g*VL]                      # NORM, one row of B
        a    = vlds A[i0 + r, k] {BRC_B32}               # A's element in every lane
        acc[r][g] = vmula(acc[r][g], a, b[g])            # fused: one rounding
    acc[r][g] = vadd(acc_in, acc[r][g])  (CPU `.acc`);  vadd(acc[r][g], bias) (CPU `.bias`)
    vsts acc[r][g] -> C[i0 + r, j0 + g*VL]

The tails of n are masked (`pto.plt_b32` of the columns left), the tail of m is a block of
fewer rows, and k is the loop's exact trip count. This is the tile semantics' order and
rounding (interpreters/semantics/matrix.py: each step one fused multiply-add, acc_in and
bias where `MATMUL_RULES` puts them), so the bytes equal the tile op's on every target.

Widening inputs (`lower_matmul_to_vector_widening.py`): f16/bf16 A and B are widened to f32
and i8 to i32 as they are loaded (B's row by an unpacking load and `pto.vcvt`, or
`pto.vsunpack` for i8; A's element by a narrow broadcast and `pto.vcvt`), exactly, then the
same loop runs in the accumulator type (i32 vmul/vadd wrap around as the tile op's sum).

Refused with a diagnostic: fp8 inputs (`pto.vcvt` has no fp8 -> f32 form), a target lacking
a vector form the lowering needs, dynamic valid sizes, buffers that overlap the destination
other than acc_in in place, SSA form and unplanned buffers.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from xdsl.context import Context
from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import (
    Float32Type,
    FloatAttr,
    IntegerAttr,
    ModuleOp,
    StringAttr,
    i16,
    i32,
)
from xdsl.ir import Block, Operation, SSAValue
from xdsl.passes import ModulePass
from xdsl.pattern_rewriter import PatternRewriter, RewritePattern
from xdsl.transforms.dead_code_elimination import is_trivially_dead

from passes.common import checked_pass, pass_error, pass_target, rewrite_once
from passes.lower_matmul_to_vector.tiling import SCRATCH_REGISTERS, RegisterTile, choose_tile
from passes.lower_matmul_to_vector.widening import (
    CONVERT_REGISTERS,
    WIDENINGS,
    Widener,
    missing_forms,
)
from passes.lower_tile_to_vector.buffers import CHUNK_BYTES, Buffer, Size
from passes.lower_tile_to_vector.emit import VSLDB_CONTIGUOUS, Emitter
from pto_dialect.attrs import LoadDist, Location
from pto_dialect.dtypes import F32
from pto_dialect.ops.pointer import AddPtrOp
from pto_dialect.ops.tile_matrix import MatmulTileOp
from pto_dialect.ops.tile_memory import AllocTileOp
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vector_arith import VAddOp, VBrOp, VMulAOp
from pto_dialect.ops.vector_load import VldsOp, VsldbOp
from pto_dialect.ops.vector_store import VstsOp
from pto_dialect.rules import MATMUL_RULES, AccIn, BiasAdd
from pto_dialect.targets import TargetProfile
from pto_dialect.tile_types import DYNAMIC, TileBufType

NAME = "pto-lower-matmul-to-vector"
TILE_ATTR = VecScopeOp.MATMUL_TILE
"""The vecscope attribute reporting the register tile and its computational intensity."""

WIDENING = (
    "needs a widening the lowering does not emit: it widens f16/bf16 -> f32 and i8 -> i32 "
    "(pto.vcvt has no fp8 -> f32 form)"
)


def _buffer(op: Operation, value: SSAValue, role: str) -> Buffer:
    """The planned `loc=vec` ND buffer of `value` with static valid sizes."""
    type = value.type
    assert isinstance(type, TileBufType)  # DPS form, checked by the pattern
    name = f"{role} tile buffer" + (f" %{value.name_hint}" if value.name_hint else "")
    alloc = value.owner
    address = alloc.address if isinstance(alloc, AllocTileOp) else None
    if address is None:
        raise pass_error(NAME, f"{name} has no planned address: run pto-plan-memory first", op)
    if type.location is not Location.VEC or not type.is_nd:
        raise pass_error(NAME, f"{name} must be a loc=vec row-major (ND) tile", op)
    v_row, v_col = type.valid_shape
    if DYNAMIC in (v_row, v_col):
        raise pass_error(
            NAME, f"{name} has a dynamic valid size: the lowering needs static m, k and n", op
        )
    return Buffer(value, type, address, Size.of(v_row), Size.of(v_col))


@dataclass(frozen=True)
class Operands:
    a: Buffer
    b: Buffer
    dst: Buffer
    acc_in: Buffer | None
    bias: Buffer | None
    m: int
    k: int
    n: int


def _operands(op: MatmulTileOp, target: TargetProfile) -> Operands:
    a = _buffer(op, op.ins[op.lhs_index], "a")
    b = _buffer(op, op.ins[op.lhs_index + 1], "b")
    dst = _buffer(op, op.outs[0], "dst")
    acc_in = _buffer(op, op.ins[0], "acc_in") if op.ACC_INPUT else None
    bias = _buffer(op, op.ins[2], "bias") if op.BIAS_INPUT else None
    triple = (dst.dtype, a.dtype, b.dtype)
    acc = dst.dtype
    if a.dtype != b.dtype or (a.dtype != acc and (a.dtype, acc) not in WIDENINGS):
        raise pass_error(NAME, f"(C, A, B) = ({', '.join(map(str, triple))}) {WIDENING}", op)
    for vector_op in (VldsOp, VMulAOp, VAddOp, VBrOp, VstsOp):
        if acc not in vector_op.legal_dtypes(target):
            raise pass_error(NAME, f"{vector_op.name} has no {acc} form on {target.name}", op)
    missing = missing_forms(a.dtype, acc, target) if a.dtype != acc else []
    if missing:
        raise pass_error(
            NAME,
            f"widening {a.dtype} -> {acc} needs {', '.join(missing)}, which {target.name} lacks",
            op,
        )
    m = a.valid_rows.bound
    k = b.valid_rows.bound if op.GEMV else a.valid_cols.bound
    n = b.valid_cols.bound
    for source, role in ((a, "a"), (b, "b"), (bias, "bias")):
        if source is not None and source.overlaps(dst):
            raise pass_error(
                NAME,
                f"{source.describe(role)} overlaps {dst.describe('dst')}: the stores of one "
                "block would change what later blocks read",
                op,
            )
    if acc_in is not None and acc_in.overlaps(dst) and not acc_in.same_placement(dst):
        raise pass_error(
            NAME,
            f"{acc_in.describe('acc_in')} overlaps {dst.describe('dst')} other than "
            "element for element",
            op,
        )
    return Operands(a, b, dst, acc_in, bias, m, k, n)


@dataclass
class _Lowering:
    """Emits the vecscope of one matrix op."""

    op: MatmulTileOp
    target: TargetProfile
    ops: Operands
    emitter: Emitter
    tile: RegisterTile
    widener: Widener | None
    """The conversions of A and B where they are narrower than the accumulator."""
    block_masks: dict[int, SSAValue] = field(default_factory=dict[int, SSAValue])
    """The `pto.vsldb` block mask of each column count, made once before the loops."""
    bias_first: bool = False
    """The bias row starts the sum (`MATMUL_RULES`), else it is added after it."""

    @property
    def lanes(self) -> int:
        return self.emitter.lanes

    def load(self, buffer: Buffer, offset: Size, count: int) -> SSAValue:
        """`count` elements of `buffer` at `offset` (largest value `offset.bound`) as one
        register: `pto.vlds`, or `pto.vsldb` of the blocks holding them where a full
        register could leave the buffer."""
        e = self.emitter
        ptr = e.pointer(buffer)
        if buffer.address + (offset.bound + self.lanes) * buffer.dtype.bytes <= buffer.end:
            return e.emit(VldsOp(ptr, e.index(offset), e.vreg), "v").results[0]
        at = e.emit(AddPtrOp(ptr, e.index(offset)), "at").results[0]
        blocks = self.block_masks[count]
        load = VsldbOp(at, [e.constant(n, i16) for n in VSLDB_CONTIGUOUS], blocks, e.vreg)
        return e.emit(load, "v").results[0]

    def row_of_b(self, offset: Size, count: int) -> SSAValue:
        """`count` elements of a row of B at `offset`, in accumulator lanes."""
        if self.widener is None:
            return self.load(self.ops.b, offset, count)
        return self.widener.row(self.ops.b, offset, count)

    def element_of_a(self, offset: Size) -> SSAValue:
        """A's element at `offset` in every accumulator lane."""
        if self.widener is not None:
            return self.widener.broadcast(self.ops.a, offset)
        e = self.emitter
        load = VldsOp(e.pointer(self.ops.a), e.index(offset), e.vreg, LoadDist.BRC_B32)
        return e.emit(load, "a").results[0]

    def check_store(self, buffer: Buffer, span: int) -> None:
        end = buffer.address + span * buffer.dtype.bytes
        capacity = self.target.capacities[Location.VEC]
        if end > capacity:
            raise pass_error(
                NAME,
                f"{buffer.describe('dst')}: the 256-byte footprint of its last pto.vsts "
                f"would reach byte {end}, beyond the {capacity}-byte UB of {self.target.name}",
                self.op,
            )

    def run(self) -> None:
        e, o, tile = self.emitter, self.ops, self.tile
        e.scope.attributes[TILE_ATTR] = StringAttr(tile.describe())
        rules = MATMUL_RULES[self.target.arch]
        first = rules.acc_in is AccIn.FIRST
        self.bias_first = rules.bias is BiasAdd.START
        acc = o.dst.dtype
        zero_attr = FloatAttr(0.0, Float32Type()) if acc == F32 else IntegerAttr(0, i32)
        zero_scalar = e.hoist(arith.ConstantOp(zero_attr), f"zero_{acc}")
        zero = e.emit(VBrOp(zero_scalar.results[0]), "zero").results[0]
        width = tile.groups * self.lanes
        last_row = (o.m - 1) * o.dst.stride
        self.check_store(o.dst, last_row + ((o.n - 1) // self.lanes + 1) * self.lanes)
        for j0 in range(0, o.n, width):
            counts = [min(self.lanes, o.n - c) for c in range(j0, min(o.n, j0 + width), self.lanes)]
            masks = [e.plt(e.constant(count, i32))[0] for count in counts]
            for count in counts:
                if count not in self.block_masks:
                    self.block_masks[count] = e.block_mask(e.constant(count, i32))
            if self.widener is not None:
                self.widener.prepare(counts)
            for i0 in range(0, o.m, tile.rows):
                rows = min(tile.rows, o.m - i0)
                self.block(i0, rows, j0, counts, masks, zero, first)
        narrow = self.widener.block_masks.values() if self.widener is not None else ()
        for mask in [*self.block_masks.values(), *narrow]:
            _erase_if_unused(mask.owner, e.scope, e.rewriter)

    def block(
        self,
        i0: int,
        rows: int,
        j0: int,
        counts: list[int],
        masks: list[SSAValue],
        zero: SSAValue,
        first: bool,
    ) -> None:
        """The R x G register block at (i0, j0): init, the k loop, epilogue, stores."""
        e, o = self.emitter, self.ops
        at = [
            [(i0 + r) * o.dst.stride + j0 + g * self.lanes for g in range(len(counts))]
            for r in range(rows)
        ]
        inits: list[SSAValue] = []
        for r in range(rows):
            for g, count in enumerate(counts):
                if o.acc_in is not None and first:
                    inits.append(self.load(o.acc_in, Size.of(at[r][g]), count))
                elif o.bias is not None and self.bias_first:
                    inits.append(self.load(o.bias, Size.of(j0 + g * self.lanes), count))
                else:
                    inits.append(zero)
        loop = e.loop(Size.of(0), Size.of(o.k), 1, inits, "k")
        body = loop.body.block
        with e.inside(body):
            k = Size(body.args[0], o.k - 1)
            row_b = e.mul(k, o.b.stride, "kb")
            b = [
                self.row_of_b(e.add(row_b, Size.of(j0 + g * self.lanes)), count)
                for g, count in enumerate(counts)
            ]
            accs: list[SSAValue] = list(body.args[1:])
            for r in range(rows):
                a = self.element_of_a(e.add(Size.of((i0 + r) * o.a.stride), k, "ka"))
                for g, mask in enumerate(masks):
                    index = r * len(counts) + g
                    accs[index] = e.emit(VMulAOp(accs[index], a, b[g], mask), "acc").results[0]
            e.emit(scf.YieldOp(*accs))
        results = list(loop.results)
        dst_ptr = e.pointer(o.dst)
        for r in range(rows):
            for g, (count, mask) in enumerate(zip(counts, masks, strict=True)):
                value = results[r * len(counts) + g]
                if o.acc_in is not None and not first:
                    acc_in = self.load(o.acc_in, Size.of(at[r][g]), count)
                    value = e.emit(VAddOp(acc_in, value, mask), "acc").results[0]
                if o.bias is not None and not self.bias_first:
                    bias = self.load(o.bias, Size.of(j0 + g * self.lanes), count)
                    value = e.emit(VAddOp(value, bias, mask), "acc").results[0]
                e.emit(VstsOp(value, dst_ptr, e.index(Size.of(at[r][g])), mask))


def _erase_if_unused(owner: Operation | Block, scope: Operation, rewriter: PatternRewriter) -> None:
    """Erases `owner` and the ops inside `scope` feeding only it when none of their
    results is used (the block masks of columns that no bounded load needed; the scalars
    before the scope are the emitter's to clean up)."""
    if not isinstance(owner, Operation) or not scope.is_ancestor(owner):
        return
    if not is_trivially_dead(owner):
        return
    feeders = [v.owner for v in owner.operands]
    rewriter.erase(owner)
    for feeder in feeders:
        _erase_if_unused(feeder, scope, rewriter)


@dataclass
class _LowerMatmul(RewritePattern):
    target: TargetProfile

    def match_and_rewrite(self, op: Operation, rewriter: PatternRewriter) -> None:
        if not isinstance(op, MatmulTileOp) or not op.on_vector_unit():
            return
        if not op.is_dps:
            raise pass_error(
                NAME, "SSA tile op: run pto-convert-to-dps and pto-plan-memory first", op
            )
        operands = _operands(op, self.target)
        acc, source = operands.dst.dtype, operands.a.dtype
        lanes = CHUNK_BYTES // acc.bytes
        scratch = SCRATCH_REGISTERS + (CONVERT_REGISTERS if source != acc else 0)
        tile = choose_tile(self.target.arch, lanes, operands.m, operands.n, scratch)
        emitter = Emitter.replacing(op, rewriter, acc)
        widener = Widener(emitter, source, acc) if source != acc else None
        _Lowering(op, self.target, operands, emitter, tile, widener).run()
        emitter.replace_op()


@checked_pass
@dataclass(frozen=True)
class LowerMatmulToVectorPass(ModulePass):
    """Lowers vector-unit matrix tile ops on planned UB buffers to outer-product loops."""

    name = "pto-lower-matmul-to-vector"

    target: str | None = None

    def apply(self, ctx: Context, op: ModuleOp) -> None:
        target = pass_target(NAME, op, self.target)
        rewrite_once(_LowerMatmul(target), op)
