"""sinusoidal-positional-encoding's checks and analyses: row 0 and the interleaved columns
explained, and a wrong table rebuilt from the formula a misconception gives (its frequencies,
its positions, its odd columns); the words are in messages.toml."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    as_float_array,
    check,  # noqa: F401  tests/graders/test_checks.py appends @check checks to this file
    check_each,
    describe,
    first_mismatch,
    got_array,
    tolerance_for,
    transformation,
    value_mismatch,
    within_tolerance,
)

Array = np.ndarray[Any, Any]


@check_each("row_zero")
def check_row_zero(trial: Trial, context: CheckContext) -> Failure | None:
    """Row 0 is [0, 1, 0, 1, ...]: sin(0) = 0 in even columns, cos(0) = 1 in odd ones."""
    got, d_model = as_float_array(trial.got), int(trial.arg("d_model"))
    if got is None or got.ndim != 2 or got.shape[0] < 1:
        return context.fail("row-0-unreadable", got=describe(trial.got))
    row, expected = got[0], np.tile([0.0, 1.0], d_model // 2)
    if row.shape != expected.shape:
        return context.fail("row-0-length", size=row.size, d_model=d_model)
    if (mismatch := first_mismatch(row, expected, context.tolerance)) is None:
        return None
    (column,), _ = mismatch
    if column % 2 == 0:
        return context.fail("row-0-not-sin-0", row=row, column=column, value=row[column])
    return context.fail("row-0-not-cos-0", row=row, column=column, value=row[column])


@check_each("interleaving")
def check_interleaving(trial: Trial, context: CheckContext) -> Failure | None:
    """Column 2i is sin(pos * w_i) and column 2i + 1 is cos(pos * w_i), at several sizes."""
    if (mismatch := value_mismatch(trial, context.tolerance)) is None:
        return None
    (row, column), pair, largest = mismatch.index, mismatch.index[1] // 2, mismatch.largest
    omega = float(np.exp(-2 * pair * np.log(10000.0) / int(trial.arg("d_model"))))
    got, expected = mismatch.got[row, column], mismatch.expected[row, column]
    if column % 2 == 0:
        return context.fail(
            "not-the-sine", column=column, pair=pair, omega=omega, row=row, value=got,
            expected=expected, largest=largest,
        )  # fmt: skip
    return context.fail(
        "not-the-cosine", column=column, pair=pair, omega=omega, row=row, value=got,
        expected=expected, largest=largest,
    )  # fmt: skip


@tolerance_for
def angle_tolerance(args: tuple[Any, ...], base: float) -> float:
    """The tolerance grows with the largest angle, max_len - 1 radians (pair 0's frequency is
    1): float32 rounds an angle of 2047 by about 1e-4, so a correct float32 table errs by
    1.9e-4 at max_len = 2048. float16 (2.4e-4 near 1) and 3-decimal rounding (5e-4) still fail
    on the small tables, where the tolerance stays `base`."""
    max_len = int(args[0])
    return base + max(max_len - 1, 0) * float(np.finfo(np.float32).eps)


# The analyses: each is the table a learner with one misconception builds.


def _table(omega: Array, positions: Array, odd: Any = np.cos) -> Array:
    """Sines of `positions * omega` in the even columns, `odd` of them in the odd ones."""
    angles = positions[:, None] * omega[None, :]
    table = np.empty((positions.size, 2 * omega.size))
    table[:, 0::2], table[:, 1::2] = np.sin(angles), odd(angles)
    return table


def _omega(d_model: int, base: float = 10000.0) -> Array:
    return np.asarray(base ** (-2 * np.arange(d_model // 2) / d_model))


def _with_pair_1(wrong: list[Trial]) -> list[Array]:
    """The learner's tables that have a position 1 and a pair 1 (columns 2 and 3)."""
    tables = (got for got in map(got_array, wrong) if got.ndim == 2)
    return [got for got in tables if got.shape[0] > 1 and got.shape[1] > 3]


