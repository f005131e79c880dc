"""Mixed launches: the AIC and two AIVs of a block, cross-core tile pipes, FFTS flags,
races between cores and deadlock diagnosis (`interpreters/machine/cluster.py`).

References: a C2V tile pushed with split 1 reaches AIV s as rows [s*R/2, (s+1)*R/2) (pto-isa
TPush.hpp: `get_subblockid() * (Rows / 2)`); the matmul reference is numpy in float64.
"""

from __future__ import annotations

import numpy as np
import pytest

from interpreters.api import PtoRunError, Result, parse, run
from interpreters.checking.check import check
from interpreters.machine.cluster import Cluster
from interpreters.machine.cores import cores_of
from interpreters.machine.pipes import Hazard
from interpreters.machine.report import cores_trace, deadlock_trace
from pto_dialect.ops.cross_core_pipe import DIR_BOTH, DIR_C2V, DIR_V2C

T = "!pto.tile_buf<loc={loc}, dtype=f32, rows={r}, cols=16, v_row={r}, v_col=16, blayout={b}, slayout={s}, fractal={f}, pad=0>"  # noqa: E501
MAT = T.format(loc="mat", r=16, b="col_major", s="row_major", f=512)
LEFT = T.format(loc="left", r=16, b="col_major", s="row_major", f=512)
RIGHT = T.format(loc="right", r=16, b="row_major", s="col_major", f=512)
ACC = T.format(loc="acc", r=16, b="col_major", s="row_major", f=1024)
HALF = T.format(loc="vec", r=8, b="row_major", s="none_box", f=512)
FULL = T.format(loc="vec", r=16, b="row_major", s="none_box", f=512)

VIEW = """
    %{n}v = pto.make_tensor_view %{n}, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %{n}p = pto.partition_view %{n}v, offsets = [%{row}, %c0], sizes = [%c{rows}, %c16] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<{rows}x16xf32>"""  # noqa: E501

HEAD = """
module {{
  func.func @cube(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>)
      attributes {{pto.kernel_kind = #pto.kernel_kind<cube>}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %z = arith.constant 0 : i32
{cube}
    return
  }}
  func.func @vector(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>)
      attributes {{pto.kernel_kind = #pto.kernel_kind<vector>}} {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %z = arith.constant 0 : i32
    %sb = pto.get_subblock_idx
    %sbi = arith.index_cast %sb : i64 to index
    %row = arith.muli %sbi, %c8 : index
{vector}
    return
  }}
}}"""

MATMUL = f"""
    {VIEW.format(n="a", row="c0", rows=16)}
    {VIEW.format(n="b", row="c0", rows=16)}
    %ma = pto.alloc_tile : {MAT}
    %mb = pto.alloc_tile : {MAT}
    %l = pto.alloc_tile : {LEFT}
    %r = pto.alloc_tile : {RIGHT}
    %acc = pto.alloc_tile : {ACC}
    pto.tload ins(%ap : !pto.partition_tensor_view<16x16xf32>) outs(%ma : {MAT})
    pto.tload ins(%bp : !pto.partition_tensor_view<16x16xf32>) outs(%mb : {MAT})
    pto.tmov ins(%ma : {MAT}) outs(%l : {LEFT})
    pto.tmov ins(%mb : {MAT}) outs(%r : {RIGHT})
    pto.tmatmul ins(%l, %r : {LEFT}, {RIGHT}) outs(%acc : {ACC})"""

INIT = "pto.{side}_initialize_pipe {{id = 0, dir_mask = {mask}, slot_size = 1024{extra}}}(c2v_consumer_buf = %z : i32, v2c_consumer_buf = %z : i32)"  # noqa: E501


def c2v_kernel(split: int) -> str:
    """The AIC multiplies a by b and pushes the product; each AIV stores what it pops to c
    (its half at row 8 * subblock with split 1, the whole product with split 0)."""
    rows, tile, dst = (8, HALF, "row") if split == 1 else (16, FULL, "c0")
    cube = f"""    {INIT.format(side="aic", mask=1, extra="")}
    {MATMUL}
    pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = {split}}}"""
    store = f"""
    %t = pto.tpop_from_aic {{id = 0, split = {split}}} -> {tile}
    {VIEW.format(n="c", row=dst, rows=rows)}
    pto.tstore ins(%t : {tile}) outs(%cp : !pto.partition_tensor_view<{rows}x16xf32>)
    pto.tfree_from_aic {{id = 0, split = {split}}}"""
    vector = f"    {INIT.format(side='aiv', mask=1, extra='')}\n{store}"
    return HEAD.format(cube=cube, vector=vector)


