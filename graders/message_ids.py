"""The stable ids of what a test result says (the report's `message_id`), one catalogue.

A program (a course tool, a test, the page) acts on the id; the wording may change. A result's
id is one of:

- an id below: a call's own outcome, a library check's finding, a report no test ran for;
- the id of the exercise's `[messages]` entry its check worded the failure with
  (`context.fail("row-sum", ...)`: messages.toml), which may not reuse an id below
  (graders.wording_check says so at validate);
- how the run ended, for a test whose call the ending stopped or that never ran because of
  it: an `Ending` value (graders.engine.endings: `learner-cpu`, `sandbox-failed`, ...), which
  no id below reuses.

tests/graders/test_message_ids.py holds every `Failure(...)` of the library to an id from
here, and every id here to a use.
"""

from __future__ import annotations

PASSED = "passed"
CALL_RAISED = "call-raised"
CALL_TIMED_OUT = "call-timed-out"
CALL_NOT_RUN = "call-not-run"
CHECK_FAILED = "check-failed"
UNEXPECTED_KIND = "unexpected-kind"
REFERENCE_RAISED = "reference-raised"
OUR_FAULT = "our-fault"
CODE_TOO_LARGE = "code-too-large"
STORED_WITHOUT_ID = "stored-without-id"

LIBRARY_MESSAGES: dict[str, str] = {
    # A call's outcome, before any check looks at its value.
    PASSED: "every call of the test gave what was expected",
    CALL_RAISED: "a call raised an exception the test did not ask for",
    CALL_TIMED_OUT: "a call was still running when the time limit stopped it",
    CALL_NOT_RUN: "the sandbox stopped before it reached the test's call",
    # Reports no test ran for.
    OUR_FAULT: "the platform failed; nothing is the learner's fault",
    CODE_TOO_LARGE: "the code is over the size limit, so nothing ran",
    STORED_WITHOUT_ID: "a result stored before results carried ids (read back from storage)",
    # What a check found in a returned value.
    CHECK_FAILED: "a check outside the library failed without naming an id",
    UNEXPECTED_KIND: "the value is not the kind the reference returns, so the check could not "
    "read it",
    "shape-differs": "an array of another shape, or not an array, where the reference's shape "
    "was expected",
    "number-expected": "an array or a list where one number was expected",
    "array-expected": "one number where an array was expected",
    "not-numbers": "no numbers to compare (text, None, an object)",
    "complex-not-real": "complex numbers where real ones were expected",
    "value-differs": "a value outside the tolerance of the reference's",
    "structure-differs": "a tuple, list or dict of another length or keys than the reference's",
    "wrong-container": "the reference's values in another container (a list for a tuple)",
    "item-missing": "the returned container has no item or key the test compares",
    "not-finite": "NaN or inf where the reference's values are finite",
    "outside-range": "a value outside the range every value must lie in",
    "slice-reduces-wrong": "a slice along the axis does not reduce to the target (a row of a "
    "softmax that does not sum to 1)",
    "python-float-expected": "not a Python float where one was promised",
    "not-exactly-zero": "a value that is not exactly 0 where the reference's is",
    "input-changed": "the call changed an argument in place",
    "returns-input-view": "the result is an argument, or a view of one",
    "dtype-differs": "an array or scalar of another dtype than the one promised",
    REFERENCE_RAISED: "the reference raises on this call, so it has no value to compare with "
    "(the learner's call returned)",
    "did-not-raise": "a call with invalid arguments returned instead of raising",
    "wrong-exception": "a call raised another exception than the one expected",
    "exception-message-lacks": "the right exception, but its message lacks what the caller needs",
    # The vectorised test: the Python steps counted.
    "loop-found": "a Python loop (or a comprehension, or recursion) in the function",
    "loop-at-import": "a loop run when the module is loaded",
    "steps-not-counted": "the tracer was switched off during the call (recursion to the limit)",
    "steps-grow": "the Python steps grow with the size",
    "line-runs-grow": "one line runs once per element",
    "helper-elements-grow": "a helper goes through the elements one at a time",
    "steps-shrink": "the smaller call took far more steps (work done ahead for another call)",
    "differs-when-counted": "other values only on the calls whose steps are counted",
    "unreadable-value": "a value no comparison can read",
}

# How a run can end (graders.engine.endings.Ending, whose values these are: a test there says
# the two agree), the id of a result the ending stopped or left not run.
RUN_ENDINGS = frozenset(
    {
        "finished",
        "learner-raised",
        "learner-not-loaded",
        "learner-cpu",
        "learner-wall-timeout",
        "learner-memory",
        "learner-output",
        "learner-result-too-large",
        "learner-compiler-crashed",
        "learner-module-crashed",
        "learner-crashed-interpreter",
        "learner-process-ended",
        "learner-protocol",
        "starved",
        "sandbox-unavailable",
        "sandbox-failed",
        "sandbox-killed",
        "zygote-died",
        "protocol-broken",
        "grader-raised",
    }
)

RESERVED = frozenset(LIBRARY_MESSAGES) | RUN_ENDINGS
"""The ids an exercise's `[messages]` may not take."""
