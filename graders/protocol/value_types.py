"""The types and caps of values that cross the sandbox boundary (graders.protocol.values).

Both sides read them: the allowed dtypes and the caps, `Unsupported` (a value described, not
sent) and `ListOfNumbers` (a list of numbers kept as the one array it packs into).
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

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
NUMBER_TYPES = frozenset({bool, int, float, complex} | {np.dtype(n).type for n in ALLOWED_DTYPES})
MAX_DIMENSIONS = 32  # of one array (NumPy allows 64; no exercise returns more than a few)
MAX_DEPTH = 8  # lists, tuples and dicts inside one another
MAX_TEXT = 200  # characters of a returned string kept
MAX_HEADER_BYTES = 256 * 1024  # a value's JSON; a larger one is described instead (cf. frames)
UNBOUNDED = 1 << 62


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
