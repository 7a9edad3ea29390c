"""A scratch call's arguments: the typed schema an exercise declares, checked on both sides.

The child checks the arguments it made before it calls the learner's function (a call the
exercise cannot take gets a clear refusal, not a timeout); the grader checks them again as they
came back, before the reference is called on them, since nothing the child sends is trusted.
Each argument is one of:

    int      a Python int (a bool is not one) within [low, high]
    float    a real number (int or float, finite) within [low, high]
    bool     True or False
    array    a NumPy array: `ndim` within [low, high], each side at most `max_side`, at most
             `max_elements` elements, of a `dtype` kind: "float", "int", "bool" or "number"
             (int or float)

An argument with a `default` may be left out; `none = true` also accepts None.
"""

from __future__ import annotations

import enum
import math
from dataclasses import dataclass
from typing import Any, Literal

import numpy as np

from graders.protocol.articles import with_article
from graders.protocol.refusals import Refusal, Refused

Kind = Literal["int", "float", "bool", "array"]
DtypeKind = Literal["float", "int", "bool", "number"]
KINDS: tuple[Kind, ...] = ("int", "float", "bool", "array")
_DTYPE_KINDS: dict[DtypeKind, str] = {"float": "f", "int": "iu", "bool": "b", "number": "iuf"}
_DTYPE_WORDS: dict[DtypeKind, str] = {
    "float": "a float array",
    "int": "an integer array",
    "bool": "a boolean array",
    "number": "a numeric array",
}
ARGUMENTS_MAX = 16  # arguments one call may take
MAX_ELEMENTS = 1 << 16  # what one array argument may hold, at most (the schema may say fewer)


class _Unset(enum.Enum):
    """No default: a member, not a bare object(), so that it is still itself after a pickle
    round trip (a load-checked exercise is kept between starts as one)."""

    NO_DEFAULT = "no default"


_NO_DEFAULT = _Unset.NO_DEFAULT


@dataclass(frozen=True)
class ArgumentSpec:
    """One argument of the entry point, as a scratch call may give it."""

    name: str
    kind: Kind
    low: float | None = None  # int, float: the smallest allowed; array: the fewest dimensions
    high: float | None = None  # int, float: the largest allowed; array: the most dimensions
    dtype: DtypeKind = "number"
    max_side: int = 256
    max_elements: int = 4096
    none: bool = False
    default: Any = _NO_DEFAULT

    @property
    def optional(self) -> bool:
        return self.default is not _NO_DEFAULT

    def to_dict(self) -> dict[str, Any]:
        """Plain JSON, as the job carries it to the child."""
        data: dict[str, Any] = {"name": self.name, "kind": self.kind, "none": self.none}
        data |= {"low": self.low, "high": self.high, "dtype": self.dtype}
        data |= {"max_side": self.max_side, "max_elements": self.max_elements}
        if self.optional:
            data["default"] = self.default
        return data

    @classmethod
    def from_dict(cls, data: dict[str, Any]) -> ArgumentSpec:
        kind, dtype = data["kind"], data.get("dtype", "number")
        if kind not in KINDS or dtype not in _DTYPE_KINDS:
            raise ValueError(f"argument kind {kind!r}, dtype {dtype!r}")
        return cls(
            name=str(data["name"]),
            kind=kind,
            low=_bound(data.get("low")),
            high=_bound(data.get("high")),
            dtype=dtype,
            max_side=min(int(data.get("max_side", 256)), MAX_ELEMENTS),
            max_elements=min(int(data.get("max_elements", 4096)), MAX_ELEMENTS),
            none=data.get("none") is True,
            default=data.get("default", _NO_DEFAULT),
        )

    def describe(self) -> str:
        """What this argument must be, in words: 'an int from 1 to 2048'."""
        if self.kind == "int":
            text = f"an int{_range(self.low, self.high)}"
        elif self.kind == "float":
            text = f"a number{_range(self.low, self.high)}"
        elif self.kind == "bool":
            text = "True or False"
        else:
            low, high = int(self.low or 0), int(self.high if self.high is not None else 8)
            dims = f"{low}-D" if low == high else f"{low}-D to {high}-D"
            text = (
                f"{_DTYPE_WORDS[self.dtype]}, {dims}, each side at most {self.max_side} and "
                f"at most {self.max_elements:,} elements"
            )
        return f"{text} (or None)" if self.none else text


def _bound(value: Any) -> float | None:
    if value is None:
        return None
    if type(value) not in (int, float) or not math.isfinite(value):
        raise ValueError(f"bound {value!r}")
    return value  # type: ignore[no-any-return]


def _range(low: float | None, high: float | None) -> str:
    if low is not None and high is not None:
        return f" from {_number(low)} to {_number(high)}"
    if low is not None:
        return f" of at least {_number(low)}"
    if high is not None:
        return f" of at most {_number(high)}"
    return ""


