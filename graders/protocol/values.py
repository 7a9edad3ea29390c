"""Values that cross the sandbox boundary, normalised to plain data on the way out.

A value is sent as {"kind": "array", "dtype", "shape"} + bytes, or {"kind": "value", "value"}
with plain JSON, or {"kind": "summary", ...} (type, dtype and shape only), or
{"kind": "unsupported" | "too_large", "type"} for anything else. `pack_*` runs in the child
(and in trusted code, for the reference); `unpack_value` runs only on the trusted side.
"""

from __future__ import annotations

import math
from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.protocol.frames import Payload, ProtocolError

# Only plain numeric dtypes cross; object, structured, datetime and void arrays never do.
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
    )
)


def pack_summary(value: Any) -> tuple[dict[str, Any], Payload]:
    """Only the type, dtype and shape: for probes whose tests look at nothing else."""
    kind = type(value)
    if kind is np.ndarray and value.dtype.str in ALLOWED_DTYPES:
        return {
            "kind": "summary",
            "type": "ndarray",
            "dtype": value.dtype.str,
            "shape": list(value.shape),
        }, b""
    if kind in (list, tuple):
        packed = _pack_sequence(value, 1 << 62)
        if packed is not None:
            header = packed[0]
            return {
                "kind": "summary",
                "type": kind.__name__,
                "dtype": header["dtype"],
                "shape": header["shape"],
            }, b""
    return (
        pack_value(value, 0, 0)
        if kind is not np.ndarray
        else ({"kind": "unsupported", "type": f"ndarray of dtype {value.dtype.name}"[:80]}, b"")
    )


def pack_value(value: Any, max_elements: int, max_items: int) -> tuple[dict[str, Any], Payload]:
    """Normalise a returned value to plain data (runs in the child and in trusted code)."""
    if type(value) is np.ndarray:
        return _pack_array(value, max_elements)
    if isinstance(value, np.generic) and type(value).__module__ == "numpy":
        return _pack_array(np.asarray(value), max_elements)
    if type(value) in (list, tuple):
        packed = _pack_sequence(value, max_elements)
        if packed is not None:
            return packed
    try:
        plain, kind = _plain(value, max_items), type(value).__name__
    except _Unsupported as reason:
        return {"kind": "unsupported", "type": str(reason)[:80]}, b""
    return {
        "kind": "value",
        "value": plain,
        "type": kind if kind in ("list", "tuple") else None,
    }, b""


def _pack_array(array: np.ndarray[Any, Any], max_elements: int) -> tuple[dict[str, Any], Payload]:
    if array.dtype.str not in ALLOWED_DTYPES:
        return {"kind": "unsupported", "type": f"ndarray of dtype {array.dtype.name}"[:80]}, b""
    if array.size > max_elements:
        shape = list(array.shape)
        return {"kind": "too_large", "shape": shape, "dtype": array.dtype.str}, b""
    contiguous = np.ascontiguousarray(array)
    data = contiguous.reshape(-1).data.cast("B") if contiguous.size else b""
    return {"kind": "array", "dtype": array.dtype.str, "shape": list(array.shape)}, data


def _pack_sequence(
    value: list[Any] | tuple[Any, ...], max_elements: int
) -> tuple[dict[str, Any], Payload] | None:
    """A rectangular list of plain numbers travels as array bytes, remembered as a list."""
    if not all(
        type(item) in (bool, int, float, list, tuple) or _is_numpy(item) for item in value[:64]
    ):
        return None
    try:
        array = np.asarray(value)
    except (ValueError, TypeError, OverflowError, RecursionError):
        return None
    if array.dtype.str not in ALLOWED_DTYPES or array.ndim == 0 or array.size > max_elements:
        return None
    header, payload = _pack_array(array, max_elements)
    return {**header, "container": type(value).__name__}, payload


def _is_numpy(item: Any) -> bool:
    return (type(item) is np.ndarray or isinstance(item, np.generic)) and type(
        item
    ).__module__ == "numpy"


class _Unsupported(Exception):
    pass


def _plain(value: Any, budget: int, depth: int = 0) -> Any:
    kind = type(value)
    if value is None or kind is bool or (kind is str and len(value) <= 200):
        return value
    if kind is int:
        if abs(value) >= 2**63:
            raise _Unsupported("int too large")
        return value
    if kind is float:
        return value
    if isinstance(value, np.generic) and type(value).__module__ == "numpy":
        item = value.item()
        if type(item) in (bool, int, float):
            return item
        raise _Unsupported(f"numpy {type(value).__name__}")
    if type(value) is np.ndarray and value.dtype.str in ALLOWED_DTYPES:
        if value.size > budget:
            raise _Unsupported("array inside a list is too large")
        return value.tolist()
    if kind in (list, tuple) and depth < 8:
        if len(value) > budget:
            raise _Unsupported(f"{kind.__name__} too long")
        return [_plain(item, budget, depth + 1) for item in value]
    raise _Unsupported(kind.__name__)


def unpack_value(header: dict[str, Any], payload: Payload) -> Any:
    """The trusted side: rebuild a value from a frame, refusing anything off-protocol."""
    kind = header.get("kind")
    if kind == "array":
        dtype_name, shape = header.get("dtype"), header.get("shape")
        if dtype_name not in ALLOWED_DTYPES:
            raise ProtocolError(f"dtype {dtype_name!r} not allowed")
        if not isinstance(shape, list) or not all(type(n) is int and n >= 0 for n in shape):
            raise ProtocolError("bad shape")
        dtype = np.dtype(dtype_name)
        if math.prod(shape) * dtype.itemsize != len(payload):
            raise ProtocolError("payload size does not match shape")
        array = np.frombuffer(payload, dtype=dtype).reshape(shape).copy()
        container = header.get("container")
        if container in ("list", "tuple"):
            items = array.tolist()
            return tuple(items) if container == "tuple" else items
        return array
    if kind == "value":
        value = header.get("value")
        _check_plain(value)
        return tuple(value) if header.get("type") == "tuple" and isinstance(value, list) else value
    if kind == "summary":
        return _stand_in(header)
    if kind in ("unsupported", "too_large"):
        return Unsupported(str(header.get("type") or "array"), header.get("shape"))
    raise ProtocolError(f"unknown value kind {kind!r}")


def _stand_in(header: dict[str, Any]) -> Any:
    """A zero-cost value of the summarised type, dtype and shape (its values are all zero)."""
    dtype_name, shape, container = header.get("dtype"), header.get("shape"), header.get("type")
    if dtype_name not in ALLOWED_DTYPES or not isinstance(shape, list):
        raise ProtocolError("bad summary")
    if not all(type(n) is int and n >= 0 for n in shape) or len(shape) > 32:
        raise ProtocolError("bad shape")
    array = np.broadcast_to(np.zeros((), dtype=np.dtype(dtype_name)), tuple(shape))
    if container == "ndarray":
        return array
    if container in ("list", "tuple") and shape:
        items: Any = 0.0
        for size in reversed(shape):
            items = [items] * size  # shared rows: no copy per element
        return tuple(items) if container == "tuple" else items
    raise ProtocolError("bad summary type")


@dataclass(frozen=True)
class Unsupported:
    """A returned object that could not cross the boundary, described by its type name."""

    type: str
    shape: list[int] | None = None


def _check_plain(value: Any, depth: int = 0) -> None:
    if depth > 10:
        raise ProtocolError("value nested too deeply")
    if isinstance(value, list):
        for item in value:
            _check_plain(item, depth + 1)
    elif value is not None and type(value) not in (bool, int, float, str):
        raise ProtocolError("value is not plain data")
