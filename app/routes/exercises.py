"""Exercises, their progressive hints, and the editorial a learner reads after passing."""

from __future__ import annotations

from datetime import datetime
from typing import Any

from fastapi import APIRouter
from fastapi.responses import FileResponse

from app.deps import ExerciseDep, LearnerDep, ServiceDep
from app.problems import Conflict, Forbidden, NotFound, for_learner
from app.schemas import (
    EditorialOut,
    EntryInfo,
    ExerciseDetail,
    ExerciseLimits,
    ExerciseLink,
    ExerciseSummary,
    HintCount,
    HintOut,
    HintsOut,
    ScratchArgumentInfo,
    ScratchInfo,
    TestInfo,
)
from app.store import Progress
from graders.digest import exercise_version
from graders.exercise import Exercise
from graders.markdown import render

router = APIRouter(prefix="/api/exercises", tags=["exercises"])
NOT_FOUND = for_learner(404, s404="Unknown exercise")
EDITORIAL_FILE = "solution.md"
"""The editorial of an exercise folder (never solution.py, the reference, which is never sent)."""
IMAGE_TYPES = {".png": "image/png", ".jpg": "image/jpeg", ".jpeg": "image/jpeg",
               ".gif": "image/gif", ".webp": "image/webp"}  # fmt: skip
"""What a statement's images may be. Not SVG: an SVG is a document that can carry script."""


@router.get("", responses=for_learner())
async def list_exercises(service: ServiceDep, learner: LearnerDep) -> list[ExerciseSummary]:
    """Every exercise in learning order (by section, then `order`), with this learner's status."""
    exercises = list(service.catalog.in_learning_order())
    versions = {exercise.slug: exercise_version(exercise) for exercise in exercises}
    progress = await service.stored(service.store.progress, learner, versions)
    return [
        ExerciseSummary(
            slug=exercise.slug,
            title=exercise.title,
            difficulty=exercise.difficulty,
            tags=exercise.tags,
            summary=exercise.summary,
            section=exercise.section,
            order=exercise.order,
            **_status(progress.get(exercise.slug)),
        )
        for exercise in exercises
    ]


@router.get("/{slug}", responses=NOT_FOUND)
async def get_exercise(
    exercise: ExerciseDep, service: ServiceDep, learner: LearnerDep
) -> ExerciseDetail:
    """The statement (Markdown and HTML), starter code, tests, limits, hint counts, the next
    exercise in learning order and whether an editorial exists."""
    revealed = await service.stored(service.store.revealed_hints, learner, exercise.slug)
    version = exercise_version(exercise)
    progress = await service.stored(service.store.progress, learner, {exercise.slug: version})
    limits = exercise.limits
    return ExerciseDetail(
        slug=exercise.slug,
        title=exercise.title,
        difficulty=exercise.difficulty,
        tags=exercise.tags,
        summary=exercise.summary,
        section=exercise.section,
        statement_markdown=exercise.statement,
        statement_html=render(exercise.statement, images=f"/api/exercises/{exercise.slug}/images"),
        starter=exercise.starter,
        entry=EntryInfo(function=exercise.entry, signature=exercise.signature),
        tests=[
            TestInfo(id=test.id, title=test.title, description=test.description)
            for test in exercise.tests
        ],
        limits=ExerciseLimits(
            cpu_seconds=limits.cpu_seconds,
            wall_seconds=limits.wall_seconds,
            memory_bytes=limits.memory_bytes,
            code_bytes=limits.source_bytes,
            output_bytes=limits.output_bytes,
        ),
        hints=HintCount(total=len(exercise.hints), revealed=len(revealed)),
        version=version,
        next=_next_in_learning_order(service.catalog.in_learning_order(), exercise.slug),
        has_editorial=(exercise.path / EDITORIAL_FILE).is_file(),
        scratch=_scratch_info(exercise),
        **_status(progress.get(exercise.slug)),
    )


def _scratch_info(exercise: Exercise) -> ScratchInfo | None:
    if exercise.scratch is None:
        return None
    arguments = [
        ScratchArgumentInfo(name=spec.name, description=spec.describe(), optional=spec.optional)
        for spec in exercise.scratch.arguments
    ]
    return ScratchInfo(
        example=exercise.scratch.example,
        reference=exercise.scratch.reference,
        arguments=arguments,
    )


def _next_in_learning_order(exercises: list[Exercise], slug: str) -> ExerciseLink | None:
    slugs = [exercise.slug for exercise in exercises]
    place = slugs.index(slug) + 1 if slug in slugs else len(slugs)
    if place >= len(exercises):
        return None
    return ExerciseLink(slug=exercises[place].slug, title=exercises[place].title)


@router.get(
    "/{slug}/editorial",
    responses=for_learner(
        403,
        404,
        s403="This learner has not passed the exercise yet",
        s404="Unknown exercise, or it has no editorial",
    ),
)
async def editorial(
    exercise: ExerciseDep, service: ServiceDep, learner: LearnerDep
) -> EditorialOut:
    """The editorial (Markdown and HTML): served only to a learner with a passed submission."""
    file = exercise.path / EDITORIAL_FILE
    if not file.is_file():
        raise NotFound(
            f"The exercise {exercise.slug} has no editorial ({EDITORIAL_FILE}).",
            code="no-editorial",
        )
    # From the store, never from the client: a pass on an earlier version of the tests counts
    # (the learner solved the problem; the editorial explains the same solution).
    progress = await service.stored(service.store.progress, learner, {})
    standing = progress.get(exercise.slug)
    if standing is None or standing.status != "passed":
        raise Forbidden(
            f"Pass {exercise.title} first: its editorial opens once one of your submissions "
            "passes every test.",
            code="editorial-locked",
        )
    markdown = file.read_text(encoding="utf-8")
    return EditorialOut(
        slug=exercise.slug,
        title=exercise.title,
        markdown=markdown,
        html=render(markdown, images=f"/api/exercises/{exercise.slug}/images"),
    )


def _status(progress: Progress | None) -> dict[str, Any]:
    """The `status` and `status_current` fields of a learner's progress on one exercise."""
    if progress is None:
        return {"status": "not_tried", "status_current": True}
    return {"status": progress.status, "status_current": progress.current}


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
        raise Conflict(
            f"All {total} hints of this exercise are already revealed.", code="hints-all-revealed"
        )
    return _hint(exercise, *unlocked)


@router.get(
    "/{slug}/images/{name}",
    responses=for_learner(404, s404="Unknown exercise or image"),
    response_class=FileResponse,
)
async def statement_image(exercise: ExerciseDep, name: str) -> FileResponse:
    """A file of the exercise's images/ folder, for its statement: a plain name, no path."""
    folder = exercise.path / "images"
    file = folder / name
    # A name with a separator or a dot-dot, a hidden file, a link out of the folder, or a
    # type not listed is answered as absent: nothing outside images/ can be named.
    if (
        "/" in name
        or "\\" in name
        or name.startswith(".")
        or file.suffix.lower() not in IMAGE_TYPES
        or not file.is_file()
        or file.resolve().parent != folder.resolve()
    ):
        raise NotFound(f"The exercise {exercise.slug} has no image {name!r}.", code="unknown-image")
    return FileResponse(file, media_type=IMAGE_TYPES[file.suffix.lower()])
