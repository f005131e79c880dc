"""The DPS-era ops of PTOAS 2026-01/02 with another name or a syntax of their own: each
older spelling parses to the value of today's op written in its canonical form (which is
what prints), and the ones with no op today are located errors naming the op."""

from __future__ import annotations

import pytest

from interpreters.api import PtoParseError, PtoVerifyError, apply_pipeline, parse, run
from pto_dialect.name_index import OPERATIONS
from pto_dialect.older_names import OLDER_OP_NAMES
from pto_dialect.older_spellings import OLDER_SPELLINGS

T = "!pto.tile_buf<vec, 16x16xf32>"
I32 = "!pto.tile_buf<vec, 16x16xi32>"
MASK = "!pto.tile_buf<vec, 16x32xi8>"
ROW = "!pto.tile_buf<vec, 1x256xf32>"
P = "!pto.tile_buf<vec, 1x64xf32>"
L = "!pto.tile_buf<left, 16x16xf16, blayout=col_major, slayout=row_major>"
R = "!pto.tile_buf<right, 16x16xf16, blayout=row_major, slayout=col_major>"
C = "!pto.tile_buf<acc, 16x16xf32, blayout=col_major, slayout=row_major>"
FP = "!pto.tile_buf<scaling, 1x16xui64>"
CA = "!pto.tile_buf<acc, 16x32xf32, blayout=col_major, slayout=row_major>"
GM = "memref<16x16xf32, #pto.address_space<gm>>"

KERNEL = f"""
func.func @f(%s: f32, %k: i32, %r: index, %c: index, %g: {GM}) {{
  %a = pto.alloc_tile : {T}
  %b = pto.alloc_tile : {T}
  %d = pto.alloc_tile : {T}
  %i = pto.alloc_tile : {I32}
  %u = pto.alloc_tile : !pto.tile_buf<vec, 1x8xui32>
  %m = pto.alloc_tile : {MASK}
  %p = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
  %q = pto.alloc_tile : !pto.tile_buf<vec, 1x64xui32>
  %o = pto.alloc_tile : !pto.tile_buf<vec, 1x128xf32>
  %w = pto.alloc_tile : {ROW}
  %v = pto.alloc_tile : {ROW}
  %l = pto.alloc_tile : {L}
  %rt = pto.alloc_tile : {R}
  %cc = pto.alloc_tile : {C}
  %f = pto.alloc_tile : {FP}
  %ca = pto.alloc_tile : {CA}
  %fa = pto.alloc_tile : !pto.tile_buf<scaling, 1x32xui64>
  {{op}}
  return
}}
"""

