"""Random PTO kernels for property tests: hypothesis strategies that write kernel text.

`dps_kernels()` writes Level-2 kernels (DPS tile ops on planned UB buffers, no sync) over a
small pool of reused buffers, with loops (constant and run-time trip counts) and `scf.if`,
so that every kind of cross-pipe dependence (RAW, WAR, WAW, through UB and through GM,
loop-carried, around branches) shows up. Kernel signature:
`(%in0, %in1, %out : !pto.ptr<f32>, %n : index, %cond : i1)`, GM arrays 16x8 f32.
"""

from __future__ import annotations

from dataclasses import dataclass

from hypothesis import strategies as st
from support import legal_dtypes

from pto_dialect.dtypes import dtype_named
from pto_dialect.targets import profile_for_module_attr

TILE = "!pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>"
VIEW = "!pto.partition_tensor_view<8x8xf32>"
GM_ARRAY = "16x8xf32"

_HEADER = """builtin.module attributes {pto.target_arch = "{target}"} {
  func.func @kernel(%in0: !pto.ptr<f32>, %in1: !pto.ptr<f32>, %out: !pto.ptr<f32>,
                    %n: index, %cond: i1) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
{views}{buffers}{body}    func.return
  }
}
"""


@dataclass(frozen=True)
class Step:
    """One op of a generated kernel: `kind` and its operands (buffer numbers, GM window)."""

    kind: str  # load, store, abs, add, loop, dynloop, if
    operands: tuple[int, ...] = ()
    body: tuple[Step, ...] = ()


def _windows() -> str:
    lines: list[str] = []
    for arg in ("in0", "in1", "out"):
        lines.append(
            f"    %v_{arg} = pto.make_tensor_view %{arg}, shape = [%c16, %c8], strides = [%c8, %c1]"
            " : !pto.tensor_view<?x?xf32>\n"
        )
        for half, offset in (("top", "%c0"), ("bottom", "%c8")):
            lines.append(
                f"    %{arg}_{half} = pto.partition_view %v_{arg}, offsets = [{offset}, %c0], "
                f"sizes = [%c8, %c8] : !pto.tensor_view<?x?xf32> -> {VIEW}\n"
            )
    return "".join(lines)


WINDOWS = ("in0_top", "in0_bottom", "in1_top", "in1_bottom", "out_top", "out_bottom")
OUT_WINDOWS = ("out_top", "out_bottom")


def _emit(steps: tuple[Step, ...], indent: str, counter: list[int]) -> str:
    text = ""
    for step in steps:
        ops = step.operands
        if step.kind == "load":
            text += (
                f"{indent}pto.tload ins(%{WINDOWS[ops[1]]} : {VIEW}) outs(%b{ops[0]} : {TILE})\n"
            )
        elif step.kind == "store":
            window = OUT_WINDOWS[ops[1]]
            text += f"{indent}pto.tstore ins(%b{ops[0]} : {TILE}) outs(%{window} : {VIEW})\n"
        elif step.kind == "abs":
            text += f"{indent}pto.tabs ins(%b{ops[0]} : {TILE}) outs(%b{ops[1]} : {TILE})\n"
        elif step.kind == "add":
            text += (
                f"{indent}pto.tadd ins(%b{ops[0]}, %b{ops[1]} : {TILE}, {TILE}) "
                f"outs(%b{ops[2]} : {TILE})\n"
            )
        else:
            counter[0] += 1
            if step.kind == "if":
                head = "scf.if %cond {"
            else:
                bound = "%c2" if step.kind == "loop" else "%n"
                head = f"scf.for %i{counter[0]} = %c0 to {bound} step %c1 {{"
            text += f"{indent}{head}\n{_emit(step.body, indent + '  ', counter)}{indent}}}\n"
    return text


def kernel_text(steps: tuple[Step, ...], buffers: int, target: str) -> str:
    allocs = "".join(
        f"    %a{i} = arith.constant {256 * i} : i64\n"
        f"    %b{i} = pto.alloc_tile addr = %a{i} : {TILE}\n"
        for i in range(buffers)
    )
    return (
        _HEADER.replace("{target}", target)
        .replace("{views}", _windows())
        .replace("{buffers}", allocs)
        .replace("{body}", _emit(steps, "    ", [0]))
    )


