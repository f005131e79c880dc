"""`pto-infer-vecscope` and `pto-lower-vmi` of VMI kernels written at function level, as
PTOAS's kernels are: the inferred-and-lowered kernel gives the same bytes as the VMI-level
kernel under pto-run (translation validation); VMI arguments become registers; a vector
value that would leave a scope is a located error."""

from __future__ import annotations

import numpy as np
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st
from xdsl.context import Context
from xdsl.dialects import func
from xdsl.utils.exceptions import PassFailedException

from interpreters import api
from passes.infer_vecscope import InferVecScopePass
from passes.lower_vmi.lower import LowerVmiPass
from passes.pipeline import PipelinePass
from pto_dialect.ops.vecscope import VecScopeOp
from pto_dialect.ops.vmi_common import VmiOp
from pto_dialect.ops.vmi_types import VmiMaskType, VmiVRegType
from pto_dialect.vector_types import MaskType, VRegType

H, F, M = "!pto.vmi.vreg<128xf16>", "!pto.vmi.vreg<128xf32>", "!pto.vmi.mask<128xpred>"
"""The kernels' VMI types: 128 f16 and f32 lanes, their mask."""

WIDEN = f"""
    %n = pto.vmi.vload %a[%c0] : !pto.ptr<f16, ub> -> {H}
    %w = pto.vmi.vcvt %n : {H} -> {F}
    %s = pto.vmi.vadd %w, %w : {F}, {F} -> {F}
    pto.vmi.vstore %s, %b[%c0] : {F}, !pto.ptr<f32, ub>"""
"""f16 -> f32 (deinterleaved registers), doubled, stored."""

TAIL = f"""
    %m = pto.vmi.create_mask %k : index -> {M}
    %x = pto.vmi.vload %a[%c0] : !pto.ptr<f16, ub> -> {H}
    %y = pto.vmi.vsel %m, %x, %zv : {M}, {H}, {H} -> {H}
    %w = pto.vmi.vcvt %y : {H} -> {F}
    pto.vmi.vstore %w, %b[%c0] : {F}, !pto.ptr<f32, ub>
    pto.barrier #pto.pipe<PIPE_V>
    %r = pto.vmi.vload %b[%c64] : !pto.ptr<f32, ub> -> {F}
    %q = pto.vmi.vmax %r, %r, %m : {F}, {F}, {M} -> {F}
    pto.vmi.vstore %q, %b[%c128] : {F}, !pto.ptr<f32, ub>"""
"""A masked tail, and a second scope past a barrier that reuses the mask (rebuilt there)."""

LOOP = f"""
    scf.for %i = %c0 to %c256 step %c128 {{
      %x = pto.vmi.vload %a[%i] : !pto.ptr<f16, ub> -> {H}
      %w = pto.vmi.vcvt %x : {H} -> {F}
      %e = pto.vmi.vexp %w : {F} -> {F}
      pto.vmi.vstore %e, %b[%i] : {F}, !pto.ptr<f32, ub>
    }}"""
"""A loop of VMI ops (moved into one scope whole)."""


def kernel(body: str, active: int = 100) -> str:
    """`body` at function level, between the copies of GM `a` (512 f16) and `b` (512 f32)
    into UB slots `%a`, `%b` and of `b` back."""
    ga, gb = "!pto.ptr<f16, gm>", "!pto.ptr<f32, gm>"
    ua, ub = "!pto.ptr<f16, ub>", "!pto.ptr<f32, ub>"
    i64s = "i64, i64, i64, i64"
    return f"""
module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%ga: {ga}, %gb: {gb}) {{
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c128 = arith.constant 128 : index
    %c256 = arith.constant 256 : index
    %k = arith.constant {active} : index
    %z = arith.constant 0 : i64
    %one = arith.constant 1 : i64
    %na = arith.constant 1024 : i64
    %nb = arith.constant 2048 : i64
    %a = pto.castptr %z : i64 -> {ua}
    %b = pto.castptr %nb : i64 -> {ub}
    pto.mte_gm_ub %ga, %a, %z, %na nburst(%one, %na, %na) : {ga}, {ua}, i64, {i64s}
    pto.mte_gm_ub %gb, %b, %z, %nb nburst(%one, %nb, %nb) : {gb}, {ub}, i64, {i64s}
    pto.set_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    pto.wait_flag["PIPE_MTE2", "PIPE_V", "EVENT_ID0"]
    %zero = arith.constant 0.0 : f16
    %zv = pto.vmi.broadcast %zero : f16 -> !pto.vmi.vreg<128xf16>
{body}
    pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.wait_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]
    pto.mte_ub_gm %b, %gb, %nb nburst(%one, %nb, %nb) : {ub}, {gb}, {i64s}
    func.return
  }}
}}"""


