"""temperature-top-k-sampling's checks and analyses: a sample is an index, so the checks read it
as one (an int64 per row, a token the top-k filter keeps), and each analysis reruns the sampler
a misconception gives; the words are in messages.toml."""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import numpy as np

from graders import CheckContext, Failure, Finding, Trial, analysis, check_each, describe, softmax

Array = np.ndarray[Any, Any]


def _kept(logits: Array, k: int) -> Array:
    """The tokens the top-k filter keeps: a logit >= its row's k-th largest, ties included."""
    return np.asarray(logits >= np.sort(logits, axis=-1)[:, -k][:, None])


@check_each("sampled_indices", values=False)
def check_sampled_indices(trial: Trial, context: CheckContext) -> Failure | None:
    """An int64 NumPy array of shape (B,): one vocabulary index per row of logits."""
    got, rows = trial.got, len(trial.arg("logits"))
    if not isinstance(got, np.ndarray) or got.shape != (rows,):
        return context.fail("not-one-index-per-row", got=describe(got), rows=rows)
    if got.dtype != np.int64:
        return context.fail("indices-not-int64", got=describe(got), rows=rows)
    return None


@check_each("sampled_from_top_k")
def check_sampled_from_top_k(trial: Trial, context: CheckContext) -> Failure | None:
    """Every sampled index is a token the top-k filter keeps."""
    logits, k, got = trial.array("logits"), int(trial.arg("k")), np.asarray(trial.got)
    (rows, vocab), kth = logits.shape, np.sort(logits, axis=-1)[:, -k]
    if got.shape != (rows,) or got.dtype.kind not in "iu":
        return context.fail("not-token-indices", got=describe(trial.got), rows=rows)
    if (outside := (got < 0) | (got >= vocab)).any():
        row = int(np.argmax(outside))
        return context.fail(
            "index-outside-vocabulary", row=row, index=got[row], vocab=vocab, last=vocab - 1
        )
    if not (filtered := logits[np.arange(rows), got] < kth).any():
        return None
    row = int(np.argmax(filtered))
    return context.fail(
        "filtered-token-sampled", row=row, logits=logits[row], k=k, kth=kth[row],
        kept=int((logits[row] >= kth[row]).sum()), token=got[row], logit=logits[row, got[row]],
    )  # fmt: skip


def _probs(logits: Array, temperature: float, kept: Any) -> Array:
    """The softmax of the kept logits over the temperature; the others get 0."""
    return softmax(np.where(kept, logits, -np.inf) / temperature)


def _exactly_k(logits: Array, temperature: float, k: int) -> list[Array]:
    """Exactly k tokens kept: those above the k-th largest logit and any choice of those tied
    with it (a distribution per row and choice, nan in the other rows)."""
    choices = []
    for b, (row, kth) in enumerate(zip(logits, np.sort(logits, axis=-1)[:, -k], strict=True)):
        for chosen in itertools.combinations(np.flatnonzero(row == kth), k - sum(row > kth)):
            kept = np.zeros(logits.shape, dtype=bool)
            kept[b] = (row > kth) | np.isin(np.arange(row.size), chosen)
            choices.append(_probs(logits, temperature, kept))
    return choices


def _explains(trials: list[Trial], sampler: Callable[..., Any], axis: int = -1) -> bool:
    """Whether the sampler gives every sample of every wrong trial, drawing from the cumulative
    sum along `axis` (-2: the batch's), with at least two wrong samples as evidence, one of
    them a real draw. A row where it cannot draw (no kept token, a cumulative sum that never
    passes u) allows what learners' code falls back on there: 0 (`argmax` of a row of False),
    V or V - 1 (a count, a clip), or the last kept token."""
    drawn = missed = 0
    for trial in trials:
        got, want = trial.got, np.asarray(trial.expected)
        if not isinstance(got, np.ndarray) or got.shape != want.shape or got.dtype.kind not in "iu":
            return False
        if np.array_equal(got, want):
            continue
        x, k, u = trial.array("logits"), int(trial.arg("k")), trial.array("uniform")
        with np.errstate(all="ignore"):
            probs = np.reshape(sampler(x, float(trial.arg("temperature")), k), (-1, *x.shape))
            cdfs = np.cumsum(probs, axis=axis)  # (candidates, B, V)
        above, differs = cdfs > u[:, None], got != want
        draws = above.any(axis=-1) & ~np.isnan(cdfs).any(axis=-1)  # where each one draws
        vocab, last_kept = x.shape[-1], x.shape[-1] - 1 - np.argmax(_kept(x, k)[:, ::-1], axis=-1)
        fallback = np.isin(got, (0, vocab - 1, vocab)) | (got == last_kept)
        drawn_here = (draws & (above.argmax(axis=-1) == got)).any(axis=0)
        if not np.where(draws.any(axis=0), drawn_here, fallback).all():
            return False
        drawn += int((draws.any(axis=0) & differs).sum())
        missed += int(differs.sum())
    return drawn >= 1 and missed >= 2


@analysis
def another_sampler(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The samples are exactly those of a known wrong sampler, each given as the distributions
    it draws from, (..., B, V), from (logits, temperature, k). The ones that change which
    tokens are kept come first: they leave rows nothing can be drawn from, whose fallbacks
    another sampler could fit by chance."""
    if _explains(trials, _exactly_k):
        return context.finding("ties-dropped")
    if _explains(trials, lambda x, t, k: _probs(x, t, x > np.sort(x, axis=-1)[:, -k][:, None])):
        return context.finding("kth-excluded")
    if _explains(trials, lambda x, t, k: _probs(x, t, x >= np.sort(x, axis=None)[-k])):
        return context.finding("top-k-across-batch")
    if _explains(trials, lambda x, t, k: softmax(x / t)):
        return context.finding("top-k-not-applied")
    if _explains(trials, lambda x, t, k: np.where(_kept(x, k), softmax(x / t), 0)):
        return context.finding("not-renormalised")
    if _explains(trials, lambda x, t, k: _probs(x, 1.0, _kept(x, k)) / t):
        return context.finding("temperature-after-softmax")
    if _explains(trials, lambda x, t, k: _probs(x, t, _kept(x, k)), axis=-2):
        return context.finding("cdf-wrong-axis")
    return None


@analysis
def uniform_ignored(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The same logits with other draws give the same samples, where the reference's differ:
    the draws passed in are not what decides the sample."""
    evidence = False
    for first, second in itertools.combinations(trials, 2):
        one, two = first.args(), second.args()  # logits, temperature, k, uniform
        if [np.array_equal(one[name], two[name]) for name in one] != [True, True, True, False]:
            continue  # not the same call with other draws
        mine = np.asarray(first.got)
        if not np.array_equal(mine, second.got):
            return None  # the draws did change the sample
        kept = _kept(first.array("logits"), int(one["k"]))
        if mine.dtype.kind not in "iu" or not kept[np.arange(mine.size), mine].all():
            return None  # not even a kept token: the filter is wrong too
        evidence = evidence or not np.array_equal(first.expected, second.expected)
    return context.finding("ignores-uniform") if evidence else None
