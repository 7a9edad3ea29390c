"""Generic analyses: what a wrong value says about the mistake behind it, for every exercise.

When no known mistake of the exercise matches, the learner's values are compared with the
reference's through simple transformations: a missing `return`, a list or a tuple for an array,
an extra or missing axis, the axes swapped, a row or column too many, rows shifted, a constant
scale or offset, a sign, columns in another order, lost precision, an integer dtype, and the
reference called with two arguments swapped. An analysis fits only when it explains every
trial of the test whose value is wrong (an explanation that fits one probe by coincidence is
not given), and none opens with "your values are right" unless they were compared.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from graders import trusted
from graders.checks import Finding, Trial
from graders.exercise import Exercise
from graders.markdown import render
from graders.probes import make_probe
from graders.protocol.matching import numbers_of, within_tolerance
from graders.protocol.values import ListOfNumbers
from graders.report import Diagnosis

# Loop kinds (graders.protocol.loops and the counting helpers) -> the generic diagnosis id.
LOOP_IDS = {
    "for loop": "loop-for",
    "while loop": "loop-while",
    "list comprehension": "loop-comprehension",
    "set comprehension": "loop-comprehension",
    "dict comprehension": "loop-comprehension",
    "generator expression": "loop-comprehension",
    "recursion": "loop-recursion",
    "map()": "loop-map",
    "filter()": "loop-map",
    "sorted()": "loop-map",
    "sum()": "loop-map",
    "min()": "loop-map",
    "max()": "loop-map",
    "np.vectorize": "loop-vectorize",
    "np.frompyfunc": "loop-frompyfunc",
    "np.apply_along_axis": "loop-apply-along-axis",
    "np.fromiter": "loop-fromiter",
    "functools.reduce()": "loop-reduce",
}
_LOOP_TEXT = {
    "loop-for": ("A `for` loop over the elements", "a `for` loop"),
    "loop-while": ("A `while` loop over the elements", "a `while` loop"),
    "loop-comprehension": ("A comprehension over the elements", "a comprehension"),
    "loop-recursion": ("Recursion over the elements", "recursion"),
    "loop-map": ("map/sum/sorted over the elements", "a builtin such as `map` or `sum`"),
    "loop-vectorize": ("np.vectorize over a scalar function", "`np.vectorize`"),
    "loop-frompyfunc": ("np.frompyfunc over a scalar function", "`np.frompyfunc`"),
    "loop-apply-along-axis": ("np.apply_along_axis over the rows", "`np.apply_along_axis`"),
    "loop-fromiter": ("np.fromiter over a Python iterator", "`np.fromiter`"),
    "loop-reduce": ("functools.reduce over the elements", "`functools.reduce`"),
}


def loop_diagnosis(kind: str) -> Diagnosis | None:
    """The generic diagnosis for a loop of `kind` (a `LoopFinding.kind` or a helper name)."""
    key = LOOP_IDS.get(kind)
    if key is None and kind.startswith("itertools."):  # "itertools.product()", ...
        key = "loop-map"
    if key is None:
        return None
    title, spelled = _LOOP_TEXT[key]
    return _diagnosis(
        key,
        title,
        f"The work is done one element at a time with {spelled}: Python runs once per "
        "element, so the cost grows with the size (on a real model, thousands of times "
        "slower than NumPy's compiled loops). Express the computation on whole arrays: "
        "broadcasting (`a[:, None] * b[None, :]`), slicing, ufuncs such as `np.sin`, and "
        "reductions with `axis=`.",
    )


def _diagnosis(key: str, title: str, explanation: str) -> Diagnosis:
    return Diagnosis(
        id=key, title=title, explanation=explanation, explanation_html=render(explanation)
    )


def from_finding(finding: Finding) -> Diagnosis:
    return _diagnosis(finding.id, finding.title, finding.explanation)


@dataclass(frozen=True)
class _Pair:
    """One wrong trial as numbers: the learner's value (None when not numbers) and the
    reference's."""

    trial: Trial
    got: np.ndarray[Any, Any] | None
    expected: np.ndarray[Any, Any]
    values: bool  # the values crossed, not only the type, dtype and shape


