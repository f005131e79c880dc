"""The `@implements` functions, one module per instruction family named as its definition
in `pto_dialect/ops/` (`tile_reduce`, `vector_load`, ...); `upstream/` holds the ops of
xDSL's dialects that kernels use, and `registry` lists every function class. Imports
`machine`, `engine`, `semantics` and `pto_dialect`.
"""
