"""The SIMT layer: its numpy semantics against per-lane references written here from
17-simt.md and the board goldens (never calling the code under test), and whole launches:
divergence by masks, loops with lane-dependent trip counts, keep/resume, the launch on PIPE_V
(hazards and the estimated cycles), the scalar unit outside a launch, and diagnostics.
"""

from __future__ import annotations

from fractions import Fraction
from typing import Any

import numpy as np
import pytest

from interpreters import api
from interpreters.semantics import hif8
from interpreters.semantics import simt as sem
from pto_dialect.ops.simt_common import Rounding

RNG = np.random.default_rng(28)
LANES = 80  # two full warps and a partial one


def _active() -> np.ndarray:
    return RNG.random(LANES) < 0.7


# ---- lane collectives: per-lane references -------------------------------------------------


def _warp_of(lane: int) -> range:
    base = lane // 32 * 32
    return range(base, min(base + 32, LANES))


@pytest.mark.parametrize("kind", ["all", "any", "uni", "ballot"])
def test_vote(kind: str) -> None:
    pred, active = RNG.random(LANES) < 0.5, _active()
    got = sem.vote(kind, pred, active)
    for lane in range(LANES):
        votes = [bool(pred[o]) for o in _warp_of(lane) if active[o]]
        if kind == "ballot":
            bits = sum(1 << (o % 32) for o in _warp_of(lane) if active[o] and pred[o])
            assert got[lane] == np.int64(bits).astype(np.uint32).view(np.int32)
        else:
            expect = {"all": all(votes), "any": any(votes), "uni": len(set(votes)) <= 1}[kind]
            assert got[lane] == expect, lane


@pytest.mark.parametrize("kind", ["idx", "up", "down", "bfly"])
@pytest.mark.parametrize("width", [16, 32])
def test_shuffle(kind: str, width: int) -> None:
    values = RNG.integers(-1000, 1000, LANES).astype(np.int32)
    control = RNG.integers(0, 20, LANES).astype(np.int32)
    active = _active()
    got = sem.shuffle(kind, values, control, width, active)
    for lane in range(LANES):
        base = lane // width * width
        local, c = lane - base, int(control[lane])
        src = {"idx": c % width, "up": local - c, "down": local + c, "bfly": local ^ c}[kind]
        source = base + src
        ok = 0 <= src < width and source < LANES and active[source]
        assert got[lane] == (values[source] if ok else values[lane]), lane


def test_redux_int_and_float() -> None:
    values = RNG.integers(-(2**31), 2**31, LANES, dtype=np.int64).astype(np.int32)
    active = _active()
    for kind in ("add", "max", "min"):
        for unsigned in (False, True):
            got = sem.redux(kind, values, active, unsigned)
            for lane in range(LANES):
                seen = [int(values[o]) for o in _warp_of(lane) if active[o]]
                if unsigned:
                    seen = [v & 0xFFFFFFFF for v in seen]
                expect = {"add": sum(seen), "max": max(seen), "min": min(seen)}[kind]
                assert int(got[lane]) & 0xFFFFFFFF == expect & 0xFFFFFFFF, (kind, lane)
    ones = np.ones(LANES, dtype=np.float16)  # the board's 32 x 1.0 = 32 (simt-scalar-core)
    assert sem.redux("add", ones, np.ones(LANES, bool), False)[0] == 32


# ---- atomics: serialised in lane order -----------------------------------------------------


def _second(a: Any, b: Any) -> Any:
    return b


@pytest.mark.parametrize("dtype", [np.int32, np.float16])
@pytest.mark.parametrize("kind", ["add", "sub", "min", "max", "exch", "and", "xor"])
def test_atomics_serialise_per_address(kind: str, dtype: type[np.generic]) -> None:
    """Lanes hitting one address update it one after another in lane order (float sums
    rounded at each step); 60 lanes on 4 addresses, and 100 lanes on one counter."""
    if dtype is np.float16 and kind in ("and", "xor"):
        return
    for lanes, places in ((60, 4), (100, 1)):
        where = RNG.integers(0, places, lanes)
        value = np.asarray(RNG.integers(-9, 9, lanes) * 0.75, dtype=dtype)
        memory = np.asarray(np.arange(places) * 10.5, dtype=dtype)
        ref = memory.copy()
        expect: list[Any] = []
        step = {"add": np.add, "sub": np.subtract, "min": np.fmin, "max": np.fmax,
                "exch": _second, "and": np.bitwise_and, "xor": np.bitwise_xor}[kind]  # fmt: skip
        for lane in range(lanes):  # the reference: one lane after another
            expect.append(ref[where[lane]].copy())
            ref[where[lane]] = step(ref[where[lane]], value[lane])
        old = sem.atomic(kind, memory, where, value, None, False)
        assert old.tolist() == expect and memory.tolist() == ref.tolist(), (kind, lanes)


