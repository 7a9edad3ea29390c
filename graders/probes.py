"""Probes: the calls a test makes, written in exercise.toml or generated from declared ranges.

An argument is a TOML value (number, string, list) or a table:

    { array = [[1.0, 2.0], [3.0, 4.0]], dtype = "float64" }   a literal array
    { random = [4, 8], seed = 1, low = -1.0, high = 1.0 }     uniform values, seeded
    { normal = [2, 4, 8], seed = 2, loc = 0.0, scale = 3.0 }  Gaussian values, seeded
    { eye = 4 }                                               the identity matrix
    { full = [2, 3], value = 1.0 }                            a constant array

`generate = { count = 5, seed = 0, args = [...] }` draws `count` probes whose arguments may also
be `{ int = [low, high] }`, `{ even = [low, high] }` or `{ choice = [...] }` (inclusive ranges),
and whose array shapes may use those draws (`{ random = [{ int = [1, 8] }, 4] }`). A draw named
with `as = "n"` can be reused in the same probe as `{ ref = "n" }` (Q and K sharing d_k, say).
Every draw is seeded, so each run is reproducible and each message can show the input.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, replace
from typing import Any

import numpy as np

_INLINE_ELEMENTS = 12


@dataclass(frozen=True)
class Probe:
    """One call of the learner's function."""

    args: tuple[Any, ...]
    call: str  # how the call is shown to the learner
    key: str  # identity, for sharing one run between tests
    counted: bool = False  # run under the line tracer (graders.protocol.counts)
    fresh: bool = False  # drawn for one grading (`generate.fresh`): its outputs are not kept

    @property
    def arrays(self) -> list[np.ndarray[Any, Any]]:
        return [arg for arg in self.args if isinstance(arg, np.ndarray)]


def parse_probes(function: str, probes: list[Any], generate: dict[str, Any] | None) -> list[Probe]:
    if not isinstance(probes, list):
        raise TypeError("probes must be a list of argument lists")
    parsed = [
        make_probe(function, [_argument(arg, None, {}) for arg in _args(item)]) for item in probes
    ]
    if generate:
        parsed += _generated(function, generate)
    return parsed


def make_probe(function: str, args: list[Any], counted: bool = False) -> Probe:
    shown = ", ".join(show_argument(arg) for arg in args)
    key = json.dumps([_key(arg) for arg in args]) + (" counted" if counted else "")
    return Probe(tuple(args), f"{function}({shown})", key, counted)


SCALE = 4
"""How much a counted probe's second call scales every size: any growth in the count fails."""


def counted_pair(function: str, probe: Probe, sizes: list[int] | None = None) -> list[Probe]:
    """`probe` and the same call with every size scaled by `SCALE`, both counted.

    A size is an int argument (not a bool) or each axis of an array argument (tiled, so the
    values keep their spread); `sizes`, when given, names which arguments (by position) are
    sizes, for a function that also takes ints of another meaning.
    """
    scaled = [
        _scaled(arg) if sizes is None or index in sizes else arg
        for index, arg in enumerate(probe.args)
    ]
    return [make_probe(function, list(probe.args), True), make_probe(function, scaled, True)]


def _scaled(value: Any) -> Any:
    if type(value) is int:
        return value * SCALE
    if isinstance(value, np.ndarray) and value.ndim:
        return np.tile(value, (SCALE,) * value.ndim)
    return value


def show_argument(value: Any) -> str:
    if isinstance(value, np.ndarray):
        if value.size <= _INLINE_ELEMENTS:
            return f"np.array({np.round(value, 4).tolist()})"
        return f"<{value.dtype.name} array of shape {tuple(value.shape)}>"
    return repr(value)


def _args(item: Any) -> list[Any]:
    if not isinstance(item, list):
        raise TypeError(f"a probe must be a list of arguments, not {item!r}")
    return item


def _argument(spec: Any, rng: np.random.Generator | None, names: dict[str, Any]) -> Any:
    if not isinstance(spec, dict):
        return spec
    if "ref" in spec:
        if spec["ref"] not in names:
            raise ValueError(f"{{ ref = {spec['ref']!r} }} names no earlier draw (use as = ...)")
        return names[spec["ref"]]
    value = _value(spec, rng, names)
    if "as" in spec:
        names[str(spec["as"])] = value
    return value


def _value(spec: dict[str, Any], rng: np.random.Generator | None, names: dict[str, Any]) -> Any:
    dtype = spec.get("dtype", "float64")
    if "array" in spec:
        return np.asarray(spec["array"], dtype=dtype)
    if "eye" in spec:
        return np.eye(int(_argument(spec["eye"], rng, names)), dtype=dtype)
    if "full" in spec:
        shape = tuple(int(_argument(dim, rng, names)) for dim in spec["full"])
        return np.full(shape, float(spec.get("value", 0.0)), dtype=dtype)
    if "random" in spec or "normal" in spec:
        dimensions = spec["random"] if "random" in spec else spec["normal"]
        shape = tuple(int(_argument(dim, rng, names)) for dim in dimensions)
        generator = np.random.default_rng(spec["seed"]) if "seed" in spec else rng
        if generator is None:
            raise ValueError("a random array needs a seed")
        if "normal" in spec:
            values = generator.normal(
                float(spec.get("loc", 0.0)), float(spec.get("scale", 1.0)), size=shape
            )
        else:
            values = generator.uniform(
                float(spec.get("low", -1.0)), float(spec.get("high", 1.0)), size=shape
            )
        return values.astype(dtype)
    if rng is None:
        raise ValueError(f"{sorted(spec)} draws need `generate`")
    if "int" in spec:
        low, high = spec["int"]
        return int(rng.integers(low, high + 1))
    if "even" in spec:
        low, high = spec["even"]
        return 2 * int(rng.integers((low + 1) // 2, high // 2 + 1))
    if "choice" in spec:
        options = spec["choice"]
        return options[int(rng.integers(len(options)))]
    raise ValueError(f"unknown argument table {sorted(spec)}")


def _generated(function: str, generate: dict[str, Any]) -> list[Probe]:
    rng = np.random.default_rng(int(generate.get("seed", 0)))
    return draw_probes(function, _args(generate["args"]), int(generate.get("count", 5)), rng)


def draw_probes(
    function: str, specs: list[Any], count: int, rng: np.random.Generator, fresh: bool = False
) -> list[Probe]:
    """`count` probes whose arguments are drawn from `specs` (a `generate.args` list)."""
    probes = []
    for _ in range(count):
        names: dict[str, Any] = {}
        probe = make_probe(function, [_argument(spec, rng, names) for spec in specs])
        probes.append(replace(probe, fresh=True) if fresh else probe)
    return probes


def _key(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return {"dtype": value.dtype.str, "shape": list(value.shape), "data": value.tobytes().hex()}
    return value
