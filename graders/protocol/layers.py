"""The sandbox layers the start-up self-test must prove, by the names the child reports."""

from __future__ import annotations

# Each is applied in the child (graders.inside.isolation) and checked by the self-test
# (graders.host.selftest); a missing one makes the pool refuse to grade.
LAYERS = ("user", "namespaces", "tmpfs", "landlock", "seccomp")