def test_compare_and_swap_chain() -> None:
    cell = np.array([3], dtype=np.int32)  # 3 -> 4 -> 5, 9 fails, 5 -> 7, 6 fails, 7 -> 9
    old = sem.atomic("cas", cell, np.zeros(6, np.int64), np.arange(4, 10, dtype=np.int32),
                     np.array([3, 4, 9, 5, 6, 7], dtype=np.int32), False)  # fmt: skip
    assert old.tolist() == [3, 4, 5, 5, 7, 7] and cell[0] == 9


# ---- integer and float math ----------------------------------------------------------------


def test_mulhi_and_wide_products() -> None:
    a = RNG.integers(-(2**63), 2**63 - 1, 50, dtype=np.int64)
    b = RNG.integers(-(2**63), 2**63 - 1, 50, dtype=np.int64)
    for unsigned in (False, True):
        got = sem.mulhi(a, b, unsigned)
        for x, y, g in zip(a.tolist(), b.tolist(), got.tolist(), strict=True):
            if unsigned:
                x, y = x & (2**64 - 1), y & (2**64 - 1)
            assert (g - ((x * y) >> 64)) % 2**64 == 0
    x32, y32 = a.astype(np.int32), b.astype(np.int32)
    wide = sem.mul_wide(x32, y32, True)
    rows = zip(wide.tolist(), x32.tolist(), y32.tolist(), strict=True)
    assert all(w % 2**64 == (p & 0xFFFFFFFF) * (q & 0xFFFFFFFF) for w, p, q in rows)


def test_prmt_board_selectors() -> None:
    # simt-scalar-math-core: a = 0x11223344, b = 0xAABBCCDD; bytes 0-3 of b, 4-7 of a
    a = np.array([0x11223344] * 4, dtype=np.int64).astype(np.int32)
    b = np.array([0xAABBCCDD] * 4, dtype=np.int64).astype(np.uint32).view(np.int32)
    sel = np.array([0x3210, 0x7654, 0x89AB, 0xFFFF], dtype=np.int32)
    got = sem.prmt(a, b, sel).view(np.uint32)
    assert [hex(v) for v in got] == ["0xaabbccdd", "0x11223344", "0xddccbbaa", "0x11111111"]


@pytest.mark.parametrize("dtype", [np.float32, np.float16])
def test_fma_rounds_once(dtype: type[np.floating[Any]]) -> None:
    a, b, c = (np.asarray(RNG.normal(size=200), dtype=dtype) for _ in range(3))
    got = sem.fused_multiply_add(a, b, c)
    for x, y, z, g in zip(a.tolist(), b.tolist(), c.tolist(), got.tolist(), strict=True):
        exact = Fraction(x) * Fraction(y) + Fraction(z)
        below, above = np.nextafter(dtype(g), dtype(-np.inf)), np.nextafter(dtype(g), dtype(np.inf))
        assert abs(Fraction(float(g)) - exact) <= abs(Fraction(float(below)) - exact)
        assert abs(Fraction(float(g)) - exact) <= abs(Fraction(float(above)) - exact)


def test_hif8_codes() -> None:
    finite = np.flatnonzero(np.isfinite(hif8.VALUES))
    assert (hif8.encode(hif8.VALUES[finite], Rounding.R, False) == finite).all()
    # the board: 1.0 -> 0x08, 2.0 -> 0x10 (simt-packed-math-core); 0x80 NaN, 0x6F/0xEF inf
    assert list(hif8.encode(np.array([1.0, 2.0]), Rounding.A, False)) == [0x08, 0x10]
    assert np.isnan(hif8.VALUES[0x80]) and hif8.VALUES[0x6F] == np.inf
    positive = np.sort(hif8.VALUES[np.isfinite(hif8.VALUES) & (hif8.VALUES > 0)])
    assert positive[0] == 2.0**-22 and positive[-1] == 2.0**15
    assert len(np.unique(hif8.VALUES[finite])) == finite.size  # no code wasted
    mid = (hif8.VALUES[0x08] + hif8.VALUES[0x09]) / 2  # a tie: away from zero goes up
    assert hif8.encode(np.array([mid, -mid]), Rounding.A, False).tolist() == [0x09, 0x89]


