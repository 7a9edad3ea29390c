"""Three library parts that exercises shared by hand (issue 26, item 3): a transformation's
scalar parameter solved for by bisection (`solve=`: sinusoidal-positional-encoding's base,
stable-softmax's score of a -inf), the wrong trials broken exactly where an unshifted exp
overflows (`exp_overflow_wrong`: stable-softmax, softmax-cross-entropy), and one row of the
result checked against the reference's (`row_matches`: the sinusoidal table's row 0,
rotary-positional-embedding's row 0), with an `explain` list load-checked message by message."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders import CheckContext, Trial, exp_overflow_wrong, transformation
from graders.check_core import Parameters
from graders.check_numeric import check_row_matches
from graders.exercise import load_exercise
from graders.probes import Probe
from graders.wording import FindingText, Wording
from graders.wording_check import wording_problems
from tests.conftest import EXERCISES

TOLERANCE = 1e-6
WORDING = Wording(
    messages={"even": "even {{column}}: {{got}} for {{expected}}", "odd": "odd {{column}}"},
    findings={"scaled-input": FindingText("Scaled", "x times {{scale}} ({{raw}})")},
)


def softmax(x: Any, axis: int = -1) -> Any:
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


def trials(got: Any, *xs: Any) -> list[Trial]:
    parameters = Parameters(("x", "axis"), {"axis": -1})
    return [Trial(Probe((x,), "f(x)", "x"), got(x), softmax(x), parameters=parameters) for x in xs]


def context() -> CheckContext:
    return CheckContext(TOLERANCE, "f", wording=WORDING, reference=softmax)


XS = (np.array([[1.0, 2.0, 4.0], [0.5, -1.0, 3.0]]), np.array([2.0, -3.0, 0.25, 1.0]))


# --- solve= ---------------------------------------------------------------------------------------


def _raw(params: dict[str, Any], wrong: list[Trial]) -> dict[str, str]:
    return {"raw": repr(params["scale"])}  # the number proposed, unformatted


@transformation("scaled-input", solve={"scale": (1e-3, 1e3)}, words=_raw)
def scaled_input(reference: Any, x: Any, axis: int, *, scale: float) -> Any:
    return reference(x * scale, axis)


@pytest.mark.parametrize(
    ("scale", "worded"), [(2.5, "2.5000 (2.5)"), (1000.0, "1000.0000 (1000.0)")]
)
def test_solve_finds_the_parameter_and_proposes_it_as_typed_first(
    scale: float, worded: str
) -> None:
    finding = scaled_input(trials(lambda x: softmax(x * scale), *XS), context())
    assert finding is not None
    assert finding.explanation == f"x times {worded}"  # not 2.4999999999997


def test_solve_names_nothing_when_no_value_in_the_bracket_rebuilds_every_trial() -> None:
    assert scaled_input(trials(lambda x: softmax(x * 1e-4), *XS), context()) is None  # outside
    first, second = XS
    mixed = trials(lambda x: softmax(x * (2.0 if x is first else 3.0)), first, second)
    assert scaled_input(mixed, context()) is None  # one scale per test
    assert scaled_input(trials(softmax, *XS), context()) is None  # nothing wrong


def test_solve_bisects_arithmetically_across_zero_and_never_gives_minus_zero() -> None:
    @transformation("scaled-input", solve={"scale": (-1e3, 1e3)}, words=_raw)
    def shifted(reference: Any, x: Any, axis: int, *, scale: float) -> Any:
        return reference(np.where(np.isneginf(x), scale, x), axis)

    x = np.array([[0.0, -np.inf, 1.0], [-np.inf, 2.0, 2.0]])
    finding = shifted(trials(lambda x: softmax(np.where(np.isneginf(x), 0.0, x)), x), context())
    assert finding is not None
    assert finding.explanation == "x times 0.0000 (0.0)"


def test_solve_takes_one_parameter_and_no_fit() -> None:
    with pytest.raises(ValueError, match="one scalar parameter"):
        transformation("scaled-input", solve={"a": (0, 1), "b": (0, 1)})
    with pytest.raises(ValueError, match="without fit="):
        transformation("scaled-input", fit=lambda wrong, context: [], solve={"a": (0, 1)})


# --- exp_overflow_wrong ---------------------------------------------------------------------------

X = np.array([[1000.0, 0.0], [700.0, 701.0], [-800.0, -900.0]])  # row 0 overflows, row 2 underflows


def unshifted(x: Any, patched: bool = False) -> Any:
    with np.errstate(all="ignore"):
        e = np.exp(x)
        got = e / np.sum(e, axis=-1, keepdims=True)
    return np.nan_to_num(got) if patched else got


def test_exp_overflow_wrong_gives_the_wrong_values_broken_exactly_where_exp_breaks() -> None:
    calm = np.array([[1.0, 2.0]])
    wrong = exp_overflow_wrong(trials(unshifted, X, calm), TOLERANCE)  # the calm trial is right
    assert wrong is not None
    assert len(wrong) == 1
    assert np.isnan(wrong[0]).any(axis=1).tolist() == [True, False, True]
    patched = exp_overflow_wrong(trials(lambda x: unshifted(x, True), X), TOLERANCE)
    assert patched is not None
    assert np.isfinite(patched[0]).all()
    assert exp_overflow_wrong(trials(lambda x: softmax(x) + 0.1, X), TOLERANCE) is None
    assert exp_overflow_wrong(trials(softmax, X), TOLERANCE) is None  # nothing wrong


def test_exp_overflow_wrong_reads_an_item_a_fixed_axis_and_the_batch_shift() -> None:
    parameters = Parameters(("logits",), {})

    def pair(x: Any, got: Any) -> Trial:
        return Trial(
            Probe((x,), "f(x)", "x"), (np.nan, got), (1.0, softmax(x)), parameters=parameters
        )

    with np.errstate(all="ignore"):
        batch_shifted = np.exp(X - X.max()) / np.sum(np.exp(X - X.max()), axis=1, keepdims=True)
    found = exp_overflow_wrong([pair(X, unshifted(X))], TOLERANCE, "logits", 1, item=1)
    assert found is not None
    assert np.isnan(found[0][0])  # each value: [loss, gradient]
    shifted = [pair(X, batch_shifted)]
    assert exp_overflow_wrong(shifted, TOLERANCE, "logits", 1, item=1) is None
    assert exp_overflow_wrong(shifted, TOLERANCE, "logits", 1, item=1, batch=True) is not None


# --- row_matches ----------------------------------------------------------------------------------


def row_trial(got: Any, expected: Any) -> Trial:
    return Trial(Probe((3,), "f(3)", "3"), got, expected, parameters=Parameters(("n",), {}))


TABLE = np.array([[0.0, 1.0, 0.0, 1.0], [0.8, 0.5, 0.1, 0.9], [0.9, -0.4, 0.2, 0.9]])


def test_row_matches_compares_only_that_row_and_words_a_value_by_its_column() -> None:
    explained = CheckContext(TOLERANCE, "f", params={"explain": ["even", "odd"]}, wording=WORDING)
    other_rows = TABLE.copy()
    other_rows[1:] = 7.0
    assert check_row_matches([row_trial(other_rows, TABLE)], explained) is None
    taller = np.vstack([TABLE, TABLE[:1]])  # a row too many is another test's
    assert check_row_matches([row_trial(taller, TABLE)], explained) is None
    for column, message_id, text in [(2, "even", "even 2: 0.5000 for 0.0000"), (1, "odd", "odd 1")]:
        wrong = TABLE.copy()
        wrong[0, column] = 0.5
        failure = check_row_matches([row_trial(wrong, TABLE)], explained)
        assert failure is not None
        assert (failure.message_id, failure.message) == (message_id, text)


def test_row_matches_without_words_and_for_a_row_it_cannot_read() -> None:
    plain = CheckContext(TOLERANCE, "f", params={"row": 1})
    wrong = TABLE.copy()
    wrong[1, 3] = 0.0
    failure = check_row_matches([row_trial(wrong, TABLE)], plain)
    assert failure is not None
    assert failure.message_id == "value-differs"
    assert failure.message.startswith("Row 1 is [0.8000, 0.5000, 0.1000, 0.0000]")
    assert "index [3]" in failure.message
    for unreadable in (TABLE.T, TABLE[:1], TABLE[:, None], "table"):
        failure = check_row_matches([row_trial(unreadable, TABLE)], plain)
        assert failure is not None
        assert failure.message_id == "shape-differs"
        assert "row 1 of 4 values" in failure.message


def test_an_explain_list_names_each_of_its_messages_at_load(tmp_path: Path) -> None:
    folder = tmp_path / "sinusoidal-positional-encoding"
    shutil.copytree(EXERCISES / folder.name, folder)
    assert wording_problems(load_exercise(folder)) == []
    messages = folder / "messages.toml"
    text = messages.read_text(encoding="utf-8")
    start = text.index("row-0-not-cos-0 = ")
    messages.write_text(text[:start] + text[text.index("not-the-sine = ") :], encoding="utf-8")
    problems = wording_problems(load_exercise(folder))
    assert len(problems) == 1
    assert problems[0].startswith("exercise.toml:")
    assert "`row-0-not-cos-0`" in problems[0]
