"""Values that cross the sandbox boundary, normalised to plain data on the way out.

A returned value travels as one JSON node (the result frame's "value") and the bytes of its
arrays, one after another in the order the nodes name them (the payload). A node is:

    null, true, false, an int, a float, a str    itself (a str is cut at 200 characters)
    {"complex": [real, imag]}                      a Python complex
    {"array": dtype, "shape": [...], "as": ...}   an ndarray of a plain dtype; its bytes follow.
                                                   "as": "scalar" for a NumPy scalar, "list" or
                                                   "tuple" for a rectangular list of numbers
    ... + "summary": true                          type, dtype and shape only: no bytes follow
    {"list": [node, ...]}, {"tuple": [...]}        any other list or tuple
    {"dict": [[key, node], ...]}                   a dict; keys are plain scalars or strings
                                                   (an instance of a subclass of list, tuple
                                                   or dict, a NamedTuple say, packs as its
                                                   base type, read through the base's slots)
    {"unsupported": what, "shape": [...]}          anything else, described (shape optional);
    ... + "limit": n                               with "limit": refused for its size

Both sides count the same caps: `max_elements` (array elements, where a dimension of length 0
counts as 1, so an empty array of shape (10**8, 0) costs 10**8) and `max_items` (the items of
every list, tuple and dict). A value over either is described, never sent. `pack_value` runs in
the child (and in trusted code, for the reference); `unpack_value` runs only on the trusted
side, where it refuses anything off-protocol before allocating: decoding costs time and memory
in proportion to the bytes received, and a list of numbers stays one array (`ListOfNumbers`).
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graders.protocol.frames import Payload, ProtocolError

# Only plain numeric dtypes cross; object, structured, datetime, string and void arrays never do.
ALLOWED_DTYPES = frozenset(
    np.dtype(name).str
    for name in (
        "bool",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "float16",
        "float32",
        "float64",
        "complex64",
        "complex128",
    )
)
# The exact types of a plain number (NumPy scalars of the dtypes above included, no subclass).
_NUMBER_TYPES = frozenset({bool, int, float, complex} | {np.dtype(n).type for n in ALLOWED_DTYPES})
MAX_DIMENSIONS = 32  # of one array (NumPy allows 64; no exercise returns more than a few)
MAX_DEPTH = 8  # lists, tuples and dicts inside one another
MAX_TEXT = 200  # characters of a returned string kept
MAX_HEADER_BYTES = 256 * 1024  # a value's JSON; a larger one is described instead (cf. frames)
_UNBOUNDED = 1 << 62


def type_name(value: Any) -> str:
    """The name of `value`'s class, read without running any code of that class."""
    return str(type.__dict__["__name__"].__get__(type(value)))[:80]


def footprint(shape: tuple[int, ...] | list[int]) -> int:
    """What an array of `shape` costs: its elements, a dimension of length 0 counting as 1."""
    return math.prod(max(size, 1) for size in shape)


@dataclass(frozen=True)
class Unsupported:
    """A returned object that did not cross the boundary, described by its type name.

    `limit` is set when it was refused for its size: more than `limit` elements.
    """

    type: str
    shape: tuple[int, ...] | None = None
    limit: int | None = None


@dataclass(frozen=True, eq=False)
class ListOfNumbers:
    """A rectangular list (or tuple) of plain numbers, kept as the array it packs into.

    It stays one array on the trusted side however long it is: `len()`, `np.asarray()` and the
    checks library read it as the list it was; `tolist()` builds the Python list.
    """

    array: np.ndarray[Any, Any]
    container: str = "list"  # or "tuple"

    def __len__(self) -> int:
        return int(self.array.shape[0])

    def __array__(self, dtype: Any = None, copy: bool | None = None) -> np.ndarray[Any, Any]:
        return self.array if dtype is None else self.array.astype(dtype)

    def tolist(self) -> list[Any] | tuple[Any, ...]:
        items = self.array.tolist()
        return tuple(items) if self.container == "tuple" else items

    def __eq__(self, other: object) -> bool:
        """Equal to the same kind of sequence with the same numbers (a list or a tuple)."""
        if isinstance(other, ListOfNumbers):
            theirs, kind = other.array, other.container
        elif type(other) in (list, tuple):
            kind = type(other).__name__
            try:
                theirs = np.asarray(other)
            except (ValueError, TypeError):
                return False
        else:
            return NotImplemented
        return kind == self.container and bool(np.array_equal(theirs, self.array))

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"ListOfNumbers({self.container}, {self.array.dtype.name}, {self.array.shape})"


def elements_of(value: Any) -> int:
    """How many elements a (trusted-side) value holds: array elements and numbers, all counted."""
    if isinstance(value, np.ndarray | np.generic):
        return footprint(np.shape(value))
    if isinstance(value, ListOfNumbers):
        return footprint(value.array.shape)
    if type(value) in (list, tuple):
        return sum(elements_of(item) for item in value)
    if type(value) is dict:
        return sum(elements_of(item) for item in value.values())
    return 0 if isinstance(value, Unsupported) else 1


# --- the child's side (and the reference's): normalise ---------------------------------------


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
            return _cut(value)
        if kind is complex:
            return {"complex": [value.real, value.imag]}
        if kind is np.ndarray:
            return self.array(value, None)
        if kind in _NUMBER_TYPES:  # a NumPy scalar of a plain dtype
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
            return {"unsupported": f"a {name} nested more than {MAX_DEPTH} deep"}
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
        if not all(type(item) in _NUMBER_TYPES for item in level):
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
        return _cut(key)
    return f"<{type_name(key)} key>"[:80]