# ---- whole launches ------------------------------------------------------------------------

DIVERGENT = """
module attributes {pto.target_arch = "a5"} {
  func.func @k(%out: !pto.ptr<i32, gm>) {
    %dx = arith.constant 40 : i32
    %one = arith.constant 1 : i32
    pto.simt_launch @body<<<%dx, %one, %one>>>(%out) : (!pto.ptr<i32, gm>) -> ()
    func.return
  }
  func.func @body(%out: !pto.ptr<i32, gm>) attributes {pto.simt_entry} {
    %tx = pto.get_tid_x : i32
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c3 = arith.constant 3 : i32
    %z = arith.constant 0 : index
    %s = arith.constant 1 : index
    %n = arith.index_castui %tx : i32 to index
    %sum = scf.for %i = %z to %n step %s iter_args(%acc = %c0) -> (i32) {
      %iv = arith.index_cast %i : index to i32
      %r = arith.remui %iv, %c3 : i32
      %skip = arith.cmpi eq, %r, %c0 : i32
      %next = scf.if %skip -> (i32) {
        scf.yield %acc : i32
      } else {
        %b = pto.vote_ballot %skip : i1 -> i32
        %a = arith.addi %acc, %iv : i32
        scf.yield %a : i32
      }
      scf.yield %next : i32
    }
    %halves = scf.while (%v = %tx) : (i32) -> i32 {
      %big = arith.cmpi sgt, %v, %c1 : i32
      scf.condition(%big) %v : i32
    } do {
    ^bb0(%w: i32):
      %h = arith.shrsi %w, %c1 : i32
      scf.yield %h : i32
    }
    %odd = arith.andi %tx, %c1 : i32
    %is_odd = arith.cmpi eq, %odd, %c1 : i32
    scf.if %is_odd {
      %p = pto.addptr %out, %n : !pto.ptr<i32, gm> -> !pto.ptr<i32, gm>
      pto.store %sum, %p[%z] : !pto.ptr<i32, gm>, i32
    } else {
      pto.store %halves, %out[%n] : !pto.ptr<i32, gm>, i32
    }
    func.return
  }
}
"""


def test_divergence_by_masks() -> None:
    """Lane-dependent trip counts (scf.for to tid), a branch inside the loop, a while loop
    of lane-dependent length and stores under a divergent scf.if."""
    result = api.run(api.parse(DIVERGENT), np.full(40, -1, np.int32))
    expect: list[int] = []
    for tx in range(40):
        if tx % 2:
            expect.append(sum(i for i in range(tx) if i % 3))
        else:
            v = tx
            while v > 1:
                v >>= 1
            expect.append(v)
    assert result.outputs[0].tolist() == expect


PIPES = """
module attributes {pto.target_arch = "a5"} {
  func.func @k(%gm: !pto.ptr<i32, gm>) {
    %c0 = arith.constant 0 : i64
    %c128 = arith.constant 128 : i64
    %one64 = arith.constant 1 : i64
    %dx = arith.constant 64 : i32
    %one = arith.constant 1 : i32
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i32, ub>
    pto.simt_launch @body<<<%dx, %one, %one>>>(%ub) : (!pto.ptr<i32, ub>) -> ()
    SYNC
    pto.mte_ub_gm %ub, %gm, %c128 nburst(%one64, %c128, %c128)
      : !pto.ptr<i32, ub>, !pto.ptr<i32, gm>, i64, i64, i64, i64
    pto.barrier #pto.pipe<PIPE_ALL>
    func.return
  }
  func.func @body(%ub: !pto.ptr<i32, ub>) attributes {pto.simt_entry} {
    %tx = pto.get_tid_x : i32
    %c2 = arith.constant 2 : i32
    %even = arith.remui %tx, %c2 : i32
    %i = arith.index_castui %tx : i32 to index
    pto.store %even, %ub[%i] : !pto.ptr<i32, ub>, i32
    func.return
  }
}
"""


