"""The interpreter of PTO programs: the Python API at the top (`api`, `auto_args`,
`auto_sync`), over `launching/` (a launch: its arguments, cores, blocks and progress),
`machine/` (the simulated hardware), `ops/` (what each op does to it), `engine/` (how xDSL's
interpreter dispatches them) and `semantics/` (pure numpy); above them the synchronisation
checker `checking/` (`pto-check`), the command lines `commands/` (`pto-run` and the tools'
entry points) and `sweep/` (`pto-sweep`). Imports `pto_dialect` and, for `--auto-sync`,
`passes`.
"""
