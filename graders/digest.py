"""An exercise's version: a digest of what decides a grade, and nothing a learner only reads.

In the digest: exercise.toml's grading keys (the entry function, the tolerance, the limits,
every key of each test but its title and description, each mistake's id and the tests it
fails), solution.py, checks.py and mistakes/*.py. Left out: statement.md, hints.md,
starter.py and the prose of exercise.toml (title, summary, difficulty, tags, section, order,
the signature shown, the titles, descriptions, explanations, tips and hint links), so a typo
fixed in a statement does not mark every earlier result as graded by an older version. A key
this module does not know is counted in: a spurious "older version" is better than a stale
"passed". The graders library itself is not in the digest: a platform change is not an
exercise change.
"""

from __future__ import annotations

import hashlib
import json
import tomllib
import weakref
from pathlib import Path
from typing import Any

from graders.exercise import Exercise

VERSION_CHARS = 12  # 48 bits: ample to tell an exercise's versions apart, short enough to show

# exercise.toml keys a learner reads but no grade depends on, per table.
_PROSE_KEYS = frozenset({"title", "summary", "difficulty", "tags", "section", "order"})
_ENTRY_PROSE = frozenset({"signature"})
_TEST_PROSE = frozenset({"title", "description"})
_MISTAKE_PROSE = frozenset({"title", "explanation", "hint", "tip", "tips"})

_by_exercise: dict[int, tuple[weakref.ref[Exercise], str]] = {}


def exercise_digest(path: Path) -> str:
    """The version of the exercise folder at `path`: the first hex digits of a SHA-256."""
    hasher = hashlib.sha256()
    for name, content in _graded_parts(path):
        hasher.update(f"{name}\0{len(content)}\0".encode())
        hasher.update(content)
    return hasher.hexdigest()[:VERSION_CHARS]


def exercise_version(exercise: Exercise) -> str:
    """The digest of a loaded exercise, computed once per loaded object (a hot reload makes a
    new object, so a changed folder gets a new digest; a grading's copy with fresh probes is
    made from the catalog's object after this is asked)."""
    cached = _by_exercise.get(id(exercise))
    if cached is not None and cached[0]() is exercise:
        return cached[1]
    digest = exercise_digest(exercise.path)
    key = id(exercise)
    _by_exercise[key] = (weakref.ref(exercise, lambda _: _by_exercise.pop(key, None)), digest)
    return digest


def _graded_parts(path: Path) -> list[tuple[str, bytes]]:
    """Each part that decides a grade, named, in a fixed order."""
    parts = [("exercise.toml", _toml_grading_keys(path / "exercise.toml"))]
    for name in ("solution.py", "checks.py"):
        if (path / name).is_file():
            parts.append((name, (path / name).read_bytes()))
    mistakes = path / "mistakes"
    if mistakes.is_dir():
        parts.extend(
            (f"mistakes/{file.name}", file.read_bytes()) for file in sorted(mistakes.glob("*.py"))
        )
    return parts


def _toml_grading_keys(path: Path) -> bytes:
    """exercise.toml without its prose, as canonical JSON (comments and layout do not count);
    a file that does not parse counts byte for byte."""
    raw = path.read_bytes() if path.is_file() else b""
    try:
        data = tomllib.loads(raw.decode("utf-8"))
    except (UnicodeDecodeError, tomllib.TOMLDecodeError):
        return raw
    graded: dict[str, Any] = _without(data, _PROSE_KEYS)
    if isinstance(graded.get("entry"), dict):
        graded["entry"] = _without(graded["entry"], _ENTRY_PROSE)
    for table, prose in (("tests", _TEST_PROSE), ("mistakes", _MISTAKE_PROSE)):
        if isinstance(graded.get(table), list):
            graded[table] = [
                _without(item, prose) if isinstance(item, dict) else item for item in graded[table]
            ]
    return json.dumps(graded, sort_keys=True, separators=(",", ":"), default=str).encode()


def _without(table: dict[str, Any], keys: frozenset[str]) -> dict[str, Any]:
    return {key: value for key, value in table.items() if key not in keys}