def test_launch_on_the_vector_pipe() -> None:
    """The launch is one op on PIPE_V: its stores race with MTE3 without a flag; with one
    they do not. Cycles (estimate, docs/machine.md): 23 + 12 + 2 warps x 5 ops."""
    bare = api.run(api.parse(PIPES.replace("SYNC", "")), np.zeros(32, np.int32))
    kinds = {(h.kind, h.details["pipes"][0]) for h in bare.hazards}
    assert ("RAW", "PIPE_V") in kinds
    assert bare.hazards[0].details["bytes"] == [0, 128]
    flag = '["PIPE_V", "PIPE_MTE3", "EVENT_ID0"]'
    synced = PIPES.replace("SYNC", f"pto.set_flag{flag}\n    pto.wait_flag{flag}")
    result = api.run(api.parse(synced), np.zeros(32, np.int32))
    assert not result.hazards
    assert result.outputs[0].tolist() == [i % 2 for i in range(32)]
    assert result.report.busy["PIPE_V"] == 23 + 12 + 2 * 5


KEEP = """
module attributes {pto.target_arch = "a5"} {
  func.func @k(%out: !pto.ptr<i64, gm>) {
    %dx = arith.constant 33 : i32
    %one = arith.constant 1 : i32
    pto.store_vfsimt_info %one, %one, %dx : i32, i32, i32
    func.call @first() : () -> ()
    func.call @second(%out) : (!pto.ptr<i64, gm>) -> ()
    func.return
  }
  func.func @first() attributes {pto.simt_entry} {
    %big = arith.constant 4294967296 : i64
    %tx = pto.get_tid_x : i32
    %w = arith.extui %tx : i32 to i64
    %v = arith.addi %w, %big : i64
    pto.keep %v {slot = 4 : i64} : i64
    pto.syncthreads
    func.return
  }
  func.func @second(%out: !pto.ptr<i64, gm>) attributes {pto.simt_entry} {
    %v = pto.resume {slot = 4 : i64} : i64
    %tx = pto.get_tid_x : i32
    %i = arith.index_castui %tx : i32 to index
    pto.store %v, %out[%i] : !pto.ptr<i64, gm>, i64
    func.return
  }
}
"""


def test_keep_resume_across_entries() -> None:
    result = api.run(api.parse(KEEP), np.zeros(33, np.int64))
    assert result.outputs[0].tolist() == [2**32 + t for t in range(33)]


SCALAR = """
module attributes {pto.target_arch = "a5"} {
  func.func @k(%gm: !pto.ptr<f32, gm>) {
    %c1 = arith.constant 1 : index
    %v = arith.constant 2.5 : f32
    %p = pto.addptr %gm, %c1 : !pto.ptr<f32, gm> -> !pto.ptr<f32, gm>
    %old = pto.atomic_max %p, %v : !pto.ptr<f32, gm>, f32 -> f32
    %i = pto.convert %old round(a) sat signed : f32 -> i32
    %f = pto.convert %i round(r) nosat signed : i32 -> f32
    pto.store %f, %gm[%c1] : !pto.ptr<f32, gm>, f32
    func.return
  }
}
"""


def test_simt_ops_on_the_scalar_unit() -> None:
    """Outside a launch a SIMT op is one workitem on PIPE_S."""
    result = api.run(api.parse(SCALAR), np.array([0, 1.5], np.float32))
    assert result.outputs[0].tolist() == [0.0, 2.0]  # old 1.5 rounded away from zero: 2
    assert not result.hazards and result.report.machine.op_counts["pto.atomic_max"] == 1


@pytest.mark.parametrize(
    ("change", "message"),
    [
        ("pto.store %even, %ub[%i]", "lane 0 accesses 4 bytes at byte 262144"),
        ("%dx = arith.constant 64 : i32", "a launch of 4096 workitems exceeds"),
    ],
)
def test_launch_diagnostics(change: str, message: str) -> None:
    text = PIPES.replace("SYNC", "")
    if change.startswith("pto.store"):
        text = text.replace(
            "%i = arith.index_castui %tx : i32 to index",
            "%k = arith.constant 65536 : i32\n    %t2 = arith.addi %tx, %k : i32\n"
            "    %i = arith.index_castui %t2 : i32 to index",
        )
        text = text.replace("%dx = arith.constant 64 : i32", "%dx = arith.constant 16 : i32")
    else:
        text = text.replace("@body<<<%dx, %one, %one>>>", "@body<<<%dx, %dx, %one>>>")
    with pytest.raises(api.PtoRunError, match=message):
        api.run(api.parse(text), np.zeros(32, np.int32))


