"""The simulated hardware: a core's memories (`memory`, `core`), pipes with happens-before,
hazards and timelines (`pipes`), DMA registers and transfers (`dma_state`, `dma_transfer`),
launch coordinates, the cycle model (`costs`, `cost_params`) and the report and trace
(`report`). Imports `pto_dialect`, `engine` and `semantics`; never `ops`.
"""
