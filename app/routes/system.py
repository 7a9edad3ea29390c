"""Learners, health, metrics and the pages."""

from __future__ import annotations

from fastapi import APIRouter
from fastapi.concurrency import run_in_threadpool
from fastapi.responses import FileResponse, Response

from app.deps import ServiceDep
from app.schemas import HealthOut, LearnerOut

router = APIRouter()


@router.post("/api/learners", status_code=201, tags=["learners"])
async def create_learner(service: ServiceDep) -> LearnerOut:
    """A new anonymous learner for a program: send the token as `Authorization: Bearer`."""
    learner, token = service.identities.new()
    await run_in_threadpool(service.store.ensure_learner, learner)
    return LearnerOut(id=learner, token=token)


@router.get("/healthz", tags=["system"])
async def health(service: ServiceDep) -> HealthOut:
    """Liveness, and whether the sandbox passed its self-test (each layer's state)."""
    state = service.pool.state()
    return HealthOut(
        status="ok" if state["grading"] and state["alive"] else "degraded",
        sandbox=state,
        exercises=len(service.catalog.exercises),
        broken_exercises=service.catalog.broken,
    )


@router.get("/metrics", tags=["system"], response_class=Response)
async def metrics(service: ServiceDep) -> Response:
    """Prometheus text format."""
    body = service.metrics.render(service.pool.state())
    return Response(body, media_type="text/plain; version=0.0.4; charset=utf-8")


@router.get("/", include_in_schema=False)
async def home_page(service: ServiceDep) -> FileResponse:
    return FileResponse(service.settings.static_dir / "index.html")


@router.get("/exercises/{slug}", include_in_schema=False)
async def exercise_page(slug: str, service: ServiceDep) -> FileResponse:
    return FileResponse(service.settings.static_dir / "exercise.html")
