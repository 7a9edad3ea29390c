"""Named dependencies the routes declare: the service, the exercise, the learner.

Each is `async def`, even those with nothing to await: FastAPI runs a plain `def` dependency
on a worker thread, and four thread round trips a request cost more than the in-memory work.
"""

from __future__ import annotations

from typing import Annotated

from fastapi import Depends, Request, Response

from app.edge import client_key
from app.identity import COOKIE_MAX_AGE, COOKIE_NAME
from app.problems import NotFound, Unauthorized
from app.service import Service
from app.store import StoredSubmission
from graders.catalog import UnknownExercise
from graders.exercise import Exercise


async def get_service(request: Request) -> Service:
    service: Service = request.app.state.service
    return service


ServiceDep = Annotated[Service, Depends(get_service)]


async def get_exercise(slug: str, service: ServiceDep) -> Exercise:
    try:
        return service.catalog.get(slug)
    except UnknownExercise:
        known = ", ".join(sorted(service.catalog.exercises)) or "none"
        detail = f"No exercise is called '{slug}'. Known exercises: {known}."
        raise NotFound(detail, code="unknown-exercise") from None


ExerciseDep = Annotated[Exercise, Depends(get_exercise)]


async def get_address(request: Request, service: ServiceDep) -> str:
    """The client's network, for per-address limits and shares: its address (behind a trusted
    proxy, from its forwarded header) grouped by `ipv4_prefix` / `ipv6_prefix`
    (`app.edge.client_key`)."""
    return client_key(request.scope, service.settings)


AddressDep = Annotated[str, Depends(get_address)]


async def get_learner(
    request: Request, response: Response, service: ServiceDep, address: AddressDep
) -> str:
    """The learner id: from a bearer token (refused if forged) or the signed cookie.

    A browser without a valid cookie gets a fresh anonymous identity (no signup), at most
    `identities_per_minute` per client address: past that, 429 (a client that never keeps its
    cookie would otherwise be a new learner, with a fresh rate limit, at every request).
    """
    authorization = request.headers.get("authorization", "")
    if authorization:
        scheme, _, token = authorization.partition(" ")
        learner = service.identities.verify(token.strip()) if scheme.lower() == "bearer" else None
        if learner is None:
            raise Unauthorized(
                "The bearer token is not valid: create one with POST /api/learners.",
                code="invalid-token",
            )
        return learner
    cookie = request.cookies.get(COOKIE_NAME)
    learner = service.identities.verify(cookie) if cookie else None
    if learner is None:
        learner, token = await service.new_identity(address)
        response.set_cookie(
            COOKIE_NAME,
            token,
            max_age=COOKIE_MAX_AGE,
            httponly=True,
            samesite="lax",
            secure=service.settings.cookie_secure,
        )
    return learner


LearnerDep = Annotated[str, Depends(get_learner)]


async def get_owned_submission(
    submission_id: str, service: ServiceDep, learner: LearnerDep
) -> StoredSubmission:
    """The submission named in the path, for its owner only: anyone else gets 404."""
    stored = None
    if len(submission_id) <= 64:
        stored = await service.stored(service.store.get_submission, submission_id)
    if stored is None or stored.learner_id != learner:
        raise NotFound(f"No submission {submission_id} belongs to you.", code="unknown-submission")
    return stored


OwnedSubmissionDep = Annotated[StoredSubmission, Depends(get_owned_submission)]
