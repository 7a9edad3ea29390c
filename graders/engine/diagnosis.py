"""Which known mistake a failing outcome matches: the misconception to name to the learner.

A learner's outcome is compared with the outcomes of the exercise's known-wrong solutions on the
same probes (computed in trusted code); the first mistake that fails this test and matches gets
its explanation attached.
"""

from __future__ import annotations

import logging
from typing import Any

from graders import trusted
from graders.checks import Check, CheckContext, Trial
from graders.engine.analyses import analyse, from_finding, loop_diagnosis
from graders.exercise import Exercise, MistakeSpec, TestSpec
from graders.probes import Probe
from graders.protocol.counts import growth
from graders.protocol.loops import LoopFinding
from graders.protocol.matching import outcomes_match
from graders.protocol.values import Unsupported
from graders.report import Diagnosis, Status, TestResult

logger = logging.getLogger(__name__)


def diagnose(
    exercise: Exercise,
    test: TestSpec,
    check: Check,
    trials: list[Trial],
    loops: list[LoopFinding],
    context: CheckContext | None = None,
) -> Diagnosis | None:
    """Why this test failed, as far as the platform can tell: the first known mistake that
    fails this test and whose outcome matches the learner's; else the exercise's analyses;
    else the library's generic ones (graders.engine.analyses)."""
    kind = _loop_kind(loops) if loops else _counted_kind(trials)
    if check.static and kind and (generic := loop_diagnosis(kind)) is not None:
        return generic  # the kind of loop is what the learner needs named
    matched = [
        diagnosis_of(mistake)
        for mistake in exercise.mistakes
        if test.id in mistake.fails
        and _matches(exercise, mistake, check, trials, kind, context.tolerance if context else None)
    ]
    if matched:
        first = matched[0]
        first._candidates = tuple(matched)
        return first
    if check.static:
        return loop_diagnosis(kind) if kind else None
    context = context or CheckContext(exercise.tolerance, exercise.entry, loops, test.params)
    for analysis in trusted.analyses_for(exercise):
        try:
            found = analysis(trials, context)
        except Exception:  # an analysis that breaks on odd values explains nothing
            logger.exception("analysis %s failed on %s", analysis.__name__, exercise.slug)
            continue
        if found is not None:
            return from_finding(found)
    return analyse(exercise, trials, context.tolerance, check.values)


# Which loop names a solution best when it has several: the construct that repeats the others.
_KIND_ORDER = ("recursion", "np.", "functools.", "map()", "filter()", "sorted()", "while loop")


def _matches(
    exercise: Exercise,
    mistake: MistakeSpec,
    check: Check,
    trials: list[Trial],
    kind: str,
    tolerance: float | None = None,
) -> bool:
    """Whether the learner's outcome on this test is the mistake's."""
    if check.static:
        theirs = trusted.loops_in(mistake.path, exercise.entry)
        return bool(kind and theirs) and kind == theirs[0].kind
    return all(
        outcomes_match(
            trial.got if check.values else trusted.summarised(trial.got),
            _mistake_outcome(exercise, mistake, trial, check),
            tolerance or exercise.tolerance,
        )
        for trial in trials
    )