Analysis = Callable[[list[_Pair], float], Finding | None]


def analyse(
    exercise: Exercise, trials: list[Trial], tolerance: float, values: bool
) -> Diagnosis | None:
    """The first generic analysis that explains every wrong trial (`values`: whether the
    trials hold the values, not only their type, dtype and shape). Where the reference returns
    a tuple or a list of values (a loss and its gradient), each item the learner got wrong is
    analysed on its own: a slip in one item is named even when the others are right."""
    items = _items(trials)
    if items is None:
        found = _analysed(exercise, trials, tolerance, values)
        return from_finding(found) if found else None
    for index, kind, item_trials in items:
        found = _analysed(exercise, item_trials, tolerance, values, swapped=False)
        if found is not None:
            return from_finding(
                Finding(
                    found.id,
                    found.title,
                    f"About item {index} of the {kind} you return: {found.explanation}",
                )
            )
    return None


def _items(trials: list[Trial]) -> list[tuple[int, str, list[Trial]]] | None:
    """(index, "tuple" or "list", the trials of that item) for every item of a tuple or list
    reference that the learner's value, of the same kind and length, has; None when the
    reference returns no such container or a learner's value is not one."""
    kinds = {type(trial.expected) for trial in trials}
    if len(kinds) != 1 or not trials or kinds.pop() not in (tuple, list):
        return None
    lengths = {len(trial.expected) for trial in trials}
    if len(lengths) != 1 or any(
        type(trial.got) is not type(trial.expected) or len(trial.got) != len(trial.expected)
        for trial in trials
    ):
        return None
    return [
        (
            index,
            type(trials[0].expected).__name__,
            [
                Trial(trial.probe, trial.got[index], trial.expected[index], trial.counts)
                for trial in trials
            ],
        )
        for index in range(lengths.pop())
    ]


def _analysed(
    exercise: Exercise, trials: list[Trial], tolerance: float, values: bool, swapped: bool = True
) -> Finding | None:
    """The first analysis that explains every wrong trial (`swapped`: the reference called
    with two arguments swapped is tried last, only for the whole value)."""
    pairs = []
    for trial in trials:
        expected = numbers_of(trial.expected)
        if expected is None or expected.dtype.kind == "c":
            return None  # structured or complex references: not analysed generically
        got = numbers_of(trial.got)
        right = (
            got is not None
            and got.shape == expected.shape
            and values
            and within_tolerance(got, expected, tolerance).all()
            and _kind_ok(trial)
        )
        if right:
            continue  # this trial is right
        pairs.append(_Pair(trial, got, expected, values))
    if not pairs:
        return None
    for analysis in _KIND_ANALYSES:
        found = analysis(pairs, tolerance)
        if found is not None:
            return found
    if not values:
        for analysis in _SHAPE_ANALYSES:
            found = analysis(pairs, tolerance)
            if found is not None:
                return found
        return None
    # Integer answers (token ids, indices) are labels, not quantities: "scaled by 2" or
    # "offset by 1" says nothing about why a sampled id is wrong.
    labels = all(_reference_is_integer(pair) for pair in pairs)
    analyses: list[Analysis] = [*_SHAPE_ANALYSES, *(() if labels else _VALUE_ANALYSES)]
    for analysis in analyses:
        found = analysis(pairs, tolerance)
        if found is not None:
            return found
    return _arguments_swapped(exercise, pairs, tolerance) if swapped else None


def _kind_ok(trial: Trial) -> bool:
    return isinstance(trial.got, np.ndarray) or not isinstance(trial.expected, np.ndarray)


# --- what kind of value came back ---------------------------------------------------------------


def _returns_none(pairs: list[_Pair], tolerance: float) -> Finding | None:
    if not all(pair.trial.got is None for pair in pairs):
        return None
    return Finding(
        "returns-none",
        "The function returns None",
        "Your function returned `None`: it reaches its end without a `return` statement (or "
        "only prints, or only fills something in place). End it with `return` and the array "
        "you built.",
    )