def _leaf(buffers: int) -> st.SearchStrategy[Step]:
    buf = st.integers(0, buffers - 1)
    return st.one_of(
        st.tuples(buf, st.integers(0, len(WINDOWS) - 1)).map(lambda o: Step("load", o)),
        st.tuples(buf, st.integers(0, 1)).map(lambda o: Step("store", o)),
        st.tuples(buf, buf).map(lambda o: Step("abs", o)),
        st.tuples(buf, buf, buf).map(lambda o: Step("add", o)),
    )


def _steps(buffers: int, depth: int) -> st.SearchStrategy[tuple[Step, ...]]:
    leaf = _leaf(buffers)
    if depth == 0:
        return st.lists(leaf, min_size=1, max_size=4).map(tuple)
    inner = _steps(buffers, depth - 1)
    nested = st.tuples(st.sampled_from(["loop", "dynloop", "if"]), inner).map(
        lambda kb: Step(kb[0], body=kb[1])
    )
    return st.lists(st.one_of(leaf, leaf, nested), min_size=1, max_size=5).map(tuple)


@st.composite
def dps_kernels(draw: st.DrawFn, target: str) -> str:
    buffers = draw(st.integers(2, 4))
    steps = draw(_steps(buffers, depth=2))
    return kernel_text(steps, buffers, target)


def kernel_args(n: int, cond: bool) -> list[str]:
    """Arguments of a generated kernel: random inputs, a zero output, the loop count, the flag."""
    return [
        f"rand:{GM_ARRAY}:1",
        f"rand:{GM_ARRAY}:2",
        f"zeros:{GM_ARRAY}",
        f"{n}:index",
        f"{int(cond)}:i1",
    ]


# ---- Level-1 kernels (SSA tile values) for the whole pipeline --------------------------------

ELEMENTWISE_BINARY = ("tadd", "tsub", "tmul", "tdiv", "tmax", "tmin")
ELEMENTWISE_UNARY = ("tabs", "texp", "tlog", "tsqrt", "trsqrt", "trecip", "trelu")
ELEMENTWISE_TERNARY = ("taddc", "tsubc")
TILE_SCALAR = ("tadds", "tsubs", "tmuls", "tmaxs", "tmins", "taxpy")
"""Tile-scalar ops of the generator: `(src, %alpha)`, taxpy `(src, %alpha, acc)`."""
SCALARS = {"f32": (0.5, -2.0, 3.0, 0.0), "f16": (0.5, -2.0, 3.0, 0.0),
           "i32": (3, -1, 0, 7), "i16": (3, -1, 0, 7)}  # fmt: skip
COLUMN_REDUCTIONS = ("tcolmin", "tcolmax", "tcolsum")
COMPARE_SELECT = "tcmpsel"
"""`%m = pto.tcmp a, b {cmpMode}` into a packed mask tile, then `pto.tsel %m, a, b`: operands
(a, b, mode index)."""
MODES = ("eq", "ne", "lt", "le", "gt", "ge")
MASK_BYTES = 32
"""Valid bytes of a mask row: one whole predicate store (what the compare lowering needs)."""
ROW_REDUCTIONS = ("trowsum", "trowmax", "trowmin", "trowprod")
"""Row reductions of the generator: `(src, tmp)`, tmp the same value (SSA: not changed)."""
_FUSED = ("add", "sub", "mul", "div", "max", "min", "expdif")
ROW_EXPANSIONS = ("trowexpand", *(f"trowexpand{op}" for op in _FUSED))
"""Row expansions of the generator: the per-row operand is a loaded col-major rows x 1 tile."""
COL_EXPANSIONS = ("tcolexpand", *(f"tcolexpand{op}" for op in _FUSED))
"""Column expansions: the per-column operand is `tcolmax` of the chain's last value."""
DTYPES = ("f32", "f16", "i32", "i16")
_BYTES = {"f32": 4, "f16": 2, "i32": 4, "i16": 2}


