"""When an exercise's tests change, earlier results say they were graded by an older version."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import httpx

from graders.digest import exercise_digest
from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION
from tests.conftest import EXERCISES, FLAGSHIP

HALVES = (EXERCISES / FLAGSHIP / "mistakes" / "concatenated-halves.py").read_text(encoding="utf-8")


def _history(http: httpx.Client) -> list[dict[str, Any]]:
    response = http.get(f"{FLAGSHIP_URL}/submissions")
    assert response.status_code == 200, response.text
    items: list[dict[str, Any]] = response.json()["items"]
    return items


def _listed(http: httpx.Client) -> dict[str, Any]:
    response = http.get("/api/exercises")
    assert response.status_code == 200, response.text
    return next(item for item in response.json() if item["slug"] == FLAGSHIP)


def _submit(http: httpx.Client, code: str) -> dict[str, Any]:
    response = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": code})
    assert response.status_code == 201, response.text
    body: dict[str, Any] = response.json()
    return body


def test_results_of_an_older_version_are_marked_after_the_tests_change(tmp_path: Path) -> None:
    exercises = tmp_path / "exercises"
    shutil.copytree(EXERCISES / FLAGSHIP, exercises / FLAGSHIP)
    old = exercise_digest(exercises / FLAGSHIP)
    live = AppServer(tmp_path / "data", exercises_dir=str(exercises), submissions_per_minute="0")
    (tmp_path / "data").mkdir()
    with live, live.client() as http:
        assert _submit(http, SOLUTION)["exercise_version"] == old
        _submit(http, HALVES)
        assert [(item["current"], item["exercise_version"]) for item in _history(http)] == [
            (True, old),
            (True, old),
        ]
        assert (_listed(http)["status"], _listed(http)["status_current"]) == ("passed", True)
        cookies = dict(http.cookies)

    toml = exercises / FLAGSHIP / "exercise.toml"
    toml.write_text(
        toml.read_text(encoding="utf-8").replace("probes = [[3, 4]]", "probes = [[3, 6]]"),
        encoding="utf-8",
    )
    new = exercise_digest(exercises / FLAGSHIP)
    assert new != old

    with live, live.client(cookies=cookies) as http:
        assert http.get(FLAGSHIP_URL).json()["version"] == new
        assert [item["current"] for item in _history(http)] == [False, False]
        listed = _listed(http)
        assert (listed["status"], listed["status_current"]) == ("passed", False)
        assert http.get(FLAGSHIP_URL).json()["status_current"] is False

        _submit(http, HALVES)  # a failure on the new version: still passed only on the old one
        assert [item["current"] for item in _history(http)] == [True, False, False]
        assert _listed(http)["status_current"] is False

        _submit(http, SOLUTION)
        assert [item["exercise_version"] for item in _history(http)] == [new, new, old, old]
        assert _listed(http)["status_current"] is True


def test_a_result_stored_before_versions_counts_as_current_after_the_migration(
    tmp_path: Path,
) -> None:
    from alembic import command
    from alembic.config import Config
    from sqlalchemy import text

    from app.db import MIGRATIONS, make_engine, migrate, session_factory
    from app.store import Progress, Store

    engine = make_engine(f"sqlite:///{tmp_path / 'old.sqlite3'}")
    config = Config()
    config.set_main_option("script_location", str(MIGRATIONS))
    with engine.begin() as connection:
        config.attributes["connection"] = connection
        command.upgrade(config, "0002")  # the schema before versions
        connection.execute(text("INSERT INTO learners (id, created_at) VALUES ('l', '2024-01-01')"))
        connection.execute(
            text(
                "INSERT INTO submissions (id, learner_id, exercise, code, status, verdict, passed,"
                " total, created_at) VALUES ('s', 'l', :slug, '', 'graded', 'passed', 6, 6,"
                " '2024-01-01')"
            ),
            {"slug": FLAGSHIP},
        )
    migrate(engine)
    store = Store(session_factory(engine))
    try:
        stored = store.get_submission("s")
        assert stored is not None
        assert stored.exercise_version is None
        assert stored.graded_by("0123456789ab")
        assert store.progress("l", {FLAGSHIP: "0123456789ab"}) == {
            FLAGSHIP: Progress("passed", current=True)
        }
    finally:
        engine.dispose()
