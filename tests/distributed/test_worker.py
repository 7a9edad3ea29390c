"""`gradebox worker` against a private Redis alone: what it does with what it is sent."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest
import redis

from app.live_server import LiveRedis, LiveWorker
from app.messages import JOB_BYTES, GradeJob, GradeReply, decode_reply, encode
from app.transport import entries
from tests.distributed.conftest import FLAGSHIP, SETTINGS, SOLUTION

pytestmark = pytest.mark.timeout(120)
# Right, after several seconds of busy work: far longer than the claim time.
LONG_BUT_RIGHT = "total = sum(range(400_000_000))\n\n" + SOLUTION
# Room for it: several seconds of CPU on any machine, well inside these limits.
LIMITS = {**SETTINGS, "cpu_seconds": "30", "wall_seconds": "45"}
CLAIM_SECONDS = float(SETTINGS["claim_seconds"])


class BlockingWorker(LiveWorker):
    """A worker whose every grading first holds its event loop (tests/distributed/
    blocking_worker.py): for `BLOCKING_WORKER_SECONDS`, noting each grading in
    `BLOCKING_WORKER_RUNS`."""

    module = "tests.distributed.blocking_worker"


def _job(number: int, code: str = SOLUTION, **fields: Any) -> dict[str, str]:
    job = {
        "job": f"job-{number}",
        "submission": f"submission-{number}",
        "attempt": 1,
        "exercise": FLAGSHIP,
        "code": code,
        "reply": "gradebox:replies:test",
        "tenant": "127.0.0.1",
        **fields,
    }
    return encode(GradeJob.model_validate(job))


def _replies(client: redis.Redis, count: int, seconds: float) -> list[GradeReply]:
    deadline, found = time.monotonic() + seconds, list[dict[str, str]]()
    while time.monotonic() < deadline and len(found) < count:
        found = [fields for _, fields in entries([["", client.xrange("gradebox:replies:test")]])]
        time.sleep(0.05)
    graded = [reply for fields in found if isinstance(reply := decode_reply(fields), GradeReply)]
    assert len(graded) == len(found)  # no scratch replies
    return graded


@pytest.fixture
def redis_with_workers(tmp_path: Path) -> Any:
    with LiveRedis(tmp_path / "redis") as live:
        workers = [LiveWorker(tmp_path, live.url, **LIMITS).start() for _ in range(2)]
        client = redis.Redis.from_url(live.url, decode_responses=True)
        try:
            yield client, workers
        finally:
            client.close()
            for worker in workers:
                worker.stop()


@pytest.mark.parametrize(
    ("fields", "deliveries"),
    [({"attempt": 3, "resends": 1}, 4), ({"attempt": 1, "resends": 3}, 4)],
)
def test_a_job_delivered_past_the_bound_is_set_aside_not_run(
    redis_with_workers: Any, fields: dict[str, int], deliveries: int
) -> None:
    client, _ = redis_with_workers
    client.xadd("gradebox:jobs", _job(1, code="while True:\n    pass\n", **fields))
    (reply,) = _replies(client, 1, 20)
    assert reply.report.verdict == "internal_error"
    assert f"stopped the grading process {deliveries - 1} times" in reply.report.model_dump_json()
    assert client.xlen("gradebox:jobs") == 0  # acknowledged and deleted


def test_a_grading_longer_than_the_claim_time_is_not_taken_over(
    redis_with_workers: Any,
) -> None:
    client, workers = redis_with_workers
    started = time.monotonic()
    client.xadd("gradebox:jobs", _job(2, code=LONG_BUT_RIGHT))
    (reply,) = _replies(client, 1, 60)
    took = time.monotonic() - started
    assert reply.report.verdict == "passed"
    assert took > float(SETTINGS["claim_seconds"]) + 1  # it outlived the claim time...
    logs = "".join(worker.log_path.read_text() for worker in workers)
    assert "took over" not in logs  # ...and the other worker never took it
    assert len(_replies(client, 2, 1)) == 1


def test_an_unknown_exercise_is_our_fault_not_the_learners(redis_with_workers: Any) -> None:
    client, _ = redis_with_workers
    client.xadd("gradebox:jobs", _job(3, exercise="no-such-exercise"))
    (reply,) = _replies(client, 1, 20)
    assert reply.report.verdict == "internal_error"
    assert reply.submission == "submission-3"


def test_jobs_are_shared_between_the_workers(redis_with_workers: Any) -> None:
    client, workers = redis_with_workers
    for number in range(10, 18):
        client.xadd("gradebox:jobs", _job(number))
    replies = _replies(client, 8, 30)
    assert sorted(reply.job for reply in replies) == [f"job-{n}" for n in range(10, 18)]
    assert {reply.report.verdict for reply in replies} == {"passed"}
    assert {reply.worker for reply in replies} <= {worker.name for worker in workers}


def test_a_worker_whose_grading_blocks_its_loop_keeps_its_claim_and_the_job_runs_once(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    runs = tmp_path / "runs"
    monkeypatch.setenv("BLOCKING_WORKER_RUNS", str(runs))
    monkeypatch.setenv("BLOCKING_WORKER_SECONDS", str(3 * CLAIM_SECONDS))
    with LiveRedis(tmp_path / "redis") as live:
        workers = [BlockingWorker(tmp_path, live.url, **SETTINGS).start() for _ in range(2)]
        client: Any = redis.Redis.from_url(live.url, decode_responses=True)
        try:
            entry = client.xadd("gradebox:jobs", _job(4))
            _replies(client, 1, 60)
            time.sleep(CLAIM_SECONDS + 1)  # a second grading would have started by now
            replies = _replies(client, 2, 0.1)
            counts = client.hgetall("gradebox:counts")
        finally:
            client.close()
            for worker in workers:
                worker.stop()
    (grading,) = runs.read_text().splitlines()  # one grading, of the first delivery
    holder, graded, delivery = grading.split()
    assert (graded, delivery) == (entry, "1")
    assert holder in {worker.name for worker in workers}
    assert [(r.job, r.worker) for r in replies] == [("job-4", holder)]
    assert replies[0].report.verdict == "passed"
    assert int(counts.get("takeovers", 0)) == int(counts.get("live_takeovers", 0)) == 0


@pytest.mark.parametrize(
    "fields",
    [
        {"body": "{not json"},
        {"body": json.dumps({"kind": "grade", "job": "job-5"})},  # no code, no reply stream
        {"body": json.dumps({"kind": "nonsense", "job": "job-5"})},
        {"body": "[" * 100_000},  # deeper than the parser goes
        {"body": " " * (JOB_BYTES + 1)},
        {"job": "job-5", "kind": "grade", "code": SOLUTION},  # fields, not a body
    ],
    ids=["not-json", "missing-fields", "unknown-kind", "too-deep", "too-large", "no-body"],
)
def test_an_entry_that_is_not_a_job_is_dropped_and_counted_and_the_worker_goes_on(
    redis_with_workers: Any, fields: dict[str, str]
) -> None:
    client, workers = redis_with_workers
    client.xadd("gradebox:jobs", fields)
    client.xadd("gradebox:jobs", _job(6))
    (reply,) = _replies(client, 1, 20)
    assert (reply.job, reply.report.verdict) == ("job-6", "passed")
    deadline = time.monotonic() + 5
    while client.hget("gradebox:counts", "malformed_jobs") is None and time.monotonic() < deadline:
        time.sleep(0.05)
    assert client.hget("gradebox:counts", "malformed_jobs") == "1"
    assert client.xlen("gradebox:jobs") == 0  # the entry that is not a job is deleted too
    logs = "".join(worker.log_path.read_text() for worker in workers)
    assert "was dropped" in logs
