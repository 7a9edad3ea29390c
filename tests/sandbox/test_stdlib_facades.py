"""Each standard-library facade, attacked: nothing in it leads to a module, the interpreter's
code-running builtins or an unfiltered namespace, one attribute deep."""

from __future__ import annotations

import builtins
import types
from typing import Any

import pytest

from graders.inside.facade import Facade
from graders.inside.stdlib import DENIED, STDLIB_MODULES

DANGEROUS = {
    id(getattr(builtins, name)) for name in ("eval", "exec", "compile", "open", "__import__")
}


def members(facade: Facade) -> dict[str, Any]:
    found: dict[str, Any] = object.__getattribute__(facade, "_members")
    return found


def reachable(facade: Facade) -> list[tuple[str, Any]]:
    """Every member, and every public attribute of every member."""
    found = []
    for name, value in members(facade).items():
        found.append((name, value))
        for attribute in dir(value):
            if not attribute.startswith("_"):
                try:
                    found.append((f"{name}.{attribute}", getattr(value, attribute)))
                except Exception:
                    continue
    return found


@pytest.mark.parametrize("module", sorted(STDLIB_MODULES), ids=str)
def test_a_standard_library_facade_leads_to_no_module_or_code_runner(module: str) -> None:
    facade = STDLIB_MODULES[module]
    leaks = [
        path
        for path, value in reachable(facade)
        if (isinstance(value, types.ModuleType) or id(value) in DANGEROUS)
        and type(value) is not Facade
    ]
    assert leaks == []


@pytest.mark.parametrize(
    ("module", "name"),
    [(module, name) for module, names in DENIED.items() for name in names],
    ids=lambda item: str(item),
)
def test_a_denied_standard_library_name_is_a_stub_that_says_why(module: str, name: str) -> None:
    stub = members(STDLIB_MODULES[module])[name]
    with pytest.raises(TypeError, match="is not available in graded code: "):
        stub()
