"""Learners, health, metrics and the pages."""

from __future__ import annotations

import time

from fastapi import APIRouter, Request
from fastapi.responses import Response

from app.assets import REVALIDATE, Assets
from app.deps import AddressDep, ServiceDep
from app.problems import documented
from app.schemas import HealthOut, LearnerOut

router = APIRouter()


@router.post(
    "/api/learners",
    status_code=201,
    tags=["learners"],
    responses=documented(429, 503, s429="Too many new learners from this address"),
)
async def create_learner(service: ServiceDep, address: AddressDep) -> LearnerOut:
    """A new anonymous learner for a program: send the token as `Authorization: Bearer`."""
    learner, token = await service.new_identity(address)
    await service.stored(service.store.ensure_learner, learner)
    return LearnerOut(id=learner, token=token)


@router.get(
    "/healthz",
    tags=["system"],
    responses={503: {"model": HealthOut, "description": "Degraded: see each component"}},
)
async def health(service: ServiceDep, response: Response) -> HealthOut:
    """Liveness and each component's state: 503 when the sandbox or the database cannot serve.

    Answered at once from the last readings (app/health.py: the database and the queue are
    asked every second, off the request path), each with its `age_seconds`.
    """
    sandbox = service.backend.state()
    database = service.database.state()
    healthy = bool(sandbox["grading"] and sandbox["alive"] and database.ok)
    if not healthy:
        response.status_code = 503
    return HealthOut(
        status="ok" if healthy else "degraded",
        sandbox=sandbox,
        database={
            "ok": database.ok,
            "error": database.error,
            "latency_ms": database.latency_ms,
            "age_seconds": round(time.monotonic() - database.checked, 2),
        },
        queue=service.health.queue(),
        exercises=len(service.catalog.exercises),
        broken_exercises=service.catalog.broken,
    )


@router.get("/metrics", tags=["system"], response_class=Response)
async def metrics(service: ServiceDep) -> Response:
    """Prometheus text format."""
    body = service.metrics.render(service.backend.state(), service.health.queue_counts())
    return Response(body, media_type="text/plain; version=0.0.4; charset=utf-8")


@router.get("/", include_in_schema=False)
async def home_page(request: Request) -> Response:
    return _page(request, "index.html")


@router.get("/exercises/{slug}", include_in_schema=False)
async def exercise_page(slug: str, request: Request) -> Response:
    return _page(request, "exercise.html")


def _page(request: Request, name: str) -> Response:
    """A page of static/, naming the hashed built files; revalidated by its ETag at each load."""
    assets: Assets = request.app.state.assets
    page = assets.page(name)
    headers = {"cache-control": REVALIDATE, "etag": page.etag}
    if page.etag in (tag.strip() for tag in request.headers.get("if-none-match", "").split(",")):
        return Response(status_code=304, headers=headers)
    return Response(page.html, media_type="text/html; charset=utf-8", headers=headers)