# (target, older spelling, today's canonical spelling): one per spelling family
CASES = [
    # a scalar with no type: PTOOps.td's `F32:$scalar` (lrelu, maxs, mins, rems before 02-04)
    ("a2a3", f"pto.maxs_dps ins(%a : {T}, %s) outs(%d : {T})",
     f"pto.tmaxs ins(%a, %s : {T}, f32) outs(%d : {T})"),
    ("a2a3", f"pto.lrelu_dps ins(%a, %s : {T}, f32) outs(%d : {T})",
     f"pto.tlrelu ins(%a, %s : {T}, f32) outs(%d : {T})"),
    # a type after each operand (gather, gatherb, scatter, sel, mov_fp before 02-04)
    ("a2a3", f"pto.sel_dps ins(%m : {MASK}, %a : {T}, %b : {T}) outs(%d : {T})",
     f"pto.tsel ins(%m, %a, %b : {MASK}, {T}, {T}) outs(%d : {T})"),
    ("a2a3", f"pto.gatherb_dps ins(%a : {T}, %u : <loc=vec, dtype=ui32, rows=1, cols=8>) "
     f"outs(%d : {T})",
     f"pto.tgatherb ins(%a, %u : {T}, !pto.tile_buf<vec, 1x8xui32>) outs(%d : {T})"),
    ("a2a3", f"pto.scatter_dps ins(%a : {T}, %i : {I32}) outs(%d : {T})",
     f"pto.tscatter ins(%a, %i : {T}, {I32}) outs(%d : {T})"),
    ("a5", f"pto.gather_dps ins(%a : {T}, %i : {I32}) outs(%d : {T})",
     f"pto.tgather ins(%a, %i : {T}, {I32}) outs(%d : {T})"),
    # `maskPattern = P` after outs(...)
    ("a2a3", f"pto.gather_dps ins(%a : {T}) outs(%d : {T}) maskPattern = "
     "#pto.mask_pattern<P1111>",
     f"pto.tgather ins(%a, {{maskPattern = #pto.mask_pattern<P1111>}} : {T}) outs(%d : {T})"),
    # `%src[%row, %col]` (extract before 02-07)
    ("a2a3", f"pto.extract_dps ins(%a[%r, %c] : {T}) outs(%d : {T})",
     f"pto.textract ins(%a, %r, %c : {T}, index, index) outs(%d : {T})"),
    # idx among the outputs: TSORT32(dst, src, idx) reads it
    ("a2a3", "pto.sort32_dps ins(%p : !pto.tile_buf<vec, 1x64xf32>) outs(%o, %q : "
     "!pto.tile_buf<vec, 1x128xf32>, !pto.tile_buf<vec, 1x64xui32>)",
     "pto.tsort32 ins(%p, %q : !pto.tile_buf<vec, 1x64xf32>, !pto.tile_buf<vec, 1x64xui32>) "
     "outs(%o : !pto.tile_buf<vec, 1x128xf32>)"),
    # blockLen an attribute (before 02-07): a constant before the op
    ("a2a3", f"pto.mrgsort_dps ins(%w : {ROW}) outs(%v : {ROW}) blockLen = 64",
     f"%0 = arith.constant 64 : i32\n  pto.tmrgsort ins(%w, %0 : {ROW}, i32) outs(%v : {ROW})"),
    # format 2 of 02-07..02-25: tmp among the outputs
    ("a2a3", f"pto.mrgsort_dps ins(%p, %p, %p, %p {{exhausted = true}} : {P}, {P}, {P}, {P}) "
     f"outs(%v, %w, %e : {ROW}, {ROW}, vector<4xi16>)",
     f"pto.tmrgsort ins(%p, %p, %p, %p, %w {{exhausted = true}} : {P}, {P}, {P}, {P}, {ROW}) "
     f"outs(%v, %e : {ROW}, vector<4xi16>)"),
    ("a2a3", f"pto.matmul_dps ins(%l, %rt : {L}, {R}) outs(%cc : {C}) {{transpose_a = false}}",
     f"pto.tmatmul ins(%l, %rt : {L}, {R}) outs(%cc : {C})"),
    # another name, today's op's syntax
    ("a2a3", f"pto.addf_dps ins(%a, %b : {T}, {T}) outs(%d : {T})",
     f"pto.tadd ins(%a, %b : {T}, {T}) outs(%d : {T})"),
    ("a2a3", f"pto.cmp_dps ins(%a, %b {{cmpMode = #pto<cmp lt>}} : {T}, {T}) outs(%m : {MASK})",
     f"pto.tcmp ins(%a, %b {{cmpMode = #pto<cmp lt>}} : {T}, {T}) outs(%m : {MASK})"),
    ("a2a3", f"%e2 = pto.getval_dps ins(%a, %r : {T}, index) outs : f32",
     f"%e2 = pto.tgetval ins(%a, %r : {T}, index) outs : f32"),
    ("a2a3", f"pto.store_fp_dps ins(%cc, %f : {C}, {FP}) outs(%g : {GM})",
     f"pto.tstore ins(%cc : {C} fp %f : {FP}) outs(%g : {GM})"),
    ("a5", f"pto.mov_fp_dps ins(%ca : {CA}, %fa : !pto.tile_buf<scaling, 1x32xui64>) "
     f"outs(%m : {MASK})",
     f"pto.tmov ins(%ca : {CA} fp %fa : !pto.tile_buf<scaling, 1x32xui64>) outs(%m : {MASK})"),
    ("a2a3", f"pto.sync_dps ins(%a : {T}) outs(%b : {T})", f"pto.tsync ins(%a, %b : {T}, {T})"),
    # 2026-03..06 (TMovFPOp "tmov.fp", TStoreFPOp "tstore_fp"): another name, today's syntax
    ("a2a3", f"pto.tstore_fp ins(%cc, %f : {C}, {FP}) outs(%g : {GM})",
     f"pto.tstore ins(%cc : {C} fp %f : {FP}) outs(%g : {GM})"),
    ("a2a3", f"pto.tstore.fp ins(%cc, %f : {C}, {FP}) outs(%g : {GM})",  # the manual's
     f"pto.tstore ins(%cc : {C} fp %f : {FP}) outs(%g : {GM})"),
    ("a5", f"pto.tmov.fp ins(%ca, %fa : {CA}, !pto.tile_buf<scaling, 1x32xui64>) outs(%m : {MASK})",
     f"pto.tmov ins(%ca : {CA} fp %fa : !pto.tile_buf<scaling, 1x32xui64>) outs(%m : {MASK})"),
]  # fmt: skip


@pytest.mark.parametrize(("target", "older", "canonical"), CASES)
def test_an_older_spelling_is_todays_op(target: str, older: str, canonical: str) -> None:
    """Parsed, the older spelling is the op in its canonical form; printed, it reads back."""
    vector = "%e = arith.constant dense<0> : vector<4xi16>\n  " if "%e" in older else ""
    new = parse(KERNEL.replace("{op}", vector + canonical), target=target)
    old = parse(KERNEL.replace("{op}", vector + older), target=target)
    assert str(old) == str(new)
    assert str(parse(str(old), target=target)) == str(new)
    assert "_dps" not in str(old)


