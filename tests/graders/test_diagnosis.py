"""Diagnosis names a known mistake for what it does across the tests, never for its wording.

Each test grades a file of the wrong corpus (tests/corpus/<exercise>/wrong/) that a learner
could write, and pins the ids on the tests that matter: before these rules, each was given a
diagnosis that does not describe it, or none where one fits.
"""

from __future__ import annotations

import numpy as np
import pytest

from graders import trusted
from graders.catalog import Catalog
from graders.checks import Trial
from graders.engine.analyses import analyse
from graders.engine.diagnosis import diagnosis_of, settle
from graders.report import Report, Status, TestResult
from tests.conftest import ROOT, SyncGrader

WRONG = ROOT / "tests" / "corpus"


def graded(catalog: Catalog, grade: SyncGrader, exercise: str, name: str) -> Report:
    path = WRONG / exercise / "wrong" / f"{name}.py"
    return grade(catalog.get(exercise), path.read_text(encoding="utf-8"))


def diagnosed(report: Report) -> dict[str, str]:
    return {test.id: test.diagnosis.id for test in report.tests if test.diagnosis is not None}


def test_a_raise_is_named_by_what_the_mistake_does_not_by_its_message(
    catalog: Catalog, grade: SyncGrader
) -> None:
    # A 1-based learner refuses position 0 in the words table-transposed uses ("position 0 is
    # outside the table of length 10"): the wording, numbers aside, was that mistake's.
    report = graded(catalog, grade, "learned-position-embedding", "one-based-outside-the-table")
    found = diagnosed(report)
    assert set(found.values()) == {"one-based-range"}, found
    assert found["shape"] == found["past-the-end"] == "one-based-range"


def test_a_mistake_whose_failed_tests_include_one_the_learner_passed_gives_way(
    catalog: Catalog, grade: SyncGrader
) -> None:
    # np.atleast_1d: a single position gives (1, d_model), as flattening does, but the batched
    # test passes, which flattens-positions fails: the extra axis is what is wrong.
    report = graded(catalog, grade, "learned-position-embedding", "atleast-1d-positions")
    assert next(t for t in report.tests if t.id == "batched").status is Status.PASSED
    assert diagnosed(report) == {
        "shape": "extra-leading-axis",
        "single-position": "extra-leading-axis",
    }


def test_an_analysis_finding_named_like_a_ruled_out_mistake_is_kept(
    catalog: Catalog, grade: SyncGrader
) -> None:
    # np.argpartition keeps exactly k tokens, as the ties-dropped sampler does, so the sampler
    # analysis names `ties-dropped`; the mistake file of that id fails a test this learner
    # passes, so the file is ruled out, which must not take the analysis's finding with it.
    report = graded(catalog, grade, "temperature-top-k-sampling", "argpartition-exactly-k")
    mistake = next(
        m for m in catalog.get("temperature-top-k-sampling").mistakes if m.id == "ties-dropped"
    )
    passed = {test.id for test in report.tests if test.status is Status.PASSED}
    assert passed & set(mistake.fails)  # the mistake's file is ruled out
    assert diagnosed(report) == {"ties": "ties-dropped"}


def test_a_line_through_two_numbers_explains_nothing(catalog: Catalog) -> None:
    exercise = catalog.get("learned-position-embedding")
    spec = next(test for test in exercise.tests if test.id == "single-position")
    two, five = spec.probes  # row 4 of a (6, 2) table; row 0 of a (3, 5) table
    expected = np.asarray(trusted.reference_value(exercise, two))
    assert expected.shape == (2,)
    found = analyse(exercise, [Trial(two, 2.77 * expected + 0.25, expected)], 1e-9, True)
    assert found is None  # any two numbers lie on some line
    more = np.asarray(trusted.reference_value(exercise, five))
    found = analyse(exercise, [Trial(five, 2.77 * more + 0.25, more)], 1e-9, True)
    assert found is not None  # five points test the line
    assert found.id == "affine"


def test_a_line_is_not_fitted_through_a_single_lookup(catalog: Catalog, grade: SyncGrader) -> None:
    # max_len read from the table's width and positions clipped into it: the one wrong single
    # position holds two numbers, which were "9.24 times the expected ones plus -5.23".
    report = graded(catalog, grade, "learned-position-embedding", "clips-to-width")
    assert not {"affine", "scaled", "offset"} & set(diagnosed(report).values())


def test_an_unexplained_value_test_counts_against_a_shape_only_match(
    catalog: Catalog, grade: SyncGrader
) -> None:
    # A gradient averaged over the features has one entry per example, the shape of 2r/n: the
    # shape test matched grad-wrt-predictions although the gradient values disagree with it.
    report = graded(catalog, grade, "mse-linear-gradient", "gradient-averaged-over-features")
    assert "grad-wrt-predictions" not in diagnosed(report).values()


def test_settle_drops_a_shape_match_that_the_value_tests_contradict(catalog: Catalog) -> None:
    exercise = catalog.get("mse-linear-gradient")
    mistake = next(m for m in exercise.mistakes if m.id == "grad-wrt-predictions")
    shape_only = diagnosis_of(mistake)
    tests = [
        TestResult(
            id="shape",
            title="s",
            status=Status.FAILED,
            message="m",
            message_id="value-differs",
            diagnosis=shape_only,
        ),
        TestResult(id="loss", title="l", status=Status.PASSED, message="m", message_id="passed"),
        TestResult(
            id="gradient", title="g", status=Status.FAILED, message="m", message_id="value-differs"
        ),
        TestResult(
            id="column-vectors",
            title="c",
            status=Status.FAILED,
            message="m",
            message_id="value-differs",
        ),
    ]
    settled = {test.id: test for test in settle(exercise, tests)}
    assert settled["shape"].diagnosis is None


@pytest.mark.parametrize(
    ("exercise", "name", "expected"),
    [
        # The loss right, the gradient rounded to 4 decimals.
        ("mse-linear-gradient", "gradient-rounded", {"gradient": "low-precision"}),
        # Two slips, one per item: each is a known mistake that gets the other item right.
        (
            "mse-linear-gradient",
            "loss-summed-and-grad-missing-two",
            {"loss": "loss-summed", "gradient": "grad-missing-factor-2"},
        ),
        # The loss right, the gradient transposed.
        ("softmax-cross-entropy", "gradient-transposed", {"gradient": "transposed"}),
    ],
)
def test_a_slip_in_one_item_of_a_tuple_is_named(
    catalog: Catalog, grade: SyncGrader, exercise: str, name: str, expected: dict[str, str]
) -> None:
    found = diagnosed(graded(catalog, grade, exercise, name))
    assert {test_id: found.get(test_id) for test_id in expected} == expected, found
