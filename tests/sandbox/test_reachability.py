"""The language layer is closed by construction: nothing forbidden is reachable from graded
code's namespace, and no reachable callable walks a format field or evaluates a string.

The walk (tests/sandbox/reachability.py) calls what it reaches, so it runs in a process of its
own; the table of formatting paths runs in this one, under the policy.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import textwrap
from pathlib import Path
from typing import Any

import pytest

from graders.inside.transformer import NOT_AVAILABLE
from tests.conftest import ROOT
from tests.sandbox.reachability import CANARY, PLANTS, Probe
from tests.sandbox.test_raw_memory import run_in_process

_WALK_SECONDS = 120  # it takes about 15 s; a slow machine gets room, a hung walk does not


def run_walk(directory: Path, plant: str | None = None) -> dict[str, Any]:
    """Run the walk in a fresh process (in `directory`, so nothing it writes lands here)."""
    out = directory / "walk.json"
    command = [sys.executable, "-m", "tests.sandbox.reachability", str(out)]
    # Not under coverage (pytest-cov would trace it, three times slower; it exits with
    # os._exit, so nothing would be recorded anyway).
    environment = {
        k: v for k, v in os.environ.items() if not k.startswith(("COV_CORE", "COVERAGE"))
    }
    environment["PYTHONPATH"] = str(ROOT)
    completed = subprocess.run(  # our own interpreter and module
        command + ([plant] if plant else []),
        cwd=directory,
        env=environment,
        capture_output=True,
        text=True,
        timeout=_WALK_SECONDS,
        check=False,
    )
    step = Path(f"{out}.step")
    last = step.read_text(encoding="utf-8").strip() if step.exists() else "(before the walk)"
    partial = json.loads(out.read_text(encoding="utf-8")) if out.exists() else {"found": {}}
    assert completed.returncode == 0, (
        f"the walk ended with status {completed.returncode} at: {last}\n"
        + ("forbidden objects it had reached:\n" + _listing(partial["found"]) + "\n")
        + completed.stderr[-3000:]
    )
    result: dict[str, Any] = partial
    return result


@pytest.fixture(scope="module")
def walk(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return run_walk(tmp_path_factory.mktemp("walk"))


def _listing(found: dict[str, str]) -> str:
    return "\n".join(f"  {path}\n      {why}" for path, why in sorted(found.items()))


def test_nothing_forbidden_is_reachable(walk: dict[str, Any]) -> None:
    print(f"the walk visited {walk['visited']} objects in {walk['seconds']} s")
    assert not walk["found"], "forbidden objects are reachable:\n" + _listing(walk["found"])


def test_no_reachable_callable_walks_a_learner_format_field(walk: dict[str, Any]) -> None:
    assert not walk["formatting"], "these walk format fields:\n" + _listing(walk["formatting"])


@pytest.fixture(scope="module")
def planted_walk(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    """The walk from the facades that every plant of `PLANTS` was added to."""
    return run_walk(tmp_path_factory.mktemp("planted"), "all")


@pytest.mark.parametrize("plant", sorted(PLANTS))
def test_the_walk_finds_a_member_nobody_told_it_about(
    planted_walk: dict[str, Any], plant: str
) -> None:
    member = PLANTS[plant][1]
    found = planted_walk["found"] | planted_walk["formatting"]
    assert any(member in path for path in found), _listing(found)


# name -> learner code that hands `probe` to a formatter, an attribute reader or an evaluator
FORMATTING_PATHS = {
    "str.format": '"{0.canary_field}".format(probe)',
    "str.format, unbound": 'str.format("{0.canary_field}", probe)',
    "str.format of a str subclass": 'class S(str): pass\nS("{0.canary_field}").format(probe)',
    "super().format in a str subclass": """
        class S(str):
            def show(self, value):
                return super().format(value)
        S("{0.canary_field}").show(probe)
    """,
    "str.format_map": '"{p.canary_field}".format_map({"p": probe})',
    "str.format_map, unbound": 'str.format_map("{p.canary_field}", {"p": probe})',
    "UserString.format": 'import collections\ncollections.UserString("{0.canary_field}").format(probe)',
    "UserString.format_map": """
        import collections
        collections.UserString("{p.canary_field}").format_map({"p": probe})
    """,
    "string.Formatter": 'import string\nstring.Formatter().format("{0.canary_field}", probe)',
    "an alias over a string": 'type(list[int])("{0.canary_field}", ()).format(probe)',
    "a typing alias over str": 'import typing\ntyping.Text.format("{0.canary_field}", probe)',
    "typing.ForwardRef": 'import typing\ntyping.ForwardRef("probe.canary_field")',
    "typing.get_type_hints": "import typing\ntyping.get_type_hints(probe)",
    "functools.singledispatch": "import functools\nfunctools.singledispatch(probe)",
    "operator.attrgetter": 'import operator\noperator.attrgetter("canary_field")(probe)',
    "operator.methodcaller": 'import operator\noperator.methodcaller("canary_field")(probe)',
    "getattr": 'getattr(probe, "_canary_field")',
    "np.bmat": 'np.bmat("probe")',
    "np.r_": 'np.r_["probe"]',
    "np.c_": 'np.c_["probe"]',
}


@pytest.mark.parametrize("path", sorted(FORMATTING_PATHS))
def test_each_formatting_path_is_guarded_or_refused(path: str) -> None:
    source = "import numpy as np\n" + textwrap.dedent(FORMATTING_PATHS[path]).strip("\n") + "\n"
    Probe.reads.clear()
    with pytest.raises(Exception) as refused:  # noqa: PT011 - each path has its own error
        namespace_with_probe(source)
    assert CANARY not in Probe.reads
    assert "_canary_field" not in Probe.reads
    message = str(refused.value)
    assert "not allowed here" in message or NOT_AVAILABLE in message, message


def namespace_with_probe(source: str) -> dict[str, Any]:
    return run_in_process(source, {"probe": Probe()})


# --- what the walk found, one test each ---------------------------------------------------------

# name -> (learner code that must be refused, words of the refusal)
FOUND_ESCAPES = {
    "super_through_a_numpy_class": (
        "bg = np.random.PCG64(1)\nsuper(np.random.PCG64, bg).__init__(7)",
        "super() through PCG64 is not available in graded code",
    ),
    "real_type_from_typing_get_origin": (
        "import typing\ntyping.get_origin(typing.Type)('C', (), {})",
        "type(name, bases, namespace) is not available in graded code",
    ),
    "metaclass_imported_into_a_facade": (
        "import numbers\nnumbers.ABCMeta('C', (), {})",
        "numbers.ABCMeta is not available in graded code",
    ),
    "copy_registry": (
        "import copy\ncopy.dispatch_table()",
        "copy.dispatch_table is not available in graded code",
    ),
    "denied_class_through_type": (
        "import typing\ntype(typing.get_args(typing.List['int'])[0])('x')",
        "typing.ForwardRef is not available in graded code",
    ),
    "numpy_dispatcher_class_through_type": (
        "type(np.sum)()",
        "type(np.sum) is not available in graded code",
    ),
    "cython_method_on_the_wrong_object": (
        "np.random.BitGenerator.random_raw('not a generator')",
        "needs a BitGenerator as its first argument",
    ),
    "alias_over_an_object_array": (
        "type(list[int])(np.zeros(3, object), ()).resize((0,), refcheck=False)",
        "access to 'resize' is not allowed here",
    ),
}


@pytest.mark.parametrize("escape", sorted(FOUND_ESCAPES))
def test_an_escape_the_walk_found_is_refused(escape: str) -> None:
    code, words = FOUND_ESCAPES[escape]
    with pytest.raises((TypeError, AttributeError)) as refused:
        run_in_process("import numpy as np\n" + code + "\n")
    assert words in str(refused.value)


def test_what_the_walk_closed_still_works_for_learners() -> None:
    namespace = run_in_process(
        textwrap.dedent(
            """
            import itertools, statistics, typing
            origin = typing.get_origin(typing.List[int])
            arguments = typing.get_args(typing.Callable[[int], str])
            squares = map(lambda x: x * x, [1, 2, 3])
            is_map = isinstance(squares, map) and type(squares) is map
            chained = list(type(itertools.chain([1]))([2], [3]))
            class Text(str):
                def shout(self):
                    return super().upper() + super().format("!")
            shouted = Text("hi{}").shout()
            """
        )
    )
    assert namespace["origin"] is list
    assert namespace["arguments"] == ([int], str)
    assert namespace["is_map"]
    assert list(namespace["squares"]) == [1, 4, 9]
    assert namespace["chained"] == [2, 3]
    assert namespace["shouted"] == "HI{}hi!"
