"""One Limits per job: ceilings, overrides, and the round trip through the job frame."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from graders.protocol.frames import decode
from graders.protocol.job import Job, decode_job
from graders.protocol.limits import Limits

CEILINGS = Limits(cpu_seconds=2.0, memory_bytes=512 * 2**20)


def test_an_override_below_the_ceiling_is_kept_and_nothing_is_above() -> None:
    limits = CEILINGS.merged({"cpu_seconds": 1.0})
    assert limits.cpu_seconds == 1.0
    assert limits.above(CEILINGS) == []


def test_an_override_above_the_ceiling_is_named() -> None:
    limits = CEILINGS.merged({"cpu_seconds": 3.0, "memory_bytes": 2**30})
    assert limits.above(CEILINGS) == ["cpu_seconds", "memory_bytes"]
    assert limits.lowered_to(CEILINGS) == CEILINGS


def test_an_unknown_override_is_an_error() -> None:
    with pytest.raises(ValueError, match="unknown limit"):
        CEILINGS.merged({"gpu_seconds": 1})


@pytest.mark.parametrize(
    "bad",
    [{"cpu_seconds": "4"}, {"cpu_seconds": -1}, {"memory_bytes": None}, {"cpu_seconds": True}],
)
def test_limits_from_a_job_must_be_plain_non_negative_numbers(bad: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="limit"):
        Limits.from_dict({**Limits().to_dict(), **bad})


def test_a_job_carries_its_own_limits_and_arguments_to_the_child() -> None:
    table = np.arange(6, dtype=np.float32).reshape(2, 3)
    job = Job("def f(x, n): ...", "f", [(table, 4), (3, "a")], CEILINGS, [False, True])
    back = decode_job(decode(job.encode())[0])
    assert back.limits == CEILINGS
    assert back.summaries == [False, True]
    assert back.probes[1] == (3, "a")
    np.testing.assert_array_equal(back.probes[0][0], table)
    assert back.probes[0][0].dtype == np.float32
