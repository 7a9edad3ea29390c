"""The warm pool: single-use children, crashes blamed on us, and self-healing.

Every test here runs twice: with one fork per child (the zygote makes the child's PID
namespace; what the service uses where it runs as root) and with two (the fallback, where the
first child unshares and forks the learner's process).
"""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from graders.engine import Grader
from graders.exercise import Exercise
from graders.host.pool import SandboxPool
from graders.report import Report, Verdict
from tests.conftest import EXERCISES, FLAGSHIP, TEST_LIMITS, LoopThread, SyncGrader

SOLUTION = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
SLOW = "def positional_encoding(max_len, d_model):\n    while True:\n        pass\n"


@pytest.fixture(scope="module", params=[True, False], ids=["one-fork", "two-forks"])
def pool(request: pytest.FixtureRequest, loop_thread: LoopThread) -> Iterator[SandboxPool]:
    sandbox = SandboxPool(2, TEST_LIMITS, one_fork=request.param)
    loop_thread.run(sandbox.start())
    yield sandbox
    loop_thread.run(sandbox.close())


@pytest.fixture(scope="module")
def grade(pool: SandboxPool, loop_thread: LoopThread) -> SyncGrader:
    return SyncGrader(Grader(pool), loop_thread)


def test_the_pool_uses_the_number_of_forks_asked_for(pool: SandboxPool) -> None:
    assert pool.refusal is None, pool.selftest.to_dict()
    forks = "one fork" if pool.one_fork else "two forks"
    assert pool.selftest.notes["namespaces"].endswith(f"{forks} per child")


def test_a_busy_loop_is_stopped_at_the_cpu_limit_and_called_a_timeout(
    grade: SyncGrader, flagship: Exercise
) -> None:
    report = grade(flagship, SLOW)
    assert report.verdict is Verdict.TIMED_OUT
    assert grade(flagship, SOLUTION).verdict is Verdict.PASSED


def children_of(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def test_each_submission_runs_in_a_fresh_child(
    grade: SyncGrader, flagship: Exercise, pool: SandboxPool
) -> None:
    source = "import numpy as np\nseen = []\ndef positional_encoding(max_len, d_model):\n    seen.append(1)\n    print(len(seen))\n    return np.zeros((max_len, d_model))\n"
    first, second = grade(flagship, source), grade(flagship, source)
    # State from one submission never reaches the next: both start counting from 1.
    assert first.stdout.splitlines()[0] == second.stdout.splitlines()[0] == "1"


def test_a_child_killed_in_a_call_is_the_learners_and_the_pool_heals(
    grade: SyncGrader, flagship: Exercise, pool: SandboxPool
) -> None:
    zygotes = [zygote.process.pid for zygote in pool._zygotes if zygote.process]
    result: list[Report] = []
    worker = threading.Thread(target=lambda: result.append(grade(flagship, SLOW)))
    worker.start()
    victim = None
    for _ in range(200):  # bounded: wait for the learner's process to be busy
        # A child of a zygote (one fork) or a grandchild (two forks).
        children = [pid for zygote in zygotes for pid in children_of(zygote)]
        descendants = children + [pid for child in children for pid in children_of(child)]
        busy = [pid for pid in descendants if _cpu_ticks(pid) > 5]
        if busy:
            victim = busy[0]
            break
        time.sleep(0.02)
    assert victim is not None
    os.kill(victim, signal.SIGKILL)  # early, well under the CPU limit: a crash, not a timeout
    worker.join(30)
    report = result[0]
    # Its code had begun: a SIGKILL is what an escaped child could send itself (issue 24).
    assert report.verdict is Verdict.FAILED
    assert not any("our fault" in test.message for test in report.tests)
    assert grade(flagship, SOLUTION).verdict is Verdict.PASSED


def _cpu_ticks(pid: int) -> int:
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(fields[11]) + int(fields[12])


def test_a_dead_zygote_is_replaced(
    grade: SyncGrader, flagship: Exercise, pool: SandboxPool
) -> None:
    restarts = pool.restarts
    for zygote in pool._zygotes:
        assert zygote.process is not None
        os.kill(zygote.process.pid, signal.SIGKILL)
    time.sleep(0.2)
    verdicts = [grade(flagship, SOLUTION).verdict for _ in range(3)]
    assert verdicts[-1] is Verdict.PASSED
    assert Verdict.PASSED in verdicts
    assert pool.restarts >= restarts + 1
    assert all(zygote.alive for zygote in pool._zygotes) or pool.state()["alive"] >= 1


def test_concurrent_gradings_on_cold_spares_all_pass(
    flagship: Exercise, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    # Under load the next spares are not warmed up first; they must grade exactly the same.
    async def many() -> list[Verdict]:
        grader = Grader(pool)
        reports = await asyncio.gather(*(grader.grade(flagship, SOLUTION) for _ in range(8)))
        return [report.verdict for report in reports]

    assert loop_thread.run(many()) == [Verdict.PASSED] * 8
