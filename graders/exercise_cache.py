"""A loaded and load-checked exercise kept between processes, keyed by what made it.

Reading a folder (TOML through its pydantic model, the probes drawn, the Markdown split) and
the load check (`graders.load_check`: the reference run and every check tried on it) take
about a second for the catalogue, at every `serve`, `worker` and `gradebox grade` start. The
result depends only on the folder's bytes, the grading library's source, the limits and the
interpreter, so it is kept under one key of all of those: any change to any of them is a new
key, and the folder is read and checked afresh. A folder with problems is never kept (it is
checked again at every start, and reported each time).

The entries are pickles of our own `Exercise` dataclass, written by this service into a
directory of this user's (`GRADEBOX_CACHE_DIR`, made 0700); one that another user may write to
is not used, since a planted pickle would run as us. An entry that cannot be read is a miss; a
directory that cannot be written is no cache (logged once). Each folder keeps one entry: writing a new one removes its older ones.
"""

from __future__ import annotations

import contextlib
import hashlib
import logging
import os
import pickle
import sys
import tempfile
from dataclasses import dataclass
from functools import cache
from pathlib import Path

import numpy as np

from graders.exercise import Exercise
from graders.protocol.limits import Limits

log = logging.getLogger("gradebox.catalog")
FORMAT = 1  # bump when what an entry holds changes shape
LIBRARY = Path(__file__).resolve().parent  # the grading library: its source is in every key
_UNWRITABLE: set[Path] = set()  # directories already logged as not writable


@cache
def library_digest() -> str:
    """The grading library's source, NumPy's version and the interpreter's, as one digest."""
    digest = hashlib.sha256(f"{FORMAT} {sys.version} {np.__version__}".encode())
    for path in sorted(LIBRARY.rglob("*.py")):
        digest.update(path.relative_to(LIBRARY).as_posix().encode() + b"\0")
        digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


def folder_digest(folder: Path) -> str:
    """Every file of an exercise folder (its path in the folder and its bytes), as one digest;
    byte-code caches left out."""
    digest = hashlib.sha256()
    for path in sorted(folder.rglob("*")):
        if path.is_file() and "__pycache__" not in path.parts:
            digest.update(path.relative_to(folder).as_posix().encode() + b"\0")
            digest.update(path.read_bytes() + b"\0")
    return digest.hexdigest()


@dataclass
class ExerciseCache:
    """Load-checked exercises in `directory`, one file per folder and key."""

    directory: Path

    def key(self, folder: Path, limits: Limits) -> str:
        parts = (str(folder.resolve()), repr(limits), library_digest(), folder_digest(folder))
        return hashlib.sha256("\n".join(parts).encode()).hexdigest()

    def get(self, folder: Path, key: str) -> Exercise | None:
        path = self._path(folder, key)
        if not self._private():
            return None
        try:
            exercise = pickle.loads(path.read_bytes())  # noqa: S301 - ours: see the docstring
        except FileNotFoundError:
            return None
        except Exception as error:  # truncated, or written by another version: a miss
            log.warning("exercise cache entry %s unreadable (%s): loading afresh", path, error)
            return None
        return exercise if isinstance(exercise, Exercise) else None

    def put(self, folder: Path, key: str, exercise: Exercise) -> None:
        path = self._path(folder, key)
        written = ""
        try:
            self.directory.mkdir(mode=0o700, parents=True, exist_ok=True)
            if not self._private():
                raise PermissionError("not this user's own, or writable by others")
            with tempfile.NamedTemporaryFile(dir=self.directory, delete=False) as file:
                written = file.name
                file.write(pickle.dumps(exercise, protocol=pickle.HIGHEST_PROTOCOL))
            os.replace(written, path)  # whole or not at all, for a reader in another process
        except OSError as error:
            if written:
                with contextlib.suppress(OSError):
                    os.unlink(written)
            if self.directory not in _UNWRITABLE:
                _UNWRITABLE.add(self.directory)
                log.warning("exercise cache %s not writable (%s)", self.directory, error)
            return
        for older in self.directory.glob(f"{path.name.split('-')[0]}-*.pickle"):
            if older != path:
                with contextlib.suppress(OSError):
                    older.unlink()

    def _private(self) -> bool:
        """Whether the directory is this user's and no one else may write to it (an entry is
        a pickle: one planted by another user would run as us)."""
        try:
            status = self.directory.stat()
        except OSError:
            return False
        return status.st_uid == os.getuid() and not status.st_mode & 0o022

    def _path(self, folder: Path, key: str) -> Path:
        name = hashlib.sha256(str(folder.resolve()).encode()).hexdigest()[:16]
        return self.directory / f"{name}-{key[:32]}.pickle"
