"""Why the sandbox cannot grade: always our side, never the learner's.

SandboxUnavailable          the sandbox cannot grade right now
└── SandboxRefusing         the self-test could not prove a layer: grading is switched off
"""

from __future__ import annotations


class SandboxUnavailable(Exception):
    """The sandbox cannot grade right now (a layer is missing, or a zygote will not start)."""


class SandboxRefusing(SandboxUnavailable):
    """The start-up self-test found a layer missing; the pool grades nothing until fixed."""
