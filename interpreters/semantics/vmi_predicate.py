"""VMI mask producers as numpy: a mask is a 1-D bool array of its L logical lanes."""

from __future__ import annotations

import numpy as np


def prefix(lanes: int, active: int) -> np.ndarray:
    """`create_mask`: lanes below `active` (clamped to [0, L])."""
    return np.arange(lanes) < max(active, 0)


def group_prefix(lanes: int, group_size: int, active: int) -> np.ndarray:
    """`create_group_mask`: lane i active iff `i % group_size < active`."""
    return (np.arange(lanes) % group_size) < max(active, 0)


def remaining(rem: int, lanes: int) -> tuple[np.ndarray, int]:
    """`plt`: lanes below `min(rem, L)`, and `rem - min(rem, L)` (i32 arithmetic)."""
    rem = ((rem + (1 << 31)) % (1 << 32)) - (1 << 31)
    active = min(rem, lanes)
    return prefix(lanes, active), rem - active
