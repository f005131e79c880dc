"""The 32-bit op sequences pto-isa's A5 issues a repeat for a tile op on 64-bit integers
(npu/a5/Int64Binary.hpp, Int64Div.hpp, Int64Common.hpp): each repeat is loaded as low and
high 32-bit halves (`vlds` DINTLV_B32), computed by a row loop and stored by one interleaving
`vsts`. `chains` gives the dependent chain of a repeat (its latency and issue), `extras` the
ops issued beside it (issue only); `costs.a5_tile_cycles` and `a5_rows_cycles` use both.

- add/sub (`Int64AddRegs`; `tpartadd` too, `Int64Part`): `vaddc` then `vaddcs` with the
  carry (`vsubc`, `vsubcs`);
- mul (`Int64MulRegs`): `vmull` then two `vmula`;
- max/min (`Int64MinMax`; `tpartmax`/`tpartmin` too): `vcmp` -> `psel` -> `vsel`, two more
  `vcmp` and the other `vsel`;
- `tsels` (`Int64SelectScalar`): a `vsel` a half; `ttri` (Int64Rearrange.hpp `Int64Tri`): a
  `vsel` a row;
- compare (`Int64Compare`, the relational modes; EQ and NE issue one op fewer): `vcmp` ->
  `psel` -> two `ppack` -> `pand` before a `psts`, two more `vcmp`;
- shifts (`Int64ShiftRegs`): `vand` of the count -> `vsub` -> `vshr` -> `vor` -> `vsel`,
  eleven more ops;
- div (`Int64DivSignedRegs`; the unsigned form issues about as many): the divisor's
  absolute value, converted to f32, a `vdiv` reciprocal converted back, two Newton steps of
  64-bit multiplies and 128-bit high products (`Int64B128Calc`), the quotient's product,
  two corrections and the sign; rem (`Int64RemRegs`): a div, a multiply, a subtract and a
  select; the scalar forms (`Int64Scalar`, `Int64DivScalar`) issue the same;
- row sum (Int64Reduce.hpp `Int64RowSum`): the low half's 16-bit pieces and the high half
  summed across lanes (`vcadd`), the carries shifted in: 13 ops, 7 chained; row max/min
  (`Int64RowMinMax`): `vcmax` -> `vdup` -> `vcmp` twice, then `vcmax` (`vcmin`).
No 64-bit case is profiled: the 32-bit ops' figures."""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType

Seq = tuple[tuple[type, ...], tuple[type, ...]]
"""A helper of pto-isa's: (its dependent chain, the ops it issues beside the chain)."""


def _join(*parts: Seq) -> Seq:
    return (tuple(op for c, _ in parts for op in c), tuple(op for _, e in parts for op in e))


def _beside(*parts: Seq) -> Seq:
    """Helpers off the chain: all their ops issue beside it."""
    return ((), tuple(op for c, e in parts for op in (*c, *e)))