@pytest.mark.parametrize(
    ("older", "message"),
    [
        (f"pto.assign_dps ins(%r : index) outs(%a : {T})",
         r"20:\d+: error: pto\.assign_dps \(PTOAS 2026-01/02\): .*pto\.tassign"),
        (f"pto.sels_dps ins(%a : {T}, %b : {T}, %k : i32) outs(%d : {T})",
         r"20:\d+: error: pto\.sels_dps .*TSELS\(dst, src0, src1, selectMode\).*pto\.tsels"),
        (f"pto.matmul_dps ins(%l, %rt : {L}, {R}) bias = %d : {T} outs(%cc : {C})",
         r"20:\d+: error: pto\.matmul_dps .*bias.*pto\.tmatmul\.bias"),
        (f"pto.matmul_dps ins(%l, %rt : {L}, {R}) outs(%cc : {C}) {{transpose_b = true}}",
         r"20:\d+: error: pto\.matmul_dps .*transpose_b"),
        (f'"pto.sort32_dps"(%a, %d, %i) : ({T}, {T}, {I32}) -> ()',
         r"error: pto\.sort32_dps .*custom form only.*pto\.tsort32"),
        (f"pto.gatherb_dps ins(%a, %i) outs(%d : {T})", r"20:23: error: a type for %a expected"),
    ],
)  # fmt: skip
def test_an_older_spelling_with_no_op_today_is_a_located_error(older: str, message: str) -> None:
    with pytest.raises(PtoParseError, match=message):
        parse(KERNEL.replace("{op}", older).replace("\n  %f =", "\n  %f2 ="), target="a2a3")


def test_todays_rules_verify_an_older_spelling() -> None:
    """The op built is today's: its verifier runs (A2/A3 tgather needs a tmp tile)."""
    with pytest.raises(PtoVerifyError, match=r"pto\.tgather on A2/A3 needs a tmp tile"):
        gather = next(older for _, older, _ in CASES if older.startswith("pto.gather_dps"))
        parse(KERNEL.replace("{op}", gather), target="a2a3")


DPS_ERA_OWN_SYNTAX = [
    "addf",
    "assign",
    "cmp",
    "cmps",
    "extract",
    "gather",
    "gatherb",
    "gemv",
    "getval",
    "lrelu",
    "matmul_acc",
    "matmul",
    "maxs",
    "mgather",
    "mins",
    "mov_fp",
    "mrgsort",
    "mscatter",
    "print",
    "rems",
    "scatter",
    "sel",
    "sels",
    "setval",
    "shls",
    "shrs",
    "sort32",
    "store_fp",
    "sync",
]
"""The 29 DPS-era names of PTOOps.td (2026-01-30 to 02-25) that the T-op's parser does not
read under `t` + name."""


def test_every_dps_era_name_is_read_or_refused() -> None:
    for name in DPS_ERA_OWN_SYNTAX:
        old = f"pto.{name}_dps"
        assert (old in OLDER_OP_NAMES) != (old in OLDER_SPELLINGS), old
        op = OLDER_OP_NAMES.get(old) or OLDER_SPELLINGS[old].op
        assert op in OPERATIONS, old
        assert old not in OPERATIONS, old  # an older name is never also a current one


_STORE_FP = """module attributes {{pto.target_arch = "a2a3"}} {{
func.func @k(%x: !pto.ptr<i8>, %cc: {acc}, %f: {fp}) {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c16 = arith.constant 16 : index
  %v = pto.make_tensor_view %x, shape = [%c16, %c16], strides = [%c16, %c1]
      : !pto.tensor_view<?x?xi8>
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c16, %c16]
      : !pto.tensor_view<?x?xi8> -> !pto.partition_tensor_view<16x16xi8>
  {op}
  return
}}
}}"""


def test_the_manuals_ssa_tstore_fp_stores_as_the_dps_form() -> None:
    """tstore.md's `pto.tstore.fp %src, %fp, %mem : (T, F, V) -> ()` is the SSA form of
    `pto.tstore ins(%src : T fp %fp : F) outs(%mem : V)`: `pto-convert-to-dps` makes that of
    it, and both run."""
    tile = "loc=acc, dtype=f32, rows=16, cols=16, blayout=col_major, slayout=row_major"
    fp = "loc=scaling, dtype=ui64, rows=1, cols=16"
    v = "!pto.partition_tensor_view<16x16xi8>"
    ssa = _STORE_FP.format(
        acc=f"!pto.tile<{tile}>", fp=f"!pto.tile<{fp}>",
        op=f"pto.tstore.fp %cc, %f, %p : (!pto.tile<{tile}>, !pto.tile<{fp}>, {v}) -> ()",
    )  # fmt: skip
    dps = _STORE_FP.format(
        acc=f"!pto.tile_buf<{tile}>", fp=f"!pto.tile_buf<{fp}>",
        op=f"pto.tstore ins(%cc : !pto.tile_buf<{tile}> fp %f : !pto.tile_buf<{fp}>) "
        f"outs(%p : {v})",
    )  # fmt: skip
    assert str(apply_pipeline(parse(ssa), "pto-convert-to-dps")) == str(parse(dps))
    ssa_out = run(parse(ssa), args="auto:5").outputs[0]
    assert ssa_out.tobytes() == run(parse(dps), args="auto:5").outputs[0].tobytes()
