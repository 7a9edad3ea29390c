"""`gradebox validate` on one folder, whatever its files contain: problems, never a traceback.

`validate_exercise` proves an exercise through the sandbox; it assumes what serving needs
holds. This runs the load-level check first (graders.load_check: every file parses, the entry
is defined, the checks run on the reference's results), reports its problems alone when there
are any (what follows would run the broken code), and turns anything validate itself did not
expect into one problem that names the author's file and line where it happened.
"""

from __future__ import annotations

import traceback
from pathlib import Path

from graders.engine import Grader
from graders.exercise import load_exercise
from graders.exercise_file import ExerciseError
from graders.load_check import load_problems
from graders.validate import Validation, validate_exercise


async def validate_folder(path: Path, grader: Grader) -> Validation:
    """The folder's validation: its load-level problems, or the whole proof; never raises."""
    try:
        problems = load_problems(load_exercise(path))
    except ExerciseError:
        problems = []  # validate_exercise reports it, naming the file and field
    except Exception as error:
        return Validation(path, problems=[_unexpected(path, error)])
    if problems:
        return Validation(path, problems=problems)
    try:
        return await validate_exercise(path, grader)
    except Exception as error:
        return Validation(path, problems=[_unexpected(path, error)])


def _unexpected(path: Path, error: Exception) -> str:
    """One problem for an exception validate did not expect: the innermost frame in the
    author's folder (file and line), what was raised, and what to do."""
    frames = traceback.extract_tb(error.__traceback__)
    folder = str(path.resolve())
    mine = [frame for frame in frames if frame.filename.startswith(folder)]
    where = ""
    if mine:
        frame = mine[-1]
        where = f"{Path(frame.filename).relative_to(folder)} line {frame.lineno}: "
    return (
        f"{where}validate stopped: {type(error).__name__}: {error}. Fix the file named (or "
        "run the reference by hand) and validate again"
    )
