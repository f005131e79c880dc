"""Arguments a run makes or shares: `--arg auto` (interpreters/auto_args.py), `--arg @N` and
one array for several pointers, the pages of GM buffers (interpreters/launching/args.py),
and the ends of a run that would not end (`--time-limit`)."""

from __future__ import annotations

from pathlib import Path
from typing import Any
from unittest import mock

import numpy as np
import pytest
from xdsl.dialects.builtin import IndexType, ModuleOp, f16, f32

from interpreters.api import (
    PtoArgumentError,
    PtoRunError,
    make_context,
    parse,
    parse_file,
    run,
)
from interpreters.auto_args import INT_LIMIT, auto_args
from interpreters.auto_sync import complete
from interpreters.commands.runner import main
from interpreters.launching.args import (
    AliasArg,
    ArrayArg,
    ScalarArg,
    bind_all,
    gm_allocation,
    parse_spec,
)
from interpreters.launching.execute import entry_function
from interpreters.machine.core import Machine
from interpreters.machine.memory import Pointer
from pto_dialect.memory_types import PtrType
from pto_dialect.targets import TargetArch, profile

INPUTS = Path(__file__).parents[1] / "filecheck" / "run" / "Inputs"

KERNEL = """
!vf = !pto.tensor_view<?x?xf32>
!vh = !pto.tensor_view<?x?xf16>
func.func @k(%x: !pto.ptr<f32>, %y: !pto.ptr<f16>, %rows: index, %row: i32,
             %__pypto_spmd_block_idx: i32, %__pypto_spmd_block_num: i32, %alpha: f32) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %r = arith.index_cast %row : i32 to index
  %b = arith.index_cast %__pypto_spmd_block_idx : i32 to index
  %vx = pto.make_tensor_view %x, shape = [%rows, %c64], strides = [%c64, %c1] : !vf
  scf.for %i = %c0 to %rows step %c8 {
    %off = arith.addi %i, %r : index
    %p = pto.partition_view %vx, offsets = [%off, %c0], sizes = [%c8, %c64]
      : !vf -> !pto.partition_tensor_view<8x64xf32>
  }
  %n = arith.muli %b, %c4 : index
  %y1 = pto.addptr %y, %c64 : !pto.ptr<f16> -> !pto.ptr<f16>
  %vy = pto.make_tensor_view %y1, shape = [%c4, %c64], strides = [%c64, %c1] : !vh
  %q = pto.partition_view %vy, offsets = [%n, %c0], sizes = [%c4, %c64]
    : !vh -> !pto.partition_tensor_view<4x64xf16>
  func.return
}
"""


def test_auto_sizes_buffers_from_views_and_picks_scalars_by_their_use() -> None:
    module = parse(KERNEL)
    args = auto_args(module, entry_function(module), seed=1)
    x, y, rows, row, block, blocks, alpha = args
    assert isinstance(x, ArrayArg) and isinstance(y, ArrayArg)
    # rows: the extent that holds the partitions [0, 8) of an 8-step loop; row: an offset
    assert (rows, row, block, blocks) == (ScalarArg(8, "index"), ScalarArg(0, "i32"),
                                          ScalarArg(0, "i32"), ScalarArg(1, "i32"))  # fmt: skip
    assert alpha == ScalarArg(1.0, "f32")
    assert x.array.shape == (8 * 64,) and x.array.dtype == np.float32
    assert y.array.shape == (64 + 4 * 64,) and y.array.dtype == np.float16  # addptr 64 ahead
    assert ((x.array >= -1) & (x.array < 1)).all() and len(np.unique(x.array)) > 100
    again = auto_args(module, entry_function(module), seed=1, values={"rows": 24, "%row": 3})
    assert (again[2], again[3]) == (ScalarArg(24, "index"), ScalarArg(3, "i32"))
    assert isinstance(again[0], ArrayArg) and again[0].array.size == 24 * 64  # the view's
    with pytest.raises(Exception, match="--arg-value nope: no such parameter"):
        auto_args(module, entry_function(module), values={"nope": 1})


