"""The routes' dependencies run on the event loop, not on a worker thread."""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import pytest

from app import deps


@pytest.mark.parametrize(
    "dependency",
    [deps.get_service, deps.get_exercise, deps.get_address, deps.get_learner],
    ids=lambda dependency: dependency.__name__,
)
def test_dependency_is_async_so_fastapi_runs_it_without_a_thread_hop(
    dependency: Callable[..., Any],
) -> None:
    # FastAPI sends a plain `def` dependency to its thread pool: four hops cost ~0.6 ms a request.
    assert inspect.iscoroutinefunction(dependency)