@dataclass(frozen=True)
class Chain:
    """A Level-1 kernel: per tile, load `loads` inputs, apply `ops`, store the last value
    (and a column reduction of it), over `tiles` tiles, optionally accumulating."""

    dtype: str
    rows: int
    cols: int
    valid: tuple[int, int]
    dynamic: bool
    tiles: int
    loads: int
    ops: tuple[tuple[str, tuple[int, ...]], ...]
    reduction: str | None
    accumulate: bool
    scalar: int | float = 3
    """The value of the kernel's scalar argument `%alpha` (of the element type)."""
    generator: tuple[str, int, bool] | None = None
    """A generator op (`GENERATORS`) whose tile joins the loaded values: (`ttri`, diagonal,
    upper) or (`tci`, unused, descending, from `%alpha`); static valid regions only."""
    row_reduction: str | None = None
    """A row reduction of the last value, stored to the `%rred` argument (rows x 1)."""
    expansion: str | None = None
    """A row or column expansion applied to the chain's last value before it is stored."""

    @property
    def streams(self) -> bool:
        """Whether an iteration has a buffer two pipes touch that is not loop-carried: a
        loaded value some op reads, a stored value not carried to the next iteration, a
        reduction or a per-row operand. `pto-multi-buffer` slots only such buffers."""
        if not self.accumulate or self.reduction or self.row_reduction or self.row_expansion:
            return True
        count = self.loads + 1 + (self.generator is not None)  # loaded, %acc, %gen
        read: set[int] = set()
        for op, operands in self.ops:
            read |= {o % count for o in (operands[:2] if op == COMPARE_SELECT else operands)}
            count += 1
        return any(k < self.loads for k in read)

    @property
    def row_expansion(self) -> bool:
        return self.expansion is not None and self.expansion.startswith("trow")

    def expansion_args(self, seed: int) -> list[str]:
        """The per-row operand's GM array, when the expansion takes one."""
        if not self.row_expansion:
            return []
        return [f"rand:{self.tiles * self.rows}x1x{self.dtype}:{seed + 9}"]

    def expand(self, last: str, tile: str, sizes: str, lines: list[str]) -> str:
        """Appends the expansion step to `lines`; returns the new last value."""
        t, op = self.dtype, self.expansion
        assert op is not None
        vr, vc = ("?", "?") if self.dynamic else self.valid
        if self.row_expansion:
            rows = 32 // _BYTES[t]  # a col-major tile's rows fill whole 32-byte blocks
            vec = (f"!pto.tile<loc=vec, dtype={t}, rows={rows}, cols=1, v_row={vr}, v_col=1, "
                   "blayout=col_major>")  # fmt: skip
            view = f"!pto.partition_tensor_view<{'?' if self.dynamic else vr}x1x{t}>"
            rows_size = sizes.split(", ")[0]
            lines.append(
                f"      %pe = pto.partition_view %vein, offsets = [%row, %c0], "
                f"sizes = [{rows_size}, %c1] : !pto.tensor_view<?x?x{t}> -> {view}"
            )
            lines.append(f"      %e = pto.tload %pe : {view} -> {vec}")
        else:
            vec = f"!pto.tile<loc=vec, dtype={t}, rows=1, cols={self.cols}, v_row=1, v_col={vc}>"
            lines.append(f"      %e = pto.tcolmax {last} : {tile} -> {vec}")
        if op in ("trowexpand", "tcolexpand"):
            lines.append(f"      %z = pto.{op} %e : {vec} -> {tile}")
        else:
            lines.append(f"      %z = pto.{op} {last}, %e : ({tile}, {vec}) -> {tile}")
        return "%z"

    def text(self, target: str) -> str:
        t, rows, cols = self.dtype, self.rows, self.cols
        vr, vc = ("?", "?") if self.dynamic else self.valid
        tile = f"!pto.tile<loc=vec, dtype={t}, rows={rows}, cols={cols}, v_row={vr}, v_col={vc}>"
        pdims = "?x?" if self.dynamic else f"{self.valid[0]}x{self.valid[1]}"
        view = f"!pto.partition_tensor_view<{pdims}x{t}>"
        red_tile = f"!pto.tile<loc=vec, dtype={t}, rows=1, cols={cols}, v_row=1, v_col={vc}>"
        red_view = f"!pto.partition_tensor_view<1x{'?' if self.dynamic else self.valid[1]}x{t}>"
        ins = [f"%in{i}" for i in range(self.loads)]
        outs = ["%out", "%red"] + (["%rred"] if self.row_reduction else [])
        outs += ["%ein"] if self.row_expansion else []
        params = ", ".join(f"{p}: !pto.ptr<{t}>" for p in [*ins, *outs])
        lines = [
            f'builtin.module attributes {{pto.target_arch = "{target}"}} {{',
            f"  func.func @kernel({params}, %vr: index, %vc: index, %alpha: {t}) {{",
            "    %c0 = arith.constant 0 : index",
            "    %c1 = arith.constant 1 : index",
            f"    %rows = arith.constant {rows} : index",
            f"    %cols = arith.constant {cols} : index",
            f"    %tiles = arith.constant {self.tiles} : index",
            f"    %height = arith.constant {self.tiles * rows} : index",
        ]
        sizes = "%vr, %vc" if self.dynamic else f"%c{self.valid[0]}, %c{self.valid[1]}"
        red_sizes = "%c1, %vc" if self.dynamic else f"%c1, %c{self.valid[1]}"
        if not self.dynamic:
            for n in sorted({*self.valid, 1}):
                lines.append(f"    %c{n}_v = arith.constant {n} : index")
            sizes = f"%c{self.valid[0]}_v, %c{self.valid[1]}_v"
            red_sizes = f"%c1_v, %c{self.valid[1]}_v"
        for name in [*ins, "%out"]:
            lines.append(
                f"    %v{name[1:]} = pto.make_tensor_view {name}, shape = [%height, %cols], "
                f"strides = [%cols, %c1] : !pto.tensor_view<?x?x{t}>"
            )
        lines.append(
            "    %vred = pto.make_tensor_view %red, shape = [%tiles, %cols], "
            f"strides = [%cols, %c1] : !pto.tensor_view<?x?x{t}>"
        )
        if self.row_reduction:
            lines.append(
                "    %vrred = pto.make_tensor_view %rred, shape = [%height, %c1], "
                f"strides = [%c1, %c1] : !pto.tensor_view<?x?x{t}>"
            )
        if self.row_expansion:
            lines.append(
                "    %vein = pto.make_tensor_view %ein, shape = [%height, %c1], "
                f"strides = [%c1, %c1] : !pto.tensor_view<?x?x{t}>"
            )
        carried = ""
        if self.accumulate:
            lines.append(f"    %p_init = pto.partition_view %vin0, offsets = [%c0, %c0], "
                         f"sizes = [{sizes}] : !pto.tensor_view<?x?x{t}> -> {view}")  # fmt: skip
            lines.append(f"    %acc0 = pto.tload %p_init : {view} -> {tile}")
            carried = f" iter_args(%acc = %acc0) -> ({tile})"
        lines.append(f"    %final = scf.for %i = %c0 to %tiles step %c1{carried} {{")
        lines.append("      %row = arith.muli %i, %rows : index")
        values: list[str] = []
        for k, name in enumerate([*ins, "%out"]):
            lines.append(
                f"      %p{k} = pto.partition_view %v{name[1:]}, offsets = [%row, %c0], "
                f"sizes = [{sizes}] : !pto.tensor_view<?x?x{t}> -> {view}"
            )
        for k in range(self.loads):
            lines.append(f"      %x{k} = pto.tload %p{k} : {view} -> {tile}")
            values.append(f"%x{k}")
        if self.accumulate:
            values.append("%acc")
        if self.generator is not None:
            lines.append(self._generator_line(tile))
            values.append("%gen")
        mask = (
            f"!pto.tile<loc=vec, dtype=ui8, rows={rows}, cols={MASK_BYTES}, v_row={vr}, "
            f"v_col={MASK_BYTES}>"
        )
        for k, (op, operands) in enumerate(self.ops):
            if op == COMPARE_SELECT:
                a, b = (values[o % len(values)] for o in operands[:2])
                mode = MODES[operands[2] % len(MODES)]
                lines.append(f"      %m{k} = pto.tcmp {a}, {b} {{cmpMode = #pto<cmp {mode}>}} : "
                             f"({tile}, {tile}) -> {mask}")  # fmt: skip
                lines.append(f"      %y{k} = pto.tsel %m{k}, {a}, {b} : ({mask}, {tile}, {tile})"
                             f" -> {tile}")  # fmt: skip
                values.append(f"%y{k}")
                continue
            args = [values[o % len(values)] for o in operands]
            types = ", ".join([tile] * len(args))
            signature = f"({types}) -> {tile}" if len(args) > 1 else f"{tile} -> {tile}"
            if op in TILE_SCALAR:  # the scalar after the first tile
                args.insert(1, "%alpha")
                signature = f"({', '.join([tile, t] + [tile] * (len(args) - 2))}) -> {tile}"
            lines.append(f"      %y{k} = pto.{op} {', '.join(args)} : {signature}")
            values.append(f"%y{k}")
        last = values[-1]
        if self.expansion is not None:
            last = self.expand(last, tile, sizes, lines)
        lines.append(f"      pto.tstore {last}, %p{self.loads} : {tile}, {view}")
        if self.reduction is not None:
            lines.append(
                f"      %pr = pto.partition_view %vred, offsets = [%i, %c0], sizes = [{red_sizes}]"
                f" : !pto.tensor_view<?x?x{t}> -> {red_view}"
            )
            lines.append(f"      %r = pto.{self.reduction} {last} : {tile} -> {red_tile}")
            lines.append(f"      pto.tstore %r, %pr : {red_tile}, {red_view}")
        if self.row_reduction:
            lines += self._row_reduction(last, tile, vr)
        lines.append(f"      scf.yield {last} : {tile}" if self.accumulate else "      scf.yield")
        lines.append("    }")
        if self.accumulate:
            lines.append(f"    %p_last = pto.partition_view %vout, offsets = [%c0, %c0], "
                         f"sizes = [{sizes}] : !pto.tensor_view<?x?x{t}> -> {view}")  # fmt: skip
            lines.append(f"    pto.tstore %final, %p_last : {tile}, {view}")
        lines += ["    func.return", "  }", "}"]
        text = "\n".join(lines) + "\n"
        if not self.accumulate:
            text = text.replace("%final = scf.for", "scf.for")
        return text

    def _generator_line(self, tile: str) -> str:
        assert self.generator is not None and not self.dynamic
        name, diagonal, flag = self.generator
        if name == "tci":
            order = "true" if flag else "false"
            return f"      %gen = pto.tci %alpha {{descending = {order}}} : {self.dtype} -> {tile}"
        return (
            f"      %diag = arith.constant {diagonal} : i32\n"
            f"      %gen = pto.ttri %diag {{upperOrLower = {int(flag)} : i32}} : i32 -> {tile}"
        )

    def _row_reduction(self, last: str, tile: str, vr: int | str) -> list[str]:
        """`row_reduction` of `last` (tmp: `last` again), stored to rows x 1 of `%rred`."""
        t = self.dtype
        out = f"!pto.tile<loc=vec, dtype={t}, rows={self.rows}, cols={32 // _BYTES[t]}, "
        out += f"v_row={vr}, v_col=1>"
        view = f"!pto.partition_tensor_view<{vr}x1x{t}>"
        rows = "%vr" if self.dynamic else f"%c{self.valid[0]}_v"
        return [
            f"      %prr = pto.partition_view %vrred, offsets = [%row, %c0], sizes = [{rows}, %c1]"
            f" : !pto.tensor_view<?x?x{t}> -> {view}",
            f"      %rr = pto.{self.row_reduction} {last}, {last} : ({tile}, {tile}) -> {out}",
            f"      pto.tstore %rr, %prr : {out}, {view}",
        ]

    def args(self, seed: int = 0) -> list[str]:
        shape = f"{self.tiles * self.rows}x{self.cols}x{self.dtype}"
        inputs = [f"rand:{shape}:{seed + i}" for i in range(self.loads)]
        rred = [f"zeros:{self.tiles * self.rows}x1x{self.dtype}"] if self.row_reduction else []
        return [
            *inputs,
            f"zeros:{shape}",
            f"zeros:{self.tiles}x{self.cols}x{self.dtype}",
            *rred,
            *self.expansion_args(seed),
            f"{self.valid[0]}:index",
            f"{self.valid[1]}:index",
            f"{self.scalar}:{self.dtype}",
        ]


