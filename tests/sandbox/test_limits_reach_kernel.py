"""An exercise's `[limits]` reach the kernel: each one is the rlimit its learner's child runs under.

A copied exercise folder asks for its own limits in exercise.toml, under a pool whose ceilings
are raised (3 GiB of memory, 5 s of CPU): lowered limits stop code the ceilings would let run,
and limits up to the raised ceilings let run code the defaults would stop.
"""

from __future__ import annotations

import shutil
import time
from collections.abc import Iterator
from pathlib import Path

import numpy as np
import pytest

from graders.engine import Grader
from graders.exercise import Exercise, load_exercise
from graders.host.pool import SandboxPool
from graders.protocol.limits import Limits
from graders.report import Report, Verdict
from tests.conftest import EXERCISES, FLAGSHIP, LoopThread
from tests.sandbox.conftest import REFERENCE

MIB, GIB = 2**20, 2**30
CEILINGS = Limits(cpu_seconds=5.0, wall_seconds=20.0, memory_bytes=3 * GIB)
# Work done at module level, once per run (the calls run under a tracer, and many times).
LOADS = REFERENCE + "{work}\npositional_encoding = reference_table\n"
BUSY_STEP = "x = np.sqrt(x * x + 1.0)"


@pytest.fixture(scope="module")
def pool(loop_thread: LoopThread) -> Iterator[SandboxPool]:
    sandbox = SandboxPool(1, CEILINGS)
    loop_thread.run(sandbox.start())
    yield sandbox
    loop_thread.run(sandbox.close())


def exercise_asking(tmp_path: Path, **limits: float) -> Exercise:
    """A copy of the flagship whose exercise.toml has a `[limits]` table."""
    folder = tmp_path / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    with (folder / "exercise.toml").open("a", encoding="utf-8") as toml:
        toml.write(
            "\n[limits]\n" + "".join(f"{name} = {value}\n" for name, value in limits.items())
        )
    exercise = load_exercise(folder, CEILINGS)
    for name, value in limits.items():
        assert getattr(exercise.limits, name) == value
    return exercise


def grade(pool: SandboxPool, loop_thread: LoopThread, exercise: Exercise, work: str) -> Report:
    return loop_thread.run(Grader(pool).grade(exercise, LOADS.format(work=work)), timeout=90)


def busy_loop(cpu_seconds: float) -> str:
    """Module-level NumPy work taking about `cpu_seconds` of CPU, timed here (the work is in
    NumPy's C loops, so the sandbox's policy adds next to nothing to it; the fastest of three
    timings, as other work on the machine only ever slows one down)."""
    x = np.ones(10_000)
    timings = []
    for _ in range(3):
        started = time.process_time()
        for _ in range(100):
            x = np.sqrt(x * x + 1.0)
        timings.append((time.process_time() - started) / 100)
    steps = round(cpu_seconds / min(timings))
    return f"x = np.ones(10_000)\nfor _ in range({steps}):\n    {BUSY_STEP}"


def test_a_lowered_memory_limit_refuses_what_the_ceiling_allows(
    tmp_path: Path, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    exercise = exercise_asking(tmp_path, memory_bytes=400 * MIB)
    over = grade(pool, loop_thread, exercise, "BALLAST = np.empty(600 * 10**6, dtype=np.uint8)")
    assert over.verdict is Verdict.ERROR
    assert over.error is not None
    assert over.error.type == "MemoryError"
    # The child itself takes ~70 MB of address space: 250 MB more fits under 400 MiB.
    under = grade(pool, loop_thread, exercise, "BALLAST = np.empty(250 * 10**6, dtype=np.uint8)")
    assert under.verdict is Verdict.PASSED, under.error


def test_a_lowered_cpu_limit_stops_a_loop_the_ceiling_would_let_finish(
    tmp_path: Path, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    exercise = exercise_asking(tmp_path, cpu_seconds=1.0)
    report = grade(pool, loop_thread, exercise, busy_loop(2.0))
    assert report.verdict is Verdict.TIMED_OUT
    assert report.error is not None
    assert "1 s of CPU" in report.error.message


def test_memory_up_to_a_raised_ceiling_can_be_allocated_and_used(
    tmp_path: Path, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    exercise = exercise_asking(tmp_path, memory_bytes=3 * GIB, cpu_seconds=4.0)
    # All 2.5 GiB count against the address-space limit at once; 512 MiB of them are written
    # (writing all of it costs this machine 3.5-5 s of CPU: the first touch of guest memory).
    work = "BALLAST = np.empty(int(2.5 * 2**30), dtype=np.uint8)\nBALLAST[: 2**29] = 1"
    report = grade(pool, loop_thread, exercise, work)
    assert report.verdict is Verdict.PASSED, report.error
    # The same under the defaults' 1 GiB is refused: the raised limit is what let it run.
    default = exercise_asking(tmp_path / "default", memory_bytes=Limits().memory_bytes)
    refused = grade(pool, loop_thread, default, work)
    assert refused.error is not None
    assert refused.error.type == "MemoryError"


def test_cpu_up_to_a_raised_ceiling_can_be_used(
    tmp_path: Path, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    exercise = exercise_asking(tmp_path, cpu_seconds=4.0)
    report = grade(pool, loop_thread, exercise, busy_loop(2.0))
    # Nothing was stopped; the work is a loop run at import, whose steps are the entry's, so
    # `vectorised` fails it (graders.protocol.counts.IMPORT_STEPS) and the rest pass.
    assert report.error is None, report.error
    statuses = {test.id: test.status for test in report.tests}
    assert statuses.pop("vectorised") == "failed"
    assert set(statuses.values()) == {"passed"}, statuses
