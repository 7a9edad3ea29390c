"""Exercises and hints over HTTP."""

from __future__ import annotations

from collections.abc import Iterator

import httpx
import pytest

from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL

PROBLEM = "application/problem+json"


def test_list_names_the_flagship_with_this_learners_status(client: httpx.Client) -> None:
    response = client.get("/api/exercises")
    assert response.status_code == 200
    flagship = next(
        item for item in response.json() if item["slug"] == "sinusoidal-positional-encoding"
    )
    assert flagship["difficulty"] == "medium"
    assert flagship["status"] == "not_tried"
    assert set(flagship) == {
        "slug", "title", "difficulty", "tags", "summary", "section", "order", "status",
        "status_current",
    }  # fmt: skip


def test_list_comes_in_learning_order_with_section_and_order(client: httpx.Client) -> None:
    listed = client.get("/api/exercises").json()
    places = [(item["section"], item["order"], item["slug"]) for item in listed]
    assert places[0] == ("Transformer architecture", 1, "stable-softmax")
    assert places[1] == ("Transformer architecture", 2, "sinusoidal-positional-encoding")
    ordered = [order for _, order, _ in places if order is not None]
    assert ordered == sorted(ordered)


def test_first_request_gets_a_signed_httponly_lax_cookie(client: httpx.Client) -> None:
    response = client.get("/api/exercises")
    cookie = response.headers["set-cookie"]
    assert cookie.startswith("gradebox_learner=")
    assert "HttpOnly" in cookie
    assert "SameSite=lax" in cookie or "samesite=lax" in cookie.lower()


def test_exercise_detail_has_statement_starter_tests_and_hint_counts(client: httpx.Client) -> None:
    body = client.get(FLAGSHIP_URL).json()
    assert body["entry"]["function"] == "positional_encoding"
    assert [test["id"] for test in body["tests"]] == [
        "shape", "row-0", "example-3x4", "bounds", "interleaving", "vectorised",
    ]  # fmt: skip
    assert "def positional_encoding(max_len, d_model)" in body["starter"]
    assert "$" in body["statement_html"]  # math left for the page to typeset
    assert "<h2>" in body["statement_html"]
    assert body["hints"] == {"total": body["hints"]["total"], "revealed": 0}
    assert body["hints"]["total"] >= 4
    assert body["limits"]["code_bytes"] == 64 * 1024


def test_unknown_exercise_is_a_problem_json_404(client: httpx.Client) -> None:
    response = client.get("/api/exercises/no-such-thing")
    assert response.status_code == 404
    assert response.headers["content-type"] == PROBLEM
    assert "no-such-thing" in response.json()["detail"]


def test_hints_unlock_in_order_and_stop_with_409(client: httpx.Client) -> None:
    total = client.get(FLAGSHIP_URL).json()["hints"]["total"]
    indexes = [client.post(f"{FLAGSHIP_URL}/hints/next").json()["index"] for _ in range(total)]
    assert indexes == list(range(1, total + 1))
    past_the_end = client.post(f"{FLAGSHIP_URL}/hints/next")
    assert past_the_end.status_code == 409
    assert past_the_end.headers["content-type"] == PROBLEM
    revealed = client.get(f"{FLAGSHIP_URL}/hints").json()
    assert [hint["index"] for hint in revealed["revealed"]] == indexes
    assert all(hint["revealed_at"] and hint["html"] for hint in revealed["revealed"])
    assert client.get(FLAGSHIP_URL).json()["hints"]["revealed"] == total


def test_hints_are_per_learner(server_client_pair: tuple[httpx.Client, httpx.Client]) -> None:
    first, second = server_client_pair
    first.post(f"{FLAGSHIP_URL}/hints/next")
    assert second.get(f"{FLAGSHIP_URL}/hints").json()["revealed"] == []


@pytest.fixture
def server_client_pair(server: AppServer) -> Iterator[tuple[httpx.Client, httpx.Client]]:
    with server.client() as first, server.client() as second:
        yield first, second


def test_openapi_documents_every_endpoint(client: httpx.Client) -> None:
    paths = client.get("/openapi.json").json()["paths"]
    for path in (
        "/api/exercises", "/api/exercises/{slug}", "/api/exercises/{slug}/hints",
        "/api/exercises/{slug}/hints/next", "/api/exercises/{slug}/submissions",
        "/api/submissions/{submission_id}", "/api/learners", "/healthz", "/metrics",
    ):  # fmt: skip
        assert path in paths
    assert client.get("/docs").status_code == 200


def test_healthz_reports_each_sandbox_layer(client: httpx.Client) -> None:
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["sandbox"]["grading"] is True
    assert all(body["sandbox"]["selftest"]["layers"].values())


def test_metrics_are_prometheus_text(client: httpx.Client) -> None:
    client.get("/api/exercises")
    text = client.get("/metrics").text
    assert "gradebox_http_requests_total" in text
    assert "gradebox_grading_seconds_bucket" in text
    assert 'gradebox_pool{state="size"} 2.0' in text
