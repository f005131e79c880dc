"""xDSL's interpreter with a leaner block loop for whole-tile ops."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any, NoReturn, cast

from xdsl.interpreter import (
    Interpreter,
    PythonValues,
    ReturnedValues,
    Successor,
    TerminatorValue,
)
from xdsl.ir import Block, Operation, Region, SSAValue
from xdsl.utils.exceptions import InterpretationError

from interpreters.engine.impls import PLAIN


@dataclass
class PtoInterpreter(Interpreter):
    """`Interpreter` whose block loop skips per-op work that cannot change the result.

    `run_ssacfg_region` has the semantics of xDSL's (listeners, error notes and checks);
    it reads operand values straight from the region's scope, looks the implementation up
    once per op and binds results only for ops that have some. The values a block's ops
    read from enclosing regions are copied into the scope when the block starts (they
    cannot change while it runs), so that no operand lookup walks the scope chain or
    fails. Unlike xDSL's, all blocks of one run of a region share one scope (xDSL pushes
    one per block visited, so a loop of branches grows without bound). For an op whose
    work is one numpy call this dispatch is a large part of its cost. It relies on private
    fields of the pinned xDSL version (`Interpreter._ctx`, `_impls`,
    `ScopedDict._local_scope`, `Operation._operands`, `_next_op`); test_pto_interpreter.py
    checks it against xDSL's.
    """

    _outer: dict[Block, tuple[SSAValue, ...]] = field(
        default_factory=dict[Block, tuple[SSAValue, ...]]
    )
    """Per block: the values its ops (not those of nested regions) read from outside it."""
    _calls: dict[type[Operation], tuple[Any, Callable[..., Any], bool]] = field(
        default_factory=dict[type[Operation], tuple[Any, Callable[..., Any], bool]]
    )
    """Per op class: its functions object, its implementation and whether that is the
    project's plain method (`impls.PLAIN`: it returns the values) or xDSL's wrapper."""

    def run_ssacfg_region(
        self, region: Region, args: PythonValues, name: str = "unknown"
    ) -> PythonValues:
        results: PythonValues = ()
        block: Block | None = region.blocks.first
        if block is None:
            return results
        initial_scope = self._ctx  # pyright: ignore[reportPrivateUsage]
        impls = self._impls  # pyright: ignore[reportPrivateUsage]
        table = impls._impl_dict  # pyright: ignore[reportPrivateUsage]
        calls = self._calls
        listeners = self.listeners
        will, did = _hooks(listeners)
        # one scope for every block the region runs: a value defined in a block is read by
        # the blocks it dominates, and a block run again (a loop of branches) overwrites its
        # values instead of stacking a scope per visit
        self.push_scope(name)
        scope = self._ctx  # pyright: ignore[reportPrivateUsage]
        local, outer = scope._local_scope, scope.parent  # pyright: ignore[reportPrivateUsage]
        assert outer is not None
        while block is not None:
            captured = self._outer.get(block)
            if captured is None:
                captured = self._outer[block] = _captured(block)
            for seen in captured:
                if seen not in local:  # else defined by a block of this region
                    local[seen] = outer[seen]
            for arg, given in zip(block.args, args, strict=True):
                local[arg] = given
            op: Operation | None = block.first_op
            block = None
            while op is not None:
                operands = cast(Sequence[SSAValue], op._operands)  # pyright: ignore[reportPrivateUsage, reportUnknownMemberType]
                try:
                    inputs = tuple([local[v] for v in operands])
                except KeyError:  # defined in an enclosing region (not seen when captured)
                    inputs = tuple([local[v] if v in local else outer[v] for v in operands])
                for hook in will:
                    hook(op, inputs)
                call = calls.get(type(op))
                if call is None:
                    entry = table.get(type(op))
                    if entry is None:
                        impls.run(self, op, inputs)  # raises xDSL's error for a missing impl
                        raise AssertionError(f"no implementation of {op.name}")
                    plain = getattr(entry[1], PLAIN, None)
                    call = calls[type(op)] = (entry[0], plain or entry[1], plain is not None)
                functions, implementation, is_plain = call
                try:
                    result = implementation(functions, self, op, inputs)
                except Exception as error:  # as `impls.run` reports it
                    _emit_error(op, error)
                values: PythonValues
                terminator: TerminatorValue | None
                if is_plain:
                    values, terminator = result, None
                else:
                    values, terminator = result.values, result.terminator_value
                defined = op.results
                if len(values) != len(defined):
                    raise InterpretationError(
                        f"Number of operation results ({len(defined)}) doesn't match the "
                        f"number of implementation results ({len(values)})."
                    )
                if self.listeners is not listeners:  # an op may add one (vector_store.py)
                    listeners = self.listeners
                    will, did = _hooks(listeners)
                for hook in did:
                    hook(op, values)
                for ssa, value in zip(defined, values, strict=True):
                    local[ssa] = value
                if terminator is None:
                    op = op._next_op  # pyright: ignore[reportPrivateUsage]
                    continue
                match terminator:
                    case ReturnedValues(values=values):
                        results = values
                        break
                    case Successor(block=block, args=args):
                        break
        self._ctx = initial_scope  # pyright: ignore[reportPrivateUsage]
        return results

    def run_quietly(self, op: Operation, inputs: PythonValues) -> PythonValues:
        """The values `op`'s implementation gives for `inputs`, without the listeners (a
        whole-array evaluation calls it for many iterations at once, `BatchListener`)."""
        call = self._calls.get(type(op))
        if call is None:
            table = self._impls._impl_dict  # pyright: ignore[reportPrivateUsage]
            entry = table.get(type(op))
            if entry is None:
                raise InterpretationError(f"no implementation of {op.name}")
            plain = getattr(entry[1], PLAIN, None)
            call = self._calls[type(op)] = (entry[0], plain or entry[1], plain is not None)
        functions, implementation, is_plain = call
        result = implementation(functions, self, op, inputs)
        return result if is_plain else result.values

    def hears_batches(self) -> bool:
        """Whether every listener that watches ops accepts hearing of them in bulk."""
        return all(isinstance(listener, BatchListener) for listener in _watching(self.listeners))

    def will_run_batch(self, counts: Mapping[str, int]) -> bool:
        """Tells the `BatchListener`s that the ops of `counts` (name: executions) are about
        to take effect at once; False when one refuses (then run them one by one)."""
        listeners = [lst for lst in self.listeners if isinstance(lst, BatchListener)]
        return all(lst.will_interpret_batch(counts) for lst in listeners)


class BatchListener(Interpreter.Listener):
    """A listener that also hears of ops run in bulk: a `pto.vecscope` evaluated over all
    of its loop iterations at once reports how many times each op ran instead of each op."""

    def will_interpret_batch(self, counts: Mapping[str, int]) -> bool:
        """`counts` ops (by name) take effect now; False refuses the batch (it then runs
        op by op, and this listener hears of each)."""
        return True


def _watching(listeners: Sequence[Interpreter.Listener]) -> list[Interpreter.Listener]:
    """The listeners that override `will_interpret_op` or `did_interpret_op`."""
    return [
        lst
        for lst in listeners
        if type(lst).will_interpret_op is not _WILL or type(lst).did_interpret_op is not _DID
    ]


_WILL = Interpreter.Listener.will_interpret_op
_DID = Interpreter.Listener.did_interpret_op


def _hooks(
    listeners: tuple[Interpreter.Listener, ...],
) -> tuple[list[Callable[[Operation, PythonValues], None]], ...]:
    """The bound `will_interpret_op` and `did_interpret_op` of the listeners that
    override them (the base class's do nothing), in order."""
    will = [lst.will_interpret_op for lst in listeners if type(lst).will_interpret_op is not _WILL]
    did = [lst.did_interpret_op for lst in listeners if type(lst).did_interpret_op is not _DID]
    return will, did


def _captured(block: Block) -> tuple[SSAValue, ...]:
    """The operands of `block`'s ops defined outside it, each once."""
    inside: set[SSAValue] = set(block.args)
    captured: dict[SSAValue, None] = {}
    for op in block.ops:
        for value in op.operands:
            if value not in inside:
                captured[value] = None
        inside.update(op.results)
    return tuple(captured)


def _emit_error(op: Operation, error: Exception) -> NoReturn:
    """`error` with xDSL's note of the op in its IR, as `impls.run` reports it; `error`
    itself when the IR cannot be printed (xDSL prints no f80/f128 constant)."""
    try:
        op.emit_error("Error while interpreting op", error)
    except NotImplementedError:
        raise error from None
    raise error  # emit_error raises; this tells the type checker
