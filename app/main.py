"""The FastAPI application: wiring, start-up and shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator, Callable, Coroutine
from contextlib import asynccontextmanager
from dataclasses import dataclass
from typing import Any

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware

from app import problems
from app.admission import Admission
from app.assets import Assets, StaticAssets
from app.backend import Backend, LocalBackend
from app.db import make_engine, session_factory
from app.edge import Edge
from app.events import Events, MemoryEvents, RedisEvents
from app.identity import Identities
from app.intake import Gates, Intake, address_share
from app.leader import SweepLeader
from app.looplag import watch_loop
from app.metrics import Metrics
from app.preflight import prepare_database
from app.ratelimit import RateLimiter
from app.routes import events, exercises, scratch, submissions, system
from app.service import Service
from app.settings import Settings, get_settings
from app.shared_limits import SharedAdmission, SharedRateLimiter
from app.storage import Database
from app.store import Store
from app.streams import StreamsBackend
from app.sweeper import Sweeper
from app.transport import connect
from graders.catalog import Catalog
from graders.host.pool import SandboxPool

log = logging.getLogger("gradebox")
EVENT_READERS = 1024  # Redis connections for SSE readers (each blocks on its stream)
SLOT_LEASE_SECONDS = 5.0  # a queue slot's lease in Redis, renewed every second while held


def create_app(settings: Settings | None = None, bind_host: str = "") -> FastAPI:
    """The application; `bind_host` (`serve --host`) is a Host it answers for, unless a
    wildcard (`allowed_hosts`)."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(
            settings.sqlalchemy_url, settings.database_timeout_seconds, settings.database_threads
        )
        secret = settings.signing_key()
        prepare_database(engine, secret)  # `serve` did it before listening: a refusal is a line
        catalog = settings.catalog().load()
        owner = f"gradebox-{secrets.token_hex(6)}"  # this process, in attempt rows and Redis
        metrics = Metrics()
        parts = await (_distributed if settings.distributed else _embedded)(
            settings, owner, metrics
        )
        store = Store(session_factory(engine))
        service = Service(
            settings,
            store,
            catalog,
            parts.backend,
            Identities(secret),
            Intake(settings, parts.backend, parts.gates, metrics),
            parts.events,
            Database(store, settings, metrics),
            metrics,
            owner=owner,
            leader=SweepLeader(engine),
        )
        await service.health.start()
        sweeper = Sweeper(service)
        if parts.orphans is not None:
            parts.orphans.on_orphan = sweeper.record
        backend = parts.backend
        app.state.service = service
        background: list[asyncio.Task[object]] = [
            asyncio.create_task(_sweep(sweeper)),
            asyncio.create_task(_keep_fresh(service)),
            asyncio.create_task(watch_loop(service.metrics.loop_lag_seconds.observe)),
        ]
        background += [asyncio.create_task(loop()) for loop in parts.loops]
        if settings.reload_exercises:
            background.append(asyncio.create_task(_watch_exercises(catalog)))
        try:
            yield
        finally:
            for task in background:
                task.cancel()
                with contextlib.suppress(asyncio.CancelledError, Exception):
                    await task
            await backend.close()
            service.close()
            engine.dispose()

    app = FastAPI(
        title="gradebox",
        version="0.1.0",
        summary="Auto-graded ML-from-scratch exercises in NumPy.",
        description="Practice exercises with feedback that teaches. Errors are RFC 9457 problem+json.",
        lifespan=lifespan,
        responses=problems.documented(500),
    )
    problems.install(app)
    # The page's bundle is ~0.7 MB of JavaScript; compressed it is a third of that.
    app.add_middleware(GZipMiddleware, minimum_size=1024)
    app.include_router(exercises.router)
    app.include_router(submissions.router)
    app.include_router(scratch.router)
    app.include_router(events.router)
    app.include_router(system.router)
    app.state.assets = Assets(settings.static_dir)  # the pages (app/routes/system.py) and /static
    if settings.static_dir.is_dir():
        app.mount("/static", StaticAssets(app.state.assets), name="static")

    app.add_middleware(Edge, settings=settings, bind_host=bind_host)
    return app


