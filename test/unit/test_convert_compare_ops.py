"""The element-type tables of tcvt, tcmp, tcmps, tsel and tsels, written here from their
manual pages (the records must say the same), and the mode attributes' two spellings."""

from __future__ import annotations

import pytest
from support import context, parse_kernel
from xdsl.utils.exceptions import VerifyException

from pto_dialect.attrs import CmpMode, CmpModeAttr, RoundMode, RoundModeAttr, SatModeAttr
from pto_dialect.dtypes import dtype_named
from pto_dialect.ops.tile_compare import TCmpOp, TCmpSOp, TSelOp, TSelSOp
from pto_dialect.ops.tile_convert import PAIRS
from pto_dialect.targets import A2A3, A5, CPU

# tcvt.md "Supported Conversions" (A2A3 / A5 destinations), without S4, H8 and FP4
TCVT_PAGE = {
    "a2a3": {
        "f32": "f16 f32 bf16 i16 i32 i64", "f16": "f32 i32 i16 i8 ui8", "bf16": "f32 i32",
        "i16": "f16 f32", "i32": "f32 i16 i64 f16", "i64": "f32 i32", "ui8": "f16", "i8": "f16",
    },
    "a5": {
        "f32": "f32 f16 bf16 i16 i32 i64 f8E4M3FN f8E5M2", "f16": "f32 i32 i16 i8 ui8",
        "bf16": "f32 i32 f16", "i16": "ui8 f16 f32 ui32 i32", "i32": "f32 i16 ui16 i64 ui8",
        "i64": "f32 i32", "ui8": "f16 ui16", "i8": "f16 i16 i32", "ui32": "ui8 ui16 i16",
        "f8E4M3FN": "f32", "f8E5M2": "f32",
    },
}  # fmt: skip

# the pages' target tables / implementation checks (pto-isa a5 TCmp/TCmpS: 64-bit too)
OP_PAGES = {
    TCmpOp: ("i32 f16 f32", "ui32 i32 ui16 i16 ui8 i8 f32 f16 bf16 i64 ui64"),
    TCmpSOp: ("i32 f32 f16 ui16 i16", "i32 ui32 f32 i16 ui16 f16 ui8 i8 bf16 i64 ui64"),
    TSelOp: ("i16 ui16 i32 ui32 f16 bf16 f32", "i8 ui8 i16 ui16 i32 ui32 i64 ui64 f16 bf16 f32"),
    TSelSOp: ("i16 ui16 i32 ui32 f16 bf16 f32", "i8 ui8 i16 ui16 i32 ui32 i64 ui64 f16 f32"),
}


@pytest.mark.parametrize("target", [A2A3, A5, CPU], ids=lambda t: t.name)
def test_tcvt_pairs_are_the_pages(target: object) -> None:
    arch = "a2a3" if target is A2A3 else "a5"  # the CPU simulator follows A5
    page = {
        (dtype_named(src), dtype_named(dst))
        for src, dsts in TCVT_PAGE[arch].items()
        for dst in dsts.split()
    }
    assert PAIRS[target.arch] == page  # type: ignore[attr-defined]


@pytest.mark.parametrize("op", list(OP_PAGES), ids=lambda o: o.name)
def test_compare_select_types_are_the_pages(op: type[TCmpOp]) -> None:
    a2a3, a5 = OP_PAGES[op]
    for target, names in ((A2A3, a2a3), (A5, a5), (CPU, a5)):
        assert op.legal_dtypes(target) == {dtype_named(n) for n in names.split()}


@pytest.mark.parametrize(
    ("text", "attr", "value"),
    [
        ("#pto<cmp eq>", CmpModeAttr, CmpMode.EQ),
        ("#pto.cmp<GE>", CmpModeAttr, CmpMode.GE),
        ("#pto<round_mode CAST_RINT>", RoundModeAttr, RoundMode.RINT),
        ("#pto.round_mode<CAST_TRUNC>", RoundModeAttr, RoundMode.TRUNC),
        ("#pto.round_mode<ODD>", RoundModeAttr, RoundMode.ODD),
        ("#pto<round_mode NONE>", RoundModeAttr, RoundMode.NONE),
    ],
)
def test_both_spellings_parse_to_one_value(text: str, attr: type, value: object) -> None:
    from xdsl.parser import Parser

    parsed = Parser(context(), text).parse_attribute()
    assert isinstance(parsed, attr) and parsed.data == value  # type: ignore[attr-defined]
    assert str(parsed) == f"#{attr.name}<{value}>"  # type: ignore[attr-defined]


def test_saturation_mode_spellings() -> None:
    from xdsl.parser import Parser

    for text in ("#pto<saturation_mode OFF>", "#pto.saturation_mode<off>"):
        parsed = Parser(context(), text).parse_attribute()
        assert isinstance(parsed, SatModeAttr) and str(parsed) == "#pto.saturation_mode<OFF>"


def test_the_cpu_8_bit_mask_rule_is_tcmp_s_only() -> None:
    """cpu/TCmp.h restricts a uint8_t mask to the A2/A3 input types; cpu/TCmps.hpp does not."""
    src = "!pto.tile<loc=vec, dtype=bf16, rows=16, cols=16>"
    mask = "!pto.tile<loc=vec, dtype=ui8, rows=16, cols=32, v_row=16, v_col=2>"
    text = (
        'builtin.module attributes {pto.target_arch = "cpu"} {\n'
        f"  func.func @f(%a: {src}, %s: bf16) {{\n"
        f"    %m = pto.tcmps %a, %s : ({src}, bf16) -> {mask}\n"
        "    func.return\n  }\n}"
    )
    parse_kernel(text)  # verifies
    with pytest.raises(VerifyException, match="8-bit mask compares only f16, f32, i32"):
        parse_kernel(
            text.replace(
                "pto.tcmps %a, %s : (" + src + ", bf16)", f"pto.tcmp %a, %a : ({src}, {src})"
            )
        )
