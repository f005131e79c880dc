"""`pto-run --arg SPEC`: kernel arguments from the command line.

SPEC is one of
- `path.npy`: an array from a file;
- `zeros:SHAPExDTYPE` (e.g. `zeros:32x32xf32`);
- `rand:SHAPExDTYPE[:SEED]`: floats uniform in [-1, 1), integers uniform over their range;
- `arange:SHAPExDTYPE`: 0, 1, 2, ... in row-major order (integers wrap around the type), e.g.
  the index row of a sort (`zeros:`, `rand:` and `arange:` arrays hold at most
  `MAX_ARRAY_BYTES`);
- `VALUE:TYPE` (e.g. `2.5:f32`, `16:index`): a scalar;
- `@N`: the GM buffer of argument N, which this pointer views with its own element type (a
  launch that passes one device pointer as several arguments);
- `rank:TYPE`: the index of the rank running the kernel (`--ranks N`: each rank gets its
  own), a scalar of TYPE;
- `comm_ctx`: the rank's communication context for an `!pto.ptr<i64>` (`comm_context`).
Pointer arguments are bound to the array's bytes in GM (`gm_buffer`: with the pages the
board's allocator gives them); a pointer into an on-chip memory (`!pto.ptr<T, ub>`) takes its
byte address there, an integer `ADDR:i64` (as `castptr`); tile arguments to a fresh tile
holding the array; scalar arguments to the scalar. One array passed for several pointers (the
same array, or arrays of the same bytes) is one buffer, as with `@N`.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from math import prod
from pathlib import Path
from typing import Any, Literal, cast

import numpy as np
from xdsl.dialects.builtin import IndexType, IntegerType, MemRefType
from xdsl.ir import Attribute

from interpreters.engine.errors import PtoRuntimeError
from interpreters.machine.core import Machine
from interpreters.machine.memory import RANK_WINDOW, Memory, Pointer, TensorView, Tile
from pto_dialect.dtypes import DType, dtype_named, dtype_of
from pto_dialect.memory_types import MemorySpace, PtrType, ShapedViewBase
from pto_dialect.ops.tile_memory import is_gm_memref
from pto_dialect.tile_types import TileTypeBase


class ArgError(Exception):
    """A bad `--arg` SPEC or an argument that does not fit its parameter."""


@dataclass
class ArrayArg:
    """An array argument and where its final contents are read from."""

    array: np.ndarray
    memory: Memory | None = None
    tile: Tile | None = None
    alias_of: int | None = None
    """The argument whose GM buffer this one shares (`@N`, or arrays of shared bytes)."""
    offset: int = 0
    """Where the array starts in its GM buffer (arrays that overlap share one buffer)."""
    in_place: bool = False
    """The array (from `gm_array`) is the run's own: its buffer becomes GM, uncopied."""

    def final(self) -> np.ndarray:
        """The argument's contents after the run."""
        if self.tile is not None:
            return self.tile.get().copy()
        assert self.memory is not None
        data = self.memory.data[self.offset : self.offset + self.array.nbytes]
        return data.view(self.array.dtype).reshape(self.array.shape).copy()


@dataclass
class ScalarArg:
    value: int | float
    type_name: str


@dataclass(frozen=True)
class AliasArg:
    """`@N`: the GM buffer of argument `index`."""

    index: int


@dataclass(frozen=True)
class RankArg:
    """`rank:TYPE`: the index of the rank that runs the kernel, a scalar of TYPE."""

    type_name: str


@dataclass(frozen=True)
class CommContextArg:
    """`comm_ctx`: the running rank's communication context (`comm_context`)."""


Arg = ArrayArg | ScalarArg | AliasArg | RankArg | CommContextArg


def comm_context(rank: int, ranks: int) -> np.ndarray:
    """The i64 words of the communication context HCCL gives a rank (`HcclDeviceContext`, as
    PyPTO's kernels read it: word 2 holds `rankId` in its low and `rankNum` in its high 32
    bits, word 3 `winSize`, words 4 + r `windowsIn[r]`, the base of rank r's window; the
    workspace words 0-1 are 0): here rank r's window starts at r x `RANK_WINDOW`."""
    words = [0, 0, rank | ranks << 32, RANK_WINDOW, *(r * RANK_WINDOW for r in range(ranks))]
    return np.array(words, dtype=np.int64)


