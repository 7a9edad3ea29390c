"""`gradebox regrade <slug>`: stored submissions graded again against the current version."""

from __future__ import annotations

import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest
from sqlalchemy import select

from app.db import Submission, make_engine, migrate, session_factory
from app.store import Store, StoredSubmission
from graders.digest import exercise_digest
from graders.report import Report, Verdict
from tests.conftest import EXERCISES, FLAGSHIP, ROOT, postgres_database

SOLUTION = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
HALVES = (EXERCISES / FLAGSHIP / "mistakes" / "concatenated-halves.py").read_text(encoding="utf-8")
# The reference changed so that a correct answer from before now fails the worked example.
HALVED_REFERENCE = """
_original = positional_encoding


def positional_encoding(max_len, d_model):
    return _original(max_len, d_model) * 0.5
"""


@pytest.fixture(params=["sqlite", pytest.param("postgresql", marks=pytest.mark.postgres)])
def database_url(request: pytest.FixtureRequest, tmp_path: Path) -> Iterator[str]:
    if request.param == "sqlite":
        yield f"sqlite:///{tmp_path / 'gradebox.sqlite3'}"
        return
    pytest.importorskip("psycopg")
    with postgres_database() as url:
        yield url


@pytest.fixture
def exercises(tmp_path: Path) -> Path:
    folder = tmp_path / "exercises"
    shutil.copytree(EXERCISES / FLAGSHIP, folder / FLAGSHIP)
    return folder


def regrade(database_url: str, exercises: Path, *args: str) -> subprocess.CompletedProcess[str]:
    environment = {
        "PATH": "/usr/bin:/bin",
        "HOME": str(exercises),
        "GRADEBOX_DATABASE_URL": database_url,
        "GRADEBOX_EXERCISES_DIR": str(exercises),
        "GRADEBOX_DATA_DIR": str(exercises.parent / "data"),
        "GRADEBOX_CACHE_DIR": str(exercises.parent / "cache"),
    }
    return subprocess.run(
        [sys.executable, "-m", "app.cli", "regrade", *args],
        capture_output=True, text=True, timeout=120, cwd=ROOT, env=environment,
    )  # fmt: skip


@pytest.fixture
def store(database_url: str) -> Iterator[Store]:
    engine = make_engine(database_url)
    migrate(engine)
    yield Store(session_factory(engine))
    engine.dispose()


def _graded(store: Store, code: str, verdict: Verdict, version: str | None) -> StoredSubmission:
    """A submission as an earlier grading left it (its report made up, with no tests)."""
    stored = store.create_submission("learner", FLAGSHIP, code)
    report = Report(exercise=FLAGSHIP, exercise_version=version, verdict=verdict, tests=[])
    return store.finish_submission(stored.id, report)


def _line(stdout: str, start: str) -> str:
    """The one line of the output that starts with `start` (indented or not)."""
    [line] = [line.strip() for line in stdout.splitlines() if line.strip().startswith(start)]
    return line


def _counts(line: str) -> list[int]:
    """The counts a summary line gives, in order."""
    return [int(word.strip(":")) for word in line.split() if word.strip(":").isdigit()]


def _versions(store: Store) -> dict[str, str | None]:
    with store.sessions() as session:
        rows = session.execute(select(Submission.id, Submission.exercise_version))
        return {submission_id: version for submission_id, version in rows}


def test_regrade_grades_older_versions_again_and_stores_the_new_reports(
    database_url: str, exercises: Path, store: Store
) -> None:
    with (exercises / FLAGSHIP / "solution.py").open("a", encoding="utf-8") as file:
        file.write(HALVED_REFERENCE)
    current = exercise_digest(exercises / FLAGSHIP)
    passed = _graded(store, SOLUTION, Verdict.PASSED, "0123456789ab")
    unknown = _graded(store, HALVES, Verdict.FAILED, None)  # graded before versions existed
    up_to_date = _graded(store, SOLUTION, Verdict.PASSED, current)

    result = regrade(database_url, exercises, FLAGSHIP)

    assert result.returncode == 0, result.stderr
    _, to_grade, *_, version = _line(result.stdout, f"{FLAGSHIP}:").split()
    assert (to_grade, version) == ("2", current)
    assert "2/2 graded" in result.stdout
    assert _counts(_line(result.stdout, "regraded")) == [2, 1]  # regraded, the verdict unchanged
    assert _line(result.stdout, "passed -> failed") == "passed -> failed: 1"
    assert _versions(store) == {passed.id: current, unknown.id: current, up_to_date.id: current}
    again = store.get_submission(passed.id)
    assert again is not None
    assert again.report is not None
    assert (again.verdict, again.report["verdict"]) == ("failed", "failed")
    assert again.report["exercise_version"] == current
    assert len(again.report["tests"]) == 6  # the real report, not the made-up one
    assert again.created_at == passed.created_at
    untouched = store.get_submission(up_to_date.id)
    assert untouched is not None
    assert untouched.report is not None
    assert untouched.report["tests"] == []  # the current version graded it: left alone


def test_regrade_with_nothing_older_grades_nothing_unless_asked_for_all_versions(
    database_url: str, exercises: Path, store: Store
) -> None:
    stored = _graded(store, HALVES, Verdict.FAILED, exercise_digest(exercises / FLAGSHIP))

    nothing = regrade(database_url, exercises, FLAGSHIP)
    assert nothing.returncode == 0, nothing.stderr
    assert _line(nothing.stdout, f"{FLAGSHIP}:").split()[1] == "0"  # submissions to grade
    assert _counts(_line(nothing.stdout, "regraded")) == [0, 0]

    everything = regrade(database_url, exercises, FLAGSHIP, "--all-versions")
    assert everything.returncode == 0, everything.stderr
    assert _counts(_line(everything.stdout, "regraded")) == [1, 1]
    again = store.get_submission(stored.id)
    assert again is not None
    assert again.report is not None
    assert len(again.report["tests"]) == 6


@pytest.mark.parametrize(
    ("args", "named"),
    [
        (("no-such-exercise",), ("unknown exercise 'no-such-exercise'",)),
        ((FLAGSHIP, "--limit", "0"), ("--limit", "at least 1")),
    ],
    ids=["unknown-slug", "zero-limit"],
)
def test_regrade_usage_errors_exit_2(
    tmp_path: Path, exercises: Path, args: tuple[str, ...], named: tuple[str, ...]
) -> None:
    result = regrade(f"sqlite:///{tmp_path / 'db.sqlite3'}", exercises, *args)
    assert result.returncode == 2
    assert all(fact in result.stderr for fact in named), result.stderr
