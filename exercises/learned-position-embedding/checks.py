"""learned-position-embedding's analyses of what a call raised on the out-of-range probes
(`past-the-end`, `negative`): the exception's type and its message's numbers name the mistake
whatever the message's wording, where a known mistake matches only a learner who raised the
same thing. The words are in messages.toml."""

from __future__ import annotations

import re

import numpy as np

from graders import CheckContext, Finding, Trial, analysis

NUMBER = re.compile(r"-?\d+")


def _raised(trials: list[Trial]) -> list[tuple[Trial, str, list[str]]]:
    """(trial, exception type, the numbers of its message) of every call; none when one
    returned."""
    if not trials or any(trial.raised is None for trial in trials):
        return []
    return [(t, t.raised.type, NUMBER.findall(t.raised.message)) for t in trials if t.raised]


@analysis
def another_exception_type(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every call raised AssertionError (the range guarded by `assert`), or ValueError."""
    kinds = {kind for _, kind, _ in _raised(trials)}
    if kinds == {"AssertionError"}:
        return context.finding("assert-instead-of-raise")
    if kinds == {"ValueError"}:
        return context.finding("value-error")
    return None


@analysis
def refuses_position_zero(trials: list[Trial], context: CheckContext) -> Finding | None:
    """An IndexError that names position 0 as the bad one: positions are counted from 1."""
    raised = _raised(trials)
    for trial, kind, numbers in raised:
        positions = np.ravel(trial.arg("positions"))
        if kind != "IndexError" or numbers[:1] != ["0"] or 0 not in positions:
            return None  # the first number names the refused position
    return context.finding("one-based-range") if raised else None


@analysis
def length_read_from_the_columns(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every IndexError names d_model as the table's length, never max_len: the table is read
    as columns."""
    raised = _raised(trials)
    for trial, kind, numbers in raised:
        max_len, d_model = (str(size) for size in np.shape(trial.arg("table")))
        if kind != "IndexError" or max_len == d_model or d_model not in numbers:
            return None
        if max_len in numbers:
            return None
    return context.finding("table-transposed") if raised else None


@analysis
def message_without_the_numbers(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every call raised IndexError, and a message leaves out a number the test looks for."""
    raised, mentions = _raised(trials), [str(item) for item in context.params.get("mentions", [])]
    if not raised or any(kind != "IndexError" for _, kind, _ in raised):
        return None
    missing = [wanted for _, _, numbers in raised for wanted in mentions if wanted not in numbers]
    return context.finding("message-without-numbers", missing=missing[0]) if missing else None
