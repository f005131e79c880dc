"""The lowered cross-core pipe form (`initialize_l2g2l_pipe` / `initialize_l2l_pipe`,
`tpush` / `tpop` / `tfree` / `talloc` on a `!pto.pipe`, `declare_tile`, `declare_global`) on
the cores of a block: the same bytes as the frontend form it lowers from (PTOAS
docs/designs/ptoas-tpush-tpop-design.md section 6), deadlocks named, odd splits.

References: the frontend kernels of test_cluster.py; an odd split gives AIV0 ceil(n / 2) of
the valid rows and AIV1 the rest (PTOAS docs/designs/ptoas-tpush-tpop-design.md 4.3).
"""

from __future__ import annotations

import re
import time

import numpy as np
import pytest
from test_cluster import (
    ACC,
    HALF,
    HEAD,
    MAT,
    MATMUL,
    VIEW,
    c2v_kernel,
    gm_fifo_kernel,
    inputs,
    races,
)

from interpreters.api import PtoRunError, parse, run
from pto_dialect.kernels import aiv0_only
from pto_dialect.ops.lowered_pipe import LoweredPipeInitOp, resolved_flag_base

FIFO = "%c: !pto.ptr<f32>, %f: !pto.ptr<f32>)"
INITS = {
    "a5": "%p = pto.initialize_l2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8}"
    "(%z : i32) -> !pto.pipe",
    "a2a3": "%p = pto.initialize_l2g2l_pipe {dir_mask = 1, slot_size = 1024, slot_num = 8, "
    "local_slot_num = 8, flag_base = 2}(%f : !pto.ptr<f32>, %z : i32) -> !pto.pipe",
}


def with_fifo(text: str) -> str:
    """`text` with a fourth kernel parameter `%f`, the GM slots."""
    return text.replace("%c: !pto.ptr<f32>)", FIFO)


def lowered_c2v(target: str, push_split: int = 1) -> str:
    """`c2v_kernel(1)` in the lowered form: the AIC pushes the product (with split 1), each
    AIV pops its row half into a declared tile and stores it to its rows of c."""
    init = INITS[target]
    cube = f"""    {init}
    {MATMUL}
    pto.tpush(%acc, %p : {ACC}, !pto.pipe) {{split = {push_split}}}"""
    vector = f"""    {init}
    %t = pto.declare_tile -> {HALF}
    pto.tpop(%t, %p : {HALF}, !pto.pipe) {{split = 1}}
    {VIEW.format(n="c", row="row", rows=8)}
    pto.tstore ins(%t : {HALF}) outs(%cp : !pto.partition_tensor_view<8x16xf32>)
    pto.tfree(%p : !pto.pipe) {{split = 1}}"""
    return with_fifo(HEAD.format(cube=cube, vector=vector))


@pytest.mark.parametrize("target", ["a5", "a2a3"])
def test_lowered_pipe_gives_the_bytes_of_the_frontend_form(target: str) -> None:
    a, b, c = inputs()
    fifo = np.zeros(8 * 256, np.float32)
    lowered = run(parse(lowered_c2v(target), target=target), a, b, c.copy(), fifo)
    frontend = run(parse(c2v_kernel(1), target=target), a, b, c.copy())
    assert lowered["c"].tobytes() == frontend["c"].tobytes()
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(lowered["c"], want, rtol=1e-5, atol=1e-5)
    assert not races(lowered)


def test_an_unsplit_push_popped_in_halves_works_where_both_aivs_hear_of_it() -> None:
    """A2/A3 signal both AIVs of every C2V slot (pto-isa a2a3 TPush.hpp `record`), so a
    split-1 pop of an unsplit push takes its row half (PTOAS tpush_tpop_emitc.pto); A5
    signals AIV0 alone for an unsplit slot: the pop's split must be the push's."""
    a, b, c = inputs()
    fifo = np.zeros(8 * 256, np.float32)
    result = run(parse(lowered_c2v("a2a3", push_split=0), target="a2a3"), a, b, c, fifo)
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(result["c"], want, rtol=1e-5, atol=1e-5)
    with pytest.raises(PtoRunError, match="pops with split 1 a slot pushed with split 0"):
        run(parse(lowered_c2v("a5", push_split=0), target="a5"), a, b, c, fifo)


