"""The simulated hardware: a core's memories (`memory`, `core`), pipes with happens-before,
hazards and timelines (`pipes`), DMA registers and transfers (`dma_state`, `dma_transfer`),
launch coordinates, the cycle model (`costs`, `cost_params`), the report and trace
(`report`), and the checker's record of a run and its replay per (core, pipe) stream
(`sync_trace`, `sync_replay`). Imports `pto_dialect`, `engine` and `semantics`; never `ops`.
"""