def _turns(params: dict[str, Any], wrong: list[Trial]) -> dict[str, Any]:
    """How far pair 1 turns per position in the learner's table, and in the formula's."""
    got = next(iter(_with_pair_1(wrong)), np.full((2, 4), np.nan))
    learner = float(np.arctan2(got[1, 2], got[1, 3]))
    return {"d_model": got.shape[1], "learner": learner, "wanted": _omega(got.shape[1])[1]}


@transformation("denominator-d-model-minus-1", words=_turns)
def over_d_model_minus_1(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(10000.0 ** (-2 * np.arange(d_model // 2) / (d_model - 1)), np.arange(max_len))


@transformation("linspace-exponents", words=_turns)
def exponents_zero_to_one(reference: Any, max_len: int, d_model: int) -> Array:
    exponents = np.arange(d_model // 2) / max(d_model // 2 - 1, 1)
    return _table(10000.0**-exponents, np.arange(max_len))


@transformation("max-len-in-exponent", words=_turns)
def over_max_len(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(10000.0 ** (-2 * np.arange(d_model // 2) / max_len), np.arange(max_len))


@transformation("angles-in-degrees", words=_turns)
def in_degrees(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(_omega(d_model) * np.pi / 180, np.arange(max_len))


@transformation("angles-times-2pi", words=_turns)
def times_2pi(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(_omega(d_model) * 2 * np.pi, np.arange(max_len))


@transformation("column-index-as-i", words=_turns)
def one_frequency_per_column(reference: Any, max_len: int, d_model: int) -> Array:
    angles = np.arange(max_len)[:, None] * 10000.0 ** (-2 * np.arange(d_model) / d_model)
    return np.where(np.arange(d_model) % 2 == 0, np.sin(angles), np.cos(angles))


@transformation("sine-in-both-columns", words=_turns)
def sines_only(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(_omega(d_model), np.arange(max_len), odd=np.sin)


@transformation("positions-normalised", words=_turns)
def positions_over_max_len(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(_omega(d_model), np.arange(max_len) / max_len)


@transformation("linspace-positions", words=_turns)
def positions_from_linspace(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(_omega(d_model), np.linspace(0, max_len, max_len))


@transformation("exponent-parentheses-missing", words=_turns)
def power_before_division(reference: Any, max_len: int, d_model: int) -> Array:
    return _table(d_model / 10000.0 ** (2.0 * np.arange(d_model // 2)), np.arange(max_len))


def _bases(wrong: list[Trial], context: CheckContext) -> Iterator[dict[str, float]]:
    """The base that gives pair 1's turn in the narrowest table of pairs, if not 10000."""
    got = min(_with_pair_1(wrong), key=lambda table: table.shape[1], default=None)
    omega_1 = np.nan if got is None else float(np.arctan2(got[1, 2], got[1, 3]))
    if got is not None and 1e-6 < omega_1 < 1:
        base = float(np.exp(-np.log(omega_1) * got.shape[1] / 2))
        if np.isfinite(base) and abs(base - 10000.0) >= 1 and base > 1:
            yield {"base": round(base, 6)}


def _base_words(params: dict[str, Any], wrong: list[Trial]) -> dict[str, Any]:
    return {**_turns(params, wrong), "base": f"{params['base']:.6g}"}


@transformation("wrong-base", fit=_bases, words=_base_words)
def another_base(reference: Any, max_len: int, d_model: int, *, base: float) -> Array:
    return _table(_omega(d_model, base), np.arange(max_len))


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
        kept = [size for size in got.shape if size != 1]
        if got.ndim <= expected.ndim or got.shape[0] != expected.shape[0] or 1 not in got.shape[1:]:
            return None
        if kept != [size for size in expected.shape if size != 1]:
            return None
        if not within_tolerance(got.reshape(expected.shape), expected, context.tolerance).all():
            return None
        found = got.shape
    if found is None:
        return None
    wanted = tuple(size for size in found if size != 1)
    return context.finding("extra-middle-axis", shape=str(found), wanted=str(wanted))
