"""An exercise is a folder of data; this module reads one into typed objects.

exercises/<slug>/
  exercise.toml   title, difficulty, tags, entry point, tests, known mistakes, limits
  statement.md    what the learner reads (examples in ```pycon blocks are checked)
  hints.md        one `## Title` section per hint, from nudge to near-solution
  starter.py      what the editor opens with
  solution.py     the reference (trusted; never shown to learners)
  mistakes/*.py   known-wrong solutions, described under [[mistakes]]
  checks.py       optional exercise-specific checks, written with the graders library
"""

from __future__ import annotations

import ast
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Any

from graders.markdown import render
from graders.probes import Probe, parse_probes
from graders.protocol.limits import Limits

DIFFICULTIES = ("easy", "medium", "hard")


class ExerciseError(Exception):
    """A broken exercise folder: names the file and the field at fault."""

    def __init__(self, path: Path, field_name: str, problem: str) -> None:
        super().__init__(f"{path}: {field_name}: {problem}")
        self.path, self.field_name, self.problem = path, field_name, problem


@dataclass(frozen=True)
class TestSpec:
    """One test: what it checks and on which calls."""

    id: str
    title: str
    description: str
    check: str
    probes: list[Probe]
    params: dict[str, Any] = field(default_factory=dict)


@dataclass(frozen=True)
class MistakeSpec:
    """A known-wrong solution and what a learner whose output matches it is told."""

    id: str
    title: str
    fails: list[str]
    explanation: str
    path: Path
    hint: int | None = None

    @cached_property
    def explanation_html(self) -> str:
        return render(self.explanation)


@dataclass(frozen=True)
class Hint:
    title: str
    markdown: str


@dataclass(frozen=True)
class Example:
    """A ```pycon example from the statement: an expression and the literal it shows."""

    expression: str
    expected: str
    line: int


@dataclass(frozen=True)
class Exercise:
    slug: str
    path: Path
    title: str
    difficulty: str
    tags: list[str]
    summary: str
    section: str
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

    @cached_property
    def solution_path(self) -> Path:
        return self.path / "solution.py"

    @cached_property
    def checks_path(self) -> Path:
        return self.path / "checks.py"

    def test(self, test_id: str) -> TestSpec:
        return next(test for test in self.tests if test.id == test_id)

    def all_probes(self) -> list[Probe]:
        """Every distinct call the tests make, in first-use order (one sandbox run does all)."""
        seen: dict[str, Probe] = {}
        for test in self.tests:
            for probe in test.probes:
                seen.setdefault(probe.key, probe)
        return list(seen.values())


