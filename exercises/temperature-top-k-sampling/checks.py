"""Checks written for this exercise with the graders library.

The sample is an index, so two checks read it as one: `sampled_indices` wants an int64 array
with one index per row, and `sampled_from_top_k` wants every index to name a token that the
top-k filter keeps (the probe's logit at that index is >= the row's k-th largest).
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import CheckContext, Failure, Trial, check, describe, number, row_text


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
