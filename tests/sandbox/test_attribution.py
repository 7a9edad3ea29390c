"""Real learner code through the real pool: each way it can end lands on the side the table says.

One case per row of `graders.engine.endings.ENDINGS` that learner code can produce (rows it
cannot: `learner-output` and `learner-result-too-large`, as the child describes an oversized
result instead of sending it; `learner-compiler-crashed`, as Python 3.11 raises rather than
crashes on any source within `Limits.source_bytes`), plus the reported misattributions. The
platform's rows are produced by acting on the sandbox from outside: a stopped child (starved),
a killed child, a killed zygote.
"""

from __future__ import annotations

import asyncio
import dataclasses
import os
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

import pytest

from graders.engine import Grader, Runner
from graders.engine.endings import ENDINGS, OUR_FAULT, Ending, Side
from graders.exercise import Exercise
from graders.host.exchange import FrameListener, RunOutcome
from graders.host.pool import SandboxPool
from graders.message_ids import CALL_RAISED, CALL_TIMED_OUT, PASSED
from graders.protocol.frames import Frame
from graders.protocol.limits import Limits
from graders.report import Report, Verdict
from tests.conftest import TEST_LIMITS, LoopThread
from tests.sandbox.conftest import REFERENCE_SOURCE

# Room for an exercise to ask for a wall clock that comes before its CPU limit, and for one far
# after it (a loop reaches a 1 s CPU limit before a 5 s wall clock on a fifth of a core).
CEILINGS = dataclasses.replace(TEST_LIMITS, cpu_seconds=3.0, wall_seconds=5.0)
PATIENT = {"wall_seconds": 5.0}
F = "def positional_encoding(max_len, d_model):\n"
# Fill the address space, small pieces last, then return a value made before: packing it (our
# code, in the child) finds no memory left.
FILL_MEMORY = (
    "import numpy as np\nKEEP = []\n" + F + "    result = np.zeros((max_len, d_model))\n"
    "    keep = []\n"
    "    for size in (10**7, 10**5, 10**3, 10):\n"
    "        try:\n"
    "            while True:\n"
    "                keep.append(np.empty(size, dtype=np.uint8))\n"
    "        except MemoryError:\n"
    "            pass\n"
    "    KEEP.append(keep)\n"
    "    return result\n"
)
LOOP_SCAN_HEADER = (
    "import numpy as np\n\ndef "
    + "f" * 6000
    + "(n, d):\n"
    + "\n".join(f"    for i{k} in range(1): pass" for k in range(1700))
    + "\n    return np.zeros((n, d))\n\npositional_encoding = "
    + "f" * 6000
    + "\n"
)


@dataclass(frozen=True)
class Case:
    name: str
    source: str
    ending: Ending
    verdict: Verdict
    message_id: str  # a test's message_id (its call's outcome, a check's id, the ending)
    error_type: str | None = None  # the report's error.type: the code did not load
    facts: tuple[str, ...] = ()  # what the report's error or a test's message names
    limits: dict[str, float] = field(default_factory=dict)  # the exercise's own overrides


