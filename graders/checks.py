"""The checks library: functions that compare a learner's outcome with the reference.

A check receives every trial of its test (one per probe: the call, what came back, what the
reference returned) and returns `None` when they pass or a `Failure` that says what came
back and what was expected (or raises it, from a helper as deep as it likes). The engine adds the "Called ..." line, the tolerance and the
previews. Exercises add their own checks in `checks.py` with the `@check` decorator:

    >>> @check("row_zero")
    ... def check_row_zero(trials: list[Trial], context: CheckContext) -> Failure | None:
    ...     ...
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graders.probes import Probe
from graders.protocol.counts import AT_IMPORT, CallCounts, growth
from graders.protocol.loops import FIXED_FEW, LoopFinding
from graders.protocol.matching import numbers_of, within_tolerance
from graders.protocol.values import ListOfNumbers, Unsupported

CHECK_MARK = "__gradebox_check__"


@dataclass(frozen=True)
class Trial:
    """One probe: the call, the learner's return value and the reference's."""

    probe: Probe
    got: Any
    expected: Any
    counts: CallCounts | None = None  # a counted probe's tally (graders.protocol.counts)
    modified: tuple[int, ...] = ()  # the positions of the arguments the call wrote into
    raised: Raised | None = None  # what it raised instead, for a check that expects a raise
    shares_memory: tuple[int, ...] = ()  # the array arguments the returned value is a view of


@dataclass(frozen=True)
class Raised:
    """What a call raised instead of returning: the exception's type name and message, as the
    sandbox sent them, and the learner's line it came from."""

    type: str
    message: str
    line: int | None = None
    bases: tuple[str, ...] = ()  # the built-in exception classes it is an instance of

    def is_a(self, name: str) -> bool:
        """Raised as `name` or as a subclass of it (a learner's own IndexError subclass)."""
        return self.type == name or name in self.bases


class Failure(Exception):
    """Why a test failed, about one trial (or none, for static checks).

    A check returns it, or raises it from a helper as deep as it likes: either way the test
    fails with this message.
    """

    def __init__(self, message: str, trial: Trial | None = None, line: int | None = None) -> None:
        super().__init__(message)
        self.message, self.trial, self.line = message, trial, line


@dataclass(frozen=True)
class CheckContext:
    """What a check may consult besides the trials."""

    tolerance: float
    entry: str
    loops: list[LoopFinding] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)


CheckFunction = Callable[[list[Trial], CheckContext], Failure | None]


@dataclass(frozen=True)
class Check:
    name: str
    function: CheckFunction
    static: bool  # looks at the source (the loop scan), not at returned values
    values: bool  # needs the returned values, not only their type, dtype and shape
    raises: bool = False  # its calls should raise: it judges raised calls, without a reference


def check(
    name: str, static: bool = False, values: bool = True, raises: bool = False
) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check under `name` (the `check =` of a test in exercise.toml).

    `values=False` promises the check reads only each result's type, dtype and shape; the
    sandbox then sends a summary instead of the data (the values read as zeros).
    `raises=True` is for calls that should raise: a call that raised becomes a trial (its
    `raised` says what, its `got` is `Unsupported("raised <type>")`, as a known mistake's raise
    reads) instead of ending the test as an error, and the reference is not run
    (`expected` is None).
    """

    def mark(function: CheckFunction) -> CheckFunction:
        setattr(function, CHECK_MARK, Check(name, function, static, values, raises))
        return function

    return mark


@dataclass(frozen=True)
class Finding:
    """What an analysis concluded about a wrong answer: a diagnosis id a teacher would accept,
    a title, and an explanation in Markdown addressed to the learner."""

    id: str
    title: str
    explanation: str


ANALYSIS_MARK = "__gradebox_analysis__"
AnalysisFunction = Callable[[list[Trial], CheckContext], Finding | None]


def analysis(function: AnalysisFunction) -> AnalysisFunction:
    """Register an exercise-specific analysis (in checks.py): given a failing test's trials,
    return a `Finding` naming the mistake, or None. Analyses run when no known mistake of the
    exercise matches, before the library's generic ones; one must fit every wrong trial."""
    setattr(function, ANALYSIS_MARK, True)
    return function


TOLERANCE_MARK = "__gradebox_tolerance__"
ToleranceFunction = Callable[[tuple[Any, ...], float], float]


def tolerance_for(function: ToleranceFunction) -> ToleranceFunction:
    """Register the exercise's tolerance per call (in checks.py): given a probe's arguments and
    the exercise's `tolerance`, the absolute tolerance its values are compared with. For values
    whose rounding error grows with the input (sin of a large angle), so a correct float32
    computation passes at the sizes the statement promises while coarser mistakes still fail."""
    setattr(function, TOLERANCE_MARK, True)
    return function


