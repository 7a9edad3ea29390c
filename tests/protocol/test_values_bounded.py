"""Decoding a result is bounded: hostile headers are refused cheaply, honest ones cost their bytes.

A child that broke out of the policy can write any frame. What it sends is checked against the
caps the job gave it before anything is built; refusing costs microseconds and no memory, and an
honest result costs time and memory in proportion to its bytes (a list of numbers stays one
array). The child's own packing refuses the same values before they leave it.

Bounds are generous (tens of milliseconds, a megabyte), so they cannot flake; a regression to
building Python objects per element costs seconds and gigabytes.
"""

from __future__ import annotations

import json
import time
import tracemalloc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.engine import report_for_run
from graders.engine.caps import result_caps, run_limits
from graders.engine.reading import ResultCaps, read_frames
from graders.host.exchange import RunOutcome, RunStatus
from graders.protocol import frames as wire
from graders.protocol import values
from graders.protocol.frames import FrameDecoder, ProtocolError
from graders.protocol.job import Job, decode_job
from graders.protocol.limits import Limits
from graders.report import Verdict

CAP = 10_000  # elements, as a job would give one probe
ITEMS = 1_000
FAST_SECONDS = 0.05
SMALL_BYTES = 1 << 20


@dataclass
class Cost:
    seconds: float = 0.0
    peak_bytes: int = 0


@contextmanager
def measured() -> Iterator[Cost]:
    """Wall time and peak memory allocated by Python (NumPy's buffers included) inside."""
    cost = Cost()
    tracemalloc.start()
    started = time.perf_counter()
    try:
        yield cost
    finally:
        cost.seconds = time.perf_counter() - started
        cost.peak_bytes = tracemalloc.get_traced_memory()[1]
        tracemalloc.stop()


def nested(depth: int) -> dict[str, Any]:
    node: dict[str, Any] = {"list": [1.0]}
    for _ in range(depth):
        node = {"list": [node]}
    return node


HOSTILE: dict[str, tuple[Any, bytes]] = {
    "zero-size-huge-shape": ({"array": "<f8", "shape": [10**8, 0]}, b""),
    "zero-size-huge-shape-as-list": ({"array": "<u2", "shape": [10**8, 0], "as": "list"}, b""),
    "zero-size-shape-past-int64": ({"array": "<f8", "shape": [2**62, 0]}, b""),
    "shape-overflowing-bytes": ({"array": "<f8", "shape": [2**40, 2**40]}, b""),
    "too-many-dimensions": ({"array": "<f8", "shape": [1] * 33}, b"\0" * 8),
    "negative-dimension": ({"array": "<f8", "shape": [-1]}, b""),
    "float-dimension": ({"array": "<f8", "shape": [1.5]}, b""),
    "bool-dimension": ({"array": "<f8", "shape": [True]}, b"\0" * 8),
    "summary-over-the-cap": ({"array": "<f8", "shape": [10**8], "summary": True}, b""),
    "many-summaries-over-the-cap": (
        {"list": [{"array": "<f8", "shape": [9_000], "summary": True}] * 100},
        b"",
    ),
    "elements-over-the-cap": ({"array": "<f8", "shape": [20_000]}, b"\0" * 160_000),
    "items-over-the-cap": ({"list": [0] * 200_000}, b""),
    "dict-items-over-the-cap": ({"dict": [["k", 0]] * 200_000}, b""),
    "nested-too-deeply": (nested(values.MAX_DEPTH + 2), b""),
    "scalar-with-a-shape": ({"array": "<f8", "shape": [2], "as": "scalar"}, b"\0" * 16),
    "list-of-no-dimension": ({"array": "<f8", "shape": [], "as": "list"}, b"\0" * 8),
    "object-dtype": ({"array": "|O", "shape": [1]}, b"\0" * 8),
    "payload-short": ({"array": "<f8", "shape": [100]}, b"\0" * 8),
    "payload-left-over": ({"array": "<f8", "shape": [1]}, b"\0" * 800_000),
    "int-past-64-bits": (2**70, b""),
    "text-too-long": ("x" * 100_000, b""),
    "unknown-node": ({"pickle": "gASV"}, b""),
    "bare-json-list": ([1, 2, 3], b""),
    "bad-complex": ({"complex": [1.0, "i"]}, b""),
    "bad-dict-key": ({"dict": [[[1], 0]]}, b""),
}


@pytest.mark.parametrize(("node", "payload"), HOSTILE.values(), ids=HOSTILE.keys())
def test_a_hostile_result_is_refused_before_anything_is_built(node: Any, payload: bytes) -> None:
    header = {"t": "result", "probe": 0, "value": node}
    with measured() as cost, pytest.raises(ProtocolError):
        values.unpack_value(header, payload, CAP, ITEMS)
    assert cost.seconds < FAST_SECONDS
    assert cost.peak_bytes < SMALL_BYTES


def test_a_header_nested_past_what_json_reads_is_refused_cheaply() -> None:
    raw = b"[" * 200_000
    data = len(raw).to_bytes(4, "big") + raw + (0).to_bytes(4, "big")
    with measured() as cost, pytest.raises(ProtocolError):
        FrameDecoder(1 << 22).feed(data)
    assert cost.seconds < 0.5
    assert cost.peak_bytes < 4 * SMALL_BYTES


