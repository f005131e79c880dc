"""Base classes shared by every `pto` op family.

- `PtoOp`: every op knows the pipe it executes on (`op.pipe()`), from its record's pipe
  table (`PIPE`, or `PIPE_RULES` where the pipe depends on the target or the operands).
- `TileOp`: a tile instruction with both forms on one class:
  SSA  `%c = pto.tadd %a, %b : (!pto.tile<...>, !pto.tile<...>) -> !pto.tile<...>`
  DPS  `pto.tadd ins(%a, %b : !pto.tile_buf<...>, ...) outs(%c : !pto.tile_buf<...>)`.
  A concrete op declares its name, pipe, operand count and `verify_tiles`.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import ClassVar, Self, TypeVar, cast

from xdsl.dialects.builtin import (
    DenseArrayBase,
    IntegerAttr,
    IntegerType,
    LocationAttr,
    ModuleOp,
    StringAttr,
    i32,
)
from xdsl.ir import Attribute, Block, Operation, Region, SSAValue
from xdsl.irdl import (
    AttrSizedOperandSegments,
    IRDLOperation,
    irdl_op_definition,
    var_operand_def,
    var_result_def,
)
from xdsl.irdl.declarative_assembly_format import FormatProgram
from xdsl.parser import Parser, UnresolvedOperand
from xdsl.printer import Printer
from xdsl.utils.exceptions import ParseError, VerifyException

from pto_dialect.attrs import Location, Pipe
from pto_dialect.dtypes import DType
from pto_dialect.memref_tile_rule import memref_tile
from pto_dialect.ops import function_type_form
from pto_dialect.records import Cost, DTypes, Effect, PipeRule, Shapes, every_target
from pto_dialect.targets import TargetProfile, UnknownTargetError, profile_for_module_attr
from pto_dialect.tile_types import TileBufType, TileType, TileTypeBase

TARGET_ATTR = "pto.target_arch"
SEGMENTS = "operandSegmentSizes"


def target_of(op: Operation) -> TargetProfile:
    """The target profile of the module enclosing `op` (cpu when none says)."""
    node: Operation | None = op
    while node is not None:
        if isinstance(node, ModuleOp) and TARGET_ATTR in node.attributes:
            attr = node.attributes[TARGET_ATTR]
            arch = attr.data if isinstance(attr, StringAttr) else str(attr)
            try:
                return profile_for_module_attr(arch)
            except UnknownTargetError as err:
                raise fail(f"{TARGET_ATTR}: {err}") from None
        node = node.parent_op()
    return profile_for_module_attr(None)


def int_value(value: Attribute | None, default: int = 0) -> int:
    """The integer of an optional `IntegerAttr` property, `default` when it is absent."""
    return default if value is None else cast(IntegerAttr[IntegerType], value).value.data


def fail(message: str) -> VerifyException:
    """A verifier error; raise the result."""
    return VerifyException(message)


class PtoOp(IRDLOperation):
    """Every `pto` op: the record of one instruction (`pto_dialect.records`)."""

    PIPE: ClassVar[Pipe] = Pipe.S
    PIPE_RULES: ClassVar[tuple[PipeRule, ...] | None] = None
    """The pipe per target and operand form, first matching row wins (None: `PIPE` on every
    target). The one table of pipes: `pto-insert-sync`, the interpreter, the checker and
    `docs/ops/pipes.md` all read it through `pipe()` / `pipe_rules()`."""
    MANUAL: ClassVar[str | None] = None
    """The manual page of the instruction, under the ISA manual's `docs/isa/`."""
    COST: ClassVar[Cost | None] = None
    """The op's cost class; the completeness test requires one on every op."""
    DELIMITS_VECSCOPE: ClassVar[bool] = False
    """A synchronisation op, which orders vector intervals and so must not be inside a
    `pto.vecscope` (PTOAS VPTO.cpp `isForbiddenSynchronizationInsideVecScope`)."""

    def __init_subclass__(cls, **kwargs: object) -> None:
        """Takes a declared `assembly_format` over (`declared_format`): xDSL would parse it
        when the class is defined, a third of importing the dialect, for ops a run may
        never meet; `parse` / `print` methods parse it on first use instead."""
        super().__init_subclass__(**kwargs)
        if "assembly_format" not in cls.__dict__:
            return
        fmt = _FORMATS[cls] = cls.__dict__["assembly_format"]
        cls.assembly_format = None
        if fmt is not None:
            cls.parse = classmethod(_parse_by_format)  # pyright: ignore[reportAttributeAccessIssue]
            cls.print = _print_by_format  # pyright: ignore[reportAttributeAccessIssue]

    @classmethod
    def cost(cls) -> Cost | None:
        """The op's cost class (families may derive it, e.g. from the vector op they use)."""
        return cls.COST

    @classmethod
    def pipe_rules(cls) -> tuple[PipeRule, ...]:
        """The rows of the op's pipe table."""
        return cls.PIPE_RULES or (
            PipeRule("", every_target(cls.PIPE), None, "the record's `PIPE`"),
        )

    def pipe(self) -> Pipe:
        """The pipe this op executes on: the first row of its table that applies, in the
        column of the module's target."""
        rules = self.PIPE_RULES
        if rules is None:
            return self.PIPE
        for rule in rules:
            if rule.pipes is not None and (rule.applies is None or rule.applies(self)):
                pipes = rule.pipes
                if pipes.a2a3 is pipes.a5 is pipes.cpu:
                    return pipes.a2a3
                return pipes[target_of(self).arch]
        return self.PIPE


