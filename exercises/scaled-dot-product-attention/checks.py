"""Checks written for this exercise with the graders library.

The learner returns only `weights @ V`, never the attention weights themselves. Two probe
designs make the weights visible anyway: with V the identity matrix, the output *is* the
weight matrix, so its rows can be checked as probability distributions and its upper
triangle for causal leaks.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check,
    compare_values,
    number,
    returned_array,
    row_text,
    tolerance_text,
    within_tolerance,
)

_SHOWN = 8


def _row(values: np.ndarray[Any, Any]) -> str:
    return row_text(values, _SHOWN)


def _visible(row: int) -> str:
    return f"keys 0 .. {row}" if row else "key 0"


def _is_causal(trial: Trial) -> bool:
    return len(trial.probe.args) > 3 and bool(trial.probe.args[3])


def _first_non_finite_row(values: np.ndarray[Any, Any]) -> int | None:
    finite = np.isfinite(values)
    return None if finite.all() else int(np.argwhere(~finite)[0][0])


def _weights(trial: Trial) -> tuple[np.ndarray[Any, Any], str]:
    """The learner's output read as attention weights (the probe's V is the identity)."""
    values = np.asarray(trial.probe.args[2], dtype=np.float64)
    n_keys = values.shape[0]
    if values.shape != (n_keys, n_keys) or not np.array_equal(values, np.eye(n_keys)):
        raise ValueError("this check needs probes whose V is the identity matrix")
    expected = as_float_array(trial.expected)
    assert expected is not None
    got = returned_array(trial, expected.shape, " (n_q, d_v)")
    intro = (
        f"V is the {n_keys} x {n_keys} identity matrix in this call, so your output is your "
        "attention-weight matrix itself: row i holds the weights query i gives to keys "
        f"0 .. {n_keys - 1}."
    )
    return got, intro


@check("weights_sum_to_one")
def check_weights_sum_to_one(trials: list[Trial], context: CheckContext) -> Failure | None:
    """With V = I the output is the weight matrix: no negative entries, every row sums to 1."""
    tolerance = context.tolerance
    for trial in trials:
        weights, intro = _weights(trial)
        row = _first_non_finite_row(weights)
        if row is not None:
            return Failure(
                f"{intro}\nRow {row} of your weights is {_row(weights[row])}: weights must be "
                "finite numbers between 0 and 1.",
                trial,
            )
        if (weights < -tolerance).any():
            row, column = (int(i) for i in np.argwhere(weights < -tolerance)[0])
            return Failure(
                f"{intro}\nQuery {row} gives key {column} the weight "
                f"{number(float(weights[row, column]))}. A softmax weight is exp(score) "
                "divided by a sum of such terms, so it can never be negative.",
                trial,
            )
        sums = weights.sum(axis=1)
        bad = ~within_tolerance(sums, np.ones_like(sums), tolerance)
        if bad.any():
            row = int(np.argmax(bad))
            message = (
                f"{intro}\nRow {row} of your weights is {_row(weights[row])} and sums to "
                f"{number(float(sums[row]))}, but each query's weights are a probability "
                "distribution over the keys: every row must sum to 1 "
                f"(|error| > {tolerance_text(tolerance)})."
            )
            column_sums = weights.sum(axis=0)
            if within_tolerance(column_sums, np.ones_like(column_sums), tolerance).all():
                message += (
                    "\nYour columns sum to 1 instead: the softmax normalised over the queries "
                    "(axis 0), not over the keys (the last axis)."
                )
            elif _is_causal(trial):
                message += (
                    "\nWith causal=True the future keys get weight 0, and the weights on the "
                    "keys that remain visible must still add up to 1."
                )
            return Failure(message, trial)
    return None


@check("causal_no_future")
def check_causal_no_future(trials: list[Trial], context: CheckContext) -> Failure | None:
    """With V = I and causal=True, every weight above the diagonal (a future key) is 0."""
    tolerance = context.tolerance
    for trial in trials:
        weights, intro = _weights(trial)
        row = _first_non_finite_row(weights)
        if row is not None:
            return Failure(
                f"{intro}\nRow {row} of your weights is {_row(weights[row])}. A row of nan "
                "appears when every score of a query was masked: exp(-inf) is 0 for all "
                "keys and the softmax divides 0 by 0. Query i must always be able to see "
                "keys 0 .. i, itself included.",
                trial,
            )
        future = np.triu(np.ones(weights.shape, dtype=bool), k=1)
        leaks = future & ~within_tolerance(weights, np.zeros_like(weights), tolerance)
        if leaks.any():
            row, column = (int(i) for i in np.argwhere(leaks)[0])
            return Failure(
                f"{intro}\nQuery {row} gives weight {number(float(weights[row, column]))} "
                f"to key {column}, which comes after it: row {row} is {_row(weights[row])}.\n"
                f"With causal=True, query {row} may only look at {_visible(row)}, so every "
                "weight above the diagonal must be exactly 0 "
                f"(|weight| > {tolerance_text(tolerance)}).",
                trial,
            )
    return None


def _non_finite_row(trial: Trial) -> int | None:
    """The first row of the learner's output holding nan or inf (None when all finite)."""
    got = as_float_array(trial.got)
    expected = as_float_array(trial.expected)
    if got is None or expected is None or got.shape != expected.shape:
        return None
    return _first_non_finite_row(got)


@check("stable_for_large_scores")
def check_stable_for_large_scores(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No nan or inf when the scores are in the thousands, and still the right values."""
    unmasked_ok = any(
        not _is_causal(trial) and compare_values(trial, context.tolerance) is None
        for trial in trials
    )
    for trial in trials:
        row = _non_finite_row(trial)
        if row is not None:
            got = as_float_array(trial.got)
            assert got is not None
            bad_rows = int((~np.isfinite(got)).any(axis=1).sum())
            shown = (
                f"Row {row} of your output is {_row(got[row])} ({bad_rows} of "
                f"{got.shape[0]} rows contain nan or inf)."
            )
            if _is_causal(trial) and unmasked_ok:
                return Failure(
                    f"{shown}\nWithout the mask your attention stays finite on equally large "
                    "scores, so the softmax itself is stable: the nan comes from the causal "
                    f"mask. A row turns nan when all of its scores are -inf: is query {row} "
                    f"allowed to see {_visible(row)}, itself included?",
                    trial,
                )
            queries, keys = (np.asarray(a, dtype=np.float64) for a in trial.probe.args[:2])
            scores = queries @ keys.T / np.sqrt(queries.shape[1])
            return Failure(
                f"{shown}\nThe scaled scores Q K^T / sqrt(d_k) in this call run from "
                f"{number(float(scores.min()))} to {number(float(scores.max()))}. np.exp "
                "overflows to inf above about 709 and underflows to 0 below about -745, so a "
                "softmax computed directly on such scores divides inf by inf or 0 by 0, and "
                "both give nan.\nSubtract each row's own maximum score before np.exp: the "
                "weights do not change mathematically, and the largest exponent in every row "
                "becomes exactly 0.",
                trial,
            )
        failure = compare_values(trial, context.tolerance)
        if failure is not None:
            return failure
    return None