def collect_tolerance(namespace: dict[str, Any]) -> ToleranceFunction | None:
    found = [item for item in namespace.values() if getattr(item, TOLERANCE_MARK, False) is True]
    return found[0] if found else None


def collect_analyses(namespace: dict[str, Any]) -> list[AnalysisFunction]:
    return [item for item in namespace.values() if getattr(item, ANALYSIS_MARK, False) is True]


def collect_checks(namespace: dict[str, Any]) -> dict[str, Check]:
    return {
        value.name: value
        for item in namespace.values()
        if isinstance(value := getattr(item, CHECK_MARK, None), Check)
    }


# --- helpers for check authors --------------------------------------------------------------


def number(value: float) -> str:
    """A number as the learner reads it: 4 decimals, or scientific when tiny or huge."""
    if not np.isfinite(value):
        return str(value)
    if value != 0 and (abs(value) < 1e-3 or abs(value) >= 1e5):
        return f"{value:.3e}"
    return f"{value:.4f}"


def tolerance_text(tolerance: float) -> str:
    return f"{tolerance:g}"


def row_text(values: np.ndarray[Any, Any], shown: int = 6) -> str:
    """A row of numbers as the learner reads it, the first `shown` of them:

    >>> row_text(np.array([0.0, 1.0, 0.5]))
    '[0.0000, 1.0000, 0.5000]'
    >>> row_text(np.arange(10.0), shown=2)
    '[0.0000, 1.0000, ...]'
    """
    flat = np.ravel(values)
    listed = ", ".join(number(float(value)) for value in flat[:shown])
    return f"[{listed}{', ...' if flat.size > shown else ''}]"


def describe(value: Any) -> str:
    """What came back, in a few words: 'a float64 array of shape (3, 4)', 'a list of 3 items',
    'the float 0.5', 'a tuple of 2 items (a float64 array of shape (3,), the float 0.5)'."""
    if isinstance(value, ListOfNumbers):
        return f"a {value.container} of {len(value)} items"
    if isinstance(value, list | tuple) and not all(type(v) in (bool, int, float) for v in value):
        inner = ", ".join(_item_text(item) for item in value[:3])
        more = ", ..." if len(value) > 3 else ""
        return f"a {type(value).__name__} of {len(value)} items ({inner}{more})"
    if isinstance(value, Unsupported) and value.limit is not None:
        cap = f"{value.limit:,}"
        return f"{_unsupported_text(value)}, more than the {cap} elements sent back for this call"
    if value is None:
        return "None (did the function reach a `return`?)"
    return _item_text(value)


def kind_of(value: Any) -> str:
    """`describe` without any value: type, dtype and shape only ('a tuple of 2 items (a float,
    a float64 array of shape (3,))'). For messages about kinds and shapes, which must not show
    the reference's numbers, nor the learner's when only a summary of them was sent back."""
    if isinstance(value, np.generic):
        return f"a NumPy {value.dtype.name}"
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return f"a {value.dtype.name} array of shape ()"
    if isinstance(value, bool | int | float | complex):
        return f"{'an' if type(value) is int else 'a'} {type(value).__name__}"
    if isinstance(value, str):
        return "a str"
    if isinstance(value, list | tuple) and not isinstance(value, ListOfNumbers):
        inner = ", ".join(kind_of(item) for item in value[:3])
        more = ", ..." if len(value) > 3 else ""
        return f"a {type(value).__name__} of {len(value)} items ({inner}{more})"
    return describe(value)


def _item_text(value: Any) -> str:
    """`describe`, shorter, for a value that is an item of another."""
    if isinstance(value, np.ndarray):
        held = f" holding {_scalar_text(value[()])}" if value.ndim == 0 else ""
        return f"a {value.dtype.name} array of shape {tuple(value.shape)}{held}"
    if isinstance(value, np.generic):
        return f"the NumPy {value.dtype.name} {_scalar_text(value)}"
    if isinstance(value, ListOfNumbers | list | tuple):
        return f"a {_container(value)} of {len(value)} items"
    if isinstance(value, dict):
        keys = ", ".join(repr(key)[:30] for key in list(value)[:4])
        return (
            f"a dict with keys {keys}{', ...' if len(value) > 4 else ''}"
            if value
            else "an empty dict"
        )
    if isinstance(value, Unsupported):
        too_large = ", too large to send back" if value.limit is not None else ""
        return _unsupported_text(value) + too_large
    if value is None:
        return "None"
    if isinstance(value, bool | int | float | complex):
        return f"the {type(value).__name__} {_scalar_text(value)}"
    if isinstance(value, str) and len(value) > 80:
        cut = _CUT_NOTE.search(value)  # the sandbox keeps 200 characters and says how many more
        total = len(value) + (int(cut.group(1)) - len(cut.group(0)) if cut else 0)
        return f"the str {value[:60]!r}... ({total:,} characters)"
    return f"the {type(value).__name__} {value!r}"[:120]


