"""Two API replicas and two grading workers on one PostgreSQL and a private Redis, as processes.

Workers run in a network namespace of their own where the machine allows (`unshare --net`):
they reach Redis over its unix socket and cannot reach PostgreSQL at all.
"""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import pytest
import redis
from httpx_sse import connect_sse

from app.live_server import PROJECT_ROOT, LiveServer
from app.messages import GradeReply, encode
from graders.engine.verdicts import platform_failure_for
from tests.distributed.conftest import (
    FLAGSHIP,
    SETTINGS,
    SLOW_BUT_RIGHT,
    SOLUTION,
    SUBMIT,
    Topology,
    post_from_new_learners,
)

pytestmark = [pytest.mark.postgres, pytest.mark.timeout(240)]


def _children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def _wait_until_none_pending(topology: Topology, seconds: float = 60) -> list[tuple[Any, ...]]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        if not topology.query("select id from submissions where status = 'pending'"):
            break
        time.sleep(0.25)
    return topology.query("select id, status, verdict from submissions order by created_at")


def test_a_token_from_one_replica_is_accepted_by_the_other(topology: Topology) -> None:
    topology.add_worker()
    first, second = topology.add_replica(), topology.add_replica()
    with first.client() as http:
        token = http.post("/api/learners").json()["token"]
    bearer = {"authorization": f"Bearer {token}"}
    with first.client(headers=bearer) as http:
        made = http.post(SUBMIT, json={"code": SOLUTION})
    assert made.status_code == 201, made.text
    assert made.json()["verdict"] == "passed"
    with second.client(headers=bearer) as http:
        fetched = http.get(f"/api/submissions/{made.json()['id']}")
        history = http.get(f"/api/exercises/{SUBMIT.split('/')[3]}/submissions")
    assert fetched.status_code == 200
    assert fetched.json()["verdict"] == "passed"
    assert [row["id"] for row in history.json()["items"]] == [made.json()["id"]]


def test_learner_code_runs_on_workers_only(topology: Topology) -> None:
    worker = topology.add_worker()
    replica = topology.add_replica()
    with replica.client() as http:
        assert http.post(SUBMIT, json={"code": SOLUTION}).json()["verdict"] == "passed"
        health = http.get("/healthz").json()
    assert replica.process is not None
    assert worker.process is not None
    assert _children(replica.process.pid) == []  # no zygote, no sandbox on an API host
    assert _children(worker.process.pid) != []  # the worker's warm zygotes
    assert health["sandbox"]["mode"] == "workers"
    assert health["sandbox"]["alive"] == 1


def test_a_scratch_run_is_made_on_a_worker_and_stores_nothing(topology: Topology) -> None:
    worker = topology.add_worker()
    replica = topology.add_replica()
    scratch = SUBMIT.replace("/submissions", "/scratch")
    wrong = "import numpy as np\ndef positional_encoding(max_len, d_model):\n    print('hi')\n    return np.zeros((max_len, d_model))\n"
    with replica.client() as http:
        run = http.post(scratch, json={"code": wrong, "call": "positional_encoding(2, 4)"})
        history = http.get(SUBMIT).json()
    assert run.status_code == 200, run.text
    body = run.json()
    assert body["status"] == "returned"
    assert body["stdout"] == "hi\n"
    assert body["result"]["preview"]["values"] == [[0.0] * 4] * 2
    assert body["comparison"]["matches"] is False  # the reference answered beside it
    assert history["total"] == 0  # not a submission
    assert worker.process is not None
    assert replica.process is not None
    assert _children(replica.process.pid) == []  # the call ran on the worker


def test_a_worker_needs_no_database_and_sees_none(topology: Topology) -> None:
    worker = topology.add_worker()
    assert worker.process is not None
    environment = Path(f"/proc/{worker.process.pid}/environ").read_bytes()
    assert b"GRADEBOX_DATABASE_URL" not in environment
    if worker.isolated:  # its own network namespace: PostgreSQL's port is not even routable
        assert os.readlink(f"/proc/{worker.process.pid}/ns/net") != os.readlink("/proc/self/ns/net")