_FORMATS: dict[type[PtoOp], str | None] = {}
"""Per op class that declares one: its `assembly_format` (`PtoOp.__init_subclass__`)."""
PROGRAMS: dict[type[PtoOp], FormatProgram] = {}
"""The formats parsed so far (`format_program`)."""


def declared_format(cls: type[PtoOp]) -> str | None:
    """The declarative assembly format op class `cls` declares or inherits."""
    for klass in cls.__mro__:
        if klass in _FORMATS:
            return _FORMATS[cast(type[PtoOp], klass)]
    return None


def format_program(cls: type[PtoOp]) -> FormatProgram:
    """The parsed format of op class `cls`, made once."""
    program = PROGRAMS.get(cls)
    if program is None:
        text = declared_format(cls)
        assert text is not None
        program = PROGRAMS[cls] = FormatProgram.from_str(text, cls.get_irdl_definition())
    return program


def _parse_by_format(cls: type[PtoOp], parser: Parser) -> PtoOp:
    """The declared format; for a plain one, also the manual's `: (T, ...) -> R`
    (`function_type_form`)."""
    start = parser.pos
    try:
        return format_program(cls).parse(parser, cls)
    except ParseError:
        names = function_type_form.plain_names(cls, declared_format(cls) or "")
        if names is None:
            raise
        end = parser.pos
        parser._resume_from(start)  # pyright: ignore[reportPrivateUsage]
        op = function_type_form.parse(cls, parser, *names)
        if op is None:
            parser._resume_from(end)  # pyright: ignore[reportPrivateUsage]
            raise
        return cast(PtoOp, op)


def _print_by_format(self: PtoOp, printer: Printer) -> None:
    format_program(type(self)).print(printer, self)


_O = TypeVar("_O", bound=IRDLOperation)
_S = TypeVar("_S")


def define_op(
    family: type[_O], class_name: str, name: str, doc: str, **constants: object
) -> type[_O]:
    """A concrete op of `family`: `name`, a docstring and the class constants that set it apart.

    Stands for `@irdl_op_definition class <class_name>(family)` with `NAME: ClassVar[...]`
    assignments, for families whose members differ only in constants.
    """
    namespace: dict[str, object] = {
        "__module__": family.__module__,
        "__qualname__": class_name,
        "__doc__": doc,
        "__annotations__": {key: ClassVar[type(value)] for key, value in constants.items()},
        "name": name,
        **constants,
    }
    return irdl_op_definition(cast(type[_O], type(class_name, (family,), namespace)))


