"""The built front end over HTTP: pages name content-hashed files that exist, those files are
cached for a year, the pages are revalidated, and a name the build did not make is not found."""

from __future__ import annotations

import json
import re

import httpx
import pytest

from app.assets import Manifest, UnknownAsset, substitute
from app.live_server import PROJECT_ROOT
from tests.conftest import FLAGSHIP

DIST = PROJECT_ROOT / "static" / "dist"
PAGES = ["/", f"/exercises/{FLAGSHIP}"]
YEAR_IMMUTABLE = "public, max-age=31536000, immutable"
HASHED = re.compile(r"/static/dist/(?:[\w-]+/)*[\w-]+-[A-Z0-9]{8}\.(?:js|css|woff2)")
REFERENCE = re.compile(r'<(?:script|link)\b[^>]*?(?:src|href)="(/static/[^"]+)"')
MANIFEST = json.loads((DIST / "manifest.json").read_text(encoding="utf-8"))


def references(html: str) -> list[str]:
    return REFERENCE.findall(html)


def static_imports(source: str) -> set[str]:
    """The files a minified ES module imports statically (`from"./x.js"`), not with import()."""
    return set(re.findall(r'(?:from|import)\s*"\./([^"]+)"', source))


@pytest.mark.parametrize("path", PAGES)
def test_a_page_names_only_hashed_assets_that_exist(client: httpx.Client, path: str) -> None:
    page = client.get(path)
    named = references(page.text)
    assert named, "the page names no asset"
    for url in named:
        assert HASHED.fullmatch(url), f"{url} is not a content-hashed name"
        assert client.get(url).status_code == 200, url


@pytest.mark.parametrize(
    ("path", "entry"), [("/", "list.js"), (f"/exercises/{FLAGSHIP}", "exercise.js")]
)
def test_a_page_preloads_exactly_the_chunks_its_script_imports(
    client: httpx.Client, path: str, entry: str
) -> None:
    html = client.get(path).text
    script = "/static/dist/" + MANIFEST["entries"][entry]["file"]
    assert f'<script type="module" src="{script}"></script>' in html
    preloaded = set(re.findall(r'<link rel="modulepreload" href="/static/dist/([^"]+)">', html))
    imported: set[str] = set()
    todo = [MANIFEST["entries"][entry]["file"]]
    while todo:
        file = todo.pop()
        folder = file.rpartition("/")[0]
        for name in static_imports(client.get(f"/static/dist/{file}").text):
            found = f"{folder}/{name}" if folder else name
            if found not in imported:
                imported.add(found)
                todo.append(found)
    assert preloaded == imported


def test_the_lazy_chunks_are_not_preloaded(client: httpx.Client) -> None:
    html = client.get(f"/exercises/{FLAGSHIP}").text
    lazy = [f for f in MANIFEST["files"] if re.match(r"chunks/(math|highlight|heatmap)-", f)]
    assert len(lazy) == 3
    for file in lazy:
        assert file not in html
    assert "katex" not in html  # KaTeX's stylesheet comes with its code


def test_hashed_assets_are_cached_immutable_for_a_year(client: httpx.Client) -> None:
    for page in PAGES:
        for url in references(client.get(page).text):
            assert client.get(url).headers["cache-control"] == YEAR_IMMUTABLE, url
    for file in MANIFEST["files"]:  # lazy chunks, KaTeX's stylesheet and fonts too
        response = client.get(f"/static/dist/{file}")
        assert response.status_code == 200, file
        assert response.headers["cache-control"] == YEAR_IMMUTABLE, file


def test_files_that_keep_their_name_are_revalidated(client: httpx.Client) -> None:
    for path in ["/static/dist/manifest.json", "/static/dist/THIRD_PARTY_LICENSES.txt"]:
        response = client.get(path)
        assert response.status_code == 200
        assert response.headers["cache-control"] == "no-cache"


@pytest.mark.parametrize("path", PAGES)
def test_a_page_is_revalidated_by_its_etag(client: httpx.Client, path: str) -> None:
    first = client.get(path)
    assert first.headers["cache-control"] == "no-cache"
    assert first.headers["content-type"] == "text/html; charset=utf-8"
    again = client.get(path, headers={"If-None-Match": first.headers["etag"]})
    assert again.status_code == 304
    assert again.content == b""
    stale = client.get(path, headers={"If-None-Match": '"not-this-one"'})
    assert stale.status_code == 200
    assert stale.text == first.text


@pytest.mark.parametrize(
    "path",
    [
        "/static/dist/exercise.js",  # the name before hashing: no longer built
        "/static/dist/style.css",
        "/static/dist/exercise-AAAAAAAA.js",
        "/static/dist/chunks/math-AAAAAAAA.js",
    ],
)
def test_an_asset_the_build_did_not_make_is_not_found(client: httpx.Client, path: str) -> None:
    assert client.get(path).status_code == 404


def test_every_built_file_is_in_the_manifest() -> None:
    built = {
        path.relative_to(DIST).as_posix()
        for path in DIST.rglob("*")
        if path.is_file() and path.name not in {"manifest.json", "THIRD_PARTY_LICENSES.txt"}
    }
    assert built == set(MANIFEST["files"])


def test_a_page_naming_an_asset_the_build_did_not_make_is_refused() -> None:
    manifest = Manifest.read(DIST / "manifest.json")
    with pytest.raises(UnknownAsset, match=r"/static/dist/missing\.js"):
        substitute('<script type="module" src="/static/dist/missing.js"></script>', manifest)