def test_vector_halves_pushed_v2c_reach_the_cube_put_together() -> None:
    """The other direction: each AIV loads its row half of a and pushes it (split 1), the
    AIC pops the whole of a into a declared L1 tile, multiplies it by b and stores c."""
    init = (
        "%p = pto.initialize_l2l_pipe {dir_mask = 2, slot_size = 1024, slot_num = 8}"
        "(%z : i32) -> !pto.pipe"
    )
    matmul = MATMUL.replace(
        f"pto.tload ins(%ap : !pto.partition_tensor_view<16x16xf32>) outs(%ma : {MAT})", ""
    )
    matmul = matmul.replace(
        f"%ma = pto.alloc_tile : {MAT}", f"pto.tpop(%ma, %p : {MAT}, !pto.pipe) {{split = 1}}"
    )
    cube = f"""    {init}
    %ma = pto.declare_tile -> {MAT}
    {matmul}
    pto.tfree(%p : !pto.pipe) {{split = 1}}
    {VIEW.format(n="c", row="c0", rows=16)}
    pto.tstore ins(%acc : {ACC}) outs(%cp : !pto.partition_tensor_view<16x16xf32>)"""
    vector = f"""    {init}
    {VIEW.format(n="a", row="row", rows=8)}
    %t = pto.alloc_tile : {HALF}
    pto.tload ins(%ap : !pto.partition_tensor_view<8x16xf32>) outs(%t : {HALF})
    pto.tpush(%t, %p : {HALF}, !pto.pipe) {{split = 1}}"""
    a, b, c = inputs()
    result = run(parse(HEAD.format(cube=cube, vector=vector), target="a5"), a, b, c)
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(result["c"], want, rtol=1e-5, atol=1e-5)
    assert not races(result)


def test_declared_gm_entries_are_bound_to_the_fifo_slots() -> None:
    """`gm_fifo_kernel(2)` lowered: `talloc` binds a `declare_global` to the slot the AIC
    stores into, `tpop` binds each AIV's declared entry to its row half, `tfree` names it.
    One slot for two pushes: the second talloc waits for both AIVs' frees."""
    low = gm_fifo_kernel(2)
    init = (
        "%p = pto.initialize_l2g2l_pipe {{dir_mask = 1, slot_size = 1024, slot_num = 1}}"
        "(%{view} : !pto.tensor_view<{rows}x16xf32>) -> !pto.pipe"
    )
    half = "%fh = pto.make_tensor_view %f, shape = [%c8, %c16], strides = [%c16, %c1] : !pto.tensor_view<8x16xf32>"  # noqa: E501
    frontend_init = r"pto\.(aic|aiv)_initialize_pipe .*\n"
    low = re.sub(frontend_init, lambda m: init.format(view="fv", rows=16) + "\n", low, count=1)
    low = re.sub(
        frontend_init, lambda m: half + "\n    " + init.format(view="fh", rows=8) + "\n", low
    )
    entry, part = "!pto.tensor_view<16x16xf32>", "!pto.tensor_view<8x16xf32>"
    for i in range(2):
        low = low.replace(
            f"%e{i} = pto.talloc_to_aiv {{id = 0, split = 1}} -> {entry}",
            f"%e{i} = pto.declare_global -> {entry}\n    pto.talloc(%e{i}, %p : {entry}, !pto.pipe) {{split = 1}}",  # noqa: E501
        )
        low = low.replace(
            f"pto.tpush_to_aiv(%e{i} : {entry}) {{id = 0, split = 1}}",
            f"pto.tpush(%e{i}, %p : {entry}, !pto.pipe) {{split = 1}}",
        )
        low = low.replace(
            f"%v{i} = pto.tpop_from_aic {{id = 0, split = 1}} -> {part}",
            f"%v{i} = pto.declare_global -> {part}\n    pto.tpop(%v{i}, %p : {part}, !pto.pipe) {{split = 1}}",  # noqa: E501
        )
        low = low.replace(
            f"pto.tfree_from_aic(%v{i} : {part}) {{id = 0, split = 1}}",
            f"pto.tfree(%v{i}, %p : {part}, !pto.pipe) {{split = 1}}",
        )
    assert "_aiv" not in low and "_aic" not in low
    a, b, c = inputs()
    lowered = run(parse(low, target="a2a3"), a, b, c.copy(), np.zeros(256, np.float32))
    module = parse(gm_fifo_kernel(2), target="a2a3")
    frontend = run(module, a, b, c.copy(), np.zeros(256, np.float32))
    assert lowered["c"].tobytes() == frontend["c"].tobytes()
    assert lowered["f"].tobytes() == frontend["f"].tobytes()
    assert not races(lowered)


def test_cores_popping_before_they_push_end_at_once_naming_each_blocked_core() -> None:
    """A DIR_BOTH pipe: the AIC pops V2C before it pushes C2V, the AIVs pop C2V before they
    push V2C: a cycle. The run ends within a second with every core in the wait-for graph."""
    mat = ACC.replace("loc=acc", "loc=mat").replace("fractal=1024", "fractal=512")
    init = (
        "%p = pto.initialize_l2l_pipe {dir_mask = 3, slot_size = 1024, slot_num = 4}"
        "(%z : i32, %z : i32) -> !pto.pipe"
    )
    cube = f"""    {init}
    %m = pto.declare_tile -> {mat}
    pto.tpop(%m, %p : {mat}, !pto.pipe) {{split = 1}}
    %acc = pto.alloc_tile : {ACC}
    pto.tpush(%acc, %p : {ACC}, !pto.pipe) {{split = 1}}"""
    vector = f"""    {init}
    %t = pto.declare_tile -> {HALF}
    pto.tpop(%t, %p : {HALF}, !pto.pipe) {{split = 1}}
    pto.tpush(%t, %p : {HALF}, !pto.pipe) {{split = 1}}"""
    module = parse(HEAD.format(cube=cube, vector=vector), target="a5")
    start = time.perf_counter()
    with pytest.raises(PtoRunError, match="deadlock") as err:
        run(module, *inputs())
    assert time.perf_counter() - start < 1.0
    text = str(err.value)
    for core in ("block 0 AIC", "block 0 AIV0", "block 0 AIV1"):
        assert f"  {core}: pto.tpop at <string>:" in text
    assert text.count("waits for a filled slot of pipe at flag_base 0 (last push: nothing)") == 3
    assert err.value.deadlock is not None and len(err.value.deadlock.blocked) == 3


