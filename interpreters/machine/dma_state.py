"""The DMA unit's configuration registers, part of a core (`machine.core.Machine`)."""

from __future__ import annotations

from dataclasses import dataclass, field


@dataclass
class DmaState:
    """DMA configuration registers of the machine, read by every later copy.

    `out_to_ub` / `ub_to_out`: (loop1, loop2) counts of GM -> UB / UB -> GM copies, 1 and 1
    until a `set_loop_size_*` op sets them. `pad_pattern`: the pad-value register selected by
    `data_select_bit` 1, as raw bits (a copy uses the low element-size bytes); reset value 0,
    set by `set_mov_pad_val`.
    `out_to_ub_strides` / `ub_to_out_strides`: the (src, dst) byte strides of loop1 and loop2,
    set by `set_loop{1,2}_stride_*`; None until set (a copy then advances by the natural
    extent of the inner level, see `interpreters.ops.dma`).
    """

    out_to_ub: tuple[int, int] = (1, 1)
    ub_to_out: tuple[int, int] = (1, 1)
    pad_pattern: int = 0
    out_to_ub_strides: list[tuple[int, int] | None] = field(
        default_factory=lambda: list[tuple[int, int] | None]([None, None])
    )
    ub_to_out_strides: list[tuple[int, int] | None] = field(
        default_factory=lambda: list[tuple[int, int] | None]([None, None])
    )
