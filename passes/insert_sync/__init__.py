"""`pto-insert-sync`: the pass and its flag inserter (`insert`), the abstract pipe model it
runs a function on (`state`) and the `bufid` and `serial` modes (`modes`). Imports
`passes.common`, `passes.footprint`, `passes.periodic` and `pto_dialect`.
"""
