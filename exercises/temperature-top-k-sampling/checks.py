"""Checks written for this exercise with the graders library.

The sample is an index, so two checks read it as one: `sampled_indices` wants an int64 array
with one index per row, and `sampled_from_top_k` wants every index to name a token that the
top-k filter keeps (the probe's logit at that index is >= the row's k-th largest).
"""

from __future__ import annotations

import itertools
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    check,
    describe,
    number,
    row_text,
)


def _logits(trial: Trial) -> np.ndarray[Any, Any]:
    return np.asarray(trial.probe.args[0], dtype=np.float64)


@check("sampled_indices", values=False)
def check_sampled_indices(trials: list[Trial], context: CheckContext) -> Failure | None:
    """An int64 NumPy array of shape (B,): one vocabulary index per row of logits."""
    for trial in trials:
        rows = _logits(trial).shape[0]
        got = trial.got
        wanted = f"an int64 array of shape ({rows},), one token index per row of logits"
        if not isinstance(got, np.ndarray) or got.shape != (rows,):
            return Failure(f"It returned {describe(got)}; {wanted} was expected.", trial)
        if got.dtype != np.int64:
            return Failure(
                f"It returned {describe(got)}; {wanted} was expected. Indices are whole "
                "numbers: `np.argmax` and integer sums already give int64, or finish with "
                "`.astype(np.int64)`.",
                trial,
            )
    return None


