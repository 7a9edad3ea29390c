"""The warm pool: single-use children, crashes blamed on us, and self-healing."""

from __future__ import annotations

import asyncio
import os
import signal
import threading
import time
from pathlib import Path

from graders.engine import Grader
from graders.exercise import Exercise
from graders.report import Verdict
from graders.sandbox.pool import SandboxPool
from tests.conftest import EXERCISES, FLAGSHIP, LoopThread, SyncGrader

SOLUTION = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
SLOW = "def positional_encoding(max_len, d_model):\n    while True:\n        pass\n"


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


def test_a_child_that_crashes_is_our_fault_and_the_pool_heals(
    grade: SyncGrader, flagship: Exercise, pool: SandboxPool
) -> None:
    zygotes = [zygote.process.pid for zygote in pool._zygotes if zygote.process]
    result: list[object] = []
    worker = threading.Thread(target=lambda: result.append(grade(flagship, SLOW)))
    worker.start()
    victim = None
    for _ in range(200):  # bounded: wait for the learner's process (B, a grandchild of a zygote)
        grandchildren = [
            b for zygote in zygotes for a in children_of(zygote) for b in children_of(a)
        ]
        busy = [pid for pid in grandchildren if _cpu_ticks(pid) > 5]
        if busy:
            victim = busy[0]
            break
        time.sleep(0.02)
    assert victim is not None
    os.kill(victim, signal.SIGKILL)  # early, well under the CPU limit: a crash, not a timeout
    worker.join(30)
    report = result[0]
    assert report.verdict is Verdict.INTERNAL_ERROR  # type: ignore[attr-defined]
    assert "our fault" in report.tests[0].message  # type: ignore[attr-defined]
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
