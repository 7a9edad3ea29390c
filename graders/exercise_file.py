"""exercise.toml as its author writes it: a pydantic model, and errors that name the field.

The model's JSON Schema is what editors read (docs/exercise.schema.json, `make contracts`).
"""

from __future__ import annotations

import tomllib
from dataclasses import fields
from pathlib import Path
from typing import Annotated, Any, Literal, get_type_hints

from pydantic import (
    AfterValidator,
    BaseModel,
    ConfigDict,
    Field,
    GetPydanticSchema,
    ValidationError,
    field_validator,
    model_validator,
    with_config,
)
from pydantic_core import ErrorDetails, PydanticCustomError
from typing_extensions import TypedDict

from graders.protocol.arguments import ARGUMENTS_MAX, MAX_ELEMENTS, ArgumentSpec
from graders.protocol.limits import Limits


class ExerciseError(Exception):
    """A broken exercise folder: names the file and the field at fault."""

    def __init__(self, path: Path, field_name: str, problem: str) -> None:
        super().__init__(f"{path}: {field_name}: {problem}")
        self.path, self.field_name, self.problem = path, field_name, problem


# --- what the rest of the platform uses -----------------------------------------------------


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
    """`generate`: `count` probes drawn from `args` (see graders/probes.py), seeded, and `fresh`
    more drawn at every grading from a seed of its own."""

    count: int = Field(5, ge=1, description="How many probes to draw.")
    seed: int = Field(0, description="The seed of the draws: every run draws the same probes.")
    fresh: int = Field(
        0,
        ge=0,
        le=8,
        description="How many more probes to draw at every grading, from a seed the learner "
        "cannot know in advance: hard-coding what the statement and the messages show cannot "
        "pass.",
    )
    args: list[Any] = Field(description="One argument each, e.g. `{ int = [1, 8] }`.")


class ExpectFile(_Table):
    """`expect`: one call of the test and the value the author computed by hand for it."""

    call: list[Any] = Field(
        description="The call's arguments, written as a probe is: one of the test's `probes`."
    )
    value: Any = Field(
        description="The reference's value, worked out by hand: a number, or nested lists for "
        "an array (a list of items for a tuple)."
    )


class TestFile(_Table):
    """[[tests]]: a check and the calls it makes. Other keys (or a `params` table) are the
    check's `context.params`."""

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
    expect: list[ExpectFile] = Field(
        default_factory=list,
        description="Hand-computed values of some of the calls: validate proves the reference "
        "gives each one; no tool ever rewrites them.",
    )

    @property
    def params(self) -> dict[str, Any]:
        """The check's parameters: the test's other keys, or those of a `params = {...}` table
        (the two spellings are one: `sizes = [0]` and `params = { sizes = [0] }`)."""
        extra = dict(self.model_extra or {})
        table = extra.pop("params", None)
        return {**table, **extra} if isinstance(table, dict) else extra

    @model_validator(mode="after")
    def _no_tolerance_of_its_own(self) -> TestFile:
        # Else it would pass silently as a param no check reads, and the test would compare
        # with the exercise's tolerance all the same.
        if "tolerance" in self.params:
            raise PydanticCustomError(
                "test_tolerance",
                "a test has no tolerance of its own: set `tolerance` at the top of "
                "exercise.toml, or per call with @tolerance_for in checks.py",
            )
        return self


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
    tip: Text | None = Field(
        None,
        description="Markdown shown with the diagnosis, which unlocks no hint: the one targeted "
        "nudge for this slip (`.tolist()` dropped, the cast removed).",
        json_schema_extra=_optional_key,
    )


class ArrayFile(_Table):
    """An array argument of a scratch call: how many dimensions, how large, which numbers."""

    ndim: list[int] = Field(
        [1, 2], min_length=2, max_length=2, description="[fewest, most] dimensions."
    )
    dtype: Literal["float", "int", "bool", "number"] = Field(
        "number", description="The kind of numbers: number means int or float."
    )
    max_side: int = Field(256, ge=1, le=MAX_ELEMENTS, description="The longest any axis may be.")
    max_elements: int = Field(
        4096, ge=1, le=MAX_ELEMENTS, description="The most elements the array may hold."
    )