def _cut(text: str) -> str:
    if len(text) <= MAX_TEXT:
        return text
    return text[:MAX_TEXT] + f"... [{len(text) - MAX_TEXT} more characters]"


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
        what = (
            f"a {type_name(value)}{size} too large to send back (over {MAX_HEADER_BYTES:,} bytes)"
        )
        node, packer.chunks = {"unsupported": what}, []
    chunks = packer.chunks
    payload: Payload = chunks[0] if len(chunks) == 1 else b"".join(chunks)
    return {"value": node}, payload


def pack_summary(value: Any) -> tuple[dict[str, Any], Payload]:
    """Only the type, dtype and shape: for probes whose tests look at nothing else."""
    return pack_value(value, _UNBOUNDED, _UNBOUNDED, summary=True)


# --- the trusted side: rebuild, refusing anything off-protocol --------------------------------


def unpack_value(
    header: dict[str, Any],
    payload: Payload,
    max_elements: int = _UNBOUNDED,
    max_items: int = _UNBOUNDED,
) -> Any:
    """Rebuild a value from a result frame; ProtocolError for anything no honest child sends,
    a value over the caps included. Arrays are copied out of the payload once; nothing else is
    allocated beyond one Python object per node of the (capped) header."""
    reader = _Reader(payload, max_elements, max_items)
    value = reader.node(header.get("value"), 0)
    if reader.offset != len(payload):
        raise ProtocolError("payload size does not match the arrays")
    return value


@dataclass
class _Reader:
    payload: Payload
    elements: int
    items: int
    offset: int = 0

    def node(self, node: Any, depth: int) -> Any:
        if node is None or type(node) in (bool, float):
            return node
        if type(node) is int:
            if not -(2**63) <= node < 2**63:
                raise ProtocolError("int out of range")
            return node
        if type(node) is str:
            return _text(node, 2 * MAX_TEXT)
        if type(node) is not dict:
            raise ProtocolError("not a value node")
        if depth > MAX_DEPTH:
            raise ProtocolError("value nested too deeply")
        if "array" in node:
            return self.array(node)
        if "list" in node or "tuple" in node:
            kind = "list" if "list" in node else "tuple"
            items = self.sequence(node[kind])
            values = [self.node(item, depth + 1) for item in items]
            return values if kind == "list" else tuple(values)
        if "dict" in node:
            pairs = self.sequence(node["dict"])
            if not all(type(pair) is list and len(pair) == 2 for pair in pairs):
                raise ProtocolError("bad dict")
            return {_plain_key(key): self.node(item, depth + 1) for key, item in pairs}
        if "complex" in node:
            parts = node["complex"]
            if type(parts) is not list or len(parts) != 2:
                raise ProtocolError("bad complex")
            if not all(type(part) in (int, float) for part in parts):
                raise ProtocolError("bad complex")
            return complex(parts[0], parts[1])
        if "unsupported" in node:
            return _unsupported(node)
        raise ProtocolError("unknown value node")

    def sequence(self, items: Any) -> list[Any]:
        if type(items) is not list:
            raise ProtocolError("bad sequence")
        self.items -= len(items)
        if self.items < 0:
            raise ProtocolError("more items than the cap")
        return items

    def array(self, node: dict[str, Any]) -> Any:
        dtype_name, kind = node.get("array"), node.get("as")
        if dtype_name not in ALLOWED_DTYPES:
            raise ProtocolError(f"dtype {str(dtype_name)[:40]!r} not allowed")
        shape = _shape(node.get("shape"))
        self.elements -= footprint(shape)
        if self.elements < 0:
            raise ProtocolError("more elements than the cap")
        if kind not in (None, "scalar", "list", "tuple") or (kind == "scalar" and shape):
            raise ProtocolError("bad array kind")
        if kind in ("list", "tuple") and not shape:
            raise ProtocolError("a list of no dimension")
        dtype = np.dtype(dtype_name)
        array: np.ndarray[Any, Any]
        if node.get("summary") is True:  # a zero-cost stand-in: every value reads as zero
            array = np.broadcast_to(np.zeros((), dtype=dtype), tuple(shape))
        else:
            size = math.prod(shape) * dtype.itemsize
            if self.offset + size > len(self.payload):
                raise ProtocolError("payload size does not match the arrays")
            flat = np.frombuffer(self.payload, dtype=dtype, count=size // dtype.itemsize,
                                 offset=self.offset)  # fmt: skip
            array = flat.reshape(shape).copy()
            self.offset += size
        if kind == "scalar":
            return array[()]
        return ListOfNumbers(array, kind) if kind is not None else array


def _shape(shape: Any) -> list[int]:
    if type(shape) is not list or len(shape) > MAX_DIMENSIONS:
        raise ProtocolError("bad shape")
    if not all(type(size) is int and 0 <= size < _UNBOUNDED for size in shape):
        raise ProtocolError("bad shape")
    return shape


def _plain_key(key: Any) -> Any:
    if key is None or type(key) in (bool, int, float):
        return key
    if type(key) is str:
        return _text(key, 2 * MAX_TEXT)
    raise ProtocolError("bad dict key")


def _unsupported(node: dict[str, Any]) -> Unsupported:
    shape, limit = node.get("shape"), node.get("limit")
    if type(node["unsupported"]) is not str:
        raise ProtocolError("bad unsupported value")
    if limit is not None and (type(limit) is not int or limit < 0):
        raise ProtocolError("bad limit")
    described = tuple(_shape(shape)) if shape is not None else None
    return Unsupported(_text(node["unsupported"], MAX_TEXT), described, limit)


def _text(text: str, cap: int) -> str:
    """The child's text as valid UTF-8 (a lone surrogate shown escaped), at most `cap` long."""
    if len(text) > cap:
        raise ProtocolError("text too long")
    return text.encode("utf-8", "backslashreplace").decode("utf-8")
