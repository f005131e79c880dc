"""Seeds made at run time: the project's own kernels after its lowering pipelines (vector
functions, lowered DMA and cube micro-ops, inserted synchronisation, multi-buffer slots,
cross-core pipes), printed, so that mutants of the lowered levels reach every stage too.
"""

from __future__ import annotations

from collections.abc import Sequence

from xdsl.passes import PassPipeline

from fuzz.corpus import Seed
from fuzz.stages import Outcome, context, front
from fuzz.wide import printer_text
from pto_dialect.universe import PTO_UNIVERSE

LOWERINGS = (
    "pto-pipeline{target=a2a3}",
    "pto-pipeline{target=a5 multi-buffer=3}",
    "pto-pipeline{target=a5 sync=bufid fuse=false}",
    "pto-pipeline{target=a5 handoff=pipe}",
    "pto-lower-vmi{target=a5}",
)
"""The pipelines each seed is lowered by."""


def lowered_seeds(seeds: Sequence[Seed], lowerings: Sequence[str] = LOWERINGS) -> list[Seed]:
    """Each seed that verifies after each of `lowerings` that changes it, named
    `seed@pipeline`; a lowering that refuses the seed gives none."""
    made: list[Seed] = []
    ctx = context()
    for seed in seeds:
        module = front(seed.text, ctx, Outcome())
        if module is None:
            continue
        before = printer_text(module, False)
        for spec in lowerings:
            copy = module.clone()
            try:
                PassPipeline.parse_spec(PTO_UNIVERSE.all_passes, spec).apply(ctx, copy)
                copy.verify()
            except Exception:  # the stages report what a lowering does wrong
                continue
            text = printer_text(copy, False)
            if text != before:
                made.append(Seed(f"{seed.name}@{spec}", text))
    return made
