"""PTOAS's raw fixpipe copy L0C -> UB (A5): `copy_matrix_cc_to_ub`.

  `pto.copy_matrix_cc_to_ub %src, %dst, %config0, %config1 : T_l0c, T_ub, i64, i64`

The form PTOAS's `mte_l0c_ub` expands to (lib/PTO/Transforms/VPTOExpandWrapperOps.cpp:
`packCopyMatrixCcToGmXm`, `packCopyMatrixCcToUbConfig1`; VPTOOps.td
`PTO_CopyMatrixCcToUbOp`; the bit layout of the CCE builtin in PTOAS
docs/designs/a2a3-dma-builtins.md): the sizes, strides and controls packed in two words.
`CcToUbWords` unpacks them; the copy is then `mte_l0c_ub`'s (docs/isa/cube/ops/data-movement/
mte-l0c-ub.md). The verifier checks the fields of constant words; the interpreter runs the
plain, `nz2nd` and split forms and refuses, at run time, the quantisation, ReLU, clip,
unit-flag and channel-split controls and `nz2dn` (whose loop-0 stride lives in a register
`set_channel_para` writes): these are `mte_l0c_ub`'s clauses.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from xdsl.dialects.builtin import i64
from xdsl.ir import SSAValue
from xdsl.irdl import IRDLOperation, irdl_op_definition, operand_def

from pto_dialect.attrs import Pipe
from pto_dialect.dtypes import F32, I32
from pto_dialect.memory_types import MemorySpace
from pto_dialect.ops.base import PtoOp, fail
from pto_dialect.ops.cube_fixpipe import UB_DST_MODES, MteL0cUbOp
from pto_dialect.ops.cube_load import check_pointer
from pto_dialect.ops.tile_memory import constant_index


def _field(word: int, low: int, width: int) -> int:
    return (word >> low) & ((1 << width) - 1)


@dataclass(frozen=True)
class CcToUbWords:
    """The fields of `copy_matrix_cc_to_ub`'s two configuration words."""

    m: int
    n: int
    dst_stride: int
    """Destination elements from one row (nz2nd) or box column to the next."""
    src_stride: int
    """16-element L0C rows from one box column to the next, as `mte_l0c_ub`'s."""
    dst_mode: str
    """`single`, `split_m` or `split_n` (`UB_DST_MODES`; the 2-bit field's 3 is reserved)."""
    sub_blockid: int
    layout: str | None
    """`nz2nd`, `nz2dn`, `nz2nz` (channel split) or None (the boxes as they are)."""
    controls: tuple[str, ...]
    """The nonzero quantisation, ReLU, clip and unit-flag fields, by name."""

    @classmethod
    def unpack(cls, config0: int, config1: int) -> CcToUbWords:
        """config0: sid [0, 4), n [4, 16), m [16, 32), dst_stride [32, 64); config1:
        src_stride [0, 16), dual-destination mode [16, 18), sub-block id 18, quantisation
        (bit 29 and [34, 39)), clip ReLU [30, 32), unit flag [32, 34), ReLU [39, 42), channel
        split 42, nz2nd 43, nz2dn 62."""
        modes = (*UB_DST_MODES, "reserved")
        nz2nd, nz2dn, split = _field(config1, 43, 1), _field(config1, 62, 1), _field(config1, 42, 1)
        layout = None
        if nz2nd + nz2dn + split > 1:
            layout = "several"
        elif nz2nd or nz2dn or split:
            layout = "nz2nd" if nz2nd else "nz2dn" if nz2dn else "nz2nz"
        controls = {
            "pre_quant": _field(config1, 29, 1) << 5 | _field(config1, 34, 5),
            "clip_relu": _field(config1, 30, 2),
            "unit_flag": _field(config1, 32, 2),
            "pre_relu": _field(config1, 39, 3),
        }
        return cls(
            m=_field(config0, 16, 16),
            n=_field(config0, 4, 12),
            dst_stride=_field(config0, 32, 32),
            src_stride=_field(config1, 0, 16),
            dst_mode=modes[_field(config1, 16, 2)],
            sub_blockid=_field(config1, 18, 1),
            layout=layout,
            controls=tuple(name for name, value in controls.items() if value),
        )

    def problem(self) -> str | None:
        """Why the words are not a copy the hardware does, else None."""
        if self.m < 1 or self.n < 1:
            return f"m ({self.m}) and n ({self.n}) must be at least 1"
        if self.dst_mode == "reserved":
            return "the dual-destination mode 3 is reserved"
        if self.layout == "several":
            return "nz2nd, nz2dn and channel split are exclusive"
        if self.dst_mode == "split_m" and self.m % 2:
            return f"split_m needs m a multiple of 2, got {self.m}"
        if self.dst_mode == "split_n" and self.n % 32:
            return f"split_n needs n a multiple of 32, got {self.n}"
        return None


@irdl_op_definition
class CopyMatrixCcToUbOp(PtoOp):
    """L0C -> UB through the fixpipe, its controls packed in `config0` / `config1`."""

    name = "pto.copy_matrix_cc_to_ub"

    MANUAL: ClassVar = MteL0cUbOp.MANUAL
    COST: ClassVar = MteL0cUbOp.COST
    PIPE: ClassVar[Pipe] = Pipe.FIX
    DST_SPACE: ClassVar[MemorySpace] = MemorySpace.UB

    source = operand_def()
    destination = operand_def()
    config0 = operand_def()
    config1 = operand_def()

    assembly_format = (
        "$source `,` $destination `,` $config0 `,` $config1 attr-dict `:` type($source) `,` "
        "type($destination) `,` type($config0) `,` type($config1)"
    )

    def __init__(
        self, source: SSAValue, destination: SSAValue, config0: SSAValue, config1: SSAValue
    ) -> None:
        super().__init__(operands=[source, destination, config0, config1])

    def verify_(self) -> None:
        src = check_pointer(self, self.source, "source", MemorySpace.L0C)
        check_pointer(self, self.destination, "destination", MemorySpace.UB)
        if src.is_typed and src.element not in (F32, I32):
            raise fail(f"{self.name} source element type must be f32 or i32, got {src.pointee}")
        for name in ("config0", "config1"):
            if getattr(self, name).type != i64:
                raise fail(f"{self.name} {name} must be i64, got {getattr(self, name).type}")
        words = [constant_index(self.config0), constant_index(self.config1)]
        if words[0] is not None and words[1] is not None:
            problem = CcToUbWords.unpack(words[0], words[1]).problem()
            if problem is not None:
                raise fail(f"{self.name} {problem}")


OPS: list[type[IRDLOperation]] = [CopyMatrixCcToUbOp]
