"""Prove an exercise folder: the reference passes, each known mistake is caught and diagnosed.

`validate_exercise` grades the reference, the starter and every known-wrong solution through
the same sandbox learners use, checks the statement's examples against the reference, and
builds the catch matrix: which tests catch each mistake and which diagnosis it gets.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

from graders import trusted
from graders.engine import Grader
from graders.exercise import Exercise, load_exercise
from graders.exercise_file import ExerciseError
from graders.report import Report, Status, Verdict


@dataclass
class Validation:
    """What `gradebox validate` found for one folder."""

    path: Path
    exercise: Exercise | None = None
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    matrix: dict[str, dict[str, str]] = field(default_factory=dict)  # mistake -> test -> cell

    @property
    def ok(self) -> bool:
        return not self.problems


async def validate_exercise(path: Path, grader: Grader) -> Validation:
    result = Validation(path)
    try:
        exercise = load_exercise(path)
        trusted.checks_for(exercise)
    except ExerciseError as error:
        result.problems.append(f"{error.path.name}: {error.field_name}: {error.problem}")
        return result
    except Exception as error:
        result.problems.append(f"checks.py: {type(error).__name__}: {error}")
        return result
    result.exercise = exercise
    _check_todo_markers(exercise, result)
    reference = await grader.grade(exercise, exercise.solution_path.read_text(encoding="utf-8"))
    if reference.verdict is not Verdict.PASSED:
        for test in reference.tests:
            if test.status is not Status.PASSED:
                result.problems.append(f"solution.py fails `{test.id}`: {test.message}")
        if reference.error:
            result.problems.append(f"solution.py does not load: {reference.error.message}")
    starter = await grader.grade(exercise, exercise.starter)
    if starter.verdict is not Verdict.FAILED:
        detail = starter.error.message if starter.error else starter.verdict
        result.problems.append(
            f"starter.py should load and fail cleanly, but its verdict is {detail}"
        )
    for mistake in exercise.mistakes:
        report = await grader.grade(exercise, mistake.path.read_text(encoding="utf-8"))
        _check_mistake(exercise, mistake.id, mistake.fails, report, result)
    caught = {
        test for row in result.matrix.values() for test, cell in row.items() if cell != "pass"
    }
    for spec in exercise.tests:
        if spec.id not in caught:
            result.warnings.append(f"test `{spec.id}` catches no known mistake")
    _check_examples(exercise, result)
    _check_content_bar(exercise, result)
    return result


# The content bar of docs/authoring.md: below it, validate warns (CI treats warnings as failures).
MIN_HINTS, MIN_MISTAKES, MIN_EXAMPLES = 3, 3, 1


def _check_content_bar(exercise: Exercise, result: Validation) -> None:
    counts = (
        (len(exercise.hints), MIN_HINTS, "hints in hints.md"),
        (len(exercise.mistakes), MIN_MISTAKES, "known mistakes"),
        (len(exercise.examples), MIN_EXAMPLES, "```pycon examples in statement.md"),
    )
    for count, minimum, what in counts:
        if count < minimum:
            result.warnings.append(f"only {count} {what}; the bar is at least {minimum}")


def _check_mistake(
    exercise: Exercise, mistake_id: str, fails: list[str], report: Report, result: Validation
) -> None:
    row: dict[str, str] = {}
    for test in report.tests:
        if test.status is Status.PASSED:
            row[test.id] = "pass"
        else:
            row[test.id] = test.diagnosis.id if test.diagnosis else f"{test.status} (no diagnosis)"
    result.matrix[mistake_id] = row
    where = f"mistakes/{mistake_id}.py"
    if report.verdict in (Verdict.ERROR, Verdict.INTERNAL_ERROR, Verdict.TIMED_OUT):
        detail = report.error.message if report.error else ""
        result.problems.append(f"{where}: verdict {report.verdict} {detail}".strip())
        return
    failing = [test.id for test in report.tests if test.status is not Status.PASSED]
    if report.verdict is Verdict.PASSED:
        result.problems.append(f"{where} passes every test: no test catches it")
    elif set(failing) != set(fails):
        result.problems.append(f"{where} is caught by {failing}, but exercise.toml says {fails}")
    for test in report.tests:
        if test.status is Status.PASSED or test.id not in fails:
            continue
        got = test.diagnosis.id if test.diagnosis else None
        if got is not None and got.startswith("loop-") and test.id in _static_tests(exercise):
            continue  # a loop is named by its kind (graders.engine.analyses.LOOP_IDS)
        if got != mistake_id:
            result.problems.append(
                f"{where}: test `{test.id}` diagnoses it as {got or 'nothing'}, not {mistake_id} "
                "(two mistakes look the same to the diagnosis, or the outputs differ)"
            )


def _static_tests(exercise: Exercise) -> set[str]:
    checks = trusted.checks_for(exercise)
    return {test.id for test in exercise.tests if checks[test.check].static}


def _check_examples(exercise: Exercise, result: Validation) -> None:
    """Run the statement's examples against the reference, as doctest would: in one namespace,
    so `>>> x = ...` then `>>> f(x)` works; a statement shows nothing, an expression its value."""
    function = trusted.entry_function(exercise.solution_path, exercise.entry)
    namespace: dict[str, Any] = {exercise.entry: function, "np": np}
    for example in exercise.examples:
        where = f"statement.md line {example.line}"
        if not example.expected and not _is_expression(example.expression):
            try:
                exec(example.expression, namespace)  # noqa: S102 - the author's own text
            except Exception as error:
                result.problems.append(f"{where}: example could not be run: {error}")
            continue
        try:
            got = eval(example.expression, namespace)  # noqa: S307 - the author's own text
            expected = ast.literal_eval(example.expected)
        except Exception as error:
            result.problems.append(f"{where}: example could not be evaluated: {error}")
            continue
        if not _same(got, expected, exercise.tolerance):
            result.problems.append(
                f"{where}: `{example.expression}` shows {example.expected!s:.80} "
                f"but the reference gives {np.asarray(got).round(4).tolist()!s:.80}"
            )


def _is_expression(source: str) -> bool:
    try:
        ast.parse(source, mode="eval")
    except SyntaxError:
        return False
    return True


def _same(got: Any, expected: Any, tolerance: float) -> bool:
    if isinstance(expected, tuple) and not isinstance(got, np.ndarray):
        return tuple(got) == expected
    try:
        got_array, expected_array = np.asarray(got, dtype=float), np.asarray(expected, dtype=float)
    except (TypeError, ValueError):
        return bool(got == expected)
    return got_array.shape == expected_array.shape and bool(
        np.allclose(got_array, expected_array, rtol=0, atol=max(tolerance, 5e-5))
    )


def _check_todo_markers(exercise: Exercise, result: Validation) -> None:
    """A fresh scaffold still says TODO: list each place as a to-do, not a traceback."""
    for file in sorted(exercise.path.rglob("*")):
        if (
            file.is_file()
            and file.suffix in (".md", ".toml", ".py")
            and "TODO" in file.read_text(encoding="utf-8")
        ):
            lines = [
                number
                for number, line in enumerate(file.read_text(encoding="utf-8").splitlines(), 1)
                if "TODO" in line
            ]
            relative = file.relative_to(exercise.path)
            result.problems.append(
                f"to do: {relative} line {', '.join(map(str, lines))} still says TODO"
            )


def format_matrix(validation: Validation) -> str:
    """The catch matrix as a text table: one row per mistake, one column per test."""
    exercise = validation.exercise
    if exercise is None or not validation.matrix:
        return ""
    tests = [test.id for test in exercise.tests]
    width = max(len(mistake) for mistake in validation.matrix) + 2
    column = max(12, *(len(test) for test in tests))
    header = "mistake".ljust(width) + "  ".join(test.ljust(column) for test in tests)
    lines = [header, "-" * len(header)]
    for mistake, row in validation.matrix.items():
        cells = []
        for test in tests:
            cell = row.get(test, "?")
            mark = "·" if cell == "pass" else ("✓" if cell == mistake else "✗ " + cell)
            cells.append(mark.ljust(column))
        lines.append(mistake.ljust(width) + "  ".join(cells).rstrip())
    lines.append("· not caught   ✓ caught and diagnosed as itself   ✗ caught, other diagnosis")
    return "\n".join(lines)
