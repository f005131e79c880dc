"""Level-1 cube kernels for the tests of pto-lower-matrix: C (m x n) = [bias +] A (m x K) .
B (K x n) with K in `blocks` steps of k, each step GM -> L1 (tload) -> L0A / L0B (tmov) ->
the cube (tmatmul, tgemv, .bias first, .acc after), then one tstore of C.

Tiles are larger than the valid regions where `pad` says so (partial valid regions); GM
operands are ND or DN (`*_dn`: stored column by column); B's L1 tile is ZN or NZ.
"""

from __future__ import annotations

from dataclasses import dataclass
from math import ceil

SPELLING = {"hif8": "!pto.hif8"}
"""Element types whose MLIR spelling is not their name."""

TARGET_LAYOUT = {"a5": "col_major", "a2a3": "row_major"}
"""The left tile's blayout the target's L0A format names (NZ on A5, ZZ on A2/A3)."""


@dataclass(frozen=True)
class Gemm:
    target: str
    acc: str
    a: str
    b: str
    m: int
    k: int
    n: int
    blocks: int = 1
    pad: tuple[int, int, int] = (0, 0, 0)
    """Extra 16-row boxes of M, 32-element units of k and n in the tiles."""
    b_nz: bool = False
    a_dn: bool = False
    b_dn: bool = False
    c_dn: bool = False
    gemv: bool = False
    bias: bool = False
    atomic: bool = False
    """C's tstore adds to GM (`atomicType = atomic_add`)."""
    grid: tuple[int, int] = (1, 1)
    """Blocks along M and N: block b computes C's tile (b // grid[1], b % grid[1])."""

    @property
    def shapes(self) -> tuple[int, int, int]:
        """The tiles' M, k and n extents."""
        pm, pk, pn = self.pad
        return (
            (ceil(self.m / 16) + pm) * 16,
            (ceil(self.k / 32) + pk) * 32,
            (ceil(self.n / 32) + pn) * 32,
        )

    def args(self, seed: int) -> list[str]:
        K = self.k * self.blocks
        rows, cols = self.m * self.grid[0], self.n * self.grid[1]
        a = f"{K}x{rows}" if self.a_dn else f"{rows}x{K}"
        b = f"{cols}x{K}" if self.b_dn else f"{K}x{cols}"
        c = f"{cols}x{rows}" if self.c_dn else f"{rows}x{cols}"
        specs = [f"rand:{a}x{self.a}:{seed}", f"rand:{b}x{self.b}:{seed + 1}"]
        if self.bias:
            specs.append(f"rand:1x{cols}x{self.acc}:{seed + 2}")
        out = f"rand:{c}x{self.acc}:{seed + 3}" if self.atomic else f"zeros:{c}x{self.acc}"
        return [*specs, out]

    def text(self) -> str:
        M, Kt, N = self.shapes
        m, k, n, acc = self.m, self.k, self.n, self.acc
        a_type, b_type = (SPELLING.get(t, t) for t in (self.a, self.b))
        left = TARGET_LAYOUT[self.target]
        mat_b = "col_major, slayout=row_major" if self.b_nz else "row_major, slayout=col_major"
        types = {
            "mat_a": f"loc=mat, dtype={a_type}, rows={M}, cols={Kt}, v_row={m}, v_col={k}, "
            "blayout=col_major, slayout=row_major",
            "mat_b": f"loc=mat, dtype={b_type}, rows={Kt}, cols={N}, v_row={k}, v_col={n}, "
            f"blayout={mat_b}",
            "left": f"loc=left, dtype={a_type}, rows={M}, cols={Kt}, v_row={m}, v_col={k}, "
            f"blayout={left}, slayout=row_major",
            "right": f"loc=right, dtype={b_type}, rows={Kt}, cols={N}, v_row={k}, v_col={n}, "
            "blayout=row_major, slayout=col_major",
            "acc": f"loc=acc, dtype={acc}, rows={M}, cols={N}, v_row={m}, v_col={n}, "
            "blayout=col_major, slayout=row_major, fractal=1024",
            "mat_bias": f"loc=mat, dtype={acc}, rows=1, cols={N}, v_row=1, v_col={n}",
            "bias": f"loc=bias, dtype={acc}, rows=1, cols={N}, v_row=1, v_col={n}",
        }
        lines = [f"!{name} = !pto.tile<{body}>" for name, body in types.items()]
        K = k * self.blocks
        params = [f"%a: !pto.ptr<{a_type}>", f"%b: !pto.ptr<{b_type}>"]
        if self.bias:
            params.append(f"%bias: !pto.ptr<{acc}>")
        params.append(f"%c: !pto.ptr<{acc}>")
        body = [
            "%c0 = arith.constant 0 : index",
            "%c1 = arith.constant 1 : index",
            f"%cblocks = arith.constant {self.blocks} : index",
            f"%ck = arith.constant {k} : index",
        ]

        def view(name: str, ptr: str, dtype: str, rows: int, cols: int, dn: bool) -> None:
            body.append(f"%r{name} = arith.constant {rows} : index")
            body.append(f"%k{name} = arith.constant {cols} : index")
            strides = f"[%c1, %r{name}]" if dn else f"[%k{name}, %c1]"
            body.append(
                f"%v{name} = pto.make_tensor_view {ptr}, shape = [%r{name}, %k{name}], "
                f"strides = {strides} : !pto.tensor_view<?x?x{dtype}>"
            )

        def part(name: str, dtype: str, offsets: str, rows: int, cols: int, out: str) -> str:
            body.append(f"%sr{out} = arith.constant {rows} : index")
            body.append(f"%sc{out} = arith.constant {cols} : index")
            body.append(
                f"%p{out} = pto.partition_view %v{name}, offsets = {offsets}, sizes = "
                f"[%sr{out}, %sc{out}] : !pto.tensor_view<?x?x{dtype}> -> "
                f"!pto.partition_tensor_view<{rows}x{cols}x{dtype}>"
            )
            return f"!pto.partition_tensor_view<{rows}x{cols}x{dtype}>"

        rows, cols = m * self.grid[0], n * self.grid[1]
        view("a", "%a", a_type, rows, K, self.a_dn)
        view("b", "%b", b_type, K, cols, self.b_dn)
        view("c", "%c", acc, rows, cols, self.c_dn)
        row0 = col0 = "%c0"
        if self.grid != (1, 1):
            body += [
                "%block = pto.get_block_idx",
                "%bi = arith.index_cast %block : i64 to index",
                f"%gn = arith.constant {self.grid[1]} : index",
                "%bm = arith.divui %bi, %gn : index",
                "%bn = arith.remui %bi, %gn : index",
                f"%tm = arith.constant {m} : index",
                f"%tn = arith.constant {n} : index",
                "%row0 = arith.muli %bm, %tm : index",
                "%col0 = arith.muli %bn, %tn : index",
            ]
            row0, col0 = "%row0", "%col0"

        def step(off: str, tag: str) -> tuple[str, str]:
            pa = part("a", a_type, f"[{row0}, {off}]", m, k, f"a{tag}")
            pb = part("b", b_type, f"[{off}, {col0}]", k, n, f"b{tag}")
            body.append(f"%ma{tag} = pto.tload %pa{tag} : {pa} -> !mat_a")
            body.append(f"%mb{tag} = pto.tload %pb{tag} : {pb} -> !mat_b")
            body.append(f"%l{tag} = pto.tmov %ma{tag} : !mat_a -> !left")
            body.append(f"%r{tag} = pto.tmov %mb{tag} : !mat_b -> !right")
            return f"%l{tag}", f"%r{tag}"

        family = "tgemv" if self.gemv else "tmatmul"
        left0, right0 = step("%c0", "0")
        if self.bias:
            view("bias", "%bias", acc, 1, cols, False)
            pz = part("bias", acc, f"[%c0, {col0}]", 1, n, "z")
            body.append(f"%mz = pto.tload %pz : {pz} -> !mat_bias")
            body.append("%bz = pto.tmov %mz : !mat_bias -> !bias")
            body.append(
                f"%first = pto.{family}.bias {left0}, {right0}, %bz : "
                "(!left, !right, !bias) -> !acc"
            )
        else:
            body.append(f"%first = pto.{family} {left0}, {right0} : (!left, !right) -> !acc")
        total = "%first"
        if self.blocks > 1:
            body.append(
                "%sum = scf.for %i = %c1 to %cblocks step %c1 iter_args(%part = %first) -> (!acc) {"
            )
            body.append("%off = arith.muli %i, %ck : index")
            left, right = step("%off", "")
            body.append(
                f"%next = pto.{family}.acc %part, {left}, {right} : (!acc, !left, !right) -> !acc"
            )
            body.append("scf.yield %next : !acc")
            body.append("}")
            total = "%sum"
        pc = part("c", acc, f"[{row0}, {col0}]", m, n, "c")
        attr = " {atomicType = #pto.atomic_type<atomic_add>}" if self.atomic else ""
        body.append(f"pto.tstore {total}, %pc{attr} : !acc, {pc}")
        body.append("func.return")
        lines.append(f'builtin.module attributes {{pto.target_arch = "{self.target}"}} {{')
        lines.append(f"  func.func @gemm({', '.join(params)}) {{")
        lines += [f"    {line}" for line in body]
        lines += ["  }", "}"]
        return "\n".join(lines) + "\n"
