"""Pure numpy semantics of each instruction family, parameterised by target, shared by the
interpreter functions and the tests as their reference. Imports `pto_dialect` and, to
report a broken rule at its op, `engine.errors` and `engine.source`.
"""
