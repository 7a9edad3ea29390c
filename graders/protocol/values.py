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

This module is the one place both sides import values from: the types and caps are in
graders.protocol.value_types, the child's side in graders.protocol.packing, the trusted side's
in graders.protocol.unpacking.
"""

from graders.protocol.packing import container_base, pack_summary, pack_value
from graders.protocol.unpacking import unpack_value
from graders.protocol.value_types import (
    ALLOWED_DTYPES,
    MAX_DEPTH,
    MAX_HEADER_BYTES,
    ListOfNumbers,
    Unsupported,
    elements_of,
    type_name,
)

__all__ = [
    "ALLOWED_DTYPES",
    "MAX_DEPTH",
    "MAX_HEADER_BYTES",
    "ListOfNumbers",
    "Unsupported",
    "container_base",
    "elements_of",
    "pack_summary",
    "pack_value",
    "type_name",
    "unpack_value",
]
