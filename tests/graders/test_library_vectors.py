"""The authoring library's parts for checks that explain one vector at a time (issue 26, item 3):
the first wrong slice along an axis and the first of some slices that is not a given vector,
a slice's subscript, a vector read back as another divided by one number, an argument as an
array and the result of its shape, notes that follow a failure, argument values a check needs,
format specs in placeholders, and a message id chosen between two."""

from __future__ import annotations

import math
from pathlib import Path
from types import SimpleNamespace
from typing import Any, cast

import numpy as np
import pytest

from graders.check_core import CheckContext, Failure, Parameters, Trial, check_each
from graders.check_vectors import (
    common_divisor,
    first_slice_off,
    first_wrong_slice,
    returned_like,
    subscript,
)
from graders.exercise import Exercise
from graders.probes import Probe
from graders.wording import Wording, placeholders, read_wording, render
from graders.wording_check import wording_problems

PARAMETERS = Parameters(("x", "gamma", "eps"), {"eps": 1e-5})


def trial(got: Any, expected: Any, *args: Any) -> Trial:
    return Trial(Probe(tuple(args), "f(...)", repr(args)), got, expected, parameters=PARAMETERS)


def context(**messages: str) -> CheckContext:
    return CheckContext(1e-4, "f", wording=Wording(messages))


# --- the first wrong slice ------------------------------------------------------------------


def test_the_first_wrong_slice_along_the_last_axis_is_named_and_cut_out() -> None:
    x = np.arange(12.0).reshape(2, 3, 2)
    got = x.copy()
    got[1, 2, 1] += 0.5
    got[1, 2, 0] += 0.25
    wrong = first_wrong_slice(trial(got, x, x), 1e-4)
    assert wrong is not None
    assert (wrong.index, wrong.where) == ((1, 2), "[1, 2, :]")
    assert wrong.got.tolist() == [10.25, 11.5]
    assert wrong.expected.tolist() == [10.0, 11.0]
    assert wrong.largest == 0.5
    assert wrong.of(x * 2).tolist() == [20.0, 22.0]
    assert wrong.failure is not None
    assert "Largest error: 0.5000" in wrong.failure.message
    said = wrong.said()
    assert set(said) == {"where", "got", "expected", "largest"}


def test_the_first_wrong_slice_along_another_axis() -> None:
    x = np.zeros((2, 3))
    got = x.copy()
    got[1, 2] = 1.0
    wrong = first_wrong_slice(trial(got, x, x), 1e-4, axis=0)
    assert wrong is not None
    assert (wrong.index, wrong.where, wrong.got.tolist()) == ((2,), "[:, 2]", [0.0, 1.0])


def test_a_1d_result_is_one_slice_written_with_a_colon() -> None:
    x = np.array([1.0, 2.0])
    wrong = first_wrong_slice(trial(x + 1, x, x), 1e-4)
    assert wrong is not None
    assert (wrong.index, wrong.where) == ((), "[:]")
    assert subscript(-1, 1, ()) == "[:]"
    assert subscript(-1, 3, (0, 4)) == "[0, 4, :]"


def test_matching_values_have_no_wrong_slice() -> None:
    x = np.ones((2, 2))
    assert first_wrong_slice(trial(x + 1e-6, x, x), 1e-4) is None


def test_a_result_of_another_shape_is_refused_with_the_argument_s_shape() -> None:
    x = np.ones((2, 2))
    with pytest.raises(Failure, match=r"an array of shape \(2, 2\), the shape of x, was"):
        first_wrong_slice(trial(np.ones(4), x, x), 1e-4, like="x")
    with pytest.raises(Failure, match="shape"):
        first_wrong_slice(trial(np.ones(4), x, x), 1e-4)


def test_an_argument_and_the_result_of_its_shape() -> None:
    x = [[1, 2], [3, 4]]
    argument, got = returned_like(trial(np.zeros((2, 2)), None, x), "x")
    assert argument.dtype == np.float64
    assert argument.tolist() == x
    assert got.shape == (2, 2)
    with pytest.raises(Failure, match=r"\(2, 2\) was expected"):
        returned_like(trial([1.0], None, x), "x", note=False)


# --- the first of some slices that is not a given vector --------------------------------------


def test_the_first_chosen_slice_that_is_not_the_target() -> None:
    x = np.array([[2.0, 2.0], [1.0, 5.0], [3.0, 3.0]])
    got = np.array([[0.5, 0.5], [9.0, 9.0], [0.5, 0.7]])
    constant = np.ptp(x, axis=-1) == 0
    off = first_slice_off(got, [0.5, 0.5], 1e-4, constant)
    assert off is not None
    assert (off.index, off.where) == ((2,), "[2, :]")
    assert off.got.tolist() == [0.5, 0.7]
    assert off.expected.tolist() == [0.5, 0.5]
    assert math.isclose(off.largest, 0.2)  # row 1 is not among the compared slices
    assert off.failure is None
    assert off.of(x).tolist() == [3.0, 3.0]
    assert first_slice_off(got[:1], 0.5, 1e-4) is None
    every = first_slice_off(got, 0.5, 1e-4)
    assert every is not None
    assert every.index == (1,)


