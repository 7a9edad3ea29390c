"""Analyses written as a transformation of the reference: the misconception, as code.

An author writes what a learner with one misconception computes, in terms of the reference,
with the parameters the library fits:

    @transformation("clips-inputs", fit=clip_bounds)
    def clipped(reference, x, axis, *, low, high):
        return reference(np.clip(x, low, high), axis)

The function gets `reference` (`CheckContext.reference`, bounded; it takes keywords too, bound
through the reference's signature) and the call's arguments by keyword, in the order of the
reference's signature, defaults included (`Trial.args()`), then the fitted parameters by
keyword. `fit(wrong, context)` proposes parameter sets, best first, from the wrong trials (an estimate
from the learner's own values); `grid` gives fixed choices instead (every combination). The
library keeps the first set that rebuilds the learner's values on **every** wrong trial within
the tolerance, from more compared numbers than it has parameters (an array parameter counts
its elements). Where the parameters may differ from call to call (one factor per slice),
`fit_each(trial, context)` proposes sets for one trial, and each wrong trial keeps the first
that rebuilds it (the finding is worded with the first trial's). It words the finding from
`[findings.<id>]` in messages.toml with the parameters as placeholders (and what `words`
adds; `typed` names parameters written with 6 significant digits, as a learner types a
constant, where a placeholder's number would show 4 decimals). A transformation is an
analysis: it runs where the exercise's analyses run, in the order written, and a test whose
trials are all right, or one whose wrong values are not arrays of the reference's shape, gets
nothing from it; with `reshapes=True` the misconception changes the shape (an axis too many),
the wrong trials are those whose value is not the reference's in any way, and the finding
also gets `got_shape` and `expected_shape`, the first wrong trial's shapes.

A scalar parameter that no table lists and no formula estimates is solved for instead:
`solve={"base": (1.0, 1e12)}` finds it by bisection between the two ends (on a log scale
when both are positive) so that the first wrong trial's first wrong value is rebuilt, and
proposes it rounded to 10^3, 10^2, ..., 10^-15, the coarsest first (the number as a learner
typed it: 1000, not 999.9999999997), then as solved; every set still has to rebuild every
wrong trial. For a parameter the rebuilt value at that index moves with monotonically (a
frequency's base, the score a masked entry was given).

Transformations stack: one function under several decorators is one analysis that tries them
from the top down and names the first that fits, each with its own id and parameters (give the
function a default for every parameter), so that a family of misconceptions reads as a table;
one without `words` of its own uses the words of the one below it (a family shares them):

    @transformation("angles-in-degrees", grid={"scale": [np.pi / 180]})
    @transformation("angles-times-2pi", grid={"scale": [2 * np.pi]}, words=turn_per_position)
    def scaled(reference, x, *, scale=1.0):
        return reference(x * scale)
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Mapping
from typing import Any

import numpy as np

from graders.check_core import (
    ANALYSIS_MARK,
    AnalysisFunction,
    CheckContext,
    Finding,
    NoReference,
    Trial,
)
from graders.check_core import (
    register as noted,
)
from graders.check_helpers import wrong_trials
from graders.protocol.matching import numbers_of, within_tolerance

MAX_CANDIDATES = 256  # parameter sets tried per test, at most
TYPED_DIGITS = 6  # significant digits of a `typed` parameter
REBUILD_MARK = "__gradebox_rebuild__"  # a transformation's function, for the one stacked on it
WORDS_MARK = "__gradebox_words__"  # its words, for one stacked on it without words of its own

Params = dict[str, Any]
Fit = Callable[[list[Trial], CheckContext], Iterable[Params]]
Words = Callable[[Params, list[Trial]], Mapping[str, Any]]
FitEach = Callable[[Trial, CheckContext], Iterable[Params]]


def transformation(
    finding_id: str,
    fit: Fit | None = None,
    grid: Mapping[str, Iterable[Any]] | None = None,
    words: Words | None = None,
    fit_each: FitEach | None = None,
    typed: Iterable[str] = (),
    reshapes: bool = False,
    solve: Mapping[str, tuple[float, float]] | None = None,
) -> Callable[[Callable[..., Any]], AnalysisFunction]:
    """Register `function` as an analysis naming `finding_id` when it rebuilds the learner's
    values (see the module's docstring)."""
    shown = tuple(typed)
    if solve is not None and (len(solve) != 1 or fit is not None):
        raise ValueError(f"solve= finds one scalar parameter, without fit=: not {sorted(solve)}")

    def register(function: Callable[..., Any]) -> AnalysisFunction:
        rebuild = getattr(function, REBUILD_MARK, function)
        below = function if rebuild is not function else None  # a stacked transformation
        worded = words if words is not None or below is None else getattr(below, WORDS_MARK)

        def fitted(trials: list[Trial], context: CheckContext) -> Finding | None:
            if reshapes:
                wrong: list[Trial] | None = _not_the_reference(trials, context.tolerance)
            else:
                wrong = wrong_trials(trials, context.tolerance)
            if not wrong:
                return None
            solved = _solver(rebuild, solve) if solve is not None else fit
            found = _found(rebuild, wrong, context, solved, grid, fit_each)
            if found is None:
                return None
            values = {**found, **(dict(worded(found, wrong)) if worded is not None else {})}
            if reshapes:
                got, expected = np.shape(wrong[0].got), np.shape(wrong[0].expected)
                values |= {"got_shape": str(got), "expected_shape": str(expected)}
            for name in shown:
                values[name] = f"{values[name]:.{TYPED_DIGITS}g}"
            return context.finding(finding_id, **values)

        def analyse(trials: list[Trial], context: CheckContext) -> Finding | None:
            found = fitted(trials, context)
            return below(trials, context) if found is None and below is not None else found

        analyse.__name__ = analyse.__qualname__ = function.__name__
        analyse.__doc__ = function.__doc__
        setattr(analyse, REBUILD_MARK, rebuild)
        setattr(analyse, WORDS_MARK, worded)
        setattr(analyse, ANALYSIS_MARK, True)
        if below is None:  # one analysis however many decorators it stacks
            noted(rebuild, "analysis", rebuild.__name__)
        noted(rebuild, "finding", finding_id)
        return analyse

    return register


def _found(
    function: Callable[..., Any],
    wrong: list[Trial],
    context: CheckContext,
    fit: Fit | None,
    grid: Mapping[str, Iterable[Any]] | None,
    fit_each: FitEach | None,
) -> Params | None:
    """The parameters that rebuild every wrong trial, or None (also past a reference bound)."""
    try:
        if fit_each is not None:
            return _fitted_each(function, wrong, context, fit_each)
        for params in itertools.islice(_candidates(wrong, context, fit, grid), MAX_CANDIDATES):
            if rebuilds(function, wrong, context, params):
                return params
    except NoReference:
        return None
    return None


def _solver(function: Callable[..., Any], solve: Mapping[str, tuple[float, float]]) -> Fit:
    """`solve`'s parameter as a `fit`: bisection on the first wrong value (module docstring)."""
    ((name, (low, high)),) = solve.items()

    def fit(wrong: list[Trial], context: CheckContext) -> Iterable[Params]:
        trial = wrong[0]
        got, expected = numbers_of(trial.got), numbers_of(trial.expected)
        if got is None or expected is None or got.shape != expected.shape:
            return
        index = tuple(np.argwhere(~within_tolerance(got, expected, context.tolerance))[0])

        def off(value: float) -> float:
            try:
                rebuilt = numbers_of(function(context.reference, **trial.args(), **{name: value}))
            except NoReference:
                raise
            except Exception:  # the misconception is undefined there (as in `rebuilds`)
                return np.nan
            if rebuilt is None or rebuilt.shape != got.shape:
                return np.nan
            return float(rebuilt[index] - got[index])

        root = _bisected(off, float(low), float(high))
        if root is not None:
            rounded = (round(root, digits) + 0.0 for digits in range(-3, 16))  # no -0.0
            yield from ({name: value} for value in dict.fromkeys([*rounded, root]))

    return fit


def _bisected(off: Callable[[float], float], low: float, high: float) -> float | None:
    """Where `off` changes sign between `low` and `high` (geometric midpoints when both are
    positive), or None when it does not (or is not a number at an end)."""
    with np.errstate(all="ignore"):
        at_low, at_high = off(low), off(high)
        if not np.isfinite([at_low, at_high]).all() or at_low * at_high > 0:
            return None
        if 0.0 in (at_low, at_high):
            return low if at_low == 0 else high
        while abs(high - low) > 1e-13 * max(1.0, abs(low), abs(high)):
            middle = float(np.sqrt(low * high)) if low > 0 else (low + high) / 2
            if (at_middle := off(middle)) == 0:
                return middle
            if not np.isfinite(at_middle):
                return None
            if (at_middle > 0) == (at_low > 0):
                low, at_low = middle, at_middle
            else:
                high = middle
    return (low + high) / 2 if low <= 0 else float(np.sqrt(low * high))


def _not_the_reference(trials: list[Trial], tolerance: float) -> list[Trial]:
    """The trials whose value is not the reference's: another shape, or other numbers."""

    def right(trial: Trial) -> bool:
        got, expected = numbers_of(trial.got), numbers_of(trial.expected)
        if got is None or expected is None or got.shape != expected.shape:
            return False
        return bool(within_tolerance(got, expected, tolerance).all())

    return [trial for trial in trials if not right(trial)]


def _fitted_each(
    function: Callable[..., Any], wrong: list[Trial], context: CheckContext, fit_each: FitEach
) -> Params | None:
    """The first trial's parameters, if every wrong trial has a set that rebuilds it."""
    first: Params | None = None
    for trial in wrong:
        candidates = itertools.islice(fit_each(trial, context), MAX_CANDIDATES)
        found = next((p for p in candidates if rebuilds(function, [trial], context, p)), None)
        if found is None:
            return None
        first = found if first is None else first
    return first


def _candidates(
    wrong: list[Trial],
    context: CheckContext,
    fit: Fit | None,
    grid: Mapping[str, Iterable[Any]] | None,
) -> Iterable[Params]:
    if fit is not None:
        yield from fit(wrong, context)
    if grid is not None:
        names = list(grid)
        for values in itertools.product(*(list(grid[name]) for name in names)):
            yield dict(zip(names, values, strict=True))
    if fit is None and grid is None:
        yield {}


def rebuilds(
    function: Callable[..., Any], wrong: list[Trial], context: CheckContext, params: Params
) -> bool:
    """Whether `function` with `params` gives the learner's values on every wrong trial, from
    more compared numbers than there are parameters."""
    compared = 0
    for trial in wrong:
        try:
            rebuilt = function(context.reference, **trial.args(), **params)
        except NoReference:
            raise
        except Exception:  # the misconception is undefined on this call (an axis it lacks)
            return False
        got, mine = numbers_of(trial.got), numbers_of(rebuilt)
        if got is None or mine is None or got.shape != mine.shape:
            return False
        if not within_tolerance(got, mine, context.tolerance).all():
            return False
        compared += got.size
    return compared > sum(int(np.size(value)) for value in params.values())
