"""`Kernel`: a Level-1 PTO kernel built from Python on xDSL's `Builder`.

    k = Kernel("scale", {"x": ptr(f32), "y": ptr(f32)}, target="a5")
    x, y = k.args
    c0, c1, c32 = k.index(0, 1, 32)
    px = k.partition(k.tensor_view(x, [c32, c32], [c32, c1]), [c0, c0], [c32, c32])
    py = k.partition(k.tensor_view(y, [c32, c32], [c32, c1]), [c0, c0], [c32, c32])
    k.tstore(k.tload(px) * 2.0, py)
    module = k.finish()

Every tile op of the dialect is a method named after it (`k.tadd`, `k.trowexpandsub`,
`k.tmatmul_acc` for `pto.tmatmul.acc`), made from its op class when first asked for
(`Kernel.op` takes the class itself): `(*sources, result=None, name=None, **attributes)`,
the result type inferred where the sources fix it (`results.RESULT_RULES`), a Python
number becoming a constant of the tile's element type. Each op is verified as it is built:
a broken rule raises `BuildError` naming the line of the caller's code that built it, and
every op carries that line as its location, so that a later pass or run error points there
too. `loop` builds `scf.for` (with carried values); `finish` adds the return and verifies
the whole module.
"""

from __future__ import annotations

import sys
from collections.abc import Callable, Mapping, Sequence
from types import TracebackType
from typing import Any, Protocol, cast

