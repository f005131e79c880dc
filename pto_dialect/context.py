"""A context that defines the `pto` dialect's classes as a kernel names them.

xDSL's `Context` loads a registered dialect whole when one of its names is first parsed:
for `pto`, six hundred op classes, a quarter of a trivial `pto-run`. `PtoContext` finds a
`pto` name in `by_name` instead and loads that class alone (its module imported), so a
kernel pays for the op modules it uses. Everything else is xDSL's: a name the index lacks
loads the whole registered dialect as before, and so does asking for the dialect itself.
`upstream_ops` is imported with this module: it gives xDSL's `scf.if` and `arith.select`
the parsers of MLIR's forms PTOAS kernels use, which a kernel needs whatever ops it names;
`upstream_memref` (MLIR's verifier of `memref.reinterpret_cast`) with the first `memref.` op.
`xdsl-opt` keeps xDSL's context, which loads `pto` whole.
"""

from __future__ import annotations

from dataclasses import dataclass

from xdsl.context import Context
from xdsl.ir import Attribute, Operation, TypeAttribute

from pto_dialect import by_name
from pto_dialect.upstream_ops import OPS as UPSTREAM_OPS

DIALECT = "pto"

__all__ = ["UPSTREAM_OPS", "PtoContext"]


@dataclass
class PtoContext(Context):
    """`Context` that loads a class of the registered `pto` dialect by its name."""

    def clone(self) -> PtoContext:
        return PtoContext(
            self.allow_unregistered,
            self._loaded_dialects.copy(),
            self._loaded_ops.copy(),
            self._loaded_attrs.copy(),
            self._loaded_types.copy(),
            self._registered_dialects.copy(),
        )

    def _by_name(self) -> bool:
        """Whether `pto` is registered and not yet loaded whole."""
        return DIALECT in self._registered_dialects and DIALECT not in self._loaded_dialects

    def load_op(self, op: type[Operation]) -> None:
        if self._loaded_ops.get(op.name) is not op:  # else loaded by name before
            super().load_op(op)

    def load_attr_or_type(self, attr: type[Attribute]) -> None:
        loaded = self._loaded_types if issubclass(attr, TypeAttribute) else self._loaded_attrs
        if loaded.get(attr.name) is not attr:
            super().load_attr_or_type(attr)

    def _get_known_op(self, name: str) -> type[Operation] | None:
        if name.startswith("memref.") and name not in self._loaded_ops:
            import pto_dialect.upstream_memref  # noqa: F401  # pyright: ignore[reportUnusedImport]
        if name not in self._loaded_ops and self._by_name():
            op = by_name.op_class(name)
            if op is not None:
                self._loaded_ops[name] = op
        return super()._get_known_op(name)

    def get_optional_type(self, name: str) -> type[TypeAttribute] | None:
        if name not in self._loaded_types and self._by_name():
            found = by_name.type_class(name)
            if found is not None:
                self._loaded_types[name] = found
        return super().get_optional_type(name)

    def get_optional_attr(self, name: str) -> type[Attribute] | None:
        if name not in self._loaded_attrs and self._by_name():
            found = by_name.attribute_class(name)
            if found is not None:
                self._loaded_attrs[name] = found
        return super().get_optional_attr(name)
