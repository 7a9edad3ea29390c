"""sinusoidal-positional-encoding's check and analyses: the interleaved columns explained (row 0
is the built-in row_matches), and a wrong table rebuilt from the formula a misconception gives
(its frequencies, its positions, its odd columns); the words are in messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    check_each,
    got_array,
    mismatch_values,
    tolerance_for,
    transformation,
    value_mismatch,
)


@check_each("interleaving")
def check_interleaving(trial: Trial, context: CheckContext) -> Failure | None:
    """Column 2i is sin(pos * w_i) and column 2i + 1 is cos(pos * w_i), at several sizes."""
    if (mismatch := value_mismatch(trial, context.tolerance)) is None:
        return None
    values = mismatch_values(mismatch)
    pair, even = values["column"] // 2, values["column"] % 2 == 0
    values["omega"] = float(np.exp(-2 * pair * np.log(10000.0) / int(trial.arg("d_model"))))
    return context.fail("not-the-sine" if even else "not-the-cosine", **values, pair=pair)


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


def _turns(params: dict[str, Any], wrong: list[Trial]) -> dict[str, Any]:
    """How far pair 1 turns per position in the learner's first table with a position 1 and a
    pair 1 (columns 2 and 3), and in the formula's."""
    big = [t for t in map(got_array, wrong) if t.ndim == 2 and t.shape[0] > 1 and t.shape[1] > 3]
    turns = ((float(np.arctan2(t[1, 2], t[1, 3])), t.shape[1]) for t in big)
    learner, d_model = next(turns, (np.nan, 4))
    return {"d_model": d_model, "learner": learner, "wanted": _omega(d_model)[2]}


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
@transformation("wrong-base", solve={"base": (1.0, 1e12)}, words=_turns, typed=("base",))
@transformation("extra-middle-axis", grid={"axis": (1, 2)}, reshapes=True)
def table(reference: Any, max_len: int, d_model: int, **formula: Any) -> Any:
    """The table a learner with one misconception builds: sines of `positions(max_len) *
    omega(max_len, d_model)` (each column's frequency) in the even columns, `odd` of them in
    the odd ones; by default the right ones (with `base`). With `axis`, the right table with an
    axis of length 1 there, as PyTorch's seq-first buffer `(max_len, 1, d_model)` has (one in
    front is the library's extra-leading-axis)."""
    omega = formula.get("omega", lambda n, d: _omega(d, base=formula.get("base", 1e4)))
    angles = formula.get("positions", np.arange)(max_len)[:, None] * omega(max_len, d_model)
    pe = np.where(np.arange(d_model) % 2 == 0, np.sin(angles), formula.get("odd", np.cos)(angles))
    return np.expand_dims(pe, formula["axis"]) if "axis" in formula else pe