def for_rank(args: Sequence[Arg], rank: int, ranks: int) -> list[Arg]:
    """The arguments of rank `rank` of `ranks`: its index and context for `rank:` and
    `comm_ctx`; arrays of its own (rank 0: the given ones; another rank: copies, one per
    distinct array, so that arguments sharing an array share it on every rank)."""
    copies: dict[int, np.ndarray] = {}
    out: list[Arg] = []
    for arg in args:
        if isinstance(arg, RankArg):
            out.append(ScalarArg(rank, arg.type_name))
        elif isinstance(arg, CommContextArg):
            out.append(ArrayArg(comm_context(rank, ranks)))
        elif isinstance(arg, ArrayArg) and rank > 0:
            array = copies.setdefault(id(arg.array), arg.array.copy())
            out.append(ArrayArg(array))
        else:
            out.append(arg)
    return out


def link_ranks(bound: Sequence[Sequence[Arg]]) -> None:
    """Makes the GM buffers of each argument, one per rank (`bound[r]`), peers of each other
    (`Memory.peers`), each named for its rank."""
    for index in range(len(bound[0])):
        peers: list[Memory] = []
        for args in bound:
            arg = args[index]
            if isinstance(arg, ArrayArg) and arg.memory is not None:
                peers.append(arg.memory)
        if len(peers) != len(bound) or peers[0].peers is not None:
            continue  # not GM, or a buffer an earlier argument shares, linked already
        for rank, memory in enumerate(peers):
            memory.rank, memory.peers = rank, peers
            memory.name = f"rank {rank} {memory.name}"


PAGE_BYTES = 4096
"""A normal page of device memory."""
HUGE_PAGE_BYTES = 2 << 20
"""A huge page: `aclrtMalloc` with `ACL_MEM_MALLOC_HUGE_FIRST` (what PTOAS's launch code
asks for) allocates in 2 MiB units when more than 1 MiB is asked for (CANN's
aclrtMemMallocPolicy page), in normal pages below."""


