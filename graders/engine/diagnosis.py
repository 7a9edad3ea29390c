"""Which known mistake a failing outcome matches: the misconception to name to the learner.

A learner's outcome is compared with the outcomes of the exercise's known-wrong solutions on the
same probes (computed in trusted code); the first mistake that fails this test and matches gets
its explanation attached, and `settle` then keeps only what the learner's behaviour on every
test allows: a mistake is named for what it does (its values, its failed tests), never for
the wording of an error message.
"""

from __future__ import annotations

import logging
from functools import cache
from typing import Any

from graders import trusted
from graders.check_core import NoReference
from graders.checks import Check, CheckContext, Trial
from graders.engine.analyses import analyse, from_finding, loop_diagnosis
from graders.exercise import Exercise, MistakeSpec, TestSpec
from graders.probes import Probe
from graders.protocol.counts import growth
from graders.protocol.loops import LoopFinding
from graders.protocol.matching import (
    behaves_like,
    outcomes_match,
    raised_type,
    slips_like,
    summaries_match,
)
from graders.reference_calls import context_for
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
    else the library's generic ones (graders.engine.analyses).

    A matched mistake carries every mistake that matched as its candidates, and then what the
    analyses say, so that `settle` has an explanation left when the other tests rule every
    candidate out."""
    first = _first_loop(loops) if loops else None
    kind = first.kind if first else _counted_kind(trials)
    over = first.over if first else ""
    if check.static and kind and (generic := loop_diagnosis(kind, over)) is not None:
        return generic  # the kind of loop is what the learner needs named
    context = context or context_for(exercise, test, loops)
    whole: list[Diagnosis] = []  # the learner's outcome is the mistake's
    items: list[Diagnosis] = []  # some items of a tuple are the mistake's slip
    for mistake in exercise.mistakes:
        if test.id in mistake.fails:
            found = _match(exercise, mistake, check, trials, kind, context.tolerance)
            (whole if found == "whole" else items if found == "items" else []).append(
                diagnosis_of(mistake)
            )
    if check.static:
        return _with_candidates(whole, loop_diagnosis(kind, over) if kind else None)
    own = _exercise_analysis(exercise, trials, context)
    if own is not None and not whole:  # it reads the whole value; `items` read a part of it
        return own
    otherwise = own or analyse(exercise, trials, context.tolerance, check.values)
    return _with_candidates([*whole, *items], otherwise)


def _exercise_analysis(
    exercise: Exercise, trials: list[Trial], context: CheckContext
) -> Diagnosis | None:
    """What the exercise's own analyses say about the learner's values, if anything."""
    for analysis in trusted.analyses_for(exercise):
        try:
            found = analysis(trials, context)
        except NoReference:  # past its budget: it names nothing
            continue
        except Exception:  # an analysis that breaks on odd values explains nothing
            logger.exception("analysis %s failed on %s", analysis.__name__, exercise.slug)
            continue
        if found is not None:
            return from_finding(found)
    return None


def _with_candidates(matched: list[Diagnosis], otherwise: Diagnosis | None) -> Diagnosis | None:
    """The first matched mistake, carrying every match and then `otherwise` as candidates;
    `otherwise` itself when nothing matched."""
    if not matched:
        return otherwise
    first = matched[0]
    first._candidates = (*matched, *((otherwise,) if otherwise is not None else ()))
    return first


# Which loop names a solution best when it has several: the construct that repeats the others.
_KIND_ORDER = ("recursion", "np.", "functools.", "map()", "filter()", "sorted()", "while loop")


def _match(
    exercise: Exercise,
    mistake: MistakeSpec,
    check: Check,
    trials: list[Trial],
    kind: str,
    tolerance: float,
) -> str | None:
    """How the learner's outcome on this test is the mistake's: "whole", "items" (a tuple
    whose slip is the mistake's in some items, the others right or wrong otherwise), or None."""
    if check.static:
        theirs = trusted.loops_in(mistake.path, exercise.entry)
        return "whole" if bool(kind and theirs) and kind == theirs[0].kind else None
    found = "whole"
    for trial in trials:
        mine = trial.got if check.values else trusted.summarised(trial.got)
        theirs = _mistake_outcome(exercise, mistake, trial, check)
        if exercise.rtol:  # each call's own tolerance
            tolerance = trusted.call_tolerance(exercise, trial.probe.args, trial.expected)
        if behaves_like(mine, theirs, tolerance, summary=not check.values):
            continue
        if not slips_like(mine, theirs, trial.expected, tolerance):
            return None
        found = "items"
    return found


def settle(exercise: Exercise, tests: list[TestResult]) -> list[TestResult]:
    """The report's diagnoses, made to agree with the learner's behaviour across all tests.

    A known mistake is recognised by what it does on every test, not inside one test (two
    mistakes may give the same output on one probe, or raise the same exception). A mistake
    is ruled out by a test it fails that the learner passed, and by a value test the learner
    failed with no explanation at all: no mistake failing that test gave the learner's values,
    and a mistake that passes it gives the reference's, which the learner's are not. Of the
    candidates left on a test, the one whose `fails` is exactly the learner's failed tests
    wins; with none left, the test keeps what the analyses said, or nothing. A mistake named
    on one test but contradicted on another failed test it claims to fail (the learner's
    values there are not its values) gives way to the explanation that fit there. And a test
    that saw only types and shapes takes the diagnosis the value tests agree on.
    """
    failed = {test.id for test in tests if test.status is not Status.PASSED}
    passed = {test.id for test in tests if test.status is Status.PASSED}
    mistakes = {mistake.id: mistake for mistake in exercise.mistakes}
    checks = trusted.checks_for(exercise)
    specs = {spec.id: spec for spec in exercise.tests}

    def compares_values(test_id: str) -> bool:
        check = checks[specs[test_id].check] if test_id in specs else None
        return check is not None and check.values and not check.static

    def returned_values(test: TestResult) -> bool:  # values compared, no raise involved
        return (
            test.status is Status.FAILED
            and compares_values(test.id)
            and not checks[specs[test.id].check].raises
        )

    def matched(diagnosis: Diagnosis | None) -> bool:  # a mistake's file, not an analysis
        return diagnosis is not None and diagnosis.id in mistakes and not diagnosis._analysed

    named = {test.id: test.diagnosis for test in tests if test.diagnosis is not None}
    by_test: dict[str, Diagnosis | None] = dict(named)
    candidates = {
        test_id: {diagnosis.id} | {candidate.id for candidate in diagnosis._candidates}
        for test_id, diagnosis in named.items()
    }
    # A test the learner failed with no explanation at all disagrees with every mistake that
    # returns there: none that fails it gave the learner's values, and one that passes it gives
    # the reference's, which the learner's are not (a raise disagrees with a mistake that
    # returns on that call). Each counts against the mistake; what counts for it is a test
    # where the learner's values are its values (a raise of the same type is not enough: many
    # mistakes raise a ValueError).
    unexplained = [
        test
        for test in tests
        if test.diagnosis is None
        and (
            test.status is Status.ERROR
            or (test.status is Status.FAILED and compares_values(test.id))
        )
    ]
    supporting = [test.id for test in tests if test.id in named and returned_values(test)]

    @cache
    def ruled_out(mistake_id: str) -> bool:
        mistake = mistakes[mistake_id]
        wrong_where_passed = (
            _returns_wrong(exercise, mistake, specs[test_id])
            for test_id in passed.intersection(mistake.fails)
        )
        if any(wrong_where_passed):
            return True  # the learner's result is right where the mistake's is not
        against = sum(
            test.status is Status.FAILED or not _raises_too(exercise, mistake, specs[test.id], test)
            for test in unexplained
        )
        return against > sum(mistake_id in candidates[test_id] for test_id in supporting)

    for test_id, diagnosis in named.items():
        if not matched(diagnosis):
            continue
        offered = diagnosis._candidates or (diagnosis,)
        kept = [c for c in offered if matched(c) and not ruled_out(c.id)]
        fitting = [c for c in kept if set(mistakes[c.id].fails) == failed]
        if fitting and diagnosis.id not in {candidate.id for candidate in fitting}:
            by_test[test_id] = fitting[0]
        elif not kept:  # what the analyses said, if anything
            by_test[test_id] = next((c for c in offered if not matched(c)), None)
        elif diagnosis.id not in {candidate.id for candidate in kept}:
            by_test[test_id] = kept[0]
    for test_id, chosen in list(by_test.items()):
        if chosen is None or not matched(chosen):
            continue
        for other in mistakes[chosen.id].fails:
            theirs = by_test.get(other)
            if other == test_id or other not in failed or theirs is None:
                continue
            if not compares_values(other) and not checks[specs[other].check].static:
                continue  # types and shapes alone do not contradict values
            if theirs.id != chosen.id and chosen.id not in candidates[other]:
                by_test[test_id] = theirs
                break
    settled = {test_id: found for test_id, found in by_test.items() if found is not None}
    value_tests = [
        test_id
        for test_id in settled
        if checks[specs[test_id].check].values and not checks[specs[test_id].check].static
    ]
    # Two analyses that disagree: one fitted its test by coincidence (a formula that agrees
    # with another at d_model = 4); the one fitted on the most probes is kept.
    analysed = [test_id for test_id in value_tests if not matched(settled[test_id])]
    if len({settled[test_id].id for test_id in analysed}) > 1:
        best = settled[max(analysed, key=lambda test_id: len(specs[test_id].probes))]
        for test_id in analysed:
            settled[test_id] = best
    valued = {settled[test_id].id: settled[test_id] for test_id in value_tests}
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
            settled[test_id] = agreed
    return [
        test
        if settled.get(test.id) is test.diagnosis
        else test.model_copy(update={"diagnosis": settled.get(test.id)})
        for test in tests
    ]


def _returns_wrong(exercise: Exercise, mistake: MistakeSpec, test: TestSpec) -> bool:
    """Whether the mistake fails `test` by what it returns (values, or only types and shapes
    where the test reads no more), not only by what it does besides: a mistake that also
    writes into its input, hands back a view or loops is not told apart from a learner whose
    results are its results by a test those side effects fail."""
    check = trusted.checks_for(exercise)[test.check]
    if check.static:
        return False  # a loop is not what the mistake returns
    if check.raises:
        return True  # the mistake does not raise as the test asks; the learner does
    summary = not check.values
    for probe in test.probes:
        expected = trusted.reference_value(exercise, probe, summary=summary)
        got = trusted.mistake_value(exercise, mistake, probe, summary=summary)
        if summary and not summaries_match(got, expected, exercise.tolerance):
            return True
        tolerance = trusted.call_tolerance(exercise, probe.args, expected)
        if not summary and not outcomes_match(got, expected, tolerance):
            return True
    return False


def _raises_too(
    exercise: Exercise, mistake: MistakeSpec, test: TestSpec, result: TestResult
) -> bool:
    """Whether the mistake raises, as the learner did, on the call of `test` the learner's
    raise ended (`result.call`; any of the test's calls when it is not known)."""
    probes = [probe for probe in test.probes if probe.call == result.call] or test.probes
    return any(
        raised_type(trusted.mistake_value(exercise, mistake, probe)) is not None for probe in probes
    )


def _first_loop(loops: list[LoopFinding]) -> LoopFinding:
    def rank(finding: LoopFinding) -> int:
        return next(
            (i for i, prefix in enumerate(_KIND_ORDER) if finding.kind.startswith(prefix)),
            len(_KIND_ORDER) + (finding.kind != "for loop"),
        )

    return min(loops, key=rank)


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
    exercise: Exercise, test: TestSpec, probe: Probe, error_type: str
) -> Diagnosis | None:
    """The known mistakes that fail this test and raise the same exception on the same call,
    whatever their message says (a message's wording is shared by mistakes that do quite
    different things): every such mistake is a candidate, and `settle` keeps the one whose
    behaviour on the other tests is the learner's."""
    matched = [
        diagnosis_of(mistake)
        for mistake in exercise.mistakes
        if test.id in mistake.fails
        and raised_type(trusted.mistake_value(exercise, mistake, probe)) == error_type
    ]
    return _with_candidates(matched, None)


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
