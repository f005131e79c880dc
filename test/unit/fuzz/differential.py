"""The differential stage of a long campaign (`python -m fuzz`, docs/testing.md): a mutant
that verifies and runs at tile level, its synchronisation completed as `pto-run --auto-sync`
completes it, against the run of its `pto-pipeline` output, or of the lowering passes'
output (`LOWERINGS`), on the same inputs.

The lowering either stops at a diagnostic or writes a kernel that, run on the same arrays,
writes the same bytes to every one of them with no hazard. A difference is a silent wrong
answer (`WrongAnswer`); a hazard of the lowered run is a failure too (`LoweredHazard`). A
run error of the lowered kernel is a located diagnostic. A mutant whose tile-level run
stops, has a hazard or needs more GM than a campaign gives is not compared.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass
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

LOWERINGS: tuple[tuple[str, bool], ...] = (
    ("pto-pipeline", False),
    ("pto-pipeline", False),
    ("pto-fuse,pto-lower-tile-to-vector,pto-lower-dma", True),
    ("pto-lower-tile-to-vector,pto-lower-dma", True),
    ("pto-lower-dma,pto-lower-tile-to-vector", True),
)
"""The lowerings compared (for the module's own target), one a mutant chosen by its seed:
`pto-pipeline` of the mutant, or the lowering passes alone on the mutant as the reference
ran it (`True`: its memory planned and synchronisation completed), which also reach what
the pipeline refuses before them (a function of several blocks)."""
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


@dataclass(frozen=True)
class Reference:
    """The tile-level run: the module as it ran (synchronisation completed), its result
    and the values it was given."""

    module: ModuleOp
    result: api.Result
    values: list[Any]


def reference_run(module: ModuleOp, ctx: Context, entry: str, seed: int) -> Reference | None:
    """The tile-level run with auto-sync (as written, where auto-sync refuses the kernel)
    and generated arguments; None where it does not give a clean reference."""
    completed = module.clone()
    func = entry_function(completed)
    if func is None or sum(auto_plan(completed, func).pointer_bytes.values()) > REFERENCE_BYTES:
        return None
    try:
        complete(ctx, completed)
    except Exception:  # one auto-sync does not take runs as written (if without hazards)
        completed = module.clone()
    try:
        with np.errstate(all="ignore"):
            want = api.run(completed, function=entry, args=f"auto:{seed % 1000}", check=False,
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
    return Reference(completed, want, values)


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
    """Compares `module`'s tile-level run with the run of its lowering by one of
    `LOWERINGS` (module docstring); `outcome.compared` says whether it could."""
    func = entry_function(module)
    if func is None:
        return
    entry = func.sym_name.data
    note(f"{STAGE}:reference")
    found = reference_run(module, ctx, entry, seed)
    if found is None:
        return
    spec, after_sync = random.Random(seed).choice(LOWERINGS)
    lowered = (found.module if after_sync else module).clone()
    note(f"pass:{spec}")
    if not apply_spec(spec, lowered, ctx, outcome, check_module):
        return
    stage = f"{STAGE}:{spec}"
    note(stage)
    try:
        with np.errstate(all="ignore"):
            got = api.run(lowered, *found.values, function=_named(lowered, entry), check=False,
                          max_steps=LOWERED_STEPS, time_limit=RUN_SECONDS)  # fmt: skip
    except api.PtoError as err:  # a located diagnostic of the lowered kernel's run
        outcome.diagnose(stage, err)
        return
    except Exception as err:
        outcome.fail(failure(stage, err))
        return
    outcome.compared = True
    if (said := difference(found.result.finals, got.finals)) is not None:
        outcome.fail(Failure(stage, "WrongAnswer", spec, said, ""))
    elif got.hazards:
        outcome.fail(Failure(stage, "LoweredHazard", spec, got.hazards[0].message[:500], ""))


def run_differential(text: str, seed: int, hook: StageHook | None = None) -> Outcome:
    """`text` parsed, verified and through the differential stage only."""
    note: StageHook = hook or (lambda stage: None)
    outcome = Outcome()
    ctx = context()
    module = front(text, ctx, outcome, note)
    if module is not None:
        differential(module, ctx, seed, outcome, note)
    return outcome
