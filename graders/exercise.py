"""An exercise is a folder of data; this module reads one into typed objects.

exercises/<slug>/
  exercise.toml   title, difficulty, tags, entry point, tests, known mistakes, limits
  statement.md    what the learner reads (examples in ```pycon blocks are checked)
  hints.md        one `## Title` section per hint, from nudge to near-solution
  starter.py      what the editor opens with
  solution.py     the reference (trusted; never shown to learners)
  mistakes/*.py   known-wrong solutions, described under [[mistakes]]
  checks.py       optional exercise-specific checks, written with the graders library

exercise.toml is validated by the pydantic model `ExerciseFile`, whose JSON Schema editors read
(docs/exercise.schema.json, `make contracts`). The Markdown files are read with markdown-it's
tokens, so a hint or an example is exactly what the page renders as a heading or a code block.
"""

from __future__ import annotations

import ast
from dataclasses import dataclass, field, replace
from functools import cached_property
from pathlib import Path
from typing import Any

import numpy as np

from graders.exercise_file import (
    ExerciseError,
    LimitOverrides,
    MistakeFile,
    TestFile,
    read_exercise_file,
)
from graders.markdown import Example, Hint, parse_examples, parse_hints, render
from graders.probes import COUNTED_FACTORS, Probe, counted_pair, draw_probes, parse_probes
from graders.protocol.arguments import ArgumentSpec
from graders.protocol.limits import Limits
from graders.wording import MESSAGES_FILE, Wording, read_wording

REQUIRED_FILES = ("exercise.toml", "statement.md", "hints.md", "starter.py", "solution.py")


@dataclass(frozen=True)
class TestSpec:
    """One test: what it checks and on which calls."""

    id: str
    title: str
    description: str
    check: str
    probes: list[Probe]
    params: dict[str, Any] = field(default_factory=dict)
    fresh: int = 0  # probes drawn anew at every grading, from `draws` (a `generate.args` list)
    draws: list[Any] = field(default_factory=list)
    # A counted test's calls for each of `probes.COUNTED_FACTORS` (the first is `probes`):
    # one is drawn per grading.
    counted: list[list[Probe]] = field(default_factory=list)
    # `expect`: a call and the value its author computed by hand (graders.validate_proofs)
    expect: list[tuple[Probe, Any]] = field(default_factory=list)


@dataclass(frozen=True)
class ScratchSpec:
    """What the learner's own calls may be (`[scratch]`), and whether the reference answers too."""

    example: str
    reference: bool
    arguments: list[ArgumentSpec]


@dataclass(frozen=True)
class MistakeSpec:
    """A known-wrong solution and what a learner whose output matches it is told."""

    id: str
    title: str
    fails: list[str]
    explanation: str
    path: Path
    hint: int | None = None
    tip: str = ""  # Markdown shown with the diagnosis; unlike a hint, it unlocks nothing

    @cached_property
    def explanation_html(self) -> str:
        return render(self.explanation)

    @cached_property
    def tip_html(self) -> str:
        return render(self.tip) if self.tip else ""


