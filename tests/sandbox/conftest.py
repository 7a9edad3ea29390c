"""Host-side secrets the attacks try to steal, and helpers every sandbox test shares.

The environment secret is set when this file is imported, i.e. while pytest collects, so it
is in this process's environment before the session-scoped `pool` fixture starts a zygote.
A sandbox that passed the parent's environment through would hand it to learner code.
"""

from __future__ import annotations

import json
import os
import secrets
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from graders.exercise import Exercise
from graders.report import Report
from tests.conftest import FLAGSHIP, ROOT, SyncGrader

SECRET_VARIABLE = "GRADEBOX_TEST_SECRET"
os.environ[SECRET_VARIABLE] = "env-" + secrets.token_hex(16)

REFERENCE_SOURCE = (ROOT / "exercises" / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
# The correct table under another name, for submissions that build on it.
REFERENCE = """\
import numpy as np


def reference_table(max_len, d_model):
    positions = np.arange(max_len, dtype=np.float64)[:, None]
    two_i = np.arange(0, d_model, 2, dtype=np.float64)
    angles = positions * np.exp(two_i * -(np.log(10000.0) / d_model))[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe

"""


@dataclass(frozen=True)
class HostSecrets:
    """What must never show up in a report: the environment secret and the canary's content."""

    environment: str
    canary_path: Path
    canary: str

    def leaked_into(self, report: Report) -> list[str]:
        text = json.dumps(report.to_dict())
        return [name for name, value in self.values().items() if value in text]

    def values(self) -> dict[str, str]:
        return {"environment": self.environment, "canary": self.canary}


@pytest.fixture(scope="session")
def host_secrets() -> Iterator[HostSecrets]:
    """A world-readable canary under /var/tmp (only the sandbox stands between it and the
    learner), and the environment secret, checked to be really set in this process."""
    environment = os.environ[SECRET_VARIABLE]
    assert environment.startswith("env-")
    canary = "canary-" + secrets.token_hex(16)
    path = Path("/var/tmp") / f"gradebox-test-canary-{secrets.token_hex(6)}"
    path.write_text(canary, encoding="utf-8")
    path.chmod(0o644)
    try:
        yield HostSecrets(environment, path, canary)
    finally:
        path.unlink(missing_ok=True)


@pytest.fixture
def escape_path() -> Iterator[Path]:
    """A host path an attack tries to create; it must not exist afterwards."""
    path = Path("/var/tmp") / f"gradebox-test-escape-{secrets.token_hex(6)}"
    assert not path.exists()
    yield path
    path.unlink(missing_ok=True)


def assert_reference_passes(grade: SyncGrader, exercise: Exercise) -> None:
    """The platform still grades a correct solution correctly."""
    report = grade(exercise, REFERENCE_SOURCE)
    assert report.verdict == "passed", json.dumps(report.to_dict(), indent=1)[:3000]
