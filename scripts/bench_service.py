"""The service's own cost, embedded and distributed, against the pool's grading, in one run.

Prints, for the flagship's reference solution:
  (0) a bare HTTP request's round trip (a 404), the floor of any request;
  (1) the warm pool's grading p50 (SandboxPool(2) + Grader, no HTTP, no database): the baseline;
  (2) embedded over HTTP: `gradebox serve` on SQLite, then on a PostgreSQL database of its own;
  (3) distributed over HTTP on the same PostgreSQL database: one API replica, grading workers
      on a private Redis (`gradebox worker`, two slots each);
  (4) throughput over HTTP (4 clients) with one worker and with two (one slot each);
  (5) the time from a worker's SIGKILL mid-job to the job's rerun on the other worker;
  (6) the time from a test being decided in the worker to its event reaching an SSE client.
Goals (issue 14): embedded HTTP p50 <= pool p50 + 2 ms; distributed adds <= 1 ms p50 over
embedded on the same database.

Everything runs on loopback with its own Redis and PostgreSQL database (dropped at the end);
counts are fixed and the whole run stops within a few minutes. Figures move between runs on a
shared 2-core machine: compare them within one run. Run with `make bench`.
"""

from __future__ import annotations

import asyncio
import os
import statistics
import sys
import tempfile
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

import redis

from app.live_server import LiveRedis, LiveServer, LiveWorker
from graders.catalog import Catalog
from graders.engine import Grader
from graders.host.pool import SandboxPool
from graders.protocol.limits import Limits

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(
    0, str(ROOT)
)  # `python scripts/bench_service.py` (make bench): scripts/ is no package on the path

from scripts.load import concurrent_rate  # noqa: E402
from tests.conftest import postgres_database  # noqa: E402