def _returns_container(pairs: list[_Pair], tolerance: float) -> Finding | None:
    kinds = {_container(pair.trial.got) for pair in pairs}
    if (
        len(kinds) != 1
        or None in kinds
        or not all(isinstance(p.trial.expected, np.ndarray) for p in pairs)
    ):
        return None
    kind = kinds.pop()
    right = all(
        pair.got is not None
        and pair.got.shape == pair.expected.shape
        and within_tolerance(pair.got, pair.expected, tolerance).all()
        for pair in pairs
    )
    values = "Its numbers are right, but" if right else "Beyond any wrong values,"
    if kind == "list":
        return Finding(
            "returns-list",
            "Returns a list instead of an array",
            f"{values} your function returns a Python list (did you call `.tolist()` or build "
            "a list of rows?). Return a NumPy array: `np.array(rows)` or, better, build the "
            "array directly.",
        )
    return Finding(
        "returns-tuple",
        "Returns a tuple instead of an array",
        f"{values} your function returns a tuple, where one array is expected. If you return "
        "the result together with something else (`return out, weights`), return only the "
        "result.",
    )


def _container(value: Any) -> str | None:
    if isinstance(value, ListOfNumbers):
        return value.container
    if type(value) in (list, tuple):
        return type(value).__name__
    return None


def _returns_scalar(pairs: list[_Pair], tolerance: float) -> Finding | None:
    if not all(
        pair.got is not None and pair.got.ndim == 0 and pair.expected.ndim > 0 for pair in pairs
    ):
        return None
    return Finding(
        "returns-scalar",
        "Returns a single number instead of an array",
        "Your function returns one number where a whole array is expected: somewhere the "
        "result was reduced (a `sum`, `mean` or `max` without `axis=`, or indexing a single "
        "element). Keep the array's shape through to the `return`.",
    )


def _integer_dtype(pairs: list[_Pair], tolerance: float) -> Finding | None:
    dtypes = [getattr(pair.trial.got, "dtype", None) for pair in pairs]
    if not all(dtype is not None and dtype.kind in "biu" for dtype in dtypes):
        return None
    # The reference's own dtype (pairs hold float copies): an exercise whose answer is integers
    # (sampled token ids) is no place to blame integers.
    if not all(_reference_is_float(pair) for pair in pairs):
        return None
    return Finding(
        "integer-dtype",
        "An integer array truncates the values",
        f"Your result is an array of {dtypes[0]}: every fraction was cut off, so 0.84 became "
        "0. An integer array usually comes from `np.zeros(..., dtype=int)`, `np.zeros_like` "
        "of an integer array (such as `np.arange(n)`), or `.astype(int)`. Create the result "
        "as floats.",
    )


def _reference_kind(pair: _Pair) -> str | None:
    """The dtype kind of the reference's own value (pairs hold float copies), if it has one."""
    kind = getattr(getattr(pair.trial.expected, "dtype", None), "kind", None)
    return kind if isinstance(kind, str) else None


def _reference_is_integer(pair: _Pair) -> bool:
    kind = _reference_kind(pair)
    return kind is not None and kind in "biu"


def _reference_is_float(pair: _Pair) -> bool:
    kind = _reference_kind(pair)
    if kind is not None:
        return bool(kind in "fc")
    return isinstance(pair.trial.expected, float) or bool(np.any(pair.expected % 1))


_KIND_ANALYSES: list[Analysis] = [
    _returns_none,
    _returns_container,
    _returns_scalar,
    _integer_dtype,
]


# --- shapes -------------------------------------------------------------------------------------


def _same_shape_rule(
    rule: Callable[[tuple[int, ...], tuple[int, ...]], bool],
) -> Callable[[list[_Pair]], bool]:
    return lambda pairs: all(
        pair.got is not None and rule(tuple(pair.got.shape), tuple(pair.expected.shape))
        for pair in pairs
    )