def frame_of(value: Any, max_elements: int = 1 << 30) -> wire.Frame:
    header, payload = values.pack_value(value, max_elements, 1 << 30)
    return wire.decode(wire.encode({"t": "result", "probe": 0, **header}, payload))[0]


def test_a_long_list_of_numbers_decodes_to_one_array_not_python_numbers() -> None:
    frame = frame_of([np.uint16(7)] * 4_000_000)
    with measured() as cost:
        back = values.unpack_value(frame.header, frame.payload, 4_000_000, ITEMS)
    assert isinstance(back, values.ListOfNumbers)
    assert (len(back), back.array.dtype) == (4_000_000, np.uint16)
    # One copy of the 8 MB payload; 4 million Python ints would take over 100 MB.
    assert cost.peak_bytes < 2 * len(frame.payload) + SMALL_BYTES
    assert cost.seconds < 0.5


def test_decoding_costs_in_proportion_to_the_bytes() -> None:
    small, large = frame_of(np.ones(10_000)), frame_of(np.ones(1_000_000))
    with measured() as small_cost:
        values.unpack_value(small.header, small.payload)
    with measured() as large_cost:
        values.unpack_value(large.header, large.payload)
    assert large_cost.peak_bytes < 2 * len(large.payload) + SMALL_BYTES
    assert small_cost.peak_bytes < 2 * len(small.payload) + 64 * 1024


# --- the child refuses to pack what it may not send --------------------------------------------


def deep_list() -> Any:
    value: Any = 1.0
    for _ in range(10_000):
        value = [value]
    return value


OVERSIZED: dict[str, Callable[[], Any]] = {
    "zero-size-huge-shape": lambda: np.zeros((10**8, 0)),
    "in-a-list": lambda: [np.zeros((10**8, 0))],
    "broadcast-view": lambda: np.broadcast_to(np.zeros(1), (10**6, 10**6)),
    "long-list-of-numbers": lambda: [0.5] * 1_000_000,
    "long-list-of-empty-lists": lambda: [[]] * 1_000_000,
    "long-ragged-list": lambda: [0.5, "x"] * 500_000,
    "dict-of-a-long-list": lambda: {"a": [0] * 1_000_000},
    "deeply-nested": deep_list,
    "much-text": lambda: ["\u00e9" * 199] * 5000,
}


@pytest.mark.parametrize("make", OVERSIZED.values(), ids=OVERSIZED.keys())
def test_the_child_describes_a_value_over_its_caps_instead_of_sending_it(
    make: Callable[[], Any],
) -> None:
    value = make()
    with measured() as cost:
        header, payload = values.pack_value(value, CAP, ITEMS)
    assert len(payload) <= 8 * CAP
    assert len(json.dumps(header)) < 4096
    assert cost.seconds < 0.5
    assert cost.peak_bytes < SMALL_BYTES
    back = values.unpack_value(header, payload, CAP, ITEMS)  # and it is within the protocol
    assert "Unsupported" in repr(back)


# --- the caps: per probe from the reference, carried by the job, checked when read -------------


def test_a_job_carries_each_probes_cap_to_the_child() -> None:
    limits = Limits(array_elements=100)
    job = Job("", "f", [(1,), (2,), (3,)], limits, max_elements=[5, 500])
    back = decode_job(wire.decode(job.encode())[0])
    assert back.max_elements == [5, 100, 100]  # never above the limit; the limit if not given
    assert [back.result_cap(index) for index in range(3)] == [5, 100, 100]


def test_each_probes_cap_is_a_few_times_the_reference_output(catalog: Catalog) -> None:
    flagship = catalog.get("sinusoidal-positional-encoding")
    probes = flagship.all_probes()
    calls = [probe.call for probe in probes]
    caps = dict(zip(calls, result_caps(flagship, probes).elements, strict=True))
    assert caps["positional_encoding(1, 2)"] == 16_384  # the floor
    assert caps["positional_encoding(2048, 16)"] == 4 * 2048 * 16
    assert caps["positional_encoding(100, 512)"] == 4 * 100 * 512
    # The run's byte cap follows, far under the 64 MB ceiling.
    run_bytes = run_limits(flagship.limits, result_caps(flagship, probes)).result_bytes
    assert run_bytes < flagship.limits.result_bytes / 2


def test_a_result_over_its_probes_cap_is_refused_by_the_grader(catalog: Catalog) -> None:
    flagship = catalog.get("sinusoidal-positional-encoding")
    probes = flagship.all_probes()
    cap = result_caps(flagship, probes).for_probe(0)
    hostile = frame_of(np.zeros(cap + 1))  # what only a broken child sends
    with pytest.raises(ProtocolError):
        read_frames([hostile], ResultCaps([cap], 100))
    frames = [*wire.decode(wire.encode({"t": "loaded", "loops": []})), hostile]
    outcome = RunOutcome(RunStatus.OK, frames, 1.0)
    assert report_for_run(flagship, probes, outcome).verdict is Verdict.INTERNAL_ERROR
