"""The load-level part of `validate`: what a folder needs before it may be served.

`validate` proves an exercise (the reference passes, every mistake is caught and named); that
takes the sandbox and seconds. Serving needs less, but needs it every time: every Python file
parses, the reference and every mistake define the entry, `checks.py` imports, and each check
and analysis the exercise uses runs once on the reference's own results without raising (a
check that raises on a learner's answer makes every grading of the exercise "our fault").
`serve` and `worker` run this at start and on reload; a folder with a problem is left out of
the catalog and listed in `/healthz` under `broken_exercises`.

It runs in the trusted process on the author's code and the exercise's fixed calls, so it is
cached by the folder's digest, in the process: a reload of an unchanged folder costs one hash
(a restart checks every folder again, about 40 ms each).
"""

from __future__ import annotations

import ast
import hashlib
import warnings
from pathlib import Path

import numpy as np

from graders import reference_calls, trusted
from graders.checks import BUILTIN_CHECKS, Check, Failure, Trial
from graders.engine.per_test import grade_test
from graders.engine.reading import ProbeOutcome, ProbeResult
from graders.exercise import Exercise
from graders.probes import Probe
from graders.protocol.matching import raised_type
from graders.reference_calls import context_for
from graders.wording_check import wording_problems

_checked: dict[str, list[str]] = {}  # folder digest -> its problems (bounded: one per version)
_MOST_KEPT = 256


def digest(folder: Path) -> str:
    """One hash of every file under `folder` (names and bytes), caches left out."""
    hashed = hashlib.sha256()
    for file in sorted(folder.rglob("*")):
        if file.is_file() and "__pycache__" not in file.parts:
            hashed.update(str(file.relative_to(folder)).encode())
            hashed.update(b"\0")
            hashed.update(file.read_bytes())
            hashed.update(b"\0")
    return hashed.hexdigest()


def load_problems(exercise: Exercise) -> list[str]:
    """What keeps `exercise` from being served: each problem names its file (and line) and what
    to do; empty when it may be served. Cached by the folder's digest."""
    key = digest(exercise.path)
    if key not in _checked:
        if len(_checked) >= _MOST_KEPT:
            _checked.pop(next(iter(_checked)))
        _checked[key] = _problems(exercise)
    return list(_checked[key])


def _problems(exercise: Exercise) -> list[str]:
    problems = _source_problems(exercise)
    if problems:  # the rest runs this code: not when it does not parse
        return problems
    problems = wording_problems(exercise)
    try:
        trusted.entry_function(exercise.solution_path, exercise.entry)
    except Exception as error:
        return [*problems, f"solution.py: does not load: {type(error).__name__}: {error}"]
    try:
        checks = trusted.checks_for(exercise)
        analyses = trusted.analyses_for(exercise)
    except Exception as error:
        return [*problems, f"checks.py: does not import: {type(error).__name__}: {error}"]
    problems += [f"checks.py: {twice}" for twice in trusted.registrations_twice(exercise)]
    problems += _watched_problems(exercise, checks)
    with warnings.catch_warnings(), np.errstate(all="ignore"):
        warnings.simplefilter("ignore")
        for test in exercise.tests:
            results, keys = _reference_results(exercise, test.probes)
            try:
                grade_test(exercise, test, checks[test.check], results, keys, [])
            except Exception as error:
                problems.append(
                    f"checks.py: check `{test.check}` of test `{test.id}` raised "
                    f"{type(error).__name__} on the reference's own results: {error}. A check "
                    "returns (or raises) a Failure; any other exception is a bug in it"
                )
            trials = [_reference_trial(exercise, probe) for probe in test.probes]
            context = context_for(exercise, test)
            for analysis in analyses:
                try:
                    analysis(trials, context)
                except Failure:
                    continue
                except Exception as error:
                    problems.append(
                        f"checks.py: analysis `{analysis.__name__}` raised "
                        f"{type(error).__name__} on the reference's results of test "
                        f"`{test.id}`: {error}. An analysis returns a finding or None"
                    )
    return problems


def _watched_problems(exercise: Exercise, checks: dict[str, Check]) -> list[str]:
    """`names` of a built-in `inputs_unchanged` test: the reference's parameters it watches."""
    parameters = reference_calls.parameters(exercise).names
    problems = []
    for test in exercise.tests:
        names = test.params.get("names")
        builtin = checks[test.check].function is BUILTIN_CHECKS["inputs_unchanged"].function
        if test.check != "inputs_unchanged" or not builtin or names is None:
            continue
        listed = isinstance(names, list) and bool(names)
        unknown = [name for name in names if name not in parameters] if listed else []
        if not listed or unknown:
            what = f"{unknown[0]!r} is not one" if unknown else "it is not a list of them"
            problems.append(
                f"exercise.toml: test `{test.id}`: `names = {names!r}` lists the arguments "
                f"watched, by the reference's parameter names, "
                f"{exercise.entry}({', '.join(parameters)}), and {what}: fix or remove it "
                "(without `names`, every argument is watched)"
            )
    return problems


def _source_problems(exercise: Exercise) -> list[str]:
    """Every Python file parses, and the reference and each mistake define the entry."""
    problems: list[str] = []
    files = [exercise.solution_path, exercise.checks_path]
    files += [mistake.path for mistake in exercise.mistakes]
    for path in files:
        if not path.exists():
            if path != exercise.checks_path:  # checks.py is optional
                problems.append(f"{_name(exercise, path)}: missing")
            continue
        try:
            tree = ast.parse(path.read_text(encoding="utf-8"), filename=str(path))
        except (SyntaxError, UnicodeDecodeError, ValueError) as error:
            line = getattr(error, "lineno", None)
            where = f" line {line}" if line else ""
            problems.append(f"{_name(exercise, path)}{where}: does not parse: {error}")
            continue
        if path != exercise.checks_path and exercise.entry not in _bound_names(tree):
            problems.append(
                f"{_name(exercise, path)}: defines no `{exercise.entry}` (the exercise's entry)"
            )
    return problems


def _bound_names(tree: ast.Module) -> set[str]:
    """The names a module binds at its top level (functions, classes, assignments, imports)."""
    names: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            names.add(node.name)
        elif isinstance(node, ast.Import | ast.ImportFrom):
            names.update((alias.asname or alias.name).split(".")[0] for alias in node.names)
        else:
            names.update(
                target.id
                for target in ast.walk(node)
                if isinstance(target, ast.Name) and isinstance(target.ctx, ast.Store)
            )
    return names


def _reference_results(
    exercise: Exercise, probes: list[Probe]
) -> tuple[dict[int, ProbeResult], dict[str, int]]:
    """The reference's outcome on each probe, as the engine reads a child's."""
    results: dict[int, ProbeResult] = {}
    keys: dict[str, int] = {}
    for index, probe in enumerate(probes):
        keys[probe.key] = index
        value = trusted.reference_value(exercise, probe)
        raised = raised_type(value)
        if raised is None:
            results[index] = ProbeResult(ProbeOutcome.RETURNED, value=value)
        else:
            message = str(value.type).partition(": ")[2]
            results[index] = ProbeResult(ProbeOutcome.RAISED, error_type=raised, message=message)
    return results, keys


def _reference_trial(exercise: Exercise, probe: Probe) -> Trial:
    value = trusted.reference_value(exercise, probe)
    return Trial(probe, value, value, parameters=reference_calls.parameters(exercise))


def _name(exercise: Exercise, path: Path) -> str:
    try:
        return str(path.relative_to(exercise.path))
    except ValueError:
        return path.name
