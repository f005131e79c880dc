"""`pto-convert-to-dps`: the pass (`convert`), which buffer holds each SSA tile (`plan`),
per-op facts (`rules`) and value liveness (`liveness`). Imports `passes.common` and
`pto_dialect`.
"""
