"""The import hook of graded code: NumPy, math and the pure standard library, as facades."""

from __future__ import annotations

import sys
from collections.abc import Iterable
from typing import Any

from graders.inside.facade import import_module
from graders.inside.stdlib import STDLIB_MODULES
from graders.inside.transformer import NOT_AVAILABLE

# What the refusal of any other import lists.
IMPORTABLE = frozenset(
    {"numpy", "math"} | {name for name in STDLIB_MODULES if not name.startswith("_")}
)


def guarded_import(
    name: str,
    globals: Any = None,
    locals: Any = None,
    fromlist: Iterable[str] | None = (),
    level: int = 0,
) -> Any:
    """NumPy, math and the pure standard-library modules, each as an allow-listed facade."""
    if level == 0 and _is_c_api_import(name, fromlist):
        return None
    facade = import_module(name, fromlist) if level == 0 else None  # numpy and math
    if facade is not None:
        return facade
    if level == 0 and name in STDLIB_MODULES:
        module = STDLIB_MODULES[name]
        members = dir(module)
        for item in fromlist or ():
            if item not in members and item != "*":
                raise ImportError(f"cannot import name '{item}' from '{name}'")
        # `import collections.abc` binds `collections`, as plain Python does.
        return module if fromlist or "." not in name else STDLIB_MODULES[package_of(name)]
    raise ImportError(
        f"import of '{name}' {NOT_AVAILABLE}: graded code may import numpy and the pure "
        f"standard-library modules ({', '.join(sorted(IMPORTABLE))})"
    )


def package_of(name: str) -> str:
    return name.partition(".")[0]


def _is_c_api_import(name: str, fromlist: Any) -> bool:
    """NumPy's C code importing one of its own, already loaded, modules.

    `PyImport_ImportModule` calls the `__import__` of the *calling Python frame*, which is
    the learner's, with `fromlist=[]` (a list: the import statement passes a tuple or None,
    and learner code cannot name `__import__` to pass one). It ignores what `__import__`
    returns and reads `sys.modules` itself, so answering None hands the learner nothing and
    loads nothing. Without this, `repr(arr)`, `f"{arr}"` and `arr.sum()` fail in the
    sandbox with "import of 'numpy._core.arrayprint' is not allowed".
    """
    return (
        type(fromlist) is list
        and not fromlist
        and name.startswith("numpy.")
        and name in sys.modules
    )