_CUT_NOTE = re.compile(r"\.\.\. \[(\d+) more characters\]$")


def _container(value: Any) -> str:
    return value.container if isinstance(value, ListOfNumbers) else type(value).__name__


def _scalar_text(value: Any) -> str:
    item = value.item() if isinstance(value, np.generic) else value
    return repr(item)[:60]


def _unsupported_text(value: Unsupported) -> str:
    """'an object of type set', 'an array of dtype object of shape (2,) (only ...)', 'a float64
    array of shape (9,)' (refused for its size), 'a list of 9 items', 'an int beyond 64 bits'."""
    shape, what = value.shape, value.type
    if what in ("list", "tuple", "dict") and shape:  # refused for its length
        return f"a {what} of {shape[0]} items"
    of_shape = f" of shape {tuple(shape)}" if shape is not None else ""
    if what.startswith("ndarray of dtype "):
        dtype = what.removeprefix("ndarray of dtype ")
        only = "only bool, integer, float and complex arrays can be graded"
        return f"an array of dtype {dtype}{of_shape} ({only})"
    if value.limit is not None:  # "float64 array"
        return f"a {what}{of_shape}"
    if what.startswith(("a ", "an ")):  # a phrase already: no class name has a space
        return what
    name, _, note = what.partition(" (")
    return f"an object of type {name}{of_shape}" + (f" ({note}" if note else "")


def as_float_array(value: Any) -> np.ndarray[Any, Any] | None:
    """The returned value as a float array, or None when it is not real numbers (an array,
    a number, or a list of them; complex numbers are not real)."""
    array = numbers_of(value)
    return None if array is None or array.dtype.kind == "c" else array


def _is_complex(value: Any) -> bool:
    array = numbers_of(value)
    return array is not None and array.dtype.kind == "c"


def _not_numbers(trial: Trial) -> Failure:
    """The Failure for a result that holds no numbers to compare (or complex ones)."""
    if _is_complex(trial.got):
        return Failure(
            f"It returned {describe(trial.got)}; real numbers were expected."
            + _imaginary_note(trial.got),
            trial,
        )
    wanted = _ONE_NUMBER if is_number(trial.expected) else "a numeric array"
    return Failure(f"It returned {describe(trial.got)}; {wanted} was expected.", trial)


_ONE_NUMBER = "a single number"


def is_number(value: Any) -> bool:
    """One number: a Python or NumPy scalar, or an array of shape () (a loss, a metric)."""
    if isinstance(value, np.ndarray):
        return value.ndim == 0 and value.dtype.kind in "biufc"
    return isinstance(value, bool | int | float | complex | np.number | np.bool_)


def _imaginary_note(value: Any) -> str:
    array = numbers_of(value)
    if array is not None and array.size and not np.any(array.imag):
        return " Every imaginary part is 0: take the real part (`.real`) before returning."
    return ""


def returned_array(
    trial: Trial, shape: tuple[int, ...], shape_note: str = ""
) -> np.ndarray[Any, Any]:
    """The learner's value as a float array of `shape`; otherwise the Failure saying what came
    back is raised. `shape_note`, if any, follows the shape in its message, as written:

        x = np.asarray(trial.probe.args[0])
        got = returned_array(trial, x.shape, ", the shape of x,")
        # a list came back: "It returned a list of 3 items; an array of shape (3, 4), the
        # shape of x, was expected."
    """
    got = as_float_array(trial.got)
    if got is None or got.shape != tuple(shape):
        real = "a real" if _is_complex(trial.got) else "an"
        raise Failure(
            f"It returned {describe(trial.got)}; {real} array of shape {tuple(shape)}"
            f"{shape_note} was expected.",
            trial,
        )
    return got


def first_mismatch(
    got: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], tolerance: float
) -> tuple[tuple[int, ...], float] | None:
    """The first index not `within_tolerance`, and the largest error (NaN counts as infinite)."""
    bad = ~within_tolerance(got, expected, tolerance)
    if not bad.any():
        return None
    index = tuple(int(i) for i in np.argwhere(bad)[0])
    with np.errstate(all="ignore"):
        error = np.abs(got - expected)
    largest = float(np.nanmax(np.where(np.isnan(error) & bad, np.inf, np.where(bad, error, 0.0))))
    return index, largest


