"""Probes: the calls a test makes, written in exercise.toml or generated from declared ranges.

An argument is a TOML value (number, string, list) or a table:

    { array = [[1.0, 2.0], [3.0, 4.0]], dtype = "float64" }   a literal array
    { random = [4, 8], seed = 1, low = -1.0, high = 1.0 }     uniform values, seeded
    { normal = [2, 4, 8], seed = 2, loc = 0.0, scale = 3.0 }  Gaussian values, seeded
    { eye = 4 }                                               the identity matrix
    { full = [2, 3], value = 1.0 }                            a constant array
    { integers = [3, 4], seed = 3, low = 0, high = 9 }        uniform integers (inclusive), int64

`generate = { count = 5, seed = 0, args = [...] }` draws `count` probes whose arguments may also
be `{ int = [low, high] }`, `{ even = [low, high] }` or `{ choice = [...] }` (inclusive ranges),
and whose array shapes may use those draws (`{ random = [{ int = [1, 8] }, 4] }`). A draw named
with `as = "n"` can be reused in the same probe as `{ ref = "n" }` (Q and K sharing d_k, say);
an array named so gives its size along an axis as `{ ref = "x", axis = 0 }`, for a shape derived
from another argument's (a mask of shape (n, n) for an x of n rows).

Every draw is seeded, so each run is reproducible, and each message shows an argument the way
it was made: `np.eye(4)`, `np.random.default_rng(7).normal(size=(4, 8))`. A generated array
without a `seed` of its own gets one drawn from `generate.seed`, so it too can be shown so.
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
    shown: tuple[str, ...] = ()  # each argument as the call shows it

    @property
    def arrays(self) -> list[np.ndarray[Any, Any]]:
        return [arg for arg in self.args if isinstance(arg, np.ndarray)]


def parse_probes(function: str, probes: list[Any], generate: dict[str, Any] | None) -> list[Probe]:
    if not isinstance(probes, list):
        raise TypeError("probes must be a list of argument lists")
    parsed = []
    for item in probes:
        made: dict[int, str] = {}
        args = [_argument(arg, None, {}, made) for arg in _args(item)]
        parsed.append(make_probe(function, args, shown=made))
    if generate:
        parsed += _generated(function, generate)
    return parsed


def make_probe(
    function: str, args: list[Any], counted: bool = False, shown: dict[int, str] | None = None
) -> Probe:
    """A call of `function`; `shown` maps an argument's id to how it was made, if known."""
    texts = tuple((shown or {}).get(id(arg)) or show_argument(arg) for arg in args)
    key = json.dumps([_key(arg) for arg in args]) + (" counted" if counted else "")
    return Probe(tuple(args), f"{function}({', '.join(texts)})", key, counted, shown=texts)


SCALE = 4
"""How much a counted probe's second call scales every size: any growth in the count fails."""

COUNTED_FACTORS = (1, 2, 3)
"""The sizes of a counted pair, drawn per grading (graders.exercise.Exercise.with_fresh_probes):
the first call is the probe with every size scaled by one of these, the second by `SCALE`
times as much, so a solution cannot know the counted calls by their sizes in advance. A few,
fixed: the reference's outputs for each are computed once, ahead of the gradings that use them.
"""


def counted_pair(
    function: str, probe: Probe, sizes: list[int] | None = None, factor: int = 1
) -> list[Probe]:
    """`probe` with every size scaled by `factor`, and by `factor * SCALE`, both counted.

    A size is an int argument (not a bool) or each axis of an array argument (tiled, so the
    values keep their spread); `sizes`, when given, names which arguments (by position) are
    sizes, for a function that also takes ints of another meaning.
    """
    return [
        _scaled_probe(function, probe, sizes, factor),
        _scaled_probe(function, probe, sizes, factor * SCALE),
    ]


def _scaled_probe(function: str, probe: Probe, sizes: list[int] | None, factor: int) -> Probe:
    # How each array was made, so the counted call shows it too (tiled, when scaled).
    original = {
        id(arg): text
        for arg, text in zip(probe.args, probe.shown, strict=False)
        if isinstance(arg, np.ndarray)
    }
    scaled: list[Any] = []
    texts: dict[int, str] = {}
    for index, arg in enumerate(probe.args):
        value = _scaled(arg, factor) if sizes is None or index in sizes else arg
        if id(arg) in original:
            text = original[id(arg)]
            tiled = f"np.tile({text}, {(factor,) * arg.ndim})"
            texts[id(value)] = text if value is arg else tiled
        scaled.append(value)
    return make_probe(function, scaled, True, texts)


def _scaled(value: Any, factor: int) -> Any:
    if factor == 1:
        return value
    if type(value) is int:
        return value * factor
    if isinstance(value, np.ndarray) and value.ndim:
        return np.tile(value, (factor,) * value.ndim)
    return value


def _made(expression: str, dtype: str) -> str:
    return expression if dtype == "float64" else f"{expression}.astype(np.{np.dtype(dtype).name})"


