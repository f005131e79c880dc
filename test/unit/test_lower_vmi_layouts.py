"""Translation validation of `pto-lower-vmi`'s placed layouts (`passes/lower_vmi/placed.py`):
`deinterleaved = 4`, `lane_stride`, `num_groups/slots` (with a lane stride). A value is
brought into the layout, its registers stored (`unpack`), made again from them (`pack`),
doubled and stored: the same bytes interpreted directly (the interpreter places lanes by
`vmi_types.placement`) and lowered."""

from __future__ import annotations

import numpy as np
import pytest
from test_lower_vmi import BYTES, byte_kernel, finals
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.utils.exceptions import PassFailedException

from interpreters import api
from passes.lower_vmi.lower import LowerVmiPass
from pto_dialect.dtypes import dtype_named
from pto_dialect.ops.vmi_types import LayoutKind, VmiLayoutAttr, placement


def _v(lanes: int, element: str, layout: str) -> str:
    return f"!pto.vmi.vreg<{lanes}x{element}, #pto.vmi.layout<{layout}>>"


def round_trip(element: str, lanes: int, layout: str, parts: int) -> str:
    bits = dtype_named(element.removeprefix("!pto.")).bits
    width = 2048 // bits
    dense, placed = _v(lanes, element, "contiguous"), _v(lanes, element, layout)
    names = ", ".join(f"%p{i}" for i in range(parts))
    types = ", ".join([f"!pto.vreg<{width}x{element}>"] * parts)
    stores = "\n".join(
        f"      %o{i} = arith.constant {i * width} : index\n"
        f"      pto.vsts %p{i}, %uo[%o{i}], %all : !pto.vreg<{width}x{element}>, "
        f"!pto.ptr<{element}, ub>, !pto.mask<b{bits}>"
        for i in range(parts)
    )
    body = f"""      %all = pto.pset_b{bits} "PAT_ALL" : !pto.mask<b{bits}>
      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<{element}, ub> -> {dense}
      %d = pto.vmi.ensure_layout %v : {dense} -> {placed}
      {names} = pto.vmi.unpack %d : {placed} -> {types}
{stores}
      %e = pto.vmi.pack {names} : {types} -> {placed}
      %f = pto.vmi.vadd %e, %e : {placed}, {placed} -> {placed}
      %g = pto.vmi.ensure_layout %f : {placed} -> {dense}
      pto.vmi.vstore %g, %ur[%c0] : {dense}, !pto.ptr<{element}, ub>"""
    return byte_kernel([f"x:{element}", f"o:{element}", f"r:{element}"], body)


CASES = [
    ("f32", 256, "deinterleaved = 4"),
    ("f16", 200, "deinterleaved = 4"),
    ("f16", 100, "contiguous, lane_stride = 4"),
    ("f32", 64, "contiguous, lane_stride = 2"),
    ("f32", 32, "num_groups = 32, slots = 8"),
    ("i16", 8, "num_groups = 8, slots = 1"),
    ("i8", 32, "num_groups = 32, slots = 8, lane_stride = 4"),
    ("f32", 128, "block_deinterleaved = 2"),
    ("f16", 200, "block_deinterleaved = 4"),
    ("i8", 500, "block_deinterleaved = 2"),
]


@pytest.mark.parametrize(("element", "lanes", "layout"), CASES)
def test_placed_layouts_keep_the_bytes(element: str, lanes: int, layout: str) -> None:
    """Partial and whole registers; the stored parts include the padding lanes (zero in
    both runs)."""
    attr = _attr(layout)
    parts = placement(lanes, dtype_named(element).bits, attr).registers
    rng = np.random.default_rng(lanes)
    np_type = dtype_named(element).numpy
    count = BYTES // np_type.itemsize
    args = [rng.integers(-100, 100, count).astype(np_type) for _ in range(3)]
    direct, lowered = finals(round_trip(element, lanes, layout, parts), args)
    assert direct == lowered
    assert direct[1] != args[1].tobytes() and direct[2] != args[2].tobytes()


