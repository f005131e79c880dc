"""The completeness test: every op of the dialect has an entry in every layer.

Each failure names the op and the layer. The layers are views of the op records
(`pto_dialect.records`), keyed by class; an op that a layer does not know is an error here,
never a silent fallback at run time.
"""

from __future__ import annotations

import re
from functools import cache
from pathlib import Path

import pytest

from interpreters.machine import costs
from interpreters.machine.core import Machine
from interpreters.ops.registry import FUNC, PROJECT, SIMT, UPSTREAM, project_functions
from interpreters.ops.tile_elementwise import SEMANTICS
from interpreters.ops.tile_partial import SEMANTICS as PARTIAL_SEMANTICS
from interpreters.ops.tile_reduce import STEPS
from interpreters.ops.tile_row_reduce import KINDS as ROW_KINDS
from interpreters.ops.tile_scalar import SEMANTICS as SCALAR_SEMANTICS
from interpreters.ops.vector_arith import BINARY, UNARY
from interpreters.ops.vector_reduce import REDUCTIONS
from interpreters.ops.vector_scalar import SCALAR
from passes.lower_tile_to_vector.lower import lowering_of
from pto_dialect import reference
from pto_dialect.attrs import Pipe
from pto_dialect.dialect import PTO
from pto_dialect.ops.base import PtoOp, TileOp
from pto_dialect.ops.tile_elementwise import ElementwiseTileOp
from pto_dialect.ops.tile_memory import TStoreOp
from pto_dialect.ops.tile_move import TMovOp
from pto_dialect.ops.tile_partial import PartialTileOp
from pto_dialect.ops.tile_reduce import ColReduceTileOp
from pto_dialect.ops.tile_row_reduce import RowReduceTileOp
from pto_dialect.ops.tile_scalar import ScalarTileOp
from pto_dialect.ops.vector_arith import VectorBinaryOp, VectorCarryOp, VectorUnaryOp
from pto_dialect.ops.vector_common import VectorPipeOp
from pto_dialect.ops.vector_mask import PredicateOp
from pto_dialect.ops.vector_reduce import VectorReduceOp
from pto_dialect.ops.vector_scalar import VectorScalarOp
from pto_dialect.records import VectorCost
from pto_dialect.targets import A2A3, A5, CPU

ROOT = Path(__file__).resolve().parents[2]
OPS: list[type[PtoOp]] = [op for op in PTO.operations if issubclass(op, PtoOp)]


def name_of(op: type[PtoOp]) -> str:
    return op.name


def missing(layer: str, op: type[PtoOp]) -> str:
    return f"{op.name} has no entry in layer '{layer}'"


def test_every_op_is_a_record() -> None:
    assert len(OPS) == len(list(PTO.operations)), "an op of the dialect is not a PtoOp"


@pytest.mark.parametrize("op", OPS, ids=name_of)
def test_manual_page(op: type[PtoOp]) -> None:
    assert op.MANUAL and op.MANUAL.endswith(".md"), missing("manual page", op)


@pytest.mark.parametrize("op", OPS, ids=name_of)
def test_cost(op: type[PtoOp]) -> None:
    cost = op.cost()
    assert cost is not None, missing("cost", op)
    if isinstance(cost, VectorCost) and issubclass(op, VectorPipeOp):
        for target in (A2A3, A5, CPU):
            for dtype in op.legal_dtypes(target):
                assert costs.vector_cycles(target, op, dtype, 2) > 0, missing("cost", op)


TYPED = [
    op
    for op in OPS
    if issubclass(op, TileOp | VectorPipeOp)
    and not issubclass(op, PredicateOp)  # masks: their granularity is the verifier's rule
    and op not in (TStoreOp, TMovOp)  # tables per location (pair): DTYPES_BY_LOC / _BY_PAIR
    and op.PIPE is not Pipe.M  # the matrix family: (C, A, B) TRIPLES per target instead
]


@pytest.mark.parametrize("op", TYPED, ids=name_of)
def test_legality(op: type[TileOp] | type[VectorPipeOp]) -> None:
    """Element types per target, on the record."""
    # a column may be empty (taddrelu: A2/A3 only), not the table
    assert op.DTYPES is not None and (op.DTYPES.a5 or op.DTYPES.a2a3), missing(
        "legality (DTYPES)", op
    )


