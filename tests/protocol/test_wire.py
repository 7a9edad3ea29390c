"""What crosses the sandbox boundary: plain data only, normalised, never pickled."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from graders.inside import child
from graders.protocol import frames as wire
from graders.protocol import values
from graders.protocol.frames import FrameDecoder, FrameTooLarge, ProtocolError


def roundtrip(value: Any) -> Any:
    header, payload = values.pack_value(value, 10_000, 10_000)
    frame = wire.decode(wire.encode(header, payload))[0]
    return values.unpack_value(frame.header, frame.payload)


@pytest.mark.parametrize("dtype", ["float64", "float32", "float16", "int64", "bool"])
def test_plain_arrays_keep_dtype_shape_and_values(dtype: str) -> None:
    array = np.arange(12).reshape(3, 4).astype(dtype)
    back = roundtrip(array)
    assert type(back) is np.ndarray
    assert back.dtype == array.dtype
    assert np.array_equal(back, array)


class Subclass(np.ndarray[Any, Any]):
    def __eq__(self, other: object) -> Any:  # a lying comparison
        return True


@pytest.mark.parametrize(
    ("value", "described"),
    [
        (np.zeros(3).view(Subclass), "Subclass (a numpy.ndarray subclass"),
        (np.ma.masked_array([1.0, 2.0], mask=[False, True]), "MaskedArray"),
        (np.zeros((1, 2)).view(np.matrix), "matrix (a numpy.ndarray subclass"),
        (np.array([1, "a"], dtype=object), "ndarray of dtype object"),
        (np.zeros(2, dtype=[("a", "f8")]), "ndarray of dtype"),
        (np.array(["2020-01-01"], dtype="datetime64[D]"), "ndarray of dtype datetime64"),
        (np.zeros(2, dtype=np.longdouble), "ndarray of dtype float128"),
        (np.str_("a"), "numpy.str_"),
        (object(), "object"),
        ({1, 2}, "set"),
        (2**80, "an int beyond 64 bits"),
    ],
    ids=[
        "subclass",
        "masked",
        "matrix",
        "object-dtype",
        "structured",
        "datetime",
        "longdouble",
        "numpy-str",
        "object",
        "set",
        "huge-int",
    ],
)
def test_anything_but_plain_data_is_refused_with_its_type(value: Any, described: str) -> None:
    back = roundtrip(value)
    assert isinstance(back, values.Unsupported)
    assert described in back.type


def test_numbers_and_lists_stay_plain() -> None:
    assert roundtrip(3) == 3
    assert roundtrip(2.5) == 2.5
    assert roundtrip(None) is None
    assert roundtrip(True) is True
    assert roundtrip(1 - 2j) == 1 - 2j
    assert roundtrip("text") == "text"
    assert roundtrip([[1.0, 2.0], [3.0, 4.0]]) == [[1.0, 2.0], [3.0, 4.0]]
    assert roundtrip((1, 2)) == (1, 2)
    assert roundtrip((1, 2)) != [1, 2]  # a tuple stays a tuple


def test_a_list_of_numbers_stays_one_array() -> None:
    back = roundtrip([np.uint16(1), np.uint16(2), np.uint16(3)])
    assert isinstance(back, values.ListOfNumbers)
    assert (back.container, back.array.dtype, len(back)) == ("list", np.uint16, 3)
    assert back.tolist() == [1, 2, 3]


def test_numpy_scalars_and_zero_dimensional_arrays_keep_their_kind() -> None:
    scalar, zero_d = roundtrip(np.float32(0.5)), roundtrip(np.array(0.5))
    assert type(scalar) is np.float32
    assert scalar == np.float32(0.5)
    assert type(zero_d) is np.ndarray
    assert zero_d.shape == ()


@pytest.mark.parametrize("dtype", ["complex64", "complex128"])
def test_complex_arrays_cross_as_numbers(dtype: str) -> None:
    array = (np.arange(6) + 1j).reshape(2, 3).astype(dtype)
    back = roundtrip(array)
    assert back.dtype == array.dtype
    assert np.array_equal(back, array)


def test_structures_cross_with_their_arrays_as_bytes() -> None:
    loss, grad = 0.5, np.arange(6, dtype=np.float32).reshape(2, 3)
    _, payload = values.pack_value((loss, grad), 10_000, 10_000)
    assert len(payload) == grad.nbytes  # the array travels as bytes, not as JSON numbers
    back = roundtrip((loss, grad))
    assert type(back) is tuple
    assert back[0] == loss
    assert back[1].dtype == np.float32
    assert np.array_equal(back[1], grad)
    named = roundtrip({"loss": loss, "grad": grad, 3: None})
    assert list(named) == ["loss", "grad", 3]
    assert np.array_equal(named["grad"], grad)


def test_a_ragged_list_crosses_item_by_item() -> None:
    back = roundtrip([[1.0, 2.0], [3.0], "x"])
    assert type(back) is list
    assert back[0] == [1.0, 2.0]
    assert back[1] == [3.0]
    assert back[2] == "x"


def test_a_big_endian_array_arrives_as_the_same_numbers() -> None:
    back = roundtrip(np.arange(3, dtype=">f8"))
    assert back.dtype == np.float64
    assert back.tolist() == [0.0, 1.0, 2.0]


def test_a_long_string_is_cut_with_a_note() -> None:
    back = roundtrip("x" * 1000)
    assert back == "x" * 200 + "... [800 more characters]"


def test_an_array_over_the_element_cap_is_refused_not_copied() -> None:
    header, payload = values.pack_value(np.zeros(20_000), 10_000, 10_000)
    assert header["value"] == {"unsupported": "float64 array", "shape": [20_000], "limit": 10_000}
    assert payload == b""


def test_a_payload_that_disagrees_with_its_shape_is_a_protocol_error() -> None:
    header = {"value": {"array": "<f8", "shape": [4]}}
    with pytest.raises(ProtocolError):
        values.unpack_value(header, b"\0" * 8)
    with pytest.raises(ProtocolError):
        values.unpack_value(header, b"\0" * 40)


@pytest.mark.parametrize("dtype", ["|O", "<M8[D]", "|V8", "weird", ">f8"])
def test_a_disallowed_dtype_is_a_protocol_error(dtype: str) -> None:
    with pytest.raises(ProtocolError):
        values.unpack_value({"value": {"array": dtype, "shape": [1]}}, b"\0" * 8)


def test_a_summary_keeps_type_dtype_and_shape_only() -> None:
    header, payload = values.pack_summary(np.ones((3, 4), dtype=np.float32))
    assert payload == b""
    back = values.unpack_value(header, payload)
    assert (back.shape, back.dtype, float(back.sum())) == ((3, 4), np.float32, 0.0)
    assert values.unpack_value(*values.pack_summary([[1.0, 2.0]])) == [[0.0, 0.0]]
    pair = values.unpack_value(*values.pack_summary((np.ones(2), "x")))
    assert pair[0].tolist() == [0.0, 0.0]
    assert pair[1] == "x"


# --- the child's outbox and the grader's frame reader ------------------------------------------

FRAMES: list[tuple[dict[str, Any], wire.Payload]] = [
    ({"t": "compiling"}, b""),
    ({"t": "result", "probe": 0}, np.arange(2_000, dtype=np.float64).data.cast("B")),
    ({"t": "result", "probe": 1}, b"\x01" * 5),
    ({"t": "done", "stdout": "hi"}, b""),
]


class TrickleChannel:
    """A channel whose `sendmsg` takes only a few bytes at a time (as a signal can cause)."""

    def __init__(self, per_call: int) -> None:
        self.per_call, self.received = per_call, bytearray()

    def sendmsg(self, parts: list[Any]) -> int:
        data = b"".join(bytes(part) for part in parts)[: self.per_call]
        self.received += data
        return len(data)


@pytest.mark.parametrize("per_call", [1, 999, 1 << 30], ids=["1-byte", "999-byte", "all"])
def test_the_outbox_delivers_every_frame_when_writes_are_partial(per_call: int) -> None:
    channel = TrickleChannel(per_call)
    outbox = child.Outbox(channel)  # type: ignore[arg-type]  # a fake socket: only sendmsg
    for header, payload in FRAMES:
        outbox.send(header, payload)
    outbox.flush()
    frames = wire.decode(bytes(channel.received))
    assert [(frame.header, frame.payload) for frame in frames] == [
        (header, bytes(payload)) for header, payload in FRAMES
    ]
    assert outbox.parts == []


@pytest.mark.parametrize("chunk_size", [1, 7, 4096, 1 << 24], ids=lambda n: f"{n}-byte chunks")
def test_the_frame_decoder_decodes_frames_however_the_bytes_arrive(chunk_size: int) -> None:
    data = b"".join(wire.encode(header, payload) for header, payload in FRAMES)
    decoder = FrameDecoder(1 << 26)
    for start in range(0, len(data), chunk_size):
        assert not decoder.finished
        decoder.feed(data[start : start + chunk_size])
    assert decoder.finished
    assert [frame.type for frame in decoder.frames] == ["compiling", "result", "result", "done"]
    assert decoder.frames[1].payload == bytes(FRAMES[1][1])


def test_a_frame_cut_short_is_partial_not_decoded() -> None:
    data = wire.encode({"t": "a"}) + wire.encode({"t": "b"}, b"12345")
    decoder = FrameDecoder(last=None)
    assert [frame.type for frame in decoder.feed(data[:-2])] == ["a"]
    assert decoder.partial


@pytest.mark.parametrize("same_read", [True, False], ids=["same-read", "later-read"])
def test_the_frame_decoder_ignores_anything_after_done(same_read: bool) -> None:
    done, spoof = wire.encode({"t": "done"}), wire.encode({"t": "result", "probe": 0})
    decoder = FrameDecoder(1 << 20)
    if same_read:
        decoder.feed(done + spoof)
    else:
        decoder.feed(done)
        assert decoder.feed(spoof) == []
    assert [frame.type for frame in decoder.frames] == ["done"]


@pytest.mark.parametrize(
    "data",
    [
        wire.encode({"t": "result"}, b"x" * 2000),  # over the byte cap
        (wire.MAX_HEADER_BYTES + 1).to_bytes(4, "big"),  # a header past its cap
    ],
    ids=["byte-cap", "header-cap"],
)
def test_the_frame_decoder_stops_at_its_caps(data: bytes) -> None:
    with pytest.raises(FrameTooLarge):
        FrameDecoder(1000).feed(data)


@pytest.mark.parametrize("header", [b"not json", b"[1, 2]"], ids=["not-json", "not-an-object"])
def test_the_frame_decoder_refuses_a_malformed_header(header: bytes) -> None:
    data = len(header).to_bytes(4, "big") + header + (0).to_bytes(4, "big")
    with pytest.raises(ProtocolError):
        FrameDecoder(1 << 20).feed(data)
