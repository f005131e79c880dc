"""Multi-block runs, launch queries, sections and `mem_bar` in the interpreter.

Each block of `run(..., blocks=N)` runs on a core of its own over the same GM: the references
are numpy slicings of the inputs by block index, written from the manual's block-dim query
page (block `b` of `n` owns `[b * len, (b + 1) * len)`).
"""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from interpreters.api import PtoArgumentError, PtoRunError, parse, run

ROW = 64
"""f32 elements each block moves (256 bytes)."""


def kernel(offset: str, body: str = "") -> str:
    """Block `b` copies x[offset(b) * 64 ...] to y[b * 64 ...] through UB."""
    return f"""
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f32>) {{
    %c0 = arith.constant 0 : i64
    %c1 = arith.constant 1 : i64
    %c64 = arith.constant 64 : i64
    %c256 = arith.constant 256 : i64
    %b = pto.get_block_idx
    %n = pto.get_block_num
    %src_row = {offset}
    %src_off = arith.muli %src_row, %c64 : i64
    %dst_off = arith.muli %b, %c64 : i64
    %si = arith.index_cast %src_off : i64 to index
    %di = arith.index_cast %dst_off : i64 to index
    %gx = pto.addptr %x, %si : !pto.ptr<f32>, index -> !pto.ptr<f32>
    %gy = pto.addptr %y, %di : !pto.ptr<f32>, index -> !pto.ptr<f32>
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
{
        body
        or '''    pto.mte_gm_ub %gx, %ub, %c0, %c256 nburst(%c1, %c256, %c256)
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64'''
    }
    pto.barrier #pto.pipe<PIPE_ALL>
    pto.mte_ub_gm %ub, %gy, %c256 nburst(%c1, %c256, %c256)
      : !pto.ptr<f32, ub>, !pto.ptr<f32>, i64, i64, i64, i64
    func.return
}}"""


@pytest.mark.parametrize("blocks", [1, 2, 5])
def test_every_block_copies_the_slice_its_index_names(blocks: int) -> None:
    x = np.random.default_rng(blocks).standard_normal(5 * ROW).astype(np.float32)
    result = run(
        parse(kernel("arith.addi %b, %c0 : i64"), target="a5"), x, np.zeros_like(x), blocks=blocks
    )
    want = np.zeros_like(x)
    want[: blocks * ROW] = x[: blocks * ROW]
    np.testing.assert_array_equal(result["y"], want)
    assert len(result.block_reports) == blocks


def test_get_block_num_is_the_launch_size() -> None:
    # block b reads row n - 1 - b: the rows come out reversed
    x = np.arange(4 * ROW, dtype=np.float32)
    text = kernel("arith.subi %n, %b : i64\n    %last = arith.subi %src_row, %c1 : i64").replace(
        "%src_off = arith.muli %src_row", "%src_off = arith.muli %last"
    )
    result = run(parse(text, target="a5"), x, np.zeros_like(x), blocks=4)
    np.testing.assert_array_equal(result["y"], x.reshape(4, ROW)[::-1].ravel())


def test_each_block_has_on_chip_memories_of_its_own() -> None:
    # only block 0 loads; block 1 stores what its own (untouched, zero) UB holds
    body = """    %is0 = arith.cmpi eq, %b, %c0 : i64
    scf.if %is0 {
      pto.mte_gm_ub %gx, %ub, %c0, %c256 nburst(%c1, %c256, %c256)
        : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    }"""
    x = np.ones(2 * ROW, np.float32)
    result = run(
        parse(kernel("arith.addi %b, %c0 : i64", body), target="a5"),
        x,
        np.full_like(x, 7),
        blocks=2,
    )
    np.testing.assert_array_equal(result["y"], np.repeat([1.0, 0.0], ROW).astype(np.float32))


def test_the_run_takes_as_long_as_its_slowest_block() -> None:
    # block 0 moves one row, block 1 two rows (with a second transfer)
    body = """    pto.mte_gm_ub %gx, %ub, %c0, %c256 nburst(%c1, %c256, %c256)
      : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    %is1 = arith.cmpi eq, %b, %c1 : i64
    scf.if %is1 {
      pto.barrier #pto.pipe<PIPE_ALL>
      pto.mte_gm_ub %gx, %ub, %c0, %c256 nburst(%c1, %c256, %c256)
        : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    }"""
    x = np.zeros(2 * ROW, np.float32)
    result = run(parse(kernel("arith.addi %b, %c0 : i64", body), target="a5"), x, x, blocks=2)
    cycles = result.block_cycles
    assert all(c is not None for c in cycles)
    assert cycles[1] is not None and cycles[0] is not None and cycles[1] > cycles[0]
    assert result.cycles == cycles[1]