def test_the_distributed_mode_refuses_to_start_without_a_shared_secret(
    topology: Topology,
) -> None:
    environment = {
        **os.environ,
        "GRADEBOX_DATA_DIR": str(topology.root),
        "GRADEBOX_DATABASE_URL": topology.database_url,
        "GRADEBOX_REDIS_URL": topology.redis.url,
    }
    environment.pop("GRADEBOX_SECRET_KEY", None)
    done = subprocess.run(
        [sys.executable, "-m", "app.cli", "serve", "--port", "1"],
        cwd=PROJECT_ROOT,
        env=environment,
        capture_output=True,
        timeout=60,
    )
    assert done.returncode != 0
    assert b"GRADEBOX_SECRET_KEY must be set" in done.stderr


def test_rate_limits_are_shared_by_the_replicas(topology: Topology) -> None:
    topology.add_worker()
    first = LiveServer(
        topology.root / "limited-a",
        database_url=topology.database_url,
        redis_url=topology.redis.url,
        **{**SETTINGS, "submissions_per_minute": "3"},
    )
    second = LiveServer(
        topology.root / "limited-b",
        database_url=topology.database_url,
        redis_url=topology.redis.url,
        **{**SETTINGS, "submissions_per_minute": "3"},
    )
    for server in (first, second):
        server.data_dir.mkdir()
        topology.replicas.append(server.start())
    with first.client() as http:
        token = http.post("/api/learners").json()["token"]
    statuses = []
    for server in (first, second, first, second):
        with server.client(headers={"authorization": f"Bearer {token}"}) as http:
            statuses.append(http.post(SUBMIT, json={"code": SOLUTION}).status_code)
    assert statuses == [201, 201, 201, 429]


def test_a_worker_killed_mid_job_has_it_rerun_elsewhere_and_one_report_recorded(
    topology: Topology,
) -> None:
    workers = [topology.add_worker(), topology.add_worker()]
    replica = topology.add_replica()
    results: list[Any] = []
    sender = threading.Thread(
        target=lambda: results.extend(post_from_new_learners(replica, 1, SLOW_BUT_RIGHT))
    )
    sender.start()
    client = redis.Redis.from_url(topology.redis.url, decode_responses=True)
    holder = None
    for _ in range(200):  # until a worker holds the job
        pending = client.xpending_range("gradebox:jobs", "workers", "-", "+", 10)
        if pending:
            holder = next(w for w in workers if w.name == pending[0]["consumer"])
            break
        time.sleep(0.02)
    assert holder is not None
    killed_at = time.monotonic()
    holder.stop(kill=True)
    sender.join(60)
    rerun_after = time.monotonic() - killed_at
    response = results[0]
    assert response.status_code == 201, response
    assert response.json()["verdict"] == "passed"
    rows = topology.query("select submission_id, number, state from attempts")
    assert [(number, state) for _, number, state in rows] == [(1, "finished")]
    assert rerun_after < 30


def test_an_api_replica_killed_mid_burst_loses_nothing_and_records_nothing_twice(
    topology: Topology,
) -> None:
    topology.add_worker()
    topology.add_worker()
    doomed, survivor = topology.add_replica(), topology.add_replica()
    results: list[Any] = []
    burst = threading.Thread(
        target=lambda: results.extend(post_from_new_learners(doomed, 10, SLOW_BUT_RIGHT))
    )
    burst.start()
    for _ in range(200):  # until some are graded and others are still waiting
        graded = topology.query("select count(*) from submissions where status = 'graded'")
        if graded[0][0] >= 2:
            break
        time.sleep(0.05)
    doomed.stop(kill=True)
    burst.join(60)
    rows = _wait_until_none_pending(topology, 90)
    answered = {
        result.json()["id"]: result.json()["verdict"]
        for result in results
        if isinstance(result, httpx.Response) and result.status_code == 201
    }
    assert answered  # some were answered before the kill
    assert len(rows) == len({row[0] for row in rows}) <= 10
    assert {row[1] for row in rows} == {"graded"}  # nothing left pending: the survivor swept
    assert {row[2] for row in rows} == {"passed"}
    assert all(answered[row[0]] == row[2] for row in rows if row[0] in answered)
    finished = topology.query(
        "select submission_id, count(*) from attempts where state = 'finished' "
        "group by submission_id having count(*) > 1"
    )
    assert finished == []  # one final report each
    with survivor.client() as http:
        assert http.get("/healthz").status_code == 200


