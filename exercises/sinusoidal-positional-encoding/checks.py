"""Checks written for this exercise with the graders library."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    as_float_array,
    check,
    describe,
    first_mismatch,
    number,
    row_text,
    tolerance_for,
    tolerance_text,
    value_mismatch,
    within_tolerance,
)


@check("row_zero")
def check_row_zero(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Row 0 is [0, 1, 0, 1, ...]: sin(0) = 0 in even columns, cos(0) = 1 in odd ones."""
    for trial in trials:
        got = as_float_array(trial.got)
        d_model = int(trial.probe.args[1])
        expected = np.tile([0.0, 1.0], d_model // 2)
        if got is None or got.ndim != 2 or got.shape[0] < 1:
            return Failure(f"It returned {describe(trial.got)}; row 0 could not be read.", trial)
        row = got[0]
        if row.shape != expected.shape:
            return Failure(
                f"Row 0 has {row.size} values but d_model = {d_model} were expected.", trial
            )
        mismatch = first_mismatch(row, expected, context.tolerance)
        if mismatch is not None:
            (column,), _ = mismatch
            kind = "sin(0) = 0" if column % 2 == 0 else "cos(0) = 1"
            return Failure(
                f"Row 0 is {row_text(row)}.\nColumn {column} is {number(float(row[column]))} but "
                f"{kind} was expected (|error| > {tolerance_text(context.tolerance)}).",
                trial,
            )
    return None


@check("interleaving")
def check_interleaving(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Column 2i is sin(pos * w_i) and column 2i + 1 is cos(pos * w_i), at several sizes."""
    for trial in trials:
        mismatch = value_mismatch(trial, context.tolerance)
        if mismatch is None:
            continue
        got, expected = mismatch.got, mismatch.expected
        (row, column), largest = mismatch.index, mismatch.largest
        d_model = int(trial.probe.args[1])
        pair = column // 2
        omega = float(np.exp(-2 * pair * np.log(10000.0) / d_model))
        function = "sin" if column % 2 == 0 else "cos"
        return Failure(
            f"Column {column} should be {function}(pos * {number(omega)}), the "
            f"{'sine' if function == 'sin' else 'cosine'} of pair i = {pair}.\n"
            f"Row {row}, column {column} is {number(float(got[row, column]))} but "
            f"{number(float(expected[row, column]))} was expected "
            f"(|error| > {tolerance_text(context.tolerance)}).\n"
            f"Largest error: {number(largest)}.",
            trial,
        )
    return None


# --- which formula the learner used -----------------------------------------------------------

Frequencies = Callable[[np.ndarray[Any, Any], int, int], np.ndarray[Any, Any]]


def _table(
    positions: np.ndarray[Any, Any], omega: np.ndarray[Any, Any], cosine_odd: bool = True
) -> np.ndarray[Any, Any]:
    """The interleaved table of sines and cosines of `positions * omega` (one omega per pair)."""
    angles = positions[:, None] * omega[None, :]
    table = np.empty((positions.size, 2 * omega.size))
    table[:, 0::2] = np.sin(angles)
    table[:, 1::2] = np.cos(angles) if cosine_odd else np.sin(angles)
    return table


def _standard(pair: np.ndarray[Any, Any], d_model: int, base: float = 10000.0) -> Any:
    return base ** (-2 * pair / d_model)


# (id, title, the frequency of each pair i, what the learner's formula was, the fix)
_FORMULAS: list[tuple[str, str, Frequencies, str, str]] = [
    (
        "denominator-d-model-minus-1",
        "Exponent divided by d_model - 1",
        lambda i, d, n: 10000.0 ** (-2 * i / (d - 1)),
        "$10000^{-2i/(d_{model}-1)}$",
        "The exponent is $2i/d_{model}$: divide by `d_model` itself, not `d_model - 1`.",
    ),
    (
        "linspace-exponents",
        "Exponents spread evenly from 0 to 1",
        lambda i, d, n: 10000.0 ** (-i / max(d // 2 - 1, 1)),
        "$10000^{-i/(d_{model}/2-1)}$, as `np.linspace(0, 1, d_model // 2)` or "
        "`np.logspace(0, -4, d_model // 2)` give",
        "The exponents are $2i/d_{model}$ = 0, 2/d_model, 4/d_model, ...: they stop short of "
        "1, so the last pair's frequency is a little above 1/10000, not exactly 1/10000. Use "
        "`np.arange(0, d_model, 2) / d_model`.",
    ),
    (
        "max-len-in-exponent",
        "max_len used in the exponent",
        lambda i, d, n: 10000.0 ** (-2 * i / n),
        "$10000^{-2i/max\\_len}$",
        "The exponent divides by the embedding size `d_model`, not by the number of positions.",
    ),
    (
        "angles-in-degrees",
        "Angles converted as if they were degrees",
        lambda i, d, n: _standard(i, d) * np.pi / 180,
        "the right angles times $\\pi/180$ (`np.deg2rad` or `np.radians`)",
        "The angles $pos \\cdot \\omega_i$ are already in radians, which is what `np.sin` and "
        "`np.cos` take: drop the conversion.",
    ),
    (
        "angles-times-2pi",
        "Angles multiplied by 2π",
        lambda i, d, n: _standard(i, d) * 2 * np.pi,
        "the right angles times $2\\pi$",
        "$\\omega_i$ is already an angular frequency (radians per position): use "
        "$\\sin(pos \\cdot \\omega_i)$ without a factor $2\\pi$.",
    ),
]


def _per_column(n: int, d: int) -> np.ndarray[Any, Any]:
    """Each column j with its own frequency 10000^(-2j/d_model), sines and cosines alike."""
    angles = np.arange(n)[:, None] * 10000.0 ** (-2 * np.arange(d) / d)[None, :]
    table = np.sin(angles)
    table[:, 1::2] = np.cos(angles[:, 1::2])
    return table


# (id, title, the learner's whole table, what their formula was, the fix)
_TABLES: list[tuple[str, str, Callable[[int, int], np.ndarray[Any, Any]], str, str]] = [
    (
        "column-index-as-i",
        "The column index used as i",
        _per_column,
        "$10000^{-2j/d_{model}}$ with $j$ the column index",
        "In $10000^{2i/d_{model}}$, $i$ is the pair index: columns $2i$ and $2i+1$ share one "
        "frequency. Use `np.arange(0, d_model, 2) / d_model` as the exponents, one per pair.",
    ),
    (
        "sine-in-both-columns",
        "Sines in the odd columns too",
        lambda n, d: _table(np.arange(n, dtype=float), _standard(np.arange(d // 2), d), False),
        "the right ones, but every odd column holds a sine where the cosine belongs",
        "Odd columns take `np.cos` of the same angles: `pe[:, 1::2] = np.cos(angles)`.",
    ),
    (
        "positions-normalised",
        "Positions divided by max_len",
        lambda n, d: _table(np.arange(n) / n, _standard(np.arange(d // 2), d)),
        "the right ones, applied to positions divided by max_len",
        "Positions are the whole numbers 0, 1, ..., max_len - 1: use `np.arange(max_len)` "
        "without scaling it.",
    ),
    (
        "linspace-positions",
        "Positions from np.linspace",
        lambda n, d: _table(np.linspace(0, n, n), _standard(np.arange(d // 2), d)),
        "the right ones, applied to `np.linspace(0, max_len, max_len)` positions, which are "
        "not whole numbers",
        "Use `np.arange(max_len)`: the positions 0, 1, ..., max_len - 1.",
    ),
    (
        "exponent-parentheses-missing",
        "Parentheses missing around the exponent",
        lambda n, d: _table(np.arange(n, dtype=float), d / 10000.0 ** (2.0 * np.arange(d // 2))),
        "$d_{model}/10000^{2i}$, from `10000 ** (2 * i) / d_model` without parentheses",
        "`**` binds tighter than `/`: write `10000 ** (2 * i / d_model)`.",
    ),
]


@analysis
def frequency_formula(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Estimate the frequency of each column pair and name the formula that gives it."""
    tables = []
    for trial in trials:
        got = as_float_array(trial.got)
        max_len, d_model = (int(arg) for arg in trial.probe.args)
        if got is None or got.shape != (max_len, d_model) or d_model % 2 or max_len < 2:
            return None
        tables.append((got, max_len, d_model))
    pair_trials = [table for table in tables if table[2] >= 4]
    if not pair_trials:
        return None
    for key, title, frequencies, formula, fix in _FORMULAS:
        if all(
            within_tolerance(
                got,
                _table(np.arange(n, dtype=float), frequencies(np.arange(d // 2), d, n)),
                context.tolerance,
            ).all()
            for got, n, d in tables
        ):
            return Finding(key, title, _explained(pair_trials[0], formula, fix))
    for key, title, make, formula, fix in _TABLES:
        if all(within_tolerance(got, make(n, d), context.tolerance).all() for got, n, d in tables):
            return Finding(key, title, _explained(pair_trials[0], formula, fix))
    base = _fitted_base(tables, context.tolerance)
    if base is not None:
        return Finding(
            "wrong-base",
            "Wrong base for the frequencies",
            _explained(
                pair_trials[0], f"$1/{base:.6g}^{{2i/d_{{model}}}}$", "The base is 10000."
            ).replace("Your table", f"Your table uses base {base:.6g}: it", 1),
        )
    return None


def _explained(table: tuple[np.ndarray[Any, Any], int, int], formula: str, fix: str) -> str:
    """Name the frequency the learner's pair 1 turns at, and the formula's."""
    got, _, d_model = table
    learner = float(np.arctan2(got[1, 2], got[1, 3]))  # pair 1's angle at position 1
    wanted = float(_standard(np.array(1.0), d_model))
    return (
        f"Your table matches the frequencies $\\omega_i$ = {formula}. With d_model = {d_model}, "
        f"pair i = 1 turns by {number(learner)} radians per position; the formula "
        f"$\\omega_i = 1/10000^{{2i/d_{{model}}}}$ gives {number(wanted)}. {fix}"
    )


def _fitted_base(
    tables: list[tuple[np.ndarray[Any, Any], int, int]], tolerance: float
) -> float | None:
    """The base b for which 1/b^(2i/d_model) gives every table, if there is one (not 10000)."""
    wide = [table for table in tables if table[2] >= 4]
    if not wide:
        return None
    got, _, d_model = min(wide, key=lambda table: table[2])
    omega_1 = float(np.arctan2(got[1, 2], got[1, 3]))
    if not 1e-6 < omega_1 < 1:
        return None
    base = float(np.exp(-np.log(omega_1) * d_model / 2))
    if not np.isfinite(base) or abs(base - 10000.0) < 1 or base <= 1:
        return None
    for table, n, d in tables:
        omega = _standard(np.arange(d // 2), d, base)
        if not within_tolerance(table, _table(np.arange(n, dtype=float), omega), tolerance).all():
            return None
    return float(round(base, 6))


@tolerance_for
def angle_tolerance(args: tuple[Any, ...], base: float) -> float:
    """The tolerance grows with the largest angle, max_len - 1 radians (pair 0's frequency is
    1): float32 rounds an angle of 2047 by about 1e-4, so a correct float32 table errs by
    1.9e-4 at max_len = 2048. float16 (2.4e-4 near 1) and 3-decimal rounding (5e-4) still fail
    on the small tables, where the tolerance stays `base`."""
    max_len = int(args[0])
    return base + max(max_len - 1, 0) * float(np.finfo(np.float32).eps)


@analysis
def extra_axis_of_length_one(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The right table with an axis of length 1 inside its shape, as PyTorch's seq-first
    buffer `(max_len, 1, d_model)` has (one in front is the library's extra-leading-axis)."""
    found = None
    for trial in trials:
        got, expected = as_float_array(trial.got), as_float_array(trial.expected)
        if got is None or expected is None:
            return None
        if got.shape == expected.shape and within_tolerance(got, expected, context.tolerance).all():
            continue
        inside = [size != 1 for size in got.shape[1:]]
        if got.ndim <= expected.ndim or got.shape[0] != expected.shape[0] or all(inside):
            return None
        if [size for size in got.shape if size != 1] != [s for s in expected.shape if s != 1]:
            return None
        if not within_tolerance(got.reshape(expected.shape), expected, context.tolerance).all():
            return None
        found = got.shape
    if found is None:
        return None
    wanted = f"({', '.join(str(size) for size in found if size != 1)})"
    return Finding(
        "extra-middle-axis",
        "An extra axis of length 1 inside the shape",
        f"Your values are right, but your array has shape {found}: an axis of length 1 sits "
        f"between the positions and the columns, where {wanted} was expected. That is the "
        "layout of PyTorch's seq-first buffer, `(max_len, 1, d_model)`, whose middle axis "
        "broadcasts over a batch of sequences; this function returns the table itself, one "
        "row per position. Build `pe = np.zeros((max_len, d_model))` (or finish with "
        "`.reshape(max_len, d_model)`).",
    )
