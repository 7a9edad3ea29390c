"""Why the sandbox cannot grade: always our side, never the learner's.

SandboxUnavailable          the sandbox cannot grade right now
├── SandboxRefusing         the self-test could not prove a layer: grading is switched off
└── QueueFull               every zygote is busy and the queue is at its bound
"""

from __future__ import annotations


class SandboxUnavailable(Exception):
    """The sandbox cannot grade right now (a layer is missing, or a zygote will not start)."""


class SandboxRefusing(SandboxUnavailable):
    """The start-up self-test found a layer missing; the pool grades nothing until fixed."""


class QueueFull(SandboxUnavailable):
    """Every zygote is busy and as many jobs wait as the queue allows."""
