"""The scratch run: the contract of "try your own call" (not graded, not stored).

The learner's code is called once, on arguments the learner wrote (`positional_encoding(4, 6)`),
in the same sandbox as a grading. What comes back is shown as it is, beside the reference's
answer for the same call where the exercise allows it. Like the report, these models are the
one source of the API's schema and the page's types.
"""

from __future__ import annotations

from enum import StrEnum

from pydantic import BaseModel, ConfigDict, Field

from graders.message_ids import REFERENCE_RAISED
from graders.protocol.refusals import Refusal
from graders.report import Diagnosis, LoadError, Preview

SCRATCH_VERSION = 1


class _Contract(BaseModel):
    model_config = ConfigDict(
        frozen=True, extra="forbid", json_schema_serialization_defaults_required=True
    )


class ScratchStatus(StrEnum):
    """How the call went."""

    RETURNED = "returned"
    RAISED = "raised"  # the learner's function raised
    REFUSED = "refused"  # the call could not be made: not a call, or arguments it cannot take
    ERROR = "error"  # the code could not be loaded
    TIMED_OUT = "timed_out"
    INTERNAL_ERROR = "internal_error"  # ours; never blamed on the learner


class ReferenceMissing(StrEnum):
    """Why the reference's answer is not shown beside the learner's (`reference_note` says it
    in words): a stable id for the page and clients to branch on, never the note's wording."""

    HIDDEN = "reference-hidden"  # the exercise keeps it to itself (`[scratch] reference = false`)
    UNANSWERED = "reference-unanswered"  # its child could not answer within the limits
    RAISED = REFERENCE_RAISED  # it raises on this call (`reference_error`): no expected answer


class ScratchValue(_Contract):
    """A value as the page shows it: in words, as text, and as a table where it is one."""

    description: str = Field(description="In a few words: 'a float64 array of shape (4, 6)'.")
    text: str = Field(description="The value printed as NumPy prints it, capped.")
    preview: Preview | None = Field(
        None, description="A number, or a 1-D or 2-D array: for a table or a heatmap."
    )


class ScratchArgument(_Contract):
    name: str
    value: ScratchValue


class ScratchComparison(_Contract):
    """The learner's answer against the reference's, with the exercise's tolerance."""

    matches: bool
    message: str = Field(description="Where they first differ, or that they agree.")
    tolerance: float
    diagnosis: Diagnosis | None = Field(
        None,
        description="A known mistake whose answer to this call is the learner's, if one is.",
    )
    mistakes_tried: int = Field(
        0, description="How many of the exercise's known mistakes were run on this call."
    )
    mistakes_known: int = Field(
        0,
        description="How many known mistakes the exercise has. Fewer tried than known: the "
        "search stopped at its time budget at this size, so a mistake may have gone unnamed.",
    )


class ScratchRun(_Contract):
    """Everything the learner is told about one call of their own."""

    version: int = SCRATCH_VERSION
    exercise: str
    exercise_version: str | None = None
    status: ScratchStatus
    message: str = Field(description="One sentence: what the call did, or why it was not made.")
    refusal: Refusal | None = Field(
        None,
        description="Status `refused`: why the call was not made, as a stable id (the message "
        "says it in words; graders.protocol.refusals).",
    )
    call: str = Field(description="The call, as the learner wrote it.")
    arguments: list[ScratchArgument] = Field(
        default_factory=list, description="The arguments as the sandbox made them, in order."
    )
    result: ScratchValue | None = Field(None, description="What the call returned.")
    error: LoadError | None = Field(
        None, description="What it raised (status `raised`), or why the code did not load."
    )
    stdout: str = ""
    stdout_truncated: bool = False
    reference: ScratchValue | None = Field(
        None, description="The reference's answer to the same call, where the exercise shows it."
    )
    comparison: ScratchComparison | None = None
    reference_note: str = Field(
        "", description="Why the reference's answer is not shown, when it is not."
    )
    reference_missing: ReferenceMissing | None = Field(
        None,
        description="Why the reference's answer is not shown, as a stable id (the note says "
        "it in words); None when it is shown, or when the call was not made.",
    )
    reference_error: LoadError | None = Field(
        None,
        description="`reference_missing` `reference-raised`: what the reference raised on this "
        "call, its type and message (no line: the reference's file is not shown).",
    )
    duration_ms: int = 0
