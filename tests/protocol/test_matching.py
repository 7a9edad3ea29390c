"""The one rule for "the same outcome": a raise by its type, a tuple item by item."""

from __future__ import annotations

import numpy as np

from graders.protocol.matching import behaves_like, slips_like
from graders.trusted import raised_value


def test_a_raise_is_matched_by_its_type_whatever_its_message() -> None:
    learner = raised_value("IndexError", "position 0 is outside the table of length 10")
    assert behaves_like(
        learner, raised_value("IndexError", "position 0 is not between 1 and 10"), 1e-9
    )
    assert not behaves_like(learner, raised_value("ValueError", "position 0 is outside"), 1e-9)
    assert not behaves_like(learner, np.zeros(3), 1e-9)


def test_a_tuple_with_the_mistake_s_slip_in_one_item_is_matched_per_item() -> None:
    grad = np.array([0.5, -1.0])
    reference = (1.0, grad)
    mistake = (1.0, grad / 2)  # the loss right, the gradient missing its 2
    assert slips_like((3.0, grad / 2), mistake, reference, 1e-9)  # a second slip in the loss
    assert not slips_like((1.0, grad / 3), mistake, reference, 1e-9)  # another gradient
    assert not slips_like((1.0, grad), mistake, reference, 1e-9)  # the mistake's slip not made
    # The mistake's loss is wrong, the learner's right: the mistake's slip there is not theirs.
    assert not slips_like((1.0, grad / 2), (2.0, grad / 2), reference, 1e-9)
