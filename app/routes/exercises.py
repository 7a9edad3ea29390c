"""Exercises and their progressive hints."""

from __future__ import annotations

from datetime import datetime

from fastapi import APIRouter

from app.deps import ExerciseDep, LearnerDep, ServiceDep
from app.problems import Conflict, for_learner
from app.schemas import (
    EntryInfo,
    ExerciseDetail,
    ExerciseSummary,
    HintCount,
    HintOut,
    HintsOut,
    TestInfo,
)
from graders.exercise import Exercise
from graders.markdown import render

router = APIRouter(prefix="/api/exercises", tags=["exercises"])
NOT_FOUND = for_learner(404, s404="Unknown exercise")


@router.get("", responses=for_learner())
async def list_exercises(service: ServiceDep, learner: LearnerDep) -> list[ExerciseSummary]:
    """Every exercise, with this learner's status on it."""
    statuses = await service.stored(service.store.statuses, learner)
    return [
        ExerciseSummary(
            slug=exercise.slug,
            title=exercise.title,
            difficulty=exercise.difficulty,
            tags=exercise.tags,
            summary=exercise.summary,
            status=statuses.get(exercise.slug, "not_tried"),
        )
        for exercise in service.catalog
    ]


@router.get("/{slug}", responses=NOT_FOUND)
async def get_exercise(
    exercise: ExerciseDep, service: ServiceDep, learner: LearnerDep
) -> ExerciseDetail:
    """The statement (Markdown and HTML), starter code, tests, limits and hint counts."""
    revealed = await service.stored(service.store.revealed_hints, learner, exercise.slug)
    statuses = await service.stored(service.store.statuses, learner)
    limits = exercise.limits
    return ExerciseDetail(
        slug=exercise.slug,
        title=exercise.title,
        difficulty=exercise.difficulty,
        tags=exercise.tags,
        summary=exercise.summary,
        section=exercise.section,
        statement_markdown=exercise.statement,
        statement_html=render(exercise.statement),
        starter=exercise.starter,
        entry=EntryInfo(function=exercise.entry, signature=exercise.signature),
        tests=[
            TestInfo(id=test.id, title=test.title, description=test.description)
            for test in exercise.tests
        ],
        limits={
            "cpu_seconds": limits.cpu_seconds,
            "wall_seconds": limits.wall_seconds,
            "memory_bytes": limits.memory_bytes,
            "code_bytes": service.settings.max_code_bytes,
            "output_bytes": limits.output_bytes,
        },
        hints=HintCount(total=len(exercise.hints), revealed=len(revealed)),
        status=statuses.get(exercise.slug, "not_tried"),
    )


def _hint(exercise: Exercise, index: int, revealed_at: datetime) -> HintOut:
    hint = exercise.hints[index - 1]
    return HintOut(
        index=index,
        total=len(exercise.hints),
        title=hint.title,
        markdown=hint.markdown,
        html=render(hint.markdown),
        revealed_at=revealed_at,
    )


@router.get("/{slug}/hints", responses=NOT_FOUND)
async def revealed_hints(
    exercise: ExerciseDep, service: ServiceDep, learner: LearnerDep
) -> HintsOut:
    """The hints this learner has revealed so far, in order."""
    revealed = await service.stored(service.store.revealed_hints, learner, exercise.slug)
    return HintsOut(
        total=len(exercise.hints),
        revealed=[
            _hint(exercise, index, at) for index, at in revealed if index <= len(exercise.hints)
        ],
    )


@router.post(
    "/{slug}/hints/next",
    responses=for_learner(404, 409, s404="Unknown exercise", s409="Every hint is already revealed"),
)
async def reveal_next_hint(
    exercise: ExerciseDep, service: ServiceDep, learner: LearnerDep
) -> HintOut:
    """Reveal the next hint (they unlock in order); the unlock is recorded with its time."""
    total = len(exercise.hints)
    unlocked = await service.stored(service.store.reveal_next_hint, learner, exercise.slug, total)
    if unlocked is None:
        raise Conflict(f"All {total} hints of this exercise are already revealed.")
    return _hint(exercise, *unlocked)
