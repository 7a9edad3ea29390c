"""The static loop scan behind the `vectorised` test."""

from __future__ import annotations

import ast

import pytest

from graders.protocol.loops import find_loops

HEADER = "import numpy as np\n"


def kinds(source: str, entry: str = "f") -> list[str]:
    return [finding.kind for finding in find_loops(ast.parse(HEADER + source), entry)]


@pytest.mark.parametrize(
    ("body", "kind"),
    [
        ("    for i in range(3):\n        pass\n", "for loop"),
        ("    while x:\n        x = 0\n", "while loop"),
        ("    return [i for i in x]\n", "list comprehension"),
        ("    return {i for i in x}\n", "set comprehension"),
        ("    return {i: i for i in x}\n", "dict comprehension"),
        ("    return sum(i for i in x)\n", "generator expression"),
        ("    return f(x - 1)\n", "recursion"),
        ("    return np.vectorize(abs)(x)\n", "np.vectorize"),
        ("    return np.frompyfunc(abs, 1, 1)(x)\n", "np.frompyfunc"),
        ("    return np.apply_along_axis(sum, 0, x)\n", "np.apply_along_axis"),
        ("    return np.fromiter(x, float)\n", "np.fromiter"),
        ("    return list(map(abs, x))\n", "map()"),
        ("    return list(filter(None, x))\n", "filter()"),
    ],
)
def test_each_kind_of_python_loop_is_found(body: str, kind: str) -> None:
    assert kinds(f"def f(x):\n{body}") == [kind]


def test_a_loop_in_a_helper_the_entry_calls_is_found() -> None:
    source = "def helper(x):\n    for i in x:\n        pass\n\ndef f(x):\n    return helper(x)\n"
    [finding] = find_loops(ast.parse(source), "f")
    assert (finding.kind, finding.function, finding.line) == ("for loop", "helper", 2)


@pytest.mark.parametrize(
    "source",
    [
        'def f(x):\n    """for i in range(3): a loop in a docstring is text."""\n    return x\n',
        "def f(x):\n    return x\n\nif __name__ == '__main__':\n    for i in range(3):\n        print(f(i))\n",
        "def unused(x):\n    for i in x:\n        pass\n\ndef f(x):\n    return x * 2\n",
        "for i in range(3):\n    pass\n\ndef f(x):\n    return x\n",
    ],
    ids=["docstring", "main-demo", "uncalled-helper", "module-level"],
)
def test_loops_outside_the_function_are_not_the_functions_loops(source: str) -> None:
    assert kinds(source) == []


def test_findings_are_reported_in_line_order() -> None:
    source = "def f(x):\n    y = [i for i in x]\n    for j in y:\n        pass\n"
    assert [finding.line for finding in find_loops(ast.parse(source), "f")] == [2, 3]


@pytest.mark.parametrize(
    ("source", "kind"),
    [
        ("def build(x):\n    for i in x:\n        pass\n\nf = build\n", "for loop"),
        ("each = map\n\ndef f(x):\n    return list(each(abs, x))\n", "map()"),
        ("def f(x):\n    return g(x)\n\ndef g(x):\n    return f(x)\n", "recursion"),
        ("def f(x):\n    return sorted(x, key=abs)\n", "sorted()"),
        (
            "def helper(v):\n    while v:\n        v = 0\n\ndef f(x):\n    return np.apply(helper)\n",
            "while loop",
        ),
    ],
    ids=[
        "entry-is-an-alias",
        "aliased-map",
        "mutual-recursion",
        "sorted",
        "helper-passed-not-called",
    ],
)
def test_indirect_loops_are_found(source: str, kind: str) -> None:
    assert kind in kinds(source)


def test_an_attribute_named_like_a_helper_is_not_the_helper() -> None:
    source = "def sin(x):\n    for i in x:\n        pass\n\ndef f(x):\n    return np.sin(x)\n"
    assert kinds(source) == []


@pytest.mark.parametrize(
    "body",
    [
        "    x, w = (np.asarray(a, float) for a in (x, w))\n    return x @ w\n",
        "    for a in [x, w]:\n        assert a.ndim == 2\n    return x @ w\n",
        "    return dict((k, v) for k, v in ((1, x), (2, w)))\n",
    ],
    ids=["generator-over-arguments", "for-over-a-list-of-arguments", "pairs-written-out"],
)
def test_a_loop_over_a_fixed_few_written_in_the_code_is_not_a_loop(body: str) -> None:
    # It runs the same few times whatever the input's size (the counted calls still catch a
    # loop whose steps grow with the data).
    assert kinds(f"def f(x, w):\n{body}") == []


def test_a_literal_too_long_to_be_a_few_is_still_a_loop() -> None:
    items = ", ".join(str(number) for number in range(40))
    assert kinds(f"def f(x):\n    return [x[i] for i in ({items})]\n") == ["list comprehension"]


CLASS = """
class Result:
    def __init__(self, x):
        self.x = x

    def __iter__(self):
        for part in self.x:
            yield part

    def describe(self):
        return ", ".join(str(part) for part in self.x)

"""


@pytest.mark.parametrize(
    ("entry", "found"),
    [
        ("def f(x):\n    return Result(x)\n", ["for loop"]),  # describe() is never called
        (
            "def f(x):\n    r = Result(x)\n    r.describe()\n    return r\n",
            ["for loop", "generator expression"],
        ),
        (
            "def f(x):\n    return getattr(Result(x), 'describe')()\n",
            ["for loop", "generator expression"],
        ),
        (
            "def f(x, name):\n    return getattr(Result(x), name)()\n",
            ["for loop", "generator expression"],
        ),
    ],
    ids=["method-nothing-names", "method-called", "getattr-by-its-name", "getattr-computed"],
)
def test_a_method_counts_when_python_calls_it_or_the_module_names_it(
    entry: str, found: list[str]
) -> None:
    assert kinds(CLASS + entry) == found
