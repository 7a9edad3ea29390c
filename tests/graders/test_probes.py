"""Probes written in exercise.toml: literal, seeded and generated arguments."""

from __future__ import annotations

from typing import Any

import numpy as np
import pytest

from graders.probes import parse_probes


def test_literal_and_seeded_arguments_are_reproducible() -> None:
    first = parse_probes("f", [[3, {"random": [2, 3], "seed": 1}]], None)
    second = parse_probes("f", [[3, {"random": [2, 3], "seed": 1}]], None)
    assert first[0].key == second[0].key
    assert first[0].args[0] == 3
    assert first[0].args[1].shape == (2, 3)


def test_generated_probes_share_named_draws() -> None:
    generate = {
        "count": 4,
        "seed": 0,
        "args": [
            {"random": [{"int": [1, 5]}, {"int": [2, 6], "as": "d"}]},
            {"random": [{"int": [1, 5]}, {"ref": "d"}]},
        ],
    }
    for probe in parse_probes("attention", [], generate):
        query, key = probe.args
        assert query.shape[1] == key.shape[1]
        assert probe.call.startswith("attention(")


@pytest.mark.parametrize(
    ("spec", "expected"),
    [
        ({"eye": 3}, np.eye(3)),
        ({"full": [2, 2], "value": 1.5}, np.full((2, 2), 1.5)),
        ({"array": [[1, 2]], "dtype": "float32"}, np.array([[1, 2]], dtype=np.float32)),
    ],
    ids=["eye", "full", "array"],
)
def test_array_shortcuts(spec: dict[str, object], expected: np.ndarray[Any, Any]) -> None:
    [probe] = parse_probes("f", [[spec]], None)
    assert np.array_equal(probe.args[0], expected)
    assert probe.args[0].dtype == expected.dtype


def test_small_arrays_are_shown_inline_and_large_ones_by_shape() -> None:
    literal = {"array": [[0.0] * 5] * 5}
    [small, large] = parse_probes("f", [[{"array": [1.0, 2.0]}], [literal]], None)
    assert small.call == "f(np.array([1.0, 2.0]))"
    assert large.call == "f(<float64 array of shape (5, 5)>)"


def test_a_reference_to_an_unknown_draw_is_an_error() -> None:
    with pytest.raises(ValueError, match="names no earlier draw"):
        parse_probes("f", [], {"count": 1, "args": [{"ref": "n"}]})


AWKWARD = [
    [{"array": [0.00025, 0.004, 1.0]}, {"array": [[1 / 3, 0.5], [1e-12, 123456.789]]}, 0.1, 7],
    [{"array": [0.1, 2.5], "dtype": "float32"}, {"array": [1, 2], "dtype": "int32"}, {"array": []}],
    [{"array": [5e-324, 1e300, -0.0]}, {"array": [0.1, 0.2], "dtype": "float16"}, 1e-8],
    [{"array": [[0.0, "-inf"], ["inf", "nan"]]}, float("nan"), {"array": 0.30000000000000004}],
]


def test_a_call_with_literal_numbers_pasted_back_gives_the_same_arguments() -> None:
    """The call a message shows ("Called f(np.array([0.00025, ...]), ...)") reproduces it."""
    recorded: list[tuple[Any, ...]] = []

    def adam_step(*args: Any) -> None:  # the entry, bound to a recorder
        recorded.append(args)

    for probe in parse_probes("adam_step", AWKWARD, None):
        recorded.clear()
        eval(probe.call, {"np": np, "adam_step": adam_step})
        [args] = recorded
        assert len(args) == len(probe.args), probe.call
        for again, arg in zip(args, probe.args, strict=True):
            assert np.array_equal(again, arg, equal_nan=True), probe.call
            assert np.asarray(again).dtype == np.asarray(arg).dtype, probe.call


def test_short_literal_numbers_stay_short() -> None:
    [probe] = parse_probes("f", [[{"array": [1.0, 0.5, 0.00025]}, 0.1]], None)
    assert probe.call == "f(np.array([1.0, 0.5, 0.00025]), 0.1)"
