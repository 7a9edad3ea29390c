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
import doctest
import re
import tomllib
from dataclasses import dataclass, field
from functools import cached_property
from pathlib import Path
from typing import Annotated, Any, Literal

from markdown_it import MarkdownIt
from mdit_py_plugins.dollarmath import dollarmath_plugin
from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    ValidationError,
    field_validator,
    with_config,
)
from pydantic_core import ErrorDetails, PydanticCustomError
from typing_extensions import TypedDict

from graders.markdown import render
from graders.probes import Probe, parse_probes
from graders.protocol.limits import Limits

REQUIRED_FILES = ("exercise.toml", "statement.md", "hints.md", "starter.py", "solution.py")


class ExerciseError(Exception):
    """A broken exercise folder: names the file and the field at fault."""

    def __init__(self, path: Path, field_name: str, problem: str) -> None:
        super().__init__(f"{path}: {field_name}: {problem}")
        self.path, self.field_name, self.problem = path, field_name, problem


# --- what the rest of the platform uses -----------------------------------------------------


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
    """A ```pycon example from the statement: an expression, the literal it shows, its line."""

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


# --- exercise.toml, as its author writes it -------------------------------------------------


def _not_blank(text: str) -> str:
    if not text.strip():
        raise PydanticCustomError("blank", "is empty")
    return text


def _optional_key(schema: dict[str, Any]) -> None:
    """TOML has no null: an optional key is one left out, so the schema offers no null."""
    schema.pop("default", None)
    options = [option for option in schema.pop("anyOf", []) if option != {"type": "null"}]
    if len(options) == 1:
        schema.update(options[0])


Text = Annotated[str, AfterValidator(_not_blank), Field(json_schema_extra={"pattern": r"\S"})]


class _Table(BaseModel):
    """A TOML table: values typed as written (no coercion), unknown keys refused."""

    model_config = ConfigDict(extra="forbid", strict=True)


class EntryFile(_Table):
    """[entry]: the function learners define."""

    function: Text = Field(description="The function learners define, e.g. `relu`.")
    signature: Text = Field(description="Shown to learners: `relu(x: np.ndarray) -> np.ndarray`.")


class GenerateFile(_Table):
    """`generate`: `count` probes drawn from `args` (see graders/probes.py), seeded."""

    count: int = Field(5, ge=1, description="How many probes to draw.")
    seed: int = Field(0, description="The seed of the draws: every run draws the same probes.")
    args: list[Any] = Field(description="One argument each, e.g. `{ int = [1, 8] }`.")


class TestFile(_Table):
    """[[tests]]: a check and the calls it makes. Other keys are the check's `context.params`."""

    model_config = ConfigDict(extra="allow")

    id: Text = Field(description="Stable: clients rely on test ids.")
    title: Text = Field(description="What the learner reads.")
    description: str = Field("", description="One line the learner reads before running.")
    check: Text = Field(description="A built-in check or one from the exercise's checks.py.")
    probes: list[Any] = Field(
        default_factory=list,
        description="The calls, each a list of arguments: `[[3, 4], [50, 16]]`.",
        json_schema_extra={"items": {"type": "array"}},
    )
    generate: GenerateFile | None = Field(
        None,
        description="Seeded generated probes, after `probes`.",
        json_schema_extra=_optional_key,
    )

    @property
    def params(self) -> dict[str, Any]:
        return dict(self.model_extra or {})


class MistakeFile(_Table):
    """[[mistakes]]: a known-wrong solution in mistakes/<id>.py and what its learner is told."""

    id: Text = Field(description="The file mistakes/<id>.py.")
    title: Text = Field(description="Short name of the misconception.")
    fails: list[str] = Field(min_length=1, description="Exactly the tests it fails.")
    hint: int | None = Field(
        None,
        ge=1,
        description="The 1-based hint that addresses it.",
        json_schema_extra=_optional_key,
    )
    explanation: Text = Field(description="Markdown: what the learner's output shows; the fix.")


# One key per field of Limits (a test pins it): an exercise may ask for less, never for more.
@with_config(ConfigDict(extra="forbid", strict=True))
class LimitsFile(TypedDict, total=False):
    """[limits]: lower the service's limits for this exercise (graders/protocol/limits.py)."""

    cpu_seconds: Annotated[float, Field(ge=0)]
    wall_seconds: Annotated[float, Field(ge=0)]
    memory_bytes: Annotated[int, Field(ge=0)]
    output_bytes: Annotated[int, Field(ge=0)]
    result_bytes: Annotated[int, Field(ge=0)]
    array_elements: Annotated[int, Field(ge=0)]
    list_items: Annotated[int, Field(ge=0)]
    message_chars: Annotated[int, Field(ge=0)]
    source_bytes: Annotated[int, Field(ge=0)]
    open_files: Annotated[int, Field(ge=0)]
    file_bytes: Annotated[int, Field(ge=0)]
    processes: Annotated[int, Field(ge=0)]


