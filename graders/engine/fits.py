"""Generic analyses of values of the right shape (graders.engine.analyses runs them): a
constant scale or offset, lost precision, columns in another order, rows shifted, and the
reference called with two arguments swapped. Each explains every wrong trial or nothing."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from itertools import combinations
from typing import Any

import numpy as np

from graders import trusted
from graders.checks import Finding, Trial
from graders.exercise import Exercise
from graders.probes import make_probe
from graders.protocol.matching import numbers_of, within_tolerance


@dataclass(frozen=True)
class Pair:
    """One wrong trial as numbers: the learner's value (None when not numbers) and the
    reference's."""

    trial: Trial
    got: np.ndarray[Any, Any] | None
    expected: np.ndarray[Any, Any]
    values: bool  # the values crossed, not only the type, dtype and shape


Analysis = Callable[[list[Pair], float], Finding | None]


# --- values of the right shape --------------------------------------------------------------------


def _same_shaped(
    pairs: list[Pair],
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


def _fitted(pairs: list[Pair], tolerance: float) -> Finding | None:
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


def _low_precision(pairs: list[Pair], tolerance: float) -> Finding | None:
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


def _columns_permuted(pairs: list[Pair], tolerance: float) -> Finding | None:
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


def _rows_shifted(pairs: list[Pair], tolerance: float) -> Finding | None:
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


VALUE_ANALYSES: list[Analysis] = [_fitted, _low_precision, _columns_permuted, _rows_shifted]


def arguments_swapped(exercise: Exercise, pairs: list[Pair], tolerance: float) -> Finding | None:
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
    exercise: Exercise, pair: Pair, first: int, second: int, tolerance: float
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
