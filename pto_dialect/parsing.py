"""Parsing with source locations: every op gets `loc("file":line:col)` of its text.

A type or attribute that breaks its own rules (a tile row of 20 bytes, `f80` as an element
type, `300 : i8`) raises xDSL's `VerifyException` while it is built, with no place in the
text; the parser here turns it into a `ParseError` at the text that spelled it.

`line_offset` is the number of lines before `text` in its file (a chunk of
`--split-input-file`), so that locations are lines of the whole file.

A `!pto.` type or `#pto.` attribute spelled exactly as before in the same text is not parsed
again: a kernel repeats a handful of tile types hundreds of times, and their parsing was
half the time of parsing a kernel. (Within one text an alias means one thing, so the same
spelling is the same value.)

The lexer is xDSL's with one pattern replaced: its string-literal pattern nests `+` inside
`*`, so an unterminated literal backtracks exponentially in its length (a 60-character
`"...` at the end of a line never finishes); the pattern here matches one character per step.

A dense literal of more than `DENSE_LIMIT` elements is a parse error before xDSL builds it.
"""

from __future__ import annotations

import os
import re
import traceback
from bisect import bisect_right
from collections.abc import Callable
from math import prod
from typing import NoReturn, TypeVar, cast

from xdsl.context import Context
from xdsl.dialects.builtin import (
    AnyFloat,
    ComplexType,
    FileLineColLoc,
    Float80Type,
    Float128Type,
    FloatAttr,
    IndexType,
    IntAttr,
    IntegerAttr,
    IntegerType,
    ModuleOp,
    RankedStructure,
    StringAttr,
    UnknownLoc,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.parser import Parser
from xdsl.parser.generic_parser import ParserState
from xdsl.utils.exceptions import VerifyException
from xdsl.utils.lexer import Input
from xdsl.utils.mlir_lexer import MLIRLexer, MLIRTokenKind

from pto_dialect.context import PtoContext
from pto_dialect.older_names import OLDER_OP_NAMES
from pto_dialect.older_spellings import OLDER_SPELLINGS, OlderSpelling, place_detached

_T = TypeVar("_T")

_DenseType = RankedStructure[IntegerType | IndexType | AnyFloat | ComplexType]

DENSE_LIMIT = 1 << 24
"""The most elements a dense literal may have (16 Mi: 64 MiB of f32, past any on-chip buffer
or a kernel's constant); xDSL expands a splat into a Python list of all of them."""


class LinearLexer(MLIRLexer):
    """xDSL's MLIR lexer whose string literals lex in linear time, closed or not."""

    _unescaped_characters_regex = re.compile(r'"(?:[^"\\\n\v\f]|\\(?:["nt\\]|[0-9A-Fa-f]{2}))*"')


class LocatingParser(Parser):
    """A parser that records where each op starts (line and column, 1-based)."""

    def __init__(self, ctx: Context, text: str, name: str, line_offset: int = 0) -> None:
        super().__init__(ctx, "", name)  # then lex `text` with the linear lexer
        self._parser_state = ParserState(LinearLexer(Input(text, name)))
        self._name = StringAttr(name)
        self._text = text
        self._line_offset = line_offset
        self._line_starts = [0] + [i + 1 for i, ch in enumerate(text) if ch == "\n"]
        self._spelled: dict[str, list[tuple[str, Attribute]]] = {}
        """Per `!pto.`/`#pto.` name: the full spellings parsed so far and their values."""

    def _located(self, parse: Callable[[], _T]) -> _T:
        """`parse()`, with a `VerifyException` reported at the text it consumed."""
        start = self._current_token.span.start
        try:
            return parse()
        except VerifyException as err:
            self._report(err, start)
        except (KeyError, OverflowError, NotImplementedError, ValueError) as err:
            if not _raised_in_xdsl(err):
                raise
            # xDSL's parser fails this way on some malformed input (a block label defined
            # twice, an integer too large for a location or for its type, a hexadecimal f128
            # literal): still a located parse error
            self._report(err, start, f"cannot parse this: {type(err).__name__} {err}")

    def parse_optional_builtin_int_or_float_attr(self) -> IntegerAttr | FloatAttr | None:
        """xDSL's, refusing an f80 or f128 value: xDSL's printer has no format for them (it
        raised NotImplementedError printing any module that held one: a fuzzing find)."""
        start = self._current_token.span.start
        value = super().parse_optional_builtin_int_or_float_attr()
        if isinstance(value, FloatAttr) and isinstance(value.type, Float80Type | Float128Type):
            self.raise_error(
                f"an {value.type} value: xDSL can neither print nor run f80 and f128 constants",
                start,
                self._current_token.span.start,
            )
        return value

    def _parse_dense_literal_type(self) -> _DenseType:
        """xDSL's, refusing a type of more than `DENSE_LIMIT` elements before a splat
        (`dense<1> : tensor<2147483648xi8>`) is expanded into a list of them."""
        start = self._current_token.span.start
        kind = super()._parse_dense_literal_type()
        count = prod(kind.get_shape())
        if count > DENSE_LIMIT:
            self.raise_error(
                f"a dense literal of {count} elements: more than the {DENSE_LIMIT} this tool "
                "holds in memory",
                start,
                self._current_token.span.start,
            )
        return kind

    def _report(self, err: Exception, start: int, message: str | None = None) -> NoReturn:
        end = self._current_token.span.start
        while end > start + 1 and self._text[end - 1].isspace():
            end -= 1  # the span ends with the text consumed, not at the next token
        if message is None:
            message = str(err).splitlines()[0] if str(err) else type(err).__name__
        self.raise_error(message, start, end)

    def parse_comma_separated_list(
        self, delimiter: Parser.Delimiter, parse: Callable[[], _T], context_msg: str = ""
    ) -> list[_T]:
        """xDSL's, also taking MLIR's one result type without parentheses where a
        parenthesised type list follows `->` (`scf.for ... iter_args(...) -> i32 {`, as
        PTOAS kernels write it)."""
        if (
            delimiter is Parser.Delimiter.PAREN
            and self._current_token.text != "("
            and getattr(parse, "__func__", None) is Parser.parse_attribute
            and self._previous_text() == "->"
        ):
            return [parse()]
        return super().parse_comma_separated_list(delimiter, parse, context_msg)

    def parse_dimension_list(self) -> list[int]:
        """xDSL's, also taking MLIR's `x` between spaces (`<8 x 128 x f32>`, PTOAS's
        issue1251 kernel): xDSL gives back the `x` before a type by stepping back one
        character, which misses it after a space."""
        dims: list[int] = []
        while self._current_token.kind in (MLIRTokenKind.INTEGER_LIT, MLIRTokenKind.QUESTION):
            dims.append(self.parse_shape_dimension())
            delimiter = self._current_token.span.start
            if self._parse_optional_shape_delimiter() is None:
                break
            if self._current_token.kind not in (MLIRTokenKind.INTEGER_LIT, MLIRTokenKind.QUESTION):
                self._resume_from(delimiter)  # the `x` before the element type
                break
        return dims

    def _get_op_by_name(self, name: str) -> type[Operation]:
        """xDSL's, an older name of an op (`OLDER_OP_NAMES`) read as the op it names now,
        and one with a syntax of its own (`OLDER_SPELLINGS`) read by its reader."""
        spelling = OLDER_SPELLINGS.get(name)
        if spelling is not None:
            return cast(type[Operation], spelling)
        return super()._get_op_by_name(OLDER_OP_NAMES.get(name, name))

    def _parse_generic_operation(self, op_type: type[Operation]) -> Operation:
        """xDSL's; an older spelling has no generic form (its operands were in other groups)."""
        spelling: object = op_type
        if isinstance(spelling, OlderSpelling):
            self.raise_error(
                f"{spelling.old} (PTOAS 2026-01/02) is read in its custom form only; "
                f"the generic form is {spelling.op}'s"
            )
        return super()._parse_generic_operation(op_type)

    def _previous_text(self) -> str:
        """The text just before the current token (skipping white space)."""
        end = self._current_token.span.start
        return self._text[max(0, end - 8) : end].rstrip()[-2:]

    def parse_optional_type(self) -> Attribute | None:  # pyright: ignore[reportIncompatibleMethodOverride]
        return self._remembered(super().parse_optional_type)

    def parse_optional_attribute(self) -> Attribute | None:
        return self._remembered(super().parse_optional_attribute)

    def _remembered(self, parse: Callable[[], Attribute | None]) -> Attribute | None:
        """`parse()` (located), or the value of the same `!pto.`/`#pto.` spelling parsed
        before, without parsing it again."""
        token = self._current_token
        kind = token.kind
        if kind is not MLIRTokenKind.EXCLAMATION_IDENT and kind is not MLIRTokenKind.HASH_IDENT:
            return self._located(parse)
        name, start = token.text, token.span.start
        if not name.startswith(("!pto.", "#pto.")):
            return self._located(parse)
        known = self._spelled.setdefault(name, [])
        for spelling, value in known:
            end = start + len(spelling)
            if self._text.startswith(spelling, start) and not _continues(self._text, end):
                self._resume_from(end)
                return value
        value = self._located(parse)
        end = self._current_token.span.start
        while end > start and self._text[end - 1].isspace():
            end -= 1
        if value is not None:
            known.append((self._text[start:end], value))
        return value

    def parse_operation(self) -> Operation:
        start = self._current_token.span.start
        spelling = _SPELLINGS.get(self._current_token.text)
        if spelling is not None:
            op = self._located(lambda: spelling(self))
        else:
            op = self._located(super().parse_operation)
        if isinstance(op.location, UnknownLoc):
            line = bisect_right(self._line_starts, start)
            column = start - self._line_starts[line - 1] + 1
            op.location = FileLineColLoc(
                self._name, IntAttr(line + self._line_offset), IntAttr(column)
            )
        return op

    def _parse_strict_vecscope(self) -> Operation:
        """`pto.strict_vecscope(%a, ...) { ^bb0(%x: T, ...): ... } : (T, ...) -> ()`, PTOAS's
        vecscope whose body sees only its captures (`StrictVecScopeOp`): read as the
        `pto.vecscope` it is, each block argument replaced by its capture."""
        from pto_dialect.ops.vecscope import VecScopeOp  # (the dialect's ops load with it)

        start = self._current_token.span.start
        self._consume_token()
        names = self.parse_comma_separated_list(self.Delimiter.PAREN, self.parse_unresolved_operand)
        body = self.parse_region()
        attrs = self.parse_optional_attr_dict()
        self.parse_punctuation(":")
        signature = self.parse_function_type()
        kinds = list(signature.inputs.data)
        block = body.blocks.first
        args = list(block.args) if block is not None else []
        if len(kinds) != len(names):
            kinds = []  # reported below
        captures = [self.resolve_operand(n, t) for n, t in zip(names, kinds, strict=False)]
        if (
            len(captures) != len(names)
            or signature.outputs.data
            or [a.type for a in args] != kinds
            or len(body.blocks) > 1
        ):
            self.raise_error(
                "pto.strict_vecscope needs one block whose arguments have the types of its "
                "captures, and the signature (captures) -> ()",
                start,
                self._current_token.span.start,
            )
        for op in body.walk():
            for operand in op.operands:
                if not _defined_in(operand, body):
                    name = f"%{operand.name_hint}" if operand.name_hint else "a value"
                    self.raise_error(
                        f"pto.strict_vecscope body uses {name} "
                        "defined outside it: pass it as a capture",
                        start,
                        self._current_token.span.start,
                    )
        for arg, capture in zip(args, captures, strict=True):
            arg.replace_all_uses_with(capture)
        if block is not None:
            for arg in reversed(args):
                block.erase_arg(arg)
        scope = VecScopeOp(body)
        scope.attributes.update(attrs)
        return scope


def _flag_spelling(set_flag: bool) -> Callable[[LocatingParser], Operation]:
    """`pto.record_event` / `pto.wait_event [SRC, DST, EVENT]` of PTOAS, its op types
    lowered to their pipes: the `set_flag` / `wait_flag` it is."""

    def parse(parser: LocatingParser) -> Operation:
        from pto_dialect.ops.sync import SetFlagOp, WaitFlagOp

        parser._consume_token()  # pyright: ignore[reportPrivateUsage]
        return (SetFlagOp if set_flag else WaitFlagOp).parse(parser)

    return parse


def _barrier_sync(parser: LocatingParser) -> Operation:
    """`pto.barrier_sync [<T>]` of PTOAS: the `pto.barrier` of op type T's pipe."""
    from pto_dialect.ops.sync import parse_barrier_sync

    parser._consume_token()  # pyright: ignore[reportPrivateUsage]
    return parse_barrier_sync(parser)


_SPELLINGS: dict[str, Callable[[LocatingParser], Operation]] = {
    "pto.strict_vecscope": LocatingParser._parse_strict_vecscope,  # pyright: ignore[reportPrivateUsage]
    "pto.record_event": _flag_spelling(True),
    "pto.wait_event": _flag_spelling(False),
    "pto.barrier_sync": _barrier_sync,
}
"""Ops of PTOAS that are another spelling of one of ours, read as that op (printed as it)."""


def _defined_in(value: SSAValue, region: Region) -> bool:
    """Whether `value` is a block argument or a result of an op inside `region`."""
    owner = value.owner
    parent = owner.parent if isinstance(owner, Block) else owner.parent_region()
    while parent is not None:
        if parent is region:
            return True
        op = parent.parent_op()
        parent = op.parent_region() if op is not None else None
    return False


def _continues(text: str, at: int) -> bool:
    """Whether the character at `at` could continue a type or attribute spelled before it
    (`!pto.mask` must not stand for the start of `!pto.mask<b32>`)."""
    return at < len(text) and (text[at].isalnum() or text[at] in "<_.$-")


def _raised_in_xdsl(err: BaseException) -> bool:
    """Whether `err` was raised by xDSL's own code (not by the project's parsers)."""
    frames = traceback.extract_tb(err.__traceback__)
    return bool(frames) and f"{os.sep}xdsl{os.sep}" in frames[-1].filename


_BLANK = re.compile(r"(?:\s|//[^\n]*)*")
"""Text without an op: whitespace and comments only."""


def parse_module(
    ctx: Context, text: str, name: str, *, implicit_module: bool = True, line_offset: int = 0
) -> ModuleOp:
    """The module of `text` (the file `name`), every op located; raises `ParseError`."""
    if implicit_module and _BLANK.fullmatch(text):  # as mlir-opt: no ops, an empty module
        return ModuleOp([])
    load_upstream_ops(ctx, text)
    module = LocatingParser(ctx, text, name, line_offset).parse_module(implicit_module)
    if "_dps" in text:
        place_detached(module)
    if "memref.alloc" in text or "pto.pointer_cast" in text or "memref<" in text:
        from pto_dialect.memref_tiles import tiles_from_memrefs  # (its ops load with it)

        tiles_from_memrefs(module)
    return module


UPSTREAM_NAMES = ("arith.index_castui", "llvm.extractelement")
"""Ops of upstream dialects that the `pto` dialect brings (`pto_dialect.upstream_ops`)."""


def load_upstream_ops(ctx: Context, text: str) -> None:
    """Loads the `pto` dialect first when `text` uses an op it brings for another dialect:
    a context finds an op by its dialect's prefix, so these are known once `pto` is."""
    if isinstance(ctx, PtoContext):  # it finds them by name
        return
    loaded = {dialect.name for dialect in ctx.loaded_dialects}
    wanted = any(name in text for name in UPSTREAM_NAMES)
    if wanted and "pto" in ctx.registered_dialect_names and "pto" not in loaded:
        ctx.load_registered_dialect("pto")
