"""Prove an exercise folder: the reference passes, each known mistake is caught and diagnosed.

`validate_exercise` grades the reference, the starter and every known-wrong solution through
the same sandbox learners use, checks the statement's examples against the reference, and
builds the catch matrix: which tests catch each mistake and which diagnosis it gets.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path

from graders import trusted
from graders import validate_proofs as proofs
from graders.editorial import check_editorial
from graders.engine import Grader
from graders.engine.scratch import run_scratch
from graders.exercise import Exercise, load_exercise
from graders.exercise_file import ExerciseError
from graders.promises import untested_promises
from graders.report import Report, Status, Verdict
from graders.scratch import ScratchStatus
from graders.validate_analyses import check_analyses, format_analyses
from graders.validate_examples import ExampleRun, check_examples
from graders.validate_give_aways import check_give_aways
from graders.wording_check import style_problems


@dataclass
class Validation:
    """What `gradebox validate` found for one folder."""

    path: Path
    exercise: Exercise | None = None
    problems: list[str] = field(default_factory=list)
    warnings: list[str] = field(default_factory=list)
    matrix: dict[str, dict[str, str]] = field(default_factory=dict)  # mistake -> test -> cell
    examples: list[ExampleRun] = field(default_factory=list)  # the statement's, as run
    # mistake -> the tests that caught it, for each mistake that loaded and ran to the end
    observed_fails: dict[str, list[str]] = field(default_factory=dict)
    # mistake -> failed test -> the id checks.py's analyses name it by there (None: none does)
    analysed: dict[str, dict[str, str | None]] = field(default_factory=dict)

    @property
    def ok(self) -> bool:
        return not self.problems


# Validate draws each grading's fresh probes (`generate.fresh`) from these seeds, so that its
# matrix is the same on every run and every machine; the reference must pass on each of them.
VALIDATE_SEEDS = (0, 1, 2)


async def validate_exercise(path: Path, grader: Grader) -> Validation:
    result = Validation(path)
    graders = [grader.seeded(seed) for seed in VALIDATE_SEEDS]
    grader = graders[0]
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
    solution = exercise.solution_path.read_text(encoding="utf-8")
    fresh = any(test.fresh for test in exercise.tests)
    for number, seeded in enumerate(graders if fresh else graders[:1]):
        reference = await seeded.grade(exercise, solution)
        if reference.verdict is not Verdict.PASSED:
            draw = f" (fresh probes of seed {VALIDATE_SEEDS[number]})" if fresh else ""
            for test in reference.tests:
                if test.status is not Status.PASSED:
                    result.problems.append(f"solution.py fails `{test.id}`{draw}: {test.message}")
            if reference.error:
                result.problems.append(f"solution.py does not load: {reference.error.message}")
            break
    starter = await grader.grade(exercise, exercise.starter)
    if starter.verdict is not Verdict.FAILED:
        detail = starter.error.message if starter.error else starter.verdict
        result.problems.append(
            f"starter.py should load and fail cleanly, but its verdict is {detail}"
        )
    for mistake in exercise.mistakes:
        report = await grader.grade(exercise, mistake.path.read_text(encoding="utf-8"))
        _check_mistake(exercise, mistake.id, mistake.fails, report, result)
    check_analyses(exercise, VALIDATE_SEEDS[0], result)  # each mistake's trials, as graded
    caught = {
        test for row in result.matrix.values() for test, cell in row.items() if cell != "pass"
    }
    for spec in exercise.tests:
        if spec.id not in caught:
            result.warnings.append(f"test `{spec.id}` catches no known mistake")
    await _check_scratch(exercise, solution, grader, result)
    check_examples(exercise, result)
    _check_content_bar(exercise, result)
    result.warnings.extend(untested_promises(exercise.statement, exercise.tests))
    _check_hint_links(exercise, result)
    result.warnings.extend(f"wording: {problem}" for problem in style_problems(exercise))
    # Proofs independent of the reference (issue 26, items 5 and 6: graders.validate_proofs,
    # graders.validate_give_aways).
    proofs.check_has_calls(exercise, result)
    await proofs.check_can_fail(exercise, solution, grader, result)
    proofs.check_expected(exercise, result)
    proofs.check_tolerances(exercise, result)
    check_give_aways(exercise, result)
    await check_editorial(exercise, grader, result)
    return result


async def _check_scratch(
    exercise: Exercise, solution: str, grader: Grader, result: Validation
) -> None:
    """`[scratch].example` is a call the page can make: the reference, run in the sandbox on
    it, returns (and matches its own answer computed here, where the exercise shows that)."""
    if exercise.scratch is None:  # optional: the page then offers no calls of the learner's own
        return
    run = await run_scratch(grader.runner, exercise, solution, exercise.scratch.example)
    if run.status is not ScratchStatus.RETURNED:
        result.problems.append(
            f"[scratch].example: the reference's call {run.status}: {run.message}"
        )
    elif run.comparison is not None and not run.comparison.matches:
        result.problems.append(f"[scratch].example: {run.comparison.message}")


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


def _check_hint_links(exercise: Exercise, result: Validation) -> None:
    """Hints never give the game away (docs/authoring.md, "Hints and tips"). The near-solution
    is the hint whose code defines the entry function (else the last hint): it must be the last
    one, and no mistake may link it, since showing a hint unlocks every earlier one and a
    diagnosis names one slip; such a mistake links the hint that teaches what it missed, or
    none, and carries a `tip`."""
    hints = exercise.hints
    if not hints:
        return
    defines = f"def {exercise.entry}("
    near = next(
        (
            number
            for number, hint in enumerate(hints, 1)
            if any(line.lstrip().startswith(defines) for line in hint.markdown.splitlines())
        ),
        len(hints),
    )
    for number, hint in enumerate(hints[near:], near + 1):
        result.warnings.append(
            f"hints.md: hint {number} ({hint.title}) comes after the near-solution, hint {near}: "
            "the near-solution is the last hint (put pitfalls before it)"
        )
    if near == len(hints) and "pitfall" in hints[-1].title.lower():
        result.warnings.append(
            f"hints.md: the last hint is {hints[-1].title!r}: the last hint is the near-solution"
        )
    for mistake in exercise.mistakes:
        if mistake.hint == near:
            result.warnings.append(
                f"mistake `{mistake.id}` links hint {near}, the near-solution, which hands over "
                "the whole function for one slip: link the hint that teaches what it missed, "
                "or drop `hint` and give it a `tip`"
            )


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
    result.observed_fails[mistake_id] = failing
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
    """The catch matrix as a text table: one row per mistake, one column per test; then, for
    an exercise with analyses, which one names each mistake (graders.validate_analyses)."""
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
    lines.append(
        "· not caught   ✓ caught and diagnosed as itself   ✗ caught, other diagnosis "
        "(✗ failed (no diagnosis): caught, nothing named)"
    )
    if analysed := format_analyses(validation):
        lines += ["", analysed]
    return "\n".join(lines)
