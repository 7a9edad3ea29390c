"""Run a statement's examples against the reference, and show values as the statements show them.

`gradebox validate` checks each ```pycon example of statement.md (`check_examples`); `gradebox
validate --fill-examples` writes what the reference shows (`shown_value`) where one shows nothing.
"""

from __future__ import annotations

import ast
import warnings
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

import numpy as np

from graders import trusted
from graders.exercise import Exercise
from graders.markdown import Example

if TYPE_CHECKING:
    from graders.validate import Validation


@dataclass(frozen=True)
class ExampleRun:
    """One statement example run with the reference: what the reference's value shows as
    (None when it shows nothing: a statement, or a call that returns None) and whether the
    statement shows that."""

    example: Example
    shown: str | None
    agrees: bool


def check_examples(exercise: Exercise, result: Validation) -> None:
    """Run the statement's examples against the reference, as doctest would: in one namespace,
    so `>>> x = ...` then `>>> f(x)` works; a statement shows nothing, an expression its value
    (a number, an array as nested lists, a tuple such as `(loss, grad)` item by item)."""
    function = trusted.entry_function(exercise.solution_path, exercise.entry)
    namespace: dict[str, Any] = {exercise.entry: function, "np": np}
    for example in exercise.examples:
        where = f"statement.md line {example.line}"
        expression = _is_expression(example.expression)
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                got = _run(example.expression, expression, namespace)
        except Exception as error:
            done = "evaluated" if expression else "run"
            result.problems.append(f"{where}: example could not be {done}: {error}")
            continue
        shown = None if got is None else shown_value(got, shown_decimals(exercise.tolerance))
        if not example.expected:
            result.examples.append(ExampleRun(example, shown, shown is None))
            if shown is not None:
                result.problems.append(
                    f"{where}: `{example.expression}` shows nothing but the reference gives "
                    f"{shown:.80} (`gradebox validate --fill-examples` writes it)"
                )
            continue
        try:
            expected = read_shown(example.expected)
        except Exception as error:
            result.examples.append(ExampleRun(example, shown, False))
            result.problems.append(f"{where}: example could not be evaluated: {error}")
            continue
        tolerance = exercise.tolerance + exercise.rtol * trusted.largest_magnitude(got)
        agrees = _same(got, expected, tolerance)
        result.examples.append(ExampleRun(example, shown, agrees))
        if not agrees:
            result.problems.append(
                f"{where}: `{example.expression}` shows {example.expected!s:.80} "
                f"but the reference gives {shown!s:.80}"
            )


def _is_expression(source: str) -> bool:
    try:
        ast.parse(source, mode="eval")
    except SyntaxError:
        return False
    return True


def _run(source: str, expression: bool, namespace: dict[str, Any]) -> Any:
    """An expression's value, or None after running a statement (`x = np.arange(4)`)."""
    if expression:
        return eval(source, namespace)  # noqa: S307 - the author's own text
    exec(source, namespace)  # noqa: S102 - the author's own text
    return None


# What an example may show besides Python literals: NumPy's own repr, as a REPL prints it.
_SHOWN_NAMES = {"array": np.array, "np": np, "nan": np.nan, "inf": np.inf, "float64": np.float64}


def read_shown(text: str) -> Any:
    """The value an example shows: a Python literal, or NumPy's repr (`array([0.5, 1.0])`)."""
    try:
        return ast.literal_eval(text)
    except (ValueError, SyntaxError):
        return eval(text, {"__builtins__": {}, **_SHOWN_NAMES})  # noqa: S307 - the author's text


def shown_decimals(tolerance: float) -> int:
    """How many decimals an example shows: 4, or as many as the exercise's tolerance needs for
    the rounding (half a unit of the last decimal) to stay within it (6 for 1e-6)."""
    decimals = 4
    while 0.5 * 10.0**-decimals > tolerance and decimals < 15:
        decimals += 1
    return decimals


def shown_value(value: Any, decimals: int = 4) -> str:
    """A value as statements show it: arrays as nested lists and numbers rounded to `decimals`,
    tuples, lists and dicts item by item (`(0.6931, [[-0.5, 0.5]])`), anything else its repr."""
    if isinstance(value, tuple):
        items = ", ".join(shown_value(item, decimals) for item in value)
        return f"({items}{',' if len(value) == 1 else ''})"
    if isinstance(value, dict):
        shown = (f"{key!r}: {shown_value(item, decimals)}" for key, item in value.items())
        return "{" + ", ".join(shown) + "}"
    if isinstance(value, list) and not _numbers_only(value):
        return "[" + ", ".join(shown_value(item, decimals) for item in value) + "]"
    if isinstance(value, np.ndarray | np.generic | list | float) and not isinstance(value, bool):
        array = np.asarray(value)
        if array.dtype.kind in "fc":
            with np.errstate(all="ignore"):
                array = np.round(array, decimals) + 0.0  # + 0.0: -0.0 shows as 0.0
        return repr(array.tolist())
    return repr(value)


def _numbers_only(value: list[Any]) -> bool:
    try:
        return np.asarray(value).dtype.kind in "biufc"
    except (TypeError, ValueError):  # ragged: a float and an array, say
        return False


def _same(got: Any, expected: Any, tolerance: float) -> bool:
    """Whether the reference's value is the one shown, within the exercise's tolerance (no
    floor: `shown_decimals` shows enough digits): item by item for a tuple, a dict, or a list
    that is not numbers."""
    if isinstance(expected, dict):
        return (
            isinstance(got, dict)
            and list(got) == list(expected)
            and all(_same(got[key], expected[key], tolerance) for key in expected)
        )
    if isinstance(expected, tuple | list) and isinstance(got, tuple | list):
        if isinstance(expected, tuple) != isinstance(got, tuple):
            return False  # (loss, grad) is not [loss, grad]: a learner copies what they see
        if not (_numbers_only(list(got)) and _numbers_only(list(expected))):
            return len(got) == len(expected) and all(
                _same(mine, theirs, tolerance) for mine, theirs in zip(got, expected, strict=True)
            )
    try:
        with np.errstate(all="ignore"):
            got_array = np.asarray(got, dtype=float)
            expected_array = np.asarray(expected, dtype=float)
    except (TypeError, ValueError):
        try:
            return bool(got == expected)
        except ValueError:  # an array compared with something else
            return False
    return got_array.shape == expected_array.shape and bool(
        np.allclose(got_array, expected_array, rtol=0, atol=tolerance, equal_nan=True)
    )
