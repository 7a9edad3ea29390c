"""The authoring library's parts (issue 26, item 1): per-trial checks, arguments by name, words
by id, the reference called on demand within its budget, analyses written as a transformation
of the reference, and the built-in checks several exercises used to write by hand."""

from __future__ import annotations

import shutil
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders import reference_calls
from graders.catalog import Catalog
from graders.check_core import (
    CheckContext,
    Failure,
    NoReference,
    Parameters,
    Trial,
    check_each,
)
from graders.check_numeric import (
    check_finite_then_matches,
    check_item_matches,
    check_reduces_to,
    check_returns_python_float,
)
from graders.exercise import Exercise
from graders.probes import Probe
from graders.transformations import transformation
from graders.wording import Wording, WordingError, read_wording, render
from tests.conftest import EXERCISES, TEST_LIMITS

SOFTMAX = "stable-softmax"
PARAMETERS = Parameters(("x", "axis"), {"axis": -1})


def trial(got: Any, expected: Any, *args: Any) -> Trial:
    return Trial(Probe(tuple(args), "f(...)", repr(args)), got, expected, parameters=PARAMETERS)


def softmax(x: Any, axis: int = -1) -> Any:
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)


@pytest.fixture(scope="module")
def exercise() -> Exercise:
    return Catalog(EXERCISES, TEST_LIMITS).load().get(SOFTMAX)


def context_of(exercise: Exercise, **params: Any) -> CheckContext:
    test = exercise.tests[0]
    context = reference_calls.context_for(exercise, test)
    return CheckContext(
        context.tolerance, context.entry, [], params, context.wording, context.reference
    )


# --- per-trial checks and arguments by name ---------------------------------------------------


def test_a_per_trial_check_stops_at_the_first_failure_and_names_its_trial() -> None:
    seen = []

    @check_each("positive")
    def positive(one: Trial, context: CheckContext) -> Failure | None:
        seen.append(one.got)
        if one.got < 0:
            raise Failure("negative")  # from a helper as deep as it likes
        return None

    trials = [trial(1.0, 1.0), trial(-1.0, 1.0), trial(-2.0, 1.0)]
    failure = positive(trials, CheckContext(1e-6, "f"))
    assert failure is not None
    assert failure.trial is trials[1]
    assert seen == [1.0, -1.0]


@pytest.mark.parametrize(
    ("args", "name", "value"),
    [((np.zeros(3), 0), "axis", 0), ((np.zeros(3),), "axis", -1)],
    ids=["given", "its default"],
)
def test_an_argument_is_read_by_the_reference_s_parameter_name(
    args: tuple[Any, ...], name: str, value: Any
) -> None:
    assert trial(None, None, *args).arg(name) == value
    assert trial(None, None, *args).args()[name] == value


def test_an_unknown_parameter_name_is_an_error() -> None:
    with pytest.raises(KeyError):
        trial(None, None, np.zeros(3)).arg("dim")


def test_the_reference_s_parameters_are_read_from_its_code(exercise: Exercise) -> None:
    assert reference_calls.parameters(exercise) == PARAMETERS


# --- words by id --------------------------------------------------------------------------------


def test_a_placeholder_is_filled_as_the_learner_reads_numbers_and_latex_is_left_alone() -> None:
    text = "{{where}}: {{value}}, not {{ want }}; $e^{x_i}$ over {{row}}."
    values = {"where": (1, 2), "value": 0.5, "want": 1, "row": np.array([0.25, 0.75])}
    assert render(text, values) == "[1, 2]: 0.5000, not 1; $e^{x_i}$ over [0.2500, 0.7500]."


def test_a_message_whose_placeholder_is_not_given_is_an_error() -> None:
    wording = Wording({"low": "below {{bound}}"})
    with pytest.raises(WordingError):
        wording.message("low", {})
    with pytest.raises(WordingError):
        wording.message("unknown", {"bound": 1})


