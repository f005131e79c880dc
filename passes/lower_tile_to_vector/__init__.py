"""`pto-lower-tile-to-vector`: the pass (`lower`), the emitter of `vecscope` loops
(`emit`, `buffers`) and one module per tile-op family it lowers, named as the family's
definition in `pto_dialect/ops/`. Imports `passes.common` and `pto_dialect`.
"""
