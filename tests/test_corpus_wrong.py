"""The wrong-solution corpus: mistakes written from the statements, as learners make them.

Each file in tests/corpus/<exercise>/wrong/ was written by someone who saw only the statement
(never what the grader recognises), and is headed with the diagnosis ids a teacher would accept:

    # wrong: <what this learner did>
    # diagnosis: <id>[, <id> ...]        (or `none`, with `# proposed: <id>: ...`)

Each is checked twice: with plain NumPy (a value mistake differs from the reference somewhere;
a loop mistake has the reference's values), and through the real sandbox (it must not pass).
The rate of files whose report carries an accepted diagnosis is printed, and must be >= 90%.

tests/corpus/<exercise>/heldout/ is the held-out part, written the same way after the grader's
last round of fixes by someone who had not read the grader's code: it is checked the same two
ways, and its rate is printed on its own line (it is what the next round is judged by).
"""

from __future__ import annotations

import ast
import warnings
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.exercise import Exercise
from graders.report import Report
from graders.wording_style import report_problems
from tests.conftest import ROOT, SyncGrader
from tests.test_corpus import load_plainly, plain_call, raise_mentions, same_value

CORPUS = ROOT / "tests" / "corpus"
FILES = sorted(CORPUS.glob("*/wrong/*.py"))
HELD_OUT = sorted(CORPUS.glob("*/heldout/*.py"))
DIAGNOSED_AT_LEAST = 0.90
# The held-out part was not fitted to: its bar is lower, and its rate is the next round's target.
HELD_OUT_DIAGNOSED_AT_LEAST = 0.75
LOOP_IDS = ("python-loop", "list-comprehension", "np-vectorize")


def header(path: Path) -> tuple[str, list[str]]:
    """(what the learner did, the accepted diagnosis ids; empty for `none`)."""
    lines = path.read_text(encoding="utf-8").splitlines()
    assert lines[0].startswith("# wrong: "), f"{path.name}: the first line says what is wrong"
    assert lines[1].startswith("# diagnosis: "), f"{path.name}: the second line lists ids"
    ids = [item.strip() for item in lines[1].removeprefix("# diagnosis: ").split(",")]
    return lines[0].removeprefix("# wrong: "), [] if ids == ["none"] else ids


def is_loop_mistake(ids: list[str]) -> bool:
    return bool(ids) and all(item.startswith("loop-") or item in LOOP_IDS for item in ids)


def _copy(value: Any) -> Any:
    return value.copy() if isinstance(value, np.ndarray) else value


def plain_outcomes(path: Path, exercise: Exercise) -> list[tuple[Any, Any, list[str] | None]]:
    """(theirs, the reference's) on every probe the tests make but the counted ones (called,
    in the order a grading makes them, but their values are judged against these); theirs is
    the exception when the call raised."""
    reference = getattr(load_plainly(exercise.solution_path), exercise.entry)
    theirs = getattr(load_plainly(path), exercise.entry)
    outcomes = []
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        mentions = raise_mentions(exercise)
        for probe in exercise.all_probes():
            if probe.counted:
                plain_call(theirs, list(probe.args))
                continue
            # Either may raise: a wrong solution on some inputs, the reference where a test
            # expects the raise (and the words its message must contain).
            outcomes.append(
                (
                    plain_call(theirs, list(probe.args)),
                    plain_call(reference, list(probe.args)),
                    mentions.get(probe.key),
                )
            )
    return outcomes


def _same(got: Any, expected: Any, tolerance: float, mentions: list[str] | None) -> bool:
    if not isinstance(expected, Exception) and type(got) is not type(expected):
        return False
    return same_value(got, expected, tolerance, mentions)


_graded: dict[Path, Report] = {}


def graded(path: Path, exercise: Exercise, grade: SyncGrader) -> Report:
    if path not in _graded:
        _graded[path] = grade(exercise, path.read_text(encoding="utf-8"))
    return _graded[path]


def diagnoses(report: Report) -> list[str]:
    return [test.diagnosis.id for test in report.tests if test.diagnosis is not None]


def test_the_wrong_corpus_has_at_least_15_files_for_each_exercise() -> None:
    counts = {folder.name: len(list(folder.glob("wrong/*.py"))) for folder in CORPUS.iterdir()}
    assert sum(counts.values()) >= 120, counts
    assert all(count >= 15 for count in counts.values()), counts


def _file_id(path: Path) -> str:
    return f"{path.parts[-3]}/{path.parts[-2]}/{path.stem}"


@pytest.mark.parametrize("path", FILES + HELD_OUT, ids=_file_id)
def test_a_wrong_corpus_file_is_wrong_in_plain_numpy(path: Path, catalog: Catalog) -> None:
    exercise = catalog.get(path.parts[-3])
    _, ids = header(path)
    outcomes = plain_outcomes(path, exercise)
    right = [_same(got, expected, exercise.tolerance, words) for got, expected, words in outcomes]
    if is_loop_mistake(ids):
        assert all(right), "a loop mistake computes the right values"
        tree = ast.parse(path.read_text(encoding="utf-8"))
        loops = (ast.For, ast.While, ast.ListComp, ast.GeneratorExp, ast.Lambda, ast.FunctionDef)
        assert any(isinstance(node, loops) for node in ast.walk(tree))
    elif all(right):  # right values, but a promise broken (input, view, dtype, exact 0)
        assert breaks_a_promise(path, exercise), "right values, and no promise broken"
    else:
        assert not all(right), "a value mistake differs from the reference on some probe"