def legal_ops(target: str, dtype: str) -> tuple[list[str], list[str], list[str], list[str]]:
    """The binary (and ternary, and the compare + select pair), unary, reduction and
    tile-scalar ops of the generator legal for `dtype` on `target`."""
    from pto_dialect.dtypes import dtype_named
    from pto_dialect.targets import profile_for_module_attr

    profile = profile_for_module_attr(target)
    dt = dtype_named(dtype)

    def legal(ops: tuple[str, ...]) -> list[str]:
        return [op for op in ops if dt in legal_dtypes(profile, op)]

    binary = [op for op in legal(ELEMENTWISE_BINARY) if op != "tdiv" or dtype.startswith("f")]
    ternary = legal(ELEMENTWISE_TERNARY)
    # an 8-bit mask: tcmp's A2/A3 types on the CPU simulator too (cpu/TCmp.h)
    a2a3 = profile_for_module_attr("a2a3")
    select = [
        COMPARE_SELECT
        for _ in [0]
        if dt in legal_dtypes(profile, "tcmp") & legal_dtypes(profile, "tsel")
        and (target != "cpu" or dt in legal_dtypes(a2a3, "tcmp"))
    ]
    return (
        binary + ternary + select,
        legal(ELEMENTWISE_UNARY),
        legal(COLUMN_REDUCTIONS),
        legal(TILE_SCALAR),
    )


