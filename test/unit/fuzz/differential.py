"""The differential stage of a long campaign (`python -m fuzz`, docs/testing.md): a mutant
that verifies and runs at tile level, its synchronisation completed as `pto-run --auto-sync`
completes it, against the run of its `pto-pipeline` output on the same inputs.

The pipeline either stops at a diagnostic or writes a kernel that, run on the same arrays,
writes the same bytes to every one of them with no hazard. A difference is a silent wrong
answer (`WrongAnswer`); a hazard of the lowered run is a failure too (`LoweredHazard`). A
run error of the lowered kernel is a located diagnostic. A mutant whose tile-level run
stops, has a hazard or needs more GM than a campaign gives is not compared.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
from xdsl.context import Context
from xdsl.dialects.builtin import ModuleOp
from xdsl.dialects.func import FuncOp

from fuzz.stages import (
    RUN_SECONDS,
    RUN_STEPS,
    Failure,
    Outcome,
    StageHook,
    apply_spec,
    context,
    entry_function,
    failure,
    front,
)
from interpreters import api
from interpreters.auto_args import auto_plan
from interpreters.auto_sync import complete
from interpreters.launching.args import ArrayArg, ScalarArg
from pto_dialect.verification import check_module

PIPELINE = "pto-pipeline"
"""The pipeline compared, for the module's own target."""
LOWERED_STEPS = 50 * RUN_STEPS
"""The lowered kernel interprets one op per vector instruction: a larger budget."""
REFERENCE_BYTES = 1 << 25
"""The largest GM of a compared run (the model kernels' views are megabytes)."""
STAGE = "differential"


def _named(module: ModuleOp, name: str) -> str | None:
    """`name` when `module` still has that function, else None (a kernel that
    `pto-split-cube-vector` split runs as its cube and vector halves)."""
    found = any(isinstance(op, FuncOp) and op.sym_name.data == name for op in module.ops)
    return name if found else None


def _reference(
    module: ModuleOp, ctx: Context, entry: str, seed: int
) -> tuple[api.Result, list[Any]] | None:
    """The tile-level run with auto-sync and generated arguments, and the values it was
    given; None where it does not give a clean reference."""
    reference = module.clone()
    func = entry_function(reference)
    if func is None or sum(auto_plan(reference, func).pointer_bytes.values()) > REFERENCE_BYTES:
        return None
    try:
        complete(ctx, reference)
        with np.errstate(all="ignore"):
            want = api.run(reference, function=entry, args=f"auto:{seed % 1000}", check=False,
                           max_steps=RUN_STEPS, time_limit=RUN_SECONDS)  # fmt: skip
    except Exception:  # the run stage reports a run's failures
        return None
    if want.hazards:
        return None
    values: list[Any] = []
    for start, arg in zip(want.inputs, want.args, strict=True):
        if isinstance(arg, ArrayArg) and start is not None:
            values.append(start)
        elif isinstance(arg, ScalarArg):
            values.append(arg.value)
        else:
            return None
    return want, values


def difference(want: Sequence[np.ndarray | None], got: Sequence[np.ndarray | None]) -> str | None:
    """Where the arrays `got` differ from `want` first (None: the same bytes)."""
    for index, (old, new) in enumerate(zip(want, got, strict=True)):
        if old is None:
            continue
        if new is None or new.shape != old.shape:
            return f"argument {index}: no array of shape {old.shape}"
        flat_old, flat_new = old.reshape(-1), new.reshape(-1)
        bad = np.nonzero(flat_old.view(np.uint8) != flat_new.view(np.uint8))[0]
        if len(bad):
            first = int(bad[0]) // old.itemsize
            count = len(np.unique(bad // old.itemsize))
            return (
                f"argument {index}: {count} element(s) differ, first [{first}]: tile level "
                f"{flat_old[first]}, lowered {flat_new[first]}"
            )
    return None


def differential(
    module: ModuleOp, ctx: Context, seed: int, outcome: Outcome, note: StageHook
) -> None:
    """Compares `module`'s tile-level run with its `PIPELINE` output's (module docstring);
    `outcome.compared` says whether it could."""
    func = entry_function(module)
    if func is None:
        return
    entry = func.sym_name.data
    note(f"{STAGE}:reference")
    found = _reference(module, ctx, entry, seed)
    if found is None:
        return
    want, values = found
    lowered = module.clone()
    note(f"pass:{PIPELINE}")
    if not apply_spec(PIPELINE, lowered, ctx, outcome, check_module):
        return
    stage = f"{STAGE}:{PIPELINE}"
    note(stage)
    try:
        with np.errstate(all="ignore"):
            got = api.run(lowered, *values, function=_named(lowered, entry), check=False,
                          max_steps=LOWERED_STEPS, time_limit=RUN_SECONDS)  # fmt: skip
    except api.PtoError as err:  # a located diagnostic of the lowered kernel's run
        outcome.diagnose(stage, err)
        return
    except Exception as err:
        outcome.fail(failure(stage, err))
        return
    outcome.compared = True
    if (said := difference(want.finals, got.finals)) is not None:
        outcome.fail(Failure(stage, "WrongAnswer", PIPELINE, said, ""))
    elif got.hazards:
        said = got.hazards[0].message[:500]
        outcome.fail(Failure(stage, "LoweredHazard", PIPELINE, said, ""))


def run_differential(text: str, seed: int, hook: StageHook | None = None) -> Outcome:
    """`text` parsed, verified and through the differential stage only."""
    note: StageHook = hook or (lambda stage: None)
    outcome = Outcome()
    ctx = context()
    module = front(text, ctx, outcome, note)
    if module is not None:
        differential(module, ctx, seed, outcome, note)
    return outcome
