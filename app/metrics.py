"""Prometheus metrics: requests, submissions by verdict, grading latency, pool state."""

from __future__ import annotations

from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.requests = Counter(
            "gradebox_http_requests",
            "HTTP requests",
            ["method", "route", "status"],
            registry=self.registry,
        )
        self.submissions = Counter(
            "gradebox_submissions",
            "Graded submissions by verdict",
            ["exercise", "verdict"],
            registry=self.registry,
        )
        self.grading_seconds = Histogram(
            "gradebox_grading_seconds",
            "Time to grade one submission",
            buckets=(0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10),
            registry=self.registry,
        )
        self.pool = Gauge("gradebox_pool", "Sandbox pool state", ["state"], registry=self.registry)

    def render(self, pool_state: dict[str, Any]) -> bytes:
        for key in ("size", "busy", "waiting", "restarts", "alive"):
            self.pool.labels(key).set(float(pool_state.get(key, 0)))
        self.pool.labels("grading").set(1.0 if pool_state.get("grading") else 0.0)
        return bytes(generate_latest(self.registry))