# ----------------------------------------------------------------------------------------
# Syntax helpers shared by custom formats
# ----------------------------------------------------------------------------------------


def parse_operand_type(parser: Parser) -> Attribute:
    """A type in `ins(...)`/`outs(...)`; a bare `<loc=..., ...>` is a `!pto.tile_buf`, as
    PTOAS's early `tmatmul.bias` printed its tile operands (an unqualified `type($a)`
    of a TileBufType operand drops the `!pto.tile_buf` prefix: test/samples/MatMul)."""
    if parser._current_token.text != "<":  # pyright: ignore[reportPrivateUsage]
        return parser.parse_type()
    return TileBufType.new(TileBufType.parse_parameters(parser))


def parse_operands_colon_types(parser: Parser) -> tuple[list[UnresolvedOperand], list[Attribute]]:
    """`%a, %b : T1, T2` (the inside of `ins(...)` / `outs(...)`), or groups of that form
    one after another (`%a : T1, %b : T2`, as PTOAS's `tmov` with a fixpipe `fp` tile)."""
    operands: list[UnresolvedOperand] = []
    types: list[Attribute] = []
    group = [parser.parse_unresolved_operand()]
    while True:
        while parser.parse_optional_punctuation(",") is not None:
            group.append(parser.parse_unresolved_operand())
        parser.parse_punctuation(":")
        operands += group
        types.append(parse_operand_type(parser))
        group = []
        while not group and parser.parse_optional_punctuation(",") is not None:
            following = parser.parse_optional_unresolved_operand()
            if following is None:
                types.append(parse_operand_type(parser))
            else:
                group = [following]
        if not group:
            return operands, types


def resolve(
    parser: Parser, operands: Sequence[UnresolvedOperand], types: Sequence[Attribute]
) -> list[SSAValue]:
    if len(operands) != len(types):
        parser.raise_error(f"expected {len(operands)} types, got {len(types)}")
    return [parser.resolve_operand(o, t) for o, t in zip(operands, types, strict=True)]


def print_values_colon_types(printer: Printer, values: Sequence[SSAValue]) -> None:
    printer.print_list(values, printer.print_operand)
    printer.print_string(" : ")
    printer.print_list([v.type for v in values], printer.print_attribute)


def print_operands_attrs_types(printer: Printer, op: Operation) -> None:
    """` %a, %b {attrs} : T1, T2 -> R`: the operands, the attributes, the operand types
    and the result types (none: no arrow)."""
    printer.print_string(" ")
    printer.print_list(op.operands, printer.print_operand)
    printer.print_op_attributes(op.attributes)
    printer.print_string(" : ")
    printer.print_list([o.type for o in op.operands], printer.print_attribute)
    if op.results:
        printer.print_string(" -> ")
        printer.print_list([r.type for r in op.results], printer.print_attribute)


def parse_signature(parser: Parser) -> tuple[list[Attribute], list[Attribute]]:
    """`T -> R`, `(T1, T2) -> R`, `(T1, T2) -> ()` or `T1, T2` (no results)."""
    if parser.parse_optional_punctuation("(") is not None:
        inputs: list[Attribute] = []
        if parser.parse_optional_punctuation(")") is None:
            inputs = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            parser.parse_punctuation(")")
    else:
        inputs = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
    if parser.parse_optional_punctuation("->") is None:
        return inputs, []
    if parser.parse_optional_punctuation("(") is not None:
        outputs: list[Attribute] = []
        if parser.parse_optional_punctuation(")") is None:
            outputs = parser.parse_comma_separated_list(parser.Delimiter.NONE, parser.parse_type)
            parser.parse_punctuation(")")
        return inputs, outputs
    return inputs, [parser.parse_type()]


