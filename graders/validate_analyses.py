"""validate runs the exercise's own analyses on what each known mistake returns.

In a grading the engine asks checks.py's analyses (`@analysis`, `@transformation`) what a
failed test's values say (graders.engine.diagnosis); one that raises there is logged and names
nothing, and a known mistake that matches first hides what they said. So the catch matrix can
be all ✓ while an analysis is broken. Here each analysis runs on each known mistake's trials
for every test the mistake failed in validate's grading (the same calls, fresh draws included;
the values are the trusted process's, which the diagnosis of that grading already computed and
cached), and

- an analysis that raises is a problem of checks.py, naming the analysis, the mistake, the test
  and the exception;
- the id the analyses give each mistake on each test (None: no analysis names it) is kept in
  `Validation.analysed`, and `format_analyses` shows it under the catch matrix.

Analyses are asked as the engine asks them: in order, the first finding names the mistake; the
rest still run, so that one that raises is found whatever comes before it. Tests of a static
check (a loop scan) and calls the mistake raises on, where the test expects values, are not
asked: the engine names those by the loop's kind or the raise.
"""

from __future__ import annotations

import warnings
from typing import TYPE_CHECKING, Any

import numpy as np

from graders import reference_calls, trusted
from graders.check_core import AnalysisFunction, NoReference
from graders.checks import Check, Raised, Trial
from graders.engine.analyses import from_finding
from graders.engine.grader import valued_checks
from graders.exercise import Exercise, MistakeSpec, TestSpec
from graders.protocol.matching import raised_type
from graders.reference_calls import context_for

if TYPE_CHECKING:
    from graders.validate import Validation


def check_analyses(exercise: Exercise, seed: int, result: Validation) -> None:
    """Run the analyses on each mistake's failed tests (drawn as validate's grading drew them,
    from `seed`): record what names each mistake, and report each analysis that raises."""
    analyses = trusted.analyses_for(exercise)
    if not analyses:
        return
    checks = trusted.checks_for(exercise)
    graded = exercise.with_fresh_probes(seed, valued_checks(exercise))
    for mistake in exercise.mistakes:
        failed = result.observed_fails.get(mistake.id)
        if not failed:  # it did not run to the end, or passed: validate says so already
            continue
        named: dict[str, str | None] = {}
        for test in graded.tests:
            check = checks[test.check]
            if test.id not in failed or check.static:
                continue
            trials = _trials(exercise, mistake, test, check)
            if trials is not None:
                named[test.id] = _ask(exercise, analyses, (mistake, test), trials, result)
        if named:
            result.analysed[mistake.id] = named


def _trials(
    exercise: Exercise, mistake: MistakeSpec, test: TestSpec, check: Check
) -> list[Trial] | None:
    """The mistake's trials on `test`, as the engine builds a learner's; None when it raises
    on a call where the test expects values (the engine names the raise, not the values)."""
    parameters = reference_calls.parameters(exercise)
    summary = not check.values
    trials = []
    for probe in test.probes:
        got = trusted.mistake_value(exercise, mistake, probe, summary=summary)
        raised = raised_type(got)
        if check.raises:
            shown = None if raised is None else Raised(raised, "")
            trials.append(Trial(probe, got, None, raised=shown, parameters=parameters))
            continue
        if raised is not None:
            return None
        expected = trusted.reference_value(exercise, probe, summary=summary)
        trials.append(Trial(probe, got, expected, parameters=parameters))
    return trials


def _ask(
    exercise: Exercise,
    analyses: list[AnalysisFunction],
    where: tuple[MistakeSpec, TestSpec],
    trials: list[Trial],
    result: Validation,
) -> str | None:
    """The id the first analysis that names something gives; each one that raises is a problem."""
    mistake, test = where
    context = context_for(exercise, test)
    named: str | None = None
    for analysis in analyses:
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                found: Any = analysis(trials, context)
                diagnosis = None if found is None else from_finding(found)
        except NoReference:  # past its budget: it names nothing, as in a grading
            continue
        except Exception as error:
            result.problems.append(
                f"checks.py: analysis `{analysis.__name__}` raised {type(error).__name__} on "
                f"the values of mistakes/{mistake.id}.py in test `{test.id}`: {error}. In a "
                "grading it would name nothing (the error is only logged): an analysis returns "
                "a finding or None, so make it return None on values it does not explain"
            )
            continue
        if named is None and diagnosis is not None:
            named = diagnosis.id
    return named


def format_analyses(validation: Validation) -> str:
    """Which analysis id names each mistake, on the tests it fails ("none": no analysis)."""
    if not validation.analysed:
        return ""
    width = max(len(mistake) for mistake in validation.analysed) + 2
    lines = ["checks.py's analyses on each mistake's failed tests (the first that names it):"]
    for mistake, named in validation.analysed.items():
        by_id: dict[str, list[str]] = {}
        for test, found in named.items():
            by_id.setdefault(found or "none", []).append(test)
        if len(by_id) == 1:
            text = next(iter(by_id))
        else:
            text = "; ".join(f"{found} on {', '.join(tests)}" for found, tests in by_id.items())
        lines.append(f"  {mistake.ljust(width)}{text}")
    return "\n".join(lines)
