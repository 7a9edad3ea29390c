"""Operable: /metrics says how deep the queue is and where grading time goes, Server-Timing
splits a submission's time, and /healthz names each component's state."""

from __future__ import annotations

import asyncio
import re
from pathlib import Path

import httpx

from tests.api.conftest import FLAGSHIP_URL, SOLUTION

SUBMIT = f"{FLAGSHIP_URL}/submissions"


def _metric(text: str, name: str) -> float:
    match = re.search(rf"^{re.escape(name)} ([0-9.e+-]+)$", text, re.MULTILINE)
    assert match, f"{name} is not in /metrics"
    return float(match.group(1))


def test_metrics_count_queue_wait_and_sandbox_time_apart(client: httpx.Client) -> None:
    before = client.get("/metrics").text
    assert client.post(SUBMIT, json={"code": SOLUTION}).status_code == 201
    after = client.get("/metrics").text
    for histogram in ("gradebox_queue_wait_seconds", "gradebox_sandbox_seconds"):
        counted = _metric(after, f"{histogram}_count") - _metric(before, f"{histogram}_count")
        assert counted >= 1, histogram
    for gauge in ('gradebox_pool{state="waiting"}', 'gradebox_pool{state="busy"}'):
        assert _metric(after, gauge) >= 0
    assert _metric(after, 'gradebox_queue{state="capacity"}') >= 1
    assert _metric(after, "gradebox_grading_attempts_total") >= 1
    assert 'verdict="passed"' in after


def test_server_timing_splits_queue_wait_from_running_the_code(client: httpx.Client) -> None:
    response = client.post(SUBMIT, json={"code": SOLUTION})
    timing = {
        part.split(";")[0].strip(): float(re.search(r"dur=([0-9.]+)", part).group(1))  # type: ignore[union-attr]
        for part in response.headers["server-timing"].split(",")
    }
    assert {"queue", "sandbox", "grade"} <= set(timing)
    assert timing["sandbox"] > 0
    assert timing["queue"] + timing["sandbox"] <= timing["grade"] + 1


def test_healthz_names_each_component(client: httpx.Client) -> None:
    body = client.get("/healthz").json()
    assert body["status"] == "ok"
    assert body["database"]["ok"] is True
    assert body["sandbox"]["grading"] is True
    assert body["queue"]["capacity"] >= 1


def test_healthz_is_503_and_says_why_while_the_sandbox_refuses(tmp_path: Path) -> None:
    from app.main import create_app
    from app.settings import Settings

    app = create_app(Settings(data_dir=tmp_path, pool_size=1))

    async def scenario() -> tuple[httpx.Response, httpx.Response, httpx.Response]:
        # The real start-up (zygotes, self-test, SQLite), in this process, over ASGI.
        async with app.router.lifespan_context(app):
            transport = httpx.ASGITransport(app=app)
            async with httpx.AsyncClient(transport=transport, base_url="http://localhost") as http:
                healthy = await http.get("/healthz")
                app.state.service.backend.pool.refusal = "sandbox layers missing: seccomp"
                health = await http.get("/healthz")
                refused = await http.post(
                    SUBMIT, json={"code": SOLUTION}, headers={"origin": "http://localhost"}
                )
        return healthy, health, refused

    healthy, health, refused = asyncio.run(scenario())
    assert healthy.status_code == 200
    assert health.status_code == 503
    assert health.json()["status"] == "degraded"
    assert health.json()["sandbox"]["refusal"] == "sandbox layers missing: seccomp"
    assert health.json()["database"]["ok"] is True
    assert refused.status_code == 503
    assert "safety self-test" in refused.json()["detail"]