ADDRESSES = """
func.func @k(%ctx: !pto.ptr<i64>, %lens: !pto.ptr<i32>, %y: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %d = func.call @offset(%ctx, %c1) : (!pto.ptr<i64>, index) -> index
  %n = pto.load_scalar %lens[%c0] : !pto.ptr<i32> -> i32
  %y1 = pto.addptr %y, %d : !pto.ptr<f32> -> !pto.ptr<f32>
  %v = pto.make_tensor_view %y1, shape = [%c4], strides = [%c1] : !pto.tensor_view<?xf32>
  func.return
}
func.func private @offset(%p: !pto.ptr<i64>, %peer: index) -> index {
  %c2 = arith.constant 2 : index
  %i = arith.addi %c2, %peer : index
  %base = pto.load_scalar %p[%i] : !pto.ptr<i64> -> i64
  %mine = pto.load_scalar %p[%c2] : !pto.ptr<i64> -> i64
  %diff = arith.subi %base, %mine : i64
  %r = arith.index_cast %diff : i64 to index
  func.return %r : index
}
"""


def test_a_buffer_whose_elements_become_pointer_offsets_starts_at_zeros() -> None:
    """PyPTO's communication context: addresses no random draw gets right (its elements,
    read in a called function, give an addptr offset); another integer buffer stays random."""
    module = parse(ADDRESSES)
    ctx, lens, _ = auto_args(module, entry_function(module), seed=1)
    assert isinstance(ctx, ArrayArg) and isinstance(lens, ArrayArg)
    assert ctx.array.size > 0 and not ctx.array.any()
    assert lens.array.size > 0 and (lens.array >= 1).all()


CARRIED = """
func.func @k(%slots: !pto.ptr<i64>, %cache: !pto.ptr<f32>, %rows: index, %n: index) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c4 = arith.constant 4 : index
  %none = arith.constant -1 : i64
  %row, %count = scf.for %i = %c0 to %c4 step %c1 iter_args(%r = %none, %k = %c0) -> (i64, index) {
    %s = pto.load_scalar %slots[%i] : !pto.ptr<i64> -> i64
    %k1 = arith.addi %k, %c1 : index
    scf.yield %s, %k1 : i64, index
  }
  %ri = arith.index_cast %row : i64 to index
  %off = arith.maxsi %ri, %c0 : index
  %v = pto.make_tensor_view %cache, shape = [%rows, %c4], strides = [%c4, %c1]
    : !pto.tensor_view<?x?xf32>
  %p = pto.partition_view %v, offsets = [%off, %c0], sizes = [%c1, %c4]
    : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x4xf32>
  %w = pto.make_tensor_view %cache, shape = [%n, %c4], strides = [%c4, %c1]
    : !pto.tensor_view<?x?xf32>
  %q = pto.partition_view %w, offsets = [%count, %c0], sizes = [%c1, %c4]
    : !pto.tensor_view<?x?xf32> -> !pto.partition_tensor_view<1x4xf32>
  func.return
}
"""


def test_a_loop_carried_row_from_loaded_data_sizes_the_view_it_selects_from() -> None:
    """The carried row is -1 or a loaded slot (1..INT_LIMIT): the extent holds row 8; a
    carried counter has no settled range and leaves its extent at the default."""
    module = parse(CARRIED)
    _, _, rows, n = auto_args(module, entry_function(module), seed=1)
    assert rows == ScalarArg(INT_LIMIT + 1, "index")
    assert n == ScalarArg(1, "index")


def test_pto_run_runs_a_kernel_with_auto_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main([str(INPUTS.parent / "blocks.mlir"), "--arg", "auto:2", "--report"]) == 0
    assert "hazards: 0" in capsys.readouterr().out
    status = main([str(INPUTS.parent / "blocks.mlir"), "--arg", "auto", "--arg-value", "z=1"])
    assert status == 1 and "--arg-value z: no such parameter" in capsys.readouterr().err
    assert main([str(INPUTS.parent / "blocks.mlir"), "--arg-value", "x=1"]) == 1
    assert "--arg-value sets a scalar of --arg auto" in capsys.readouterr().err