@dataclass(frozen=True)
class Exercise:
    slug: str
    path: Path
    title: str
    difficulty: str
    tags: list[str]
    summary: str
    section: str
    order: int | None
    entry: str
    signature: str
    tolerance: float
    tests: list[TestSpec]
    mistakes: list[MistakeSpec]
    hints: list[Hint]
    statement: str
    starter: str
    limits: Limits
    examples: list[Example]
    scratch: ScratchSpec | None = None
    wording: Wording = field(default_factory=Wording)  # messages.toml: its checks' words
    rtol: float = 0.0  # each call's tolerance grows by rtol x its largest |reference value|

    @cached_property
    def solution_path(self) -> Path:
        return self.path / "solution.py"

    @cached_property
    def checks_path(self) -> Path:
        return self.path / "checks.py"

    def test(self, test_id: str) -> TestSpec:
        return next(test for test in self.tests if test.id == test_id)

    def with_fresh_probes(self, seed: int, valued: frozenset[str] = frozenset()) -> Exercise:
        """This exercise for one grading, drawn from `seed`, which the learner cannot know in
        advance: each test with `generate.fresh` gains that many probes, and each counted test
        (`COUNTED_CHECKS`) gets the calls of one of its `counted` sizes, followed by every call
        of the tests whose check is in `valued` (those that compare values: the counted calls'
        values are judged against the learner's there, graders.checks.check_no_python_loops).
        """
        counted = any(test.counted for test in self.tests)
        if not counted and not any(test.fresh for test in self.tests):
            return self
        rng = np.random.default_rng(seed)
        tests = [
            replace(
                test,
                probes=[*test.probes, *draw_probes(self.entry, test.draws, test.fresh, rng, True)],
            )
            if test.fresh
            else test
            for test in self.tests
        ]
        if counted:  # a generator of its own: the fresh probes stay what they were
            sizes = np.random.default_rng([seed, len(COUNTED_FACTORS)])
            witnesses = {
                probe.key: probe
                for test in tests
                if test.check in valued and not test.counted
                for probe in test.probes
            }
            tests = [
                replace(
                    test,
                    probes=[
                        *test.counted[int(sizes.integers(len(test.counted)))],
                        *witnesses.values(),
                    ],
                )
                if test.counted
                else test
                for test in tests
            ]
        return replace(self, tests=tests)

    def all_probes(self) -> list[Probe]:
        """Every distinct call the tests make (one sandbox run does all): the counted calls
        first, so that no earlier call has warmed a cache the learner keeps (an lru_cache'd
        mask would make the second counted call look cheaper than the first), then the rest
        in first-use order."""
        seen: dict[str, Probe] = {}
        for test in self.tests:
            for probe in test.probes:
                seen.setdefault(probe.key, probe)
        probes = list(seen.values())
        return [probe for probe in probes if probe.counted] + [
            probe for probe in probes if not probe.counted
        ]


# --- the folder -------------------------------------------------------------------------------


def load_exercise(path: Path, base_limits: Limits | None = None) -> Exercise:
    """Read and check one folder; raise ExerciseError naming the file and field at fault."""
    path = path.resolve()
    for required in REQUIRED_FILES:
        if not (path / required).is_file():
            raise ExerciseError(path / required, "file", "missing")
    toml_path = path / "exercise.toml"
    file = read_exercise_file(toml_path)
    function = file.entry.function
    tests = [_test(toml_path, function, index, test) for index, test in enumerate(file.tests)]
    hints = parse_hints((path / "hints.md").read_text(encoding="utf-8"))
    mistakes = [
        _mistake(path, toml_path, index, mistake, {test.id for test in tests}, len(hints))
        for index, mistake in enumerate(file.mistakes)
    ]
    _no_unregistered_mistakes(path, {mistake.id for mistake in file.mistakes})
    statement = (path / "statement.md").read_text(encoding="utf-8")
    try:
        wording = read_wording(path)
    except ValueError as error:
        raise ExerciseError(path / MESSAGES_FILE, "messages", str(error)) from None
    try:
        examples = parse_examples(statement)
    except ValueError as error:
        raise ExerciseError(path / "statement.md", "examples", str(error)) from None
    return Exercise(
        slug=path.name,
        path=path,
        title=file.title,
        difficulty=file.difficulty,
        tags=file.tags,
        summary=file.summary,
        section=file.section,
        order=file.order,
        entry=function,
        signature=file.entry.signature,
        tolerance=file.tolerance,
        rtol=file.rtol,
        tests=tests,
        mistakes=mistakes,
        hints=hints,
        statement=statement,
        starter=(path / "starter.py").read_text(encoding="utf-8"),
        limits=_limits(toml_path, file.limits, base_limits or Limits()),
        examples=examples,
        scratch=None
        if file.scratch is None
        else ScratchSpec(
            file.scratch.example,
            file.scratch.reference,
            [argument.spec() for argument in file.scratch.args],
        ),
        wording=wording,
    )