CASES = [
    Case("reference", REFERENCE_SOURCE, Ending.FINISHED, Verdict.PASSED, PASSED),
    Case(
        "scalar-return",
        F + "    return 3.0\n",
        Ending.FINISHED,
        Verdict.FAILED,
        "shape-differs",
        facts=("float 3.0",),
    ),
    Case(
        "deeply-nested-list-returned",
        F + "    x = []\n    for _ in range(20_000):\n        x = [x]\n    return x\n",
        Ending.FINISHED,
        Verdict.FAILED,
        "shape-differs",
        facts=("list",),
    ),
    Case(
        "oversized-loop-scan",
        LOOP_SCAN_HEADER,
        Ending.FINISHED,
        Verdict.FAILED,
        "loop-found",
        facts=("for loop",),
    ),
    Case(
        "call-that-raises",
        F + "    raise ValueError('nope')\n",
        Ending.LEARNER_RAISED,
        Verdict.FAILED,
        CALL_RAISED,
        facts=("ValueError", "line 2", "nope"),
    ),
    Case(
        "functools-reduce-chain",
        "import functools\n" + F + "    f = functools.reduce(lambda g, _: (lambda v, g=g: g(v)),"
        " range(5_000), lambda v: v)\n    return f(1)\n",
        Ending.LEARNER_RAISED,
        Verdict.FAILED,
        CALL_RAISED,
        facts=("RecursionError",),
    ),
    Case(
        "syntax-error",
        F.rstrip(":\n") + "\n    return 1\n",
        Ending.LEARNER_NOT_LOADED,
        Verdict.ERROR,
        Ending.LEARNER_NOT_LOADED,
        error_type="SyntaxError",
    ),
    Case(
        "loop-that-never-ends",
        F + "    while True:\n        pass\n",
        Ending.LEARNER_CPU,
        Verdict.TIMED_OUT,
        CALL_TIMED_OUT,
        limits=PATIENT,
    ),
    Case(
        "loop-that-never-ends-at-module-level",
        "while True:\n    pass\n" + F + "    return 1\n",
        Ending.LEARNER_CPU,
        Verdict.TIMED_OUT,
        Ending.LEARNER_CPU,
        error_type="TimeoutError",
        facts=("1 s",),
        limits=PATIENT,
    ),
    Case(
        "loop-outlasting-wall-clock",
        F + "    while True:\n        pass\n",
        Ending.LEARNER_WALL_TIMEOUT,
        Verdict.TIMED_OUT,
        CALL_TIMED_OUT,
        limits={"cpu_seconds": 3.0, "wall_seconds": 1.5},
    ),
    Case(
        "memory-running-out-while-result-packed",
        FILL_MEMORY,
        Ending.LEARNER_MEMORY,
        Verdict.FAILED,
        Ending.LEARNER_MEMORY,
    ),
    Case(
        "nested-map-at-module-level",
        "x = [1]\nfor _ in range(200_000):\n    x = map(abs, x)\nlist(x)\n" + F + "    return 1\n",
        Ending.LEARNER_MODULE_CRASHED,
        Verdict.ERROR,
        Ending.LEARNER_MODULE_CRASHED,
        error_type="ModuleCrash",
    ),
    *(
        Case(
            f"nested-{wrapper}-in-call",
            F + f"    x = [1]\n    for _ in range(200_000):\n        x = {wrapper}(x)\n"
            "    return list(x)\n",
            Ending.LEARNER_CRASHED_INTERPRETER,
            Verdict.FAILED,
            Ending.LEARNER_CRASHED_INTERPRETER,
            facts=("(signal 11)",),
        )
        for wrapper in ("zip", "enumerate")
    ),
]


@dataclass
class Heard:
    """Every run's ending, as the grader's `on_ending` hook tells it."""

    endings: list[Ending] = field(default_factory=list)

    def __call__(self, ending: Ending, outcome: RunOutcome) -> None:
        self.endings.append(ending)


def favoured(sandbox: SandboxPool) -> SandboxPool:
    """The pool with its zygotes (and so every child they fork) ahead of other processes on
    the CPU: on a machine shared with other work, a child that gets under half its wall time
    on the CPU is "starved", ours; these tests are about what the learner's code does."""
    for zygote in sandbox._zygotes:
        assert zygote.process is not None
        os.setpriority(os.PRIO_PROCESS, zygote.process.pid, -10)
    return sandbox


@pytest.fixture(scope="module")
def pool(loop_thread: LoopThread) -> Iterator[SandboxPool]:
    sandbox = SandboxPool(1, CEILINGS)
    loop_thread.run(sandbox.start())
    yield favoured(sandbox)
    loop_thread.run(sandbox.close())


def grade_heard(
    runner: Runner, loop_thread: LoopThread, exercise: Exercise, source: str
) -> tuple[Report, list[Ending]]:
    heard = Heard()
    grader = Grader(runner, on_ending=heard)
    return loop_thread.run(grader.grade(exercise, source)), heard.endings


def cpu_share(seconds: float = 0.3) -> float:
    """The share of a core a busy process gets here now."""
    started, cpu = time.perf_counter(), time.process_time()
    while time.perf_counter() - started < seconds:
        pass
    return (time.process_time() - cpu) / (time.perf_counter() - started)