def test_a_redis_that_restarts_empty_still_finishes_everything(topology: Topology) -> None:
    topology.add_worker()
    topology.add_worker()
    replica = topology.add_replica()
    results: list[Any] = []
    burst = threading.Thread(
        target=lambda: results.extend(post_from_new_learners(replica, 6, SLOW_BUT_RIGHT))
    )
    burst.start()
    for _ in range(200):  # until the jobs are in Redis, some taken and some queued
        if len(topology.query("select id from submissions")) == 6:
            break
        time.sleep(0.02)
    time.sleep(0.3)
    topology.redis.stop()
    topology.redis.start()  # empty: the job stream, its group and every lease are gone
    burst.join(120)
    statuses = [getattr(result, "status_code", result) for result in results]
    assert statuses == [201] * 6
    assert {result.json()["verdict"] for result in results} == {"passed"}
    rows = _wait_until_none_pending(topology, 5)
    assert [(status, verdict) for _, status, verdict in rows] == [("graded", "passed")] * 6


def _events(http: httpx.Client, submission: str, after: str | None = None) -> list[Any]:
    headers = {"Last-Event-ID": after} if after else {}
    url = f"/api/submissions/{submission}/events"
    with connect_sse(http, "GET", url, headers=headers, timeout=60) as source:
        assert source.response.status_code == 200
        return [(sse.id, sse.event, json.loads(sse.data)) for sse in source.iter_sse()]


def test_events_flow_from_a_worker_to_a_client_of_another_replica(topology: Topology) -> None:
    topology.add_worker()
    first, second = topology.add_replica(), topology.add_replica()
    with first.client() as http:
        token = http.post("/api/learners").json()["token"]
    bearer = {"authorization": f"Bearer {token}"}
    with first.client(headers={**bearer, "Prefer": "respond-async"}) as http:
        made = http.post(SUBMIT, json={"code": SLOW_BUT_RIGHT})
    assert made.status_code == 202
    submission = made.json()["id"]
    with second.client(headers=bearer) as http:
        events = _events(http, submission)
        resumed = _events(http, submission, after=events[2][0])
        stored = http.get(f"/api/submissions/{submission}").json()
    kinds = [kind for _, kind, _ in events]
    assert kinds[0] == "run"
    assert kinds[-1] == "report"
    assert kinds.count("test") == 6
    assert events[-1][2]["report"]["verdict"] == "passed" == stored["verdict"]
    assert {(data["attempt"], data["delivery"]) for _, _, data in events} == {(1, 1)}
    assert resumed == events[3:]  # exactly the missing ones


def _counter(metrics: str, name: str) -> float:
    (value,) = re.findall(rf"^{re.escape(name)} (\S+)$", metrics, re.MULTILINE)
    return float(value)


def test_a_reply_for_a_job_never_sent_is_dropped_counted_and_never_recorded(
    topology: Topology,
) -> None:
    topology.add_worker()
    replica = topology.add_replica()
    client: Any = redis.Redis.from_url(topology.redis.url, decode_responses=True)
    (key,) = client.keys("gradebox:replica:*")
    with replica.client(headers={"Prefer": "respond-async"}) as http:
        made = http.post(SUBMIT, json={"code": SLOW_BUT_RIGHT})
    assert made.status_code == 202
    submission = made.json()["id"]
    forged = GradeReply(
        job="job-never-sent",
        token="t",
        submission=submission,
        attempt=1,
        report=platform_failure_for(FLAGSHIP, "Forged."),
    )
    client.xadd(f"gradebox:replies:{key.split(':', 2)[2]}", encode(forged))
    rows = _wait_until_none_pending(topology)
    with replica.client() as http:
        metrics = http.get("/metrics").text
    client.close()
    assert [(row[0], row[2]) for row in rows] == [(submission, "passed")]
    assert _counter(metrics, 'gradebox_replies_dropped_total{reason="unknown"}') == 1
    assert _counter(metrics, 'gradebox_replies_dropped_total{reason="superseded"}') == 0
    assert _counter(metrics, "gradebox_live_takeovers_total") == 0
    assert _counter(metrics, "gradebox_job_takeovers_total") == 0
