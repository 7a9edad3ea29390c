"""Pack a returned value into plain data: the child's side (and the reference's).

The node format is graders.protocol.values's; `pack_value` reads only exact built-in and NumPy
types, through their base types' own slots, so no learner code runs while a value is packed.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graders.protocol.articles import with_article
from graders.protocol.frames import Payload
from graders.protocol.text import cut
from graders.protocol.value_types import (
    ALLOWED_DTYPES,
    MAX_DEPTH,
    MAX_DIMENSIONS,
    MAX_HEADER_BYTES,
    MAX_TEXT,
    NUMBER_TYPES,
    UNBOUNDED,
    ListOfNumbers,
    Unsupported,
    footprint,
    type_name,
)


@dataclass
class _Packer:
    elements: int  # left to spend
    items: int
    summary: bool
    limit: int  # the whole cap, for the description of a value over it
    chunks: list[Payload] = field(default_factory=list)

    def node(self, value: Any, depth: int = 0) -> Any:
        kind = type(value)
        if value is None or kind is bool or kind is float:
            return value
        if kind is int:
            return value if -(2**63) <= value < 2**63 else {"unsupported": "an int beyond 64 bits"}
        if kind is str:
            return cut(value, MAX_TEXT)
        if kind is complex:
            return {"complex": [value.real, value.imag]}
        if kind is np.ndarray:
            return self.array(value, None)
        if kind in NUMBER_TYPES:  # a NumPy scalar of a plain dtype
            return self.array(np.asarray(value), "scalar")
        if issubclass(kind, np.generic):
            return {"unsupported": f"numpy.{type_name(value)}"}
        if issubclass(kind, np.ndarray):  # a subclass: its own methods decide what it holds
            shape = list(np.ndarray.shape.__get__(value))[:MAX_DIMENSIONS]
            what = f"{type_name(value)} (a numpy.ndarray subclass: only plain arrays are graded)"
            return {"unsupported": what, "shape": shape}
        if kind is ListOfNumbers:  # trusted code re-packing a value it unpacked (summaries)
            return self.array(value.array, value.container)
        if kind is Unsupported:
            return _unsupported_node(value)
        base = container_base(value)
        if base is not None:
            return self.container(value, base, depth)
        return {"unsupported": type_name(value)}

    def container(self, value: Any, base: type[Any], depth: int) -> Any:
        """A list, tuple or dict, or an instance of a subclass of one, read through the base
        type's own slots: a subclass's `__len__`, `__iter__` or `items` is the learner's code,
        which could lie or never return. It packs as the base type, so a NamedTuple compares
        equal to the reference's plain tuple."""
        name = base.__name__
        if depth >= MAX_DEPTH:
            return {"unsupported": f"{with_article(name)} nested more than {MAX_DEPTH} deep"}
        length = base.__len__(value)
        if base is not dict:
            if type(value) is not base:  # a plain copy: slicing never calls the subclass
                value = base.__getitem__(value, slice(None))
            numbers = _numbers(value, self.elements)
            if numbers is _TOO_MANY:
                return {"unsupported": name, "shape": [length], "limit": self.limit}
            if numbers is not None:
                return self.array(numbers, name)
        if length > self.items:
            return {"unsupported": name, "shape": [length], "limit": self.limit}
        self.items -= length
        if base is dict:
            pairs = [[_key(key), self.node(item, depth + 1)] for key, item in dict.items(value)]
            return {"dict": pairs}
        return {name: [self.node(item, depth + 1) for item in value]}

    def array(self, array: np.ndarray[Any, Any], kind: str | None) -> dict[str, Any]:
        shape, native = list(array.shape), array.dtype.newbyteorder("=")
        if native.str not in ALLOWED_DTYPES:
            return {"unsupported": f"ndarray of dtype {array.dtype.name}"[:80], "shape": shape}
        if array.ndim > MAX_DIMENSIONS or footprint(shape) > self.elements:
            what = kind if kind in ("list", "tuple") else f"{array.dtype.name} array"
            return {"unsupported": what, "shape": shape, "limit": self.limit}
        self.elements -= footprint(shape)
        if array.dtype != native:  # big-endian: the same numbers, in the byte order we read
            array = array.astype(native)
        node: dict[str, Any] = {"array": array.dtype.str, "shape": shape}
        if kind is not None:
            node["as"] = kind
        if self.summary:
            node["summary"] = True
        elif array.size:
            contiguous = np.ascontiguousarray(array)
            self.chunks.append(contiguous.reshape(-1).data.cast("B"))
        return node


