"""Adam step: the first-step check, and analyses as transformations of the reference."""

from collections.abc import Callable, Iterator
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check_each,
    describe,
    transformation,
    value_mismatch,
)

ITEMS = ("new_param", "new_m", "new_v")
Reference = Callable[..., Any]


@check_each("first_step")
def check_first_step(trial: Trial, context: CheckContext) -> Failure | None:
    """Step 1 from zero moments: explain a wrong new_param as a wrong step size."""
    got = trial.got
    if not isinstance(got, tuple | list) or len(got) != len(ITEMS):
        return context.fail("not-a-triple", trial, got=describe(got))
    for item, name in enumerate(ITEMS):
        mismatch = value_mismatch(Trial(trial.probe, got[item], trial.expected[item]), context.tolerance)
        if mismatch is None:
            continue
        if item > 0:
            return context.fail("first-step-moment", trial, name=name, detail=mismatch.failure.message)
        param = np.asarray(trial.arg("param"), dtype=float)
        index = mismatch.index
        moved = float(param[index] - mismatch.got[index])
        wanted = float(param[index] - mismatch.expected[index])
        return context.fail("first-step-size", trial, where=index, moved=moved, wanted=wanted, lr=float(trial.arg("lr")))
    return None


def lr_factors(wrong: list[Trial], context: CheckContext) -> Iterator[dict[str, float]]:
    """The ratio of the learner's step to the reference's, estimated on every wrong trial."""
    ratios: list[float] = []
    for trial in wrong:
        got = trial.got[0] if isinstance(trial.got, tuple | list) and trial.got else None
        values = as_float_array(got)
        param = np.asarray(trial.arg("param"), dtype=float)
        if values is None or values.shape != param.shape:
            return
        step, wanted = param - values, param - np.asarray(trial.expected[0])
        moving = np.abs(wanted) > 1e-12
        ratios.extend((step[moving] / wanted[moving]).ravel().tolist())
    if ratios:
        factor = float(np.median(ratios))
        yield {"factor": float(f"{factor:.3g}")}
        yield {"factor": factor}


@transformation("learning-rate-off", fit=lr_factors)
def lr_scaled(reference: Reference, param: Any, grad: Any, m: Any, v: Any, t: int, lr: float,
              beta1: float, beta2: float, eps: float, *, factor: float) -> Any:
    return reference(param, grad, m, v, t, lr * factor, beta1, beta2, eps)


@transformation("wrong-betas", grid={"b1": (0.0, 0.5, 0.8, 0.9, 0.99, 0.999), "b2": (0.9, 0.99, 0.999, 0.9999)})
def other_betas(reference: Reference, param: Any, grad: Any, m: Any, v: Any, t: int, lr: float,
                beta1: float, beta2: float, eps: float, *, b1: float, b2: float) -> Any:
    return reference(param, grad, m, v, t, lr, b1, b2, eps)


@transformation("wrong-step-count", grid={"offset": (-3, -2, -1, 1, 2, 3)})
def shifted_t(reference: Reference, param: Any, grad: Any, m: Any, v: Any, t: int, lr: float,
              beta1: float, beta2: float, eps: float, *, offset: int) -> Any:
    with np.errstate(all="ignore"):
        return reference(param, grad, m, v, t + offset, lr, beta1, beta2, eps)