COUNTED_CHECKS = frozenset({"no_python_loops"})
"""Checks judged by counted calls: each of their probes runs twice, sizes scaled, counted (at
sizes drawn per grading from `probes.COUNTED_FACTORS`)."""


def _test(path: Path, function: str, index: int, test: TestFile) -> TestSpec:
    generate = test.generate.model_dump() if test.generate else None
    try:
        probes = parse_probes(function, test.probes, generate)
    except (TypeError, ValueError, KeyError) as error:
        raise ExerciseError(path, f"tests[{index}].probes", str(error)) from None
    if test.check in COUNTED_CHECKS:
        if not probes:
            why = "needs a probe: the call is made twice, every size scaled, and counted"
            raise ExerciseError(path, f"tests[{index}].probes", why)
        sizes = test.params.get("sizes")
        counted = [
            [pair for probe in probes for pair in counted_pair(function, probe, sizes, factor)]
            for factor in COUNTED_FACTORS
        ]
        probes = counted[0]
    else:
        counted = []
    try:
        expect = [
            (parse_probes(function, [item.call], None)[0], item.value) for item in test.expect
        ]
    except (TypeError, ValueError, KeyError) as error:
        raise ExerciseError(path, f"tests[{index}].expect", str(error)) from None
    fresh = test.generate.fresh if test.generate else 0
    draws = test.generate.args if test.generate else []
    return TestSpec(
        test.id,
        test.title,
        test.description,
        test.check,
        probes,
        test.params,
        fresh,
        draws,
        counted,
        expect,
    )


def _mistake(
    folder: Path, path: Path, index: int, mistake: MistakeFile, test_ids: set[str], hint_count: int
) -> MistakeSpec:
    """What the model alone cannot check: the tests, the hint and the file a mistake names."""
    where = f"mistakes[{index}]."
    unknown = [test for test in mistake.fails if test not in test_ids]
    if unknown:
        raise ExerciseError(path, where + "fails", f"names unknown tests {unknown}")
    if mistake.hint is not None and mistake.hint > hint_count:
        raise ExerciseError(path, where + "hint", f"must be a hint number from 1 to {hint_count}")
    source = folder / "mistakes" / f"{mistake.id}.py"
    if not source.is_file():
        raise ExerciseError(source, where + "id", "no such file in mistakes/")
    return MistakeSpec(
        mistake.id,
        mistake.title,
        mistake.fails,
        mistake.explanation,
        source,
        mistake.hint,
        mistake.tip or "",
    )


def _no_unregistered_mistakes(folder: Path, registered: set[str]) -> None:
    """A mistakes/*.py with no [[mistakes]] entry would never be graded by validate, so nothing
    would prove it is caught: it is an error, named by its file."""
    for source in sorted((folder / "mistakes").glob("*.py")):
        if source.stem not in registered:
            why = f'not registered: add a [[mistakes]] entry with id = "{source.stem}" to exercise.toml'
            raise ExerciseError(source, "file", why)


def _limits(path: Path, overrides: LimitOverrides, ceilings: Limits) -> Limits:
    """The service's limits, lowered where the exercise asks; asking for more is an error."""
    limits = ceilings.merged(dict(overrides))
    for name in limits.above(ceilings):
        raise ExerciseError(
            path,
            f"limits.{name}",
            f"{getattr(limits, name)} is above the service's ceiling of {getattr(ceilings, name)}",
        )
    return limits


def source_defines(source: str, function: str) -> bool:
    """Whether trusted source (a reference or a mistake) defines `function` at module level."""
    tree = ast.parse(source)
    return any(isinstance(node, ast.FunctionDef) and node.name == function for node in tree.body)