@pytest.mark.parametrize("body", [WIDEN, TAIL, LOOP], ids=["widen", "tail", "loop"])
def test_inferred_scopes_lower_to_the_same_bytes(body: str) -> None:
    module = api.parse(kernel(body))
    lowered = module.clone()
    LowerVmiPass().apply(Context(), lowered)
    assert not any(isinstance(op, VmiOp) for op in lowered.walk())
    scopes = [op for op in lowered.walk() if isinstance(op, VecScopeOp)]
    assert len(scopes) == (2 if body is TAIL else 1)
    rng = np.random.default_rng(5)
    a = rng.uniform(-4, 4, 512).astype(np.float16)
    b = rng.uniform(-4, 4, 512).astype(np.float32)
    want = api.run(module, a, b, function="k").finals
    got = api.run(lowered, a, b, function="k").finals
    for x, y in zip(want, got, strict=True):
        assert x is not None and y is not None
        assert x.tobytes() == y.tobytes()
    assert want[1] is not None and want[1].tobytes() != b.tobytes()  # the kernel wrote


def test_inference_is_idempotent_and_keeps_explicit_scopes() -> None:
    module = api.parse(kernel(TAIL))
    InferVecScopePass().apply(Context(), module)
    once = str(module)
    InferVecScopePass().apply(Context(), module)
    assert str(module) == once
    assert once.count("pto.vecscope") == 2


def test_vmi_arguments_become_registers() -> None:
    text = """
module attributes {pto.target_arch = "a5"} {
  func.func @f(%x: !pto.vmi.vreg<256xf32>, %s: f32, %m: !pto.vmi.mask<256xpred>,
               %p: !pto.ptr<f32, ub>) {
    %c0 = arith.constant 0 : index
    %r = pto.vmi.vmuls %x, %s, %m : !pto.vmi.vreg<256xf32>, f32, !pto.vmi.mask<256xpred>
         -> !pto.vmi.vreg<256xf32>
    pto.vmi.vstore %r, %p[%c0] : !pto.vmi.vreg<256xf32>, !pto.ptr<f32, ub>
    func.return
  }
}"""
    module = api.parse(text)
    LowerVmiPass().apply(Context(), module)
    function = next(op for op in module.walk() if isinstance(op, func.FuncOp))
    inputs = function.function_type.inputs.data
    assert [type(t) for t in inputs].count(VRegType) == 4  # 256 f32 lanes: 4 registers
    assert [type(t) for t in inputs].count(MaskType) == 4  # b32 parts, as the data's
    assert not any(isinstance(t, VmiVRegType | VmiMaskType) for t in inputs)
    assert list(function.body.block.arg_types) == list(inputs)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (
            "func.func @f(%x: !pto.vmi.vreg<64xf32>) -> !pto.vmi.vreg<64xf32> {\n"
            "  %y = pto.vmi.vadd %x, %x : !pto.vmi.vreg<64xf32>, !pto.vmi.vreg<64xf32> -> "
            "!pto.vmi.vreg<64xf32>\n  func.return %y : !pto.vmi.vreg<64xf32>\n}",
            "pto-lower-vmi: func.func at t:2:1: @f returns a VMI value: VMI results have no "
            "lowering here",
        ),
        (
            "func.func @f(%p: !pto.ptr<f32, ub>) {\n  %c0 = arith.constant 0 : index\n"
            "  %x = pto.vmi.vload %p[%c0] : !pto.ptr<f32, ub> -> !pto.vmi.vreg<64xf32>\n"
            '  pto.set_flag["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]\n'
            "  pto.vmi.vstore %x, %p[%c0] : !pto.vmi.vreg<64xf32>, !pto.ptr<f32, ub>\n"
            "  func.return\n}",
            "pto-lower-vmi: pto.vmi.vload at t:4:3: cannot infer a resultless pto.vecscope: its "
            "!pto.vmi.vreg<64xf32> result is used outside the scope, by pto.vmi.vstore at t:6:3",
        ),
    ],
    ids=["vmi-result", "escaping-load"],
)
def test_refusals_are_located(text: str, message: str) -> None:
    module = api.parse(f'module attributes {{pto.target_arch = "a5"}} {{\n{text}\n}}', name="t")
    with pytest.raises(PassFailedException) as failure:
        LowerVmiPass().apply(Context(), module)
    assert message in str(failure.value)