def test_a_1d_vector_that_is_not_the_target() -> None:
    off = first_slice_off(np.array([np.nan, 0.0]), 0.0, 1e-4, np.array(True))
    assert off is not None
    assert off.where == "[:]"
    assert off.largest == math.inf


# --- a vector read back as another divided by one number ------------------------------------


def test_a_vector_divided_by_one_number_gives_that_number() -> None:
    centred = np.array([-1.5, -0.5, 0.5, 1.5])
    divisor = common_divisor(centred, centred / 3.25, 1e-4)
    assert divisor is not None
    assert math.isclose(divisor, 3.25)
    assert common_divisor(centred, centred / 3.25 + 0.01, 1e-4) is None
    assert common_divisor(centred, -centred, 1e-4) is None  # not a positive number
    assert common_divisor(centred, centred * np.nan, 1e-4) is None
    assert common_divisor(np.zeros(3), np.zeros(3), 1e-4) is None


def test_a_relative_tolerance_reads_a_rounded_vector_as_divided_by_one_number() -> None:
    x = np.array([0.0, 1.3, -2.7, 4.1])
    rounded = (x / 0.0021).astype(np.float16).astype(np.float64)  # entries off by up to 0.25
    assert common_divisor(x, rounded, 1e-4) is None
    divisor = common_divisor(x, rounded, 1e-3, relative=True)
    assert divisor is not None
    assert math.isclose(divisor, 0.0021, rel_tol=1e-3)
    assert common_divisor(x, x * [1, 1, 1, 2], 1e-3, relative=True) is None
    assert common_divisor(x, x * [1, 1, 0, 0], 1e-3, relative=True) is None  # one ratio only
    assert common_divisor(x, -x, 1e-3, relative=True) is None


# --- the trial, failures and checks ---------------------------------------------------------


def test_an_argument_as_a_float_array() -> None:
    one = trial(None, None, [1, 2])
    assert one.array("x").dtype == np.float64
    assert one.array("eps").tolist() == 1e-5  # a default


def test_a_failure_followed_by_notes_on_lines_of_their_own() -> None:
    failure = Failure("summary").followed_by(Failure("why"), None, Failure("values"))
    assert failure.message == "summary\nwhy\nvalues"
    assert Failure("alone").followed_by().message == "alone"


@check_each("normalised", needs={"gamma": 1})
def normalised(one: Trial, context: CheckContext) -> Failure | None:
    return None


def test_a_check_refuses_probes_without_the_argument_values_it_needs() -> None:
    assert normalised([trial(None, None, [1.0], np.ones(3))], context()) is None
    with pytest.raises(ValueError, match="normalised needs probes with gamma = 1"):
        normalised([trial(None, None, [1.0], np.array([1.0, 2.0]))], context())


def test_a_failure_may_be_worded_from_any_dict_of_values() -> None:
    said: dict[str, object] = {"trial": 3, "x": 0.5}
    failure = context(m="{{trial}} {{x}}").fail("m", None, **said)
    assert failure.message == "3 0.5000"
    assert failure.trial is None


# --- words: format specs, and an id chosen between two ---------------------------------------


def test_a_placeholder_with_a_format_spec() -> None:
    text = "var {{variance:.4g}}, eps {{ eps:g }}, as usual {{variance}}"
    assert placeholders(text) == {"variance", "eps"}
    values = {"variance": np.float64(0.0032264), "eps": 1e-5}
    assert render(text, values) == "var 0.003226, eps 1e-05, as usual 0.0032"


def test_a_format_spec_that_is_not_one_for_numbers_is_refused_at_load(tmp_path: Path) -> None:
    (tmp_path / "messages.toml").write_text('[messages]\nm = "{{x:.4g}} {{y:%}}"\n')
    assert read_wording(tmp_path).messages["m"]
    (tmp_path / "messages.toml").write_text('[messages]\nm = "{{x:.4q}}"\n')
    with pytest.raises(ValueError, match=r"`:\.4q` is not a format spec"):
        read_wording(tmp_path)


def test_a_message_id_chosen_between_two_needs_both_texts(tmp_path: Path) -> None:
    checks = tmp_path / "checks.py"
    checks.write_text(
        "def f(context, low):\n"
        "    return context.fail('below' if low else 'near', value=1)\n"
        "def g(context, low):\n"
        "    return context.fail(('a' if low else 'b') if low else 'c')\n"
    )
    messages = {"below": "{{value}}", "near": "{{value}} {{other}}", "a": "a", "b": "b"}
    exercise = SimpleNamespace(tests=[], checks_path=checks, wording=Wording(messages))
    problems = wording_problems(cast(Exercise, exercise))
    assert len(problems) == 2
    assert "names message `c`" in problems[0]
    assert "`near` has placeholders ['other']" in problems[1]
