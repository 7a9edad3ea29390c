"""Hints never give the game away: the near-solution comes last, and no mistake links it."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graders.exercise import Exercise, load_exercise
from graders.validate import Validation, _check_hint_links
from tests.conftest import EXERCISES, FLAGSHIP, SyncGrader

FOLDERS = sorted(folder for folder in EXERCISES.iterdir() if (folder / "exercise.toml").exists())

# The slips issue 17 named: each linked the near-solution (or the hint just before it).
SLIPS = {
    "sinusoidal-positional-encoding": [
        "returns-list", "rounded-output", "float16-output", "missing-sin-cos",
    ],
    "scaled-dot-product-attention": ["returns-weights"],
    "rotary-positional-embedding": ["stacked-pairs-not-flattened"],
}  # fmt: skip


def hint_warnings(exercise: Exercise) -> list[str]:
    result = Validation(exercise.path, exercise)
    _check_hint_links(exercise, result)
    return result.warnings


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    return folder


def edit(path: Path, old: str, new: str) -> None:
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_every_exercise_keeps_its_near_solution_last_and_unlinked(folder: Path) -> None:
    assert hint_warnings(load_exercise(folder)) == []


@pytest.mark.parametrize(
    ("slug", "mistake_id"),
    [(slug, mistake) for slug, mistakes in SLIPS.items() for mistake in mistakes],
)
def test_the_named_slips_carry_a_tip_and_no_near_solution(slug: str, mistake_id: str) -> None:
    exercise = load_exercise(EXERCISES / slug)
    mistake = next(mistake for mistake in exercise.mistakes if mistake.id == mistake_id)
    assert mistake.tip
    assert mistake.hint is None or mistake.hint < len(exercise.hints) - 1


def test_a_mistake_linking_the_near_solution_is_warned(copy: Path) -> None:
    edit(copy / "exercise.toml", 'fails = ["shape"]\n', 'fails = ["shape"]\nhint = 5\n')
    (warning,) = hint_warnings(load_exercise(copy))
    assert warning.startswith("mistake `returns-list` links hint 5,")
    assert "near-solution" in warning
    assert "`tip`" in warning  # what to give it instead


def test_pitfalls_after_the_near_solution_are_warned(copy: Path) -> None:
    hints = copy / "hints.md"
    text = hints.read_text(encoding="utf-8")
    pitfalls, almost = text.index("## Common pitfalls"), text.index("## Almost there")
    hints.write_text(text[:pitfalls] + text[almost:] + "\n" + text[pitfalls:almost])
    (warning,) = hint_warnings(load_exercise(copy))
    assert warning.startswith("hints.md: hint 5 (Common pitfalls) ")
    assert "near-solution, hint 4" in warning  # the hint it comes after


def test_a_last_hint_of_pitfalls_is_warned_when_no_hint_shows_the_function(copy: Path) -> None:
    hints = copy / "hints.md"
    text = hints.read_text(encoding="utf-8").replace("def positional_encoding(", "def f(")
    almost = text.index("## Almost there")
    hints.write_text(text[:almost] + "## More pitfalls\n\nMind the dtype.\n")
    (warning,) = hint_warnings(load_exercise(copy))
    assert warning.startswith("hints.md: ")
    assert "'More pitfalls'" in warning  # the hint, by its title
    assert "last hint" in warning
    assert "near-solution" in warning


def test_a_diagnosed_slip_shows_its_tip_and_unlocks_no_hint(
    flagship: Exercise, grade: SyncGrader
) -> None:
    report = grade(flagship, (flagship.path / "mistakes" / "returns-list.py").read_text())
    (diagnosis,) = {
        test.diagnosis.id: test.diagnosis for test in report.tests if test.diagnosis
    }.values()
    assert diagnosis.id == "returns-list"
    assert diagnosis.hint is None
    assert "numpy.ndarray" in diagnosis.tip
    assert "<code>numpy.ndarray</code>" in diagnosis.tip_html
