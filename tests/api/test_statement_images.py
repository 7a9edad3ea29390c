"""A statement's images, served from the exercise's images/ folder and nothing else."""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import httpx
import pytest

from tests.api.app_server import AppServer
from tests.conftest import EXERCISES, FLAGSHIP

PNG = b"\x89PNG\r\n\x1a\n" + b"\x00" * 16
URL = f"/api/exercises/{FLAGSHIP}/images"


@pytest.fixture(scope="module")
def client(tmp_path_factory: pytest.TempPathFactory) -> Iterator[httpx.Client]:
    root = tmp_path_factory.mktemp("images")
    exercises = root / "exercises"
    shutil.copytree(EXERCISES / FLAGSHIP, exercises / FLAGSHIP)
    (exercises / FLAGSHIP / "images").mkdir()
    (exercises / FLAGSHIP / "images" / "table.png").write_bytes(PNG)
    statement = exercises / FLAGSHIP / "statement.md"
    statement.write_text(
        statement.read_text(encoding="utf-8") + "\n![The table, drawn](images/table.png)\n",
        encoding="utf-8",
    )
    (exercises / FLAGSHIP / "images" / "drawing.svg").write_text("<svg><script/></svg>")
    (exercises / FLAGSHIP / "images" / "escape.png").symlink_to(
        exercises / FLAGSHIP / "solution.py"
    )
    (root / "secret.png").write_bytes(PNG)
    (root / "data").mkdir()
    with AppServer(root / "data", exercises_dir=str(exercises)) as live, live.client() as http:
        yield http


def test_an_image_of_the_images_folder_is_served_with_its_type(client: httpx.Client) -> None:
    response = client.get(f"{URL}/table.png")
    assert response.status_code == 200
    assert response.headers["content-type"] == "image/png"
    assert response.content == PNG


@pytest.mark.parametrize(
    "name",
    [
        "..%2F..%2Fsecret.png",  # a path out of the folder, encoded
        "..%2Fsolution.py",
        "..%5Csolution.py",
        "escape.png",  # a link out of the folder
        "drawing.svg",  # a type that may carry script
        ".hidden.png",
        "absent.png",
    ],
)
def test_nothing_outside_the_images_folder_can_be_named(client: httpx.Client, name: str) -> None:
    response = client.get(f"{URL}/{name}")
    assert response.status_code == 404
    assert b"def positional_encoding" not in response.content


def test_an_image_of_an_unknown_exercise_is_a_404(client: httpx.Client) -> None:
    assert client.get("/api/exercises/no-such-thing/images/table.png").status_code == 404


def test_an_image_written_relative_to_the_folder_points_at_the_api(client: httpx.Client) -> None:
    html = client.get(f"/api/exercises/{FLAGSHIP}").json()["statement_html"]
    assert f'src="{URL}/table.png"' in html
    assert client.get(f"{URL}/table.png").status_code == 200
