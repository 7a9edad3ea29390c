"""Transformations as a table (issue 26, item 3): stacked decorators tried from the top down,
parameters worded as typed, misconceptions that change the shape; and a mismatch as a
message's placeholders."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from graders import CheckContext, Trial, mismatch_values, transformation, value_mismatch
from graders.check_core import Parameters
from graders.probes import Probe
from graders.wording import FindingText, Wording

PARAMETERS = Parameters(("x",), {})
WORDING = Wording(
    findings={
        "doubled": FindingText("Doubled", "times {{scale}}"),
        "tripled": FindingText("Tripled", "times {{scale}}"),
        "scaled": FindingText("Scaled", "times {{scale}}"),
        "extra-axis": FindingText("Extra axis", "{{got_shape}} for {{expected_shape}}"),
    }
)


def reference(x: Any) -> Any:
    return np.cumsum(np.asarray(x, dtype=np.float64))


def context() -> CheckContext:
    return CheckContext(1e-6, "f", wording=WORDING, reference=reference)


def trials(got: Any) -> list[Trial]:
    xs = [np.array([1.0, 2.0, 3.0]), np.array([0.5, -1.0, 4.0, 2.0])]
    return [
        Trial(Probe((x,), "f(x)", "x"), got(x), reference(x), parameters=PARAMETERS) for x in xs
    ]


def _scales(wrong: list[Trial], context: CheckContext) -> list[dict[str, float]]:
    return [{"scale": 0.1234567}]


@transformation("doubled", grid={"scale": [2.0]})
@transformation("tripled", grid={"scale": [3.0]})
@transformation("scaled", fit=_scales, typed=("scale",))
def scaled(reference: Any, x: Any, *, scale: float = 1.0) -> Any:
    """The cumulative sum, scaled."""
    return reference(x) * scale


@pytest.mark.parametrize(
    ("scale", "finding_id", "text"),
    [(2.0, "doubled", "times 2.0000"), (3.0, "tripled", "times 3.0000")],
)
def test_stacked_transformations_are_one_analysis_naming_the_one_that_fits(
    scale: float, finding_id: str, text: str
) -> None:
    finding = scaled(trials(lambda x: reference(x) * scale), context())
    assert finding is not None
    assert (finding.id, finding.explanation) == (finding_id, text)
    assert scaled.__name__ == "scaled"
    assert scaled.__doc__ == "The cumulative sum, scaled."


def test_the_top_transformation_of_a_stack_is_tried_first() -> None:
    @transformation("tripled", grid={"scale": [2.0]})  # the same values as "doubled"
    @transformation("doubled", grid={"scale": [2.0]})
    def twice(reference: Any, x: Any, *, scale: float = 1.0) -> Any:
        return reference(x) * scale

    finding = twice(trials(lambda x: reference(x) * 2.0), context())
    assert finding is not None
    assert finding.id == "tripled"


def test_the_bottom_of_a_stack_is_reached_and_its_parameter_is_worded_as_typed() -> None:
    finding = scaled(trials(lambda x: reference(x) * 0.1234567), context())
    assert finding is not None
    assert (finding.id, finding.explanation) == ("scaled", "times 0.123457")  # not 0.1235


def test_a_stack_none_of_whose_transformations_fits_names_nothing() -> None:
    assert scaled(trials(lambda x: reference(x) * 5.0), context()) is None
    assert scaled(trials(reference), context()) is None  # all right


@transformation("extra-axis", grid={"axis": (0, 1)}, reshapes=True)
def with_an_axis(reference: Any, x: Any, *, axis: int) -> Any:
    return np.expand_dims(reference(x), axis)


@transformation("extra-axis", grid={"axis": (0, 1)})
def with_an_axis_of_the_same_shape(reference: Any, x: Any, *, axis: int) -> Any:
    return np.expand_dims(reference(x), axis)


def test_a_transformation_that_reshapes_names_values_of_another_shape() -> None:
    wrong = trials(lambda x: reference(x)[:, None])
    finding = with_an_axis(wrong, context())
    assert finding is not None
    assert finding.explanation == "(3, 1) for (3,)"
    assert with_an_axis_of_the_same_shape(wrong, context()) is None  # not without reshapes
    assert with_an_axis(trials(lambda x: reference(x)[:, None, None]), context()) is None
    assert with_an_axis(trials(lambda x: None), context()) is None


def test_a_mismatch_gives_its_placeholders() -> None:
    expected = np.arange(6.0).reshape(2, 3)
    got = expected.copy()
    got[1, 2] = 9.0
    mismatch = value_mismatch(Trial(Probe((), "f()", ""), got, expected), 1e-6)
    assert mismatch is not None
    assert mismatch_values(mismatch) == {
        "index": (1, 2),
        "got": 9.0,
        "expected": 5.0,
        "largest": 4.0,
        "row": 1,
        "column": 2,
    }
    flat = value_mismatch(Trial(Probe((), "f()", ""), got[1], expected[1]), 1e-6)
    assert flat is not None
    assert set(mismatch_values(flat)) == {"index", "got", "expected", "largest"}


def test_a_transformation_without_words_uses_the_words_of_the_one_below() -> None:
    wording = Wording(
        findings={
            "doubled": FindingText("Doubled", "{{size}} values doubled"),
            "tripled": FindingText("Tripled", "{{size}} values tripled"),
        }
    )

    @transformation("doubled", grid={"scale": [2.0]})
    @transformation("tripled", grid={"scale": [3.0]}, words=lambda p, w: {"size": len(w)})
    def times(reference: Any, x: Any, *, scale: float = 1.0) -> Any:
        return reference(x) * scale

    words = CheckContext(1e-6, "f", wording=wording, reference=reference)
    finding = times(trials(lambda x: reference(x) * 2.0), words)
    assert finding is not None
    assert finding.explanation == "2 values doubled"