def test_an_odd_row_split_gives_aiv0_the_larger_half() -> None:
    """15 valid rows pushed with split 3 (TILE_UP_DOWN_ODD): AIV0 pops rows 0-7, AIV1 rows
    8-14; each stores what it popped at its first row of c."""
    acc = ACC.replace("v_row=16", "v_row=?")
    tile = HALF.replace("v_row=8", "v_row=?")
    fifo = "%fv = pto.make_tensor_view %f, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf32>"  # noqa: E501
    init = "pto.{side}_initialize_pipe {{id = 0, dir_mask = 1, slot_size = 1024}}(gm_slot_tensor = %fv : !pto.tensor_view<16x16xf32>, c2v_consumer_buf = %z : i32)"  # noqa: E501
    matmul = MATMUL.replace(f"pto.alloc_tile : {ACC}", f"pto.alloc_tile valid_row = %c15 : {acc}")
    cube = f"""    {fifo}
    {init.format(side="aic")}
    %c15 = arith.constant 15 : index
    {matmul.replace(ACC, acc)}
    pto.tpush_to_aiv(%acc : {acc}) {{id = 0, split = 3}}"""
    vector = f"""    {fifo}
    {init.format(side="aiv")}
    %c7 = arith.constant 7 : index
    %first = arith.cmpi eq, %sbi, %c0 : index
    %rows = arith.select %first, %c8, %c7 : index
    %t = pto.tpop_from_aic(%rows, %c16) {{id = 0, split = 3}} -> {tile}
    %cv = pto.make_tensor_view %c, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %cp = pto.partition_view %cv, offsets = [%row, %c0], sizes = [%rows, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<?x16xf32>
    pto.tstore ins(%t : {tile}) outs(%cp : !pto.partition_tensor_view<?x16xf32>)
    pto.tfree_from_aic {{id = 0, split = 3}}"""  # noqa: E501
    a, b, c = inputs()
    result = run(parse(with_fifo(HEAD.format(cube=cube, vector=vector)), target="a2a3"), a, b, c,
                 np.zeros(256, np.float32))  # fmt: skip
    product = (a.astype(np.float64) @ b.astype(np.float64)).astype(np.float32)
    want = np.zeros((16, 16), np.float32)
    want[:8], want[8:15] = product[:8], product[8:15]
    np.testing.assert_allclose(result["c"], want, rtol=1e-5, atol=1e-5)


def test_a_pipe_without_flag_base_takes_the_first_free_flags_after_earlier_inits() -> None:
    """PTOAS PTOResolveReservedBuffersPass: first fit in creation order, bases even; a
    DIR_BOTH pipe takes four flags."""
    inits = [
        "{dir_mask = 3, slot_size = 64, slot_num = 4}(%z : i32, %z : i32)",
        "{dir_mask = 1, slot_size = 64, slot_num = 8, flag_base = 6}(%z : i32)",
        "{dir_mask = 1, slot_size = 64, slot_num = 8}(%z : i32)",
        "{dir_mask = 2, slot_size = 64, slot_num = 8}(%z : i32)",
    ]
    body = "\n".join(
        f"  %p{i} = pto.initialize_l2l_pipe {s} -> !pto.pipe" for i, s in enumerate(inits)
    )
    module = parse(f"func.func @k(%z: i32) {{\n{body}\n  func.return\n}}", target="a5")
    ops = [op for op in module.walk() if isinstance(op, LoweredPipeInitOp)]
    assert [resolved_flag_base(op) for op in ops] == [0, 6, 4, 8]


@pytest.mark.parametrize(("split", "alone"), [(0, True), (1, False)])
def test_an_unsplit_lowered_pipe_end_keeps_a5_vector_code_on_aiv0(split: int, alone: bool) -> None:
    """PTOToEmitC `isA5NoSplitPipeOp` counts `tpop` / `tpush` / `tfree` / `talloc` too."""
    text = f"""func.func @v(%z: i32) attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
  {INITS["a5"]}
  pto.tfree(%p : !pto.pipe) {{split = {split}}}
  func.return
}}"""
    func = parse(text, target="a5").body.block.first_op
    assert func is not None and aiv0_only(func) is alone
