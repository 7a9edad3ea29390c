"""Generic analyses: what a wrong value says about the mistake behind it, for every exercise.

When no known mistake of the exercise matches, the learner's values are compared with the
reference's through simple transformations: a missing `return`, a list or a tuple for an array,
the right values in another container (a list for a tuple, a tuple for a dict: engine.containers),
an extra or missing axis, the axes swapped, a row or column too many, rows shifted, a constant
scale or offset, a sign, columns in another order, lost precision, an integer dtype, and the
reference called with two arguments swapped. An analysis fits only when it explains every
trial of the test whose value is wrong (an explanation that fits one probe by coincidence is
not given), and none opens with "your values are right" unless they were compared.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from graders.checks import Finding, Trial
from graders.engine.containers import container_swapped
from graders.engine.fits import VALUE_ANALYSES, Analysis, Pair, arguments_swapped
from graders.exercise import Exercise
from graders.markdown import render
from graders.protocol.matching import numbers_of, within_tolerance
from graders.protocol.values import ListOfNumbers
from graders.report import Diagnosis
from graders.wording import joined

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
    "loop-for": ("A Python `for` loop", "a `for` loop"),
    "loop-while": ("A Python `while` loop", "a `while` loop"),
    "loop-comprehension": ("A comprehension, a Python loop", "a comprehension"),
    "loop-recursion": ("Recursion, a Python loop", "recursion"),
    "loop-map": ("map/sum/sorted, a Python loop", "a builtin such as `map` or `sum`"),
    "loop-vectorize": ("np.vectorize over a scalar function", "`np.vectorize`"),
    "loop-frompyfunc": ("np.frompyfunc over a scalar function", "`np.frompyfunc`"),
    "loop-apply-along-axis": ("np.apply_along_axis over the rows", "`np.apply_along_axis`"),
    "loop-fromiter": ("np.fromiter over a Python iterator", "`np.fromiter`"),
    "loop-reduce": ("functools.reduce, a Python loop", "`functools.reduce`"),
}


def loop_diagnosis(kind: str, over: str = "") -> Diagnosis | None:
    """The generic diagnosis for a loop of `kind` (a `LoopFinding.kind` or a helper name);
    `over`, what a for loop or a comprehension goes through as written, is named when known
    (`range(x.shape[0])`: rows, not elements)."""
    key = LOOP_IDS.get(kind)
    if key is None and kind.startswith("itertools."):  # "itertools.product()", ...
        key = "loop-map"
    if key is None:
        return None
    title, spelled = _LOOP_TEXT[key]
    each = (
        f"{spelled} over `{over}`: Python runs its body once per item of `{over}`"
        if over
        else f"{spelled}: Python runs once per item it goes through (an element, a row, an index)"
    )
    return _diagnosis(
        key,
        title,
        f"The work is done one item at a time, with {each}, so the cost grows with the size "
        "(on a real model, thousands of times slower than NumPy's compiled loops). Express the "
        "computation on whole arrays: broadcasting (`a[:, None] * b[None, :]`), slicing, "
        "ufuncs such as `np.sin`, and reductions with `axis=`.",
    )


def _diagnosis(key: str, title: str, explanation: str) -> Diagnosis:
    found = Diagnosis(
        id=key, title=title, explanation=explanation, explanation_html=render(explanation)
    )
    found._analysed = True
    return found


def from_finding(finding: Finding) -> Diagnosis:
    return _diagnosis(finding.id, finding.title, finding.explanation)


def analyse(
    exercise: Exercise, trials: list[Trial], tolerance: float, values: bool
) -> Diagnosis | None:
    """The first generic analysis that explains every wrong trial (`values`: whether the
    trials hold the values, not only their type, dtype and shape). Where the reference returns
    a tuple or a list of values (a loss and its gradient), each item the learner got wrong is
    analysed on its own: a slip in one item is named even when the others are right."""
    swapped = container_swapped(trials, tolerance, values)  # (a, b) as [a, b]: no item wrong
    if swapped is not None:
        return from_finding(swapped)
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
                    joined(f"About item {index} of the {kind} you return", found.explanation),
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
            [trial.with_values(trial.got[index], trial.expected[index]) for trial in trials],
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
        pairs.append(Pair(trial, got, expected, values))
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
    analyses: list[Analysis] = [*_SHAPE_ANALYSES, *(() if labels else VALUE_ANALYSES)]
    for analysis in analyses:
        found = analysis(pairs, tolerance)
        if found is not None:
            return found
    return arguments_swapped(exercise, pairs, tolerance) if swapped else None


def _kind_ok(trial: Trial) -> bool:
    return isinstance(trial.got, np.ndarray) or not isinstance(trial.expected, np.ndarray)


# --- what kind of value came back ---------------------------------------------------------------


def _returns_none(pairs: list[Pair], tolerance: float) -> Finding | None:
    if not all(pair.trial.got is None for pair in pairs):
        return None
    return Finding(
        "returns-none",
        "The function returns None",
        "Your function returned `None`: it reaches its end without a `return` statement (or "
        "only prints, or only fills something in place). End it with `return` and the array "
        "you built.",
    )


def _returns_container(pairs: list[Pair], tolerance: float) -> Finding | None:
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


def _returns_scalar(pairs: list[Pair], tolerance: float) -> Finding | None:
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


def _integer_dtype(pairs: list[Pair], tolerance: float) -> Finding | None:
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


def _reference_kind(pair: Pair) -> str | None:
    """The dtype kind of the reference's own value (pairs hold float copies), if it has one."""
    kind = getattr(getattr(pair.trial.expected, "dtype", None), "kind", None)
    return kind if isinstance(kind, str) else None


def _reference_is_integer(pair: Pair) -> bool:
    kind = _reference_kind(pair)
    return kind is not None and kind in "biu"


def _reference_is_float(pair: Pair) -> bool:
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
) -> Callable[[list[Pair]], bool]:
    return lambda pairs: all(
        pair.got is not None and rule(tuple(pair.got.shape), tuple(pair.expected.shape))
        for pair in pairs
    )


def _transposed(pairs: list[Pair], tolerance: float) -> Finding | None:
    def fits(pair: Pair) -> bool:
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


def _leading_axis(pairs: list[Pair], tolerance: float) -> Finding | None:
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


def _off_by_one(pairs: list[Pair], tolerance: float) -> Finding | None:
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