def everything_said(report: Report) -> str:
    error = f"{report.error.type}: {report.error.message}\n" if report.error else ""
    return error + "\n".join(test.message for test in report.tests)


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_each_ending_is_attributed_to_its_side(
    case: Case, pool: SandboxPool, loop_thread: LoopThread, flagship: Exercise
) -> None:
    if case.ending is Ending.LEARNER_WALL_TIMEOUT and cpu_share() < 0.75:
        pytest.skip("this machine gives a busy process under 3/4 of a core: it would starve")
    exercise = flagship
    if case.limits:
        limits = flagship.limits.merged(case.limits)
        exercise = dataclasses.replace(flagship, limits=limits)
    report, endings = grade_heard(pool, loop_thread, exercise, case.source)
    said = everything_said(report)
    assert endings == [case.ending], said[:2000]
    assert report.verdict is case.verdict, said[:2000]
    assert case.message_id in {test.message_id for test in report.tests}, said[:2000]
    assert (report.error.type if report.error else None) == case.error_type
    assert [fact for fact in case.facts if fact not in said] == []
    assert ENDINGS[case.ending].side is Side.LEARNER
    assert "our fault" not in said.lower()


# --- the platform's side, produced by acting on the sandbox from outside ------------------------


def children(pid: int) -> list[int]:
    """The live (not yet exited) processes whose parent is `pid`."""
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                stat = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except (OSError, IndexError):
                continue
            if int(stat[1]) == pid and stat[0] != "Z":
                found.append(int(entry.name))
    return found


async def learner_process(pool: SandboxPool) -> int:
    """The learner process of the spare a one-zygote pool will run the next job in (a child
    of the zygote or, with two forks, a grandchild): once the zygote offered that spare, the
    child before it is gone."""
    [zygote] = pool._zygotes
    assert zygote.process is not None
    for _ in range(500):  # bounded: a spare is forked within milliseconds
        found = children(zygote.process.pid)
        if not pool.one_fork:
            found = [grandchild for child in found for grandchild in children(child)]
        if not zygote._spares.empty() and len(found) == 1:
            return found[0]
        await asyncio.sleep(0.01)
    raise AssertionError("the zygote offered no spare")


@dataclass
class Stopping:
    """The pool, but the first `times` runs get a child that was SIGSTOPped before its job
    arrived: it stays off the CPU while the wall clock runs."""

    pool: SandboxPool
    times: int

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        if self.times > 0:
            self.times -= 1
            os.kill(await learner_process(self.pool), signal.SIGSTOP)
        return await self.pool.run(job, limits, on_frames)


@pytest.fixture(scope="module", params=[True, False], ids=["one-fork", "two-forks"])
def any_pool(request: pytest.FixtureRequest, loop_thread: LoopThread) -> Iterator[SandboxPool]:
    sandbox = SandboxPool(1, TEST_LIMITS, one_fork=request.param)
    loop_thread.run(sandbox.start())
    yield favoured(sandbox)
    loop_thread.run(sandbox.close())


def quick(exercise: Exercise) -> Exercise:
    """The exercise with a 1 s wall clock: a stopped child's run ends soon."""
    limits = dataclasses.replace(exercise.limits, wall_seconds=1.0)
    return dataclasses.replace(exercise, limits=limits)


def test_a_child_stopped_before_its_job_is_ours_and_not_run_again(
    any_pool: SandboxPool, loop_thread: LoopThread, flagship: Exercise
) -> None:
    # SIGSTOPped before its job came, it neither ran nor waited for a CPU, and none of the
    # learner's code ran: the sandbox failed (ours), once; no rerun doubles a load.
    stopping = Stopping(any_pool, times=2)
    report, endings = grade_heard(stopping, loop_thread, quick(flagship), REFERENCE_SOURCE)
    assert endings == [Ending.SANDBOX_FAILED]
    assert report.verdict is Verdict.INTERNAL_ERROR
    assert stopping.times == 1  # the second stopped spare was never asked for


CPU_ZERO = {0}


@contextmanager
def pinned_hogs(count: int, seconds: float = 30.0) -> Iterator[list[subprocess.Popen[bytes]]]:
    """`count` processes spinning on CPU 0 (each stops by itself after `seconds`)."""
    spin = (
        "import os, time\nos.sched_setaffinity(0, {0})\n"
        f"end = time.monotonic() + {seconds}\nwhile time.monotonic() < end: pass"
    )
    hogs = [subprocess.Popen([sys.executable, "-c", spin]) for _ in range(count)]
    try:
        time.sleep(0.3)
        yield hogs
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


@dataclass
class Pinning:
    """The pool, but each run's learner process is pinned to CPU 0, where hogs spin."""

    pool: SandboxPool
    outcomes: list[RunOutcome] = field(default_factory=list)

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        os.sched_setaffinity(await learner_process(self.pool), CPU_ZERO)
        outcome = await self.pool.run(job, limits, on_frames)
        self.outcomes.append(outcome)
        return outcome


