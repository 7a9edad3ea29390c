"""The editorial after a pass, the next exercise in learning order, and no reference ever sent."""

from __future__ import annotations

import html
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION
from tests.conftest import EXERCISES, FLAGSHIP

PROBLEM = "application/problem+json"
EDITORIAL = f"{FLAGSHIP_URL}/editorial"
FOLDERS = sorted(folder for folder in EXERCISES.iterdir() if (folder / "exercise.toml").is_file())


def _pass(client: httpx.Client, slug: str, code: str) -> None:
    response = client.post(f"/api/exercises/{slug}/submissions", json={"code": code})
    assert response.status_code == 201
    assert response.json()["verdict"] == "passed"


def _strings(value: Any) -> Iterator[str]:
    """Every string in a decoded JSON body, and its HTML-unescaped text (rendered fields)."""
    if isinstance(value, str):
        yield value
        yield html.unescape(value)
    elif isinstance(value, dict):
        for item in value.values():
            yield from _strings(item)
    elif isinstance(value, list):
        for item in value:
            yield from _strings(item)


def test_a_learner_who_has_not_passed_gets_a_403_saying_to_pass_first(
    client: httpx.Client,
) -> None:
    response = client.get(EDITORIAL)
    assert response.status_code == 403
    assert response.headers["content-type"] == PROBLEM
    assert "pass" in response.json()["detail"].lower()


def test_a_failed_submission_does_not_open_the_editorial(client: httpx.Client) -> None:
    starter = client.get(FLAGSHIP_URL).json()["starter"]
    client.post(f"{FLAGSHIP_URL}/submissions", json={"code": starter})
    assert client.get(EDITORIAL).status_code == 403


def test_after_passing_the_editorial_comes_as_markdown_and_html(server: AppServer) -> None:
    with server.client() as passed, server.client() as other:
        _pass(passed, FLAGSHIP, SOLUTION)
        response = passed.get(EDITORIAL)
        stranger = other.get(EDITORIAL)
    assert response.status_code == 200
    body = response.json()
    editorial = (EXERCISES / FLAGSHIP / "solution.md").read_text(encoding="utf-8")
    assert body["markdown"] == editorial
    assert body["slug"] == FLAGSHIP
    assert "<h2>" in body["html"]
    assert "<pre>" in body["html"]
    assert "$" in body["html"]  # math left for the page to typeset, as in the statement
    assert stranger.status_code == 403  # the pass is this learner's, not the exercise's


@pytest.mark.parametrize("route", ["", "/hints", "/editorial"])
def test_an_unknown_exercise_is_a_404(client: httpx.Client, route: str) -> None:
    response = client.get(f"/api/exercises/no-such-thing{route}")
    assert response.status_code == 404
    assert response.headers["content-type"] == PROBLEM


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_no_exercise_route_sends_the_reference_to_a_learner_who_has_not_passed(
    client: httpx.Client, folder: Path
) -> None:
    reference = (folder / "solution.py").read_text(encoding="utf-8").strip()
    url = f"/api/exercises/{folder.name}"
    responses = [
        client.get("/api/exercises"),
        client.get(url),
        client.post(f"{url}/hints/next"),
        client.get(f"{url}/hints"),
        client.get(f"{url}/editorial"),
    ]
    for response in responses:
        assert all(reference not in text for text in _strings(response.json())), response.url


def test_no_exercise_route_sends_the_reference_after_a_pass_either(client: httpx.Client) -> None:
    _pass(client, FLAGSHIP, SOLUTION)
    total = client.get(FLAGSHIP_URL).json()["hints"]["total"]
    responses = [
        client.get("/api/exercises"),
        client.get(FLAGSHIP_URL),
        *[client.post(f"{FLAGSHIP_URL}/hints/next") for _ in range(total)],
        client.get(f"{FLAGSHIP_URL}/hints"),
        client.get(EDITORIAL),
    ]
    assert responses[-1].status_code == 200
    for response in responses:
        texts = list(_strings(response.json()))
        assert all(SOLUTION.strip() not in text for text in texts), response.url


def test_next_follows_the_learning_order_and_is_null_at_the_end(client: httpx.Client) -> None:
    listed = client.get("/api/exercises").json()
    nexts = [client.get(f"/api/exercises/{item['slug']}").json()["next"] for item in listed]
    expected = [{"slug": item["slug"], "title": item["title"]} for item in listed[1:]]
    assert nexts == [*expected, None]


def test_every_exercise_folder_has_an_editorial_and_says_so(client: httpx.Client) -> None:
    assert all((folder / "solution.md").is_file() for folder in FOLDERS)
    listed = [item["slug"] for item in client.get("/api/exercises").json()]
    assert sorted(listed) == [folder.name for folder in FOLDERS]
    assert all(client.get(f"/api/exercises/{slug}").json()["has_editorial"] for slug in listed)


@pytest.fixture(scope="module")
def without_editorial(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    """A server whose only exercise, the flagship, has no solution.md."""
    root = tmp_path_factory.mktemp("no-editorial")
    shutil.copytree(EXERCISES / FLAGSHIP, root / "exercises" / FLAGSHIP)
    (root / "exercises" / FLAGSHIP / "solution.md").unlink()
    (root / "data").mkdir()
    with (
        AppServer(root / "data", exercises_dir=str(root / "exercises")) as live,
        live.client() as http,
    ):
        yield http


def test_an_exercise_without_an_editorial_is_a_404_that_says_so_even_after_a_pass(
    without_editorial: httpx.Client,
) -> None:
    detail = without_editorial.get(FLAGSHIP_URL).json()
    assert detail["has_editorial"] is False
    assert detail["next"] is None  # the only exercise is the last one
    _pass(without_editorial, FLAGSHIP, SOLUTION)
    response = without_editorial.get(EDITORIAL)
    assert response.status_code == 404
    assert response.headers["content-type"] == PROBLEM
    assert "no editorial" in response.json()["detail"]
