"""Index arithmetic for lowerings that emit straight-line code around a tile op: sizes known
at compile time fold to constants (named as MLIR names them), the others become `arith` ops
on `index`; loops nest with their constants hoisted before the outermost one
(`pto-lower-dma`, `pto-lower-matrix`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from xdsl.dialects import arith, scf
from xdsl.dialects.builtin import IndexType, IntegerAttr, IntegerType, i1, i64
from xdsl.ir import Attribute, Block, Operation, SSAValue
from xdsl.pattern_rewriter import PatternRewriter
from xdsl.rewriter import InsertPoint

from pto_dialect.memory_types import PtrType
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.ops.tile_memory import constant_index

Dim = int | SSAValue
"""A size, offset or stride: known at compile time, or an `index` value."""


def known_dim(value: SSAValue) -> Dim:
    constant = constant_index(value)
    return value if constant is None else constant


def _constant_name(value: int, type: Attribute) -> str:
    """MLIR's names for constants: `c0`, `c128_i64`, `true`."""
    if type == i1:
        return "true" if value else "false"
    suffix = "" if isinstance(type, IndexType) else f"_{type}"
    return f"c{value}{suffix}".replace("-", "m")


@dataclass
class Emitter:
    """Inserts ops before the tile op (or at `point`, in a loop body of `parent`), with its
    location; folds and reuses scalars. Constants go before the tile op, outside any loop."""

    rewriter: PatternRewriter
    op: Operation
    point: InsertPoint | None = None
    parent: Emitter | None = None
    _constants: dict[tuple[int, Attribute], SSAValue] = field(
        default_factory=dict[tuple[int, Attribute], SSAValue]
    )
    _casts: dict[SSAValue, SSAValue] = field(default_factory=dict[SSAValue, SSAValue])

    _hoist: InsertPoint | None = None
    """Where constants go once a loop is emitted: before the outermost loop."""

    def add(self, op: Operation, point: InsertPoint | None = None) -> Operation:
        op.location = self.op.location
        self.rewriter.insert(op, point or self.point)
        if isinstance(op, arith.ConstantOp) and isinstance(op.value, IntegerAttr):
            key = (op.value.value.data, op.value.type)
            op.result.name_hint = op.result.name_hint or _constant_name(*key)
            self._constants.setdefault(key, op.result)
        return op

    def loop(self, count: Dim) -> tuple[Emitter, SSAValue]:
        """An `scf.for %i = 0 to count step 1` here; an emitter into its body, and `%i`."""
        body = Block(arg_types=[IndexType()])
        end = scf.YieldOp()
        body.add_op(end)
        loop = self.add(scf.ForOp(self.index(0), self.index(count), self.index(1), [], body))
        root = self
        while root.parent is not None:
            root = root.parent
        root._hoist = root._hoist or InsertPoint.before(loop)
        inner = Emitter(self.rewriter, self.op, InsertPoint.before(end), self)
        return inner, body.args[0]

    def constant(self, value: int, type: IntegerType | IndexType) -> SSAValue:
        if self.parent is not None:
            return self.parent.constant(value, type)
        key = (value, type)
        if key not in self._constants:
            width = type if isinstance(type, IndexType) else type.bitwidth
            const = arith.ConstantOp.from_int_and_width(value, width)
            self.add(const, self._hoist)
            self._constants[key] = const.result
        return self._constants[key]

    def index(self, dim: Dim) -> SSAValue:
        return self.constant(dim, IndexType()) if isinstance(dim, int) else dim

    def i64(self, dim: Dim) -> SSAValue:
        if isinstance(dim, int):
            return self.constant(dim, i64)
        if dim not in self._casts:
            self._casts[dim] = self.add(arith.IndexCastOp(dim, i64)).results[0]
        return self._casts[dim]

    def mul(self, lhs: Dim, rhs: Dim) -> Dim:
        if isinstance(lhs, int) and isinstance(rhs, int):
            return lhs * rhs
        if 0 in (lhs, rhs):
            return 0
        if lhs == 1 or rhs == 1:
            return rhs if lhs == 1 else lhs
        return self.add(arith.MuliOp(self.index(lhs), self.index(rhs))).results[0]

    def binary(self, op: type[arith.SignlessIntegerBinaryOperation], lhs: Dim, rhs: Dim) -> Dim:
        return self.add(op(self.index(lhs), self.index(rhs))).results[0]

    def pick(self, predicate: str, lhs: Dim, rhs: Dim) -> Dim:
        """`lhs predicate rhs ? lhs : rhs` on index (`slt`: the minimum, `sgt`: the maximum);
        `arith.cmpi` and `arith.select`, which the interpreter runs."""
        a, b = self.index(lhs), self.index(rhs)
        test = self.add(arith.CmpiOp(a, b, predicate)).results[0]
        return self.add(arith.SelectOp(test, a, b)).results[0]

    def sum(self, terms: list[Dim]) -> Dim:
        total: Dim = sum(t for t in terms if isinstance(t, int))
        for term in terms:
            if not isinstance(term, int):
                total = (
                    term
                    if total == 0
                    else self.add(arith.AddiOp(self.index(total), term)).results[0]
                )
        return total

    def gm_pointer(
        self, ptr: SSAValue, element: Attribute, offsets: Sequence[Dim], strides: Sequence[Dim]
    ) -> SSAValue:
        """A GM window's first element: `ptr` typed as a pointer to `element`, advanced by
        the sum of `offsets` x `strides` elements."""
        typed = PtrType(element)
        if ptr.type != typed:
            ptr = self.add(CastPtrOp(ptr, typed)).results[0]
            ptr.name_hint = "gm"
        offset = self.sum([self.mul(o, s) for o, s in zip(offsets, strides, strict=True)])
        if offset == 0:
            return ptr
        ptr = self.add(AddPtrOp(ptr, self.index(offset))).results[0]
        ptr.name_hint = "gm"
        return ptr