@st.composite
def segments(draw: st.DrawFn) -> str:
    """Two to four stretches of VMI ops at function level, separated by barriers: each
    loads, combines and stores f32 data of its own; masks and broadcasts made in any
    stretch are used in later ones too (rebuilt there)."""
    lines: list[str] = []
    pure: list[tuple[str, str]] = []  # (name, kind) of masks ("m") and broadcasts ("v")
    for s in range(draw(st.integers(2, 4))):
        if s:
            lines.append("    pto.barrier #pto.pipe<PIPE_V>")
        if draw(st.booleans()) or not any(k == "m" for _, k in pure):
            lines.append(f"    %m{s} = pto.vmi.create_mask %c{draw(st.sampled_from([40, 64, 100]))}"
                         f" : index -> {M}")  # fmt: skip
            pure.append((f"%m{s}", "m"))
        if draw(st.booleans()):
            lines.append(f"    %v{s} = pto.vmi.broadcast %f : f32 -> {F}")
            pure.append((f"%v{s}", "v"))
        at = draw(st.sampled_from([0, 64, 128]))
        lines.append(f"    %x{s} = pto.vmi.vload %b[%c{at}] : !pto.ptr<f32, ub> -> {F}")
        data = [f"%x{s}"] + [n for n, k in pure if k == "v"]
        for j in range(draw(st.integers(1, 3))):
            a, b = draw(st.sampled_from(data)), draw(st.sampled_from(data))
            op = draw(st.sampled_from(["vadd", "vmul", "vmax", "vsel"]))
            name = f"%y{s}_{j}"
            if op == "vsel":
                mask = draw(st.sampled_from([n for n, k in pure if k == "m"]))
                lines.append(f"    {name} = pto.vmi.vsel {mask}, {a}, {b} : {M}, {F}, {F} -> {F}")
            else:
                lines.append(f"    {name} = pto.vmi.{op} {a}, {b} : {F}, {F} -> {F}")
            data.append(name)
        out = draw(st.sampled_from([192, 320]))
        lines.append(f"    pto.vmi.vstore {data[-1]}, %b[%c{out}] : {F}, !pto.ptr<f32, ub>")
    return "\n".join(lines)


@settings(max_examples=8, deadline=None)
@given(segments())
def test_random_function_level_kernels_lower_to_the_same_bytes(body: str) -> None:
    constants = "\n".join(f"    %c{n} = arith.constant {n} : index" for n in (40, 100, 192, 320))
    module = api.parse(kernel(f"{constants}\n    %f = arith.constant 1.5 : f32\n{body}"))
    lowered = module.clone()
    LowerVmiPass().apply(Context(), lowered)
    assert not any(isinstance(op, VmiOp) for op in lowered.walk())
    a = np.zeros(512, np.float16)
    b = np.random.default_rng(3).uniform(-4, 4, 512).astype(np.float32)
    want = api.run(module, a, b, function="k").finals[1]
    got = api.run(lowered, a, b, function="k").finals[1]
    assert want is not None and got is not None
    assert want.tobytes() == got.tobytes()


def test_pipeline_lowers_a_function_level_vmi_kernel_on_ub() -> None:
    """PTOAS's lit kernels take UB pointers and hold no sync: after `pto-lower-vmi` every
    memory access is in vector scopes (one pipe), which `pto-insert-sync` leaves alone."""
    text = f"""
module attributes {{pto.target_arch = "a5"}} {{
  func.func @k(%a: !pto.ptr<f16, ub>, %b: !pto.ptr<f32, ub>, %n: index) {{
    %c0 = arith.constant 0 : index
    %m = pto.vmi.create_mask %n : index -> {M}
    %x = pto.vmi.vload %a[%c0] : !pto.ptr<f16, ub> -> {H}
    %w = pto.vmi.vcvt %x : {H} -> {F}
    %y = pto.vmi.vsel %m, %w, %w : {M}, {F}, {F} -> {F}
    pto.vmi.vstore %y, %b[%c0] : {F}, !pto.ptr<f32, ub>
    func.return
  }}
}}"""
    module = api.parse(text)
    PipelinePass().apply(Context(), module)
    assert not any(isinstance(op, VmiOp) for op in module.walk())
    assert sum(isinstance(op, VecScopeOp) for op in module.walk()) == 1
