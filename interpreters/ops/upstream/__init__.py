"""Interpreter functions of the upstream dialects' ops (`arith`, ...) that PTO kernels use,
where xDSL's own are missing or too slow. Imports `machine` and `engine`.
"""
