"""Which known mistake a failing outcome matches: the misconception to name to the learner.

A learner's outcome is compared with the outcomes of the exercise's known-wrong solutions on the
same probes (computed in trusted code); the first mistake that fails this test and matches gets
its explanation attached.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import trusted
from graders.checks import Check, Trial, numbers_of, within_tolerance
from graders.exercise import Exercise, MistakeSpec, TestSpec
from graders.probes import Probe
from graders.protocol.loops import LoopFinding
from graders.protocol.values import ListOfNumbers, Unsupported
from graders.report import Diagnosis


def diagnose(
    exercise: Exercise, test: TestSpec, check: Check, trials: list[Trial], loops: list[LoopFinding]
) -> Diagnosis | None:
    """The first known mistake that fails this test and whose outcome matches the learner's."""
    for mistake in exercise.mistakes:
        if test.id not in mistake.fails:
            continue
        if check.static:
            theirs = trusted.loops_in(mistake.path, exercise.entry)
            matched = bool(loops and theirs) and loops[0].kind == theirs[0].kind
        else:
            matched = all(
                outcomes_match(
                    trial.got if check.values else trusted.summarised(trial.got),
                    _mistake_outcome(exercise, mistake, trial, check),
                    exercise.tolerance,
                )
                for trial in trials
            )
        if matched:
            return diagnosis_of(mistake)
    return None


def diagnose_raised(
    exercise: Exercise, test: TestSpec, probe: Probe, error_type: str
) -> Diagnosis | None:
    """A known mistake that raises the same exception type on the same call."""
    raised = Unsupported(f"raised {error_type}")
    for mistake in exercise.mistakes:
        if test.id not in mistake.fails:
            continue
        theirs = trusted.mistake_value(exercise, mistake, probe)
        if isinstance(theirs, Unsupported) and theirs == raised:
            return diagnosis_of(mistake)
    return None


def _mistake_outcome(exercise: Exercise, mistake: MistakeSpec, trial: Trial, check: Check) -> Any:
    return trusted.mistake_value(exercise, mistake, trial.probe, summary=not check.values)


def diagnosis_of(mistake: MistakeSpec) -> Diagnosis:
    return Diagnosis(
        id=mistake.id,
        title=mistake.title,
        explanation=mistake.explanation,
        explanation_html=mistake.explanation_html,
        hint=mistake.hint,
    )


def outcomes_match(learner: Any, mistake: Any, tolerance: float) -> bool:
    """Same kind of value, same shape, every element within tolerance (the one rule), item by
    item for tuples, lists of arrays and dicts."""
    if type(learner) is not type(mistake):
        return False
    if isinstance(learner, dict):
        return list(learner) == list(mistake) and all(
            outcomes_match(learner[key], mistake[key], tolerance) for key in learner
        )
    if isinstance(learner, list | tuple):
        return len(learner) == len(mistake) and all(
            outcomes_match(mine, theirs, tolerance)
            for mine, theirs in zip(learner, mistake, strict=True)
        )
    if isinstance(learner, ListOfNumbers) and learner.container != mistake.container:
        return False
    if isinstance(learner, np.ndarray) and (  # before any copy: a mistake has ten chances
        learner.shape != mistake.shape or learner.dtype.kind != mistake.dtype.kind
    ):
        return False
    got, theirs = numbers_of(learner), numbers_of(mistake)
    if got is None or theirs is None:  # text, None, or a value that did not cross
        return bool(learner == mistake)
    if got.shape != theirs.shape or got.dtype != theirs.dtype:  # real or complex alike
        return False
    return bool(within_tolerance(got, theirs, tolerance).all())
