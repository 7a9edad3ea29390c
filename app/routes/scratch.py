"""Scratch runs: the learner's own call of their code, run in the sandbox, never graded."""

from __future__ import annotations

from fastapi import APIRouter

from app.deps import AddressDep, ExerciseDep, LearnerDep, ServiceDep
from app.problems import Conflict, Invalid, for_learner
from app.routes.submissions import check_code
from app.schemas import ScratchIn
from graders.engine.scratch import NoScratch
from graders.scratch import ScratchRun

router = APIRouter(tags=["scratch"])


@router.post(
    "/api/exercises/{slug}/scratch",
    responses=for_learner(
        404,
        409,
        413,
        422,
        s404="Unknown exercise",
        s409="The exercise takes no calls of the learner's own",
        s413="Code over the size limit",
        s422="Invalid body: code not plain UTF-8 text, or a call over 2,000 characters",
        s429="Too many scratch runs (a window of their own, at the submissions' rate): Retry-After",
        s503="The queue is full: see Retry-After",
    ),
)
async def scratch(
    body: ScratchIn,
    exercise: ExerciseDep,
    service: ServiceDep,
    learner: LearnerDep,
    address: AddressDep,
) -> ScratchRun:
    """Call the learner's function once on their own arguments and show what came back.

    Not graded and not stored: the code runs in the same sandbox as a submission, the call's
    arguments are made there and checked against the exercise's argument schema, and, where the
    exercise allows it, the reference's answer to the same call comes back beside it. A call
    the exercise cannot take is `status: refused` with the reason (200: the run is the answer);
    4xx is for requests that are not a scratch run at all.
    """
    check_code(body.code, exercise.limits.source_bytes)
    if "\x00" in body.call:
        raise Invalid("call: contains a NUL byte.", code="nul-byte")
    try:
        return await service.scratch(learner, exercise, body.code, body.call, address)
    except NoScratch:
        raise Conflict(
            f"The exercise {exercise.slug} takes no calls of your own: it declares no [scratch].",
            code="no-scratch",
        ) from None