def position(index: tuple[int, ...]) -> str:
    if len(index) == 2:
        return f"Row {index[0]}, column {index[1]}"
    if len(index) == 1:
        return f"Element {index[0]}"
    if not index:
        return "The value"
    return f"Element {list(index)}"


def compare_values(trial: Trial, tolerance: float) -> Failure | None:
    """Array-like, same shape as the reference, every element within `tolerance`.

    A reference that returns a tuple, a list of arrays or a dict is compared item by item."""
    if is_structure(trial.expected):
        return _compare_items(trial, tolerance)
    got, expected = numbers_of(trial.got), numbers_of(trial.expected)
    if expected is None:  # text, None, ...: the reference's value itself is the answer
        return _compare_equal(trial)
    if got is None or (got.dtype.kind == "c" and expected.dtype.kind != "c"):
        return _not_numbers(trial)
    if got.shape != expected.shape:
        shape = tuple(expected.shape)
        if is_number(trial.expected):  # an array or a list, where one number was expected
            return Failure(f"It returned {describe(trial.got)}; {_ONE_NUMBER} was expected.", trial)
        if not got.ndim:  # a number, where an array was expected
            return Failure(f"It returned {describe(trial.got)}; an array of shape {shape} "
                           "was expected.", trial)  # fmt: skip
        return Failure(
            f"It returned shape {tuple(got.shape)} but shape {shape} was expected.", trial
        )
    mismatch = first_mismatch(got, expected, tolerance)
    if mismatch is None:
        return None
    index, largest = mismatch
    mine, theirs = _told_apart(got[index], expected[index])
    message = (
        f"{position(index)} is {mine} but {theirs} "
        f"was expected (|error| > {tolerance_text(tolerance)}).\n"
        f"Largest error: {number(largest)}."
    )
    if isinstance(trial.got, np.ndarray) and _coarse_dtype(trial.got, trial.expected):
        message += (
            f"\nYour array's dtype is {trial.got.dtype.name}; the values need float64 (or float32)."
        )
    return Failure(message, trial)


def _compare_equal(trial: Trial) -> Failure | None:
    """A reference value that is not numbers (a string, None, a bool in a dict): equal or not."""
    got, expected = trial.got, trial.expected
    if type(got) is type(expected) and bool(got == expected):
        return None
    return Failure(f"It returned {describe(got)}; {describe(expected)} was expected.", trial)


def _coarse_dtype(got: np.ndarray[Any, Any], expected: Any) -> bool:
    """Booleans, integers or float16 where the reference returns finer numbers."""
    coarse = got.dtype.kind in "biu" or got.dtype == np.float16
    return coarse and np.asarray(expected).dtype.kind in "fc"


def _told_apart(got: Any, expected: Any) -> tuple[str, str]:
    """The two numbers as the learner reads them, with as many digits as it takes to see that
    they differ (under a tight tolerance, 0.0900 and 0.0900 can be two different numbers)."""
    mine, theirs = _element(got), _element(expected)
    if mine != theirs or isinstance(got, complex | np.complexfloating):
        return mine, theirs
    for digits in (6, 8, 10, 12, 15, 17):
        mine, theirs = f"{float(got):.{digits}g}", f"{float(expected):.{digits}g}"
        if mine != theirs:
            break
    return mine, theirs


def _element(value: Any) -> str:
    if isinstance(value, complex | np.complexfloating):
        sign = "-" if value.imag < 0 else "+"
        return f"{number(float(value.real))} {sign} {number(abs(float(value.imag)))}j"
    return number(float(value))


def is_structure(value: Any) -> bool:
    """A tuple, list or dict that did not cross as one array of numbers (e.g. `(loss, grad)`)."""
    return type(value) in (list, tuple, dict)


def paired_items(got: Any, expected: Any) -> list[tuple[str, Any, Any]] | None:
    """Each item of a structured reference with the learner's item in its place, and where it
    is ("Item 1 of the tuple"); None when the learner's value is not that structure."""
    if isinstance(expected, dict):
        if not isinstance(got, dict) or list(got) != list(expected):
            return None
        return [(f"Under key {key!r}"[:60], got[key], expected[key]) for key in expected]
    if isinstance(got, ListOfNumbers) and got.container == type(expected).__name__:
        items = list(got.array)
    elif type(got) is type(expected):
        items = list(got)
    else:
        return None
    if len(items) != len(expected):
        return None
    kind = type(expected).__name__
    return [(f"Item {i} of the {kind}", items[i], item) for i, item in enumerate(expected)]