def gm_fifo_kernel(pushes: int) -> str:
    """The product goes through a one-slot GM FIFO (`%f`) `pushes` times with split 1: the
    AIC stores it into each talloc'd entry, each AIV loads its half of the popped entry and
    stores it to its rows of c."""
    entry = "!pto.tensor_view<16x16xf32>"
    part = "!pto.partition_tensor_view<16x16xf32>"
    fifo = "%fv = pto.make_tensor_view %f, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<16x16xf32>"  # noqa: E501
    init = "pto.{side}_initialize_pipe {{id = 0, dir_mask = 1, slot_size = 1024, slot_num = 1}}(gm_slot_tensor = %fv : !pto.tensor_view<16x16xf32>)"  # noqa: E501
    cube = f"    {fifo}\n    {init.format(side='aic')}\n    {MATMUL}"
    vector = f"    {fifo}\n    {init.format(side='aiv')}"
    for i in range(pushes):
        cube += f"""
    %e{i} = pto.talloc_to_aiv {{id = 0, split = 1}} -> {entry}
    %ep{i} = pto.partition_view %e{i}, offsets = [%c0, %c0], sizes = [%c16, %c16] : {entry} -> {part}
    pto.tstore ins(%acc : {ACC}) outs(%ep{i} : {part})
    pto.tpush_to_aiv(%e{i} : {entry}) {{id = 0, split = 1}}"""  # noqa: E501
        vector += f"""
    %v{i} = pto.tpop_from_aic {{id = 0, split = 1}} -> !pto.tensor_view<8x16xf32>
    %vp{i} = pto.partition_view %v{i}, offsets = [%c0, %c0], sizes = [%c8, %c16] : !pto.tensor_view<8x16xf32> -> !pto.partition_tensor_view<8x16xf32>
    %t{i} = pto.alloc_tile : {HALF}
    pto.tload ins(%vp{i} : !pto.partition_tensor_view<8x16xf32>) outs(%t{i} : {HALF})
    {VIEW.format(n="c", row="row", rows=8).replace("%cv", f"%cv{i}").replace("%cp", f"%cp{i}")}
    pto.tstore ins(%t{i} : {HALF}) outs(%cp{i} : !pto.partition_tensor_view<8x16xf32>)
    pto.tfree_from_aic(%v{i} : !pto.tensor_view<8x16xf32>) {{id = 0, split = 1}}"""  # noqa: E501
    return HEAD.format(cube=cube, vector=vector).replace(
        "%c: !pto.ptr<f32>)", "%c: !pto.ptr<f32>, %f: !pto.ptr<f32>)"
    )


def races(result: Result) -> list[Hazard]:
    """The hazards between cores (the kernels have no flags between the pipes of a core)."""
    return [h for h in result.hazards if "between cores" in h.message]


def inputs() -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    rng = np.random.default_rng(7)
    a, b = (rng.standard_normal((16, 16)).astype(np.float32) for _ in range(2))
    return a, b, np.zeros((16, 16), np.float32)


@pytest.mark.parametrize("target", ["a5", "a2a3"])
def test_c2v_split_rows_reach_each_vector_core(target: str) -> None:
    a, b, c = inputs()
    result = run(parse(c2v_kernel(1), target=target), a, b, c)
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(result["c"], want, rtol=1e-5, atol=1e-5)
    units = [r.unit for r in result.block_reports]
    assert units == ["block 0 AIC", "block 0 AIV0", "block 0 AIV1"]
    trace = cores_trace([r.machine for r in result.block_reports])["traceEvents"]
    groups = {e["pid"]: e["args"]["name"] for e in trace if e["name"] == "process_name"}
    assert [groups[p].split(" (")[0] for p in sorted(groups)] == units
    cycles = result.block_cycles
    assert all(c is not None and c > 0 for c in cycles)
    # the vector cores wait for the product: they end after the cube's push
    assert min(cycles[1:]) > cycles[0] - 1 and result.cycles == max(cycles)  # type: ignore[operator]
    assert not races(result)


