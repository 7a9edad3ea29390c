"""What crosses the sandbox boundary: plain data only, normalised, never pickled."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from graders.sandbox import wire


def roundtrip(value: Any) -> Any:
    header, payload = wire.pack_value(value, 10_000, 10_000)
    frame = wire.decode_stream(wire.encode(header, payload))[0]
    return wire.unpack_value(frame.header, frame.payload)


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "int64", "bool"])
def test_plain_arrays_keep_dtype_shape_and_values(dtype: str) -> None:
    array = np.arange(12).reshape(3, 4).astype(dtype)
    back = roundtrip(array)
    assert type(back) is np.ndarray
    assert back.dtype == array.dtype
    assert np.array_equal(back, array)


class Subclass(np.ndarray):  # type: ignore[type-arg]
    def __eq__(self, other: object) -> Any:  # a lying comparison
        return True


@pytest.mark.parametrize(
    ("value", "described"),
    [
        (np.zeros(3).view(Subclass), "Subclass"),
        (np.ma.masked_array([1.0, 2.0], mask=[0, 1]), "MaskedArray"),
        (np.array([1, "a"], dtype=object), "ndarray of dtype object"),
        (np.zeros(2, dtype=[("a", "f8")]), "ndarray of dtype"),
        (np.array(["2020-01-01"], dtype="datetime64[D]"), "ndarray of dtype datetime64"),
        (object(), "object"),
        ({"a": 1}, "dict"),
        (2**80, "int too large"),
    ],
    ids=[
        "subclass",
        "masked",
        "object-dtype",
        "structured",
        "datetime",
        "object",
        "dict",
        "huge-int",
    ],
)
def test_anything_but_plain_data_is_refused_with_its_type(value: Any, described: str) -> None:
    back = roundtrip(value)
    assert isinstance(back, wire.Unsupported)
    assert described in back.type


def test_numbers_and_lists_stay_plain() -> None:
    assert roundtrip(3) == 3
    assert roundtrip(2.5) == 2.5
    assert roundtrip(None) is None
    assert roundtrip([[1.0, 2.0], [3.0, 4.0]]) == [[1.0, 2.0], [3.0, 4.0]]
    assert roundtrip((1, 2)) == (1, 2)


def test_an_array_over_the_element_cap_is_refused_not_copied() -> None:
    header, payload = wire.pack_value(np.zeros(20_000), 10_000, 10_000)
    assert header["kind"] == "too_large"
    assert payload == b""


def test_a_payload_that_disagrees_with_its_shape_is_a_protocol_error() -> None:
    header = {"kind": "array", "dtype": "<f8", "shape": [4]}
    with pytest.raises(wire.ProtocolError):
        wire.unpack_value(header, b"\0" * 8)


@pytest.mark.parametrize("dtype", ["|O", "<M8[D]", "|V8", "weird"])
def test_a_disallowed_dtype_is_a_protocol_error(dtype: str) -> None:
    with pytest.raises(wire.ProtocolError):
        wire.unpack_value({"kind": "array", "dtype": dtype, "shape": [1]}, b"\0" * 8)


def test_a_truncated_stream_keeps_only_whole_frames() -> None:
    data = wire.encode({"t": "a"}) + wire.encode({"t": "b"}, b"12345")
    assert [frame.header["t"] for frame in wire.decode_stream(data[:-2])] == ["a"]


def test_a_summary_keeps_type_dtype_and_shape_only() -> None:
    header, payload = wire.pack_summary(np.ones((3, 4), dtype=np.float32))
    assert payload == b""
    back = wire.unpack_value(header, payload)
    assert (back.shape, back.dtype, float(back.sum())) == ((3, 4), np.float32, 0.0)
    assert wire.unpack_value(*wire.pack_summary([[1.0, 2.0]])) == [[0.0, 0.0]]