def test_a_pointer_of_another_type_views_the_shared_buffer() -> None:
    machine = Machine(profile(TargetArch.A5))
    data = np.arange(8, dtype=np.float32)
    f32_ptr, f16_ptr = PtrType(f32), PtrType(f16)
    bound, values = bind_all(machine, [ArrayArg(data), parse_spec("@0")], [f32_ptr, f16_ptr])
    first, second = values
    assert isinstance(first, Pointer) and isinstance(second, Pointer)
    assert first.memory is second.memory and str(second.dtype) == "f16"
    assert first.memory is not None
    first.memory.data[:4] = np.array([2.5], np.float32).view(np.uint8)  # written through %0
    alias = bound[1]
    assert isinstance(alias, ArrayArg) and alias.alias_of == 0
    seen = alias.final()  # what %1 reads: the same bytes as 16 halves
    assert seen.dtype == np.float16 and seen.size == 16
    assert seen[:2].view(np.float32)[0] == 2.5 and seen[2:].tobytes() == data[1:].tobytes()
    # views of one array share one buffer, each where its bytes start
    tail = data[4:]
    same, pointers = bind_all(machine, [ArrayArg(tail), ArrayArg(data.view(np.float16))],
                              [f32_ptr, f16_ptr])  # fmt: skip
    assert [p.offset for p in pointers if isinstance(p, Pointer)] == [16, 0]
    assert all(isinstance(a, ArrayArg) and a.memory is pointers[1].memory for a in same)  # type: ignore[union-attr]
    with pytest.raises(Exception, match=r"argument 1 \(@0\): argument 0 is a scalar"):
        bind_all(machine, [ScalarArg(1, "index"), AliasArg(0)], [IndexType(), f16_ptr])


def test_a_pointer_its_dma_reaches_directly_gets_a_buffer_that_holds_it() -> None:
    """A micro-op kernel's pointer (no view sizes it): 64 rows of 256 bytes (16 KiB, as
    PTOAS's board-tested vcmp kernels load) run with `args="auto"`."""
    text = """
    func.func @k(%src: !pto.ptr<f32, gm>) {
      %c0 = arith.constant 0 : i64
      %c64 = arith.constant 64 : i64
      %c256 = arith.constant 256 : i64
      %ub = pto.castptr %c0 : i64 -> !pto.ptr<f32, ub>
      pto.mte_gm_ub %src, %ub, %c0, %c256 nburst(%c64, %c256, %c256)
        : !pto.ptr<f32, gm>, !pto.ptr<f32, ub>, i64, i64, i64, i64, i64
      func.return
    }"""
    result = run(parse(text, target="a5"), args="auto")
    assert result.inputs[0] is not None and result.inputs[0].nbytes >= 64 * 256


def test_gm_buffers_end_where_the_allocators_pages_end() -> None:
    # aclrtMalloc: up to 32 bytes, plus 32; 4 KiB pages up to 1 MiB, 2 MiB pages above
    assert [gm_allocation(n) for n in (1, 64, 4064, 4065, 4096)] == [4096] * 3 + [8192] * 2
    assert gm_allocation(1 << 20) == (1 << 20) + 4096
    assert gm_allocation((1 << 20) + 1) == 2 << 20
    assert gm_allocation(3 << 20) == 4 << 20


def test_an_endless_run_stops_at_its_time_limit() -> None:
    module = parse_file(INPUTS / "endless_while.mlir")
    with pytest.raises(PtoRunError, match=r"scf.while: the run exceeds its time limit"):
        run(module, time_limit=0.05, max_steps=10**9)
    with pytest.raises(PtoArgumentError, match='args="auto:x": expected "auto" or "auto:SEED"'):
        run(module, args="auto:x")