def show_argument(value: Any) -> str:
    """How a call shows an argument: text that evaluates (with `np`) back to the same value.

    A small array is written out with each number in the shortest form that parses back to
    the same value of its dtype (0.00025, not 0.0002; 1.0, not 1.0000000000000000), and its
    dtype when `np.array` would not give it by default; a larger one by dtype and shape.
    """
    if isinstance(value, np.ndarray):
        if value.size <= _INLINE_ELEMENTS:
            return f"np.array({_literal(value)}{_dtype_argument(value)})"
        return f"<{value.dtype.name} array of shape {tuple(value.shape)}>"
    if isinstance(value, float) and not np.isfinite(value):
        return _number(np.float64(value))
    return repr(value)


def _dtype_argument(value: np.ndarray[Any, Any]) -> str:
    """`, dtype=...` when `np.array` would not give the numbers `_literal` writes this dtype."""
    if np.array(value.tolist()).dtype == value.dtype:
        return ""
    name = value.dtype.name
    return f", dtype=np.{name}" if hasattr(np, name) else f", dtype={value.dtype.str!r}"


def _literal(value: Any) -> str:
    """`value` (an array or one of its items) as nested Python list syntax."""
    if isinstance(value, np.ndarray) and value.ndim:
        return f"[{', '.join(_literal(item) for item in value)}]"
    return _number(np.asarray(value)[()])


def _number(item: Any) -> str:
    if isinstance(item, np.floating):
        if np.isnan(item):
            return "np.nan"
        if np.isinf(item):
            return "np.inf" if item > 0 else "-np.inf"
        return str(item)  # numpy's shortest text that parses back to the same value
    return repr(item.item() if isinstance(item, np.generic) else item)


def _args(item: Any) -> list[Any]:
    if not isinstance(item, list):
        raise TypeError(f"a probe must be a list of arguments, not {item!r}")
    return item


def _argument(
    spec: Any,
    rng: np.random.Generator | None,
    names: dict[str, Any],
    made: dict[int, str] | None = None,
) -> Any:
    """The value of one argument spec; `made` collects how each array was made, by its id."""
    if not isinstance(spec, dict):
        return spec
    if "ref" in spec:
        if spec["ref"] not in names:
            raise ValueError(f"{{ ref = {spec['ref']!r} }} names no earlier draw (use as = ...)")
        named = names[spec["ref"]]
        if "axis" not in spec:
            return named
        if not isinstance(named, np.ndarray):
            raise ValueError(f"{{ ref = {spec['ref']!r}, axis = ... }} names no array")
        return int(named.shape[int(spec["axis"])])
    value = _value(spec, rng, names, made if made is not None else {})
    if "as" in spec:
        names[str(spec["as"])] = value
    return value


def _value(
    spec: dict[str, Any],
    rng: np.random.Generator | None,
    names: dict[str, Any],
    made: dict[int, str],
) -> Any:
    dtype = spec.get("dtype", "float64")
    if "array" in spec:
        return np.asarray(spec["array"], dtype=dtype)
    if "eye" in spec:
        size = int(_argument(spec["eye"], rng, names))
        value = np.eye(size, dtype=dtype)
        made[id(value)] = _made(f"np.eye({size})", dtype)
        return value
    if "full" in spec:
        shape = tuple(int(_argument(dim, rng, names)) for dim in spec["full"])
        fill = float(spec.get("value", 0.0))
        value = np.full(shape, fill, dtype=dtype)
        made[id(value)] = _made(f"np.full({shape}, {fill!r})", dtype)
        return value
    kinds = [kind for kind in ("random", "normal", "integers") if kind in spec]
    if kinds:
        shape = tuple(int(_argument(dim, rng, names)) for dim in spec[kinds[0]])
        if "seed" in spec:
            seed = int(spec["seed"])
        elif rng is not None:  # its own seed, so the message can show how to make it
            seed = int(rng.integers(1_000_000))
        else:
            raise ValueError("a random array needs a seed")
        generator = np.random.default_rng(seed)
        if kinds[0] == "integers":
            low, high = int(spec.get("low", 0)), int(spec.get("high", 9))
            value = generator.integers(low, high, size=shape, endpoint=True).astype("int64")
            call = f"integers({low}, {high}, size={shape}, endpoint=True)"
            made[id(value)] = f"np.random.default_rng({seed}).{call}"
            return value
        if kinds[0] == "normal":
            loc, scale = float(spec.get("loc", 0.0)), float(spec.get("scale", 1.0))
            values = generator.normal(loc, scale, size=shape)
            call = (
                f"normal(size={shape})"
                if (loc, scale) == (0.0, 1.0)
                else (f"normal({loc!r}, {scale!r}, size={shape})")
            )
        else:
            low_f, high_f = float(spec.get("low", -1.0)), float(spec.get("high", 1.0))
            values = generator.uniform(low_f, high_f, size=shape)
            call = f"uniform({low_f!r}, {high_f!r}, size={shape})"
        value = values.astype(dtype)
        made[id(value)] = _made(f"np.random.default_rng({seed}).{call}", dtype)
        return value
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
        made: dict[int, str] = {}
        args = [_argument(spec, rng, names, made) for spec in specs]
        probe = make_probe(function, args, shown=made)
        probes.append(replace(probe, fresh=True) if fresh else probe)
    return probes


def _key(value: Any) -> Any:
    if isinstance(value, np.ndarray):
        return {"dtype": value.dtype.str, "shape": list(value.shape), "data": value.tobytes().hex()}
    return value