def load_exercise(path: Path, base_limits: Limits | None = None) -> Exercise:
    """Read and check one folder; raise ExerciseError naming the file and field at fault."""
    path = path.resolve()
    toml_path = path / "exercise.toml"
    for required in ("exercise.toml", "statement.md", "hints.md", "starter.py", "solution.py"):
        if not (path / required).is_file():
            raise ExerciseError(path / required, "file", "missing")
    try:
        data = tomllib.loads(toml_path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ExerciseError(toml_path, "toml", str(error)) from None
    fields = _Fields(toml_path, data)
    entry = fields.table("entry")
    entry_fields = _Fields(toml_path, entry, "entry.")
    function = entry_fields.text("function")
    difficulty = fields.text("difficulty")
    if difficulty not in DIFFICULTIES:
        raise ExerciseError(toml_path, "difficulty", f"must be one of {', '.join(DIFFICULTIES)}")
    tests = [
        _test(toml_path, function, index, item) for index, item in enumerate(fields.list("tests"))
    ]
    _unique(toml_path, "tests", [test.id for test in tests])
    test_ids = {test.id for test in tests}
    hints = parse_hints((path / "hints.md").read_text(encoding="utf-8"))
    mistakes = [
        _mistake(path, toml_path, index, item, test_ids, len(hints))
        for index, item in enumerate(fields.list("mistakes", required=False))
    ]
    _unique(toml_path, "mistakes", [mistake.id for mistake in mistakes])
    statement = (path / "statement.md").read_text(encoding="utf-8")
    ceilings = base_limits or Limits()
    try:
        limits = ceilings.merged(fields.table("limits", required=False))
    except (TypeError, ValueError) as error:
        raise ExerciseError(toml_path, "limits", str(error)) from None
    for name in limits.above(ceilings):
        raise ExerciseError(
            toml_path,
            f"limits.{name}",
            f"{getattr(limits, name)} is above the service's ceiling of {getattr(ceilings, name)}",
        )
    return Exercise(
        slug=path.name,
        path=path,
        title=fields.text("title"),
        difficulty=difficulty,
        tags=[str(tag) for tag in fields.list("tags", required=False)],
        summary=fields.text("summary"),
        section=str(data.get("section", "")),
        entry=function,
        signature=entry_fields.text("signature"),
        tolerance=float(data.get("tolerance", 1e-4)),
        tests=tests,
        mistakes=mistakes,
        hints=hints,
        statement=statement,
        starter=(path / "starter.py").read_text(encoding="utf-8"),
        limits=limits,
        examples=parse_examples(statement),
    )


def parse_hints(markdown: str) -> list[Hint]:
    """Split hints.md on level-2 headings: each `## Title` starts one hint."""
    hints: list[Hint] = []
    title, body = "", list[str]()
    for line in markdown.splitlines():
        if line.startswith("## "):
            if title:
                hints.append(Hint(title, "\n".join(body).strip()))
            title, body = line[3:].strip(), []
        elif title:
            body.append(line)
    if title:
        hints.append(Hint(title, "\n".join(body).strip()))
    return hints


def parse_examples(markdown: str) -> list[Example]:
    """The statement's ```pycon blocks: `>>> expression` then the expected literal."""
    examples: list[Example] = []
    lines = markdown.splitlines()
    index = 0
    while index < len(lines):
        if lines[index].strip() == "```pycon":
            start = index + 1
            end = next(
                (i for i in range(start, len(lines)) if lines[i].strip() == "```"), len(lines)
            )
            block = lines[start:end]
            if block and block[0].startswith(">>> "):
                expected = "\n".join(block[1:]).strip()
                examples.append(Example(block[0][4:].strip(), expected, start + 1))
            index = end
        index += 1
    return examples


class _Fields:
    """Typed reads from a TOML table that name the field when something is wrong."""

    def __init__(self, path: Path, data: dict[str, Any], prefix: str = "") -> None:
        self.path, self.data, self.prefix = path, data, prefix

    def _get(self, name: str, kind: type, required: bool) -> Any:
        if name not in self.data:
            if required:
                raise ExerciseError(self.path, self.prefix + name, "missing")
            return kind()
        value = self.data[name]
        if not isinstance(value, kind):
            raise ExerciseError(self.path, self.prefix + name, f"must be a {kind.__name__}")
        return value

    def text(self, name: str, required: bool = True) -> str:
        value: str = self._get(name, str, required)
        if required and not value.strip():
            raise ExerciseError(self.path, self.prefix + name, "is empty")
        return value

    def list(self, name: str, required: bool = True) -> list[Any]:
        return self._get(name, list, required)  # type: ignore[no-any-return]

    def table(self, name: str, required: bool = True) -> dict[str, Any]:
        return self._get(name, dict, required)  # type: ignore[no-any-return]


def _test(path: Path, function: str, index: int, item: Any) -> TestSpec:
    where = f"tests[{index}]."
    if not isinstance(item, dict):
        raise ExerciseError(path, f"tests[{index}]", "must be a table")
    fields = _Fields(path, item, where)
    known = {"id", "title", "description", "check", "probes", "generate"}
    try:
        probes = parse_probes(function, item.get("probes", []), item.get("generate"))
    except (TypeError, ValueError, KeyError) as error:
        raise ExerciseError(path, where + "probes", str(error)) from None
    return TestSpec(
        id=fields.text("id"),
        title=fields.text("title"),
        description=fields.text("description", required=False),
        check=fields.text("check"),
        probes=probes,
        params={key: value for key, value in item.items() if key not in known},
    )


def _mistake(
    folder: Path, path: Path, index: int, item: Any, test_ids: set[str], hint_count: int
) -> MistakeSpec:
    where = f"mistakes[{index}]."
    if not isinstance(item, dict):
        raise ExerciseError(path, f"mistakes[{index}]", "must be a table")
    fields = _Fields(path, item, where)
    mistake_id = fields.text("id")
    fails = [str(test) for test in fields.list("fails")]
    unknown = [test for test in fails if test not in test_ids]
    if unknown or not fails:
        raise ExerciseError(
            path, where + "fails", f"names unknown tests {unknown}" if unknown else "is empty"
        )
    hint = item.get("hint")
    if hint is not None and (not isinstance(hint, int) or not 1 <= hint <= hint_count):
        raise ExerciseError(path, where + "hint", f"must be a hint number from 1 to {hint_count}")
    source = folder / "mistakes" / f"{mistake_id}.py"
    if not source.is_file():
        raise ExerciseError(source, where + "id", "no such file in mistakes/")
    return MistakeSpec(
        id=mistake_id,
        title=fields.text("title"),
        fails=fails,
        explanation=fields.text("explanation"),
        path=source,
        hint=hint,
    )


def _unique(path: Path, field_name: str, ids: list[str]) -> None:
    duplicates = sorted({item for item in ids if ids.count(item) > 1})
    if duplicates:
        raise ExerciseError(path, field_name, f"duplicate ids {duplicates}")


def source_defines(source: str, function: str) -> bool:
    """Whether trusted source (a reference or a mistake) defines `function` at module level."""
    tree = ast.parse(source)
    return any(isinstance(node, ast.FunctionDef) and node.name == function for node in tree.body)