class ArgumentFile(_Table):
    """One argument of `[scratch].args`: its name and exactly one of `int`, `float`, `bool`
    or `array`."""

    name: Text = Field(description="As the signature names it (a call may pass it by name).")
    int_range: list[int] | None = Field(
        None, alias="int", min_length=2, max_length=2, description="[low, high], inclusive."
    )
    float_range: list[float] | None = Field(
        None, alias="float", min_length=2, max_length=2, description="[low, high], inclusive."
    )
    boolean: bool | None = Field(None, alias="bool", description="`bool = true`: True or False.")
    array: ArrayFile | None = None
    none: bool = Field(False, description="None is accepted too.")
    default: int | float | bool | None = Field(
        None, description="The value when a call leaves it out.", json_schema_extra=_optional_key
    )

    @model_validator(mode="after")
    def _one_kind(self) -> ArgumentFile:
        kinds = [self.int_range, self.float_range, self.boolean, self.array]
        if sum(kind is not None for kind in kinds) != 1:
            raise PydanticCustomError(
                "argument_kind", "give exactly one of int, float, bool or array"
            )
        return self

    def spec(self) -> ArgumentSpec:
        extra: dict[str, Any] = (
            {} if "default" not in self.model_fields_set else {"default": self.default}
        )
        if self.array is not None:
            low, high = self.array.ndim
            return ArgumentSpec(
                self.name, "array", low, high, self.array.dtype, self.array.max_side,
                self.array.max_elements, self.none, **extra,
            )  # fmt: skip
        if self.boolean is not None:
            return ArgumentSpec(self.name, "bool", none=self.none, **extra)
        if self.int_range is not None:
            low, high = self.int_range
            return ArgumentSpec(self.name, "int", low, high, none=self.none, **extra)
        assert self.float_range is not None
        low_f, high_f = self.float_range
        return ArgumentSpec(self.name, "float", low_f, high_f, none=self.none, **extra)


class ScratchFile(_Table):
    """[scratch]: "try your own call" on the practice page (a call run, never graded)."""

    example: Text = Field(description="The call the box starts with: `relu(np.arange(-2, 3))`.")
    reference: bool = Field(
        True,
        description="Show the reference's answer to the learner's call beside theirs (on for "
        "practice; turn it off where that answer would give the exercise away).",
    )
    args: list[ArgumentFile] = Field(
        max_length=ARGUMENTS_MAX, description="Every argument of the entry point, in order."
    )

    @field_validator("args")
    @classmethod
    def _names_are_unique(cls, items: list[ArgumentFile]) -> list[ArgumentFile]:
        names = [item.name for item in items]
        if len(set(names)) != len(names):
            raise PydanticCustomError("duplicate_names", "argument names must be unique")
        return items


def limits_table(limits: type[Limits] = Limits) -> type:
    """[limits] as pydantic reads it: a TypedDict with one optional key per field of `limits`,
    typed as that field is, at least 0, no other key. Built from the dataclass, so a limit is
    declared once, in graders/protocol/limits.py, and exercise.toml may lower it at once."""
    hints = get_type_hints(limits)
    keys = {item.name: Annotated[hints[item.name], Field(ge=0)] for item in fields(limits)}
    # mypy checks only TypedDicts written out; this one is checked where pydantic reads it.
    table: type = TypedDict("LimitsFile", keys, total=False)  # type: ignore[misc]
    table.__doc__ = (
        "[limits]: lower the service's limits for this exercise (graders/protocol/limits.py)."
    )
    return with_config(ConfigDict(extra="forbid", strict=True))(table)


LimitsFile = limits_table()
"""The [limits] table's type, as the JSON Schema names it (`$defs.LimitsFile`)."""

# What the rest of the platform reads of [limits]: limit name to number, the names and types
# checked by `LimitsFile` (mypy cannot see a TypedDict built at run time; pydantic can).
LimitOverrides = Annotated[
    dict[str, float], GetPydanticSchema(lambda _source, handler: handler(LimitsFile))
]


class ExerciseFile(_Table):
    """exercise.toml: one exercise, as docs/authoring.md describes it."""

    model_config = ConfigDict(title="exercise.toml")

    title: Text = Field(description="Shown in the list and the page.")
    difficulty: Literal["easy", "medium", "hard"]
    tags: list[str] = Field([], description="Shown in the list, for filtering.")
    summary: Text = Field(description="One line in the exercise list.")
    section: str = Field(
        "",
        description="The course section it belongs to: sections are listed in the order of "
        "their first exercise, and each section's exercises by `order`, then slug.",
    )
    order: int | None = Field(
        None,
        ge=1,
        description="Its place in the learning order, 1 first; exercises without one come "
        "after those with one, and ties are listed by slug.",
        json_schema_extra=_optional_key,
    )
    tolerance: float = Field(
        1e-4,
        ge=0,
        allow_inf_nan=False,
        description="Absolute tolerance of every comparison: a finite number, at least 0.",
    )
    rtol: float = Field(
        0.0,
        ge=0,
        le=0.1,
        allow_inf_nan=False,
        description="Relative tolerance: each call's tolerance is `tolerance` plus `rtol` times "
        "the largest finite |value| of the reference's answer to that call (every item of a "
        "tuple or dict), for outputs whose size varies from call to call.",
    )
    entry: EntryFile = Field(description="The function learners define.")
    limits: LimitOverrides = Field(
        default_factory=dict, description="Lower limits for this exercise."
    )
    tests: list[TestFile] = Field(min_length=1, description="In the order learners see them.")
    mistakes: list[MistakeFile] = Field([], description="Known-wrong solutions, diagnosed.")
    scratch: ScratchFile | None = Field(
        None,
        description="The learner's own calls: without it the page offers none.",
        json_schema_extra=_optional_key,
    )

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
