"""An exercise's version changes with what decides a grade, and only with that."""

from __future__ import annotations

import re
import shutil
from collections.abc import Callable
from pathlib import Path

import pytest

from graders.digest import exercise_digest, exercise_version
from graders.exercise import Exercise, load_exercise
from tests.conftest import EXERCISES, FLAGSHIP, SyncGrader

Edit = Callable[[Path], None]


def _replace_in(name: str, old: str, new: str) -> Edit:
    def edit(folder: Path) -> None:
        path = folder / name
        text = path.read_text(encoding="utf-8")
        assert old in text, f"{old!r} is not in {name}"
        path.write_text(text.replace(old, new, 1), encoding="utf-8")

    return edit


def _append_to(name: str, text: str) -> Edit:
    def edit(folder: Path) -> None:
        with (folder / name).open("a", encoding="utf-8") as file:
            file.write(text)

    return edit


def _add_mistake_file(folder: Path) -> None:
    (folder / "mistakes" / "extra.py").write_text("def f():\n    return 1\n", encoding="utf-8")


GRADING_EDITS: dict[str, Edit] = {
    "a test's probes": _replace_in("exercise.toml", "probes = [[3, 4]]", "probes = [[3, 6]]"),
    "the tolerance": _replace_in("exercise.toml", "tolerance = 1e-4", "tolerance = 1e-5"),
    "a test added": _append_to(
        "exercise.toml",
        '\n[[tests]]\nid = "extra"\ntitle = "t"\ncheck = "shape"\nprobes = [[2, 2]]\n',
    ),
    "the tests a mistake fails": _replace_in(
        "exercise.toml", 'fails = ["vectorised"]', 'fails = ["vectorised", "shape"]'
    ),
    "the reference": _append_to("solution.py", "\nUNUSED = 1\n"),
    "a known mistake's code": _append_to("mistakes/python-loop.py", "\nUNUSED = 1\n"),
    "a known mistake added": _add_mistake_file,
    "checks.py": _append_to("checks.py", "\nUNUSED = 1\n"),
}

PROSE_EDITS: dict[str, Edit] = {
    "the statement": _append_to("statement.md", "\nOne more sentence of background.\n"),
    "the hints": _append_to("hints.md", "\nA clearer wording.\n"),
    "the starter": _append_to("starter.py", "\n# a friendlier comment\n"),
    "the title": _replace_in(
        "exercise.toml", 'title = "Sinusoidal Positional Encoding"', 'title = "Positions"'
    ),
    "a test's description": _replace_in(
        "exercise.toml", "must equal the table shown", "must be equal to the table shown"
    ),
    "a mistake's explanation": _replace_in(
        "exercise.toml", "Your values are right", "Your values are correct"
    ),
    "a comment in exercise.toml": _append_to("exercise.toml", "\n# reviewed\n"),
}


@pytest.fixture
def copied(tmp_path: Path) -> Path:
    folder = tmp_path / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    return folder


def test_the_digest_is_short_hex_and_stable(copied: Path) -> None:
    digest = exercise_digest(copied)
    assert re.fullmatch(r"[0-9a-f]{12}", digest)
    assert exercise_digest(copied) == digest == exercise_digest(EXERCISES / FLAGSHIP)


@pytest.mark.parametrize("edit", GRADING_EDITS.values(), ids=GRADING_EDITS.keys())
def test_the_digest_changes_when_what_grades_changes(copied: Path, edit: Edit) -> None:
    before = exercise_digest(copied)
    edit(copied)
    assert exercise_digest(copied) != before


@pytest.mark.parametrize("edit", PROSE_EDITS.values(), ids=PROSE_EDITS.keys())
def test_the_digest_ignores_what_learners_only_read(copied: Path, edit: Edit) -> None:
    before = exercise_digest(copied)
    edit(copied)
    assert exercise_digest(copied) == before


def test_a_loaded_exercise_keeps_the_version_it_was_loaded_with(copied: Path) -> None:
    exercise = load_exercise(copied)
    version = exercise_version(exercise)
    GRADING_EDITS["the reference"](copied)
    assert exercise_version(exercise) == version  # not reloaded: still the old version
    assert exercise_version(load_exercise(copied)) == exercise_digest(copied) != version


def test_every_report_carries_the_version_of_its_exercise(
    flagship: Exercise, grade: SyncGrader
) -> None:
    solution = flagship.solution_path.read_text(encoding="utf-8")
    too_large = "x = 1\n" * flagship.limits.source_bytes
    for source in (solution, "def positional_encoding(:\n", too_large):
        report = grade(flagship, source)
        assert report.exercise_version == exercise_digest(flagship.path)
        assert report.to_dict()["exercise_version"] == report.exercise_version
