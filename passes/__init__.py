"""The `xdsl-opt` passes: one module per pass, a package per pass of several modules
(`convert_to_dps/`, `insert_sync/`, `lower_tile_to_vector/`, `lower_matmul_to_vector/`);
`common` holds what every pass shares. Imports `pto_dialect` only, never `interpreters`.
"""