def _transposed(pairs: list[_Pair], tolerance: float) -> Finding | None:
    def fits(pair: _Pair) -> bool:
        got, expected = pair.got, pair.expected
        if got is None or got.ndim < 2 or got.shape == expected.shape:
            return False
        if got.shape[:-2] + got.shape[-2:][::-1] != expected.shape:
            return False
        swapped = np.swapaxes(got, -1, -2)
        return not pair.values or bool(within_tolerance(swapped, expected, tolerance).all())

    if not all(fits(pair) for pair in pairs):
        return None
    return Finding(
        "transposed",
        "Rows and columns swapped",
        "Your result has its last two axes swapped: shape "
        f"{tuple(pairs[0].got.shape)} where {tuple(pairs[0].expected.shape)} is expected "  # type: ignore[union-attr]
        "(rows where columns should be). Check which axis each quantity runs along, or "
        "transpose the result (`.T`, or `np.swapaxes(a, -1, -2)`).",
    )


def _leading_axis(pairs: list[_Pair], tolerance: float) -> Finding | None:
    extra = _same_shape_rule(lambda got, expected: got == (1, *expected))
    missing = _same_shape_rule(lambda got, expected: len(expected) > 1 and got == expected[1:])
    if extra(pairs):
        return Finding(
            "extra-leading-axis",
            "An extra axis of length 1 in front",
            f"Your result has shape {tuple(pairs[0].got.shape)}: the expected "  # type: ignore[union-attr]
            f"{tuple(pairs[0].expected.shape)} with an extra leading axis of length 1 (a batch "
            "axis from a ported tutorial, or `[None]`, `np.newaxis`, `keepdims=True`). Drop "
            "it, e.g. with `[0]` or `np.squeeze(..., axis=0)`, or do not add it.",
        )
    if missing(pairs):
        return Finding(
            "missing-leading-axis",
            "The leading axis is missing",
            f"Your result has shape {tuple(pairs[0].got.shape)}, but "  # type: ignore[union-attr]
            f"{tuple(pairs[0].expected.shape)} is expected: the first axis is gone. Perhaps "
            "only one item (the first or last row, one query) was returned, or a reduction or "
            "an index removed the axis. Return the result for every item.",
        )
    return None


def _off_by_one(pairs: list[_Pair], tolerance: float) -> Finding | None:
    for axis, noun in ((0, "row"), (-1, "column")):
        for step, more in ((1, "too many"), (-1, "too few")):

            def rule(
                got: tuple[int, ...], expected: tuple[int, ...], axis: int = axis, step: int = step
            ) -> bool:
                if len(got) != len(expected) or len(got) < 1:
                    return False
                wanted = list(expected)
                wanted[axis] += step
                return list(got) == wanted

            if _same_shape_rule(rule)(pairs):
                key = f"one-{noun}-{more.replace(' ', '-')}"
                return Finding(
                    key,
                    f"One {noun} {more}",
                    f"Your result has shape {tuple(pairs[0].got.shape)}, one {noun} {more} "  # type: ignore[union-attr]
                    f"for the expected {tuple(pairs[0].expected.shape)}. Check the ends of your "
                    "ranges: `np.arange(n)` gives n values, 0 to n - 1; `np.arange(1, n)` gives "
                    "n - 1, and `np.linspace(0, 1, n + 1)` gives n + 1.",
                )
    return None


_SHAPE_ANALYSES: list[Analysis] = [_transposed, _leading_axis, _off_by_one]


# --- values of the right shape --------------------------------------------------------------------


def _same_shaped(
    pairs: list[_Pair],
) -> list[tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]] | None:
    out = []
    for pair in pairs:
        if (
            pair.got is None
            or pair.got.shape != pair.expected.shape
            or not np.isfinite(pair.got).all()
            or not np.isfinite(pair.expected).all()  # -inf in a masked reference: no line fits
        ):
            return None
        out.append((pair.got, pair.expected))
    return out


