"""The generic analyses: they name what they can and never fail on what they cannot."""

from __future__ import annotations

import numpy as np

from graders.catalog import Catalog
from graders.checks import Trial
from graders.engine.analyses import analyse
from tests.conftest import FLAGSHIP


def test_a_reference_holding_minus_infinity_is_no_crash(catalog: Catalog) -> None:
    # A masked reference (-inf above the diagonal) and a learner who filled with a number:
    # no line can be fitted through infinities, and trying raised LinAlgError mid-grading.
    exercise = catalog.get(FLAGSHIP)
    probe = exercise.all_probes()[0]
    expected = np.triu(np.full((4, 4), -np.inf), k=1) + np.arange(16.0).reshape(4, 4)
    got = np.where(np.isinf(expected), -1e4, expected)
    found = analyse(exercise, [Trial(probe, got, expected)], 1e-6, True)
    assert found is None or found.id


def test_integers_are_not_blamed_where_the_reference_returns_integers(catalog: Catalog) -> None:
    exercise = catalog.get(FLAGSHIP)
    probe = exercise.all_probes()[0]
    expected = np.array([3, 1, 4], dtype=np.int64)  # sampled token ids
    got = np.array([2, 1, 4], dtype=np.int64)
    found = analyse(exercise, [Trial(probe, got, expected)], 1e-6, True)
    assert found is None or found.id != "integer-dtype"


def test_integers_are_blamed_where_the_reference_returns_fractions(catalog: Catalog) -> None:
    exercise = catalog.get(FLAGSHIP)
    probe = exercise.all_probes()[0]
    expected = np.array([[0.0, 1.0], [0.84, 0.54]])
    got = expected.astype(np.int64)
    found = analyse(exercise, [Trial(probe, got, expected)], 1e-6, True)
    assert found is not None
    assert found.id == "integer-dtype"


def test_integer_answers_get_no_scale_or_offset_pattern(catalog: Catalog) -> None:
    exercise = catalog.get(FLAGSHIP)
    probe = exercise.all_probes()[0]
    expected = np.array([3, 1, 4, 2], dtype=np.int64)  # sampled token ids
    got = expected * 2  # "scaled by 2" is true and teaches nothing
    found = analyse(exercise, [Trial(probe, got, expected)], 1e-6, True)
    assert found is None or found.id not in ("scaled", "offset", "affine")


def test_a_python_float_matches_a_numpy_scalar_mistake() -> None:
    from graders.protocol.matching import outcomes_match

    grad = np.array([[0.25, -0.25]])
    assert outcomes_match((0.5, grad), (np.float64(0.5), grad.copy()), 1e-6)
    assert outcomes_match(np.float32(0.5), 0.5, 1e-6)
    assert not outcomes_match((0.5, grad), (np.float64(0.7), grad), 1e-6)
    assert not outcomes_match(True, 1.0, 1e-6)


def test_a_shape_test_without_a_diagnosis_takes_the_one_the_value_tests_agree_on(
    catalog: Catalog,
) -> None:
    from graders.engine.diagnosis import diagnosis_of, settle
    from graders.report import Status, TestResult

    exercise = catalog.get(FLAGSHIP)
    mistake = next(m for m in exercise.mistakes if m.id == "transposed")
    agreed = diagnosis_of(mistake)
    tests = [
        TestResult(
            id="shape", title="shape", status=Status.FAILED, message="m", message_id="value-differs"
        ),
        TestResult(
            id="example-3x4",
            title="e",
            status=Status.FAILED,
            message="m",
            message_id="value-differs",
            diagnosis=agreed,
        ),
    ]
    settled = {test.id: test for test in settle(exercise, tests)}
    assert settled["shape"].diagnosis is not None
    assert settled["shape"].diagnosis.id == "transposed"