PARTIAL = ("tpartadd", "tpartmul", "tpartmax", "tpartmin")
"""Partial elementwise ops of the chains (every value of a chain has the same valid region:
the pattern where both sources are dst's)."""


def legal_partial(target: str, dtype: str) -> list[str]:
    """The partial ops legal for `dtype` on `target` whose vector op is too."""
    from pto_dialect.dtypes import dtype_named
    from pto_dialect.targets import profile_for_module_attr

    profile, dt = profile_for_module_attr(target), dtype_named(dtype)
    vector = {"tpartadd": "vadd", "tpartmul": "vmul", "tpartmax": "vmax", "tpartmin": "vmin"}
    return [
        op
        for op in PARTIAL
        if dt in legal_dtypes(profile, op) and dt in legal_dtypes(profile, vector[op])
    ]


GENERATORS = ("tci", "ttri")
"""Generator ops of the chains: `tci` needs a one-row tile of its integer types."""


def legal_generators(target: str, dtype: str, rows: int) -> list[str]:
    from pto_dialect.dtypes import dtype_named
    from pto_dialect.targets import profile_for_module_attr

    profile, dt = profile_for_module_attr(target), dtype_named(dtype)
    legal = [op for op in GENERATORS if dt in legal_dtypes(profile, op)]
    return [op for op in legal if op != "tci" or rows == 1]


