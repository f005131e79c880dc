"""Lane implementations of the upstream ops SIMT code holds (`arith`, `math`, `llvm.bitcast`)
and of `pto.castptr` / `pto.addptr`: MLIR's semantics at each type's width, as numpy over the
lanes (integers wrap; floats round once in their type; a division by zero, a shift by the
width or more, in an active lane, stops the run, as MLIR leaves them undefined).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, cast

import numpy as np
from xdsl.dialects import arith, llvm, math
from xdsl.dialects.builtin import DenseIntOrFPElementsAttr, FloatAttr, IntegerAttr
from xdsl.ir import Attribute, Operation

from interpreters.engine.errors import PtoRuntimeError
from interpreters.ops.simt_lanes import LanePointer, Lanes, Value, lane, lane_format, to_lanes
from interpreters.semantics.simt import check_no_zero, float_math
from pto_dialect.memory_types import MemorySpace, PtrType
from pto_dialect.ops.pointer import AddPtrOp, CastPtrOp
from pto_dialect.upstream_ops import ExtractElementOp, IndexCastUIOp

Array = np.ndarray


def _result(op: Operation, index: int = 0) -> Attribute:
    return op.results[index].type


def _unsigned(values: Array) -> Array:
    """Integer lanes read as unsigned (bools unchanged)."""
    return values if values.dtype.kind != "i" else values.view(values.dtype.str.replace("i", "u"))


# ---- constants -----------------------------------------------------------------------------


@lane(arith.ConstantOp)
def _constant(
    lanes: Lanes, op: arith.ConstantOp, args: list[Any], active: Array
) -> Sequence[Value]:
    value = op.value
    if isinstance(value, IntegerAttr | FloatAttr):
        data: object = value.value.data  # pyright: ignore[reportUnknownMemberType]
    elif isinstance(value, DenseIntOrFPElementsAttr):
        data = np.array(value.get_values())
    else:
        raise PtoRuntimeError(f"SIMT code has no value for the constant {value}")
    return [to_lanes(data, _result(op), lanes.count)]


# ---- integers ------------------------------------------------------------------------------


def _int_binary(
    fn: Callable[[Array, Array], Array], unsigned: bool = False
) -> Callable[..., Sequence[Value]]:
    def run(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
        a, b = args
        dtype = a.dtype
        if unsigned:
            a, b = _unsigned(a), _unsigned(b)
        return [np.asarray(fn(a, b)).astype(a.dtype).view(dtype)]

    return run


def _trunc_div(a: Array, b: Array) -> Array:
    safe = np.where(b == 0, 1, b)
    q = np.abs(a.astype(np.int64)) // np.abs(safe.astype(np.int64))
    return np.where((a < 0) != (safe < 0), -q, q)


def _division(kind: str, unsigned: bool) -> Callable[..., Sequence[Value]]:
    def run(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
        a, b = args
        check_no_zero(b, active, op.name)
        dtype = a.dtype
        if unsigned:
            ua, ub = _unsigned(a).astype(np.uint64), _unsigned(b).astype(np.uint64)
            ub = np.where(ub == 0, 1, ub)
            if kind == "div":
                q = ua // ub
            elif kind == "rem":
                q = ua % ub
            else:  # ceildiv
                q = (ua + ub - 1) // ub
            return [q.astype(_unsigned(a).dtype).view(dtype)]
        wide_a, wide_b = a.astype(np.int64), np.where(b == 0, 1, b).astype(np.int64)
        q = _trunc_div(wide_a, wide_b)
        if kind == "rem":
            out = wide_a - q * wide_b
        elif kind == "floordiv":
            out = np.floor_divide(wide_a, wide_b)
        elif kind == "ceildiv":
            out = -np.floor_divide(-wide_a, wide_b)
        else:
            out = q
        return [out.astype(dtype)]

    return run


def _shift(kind: str) -> Callable[..., Sequence[Value]]:
    def run(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
        a, b = args
        bits = a.dtype.itemsize * 8
        amount = _unsigned(b).astype(np.uint64)
        if np.any(active & (amount >= bits)):
            raise PtoRuntimeError(f"{op.name}: a shift by {bits} bits or more is undefined")
        amount = np.minimum(amount, bits - 1).astype(a.dtype)
        if kind == "shl":
            return [np.left_shift(a, amount)]
        if kind == "shrs":
            return [np.right_shift(a, amount)]
        return [np.right_shift(_unsigned(a), _unsigned(amount)).view(a.dtype)]

    return run


_CMPI: list[Callable[[Array, Array], Array]] = [
    np.equal, np.not_equal, np.less, np.less_equal, np.greater, np.greater_equal,
    np.less, np.less_equal, np.greater, np.greater_equal,
]  # fmt: skip


@lane(arith.CmpiOp)
def _cmpi(lanes: Lanes, op: arith.CmpiOp, args: list[Any], active: Array) -> Sequence[Value]:
    a, b = args
    predicate = op.predicate.value.data
    if predicate >= 6:
        a, b = _unsigned(a), _unsigned(b)
    return [_CMPI[predicate](a, b)]


@lane(arith.CmpfOp)
def _cmpf(lanes: Lanes, op: arith.CmpfOp, args: list[Any], active: Array) -> Sequence[Value]:
    a, b = (x.astype(np.float64) for x in args)
    predicate = op.predicate.value.data
    unordered = np.isnan(a) | np.isnan(b)
    tests: list[Array] = [
        np.zeros(a.shape, dtype=bool), np.equal(a, b), np.greater(a, b), np.greater_equal(a, b),
        np.less(a, b), np.less_equal(a, b), np.not_equal(a, b),
    ]  # fmt: skip
    if predicate == 0 or predicate == 15:
        return [np.full(cast(Array, a).shape, predicate == 15, dtype=bool)]
    if predicate == 7:
        return [~unordered]
    if predicate == 14:
        return [unordered]
    if predicate <= 6:
        return [tests[predicate] & ~unordered]
    return [tests[predicate - 7] | unordered]


@lane(arith.SelectOp)
def _select(lanes: Lanes, op: arith.SelectOp, args: list[Any], active: Array) -> Sequence[Value]:
    cond, a, b = args
    if isinstance(a, LanePointer) and isinstance(b, LanePointer):
        memory = a.memory if a.memory is not None else b.memory
        return [LanePointer(memory, np.where(cond, a.offsets, b.offsets))]
    values = cast(Array, a)
    return [np.where(np.asarray(cond).reshape(-1, *([1] * (values.ndim - 1))), values, b)]


def _int_cast(unsigned: bool) -> Callable[..., Sequence[Value]]:
    """trunci, extsi, extui, index_cast(ui): the input read signed or unsigned, then the
    result's low bits."""

    def run(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
        (value,) = args
        dtype, _ = lane_format(_result(op))
        source = _unsigned(value) if unsigned else value
        wide = source.astype(np.int64)
        if value.dtype == bool and not unsigned:
            wide = -wide  # an i1 sign-extends to all ones
        if dtype.kind == "b":
            return [(wide & 1).astype(bool)]
        return [wide.astype(dtype)]

    return run


# ---- floats --------------------------------------------------------------------------------


def _float_binary(fn: Callable[[Array, Array], Array]) -> Callable[..., Sequence[Value]]:
    def run(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
        a, b = args
        with np.errstate(all="ignore"):
            return [np.asarray(fn(a, b)).astype(a.dtype)]

    return run


@lane(arith.NegfOp)
def _negf(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    return [np.negative(args[0])]


def _to_float(unsigned: bool) -> Callable[..., Sequence[Value]]:
    def run(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
        (value,) = args
        dtype, _ = lane_format(_result(op))
        source = _unsigned(value) if unsigned else value
        return [source.astype(np.float64).astype(dtype)]  # an i64 rounds twice: documented

    return run


def _to_int(unsigned: bool) -> Callable[..., Sequence[Value]]:
    def run(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
        (value,) = args
        dtype, _ = lane_format(_result(op))
        wide = np.trunc(value.astype(np.float64))
        bits = dtype.itemsize * 8
        low, high = (0, 2.0**bits) if unsigned else (-(2.0 ** (bits - 1)), 2.0 ** (bits - 1))
        bad = active & ~((wide >= low) & (wide < high))
        if np.any(bad):
            raise PtoRuntimeError(f"{op.name}: a value does not fit {_result(op)} (poison)")
        kept = np.where(bad | np.isnan(wide), 0, wide)
        target = np.dtype(f"{'u' if unsigned else 'i'}{dtype.itemsize}")
        return [kept.astype(target).view(dtype)]

    return run


def _float_cast(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    dtype, _ = lane_format(_result(op))
    return [args[0].astype(dtype)]


def _bitcast(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    (value,) = args
    dtype, width = lane_format(_result(op))
    raw = np.ascontiguousarray(value).view(np.uint8).reshape(lanes.count, -1)
    result = raw.view(dtype)
    return [result.reshape(lanes.count) if width is None else result]


def _rsqrt(x: Array) -> Array:
    return np.divide(1.0, np.sqrt(x))


_MATH: dict[type[Operation], Callable[..., Array]] = {
    math.AbsFOp: np.abs,
    math.CeilOp: np.ceil,
    math.FloorOp: np.floor,
    math.TruncOp: np.trunc,
    math.RoundEvenOp: np.rint,
    math.CopySignOp: np.copysign,
    math.SqrtOp: np.sqrt,
    math.RsqrtOp: _rsqrt,
    math.ExpOp: np.exp,
    math.Exp2Op: np.exp2,
    math.ExpM1Op: np.expm1,
    math.LogOp: np.log,
    math.Log2Op: np.log2,
    math.Log10Op: np.log10,
    math.Log1pOp: np.log1p,
    math.SinOp: np.sin,
    math.CosOp: np.cos,
    math.TanOp: np.tan,
    math.TanhOp: np.tanh,
    math.SinhOp: np.sinh,
    math.CoshOp: np.cosh,
    math.AsinOp: np.arcsin,
    math.AcosOp: np.arccos,
    math.AtanOp: np.arctan,
    math.Atan2Op: np.arctan2,
    math.AsinhOp: np.arcsinh,
    math.AcoshOp: np.arccosh,
    math.AtanhOp: np.arctanh,
    math.CbrtOp: np.cbrt,
    math.PowFOp: np.power,
}
"""math ops on floats: computed in float64, rounded once to the type (exact for the
rounding functions, abs and sqrt)."""


def _math(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    dtype = args[0].dtype
    with np.errstate(all="ignore"):
        wide = _MATH[type(op)](*(a.astype(np.float64) for a in args))
    return [np.asarray(wide).astype(dtype)]


@lane(math.RoundOp)
def _math_round(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    return [float_math("round", args[0])]


@lane(math.FmaOp)
def _math_fma(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    return [float_math("fma", *args)]


@lane(math.AbsIOp)
def _math_absi(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    return [np.abs(args[0]).astype(args[0].dtype)]


@lane(ExtractElementOp)
def _extract(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    vector, position = args
    where = position.astype(np.int64)
    if np.any(active & ((where < 0) | (where >= vector.shape[1]))):
        raise PtoRuntimeError(f"{op.name}: a position is outside the vector")
    return [vector[np.arange(lanes.count), np.clip(where, 0, vector.shape[1] - 1)]]


@lane(llvm.InsertElementOp)
def _insert(lanes: Lanes, op: Operation, args: list[Any], active: Array) -> Sequence[Value]:
    vector, value, position = args
    where = position.astype(np.int64)
    if np.any(active & ((where < 0) | (where >= vector.shape[1]))):
        raise PtoRuntimeError(f"{op.name}: a position is outside the vector")
    result = vector.copy()
    result[np.arange(lanes.count), np.clip(where, 0, vector.shape[1] - 1)] = value
    return [result]


# ---- pointers ------------------------------------------------------------------------------


@lane(CastPtrOp)
def _castptr(lanes: Lanes, op: CastPtrOp, args: list[Any], active: Array) -> Sequence[Value]:
    (value,) = args
    target = op.result.type
    machine = lanes.machine
    if not isinstance(target, PtrType):  # pointer -> integer
        ptr = cast(LanePointer, value)
        offsets = ptr.offsets
        if ptr.memory is not None and ptr.memory.space is MemorySpace.GM:
            base = machine.gm.address(ptr.memory, 0)
            offsets = offsets + base
        dtype, _ = lane_format(target)
        return [offsets.astype(dtype)]
    if isinstance(value, LanePointer):
        memory = value.memory
        if memory is None and target.is_typed and target.memory is not MemorySpace.GM:
            memory = machine.memory(target.memory)
        return [LanePointer(memory, value.offsets)]
    addresses = np.asarray(value).astype(np.int64)
    if target.memory is not MemorySpace.GM:
        if np.any(active & (addresses < 0)):
            raise PtoRuntimeError("castptr of a negative address")
        memory = machine.memory(target.memory) if target.is_typed else None
        return [LanePointer(memory, addresses)]
    live = addresses[active] if active.any() else addresses[:1]
    memory, _ = machine.gm.locate(int(live[0]))
    base = machine.gm.address(memory, 0)
    if np.any(active & ((addresses - base) >> machine.gm.SHIFT != 0)):
        raise PtoRuntimeError(
            f"castptr: the lanes' addresses are in different GM buffers ({target})"
        )
    return [LanePointer(memory, addresses - base)]


@lane(AddPtrOp)
def _addptr(lanes: Lanes, op: AddPtrOp, args: list[Any], active: Array) -> Sequence[Value]:
    ptr, offset = args
    size = op.result.type.pointee_bytes or 1
    return [LanePointer(ptr.memory, ptr.offsets + offset.astype(np.int64) * size)]


_BINARY: dict[type[Operation], Callable[..., Sequence[Value]]] = {
    arith.AddiOp: _int_binary(np.add),
    arith.SubiOp: _int_binary(np.subtract),
    arith.MuliOp: _int_binary(np.multiply),
    arith.AndIOp: _int_binary(np.bitwise_and),
    arith.OrIOp: _int_binary(np.bitwise_or),
    arith.XOrIOp: _int_binary(np.bitwise_xor),
    arith.MinSIOp: _int_binary(np.minimum),
    arith.MaxSIOp: _int_binary(np.maximum),
    arith.MinUIOp: _int_binary(np.minimum, unsigned=True),
    arith.MaxUIOp: _int_binary(np.maximum, unsigned=True),
    arith.DivSIOp: _division("div", False),
    arith.RemSIOp: _division("rem", False),
    arith.FloorDivSIOp: _division("floordiv", False),
    arith.CeilDivSIOp: _division("ceildiv", False),
    arith.DivUIOp: _division("div", True),
    arith.RemUIOp: _division("rem", True),
    arith.CeilDivUIOp: _division("ceildiv", True),
    arith.ShLIOp: _shift("shl"),
    arith.ShRSIOp: _shift("shrs"),
    arith.ShRUIOp: _shift("shru"),
    arith.TruncIOp: _int_cast(False),
    arith.ExtSIOp: _int_cast(False),
    arith.ExtUIOp: _int_cast(True),
    arith.IndexCastOp: _int_cast(False),
    IndexCastUIOp: _int_cast(True),
    arith.AddfOp: _float_binary(np.add),
    arith.SubfOp: _float_binary(np.subtract),
    arith.MulfOp: _float_binary(np.multiply),
    arith.DivfOp: _float_binary(np.divide),
    arith.MinimumfOp: _float_binary(np.minimum),
    arith.MaximumfOp: _float_binary(np.maximum),
    arith.MinnumfOp: _float_binary(np.fmin),
    arith.MaxnumfOp: _float_binary(np.fmax),
    arith.SIToFPOp: _to_float(False),
    arith.UIToFPOp: _to_float(True),
    arith.FPToSIOp: _to_int(False),
    arith.FPToUIOp: _to_int(True),
    arith.ExtFOp: _float_cast,
    arith.TruncFOp: _float_cast,
    arith.BitcastOp: _bitcast,
    llvm.BitcastOp: _bitcast,
    **dict.fromkeys(_MATH, _math),
}
for _op, _impl in _BINARY.items():
    lane(_op)(_impl)
