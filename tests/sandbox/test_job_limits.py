"""Each job runs under its exercise's own limits, below the service's ceilings; crashes are named.

The zygote applies the ceilings to every child; the child lowers them to the job's limits before
any learner code runs. A crash while the module's code runs is told apart from a compiler crash.
"""

from __future__ import annotations

import dataclasses

from graders.engine.endings import Ending
from graders.exercise import Exercise
from graders.report import Status, Verdict
from tests.conftest import TEST_LIMITS, SyncGrader
from tests.sandbox.conftest import REFERENCE

# About 480 MB of address space (np.empty touches no page, so it is quick): under the tests'
# 768 MB ceiling, over a 300 MB exercise limit.
ALLOCATES = REFERENCE + (
    "\n\ndef positional_encoding(max_len, d_model):\n"
    "    ballast = np.empty(60_000_000)\n"
    "    return reference_table(max_len, d_model) + 0 * len(ballast)\n"
)


def with_memory_limit(exercise: Exercise, memory_bytes: int) -> Exercise:
    limits = dataclasses.replace(exercise.limits, memory_bytes=memory_bytes)
    return dataclasses.replace(exercise, limits=limits)


def test_a_job_gets_the_ceilings_when_its_exercise_asks_for_nothing_less(
    grade: SyncGrader, flagship: Exercise
) -> None:
    assert flagship.limits.memory_bytes == TEST_LIMITS.memory_bytes
    assert grade(flagship, ALLOCATES).verdict is Verdict.PASSED


def test_an_exercise_memory_limit_below_the_ceiling_is_applied_in_the_child(
    grade: SyncGrader, flagship: Exercise
) -> None:
    tight = with_memory_limit(flagship, 300 * 2**20)
    report = grade(tight, ALLOCATES)
    assert report.verdict is Verdict.FAILED
    errors = [test for test in report.tests if test.status is Status.ERROR]
    assert errors, report.to_dict()
    assert "MemoryError" in errors[0].message


def test_a_limit_above_the_ceiling_is_held_at_the_ceiling(
    grade: SyncGrader, flagship: Exercise
) -> None:
    # The catalog refuses such an exercise; the pool holds the line even if one got through.
    loose = with_memory_limit(flagship, 4 * TEST_LIMITS.memory_bytes)
    huge = ALLOCATES.replace("60_000_000", "200_000_000")  # 1.6 GB: over the 768 MB ceiling
    report = grade(loose, huge)
    assert any("MemoryError" in test.message for test in report.tests), report.to_dict()


# A chain of 200,000 nested map() objects: consuming it overflows the C stack (SIGSEGV).
MODULE_CRASH = (
    "chain = [1]\nfor _ in range(200_000):\n    chain = map(abs, chain)\nlist(chain)\n\n"
    "def positional_encoding(max_len, d_model):\n    return None\n"
)


def test_a_crash_in_module_level_code_is_named_as_such_not_as_a_compiler_crash(
    grade: SyncGrader, flagship: Exercise
) -> None:
    report = grade(flagship, MODULE_CRASH)
    assert report.verdict is Verdict.ERROR
    assert report.error is not None
    assert report.error.type == "ModuleCrash"
    assert "module-level code" in report.error.message
    assert all(test.status is Status.SKIPPED for test in report.tests)
    assert {test.message_id for test in report.tests} == {Ending.LEARNER_MODULE_CRASHED}


def test_thousands_of_loops_under_a_long_name_are_graded_not_blamed_on_us(
    grade: SyncGrader, flagship: Exercise
) -> None:
    # 1,700 loop findings, each naming a 6,000-character function: once over the frame cap.
    name = "f" * 6000
    body = "\n".join(f"    for i{k} in range(1): pass" for k in range(1700))
    source = (
        f"import numpy as np\n\ndef {name}(n, d):\n{body}\n    return np.zeros((n, d))\n\n"
        f"positional_encoding = {name}\n"
    )
    report = grade(flagship, source)
    assert report.verdict is Verdict.FAILED
    vectorised = next(test for test in report.tests if test.id == "vectorised")
    assert vectorised.status is Status.FAILED
