"""The built-in `no_python_loops` check: the loop scan's findings, the counted calls' growth
(and shrinking), and the counted calls' values."""

from __future__ import annotations

import numpy as np

from graders.check_core import CheckContext, Failure, Trial, check
from graders.check_describe import describe
from graders.check_values import compare_values
from graders.protocol.articles import with_article
from graders.protocol.counts import AT_IMPORT, CallCounts, growth
from graders.protocol.loops import FIXED_FEW
from graders.protocol.matching import numbers_of


@check("no_python_loops", static=True)
def check_no_python_loops(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No Python-level loop, judged three ways. The loop scan of the entry function and every
    function and class it uses, wherever the module defines them, and the steps loading the
    module took (`graders.protocol.counts.IMPORT_STEPS`). Counted calls (each probe at sizes
    drawn per grading, then every size scaled): any growth in the line events of the learner's
    code or in the elements helpers consume for it fails. And the counted calls' values: a
    solution whose values are the reference's on every other call (this test's uncounted
    trials: the calls of the tests that compare values) must return the reference's values
    when counted too, or it told the counted calls apart. None may pass what another catches;
    a call whose tracer was switched off fails closed."""
    if context.loops:
        return _loop_found(context)
    counted = [trial for trial in trials if trial.probe.counted]
    for trial in counted:
        if trial.counts is None or not trial.counts.traced:
            return Failure(_UNCOUNTED, trial, message_id="steps-not-counted")
    for small, large in zip(counted[0::2], counted[1::2], strict=False):
        assert small.counts is not None
        assert large.counts is not None
        if large.counts.total > small.counts.total:
            return _growth(small, small.counts, large, large.counts)
        if small.counts.total > SHRINK_FACTOR * large.counts.total + SHRINK_SLACK:
            return _shrink(small, small.counts, large, large.counts)
    others = [trial for trial in trials if not trial.probe.counted]
    return _counted_values(counted, others, context.tolerance)


def _counted_values(counted: list[Trial], others: list[Trial], tolerance: float) -> Failure | None:
    """A counted call whose value is not the reference's, from a solution whose values are the
    reference's on every other call: it computes something else only when counted (a loop it
    skips then). A solution wrong elsewhere too is the value tests' to report."""
    for trial in counted:
        failure = _differs(trial, _counted_tolerance(trial, tolerance))
        if failure is None:
            continue
        if not others or any(_differs(other, tolerance) for other in others):
            return None
        return Failure(
            f"{failure.message}\nThis is one of the calls whose Python steps the grader "
            f"counts, and your function returns the expected values on every other call it "
            f"was given ({len(others)}). It must compute its result the same way on every "
            f"call: the count says nothing about code that runs only when it is not counted. "
            f"{_INSTEAD}, on every call.",
            trial,
            message_id="differs-when-counted",
        )
    return None


COUNTED_RELATIVE = 1e-5  # float32 arithmetic over the counted calls' larger sums stays inside


def _counted_tolerance(trial: Trial, tolerance: float) -> float:
    """The tolerance a counted call's values are held to: the exercise's, grown with the
    largest value the reference returns there. Counted calls are larger than the value tests'
    (sums over more terms, values tens of times larger), and rounding grows with them: a
    float32 computation, right on every value test, is no sign of a call told apart, whose
    values are wrong outright."""
    try:
        expected = numbers_of(trial.expected)
    except Exception:  # the comparison itself will say what it cannot read
        return tolerance
    if expected is None or not expected.size or expected.dtype.kind not in "iufc":
        return tolerance
    finite = np.abs(expected[np.isfinite(expected)])
    return tolerance + COUNTED_RELATIVE * float(finite.max()) if finite.size else tolerance


def _differs(trial: Trial, tolerance: float) -> Failure | None:
    try:
        return compare_values(trial, tolerance)
    except Exception:  # a value no comparison can read is not the reference's
        return Failure(f"It returned {describe(trial.got)}.", trial, message_id="unreadable-value")


_UNCOUNTED = (
    "The grader could not count the steps this call took: line tracing was switched off "
    "while it ran, which happens when code recurses until it hits Python's recursion limit "
    "(often inside a try/except). Without the count, the call cannot be shown to be "
    "vectorised. Build the result with whole-array NumPy operations, without recursion."
)
_INSTEAD = "Build the result with whole-array NumPy operations (broadcasting, slicing, ufuncs)"


def _loop_found(context: CheckContext) -> Failure:
    first = context.loops[0]
    if first.function == AT_IMPORT:
        return Failure(
            f"Line {first.line} runs {with_article(first.kind)} when your module is loaded: the Python "
            f"steps the module takes at import are counted as {context.entry}()'s, and these "
            f"are far more than defining functions and a constant or two (a loop over at most "
            f"{FIXED_FEW} items written in the code is fine). {_INSTEAD} instead, inside "
            f"{context.entry}().",
            line=first.line,
            message_id="loop-at-import",
        )
    where = (
        ""
        if first.function == context.entry
        else f" (in {first.function}(), which {context.entry}() calls)"
    )
    others = len(context.loops) - 1
    more = f" There {'is' if others == 1 else 'are'} {others} more after it." if others else ""
    return Failure(
        f"Line {first.line} uses {with_article(first.kind)}{where}. {_INSTEAD} instead.{more}",
        message_id="loop-found",
    )


# A vectorised call takes the same steps at any size; one that takes many more on the smaller
# call did the larger call's work ahead of it (a loop filling a cache the larger call reads).
SHRINK_FACTOR, SHRINK_SLACK = 2, 64


def _shrink(small: Trial, before: CallCounts, large: Trial, after: CallCounts) -> Failure:
    return Failure(
        f"Your code took {before.total:,} Python steps for {small.probe.call} but only "
        f"{after.total:,} for the larger {large.probe.call}: a vectorised function takes the "
        "same steps whatever the sizes, and work done on one call for another (a cache filled "
        f"one element at a time) is still a loop. {_INSTEAD} on every call.",
        small,
        message_id="steps-shrink",
    )


def _growth(small: Trial, before: CallCounts, large: Trial, after: CallCounts) -> Failure:
    """Name what grew most between the two counted calls: a line of the learner's code, or
    the elements a helper went through."""
    grown = growth(before, after)
    calls = f"for {small.probe.call} and {{}} for {large.probe.call}"
    if grown is None:  # the tally grew but named nothing: say so plainly
        return Failure(
            f"Your code took {before.total:,} Python steps "
            + calls.format(f"{after.total:,}")
            + f": the work grows with the size. {_INSTEAD} instead.",
            large,
            message_id="steps-grow",
        )
    if grown.line is None:
        what = f"{grown.helper} went through {grown.before:,} elements " + calls.format(
            f"{grown.after:,}"
        )
        return Failure(
            f"{what}: it handles one element at a time in Python, so its work grows with the "
            f"size. {_INSTEAD} instead.",
            large,
            message_id="helper-elements-grow",
        )
    item = grown.line
    kind = f" (in {with_article(item.kind)})" if item.kind and item.kind != "recursion" else ""
    kind = " (in a recursive function)" if item.kind == "recursion" else kind
    ran = f"Line {item.line}{kind} ran {grown.before:,} times " + calls.format(f"{grown.after:,}")
    return Failure(
        f"{ran}: the work grows with the size, one Python step per element. {_INSTEAD} instead.",
        large,
        line=item.line,
        message_id="line-runs-grow",
    )