def _sequences() -> dict[str, Seq]:
    from pto_dialect.ops.vector_arith import (
        VAddCOp,
        VAddOp,
        VAndOp,
        VBrOp,
        VDivOp,
        VMulAOp,
        VNotOp,
        VOrOp,
        VShlOp,
        VShrOp,
        VSubCOp,
        VSubOp,
    )
    from pto_dialect.ops.vector_compare import VCmpOp, VSelOp
    from pto_dialect.ops.vector_convert import VCvtOp
    from pto_dialect.ops.vector_fused import VMullOp
    from pto_dialect.ops.vector_materialize import VDupOp
    from pto_dialect.ops.vector_predicate import PAndOp, PNotOp, PPackOp, PSelOp, PXorOp
    from pto_dialect.ops.vector_rearrange import VDintlvOp, VIntlvOp
    from pto_dialect.ops.vector_reduce import VCaddOp, VCmaxOp
    from pto_dialect.ops.vector_scalar import VAddCsOp, VAddsOp, VShlsOp, VShrsOp, VSubCsOp

    add: Seq = ((VAddCOp, VAddCsOp), ())
    sub: Seq = ((VSubCOp, VSubCsOp), ())
    mul: Seq = ((VMullOp, VMulAOp, VMulAOp), ())
    sel: Seq = ((VSelOp,), (VSelOp,))
    neg: Seq = ((VNotOp,), (VNotOp,))
    dup: Seq = ((), (VBrOp, VBrOp))
    absolute: Seq = ((VCmpOp, VSubCOp, VSubCsOp, VSelOp), (VBrOp, VSelOp))
    eq: Seq = ((VCmpOp, PAndOp), (VCmpOp,))
    geu: Seq = ((VCmpOp, PSelOp), (VCmpOp, VCmpOp))
    convert: Seq = ((VIntlvOp, VCvtOp, VDintlvOp), (VCvtOp,))  # Int64ToFloat, FloatToInt64
    reciprocal: Seq = _join(convert, ((VDivOp, VAddsOp), (VBrOp,)), convert)
    b128: Seq = (  # Int64B128Calc: four vmull, the carries of their sum
        (VMullOp, VAddCOp, VAddCsOp, VAddCsOp),
        (VMullOp, VMullOp, VMullOp, VAddCOp, VAddCsOp, VAddCsOp),
    )
    # Int64ShiftRegs beside its chain: two vbr constants, vadds, two vcmp, three vshl (a
    # right shift: two vshr and a vshl), the other vsub, a vbr (or vshrs), the other vsel
    shift_beside = (VBrOp, VBrOp, VAddsOp, VCmpOp, VCmpOp, VShlOp, VShlOp, VShlOp, VSubOp)
    shift_beside += (VBrOp, VSelOp)
    step = _join(mul, neg, add, b128, add)  # a Newton step of the reciprocal
    div = _join(
        absolute,
        _beside(absolute, dup, dup, dup, eq, eq, ((), (PNotOp, PNotOp, PAndOp, VBrOp))),
        reciprocal,
        step,
        _join(mul, neg, add, b128, add, b128),
        mul,
        sub,
        geu,
        _beside(add),
        sub,
        sel,
        geu,
        add,
        sel,
        sel,
        ((), (VCmpOp, VCmpOp, PXorOp, PNotOp)),  # Int64DivSign
        sub,
        sel,
        sel,
    )
    return {
        "add": add,
        "sub": sub,
        "mul": mul,
        "minmax": ((VCmpOp, PSelOp, VSelOp), (VCmpOp, VCmpOp, VSelOp)),
        "compare": ((VCmpOp, PSelOp, PPackOp, PPackOp, PAndOp), (VCmpOp, VCmpOp)),
        "shift": ((VAndOp, VSubOp, VShrOp, VOrOp, VSelOp), shift_beside),
        "div": div,
        "rem": _join(div, mul, sub, _beside(dup, eq), sel),
        "select": ((VSelOp,), (VSelOp,)),  # Int64SelectScalar: a vsel a half
        "tri": ((VSelOp,), ()),  # Int64Tri: the low half's vsel of one and zero a row
        "rowsum": (  # Int64RowSum: 16-bit pieces of the low half summed, carries into high
            (VAndOp, VCaddOp, VShrsOp, VAddOp, VAndOp, VShlsOp, VOrOp),
            (VShrsOp, VCaddOp, VCaddOp, VShrsOp, VAddOp, VAndOp),
        ),
        # Int64RowMinMax: the high halves' vcmax, broadcast, compared, the low halves' vcmax
        # among the equal ones, broadcast, compared, the high half selected (vcmin for min)
        "rowminmax": ((VCmaxOp, VDupOp, VCmpOp, VCmaxOp, VDupOp, VCmpOp, VCmaxOp), ()),
    }


def _by_op() -> dict[type, Seq]:
    from pto_dialect.ops.tile_compare import TCmpOp, TCmpSOp, TSelSOp
    from pto_dialect.ops.tile_elementwise import (
        TAddOp,
        TDivOp,
        TMaxOp,
        TMinOp,
        TMulOp,
        TShlOp,
        TShrOp,
        TSubOp,
    )
    from pto_dialect.ops.tile_generate import TTriOp
    from pto_dialect.ops.tile_math import TRemOp
    from pto_dialect.ops.tile_partial import TPartAddOp, TPartMaxOp, TPartMinOp
    from pto_dialect.ops.tile_row_reduce import TRowMaxOp, TRowMinOp, TRowSumOp
    from pto_dialect.ops.tile_scalar import (
        TAddSOp,
        TDivSOp,
        TMaxSOp,
        TMinSOp,
        TMulSOp,
        TRemSOp,
        TSubSOp,
    )
    from pto_dialect.ops.tile_scalar_bitwise import TShlSOp, TShrSOp

    seq = _sequences()
    ops: dict[str, tuple[type, ...]] = {
        "add": (TAddOp, TAddSOp, TPartAddOp),
        "sub": (TSubOp, TSubSOp),
        "mul": (TMulOp, TMulSOp),
        "minmax": (TMaxOp, TMinOp, TMaxSOp, TMinSOp, TPartMaxOp, TPartMinOp),
        "compare": (TCmpOp, TCmpSOp),
        "shift": (TShlOp, TShrOp, TShlSOp, TShrSOp),
        "div": (TDivOp, TDivSOp),
        "rem": (TRemOp, TRemSOp),
        "select": (TSelSOp,),
        "tri": (TTriOp,),
        "rowsum": (TRowSumOp,),
        "rowminmax": (TRowMaxOp, TRowMinOp),
    }
    return {op: seq[name] for name, members in ops.items() for op in members}


def chains() -> Mapping[type, tuple[type, ...]]:
    """Per tile op class: the dependent chain of 32-bit ops its 64-bit A5 loop issues a
    repeat."""
    return MappingProxyType({op: chain for op, (chain, _) in _by_op().items()})


def extras() -> Mapping[type, tuple[type, ...]]:
    """Per tile op class: the ops its 64-bit A5 loop issues a repeat beside the chain."""
    return MappingProxyType({op: extra for op, (_, extra) in _by_op().items() if extra})
