"""Every exercise is proven in CI: the reference passes, each known mistake is caught and diagnosed."""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.catalog import Catalog
from graders.engine import Grader
from graders.host.pool import SandboxPool
from graders.validate import format_matrix, validate_exercise
from tests.conftest import EXERCISES, LoopThread

FOLDERS = sorted(folder for folder in EXERCISES.iterdir() if (folder / "exercise.toml").exists())


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_exercise_validates(folder: Path, pool: SandboxPool, loop_thread: LoopThread) -> None:
    result = loop_thread.run(validate_exercise(folder, Grader(pool)), timeout=300)
    assert result.ok, "\n".join(result.problems) + "\n" + format_matrix(result)
    assert not result.warnings, result.warnings


def test_every_exercise_takes_calls_of_the_learner_own() -> None:
    catalog = Catalog(EXERCISES).load()
    assert [slug for slug, exercise in catalog.exercises.items() if exercise.scratch is None] == []


def test_every_exercise_folder_loads_into_the_catalog() -> None:
    catalog = Catalog(EXERCISES).load()
    assert catalog.broken == {}
    assert sorted(catalog.exercises) == [folder.name for folder in FOLDERS]


def test_the_flagship_has_the_six_contract_tests_and_ten_mistakes() -> None:
    flagship = Catalog(EXERCISES).load().get("sinusoidal-positional-encoding")
    assert [test.id for test in flagship.tests] == [
        "shape",
        "row-0",
        "example-3x4",
        "bounds",
        "interleaving",
        "vectorised",
    ]
    assert len(flagship.mistakes) >= 10
    assert len(flagship.hints) >= 4
