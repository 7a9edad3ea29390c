"""Prometheus metrics: requests, verdicts, queue and grading times, pool state, sandbox endings."""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from prometheus_client import CollectorRegistry, Counter, Gauge, Histogram, generate_latest
from prometheus_client.core import CounterMetricFamily, Metric
from prometheus_client.registry import Collector

from app.protocol import REFUSED


class _Counted(Collector):
    """A counter kept outside this registry (the HTTP protocol's refusals, the replies the
    streams backend dropped, Redis's counts hash), read when /metrics is asked: `counts` maps
    each value of `label` to its count (with no label, "" to the one count)."""

    def __init__(
        self,
        name: str,
        documentation: str,
        counts: Callable[[], Mapping[str, int]],
        label: str | None = None,
    ) -> None:
        self.name, self.documentation, self.counts, self.label = name, documentation, counts, label

    def collect(self) -> Iterator[Metric]:
        labels = [self.label] if self.label else []
        family = CounterMetricFamily(self.name, self.documentation, labels=labels)
        for value, count in sorted(self.counts().items()):
            family.add_metric([value] if self.label else [], count)
        yield family


class Metrics:
    def __init__(self) -> None:
        self.registry = CollectorRegistry()
        self.count(
            "gradebox_http_refused",
            "Connections and requests refused before the app saw them, by reason",
            lambda: REFUSED,  # the protocol counts them
            label="reason",
        )
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
        self.scratch_runs = Counter(
            "gradebox_scratch_runs",
            "Scratch runs (the learner's own calls, not graded) by status",
            ["exercise", "status"],
            registry=self.registry,
        )
        buckets = (0.001, 0.0025, 0.005, 0.01, 0.02, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10)
        self.grading_seconds = Histogram(
            "gradebox_grading_seconds",
            "Time to grade one submission, queue wait included",
            buckets=buckets,
            registry=self.registry,
        )
        self.queue_wait_seconds = Histogram(
            "gradebox_queue_wait_seconds",
            "Time a job waited for a free sandbox zygote",
            buckets=buckets,
            registry=self.registry,
        )
        self.sandbox_seconds = Histogram(
            "gradebox_sandbox_seconds",
            "Time one job ran in the sandbox, without queue wait",
            buckets=buckets,
            registry=self.registry,
        )
        self.endings = Counter(
            "gradebox_sandbox_endings",
            "How sandbox runs ended, by cause (deaths, kills, time-outs, clean finishes)",
            ["ending"],
            registry=self.registry,
        )
        self.attempts = Counter(
            "gradebox_grading_attempts", "Grading attempts started", registry=self.registry
        )
        self.quarantined = Counter(
            "gradebox_quarantined_submissions",
            "Submissions set aside after too many attempts that never finished",
            registry=self.registry,
        )
        self.database_errors = Counter(
            "gradebox_database_errors", "Database calls that failed or timed out",
            registry=self.registry,
        )  # fmt: skip
        self.shed = Counter(
            "gradebox_shed",
            "Submissions and scratch runs refused (503) because our children waited for a CPU",
            registry=self.registry,
        )
        self.loop_lag_seconds = Histogram(
            "gradebox_event_loop_lag_seconds",
            "How late a 10 ms sleep on the event loop woke (app.looplag): work that holds the "
            "loop up shows here",
            buckets=(0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5),
            registry=self.registry,
        )
        self.pool = Gauge("gradebox_pool", "Sandbox pool state", ["state"], registry=self.registry)
        self.queue = Gauge(
            "gradebox_queue", "Admitted submissions and the bound", ["state"],
            registry=self.registry,
        )  # fmt: skip

    def count(
        self,
        name: str,
        documentation: str,
        counts: Callable[[], Mapping[str, int]],
        label: str | None = None,
    ) -> None:
        """Export a count kept elsewhere as the counter `name` (see `_Counted`)."""
        self.registry.register(_Counted(name, documentation, counts, label))

    def ending(self, ending: object, outcome: object = None) -> None:
        """How one sandbox run ended (the local pool's `on_ending`)."""
        self.endings.labels(str(ending)).inc()

    def pool_timing(self, stage: str, seconds: float) -> None:
        """The local pool's `on_timing`: a job's wait for a child, or its time in one."""
        if stage == "queue_wait":
            self.queue_wait_seconds.observe(seconds)
        else:
            self.sandbox_seconds.observe(seconds)

    def render(self, pool_state: dict[str, Any], queue_state: dict[str, int]) -> bytes:
        for key in ("size", "busy", "waiting", "restarts", "alive"):
            self.pool.labels(key).set(float(pool_state.get(key, 0)))
        self.pool.labels("grading").set(1.0 if pool_state.get("grading") else 0.0)
        for key, value in queue_state.items():
            self.queue.labels(key).set(float(value))
        return bytes(generate_latest(self.registry))