def breaks_a_promise(path: Path, exercise: Exercise) -> bool:
    """Whether, with values within the tolerance, it breaks a promise a test of the exercise
    keeps: it writes into an array it was given or returns (a view of) one, returns another
    dtype than the reference's where a `dtype` test checks it, or a tiny value where the
    reference's is exactly 0 in an `exact_zeros` test."""
    theirs = getattr(load_plainly(path), exercise.entry)
    reference = getattr(load_plainly(exercise.solution_path), exercise.entry)
    checks_dtype = any(test.check == "dtype" for test in exercise.tests)
    exact = {
        probe.key
        for test in exercise.tests
        if test.params.get("exact_zeros") is True
        for probe in test.probes
    }
    for probe in exercise.all_probes():
        args = [_copy(arg) for arg in probe.args]
        result = theirs(*args)
        expected = reference(*[_copy(arg) for arg in probe.args])
        arrays = [
            (arg, given)
            for arg, given in zip(args, probe.args, strict=True)
            if isinstance(arg, np.ndarray)
        ]
        if any(not np.array_equal(arg, given, equal_nan=True) for arg, given in arrays):
            return True
        if not isinstance(result, np.ndarray) or not isinstance(expected, np.ndarray):
            continue
        if any(np.shares_memory(result, arg) for arg, _ in arrays):
            return True
        if checks_dtype and result.dtype != expected.dtype:
            return True
        if probe.key in exact and bool(((expected == 0) & (result != 0)).any()):
            return True
    return False


@pytest.mark.parametrize("path", FILES + HELD_OUT, ids=_file_id)
def test_a_wrong_corpus_file_fails_in_the_sandbox(
    path: Path, catalog: Catalog, grade: SyncGrader
) -> None:
    report = graded(path, catalog.get(path.parts[-3]), grade)
    assert report.verdict != "passed", header(path)[0]


def diagnosed_rate(
    files: list[Path], catalog: Catalog, grade: SyncGrader, label: str
) -> tuple[float, list[str]]:
    """The share of `files` whose report names an accepted id, printed with what was missed
    (and what was named besides an accepted id)."""
    missed, wrongly = [], []
    for path in files:
        _, ids = header(path)
        found = diagnoses(graded(path, catalog.get(path.parts[-3]), grade))
        if not set(found) & set(ids):
            missed.append(f"{path.parts[-3]}/{path.stem}: accepted {ids or 'none'}, got {found}")
        elif set(found) - set(ids):
            wrongly.append(f"{path.parts[-3]}/{path.stem}: accepted {ids}, also got {found}")
    rate = 1 - len(missed) / len(files)
    print(f"\n{label}: {len(files) - len(missed)} of {len(files)} diagnosed ({rate:.1%})")
    for line in missed:
        print("  undiagnosed:", line)
    for line in wrongly:
        print("  named besides:", line)
    return rate, missed


def test_at_least_90_percent_of_the_wrong_corpus_is_diagnosed_with_an_accepted_id(
    catalog: Catalog, grade: SyncGrader, capsys: pytest.CaptureFixture[str]
) -> None:
    with capsys.disabled():
        rate, missed = diagnosed_rate(FILES, catalog, grade, "wrong corpus")
    assert rate >= DIAGNOSED_AT_LEAST, "\n".join(missed)


def test_the_held_out_corpus_is_reported_on_its_own(
    catalog: Catalog, grade: SyncGrader, capsys: pytest.CaptureFixture[str]
) -> None:
    assert len(HELD_OUT) >= 50
    assert {path.parts[-3] for path in HELD_OUT} == {folder.name for folder in CORPUS.iterdir()}
    with capsys.disabled():
        rate, missed = diagnosed_rate(HELD_OUT, catalog, grade, "held-out wrong corpus")
    assert rate >= HELD_OUT_DIAGNOSED_AT_LEAST, "\n".join(missed)


# Run alone, the wording test grades this many files of each exercise (first by name); after
# the tests above it reads every report they graded.
WORDING_SAMPLE = 2
# Known and not yet fixed (issue 32, item 5): a check's "Largest error: {{largest}}" still says
# inf when the wrong values are inf or NaN (layer-norm's vector messages, the sinusoidal rows).
# The fix is at the placeholder (a largest-error text that names NaN and inf apart, as
# `error_summary` does); until then each entry may only go, and one that no longer occurs fails.
KNOWN_WORDING = {
    ("layer-norm/wrong/float16-mixed-precision", "nan"),
    ("sinusoidal-positional-encoding/wrong/product-for-power-typo", "nan"),
}


def test_the_wrong_corpus_reports_keep_every_wording_rule(
    catalog: Catalog, grade: SyncGrader
) -> None:
    """graders.wording_style over the rendered reports (the goldens are
    tests/graders/test_wording_style.py's)."""
    if not _graded:
        for folder in sorted(CORPUS.iterdir()):
            for path in sorted(folder.glob("wrong/*.py"))[:WORDING_SAMPLE]:
                graded(path, catalog.get(folder.name), grade)
    found = [
        (_file_id(path), problem)
        for path, report in sorted(_graded.items())
        for problem in report_problems(report.to_dict())
    ]
    problems = [
        f"{file}: {problem}" for file, problem in found if (file, problem.rule) not in KNOWN_WORDING
    ]
    assert not problems, "\n".join(problems)
    seen = {_file_id(path) for path in _graded}
    fixed = {known for known in KNOWN_WORDING if known[0] in seen} - {
        (file, problem.rule) for file, problem in found
    }
    assert not fixed, f"fixed: drop {sorted(fixed)} from KNOWN_WORDING"
