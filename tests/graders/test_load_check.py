"""A folder that would make gradings fail is never served: the load-level part of validate.

Each case breaks a copy of the flagship one way that `load_exercise` alone let through (the
TOML and Markdown were fine), and the catalog must leave it out, naming the file, while the
healthy folder beside it is served; /healthz lists it under `broken_exercises` and stays 200.
"""

from __future__ import annotations

import asyncio
import shutil
from pathlib import Path

import httpx
import pytest

from graders import load_check
from graders.catalog import Catalog
from graders.engine import Grader
from graders.exercise import Exercise
from graders.host.pool import SandboxPool
from graders.load_check import digest, load_problems
from graders.validate_run import _unexpected, validate_folder
from tests.conftest import EXERCISES, FLAGSHIP, LoopThread

RAISING_CHECK = """

from graders import CheckContext, Failure, Trial, check


@check("shape")
def check_shape_that_raises(trials: list[Trial], context: CheckContext) -> Failure | None:
    return Failure(str(trials[0].got[10**9]))
"""
RAISING_ANALYSIS = """

from graders import CheckContext, Finding, Trial, analysis


@analysis
def analysis_that_raises(trials: list[Trial], context: CheckContext) -> Finding | None:
    raise KeyError("no such column")
"""


def _mistake(folder: Path) -> Path:
    return sorted((folder / "mistakes").glob("*.py"))[0]


def _append(path: Path, text: str) -> None:
    path.write_text(path.read_text(encoding="utf-8") + text, encoding="utf-8")


def _break(folder: Path, how: str) -> None:
    if how == "mistake-does-not-parse":
        _append(_mistake(folder), "\ndef broken(:\n")
    elif how == "mistake-without-the-entry":
        _mistake(folder).write_text("import numpy as np\n\n\ndef other(x):\n    return x\n")
    elif how == "solution-does-not-parse":
        _append(folder / "solution.py", "\nreturn = 1\n")
    elif how == "solution-raises-at-import":
        _append(folder / "solution.py", "\nTABLE = {}['missing']\n")
    elif how == "checks-py-raises-at-import":
        _append(folder / "checks.py", "\nraise RuntimeError('half-written')\n")
    elif how == "check-raises-on-the-reference":
        _append(folder / "checks.py", RAISING_CHECK)
    elif how == "analysis-raises-on-the-reference":
        _append(folder / "checks.py", RAISING_ANALYSIS)


# What the problem names: the file, the function or check, the exception.
BREAKAGES = {
    "mistake-does-not-parse": ("mistakes/",),
    "mistake-without-the-entry": ("defines no `positional_encoding`",),
    "solution-does-not-parse": ("solution.py line",),
    "solution-raises-at-import": ("solution.py: does not load: KeyError",),
    "checks-py-raises-at-import": ("checks.py",),
    "check-raises-on-the-reference": ("check `shape`", "test `shape`", "IndexError"),
    "analysis-raises-on-the-reference": ("analysis `analysis_that_raises`", "KeyError"),
}


def names_all(problem: str, facts: tuple[str, ...]) -> bool:
    return all(fact in problem for fact in facts)


@pytest.fixture
def two_folders(tmp_path: Path) -> Path:
    shutil.copytree(EXERCISES / FLAGSHIP, tmp_path / FLAGSHIP)
    shutil.copytree(EXERCISES / FLAGSHIP, tmp_path / "broken-one")
    return tmp_path


@pytest.mark.parametrize("how", BREAKAGES)
def test_a_folder_that_would_fail_its_gradings_is_left_out_naming_the_file(
    how: str, two_folders: Path
) -> None:
    _break(two_folders / "broken-one", how)
    catalog = Catalog(two_folders).load()
    assert list(catalog.exercises) == [FLAGSHIP]
    assert names_all(catalog.broken["broken-one"], BREAKAGES[how]), catalog.broken


def test_every_shipped_exercise_passes_the_load_check() -> None:
    catalog = Catalog(EXERCISES).load()
    assert catalog.broken == {}
    assert all(load_problems(exercise) == [] for exercise in catalog.exercises.values())


def test_the_load_check_is_cached_by_the_folders_digest(
    two_folders: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    folder = two_folders / "broken-one"
    runs: list[str] = []
    checked = load_check._problems
    monkeypatch.setattr(load_check, "_checked", {})

    def counted(exercise: Exercise) -> list[str]:
        runs.append(exercise.slug)
        return checked(exercise)

    monkeypatch.setattr(load_check, "_problems", counted)
    Catalog(two_folders).load()
    Catalog(two_folders).load()  # unchanged: one hash each, no second run
    assert len(runs) == 1  # the two folders are byte for byte the same: one digest, one run
    before = digest(folder)
    _break(folder, "mistake-without-the-entry")
    assert digest(folder) != before
    catalog = Catalog(two_folders).load()
    assert "broken-one" in catalog.broken
    shutil.rmtree(folder)
    shutil.copytree(EXERCISES / FLAGSHIP, folder)  # mended: the old digest again, served again
    assert digest(folder) == before
    assert "broken-one" in Catalog(two_folders).load().exercises


def test_healthz_lists_a_broken_folder_and_stays_200(two_folders: Path, tmp_path: Path) -> None:
    from app.main import create_app
    from app.settings import Settings

    _break(two_folders / "broken-one", "check-raises-on-the-reference")
    app = create_app(Settings(data_dir=tmp_path / "data", exercises_dir=two_folders, pool_size=1))

    async def health() -> httpx.Response:
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as http:
                return await http.get("/healthz")

    response = asyncio.run(health())
    assert response.status_code == 200
    assert "check `shape`" in response.json()["broken_exercises"]["broken-one"]


@pytest.mark.parametrize("how", ["solution-raises-at-import", "mistake-without-the-entry"])
def test_validate_reports_a_broken_folder_as_problems_never_a_traceback(
    how: str, two_folders: Path, pool: SandboxPool, loop_thread: LoopThread
) -> None:
    folder = two_folders / "broken-one"
    _break(folder, how)
    result = loop_thread.run(validate_folder(folder, Grader(pool)))
    assert not result.ok
    assert any(names_all(problem, BREAKAGES[how]) for problem in result.problems), result.problems


def test_validate_names_the_authors_file_and_line_where_it_stopped(tmp_path: Path) -> None:
    folder = tmp_path / "x"
    (folder / "mistakes").mkdir(parents=True)
    (folder / "checks.py").write_text("def helper():\n    return {}['missing']\n")
    namespace: dict[str, object] = {}
    exec(compile((folder / "checks.py").read_text(), str(folder / "checks.py"), "exec"), namespace)
    try:
        namespace["helper"]()  # type: ignore[operator]
    except KeyError as error:
        problem = _unexpected(folder, error)
    assert problem.startswith("checks.py line 2: validate stopped: KeyError")