def settle(exercise: Exercise, tests: list[TestResult]) -> list[TestResult]:
    """The report's diagnoses, made to agree with the pattern across all tests.

    A known mistake is recognised by the set of tests it fails, not inside one test: of the
    mistakes that matched a test, the one whose `fails` is exactly the learner's failed tests
    wins (two mistakes may give the same output on one probe). A mistake named on one test but
    contradicted on another failed test it claims to fail (the learner's values there are not
    its values) gives way to the explanation that fit there. And a test that saw only types
    and shapes takes the diagnosis the value tests agree on.
    """
    failed = {test.id for test in tests if test.status is not Status.PASSED}
    mistakes = {mistake.id: mistake for mistake in exercise.mistakes}
    checks = trusted.checks_for(exercise)
    specs = {spec.id: spec for spec in exercise.tests}
    by_test = {test.id: test.diagnosis for test in tests if test.diagnosis is not None}
    for test_id, diagnosis in list(by_test.items()):
        fitting = [
            candidate
            for candidate in diagnosis._candidates
            if set(mistakes[candidate.id].fails) == failed
        ]
        if fitting and diagnosis.id not in {candidate.id for candidate in fitting}:
            by_test[test_id] = fitting[0]
    for test_id, diagnosis in list(by_test.items()):
        if diagnosis.id not in mistakes:
            continue
        for other in mistakes[diagnosis.id].fails:
            theirs = by_test.get(other)
            if other == test_id or other not in failed or theirs is None:
                continue
            if theirs.id != diagnosis.id and diagnosis.id not in {c.id for c in theirs._candidates}:
                by_test[test_id] = theirs
                break
    value_tests = [
        test_id
        for test_id in by_test
        if checks[specs[test_id].check].values and not checks[specs[test_id].check].static
    ]
    # Two analyses that disagree: one fitted its test by coincidence (a formula that agrees
    # with another at d_model = 4); the one fitted on the most probes is kept.
    analysed = [test_id for test_id in value_tests if by_test[test_id].id not in mistakes]
    if len({by_test[test_id].id for test_id in analysed}) > 1:
        best = by_test[max(analysed, key=lambda test_id: len(specs[test_id].probes))]
        for test_id in analysed:
            by_test[test_id] = best
    valued = {by_test[test_id].id: by_test[test_id] for test_id in value_tests}
    if len(valued) == 1:
        (agreed,) = valued.values()
        # Every failed test that saw only types and shapes, with a diagnosis of its own or not.
        shape_only = [
            test.id
            for test in tests
            if test.status is Status.FAILED
            and test.id in specs
            and not checks[specs[test.id].check].values
            and not checks[specs[test.id].check].static
        ]
        for test_id in shape_only:
            by_test[test_id] = agreed
    return [
        test.model_copy(update={"diagnosis": by_test[test.id]})
        if test.id in by_test and by_test[test.id] is not test.diagnosis
        else test
        for test in tests
    ]


def _loop_kind(loops: list[LoopFinding]) -> str:
    def rank(finding: LoopFinding) -> int:
        return next(
            (i for i, prefix in enumerate(_KIND_ORDER) if finding.kind.startswith(prefix)),
            len(_KIND_ORDER) + (finding.kind != "for loop"),
        )

    return min(loops, key=rank).kind


def _counted_kind(trials: list[Trial]) -> str:
    """What grew most between counted calls: a helper's name, or the loop kind of a line."""
    grown = [
        found
        for small, large in zip(trials[0::2], trials[1::2], strict=False)
        if small.counts is not None and large.counts is not None
        and (found := growth(small.counts, large.counts, with_kind=True)) is not None
    ]  # fmt: skip
    best = max(grown, key=lambda item: item.amount, default=None)
    return best.kind if best else ""


def diagnose_raised(
    exercise: Exercise, test: TestSpec, probe: Probe, error_type: str, message: str = ""
) -> Diagnosis | None:
    """A known mistake that raises the same exception, worded alike (numbers aside), on the
    same call (every such mistake is a candidate: `settle` keeps the one whose pattern of
    failed tests fits)."""
    raised = trusted.raised_value(error_type, message)
    matched = [
        diagnosis_of(mistake)
        for mistake in exercise.mistakes
        if test.id in mistake.fails
        and (theirs := trusted.mistake_value(exercise, mistake, probe)) is not None
        and isinstance(theirs, Unsupported)
        and theirs == raised
    ]
    if not matched:
        return None
    first = matched[0]
    first._candidates = tuple(matched)
    return first


def _mistake_outcome(exercise: Exercise, mistake: MistakeSpec, trial: Trial, check: Check) -> Any:
    return trusted.mistake_value(exercise, mistake, trial.probe, summary=not check.values)


def diagnosis_of(mistake: MistakeSpec) -> Diagnosis:
    return Diagnosis(
        id=mistake.id,
        title=mistake.title,
        explanation=mistake.explanation,
        explanation_html=mistake.explanation_html,
        hint=mistake.hint,
        tip=mistake.tip,
        tip_html=mistake.tip_html,
    )
