"""The pool's start-up self-test: every layer applied, every OS-level escape contained.

The self-test runs trusted code with the real `os` and `socket` inside a sandboxed child, so
it proves the operating-system layers hold even if the language policy were bypassed.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from graders.host.errors import SandboxUnavailable
from graders.host.pool import SandboxPool
from graders.host.selftest import SelfTest
from graders.protocol.layers import LAYERS
from graders.protocol.limits import Limits
from tests.conftest import TEST_LIMITS, LoopThread

# What the self-test child tries; each must fail with a permission error from the kernel.
ATTEMPTS = (
    "network",
    "read_canary",
    "write_outside_tmpfs",
    "fork",
    "exec",
    "parent_environment",
    "signal_host",
)
# The file the self-test tries to create outside its tmpfs (graders/inside/attacks.py).
SELFTEST_ESCAPE = Path("/var/tmp/gradebox-sandbox-escape")


def test_the_layers_are_the_ones_the_design_names() -> None:
    assert set(LAYERS) == {"user", "namespaces", "tmpfs", "landlock", "seccomp"}


@pytest.mark.parametrize("layer", LAYERS)
def test_layer_is_applied(pool: SandboxPool, layer: str) -> None:
    assert pool.selftest.layers.get(layer) is True, pool.selftest.to_dict()


@pytest.mark.parametrize("attempt", ATTEMPTS)
def test_os_level_attempt_is_contained(pool: SandboxPool, attempt: str) -> None:
    assert pool.selftest.contained.get(attempt) is True, pool.selftest.to_dict()
    # Contained by the sandbox, not by accident: a missing canary (FileNotFoundError) or a
    # bug in the attempt (NameError) would also "raise", but only the kernel says EPERM/EACCES.
    error = pool.selftest.errors[attempt]
    assert error.startswith("PermissionError"), error


def test_the_self_test_checks_exactly_these_attempts(pool: SandboxPool) -> None:
    assert set(pool.selftest.contained) == set(ATTEMPTS)


def test_the_layers_have_notes_saying_how(pool: SandboxPool) -> None:
    notes = pool.selftest.notes
    assert notes["user"] == "uid 65534"
    assert set(notes["namespaces"].split()) >= {"user", "pid", "net", "mount"}
    assert notes["landlock"].startswith("ABI ")
    assert notes["seccomp"].endswith("BPF instructions")


def test_the_pool_grades_because_nothing_is_missing(pool: SandboxPool) -> None:
    assert pool.selftest.missing == []
    assert pool.refusal is None
    state = pool.state()
    assert state["grading"] is True
    assert state["selftest"]["missing"] == []


def test_the_self_test_repeats_and_leaves_no_file(
    pool: SandboxPool, loop_thread: LoopThread
) -> None:
    result = loop_thread.run(pool.run_selftest())
    assert result.missing == []
    assert all(result.contained[attempt] for attempt in ATTEMPTS)
    assert not SELFTEST_ESCAPE.exists()
    assert pool.refusal is None


def test_a_missing_layer_is_reported() -> None:
    layers = dict.fromkeys(LAYERS, True) | {"seccomp": False}
    result = SelfTest(layers=layers, contained=dict.fromkeys(ATTEMPTS, True))
    assert result.missing == ["seccomp"]


def test_an_escaped_attempt_is_reported() -> None:
    contained = dict.fromkeys(ATTEMPTS, True) | {"fork": False}
    result = SelfTest(layers=dict.fromkeys(LAYERS, True), contained=contained)
    assert result.missing == ["contains fork"]


def test_a_refusing_pool_does_not_grade(loop_thread: LoopThread) -> None:
    """Fail closed: with a refusal recorded, `run` raises before any child is used."""
    refusing = SandboxPool(1, TEST_LIMITS)
    refusing.refusal = "sandbox layers missing: seccomp"
    with pytest.raises(SandboxUnavailable, match="seccomp"):
        loop_thread.run(refusing.run(b"", Limits()))
    assert refusing.state()["grading"] is False
