"""Load-checked exercises kept between starts (graders/exercise_cache.py): a start reads what
an earlier one checked, and any change to what made an entry is a fresh load and check."""

from __future__ import annotations

import dataclasses
import pickle
import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

import graders.catalog
import graders.exercise
from graders.catalog import Catalog
from graders.exercise import load_exercise
from graders.exercise_cache import ExerciseCache
from graders.protocol.limits import Limits
from tests.conftest import EXERCISES, TEST_LIMITS

SLUG = "rms-norm"


@pytest.fixture
def root(tmp_path: Path) -> Path:
    """A catalogue of one shipped exercise, in a folder the test may change."""
    shutil.copytree(EXERCISES / SLUG, tmp_path / "exercises" / SLUG)
    return tmp_path / "exercises"


@pytest.fixture
def loads(monkeypatch: pytest.MonkeyPatch) -> list[Path]:
    """The folders read afresh (not from the cache) from here on."""
    read: list[Path] = []
    load = graders.exercise.load_exercise

    def counted(path: Path, *args: Any) -> Any:
        read.append(path)
        return load(path, *args)

    monkeypatch.setattr(graders.catalog, "load_exercise", counted)
    return read


def _catalog(root: Path, cache: Path, limits: Limits = TEST_LIMITS) -> Catalog:
    return Catalog(root, limits, ExerciseCache(cache)).load()


def test_a_second_start_reads_the_checked_exercise_instead_of_loading_it(
    root: Path, tmp_path: Path, loads: list[Path]
) -> None:
    first = _catalog(root, tmp_path / "cache").get(SLUG)
    second = _catalog(root, tmp_path / "cache").get(SLUG)

    assert len(loads) == 1
    assert (second.title, second.tests[0].id, len(second.all_probes())) == (
        first.title,
        first.tests[0].id,
        len(first.all_probes()),
    )
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 1


@pytest.mark.parametrize("file", ["hints.md", "checks.py", "solution.py"])
def test_a_changed_file_is_a_fresh_load_and_the_old_entry_is_dropped(
    root: Path, tmp_path: Path, loads: list[Path], file: str
) -> None:
    _catalog(root, tmp_path / "cache")
    path = root / SLUG / file
    path.write_text(path.read_text(encoding="utf-8") + "\n# changed\n", encoding="utf-8")
    _catalog(root, tmp_path / "cache")

    assert len(loads) == 2
    assert len(list((tmp_path / "cache").glob("*.pickle"))) == 1


def test_other_limits_are_another_entry(root: Path, tmp_path: Path, loads: list[Path]) -> None:
    _catalog(root, tmp_path / "cache")
    _catalog(root, tmp_path / "cache", Limits(cpu_seconds=2.0))

    assert len(loads) == 2


def test_a_folder_with_problems_is_never_kept_and_is_reported_at_every_start(
    root: Path, tmp_path: Path, loads: list[Path]
) -> None:
    (root / SLUG / "checks.py").write_text("raise RuntimeError('broken')\n", encoding="utf-8")
    for _ in range(2):
        catalog = _catalog(root, tmp_path / "cache")
        assert SLUG in catalog.broken
        assert SLUG not in catalog.exercises

    assert len(loads) == 2
    assert not list((tmp_path / "cache").glob("*.pickle"))


def test_an_unreadable_entry_is_a_fresh_load(root: Path, tmp_path: Path, loads: list[Path]) -> None:
    _catalog(root, tmp_path / "cache")
    for entry in (tmp_path / "cache").glob("*.pickle"):
        entry.write_bytes(b"not a pickle")
    catalog = _catalog(root, tmp_path / "cache")

    assert len(loads) == 2
    assert SLUG in catalog.exercises


@pytest.mark.parametrize("mode", [0o777, 0o770])
def test_a_directory_others_may_write_to_is_not_used(
    root: Path, tmp_path: Path, loads: list[Path], mode: int
) -> None:
    shared = tmp_path / "cache"
    shared.mkdir()
    shared.chmod(mode)
    for _ in range(2):
        assert SLUG in _catalog(root, shared).exercises

    assert len(loads) == 2
    assert not list(shared.glob("*.pickle"))


def test_a_directory_that_cannot_be_made_is_no_cache(
    root: Path, tmp_path: Path, loads: list[Path]
) -> None:
    blocked = tmp_path / "a-file"
    blocked.write_text("", encoding="utf-8")
    for _ in range(2):
        assert SLUG in _catalog(root, blocked / "cache").exercises

    assert len(loads) == 2


def _first_difference(fresh: Any, kept: Any, where: str = "exercise") -> str | None:
    """Where a cache round trip changed an exercise, walking its fields: arrays by value and
    dtype, everything else by `==` (so a bare `object()` sentinel, equal only to itself, is
    caught: after a pickle it is another object and `is` tests on it go wrong)."""
    if type(fresh) is not type(kept):
        return where
    if dataclasses.is_dataclass(fresh):
        fields = [field.name for field in dataclasses.fields(fresh)]
        pairs = [(getattr(fresh, name), getattr(kept, name), f"{where}.{name}") for name in fields]
    elif isinstance(fresh, dict):
        if fresh.keys() != kept.keys():
            return where
        pairs = [(fresh[key], kept[key], f"{where}[{key!r}]") for key in fresh]
    elif isinstance(fresh, list | tuple):
        if len(fresh) != len(kept):
            return where
        pairs = [(a, b, f"{where}[{i}]") for i, (a, b) in enumerate(zip(fresh, kept, strict=True))]
    elif isinstance(fresh, np.ndarray):
        same = fresh.dtype == kept.dtype and np.array_equal(fresh, kept, equal_nan=True)
        return None if same else where
    elif isinstance(fresh, float) and np.isnan(fresh):
        return None if np.isnan(kept) else where
    else:
        return None if fresh == kept else where
    return next((d for a, b, at in pairs if (d := _first_difference(a, b, at))), None)


@pytest.mark.parametrize("slug", sorted(p.name for p in EXERCISES.iterdir() if p.is_dir()))
def test_a_shipped_exercise_is_the_same_after_a_round_trip_through_the_cache(slug: str) -> None:
    fresh = load_exercise(EXERCISES / slug, TEST_LIMITS)

    assert _first_difference(fresh, pickle.loads(pickle.dumps(fresh))) is None