@pytest.mark.parametrize(
    "text",
    [
        "[mesages]\na = 'b'\n",
        "[findings.x]\ntitle = 'only a title'\n",
        "[messages]\na = '  '\n",
        "[messages\n",
    ],
    ids=["unknown table", "finding without explanation", "blank message", "not toml"],
)
def test_a_malformed_messages_file_is_refused(tmp_path: Path, text: str) -> None:
    (tmp_path / "messages.toml").write_text(text, encoding="utf-8")
    with pytest.raises(ValueError, match=r"."):
        read_wording(tmp_path)


def test_a_check_words_its_failure_from_messages_toml(exercise: Exercise) -> None:
    context = context_of(exercise)
    failure = context.fail("exp-overflows", None, low=-1000.0, high=1000.0)
    assert failure.message_id == "exp-overflows"
    assert "-1000.0000" in failure.message
    assert "{{" not in failure.message


# --- the reference called on demand ---------------------------------------------------------------


def test_the_reference_is_called_on_other_arguments(exercise: Exercise) -> None:
    x = np.array([[1.0, 2.0, 3.0], [0.0, 0.0, 5.0]])
    got = context_of(exercise).reference(x, 0)
    np.testing.assert_allclose(got, softmax(x, 0))


def test_a_reference_call_larger_than_the_test_s_data_is_refused(exercise: Exercise) -> None:
    calls = reference_calls.ReferenceCalls(exercise, max_elements=100)
    with pytest.raises(NoReference):
        calls(np.zeros(101))


