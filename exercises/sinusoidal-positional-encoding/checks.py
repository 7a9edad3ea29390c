"""sinusoidal-positional-encoding's checks and analyses: row 0 and the interleaved columns
explained, and a wrong table rebuilt from the formula a misconception gives (its frequencies,
its positions, its odd columns); the words are in messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check_each,
    describe,
    first_mismatch,
    got_array,
    mismatch_values,
    tolerance_for,
    transformation,
    value_mismatch,
)


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
    values = mismatch_values(mismatch)
    pair = values["column"] // 2
    omega = float(np.exp(-2 * pair * np.log(10000.0) / int(trial.arg("d_model"))))
    if values["column"] % 2 == 0:
        return context.fail("not-the-sine", **values, pair=pair, omega=omega)
    return context.fail("not-the-cosine", **values, pair=pair, omega=omega)


@tolerance_for
def angle_tolerance(args: tuple[Any, ...], base: float) -> float:
    """The tolerance grows with the largest angle, max_len - 1 radians (pair 0's frequency is
    1): float32 rounds an angle of 2047 by about 1e-4, so a correct float32 table errs by
    1.9e-4 at max_len = 2048. float16 (2.4e-4 near 1) and 3-decimal rounding (5e-4) still fail
    on the small tables, where the tolerance stays `base`."""
    return base + max(int(args[0]) - 1, 0) * float(np.finfo(np.float32).eps)


def _omega(d_model: int, over: int = 0, base: float = 10000.0) -> Any:
    """Each column's frequency, its pair's: base^(-2i / over), over = d_model by default."""
    return np.repeat(base ** (-2 * np.arange(d_model // 2) / (over or d_model)), 2)


def _pair_1_turns(wrong: list[Trial]) -> list[tuple[float, int]]:
    """Pair 1's turn per position and d_model in each learner's table that has a position 1
    and a pair 1 (columns 2 and 3)."""
    tables = [got for got in map(got_array, wrong) if got.ndim == 2 and got.shape[0] > 1]
    return [(float(np.arctan2(t[1, 2], t[1, 3])), t.shape[1]) for t in tables if t.shape[1] > 3]


def _turns(params: dict[str, Any], wrong: list[Trial]) -> dict[str, Any]:
    """How far pair 1 turns per position in the learner's table, and in the formula's."""
    learner, d_model = next(iter(_pair_1_turns(wrong)), (np.nan, 4))
    return {"d_model": d_model, "learner": learner, "wanted": _omega(d_model)[2]}


def _bases(wrong: list[Trial], context: CheckContext) -> list[dict[str, float]]:
    """The base that gives pair 1's turn in the narrowest table of pairs, if not 10000."""
    omega_1, d_model = min(_pair_1_turns(wrong), key=lambda turn: turn[1], default=(np.nan, 2))
    base = float(np.exp(-np.log(omega_1) * d_model / 2)) if 1e-6 < omega_1 < 1 else np.nan
    good = np.isfinite(base) and abs(base - 10000.0) >= 1 and base > 1
    return [{"base": round(base, 6)}] if good else []


@transformation("denominator-d-model-minus-1", grid={"omega": [lambda n, d: _omega(d, d - 1)]})
@transformation("linspace-exponents", grid={"omega": [lambda n, d: _omega(d, max(d - 2, 1))]})
@transformation("max-len-in-exponent", grid={"omega": [lambda n, d: _omega(d, n)]})
@transformation("angles-in-degrees", grid={"omega": [lambda n, d: _omega(d) * np.pi / 180]})
@transformation("angles-times-2pi", grid={"omega": [lambda n, d: _omega(d) * 2 * np.pi]})
@transformation("column-index-as-i", grid={"omega": [lambda n, d: 1e4 ** (-2 * np.arange(d) / d)]})
@transformation("sine-in-both-columns", grid={"odd": [np.sin]})
@transformation("positions-normalised", grid={"positions": [lambda n: np.arange(n) / n]})
@transformation("linspace-positions", grid={"positions": [lambda n: np.linspace(0, n, n)]})
@transformation("exponent-parentheses-missing", grid={"omega": [lambda n, d: d * _omega(d, 1)]})
@transformation("wrong-base", fit=_bases, words=_turns, typed=("base",))
def table(reference: Any, max_len: int, d_model: int, **formula: Any) -> Any:
    """The table a learner with one misconception builds: sines of `positions(max_len) *
    omega(max_len, d_model)` (each column's frequency) in the even columns, `odd` of them in
    the odd ones; by default the right ones (with `base`)."""
    omega = formula.get("omega", lambda n, d: _omega(d, base=formula.get("base", 1e4)))
    angles = formula.get("positions", np.arange)(max_len)[:, None] * omega(max_len, d_model)
    odd = formula.get("odd", np.cos)
    return np.where(np.arange(angles.shape[1]) % 2 == 0, np.sin(angles), odd(angles))


@transformation("extra-middle-axis", grid={"axis": (1, 2)}, reshapes=True)
def with_an_axis_of_length_one(reference: Any, max_len: int, d_model: int, *, axis: int) -> Any:
    """The right table with an axis of length 1 inside its shape, as PyTorch's seq-first
    buffer `(max_len, 1, d_model)` has (one in front is the library's extra-leading-axis)."""
    return np.expand_dims(reference(max_len, d_model), axis)
