"""Adam step: the first-step check, and analyses as transformations of the reference."""

from collections.abc import Iterator
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Reference,
    Trial,
    check_each,
    describe,
    transformation,
    value_mismatch,
)


@check_each("first_step")  # step 1 from zero moments: a wrong new_param as a wrong step size
def check_first_step(trial: Trial, context: CheckContext) -> Failure | None:
    got, expected = trial.got, trial.expected
    if not isinstance(got, tuple) or len(got) != 3:
        return context.fail("not-a-triple", trial, got=describe(got))
    for item, name in enumerate(("new_param", "new_m", "new_v")):
        miss = value_mismatch(Trial(trial.probe, got[item], expected[item]), context.tolerance)
        if miss is None:
            continue
        if item > 0:
            return context.fail("first-step-moment", trial, name=name, detail=miss.failure.message)
        param, at, lr = np.asarray(trial.arg("param")), miss.index, float(trial.arg("lr"))
        moved, wanted = param[at] - miss.got[at], param[at] - miss.expected[at]
        return context.fail("first-step-size", trial, where=at, moved=moved, wanted=wanted, lr=lr)
    return None


def lr_factors(wrong: list[Trial], context: CheckContext) -> Iterator[dict[str, float]]:
    ratios: list[float] = []
    for trial in wrong:  # the median ratio of the learner's step to the reference's
        if not isinstance(trial.got, tuple):
            return
        param = np.asarray(trial.arg("param"), dtype=float)
        step, wanted = param - np.asarray(trial.got[0], dtype=float), param - trial.expected[0]
        ratios.extend((step / wanted)[np.abs(wanted) > 1e-12].tolist())
    factor = float(np.median(ratios)) if ratios else 1.0
    yield from ({"factor": float(f"{factor:.3g}")}, {"factor": factor})


def lr_used(params: dict[str, float], wrong: list[Trial]) -> dict[str, float]:
    return {"used": params["factor"] * float(wrong[0].arg("lr")), "given": wrong[0].arg("lr")}


def _with(reference: Reference, call: dict[str, Any], **changes: Any) -> Any:
    with np.errstate(all="ignore"):
        return reference(**{**call, **changes})  # keywords, bound by the reference's signature


@transformation("one-bias-correction", grid={"missing": ("m", "v")})
def one_correction(reference: Reference, *, missing: str, **call: Any) -> Any:
    if missing == "m":  # m / (1 - beta1**t) left out: the step shrinks by that factor
        return _with(reference, call, lr=call["lr"] * (1 - call["beta1"] ** call["t"]))
    root = np.sqrt(1 - call["beta2"] ** call["t"])  # sqrt(v) = root * sqrt(v_hat)
    return _with(reference, call, lr=call["lr"] / root, eps=call["eps"] / root)


@transformation("learning-rate-off", fit=lr_factors, words=lr_used)
def lr_scaled(reference: Reference, *, factor: float, **call: Any) -> Any:
    return _with(reference, call, lr=call["lr"] * factor)


@transformation("wrong-betas", grid={"b1": (0.0, 0.5, 0.8, 0.9, 0.99), "b2": (0.9, 0.99, 0.999)})
def other_betas(reference: Reference, *, b1: float, b2: float, **call: Any) -> Any:
    return _with(reference, call, beta1=b1, beta2=b2)


@transformation("wrong-step-count", grid={"offset": (-3, -2, -1, 1, 2, 3)})
def shifted_t(reference: Reference, *, offset: int, **call: Any) -> Any:
    return _with(reference, call, t=call["t"] + offset)
