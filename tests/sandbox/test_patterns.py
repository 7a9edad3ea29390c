"""`match` in graded code matches as CPython does, and reads only what `obj.name` may read.

Each program runs twice in this process: as plain Python and under the policy (the rewrite of
graders.inside.match_statement, matched by graders.inside.patterns). Both must give the same
results, exceptions included, for every kind of pattern on every kind of subject. Then the
doors CPython's own matching would open: a class pattern's attribute reads, a value pattern's
dotted name and the names a pattern binds, each refused or guarded as its plain spelling is.
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from graders.inside import policy

# Each program defines SUBJECTS and f(subject); `run()` collects f's answer, or the type and
# words of what it raised, for every subject.
RUN = """
def run():
    out = []
    for subject in SUBJECTS:
        try:
            out.append(("ok", f(subject)))
        except Exception as error:
            out.append((type(error).__name__, str(error)))
    return out
"""

PROGRAMS = {
    "literals_and_singletons": """
        SUBJECTS = [0, 1, True, False, None, -1, 1.0, 1.5, "s", b"b", 1 + 2j, [1]]
        def f(v):
            match v:
                case None:
                    return "none"
                case True:
                    return "true"
                case 0 | 1:
                    return ("small", v)
                case -1:
                    return "minus one"
                case 1.5 | "s" | b"b":
                    return ("literal", v)
                case 1 + 2j:
                    return "complex"
            return "nothing"
    """,
    "value_patterns_of_dotted_names": """
        import enum
        import math
        class Color(enum.Enum):
            RED = 1
            BLUE = 2
        SUBJECTS = [Color.RED, Color.BLUE, 1, math.pi, 3.0]
        def f(v):
            match v:
                case Color.RED:
                    return "red"
                case math.pi:
                    return "pi"
                case Color.BLUE | 1:
                    return "blue or one"
            return None
    """,
    "sequence_patterns": """
        import collections
        import numpy as np
        SUBJECTS = [
            [], [1], (1, 2), [1, 2, 3], [1, 2, 3, 4, 5], "ab", b"ab",
            range(3), collections.deque([7, 8]), np.zeros(2), {1: 2}, [[1, 2], 3], (1, 0),
        ]
        def f(v):
            match v:
                case []:
                    return "empty"
                case [[a, b], c]:
                    return ("nested", a, b, c)
                case [x] | (x, 0):
                    return ("one", x)
                case [x, y]:
                    return ("two", x, y)
                case [first, *middle, last] if len(middle) > 2:
                    return ("long", first, middle, last)
                case [a, *_, z]:
                    return ("ends", a, z)
            return "no sequence"
    """,
    "star_patterns_and_wildcards": """
        SUBJECTS = [[1, 2, 3], (4,), [], (5, 6)]
        def f(v):
            match v:
                case [_, _, _]:
                    return "three"
                case [*rest]:
                    return ("all", rest)
            return None
    """,
    "mapping_patterns": """
        import collections
        SUBJECTS = [
            {"kind": "mse", "eps": 1e-8}, {"kind": "mse"}, {"kind": "l1", "x": 1, "y": 2}, {},
            collections.OrderedDict(kind="l2"), collections.defaultdict(int, kind="l2"),
            collections.Counter("aab"), collections.UserDict(kind="mse"), [("kind", "mse")],
        ]
        def f(v):
            match v:
                case {"kind": "mse", "eps": eps}:
                    return ("mse", eps)
                case {"kind": "l1", **rest}:
                    return ("l1", sorted(rest.items()))
                case {"a": 2, "b": n}:
                    return ("counter", n)
                case {"kind": kind}:
                    return ("other", kind)
                case {}:
                    return "any mapping"
            return "no mapping"
    """,
    "class_patterns_of_learner_classes": """
        import collections
        from dataclasses import dataclass
        from typing import NamedTuple
        @dataclass
        class Point:
            x: float
            y: float
        class LossAndGrad(NamedTuple):
            loss: float
            grad: list
        Pair = collections.namedtuple("Pair", "left right")
        class Box:
            __match_args__ = ("width", "height")
            def __init__(self, width, height):
                self.width, self.height = width, height
        class Plain:
            def __init__(self):
                self.value = 3
        SUBJECTS = [
            Point(0, 5), Point(2, 2), Point(1, 3), LossAndGrad(0.5, [1]), Pair(1, 2),
            Box(3, 4), Plain(), object(),
        ]
        def f(v):
            match v:
                case Point(0, y=y):
                    return ("on the y axis", y)
                case Point(x, y) if x == y:
                    return ("diagonal", x)
                case Point(x=x):
                    return ("point", x)
                case LossAndGrad(loss, grad=[g]):
                    return ("loss and grad", loss, g)
                case Pair(a, b):
                    return ("pair", a, b)
                case Box(w, h):
                    return ("box", w * h)
                case Plain(value=3, missing=_):
                    return "never: Plain has no attribute missing"
                case Plain(value=n):
                    return ("plain", n)
            return "nothing"
    """,
    "class_patterns_of_builtins": """
        import numpy as np
        SUBJECTS = [3, 2.5, True, "s", (1, 2), [1], {"k": 1}, np.zeros((2, 3)), np.float64(1)]
        def f(v):
            match v:
                case bool(b):
                    return ("bool", b)
                case int(n) | float(n) if not isinstance(n, np.floating):
                    return ("number", n)
                case str() as s:
                    return ("str", s)
                case tuple((a, b)):
                    return ("pair", a, b)
                case list([x]):
                    return ("list", x)
                case dict({"k": k}):
                    return ("dict", k)
                case np.ndarray(ndim=2, shape=(rows, columns)):
                    return ("matrix", rows, columns)
                case object():
                    return "an object"
    """,
    "class_pattern_errors": """
        from dataclasses import dataclass
        @dataclass
        class Point:
            x: int
            y: int
        class Odd:
            __match_args__ = ["x"]
        class Numbered:
            __match_args__ = (1,)
        SUBJECTS = [0, 1, 2, 3, 4, 5]
        def f(v):
            match v:
                case 0:
                    match Point(1, 2):
                        case Point(1, 2, 3):
                            pass
                case 1:
                    match 7:
                        case int(1, 2):
                            pass
                case 2:
                    match Point(1, 2):
                        case Point(x, x=1):
                            pass
                case 3:
                    match Odd():
                        case Odd(x):
                            pass
                case 4:
                    match Numbered():
                        case Numbered(x):
                            pass
                case 5:
                    match 1:
                        case len():
                            pass
    """,
    "as_or_guards_and_bindings": """
        SUBJECTS = [1, 2, 5, 9, (3, 4), "x"]
        def f(v):
            match v:
                case (1 | 2) as small:
                    return ("small", small)
                case int() as n if n > 6:
                    return ("big", n)
                case (a, b) | [a, b, _]:
                    return ("pair", a + b)
                case x if False:
                    pass
                case _:
                    pass
            return ("bound by the pattern whose guard failed", x)
    """,
    "control_flow_in_cases": """
        SUBJECTS = [[1, "skip", 2, "stop", 3], [4, 5]]
        def f(items):
            total = []
            for item in items:
                match item:
                    case "skip":
                        continue
                    case "stop":
                        break
                    case int(n):
                        match n % 2:
                            case 0:
                                total.append(("even", n))
                            case _:
                                total.append(("odd", n))
            return total
    """,
    "match_in_methods_and_class_bodies": """
        class Shape:
            match 2:
                case 2:
                    SIDES = "two"
            def describe(self, v):
                match v:
                    case Shape():
                        return ("shape", self.SIDES)
                    case _:
                        return "other"
        SUBJECTS = [Shape(), 1]
        def f(v):
            return Shape().describe(v)
    """,
    "recursion_over_a_list": """
        SUBJECTS = [[1, 2, 3, 4], []]
        def f(items):
            match items:
                case [head, *tail]:
                    return head + f(tail)
                case []:
                    return 0
    """,
}


def _program(name: str) -> str:
    return textwrap.dedent(PROGRAMS[name]).strip("\n") + "\n" + RUN


def run_plainly(source: str) -> Any:
    namespace: dict[str, Any] = {"__name__": "plain"}
    exec(compile(source, "<plain>", "exec", dont_inherit=True), namespace)  # trusted test code
    return namespace["run"]()


def run_under_the_policy(source: str) -> Any:
    namespace = policy.restricted_globals(policy.OutputBuffer(10_000))
    exec(policy.compile_submission(source), namespace)  # under the policy
    return namespace["run"]()


@pytest.mark.parametrize("name", PROGRAMS, ids=str)
def test_match_matches_as_cpython_does(name: str) -> None:
    source = _program(name)
    assert run_under_the_policy(source) == run_plainly(source)


# CPython's own pattern checks, raised when the code is loaded, with the line.
SYNTAX_ERRORS = {
    "capture_before_another_case": (
        "match 1:\n    case x:\n        pass\n    case 1:\n        pass\n",
        "name capture 'x' makes remaining patterns unreachable",
        2,
    ),
    "name_bound_twice": (
        "match 1:\n    case [x, x]:\n        pass\n",
        "multiple assignments to name 'x' in pattern",
        2,
    ),
    "alternatives_binding_different_names": (
        "match 1:\n    case [x] | [y]:\n        pass\n",
        "alternative patterns bind different names",
        2,
    ),
}


@pytest.mark.parametrize("case", SYNTAX_ERRORS, ids=str)
def test_a_pattern_python_rejects_is_a_syntax_error_with_its_line(case: str) -> None:
    source, said, line = SYNTAX_ERRORS[case]
    with pytest.raises(SyntaxError) as raised:
        policy.compile_submission(source)
    assert raised.value.msg == said
    assert raised.value.lineno == line


# (code, what the refusal says): CPython would read each past the guard.
REFUSED = {
    "class_pattern_reads_a_dunder": (
        "match 1:\n    case object(__class__=cls):\n        pass\n",
        "`.__class__` is not available in graded code",
    ),
    "class_pattern_reads_an_instance_dict": (
        "class C:\n    pass\nmatch C():\n    case C(__dict__=d):\n        pass\n",
        "`.__dict__` is not available in graded code",
    ),
    "class_pattern_reads_a_frame": (
        "def g():\n    yield 1\nmatch g():\n    case object(gi_frame=frame):\n        pass\n",
        "`.gi_frame` is not available in graded code",
    ),
    "class_pattern_reads_a_librarys_insides": (
        "import numpy as np\nmatch np.random.default_rng(0):\n"
        "    case object(_bit_generator=b):\n        pass\n",
        "'_bit_generator' is not available in graded code",
    ),
    "match_args_naming_a_dunder": (
        "class C:\n    __match_args__ = ('__class__',)\nmatch C():\n    case C(cls):\n"
        "        pass\n",
        "'__class__' is not available in graded code",
    ),
    "capture_of_a_hook_name": ("match 1:\n    case _write_:\n        pass\n", "`_write_`"),
    "mapping_rest_of_a_hook_name": (
        "match {}:\n    case {**_getattr_}:\n        pass\n",
        "`_getattr_`",
    ),
    "capture_of_a_raw_memory_name_in_a_class": (
        "class Carrier:\n    match {'data': (0, False)}:\n        case __array_interface__:\n"
        "            pass\n",
        "`__array_interface__`",
    ),
}


@pytest.mark.parametrize("case", REFUSED, ids=str)
def test_what_a_pattern_reads_is_refused_as_its_plain_spelling_is(case: str) -> None:
    source, said = REFUSED[case]
    with pytest.raises((policy.PolicyError, AttributeError)) as refused:
        run_under_the_policy(source + RUN.replace("SUBJECTS", "[]"))
    assert said in str(refused.value), str(refused.value)


def test_a_class_pattern_binds_what_the_guard_gives() -> None:
    """`case str(format=f)` binds the guard's `format`, which refuses attribute fields (the
    real `str.format` walks `{0.__class__}` past every guard)."""
    source = (
        "def run():\n    match '{0.__class__}':\n        case str(format=f):\n"
        "            return f(1)\n"
    )
    with pytest.raises(ValueError, match="format fields may name an argument"):
        run_under_the_policy(source)


def test_a_value_patterns_name_is_read_through_the_guard() -> None:
    """A value pattern hands its value to the subject's `__eq__`: a learner's `__eq__` that
    keeps it gets the guard's `str.format`, never the real one."""
    source = """
class Spy:
    seen = []
    def __eq__(self, other):
        Spy.seen.append(other)
        return False
    __hash__ = None
def run():
    match Spy():
        case str.format:
            pass
    return Spy.seen[0]("{0.__class__}", 1)
"""
    with pytest.raises(ValueError, match="format fields may name an argument"):
        run_under_the_policy(source)


def test_a_refused_attribute_is_never_a_quiet_non_match() -> None:
    """A missing attribute makes the case fail, as in Python; a present one the guard refuses
    raises the guard's words instead of looking like a case that did not apply."""
    source = """
import numpy as np
class Mine:
    def __init__(self):
        self._hidden = 1
def run():
    match Mine():
        case Mine(_hidden=h, absent=_):
            return "never"
        case Mine(_hidden=h):
            found = h
    match np.zeros(2):
        case object(_private=_):
            return "never"
    return found
"""
    assert run_under_the_policy(source) == 1
    refused = source.replace("case object(_private=_)", "case object(resize=_)")
    with pytest.raises(AttributeError, match="access to 'resize' is not allowed here"):
        run_under_the_policy(refused)


def test_a_class_the_policy_denies_by_name_is_no_pattern() -> None:
    """`typing.ForwardRef` is its refusal in graded code: a class pattern on it is Python's
    TypeError for a pattern that is not a class, and hands nothing out."""
    source = "import typing\ndef run():\n    match 1:\n        case typing.ForwardRef():\n"
    source += "            pass\n"
    with pytest.raises(TypeError, match="called match pattern must be a type"):
        run_under_the_policy(source)