@st.composite
def chains(draw: st.DrawFn, target: str) -> Chain:
    """A Level-1 kernel legal on `target` (integer tdiv left out: no vector division)."""
    dtype = draw(st.sampled_from([d for d in DTYPES if legal_ops(target, d)[0]]))
    binary, unary, reductions, scalar = legal_ops(target, dtype)
    profile = profile_for_module_attr(target)
    rows_reductions = [
        op for op in ROW_REDUCTIONS if dtype_named(dtype) in legal_dtypes(profile, op)
    ]
    per_block = 32 // _BYTES[dtype]
    rows = draw(st.sampled_from([1, 2, 4]))
    cols = per_block * draw(st.sampled_from([1, 2, 4, 8]))
    valid = (draw(st.integers(1, rows)), draw(st.integers(1, cols)))
    loads = draw(st.integers(1, 2))
    dynamic = draw(st.booleans())
    partial = [] if dynamic else legal_partial(target, dtype)  # SSA: a static valid shape
    op_names = st.sampled_from(binary + unary + scalar + partial)
    ops = draw(st.lists(op_names, min_size=1, max_size=4))
    one = (*unary, *(op for op in scalar if op != "taxpy"))
    three = (*ELEMENTWISE_TERNARY, COMPARE_SELECT)
    arity = {op: 1 if op in one else 3 if op in three else 2 for op in ops}
    operands = [tuple(draw(st.integers(0, 7)) for _ in range(arity[op])) for op in ops]
    generators = legal_generators(target, dtype, rows)
    generator = None
    if generators and not dynamic and draw(st.booleans()):
        name = draw(st.sampled_from(generators))
        generator = (name, draw(st.integers(-cols, cols)), draw(st.booleans()))
    # trowexpand/tcolexpand take the result's cols/rows from its type: static sizes only
    expanding = [
        op
        for op in expansions(target, dtype)
        if not dynamic or op not in ("trowexpand", "tcolexpand")
    ]
    return Chain(
        dtype=dtype,
        rows=rows,
        cols=cols,
        valid=valid,
        dynamic=dynamic,
        generator=generator,
        tiles=draw(st.integers(1, 3)),
        loads=loads,
        ops=tuple(zip(ops, operands, strict=True)),
        reduction=draw(st.one_of(st.none(), st.sampled_from(reductions))) if reductions else None,
        accumulate=draw(st.booleans()),
        scalar=draw(st.sampled_from(SCALARS[dtype])),
        row_reduction=draw(st.one_of(st.none(), st.sampled_from(rows_reductions)))
        if rows_reductions
        else None,
        expansion=draw(st.one_of(st.none(), st.sampled_from(expanding))),
    )


def expansions(target: str, dtype: str) -> list[str]:
    """The row and column expansions legal for `dtype` on `target` that the vector lowering
    computes exactly (no integer division: the lowering emits no integer `vdiv`)."""
    from pto_dialect.dtypes import dtype_named
    from pto_dialect.targets import profile_for_module_attr

    profile = profile_for_module_attr(target)
    dt = dtype_named(dtype)
    ops = [*ROW_EXPANSIONS, *COL_EXPANSIONS]
    legal = [op for op in ops if dt in legal_dtypes(profile, op)]
    return [op for op in legal if not op.endswith("div") or dtype.startswith("f")]
