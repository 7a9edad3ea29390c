"""Learner values at the edges of float64 are wrong answers to report, never a grader crash.

The test suite turns warnings into errors, so an overflow warning in trusted code fails here.
"""

from __future__ import annotations

import asyncio

import numpy as np
import pytest

from graders.engine import Grader
from graders.engine.previews import preview
from graders.exercise import Exercise
from graders.report import Report
from tests.graders.test_early_checks import SEED, ScriptedRunner, child_frames


def graded(exercise: Exercise, source: str) -> Report:
    return asyncio.run(
        Grader(ScriptedRunner(child_frames(exercise, source)), seeds=lambda: SEED).grade(
            exercise, source
        )
    )


@pytest.mark.parametrize(
    "value",
    ["1.7e308", "-1.7e308", "5e-324", "np.nan", "np.inf", "1e305"],
    ids=["huge", "huge-negative", "subnormal", "nan", "inf", "rounding-overflows"],
)
def test_a_table_of_extreme_values_fails_every_value_test(value: str, flagship: Exercise) -> None:
    source = (
        "import numpy as np\n\n"
        "def positional_encoding(max_len, d_model):\n"
        f"    return np.full((max_len, d_model), {value})\n"
    )
    report = graded(flagship, source)
    statuses = {test.id: test.status for test in report.tests}
    assert report.verdict == "failed"
    assert statuses["shape"] == "passed"
    assert statuses["example-3x4"] == "failed"


def test_a_preview_shows_huge_values_as_they_are() -> None:
    shown = preview(np.array([[1e305, -1e305], [0.1234567891, np.inf]]))
    assert shown is not None
    assert shown.values == [[1e305, -1e305], [0.123457, "Infinity"]]
