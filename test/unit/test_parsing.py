"""The project's parser: xDSL's, with locations and a lexer that cannot hang on a literal."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st
from xdsl.utils.exceptions import ParseError
from xdsl.utils.mlir_lexer import MLIRLexer

from interpreters.api import make_context
from pto_dialect.parsing import LinearLexer, parse_module


def test_an_unterminated_string_literal_is_a_parse_error_at_its_quote() -> None:
    # xDSL's own pattern backtracks exponentially here (found by the fuzzer: a mutant
    # whose op name lost its closing quote never finished parsing)
    text = '  %tv = "pto.mfunc.func @case3(%p: !pto.ptr<f32, ub>, %a: index) {' + "x" * 500
    with pytest.raises(ParseError) as caught:
        parse_module(make_context(), text + "\n", "k.mlir")
    assert "closing string literal" in caught.value.msg
    assert caught.value.span.get_location().col == 9


@given(st.text(alphabet='ab"\\\n\t01Fn', max_size=12))
def test_the_linear_pattern_matches_what_xdsl_matches(body: str) -> None:
    """On short inputs (where xDSL's pattern is fast) both lex the same literal."""
    text = '"' + body
    ours = LinearLexer._unescaped_characters_regex.match(text)  # pyright: ignore[reportPrivateUsage]
    theirs = MLIRLexer._unescaped_characters_regex.match(text)  # pyright: ignore[reportPrivateUsage]
    assert (ours and ours.group()) == (theirs and theirs.group())


def test_a_type_spelled_again_is_the_same_value_and_a_longer_spelling_is_not_it() -> None:
    """A repeated `!pto.` spelling is taken from the first parse; one that starts like an
    earlier spelling but goes on is parsed on its own."""
    text = """
    func.func @f(%a: !pto.ptr<f32>, %b: !pto.ptr<f32, ub>, %c: !pto.ptr<f32>,
                 %d: !pto.ptr<f32, ub>) {
      func.return
    }
    """
    module = parse_module(make_context(), text, "t.mlir")
    func = next(iter(module.ops))
    a, b, c, d = func.regions[0].blocks[0].args
    assert a.type is c.type and b.type is d.type
    assert str(a.type) == "!pto.ptr<f32>" and str(b.type) == "!pto.ptr<f32, ub>"


@pytest.mark.parametrize("type", ["f80", "f128"])
def test_an_f80_or_f128_constant_is_a_parse_error_at_its_value(type: str) -> None:
    """xDSL's printer has no format for them: pto-opt exited 70 printing a module with one
    (fuzz7's campaign, seed 70003, a generic-form print of a mutant)."""
    text = f"func.func @k() {{\n  %c = arith.constant 1.5 : {type}\n  func.return\n}}\n"
    with pytest.raises(ParseError) as caught:
        parse_module(make_context(), text, "k.mlir")
    assert f"an {type} value: xDSL can neither print nor run" in caught.value.msg
    where = caught.value.span.get_location()
    assert (where.line, where.col) == (2, 23)
