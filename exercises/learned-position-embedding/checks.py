"""Analyses written for this exercise with the graders library.

They read what a learner's call raised on the out-of-range probes (`past-the-end`, `negative`):
the exception's type and its message's numbers name the mistake whatever the message's wording,
where a known mistake matches only a learner who raised the same thing.
"""

from __future__ import annotations

import re

import numpy as np

from graders import CheckContext, Finding, Trial, analysis

_NUMBER = re.compile(r"-?\d+")


def _raised(trials: list[Trial]) -> list[tuple[Trial, str, str]] | None:
    """(trial, exception type, message) of every call; None when one call returned."""
    found = []
    for trial in trials:
        if trial.raised is None:
            return None
        found.append((trial, trial.raised.type, trial.raised.message))
    return found or None


@analysis
def assertion_instead_of_index_error(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every call raised AssertionError: the range is guarded with `assert`."""
    raised = _raised(trials)
    if raised is None or any(kind != "AssertionError" for _, kind, _ in raised):
        return None
    return Finding(
        "assert-instead-of-raise",
        "An assert instead of raising IndexError",
        "You check the range with `assert`, which raises `AssertionError`, not the "
        "`IndexError` the contract asks for: callers (and tests) catch exceptions by type, so "
        "`except IndexError` misses yours. An assert is also a debugging aid, removed entirely "
        "when Python runs with `-O`, so the check would vanish in production. Validate the "
        "input with a real `raise IndexError(...)`, naming the position and `max_len`.",
    )


@analysis
def value_error_instead_of_index_error(
    trials: list[Trial], context: CheckContext
) -> Finding | None:
    """Every call raised ValueError: the check is there, the exception type is not."""
    raised = _raised(trials)
    if raised is None or any(kind != "ValueError" for _, kind, _ in raised):
        return None
    return Finding(
        "value-error",
        "Raising ValueError instead of IndexError",
        "You check the positions, which is the hard part, but raise `ValueError`. The contract "
        "asks for `IndexError`, the exception Python and NumPy raise for an index outside a "
        "sequence: callers (and tests) catch exceptions by type, so `except IndexError` would "
        "miss yours. Raise `IndexError(...)` with the same message.",
    )


@analysis
def refuses_position_zero(trials: list[Trial], context: CheckContext) -> Finding | None:
    """An IndexError that names position 0 as the bad one: positions are counted from 1."""
    raised = _raised(trials)
    if raised is None:
        return None
    for trial, kind, message in raised:
        named = _NUMBER.findall(message)[:1]  # the first number names the refused position
        positions = np.asarray(trial.probe.args[0]).ravel()
        if kind != "IndexError" or named != ["0"] or 0 not in positions:
            return None
    return Finding(
        "one-based-range",
        "Counting positions from 1, bounds included",
        "Your IndexError names position 0 as outside the table, but 0 is the first valid "
        "position: you count positions from 1 (accepting 1 to `max_len` and reading row "
        "`p - 1`). So the first token of every sequence is refused, and the message names the "
        "wrong position. Positions start at 0: position `p` is row `p` of the table, nothing "
        "subtracted, and the valid positions are 0 to `max_len - 1`.",
    )


@analysis
def length_read_from_the_columns(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every IndexError names d_model as the table's length: the table is read as columns."""
    raised = _raised(trials)
    if raised is None:
        return None
    for trial, kind, message in raised:
        max_len, d_model = np.asarray(trial.probe.args[1]).shape
        named = _NUMBER.findall(message)
        if kind != "IndexError" or max_len == d_model or str(d_model) not in named:
            return None
        if str(max_len) in named:
            return None
    return Finding(
        "table-transposed",
        "Reading the table as one column per position",
        "Your message gives the table's length as d_model, its number of **columns**: you "
        "read the table as `(d_model, max_len)`, one column per position. The table is "
        "`(max_len, d_model)`: one **row** per position, so position `p` is `table[p]` and "
        "`max_len` is `table.shape[0]`.",
    )


@analysis
def message_without_the_numbers(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every call raised IndexError, and a message leaves out a number the test looks for."""
    raised = _raised(trials)
    mentions = [str(item) for item in context.params.get("mentions", [])]
    if raised is None or not mentions or any(kind != "IndexError" for _, kind, _ in raised):
        return None
    missing = [
        wanted
        for _, _, message in raised
        for wanted in mentions
        if wanted not in _NUMBER.findall(message)
    ]
    if not missing:
        return None
    return Finding(
        "message-without-numbers",
        "An IndexError that does not say which position",
        f"You raise the right exception, but its message leaves out {missing[0]}: it must "
        "name **which** position was wrong and how long the table is, or whoever reads the "
        "traceback has to re-run the code to find out. Pick the first offending position "
        "with `positions[outside].flat[0]`, take the length from `table.shape[0]`, and put "
        'both in the message: `f"position {bad} is outside the table of length {max_len}"`.',
    )
