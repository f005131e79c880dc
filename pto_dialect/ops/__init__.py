"""The op classes, one module per instruction family: `tile_*` (tile ISA), `vector_*`
(vector micro-ops), `dma*`, `sync*`, `pointer`, `runtime` and the other scalar-ISA pages.
Each class is the record of its instruction. Imports `pto_dialect` only.
"""
