"""A lone learner's latency under a flood of infinite loops, embedded and distributed.

Issue 29, item 1: the fair queue across the fleet.

Five addresses (X-Forwarded-For from a trusted proxy: this script) each keep `FLOOD_THREADS`
infinite loops queued from fresh identities, each within its share (a refused one waits and
tries again); a sixth address submits the flagship's reference solution `LEARNER_RUNS` times,
one at a time. Printed: the learner's p50 / p99 embedded (`gradebox serve`, two zygotes) and
distributed (one replica, one worker with two slots, a private Redis), and how many loops each
run started. Limits are short (`cpu_seconds` 1, `wall_seconds` 2): a loop holds a slot about
two seconds, so a fair queue keeps the learner within about one of them; first come, first
served puts it behind the whole queue. Loopback only, fixed counts; about two minutes.
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from pathlib import Path
from typing import Any

import httpx
import redis

from app.live_server import LiveRedis, LiveServer, LiveWorker

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # `python scripts/bench_flood.py`: scripts/ is no package on the path

from scripts.bench_service import SOLUTION, SUBMIT, percentile  # noqa: E402
from tests.conftest import postgres_database  # noqa: E402

LOOP = "while True:\n    pass\n"
STARTS = "gradebox:starts"  # every start, in order (app/fair_streams.py)
FLOODERS = [f"10.0.{number}.1" for number in range(1, 6)]
LEARNER = "10.9.0.1"
FLOOD_THREADS = 4  # per address: 20 identities in all, as in the operator's trial
WARM_SECONDS = 4.0  # the flood fills the queue before the learner starts
LEARNER_RUNS = 20
SETTINGS = {
    "shed_wait_share": "0",  # measure, never shed
    "secret_key": "f" * 48,
    "pool_size": "2",
    "cpu_seconds": "1",
    "wall_seconds": "2",
    "submissions_per_minute": "0",
    "address_submissions_per_minute": "0",
    "identities_per_minute": "0",
    "trusted_proxies": "127.0.0.1",
}


def flood(server: LiveServer, address: str, stop: threading.Event, started: list[int]) -> None:
    """Keep one infinite loop queued from `address`, from a fresh identity each time."""
    while not stop.is_set():
        try:
            with server.client(headers={"X-Forwarded-For": address}) as http:
                http.timeout = httpx.Timeout(120)
                answer = http.post(SUBMIT, json={"code": LOOP})
        except httpx.HTTPError:
            continue
        if answer.status_code == 201:
            started.append(1)
        else:  # refused (its share is full): try again in a moment
            stop.wait(0.2)


def learner_latencies(server: LiveServer) -> tuple[list[float], int]:
    """The learner's seconds per submission under the flood, and the loops that were graded."""
    stop, graded = threading.Event(), list[int]()
    threads = [
        threading.Thread(target=flood, args=(server, address, stop, graded), daemon=True)
        for address in FLOODERS
        for _ in range(FLOOD_THREADS)
    ]
    for thread in threads:
        thread.start()
    time.sleep(WARM_SECONDS)
    latencies = []
    with server.client(headers={"X-Forwarded-For": LEARNER}) as http:
        http.timeout = httpx.Timeout(120)
        for _ in range(LEARNER_RUNS):
            began = time.perf_counter()
            answer = http.post(SUBMIT, json={"code": SOLUTION})
            if answer.status_code == 201:
                latencies.append(time.perf_counter() - began)
            else:
                time.sleep(0.2)
    stop.set()
    for thread in threads:
        thread.join(60)
    return latencies, len(graded)


def start_waits(redis_url: str) -> list[float]:
    """Seconds from each of the learner's jobs being sent to its start, from the workers' log."""
    client = redis.Redis.from_url(redis_url, decode_responses=True)
    try:
        starts: Any = client.xrange(STARTS)
    finally:
        client.close()
    return [
        (int(entry.split("-")[0]) - int(fields["queued"].split("-")[0])) / 1000
        for entry, fields in starts
        if fields["tenant"] == LEARNER
    ]


def row(label: str, latencies: list[float], loops: int) -> str:
    if not latencies:
        return f"  {label:<40} no submission of the learner's was admitted"
    return (
        f"  {label:<40} p50 {statistics.median(latencies):6.2f} s   "
        f"p99 {percentile(latencies, 0.99):6.2f} s   ({len(latencies)} runs; {loops} loops graded)"
    )


def main() -> None:
    os.environ.setdefault("OPENBLAS_NUM_THREADS", "1")
    print(__doc__.split("\n", 1)[0])
    with (
        tempfile.TemporaryDirectory() as scratch,
        postgres_database("gradebox_bench") as database_url,
    ):
        root = Path(scratch)
        (root / "embedded").mkdir()
        with LiveServer(root / "embedded", database_url=database_url, **SETTINGS) as server:
            embedded = learner_latencies(server)
        with LiveRedis(root / "redis") as live_redis:
            worker = LiveWorker(root / "workers", live_redis.url, **SETTINGS).start()
            (root / "replica").mkdir()
            try:
                with LiveServer(
                    root / "replica",
                    database_url=database_url,
                    redis_url=live_redis.url,
                    **SETTINGS,
                ) as server:
                    distributed = learner_latencies(server)
                waits = start_waits(live_redis.url)
            finally:
                worker.stop()
    print("a lone learner's submission, 5 addresses flooding infinite loops (2 slots):")
    print(row("embedded (the pool's fair queue)", *embedded))
    print(row("distributed (fair streams, one worker)", *distributed))
    print(
        f"  the learner's wait for its start (distributed, from {STARTS}): longest "
        f"{max(waits, default=0):.2f} s, p50 {statistics.median(waits or [0]):.2f} s "
        f"(bound: the gradings running, each at most wall_seconds {SETTINGS['wall_seconds']} s)"
    )


if __name__ == "__main__":
    main()
