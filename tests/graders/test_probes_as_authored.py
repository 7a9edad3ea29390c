"""Generated probes are shown the way they were made, so a learner can reproduce the call."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders.exercise import load_exercise
from graders.probes import Probe, draw_probes, parse_probes
from tests.conftest import EXERCISES

FOLDERS = sorted(folder for folder in EXERCISES.iterdir() if (folder / "exercise.toml").exists())


def reproduced(text: str) -> Any:
    return eval(text, {"np": np})  # the text this module's probes produced


def assert_reproducible(probe: Probe) -> None:
    for arg, text in zip(probe.args, probe.shown, strict=True):
        if isinstance(arg, np.ndarray) and not text.startswith("<"):
            again = reproduced(text)
            assert again.dtype == arg.dtype, text
            assert np.array_equal(again, arg), text


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_every_probe_shown_as_made_gives_back_its_argument(folder: Path) -> None:
    exercise = load_exercise(folder)
    for test in exercise.with_fresh_probes(seed=12345).tests:
        for probe in test.probes:
            assert_reproducible(probe)


@pytest.mark.parametrize(
    ("spec", "shown"),
    [
        ({"eye": 4}, "np.eye(4)"),
        ({"full": [2, 3], "value": 1.5}, "np.full((2, 3), 1.5)"),
        ({"normal": [4, 8], "seed": 7}, "np.random.default_rng(7).normal(size=(4, 8))"),
        (
            {"normal": [3], "seed": 2, "loc": 1.0, "scale": 3.0, "dtype": "float32"},
            "np.random.default_rng(2).normal(1.0, 3.0, size=(3,)).astype(np.float32)",
        ),
        ({"random": [2, 2], "seed": 1}, "np.random.default_rng(1).uniform(-1.0, 1.0, size=(2, 2))"),
        (
            {"integers": [3, 4], "seed": 3, "low": -5, "high": 5},
            "np.random.default_rng(3).integers(-5, 5, size=(3, 4), endpoint=True)",
        ),
    ],
)
def test_an_argument_is_shown_as_authored(spec: dict[str, Any], shown: str) -> None:
    [probe] = parse_probes("f", [[spec]], None)
    assert probe.call == f"f({shown})"
    assert_reproducible(probe)


def test_integer_arrays_are_int64_within_their_inclusive_range() -> None:
    [probe] = parse_probes("f", [[{"integers": [200], "seed": 1, "low": 0, "high": 3}]], None)
    (values,) = probe.args
    assert values.dtype == np.int64
    assert set(values.tolist()) == {0, 1, 2, 3}


def test_a_generated_array_without_a_seed_gets_one_it_shows() -> None:
    specs = [{"normal": [{"int": [2, 6]}, 4]}]
    probes = draw_probes("f", specs, 3, np.random.default_rng(0))
    for probe in probes:
        assert probe.call.startswith("f(np.random.default_rng(")
        assert_reproducible(probe)
    assert len({probe.call for probe in probes}) == 3


def test_a_shape_can_be_derived_from_another_arguments_axis() -> None:
    specs = [
        {"normal": [{"int": [2, 9]}, 4], "as": "x"},
        {"full": [{"ref": "x", "axis": 0}, {"ref": "x", "axis": 0}], "value": 1.0},
    ]
    for probe in draw_probes("f", specs, 5, np.random.default_rng(1)):
        x, mask = probe.args
        assert mask.shape == (x.shape[0], x.shape[0])
        assert_reproducible(probe)


def test_an_axis_of_a_number_is_an_error() -> None:
    specs = [{"int": [2, 9], "as": "n"}, {"full": [{"ref": "n", "axis": 0}]}]
    with pytest.raises(ValueError, match="names no array"):
        draw_probes("f", specs, 1, np.random.default_rng(1))


def test_a_counted_call_shows_its_scaled_array_as_a_tile() -> None:
    exercise = load_exercise(EXERCISES / "rotary-positional-embedding")
    small, large = exercise.test("vectorised").probes
    assert small.call == "apply_rope(np.random.default_rng(70).normal(size=(4, 8)))"
    assert (
        large.call == "apply_rope(np.tile(np.random.default_rng(70).normal(size=(4, 8)), (4, 4)))"
    )
    assert_reproducible(large)