def _fitted(pairs: list[_Pair], tolerance: float) -> Finding | None:
    """Sign, a constant factor, a constant offset, or both (the same constants in every trial).

    A fit is evidence only when it was tested: the reference's values must hold more distinct
    points than the fit has parameters (a line through two numbers explains any two numbers),
    and the learner's values must lie within tolerance of the fitted line (the residual)."""
    arrays = _same_shaped(pairs)
    if arrays is None:
        return None
    got = np.concatenate([g.ravel() for g, _ in arrays])
    expected = np.concatenate([e.ravel() for _, e in arrays])
    points = _distinct(expected, tolerance)
    if points < 2:
        return None
    if _line_fits(got, expected, -1.0, 0.0, tolerance):
        return Finding(
            "sign-flipped",
            "Every value has the wrong sign",
            "Your values are exactly the expected ones negated. Look for a minus sign too many "
            "(or missing), or a subtraction written the wrong way round (`b - a` for `a - b`).",
        )
    scale = float(np.dot(got, expected) / np.dot(expected, expected))
    if abs(scale - 1) > 1e-6 and _line_fits(got, expected, scale, 0.0, tolerance):
        return Finding(
            "scaled",
            "Every value off by the same factor",
            f"Your values are the expected ones times {scale:.6g}, everywhere: the computation "
            "is right up to a constant factor. Look for a factor that should not be there, or "
            "one that is missing: a division by a size, a square root on the wrong quantity, a "
            "factor of 2.",
        )
    offset = float(np.mean(got - expected))
    if abs(offset) > tolerance and _line_fits(got, expected, 1.0, offset, tolerance):
        return Finding(
            "offset",
            "Every value off by the same amount",
            f"Your values are the expected ones plus {offset:.6g}, everywhere: a constant is "
            "added (or left out) somewhere. Check every `+` and `-` of a constant in your "
            "formula.",
        )
    if points < 3:  # two parameters: a third point is the first that tests the line
        return None
    a, b = (float(value) for value in np.polyfit(expected, got, 1))
    if abs(a - 1) > 1e-6 and abs(b) > tolerance and _line_fits(got, expected, a, b, tolerance):
        return Finding(
            "affine",
            "Values rescaled and shifted",
            f"Your values are {a:.6g} times the expected ones plus {b:.6g}: the shape of the "
            "computation is right, but a scale and a shift are off, as when two parameters are "
            "applied in the wrong order or the wrong one is used.",
        )
    return None


def _distinct(values: np.ndarray[Any, Any], tolerance: float) -> int:
    """How many of `values` are distinct points: apart from their neighbour by more than the
    tolerance, once sorted."""
    ordered = np.sort(values)
    return int(ordered.size > 0) + int(np.count_nonzero(np.diff(ordered) > tolerance))


def _line_fits(
    got: np.ndarray[Any, Any],
    expected: np.ndarray[Any, Any],
    scale: float,
    offset: float,
    tolerance: float,
) -> bool:
    """The residual check: every learner value within tolerance of scale * expected + offset."""
    return bool(within_tolerance(got, scale * expected + offset, tolerance).all())


def _low_precision(pairs: list[_Pair], tolerance: float) -> Finding | None:
    arrays = _same_shaped(pairs)
    if arrays is None:
        return None
    dtypes = {getattr(pair.trial.got, "dtype", None) for pair in pairs}
    for got, expected in arrays:
        error = float(np.max(np.abs(got - expected)))
        scale = float(np.max(np.abs(expected))) or 1.0
        if error > 5e-3 * max(scale, 1.0):
            return None
    half = np.dtype(np.float16) in dtypes or all(
        within_tolerance(got, expected.astype(np.float16).astype(float), 1e-9).all()
        for got, expected in arrays
    )
    rounded = next(
        (
            digits
            for digits in range(0, 5)
            if all(
                within_tolerance(got, np.round(expected, digits), 1e-9).all()
                for got, expected in arrays
            )
        ),
        None,
    )
    if not half and rounded is None:
        return None
    how = (
        "stored in float16, which keeps about three significant digits"
        if half
        else f"rounded to {rounded} decimal{'s' if rounded != 1 else ''}"
    )
    return Finding(
        "low-precision",
        "Precision lost",
        f"Your values are right but {how}, so they differ from the exact ones by more than "
        f"the tolerance ({tolerance:g}). Keep float64 all the way and return the full-precision "
        "values: rounding is for display only.",
    )


