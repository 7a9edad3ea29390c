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
