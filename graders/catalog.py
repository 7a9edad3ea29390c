"""The catalog: every exercise folder under one directory, checked when loaded."""

from __future__ import annotations

import logging
from dataclasses import dataclass, field
from pathlib import Path

from graders import trusted
from graders.exercise import Exercise, load_exercise
from graders.exercise_cache import ExerciseCache
from graders.exercise_file import ExerciseError
from graders.load_check import load_problems
from graders.protocol.limits import Limits

log = logging.getLogger("gradebox.catalog")


class UnknownExercise(KeyError):
    """No exercise has that slug."""


@dataclass
class Catalog:
    """Exercises by slug; broken folders are reported (file and field) and left out."""

    root: Path
    limits: Limits = field(default_factory=Limits)  # the service's ceilings
    cache: ExerciseCache | None = None  # load-checked folders kept between starts
    exercises: dict[str, Exercise] = field(default_factory=dict)
    broken: dict[str, str] = field(default_factory=dict)
    _stamp: dict[str, float] = field(default_factory=dict)

    def load(self) -> Catalog:
        self.exercises, self.broken = {}, {}
        for folder in sorted(self.root.iterdir() if self.root.is_dir() else []):
            if folder.is_dir() and (folder / "exercise.toml").exists():
                self._load_one(folder)
        return self

    def slugs(self) -> list[str]:
        """The exercise folders under the root, without loading any."""
        folders = self.root.iterdir() if self.root.is_dir() else []
        return sorted(f.name for f in folders if (f / "exercise.toml").is_file())

    def load_one(self, slug: str) -> Exercise:
        """Load just the exercise `slug` (the command line grades one); UnknownExercise if there
        is no such folder, ExerciseError naming the file and field if it is broken."""
        if slug not in self.slugs():
            raise UnknownExercise(slug)
        exercise, problems = self._checked(self.root / slug)
        if problems:
            file, _, problem = problems[0].partition(": ")
            raise ExerciseError(exercise.path / file.split(" line ")[0], "load", problem)
        self.exercises[slug] = exercise
        return exercise

    def _checked(self, folder: Path) -> tuple[Exercise, list[str]]:
        """The folder read, its checks imported and load-checked: from the cache when nothing
        it was made of changed (the checks are imported either way: grading calls them)."""
        key = self.cache.key(folder, self.limits) if self.cache else ""
        if self.cache and (exercise := self.cache.get(folder, key)) is not None:
            trusted.checks_for(exercise)
            return exercise, []
        exercise = load_exercise(folder, self.limits)
        trusted.checks_for(exercise)
        if not (problems := load_problems(exercise)) and self.cache:
            self.cache.put(folder, key, exercise)
        return exercise, problems

    def _load_one(self, folder: Path) -> None:
        self.exercises.pop(folder.name, None)
        self.broken.pop(folder.name, None)
        try:
            exercise, problems = self._checked(folder)
        except ExerciseError as error:
            self.broken[folder.name] = f"{error.path.name}: {error.field_name}: {error.problem}"
            log.error("exercise %s left out: %s", folder.name, self.broken[folder.name])
        except Exception as error:
            self.broken[folder.name] = f"checks.py: {type(error).__name__}: {error}"
            log.error("exercise %s left out: %s", folder.name, self.broken[folder.name])
        else:
            if problems:  # every problem, each naming its file: an author fixes them in one go
                self.broken[folder.name] = "; ".join(problems)
                log.error("exercise %s left out: %s", folder.name, self.broken[folder.name])
            else:
                self.exercises[folder.name] = exercise
        self._stamp[folder.name] = _newest_change(folder)

    def reload_changed(self) -> list[str]:
        """Reload folders whose files changed since they were read (development preview)."""
        changed = []
        folders = [f for f in (self.root.iterdir() if self.root.is_dir() else []) if f.is_dir()]
        for folder in folders:
            if (folder / "exercise.toml").exists() and self._stamp.get(
                folder.name
            ) != _newest_change(folder):
                self._load_one(folder)
                changed.append(folder.name)
        return changed

    def get(self, slug: str) -> Exercise:
        try:
            return self.exercises[slug]
        except KeyError:
            raise UnknownExercise(slug) from None

    def in_learning_order(self) -> list[Exercise]:
        """Sections in the order of their first exercise, each section's exercises by `order`
        (those without one last), then slug: the same order however the folders were (re)loaded."""
        exercises = sorted(self.exercises.values(), key=_place)
        sections: dict[str, int] = {}
        for rank, exercise in enumerate(exercises):
            sections.setdefault(exercise.section, rank)
        return sorted(
            exercises, key=lambda exercise: (sections[exercise.section], _place(exercise))
        )

    def __iter__(self):  # type: ignore[no-untyped-def]
        return iter(self.in_learning_order())


def _place(exercise: Exercise) -> tuple[bool, int, str]:
    return (exercise.order is None, exercise.order or 0, exercise.slug)


def _newest_change(folder: Path) -> float:
    return max((file.stat().st_mtime for file in folder.rglob("*") if file.is_file()), default=0.0)