from xdsl.builder import Builder
from xdsl.dialects import arith, func, scf
from xdsl.dialects.builtin import (
    AnyFloat,
    FileLineColLoc,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    StringAttr,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import IRDLOperation
from xdsl.rewriter import InsertPoint
from xdsl.utils.exceptions import DiagnosticException

from pto_dialect.builder.results import result_rule
from pto_dialect.builder.values import Pointer, Scalar, Tile, Value, View, wrap
from pto_dialect.diagnostics import verify_diagnostic
from pto_dialect.dialect import PTO
from pto_dialect.dtypes import F32, mlir_type
from pto_dialect.memory_types import PartitionTensorViewType, PtrType, TensorViewType
from pto_dialect.ops.base import SEGMENTS, TARGET_ATTR, TileOp, segments
from pto_dialect.ops.tile_memory import MakeTensorViewOp, PartitionViewOp
from pto_dialect.targets import UnknownTargetError, parse_target
from pto_dialect.tile_types import TileTypeBase
from pto_dialect.verification import first_line

PACKAGE = __name__.rpartition(".")[0]

ValueLike = Value | SSAValue | int | float
"""What a builder function takes as an operand: a value, or a Python number (a constant)."""


class BuildError(Exception):
    """An op the caller's code built breaks a rule: `file:line:col: error: message`, the
    place being the caller's line."""

    def __init__(self, message: str, location: FileLineColLoc | None = None) -> None:
        self.message = message
        self.location = None if location is None else _where(location)
        super().__init__(message if self.location is None else f"{self.location}: error: {message}")


def _where(loc: FileLineColLoc) -> str:
    return f"{loc.filename.data}:{loc.line.data}:{loc.column.data}"


def caller_location() -> FileLineColLoc:
    """The line of the first caller outside this package (its column, 1-based)."""
    frame = sys._getframe(1)  # pyright: ignore[reportPrivateUsage]
    while frame.f_back is not None and frame.f_globals.get("__name__", "").startswith(PACKAGE):
        frame = frame.f_back
    line, column = frame.f_lineno, 0
    positions = list(frame.f_code.co_positions())
    index = frame.f_lasti // 2
    if 0 <= index < len(positions):
        start, _, col, _ = positions[index]
        line, column = start or line, col or 0
    return FileLineColLoc(StringAttr(frame.f_code.co_filename), IntAttr(line), IntAttr(column + 1))


def python_name(op: type[Operation]) -> str:
    """The builder's name of an op: `pto.tmatmul.acc` is `tmatmul_acc`."""
    return op.name.removeprefix("pto.").replace(".", "_")


_TILE_OPS: dict[str, type[TileOp]] = {}


def tile_ops() -> dict[str, type[TileOp]]:
    """Every tile op of the dialect by its builder name."""
    if not _TILE_OPS:
        for op in PTO.operations:
            if issubclass(op, TileOp):
                _TILE_OPS[python_name(op)] = op
    return _TILE_OPS


class OpFunction(Protocol):
    """A tile op as a builder function: its sources, then the result type where its
    sources do not fix it, a name hint and its attributes."""

    def __call__(
        self,
        *sources: ValueLike,
        result: Attribute | None = None,
        name: str | None = None,
        **attributes: object,
    ) -> Any: ...


class Kernel:
    """A function being built into a module of `target` (its `pto.target_arch`)."""

    def __init__(
        self,
        name: str,
        params: Mapping[str, Attribute] | Sequence[tuple[str, Attribute]] = (),
        *,
        target: str | None = None,
    ) -> None:
        items = list(params.items()) if isinstance(params, Mapping) else list(params)
        block = Block(arg_types=[kind for _, kind in items])
        for arg, (arg_name, _) in zip(block.args, items, strict=True):
            arg.name_hint = arg_name
        inputs = [kind for _, kind in items]
        self.func = func.FuncOp(name, (inputs, []), Region(block))
        attributes: dict[str, Attribute] = {}
        if target is not None:
            try:
                attributes[TARGET_ATTR] = StringAttr(parse_target(target).value)
            except UnknownTargetError as err:
                raise BuildError(str(err), caller_location()) from None
        self.module = ModuleOp([self.func], attributes=attributes)
        self.func.location = caller_location()
        self.builder = Builder(InsertPoint.at_end(block))
        self.args: tuple[Value, ...] = tuple(wrap(arg, self) for arg in block.args)
        """The parameters, in order (`Pointer`, `Scalar` or `Tile` values)."""
        self._functions: dict[str, OpFunction] = {}
        self._finished = False

    def arg(self, name: str) -> Value:
        """The parameter called `name`."""
        for value in self.args:
            if value.ssa.name_hint == name:
                return value
        raise BuildError(f"@{self.func.sym_name.data} has no parameter %{name}", caller_location())

    # ---- inserting ops ------------------------------------------------------------------
    def insert(self, op: Operation, name: str | None = None) -> Operation:
        """Inserts `op` here, located at the caller's line and verified; a broken rule
        raises `BuildError` there (and the op is not kept)."""
        if self._finished:
            raise BuildError("the kernel is finished: build a new one", caller_location())
        where = caller_location()
        op.location = where
        self.builder.insert(op)
        if name is not None:
            for result in op.results:
                result.name_hint = name
        if not isinstance(op, scf.ForOp):  # a loop verifies once its body is built
            try:
                op.verify_()
            except Exception as err:  # xDSL's own verifiers raise plain exceptions too
                op.detach()
                op.erase()
                raise BuildError(first_line(err), where) from None
        return op

    def constant(self, value: int | float, type: Attribute | None = None, *,
                 name: str | None = None) -> Scalar:  # fmt: skip
        """`arith.constant`: an int is an `index` unless `type` says otherwise, a float an
        `f32`; named as MLIR names constants unless `name` says otherwise (`%c0`,
        `%c8_i32`, `%cst`)."""
        kind: Attribute = type or (IndexType() if isinstance(value, int) else mlir_type(F32))
        hint = name or _constant_name(value, kind)
        attr: Attribute
        if isinstance(kind, IndexType | IntegerType):
            if not isinstance(value, int):
                raise BuildError(f"{value!r} is not an integer for {kind}", caller_location())
            attr = IntegerAttr(value, cast(IndexType | IntegerType[int], kind))
        elif isinstance(kind, AnyFloat):
            attr = FloatAttr(float(value), kind)
        else:
            raise BuildError(f"no constant of type {kind}", caller_location())
        op = self.insert(arith.ConstantOp(attr), hint)
        return Scalar(op.results[0], self, value)

    def index(self, *values: int) -> Any:
        """Index constants: one `Scalar` for one value, a tuple for several."""
        made = tuple(self.constant(v) for v in values)
        return made[0] if len(made) == 1 else made

    def _scalar(self, value: ValueLike, kind: Attribute) -> SSAValue:
        """An operand of type `kind`: a value as it is, a Python number as a constant."""
        if isinstance(value, Value):
            return value.ssa
        if isinstance(value, SSAValue):
            return value
        return self.constant(value, kind).ssa

    def arith(self, op: str, lhs: object, rhs: object, *, name: str | None = None) -> Scalar:
        """`lhs op rhs` (op: add, sub, mul, div, rem) as the arith op of their type: `addi`
        ... for integers and `index`, `addf` ... for floats; a Python number takes the
        other side's type."""
        typed = [v.type for v in (lhs, rhs) if isinstance(v, Value)]
        typed += [cast(SSAValue, v).type for v in (lhs, rhs) if isinstance(v, SSAValue)]
        if not typed:
            raise BuildError(f"{op} of two Python numbers: make one a value", caller_location())
        kind: Attribute = typed[0]
        a, b = (self._scalar(cast(ValueLike, v), kind) for v in (lhs, rhs))
        integer = isinstance(kind, IndexType | IntegerType)
        table = _INT_ARITH if integer else _FLOAT_ARITH
        if op not in table:
            raise BuildError(f"no arith op '{op}' for {kind}", caller_location())
        built = self.insert(table[op](a, b), name)
        return Scalar(built.results[0], self)

    # ---- views --------------------------------------------------------------------------
    def tensor_view(
        self, ptr: Pointer | Value, shape: Sequence[ValueLike], strides: Sequence[ValueLike], *,
        name: str | None = None,
    ) -> View:  # fmt: skip
        """`pto.make_tensor_view` of a GM pointer: a `?x...x?` view of its element type."""
        kind = ptr.type
        if not isinstance(kind, PtrType) or not kind.is_typed:
            raise BuildError(f"a tensor view needs a typed !pto.ptr, got {kind}", caller_location())
        index = IndexType()
        dims = [self._scalar(v, index) for v in shape]
        steps = [self._scalar(v, index) for v in strides]
        result = TensorViewType([-1] * len(dims), kind.pointee)
        op = self.insert(MakeTensorViewOp(ptr.ssa, dims, steps, result), name)
        return View(op.results[0], self)

    def partition(
        self, view: View, offsets: Sequence[ValueLike], sizes: Sequence[ValueLike], *,
        name: str | None = None,
    ) -> View:  # fmt: skip
        """`pto.partition_view`: a window of static `sizes` (constants or Python ints)."""
        static: list[int] = []
        for size in sizes:
            known = size.static if isinstance(size, Scalar) else size
            if not isinstance(known, int):
                raise BuildError(
                    f"a partition view's sizes must be constants, got {size!r}", caller_location()
                )
            static.append(known)
        kind = view.type
        if not isinstance(kind, TensorViewType):
            raise BuildError(f"a partition of {kind}: needs a tensor view", caller_location())
        index = IndexType()
        starts = [self._scalar(v, index) for v in offsets]
        extents = [self._scalar(v, index) for v in sizes]
        result = PartitionTensorViewType(static, kind.element_type)
        op = self.insert(PartitionViewOp(view.ssa, starts, extents, result), name)
        return View(op.results[0], self)

    # ---- tile ops -------------------------------------------------------------------------
    def op(
        self,
        cls: type[TileOp],
        *sources: ValueLike,
        result: Attribute | None = None,
        name: str | None = None,
        **attributes: object,
    ) -> Any:
        """Tile op `cls` (SSA form) of `sources`: its `Tile`, or None for an op without a
        tile result (`tstore`, `tprint`)."""
        types = [s.type for s in sources if isinstance(s, Value)]
        types += [s.type for s in sources if isinstance(s, SSAValue)]
        tiles = [t for t in [*types, result] if isinstance(t, TileTypeBase)]
        element = tiles[0].dtype if tiles else None  # a number's type: the tiles' elements
        operands = [self._source(s, element) for s in sources]
        try:  # a type the rule makes may break its own rules
            if cls.HAS_TILE_RESULT and result is None:
                rule = result_rule(cls)
                result = None if rule is None else rule([v.type for v in operands])
                if result is None:
                    raise BuildError(
                        f"{cls.name}: give its result type (result=...): its sources do not fix it",
                        caller_location(),
                    )
            built = cls.create(
                operands=operands,
                result_types=[result] if cls.HAS_TILE_RESULT and result is not None else [],
                properties={SEGMENTS: segments(len(operands), 0)},
                attributes={k: _attribute(cls, k, v) for k, v in attributes.items()},
            )
        except DiagnosticException as err:
            raise BuildError(f"{cls.name}: {first_line(err)}", caller_location()) from None
        self.insert(built, name)
        return Tile(built.results[0], self) if built.results else None

    def _source(self, value: ValueLike, element: Attribute | None) -> SSAValue:
        if isinstance(value, Value):
            return value.ssa
        if isinstance(value, SSAValue):
            return value
        if element is None:
            raise BuildError(f"{value!r}: no tile gives it a type", caller_location())
        return self.constant(value, element).ssa

    def __getattr__(self, name: str) -> OpFunction:
        """The builder function of the tile op called `name` (`tadd`, `tmatmul_acc`)."""
        if name.startswith("_"):
            raise AttributeError(name)
        function = self._functions.get(name)
        if function is None:
            cls = tile_ops().get(name)
            if cls is None:
                raise AttributeError(f"no tile op '{name}' (pto.{name.replace('_', '.')})")
            function = self._functions[name] = _bind(self, cls)
        return function

    # ---- loops ----------------------------------------------------------------------------
    def loop(
        self, lower: ValueLike, upper: ValueLike, step: ValueLike = 1, *,
        carry: Sequence[Value] = (), name: str | None = None,
        carry_names: Sequence[str | None] = (),
    ) -> Loop:  # fmt: skip
        """`scf.for lower to upper step step` (Python ints become index constants), carrying
        `carry` (`Loop.carried` inside, `Loop.results` after it): use it with `with`."""
        index = IndexType()
        bounds = [self._scalar(v, index) for v in (lower, upper, step)]
        return Loop(self, bounds, [v.ssa for v in carry], name, list(carry_names))

    # ---- the end --------------------------------------------------------------------------
    def finish(self) -> ModuleOp:
        """The module, with the function's return, verified as a whole (`BuildError` at
        the op that breaks a rule)."""
        if not self._finished:
            self.insert(func.ReturnOp())
            self._finished = True
        problem = verify_diagnostic(self.module)
        if problem is not None:
            loc = None
            if problem.loc is not None:
                loc = FileLineColLoc(StringAttr(problem.loc.file), IntAttr(problem.loc.line),
                                     IntAttr(problem.loc.column))  # fmt: skip
            raise BuildError(problem.message, loc)
        return self.module


class Loop:
    """An `scf.for` being built: `iv` its induction variable, `carried` its loop-carried
    values inside it, `yield_` their next values; `results` their values after it."""

    def __init__(
        self, kernel: Kernel, bounds: list[SSAValue], carry: list[SSAValue], name: str | None,
        carry_names: list[str | None],
    ) -> None:  # fmt: skip
        self.kernel = kernel
        block = Block(arg_types=[IndexType(), *(v.type for v in carry)])
        block.args[0].name_hint = name
        for arg, hint in zip(block.args[1:], carry_names, strict=False):
            arg.name_hint = hint
        self.op = scf.ForOp(bounds[0], bounds[1], bounds[2], carry, Region(block))
        kernel.insert(self.op)
        self.block = block
        self.iv = Scalar(block.args[0], kernel)
        self.carried: tuple[Value, ...] = tuple(wrap(a, kernel) for a in block.args[1:])
        self._outside: InsertPoint | None = None

    @property
    def results(self) -> tuple[Value, ...]:
        return tuple(wrap(r, self.kernel) for r in self.op.results)

    def __enter__(self) -> Loop:
        self._outside = self.kernel.builder.insertion_point
        self.kernel.builder.insertion_point = InsertPoint.at_end(self.block)
        return self

    def __exit__(
        self, kind: type[BaseException] | None, error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:  # fmt: skip
        if kind is None and not isinstance(self.block.last_op, scf.YieldOp):
            if self.carried:
                raise BuildError(
                    f"the loop carries {len(self.carried)} value(s): end its body with "
                    "loop.yield_(...)",
                    self.op.location if isinstance(self.op.location, FileLineColLoc) else None,
                )
            self.kernel.insert(scf.YieldOp())
        assert self._outside is not None
        self.kernel.builder.insertion_point = self._outside

    def yield_(self, *values: Value) -> None:
        """`scf.yield`: the carried values of the next iteration."""
        self.kernel.insert(scf.YieldOp(*(v.ssa for v in values)))


# ---- helpers ----------------------------------------------------------------------------------

_INT_ARITH: dict[str, Callable[[SSAValue, SSAValue], Operation]] = {
    "add": arith.AddiOp,
    "sub": arith.SubiOp,
    "mul": arith.MuliOp,
    "div": arith.DivSIOp,
    "rem": arith.RemSIOp,
}
_FLOAT_ARITH: dict[str, Callable[[SSAValue, SSAValue], Operation]] = {
    "add": arith.AddfOp,
    "sub": arith.SubfOp,
    "mul": arith.MulfOp,
    "div": arith.DivfOp,
}


def _constant_name(value: int | float, kind: Attribute) -> str:
    """MLIR's name of a constant: `c0` (index), `c8_i32` (integer), `cst` (float)."""
    if isinstance(value, int) and value >= 0:
        if isinstance(kind, IndexType):
            return f"c{value}"
        if isinstance(kind, IntegerType):
            return f"c{value}_i{cast(IntegerType[int], kind).bitwidth}"
    return "cst"


def _attribute(op: type[TileOp], key: str, value: object) -> Attribute:
    """An attribute of `op`: itself, or a Python value made into the attribute class its
    definition names (an enum of a mode attribute)."""
    if isinstance(value, Attribute):
        return value
    definition = cast(IRDLOperation, op).get_irdl_definition().attributes.get(key)
    kind = getattr(getattr(definition, "constr", None), "attr", None)
    if isinstance(kind, type):
        try:
            return cast(Callable[[object], Attribute], kind)(value)
        except (TypeError, ValueError, DiagnosticException):
            pass
    raise BuildError(f"{op.name} attribute {key}: give an attribute, got {value!r}",
                     caller_location())  # fmt: skip


def _bind(kernel: Kernel, cls: type[TileOp]) -> OpFunction:
    def build(
        *sources: ValueLike, result: Attribute | None = None, name: str | None = None,
        **attributes: object,
    ) -> Any:  # fmt: skip
        return kernel.op(cls, *sources, result=result, name=name, **attributes)

    build.__name__ = python_name(cls)
    build.__doc__ = cls.__doc__
    return build
