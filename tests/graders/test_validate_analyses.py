"""`gradebox validate` runs checks.py's analyses on the known mistakes (issue 26, item 7).

In a grading an analysis that raises is only logged (graders.engine.diagnosis), and a known
mistake matched first hides what the analyses say: validate runs them on each mistake's
failed tests, reports one that raises as a problem, and lists which analysis names each
mistake (graders.validate_analyses).
"""

from __future__ import annotations

import shutil

import pytest

from graders.engine import Grader
from graders.exercise import load_exercise
from graders.host.pool import SandboxPool
from graders.load_check import load_problems
from graders.validate import Validation, format_matrix, validate_exercise
from graders.validate_analyses import check_analyses
from tests.conftest import EXERCISES, LoopThread

SLUG = "adam-step"

# Raises on any value that is not the reference's: never on the reference's own results (the
# load-level check runs analyses on those, and passes), on every known mistake's.
BROKEN = """

from graders import analysis, wrong_trials


@analysis
def broken_on_wrong_values(trials, context):
    if wrong_trials(trials, context.tolerance):
        raise ZeroDivisionError("broken on purpose")
    return None
"""


@pytest.fixture(scope="module")
def broken(
    tmp_path_factory: pytest.TempPathFactory, pool: SandboxPool, loop_thread: LoopThread
) -> Validation:
    """adam-step with one more analysis, appended last, that raises on a mistake's values."""
    folder = tmp_path_factory.mktemp("analyses") / SLUG
    shutil.copytree(EXERCISES / SLUG, folder)
    with (folder / "checks.py").open("a", encoding="utf-8") as checks:
        checks.write(BROKEN)
    assert load_problems(load_exercise(folder)) == []  # what serving checks does not see it
    return loop_thread.run(validate_exercise(folder, Grader(pool)), timeout=300)


def test_an_analysis_that_raises_on_a_mistake_is_a_problem(broken: Validation) -> None:
    raised = [problem for problem in broken.problems if "broken_on_wrong_values" in problem]
    assert raised, broken.problems
    assert not broken.ok
    first = raised[0]
    assert first.startswith("checks.py: analysis `broken_on_wrong_values` raised ZeroDivisionError")
    assert "broken on purpose" in first
    assert "return None" in first  # what to do
    mistakes = {mistake.id for mistake in load_exercise(EXERCISES / SLUG).mistakes}
    assert any(f"mistakes/{mistake}.py" in first for mistake in mistakes)


def test_validate_lists_the_analysis_that_names_each_mistake(broken: Validation) -> None:
    """A mistake a transformation names (`wrong-step-count`, a step number shifted from `t`)
    shows its id; one no analysis explains shows none. Those before the broken one still run."""
    assert broken.analysed["bias-correction-t-minus-one"]["early-steps"] == "wrong-step-count"
    assert set(broken.analysed["mutates-inputs"].values()) == {None}
    shown = format_matrix(broken)  # as `gradebox validate` prints it, under the matrix
    listing = shown[shown.index("checks.py's analyses") :].splitlines()
    row = next(line for line in listing if line.split()[0] == "bias-correction-t-minus-one")
    assert "wrong-step-count on early-steps" in row
    assert next(line for line in listing if line.split()[0] == "mutates-inputs").endswith("none")
    assert "loops-over-elements" not in shown[shown.index("checks.py's analyses") :]  # static


def test_the_shipped_exercise_has_no_such_problem(broken: Validation) -> None:
    """Without the broken analysis, the same step reports nothing (its ids are the same)."""
    exercise = load_exercise(EXERCISES / SLUG)
    result = Validation(exercise.path, exercise, observed_fails=dict(broken.observed_fails))
    check_analyses(exercise, 0, result)
    assert result.problems == []
    assert result.analysed == broken.analysed
