"""Translation validation of `pto-lower-vmi`: a VMI kernel of random lane count, element
type, layout, mask and grouping gives the same bytes interpreted directly and after the
lowering to vecscope micro-ops (issue 28)."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.utils.exceptions import PassFailedException

from interpreters import api
from passes.lower_vmi.lower import LowerVmiPass
from pto_dialect.dtypes import dtype_named
from pto_dialect.ops.vmi_common import VmiOp

BYTES = 4096
"""Bytes of every argument buffer (a UB slot of the kernel)."""


def kernel(dtype: str, lanes: int, layout: str, active: int, groups: int) -> str:
    """x, y -> (select(mask, max(x + y, x), y), its per-group sums), both stored."""
    v = f"!pto.vmi.vreg<{lanes}x{dtype}, #pto.vmi.layout<{layout}>>"
    c = f"!pto.vmi.vreg<{lanes}x{dtype}, #pto.vmi.layout<contiguous>>"
    kind = f"num_groups = {groups}" if groups > 1 else "contiguous"
    r = f"!pto.vmi.vreg<{groups}x{dtype}, #pto.vmi.layout<{kind}>>"
    m = f"!pto.vmi.mask<{lanes}xb{dtype[1:]}, #pto.vmi.layout<contiguous>>"
    p, g = f"!pto.ptr<{dtype}, ub>", f"!pto.ptr<{dtype}, gm>"
    copy_in = "\n".join(
        f"    pto.mte_gm_ub %{a}, %u{a}, %z, %n nburst(%one, %n, %n) "
        f": {g}, {p}, i64, i64, i64, i64, i64"
        for a in ("x", "y", "o", "r")
    )
    copy_out = "\n".join(
        f"    pto.mte_ub_gm %u{a}, %{a}, %n nburst(%one, %n, %n) : {p}, {g}, i64, i64, i64, i64"
        for a in ("o", "r")
    )
    slots = "\n".join(
        f"    %a{i} = arith.constant {i * BYTES} : i64\n    %u{a} = pto.castptr %a{i} : i64 -> {p}"
        for i, a in enumerate(("x", "y", "o", "r"))
    )
    reassoc = ", reassoc" if dtype.startswith(("f", "bf")) else ""
    return f"""
module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%x: {g}, %y: {g}, %o: {g}, %r: {g}) attributes {{pto.kernel}} {{
    %c0 = arith.constant 0 : index
    %k = arith.constant {active} : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = arith.constant {BYTES} : i64
{slots}
{copy_in}
    pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.wait_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.vecscope {{
      %vx = pto.vmi.vload %ux[%c0] : {p} -> {v}
      %vy = pto.vmi.vload %uy[%c0] : {p} -> {v}
      %s = pto.vmi.vadd %vx, %vy : {v}, {v} -> {v}
      %t = pto.vmi.vmax %s, %vx : {v}, {v} -> {v}
      %tc = pto.vmi.ensure_layout %t : {v} -> {c}
      %yc = pto.vmi.ensure_layout %vy : {v} -> {c}
      %m = pto.vmi.create_mask %k : index -> {m}
      %u = pto.vmi.vsel %m, %tc, %yc : {m}, {c}, {c} -> {c}
      %sum = pto.vmi.vcadd %u, %m {{group = {groups} : i64{reassoc}}} : {c}, {m} -> {r}
      pto.vmi.vstore %u, %uo[%c0] : {c}, {p}
      pto.vmi.vstore %sum, %ur[%c0] : {r}, {p}
    }}
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.wait_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
{copy_out}
    pto.barrier #pto.pipe<PIPE_ALL>
    return
  }}
}}
"""


def fp8_kernel(lanes: int, fp8: str, attrs: str) -> str:
    """x (f32) -> fp8 {attrs} -> f32: the 4:1 `vcvt` parts both ways; both results stored."""
    v, q = f"!pto.vmi.vreg<{lanes}xf32>", f"!pto.vmi.vreg<{lanes}x{fp8}>"
    body = f"""      %vx = pto.vmi.vload %ux[%c0] : !pto.ptr<f32, ub> -> {v}
      %q = pto.vmi.vcvt %vx {{{attrs}}} : {v} -> {q}
      %w = pto.vmi.vcvt %q : {q} -> {v}
      pto.vmi.vstore %q, %uo[%c0] : {q}, !pto.ptr<{fp8}, ub>
      pto.vmi.vstore %w, %ur[%c0] : {v}, !pto.ptr<f32, ub>"""
    return byte_kernel(["x:f32", f"o:{fp8}", "r:f32"], body)


def byte_kernel(args: list[str], body: str) -> str:
    """A kernel of one GM buffer `%gNAME` per `NAME:TYPE` of `args`, each copied into a UB
    slot `%uNAME` and back after `body` (VMI ops) ran in a vecscope."""
    names = [a.split(":")[0] for a in args]
    types = dict(a.split(":") for a in args)
    p = {a: f"!pto.ptr<{t}, ub>" for a, t in types.items()}
    g = {a: f"!pto.ptr<{t}, gm>" for a, t in types.items()}
    slots = "\n".join(
        f"    %a{i} = arith.constant {i * BYTES} : i64\n"
        f"    %u{a} = pto.castptr %a{i} : i64 -> {p[a]}"
        for i, a in enumerate(names)
    )
    sizes = "%n nburst(%one, %n, %n)"
    copy_in = "\n".join(
        f"    pto.mte_gm_ub %g{a}, %u{a}, %z, {sizes} : {g[a]}, {p[a]}, i64, i64, i64, i64, i64"
        for a in names
    )
    copy_out = "\n".join(
        f"    pto.mte_ub_gm %u{a}, %g{a}, {sizes} : {p[a]}, {g[a]}, i64, i64, i64, i64"
        for a in names
    )
    params = ", ".join(f"%g{a}: {g[a]}" for a in names)
    return f"""
