"""The `comm.*` ops (`interpreters/ops/comm.py`).

References: pto-isa's manual pages comm/TPUT.md, TGATHER.md, TSCATTER.md, TREDUCE.md (dst
rows r*H.. of the gather hold rank r's H rows; the reduce starts from the root's data and
takes the others in rank order, include/pto/comm/a2a3/TReduce.hpp) and TNotify.hpp /
TWait.hpp (a notify writes the view's first signal; a wait needs every signal to hold).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from interpreters.api import PtoRunError, parse, run, together
from interpreters.auto_args import auto_args
from interpreters.auto_sync import complete
from interpreters.commands.runner import main
from interpreters.launching.args import ArrayArg
from interpreters.launching.execute import entry_function, make_context

TILE = "!pto.tile_buf<vec, 1x64xf32>"
ROW = "!pto.partition_tensor_view<1x64xf32>"
SIG = "!pto.partition_tensor_view<1x2xi32>"


def kernel(body: str) -> str:
    """A kernel over four 2x64 f32 buffers and two i32 signals; %xrowN views row N of %x."""
    whole = "\n".join(
        f"    %{x}v = pto.make_tensor_view %{x}, shape = [%k2, %k64], strides = [%k64, %k1]"
        " : !pto.tensor_view<2x64xf32>"
        for x in "abcd"
    )
    rows = "\n".join(
        f"    %{x}row{r} = pto.partition_view %{x}v, offsets = [%k{r}, %k0], sizes = [%k1, %k64]"
        f" : !pto.tensor_view<2x64xf32> -> {ROW}"
        for x in "abcd"
        for r in (0, 1)
    )
    return f"""