FLAGSHIP = "sinusoidal-positional-encoding"
SUBMIT = f"/api/exercises/{FLAGSHIP}/submissions"
SOLUTION = (ROOT / "exercises" / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
SCRATCH = f"/api/exercises/{FLAGSHIP}/scratch"
SCRATCH_BODY = {"code": SOLUTION, "call": "positional_encoding(4, 6)"}
# The largest call the flagship's [scratch] schema allows, with the reference's answer (no
# mistake to search for) and with a wrong one (zeros: every known mistake is searched, within
# the search's budget), fewer times: each is a second or so of sandboxed work.
LARGE_CALL = "positional_encoding(2048, 512)"
ZEROS = "import numpy as np\n\ndef positional_encoding(max_len, d_model):\n    return np.zeros((max_len, d_model))\n"
LARGE_BODIES = {
    "right": {"code": SOLUTION, "call": LARGE_CALL},
    "zeros": {"code": ZEROS, "call": LARGE_CALL},
}
LARGE_RUNS = 15
SLOW_BUT_RIGHT = "total = 0\nwhile total < 20_000_000:\n    total += 1\n\n" + SOLUTION
WARMUP, SEQUENTIAL, THROUGHPUT, CLIENTS = 20, 200, 160, 4
PAUSE_SECONDS = 0.02  # between sequential gradings: a pre-forked spare is ready, as at normal load
SETTINGS = {
    "shed_wait_share": "0",  # a benchmark loads the machine on purpose: measure, never shed
    "secret_key": "b" * 48,
    "submissions_per_minute": "0",
    "address_submissions_per_minute": "0",
    "identities_per_minute": "0",
    "cpu_seconds": "4",
    "wall_seconds": "8",
}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def row(label: str, values: list[float]) -> str:
    return (
        f"  {label:<44} p50 {statistics.median(values):6.2f} ms"
        f"   p99 {percentile(values, 0.99):6.2f} ms   (n={len(values)})"
    )


async def pool_latencies() -> list[float]:
    exercise = Catalog(ROOT / "exercises", Limits()).load().get(FLAGSHIP)
    pool = SandboxPool(2, Limits())
    await pool.start()
    try:
        grader = Grader(pool)
        for _ in range(WARMUP):
            await grader.grade(exercise, SOLUTION)
        latencies = []
        for _ in range(SEQUENTIAL):
            await asyncio.sleep(PAUSE_SECONDS)
            started = time.perf_counter()
            report = await grader.grade(exercise, SOLUTION)
            latencies.append((time.perf_counter() - started) * 1000)
            if report.verdict != "passed":
                raise SystemExit(f"the pool did not pass the reference: {report.verdict}")
        return latencies
    finally:
        await pool.close()


def http_latencies(
    server: LiveServer,
    scratch: bool = False,
    body: dict[str, str] | None = None,
    runs: int = SEQUENTIAL,
) -> list[float]:
    """One flagship submission at a time (`scratch`: one scratch run of the example call, or
    of `body`'s call)."""
    path = SCRATCH if scratch or body is not None else SUBMIT
    body = body or (SCRATCH_BODY if scratch else {"code": SOLUTION})
    with server.client() as http:
        for _ in range(min(WARMUP, runs)):
            http.post(path, json=body, timeout=60)
        latencies = []
        for _ in range(runs):
            time.sleep(PAUSE_SECONDS)
            started = time.perf_counter()
            response = http.post(path, json=body, timeout=60)
            latencies.append((time.perf_counter() - started) * 1000)
            answer = response.json()
            if answer.get("verdict", answer.get("status")) not in ("passed", "returned"):
                raise SystemExit(f"unexpected {response.status_code}: {response.text[:300]}")
        return latencies


def bare_latencies(server: LiveServer) -> list[float]:
    """A request the service answers at once (404, a route that does not exist): the floor of
    any request here, HTTP and the client included."""
    with server.client() as http:
        for _ in range(WARMUP):
            http.get("/api/no-such-route")
        latencies = []
        for _ in range(SEQUENTIAL):
            time.sleep(PAUSE_SECONDS)
            started = time.perf_counter()
            http.get("/api/no-such-route")
            latencies.append((time.perf_counter() - started) * 1000)
        return latencies


def throughput(server: LiveServer) -> float:
    rate, failures = concurrent_rate(server, THROUGHPUT, CLIENTS)
    if failures:
        raise SystemExit(f"throughput run: {len(failures)} not 201 ({sorted(set(failures))})")
    return rate


@contextmanager
def distributed(root: Path, database_url: str, workers: int, slots: int) -> Iterator[LiveServer]:
    """A private Redis, `workers` workers of `slots` each, one API replica."""
    with LiveRedis(root / "redis") as live_redis:
        started = [
            LiveWorker(root / "workers", live_redis.url, pool_size=str(slots), **SETTINGS).start()
            for _ in range(workers)
        ]
        (root / "replica").mkdir(exist_ok=True)
        server = LiveServer(
            root / "replica", database_url=database_url, redis_url=live_redis.url, **SETTINGS
        )
        try:
            yield server.start()
        finally:
            server.stop()
            for worker in started:
                worker.stop()


def event_delays(server: LiveServer, count: int = 40) -> list[float]:
    """Milliseconds from a test being decided (the event's `at`, stamped where the grader
    decided it) to the event reaching an SSE client, over `count` async submissions."""
    import json

    from httpx_sse import connect_sse

    delays: list[float] = []
    with server.client(headers={"Prefer": "respond-async"}) as http:
        for _ in range(count):
            made = http.post(SUBMIT, json={"code": SOLUTION}).json()
            url = f"/api/submissions/{made['id']}/events"
            with connect_sse(http, "GET", url, timeout=60) as source:
                for sse in source.iter_sse():
                    data = json.loads(sse.data)
                    if sse.event == "test" and "at" in data:
                        delays.append((time.time() - data["at"]) * 1000)
    return delays


def rerun_after_worker_death(root: Path, database_url: str) -> float:
    """Seconds from SIGKILL of the worker holding a job to another worker taking it."""
    with LiveRedis(root / "redis-death") as live_redis:
        workers = [
            LiveWorker(root / "workers-death", live_redis.url, **SETTINGS).start() for _ in range(2)
        ]
        (root / "replica-death").mkdir(exist_ok=True)
        server = LiveServer(
            root / "replica-death",
            database_url=database_url,
            redis_url=live_redis.url,
            **SETTINGS,
        ).start()
        client = redis.Redis.from_url(live_redis.url, decode_responses=True)
        try:
            with server.client() as http:
                sender = threading.Thread(
                    target=lambda: http.post(SUBMIT, json={"code": SLOW_BUT_RIGHT})
                )
                sender.start()
                holder = None
                while holder is None:
                    pending = client.xpending_range("gradebox:jobs", "workers", "-", "+", 1)
                    if pending:
                        holder = pending[0]["consumer"]
                    time.sleep(0.005)
                doomed = next(worker for worker in workers if worker.name == holder)
                killed = time.perf_counter()
                doomed.stop(kill=True)
                deadline = killed + 60
                while time.perf_counter() < deadline:
                    pending = client.xpending_range("gradebox:jobs", "workers", "-", "+", 1)
                    if pending and pending[0]["consumer"] != holder:
                        break
                    time.sleep(0.005)
                taken = time.perf_counter() - killed
                sender.join(60)
                return taken
        finally:
            client.close()
            server.stop()
            for worker in workers:
                worker.stop()


def main() -> None:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    print(__doc__.split("\n", 1)[0])
    pool = asyncio.run(pool_latencies())
    with (
        tempfile.TemporaryDirectory() as scratch,
        postgres_database("gradebox_bench") as database_url,
    ):
        root = Path(scratch)
        (root / "sqlite").mkdir()
        with LiveServer(root / "sqlite", **SETTINGS) as server:
            embedded_sqlite = http_latencies(server)
            bare = bare_latencies(server)
            scratch_embedded = http_latencies(server, scratch=True)
            scratch_large = {
                name: http_latencies(server, body=body, runs=LARGE_RUNS)
                for name, body in LARGE_BODIES.items()
            }
        (root / "pg").mkdir()
        with LiveServer(root / "pg", database_url=database_url, **SETTINGS) as server:
            embedded_pg = http_latencies(server)
        with distributed(root / "two", database_url, workers=1, slots=2) as server:
            distributed_pg = http_latencies(server)
            streamed = event_delays(server)
            scratch_distributed = http_latencies(server, scratch=True)
        rates = {}
        for workers in (1, 2):
            with distributed(root / f"rate-{workers}", database_url, workers, 1) as server:
                for _ in range(WARMUP):
                    with server.client() as http:
                        http.post(SUBMIT, json={"code": SOLUTION})
                rates[workers] = throughput(server)
        death = rerun_after_worker_death(root, database_url)

    base = statistics.median(pool)
    print("latency, one flagship submission at a time:")
    print(row("(1) warm pool grading (baseline)", pool))
    print(row("(0) a bare HTTP request (404), the floor", bare))
    print(row("(2) embedded over HTTP, SQLite", embedded_sqlite))
    print(row("(2) embedded over HTTP, PostgreSQL", embedded_pg))
    print(row("(3) distributed over HTTP, same PostgreSQL", distributed_pg))
    print(row("(7) a scratch run (the learner's own call), embedded", scratch_embedded))
    print(row("(7) a scratch run, distributed", scratch_distributed))
    for name, latencies in scratch_large.items():
        print(row(f"(7) scratch at (2048, 512), {name}, embedded", latencies))
    print("throughput over HTTP, 4 clients:")
    for workers, rate in rates.items():
        print(f"  (4) {workers} worker(s), one slot each: {rate:7.1f} submissions/s")
    print(f"  (5) worker killed mid-job -> rerun on the other: {death * 1000:.0f} ms")
    print("events (distributed: decided in the worker -> read by an SSE client of the API):")
    print(row("(6) a test's event, decided to received", streamed))
    sqlite_gap = statistics.median(embedded_sqlite) - base
    pg_gap = statistics.median(embedded_pg) - base
    added = statistics.median(distributed_pg) - statistics.median(embedded_pg)
    own = statistics.median(embedded_sqlite) - base - statistics.median(bare)
    print("goals:")
    print(
        f"  embedded HTTP p50 - pool p50: SQLite {sqlite_gap:+.2f} ms, PostgreSQL "
        f"{pg_gap:+.2f} ms (goal <= 2 ms): {'met' if sqlite_gap <= 2 else 'NOT met'}"
    )
    print(f"  of which the service's own (less the bare request): SQLite {own:+.2f} ms")
    print(
        f"  distributed p50 - embedded p50, same PostgreSQL: {added:+.2f} ms (goal <= 1 ms): "
        f"{'met' if added <= 1 else 'NOT met'}"
    )
    ratio = rates[2] / rates[1]
    print(f"  two workers / one worker throughput: {ratio:.2f}x")


if __name__ == "__main__":
    main()