_TOO_MANY: Any = object()
_CONTAINERS = (tuple, list, dict)


def container_base(value: Any) -> type[Any] | None:
    """tuple, list or dict when `value` is one, or an instance of a subclass of one (a
    NamedTuple, a namedtuple, a learner's dict subclass); None otherwise. No code of the value's
    class runs: `issubclass` of two classes walks the MRO in C (`isinstance` could ask the
    instance for its `__class__`)."""
    kind = type(value)
    if kind is tuple or kind is list or kind is dict:
        return kind
    return next((base for base in _CONTAINERS if issubclass(kind, base)), None)


def _numbers(value: list[Any] | tuple[Any, ...], budget: int) -> Any:
    """The array a rectangular nest of plain numbers packs into; None for anything else, or
    `_TOO_MANY` past `budget` numbers. Only exact built-in and NumPy types are looked at, so
    no learner code runs (no `__len__`, `__iter__` or `__array__` of theirs)."""
    level: list[Any] = [value]
    for _ in range(MAX_DIMENSIONS):
        first = type(level[0]) if level else float
        if first in (list, tuple):
            length = len(level[0])
            if any(type(item) is not first or len(item) != length for item in level):
                return None
            if len(level) * length > budget:
                return _TOO_MANY
            level = [item for row in level for item in row]
            continue
        if not all(type(item) in NUMBER_TYPES for item in level):
            return None
        try:
            array = np.asarray(value)
        except (ValueError, TypeError, OverflowError):  # e.g. an int past 64 bits
            return None
        return array if array.dtype.str in ALLOWED_DTYPES else None
    return None


def _key(key: Any) -> Any:
    if key is None or type(key) in (bool, int, float):
        return key if type(key) is not int or -(2**63) <= key < 2**63 else "<int key>"
    if type(key) is str:
        return cut(key, MAX_TEXT)
    return f"<{type_name(key)} key>"[:80]


def _unsupported_node(value: Unsupported) -> dict[str, Any]:
    node: dict[str, Any] = {"unsupported": value.type[:MAX_TEXT]}
    if value.shape is not None:
        node["shape"] = list(value.shape)
    if value.limit is not None:
        node["limit"] = value.limit
    return node


def pack_value(
    value: Any, max_elements: int, max_items: int, summary: bool = False
) -> tuple[dict[str, Any], Payload]:
    """Normalise a returned value to plain data: the result header's fields and the payload.

    `summary` sends only the type, dtype and shape of each array (for probes whose tests look at
    nothing else); the other side reads their values as zeros.
    """
    packer = _Packer(max_elements, max_items, summary, max_elements)
    node = packer.node(value)
    if len(json.dumps(node, separators=(",", ":"))) > MAX_HEADER_BYTES:
        size = f" of {len(value)} items" if type(value) in (list, tuple, dict) else ""
        what = f"{with_article(type_name(value))}{size} too large to send back (over {MAX_HEADER_BYTES:,} bytes)"
        node, packer.chunks = {"unsupported": what}, []
    chunks = packer.chunks
    payload: Payload = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    return {"value": node}, payload


def pack_summary(value: Any) -> tuple[dict[str, Any], Payload]:
    """Only the type, dtype and shape: for probes whose tests look at nothing else."""
    return pack_value(value, UNBOUNDED, UNBOUNDED, summary=True)
