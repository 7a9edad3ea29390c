"""A child that escaped the language layer cannot hold up the service: frames have a budget.

Against a real `gradebox serve` whose children fall to `tests.sandbox.hostile` when a job's
source asks for it: the run ends in bounded time, as the learner's (their code ran), `/healthz`
answers within a second throughout, and the event loop's lateness (the server's own 10 ms
probe, `gradebox_event_loop_lag_seconds`) stays under 50 ms.
A real process: the server runs under the hostile wrapper module, and its loop's stalls are its own.
"""

from __future__ import annotations

import re
import threading
import time
from collections import Counter
from collections.abc import Iterator

import httpx
import pytest

from app.live_server import LiveServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION, UNLIMITED
from tests.sandbox.hostile import BEHAVIOURS, MARKER

BOUND_SECONDS = 10.0  # the run ends well before its flood would (tests.sandbox.hostile)
HEALTH_SECONDS = 1.0
LAG_SECONDS = 0.05
_ENDING = re.compile(r'gradebox_sandbox_endings_total\{ending="([^"]+)"\} (\S+)')
_BUCKET = re.compile(r'gradebox_event_loop_lag_seconds_bucket\{le="([^"]+)"\} (\S+)')


@pytest.fixture(scope="module")
def hostile_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    data = tmp_path_factory.mktemp("hostile")
    with LiveServer(data, module="tests.sandbox.hostile", **UNLIMITED) as live:
        yield live


def endings(metrics: str) -> Counter[str]:
    """How many runs ended each way, by the server's own count."""
    found = _ENDING.findall(metrics)
    return Counter({ending: int(float(count)) for ending, count in found})


def late_wakeups(metrics: str, over: float) -> float:
    """How many of the loop probe's wake-ups were later than `over` seconds."""
    buckets = {float(bound): float(count) for bound, count in _BUCKET.findall(metrics)}
    within = max(count for bound, count in buckets.items() if bound <= over)
    return buckets[float("inf")] - within


class HealthWatch(threading.Thread):
    """Asks /healthz over and over while the attack runs; keeps the slowest answer."""

    def __init__(self, live: LiveServer) -> None:
        super().__init__(daemon=True)
        self.live, self.slowest, self.failures = live, 0.0, 0
        self.done = threading.Event()

    def run(self) -> None:
        with self.live.client() as http:
            while not self.done.is_set():
                started = time.perf_counter()
                try:
                    http.get("/healthz", timeout=5.0)
                except httpx.HTTPError:
                    self.failures += 1
                self.slowest = max(self.slowest, time.perf_counter() - started)
                time.sleep(0.05)


@pytest.mark.parametrize("behaviour", ["tiny-frames", "unknown-frames", "past-the-budget"])
def test_a_child_that_floods_frames_ends_in_bounded_time_and_the_service_stays_responsive(
    hostile_server: LiveServer, behaviour: str
) -> None:
    assert behaviour in BEHAVIOURS
    with hostile_server.client() as http:
        before = late_wakeups(http.get("/metrics").text, LAG_SECONDS)
        watch = HealthWatch(hostile_server)
        watch.start()
        started = time.perf_counter()
        try:
            response = http.post(
                f"{FLAGSHIP_URL}/submissions",
                json={"code": f"{MARKER}{behaviour}\n"},
                timeout=30.0,
            )
            took = time.perf_counter() - started
            victim = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": SOLUTION})
        finally:
            watch.done.set()
            watch.join()
        after = late_wakeups(http.get("/metrics").text, LAG_SECONDS)
    assert response.status_code == 201
    report = response.json()
    assert report["verdict"] == "error"  # the learner's: their code ran, then the wire broke
    assert report["error"]["type"] == "OutputNotAllowed"
    assert took < BOUND_SECONDS
    assert watch.failures == 0
    assert watch.slowest < HEALTH_SECONDS
    assert after - before == 0  # no wake-up of the loop probe was over 50 ms late
    assert victim.json()["verdict"] == "passed"


def test_a_child_that_sleeps_past_the_wall_clock_spent_its_own_time(
    hostile_server: LiveServer,
) -> None:
    with hostile_server.client() as http:
        before = endings(http.get("/metrics").text)
        code = f"{MARKER}sleeps\n"
        report = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": code}).json()
        after = endings(http.get("/metrics").text)
    assert report["verdict"] == "timed_out"  # the learner's: it slept, nobody starved it
    assert "timed_out" in {test["status"] for test in report["tests"]}
    assert after - before == Counter({"learner-wall-timeout": 1})  # not starved, run once


def test_a_child_that_exits_with_our_code_after_its_first_frame_is_the_learners(
    hostile_server: LiveServer,
) -> None:
    with hostile_server.client() as http:
        code = f"{MARKER}exits-with-our-code\n"
        report = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": code}).json()
    assert report["verdict"] == "error"
    assert report["error"]["type"] == "ProcessEnded"
