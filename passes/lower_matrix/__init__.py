"""`pto-lower-matrix`: cube tile ops to the cube's micro-ops. The pass and its table
(`lower`), the GM transfers (`gm`), the L1 -> L0 loads (`l0`), the multiply-accumulates
(`mad`), the traced operands (`operands`) and the L0 formats (`formats`). Imports `passes`
and `pto_dialect`.
"""