@pytest.mark.parametrize("op", [o for o in OPS if issubclass(o, TileOp)], ids=name_of)
def test_effects_and_regions(op: type[TileOp]) -> None:
    """A tile op with a tile result says what its result's valid region is."""
    if op is TStoreOp:
        assert "operand_effects" in vars(op), missing("effects", op)
        return
    owner = next(c for c in op.__mro__ if "result_region" in vars(c))
    assert owner is not TileOp, missing("result region", op)


@cache
def _registered() -> frozenset[type]:
    """The op classes the project's interpreter functions implement (built once)."""
    impls = [f._impls() for f in project_functions(Machine(CPU))]  # pyright: ignore[reportPrivateUsage]
    return frozenset(op_type for pairs in impls for op_type, _ in pairs)


@pytest.mark.parametrize("op", OPS, ids=name_of)
def test_interpreter(op: type[PtoOp]) -> None:
    assert op in _registered(), missing("interpreter", op)


def test_registry_rows() -> None:
    """Each row of the lazy registry names the modules of exactly the op classes its
    functions class implements (a run loads a class only for a module using one; SIMT's
    also runs `func`, in place of `FUNC`)."""
    for row in (*UPSTREAM, *PROJECT):
        pairs = row.load()._impls()  # pyright: ignore[reportPrivateUsage]
        served = {op_type.__module__ for op_type, _ in pairs}
        declared = {*row.serves, *(FUNC.serves if row is SIMT else ())}
        assert served == declared, f"{row.name}: serves {sorted(served)}"


@pytest.mark.parametrize("op", OPS, ids=name_of)
def test_semantics(op: type[PtoOp]) -> None:
    """The families whose numpy semantics are chosen per class have a line for it."""
    tables = (
        (ElementwiseTileOp, SEMANTICS),
        (ColReduceTileOp, STEPS),
        (VectorUnaryOp, UNARY),
        (ScalarTileOp, SCALAR_SEMANTICS),
        (VectorScalarOp, SCALAR),
        (RowReduceTileOp, ROW_KINDS),
        (VectorReduceOp, REDUCTIONS),
        (PartialTileOp, PARTIAL_SEMANTICS),
    )
    for family, table in tables:
        if issubclass(op, family):
            assert op in table, missing("semantics", op)
    if issubclass(op, VectorBinaryOp) and not issubclass(op, VectorCarryOp):
        assert op in BINARY, missing("semantics", op)


@pytest.mark.parametrize("op", [o for o in OPS if issubclass(o, TileOp)], ids=name_of)
def test_lowering_or_explicit_refusal(op: type[TileOp]) -> None:
    if op.lowers_to():
        if op.PIPE is Pipe.V:
            assert lowering_of(op) is not None, missing("lowering", op)
        return
    assert op.NOT_LOWERED or op.REFUSED, missing("lowering (or NOT_LOWERED / REFUSED)", op)


def _roundtrip_sources() -> str:
    texts: list[str] = []
    for path in sorted((ROOT / "test" / "filecheck").rglob("*.mlir")):
        text = path.read_text()
        if "%roundtrip" in text.split("\n", 3)[0] + text.split("\n", 3)[1]:
            texts.append(text)
    return "\n".join(texts)


ROUNDTRIPPED = _roundtrip_sources()


@pytest.mark.parametrize("op", OPS, ids=name_of)
def test_roundtrip_coverage(op: type[PtoOp]) -> None:
    """Every op appears in a lit test that checks its custom and generic forms."""
    assert re.search(rf"\b{re.escape(op.name)}\b", ROUNDTRIPPED), missing("round-trip test", op)


@cache
def _reference() -> str:
    return "\n".join(text for _, text in reference.pages())


@pytest.mark.parametrize("op", OPS, ids=name_of)
def test_docs(op: type[PtoOp]) -> None:
    assert f"## {op.name}\n" in _reference(), missing("op reference", op)


def test_op_reference_is_current() -> None:
    """docs/ops/ is what `python -m pto_dialect.reference docs/ops` writes."""
    stale = [
        name
        for name, text in reference.pages()
        if not (ROOT / "docs" / "ops" / name).exists()
        or (ROOT / "docs" / "ops" / name).read_text() != text
    ]
    assert not stale, (
        f"docs/ops is stale ({', '.join(stale)}): run python -m pto_dialect.reference docs/ops"
    )