def test_reference_calls_stop_once_their_cpu_budget_is_spent(
    exercise: Exercise, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = reference_calls.ReferenceCalls(exercise, max_elements=10_000)
    calls(np.arange(50.0))
    monkeypatch.setattr(reference_calls, "CPU_SECONDS", calls.spent)
    with pytest.raises(NoReference):
        calls(np.arange(60.0))


# --- analyses as a transformation of the reference -----------------------------------------------


def _bounds(wrong: list[Trial], context: CheckContext) -> list[dict[str, float]]:
    return [{"low": -5.0, "high": 5.0}, {"low": -10.0, "high": 10.0}]


@transformation("clips-inputs", fit=_bounds)
def clipped(reference: Any, x: Any, axis: int, *, low: float, high: float) -> Any:
    return reference(np.clip(x, low, high), axis)


def _large(seed: int) -> Any:
    return np.random.default_rng(seed).normal(size=(3, 4)) * 20


def test_a_transformation_names_the_misconception_with_its_fitted_parameters(
    exercise: Exercise,
) -> None:
    trials = [trial(softmax(np.clip(x, -10, 10)), softmax(x), x) for x in map(_large, (1, 2))]
    finding = clipped(trials, context_of(exercise))
    assert finding is not None
    assert finding.id == "clips-inputs"
    assert "-10.0000" in finding.explanation
    assert "{{" not in finding.explanation


def test_a_transformation_that_rebuilds_only_some_wrong_trials_names_nothing(
    exercise: Exercise,
) -> None:
    x, y = _large(1), _large(2)
    trials = [
        trial(softmax(np.clip(x, -10, 10)), softmax(x), x),
        trial(softmax(y) * 0.5, softmax(y), y),
    ]
    assert clipped(trials, context_of(exercise)) is None


def test_a_transformation_needs_more_numbers_than_parameters(exercise: Exercise) -> None:
    @transformation(
        "rescales-scores", grid={"factors": [np.full(4, 2.0)]}, words=lambda *_: {"factor": 2.0}
    )
    def scaled(reference: Any, x: Any, axis: int, *, factors: Any) -> Any:
        return reference(x * factors, axis)

    x = np.array([1.0, 2.0, 3.0, 4.0])
    one = [trial(softmax(2 * x), softmax(x), x)]
    assert scaled(one, context_of(exercise)) is None  # 4 numbers, 4 parameters
    two = [trial(softmax(2 * v), softmax(v), v) for v in (x, x[::-1])]
    finding = scaled(two, context_of(exercise))
    assert finding is not None
    assert finding.id == "rescales-scores"


# --- built-in checks ---------------------------------------------------------------------------


def test_reduces_to_fails_the_first_slice_that_does_not_sum_to_one() -> None:
    x = np.array([[1.0, 2.0], [3.0, 4.0]])
    right = trial(softmax(x, 0), softmax(x, 0), x, 0)
    wrong = trial(softmax(x, 1), softmax(x, 0), x, 0)  # normalised along the other axis
    context = CheckContext(1e-6, "softmax", params={"axis": "axis", "within": [0, 1]})
    assert check_reduces_to([right], context) is None
    failure = check_reduces_to([right, wrong], context)
    assert failure is not None
    assert failure.trial is wrong


def test_reduces_to_refuses_a_value_outside_its_range() -> None:
    x = np.array([0.0, 0.0])
    context = CheckContext(1e-6, "softmax", params={"within": [0, 1]})
    failure = check_reduces_to([trial(np.array([1.5, -0.5]), softmax(x), x)], context)
    assert failure is not None


def test_finite_then_matches_adds_the_exercise_s_explanation(exercise: Exercise) -> None:
    x = np.array([1000.0, 0.0])
    context = context_of(exercise, explain="exp-overflows")
    failure = check_finite_then_matches([trial(np.array([np.nan, 0.0]), softmax(x), x)], context)
    assert failure is not None
    assert "1000.0000" in failure.message
    close = trial(softmax(x) + 1e-3, softmax(x), x)
    assert check_finite_then_matches([close], context) is not None  # then the values


@pytest.mark.parametrize(
    ("got", "failed"),
    [((1.0, np.zeros(2)), False), ((1.5, np.zeros(2)), True), (1.0, True)],
    ids=["right", "wrong item", "not a tuple"],
)
def test_item_matches_compares_one_item(got: Any, failed: bool) -> None:
    context = CheckContext(1e-6, "f", params={"item": 0, "item_name": "the loss"})
    result = check_item_matches([trial(got, (1.0, np.ones(2)))], context)
    assert (result is not None) == failed


@pytest.mark.parametrize(
    ("got", "failed"),
    [(0.5, False), (np.float64(0.5), True), (np.array(0.5), True)],
    ids=["float", "numpy scalar", "0-d array"],
)
def test_returns_python_float(got: Any, failed: bool) -> None:
    result = check_returns_python_float([trial(got, 0.5)], CheckContext(1e-6, "f"))
    assert (result is not None) == failed


# --- the words a checks.py names are checked at load -------------------------------------------


def _copy(tmp_path: Path) -> Path:
    folder = tmp_path / SOFTMAX
    shutil.copytree(EXERCISES / SOFTMAX, folder, ignore=shutil.ignore_patterns("__pycache__"))
    return folder


def _broken(folder: Path) -> str:
    return Catalog(folder.parent, TEST_LIMITS).load().broken.get(SOFTMAX, "")


@pytest.mark.parametrize(
    ("edit", "found"),
    [
        (
            lambda text: text.replace("[findings.clips-inputs]", "[findings.clipped]"),
            "clips-inputs",
        ),
        (lambda text: text + "\n[messages.extra]\n", ""),
        (
            lambda text: text.replace("[messages]\n", "[messages]\nunused = 'nobody reads me'\n"),
            "unused",
        ),
    ],
    ids=["a finding named by no text", "a malformed table", "a text no check names"],
)
def test_a_folder_whose_words_do_not_match_its_checks_is_not_served(
    tmp_path: Path, edit: Any, found: str
) -> None:
    folder = _copy(tmp_path)
    assert _broken(folder) == ""
    messages = folder / "messages.toml"
    messages.write_text(edit(messages.read_text(encoding="utf-8")), encoding="utf-8")
    broken = _broken(folder)
    assert broken
    assert found in broken


def test_a_message_call_missing_a_placeholder_is_found_at_load(tmp_path: Path) -> None:
    folder = _copy(tmp_path)
    (folder / "checks.py").write_text(
        (folder / "checks.py").read_text(encoding="utf-8")
        + "\n\ndef _unused(context: Any) -> Any:\n"
        + "    return context.fail('exp-overflows', None, low=1.0)\n",
        encoding="utf-8",
    )
    assert "exp-overflows" in _broken(folder)