def test_pto_run_binds_a_pointer_to_the_buffer_of_another_argument(tmp_path: Path) -> None:
    """`--arg @0`: the column minima land in row 0 of the source's own buffer, which
    `--out-dir` writes once, as argument 0."""
    kernel = Path(__file__).parents[2] / "examples" / "tcolmin.mlir"
    source = parse_spec("rand:16x32xf32:1")
    assert isinstance(source, ArrayArg)
    status = main([str(kernel), "--arg", "rand:16x32xf32:1", "--arg", "@0", "--out-dir",
                   str(tmp_path)])  # fmt: skip
    assert status == 0 and sorted(p.name for p in tmp_path.iterdir()) == ["arg0.npy"]
    final = np.load(tmp_path / "arg0.npy")
    assert np.array_equal(final[0], source.array.min(axis=0))
    assert np.array_equal(final[1:], source.array[1:])


def _helpers(count: int) -> str:
    """An entry that hands its pointer to `count` functions, each viewing it."""
    calls = "".join(f"  func.call @h{i}(%x) : (!pto.ptr<f32>) -> ()\n" for i in range(count))
    helpers = "".join(
        f"func.func private @h{i}(%p: !pto.ptr<f32>) {{\n  %c1 = arith.constant 1 : index\n"
        f"  %c{i + 2} = arith.constant {i + 2} : index\n"
        f"  %v = pto.make_tensor_view %p, shape = [%c{i + 2}], strides = [%c1]"
        " : !pto.tensor_view<?xf32>\n  func.return\n}\n"
        for i in range(count)
    )
    return f"func.func @k(%x: !pto.ptr<f32>) {{\n{calls}  func.return\n}}\n{helpers}"


def _plan_walks(count: int) -> int:
    """How many times `auto_args` walks the module of `_helpers(count)`."""
    module = parse(_helpers(count))
    original = ModuleOp.walk
    walks = 0

    def counted(self: ModuleOp, *args: Any, **kwargs: Any) -> Any:
        nonlocal walks
        walks += self is module
        return original(self, *args, **kwargs)

    with mock.patch.object(ModuleOp, "walk", counted):
        (x,) = auto_args(module, entry_function(module), seed=1)
    assert isinstance(x, ArrayArg) and x.array.size == count + 1  # the largest view
    return walks


def test_the_plan_walks_the_module_a_fixed_number_of_times_however_many_calls() -> None:
    """Each call site's lookup walked the whole module (a 10,000-line kernel of many
    functions took 15 s of `--arg auto`; fuzz7's campaign, seed 70001)."""
    assert _plan_walks(4) == _plan_walks(16) > 0


IN_PLACE = """
!v = !pto.tensor_view<?x?xf32>
!t = !pto.tile_buf<loc=vec, dtype=f32, rows=8, cols=64, v_row=8, v_col=64>
func.func @k(%x: !pto.ptr<f32>) {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c8 = arith.constant 8 : index
  %c64 = arith.constant 64 : index
  %one = arith.constant 1.0 : f32
  %v = pto.make_tensor_view %x, shape = [%c8, %c64], strides = [%c64, %c1] : !v
  %p = pto.partition_view %v, offsets = [%c0, %c0], sizes = [%c8, %c64]
    : !v -> !pto.partition_tensor_view<8x64xf32>
  %t = pto.alloc_tile : !t
  pto.tload ins(%p : !pto.partition_tensor_view<8x64xf32>) outs(%t : !t)
  pto.tadds ins(%t, %one : !t, f32) outs(%t : !t)
  pto.tstore ins(%t : !t) outs(%p : !pto.partition_tensor_view<8x64xf32>)
  func.return
}
"""


@pytest.mark.parametrize("spec", ["auto", "auto:5"])
def test_inputs_of_an_auto_run_are_what_it_started_from(spec: str) -> None:
    """The run writes x + 1 over x in the generated array (used as GM in place):
    `inputs` is still the generated data, the same as a fresh `auto:5`'s."""
    module = parse(IN_PLACE, target="a5")
    complete(make_context(), module)
    result = run(module, args=spec)
    start, final = result.inputs[0], result.finals[0]
    assert start is not None and final is not None
    np.testing.assert_array_equal(final, start + np.float32(1))
    if spec == "auto:5":
        again = auto_args(module, entry_function(module), seed=5)[0]
        assert isinstance(again, ArrayArg) and again.array.tobytes() == start.tobytes()
