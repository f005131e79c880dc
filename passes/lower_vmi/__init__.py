"""`pto-lower-vmi`: VMI logical-vector ops to `pto.vecscope` micro-ops (`lower.py`), after
layout assignment (`layout.py`); the registers and emission helpers (`builder.py`), masks
(`masks.py`), and the lowerings of the compute ops, memory ops and reductions."""
