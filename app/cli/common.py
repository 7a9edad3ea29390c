"""What the commands share: exit codes, the settings, one exercise by slug, a sandbox pool."""

from __future__ import annotations

import sys
from collections.abc import Awaitable, Callable
from typing import TYPE_CHECKING, TypeVar

if TYPE_CHECKING:
    from app.settings import Settings
    from graders.engine import Grader
    from graders.exercise import Exercise
    from graders.host.pool import SandboxPool
    from graders.host.process import ZygoteProcess

EXIT_PASSED, EXIT_NOT_PASSED, EXIT_USAGE = 0, 1, 2
T = TypeVar("T")


def read_settings() -> Settings:
    """The settings, read when a command needs them (not at import: `--help` reads none)."""
    from app.settings import get_settings

    return get_settings()


def load_exercise(settings: Settings, slug: str) -> Exercise | None:
    """The exercise `slug` from the settings' folder; None, with the reason on stderr, when
    there is none or its folder is broken."""
    from graders.catalog import UnknownExercise
    from graders.exercise_file import ExerciseError

    catalog = settings.catalog()
    try:
        return catalog.load_one(slug)
    except UnknownExercise:
        known = ", ".join(catalog.slugs()) or "none"
        print(f"gradebox: unknown exercise '{slug}' (known: {known})", file=sys.stderr)
    except ExerciseError as error:  # the folder is there but broken
        where = f"{error.path.name}: {error.field_name}: {error.problem}"
        print(f"gradebox: exercise '{slug}' is broken: {where}", file=sys.stderr)
    return None


def with_sandbox(
    settings: Settings,
    work: Callable[[SandboxPool], Awaitable[T]],
    zygote: ZygoteProcess | None = None,
) -> T:
    """Start a one-zygote sandbox pool (on `zygote`, if one was started ahead), run `work` on
    it, stop the pool."""
    import asyncio

    from graders.host.pool import SandboxPool

    async def run() -> T:
        started = [zygote] if zygote else []
        pool = SandboxPool(1, settings.limits, settings.allow_weak_sandbox, prestarted=started)
        await pool.start()
        try:
            return await work(pool)
        finally:
            await pool.close()

    return asyncio.run(run())


def with_pool(
    settings: Settings,
    work: Callable[[Grader], Awaitable[T]],
    zygote: ZygoteProcess | None = None,
) -> T:
    """`with_sandbox`, `work` given a grader on the pool."""
    from graders.engine import Grader

    return with_sandbox(settings, lambda pool: work(Grader(pool)), zygote)