def test_gm_fifo_entries_carry_the_product_and_a_reused_slot_waits_for_its_free() -> None:
    """talloc / tpush / tpop of a GM FIFO (pto-isa TALLOC): each AIV reads its row half of
    the entry's GM; the second talloc of the one slot joins the AIVs' frees, so its store
    does not race with their loads of the first entry."""
    a, b, c = inputs()
    fifo = np.zeros((16, 16), np.float32)
    result = run(parse(gm_fifo_kernel(2), target="a2a3"), a, b, c, fifo)
    want = a.astype(np.float64) @ b.astype(np.float64)
    np.testing.assert_allclose(result["c"], want, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(result["f"], want, rtol=1e-5, atol=1e-5)
    assert not races(result)


def test_unsplit_c2v_tile_goes_to_both_vector_cores_on_a2a3_and_they_race_on_gm() -> None:
    """Split 0 on A2/A3: both AIVs get the whole product (FFTS mode 2 signals both) and
    store it to the same bytes of c."""
    a, b, c = inputs()
    result = run(parse(c2v_kernel(0), target="a2a3"), a, b, c)
    np.testing.assert_allclose(result["c"], a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)
    found = races(result)
    assert len(found) == 1 and found[0].kind == "WAW"
    assert "block 0 AIV0" in found[0].message and "block 0 AIV1" in found[0].message


def test_a_slot_pushed_and_never_popped_is_reported_when_the_kernel_ends() -> None:
    a, b, c = inputs()
    push = f"pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 1}}"
    twice = c2v_kernel(1).replace(push, f"{push}\n    {push}")
    result = run(parse(twice, target="a5"), a, b, c)
    left = [h.message for h in result.hazards if h.kind == "unreleased-buffer"]
    assert left == [
        "a slot of pipe 0 of block 0 pushed by block 0 AIC (pto.tpush_to_aiv at <string>:28:5) "
        "is never popped before the kernel ends"
    ]


def test_unsplit_c2v_tile_goes_to_aiv0_alone_on_a5() -> None:
    """A5 signals AIV0 alone for an unsplit slot (pto-isa A5 TPush.hpp); PTOAS runs a vector
    kernel with an unsplit pipe end on AIV0 alone unless it asks for its subblock."""
    a, b, c = inputs()
    guarded = c2v_kernel(0).replace("%sb = pto.get_subblock_idx", "").replace(
        "%sbi = arith.index_cast %sb : i64 to index", "").replace(
        "%row = arith.muli %sbi, %c8 : index", "")  # fmt: skip
    ptrs = "!pto.ptr<f32>, !pto.ptr<f32>, !pto.ptr<f32>"
    entry = f"""
  func.func @entry(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>) attributes {{pto.entry}} {{
    func.call @cube(%a, %b, %c) : ({ptrs}) -> ()
    func.call @vector(%a, %b, %c) : ({ptrs}) -> ()
    return
  }}
}}"""  # noqa: E501
    called = guarded.replace("func.func @", "func.func private @").rstrip()[:-1] + entry
    for text in (guarded, called):  # the launch's vector kernel, or one the entry calls
        result = run(parse(text, target="a5"), a, b, c)
        np.testing.assert_allclose(result["c"], a.astype(np.float64) @ b, rtol=1e-5, atol=1e-5)
        assert not races(result)
    with pytest.raises(PtoRunError, match=r"AIV1: .* goes to AIV0 alone") as err:
        run(parse(c2v_kernel(0), target="a5"), a, b, c)
    assert str(err.value).endswith("ended already: block 0 AIC, block 0 AIV0")


def _flags(set_mode: str, wait_first: bool) -> str:
    """The AIC stores a to c, then sets a flag; each AIV waits for it and reads c."""
    cube = f"""
    {VIEW.format(n="a", row="c0", rows=16)}
    {VIEW.format(n="c", row="c0", rows=16)}
    %t = pto.alloc_tile : {FULL}
    pto.tload ins(%ap : !pto.partition_tensor_view<16x16xf32>) outs(%t : {FULL})
    pto.tstore ins(%t : {FULL}) outs(%cp : !pto.partition_tensor_view<16x16xf32>)
    {"pto.sync.wait <PIPE_MTE2>, 3" if wait_first else ""}
    {set_mode}"""
    vector = f"""
    pto.sync.wait <PIPE_MTE2>, 1
    {VIEW.format(n="c", row="row", rows=8)}
    %t = pto.alloc_tile : {HALF}
    pto.tload ins(%cp : !pto.partition_tensor_view<8x16xf32>) outs(%t : {HALF})
    pto.sync.set <PIPE_MTE2>, 3"""
    return HEAD.format(cube=cube, vector=vector)


def test_ffts_flag_orders_the_cores_gm_accesses() -> None:
    a, b, c = inputs()
    synced = run(parse(_flags("pto.sync.set <PIPE_MTE3>, 1", False), target="a5"), a, b, c)
    assert not races(synced)
    # both AIVs' mode-2 sets of flag 3 raise it once on the AIC, which never waits for it
    left = [h.message for h in synced.hazards if h.kind == "unwaited-flag"]
    assert len(left) == 1 and "sets FFTS flag 3 of block 0 AIC but no wait takes it" in left[0]
    racy = run(parse(_flags("", False).replace("pto.sync.wait <PIPE_MTE2>, 1", ""),
                     target="a5"), a, b, c)  # fmt: skip
    found = races(racy)
    assert {h.kind for h in found} == {"RAW"} and len(found) == 2
    assert "pto.tload" in found[0].message and "pto.tstore" in found[0].message


def test_named_intra_block_semaphores_reach_one_vector_core_each() -> None:
    """PTOAS's `set_intra_block <PIPE_X>, N` from the AIC signals AIV0 (N < 16) or AIV1
    (N - 16): both signals order the store before both loads; one leaves AIV1 waiting."""
    a, b, c = inputs()
    sets = "pto.set_intra_block <PIPE_MTE3>, 1\n    pto.set_intra_block <PIPE_MTE3>, 17"
    wait = "pto.wait_intra_block <PIPE_MTE2>, 1"
    named = _flags(sets, False).replace("pto.sync.wait <PIPE_MTE2>, 1", wait)
    assert not races(run(parse(named, target="a5"), a, b, c))
    with pytest.raises(PtoRunError, match=r"AIV1: pto.wait_intra_block at .* semaphore 1 "):
        run(parse(named.replace(", 17", ", 1"), target="a5"), a, b, c)


def test_cores_waiting_on_each_other_end_with_the_wait_for_graph() -> None:
    """The AIC waits for flag 3 (from the AIVs) before it sets flag 1, which the AIVs wait
    for before they set flag 3: a cycle."""
    a, b, c = inputs()
    module = parse(_flags("pto.sync.set <PIPE_MTE3>, 1", True), target="a5")
    with pytest.raises(PtoRunError, match="deadlock") as err:
        run(module, a, b, c)
    text = str(err.value)
    for core, flag in (("block 0 AIC", 3), ("block 0 AIV0", 1), ("block 0 AIV1", 1)):
        assert f"{core}: pto.sync.wait at <string>:" in text
        assert f"on PIPE_MTE2 waits for FFTS flag {flag} (last set by nobody)" in text
    assert err.value.deadlock is not None and len(err.value.deadlock.blocked) == 3
    trace = deadlock_trace(err.value.deadlock.machines, err.value.deadlock.blocked)
    marks = [e for e in trace["traceEvents"] if e.get("cat") == "deadlock"]
    assert [m["pid"] for m in marks] == [0, 1, 2]


def test_a_full_slot_pool_with_no_consumer_is_a_deadlock_naming_the_pipe() -> None:
    """Three pushes into a pipe of two slots that nobody pops."""
    cube = f"""    {INIT.format(side="aic", mask=1, extra=", slot_num = 2")}
    {MATMUL}""" + "".join(
        f"\n    pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 1}}" for _ in range(3)
    )
    vector = f"    {INIT.format(side='aiv', mask=1, extra=', slot_num = 2')}\n    pto.sync.wait <PIPE_V>, 0"  # noqa: E501
    a, b, c = inputs()
    with pytest.raises(PtoRunError, match="deadlock") as err:
        run(parse(HEAD.format(cube=cube, vector=vector), target="a5"), a, b, c)
    assert "waits for a free slot of pipe 0 (2 slots held; last free: nothing)" in str(err.value)


def test_a_deadlock_in_a_loop_names_the_iteration() -> None:
    """The AIC pushes twice, the AIVs pop in a loop of three trips: they block in the third."""
    push = f"\n    pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 1}}"
    cube = f"""    {INIT.format(side="aic", mask=1, extra="")}
    {MATMUL}{push * 2}"""
    vector = f"""    {INIT.format(side="aiv", mask=1, extra="")}
    %c4 = arith.constant 4 : index
    scf.for %i = %c1 to %c4 step %c1 {{
      %p = pto.tpop_from_aic {{id = 0, split = 1}} -> {HALF}
      pto.tfree_from_aic {{id = 0, split = 1}}
    }}"""
    a, b, c = inputs()
    with pytest.raises(PtoRunError, match="deadlock") as err:
        run(parse(HEAD.format(cube=cube, vector=vector), target="a5"), a, b, c)
    text = str(err.value)
    assert "on PIPE_S (iteration 2 of the loop at <string>:" in text  # i = 3, from 1
    assert "waits for a filled slot of pipe 0 (last push: block 0 AIC" in text


def test_pto_check_finds_a_cross_core_deadlock_at_a_trip_count() -> None:
    """The AIC pushes once per trip of a loop of a dynamic bound, the AIVs pop once: at
    0 trips they wait for ever, a finding naming the loop's trip count."""
    cube = f"""    {INIT.format(side="aic", mask=1, extra="")}
    {MATMUL}
    %n = arith.index_cast %z : i32 to index
    %n1 = arith.addi %n, %c1 : index
    scf.for %i = %c0 to %n1 step %c1 {{
      pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 1}}
    }}"""
    vector = f"""    {INIT.format(side="aiv", mask=1, extra="")}
    %p = pto.tpop_from_aic {{id = 0, split = 1}} -> {HALF}
    pto.tfree_from_aic {{id = 0, split = 1}}"""
    a, b, c = inputs()
    module = parse(HEAD.format(cube=cube, vector=vector), target="a5")
    report = check(module, a, b, c, trip_counts=(0, 1))
    assert [trips.label() for trips, _ in report.errors] == ["loop at <string>:29:5 runs 0 times"]
    error = report.errors[0][1]
    assert error.startswith("deadlock") and "AIV0: pto.tpop_from_aic" in error
    assert error.endswith("ended already: block 0 AIC")


def test_pto_check_reports_a_race_between_cores() -> None:
    a, b, c = inputs()
    module = parse(_flags("", False).replace("pto.sync.wait <PIPE_MTE2>, 1", ""), target="a5")
    report = check(module, a, b, c, trip_counts=())
    lines = [f.line() for f in report.findings if "between cores" in f.hazard.message]
    assert len(lines) == 2 and all(line.startswith("RAW: ") for line in lines)
    assert "block 0 AIV1" in lines[1] and "pto.tstore" in lines[1]


def test_syncall_joins_the_cores_and_a_missing_one_is_a_deadlock() -> None:
    """A mixed syncall orders the AIC's store before the AIVs' loads; when the AIC never
    arrives, the AIVs' wait names who did."""
    a, b, c = inputs()
    hard = "pto.syncall() mode = #pto.sync_all_mode<hard>, core_type = #pto.sync_core_type<mix>"
    text = _flags(hard, False).replace("pto.sync.wait <PIPE_MTE2>, 1", hard)
    synced = run(parse(text.replace("pto.sync.set <PIPE_MTE2>, 3", ""), target="a5"), a, b, c)
    assert not races(synced)
    np.testing.assert_array_equal(synced["c"], a)
    lonely = text.replace(hard, "", 1)  # the cube's syncall
    with pytest.raises(PtoRunError, match="deadlock") as err:
        run(parse(lonely, target="a5"), a, b, c)
    assert "waits in syncall for 3 cores (arrived: block 0 AIV0, block 0 AIV1)" in str(err.value)


def test_column_halves_of_one_view_do_not_race() -> None:
    """The two AIVs store the column halves of a 16x16 view: hulls that overlap, no byte
    in common; the same half from both races."""
    half = T.format(loc="vec", r=16, b="row_major", s="none_box", f=512).replace(
        "cols=16, v_row=16, v_col=16", "cols=8, v_row=16, v_col=8"
    )
    vector = f"""
    %col = arith.muli %sbi, %c8 : index
    %cv = pto.make_tensor_view %c, shape = [%c16, %c16], strides = [%c16, %c1] : !pto.tensor_view<?x?xf32>
    %cp = pto.partition_view %cv, offsets = [%c0, %col], sizes = [%c16, %c8] : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<16x8xf32>
    %t = pto.alloc_tile : {half}
    pto.tstore ins(%t : {half}) outs(%cp : !pto.partition_tensor_view<16x8xf32>)"""  # noqa: E501
    a, b, c = inputs()
    assert not races(run(parse(HEAD.format(cube="", vector=vector), target="a5"), a, b, c))
    rows = vector.replace("[%c0, %col]", "[%c0, %c0]")
    assert len(races(run(parse(HEAD.format(cube="", vector=rows), target="a5"), a, b, c))) == 1


def test_v2c_halves_join_and_both_directions_share_the_slot_pool() -> None:
    """Cluster API: AIV0 and AIV1 push the row halves of a V2C slot, the AIC pops them put
    together; with DIR_BOTH the C2V entries hold slots of the same pool."""
    cluster = Cluster(cores_of(1))
    op = parse("func.func @f() { func.return }").body.block.first_op
    assert op is not None
    pipe = cluster.open_pipe(0, 0, DIR_BOTH, 2)
    top, bottom = np.zeros((2, 4), np.float32), np.ones((2, 4), np.float32)
    cluster.push(2, pipe, DIR_V2C, 1, bottom, lambda: cluster.signal(2, 5, op), op)
    assert len(pipe.entries) == 1 and pipe.made[DIR_V2C][0].signal is None  # half filled
    cluster.push(1, pipe, DIR_V2C, 1, top, lambda: cluster.signal(1, 9, op), op)
    cluster.push(0, pipe, DIR_C2V, 0, top, lambda: cluster.signal(0, 1, op), op)
    assert len(pipe.entries) == 2  # the pool of 2 is full: a third push would block
    data, signal, _ = cluster.pop(0, pipe, DIR_V2C, 1, op)
    np.testing.assert_array_equal(data, np.concatenate([top, bottom]))
    assert signal.time == 9 and signal.clock[1] >= 1 and signal.clock[2] >= 1
    cluster.free(0, pipe, DIR_V2C, op, cluster.signal(0, 10, op))
    assert len(pipe.entries) == 1 and pipe.released[DIR_V2C][0].time == 10


def test_a_vector_kernel_runs_one_core_a_block_and_its_syncall_joins_the_blocks() -> None:
    """`pto.kernel_kind<vector>` alone is no mixed launch; a syncall of 3 cores needs the
    3 blocks of `blocks=3`."""
    text = """
func.func @k(%w: !pto.ptr<i32>, %n: i32) attributes {pto.kernel_kind = #pto.kernel_kind<vector>} {
  %s = pto.get_subblock_num
  pto.syncall(%w, %n : !pto.ptr<i32>, i32) mode = #pto.sync_all_mode<soft>, core_type = #pto.sync_core_type<aiv_only>
  func.return
}"""  # noqa: E501
    w = np.zeros(16, np.int32)
    single = run(parse(text.replace("  pto.syncall", "  // "), target="a5"), w, np.int32(3))
    assert single.block_reports[0].machine.cluster is None
    result = run(parse(text, target="a5"), w, np.int32(3), blocks=3)
    assert [r.unit for r in result.block_reports] == [
        "block 0 AIV0",
        "block 1 AIV0",
        "block 2 AIV0",
    ]
    with pytest.raises(PtoRunError, match="syncall of 3 cores: the launch has 2"):
        run(parse(text, target="a5"), w, np.int32(3), blocks=2)


@pytest.mark.parametrize(
    ("target", "sets", "wait"),
    [
        ("a5", ["pto.set_intra_block %p, %s1 : i64, i64",
                "pto.set_intra_block %p, %s17 : i64, i64"],
         "pto.wait_intra_core %p, %s1 : i64, i64"),
        ("a2a3", ["pto.set_cross_core %p, %s1 : i64, i64"], "pto.wait_flag_dev %s1 : i64"),
    ],
)  # fmt: skip
def test_cluster_semaphores_order_the_cores(target: str, sets: list[str], wait: str) -> None:
    """The AIC signals AIV0's semaphore 1 (and AIV1's, 17 on a5) after its store; each AIV
    waits on its own semaphore 1 before it loads: no race. Without the AIV1 signal on a5,
    AIV1 waits for ever: a deadlock naming the semaphore."""
    consts = "\n    %p = arith.constant 0 : i64\n    %s1 = arith.constant 1 : i64\n    %s17 = arith.constant 17 : i64"  # noqa: E501
    text = _flags(consts + "\n    " + "\n    ".join(sets), False)
    text = text.replace("pto.sync.wait <PIPE_MTE2>, 1", consts + "\n    " + wait)
    text = text.replace("pto.sync.set <PIPE_MTE2>, 3", "")
    a, b, c = inputs()
    assert not races(run(parse(text, target=target), a, b, c))
    if target == "a5":
        with pytest.raises(PtoRunError, match="deadlock") as err:
            run(parse(text.replace(sets[1], ""), target=target), a, b, c)
        assert "waits for intra-block semaphore 1 (last set by nobody)" in str(err.value)
        assert "block 0 AIV1: pto.wait_intra_core at" in str(err.value)


def test_a5_push_costs_its_drain_and_a_pop_waits_for_its_slot_alone() -> None:
    """A C2V push of a 16x16 f32 accumulator is the fixpipe's L0C -> UB drain of its 16 rows,
    343 cycles + 4.59 a row on A5 (its 1 KiB at 118 B/cycle would take less; pto-isa A5
    TPUSH: TMOV acc -> vec; docs/machine.md), and
    the vector core's work after its second pop starts when that push lands (pto-isa's A5
    TPOP waits for the producer's flag on the consuming pipe, not for the core's store)."""
    cube = f"""    {INIT.format(side="aic", mask=1, extra="")}
    {MATMUL}
    pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 1}}
    pto.tpush_to_aiv(%acc : {ACC}) {{id = 0, split = 1}}"""
    vector = f"""    {INIT.format(side="aiv", mask=1, extra="")}
    %t = pto.tpop_from_aic {{id = 0, split = 1}} -> {HALF}
    %o = pto.alloc_tile : {HALF}
    pto.tadd ins(%t, %t : {HALF}, {HALF}) outs(%o : {HALF})
    pto.tfree_from_aic {{id = 0, split = 1}}
    {VIEW.format(n="c", row="row", rows=8)}
    pto.tstore ins(%o : {HALF}) outs(%cp : !pto.partition_tensor_view<8x16xf32>)
    %u = pto.tpop_from_aic {{id = 0, split = 1}} -> {HALF}
    %w = pto.alloc_tile : {HALF}
    pto.tadd ins(%u, %u : {HALF}, {HALF}) outs(%w : {HALF})
    pto.tfree_from_aic {{id = 0, split = 1}}"""
    module = parse(HEAD.format(cube=cube, vector=vector), target="a5")
    result = run(module, *inputs(), trace=True)
    assert not races(result) and not result.block_reports[1].machine.pipes.hazards
    aic, aiv0 = (r.machine.pipes.spans for r in result.block_reports[:2])
    pushes = [s.cycles for s in aic if s.op.name == "pto.tpush_to_aiv"]
    assert pushes == [343 + int(np.ceil(16 * 4.59))] * 2  # A5's fixpipe drain L0C -> UB
    second = [s for s in aic if s.op.name == "pto.tpush_to_aiv"][1]
    add = [s for s in aiv0 if s.op.name == "pto.tadd"][1]
    assert add.start == second.start + second.cycles
