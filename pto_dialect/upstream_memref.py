"""MLIR's verifier of `memref.reinterpret_cast`, installed on xDSL's op when imported.

`%r = memref.reinterpret_cast %m to offset: [%o], sizes: [%c1, %c16], strides: [...]
: memref<16xT, ...> to memref<1x16xT, ...>` gives a size by a value for a static result
dimension (vpto-dev/PTOAS's tci kernels). xDSL's verifier wants such a dimension dynamic;
MLIR's (`ReinterpretCastOp::verify`, the LLVM that PTOAS builds on) compares a dimension with
its size only where both are static. `PtoContext` imports this module with the first
`memref.` op a kernel names, and the whole dialect (`pto_dialect.dialect`) with itself.
"""

from __future__ import annotations

from xdsl.dialects import memref
from xdsl.dialects.builtin import DYNAMIC_INDEX
from xdsl.dialects.utils import verify_dynamic_index_list
from xdsl.utils.exceptions import VerifyException


def verify_reinterpret_cast(self: memref.ReinterpretCastOp) -> None:
    """The index lists match their operands, there is a size per result dimension, and a
    result dimension equals its size where both are static."""
    sizes = self.static_sizes.get_values()
    verify_dynamic_index_list(sizes, self.sizes, DYNAMIC_INDEX, " in the size arguments")
    offsets = self.static_offsets.get_values()
    verify_dynamic_index_list(offsets, self.offsets, DYNAMIC_INDEX, " in the offset arguments")
    strides = self.static_strides.get_values()
    verify_dynamic_index_list(strides, self.strides, DYNAMIC_INDEX, " in the stride arguments")
    shape = self.result.type.get_shape()
    if len(shape) != len(sizes):
        raise VerifyException(
            f"memref.reinterpret_cast has {len(sizes)} sizes for a result of rank {len(shape)}"
        )
    for dim, (actual, expected) in enumerate(zip(shape, sizes, strict=True)):
        if DYNAMIC_INDEX not in (actual, expected) and actual != expected:
            raise VerifyException(
                f"Expected result type with size = {expected} instead of {actual} in dim = {dim}"
            )


memref.ReinterpretCastOp.verify_ = verify_reinterpret_cast  # pyright: ignore[reportAttributeAccessIssue]