def _attr(layout: str) -> VmiLayoutAttr:
    fields: dict[str, int] = {}
    for field in layout.split(","):
        key, _, value = field.strip().partition(" = ")
        fields[key] = int(value) if value else 0
    stride = fields.get("lane_stride", 1)
    if "block_deinterleaved" in fields:
        return VmiLayoutAttr(LayoutKind.BLOCK_DEINTERLEAVED, fields["block_deinterleaved"])
    if "deinterleaved" in fields:
        return VmiLayoutAttr(LayoutKind.DEINTERLEAVED, fields["deinterleaved"])
    if "slots" in fields:
        return VmiLayoutAttr(LayoutKind.NUM_GROUPS, 1, fields["slots"], stride)
    return VmiLayoutAttr(LayoutKind.CONTIGUOUS, 1, 0, stride)


def test_a_placed_argument_becomes_its_layouts_registers() -> None:
    """A `deinterleaved = 4` argument of 200 f32 lanes is 4 registers (one per part); an
    FP4-pair argument of lane stride 4 moves as bytes (`vbitcast`)."""
    text = f"""
module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: {_v(200, "f32", "deinterleaved = 4")}, %p: !pto.ptr<f32, ub>,
               %b: {_v(64, "!pto.f4E1M2x2", "contiguous, lane_stride = 4")},
               %q: !pto.ptr<!pto.bf16x2, ub>, %i: index) {{
    pto.vmi.vstore %a, %p[%i] : {_v(200, "f32", "deinterleaved = 4")}, !pto.ptr<f32, ub>
    %r = pto.vmi.vcvt %b : {_v(64, "!pto.f4E1M2x2", "contiguous, lane_stride = 4")}
        -> {_v(64, "!pto.bf16x2", "contiguous")}
    pto.vmi.vstore %r, %q[%i] : {_v(64, "!pto.bf16x2", "contiguous")}, !pto.ptr<!pto.bf16x2, ub>
    return
  }}
}}
"""
    module = api.parse(text)
    LowerVmiPass().apply(Context(), module)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    inputs = [str(t) for t in function.function_type.inputs.data]
    pointers = ["!pto.ptr<f32, ub>", "!pto.vreg<256x!pto.f4E1M2x2>", "!pto.ptr<!pto.bf16x2, ub>"]
    assert inputs == [*["!pto.vreg<64xf32>"] * 4, *pointers, "index"]


def test_a_layout_with_no_lowering_is_refused_by_name() -> None:
    layout = "deinterleaved = 2, lane_stride = 2"
    text = f"""
module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: {_v(128, "f32", layout)}, %p: !pto.ptr<f32, ub>) {{
    %c0 = arith.constant 0 : index
    pto.vmi.vstore %a, %p[%c0] : {_v(128, "f32", layout)}, !pto.ptr<f32, ub>
    return
  }}
}}
"""
    with pytest.raises(PassFailedException, match=r"func\.func at <string>:3:3: layout "
                       r"#pto\.vmi\.layout<deinterleaved = 2, lane_stride = 2>: deinterleaved "
                       r"layouts with a lane stride or a factor not a power of two have no "
                       r"lowering here"):  # fmt: skip
        LowerVmiPass().apply(Context(), api.parse(text))


