"""The interpreter of PTO programs: `pto-run` and the Python API at the top (`api`,
`runner`, `args`, `auto_args`, `execute`, `auto_sync`, `progress`), the synchronisation
checker `pto-check` (`check`, `check_diff`, `check_command`), over `machine/` (the
simulated hardware), `ops/` (what each op does to it), `engine/` (how xDSL's interpreter dispatches
them) and `semantics/` (pure numpy). Imports `pto_dialect` and, for `--auto-sync`, `passes`.
"""
