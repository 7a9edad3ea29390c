"""The learner corpus: correct solutions written from the statements, in every style learners use.

Each file in tests/corpus/<exercise>/ was written from the statement alone, before looking at
what the grader accepts, and is headed with who might write it. Each is checked twice: with
plain NumPy in this process (it must match the reference on every probe the tests make), and
through the real sandbox (every test must pass: a correct solution rejected is a bug).
"""

from __future__ import annotations

import importlib.util
import warnings
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.exercise import Exercise
from tests.conftest import ROOT, SyncGrader

CORPUS = ROOT / "tests" / "corpus"
FILES = sorted(CORPUS.glob("*/*.py"))


def load_plainly(path: Path) -> ModuleType:
    spec = importlib.util.spec_from_file_location(f"corpus_{path.parent.name}_{path.stem}", path)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_corpus_has_at_least_15_correct_solutions_for_each_exercise() -> None:
    counts = {folder.name: len(list(folder.glob("*.py"))) for folder in CORPUS.iterdir()}
    assert sum(counts.values()) >= 150, counts
    assert all(count >= 15 for count in counts.values()), counts


def plain_call(function: Any, args: list[Any]) -> Any:
    """`function(*args)` on copies of the arguments; the exception instead, if it raised."""
    try:
        return function(*[arg.copy() if isinstance(arg, np.ndarray) else arg for arg in args])
    except Exception as error:  # a test may expect a raise (contract: IndexError past the table)
        return error


def raise_mentions(exercise: Exercise) -> dict[str, list[str]]:
    """For each probe of a `raises` test, the words its exception's message must contain."""
    return {
        probe.key: [str(word) for word in test.params.get("mentions", [])]
        for test in exercise.tests
        if test.check == "raises"
        for probe in test.probes
    }


def same_value(
    got: Any, expected: Any, tolerance: float, mentions: list[str] | None = None
) -> bool:
    """Equal within `tolerance`: arrays and numbers by value and shape, tuples and lists item by
    item, a raised exception by its class (a subclass counts) and the words its message must
    contain (`mentions`)."""
    if isinstance(expected, Exception) or isinstance(got, Exception):
        return (
            isinstance(expected, Exception)
            and isinstance(got, type(expected))
            and all(word in str(got) for word in mentions or [])
        )
    if isinstance(expected, tuple | list) and not _numeric_sequence(expected):
        return (
            isinstance(got, tuple | list)
            and len(got) == len(expected)
            and all(same_value(a, b, tolerance) for a, b in zip(got, expected, strict=True))
        )
    try:
        mine, theirs = np.asarray(got), np.asarray(expected)
    except ValueError:  # a ragged structure where numbers were expected
        return False
    return mine.shape == theirs.shape and bool(
        np.allclose(mine, theirs, atol=tolerance, rtol=0, equal_nan=True)
    )


def _numeric_sequence(value: tuple[Any, ...] | list[Any]) -> bool:
    return all(isinstance(item, int | float | np.number) for item in value)


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_corpus_solution_is_correct_in_plain_numpy(path: Path, catalog: Catalog) -> None:
    exercise = catalog.get(path.parent.name)
    assert path.read_text(encoding="utf-8").startswith("#"), "a corpus file says what it is"
    reference = load_plainly(exercise.solution_path)
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        theirs = getattr(load_plainly(path), exercise.entry)
        mentions = raise_mentions(exercise)
        for probe in exercise.all_probes():
            expected = plain_call(getattr(reference, exercise.entry), list(probe.args))
            got = plain_call(theirs, list(probe.args))
            words = mentions.get(probe.key)
            assert same_value(got, expected, exercise.tolerance, words), probe.call


@pytest.mark.parametrize("path", FILES, ids=lambda path: f"{path.parent.name}/{path.stem}")
def test_a_correct_corpus_solution_passes_in_the_sandbox(
    path: Path, catalog: Catalog, grade: SyncGrader
) -> None:
    exercise: Exercise = catalog.get(path.parent.name)
    report = grade(exercise, path.read_text(encoding="utf-8"))
    failing = {test.id: test.message for test in report.tests if test.status != "passed"}
    assert report.verdict == "passed", (report.error, failing)