def _columns_permuted(pairs: list[_Pair], tolerance: float) -> Finding | None:
    arrays = _same_shaped(pairs)
    if arrays is None or any(got.ndim != 2 or got.shape[1] < 2 for got, _ in arrays):
        return None
    orders = []
    for got, expected in arrays:
        order = []
        for column in range(got.shape[1]):
            matches = [
                other
                for other in range(expected.shape[1])
                if within_tolerance(got[:, column], expected[:, other], tolerance).all()
            ]
            if not matches:
                return None
            order.append(column if column in matches else matches[0])
        if sorted(order) != list(range(got.shape[1])) or order == list(range(got.shape[1])):
            return None
        orders.append(order)
    shown = ", ".join(str(index) for index in orders[0][:8]) + (
        ", ..." if len(orders[0]) > 8 else ""
    )
    return Finding(
        "columns-permuted",
        "The right columns in the wrong order",
        "Every column of your result is a correct column, but in the wrong place: your "
        f"columns are the expected columns [{shown}]. Check the layout the statement asks for "
        "(interleaved pairs, or halves; which of a pair comes first) and how you assemble it: "
        "slices with a step (`out[:, 0::2]`) interleave, `np.concatenate` puts blocks side by "
        "side.",
    )


def _rows_shifted(pairs: list[_Pair], tolerance: float) -> Finding | None:
    arrays = _same_shaped(pairs)
    if arrays is None or any(got.ndim < 1 or got.shape[0] < 3 for got, _ in arrays):
        return None
    for shift in (1, -1, 2, -2):
        if all(
            within_tolerance(got[:-shift], expected[shift:], tolerance).all()
            if shift > 0
            else within_tolerance(got[-shift:], expected[:shift], tolerance).all()
            for got, expected in arrays
        ):
            direction = "the row after it" if shift > 0 else "the row before it"
            return Finding(
                "rows-shifted",
                "Every row shifted by one position" if abs(shift) == 1 else "Rows shifted",
                f"Each row of your result holds what belongs in {direction}"
                f"{'' if abs(shift) == 1 else f' but {abs(shift) - 1}'}: your positions are "
                f"off by {abs(shift)}. Positions (rows) are numbered from 0: `np.arange(n)` "
                "gives 0 to n - 1.",
            )
    return None


_VALUE_ANALYSES: list[Analysis] = [_fitted, _low_precision, _columns_permuted, _rows_shifted]


def _arguments_swapped(exercise: Exercise, pairs: list[_Pair], tolerance: float) -> Finding | None:
    """The reference, called with two of the arguments swapped, gives the learner's values."""
    count = len(pairs[0].trial.probe.args)
    for first, second in combinations(range(count), 2):
        if all(_swapped_fits(exercise, pair, first, second, tolerance) for pair in pairs):
            names = _parameter_names(exercise)
            a = names[first] if first < len(names) else f"argument {first + 1}"
            b = names[second] if second < len(names) else f"argument {second + 1}"
            return Finding(
                "arguments-swapped",
                f"{a} and {b} swapped",
                f"Your result is exactly what the correct function gives with `{a}` and `{b}` "
                f"swapped: your code uses `{a}` where `{b}` belongs and the other way round. "
                "Check the order of the parameters in the signature and where each is used.",
            )
    return None


def _swapped_fits(
    exercise: Exercise, pair: _Pair, first: int, second: int, tolerance: float
) -> bool:
    args = list(pair.trial.probe.args)
    if type(args[first]) is not type(args[second]) or args[first] is None:
        return False
    if isinstance(args[first], np.ndarray) and args[first].ndim != args[second].ndim:
        return False
    args[first], args[second] = args[second], args[first]
    if pair.got is None:
        return False
    theirs = numbers_of(trusted.reference_value(exercise, make_probe(exercise.entry, args)))
    return (
        theirs is not None
        and theirs.shape == pair.got.shape
        and bool(within_tolerance(pair.got, theirs, tolerance).all())
        and not (
            theirs.shape == pair.expected.shape
            and within_tolerance(theirs, pair.expected, tolerance).all()
        )
    )


def _parameter_names(exercise: Exercise) -> list[str]:
    inside = exercise.signature.partition("(")[2].rpartition(")")[0]
    names = []
    for part in inside.split(","):
        name = part.split(":")[0].split("=")[0].strip()
        if name and name not in ("*", "/"):
            names.append(name)
    return names
