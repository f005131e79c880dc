"""`pto-lower-matmul-to-vector` (opt-in): the pass (`lower`), the register tile (`tiling`)
and widened inputs (`widening`); it emits through `passes.lower_tile_to_vector.emit`.
Imports `passes` and `pto_dialect`.
"""