def gm_allocation(nbytes: int) -> int:
    """The bytes a kernel can touch behind a GM buffer of `nbytes`: `aclrtMalloc` rounds the
    size up to 32 bytes and adds 32 (CANN's aclrtMalloc page), on whole pages of the
    allocation policy; a kernel reading past the last page faults (docs/machine.md)."""
    size = -(-nbytes // 32) * 32 + 32
    page = HUGE_PAGE_BYTES if nbytes > HUGE_PAGE_BYTES // 2 else PAGE_BYTES
    return -(-size // page) * page


def gm_buffer(name: str, data: np.ndarray, in_place: bool = False) -> Memory:
    """A GM memory holding the bytes of `data`, then zeros to the end of its last page;
    with `in_place`, an array `gm_array` made lends its buffer (no copy)."""
    raw = np.ascontiguousarray(data).reshape(-1).view(np.uint8)
    base = raw
    while isinstance(base.base, np.ndarray):
        base = base.base
    size = gm_allocation(raw.size)
    if (
        in_place
        and base.dtype == np.uint8
        and base.size == size
        and base.ctypes.data == raw.ctypes.data
    ):
        return Memory(name, MemorySpace.GM, base.reshape(-1), logical=int(raw.size))
    padded = np.zeros(size, dtype=np.uint8)
    padded[: raw.size] = raw
    return Memory(name, MemorySpace.GM, padded, logical=int(raw.size))


def gm_array(dtype: np.dtype[Any], count: int) -> np.ndarray:
    """A zeroed 1-D array of `count` elements at the start of a buffer with the pages of a
    GM allocation, which `gm_buffer(..., in_place=True)` binds without a copy."""
    base = np.zeros(gm_allocation(count * dtype.itemsize), dtype=np.uint8)
    return base[: count * dtype.itemsize].view(dtype)


MAX_ARRAY_BYTES = 1 << 30
"""The largest array `zeros:`/`rand:` make (1 GiB), checked before anything is allocated."""

_SCALAR_TYPES = frozenset(
    {"index", "i1", "f32", "f16", "bf16", "i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"}
)
_SHAPED = re.compile(r"^(zeros|rand|arange):((?:\d+x)*)([a-z0-9A-Z]+)(?::(\d+))?$")


_AUTO = re.compile(r"^auto(?::(\d+))?$")


def auto_seed(spec: str) -> int | Literal[False] | None:
    """The seed of `auto[:SEED]` (None without one); False when `spec` is not of that form."""
    match = _AUTO.match(spec)
    if match is None:
        return False
    return None if match.group(1) is None else int(match.group(1))


def _dtype(name: str, spec: str) -> DType:
    try:
        return dtype_named(name)
    except KeyError:
        raise ArgError(f"--arg {spec}: unknown element type '{name}'") from None


def parse_spec(spec: str) -> Arg:
    """The value a SPEC denotes."""
    if spec.endswith(".npy"):
        try:
            return ArrayArg(np.load(Path(spec), allow_pickle=False))
        except (OSError, ValueError) as err:
            raise ArgError(f"--arg {spec}: cannot read the array: {err}") from None
    if match := _SHAPED.match(spec):
        kind, dims, type_name, seed = match.groups()
        shape = tuple(int(d) for d in dims.split("x") if d)
        dtype = _dtype(type_name, spec)
        nbytes = prod(shape) * dtype.bytes
        if nbytes > MAX_ARRAY_BYTES:
            raise ArgError(
                f"--arg {spec}: {nbytes} bytes is more than pto-run makes ({MAX_ARRAY_BYTES})"
            )
        if kind == "zeros":
            return ArrayArg(np.zeros(shape, dtype=dtype.numpy))
        if kind == "arange":
            count = np.arange(prod(shape), dtype=np.uint64)
            wrapped = count if dtype.is_float else count % (1 << (8 * dtype.bytes))
            return ArrayArg(wrapped.astype(dtype.numpy).reshape(shape))
        rng = np.random.default_rng(None if seed is None else int(seed))
        if dtype.is_float:
            return ArrayArg(rng.uniform(-1.0, 1.0, shape).astype(dtype.numpy))
        low, high = dtype.int_limits
        # int64 draws cover every type but ui64, whose range needs its own dtype
        wide = np.uint64 if high > np.iinfo(np.int64).max else np.int64
        values = rng.integers(low, high, size=shape, endpoint=True, dtype=wide)
        return ArrayArg(values.astype(dtype.numpy))
    if spec == "comm_ctx":
        return CommContextArg()
    if spec.startswith("rank:") and spec[5:] in _SCALAR_TYPES:
        return RankArg(spec[5:])
    if spec.startswith("@"):
        if not spec[1:].isdigit():
            raise ArgError(f"--arg {spec}: expected @N, the number of an earlier argument")
        return AliasArg(int(spec[1:]))
    value, sep, type_name = spec.rpartition(":")
    if not sep or not value or type_name not in _SCALAR_TYPES:
        raise ArgError(
            f"--arg {spec}: expected FILE.npy, zeros:SHAPExDTYPE, rand:SHAPExDTYPE[:SEED], "
            "arange:SHAPExDTYPE, VALUE:TYPE, @N, rank:TYPE or comm_ctx"
        )
    if type_name == "index" or type_name.startswith(("i", "ui")):
        try:
            return ScalarArg(int(value, 0), type_name)
        except ValueError:
            raise ArgError(f"--arg {spec}: '{value}' is not an integer") from None
    try:
        return ScalarArg(float(value), type_name)
    except ValueError:
        raise ArgError(f"--arg {spec}: '{value}' is not a number") from None


def bind_all(
    machine: Machine, args: Sequence[Arg], types: Sequence[Attribute]
) -> tuple[list[Arg], list[object]]:
    """Binds every argument to its parameter (`bind`). Pointers given arrays whose bytes
    overlap (the same array twice, views of one array) share one GM buffer spanning them, each
    at its own offset; `@N` is the buffer of argument N from where N starts. Returns the
    arguments, each `@N` replaced by the `ArrayArg` that views its buffer, and the values."""
    bound: list[Arg] = list(args)
    values: list[object] = [None] * len(args)
    done: set[int] = set()
    for members in _overlapping(args, types):
        low = min(start for _, start in members)
        union = np.zeros(max(start + _raw(args[i]).size for i, start in members) - low, np.uint8)
        for index, start in members:
            raw = _raw(args[index])
            union[start - low : start - low + raw.size] = raw
        first = min(index for index, _ in members)
        memory = gm_buffer(f"gm:arg{first}", union)
        for index, start in members:
            arg = args[index]
            assert isinstance(arg, ArrayArg)
            array = _as_pointee(arg.array, types[index])
            alias = None if index == first else first
            bound[index] = ArrayArg(array, memory, alias_of=alias, offset=start - low)
            values[index] = bind(machine, index, bound[index], types[index])
            done.add(index)
    for index, (arg, type) in enumerate(zip(args, types, strict=True)):
        if index not in done and not isinstance(arg, AliasArg):
            values[index] = bind(machine, index, arg, type)
    for index, arg in enumerate(args):
        if isinstance(arg, AliasArg):
            first = _alias_owner(args, index)
            owner = bound[first]
            assert isinstance(owner, ArrayArg)
            alias = bound[index] = _alias_view(owner, first, index, types[index])
            values[index] = bind(machine, index, alias, types[index])
    return bound, values


def bind_sharing(
    machine: Machine, args: Sequence[Arg], types: Sequence[Attribute], first: Sequence[Arg]
) -> tuple[list[Arg], list[object]]:
    """Binds the arguments of the second kernel of a launch (`pto-run --with`), as
    `bind_all`, but `@N` is the GM buffer of argument N of the first kernel (`first`, bound:
    the two kernels share it)."""
    shared = list(args)
    for index, arg in enumerate(args):
        if not isinstance(arg, AliasArg):
            continue
        owner = first[arg.index] if 0 <= arg.index < len(first) else None
        if not isinstance(owner, ArrayArg) or owner.memory is None or owner.tile is not None:
            raise ArgError(f"argument {index} of the second kernel (@{arg.index}): the first "
                           f"kernel's argument {arg.index} is not a GM buffer")  # fmt: skip
        shared[index] = _alias_view(owner, arg.index, index, types[index])
    return bind_all(machine, shared, types)


def _raw(arg: Arg) -> np.ndarray:
    assert isinstance(arg, ArrayArg)
    return np.ascontiguousarray(arg.array).reshape(-1).view(np.uint8)


def _overlapping(args: Sequence[Arg], types: Sequence[Attribute]) -> list[list[tuple[int, int]]]:
    """The groups of pointer arguments whose (C-contiguous) arrays share bytes: per group,
    each argument and the address its array starts at."""
    spans: list[tuple[int, int, int]] = []
    for index, (arg, type) in enumerate(zip(args, types, strict=True)):
        if not (isinstance(arg, ArrayArg) and isinstance(type, PtrType)) or arg.memory:
            continue  # a buffer in GM already (`bind_sharing`) is not regrouped
        if arg.array.nbytes and arg.array.flags.c_contiguous:
            start = int(arg.array.__array_interface__["data"][0])
            spans.append((start, start + arg.array.nbytes, index))
    groups: list[list[tuple[int, int]]] = []
    end = -1
    for start, stop, index in sorted(spans):
        if start < end:
            groups[-1].append((index, start))
        else:
            groups.append([(index, start)])
        end = max(end, stop) if start < end else stop
    return [g for g in groups if len(g) > 1]


def _as_pointee(array: np.ndarray, type: Attribute) -> np.ndarray:
    """`array`, or its bytes as the elements of pointer `type` when its element type is
    another one (a pointer of another type views the same bytes)."""
    element = type.element if isinstance(type, PtrType) else None
    if element is None:
        return array
    array = typed_array(array, element)
    if array.dtype == element.numpy:
        return array
    raw = np.ascontiguousarray(array).reshape(-1).view(np.uint8)
    return raw[: raw.size // element.bytes * element.bytes].view(element.numpy)


def _alias_owner(args: Sequence[Arg], index: int) -> int:
    """The argument whose buffer `@N` at `index` names, following `@` chains."""
    seen = {index}
    current = index
    while isinstance(arg := args[current], AliasArg):
        target = arg.index
        if not 0 <= target < len(args):
            raise ArgError(f"argument {index} (@{target}): there is no argument {target}")
        if target in seen:
            raise ArgError(f"argument {index} (@{target}): the @ references form a cycle")
        seen.add(target)
        current = target
    if not isinstance(arg, ArrayArg):
        raise ArgError(f"argument {index} (@{current}): argument {current} is a scalar, "
                       "not a GM buffer")  # fmt: skip
    return current


def _alias_view(owner: ArrayArg, first: int, index: int, type: Attribute) -> ArrayArg:
    """Argument `index` (`@first`) as the bytes of argument `first`'s array seen as the
    elements of its own pointer type."""
    where = f"argument {index} ({type})"
    if not isinstance(type, PtrType):
        raise ArgError(f"{where} (@{first}) shares the buffer of argument {first}: only "
                       "pointers can")  # fmt: skip
    if owner.memory is None or owner.tile is not None:
        raise ArgError(f"{where} (@{first}): argument {first} is not a GM pointer")
    raw = np.ascontiguousarray(owner.array).reshape(-1).view(np.uint8)
    element = type.element.numpy if type.element is not None else np.dtype(np.uint8)
    array = raw[: raw.size // element.itemsize * element.itemsize].view(element)
    return ArrayArg(array, owner.memory, alias_of=first, offset=owner.offset)


def bind(machine: Machine, index: int, arg: Arg, type: Attribute) -> object:
    """The interpreter value of parameter `index` of `type` bound to `arg` (an `ArrayArg`
    with `alias_of` points into the memory that argument's binding made)."""
    where = f"argument {index} ({type})"
    if isinstance(arg, AliasArg):
        raise ArgError(f"{where} (@{arg.index}): bind the arguments with bind_all")
    if isinstance(arg, RankArg | CommContextArg):
        raise ArgError(f"{where}: a rank's arguments come from for_rank")
    if isinstance(type, PtrType) and type.is_typed and type.memory is not MemorySpace.GM:
        if not isinstance(arg, ScalarArg) or not isinstance(arg.value, int) or arg.value < 0:
            raise ArgError(f"{where} points into {type.memory.value}: it takes a byte address "
                           "there, ADDR:i64")  # fmt: skip
        return machine.place(Pointer(None, arg.value, type.element), type.memory)
    if isinstance(type, PtrType):
        if not isinstance(arg, ArrayArg):
            raise ArgError(f"{where} is a pointer: it needs an array, got a scalar")
        expected = type.element
        if expected is not None:
            arg.array = typed_array(arg.array, expected)
        if expected is not None and arg.array.dtype != expected.numpy:
            raise ArgError(f"{where} needs an array of {expected}, got {arg.array.dtype}")
        if arg.memory is None:
            arg.memory = gm_buffer(f"gm:arg{index}", arg.array, arg.in_place)
        pointee = expected if expected is not None else dtype_of_array(arg.array)
        return Pointer(arg.memory, arg.offset, pointee)
    if gm_window(type) is not None:
        return _gm_window_view(index, arg, type)
    if isinstance(type, TileTypeBase):
        if not isinstance(arg, ArrayArg):
            raise ArgError(f"{where} is a tile: it needs an array, got a scalar")
        arg.array = typed_array(arg.array, type.element)
        if arg.array.shape != type.shape or arg.array.dtype != type.element.numpy:
            shape = "x".join(map(str, type.shape))
            raise ArgError(
                f"{where} needs a {shape} array of {type.element}, got "
                f"{'x'.join(map(str, arg.array.shape))} of {arg.array.dtype}"
            )
        vr, vc = type.valid_shape
        if min(vr, vc) < 0:
            raise ArgError(f"{where}: a tile argument needs static valid sizes")
        try:
            arg.tile = machine.tile_at(type, None, vr, vc)
        except PtoRuntimeError as err:  # a tile larger than its memory
            raise ArgError(f"{where}: {err}") from None
        arg.tile.set(arg.array)
        return arg.tile
    if isinstance(type, IntegerType | IndexType):
        if not isinstance(arg, ScalarArg) or not isinstance(arg.value, int):
            raise ArgError(f"{where} needs an integer scalar VALUE:{type}")
        return arg.value
    if dtype_of(type) is not None:
        if not isinstance(arg, ScalarArg):
            raise ArgError(f"{where} needs a scalar VALUE:{type}")
        return float(arg.value)
    raise ArgError(f"{where}: pto-run cannot pass arguments of this type")


def gm_window(type: Attribute) -> tuple[tuple[int, ...], DType] | None:
    """(shape, element) of a parameter that is a whole static GM window: a GM memref
    (`memref<4x8xf32, #pto.address_space<gm>>`, PTOAS's kernels of early 2026) or a static
    `!pto.tensor_view` / `!pto.partition_tensor_view`; None for any other type."""
    if is_gm_memref(type):
        memref = cast(MemRefType[Attribute], type)
        element = dtype_of(memref.element_type)
        return None if element is None else (tuple(memref.get_shape()), element)
    if isinstance(type, ShapedViewBase) and min(type.dims) >= 0:
        return type.dims, type.element
    return None


def _gm_window_view(index: int, arg: Arg, type: Attribute) -> TensorView:
    """A `gm_window` parameter bound to an array of its elements: the row-major view of its
    shape over a GM buffer holding them."""
    where = f"argument {index} ({type})"
    window = gm_window(type)
    assert window is not None
    shape, element = window
    if not isinstance(arg, ArrayArg):
        raise ArgError(f"{where} is a GM buffer: it needs an array, got a scalar")
    arg.array = typed_array(arg.array, element)
    if arg.array.size != prod(shape) or arg.array.dtype != element.numpy:
        raise ArgError(f"{where} needs {prod(shape)} elements of {element}, got "
                       f"{arg.array.size} of {arg.array.dtype}")  # fmt: skip
    if arg.memory is None:
        arg.memory = gm_buffer(f"gm:arg{index}", arg.array, arg.in_place)
    strides = tuple(prod(shape[axis + 1 :]) for axis in range(len(shape)))
    return TensorView(arg.memory, arg.offset, shape, strides, element)


def typed_array(array: np.ndarray, element: DType) -> np.ndarray:
    """`array` with the element type `element` when it is a raw array of elements of that
    size (`|V2` / `|V1`: what `np.save` writes for ml_dtypes' bf16 and fp8 arrays, whose
    type numpy's header cannot name); any other array as it is."""
    raw = array.dtype.kind == "V" and array.dtype.fields is None
    if raw and array.dtype != element.numpy and array.dtype.itemsize == element.bytes:
        return array.view(element.numpy)
    return array


def save_array(path: Path, array: np.ndarray) -> None:
    """`np.save`, but an ml_dtypes array (bf16, fp8) keeps its type: the header names it
    (`'descr': 'bfloat16'`), so `np.load` reads it back typed once `ml_dtypes` is imported
    (`np.save` would write a raw `|V2` / `|V1`, or for float8_e5m2 an unreadable `<f1`)."""
    if _header_names(array.dtype):
        np.save(path, array)
        return
    array = np.ascontiguousarray(array)
    header = {"descr": str(array.dtype), "fortran_order": False, "shape": array.shape}
    with path.open("wb") as out:
        np.lib.format.write_array_header_1_0(out, header)
        out.write(array.tobytes())


def _header_names(dtype: np.dtype) -> bool:
    """Whether a `.npy` header as `np.save` writes it gives `dtype` back."""
    try:
        return np.dtype(np.lib.format.dtype_to_descr(dtype)) == dtype
    except (TypeError, ValueError):
        return False


def dtype_of_array(array: np.ndarray) -> DType | None:
    """The PTO element type of a numpy array, if any."""
    for name in ("f32", "f16", "bf16", "i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64",
                 "f8E4M3FN", "f8E5M2", "f8E8M0"):  # fmt: skip
        dtype = dtype_named(name)
        if array.dtype == dtype.numpy:
            return dtype
    return None


ARGS_LINE = "// ARGS: "


def declared_args(text: str) -> list[str] | None:
    """The `pto-run --arg` specs a kernel declares on its first line (`// ARGS: SPEC ...`,
    as every example does), or None when it declares none."""
    first = text.split("\n", 1)[0]
    return first.removeprefix(ARGS_LINE).split() if first.startswith(ARGS_LINE) else None