func.func @k(%a: !pto.ptr<f32>, %b: !pto.ptr<f32>, %c: !pto.ptr<f32>, %d: !pto.ptr<f32>,
             %s: !pto.ptr<i32>) {{
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k64 = arith.constant 64 : index
    %one = arith.constant 1 : i32
    %two = arith.constant 2 : i32
    %t = pto.alloc_tile : {TILE}
    %u = pto.alloc_tile : {TILE}
    %sv = pto.make_tensor_view %s, shape = [%k1, %k2], strides = [%k2, %k1] : !pto.tensor_view<1x2xi32>
    %sig = pto.partition_view %sv, offsets = [%k0, %k0], sizes = [%k1, %k2] : !pto.tensor_view<1x2xi32> -> {SIG}
{whole}
{rows}
{body}
    return
}}"""  # noqa: E501


def data(seed: int) -> list[np.ndarray]:
    rng = np.random.default_rng(seed)
    return [rng.standard_normal((2, 64)).astype(np.float32) for _ in range(4)]


def test_put_get_and_atomic_put() -> None:
    body = f"""
    pto.comm.tput(%brow0, %arow0, buf(%t) : {ROW}, {ROW}, {TILE})
    pto.comm.tput(%crow1, %arow1, buf(%t, %u) : {ROW}, {ROW}, {TILE}, {TILE}) {{atomicType = #pto<atomic_type atomic_add>}}
    pto.comm.tget(%drow1, %arow0, buf(%t) : {ROW}, {ROW}, {TILE})"""  # noqa: E501
    a, b, c, d = data(1)
    out = run(parse(kernel(body)), a, b, c, d, np.zeros((1, 2), np.int32)).outputs
    assert np.array_equal(out[1][0], a[0]) and np.array_equal(out[1][1], b[1])
    assert np.array_equal(out[2][1], c[1] + a[1]) and np.array_equal(out[2][0], c[0])
    assert np.array_equal(out[3][1], a[0])


def test_collectives_place_rank_blocks_along_rows() -> None:
    group = f"{ROW}, {ROW}"
    body = f"""
    pto.comm.tgather(%arow0, recv(%t), group(%brow0, %crow0) : {ROW}, {TILE}, {group}) {{root = 0 : i32}}
    pto.comm.tscatter(%brow0, recv(%t), group(%crow0, %drow0) : {ROW}, {TILE}, {group}) {{root = 1 : i32}}
    """  # noqa: E501
    a, b, c, d = data(2)
    out = run(parse(kernel(body)), a, b, c, d, np.zeros((1, 2), np.int32)).outputs
    assert np.array_equal(out[0], np.stack([b[0], c[0]]))  # rank r's row at row r
    assert np.array_equal(out[2][0], b[0]) and np.array_equal(out[3][0], b[1])


def test_broadcast_and_reduce_order() -> None:
    body = f"""
    pto.comm.treduce(%arow0, %t, recv(%u), group(%brow0, %crow0, %drow0) : {ROW}, {TILE}, {TILE}, {ROW}, {ROW}, {ROW}) {{reduceOp = #pto<reduce_op sum>, root = 1 : i32}}
    pto.comm.treduce(%arow1, %t, recv(%u), group(%brow1, %crow1) : {ROW}, {TILE}, {TILE}, {ROW}, {ROW}) {{reduceOp = #pto<reduce_op min>, root = 0 : i32}}
    pto.comm.tbroadcast(%brow0, recv(%t), group(%crow0, %drow0) : {ROW}, {TILE}, {ROW}, {ROW}) {{root = 0 : i32}}
    """  # noqa: E501
    a, b, c, d = data(3)
    b[0, 0], c[0, 0], d[0, 0] = 1.0, 2.0**30, -(2.0**30)  # the order shows: (c + b) + d = 0
    out = run(parse(kernel(body)), a, b, c, d, np.zeros((1, 2), np.int32)).outputs
    expected = (c[0] + b[0]) + d[0]  # float32 arithmetic, root (rank 1) first
    assert np.array_equal(out[0][0], expected) and out[0][0, 0] == 0.0
    assert np.array_equal(out[0][1], np.minimum(b[1], c[1]))
    assert np.array_equal(out[2][0], b[0]) and np.array_equal(out[3][0], b[0])


def test_notify_wait_and_test() -> None:
    body = f"""
    pto.comm.tnotify(%sig, %two : {SIG}, i32) {{notifyOp = #pto<notify_op atomic_add>}}
    pto.comm.twait(%sig, %one : {SIG}, i32) {{cmp = #pto<wait_cmp ge>}}
    %ok = pto.comm.ttest(%sig, %two : {SIG}, i32) {{cmp = #pto<wait_cmp eq>}} -> i1
    %v = arith.extui %ok : i1 to i32
    pto.comm.tnotify(%sig, %v : {SIG}, i32) {{notifyOp = #pto<notify_op set>}}"""
    a, b, c, d = data(4)
    signals = np.array([[5, 1]], np.int32)
    out = run(parse(kernel(body)), a, b, c, d, signals).outputs
    # the first signal: 5 + 2 = 7, then set to ttest(7 == 2 and 1 == 2) = 0; the second: 1
    assert out[4].tolist() == [[0, 1]]
    add = f"""
    pto.comm.tnotify(%sig, %two : {SIG}, i32) {{notifyOp = #pto<notify_op atomic_add>}}"""
    big = np.array([[2**31 - 1, 0]], np.int32)
    wrapped = run(parse(kernel(add)), a, b, c, d, big).outputs[4]
    assert wrapped.tolist() == [[-(2**31) + 1, 0]]  # the i32 add wraps


def test_wait_never_satisfied_is_a_deadlock() -> None:
    body = f"""
    pto.comm.twait(%sig, %two : {SIG}, i32) {{cmp = #pto<wait_cmp eq>}}"""
    a, b, c, d = data(5)
    with pytest.raises(PtoRunError, match=r"deadlock: pto.comm.twait .* == 2 \(they hold 2, 0"):
        run(parse(kernel(body)), a, b, c, d, np.array([[2, 0]], np.int32))


PEER_WINDOW = """    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k4 = arith.constant 4 : index
    %k64 = arith.constant 64 : index
    %four = arith.constant 4 : i64
    %one = arith.constant 1 : i32
    %r = arith.index_cast %rank : i32 to index
    %peer = arith.subi %k1, %r : index
    %mine_at = arith.addi %k4, %r : index
    %peer_at = arith.addi %k4, %peer : index
    %mine = pto.load_scalar %ctx[%mine_at] : !pto.ptr<i64> -> i64
    %theirs = pto.load_scalar %ctx[%peer_at] : !pto.ptr<i64> -> i64
    %bytes = arith.subi %theirs, %mine : i64
    %words = arith.divsi %bytes, %four : i64
    %shift = arith.index_cast %words : i64 to index
    %ry = pto.addptr %y, %shift : !pto.ptr<f32> -> !pto.ptr<f32>
    %rs = pto.addptr %s, %shift : !pto.ptr<i32> -> !pto.ptr<i32>
"""
"""The constants of the rank kernels and rank r's pointers into its peer's `y` and `s`
(`%ry`, `%rs`: the peer's window, `windowsIn[peer] - windowsIn[rank]` from the context)."""
PUT_AND_NOTIFY = """    pto.comm.tput(%yr, %xr, buf(%t) : !pto.partition_tensor_view<1x64xf32>, !pto.partition_tensor_view<1x64xf32>, !pto.tile_buf<vec, 1x64xf32>)
    %rsv = pto.make_tensor_view %rs, shape = [%k1], strides = [%k1] : !pto.tensor_view<1xi32>
    %rsp = pto.partition_view %rsv, offsets = [%k0], sizes = [%k1] : !pto.tensor_view<1xi32> -> !pto.partition_tensor_view<1xi32>
    pto.comm.tnotify(%rsp, %one : !pto.partition_tensor_view<1xi32>, i32) {notifyOp = #pto<notify_op atomic_add>}
"""  # noqa: E501
"""Puts the row `%xr` into the peer's `%yr` and adds 1 to the peer's signal."""


def rank_kernel(text: str) -> str:
    """`text` with its `PEER_WINDOW` and `PUT_AND_NOTIFY` lines written out."""
    return text.replace("PEER_WINDOW\n", PEER_WINDOW).replace("PUT_AND_NOTIFY\n", PUT_AND_NOTIFY)


RANKS = rank_kernel("""
func.func @exchange(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %s: !pto.ptr<i32>, %rank: i32,
                    %ctx: !pto.ptr<i64>) {
PEER_WINDOW
    %want = arith.constant WANT : i32
    %t = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
    %xv = pto.make_tensor_view %x, shape = [%k1, %k64], strides = [%k64, %k1] : !pto.tensor_view<1x64xf32>
    %xr = pto.partition_view %xv, offsets = [%k0, %k0], sizes = [%k1, %k64] : !pto.tensor_view<1x64xf32> -> !pto.partition_tensor_view<1x64xf32>
    %yv = pto.make_tensor_view %ry, shape = [%k2, %k64], strides = [%k64, %k1] : !pto.tensor_view<2x64xf32>
    %yr = pto.partition_view %yv, offsets = [%r, %k0], sizes = [%k1, %k64] : !pto.tensor_view<2x64xf32> -> !pto.partition_tensor_view<1x64xf32>
PUT_AND_NOTIFY
    %sv = pto.make_tensor_view %s, shape = [%k1], strides = [%k1] : !pto.tensor_view<1xi32>
    %sp = pto.partition_view %sv, offsets = [%k0], sizes = [%k1] : !pto.tensor_view<1xi32> -> !pto.partition_tensor_view<1xi32>
    pto.comm.twait(%sp, %want : !pto.partition_tensor_view<1xi32>, i32) {cmp = #pto<wait_cmp ge>}
    return
}""")  # noqa: E501


def test_ranks_reach_each_others_gm_through_the_context() -> None:
    """Rank r puts its x into row r of its peer's y (the peer's window: `windowsIn[peer] -
    windowsIn[rank]` from the context), notifies the peer and waits for the peer's notify."""
    x = np.arange(64, dtype=np.float32)
    y = np.full((2, 64), -1, np.float32)
    module = parse(RANKS.replace("WANT", "1"))
    result = run(module, x, y, np.zeros(1, np.int32), "rank:i32", "comm_ctx", ranks=2)
    out = result.outputs[1]  # rank 0's y: row 1 from rank 1, row 0 untouched
    assert np.array_equal(out[1], x) and np.array_equal(out[0], y[0])
    assert result.outputs[2].tolist() == [1] and not result.report.hazards
    with pytest.raises(PtoRunError, match=r"deadlock(.|\n)*rank 0 block 0(.|\n)*rank 1 block 0"):
        never = parse(RANKS.replace("WANT", "2"))  # one notify each: 2 never arrives
        run(never, x, y, np.zeros(1, np.int32), "rank:i32", "comm_ctx", ranks=2)


def test_a_race_through_remote_gm_names_both_ranks() -> None:
    """Reading y before waiting for the peer's put: a RAW hazard between the ranks' cores."""
    early = """
    %lv = pto.make_tensor_view %y, shape = [%k2, %k64], strides = [%k64, %k1] : !pto.tensor_view<2x64xf32>
    %lr = pto.partition_view %lv, offsets = [%peer, %k0], sizes = [%k1, %k64] : !pto.tensor_view<2x64xf32> -> !pto.partition_tensor_view<1x64xf32>
    pto.comm.tget(%xr, %lr, buf(%t) : !pto.partition_tensor_view<1x64xf32>, !pto.partition_tensor_view<1x64xf32>, !pto.tile_buf<vec, 1x64xf32>)
    pto.comm.twait"""  # noqa: E501
    module = parse(RANKS.replace("WANT", "1").replace("\n    pto.comm.twait", early))
    x, y = np.arange(64, dtype=np.float32), np.zeros((2, 64), np.float32)
    result = run(module, x, y, np.zeros(1, np.int32), "rank:i32", "comm_ctx", ranks=2)
    messages = [h.message for h in result.report.hazards]
    assert any(
        m.startswith("RAW hazard on rank 1 gm:arg1")
        and "pto.comm.tget" in m
        and "on rank 1 block 0 AIV0 reads what pto.comm.tput" in m
        and "on rank 0 block 0 AIV0 wrote" in m
        for m in messages
    ), messages


def test_async_put_and_get_complete_by_the_wait() -> None:
    body = f"""
    %ws = pto.castptr %s : !pto.ptr<i32> -> !pto.ptr<i8>
    %scratch = pto.alloc_tile : !pto.tile_buf<vec, 1x256xi8>
    %ss = pto.comm.build_async_session(%scratch, %ws : !pto.tile_buf<vec, 1x256xi8>, !pto.ptr<i8>) -> !pto.async_session
    %e = pto.comm.tput_async(%brow1, %arow0, %ss : {ROW}, {ROW}, !pto.async_session) -> !pto.async_event
    %f = pto.comm.tget_async(%crow0, %drow1, %ss : {ROW}, {ROW}, !pto.async_session) -> !pto.async_event
    %done = pto.comm.wait_async_event(%e, %ss : !pto.async_event, !pto.async_session) -> i1
    %now = pto.comm.test_async_event(%f, %ss : !pto.async_event, !pto.async_session) -> i1
    %both = arith.andi %done, %now : i1
    %v = arith.extui %both : i1 to i32
    pto.comm.tnotify(%sig, %v : {SIG}, i32) {{notifyOp = #pto<notify_op set>}}"""  # noqa: E501
    a, b, c, d = data(6)
    out = run(parse(kernel(body)), a, b, c, d, np.zeros((1, 2), np.int32)).outputs
    assert np.array_equal(out[1][1], a[0]) and np.array_equal(out[2][0], d[1])
    assert out[4].tolist() == [[1, 0]]


def test_pto_run_ranks_with_auto_arguments(tmp_path: Path) -> None:
    """`pto-run --arg auto --ranks 2 --arg-value rank=rank:i32 --arg-value ctx=comm_ctx`:
    rank 0's y row 1 holds rank 1's x (a copy of the same auto data)."""
    kernel_file = tmp_path / "exchange.pto"
    kernel_file.write_text(RANKS.replace("WANT", "1"))
    argv = [str(kernel_file), "--arg", "auto", "--ranks", "2", "--out-dir", str(tmp_path)]
    argv += ["--arg-value", "rank=rank:i32", "--arg-value", "ctx=comm_ctx"]
    assert main(argv) == 0
    x, y = np.load(tmp_path / "arg0.npy"), np.load(tmp_path / "arg1.npy")
    assert np.array_equal(y.reshape(-1)[64:128], x.reshape(-1)[:64])


def test_auto_zeroes_signals_and_completes_barrier_only_kernels() -> None:
    """`--arg auto` gives the twait / tnotify buffer zeros (nothing notified yet), random
    data elsewhere; `--auto-sync` synchronises a kernel whose only sync is a full barrier."""
    module = parse(RANKS.replace("WANT", "1"))
    made = auto_args(module, entry_function(module), seed=3)
    signal, data = made[2], made[0]
    assert isinstance(signal, ArrayArg) and isinstance(data, ArrayArg)
    assert not signal.array.any() and data.array.any()
    text = f"""
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k64 = arith.constant 64 : index
    %t = pto.alloc_tile : {TILE}
    %xv = pto.make_tensor_view %x, shape = [%k1, %k64], strides = [%k64, %k1] : !pto.tensor_view<1x64xf32>
    %xr = pto.partition_view %xv, offsets = [%k0, %k0], sizes = [%k1, %k64] : !pto.tensor_view<1x64xf32> -> {ROW}
    %yv = pto.make_tensor_view %y, shape = [%k1, %k64], strides = [%k64, %k1] : !pto.tensor_view<1x64xf32>
    %yr = pto.partition_view %yv, offsets = [%k0, %k0], sizes = [%k1, %k64] : !pto.tensor_view<1x64xf32> -> {ROW}
    pto.barrier <PIPE_ALL>
    pto.tload ins(%xr : {ROW}) outs(%t : {TILE})
    pto.tabs ins(%t : {TILE}) outs(%t : {TILE})
    pto.tstore ins(%t : {TILE}) outs(%yr : {ROW})
    return
}}"""  # noqa: E501
    done = complete(make_context(), parse(text))
    assert done.skipped is None and done.inserted["pto.set_flag"] > 0
    assert "pto.barrier" not in done.inserted  # the kernel's own


PUSH = rank_kernel("""
func.func @push(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>, %s: !pto.ptr<i32>, %z: !pto.ptr<f32>,
                %rank: i32, %ctx: !pto.ptr<i64>, %__pypto_spmd_block_idx: i32,
                %__pypto_spmd_block_num: i32) {
PEER_WINDOW
    %b = arith.index_cast %__pypto_spmd_block_idx : i32 to index
    %t = pto.alloc_tile : !pto.tile_buf<vec, 1x64xf32>
    %xv = pto.make_tensor_view %x, shape = [%k2, %k64], strides = [%k64, %k1] : !pto.tensor_view<2x64xf32>
    %xr = pto.partition_view %xv, offsets = [%b, %k0], sizes = [%k1, %k64] : !pto.tensor_view<2x64xf32> -> !pto.partition_tensor_view<1x64xf32>
    %r2 = arith.muli %r, %k2 : index
    %row = arith.addi %r2, %b : index
    %yv = pto.make_tensor_view %ry, shape = [%k4, %k64], strides = [%k64, %k1] : !pto.tensor_view<4x64xf32>
    %yr = pto.partition_view %yv, offsets = [%row, %k0], sizes = [%k1, %k64] : !pto.tensor_view<4x64xf32> -> !pto.partition_tensor_view<1x64xf32>
PUT_AND_NOTIFY
    return
}""")  # noqa: E501
"""Block b of rank r puts row b of x into row 2r + b of its peer's y and notifies the peer
(`%__pypto_spmd_block_idx`: the block's index, `pto-run --blocks 2`)."""

WAIT = """
func.func @wait(%y: !pto.ptr<f32>, %s: !pto.ptr<i32>, %z: !pto.ptr<f32>) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k4 = arith.constant 4 : index
    %k64 = arith.constant 64 : index
    %want = arith.constant WANT : i32
    %sv = pto.make_tensor_view %s, shape = [%k1], strides = [%k1] : !pto.tensor_view<1xi32>
    %sp = pto.partition_view %sv, offsets = [%k0], sizes = [%k1] : !pto.tensor_view<1xi32> -> !pto.partition_tensor_view<1xi32>
    WAIT_OP
    %t = pto.alloc_tile : !pto.tile_buf<vec, 4x64xf32>
    %yv = pto.make_tensor_view %y, shape = [%k4, %k64], strides = [%k64, %k1] : !pto.tensor_view<4x64xf32>
    %yp = pto.partition_view %yv, offsets = [%k0, %k0], sizes = [%k4, %k64] : !pto.tensor_view<4x64xf32> -> !pto.partition_tensor_view<4x64xf32>
    %zv = pto.make_tensor_view %z, shape = [%k4, %k64], strides = [%k64, %k1] : !pto.tensor_view<4x64xf32>
    %zp = pto.partition_view %zv, offsets = [%k0, %k0], sizes = [%k4, %k64] : !pto.tensor_view<4x64xf32> -> !pto.partition_tensor_view<4x64xf32>
    pto.tload ins(%yp : !pto.partition_tensor_view<4x64xf32>) outs(%t : !pto.tile_buf<vec, 4x64xf32>)
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.tstore ins(%t : !pto.tile_buf<vec, 4x64xf32>) outs(%zp : !pto.partition_tensor_view<4x64xf32>)
    return
}"""  # noqa: E501
"""Waits for WANT notifies, then copies y to z (both the push kernel's buffers: `@N`)."""
TWAIT = (
    "pto.comm.twait(%sp, %want : !pto.partition_tensor_view<1xi32>, i32) {cmp = #pto<wait_cmp ge>}"
)


def test_pto_run_with_launches_a_wait_kernel_with_its_push_kernel(tmp_path: Path) -> None:
    """`pto-run push --blocks 2 --ranks 2 --with wait --with-blocks 1 --with-arg @1 ...`: the
    wait kernel goes on once both peer blocks notified and copies what they put (rank 0's z:
    rows 2 and 3 from rank 1's blocks 1 and 0, rows 0 and 1 untouched)."""
    (tmp_path / "push.pto").write_text(PUSH)
    (tmp_path / "wait.pto").write_text(WAIT.replace("WANT", "2").replace("WAIT_OP", TWAIT))
    argv = [str(tmp_path / "push.pto"), "--ranks", "2", "--blocks", "2", "--out-dir",
            str(tmp_path), "--with", str(tmp_path / "wait.pto"), "--with-blocks", "1"]  # fmt: skip
    for spec in ("arange:2x64xf32", "zeros:4x64xf32", "zeros:1xi32", "zeros:4x64xf32",
                 "rank:i32", "comm_ctx", "0:i32", "1:i32"):  # fmt: skip
        argv += ["--arg", spec]
    for spec in ("@1", "@2", "@3"):
        argv += ["--with-arg", spec]
    assert main(argv) == 0
    z = np.load(tmp_path / "arg3.npy")
    x = np.arange(128, dtype=np.float32).reshape(2, 64)
    assert np.array_equal(z[2:], x) and not z[:2].any()
    assert np.load(tmp_path / "arg2.npy").tolist() == [2]


def test_a_second_kernel_races_or_deadlocks_with_the_first() -> None:
    """Without its wait the second kernel reads y while the first kernel's blocks put into
    it: a hazard naming both kernels; waiting for more notifies than come: the deadlock
    diagnosis names the second kernel's core."""
    push = parse(PUSH)
    args = (np.ones((2, 64), np.float32), np.zeros((4, 64), np.float32), np.zeros(1, np.int32),
            np.zeros((4, 64), np.float32), "rank:i32", "comm_ctx", 0, 1)  # fmt: skip
    racy = together(parse(WAIT.replace("WANT", "2").replace("WAIT_OP", "")), "@1", "@2", "@3")
    result = run(push, *args, ranks=2, blocks=2, together=racy)
    messages = [h.message for h in result.report.hazards]
    assert any("@wait block 0 AIV0" in m and "@push block" in m for m in messages), messages
    short = together(parse(WAIT.replace("WANT", "3").replace("WAIT_OP", TWAIT)), "@1", "@2", "@3")
    with pytest.raises(PtoRunError, match=r"deadlock(.|\n)*rank 0 @wait block 0 AIV0: pto.comm"):
        run(push, *args, ranks=2, blocks=2, together=short)