def print_signature(
    printer: Printer, inputs: Sequence[Attribute], outputs: Sequence[Attribute]
) -> None:
    """Prints the signature in the shortest form `parse_signature` reads back."""
    if not outputs:
        printer.print_list(inputs, printer.print_attribute)
        return
    if len(inputs) == 1:
        printer.print_attribute(inputs[0])
    else:
        printer.print_string("(")
        printer.print_list(inputs, printer.print_attribute)
        printer.print_string(")")
    printer.print_string(" -> ")
    if len(outputs) == 1:
        printer.print_attribute(outputs[0])
    else:
        printer.print_string("(")
        printer.print_list(outputs, printer.print_attribute)
        printer.print_string(")")


# ----------------------------------------------------------------------------------------
# Tile instructions
# ----------------------------------------------------------------------------------------


class TileOp(PtoOp):
    """A tile instruction in SSA form (tile values) or DPS form (`ins`/`outs` buffers).

    `ins` are the sources, `outs` the destination buffer (DPS) and `res` the
    destination value (SSA); exactly one of `outs` and `res` is present, unless
    the op writes no tile (`HAS_TILE_RESULT = False`, e.g. `tstore`).
    """

    ins = var_operand_def()
    outs = var_operand_def()
    res = var_result_def()

    irdl_options = (AttrSizedOperandSegments(as_property=True),)

    NUM_INS: ClassVar[int] = 1
    """How many sources the op takes."""
    HAS_TILE_RESULT: ClassVar[bool] = True
    """Whether the destination is a tile (False when it writes a GM view)."""
    OPTIONAL_TMP: ClassVar[bool] = False
    """Whether the last of the `NUM_INS` sources is an optional scratch tile."""
    FP_SOURCE: ClassVar[bool] = False
    """Whether the DPS form takes a fixpipe parameter after its `NUM_INS` sources: a tile
    (PTOAS's `ins(%src : T fp %fp : F)`) or an i64 quantisation word (`pre_quant %q : i64`)
    (`fp_source`, `pto_dialect.ops.fixpipe_fp`)."""
    PTOAS_SEGMENTS: ClassVar[tuple[str, ...]] = ()
    """The operand groups of PTOAS's generic form when they are not (ins, outs): `ins` or
    `outs` per group, in order (e.g. tmov's src, dst, fp, preQuantScalar)."""
    DTYPES: ClassVar[DTypes | None] = None
    """The element types the op supports per target (None: the family checks its own)."""
    LOWERS_TO: ClassVar[tuple[type[IRDLOperation], ...]] = ()
    """The ops a lowering pass replaces it by."""
    NOT_LOWERED: ClassVar[str | None] = None
    """Why it stays a tile op: `pto-lower-tile-to-vector` leaves it as it is and the
    interpreter runs it at tile level (the record says so instead of a silent fallback)."""
    REFUSED: ClassVar[str | None] = None
    """Why no vector sequence computes it exactly: `pto-lower-tile-to-vector` stops with this
    reason (docs/passes.md lists the refusals)."""

    @classmethod
    def lowers_to(cls) -> tuple[type[IRDLOperation], ...]:
        """The ops a lowering pass replaces it by (families may derive them)."""
        return cls.LOWERS_TO

    def not_lowered(self) -> str | None:
        """Why this op stays a tile op (None: a pass lowers it); by default its record's
        `NOT_LOWERED`, refined by ops lowered for some operand types only (`tcvt`)."""
        return self.NOT_LOWERED

    def __init__(
        self,
        ins: Sequence[SSAValue | Operation],
        outs: SSAValue | Operation | None = None,
        result_type: Attribute | None = None,
        attributes: dict[str, Attribute] | None = None,
    ) -> None:
        super().__init__(
            operands=[ins, [] if outs is None else [outs]],
            result_types=[[] if result_type is None else [result_type]],
            attributes=attributes,
        )

    # ---- forms ------------------------------------------------------------------------
    @property
    def is_dps(self) -> bool:
        return bool(self.outs)

    @classmethod
    def create(
        cls,
        *,
        operands: Sequence[SSAValue] = (),
        result_types: Sequence[Attribute] = (),
        properties: Mapping[str, Attribute] = {},
        attributes: Mapping[str, Attribute] = {},
        location: LocationAttr | None = None,
        successors: Sequence[Block] = (),
        regions: Sequence[Region] = (),
    ) -> Self:
        """Also reads PTOAS's generic form with its own operand groups (`PTOAS_SEGMENTS`)."""
        sizes = properties.get(SEGMENTS)
        roles = cls.PTOAS_SEGMENTS
        if roles and isinstance(sizes, DenseArrayBase):
            counts = cast(DenseArrayBase[IntegerType], sizes).get_values()
            if len(counts) == len(roles) and sum(counts) == len(operands):
                groups: dict[str, list[SSAValue]] = {"ins": [], "outs": []}
                start = 0
                for role, count in zip(roles, counts, strict=True):
                    groups[role] += operands[start : start + count]
                    start += count
                ins, outs = groups["ins"], groups["outs"]
                operands = [*ins, *outs]
                # its other properties (reluPreMode, accToVecMode, ...) are attributes here
                attributes = {
                    **attributes,
                    **{k: v for k, v in properties.items() if k != SEGMENTS},
                }
                properties = {SEGMENTS: segments(len(ins), len(outs))}
        return super().create(
            operands=operands,
            result_types=result_types,
            properties=properties,
            attributes=attributes,
            location=location,
            successors=successors,
            regions=regions,
        )

    @property
    def fp_source(self) -> SSAValue | None:
        """The fixpipe parameter, a tile or an i64 word (`FP_SOURCE` ops in DPS form), None
        without one."""
        if self.FP_SOURCE and self.outs and len(self.ins) == self.NUM_INS + 1:
            return self.ins[-1]
        return None

    @property
    def dst(self) -> SSAValue | None:
        """The destination: the `outs` buffer (DPS) or the result (SSA)."""
        if self.outs:
            return self.outs[0]
        if self.res:
            return self.res[0]
        return None

    @property
    def dst_type(self) -> Attribute | None:
        dst = self.dst
        return None if dst is None else dst.type

    # ---- syntax -----------------------------------------------------------------------
    @classmethod
    def parse(cls, parser: Parser) -> TileOp:
        if parser.parse_optional_keyword("ins") is not None:
            parser.parse_punctuation("(")
            ins, in_types = parse_operands_colon_types(parser)
            if cls.FP_SOURCE and (
                parser.parse_optional_keyword("fp") is not None
                or parser.parse_optional_keyword("pre_quant") is not None
            ):
                ins.append(parser.parse_unresolved_operand())
                parser.parse_punctuation(":")
                in_types.append(parser.parse_type())
            parser.parse_punctuation(")")
            outs: list[SSAValue] = []
            if parser.parse_optional_keyword("outs") is not None:
                parser.parse_punctuation("(")
                out_ops, out_types = parse_operands_colon_types(parser)
                parser.parse_punctuation(")")
                outs = resolve(parser, out_ops, out_types)
            attrs = parser.parse_optional_attr_dict()
            return cls.create(
                operands=[*resolve(parser, ins, in_types), *outs],
                properties={SEGMENTS: segments(len(ins), len(outs))},
                attributes=attrs,
            )
        pos = parser.pos
        operands = parser.parse_comma_separated_list(
            parser.Delimiter.NONE, parser.parse_unresolved_operand
        )
        attrs = parser.parse_optional_attr_dict()
        parser.parse_punctuation(":")
        in_types, out_types = parse_signature(parser)
        if len(in_types) != len(operands):
            parser.raise_error(
                f"{cls.name} has {len(operands)} operands but {len(in_types)} types", pos
            )
        return cls.create(
            operands=resolve(parser, operands, in_types),
            result_types=out_types,
            properties={SEGMENTS: segments(len(operands), 0)},
            attributes=attrs,
        )

    def keyword_source(self) -> SSAValue | None:
        """The source printed after `fp` / `pre_quant` (the fixpipe parameter), if any."""
        return self.fp_source

    def print(self, printer: Printer) -> None:
        if self.outs:
            printer.print_string(" ins(")
            fp = self.keyword_source()
            print_values_colon_types(printer, self.ins if fp is None else self.ins[:-1])
            if fp is not None:
                printer.print_string(" pre_quant " if isinstance(fp.type, IntegerType) else " fp ")
                print_values_colon_types(printer, [fp])
            printer.print_string(") outs(")
            print_values_colon_types(printer, self.outs)
            printer.print_string(")")
            printer.print_op_attributes(self.attributes)
            return
        printer.print_string(" ")
        printer.print_list(self.ins, printer.print_operand)
        printer.print_op_attributes(self.attributes)
        printer.print_string(" : ")
        print_signature(printer, [v.type for v in self.ins], [r.type for r in self.res])

    # ---- verification -----------------------------------------------------------------
    def verify_(self) -> None:
        if self.OPTIONAL_TMP and len(self.ins) not in (self.NUM_INS - 1, self.NUM_INS):
            required = ", ".join(source_names(self.NUM_INS - 1))
            raise fail(
                f"{self.name} expects {required} and an optional tmp, got {len(self.ins)} sources"
            )
        if not self.OPTIONAL_TMP and len(self.ins) != self.NUM_INS and self.fp_source is None:
            raise fail(f"{self.name} expects {self.NUM_INS} source operand(s), got {len(self.ins)}")
        if len(self.outs) > 1 or len(self.res) > 1:
            raise fail(f"{self.name} has at most one destination")
        if self.HAS_TILE_RESULT and len(self.outs) + len(self.res) != 1:
            raise fail(
                f"{self.name} needs exactly one destination: an outs(...) buffer (DPS form) "
                "or a result (SSA form)"
            )
        self.verify_form()
        self.verify_tiles(target_of(self))

    def verify_form(self) -> None:
        """SSA form uses `!pto.tile` throughout, DPS form `!pto.tile_buf`."""
        tiles = [v.type for v in (*self.ins, *self.outs, *self.res)]
        tiles = [t for t in tiles if isinstance(t, TileTypeBase)]
        if self.res and any(isinstance(t, TileBufType) for t in tiles):
            raise fail(f"{self.name} in SSA form takes !pto.tile operands, not !pto.tile_buf")
        if self.outs and any(isinstance(t, TileType) for t in tiles):
            raise fail(f"{self.name} in DPS form takes !pto.tile_buf operands, not !pto.tile")

    def verify_tiles(self, target: TargetProfile) -> None:
        """Family- and op-specific rules; the default checks nothing more."""

    # ---- the record: effects and regions ------------------------------------------------
    def source_roles(self) -> list[str]:
        """The names of the sources in messages and docs."""
        if self.fp_source is not None:
            return [*source_names(len(self.ins) - 1), "fp"]
        return source_names(len(self.ins))

    def scratch_sources(self) -> frozenset[int]:
        """Sources that are working space of the op in DPS form (read and written)."""
        return frozenset()

    def operand_effects(self) -> tuple[Effect, ...]:
        """What the op does to each operand, in operand order: sources are read (scratch
        sources read and written) and the DPS destination written. In SSA form every
        operand is a value, only read."""
        if not self.outs:
            return (Effect.READ,) * len(self.ins)
        scratch = self.scratch_sources()
        sources = tuple(
            Effect.SCRATCH if i in scratch else Effect.READ for i in range(len(self.ins))
        )
        return sources + (Effect.WRITE,) * len(self.outs)

    def result_region(self, shapes: Shapes[_S]) -> tuple[_S | int, _S | int]:
        """The valid region of the result where its type says `?`; each family with a tile
        result says which (no default: a family that forgets is an error, not a guess)."""
        raise NotImplementedError(f"{self.name} has no result region on its record")

    def written_region(self, shapes: Shapes[_S]) -> tuple[_S | int, _S | int] | None:
        """The part of the destination the op writes; None: its whole valid region."""
        return None

    def alias_sources(self) -> frozenset[int]:
        """Sources that may share the destination's buffer (read before written in place)."""
        return frozenset()

    def reads_beyond_valid(
        self, shapes: Shapes[_S], result: tuple[_S | int, _S | int]
    ) -> list[tuple[int, str, tuple[_S | int, _S | int]]]:
        """(source index, role, region) for each source region the op reads that may reach
        beyond that source's valid region; by default every read stays inside it."""
        return []

    @classmethod
    def legal_dtypes(cls, target: TargetProfile) -> frozenset[DType]:
        """The element types `DTYPES` allows on `target`."""
        return frozenset() if cls.DTYPES is None else cls.DTYPES[target.arch]

    # ---- helpers for verify_tiles -------------------------------------------------------
    def tile(self, index: int, role: str) -> TileTypeBase:
        """The tile type of source `index`, named `role` in messages."""
        return expect_tile(self.ins[index].type, f"{self.name} {role}")

    def dst_tile(self) -> TileTypeBase:
        return expect_tile(self.dst_type, f"{self.name} dst")


