"""A relative tolerance (`rtol` in exercise.toml, issue 26 item 5): each call's tolerance grows
with the size of the reference's answer to it, in the grading, the diagnosis and validate."""

from __future__ import annotations

import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders import trusted
from graders.engine import Grader
from graders.exercise import load_exercise
from graders.exercise_file import ExerciseError
from graders.host.pool import SandboxPool
from graders.report import Status
from graders.validate import Validation, validate_exercise
from tests.conftest import EXERCISES, LoopThread, SyncGrader

SLUG = "mse-linear-gradient"  # returns (loss, grad): a tuple's items are each measured

# The reference's answer times (1 + slip): a relative error of `slip` on every value.
SCALED = """
import numpy as np


def mse_loss_and_grad(X, y, w):
    residual = X @ w - y
    loss = float(np.mean(residual**2)) * (1 + {slip})
    return loss, (2.0 / X.shape[0]) * (X.T @ residual) * (1 + {slip})
"""


def _with(tmp_path: Path, tolerance: str, rtol: str | None) -> Path:
    folder = tmp_path / SLUG
    shutil.copytree(EXERCISES / SLUG, folder)
    toml = folder / "exercise.toml"
    text = toml.read_text(encoding="utf-8")
    assert "tolerance = 1e-6\n" in text
    line = f"tolerance = {tolerance}\n" + (f"rtol = {rtol}\n" if rtol is not None else "")
    toml.write_text(text.replace("tolerance = 1e-6\n", line, 1), encoding="utf-8")
    return folder


@pytest.mark.parametrize(
    ("value", "largest"),
    [
        (np.array([[-3.0, 2.0], [1.0, 0.5]]), 3.0),
        ((0.25, np.array([1.0, -7.5])), 7.5),
        ({"loss": 2.0, "grad": np.array([np.inf, -4.0, np.nan])}, 4.0),  # finite values only
        ([np.array([1.0, 2.0]), np.array([9.0])], 9.0),  # ragged: item by item
        (np.array([np.nan, np.inf]), 0.0),
        (None, 0.0),
        ("text", 0.0),
    ],
)
def test_largest_magnitude_reads_every_item_and_skips_non_finite(
    value: Any, largest: float
) -> None:
    assert trusted.largest_magnitude(value) == largest


def test_a_call_tolerance_is_the_absolute_one_plus_rtol_times_the_largest_value(
    tmp_path: Path,
) -> None:
    exercise = load_exercise(_with(tmp_path, "1e-9", "1e-3"))
    args = exercise.tests[0].probes[0].args
    assert exercise.rtol == 1e-3
    answer = (4.0, np.array([-10.0, 2.0]))
    assert trusted.call_tolerance(exercise, args, answer) == pytest.approx(1e-9 + 1e-3 * 10.0)
    assert trusted.call_tolerance(exercise, args, None) == 1e-9  # before the answer is known


def test_without_rtol_the_tolerance_is_absolute() -> None:
    exercise = load_exercise(EXERCISES / SLUG)
    args = exercise.tests[0].probes[0].args
    assert exercise.rtol == 0.0
    assert trusted.call_tolerance(exercise, args, (1e6, np.array([1e6]))) == exercise.tolerance


@pytest.mark.parametrize("rtol", ["-1e-6", "0.5", "nan", "inf"])
def test_an_rtol_outside_0_to_a_tenth_is_refused_at_load(tmp_path: Path, rtol: str) -> None:
    with pytest.raises(ExerciseError, match="rtol"):
        load_exercise(_with(tmp_path, "1e-9", rtol))


@pytest.mark.parametrize(
    ("rtol", "slip", "passes"),
    [
        (None, "1e-8", False),  # absolute 1e-12 alone: a relative slip of 1e-8 on values near 1
        ("1e-6", "1e-8", True),  # rtol forgives what is within 1e-6 of the values' size
        ("1e-6", "1e-4", False),  # and not more
    ],
)
def test_rtol_decides_the_loss_and_gradient_tests(
    tmp_path: Path, grade: SyncGrader, rtol: str | None, slip: str, passes: bool
) -> None:
    exercise = load_exercise(_with(tmp_path, "1e-12", rtol))
    report = grade(exercise, SCALED.format(slip=slip))
    statuses = {test.id: test.status for test in report.tests}
    want = Status.PASSED if passes else Status.FAILED
    assert (statuses["loss"], statuses["gradient"]) == (want, want), statuses


@pytest.fixture
def validate(pool: SandboxPool, loop_thread: LoopThread) -> Callable[[Path], Validation]:
    def run(folder: Path) -> Validation:
        return loop_thread.run(validate_exercise(folder, Grader(pool)), timeout=300)

    return run


@pytest.mark.parametrize(("rtol", "loose"), [("1e-6", False), ("0.1", True)])
def test_validate_judges_the_largest_call_tolerance_a_loose_rtol_makes(
    tmp_path: Path, validate: Callable[[Path], Validation], rtol: str, loose: bool
) -> None:
    result = validate(_with(tmp_path, "1e-9", rtol))
    warned = [warning for warning in result.warnings if "is loose" in warning]
    assert any("test `loss`" in warning for warning in warned) is loose, result.warnings