def test_a_single_run_is_block_0_of_1_and_subblock_0_of_1() -> None:
    # the source row is b + s + (n - 1) + (sn - 1): all four are non-negative, so row 0 is
    # read only when the block and subblock are 0 of 1
    offset = """arith.addi %b, %c0 : i64
    %s = pto.get_subblock_idx
    %sn = pto.get_subblock_num
    %r1 = arith.addi %src_row, %s : i64
    %r2 = arith.addi %r1, %n : i64
    %r3 = arith.addi %r2, %sn : i64
    %row = arith.subi %r3, %c2 : i64"""
    text = kernel(offset).replace("%src_off = arith.muli %src_row", "%src_off = arith.muli %row")
    text = text.replace(
        "%c1 = arith.constant 1 : i64",
        "%c1 = arith.constant 1 : i64\n    %c2 = arith.constant 2 : i64",
    )
    x = np.arange(3 * ROW, dtype=np.float32)
    result = run(parse(text, target="a5"), x, np.zeros_like(x))
    np.testing.assert_array_equal(result["y"][:ROW], x[:ROW])


def test_blocks_need_pointer_arguments_not_tiles() -> None:
    text = """
func.func @k(%t: !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=8>) {
    func.return
}"""
    with pytest.raises(PtoArgumentError, match="tile argument lives on one core"):
        run(parse(text, target="a5"), np.zeros((8, 8), np.float32), blocks=2)


def test_the_vector_core_runs_a_vector_section_and_skips_a_cube_section() -> None:
    body = """    pto.section.cube {
      pto.mte_gm_ub %gx, %ub, %c0, %c256 nburst(%c1, %c256, %c256)
        : !pto.ptr<f32>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
    }
    pto.section.vector {
      pto.mem_bar "VST_VLD"
    }"""
    x = np.ones(ROW, np.float32)
    result = run(
        parse(kernel("arith.addi %b, %c0 : i64", body), target="a5"), x, np.full_like(x, 5)
    )
    np.testing.assert_array_equal(result["y"], np.zeros(ROW, np.float32))
    vector = kernel(
        "arith.addi %b, %c0 : i64",
        body.replace("section.cube", "section.other")
        .replace("section.vector", "section.cube")
        .replace("section.other", "section.vector"),
    )
    result = run(parse(vector, target="a5"), x, np.full_like(x, 5))
    np.testing.assert_array_equal(result["y"], x)


def _both(
    text: str, x: np.ndarray, y: np.ndarray, blocks: int, **options: object
) -> tuple[Any, Any]:
    """The launch run one block after another and in processes (`jobs`)."""
    module = parse(text, target="a5")
    return (
        run(module, x, y, blocks=blocks, **options),  # pyright: ignore[reportArgumentType]
        run(module, x, y, blocks=blocks, jobs=2, **options),  # pyright: ignore[reportArgumentType]
    )


@pytest.mark.parametrize("semantics_only", [False, True])
def test_blocks_in_processes_give_the_bytes_and_cycles_of_one_after_another(
    semantics_only: bool,
) -> None:
    # reversed rows: every block reads a row another one does not write
    text = kernel("arith.subi %n, %b : i64\n    %last = arith.subi %src_row, %c1 : i64").replace(
        "%src_off = arith.muli %src_row", "%src_off = arith.muli %last"
    )
    x = np.random.default_rng(5).standard_normal(3 * ROW).astype(np.float32)
    apart, together = _both(text, x, np.zeros_like(x), 3, semantics_only=semantics_only)
    np.testing.assert_array_equal(apart["y"], x.reshape(3, ROW)[::-1].ravel())
    assert apart["y"].tobytes() == together["y"].tobytes()
    assert apart.block_cycles == together.block_cycles
    assert [r.text() for r in apart.block_reports] == [r.text() for r in together.block_reports]


def test_a_block_that_reads_what_an_earlier_one_wrote_runs_after_it() -> None:
    # block b copies row b of y to row b + 1 of y: in order, row 0 reaches every row
    text = kernel("arith.addi %b, %c0 : i64").replace("%gx = pto.addptr %x", "%gx = pto.addptr %y")
    text = text.replace("%dst_off = arith.muli %b, %c64", "%b1 = arith.addi %b, %c1 : i64\n    "
                        "%dst_off = arith.muli %b1, %c64")  # fmt: skip
    y = np.random.default_rng(6).standard_normal(3 * ROW).astype(np.float32)
    sequential, parallel = _both(text, np.zeros_like(y), y, 2)
    np.testing.assert_array_equal(sequential["y"], np.tile(y[:ROW], 3))
    assert parallel["y"].tobytes() == sequential["y"].tobytes()


def test_the_first_failing_block_is_the_error_in_processes_too() -> None:
    x = np.zeros(5000, np.float32)  # 20,000 bytes: its last page ends at byte 20,480
    module = parse(kernel("arith.muli %b, %c64 : i64"), target="a5")  # block b at b * 16 KiB
    with pytest.raises(PtoRunError, match=r"block 2: gm source rows reach bytes \[32768, 33024\)"):
        run(module, x, np.zeros(4 * ROW, np.float32), blocks=4, jobs=2)