@check("sampled_from_top_k")
def check_sampled_from_top_k(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every sampled index is a token the top-k filter keeps."""
    for trial in trials:
        logits = _logits(trial)
        rows, vocab = logits.shape
        k = int(trial.probe.args[2])
        got = np.asarray(trial.got)
        if got.shape != (rows,) or got.dtype.kind not in "iu":
            return Failure(
                f"It returned {describe(trial.got)}; {rows} token indices were expected.", trial
            )
        outside = (got < 0) | (got >= vocab)
        if outside.any():
            row = int(np.argmax(outside))
            return Failure(
                f"Row {row}: it returned index {int(got[row])}, but the vocabulary has {vocab} "
                f"tokens, indices 0 .. {vocab - 1}.",
                trial,
            )
        kth = np.sort(logits, axis=-1)[:, -k]
        chosen = logits[np.arange(rows), got]
        dropped = chosen < kth
        if dropped.any():
            row = int(np.argmax(dropped))
            kept = int((logits[row] >= kth[row]).sum())
            return Failure(
                f"Row {row} of logits is {row_text(logits[row])} and k = {k}: its {k}-th largest "
                f"logit is {number(float(kth[row]))}, so only the {kept} token(s) with a logit "
                f">= {number(float(kth[row]))} may be sampled. You returned token "
                f"{int(got[row])}, whose logit is {number(float(chosen[row]))}: a token the "
                "filter removes must get probability exactly 0.",
                trial,
            )
    return None


# Analyses: each names one misconception by recomputing the sampler the learner wrote instead
# (another filter, another distribution, another cumulative sum) and asking whether it gives
# every sample the learner returned. A row where that sampler cannot draw (no kept token, or
# a cumulative sum that never passes u) gives one of the fallbacks learners' code falls into
# there: 0 (`argmax` of a row of False), V or V - 1 (a count, a clip), or the last kept token.

Allowed = list[set[int] | None]  # per row: the indices that sampler gives; None, a fallback


def _draws(cdf: np.ndarray[Any, Any], uniform: np.ndarray[Any, Any]) -> Allowed:
    """The smallest index with cdf > u in each row, or None where no entry is (or a NaN)."""
    allowed: Allowed = []
    for row, u in zip(cdf, uniform, strict=True):
        above = row > u
        decided = bool(above.any()) and not bool(np.isnan(row).any())
        allowed.append({int(np.argmax(above))} if decided else None)
    return allowed


def _softmax(scores: np.ndarray[Any, Any]) -> np.ndarray[Any, Any]:
    """A stable softmax over the last axis; a row of -inf only gives NaN."""
    with np.errstate(invalid="ignore", divide="ignore"):
        shifted = scores - scores.max(axis=-1, keepdims=True)
        e = np.exp(shifted)
        return np.asarray(e / e.sum(axis=-1, keepdims=True))


def _parts(trial: Trial) -> tuple[np.ndarray[Any, Any], float, int, np.ndarray[Any, Any]]:
    _, temperature, k, uniform = trial.probe.args
    return _logits(trial), float(temperature), int(k), np.asarray(uniform, dtype=np.float64)


def _kept(logits: np.ndarray[Any, Any], k: int) -> np.ndarray[Any, Any]:
    return np.asarray(logits >= np.sort(logits, axis=-1)[:, -k][:, None])


def _fallbacks(trial: Trial) -> list[set[int]]:
    """Per row, what code that finds no index with cdf > u returns."""
    logits, _, k, _ = _parts(trial)
    vocab = logits.shape[-1]
    last_kept = vocab - 1 - np.argmax(_kept(logits, k)[:, ::-1], axis=-1)
    return [{0, vocab - 1, vocab, int(last)} for last in last_kept]


def _explains(trials: list[Trial], sampler: Any) -> bool:
    """Whether `sampler(trial) -> Allowed` gives every sample of every wrong trial, with at
    least two wrong samples as evidence, one of them a real draw (not a fallback)."""
    drawn = fallen = 0
    for trial in trials:
        got, expected = trial.got, np.asarray(trial.expected)
        if not isinstance(got, np.ndarray) or got.shape != expected.shape:
            return False
        if got.dtype.kind not in "iu":
            return False
        if np.array_equal(got, expected):
            continue
        with np.errstate(all="ignore"):
            allowed = sampler(trial)
        fallbacks = _fallbacks(trial)
        for index, reference, options, fallback in zip(
            got, expected, allowed, fallbacks, strict=True
        ):
            if int(index) not in (fallback if options is None else options):
                return False
            if int(index) != int(reference):
                drawn += options is not None
                fallen += options is None
    return drawn >= 1 and drawn + fallen >= 2


def _exactly_k(trial: Trial) -> Allowed:
    """Exactly k tokens kept: the ones above the k-th largest logit and any choice of the
    tokens tied with it."""
    logits, temperature, k, uniform = _parts(trial)
    allowed: Allowed = []
    for row, u in zip(logits, uniform, strict=True):
        kth = np.sort(row)[-k]
        above, tied = np.flatnonzero(row > kth), np.flatnonzero(row == kth)
        options: set[int] = set()
        for chosen in itertools.combinations(tied.tolist(), k - len(above)):
            kept = np.zeros(row.shape, dtype=bool)
            kept[above], kept[list(chosen)] = True, True
            probs = _softmax(np.where(kept, row, -np.inf)[None, :] / temperature)
            draw = _draws(np.cumsum(probs, axis=-1), np.array([u]))[0]
            options |= draw if draw is not None else set(range(row.size))
        allowed.append(options)
    return allowed


def _cumsum_down_the_batch(trial: Trial) -> Allowed:
    logits, temperature, k, uniform = _parts(trial)
    probs = _softmax(np.where(_kept(logits, k), logits, -np.inf) / temperature)
    return _draws(np.cumsum(probs, axis=0), uniform)


def _kth_of_the_whole_batch(trial: Trial) -> Allowed:
    logits, temperature, k, uniform = _parts(trial)
    kth = np.sort(logits, axis=None)[-k]
    probs = _softmax(np.where(logits >= kth, logits, -np.inf) / temperature)
    return _draws(np.cumsum(probs, axis=-1), uniform)


def _masked_after_the_softmax(trial: Trial) -> Allowed:
    logits, temperature, k, uniform = _parts(trial)
    probs = np.where(_kept(logits, k), _softmax(logits / temperature), 0.0)
    return _draws(np.cumsum(probs, axis=-1), uniform)


def _no_filter(trial: Trial) -> Allowed:
    logits, temperature, _, uniform = _parts(trial)
    return _draws(np.cumsum(_softmax(logits / temperature), axis=-1), uniform)


def _kth_excluded(trial: Trial) -> Allowed:
    logits, temperature, k, uniform = _parts(trial)
    above = logits > np.sort(logits, axis=-1)[:, -k][:, None]
    probs = _softmax(np.where(above, logits, -np.inf) / temperature)
    return _draws(np.cumsum(probs, axis=-1), uniform)


def _probabilities_divided(trial: Trial) -> Allowed:
    logits, temperature, k, uniform = _parts(trial)
    probs = _softmax(np.where(_kept(logits, k), logits, -np.inf)) / temperature
    return _draws(np.cumsum(probs, axis=-1), uniform)


_SAMPLERS = (
    (
        _exactly_k,
        "ties-dropped",
        "Exactly k tokens kept, ties dropped",
        "Your samples are those of a filter that keeps exactly `k` tokens: where several "
        "logits tie with the k-th largest, only some of them survive (which ones depends on "
        "how `argsort`, `argpartition` or `argmax` happen to order equal values). The "
        "contract keeps **every** token whose logit is `>=` the k-th largest value, which can "
        "be more than `k`: compare the logits with the threshold value, `logits >= kth`, "
        "instead of picking k indices.",
    ),
    (
        _kth_excluded,
        "kth-excluded",
        "Logits strictly above the k-th largest kept",
        "Your samples are those of a filter that keeps the logits **strictly** above the "
        "k-th largest: the k-th token itself (and every token tied with it) is removed, so "
        "only `k - 1` tokens remain, and for `k = 1` none at all (the softmax of a row of "
        "`-inf` is `nan`). The k-th largest is one of the top k: keep `logits >= kth`.",
    ),
    (
        _kth_of_the_whole_batch,
        "top-k-across-batch",
        "One k-th largest logit for the whole batch",
        "Your samples are those of a threshold taken over the **whole batch** (the k-th "
        "largest of all `B * V` logits): rows whose logits are small lose every token but a "
        "few, or all of them, and rows with large logits keep many more than `k`. The top-k "
        "filter is per row: sort along the vocabulary, `np.sort(logits, axis=-1)[:, -k]`, and "
        "keep it as a column, `[:, None]`, so each row is compared with its own threshold.",
    ),
    (
        _no_filter,
        "top-k-not-applied",
        "No top-k filter",
        "Your samples are drawn from the softmax of **every** logit: the top-k filter is "
        "missing, so tokens below the row's k-th largest logit are still sampled. Before the "
        "softmax, every logit below the row's k-th largest must become `-np.inf` (probability "
        "exactly 0): `np.where(logits >= kth, logits, -np.inf)`.",
    ),
    (
        _masked_after_the_softmax,
        "not-renormalised",
        "Probabilities zeroed after the softmax, not renormalised",
        "Your samples are those of a softmax over the **whole** vocabulary whose removed "
        "tokens are then set to probability 0: the kept probabilities now sum to less than 1, "
        "so the cumulative sum stops short and every draw lands further right than it should "
        "(a draw above the kept total lands on no token at all). Filter before the softmax: "
        "set the removed logits to `-np.inf`, and the softmax of what is left sums to 1 "
        "again (or divide the kept probabilities by their sum).",
    ),
    (
        _probabilities_divided,
        "temperature-after-softmax",
        "Temperature applied to the probabilities",
        "Your samples are those of probabilities divided by the temperature **after** the "
        "softmax: the result is no longer a distribution (it sums to `1 / T`), so for "
        "`T < 1` the cumulative sum passes `u` too early and for `T > 1` it can stop below "
        "`u`. Temperature scales the logits, before the softmax: `softmax(logits / T)`, "
        "whose probabilities already sum to 1.",
    ),
    (
        _cumsum_down_the_batch,
        "cdf-wrong-axis",
        "Cumulative sum taken down the batch",
        "Your samples are those of a cumulative sum taken along axis 0, down the batch: "
        "row `b`'s running total adds the probabilities of every row above it, so only row 0 "
        "is drawn from its own distribution (`np.cumsum` without `axis` even flattens the "
        "whole batch). Each row is one distribution over the vocabulary: "
        "`np.cumsum(probs, axis=-1)`, then the first index where it exceeds that row's `u`.",
    ),
)


@analysis
def another_sampler(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The samples are exactly those of a known wrong sampler (the ones that change which
    tokens are kept first: they leave rows nothing can be drawn from, whose fallbacks another
    sampler could fit by chance)."""
    for sampler, finding_id, title, explanation in _SAMPLERS:
        if _explains(trials, sampler):
            return Finding(finding_id, title, explanation)
    return None


@analysis
def uniform_ignored(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The same logits with other draws give the same samples, where the reference's
    differ: the draws passed in are not what decides the sample."""
    evidence = False
    for first, second in itertools.combinations(trials, 2):
        (a_logits, a_t, a_k, a_u), (b_logits, b_t, b_k, b_u) = _parts(first), _parts(second)
        same_call = a_logits.shape == b_logits.shape and np.array_equal(a_logits, b_logits)
        if not same_call or (a_t, a_k) != (b_t, b_k) or np.array_equal(a_u, b_u):
            continue
        mine, theirs = np.asarray(first.got), np.asarray(second.got)
        if mine.shape != theirs.shape or not np.array_equal(mine, theirs):
            return None  # the draws did change the sample
        kept = _kept(a_logits, a_k)
        if mine.dtype.kind not in "iu" or not kept[np.arange(mine.size), mine].all():
            return None  # not even a kept token: the filter is wrong too
        evidence = evidence or not np.array_equal(first.expected, second.expected)
    if not evidence:
        return None
    return Finding(
        "ignores-uniform",
        "The draws in `uniform` are not used",
        "Called twice with the same logits, temperature and k but different draws `uniform`, "
        "your function returned the same samples both times, where the draws pick different "
        "tokens: the sample does not come from the `uniform` passed in (a random generator "
        "of your own, or a fixed choice). The caller supplies the randomness so that a "
        "sample can be reproduced and checked: row `b` must use `uniform[b]`, the first index "
        "where `np.cumsum(probs, axis=-1)` exceeds it.",
    )
