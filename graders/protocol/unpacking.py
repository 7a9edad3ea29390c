"""Rebuild a packed value on the trusted side, refusing anything off-protocol.

The node format is graders.protocol.values's. Nothing is allocated before it is checked
against the caps: decoding costs time and memory in proportion to the bytes received.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.protocol.frames import Payload, ProtocolError
from graders.protocol.utf8 import escape_lone_surrogates
from graders.protocol.value_types import (
    ALLOWED_DTYPES,
    MAX_DEPTH,
    MAX_DIMENSIONS,
    MAX_TEXT,
    UNBOUNDED,
    ListOfNumbers,
    Unsupported,
    footprint,
)


def unpack_value(
    header: dict[str, Any],
    payload: Payload,
    max_elements: int = UNBOUNDED,
    max_items: int = UNBOUNDED,
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
    if not all(type(size) is int and 0 <= size < UNBOUNDED for size in shape):
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
    return escape_lone_surrogates(text)
