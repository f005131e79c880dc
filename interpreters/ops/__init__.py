"""The `@implements` functions, one module per instruction family named as its definition
in `pto_dialect/ops/` (`tile_reduce`, `vector_load`, ...); `upstream/` holds the ops of
xDSL's dialects that kernels use, and `registry` lists every function class. Imports
`machine`, `engine`, `semantics` and `pto_dialect`.

Importing the package first makes xDSL's `xdsl.interpreters` lean (`upstream.lean_package`):
a module here that imports one of xDSL's interpreter modules does not load all of them.
"""

from interpreters.ops.upstream import lean_package

lean_package("xdsl.interpreters")
