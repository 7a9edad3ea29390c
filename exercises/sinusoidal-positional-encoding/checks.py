"""Checks written for this exercise with the graders library."""

from __future__ import annotations

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check,
    describe,
    first_mismatch,
    number,
    row_text,
    tolerance_text,
    value_mismatch,
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
