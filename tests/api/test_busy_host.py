"""On a machine made busy by the test itself, a learner's busy loop is the learner's timeout,
measured by the scheduler's accounting (never internal_error, never run twice); and a service
set to shed load refuses new work with 503 and Retry-After while its children starve.

The CPU hogs are processes this test starts and ends (each also stops by itself).
A real `gradebox serve`: the test pins the server's process tree to the cores its hogs load.
"""

from __future__ import annotations

import os
import re
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import pytest

from app.live_server import LiveServer
from graders.protocol.procfs import children_of
from tests.api.conftest import FLAGSHIP_URL, SOLUTION, UNLIMITED

LOOP = "def positional_encoding(max_len, d_model):\n    while True:\n        pass\n"
HOG_SECONDS = 60  # a hog ends by itself after this, whatever happens to the test
_ENDING = re.compile(r'gradebox_sandbox_endings_total\{ending="([^"]+)"\} (\S+)')


@contextmanager
def cpu_hogs(per_core: int = 3, cpus: set[int] | None = None) -> Iterator[None]:
    """`per_core` spinning processes per core (of `cpus`, pinned there, or of every core this
    process may use), ended when the block ends."""
    pin = f"import os\nos.sched_setaffinity(0, {cpus!r})\n" if cpus else ""
    spin = f"{pin}import time\nend = time.monotonic() + {HOG_SECONDS}\n"
    spin += "while time.monotonic() < end: pass"
    count = per_core * len(cpus or os.sched_getaffinity(0))
    hogs = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(count)]
    try:
        time.sleep(0.5)  # every hog is spinning
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


def pin_tree(pid: int, cpus: set[int]) -> None:
    """Pin `pid` and every process under it (the server, its zygotes and their spares; what
    they fork later inherits it) to `cpus`."""
    todo = [pid]
    while todo:
        current = todo.pop()
        try:
            os.sched_setaffinity(current, cpus)
        except OSError:  # gone meanwhile
            continue
        todo.extend(children_of(current))


def endings(metrics: str) -> Counter[str]:
    return Counter({ending: int(float(count)) for ending, count in _ENDING.findall(metrics)})


def test_a_busy_loop_on_a_busy_host_is_the_learners_timeout_run_once(tmp_path: Path) -> None:
    with LiveServer(tmp_path, **UNLIMITED) as live, live.client() as http:
        before = endings(http.get("/metrics").text)
        with cpu_hogs():
            response = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": LOOP}, timeout=60)
        after = endings(http.get("/metrics").text)
    report = response.json()
    assert report["verdict"] == "timed_out"
    assert "timed_out" in {test["status"] for test in report["tests"]}
    ran = after - before
    assert sum(ran.values()) == 1  # one run: a starved run is never run again
    assert set(ran) <= {"starved", "learner-cpu"}


@pytest.mark.parametrize("share", ["0.2"])
def test_a_service_whose_children_starve_sheds_new_work_and_recovers(
    tmp_path: Path, share: str
) -> None:
    with LiveServer(tmp_path, shed_wait_share=share, **UNLIMITED) as live, live.client() as http:
        assert live.process is not None
        # One grading on the quiet machine first: the start's own sandbox work (its spares,
        # its self-test) is over, and the children's measured wait is a quiet one.
        assert http.post(f"{FLAGSHIP_URL}/submissions", json={"code": SOLUTION}).status_code == 201
        # The service and the hogs share one CPU, so each run's child waits for it whatever
        # the scheduler's grouping (a child is a session, an autogroup, of its own).
        pin_tree(live.process.pid, {0})
        with cpu_hogs(per_core=4, cpus={0}):
            time.sleep(3)  # the kernel's CPU pressure is a 10 s mean: let it see the hogs
            answers = []
            for _ in range(5):  # measured: each run waits for a CPU, until the service sheds
                answers.append(
                    http.post(f"{FLAGSHIP_URL}/submissions", json={"code": LOOP}, timeout=60)
                )
                if answers[-1].status_code == 503:
                    break
            refused = answers[-1]
            scratch = http.post(
                f"{FLAGSHIP_URL}/scratch",
                json={"code": SOLUTION, "call": "positional_encoding(4, 6)"},
            )
            shed = http.get("/metrics").text
        pin_tree(live.process.pid, os.sched_getaffinity(0))
        deadline = time.monotonic() + 90  # the load fades: PSI's avg10 and our own mean
        accepted = None
        while time.monotonic() < deadline:
            accepted = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": SOLUTION})
            if accepted.status_code == 201:
                break
            time.sleep(2)
    assert answers[0].status_code == 201  # nothing measured yet: the first run is admitted
    assert refused.status_code == 503
    assert int(refused.headers["retry-after"]) > 0
    assert refused.headers["content-type"].startswith("application/problem+json")
    assert scratch.status_code == 503
    assert re.search(r"^gradebox_shed_total ([1-9]\d*)\.0$", shed, re.MULTILINE)
    assert accepted is not None
    assert accepted.status_code == 201
    assert accepted.json()["verdict"] == "passed"
