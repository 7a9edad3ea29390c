"""A counted call's tally crosses the boundary checked, and its growth is named."""

from __future__ import annotations

import sys

import pytest

from graders.protocol.counts import CallCounts, LineCount, growth

SMALL = CallCounts(4, 8, [LineCount(3, 4, "for loop"), LineCount(9, 1, "")], {"map()": 8})
LARGE = CallCounts(40, 32, [LineCount(3, 16, "for loop"), LineCount(9, 40, "")], {"map()": 32})


def test_a_tally_survives_the_round_trip() -> None:
    assert CallCounts.from_dict(LARGE.to_dict()) == LARGE


@pytest.mark.parametrize(
    "data",
    [
        [],
        {"lines": -1, "helper_elements": 0, "traced": True},
        {"lines": 1, "helper_elements": 0, "traced": "yes"},
        {"lines": 1, "helper_elements": 0, "traced": True, "top_lines": [[1, "x", ""]]},
        {"lines": 1, "helper_elements": 0, "traced": True, "helpers": {"map()": -3}},
    ],
    ids=["not-a-table", "negative", "traced-not-bool", "bad-line", "bad-helper"],
)
def test_a_malformed_tally_is_refused(data: object) -> None:
    with pytest.raises(ValueError, match="count"):
        CallCounts.from_dict(data)


def test_growth_names_what_grew_most() -> None:
    found = growth(SMALL, LARGE)
    assert found is not None
    assert (found.line, found.before, found.after) == (LARGE.top_lines[1], 1, 40)


def test_growth_with_kind_skips_lines_outside_a_loop() -> None:
    found = growth(SMALL, LARGE, with_kind=True)
    assert found is not None
    assert (found.helper, found.kind, found.amount) == ("map()", "map()", 24)


def test_nothing_grew_is_none() -> None:
    assert growth(LARGE, SMALL) is None


def test_a_counted_call_gives_back_the_tracer_that_was_there() -> None:
    from graders.inside.counting import counted_call

    def outer(frame: object, event: str, arg: object) -> None:
        return None

    before = sys.gettrace()
    sys.settrace(outer)
    try:
        value, error, counts = counted_call(lambda n: n + 1, (1,), "<submission>", {})
        assert sys.gettrace() is outer
    finally:
        sys.settrace(before)
    assert (value, error, counts.traced) == (2, None, True)
