"""The FastAPI application: wiring, start-up and shutdown."""

from __future__ import annotations

import asyncio
import contextlib
import logging
import secrets
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

from fastapi import FastAPI
from fastapi.middleware.gzip import GZipMiddleware

from app import problems
from app.assets import Assets, StaticAssets
from app.backend import Backend, LocalBackend
from app.db import make_engine, migrate, session_factory
from app.edge import Edge
from app.identity import Identities
from app.leader import SweepLeader
from app.looplag import watch_loop
from app.routes import events, exercises, scratch, submissions, system
from app.service import Service
from app.settings import Settings, get_settings
from app.store import Store
from app.streams import StreamsBackend
from graders.catalog import Catalog
from graders.host.pool import SandboxPool

log = logging.getLogger("gradebox")


def create_app(settings: Settings | None = None, bind_host: str = "") -> FastAPI:
    """The application; `bind_host` (`serve --host`) is a Host it answers for, unless a
    wildcard (`allowed_hosts`)."""
    settings = settings or get_settings()

    @asynccontextmanager
    async def lifespan(app: FastAPI) -> AsyncIterator[None]:
        engine = make_engine(settings.sqlalchemy_url, settings.database_timeout_seconds)
        migrate(engine)
        catalog = Catalog(settings.exercises_dir, settings.limits).load()
        owner = f"gradebox-{secrets.token_hex(6)}"  # this process, in attempt rows and Redis
        backend: Backend
        if settings.distributed:  # learner code never runs here: workers grade it
            settings.require_shared_secret()
            backend = StreamsBackend(settings, owner)
        else:
            backend = LocalBackend(
                SandboxPool(settings.pool_size, settings.limits, settings.allow_weak_sandbox)
            )
        await backend.start()
        service = Service(
            settings,
            Store(session_factory(engine)),
            catalog,
            backend,
            Identities(settings.signing_key()),
            owner=owner,
            leader=SweepLeader(engine),
        )
        if isinstance(backend, StreamsBackend):
            backend.on_orphan = service.record_reply
        app.state.service = service
        background: list[asyncio.Task[object]] = [
            asyncio.create_task(_sweep(service)),
            asyncio.create_task(watch_loop(service.metrics.loop_lag_seconds.observe)),
        ]
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


async def _sweep(service: Service) -> object:
    """Finish what an earlier run left pending, then keep finishing what stalls."""
    await service.run_sweeper()
    return None


async def _watch_exercises(catalog: Catalog) -> object:
    """Development preview: reload an exercise when its files change."""
    while True:
        await asyncio.sleep(1.0)
        for slug in catalog.reload_changed():
            log.info("reloaded exercise %s", slug)
