"""A call that raised is worded by what it raised, never by its matching key.

`graders.trusted.raised_value` keys a raise for matching (`raised ValueError: ... (#,#)`: the
type and the message with its numbers left out); the words come from `describe` and
`compare_values` (graders.check_values) and, beside a call of the learner's own, from
`reference_raised_note` (graders.engine.scratch), which keeps the message verbatim.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

from graders import trusted
from graders.check_core import Trial
from graders.check_describe import describe, kind_of
from graders.check_values import compare_values
from graders.engine.scratch import reference_raised_note
from graders.message_ids import CALL_RAISED, REFERENCE_RAISED
from graders.probes import make_probe
from graders.report import LoadError

MESSAGE = "size 16 into shape (4,3,1)"
RAISED = trusted.raised_value("ValueError", MESSAGE)
OTHER = trusted.raised_value("TypeError", "n_heads")
ANSWER = np.zeros((4, 4))
PROBE = make_probe("multi_head_attention", [ANSWER])
MATCHING_KEY = re.compile(r"raised \w+:|#|object of type")


@pytest.mark.parametrize(
    "words",
    [describe, kind_of, lambda value: describe(trusted.summarised(value))],
    ids=["describe", "kind_of", "describe-a-summary"],
)
def test_a_raise_is_described_by_its_type_not_its_matching_key(
    words: Callable[[Any], str],
) -> None:
    text = words(RAISED)
    assert "ValueError" in text
    assert not MATCHING_KEY.search(text)


@pytest.mark.parametrize(
    ("got", "expected", "message_id", "named"),
    [
        (RAISED, ANSWER, CALL_RAISED, ["ValueError"]),
        (ANSWER, RAISED, REFERENCE_RAISED, ["ValueError"]),
        (RAISED, OTHER, "wrong-exception", ["ValueError", "TypeError"]),
        (RAISED, trusted.raised_value("ValueError", "n_heads"), "wrong-exception", ["ValueError"]),
    ],
    ids=["yours-raised", "the-reference-raised", "another-raise", "the-same-type-other-words"],
)
def test_comparing_with_a_raise_names_what_each_side_did(
    got: Any, expected: Any, message_id: str, named: list[str]
) -> None:
    failure = compare_values(Trial(PROBE, got, expected), 1e-6)
    assert failure is not None
    assert failure.message_id == message_id
    assert all(name in failure.message for name in named)
    assert not MATCHING_KEY.search(failure.message)


def test_the_same_raise_on_both_sides_matches() -> None:
    again = trusted.raised_value("ValueError", "size 20 into shape (5,3,1)")  # other sizes
    assert compare_values(Trial(PROBE, RAISED, again), 1e-6) is None


def test_the_note_beside_an_own_call_keeps_the_reference_message_verbatim() -> None:
    note = reference_raised_note(LoadError(type="ValueError", message=MESSAGE))
    assert "ValueError" in note
    assert note.endswith(f": {MESSAGE}")  # its numbers kept: the key has dropped them
    bare = reference_raised_note(LoadError(type="ValueError", message=""))
    assert "ValueError" in bare
    assert not bare.endswith(":")