class ExerciseFile(_Table):
    """exercise.toml: one exercise, as docs/authoring.md describes it."""

    model_config = ConfigDict(title="exercise.toml")

    title: Text = Field(description="Shown in the list and the page.")
    difficulty: Literal["easy", "medium", "hard"]
    tags: list[str] = Field([], description="Shown in the list, for filtering.")
    summary: Text = Field(description="One line in the exercise list.")
    section: str = Field("", description="The course section it belongs to.")
    tolerance: float = Field(1e-4, ge=0, description="Absolute tolerance of every comparison.")
    entry: EntryFile = Field(description="The function learners define.")
    limits: LimitsFile = Field(
        default_factory=lambda: LimitsFile(), description="Lower limits for this exercise."
    )
    tests: list[TestFile] = Field(min_length=1, description="In the order learners see them.")
    mistakes: list[MistakeFile] = Field([], description="Known-wrong solutions, diagnosed.")

    @field_validator("tests", "mistakes")
    @classmethod
    def _ids_are_unique(cls, items: list[Any]) -> list[Any]:
        ids = [item.id for item in items]
        duplicates = sorted({item for item in ids if ids.count(item) > 1})
        if duplicates:
            raise PydanticCustomError("duplicate_ids", "duplicate ids {ids}", {"ids": duplicates})
        return items


def read_exercise_file(path: Path) -> ExerciseFile:
    """exercise.toml as typed data; ExerciseError names the first field at fault."""
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ExerciseError(path, "toml", str(error)) from None
    try:
        return ExerciseFile.model_validate(data)
    except ValidationError as error:
        first = error.errors()[0]
        raise ExerciseError(path, field_location(first["loc"]), _problem(first)) from None


def field_location(loc: tuple[int | str, ...]) -> str:
    """A pydantic error's location as an author writes it: `tests[2].check`, `entry.function`."""
    location = ""
    for part in loc:
        if isinstance(part, int):
            location += f"[{part}]"
        else:
            location += f".{part}" if location else part
    return location or "toml"


# Pydantic's wording where it is not the author's: the rest (types, ranges) reads well as it is.
_PROBLEMS = {"missing": "missing", "extra_forbidden": "unknown key", "too_short": "is empty"}


def _problem(error: ErrorDetails) -> str:
    return _PROBLEMS.get(error["type"], error["msg"])


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
    statement = (path / "statement.md").read_text(encoding="utf-8")
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
        entry=function,
        signature=file.entry.signature,
        tolerance=file.tolerance,
        tests=tests,
        mistakes=mistakes,
        hints=hints,
        statement=statement,
        starter=(path / "starter.py").read_text(encoding="utf-8"),
        limits=_limits(toml_path, file.limits, base_limits or Limits()),
        examples=examples,
    )


def _test(path: Path, function: str, index: int, test: TestFile) -> TestSpec:
    generate = test.generate.model_dump() if test.generate else None
    try:
        probes = parse_probes(function, test.probes, generate)
    except (TypeError, ValueError, KeyError) as error:
        raise ExerciseError(path, f"tests[{index}].probes", str(error)) from None
    return TestSpec(test.id, test.title, test.description, test.check, probes, test.params)


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
        mistake.id, mistake.title, mistake.fails, mistake.explanation, source, mistake.hint
    )


def _limits(path: Path, overrides: LimitsFile, ceilings: Limits) -> Limits:
    """The service's limits, lowered where the exercise asks; asking for more is an error."""
    limits = ceilings.merged(dict(overrides))
    for name in limits.above(ceilings):
        raise ExerciseError(
            path,
            f"limits.{name}",
            f"{getattr(limits, name)} is above the service's ceiling of {getattr(ceilings, name)}",
        )
    return limits


# --- hints.md and the statement's examples --------------------------------------------------

# The renderer's block rules (graders/markdown.py): what is a heading or a code block there is
# one here.
_MARKDOWN = MarkdownIt("commonmark").enable("table").use(dollarmath_plugin, double_inline=True)
_DOCTEST = doctest.DocTestParser()


def _source_lines(markdown: str) -> list[str]:
    """The lines markdown-it numbers in `Token.map` (it splits on \\r\\n, \\r and \\n only)."""
    return re.split(r"\r\n?|\n", markdown)


def parse_hints(markdown: str) -> list[Hint]:
    """hints.md: each level-2 heading starts a hint, whose Markdown is its section's source.

    A `## ` line in a fenced code block is code, not a heading; text before the first heading
    belongs to no hint.
    """
    tokens = _MARKDOWN.parse(markdown)
    headings = [
        (token.map, tokens[index + 1].content.strip())
        for index, token in enumerate(tokens)
        if token.type == "heading_open" and token.tag == "h2" and token.level == 0 and token.map
    ]
    lines = _source_lines(markdown)
    ends = [start for (start, _), _ in headings[1:]] + [len(lines)]
    return [
        Hint(title, "\n".join(lines[body:end]).strip())
        for ((_, body), title), end in zip(headings, ends, strict=True)
    ]


def parse_examples(markdown: str) -> list[Example]:
    """The statement's ```pycon blocks, read as doctest reads them: every `>>>` example (with
    its `...` lines), the literal it shows, and its line in the file.

    ValueError when a block is not doctest-shaped (a `>>>` without a space after it, say).
    """
    examples: list[Example] = []
    for token in _MARKDOWN.parse(markdown):
        if token.type != "fence" or token.info.strip() != "pycon" or not token.map:
            continue
        first_line = token.map[0] + 2  # the 1-based line after the opening fence
        name = f"the ```pycon block on line {token.map[0] + 1}"
        examples += [
            Example(example.source.strip(), example.want.strip(), first_line + example.lineno)
            for example in _DOCTEST.get_examples(token.content, name)
        ]
    return examples


def source_defines(source: str, function: str) -> bool:
    """Whether trusted source (a reference or a mistake) defines `function` at module level."""
    tree = ast.parse(source)
    return any(isinstance(node, ast.FunctionDef) and node.name == function for node in tree.body)
