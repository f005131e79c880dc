"""`pto-fuse`: consecutive vector-pipe tile ops over the same rows as one `pto.vecscope`
loop that keeps their intermediate results in registers.

Modules: members.py (which ops, how each reads its operands and holds its result),
groups.py (which ops go together; the plan: register or UB reads, stores, rows per block),
order.py (whether the fused row order touches UB as the op-by-op order does), emit.py (the
fused loop), fuse.py (the pass). May import `passes.lower_tile_to_vector` (each member
computes what its lowering computes) and `pto_dialect`.
"""
