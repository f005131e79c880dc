"""Predicate registers as numpy: algebra, pack/unpack, (de)interleave, UB images.

A `!pto.mask<bW>` value is a bool array of its 2048 / W lanes (`plt`, `vcmp`, `vsel`). The
hardware register behind it has 256 bits, one per vreg byte; lane i of a bW mask is bit
`i * W / 8` and the other bits are zero (PTOAS's board-tested plt/pset/pge cases: a b32
lane stores as the nibble 0x1, a b16 lane as the bit pair 01). `register_bits` and
`lanes_of` convert between the two views; the ops that move bits across lanes (ppack,
punpack, the UB images) work on the 256 bits, so that a value viewed at another granularity
reads the bits the hardware holds there. A mask whose register also has bits between its
lanes (a same-granularity `ppack`/`punpack`, a coarser `pbitcast`) is a `RegisterLanes`: its
lanes, plus the whole 256-bit image, which those ops and the stores read (PTOAS
vpto-dev 2026-06 board case materialization-predicate/ppack-punpack, newest snapshot's
simulator test test/dsl-st/predicate_pack.py: pack/unpack work on the raw image).

UB images (predicate load/store pages, PTOAS predicate-load-store cases): NORM stores the 256
bits in 32 bytes, bit k as bit k % 8 of byte k // 8; PK stores the even bits in 16 bytes;
loads read NORM 32 bytes, US 16 bytes (each bit doubled), DS 64 bytes (every other bit).
"""

from __future__ import annotations

from typing import Any

import numpy as np

REGISTER_BITS = 256

STORE_BYTES = {"NORM": 32, "PK": 16}
"""Bytes each predicate store distribution writes."""
LOAD_BYTES = {"NORM": 32, "US": 16, "DS": 64}
"""Bytes each predicate load distribution reads."""


class RegisterLanes(np.ndarray[Any, np.dtype[np.bool_]]):
    """The lanes of a mask whose register holds bits between them too (`image`, 256 bits).
    An array computed from one (`a & b`, a slice) is a mask of its lanes alone."""

    image: np.ndarray | None = None

    def __array_finalize__(self, obj: object) -> None:
        self.image = None


def register_bits(lanes: np.ndarray) -> np.ndarray:
    """The 256 register bits of a mask given by its lanes (and the bits between them, of a
    `RegisterLanes`)."""
    image = lanes.image if isinstance(lanes, RegisterLanes) else None
    bits = np.zeros(REGISTER_BITS, dtype=np.bool_) if image is None else image.copy()
    bits[:: REGISTER_BITS // lanes.size] = lanes
    return bits


def lanes_of(bits: np.ndarray, lanes: int) -> np.ndarray:
    """The `lanes` lanes a mask of that many lanes reads from 256 register bits (a
    `RegisterLanes` keeping the image when bits between the lanes are set)."""
    step = REGISTER_BITS // lanes
    out = bits[::step].copy()
    if step == 1 or not bits.reshape(-1, step)[:, 1:].any():
        return out
    kept = out.view(RegisterLanes)
    kept.image = bits.copy()
    return kept


def pand(src0: np.ndarray, src1: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return src0 & src1 & mask


def por(src0: np.ndarray, src1: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return (src0 | src1) & mask


def pxor(src0: np.ndarray, src1: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return (src0 ^ src1) & mask


def psel(src0: np.ndarray, src1: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return np.where(mask, src0, src1)


def pnot(src: np.ndarray, mask: np.ndarray) -> np.ndarray:
    return ~src & mask


def ppack(src: np.ndarray, higher: bool, lanes: int) -> np.ndarray:
    """Bit 2k of the register to bit k of the LOWER (or 128 + k of the HIGHER) half."""
    bits = register_bits(src)
    out = np.zeros(REGISTER_BITS, dtype=np.bool_)
    half = REGISTER_BITS // 2
    if higher:
        out[half:] = bits[::2]
    else:
        out[:half] = bits[::2]
    return lanes_of(out, lanes)


def punpack(src: np.ndarray, higher: bool, lanes: int) -> np.ndarray:
    """Bit k of the LOWER (or HIGHER) half to bit 2k, the odd bits zero."""
    bits = register_bits(src)
    half = REGISTER_BITS // 2
    out = np.zeros(REGISTER_BITS, dtype=np.bool_)
    out[::2] = bits[half:] if higher else bits[:half]
    return lanes_of(out, lanes)


def pintlv(lhs: np.ndarray, rhs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """`lhs0 rhs0 lhs1 rhs1 ...`: its first N lanes and its last N."""
    zipped = np.stack([lhs, rhs], axis=1).reshape(-1)
    return zipped[: lhs.size].copy(), zipped[lhs.size :].copy()


def pdintlv(lhs: np.ndarray, rhs: np.ndarray) -> tuple[np.ndarray, np.ndarray]:
    """The even lanes of `lhs ++ rhs` and the odd lanes."""
    joined = np.concatenate([lhs, rhs])
    return joined[0::2].copy(), joined[1::2].copy()


def store_image(mask: np.ndarray, dist: str) -> np.ndarray:
    """The bytes a predicate store of `mask` with `dist` (NORM, PK) writes."""
    bits = register_bits(mask)
    if dist == "PK":
        bits = bits[::2]
    return np.packbits(bits, bitorder="little")


def load_image(data: np.ndarray, dist: str, lanes: int) -> np.ndarray:
    """The mask of `lanes` lanes a predicate load with `dist` (NORM, US, DS) makes of the
    bytes it reads (`LOAD_BYTES[dist]` of them)."""
    bits = np.unpackbits(data.astype(np.uint8), bitorder="little").astype(np.bool_)
    if dist == "US":
        bits = np.repeat(bits, 2)
    elif dist == "DS":
        bits = bits[::2]
    return bits[:: REGISTER_BITS // lanes].copy()  # a loaded mask keeps its lane bits only


def packed_image(mask: np.ndarray) -> np.ndarray:
    """`pstu`: one bit per lane, lane i as bit i % 8 of byte i // 8 (b16: 16 bytes, b32: 8)."""
    return np.packbits(mask, bitorder="little")