async def _sweep(sweeper: Sweeper) -> object:
    """Finish what an earlier run left pending, then keep finishing what stalls."""
    await sweeper.run()
    return None


async def _keep_fresh(service: Service) -> object:
    """What /healthz reads, every second (app/health.py)."""
    await service.health.run()
    return None


@dataclass(frozen=True)
class _Parts:
    """What differs between the modes, chosen here once: the rest of the service sees protocols."""

    backend: Backend
    gates: Gates
    events: Events
    orphans: StreamsBackend | None = None  # hears replies nobody waits for
    loops: tuple[Callable[[], Coroutine[Any, Any, object]], ...] = ()  # run until shutdown


def _capacity(settings: Settings, backend: Backend) -> tuple[int, int]:
    capacity = backend.slots + settings.queue_size
    return capacity, address_share(capacity, settings)


async def _embedded(settings: Settings, owner: str, metrics: Metrics) -> _Parts:
    """One process: gradings in its own sandbox pool, limits and events in its memory."""
    pool = SandboxPool(settings.pool_size, settings.limits, settings.allow_weak_sandbox)
    pool.on_timing = metrics.pool_timing
    backend = LocalBackend(pool)
    backend.on_ending = metrics.ending
    await backend.start()
    capacity, per_address = _capacity(settings, backend)
    gates = Gates(
        RateLimiter(settings.submissions_per_minute),
        RateLimiter(settings.address_submissions_per_minute),
        RateLimiter(settings.identities_per_minute),
        Admission(capacity, settings.learner_queue_share, per_address),
    )
    return _Parts(backend, gates, MemoryEvents())


async def _distributed(settings: Settings, owner: str, metrics: Metrics) -> _Parts:
    """API replicas: learner code never runs here (workers grade it); every replica counts as
    one, in Redis."""
    settings.require_shared_secret()
    backend = StreamsBackend(settings, owner)
    await backend.start()
    redis, prefix = backend.redis, settings.redis_prefix
    submissions, addresses, identities = (
        SharedRateLimiter(redis, name, per_minute, prefix=prefix)
        for name, per_minute in (
            ("submissions", settings.submissions_per_minute),
            ("address-submissions", settings.address_submissions_per_minute),
            ("identities", settings.identities_per_minute),
        )
    )
    capacity, per_address = _capacity(settings, backend)
    # A slot is a short lease, renewed while its submission waits or grades (at most as long
    # as a replica waits for one): a replica that dies holding one gives it back in seconds.
    longest = settings.attempt_stale_seconds + settings.wall_seconds
    queue = SharedAdmission(
        redis,
        capacity,
        settings.learner_queue_share,
        per_address,
        SLOT_LEASE_SECONDS,
        prefix,
        longest_seconds=longest,
    )
    _count_replies_and_takeovers(metrics, backend)
    # A reader per SSE client (each blocks on its stream): a pool of its own.
    events = RedisEvents(connect(settings, EVENT_READERS), prefix, settings.events_seconds)
    gates = Gates(submissions, addresses, identities, queue)
    return _Parts(backend, gates, events, orphans=backend, loops=(queue.keep_leases,))


def _count_replies_and_takeovers(metrics: Metrics, backend: StreamsBackend) -> None:
    metrics.count(
        "gradebox_replies_dropped",
        "Worker replies not recorded: for no job of ours (never sent, or answered already: "
        "unknown) or for a send of a job that was sent again since (superseded)",
        lambda: backend.dropped,
        label="reason",
    )
    metrics.count(
        "gradebox_job_takeovers",
        "Jobs taken over from a worker that stopped re-claiming them (normally: it died)",
        lambda: {"": backend.counts.get("takeovers", 0)},
    )
    metrics.count(
        "gradebox_live_takeovers",
        "Jobs taken over while their first grading still ran (a bug: graded twice)",
        lambda: {"": backend.counts.get("live_takeovers", 0)},
    )


async def _watch_exercises(catalog: Catalog) -> object:
    """Development preview: reload an exercise when its files change."""
    while True:
        await asyncio.sleep(1.0)
        for slug in catalog.reload_changed():
            log.info("reloaded exercise %s", slug)
