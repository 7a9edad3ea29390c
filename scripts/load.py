"""End-to-end HTTP load on loopback: one flagship submission's latency, and throughput at 4 clients.

Starts `gradebox serve` on a free loopback port with a temporary database (rate limit off),
then: 100 sequential submissions (median, p99), and 4 concurrent clients for 200 submissions
(requests per second). Bounded in count and time; stops the server it started.
"""

from __future__ import annotations

import statistics
import tempfile
import threading
import time
from pathlib import Path

from app.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[1]
FLAGSHIP = "sinusoidal-positional-encoding"
FLAGSHIP_URL = f"/api/exercises/{FLAGSHIP}"
SOLUTION = (ROOT / "exercises" / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
SEQUENTIAL, CONCURRENT, CLIENTS = 100, 200, 4


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))]


def main() -> None:
    with (
        tempfile.TemporaryDirectory() as data,
        LiveServer(
            Path(data),
            submissions_per_minute="0",
            address_submissions_per_minute="0",  # every client here is 127.0.0.1
            shed_wait_share="0",  # the load is the point: measure it, never shed it
            cpu_seconds="4",
            wall_seconds="6",
        ) as live,
    ):
        run(live)


def concurrent_rate(live: LiveServer, total: int, clients: int) -> tuple[float, list[int]]:
    """`total` flagship submissions from `clients` browser-like clients (a cookie each, our
    Origin) at once: submissions per second, and the statuses that were not 201."""
    url = f"{FLAGSHIP_URL}/submissions"
    remaining, lock, failures = [total], threading.Lock(), list[int]()

    def client() -> None:
        with live.client() as http:
            while True:
                with lock:
                    if remaining[0] == 0:
                        return
                    remaining[0] -= 1
                response = http.post(url, json={"code": SOLUTION})
                if response.status_code != 201:
                    failures.append(response.status_code)

    started = time.perf_counter()
    threads = [threading.Thread(target=client) for _ in range(clients)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(300)
    return total / (time.perf_counter() - started), failures


def run(live: LiveServer) -> None:
    url = f"{FLAGSHIP_URL}/submissions"
    with live.client() as http:
        for _ in range(10):  # warm-up: caches, first-touch, connection
            http.post(url, json={"code": SOLUTION})
        latencies: list[float] = []
        for _ in range(SEQUENTIAL):
            started = time.perf_counter()
            response = http.post(url, json={"code": SOLUTION})
            latencies.append((time.perf_counter() - started) * 1000)
            if response.status_code != 201 or response.json()["verdict"] != "passed":
                raise SystemExit(
                    f"unexpected response {response.status_code}: {response.text[:300]}"
                )
    print(f"one flagship submission over HTTP ({SEQUENTIAL} sequential):")
    print(
        f"  median {statistics.median(latencies):.1f} ms   p99 {percentile(latencies, 0.99):.1f} ms"
    )

    rate, failures = concurrent_rate(live, CONCURRENT, CLIENTS)
    print(
        f"{CLIENTS} concurrent clients, {CONCURRENT} submissions: {rate:.1f} requests/s"
        f" ({len(failures)} not 201: {sorted(set(failures))})"
    )


if __name__ == "__main__":
    main()
