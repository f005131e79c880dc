"""`pto-run --arg SPEC`: kernel arguments from the command line.

SPEC is one of
- `path.npy`: an array from a file;
- `zeros:SHAPExDTYPE` (e.g. `zeros:32x32xf32`);
- `rand:SHAPExDTYPE[:SEED]`: floats uniform in [-1, 1), integers uniform over their range;
- `arange:SHAPExDTYPE`: 0, 1, 2, ... in row-major order (integers wrap around the type), e.g.
  the index row of a sort (`zeros:`, `rand:` and `arange:` arrays hold at most
  `MAX_ARRAY_BYTES`);
- `VALUE:TYPE` (e.g. `2.5:f32`, `16:index`): a scalar.
Pointer arguments are bound to the array's bytes in GM; tile arguments to a fresh tile
holding the array; scalar arguments to the scalar.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from math import prod
from pathlib import Path

import numpy as np
from xdsl.dialects.builtin import IndexType, IntegerType
from xdsl.ir import Attribute

from interpreters.machine.core import Machine
from interpreters.machine.memory import Memory, Pointer, Tile
from pto_dialect.dtypes import DType, dtype_named, dtype_of
from pto_dialect.types import MemorySpace, PtrType, TileTypeBase


class ArgError(Exception):
    """A bad `--arg` SPEC or an argument that does not fit its parameter."""


@dataclass
class ArrayArg:
    """An array argument and where its final contents are read from."""

    array: np.ndarray
    memory: Memory | None = None
    tile: Tile | None = None

    def final(self) -> np.ndarray:
        """The argument's contents after the run."""
        if self.tile is not None:
            return self.tile.get().copy()
        assert self.memory is not None
        return self.memory.data.view(self.array.dtype).reshape(self.array.shape).copy()


@dataclass
class ScalarArg:
    value: int | float
    type_name: str


Arg = ArrayArg | ScalarArg

MAX_ARRAY_BYTES = 1 << 30
"""The largest array `zeros:`/`rand:` make (1 GiB), checked before anything is allocated."""

_SCALAR_TYPES = frozenset(
    {"index", "i1", "f32", "f16", "bf16", "i8", "ui8", "i16", "ui16", "i32", "ui32", "i64", "ui64"}
)
_SHAPED = re.compile(r"^(zeros|rand|arange):((?:\d+x)*)([a-z0-9A-Z]+)(?::(\d+))?$")


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
    value, sep, type_name = spec.rpartition(":")
    if not sep or not value or type_name not in _SCALAR_TYPES:
        raise ArgError(
            f"--arg {spec}: expected FILE.npy, zeros:SHAPExDTYPE, rand:SHAPExDTYPE[:SEED], "
            "arange:SHAPExDTYPE or VALUE:TYPE"
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


def bind(machine: Machine, index: int, arg: Arg, type: Attribute) -> object:
    """The interpreter value of parameter `index` of `type` bound to `arg`."""
    where = f"argument {index} ({type})"
    if isinstance(type, PtrType):
        if not isinstance(arg, ArrayArg):
            raise ArgError(f"{where} is a pointer: it needs an array, got a scalar")
        expected = type.element
        if expected is not None:
            arg.array = typed_array(arg.array, expected)
        if expected is not None and arg.array.dtype != expected.numpy:
            raise ArgError(f"{where} needs an array of {expected}, got {arg.array.dtype}")
        data = np.ascontiguousarray(arg.array).reshape(-1).view(np.uint8).copy()
        arg.memory = Memory(f"gm:arg{index}", MemorySpace.GM, data)
        pointee = expected if expected is not None else dtype_of_array(arg.array)
        return Pointer(arg.memory, 0, pointee)
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
        arg.tile = machine.tile_at(type, None, vr, vc)
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
                 "f8E4M3FN", "f8E5M2"):  # fmt: skip
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