def test_a_child_starved_of_cpu_has_its_wall_extended_and_times_out_as_the_learners(
    any_pool: SandboxPool, loop_thread: LoopThread, flagship: Exercise
) -> None:
    loop = "def positional_encoding(max_len, d_model):\n    while True:\n        pass\n"
    pinning = Pinning(any_pool)
    with pinned_hogs(4):
        report, endings = grade_heard(pinning, loop_thread, quick(flagship), loop)
    [outcome] = pinning.outcomes  # run once
    assert outcome.wait_ms is not None
    assert outcome.wait_ms > 0.25 * outcome.wall_ms
    if any_pool.one_fork:  # the grader watches the learner's own process
        assert outcome.extended_ms > 0
    assert endings in ([Ending.STARVED], [Ending.LEARNER_CPU])  # the learner's, either way
    assert report.verdict is Verdict.TIMED_OUT
    assert OUR_FAULT not in everything_said(report)


@dataclass
class Stalling:
    """The pool, but the grader's event loop is held up past the deadline by the first batch
    of frames (as a grader busy with other gradings may be)."""

    pool: SandboxPool
    seconds: float

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        stalled = False

        def listener(frames: list[Frame]) -> None:
            nonlocal stalled
            if not stalled:
                stalled = True
                time.sleep(self.seconds)  # blocks the loop: the deadline passes meanwhile
            if on_frames is not None:
                on_frames(frames)

        return await self.pool.run(job, limits, listener)


def test_a_grader_held_up_past_the_deadline_still_reads_the_finished_child(
    any_pool: SandboxPool, loop_thread: LoopThread, flagship: Exercise
) -> None:
    stalling = Stalling(any_pool, seconds=1.5)
    report, endings = grade_heard(stalling, loop_thread, quick(flagship), REFERENCE_SOURCE)
    assert endings == [Ending.FINISHED]
    assert report.verdict is Verdict.PASSED


BUSY = "import numpy as np\n" + F + "    while True:\n        pass\n"


def grade_and_act(
    pool: SandboxPool, loop_thread: LoopThread, exercise: Exercise, act: Callable[[], None]
) -> tuple[Report, list[Ending]]:
    """Grade a busy loop and `act` on the sandbox once its learner code is on the CPU."""
    learner = loop_thread.run(learner_process(pool))
    found: list[tuple[Report, list[Ending]]] = []
    worker = threading.Thread(
        target=lambda: found.append(grade_heard(pool, loop_thread, exercise, BUSY))
    )
    worker.start()
    for _ in range(500):  # bounded: until the loop has had 50 ms of CPU (the limit is 1 s)
        if cpu_ticks(learner) > 5:
            break
        time.sleep(0.01)
    act()
    worker.join(30)
    return found[0]


def cpu_ticks(pid: int) -> int:
    try:
        stat = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0
    return int(stat[11]) + int(stat[12])


def test_a_child_killed_once_its_code_began_is_the_learners(
    any_pool: SandboxPool, loop_thread: LoopThread, flagship: Exercise
) -> None:
    # A SIGKILL from outside looks the same as one the child sent itself after an escape:
    # once its first frame came, nothing its own process does is read as ours (issue 24).
    learner = loop_thread.run(learner_process(any_pool))
    report, endings = grade_and_act(
        any_pool, loop_thread, flagship, lambda: os.kill(learner, signal.SIGKILL)
    )
    assert endings == [Ending.LEARNER_PROCESS_ENDED]
    assert report.verdict is not Verdict.INTERNAL_ERROR
    assert OUR_FAULT not in everything_said(report)


def test_a_zygote_that_dies_during_a_grading_is_ours_and_replaced(
    any_pool: SandboxPool, loop_thread: LoopThread, flagship: Exercise
) -> None:
    [zygote] = any_pool._zygotes
    assert zygote.process is not None
    pid = zygote.process.pid
    report, endings = grade_and_act(
        any_pool, loop_thread, flagship, lambda: os.kill(pid, signal.SIGKILL)
    )
    assert endings == [Ending.ZYGOTE_DIED]
    assert report.verdict is Verdict.INTERNAL_ERROR
    assert OUR_FAULT in everything_said(report)
    after, _ = grade_heard(any_pool, loop_thread, flagship, REFERENCE_SOURCE)
    assert after.verdict is Verdict.PASSED