module attributes {{pto.target_arch = "a5"}} {{
  func.func @k({params}) {{
    %c0 = arith.constant 0 : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %n = arith.constant {BYTES} : i64
{slots}
{copy_in}
    pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.wait_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.vecscope {{
{body}
    }}
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.wait_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
{copy_out}
    pto.barrier #pto.pipe<PIPE_ALL>
    return
  }}
}}
"""


def finals(text: str, args: list[np.ndarray]) -> tuple[list[bytes], list[bytes]]:
    """The final bytes of every argument, interpreted directly and lowered (which the A5
    model costs too)."""
    module = api.parse(text)
    lowered = module.clone()
    LowerVmiPass().apply(Context(), lowered)
    assert not any(isinstance(op, VmiOp) for op in lowered.walk())
    direct = api.run(module, *args)
    after = api.run(lowered, *args)
    assert after.cycles is not None and after.cycles > 0
    as_bytes = [np.asarray(f).tobytes() for f in direct.finals]
    return as_bytes, [np.asarray(f).tobytes() for f in after.finals]


def run_both(text: str, seed: int, dtypes: list[str]) -> tuple[list[bytes], list[bytes]]:
    """The final bytes of every argument (of `dtypes`, random), interpreted directly and
    lowered."""
    rng = np.random.default_rng(seed)
    args: list[np.ndarray] = []
    for name in dtypes:
        np_type = dtype_named(name).numpy
        count = BYTES // np_type.itemsize
        if name in ("f32", "f16"):
            args.append((rng.standard_normal(count) * 100).astype(np_type))
        elif name in ("i32", "i16"):
            args.append(rng.integers(-1000, 1000, count).astype(np_type))
        else:
            args.append(rng.integers(0, 256, BYTES, dtype=np.uint8).view(np_type))
    return finals(text, args)


@settings(max_examples=12, deadline=None)
@given(
    dtype=st.sampled_from(["f32", "f16", "i32", "i16"]),
    registers=st.integers(1, 4),
    layout=st.sampled_from(["contiguous", "deinterleaved = 2"]),
    data=st.data(),
)
def test_lowering_keeps_the_bytes(
    dtype: str, registers: int, layout: str, data: st.DataObject
) -> None:
    width = 256 // int(dtype[1:])
    lanes = registers * width
    groups = data.draw(st.sampled_from([1, registers, lanes // 8 if lanes >= 8 else 1]))
    active = data.draw(st.integers(0, lanes))
    direct, lowered = run_both(kernel(dtype, lanes, layout, active, groups), active, [dtype] * 4)
    assert direct == lowered


def test_the_comparison_can_fail() -> None:
    """A different mask gives other bytes: the byte comparison sees a change."""
    a, _ = run_both(kernel("f32", 64, "contiguous", 10, 1), 0, ["f32"] * 4)
    b, _ = run_both(kernel("f32", 64, "contiguous", 11, 1), 0, ["f32"] * 4)
    assert a != b


@settings(max_examples=6, deadline=None)
@given(
    lanes=st.sampled_from([64, 192, 256, 320, 512]),
    fp8=st.sampled_from(["f8E4M3FN", "f8E5M2"]),
    rounding=st.sampled_from(["R", "A", "Z"]),
    saturate=st.booleans(),
)
def test_fp8_conversions_keep_the_bytes(
    lanes: int, fp8: str, rounding: str, saturate: bool
) -> None:
    """f32 -> fp8 -> f32 over 1 to 8 f32 registers, whole and partial fp8 registers."""
    attrs = f'rounding = "{rounding}", saturate = "{"SAT" if saturate else "NOSAT"}"'
    direct, lowered = run_both(fp8_kernel(lanes, fp8, attrs), lanes, ["f32", fp8, "f32"])
    assert direct == lowered


def _v(lanes: int, element: str) -> str:
    return f"!pto.vmi.vreg<{lanes}x{element}>"


B384, I96, B300, H300, M300, H256 = (
    _v(384, "f8E4M3FN"), _v(96, "i32"), _v(300, "ui8"), _v(300, "ui16"),
    "!pto.vmi.mask<300xpred>", _v(256, "ui16"),
)  # fmt: skip
F300, F150, S128, W192, I50 = (
    _v(300, "f16"), _v(150, "f16"), _v(128, "i16"), _v(192, "f32"), _v(50, "i32")
)  # fmt: skip
P320, F320, F256, Q256 = (
    _v(320, "!pto.bf16x2"), _v(320, "!pto.f4E2M1x2"), _v(256, "f16"), _v(256, "!pto.hif8")
)  # fmt: skip
SPECIAL_KERNELS = {
    # fp8 lanes in 48 rows of 8, 10 bytes apart: b8 vscatters at 16-bit offsets
    "group store of bytes": (
        ["x:f8E4M3FN", "o:f8E4M3FN"],
        f"""      %s = arith.constant 10 : index
      %c3 = arith.constant 3 : index
      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<f8E4M3FN, ub> -> {B384}
      pto.vmi.vstore %v, %uo[%c3], %s {{group = 48}} : {B384}, !pto.ptr<f8E4M3FN, ub>""",
    ),
    # the low byte of 96 i32 lanes (two registers) in 12 rows of 8, 9 bytes apart
    "packed byte group store": (
        ["x:i32", "o:ui8"],
        f"""      %s = arith.constant 9 : index
      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<i32, ub> -> {I96}
      pto.vmi.vstore %v, %uo[%c0], %s {{group = 12}} : {I96}, !pto.ptr<ui8, ub>""",
    ),
    # 300 bytes gathered (the legacy gather; passthru on inactive lanes) and scattered at
    # distinct 16-bit offsets, 290 lanes active
    "byte gather and scatter": (
        ["x:ui8", "i:ui16", "g:ui8", "o:ui8"],
        f"""      %k = arith.constant 290 : index
      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<ui8, ub> -> {B300}
      %i = pto.vmi.vload %ui[%c0] : !pto.ptr<ui16, ub> -> {H300}
      %m = pto.vmi.create_mask %k : index -> {M300}
      %got = pto.vmi.gather %ux[%i], %m, %v : !pto.ptr<ui8, ub>, {H300}, {M300}, {B300} -> {B300}
      pto.vmi.vstore %got, %ug[%c0] : {B300}, !pto.ptr<ui8, ub>
      pto.vmi.vscatter %v, %uo, %i, %m : {B300}, !pto.ptr<ui8, ub>, {H300}, {M300}""",
    ),
    # cumulative and distribution histograms of 300 bytes (290 active) into 256 bins
    "histograms": (
        ["x:ui8", "a:ui16", "o:ui16"],
        f"""      %k = arith.constant 290 : index
      %c256 = arith.constant 256 : index
      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<ui8, ub> -> {B300}
      %acc = pto.vmi.vload %ua[%c0] : !pto.ptr<ui16, ub> -> {H256}
      %m = pto.vmi.create_mask %k : index -> {M300}
      %c = pto.vmi.vchist %acc, %v, %m : {H256}, {B300}, {M300} -> {H256}
      %d = pto.vmi.vdhist %acc, %v, %m : {H256}, {B300}, {M300} -> {H256}
      pto.vmi.vstore %c, %uo[%c0] : {H256}, !pto.ptr<ui16, ub>
      pto.vmi.vstore %d, %uo[%c256] : {H256}, !pto.ptr<ui16, ub>""",
    ),
    # group broadcast loads: 16 rows of 8 i16 lanes, 20 elements apart (the unified vload's
    # brc form), and 24 rows of 8 f32 lanes, 3 apart (the legacy op)
    "group broadcast loads": (
        ["x:i16", "y:f32", "o:i16", "r:f32"],
        f"""      %c20 = arith.constant 20 : index
      %c3 = arith.constant 3 : index
      %v = pto.vmi.vload %ux[%c3], %c20 {{dist_mode = "brc", group = 16}}
        : !pto.ptr<i16, ub> -> {S128}
      %w = pto.vmi.group_broadcast_load %uy[%c0], %c3 {{num_groups = 24}}
        : !pto.ptr<f32, ub> -> {W192}
      pto.vmi.vstore %v, %uo[%c0] : {S128}, !pto.ptr<i16, ub>
      pto.vmi.vstore %w, %ur[%c0] : {W192}, !pto.ptr<f32, ub>""",
    ),
    # compress of 50 i32 lanes (a partial register; x - 3 from a splat constant, so that
    # padding lanes are not 0) under x <= y
    "compress": (
        ["x:i32", "y:i32", "o:i32"],
        f"""      %x = pto.vmi.vload %ux[%c0] : !pto.ptr<i32, ub> -> {I50}
      %y = pto.vmi.vload %uy[%c0] : !pto.ptr<i32, ub> -> {I50}
      %b = "pto.vmi.constant"() {{value = dense<-3> : tensor<50xi32>}} : () -> {I50}
      %v = pto.vmi.vadd %x, %b : {I50}, {I50} -> {I50}
      %m = pto.vmi.cmpi "sle", %x, %y : {I50}, {I50} -> !pto.vmi.mask<50xpred>
      %c = pto.vmi.compress %v, %m : {I50}, !pto.vmi.mask<50xpred> -> {I50}
      pto.vmi.vstore %c, %uo[%c0] : {I50}, !pto.ptr<i32, ub>""",
    ),
    # two channels of 300 f16 lanes (150 each: a partial register) split, added, merged
    "channel split and merge": (
        ["x:f16", "o:f16"],
        f"""      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<f16, ub> -> {F300}
      %e, %d = "pto.vmi.channel_split"(%v) : ({F300}) -> ({F150}, {F150})
      %s = pto.vmi.vadd %e, %d : {F150}, {F150} -> {F150}
      %w = "pto.vmi.channel_merge"(%s, %e) : ({F150}, {F150}) -> {F300}
      pto.vmi.vstore %w, %uo[%c0] : {F300}, !pto.ptr<f16, ub>""",
    ),
    # bf16 pairs to packed FP4 and back (the 4:1 vcvt parts), f16 to HiFloat8
    "fp4 and hif8 conversions": (
        ["x:!pto.bf16x2", "h:f16", "o:!pto.f4E2M1x2", "r:!pto.bf16x2", "q:!pto.hif8"],
        f"""      %v = pto.vmi.vload %ux[%c0] : !pto.ptr<!pto.bf16x2, ub> -> {P320}
      %f = pto.vmi.vcvt %v {{rounding = "R"}} : {P320} -> {F320}
      %w = pto.vmi.vcvt %f : {F320} -> {P320}
      %h = pto.vmi.vload %uh[%c0] : !pto.ptr<f16, ub> -> {F256}
      %q = pto.vmi.vcvt %h {{saturate = "SAT"}} : {F256} -> {Q256}
      pto.vmi.vstore %f, %uo[%c0] : {F320}, !pto.ptr<!pto.f4E2M1x2, ub>
      pto.vmi.vstore %w, %ur[%c0] : {P320}, !pto.ptr<!pto.bf16x2, ub>
      pto.vmi.vstore %q, %uq[%c0] : {Q256}, !pto.ptr<!pto.hif8, ub>""",
    ),
}


@pytest.mark.parametrize("name", sorted(SPECIAL_KERNELS))
def test_byte_memory_histograms_channels_and_packed_conversions_keep_the_bytes(name: str) -> None:
    """Stores and gathers of bytes (b8 `vscatter`: 16-bit offsets, even byte lanes; byte
    `vgather2` into 16-bit lanes), `chistv2` / `dhistv2`, group broadcast loads, compress, a
    splat constant, two channels, and the bf16x2 <-> FP4 and HiFloat8 `vcvt` forms, over
    whole and partial registers."""
    args, body = SPECIAL_KERNELS[name]
    rng = np.random.default_rng(len(name))
    buffers: list[np.ndarray] = []
    for arg in args:
        role, element = arg.split(":")
        raw = rng.integers(0, 256, BYTES, dtype=np.uint8)
        if role == "i":  # distinct offsets: no two writes to one byte
            raw = rng.permutation(BYTES // 2).astype(np.uint16).view(np.uint8)
        elif element in ("!pto.bf16x2", "f16"):  # finite values around the FP4 range
            halves = (rng.standard_normal(BYTES // 2) * 4).astype(np.float32)
            raw = (halves.astype(np.float16) if element == "f16" else
                   (halves.view(np.uint32) >> 16).astype(np.uint16)).view(np.uint8)  # fmt: skip
        buffers.append(raw.view(dtype_named(element.removeprefix("!pto.")).numpy))
    direct, lowered = finals(byte_kernel(args, body), buffers)
    assert direct == lowered
    assert direct[-1] != buffers[-1].tobytes()  # the kernel wrote its output


def test_rows_beyond_the_offset_lanes_are_refused_at_the_op() -> None:
    """A byte group load gathers at 8-bit offsets: a second row 300 bytes on is out of
    reach, so the pass stops with a diagnostic rather than wrap."""
    body = f"""      %s = arith.constant 300 : index
      %v = pto.vmi.vload %ux[%c0], %s {{group = 2}} : !pto.ptr<ui8, ub> -> {_v(16, "ui8")}
      pto.vmi.vstore %v, %uo[%c0] : {_v(16, "ui8")}, !pto.ptr<ui8, ub>"""
    module = api.parse(byte_kernel(["x:ui8", "o:ui8"], body))
    with pytest.raises(PassFailedException, match=r"pto\.vmi\.vload at <string>:\d+:\d+: a row "
                       r"element 307 elements from the start needs offsets wider than the "
                       r"8-bit lanes here"):  # fmt: skip
        LowerVmiPass().apply(Context(), module)


def test_a_vmi_op_no_scope_can_hold_is_refused_at_the_op() -> None:
    """`plt`'s scalar result is used past a sync: no inferred scope can hold it."""
    text = """
module attributes {pto.target_arch = "a5"} {
  func.func @k(%n: i32) {
    %m, %rest = pto.vmi.plt %n : i32 -> !pto.vmi.mask<64xb32, #pto.vmi.layout<contiguous>>, i32
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    %v = arith.index_cast %rest : i32 to index
    func.return
  }
}
"""
    module = api.parse(text)
    printed = str(module)
    with pytest.raises(
        PassFailedException,
        match=r"^pto-lower-vmi: pto\.vmi\.plt at <string>:4:5: pto\.vmi\.plt outside a "
        r"pto\.vecscope: VMI ops lower only inside one, and none is inferred around it",
    ):
        LowerVmiPass().apply(Context(), module)
    assert str(module) == printed


def test_scf_if_with_one_result_type_without_parentheses() -> None:
    """MLIR's `scf.if %c -> T {` (PTOAS's VMI kernels join values so) parses as `-> (T)`."""
    text = """
func.func @k(%c: i1, %a: f32, %b: f32) -> f32 {
  %r = scf.if %c -> f32 {
    scf.yield %a : f32
  } else {
    scf.yield %b : f32
  }
  func.return %r : f32
}
"""
    module = api.parse(text)
    assert "scf.if %c -> (f32) {" in str(module)
