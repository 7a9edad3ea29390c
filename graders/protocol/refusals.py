"""Why a scratch call was not made: one stable id per reason, beside the sentence saying it.

The child refuses a call it cannot make (graders.inside.scratch: not one plain call, arguments
that are not literals and NumPy, arguments the exercise's schema does not take,
graders.protocol.arguments); the grader refuses a call over CALL_CHARS before the child sees it.
The id travels in the `call_refused` frame with the message and comes out as the scratch run's
`refusal`; the page and clients branch on it, never on the message's wording.
"""

from __future__ import annotations

from dataclasses import dataclass
from enum import StrEnum


class Refusal(StrEnum):
    """Why the call was not made."""

    # The call as text (graders.inside.scratch.read_call)
    CALL_TOO_LONG = "call-too-long"  # over CALL_CHARS characters
    NO_CALL = "no-call"  # empty
    NOT_PYTHON = "not-python"  # a syntax error, or more than one expression
    NESTED_TOO_DEEPLY = "nested-too-deeply"
    NOT_ONE_CALL = "not-one-call"  # an expression that is not a call of a name
    WRONG_FUNCTION = "wrong-function"  # a call of another function than the entry point
    CALL_TOO_COMPLEX = "call-too-complex"  # too many syntax nodes
    STAR_ARGS = "star-args"
    STAR_KWARGS = "star-kwargs"
    # An argument's expression
    NAMES_A_VARIABLE = "names-a-variable"
    PRIVATE_ATTRIBUTE = "private-attribute"  # .__dict__ and the like
    CALLS_UNAVAILABLE = "calls-unavailable"  # len(), __import__(), ...: not a constructor
    CONSTRUCT_NOT_ALLOWED = "construct-not-allowed"  # a lambda, a comprehension, ...
    ARGUMENTS_RAISED = "arguments-raised"  # making the arguments raised
    # Binding the arguments to the schema (graders.protocol.arguments.bind)
    TOO_MANY_ARGUMENTS = "too-many-arguments"
    UNKNOWN_ARGUMENT = "unknown-argument"
    ARGUMENT_TWICE = "argument-twice"
    ARGUMENT_MISSING = "argument-missing"
    # One argument against its spec (graders.protocol.arguments.check_value)
    WRONG_TYPE = "wrong-type"  # e.g. a float or a bool for an int, a string for an array
    OUT_OF_RANGE = "out-of-range"  # a number outside [low, high], or not finite
    LIST_NOT_ARRAY = "list-not-array"  # a list or tuple where an array is taken
    WRONG_NDIM = "wrong-ndim"
    WRONG_DTYPE = "wrong-dtype"
    ARRAY_TOO_LARGE = "array-too-large"  # a side over max_side, or over max_elements


@dataclass(frozen=True)
class Refused:
    """A refusal: its id and the sentence addressed to the learner."""

    refusal: Refusal
    message: str

    def __str__(self) -> str:
        return self.message