@pytest.mark.parametrize("layout", ["deinterleaved = 2", "deinterleaved = 4"])
def test_bf16_pairs_move_between_layouts_as_integers(layout: str) -> None:
    """bf16 pairs have no `vintlv` of their own: brought into a layout and converted to
    FP4 pairs, they move as 32-bit integers."""
    pairs, fp4 = _v(256, "!pto.bf16x2", layout), "!pto.vmi.vreg<256x!pto.f4E2M1x2>"
    dense = _v(256, "!pto.bf16x2", "contiguous")
    body = f"""      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<!pto.bf16x2, ub> -> {dense}
      %d = pto.vmi.ensure_layout %v : {dense} -> {pairs}
      %p = pto.vmi.vcvt %d {{rounding = "R"}} : {pairs} -> {fp4}
      pto.vmi.vstore %p, %uo[%c0] : {fp4}, !pto.ptr<!pto.f4E2M1x2, ub>"""
    rng = np.random.default_rng(7)
    halves = (rng.standard_normal(BYTES // 2) * 4).astype(np.float32)
    x = (halves.view(np.uint32) >> 16).astype(np.uint16).view(np.uint8)
    out = rng.integers(0, 256, BYTES, dtype=np.uint8)
    args = [x.view(dtype_named("bf16x2").numpy), out.view(dtype_named("f4E2M1x2").numpy)]
    direct, lowered = finals(byte_kernel(["x:!pto.bf16x2", "o:!pto.f4E2M1x2"], body), args)
    assert direct == lowered
    assert direct[1] != out.tobytes()


def test_vec_memref_operands_take_their_address() -> None:
    """VMI loads and stores on a `vec` memref of identity layout address its
    `tile_buf_addr` (no run: the interpreter makes no `vec` memref argument, and a VMI
    store into a `memref.alloc` array has no interpretation there); a strided one is
    refused at the op."""
    ub, v = "memref<64xf32, #pto.address_space<vec>>", "!pto.vmi.vreg<64xf32>"
    text = f"""module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%m: {ub}, %s: memref<128xf32, strided<[2]>, #pto.address_space<vec>>) {{
    %c0 = arith.constant 0 : index
    %w = "pto.vmi.load"(%m, %c0) : ({ub}, index) -> {v}
    "pto.vmi.store"(%w, %m, %c0) : ({v}, {ub}, index) -> ()
    return
  }}
}}
"""
    module = api.parse(text)
    LowerVmiPass().apply(Context(), module)
    names = [op.name for op in module.walk()]
    assert names.count("pto.tile_buf_addr") == 2 and "pto.vlds" in names and "pto.vsts" in names
    strided_type = "memref<128xf32, strided<[2]>, #pto.address_space<vec>>"
    strided = text.replace(f'"pto.vmi.load"(%m, %c0) : ({ub}',
                           f'"pto.vmi.load"(%s, %c0) : ({strided_type}')  # fmt: skip
    with pytest.raises(PassFailedException, match=r"pto\.vmi\.load at <string>:4:\d+: a "
                       r"memref<128xf32, strided<\[2\]>, #pto\.address_space<vec>> operand has "
                       r"no lowering here"):  # fmt: skip
        LowerVmiPass().apply(Context(), api.parse(strided))


@pytest.mark.parametrize(
    ("element", "lanes", "offset"), [("f32", 64, 3), ("f16", 100, 5), ("i8", 256, 64)]
)
def test_compress_store_keeps_the_bytes(element: str, lanes: int, offset: int) -> None:
    """The lanes where x < y, packed from the offset on; the bytes after them untouched."""
    v, p = f"!pto.vmi.vreg<{lanes}x{element}>", f"!pto.ptr<{element}, ub>"
    m = f"!pto.vmi.mask<{lanes}xpred>"
    body = f"""      %x = pto.vmi.vload %ux[%c0] : {p} -> {v}
      %y = pto.vmi.vload %uy[%c0] : {p} -> {v}
      %all = pto.vmi.create_mask %c0 : index -> {m}
      %t = pto.vmi.vnot %all : {m} -> {m}
      %m = pto.vmi.vcmp %x, %y, %t {{cmp = "lt"}} : {v}, {v}, {m} -> {m}
      %at = arith.constant {offset} : index
      pto.vmi.compress_store %x, %uo[%at], %m : {v}, {p}, {m}"""
    rng = np.random.default_rng(lanes)
    np_type = dtype_named(element).numpy
    count = BYTES // np_type.itemsize
    args = [rng.integers(-100, 100, count).astype(np_type) for _ in range(3)]
    direct, lowered = finals(byte_kernel([f"x:{element}", f"y:{element}", f"o:{element}"], body),
                             args)  # fmt: skip
    assert direct == lowered
    active = int(np.count_nonzero(np.less(args[0][:lanes], args[1][:lanes])))
    assert 0 < active < lanes and direct[2] != args[2].tobytes()


@pytest.mark.parametrize(
    ("element", "base", "lanes", "group", "order"),
    [
        ("i32", "-5", 256, 16, "ASC"),  # groups of 16 lanes within a register
        ("ui16", "65530", 256, 64, "DESC"),  # groups of 4 lanes, wrapping
        ("i8", "3", 256, 256, "ASC"),  # groups of one lane
        ("f32", "1.5", 200, 1, "DESC"),
        ("f16", "-0.25", 256, 8, "ASC"),  # groups of 32 f16 lanes
    ],
)
def test_iota_within_registers_and_of_floats_keeps_the_bytes(
    element: str, base: str, lanes: int, group: int, order: str
) -> None:
    v, p = f"!pto.vmi.vreg<{lanes}x{element}>", f"!pto.ptr<{element}, ub>"
    scalar = element.removeprefix("u") if element.startswith("ui") else element
    body = f"""      %b = arith.constant {base} : {scalar}
      %i = pto.vmi.vci %b {{group = {group} : i64, order = "{order}"}} : {scalar} -> {v}
      pto.vmi.vstore %i, %uo[%c0] : {v}, {p}"""
    out = np.zeros(BYTES // dtype_named(element).bits * 8, dtype_named(element).numpy)
    direct, lowered = finals(byte_kernel([f"o:{element}"], body), [out])
    assert direct == lowered
    assert direct[0] != out.tobytes()


@pytest.mark.parametrize("taken", [0, 1])
def test_a_mask_result_of_scf_if_keeps_the_bytes(taken: int) -> None:
    """A `pred` mask yielded by both branches is carried as its parts at the granularity
    of the data its user selects (f32: b32)."""
    v, m, p = "!pto.vmi.vreg<128xf32>", "!pto.vmi.mask<128xpred>", "!pto.ptr<f32, ub>"
    branches: list[str] = []
    for op, (a, b) in (("vadd", ("%x", "%y")), ("vsub", ("%y", "%x"))):
        branches.append(f"""        %s = pto.vmi.{op} %x, %y : {v}, {v} -> {v}
        %seed = pto.vmi.pset "PAT_ALL" : {m}
        %m = pto.vmi.vcmp {a}, {b}, %seed {{cmp = "lt"}} : {v}, {v}, {m} -> {m}
        scf.yield %s, %m : {v}, {m}""")
    body = f"""      %x = pto.vmi.vload %ux[%c0] : {p} -> {v}
      %y = pto.vmi.vload %uy[%c0] : {p} -> {v}
      %t = arith.constant {taken} : index
      %cond = arith.cmpi slt, %c0, %t : index
      %value, %mask = scf.if %cond -> ({v}, {m}) {{
{branches[0]}
      }} else {{
{branches[1]}
      }}
      %r = pto.vmi.vsel %mask, %value, %x : {m}, {v}, {v} -> {v}
      pto.vmi.vstore %r, %uo[%c0] : {v}, {p}"""
    rng = np.random.default_rng(taken)
    args = [rng.integers(-100, 100, BYTES // 4).astype(np.float32) for _ in range(3)]
    direct, lowered = finals(byte_kernel(["x:f32", "y:f32", "o:f32"], body), args)
    assert direct == lowered
    assert direct[2] != args[2].tobytes()


def test_a_mask_used_at_another_granularity_keeps_the_bytes() -> None:
    """An f32 compare's b32 mask governs a bf16 store (`ppack` into halves), an f16
    compare's b16 mask an f32 select (`punpack` of halves)."""
    f, h, b = "!pto.vmi.vreg<128xf32>", "!pto.vmi.vreg<128xf16>", "!pto.vmi.vreg<128xbf16>"
    m = "!pto.vmi.mask<128xpred>"
    body = f"""      %x = pto.vmi.vload %ux[%c0] : !pto.ptr<f32, ub> -> {f}
      %y = pto.vmi.vload %uy[%c0] : !pto.ptr<f32, ub> -> {f}
      %a = pto.vmi.vload %ua[%c0] : !pto.ptr<f16, ub> -> {h}
      %seed = pto.vmi.pset "PAT_ALL" : {m}
      %wide = pto.vmi.vcmp %x, %y, %seed {{cmp = "lt"}} : {f}, {f}, {m} -> {m}
      %t = pto.vmi.vcvt %x {{rounding = "R", saturate = "SAT"}} : {f} -> {b}
      pto.vmi.masked_store %t, %uo[%c0], %wide : {b}, !pto.ptr<bf16, ub>, {m}
      %narrow = pto.vmi.vcmp %a, %a, %seed {{cmp = "gt"}} : {h}, {h}, {m} -> {m}
      %zero = pto.vmi.vcmp %a, %a, %seed {{cmp = "eq"}} : {h}, {h}, {m} -> {m}
      %s = pto.vmi.vsel %zero, %x, %y : {m}, {f}, {f} -> {f}
      pto.vmi.vstore %s, %ur[%c0] : {f}, !pto.ptr<f32, ub>"""
    rng = np.random.default_rng(5)
    x, y, r = (rng.integers(-100, 100, BYTES // 4).astype(np.float32) for _ in range(3))
    a = rng.integers(-100, 100, BYTES // 2).astype(np.float16)
    a[::3] = np.nan  # unordered lanes: the eq mask is not all-true
    o = rng.integers(0, 1 << 16, BYTES // 2).astype(np.uint16).view(dtype_named("bf16").numpy)
    args = [x, y, a, o, r]
    text = byte_kernel(["x:f32", "y:f32", "a:f16", "o:bf16", "r:f32"], body)
    direct, lowered = finals(text, args)
    assert direct == lowered
    assert direct[3] != o.tobytes() and direct[4] != r.tobytes()


@pytest.mark.parametrize(
    ("element", "lanes", "mask", "parts"),
    [
        ("f16", 64, "!pto.vmi.mask<64xb16, #pto.vmi.layout<contiguous, lane_stride = 2>>", 1),
        ("f32", 130, "!pto.vmi.mask<130xb32, #pto.vmi.layout<deinterleaved = 4>>", 4),
    ],
)
def test_mask_parts_in_placed_layouts_keep_the_bytes(
    element: str, lanes: int, mask: str, parts: int
) -> None:
    """A compare's mask in a lane-stride layout (carried dense by b32 masks) or in
    `deinterleaved = 4` (parts of 33 and 32 lanes: their other lanes off, as `unpack`
    defines them), unpacked and governing f32 `vsel`s, packed again for a VMI masked
    store."""
    v, p, pred = f"!pto.vmi.vreg<{lanes}x{element}>", f"!pto.ptr<{element}, ub>", "!pto.vmi.mask"
    bits = dtype_named(element).bits
    plain = f"{pred}<{lanes}xb{bits}, #pto.vmi.layout<contiguous>>"
    vc = f"!pto.vmi.vreg<{lanes}x{element}, #pto.vmi.layout<contiguous>>"
    r = "!pto.vreg<64xf32>"
    names = ", ".join(f"%q{i}" for i in range(parts))
    types = ", ".join(["!pto.mask<b32>"] * parts)
    selects = "\n".join(
        f"""      %at{i} = arith.constant {64 * i} : index
      %l{i} = pto.vlds %ua[%at{i}] : !pto.ptr<f32, ub> -> {r}
      %s{i} = pto.vsel %l{i}, %zero, %q{i} : {r}, {r}, !pto.mask<b32> -> {r}
      pto.vsts %s{i}, %ua[%at{i}], %all : {r}, !pto.ptr<f32, ub>, !pto.mask<b32>"""
        for i in range(parts)
    )
    body = f"""      %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
      %fz = arith.constant 0.0 : f32
      %zero = pto.vbr %fz : f32 -> !pto.vreg<64xf32>
      %x = pto.vmi.vload %ux[%c0] : {p} -> {v}
      %y = pto.vmi.vload %uy[%c0] : {p} -> {v}
      %seed = pto.vmi.pset "PAT_ALL" : {pred}<{lanes}xpred>
      %m = pto.vmi.vcmp %x, %y, %seed {{cmp = "lt"}} : {v}, {v}, {pred}<{lanes}xpred> -> {mask}
      {names} = pto.vmi.unpack %m : {mask} -> {types}
{selects}
      %back = pto.vmi.pack {names} : {types} -> {mask}
      %mc = pto.vmi.ensure_mask_layout %back : {mask} -> {plain}
      %xc = pto.vmi.vload %ux[%c0] : {p} -> {vc}
      pto.vmi.masked_store %xc, %uo[%c0], %mc : {vc}, {p}, {plain}"""
    rng = np.random.default_rng(lanes)
    np_type = dtype_named(element).numpy
    x, y, o = (rng.integers(-100, 100, BYTES // np_type.itemsize).astype(np_type) for _ in "xyo")
    a = rng.integers(-100, 100, BYTES // 4).astype(np.float32)
    text = byte_kernel([f"x:{element}", f"y:{element}", "a:f32", f"o:{element}"], body)
    direct, lowered = finals(text, [x, y, a, o])
    assert direct == lowered
    assert direct[2] != a.tobytes() and direct[3] != o.tobytes()


@pytest.mark.parametrize(("element", "lanes"), [("i32", 64), ("i16", 100), ("i8", 256)])
def test_active_prefix_index_keeps_the_bytes(element: str, lanes: int) -> None:
    """Lane i: the lanes below i where x < y (`vusqz`), whole and partial registers."""
    v, p = f"!pto.vmi.vreg<{lanes}x{element}>", f"!pto.ptr<{element}, ub>"
    m = f"!pto.vmi.mask<{lanes}xpred>"
    body = f"""      %x = pto.vmi.vload %ux[%c0] : {p} -> {v}
      %y = pto.vmi.vload %uy[%c0] : {p} -> {v}
      %seed = pto.vmi.pset "PAT_ALL" : {m}
      %m = pto.vmi.vcmp %x, %y, %seed {{cmp = "lt"}} : {v}, {v}, {m} -> {m}
      %i = pto.vmi.active_prefix_index %m : {m} -> {v}
      pto.vmi.vstore %i, %uo[%c0] : {v}, {p}"""
    rng = np.random.default_rng(lanes)
    np_type = dtype_named(element).numpy
    x, y, o = (rng.integers(-100, 100, BYTES // np_type.itemsize).astype(np_type) for _ in "xyo")
    text = byte_kernel([f"x:{element}", f"y:{element}", f"o:{element}"], body)
    direct, lowered = finals(text, [x, y, o])
    assert direct == lowered
    assert direct[2] != o.tobytes()


@pytest.mark.parametrize(
    ("element", "lanes", "store"),
    [
        ("f32", 128, "pto.vmi.vstore %x, %uo[%c3], %b, %r, %m : {v}, {p}, {m}"),
        ("f16", 200, "pto.vmi.vstore %x, %uo[%c3], %b, %r, %m : {v}, {p}, {m}"),
        ("f32", 100, "pto.vmi.vsstb %x, %uo[%c3], %b, %m : {v}, {p}, {m}"),
        ("i16", 256, "pto.vmi.vsstb %x, %uo[%c3], %b, %m : {v}, {p}, {m}"),
    ],
)
def test_block_strided_stores_keep_the_bytes(element: str, lanes: int, store: str) -> None:
    """32-byte blocks 3 blocks apart (registers 20 blocks apart for `vstore`'s repeat
    stride, continuing the blocks for `vsstb`), under a lane mask (`vstore`) or its
    blocks' first lanes (`vsstb`), whole and partial registers."""
    v, p = f"!pto.vmi.vreg<{lanes}x{element}>", f"!pto.ptr<{element}, ub>"
    m = f"!pto.vmi.mask<{lanes}xpred>"
    body = f"""      %x = pto.vmi.vload %ux[%c0] : {p} -> {v}
      %y = pto.vmi.vload %uy[%c0] : {p} -> {v}
      %seed = pto.vmi.pset "PAT_ALL" : {m}
      %m = pto.vmi.vcmp %x, %y, %seed {{cmp = "lt"}} : {v}, {v}, {m} -> {m}
      %c3 = arith.constant 3 : index
      %b = arith.constant 3 : i16
      %r = arith.constant 20 : i16
      {store.format(v=v, p=p, m=m)}"""
    rng = np.random.default_rng(lanes)
    np_type = dtype_named(element).numpy
    x, y, o = (rng.integers(-100, 100, BYTES // np_type.itemsize).astype(np_type) for _ in "xyo")
    text = byte_kernel([f"x:{element}", f"y:{element}", f"o:{element}"], body)
    direct, lowered = finals(text, [x, y, o])
    assert direct == lowered
    assert direct[2] != o.tobytes()


@pytest.mark.parametrize(("element", "lanes"), [("f16", 64), ("f8E4M3FN", 100), ("f32", 128)])
def test_interleaves_of_half_registers_keep_the_bytes(element: str, lanes: int) -> None:
    """`vdintlv` then `vintlv` of values of at most half a register (FP8 lanes moved as
    bytes) and of whole registers; all four results stored."""
    v, p = f"!pto.vmi.vreg<{lanes}x{element}>", f"!pto.ptr<{element}, ub>"
    m = f"!pto.vmi.mask<{lanes}xpred>"
    body = f"""      %count = arith.constant {lanes} : index
      %m = pto.vmi.create_mask %count : index -> {m}
      %a = pto.vmi.vload %ua[%c0] : {p} -> {v}
      %b = pto.vmi.vload %ub[%c0] : {p} -> {v}
      %e, %o = pto.vmi.vdintlv %a, %b, %m : {v}, {v}, {m} -> {v}, {v}
      %l, %h = pto.vmi.vintlv %o, %b, %m : {v}, {v}, {m} -> {v}, {v}
      pto.vmi.vstore %e, %ue[%c0] : {v}, {p}
      pto.vmi.vstore %o, %uo[%c0] : {v}, {p}
      pto.vmi.vstore %l, %ul[%c0] : {v}, {p}
      pto.vmi.vstore %h, %uh[%c0] : {v}, {p}"""
    rng = np.random.default_rng(lanes)
    np_type = dtype_named(element).numpy
    args = [rng.integers(0, 256, BYTES, dtype=np.uint8).view(np_type) for _ in "abeolh"]
    text = byte_kernel([f"{n}:{element}" for n in "abeolh"], body)
    direct, lowered = finals(text, args)
    assert direct == lowered
    assert all(direct[i] != args[i].tobytes() for i in range(2, 6))


def test_vabs_of_bf16_keeps_the_bytes() -> None:
    """No bf16 `vabs`: the sign bit cleared (`vands` 0x7FFF on the bits), NaNs and
    infinities among the lanes."""
    v, p = "!pto.vmi.vreg<200xbf16>", "!pto.ptr<bf16, ub>"
    body = f"""      %x = pto.vmi.vload %ux[%c0] : {p} -> {v}
      %a = pto.vmi.vabs %x : {v} -> {v}
      pto.vmi.vstore %a, %uo[%c0] : {v}, {p}"""
    rng = np.random.default_rng(16)
    bf16 = dtype_named("bf16").numpy
    x = rng.integers(0, 1 << 16, BYTES // 2).astype(np.uint16)
    x[:4] = [0xFF80, 0x7F80, 0xFFC1, 0x8000]  # -inf, inf, a negative NaN, -0
    o = np.zeros(BYTES // 2, np.uint16)
    direct, lowered = finals(byte_kernel(["x:bf16", "o:bf16"], body), [x.view(bf16), o.view(bf16)])
    assert direct == lowered
    assert np.frombuffer(direct[1], np.uint16)[:4].tolist() == [0x7F80, 0x7F80, 0x7FC1, 0]


@pytest.mark.parametrize(
    ("element", "lanes", "strides"),
    [("f32", 128, "%b, %r : {p}"), ("f16", 200, "%b : {p}, i16"), ("i32", 40, "%b : {p}, i16")],
)
def test_block_strided_loads_keep_the_bytes(element: str, lanes: int, strides: str) -> None:
    """32-byte blocks 3 blocks apart (registers 20 blocks apart, or continuing), gathered."""
    v, p = f"!pto.vmi.vreg<{lanes}x{element}>", f"!pto.ptr<{element}, ub>"
    body = f"""      %c3 = arith.constant 3 : index
      %b = arith.constant 3 : i16
      %r = arith.constant 20 : i16
      %x = pto.vmi.vload %ux[%c3], {strides.format(p=p)} -> {v}
      pto.vmi.vstore %x, %uo[%c0] : {v}, {p}"""
    rng = np.random.default_rng(lanes)
    np_type = dtype_named(element).numpy
    x, o = (rng.integers(-100, 100, BYTES // np_type.itemsize).astype(np_type) for _ in "xo")
    direct, lowered = finals(byte_kernel([f"x:{element}", f"o:{element}"], body), [x, o])
    assert direct == lowered
    assert direct[1] != o.tobytes()


def test_deinterleave_by_4_is_the_vdintlv_tree_ptoas_checks() -> None:
    """PTOAS's `vmi_to_vpto_ensure_layout_deint4` CHECKs contiguous -> deinterleaved = 4
    as `A0, B0 = vdintlv r0, r1`; `A1, B1 = vdintlv r2, r3`; `P0, P2 = vdintlv A0, A1`;
    `P1, P3 = vdintlv B0, B1`, the parts in the order P0 P1 P2 P3."""
    dense, split = _v(256, "f32", "contiguous"), _v(256, "f32", "deinterleaved = 4")
    regs = ", ".join(["!pto.vreg<64xf32>"] * 4)
    stores = "\n".join(f"    pto.vsts %p{i}, %q[%c0], %all : !pto.vreg<64xf32>, "
                       "!pto.ptr<f32, ub>, !pto.mask<b32>" for i in range(4))  # fmt: skip
    text = f"""
module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%input: {dense}, %q: !pto.ptr<f32, ub>) {{
    %c0 = arith.constant 0 : index
    %all = pto.pset_b32 "PAT_ALL" : !pto.mask<b32>
    %split = pto.vmi.ensure_layout %input : {dense} -> {split}
    %p0, %p1, %p2, %p3 = pto.vmi.unpack %split : {split} -> {regs}
{stores}
    return
  }}
}}
"""
    module = api.parse(text)
    LowerVmiPass().apply(Context(), module)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    r = function.body.block.args[:4]
    trees = [op for op in module.walk() if op.name == "pto.vdintlv"]
    assert [list(op.operands) for op in trees[:2]] == [[r[0], r[1]], [r[2], r[3]]]
    (a0, b0), (a1, b1) = (trees[0].results, trees[1].results)
    assert [list(op.operands) for op in trees[2:]] == [[a0, a1], [b0, b1]]
    parts = [trees[2].results[0], trees[3].results[0], trees[2].results[1], trees[3].results[1]]
    stored = [op.operands[0] for op in module.walk() if op.name == "pto.vsts"]
    assert stored == parts