RACE = """
module attributes {pto.target_arch = "a5"} {
  func.func @k(%gm: !pto.ptr<i32, gm>) {
    %c0 = arith.constant 0 : i64
    %dx = arith.constant 64 : i32
    %one = arith.constant 1 : i32
    %ub = pto.castptr %c0 : i64 -> !pto.ptr<i32, ub>
    pto.simt_launch @body<<<%dx, %one, %one>>>(%ub, %gm)
      : (!pto.ptr<i32, ub>, !pto.ptr<i32, gm>) -> ()
    func.return
  }
  func.func @body(%ub: !pto.ptr<i32, ub>, %gm: !pto.ptr<i32, gm>) attributes {pto.simt_entry} {
    %tx = pto.get_tid_x : i32
    %c63 = arith.constant 63 : i32
    %i = arith.index_castui %tx : i32 to index
    %m = arith.subi %c63, %tx : i32
    %j = arith.index_castui %m : i32 to index
    pto.store %tx, %ub[%i] : !pto.ptr<i32, ub>, i32
    BARRIER
    %v = pto.load %ub[%j] : !pto.ptr<i32, ub> -> i32
    pto.stg %v, %gm[%i] : !pto.ptr<i32, gm>, i32
    func.return
  }
}
"""


def test_races_between_warps() -> None:
    """Lane i stores ub[i] and loads ub[63 - i]: across the two warps a race unless a
    pto.syncthreads separates them; the values are the lockstep ones either way."""
    racy = api.run(api.parse(RACE.replace("BARRIER", "")), np.zeros(64, np.int32))
    assert [h.kind for h in racy.hazards] == ["SIMT-race"]
    assert racy.hazards[0].details["bytes"] == [0, 256]
    fenced = api.run(api.parse(RACE.replace("BARRIER", "pto.syncthreads")), np.zeros(64, np.int32))
    assert not fenced.hazards
    assert fenced.outputs[0].tolist() == racy.outputs[0].tolist() == list(range(63, -1, -1))
    divergent = RACE.replace(
        "BARRIER",
        "%c1 = arith.constant 1 : i32\n    %low = arith.cmpi slt, %tx, %c1 : i32\n"
        "    scf.if %low {\n      pto.syncthreads\n    }",
    )
    with pytest.raises(api.PtoRunError, match=r"pto\.syncthreads reached by 1 of 64 workitems"):
        api.run(api.parse(divergent), np.zeros(64, np.int32))


SECTION = """
module attributes {pto.target_arch = "a5"} {
  func.func @k(%gm: !pto.ptr<f16, gm>, %scale: f16) {
    pto.section.simt<<<4, 2, 1>>> {
      %ty = pto.get_tid_y : i32
      %tx = pto.get_tid_x : i32
      %c4 = arith.constant 4 : i32
      %row = arith.muli %ty, %c4 : i32
      %lin = arith.addi %row, %tx : i32
      %i = arith.index_castui %lin : i32 to index
      %x = pto.convert %lin round(r) nosat signed : i32 -> f16
      %y = pto.fma %x, %scale, %scale : f16, f16, f16 -> f16
      %zero = arith.constant dense<0.0> : vector<2xf16>
      %one = arith.constant 1 : i32
      %pair = llvm.insertelement %y, %zero[%one : i32] : vector<2xf16>
      %back = llvm.extractelement %pair[%one : i32] : vector<2xf16>
      pto.stg %back, %gm[%i] : !pto.ptr<f16, gm>, f16
    }
    func.return
  }
}
"""


def test_inline_section_reads_the_kernel_values() -> None:
    result = api.run(api.parse(SECTION), np.zeros(8, np.float16), 0.5)
    assert result.outputs[0].tolist() == [(i + 1) * 0.5 for i in range(8)]