def _number(value: float) -> str:
    return str(int(value)) if float(value).is_integer() else repr(value)


def check_value(spec: ArgumentSpec, value: Any) -> Refused | None:
    """Why `value` cannot be this argument (its id, and a sentence naming it), or None."""
    if value is None and spec.none:
        return None
    problem = _problem(spec, value)
    if problem is None:
        return None
    refusal, got = problem
    return Refused(refusal, f"{spec.name} must be {spec.describe()}, but {got}.")


def _problem(spec: ArgumentSpec, value: Any) -> tuple[Refusal, str] | None:
    if spec.kind == "bool":
        return None if type(value) is bool else (Refusal.WRONG_TYPE, f"got {_kind_of(value)}")
    if spec.kind in ("int", "float"):
        allowed = (int,) if spec.kind == "int" else (int, float)
        if type(value) not in allowed:
            return Refusal.WRONG_TYPE, f"got {_kind_of(value)}"
        if not math.isfinite(value):
            return Refusal.OUT_OF_RANGE, f"got {value!r}"
        if (spec.low is not None and value < spec.low) or (
            spec.high is not None and value > spec.high
        ):
            return Refusal.OUT_OF_RANGE, f"got {value!r}"
        return None
    if type(value) in (list, tuple):
        made = f"got {with_article(type(value).__name__)} (np.array([...]) makes an array of it)"
        return Refusal.LIST_NOT_ARRAY, made
    if type(value) is not np.ndarray:
        return Refusal.WRONG_TYPE, f"got {_kind_of(value)}"
    low, high = int(spec.low or 0), int(spec.high if spec.high is not None else 8)
    if not low <= value.ndim <= high:
        return Refusal.WRONG_NDIM, f"got {with_article(f'{value.ndim}-D')} array"
    if value.dtype.kind not in _DTYPE_KINDS[spec.dtype]:
        return Refusal.WRONG_DTYPE, f"got an array of dtype {value.dtype.name}"
    if any(side > spec.max_side for side in value.shape) or value.size > spec.max_elements:
        return Refusal.ARRAY_TOO_LARGE, f"got an array of shape {tuple(value.shape)}"
    return None  # NaN and infinity inside are allowed: how the code copes is a fair question


def _kind_of(value: Any) -> str:
    if value is None:
        return "None"
    if type(value) is np.ndarray:
        return f"{with_article(f'{value.ndim}-D')} array"
    if type(value) is bool:
        return f"the bool {value!r}"
    if type(value) in (int, float):
        return f"the {type(value).__name__} {value!r}"
    name = type.__dict__["__name__"].__get__(type(value))
    return f"a value of type {str(name)[:40]}"


def bind(
    specs: list[ArgumentSpec], args: list[Any], kwargs: dict[str, Any], entry: str
) -> tuple[list[Any], Refused | None]:
    """The call's arguments in the order of `specs`, defaults filled in, each checked: the
    values, or why the call cannot be made (the first problem found)."""
    names = [spec.name for spec in specs]
    if len(args) > len(specs):
        given_count = f"{entry}() takes {len(specs)} arguments, but the call gives {len(args)}."
        return [], Refused(Refusal.TOO_MANY_ARGUMENTS, given_count)
    given: dict[str, Any] = dict(zip(names, args, strict=False))
    for name, value in kwargs.items():
        if name not in names:
            unknown = f"{entry}() has no argument named {name!r} (it takes {', '.join(names)})."
            return [], Refused(Refusal.UNKNOWN_ARGUMENT, unknown)
        if name in given:
            return [], Refused(Refusal.ARGUMENT_TWICE, f"The call gives {name} twice.")
        given[name] = value
    values = []
    for spec in specs:
        if spec.name in given:
            value = given[spec.name]
        elif spec.optional:
            value = spec.default
        else:
            missing = f"The call leaves out {spec.name}: {entry}() needs {spec.describe()} there."
            return [], Refused(Refusal.ARGUMENT_MISSING, missing)
        value = _plain(spec, value)
        problem = check_value(spec, value)
        if problem is not None:
            return [], problem
        values.append(value)
    return values, None


def _plain(spec: ArgumentSpec, value: Any) -> Any:
    """A NumPy scalar given for a number (`np.int64(3)`, `np.float32(0.5)`) as the Python number
    it stands for, so the function and the reference get the same plain value."""
    if spec.kind == "int" and isinstance(value, np.integer):
        return int(value)
    if spec.kind == "float" and isinstance(value, np.integer | np.floating):
        return float(value)
    if spec.kind == "bool" and isinstance(value, np.bool_):
        return bool(value)
    return value
