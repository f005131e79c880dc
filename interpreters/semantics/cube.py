"""Where the cube's transfers put bytes and where `mad` reads and writes its operands.

Buffers are flat byte arrays; every function takes the bytes it reads and returns the bytes it
writes with their offsets (the interpreter functions place them and report the accesses).
The fractal formats and the operand formats per target are `pto_dialect/fractal.py`'s.

- `mte_gm_l1_frac` (ND/DN -> NZ): for group g, row n < n_value and column d < d_value the
  source element at `src + g*outer + n*inner + d*size` (nd2nz; dn2nz: `d*inner + n*size`)
  goes to `dst + g*loop4*32 + (d // C0)*loop3*32 + n*loop2*32 + (d % C0)*size`; the lanes of
  each row's last C0 beyond d_value are zero (mte-gm-l1-frac.md).
- `mte_l1_l0a` / `mte_l1_l0b` (full control): the source boxes (i, j), i < m_step along M
  (16 rows), j < k_step along K (32 bytes), at box `(k_start + j)*src_stride + m_start + i`
  of the source, form an (16 m_step) x (C0 k_step) matrix. Without transpose box (i, j) goes
  to box `j*dst_stride + i` (NZ order; L0A on A2/A3 is ZZ: `i*dst_stride + j`); with
  transpose the matrix's transpose is written as boxes of 16 x C0 in the same order (so an
  L1 NZ tile of B becomes L0B's ZN, which is NZ of B's transpose). The shape form derives the
  controls as PTOAS does (`shape_controls`).
- MX scale loads copy 32-byte scale fragments: fragment `(x_start + x)*src_stride + y_start
  + y` to `x*dst_stride + y` of the operand's scale buffer, at the operand address >> 4.
- `mad` reads A (m x k) from L0A in the target's format with ceil(m/16) boxes per column
  (NZ) or ceil(k/C0) per row (ZZ), B (k x n) from L0B as ZN with ceil(n/16) boxes per row,
  and writes C (m x n) to L0C as NZ of 16 x 16 boxes with ceil(m/16) boxes per column. With
  m = 1 and no `disable_gemv` A is the contiguous row (the GEMV organisation). MX scales:
  A's (m, g) in 16 x 2 fragments row-major, ceil(G/2) per row (GEMV: A's G scales in a row);
  B's (g, n) in fragments of 16 columns x 2 groups, column n's two groups adjacent (G =
  ceil(k/32)).
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

import numpy as np

from interpreters.engine.errors import PtoRuntimeError, check
from pto_dialect.dtypes import DType
from pto_dialect.fractal import ACC_BOX, C0_BYTES, FRACTAL_BYTES, FRACTAL_ROWS, Fractal, c0
from pto_dialect.mx import MX_GROUP, SCALE_FRAGMENT_BYTES


def box_offsets(
    rows: int, cols: int, box: tuple[int, int], fractal: Fractal, grid: int
) -> np.ndarray:
    """Element offsets of a rows x cols matrix stored as `fractal` boxes of box[0] x box[1]
    elements: `grid` boxes per column (NZ) or per row (ZN, ZZ)."""
    br, bc = box
    r = np.arange(rows, dtype=np.int64).reshape(-1, 1)
    c = np.arange(cols, dtype=np.int64).reshape(1, -1)
    if fractal is Fractal.NZ:
        index = (c // bc) * grid + r // br
    else:
        index = (r // br) * grid + c // bc
    inner = (c % bc) * br + r % br if fractal is Fractal.ZN else (r % br) * bc + c % bc
    return index * (br * bc) + inner


def gather(data: np.ndarray, base: int, offsets: np.ndarray, dtype: DType) -> np.ndarray:
    """Elements of `dtype` at `base + offsets * size` bytes of byte array `data`."""
    size = dtype.bytes
    byte = base + offsets[..., None] * size + np.arange(size)
    check(
        byte.size == 0 or (int(byte.min()) >= 0 and int(byte.max()) < data.size),
        f"a cube operand reaches beyond its buffer ({data.size} bytes)",
    )
    return np.ascontiguousarray(data[byte]).view(dtype.numpy).reshape(offsets.shape)


def byte_span(base: int, offsets: np.ndarray, size: int) -> tuple[int, int]:
    """[first, end) bytes of the elements at `offsets` (for the pipe model)."""
    if offsets.size == 0:
        return (base, base)
    return (base + int(offsets.min()) * size, base + (int(offsets.max()) + 1) * size)


# ---- GM -> L1 with the fractal repack ------------------------------------------------------


@dataclass(frozen=True)
class FracLoad:
    """The operands of one `mte_gm_l1_frac` (bytes, and C0 units for the destination)."""

    dn: bool
    n: int
    d: int
    inner: int
    outer: int
    groups: int
    loop2: int
    loop3: int
    loop4: int


def frac_load(
    src: np.ndarray, src_base: int, dtype: DType, spec: FracLoad
) -> tuple[np.ndarray, np.ndarray]:
    """(destination byte offsets, bytes) of an ND/DN -> NZ repack: every value of the
    `groups` n x d source matrices and the zero lanes of each row's last C0."""
    size, width = dtype.bytes, c0(dtype)
    padded = ceil(spec.d / width) * width
    g = np.arange(spec.groups, dtype=np.int64).reshape(-1, 1, 1)
    n = np.arange(spec.n, dtype=np.int64).reshape(1, -1, 1)
    d = np.arange(padded, dtype=np.int64).reshape(1, 1, -1)
    if spec.dn:
        src_at = g * spec.outer + d * spec.inner + n * size
    else:
        src_at = g * spec.outer + n * spec.inner + d * size
    dst_at = (g * spec.loop4 + (d // width) * spec.loop3 + n * spec.loop2) * C0_BYTES + (
        d % width
    ) * size
    valid = np.broadcast_to(d < spec.d, dst_at.shape)
    src_bytes = src_base + src_at[..., None] + np.arange(size)
    inside = np.broadcast_to(valid[..., None], src_bytes.shape)
    used = src_bytes[inside]
    check(
        used.size == 0 or (int(used.min()) >= 0 and int(used.max()) < src.size),
        f"mte_gm_l1_frac reads beyond its GM buffer ({src.size} bytes)",
    )
    values = np.zeros(src_bytes.shape, np.uint8)
    values[inside] = src[used]
    offsets = dst_at[..., None] + np.arange(size)
    return offsets.reshape(-1), values.reshape(-1)


# ---- L1 -> L0A / L0B -----------------------------------------------------------------------


@dataclass(frozen=True)
class LoadControls:
    """The full-control operands of an L1 -> L0 load, in boxes."""

    m_start: int
    k_start: int
    m_step: int
    k_step: int
    src_stride: int
    dst_stride: int


def shape_controls(
    rows: int,
    cols: int,
    starts: tuple[int, int],
    dtype: DType,
    right: bool,
    transpose: bool,
    row_major_boxes: bool = False,
) -> LoadControls:
    """The controls the shape form `(rows, cols[, start_row, start_col])` stands for (PTOAS
    lib/PTO/Transforms/VPTOExpandWrapperOps.cpp `deriveLoadCbufToCaControl` /
    `...ToCbControl`): a left load's rows are m and cols k, a right load's rows k and cols n.
    PTOAS derives them for A5; into an A2/A3 L0A (ZZ, `row_major_boxes`) the destination
    stride is the boxes of a row, k's, so that `mad` finds A where it reads it."""
    width = box_values(dtype)
    m_start, k_start = starts
    if not transpose:
        outer = cols if right else rows  # the 16-row axis: n of B, m of A
        k_steps = ceil((rows if right else cols) / width)
        steps = ceil(outer / FRACTAL_ROWS)
        dst_stride = k_steps if row_major_boxes else steps
        return LoadControls(m_start, k_start, steps, k_steps, steps, dst_stride)
    unit = max(FRACTAL_ROWS, width)
    k_axis, other = (rows, cols) if right else (cols, rows)
    k_align, other_align = ceil(k_axis / unit) * unit, ceil(other / unit) * unit
    return LoadControls(
        m_start,
        k_start,
        k_align // FRACTAL_ROWS,
        ceil(other_align / width),
        k_align // FRACTAL_ROWS,
        other_align // FRACTAL_ROWS,
    )


def box_values(dtype: DType) -> int:
    """Values in a box row of 32 bytes: C0 elements, two values each for packed FP4 (PTOAS
    `deriveLoadCbufTo*Control`: a 64-value step for FP4)."""
    return c0(dtype) * dtype.values


def l1_load(
    src: np.ndarray,
    src_base: int,
    dtype: DType,
    controls: LoadControls,
    transpose: bool,
    row_major_boxes: bool,
) -> tuple[np.ndarray, np.ndarray]:
    """(destination byte offsets, bytes) of a full-control L1 -> L0 load; `row_major_boxes`
    for an A2/A3 L0A (ZZ)."""
    ctl = controls
    i = np.arange(ctl.m_step, dtype=np.int64).reshape(1, -1)
    j = np.arange(ctl.k_step, dtype=np.int64).reshape(-1, 1)
    boxes = (ctl.k_start + j) * ctl.src_stride + ctl.m_start + i  # [j, i]
    byte = src_base + boxes[..., None] * FRACTAL_BYTES + np.arange(FRACTAL_BYTES)
    check(
        int(byte.min()) >= 0 and int(byte.max()) < src.size,
        f"the L1 -> L0 load reads boxes beyond L1 ({src.size} bytes)",
    )
    frags = src[byte]  # [j, i, 512]
    width = c0(dtype)
    if not transpose:
        out = frags
        di, dj = ctl.m_step, ctl.k_step
    elif packed(dtype):
        out, di, dj = _transpose_nibbles(frags, ctl)
    else:
        size = dtype.bytes
        check(size in (1, 2, 4), f"transposing {dtype} boxes is not modelled")
        elements = frags.reshape(ctl.k_step, ctl.m_step, FRACTAL_ROWS, width, size)
        # the region as a (16 m_step) x (C0 k_step) matrix of elements, then its transpose
        matrix = elements.transpose(1, 2, 0, 3, 4).reshape(
            ctl.m_step * FRACTAL_ROWS, ctl.k_step * width, size
        )
        flipped = matrix.transpose(1, 0, 2)
        rows, cols = flipped.shape[:2]
        check(
            rows % FRACTAL_ROWS == 0 and cols % width == 0,
            f"a transposing load of {dtype} needs whole {FRACTAL_ROWS} x {width} boxes after "
            f"the transpose: {rows} x {cols} elements",
        )
        di, dj = rows // FRACTAL_ROWS, cols // width
        out = flipped.reshape(di, FRACTAL_ROWS, dj, width, size).transpose(2, 0, 1, 3, 4)
        out = out.reshape(dj, di, FRACTAL_BYTES)
    ii = np.arange(di, dtype=np.int64).reshape(1, -1)
    jj = np.arange(dj, dtype=np.int64).reshape(-1, 1)
    target = ii * ctl.dst_stride + jj if row_major_boxes else jj * ctl.dst_stride + ii
    offsets = target[..., None] * FRACTAL_BYTES + np.arange(FRACTAL_BYTES)
    return offsets.reshape(-1), np.ascontiguousarray(out).reshape(-1)


def _transpose_nibbles(frags: np.ndarray, ctl: LoadControls) -> tuple[np.ndarray, int, int]:
    """A transposing load of packed FP4 boxes (pto-isa a5 `load_cbuf_to_c*_s4` with transpose
    set): the region as a (16 m_step) x (64 k_step) matrix of values, the low nibble first,
    transposed value by value and packed again into boxes of 16 x 64 values."""
    low, high = frags & 0x0F, frags >> 4
    values = np.stack([low, high], axis=-1).reshape(ctl.k_step, ctl.m_step, FRACTAL_ROWS, -1)
    width = values.shape[-1]
    matrix = values.transpose(1, 2, 0, 3).reshape(ctl.m_step * FRACTAL_ROWS, ctl.k_step * width)
    flipped = matrix.T
    rows, cols = flipped.shape
    check(
        rows % FRACTAL_ROWS == 0 and cols % width == 0,
        f"a transposing load of packed FP4 needs whole {FRACTAL_ROWS} x {width} boxes after "
        f"the transpose: {rows} x {cols} values",
    )
    di, dj = rows // FRACTAL_ROWS, cols // width
    boxes = flipped.reshape(di, FRACTAL_ROWS, dj, width).transpose(2, 0, 1, 3)
    pairs = boxes[..., 0::2] | (boxes[..., 1::2] << 4)
    return pairs.reshape(dj, di, FRACTAL_BYTES), di, dj


def mx_shape_controls(rows: int, cols: int, starts: tuple[int, int], right: bool) -> LoadControls:
    """The MX scale controls of the shape form (PTOAS `deriveLoadCbufToCaMxControl` /
    `...CbMxControl`), in fragments: x along M (left) or N (right), y along pairs of groups."""
    groups = ceil((rows if right else cols) / MX_GROUP)
    x_steps = ceil((cols if right else rows) / FRACTAL_ROWS)
    y = ceil(groups / 2)
    return LoadControls(starts[0], starts[1], x_steps, y, y, y)


def mx_load(src: np.ndarray, src_base: int, ctl: LoadControls) -> tuple[np.ndarray, np.ndarray]:
    """(scale-buffer byte offsets, bytes) of an MX scale load: 32-byte fragments."""
    x = np.arange(ctl.m_step, dtype=np.int64).reshape(-1, 1)
    y = np.arange(ctl.k_step, dtype=np.int64).reshape(1, -1)
    frag = SCALE_FRAGMENT_BYTES
    source = (ctl.m_start + x) * ctl.src_stride + ctl.k_start + y
    byte = src_base + source[..., None] * frag + np.arange(frag)
    check(
        int(byte.min()) >= 0 and int(byte.max()) < src.size,
        f"the MX scale load reads beyond L1 ({src.size} bytes)",
    )
    target = (x * ctl.dst_stride + y)[..., None] * frag + np.arange(frag)
    return target.reshape(-1), src[byte].reshape(-1)


# ---- mad's operands ----------------------------------------------------------------------


def packed(dtype: DType) -> bool:
    """An element of several values (FP4: two a byte); shapes count values, storage pairs."""
    return dtype.values > 1


def lhs_offsets(m: int, k: int, dtype: DType, fractal: Fractal, gemv: bool) -> np.ndarray:
    """Offsets (elements) of A's stored m x k (pairs for FP4) in L0A."""
    stored = ceil(k / 2) if packed(dtype) else k
    width = c0(dtype)
    if gemv:
        return np.arange(stored, dtype=np.int64).reshape(1, -1)
    grid = ceil(m / FRACTAL_ROWS) if fractal is Fractal.NZ else ceil(stored / width)
    return box_offsets(m, stored, (FRACTAL_ROWS, width), fractal, grid)


def rhs_offsets(k: int, n: int, dtype: DType) -> np.ndarray:
    """Offsets (elements) of B's stored k x n in L0B (ZN, K innermost)."""
    stored = ceil(k / 2) if packed(dtype) else k
    return box_offsets(stored, n, (c0(dtype), FRACTAL_ROWS), Fractal.ZN, ceil(n / FRACTAL_ROWS))


def acc_offsets(m: int, n: int, column_rows: int | None = None) -> np.ndarray:
    """Offsets (elements) of C's m x n in L0C: NZ of 16 x 16 boxes, `column_rows` (default
    ceil(m/16) x 16) rows per box column."""
    rows = column_rows if column_rows is not None else ceil(m / ACC_BOX) * ACC_BOX
    r = np.arange(m, dtype=np.int64).reshape(-1, 1)
    c = np.arange(n, dtype=np.int64).reshape(1, -1)
    return (c // ACC_BOX) * rows * ACC_BOX + r * ACC_BOX + c % ACC_BOX


def scale_offsets(m: int, k: int, right: bool, gemv: bool = False) -> np.ndarray:
    """Byte offsets of the MX scales in an operand's scale buffer: A's m x G or B's G x n
    (`m` is n for B), G = ceil(k/32). In the GEMV organisation A's G scales are contiguous,
    as A is (the board's tilelang_st `tgemv_mx`: 32 scales of a 1 x 1024 A in one fragment)."""
    groups = ceil(k / MX_GROUP)
    if gemv and not right:
        return np.arange(groups, dtype=np.int64).reshape(1, -1)
    pairs = ceil(groups / 2)
    r = np.arange(m, dtype=np.int64).reshape(-1, 1)
    g = np.arange(groups, dtype=np.int64).reshape(1, -1)
    at = ((r // FRACTAL_ROWS) * pairs + g // 2) * SCALE_FRAGMENT_BYTES + (r % FRACTAL_ROWS) * 2
    at = at + g % 2
    return at.T if right else at


def require_box_multiple(what: str, value: int, multiple: int) -> None:
    if value % multiple:
        raise PtoRuntimeError(f"{what} {value} is not a multiple of {multiple}")
