"""The built front end: pages naming the content-hashed files, and how long each file is cached.

static/build.mjs names every built file after a hash of its content and writes
static/dist/manifest.json: for each name the HTML uses (`/static/dist/exercise.js`) its hashed
file (`exercise-VM6CYP7D.js`) and, for a script, the chunks it imports statically. The pages are
served with those names substituted (and the chunks preloaded, so they download alongside the
script instead of after it). A hashed file never changes, so it is cached for a year; the pages
and every other static file are revalidated, so a new build shows at the next load.
"""

from __future__ import annotations

import hashlib
import json
import re
from dataclasses import dataclass
from pathlib import Path

from fastapi.staticfiles import StaticFiles
from starlette.responses import Response
from starlette.types import Scope

PUBLIC_PATH = "/static/dist/"  # where app/main.py serves static/dist
IMMUTABLE = "public, max-age=31536000, immutable"  # a year: the name changes with the content
REVALIDATE = "no-cache"  # may be stored, but asked about (ETag) before each use

_MODULE_SCRIPT = re.compile(r'<script type="module" src="/static/dist/([^"]+)"></script>')
_ASSET_REFERENCE = re.compile(r'(?<=")/static/dist/([^"]+)(?=")')


class UnknownAsset(LookupError):
    """A page names a file the build did not make (or static/dist was never built)."""


@dataclass(frozen=True)
class Page:
    html: str
    etag: str  # quoted, as the ETag header carries it


@dataclass(frozen=True)
class Manifest:
    files: dict[str, str]  # name the HTML uses -> hashed file, both relative to static/dist
    imports: dict[str, tuple[str, ...]]  # script name -> the chunks it imports statically
    hashed: frozenset[str]  # every hashed file, relative to static/dist

    @classmethod
    def read(cls, path: Path) -> Manifest:
        try:
            data = json.loads(path.read_text(encoding="utf-8"))
        except FileNotFoundError:
            raise UnknownAsset(f"{path.name} is missing: build the page (`make assets`)") from None
        entries = data["entries"]
        return cls(
            files={name: entry["file"] for name, entry in entries.items()},
            imports={name: tuple(entry.get("imports", ())) for name, entry in entries.items()},
            hashed=frozenset(data["files"]),
        )


class Assets:
    """The pages of `static_dir` with their hashed asset names, rebuilt when a file changes
    (a rebuild of static/dist, or an edited page, shows without a restart)."""

    def __init__(self, static_dir: Path) -> None:
        self.static_dir = static_dir
        self.manifest_path = static_dir / "dist" / "manifest.json"
        self._manifest: tuple[int, Manifest] | None = None
        self._pages: dict[str, tuple[tuple[int, int], Page]] = {}

    def manifest(self) -> Manifest:
        changed = _mtime(self.manifest_path)
        if self._manifest is None or self._manifest[0] != changed:
            try:
                self._manifest = (changed, Manifest.read(self.manifest_path))
            except UnknownAsset:
                if self._manifest is None:
                    raise
                # static/dist is being rebuilt (emptied first): the last build's names until then.
        return self._manifest[1]

    def is_hashed(self, relative: str) -> bool:
        """Is `relative` (a path under static/) a content-hashed built file?"""
        dist, _, rest = relative.replace("\\", "/").partition("/")
        try:
            return dist == "dist" and rest in self.manifest().hashed
        except UnknownAsset:  # never built: nothing is hashed
            return False

    def page(self, name: str) -> Page:
        """static/`name` with every /static/dist/ name replaced by its hashed file."""
        path = self.static_dir / name
        version = (_mtime(path), _mtime(self.manifest_path))
        cached = self._pages.get(name)
        if cached is None or cached[0] != version:
            html = substitute(path.read_text(encoding="utf-8"), self.manifest())
            etag = '"' + hashlib.sha256(html.encode("utf-8")).hexdigest()[:32] + '"'
            cached = (version, Page(html, etag))
            self._pages[name] = cached
        return cached[1]


def substitute(html: str, manifest: Manifest) -> str:
    """The page with hashed asset names, each module script preceded by its chunks' preloads."""

    def hashed(name: str) -> str:
        try:
            return PUBLIC_PATH + manifest.files[name]
        except KeyError:
            raise UnknownAsset(
                f"the page names {PUBLIC_PATH}{name}, which the build did not make"
            ) from None

    def with_preloads(script: re.Match[str]) -> str:
        preloads = "".join(
            f'<link rel="modulepreload" href="{PUBLIC_PATH}{chunk}">\n  '
            for chunk in manifest.imports.get(script[1], ())
        )
        return preloads + script[0]

    html = _MODULE_SCRIPT.sub(with_preloads, html)
    return _ASSET_REFERENCE.sub(
        lambda reference: reference[0] if reference[1] in manifest.hashed else hashed(reference[1]),
        html,
    )


def _mtime(path: Path) -> int:
    try:
        return path.stat().st_mtime_ns
    except FileNotFoundError:
        return -1


class StaticAssets(StaticFiles):
    """/static, with the cache lifetime each file may have: a year for hashed built files."""

    def __init__(self, assets: Assets) -> None:
        super().__init__(directory=assets.static_dir)
        self.assets = assets

    async def get_response(self, path: str, scope: Scope) -> Response:
        response = await super().get_response(path, scope)
        if response.status_code in (200, 304):
            cache = IMMUTABLE if self.assets.is_hashed(path) else REVALIDATE
            response.headers["cache-control"] = cache
        return response