def source_names(count: int) -> list[str]:
    """`src` for one source, `src0`, `src1`, ... for several (the manual's names)."""
    return ["src"] if count == 1 else [f"src{i}" for i in range(count)]


def expect_tile(attr: Attribute | None, what: str) -> TileTypeBase:
    if not isinstance(attr, TileTypeBase):
        why = memref_tile(attr) if attr is not None else None
        reason = (
            f" (a local memref stands for the tile of its shape: {why})"
            if isinstance(why, str)
            else ""
        )
        raise fail(f"{what} must be a !pto.tile or !pto.tile_buf, got {attr}{reason}")
    return attr


def segments(*sizes: int) -> DenseArrayBase:
    """The `operandSegmentSizes` property value for groups of `sizes` operands."""
    return DenseArrayBase.from_list(i32, sizes)


# ----------------------------------------------------------------------------------------
# Checks shared by the tile families
# ----------------------------------------------------------------------------------------


def dims_str(*dims: int) -> str:
    """`16x?` for sizes, `?` standing for a dynamic one."""
    return "x".join("?" if d < 0 else str(d) for d in dims)


def require_location(what: str, tile: TileTypeBase, *locations: Location) -> None:
    """`what` (e.g. `pto.tadd src0`) must live in one of `locations`."""
    if tile.location not in locations:
        wanted = " or ".join(f"loc={loc.value}" for loc in locations)
        raise fail(f"{what} must be in {wanted}, got loc={tile.location.value}")


def require_dtype_supported(
    what: str, dtype: DType, target: TargetProfile, table: DTypes, context: str = ""
) -> None:
    """`dtype` must be in `table`'s column for `target` (`context` qualifies the message)."""
    legal = table[target.arch]
    if dtype not in legal:
        names = ", ".join(sorted(d.name for d in legal)) or "none"
        raise fail(
            f"{what} dtype {dtype} is not supported{context} on target {target.name} "
            f"(supported: {names})"
        )


def require_same_dtype(what: str, dtype: DType, ref_what: str, ref: DType) -> None:
    """`<what> dtype f16 must equal the <ref_what> dtype f32`."""
    if dtype != ref:
        raise fail(f"{what} dtype {dtype} must equal the {ref_what} dtype {ref}")
