"""SIMT thread and lane queries (17-simt.md "Thread and Lane Query Ops"): nullary, pure,
the value the current workitem sees.

`%tx = pto.get_tid_x : i32`, `pto.get_block_dim_y`, `pto.get_grid_dim_z`,
`pto.get_block_idx_x`, `pto.get_veccoreid`, `pto.get_laneid`, `pto.get_clock32`,
`%c = pto.get_clock64 : i64`, `pto.get_lanemask_eq` / `le` / `lt` / `ge` / `gt`.
"""

from __future__ import annotations

from typing import ClassVar

from xdsl.dialects.builtin import i32, i64
from xdsl.ir import Attribute
from xdsl.irdl import IRDLOperation, result_def, traits_def
from xdsl.traits import Pure

from pto_dialect.ops.base import define_op, fail
from pto_dialect.ops.simt_common import SimtOp


class ThreadQueryOp(SimtOp):
    """`%r = pto.<query> : i32` (i64 for `get_clock64`): one value of the running workitem,
    named by `KEY` (`interpreters/semantics/simt.py` computes each)."""

    KEY: ClassVar[str]
    RESULT: ClassVar[Attribute] = i32

    result = result_def()
    traits = traits_def(Pure())

    assembly_format = "attr-dict `:` type($result)"

    def __init__(self) -> None:
        super().__init__(result_types=[self.RESULT])

    def verify_simt(self) -> None:
        if self.result.type != self.RESULT:
            raise fail(f"{self.name} result type {self.result.type} must be {self.RESULT}")


def _query(class_name: str, key: str, doc: str, result: Attribute = i32) -> type[ThreadQueryOp]:
    return define_op(ThreadQueryOp, class_name, f"pto.{key}", doc, KEY=key, RESULT=result)


GetTidXOp = _query("GetTidXOp", "get_tid_x", "The workitem's x coordinate, in [0, dim_x).")
GetTidYOp = _query("GetTidYOp", "get_tid_y", "The workitem's y coordinate, in [0, dim_y).")
GetTidZOp = _query("GetTidZOp", "get_tid_z", "The workitem's z coordinate, in [0, dim_z).")
GetBlockDimXOp = _query("GetBlockDimXOp", "get_block_dim_x", "The launch's dim_x.")
GetBlockDimYOp = _query("GetBlockDimYOp", "get_block_dim_y", "The launch's dim_y.")
GetBlockDimZOp = _query("GetBlockDimZOp", "get_block_dim_z", "The launch's dim_z.")
GetGridDimXOp = _query(
    "GetGridDimXOp", "get_grid_dim_x", "The grid's x dimension (0 in a single-block VF launch)."
)
GetGridDimYOp = _query(
    "GetGridDimYOp", "get_grid_dim_y", "The grid's y dimension (0 in a single-block VF launch)."
)
GetGridDimZOp = _query(
    "GetGridDimZOp", "get_grid_dim_z", "The grid's z dimension (0 in a single-block VF launch)."
)
GetBlockIdxXOp = _query("GetBlockIdxXOp", "get_block_idx_x", "The block index in x (0).")
GetBlockIdxYOp = _query("GetBlockIdxYOp", "get_block_idx_y", "The block index in y (0).")
GetBlockIdxZOp = _query("GetBlockIdxZOp", "get_block_idx_z", "The block index in z (0).")
GetVecCoreIdOp = _query("GetVecCoreIdOp", "get_veccoreid", "The id of the running vector core.")
GetLaneIdOp = _query("GetLaneIdOp", "get_laneid", "The workitem's lane in its warp of 32.")
GetClock32Op = _query("GetClock32Op", "get_clock32", "The cycle counter, low 32 bits.")
GetClock64Op = _query("GetClock64Op", "get_clock64", "The cycle counter.", i64)
GetLaneMaskEqOp = _query("GetLaneMaskEqOp", "get_lanemask_eq", "`1 << laneid`.")
GetLaneMaskLeOp = _query("GetLaneMaskLeOp", "get_lanemask_le", "Bits of lanes 0 .. laneid.")
GetLaneMaskLtOp = _query("GetLaneMaskLtOp", "get_lanemask_lt", "Bits of lanes 0 .. laneid-1.")
GetLaneMaskGeOp = _query("GetLaneMaskGeOp", "get_lanemask_ge", "Bits of lanes laneid .. 31.")
GetLaneMaskGtOp = _query("GetLaneMaskGtOp", "get_lanemask_gt", "Bits of lanes laneid+1 .. 31.")

OPS: list[type[IRDLOperation]] = [
    GetTidXOp,
    GetTidYOp,
    GetTidZOp,
    GetBlockDimXOp,
    GetBlockDimYOp,
    GetBlockDimZOp,
    GetGridDimXOp,
    GetGridDimYOp,
    GetGridDimZOp,
    GetBlockIdxXOp,
    GetBlockIdxYOp,
    GetBlockIdxZOp,
    GetVecCoreIdOp,
    GetLaneIdOp,
    GetClock32Op,
    GetClock64Op,
    GetLaneMaskEqOp,
    GetLaneMaskLeOp,
    GetLaneMaskLtOp,
    GetLaneMaskGeOp,
    GetLaneMaskGtOp,
]