def _compare_items(trial: Trial, tolerance: float) -> Failure | None:
    pairs = paired_items(trial.got, trial.expected)
    if pairs is None:
        return Failure(
            f"It returned {describe(trial.got)}; {describe(trial.expected)} was expected.", trial
        )
    for where, mine, theirs in pairs:
        failure = compare_values(Trial(trial.probe, mine, theirs), tolerance)
        if failure is not None:
            return Failure(f"{where}: {failure.message}", trial)
    return None


def same_kind(got: Any, expected: Any) -> bool:
    """Whether a returned value is the kind the reference returned: numbers of its shape (real
    or complex alike), or the same structure of such items. A check that fails on a value of
    another kind is the value's doing, not the check's (the engine reports what came back)."""
    if is_structure(expected):
        pairs = paired_items(got, expected)
        return pairs is not None and all(same_kind(mine, theirs) for _, mine, theirs in pairs)
    mine, theirs = numbers_of(got), numbers_of(expected)
    if theirs is None:
        return type(got) is type(expected)
    return (
        mine is not None
        and mine.shape == theirs.shape
        and (mine.dtype.kind == "c") == (theirs.dtype.kind == "c")
    )


@dataclass(frozen=True)
class Mismatch:
    """Where a result of the reference's shape first differs from it (see `value_mismatch`)."""

    got: np.ndarray[Any, Any]  # the learner's value, as floats
    expected: np.ndarray[Any, Any]  # the reference's, as floats, of the same shape
    index: tuple[int, ...]  # the first element not `within_tolerance`
    largest: float  # the largest error (NaN counts as infinite)
    failure: Failure  # what `compare_values` says, for a check with nothing better to add


def value_mismatch(trial: Trial, tolerance: float) -> Mismatch | None:
    """Where `compare_values` fails, for a check that goes on to explain why; None if it passes.

    A result that is not a real numeric array of the reference's shape has no values to
    explain: then `compare_values`' own Failure is raised.

        for trial in trials:
            mismatch = value_mismatch(trial, context.tolerance)
            if mismatch is not None:
                row, column = mismatch.index
                return Failure(f"Column {column} should be a sine ...", trial)
    """
    failure = compare_values(trial, tolerance)
    if failure is None:
        return None
    got, expected = as_float_array(trial.got), as_float_array(trial.expected)
    if got is None or expected is None or got.shape != expected.shape:
        raise failure
    found = first_mismatch(got, expected, tolerance)
    if found is None:  # the values agree; the kind of value did not (e.g. a list for a tuple)
        raise failure
    return Mismatch(got, expected, found[0], found[1], failure)


# --- the built-in checks --------------------------------------------------------------------


@check("shape", values=False)
def check_shape(trials: list[Trial], context: CheckContext) -> Failure | None:
    """A real numpy.ndarray with the reference's shape, for every probe (item by item when the
    reference returns a tuple, a list of arrays or a dict); where the reference returns one
    number, any number (a float, a NumPy scalar, an array of shape ())."""
    for trial in trials:
        message = _shape_message(trial.got, trial.expected)
        if message is not None:
            return Failure(message, trial)
    return None


def _shape_message(got: Any, expected: Any) -> str | None:
    """What is wrong with the kind or shape of `got`, in words that name no value."""
    if is_structure(expected):
        pairs = paired_items(got, expected)
        if pairs is None:
            return f"It returned {kind_of(got)}; {kind_of(expected)} was expected."
        for where, mine, theirs in pairs:
            message = _shape_message(mine, theirs)
            if message is not None:
                return f"{where}: {message}"
        return None
    if is_number(expected):  # a loss or a metric: a float, a NumPy scalar or a 0-d array
        return (
            None if is_number(got) else f"It returned {kind_of(got)}; {_ONE_NUMBER} was expected."
        )
    expected_shape = tuple(np.shape(expected))
    if not isinstance(got, np.ndarray):
        return (
            f"It returned {kind_of(got)}; a numpy.ndarray of shape {expected_shape} was expected."
        )
    if got.shape != expected_shape:
        if got.dtype.kind == "c" and not np.iscomplexobj(expected):
            # Complex numbers are the slip, not the shape (pairs kept as one complex value).
            return (
                f"It returned a complex ({got.dtype}) array of shape {tuple(got.shape)}; a real "
                f"array of shape {expected_shape} was expected."
            )
        return f"It returned shape {tuple(got.shape)} but shape {expected_shape} was expected."
    return None


@check("matches_reference")
def check_matches_reference(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every value within the exercise's tolerance of the reference solution's; with
    `exact_zeros = true`, a value the reference gives as exactly 0 must be exactly 0 (a
    statement's "probability exactly 0", which a tolerance would let 1e-12 through)."""
    exact_zeros = context.params.get("exact_zeros", False) is True
    for trial in trials:
        if failure := compare_values(trial, context.tolerance):
            return failure
        if exact_zeros and (failure := _not_exactly_zero(trial)):
            return failure
    return None


def _not_exactly_zero(trial: Trial) -> Failure | None:
    """The first value that is not exactly 0 where the reference's is (values already within
    the tolerance, so the shapes agree)."""
    got, expected = numbers_of(trial.got), numbers_of(trial.expected)
    if got is None or expected is None or got.shape != expected.shape:
        return None
    wrong = (expected == 0) & (got != 0)
    if not wrong.any():
        return None
    index = tuple(int(i) for i in np.argwhere(wrong)[0])
    return Failure(
        f"{position(index)} is {number(got[index])} but exactly 0 was expected: "
        "a tolerance does not apply where the value must be exactly zero.",
        trial,
    )


@check("finite_within")
def check_finite_within(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every value finite and inside [low, high] (params `low`, `high`; default [-1, 1])."""
    low, high = float(context.params.get("low", -1.0)), float(context.params.get("high", 1.0))
    tolerance = context.tolerance
    for trial in trials:
        got = as_float_array(trial.got)
        if got is None:
            return _not_numbers(trial)
        finite = np.isfinite(got)
        if not finite.all():
            index = tuple(int(i) for i in np.argwhere(~finite)[0])
            return Failure(f"{position(index)} is {got[index]}; every value must be finite.", trial)
        outside = (got < low - tolerance) | (got > high + tolerance)
        if outside.any():
            index = tuple(int(i) for i in np.argwhere(outside)[0])
            return Failure(
                f"{position(index)} is {number(float(got[index]))}, outside [{low:g}, {high:g}] "
                f"(tolerance {tolerance_text(tolerance)}). {int(outside.sum())} of {got.size} "
                f"values are outside; the largest magnitude is {number(float(np.abs(got).max()))}.",
                trial,
            )
    return None


@check("inputs_unchanged", values=False)
def check_inputs_unchanged(trials: list[Trial], context: CheckContext) -> Failure | None:
    """The call leaves every array it was given as it was (param `names`: the arguments'
    names, for the message). With param `new_array = true`, the result must also be a new
    array: not the input itself nor a view of one (`x.reshape(...)`, `x.T`, `x[1:]`), which
    the caller would change by writing into the result. Items of a returned tuple or list
    count as the result."""
    names = list(context.params.get("names", []))
    new_array = context.params.get("new_array", False) is True

    def name_of(index: int) -> str:
        return f"`{names[index]}`" if index < len(names) else f"argument {index + 1}"

    for trial in trials:
        if trial.modified:
            name = name_of(trial.modified[0])
            return Failure(
                f"It changed its input {name} in place: after the call, {name} no longer holds "
                "the values it was given. The caller still needs them: compute the result in a "
                "new array (`out = np.empty_like(x)`, or an expression), or copy first "
                "(`x = x.copy()`).",
                trial,
            )
        if new_array and trial.shares_memory:
            name = name_of(trial.shares_memory[0])
            return Failure(
                f"It returned {name} itself, or a view of it (`reshape`, `.T`, a slice and "
                f"`np.asarray` give views): the result shares its memory with {name}, so a "
                f"caller who writes into the result changes {name} too. A new array was "
                "expected: build the result with an expression, or return a `.copy()`.",
                trial,
            )
    return None


@check("dtype", values=False)
def check_dtype(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every array the call returns, and every NumPy scalar (a tuple's items each), has the
    dtype of param `dtype` (default "float64"); a Python float counts as float64, a Python
    int as int64. For a statement that promises the dtype: float32 or float16 results (or
    ints where floats are promised) fail, with what came back and what was expected."""
    wanted = np.dtype(str(context.params.get("dtype", "float64")))
    for trial in trials:
        for where, value in _returned_items(trial.got):
            got = _dtype_of(value)
            if got is None or got == wanted:
                continue
            rounded = (
                f" {got.name} keeps about {_DIGITS[got.name]} significant digits, "
                f"{wanted.name} about {_DIGITS[wanted.name]}, so every value is rounded."
                if got.name in _DIGITS and wanted.name in _DIGITS and got.itemsize < wanted.itemsize
                else ""
            )
            return Failure(
                f"{where}It returned {kind_of(value)}; {wanted.name} was expected.{rounded} "
                f"Keep the result in {wanted.name}: look for an `.astype(...)` or a `dtype=` "
                "that changes it.",
                trial,
            )
    return None


_DIGITS = {"float16": 3, "float32": 7, "float64": 16}


def _returned_items(value: Any) -> list[tuple[str, Any]]:
    """The value, or each item of a returned tuple or list with where it is ("Item 1 of the
    tuple: ")."""
    if isinstance(value, tuple | list) and not isinstance(value, ListOfNumbers):
        container = type(value).__name__
        return [(f"Item {i} of the {container}: ", item) for i, item in enumerate(value)]
    return [("", value)]


def _dtype_of(value: Any) -> np.dtype[Any] | None:
    """The dtype a returned value carries (None for what has none to judge: a str, None)."""
    if isinstance(value, np.ndarray | np.generic):
        return value.dtype
    if isinstance(value, bool):
        return np.dtype(bool)
    if isinstance(value, int):
        return np.dtype("int64")
    if isinstance(value, float):
        return np.dtype("float64")
    return None


@check("raises", raises=True)
def check_raises(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every call raises the exception named by param `exception` (e.g. "IndexError": the type
    itself, not a subclass), and its message contains each string of param `mentions` (the
    offending value, the limit it broke: what a caller needs to fix the call)."""
    wanted = str(context.params.get("exception", "Exception"))
    mentions = [str(item) for item in context.params.get("mentions", [])]
    for trial in trials:
        raised = trial.raised
        if raised is None:
            return Failure(
                f"It returned {describe(trial.got)}; this call should raise {wanted}, "
                "since its arguments are invalid.",
                trial,
            )
        said = (
            f"It raised {raised.type}: {raised.message}"
            if raised.message
            else (f"It raised {raised.type} with no message")
        )
        if not raised.is_a(wanted):
            return Failure(f"{said}\n{wanted} was expected.", trial, raised.line)
        missing = [text for text in mentions if text not in raised.message]
        if missing:
            needed = " and ".join(f"`{text}`" for text in mentions)
            return Failure(
                f"{said}\nThe right exception, but its message should contain {needed}, "
                f"so the caller can see what was wrong: `{missing[0]}` is not in it.",
                trial,
                raised.line,
            )
    return None


@check("no_python_loops", static=True)
def check_no_python_loops(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No Python-level loop, judged three ways. The loop scan of the entry function and every
    function and class it uses, wherever the module defines them, and the steps loading the
    module took (`graders.protocol.counts.IMPORT_STEPS`). Counted calls (each probe at sizes
    drawn per grading, then every size scaled): any growth in the line events of the learner's
    code or in the elements helpers consume for it fails. And the counted calls' values: a
    solution whose values are the reference's on every other call (this test's uncounted
    trials: the calls of the tests that compare values) must return the reference's values
    when counted too, or it told the counted calls apart. None may pass what another catches;
    a call whose tracer was switched off fails closed."""
    if context.loops:
        return _loop_found(context)
    counted = [trial for trial in trials if trial.probe.counted]
    for trial in counted:
        if trial.counts is None or not trial.counts.traced:
            return Failure(_UNCOUNTED, trial)
    for small, large in zip(counted[0::2], counted[1::2], strict=False):
        assert small.counts is not None
        assert large.counts is not None
        if large.counts.total > small.counts.total:
            return _growth(small, small.counts, large, large.counts)
        if small.counts.total > SHRINK_FACTOR * large.counts.total + SHRINK_SLACK:
            return _shrink(small, small.counts, large, large.counts)
    others = [trial for trial in trials if not trial.probe.counted]
    return _counted_values(counted, others, context.tolerance)


def _counted_values(counted: list[Trial], others: list[Trial], tolerance: float) -> Failure | None:
    """A counted call whose value is not the reference's, from a solution whose values are the
    reference's on every other call: it computes something else only when counted (a loop it
    skips then). A solution wrong elsewhere too is the value tests' to report."""
    for trial in counted:
        failure = _differs(trial, _counted_tolerance(trial, tolerance))
        if failure is None:
            continue
        if not others or any(_differs(other, tolerance) for other in others):
            return None
        return Failure(
            f"{failure.message}\nThis is one of the calls whose Python steps the grader "
            f"counts, and your function returns the expected values on every other call it "
            f"was given ({len(others)}). It must compute its result the same way on every "
            f"call: the count says nothing about code that runs only when it is not counted. "
            f"{_INSTEAD}, on every call.",
            trial,
        )
    return None


COUNTED_RELATIVE = 1e-5  # float32 arithmetic over the counted calls' larger sums stays inside


def _counted_tolerance(trial: Trial, tolerance: float) -> float:
    """The tolerance a counted call's values are held to: the exercise's, grown with the
    largest value the reference returns there. Counted calls are larger than the value tests'
    (sums over more terms, values tens of times larger), and rounding grows with them: a
    float32 computation, right on every value test, is no sign of a call told apart, whose
    values are wrong outright."""
    try:
        expected = numbers_of(trial.expected)
    except Exception:  # the comparison itself will say what it cannot read
        return tolerance
    if expected is None or not expected.size or expected.dtype.kind not in "iufc":
        return tolerance
    finite = np.abs(expected[np.isfinite(expected)])
    return tolerance + COUNTED_RELATIVE * float(finite.max()) if finite.size else tolerance


def _differs(trial: Trial, tolerance: float) -> Failure | None:
    try:
        return compare_values(trial, tolerance)
    except Exception:  # a value no comparison can read is not the reference's
        return Failure(f"It returned {describe(trial.got)}.", trial)


_UNCOUNTED = (
    "The grader could not count the steps this call took: line tracing was switched off "
    "while it ran, which happens when code recurses until it hits Python's recursion limit "
    "(often inside a try/except). Without the count, the call cannot be shown to be "
    "vectorised. Build the result with whole-array NumPy operations, without recursion."
)
_INSTEAD = "Build the result with whole-array NumPy operations (broadcasting, slicing, ufuncs)"


def _loop_found(context: CheckContext) -> Failure:
    first = context.loops[0]
    if first.function == AT_IMPORT:
        return Failure(
            f"Line {first.line} runs a {first.kind} when your module is loaded: the Python "
            f"steps the module takes at import are counted as {context.entry}()'s, and these "
            f"are far more than defining functions and a constant or two (a loop over at most "
            f"{FIXED_FEW} items written in the code is fine). {_INSTEAD} instead, inside "
            f"{context.entry}().",
            line=first.line,
        )
    where = (
        ""
        if first.function == context.entry
        else f" (in {first.function}(), which {context.entry}() calls)"
    )
    others = len(context.loops) - 1
    more = f" There {'is' if others == 1 else 'are'} {others} more after it." if others else ""
    return Failure(f"Line {first.line} uses a {first.kind}{where}. {_INSTEAD} instead.{more}")


# A vectorised call takes the same steps at any size; one that takes many more on the smaller
# call did the larger call's work ahead of it (a loop filling a cache the larger call reads).
SHRINK_FACTOR, SHRINK_SLACK = 2, 64


def _shrink(small: Trial, before: CallCounts, large: Trial, after: CallCounts) -> Failure:
    return Failure(
        f"Your code took {before.total:,} Python steps for {small.probe.call} but only "
        f"{after.total:,} for the larger {large.probe.call}: a vectorised function takes the "
        "same steps whatever the sizes, and work done on one call for another (a cache filled "
        f"one element at a time) is still a loop. {_INSTEAD} on every call.",
        small,
    )


def _growth(small: Trial, before: CallCounts, large: Trial, after: CallCounts) -> Failure:
    """Name what grew most between the two counted calls: a line of the learner's code, or
    the elements a helper went through."""
    grown = growth(before, after)
    calls = f"for {small.probe.call} and {{}} for {large.probe.call}"
    if grown is None:  # the tally grew but named nothing: say so plainly
        return Failure(
            f"Your code took {before.total:,} Python steps "
            + calls.format(f"{after.total:,}")
            + f": the work grows with the size. {_INSTEAD} instead.",
            large,
        )
    if grown.line is None:
        what = f"{grown.helper} went through {grown.before:,} elements " + calls.format(
            f"{grown.after:,}"
        )
        return Failure(
            f"{what}: it handles one element at a time in Python, so its work grows with the "
            f"size. {_INSTEAD} instead.",
            large,
        )
    item = grown.line
    kind = f" (in a {item.kind})" if item.kind and item.kind != "recursion" else ""
    kind = " (in a recursive function)" if item.kind == "recursion" else kind
    ran = f"Line {item.line}{kind} ran {grown.before:,} times " + calls.format(f"{grown.after:,}")
    return Failure(
        f"{ran}: the work grows with the size, one Python step per element. {_INSTEAD} instead.",
        large,
        line=item.line,
    )


BUILTIN_CHECKS = collect_checks(dict(globals()))
