"""The learner's language: ordinary Python loads and runs; what stays out says why.

Each construct is a correct solution that also uses it (module-level asserts check that it
behaved as in plain Python); each refusal is a submission that must load with a message naming
what is not available in graded code, and its line.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from graders.catalog import Catalog
from graders.exercise import Exercise
from graders.inside.transformer import NOT_AVAILABLE
from graders.report import Report
from tests.conftest import SyncGrader
from tests.sandbox.test_policy import with_entry_code, with_module_code


def assert_passes(report: Report) -> None:
    assert report.verdict == "passed", json.dumps(report.to_dict(), indent=1)[:3000]


CONSTRUCTS = {
    "underscore_helpers_and_constants": """
        _BASE = 10000.0
        def _angles(n):
            return np.arange(n) / _BASE
        _CACHE = {}
        _CACHE[1] = _angles(2)
        assert _CACHE[1][1] == 1 / _BASE
    """,
    "main_block_does_not_run": """
        ran = []
        if __name__ == "__main__":
            ran.append(1)
        assert ran == [] and __name__ == "submission"
    """,
    "class_with_init_call_repr_and_private_state": """
        class Encoder:
            scale = 2.0
            def __init__(self, base):
                self._base = base
                self.__secret = base * 2
            def __call__(self, x):
                return x * self._base + self.__secret
            def __repr__(self):
                return f"Encoder({self._base})"
            def secret(self):
                return self.__secret
        e = Encoder(3.0)
        assert e(1.0) == 9.0 and repr(e) == "Encoder(3.0)" and e.secret() == 6.0
        e._base = 1.0
        e.count = 0
        e.count += 2
        e._base += 1.0
        assert (e._base, e.count, Encoder.scale) == (2.0, 2, 2.0)
    """,
    "property_staticmethod_classmethod": """
        class Box:
            def __init__(self, w):
                self._w = w
            @property
            def w(self):
                return self._w
            @w.setter
            def w(self, value):
                self._w = value
            @staticmethod
            def twice(x):
                return 2 * x
            @classmethod
            def unit(cls):
                return cls(1)
        b = Box.unit()
        b.w = 5
        assert b.w == 5 and Box.twice(3) == 6
    """,
    "subclass_with_super": """
        class Base:
            def __init__(self, d):
                self.d = d
            def __len__(self):
                return self.d
        class Child(Base):
            def __init__(self, d):
                super().__init__(d * 2)
                Base.__init__(self, self.d + 1)
        assert len(Child(2)) == 5 and isinstance(Child(1), Base)
    """,
    "dunder_arithmetic_and_container_methods": """
        class Vec:
            def __init__(self, xs):
                self.xs = list(xs)
            def __add__(self, other):
                return Vec(a + b for a, b in zip(self.xs, other.xs))
            def __eq__(self, other):
                return self.xs == other.xs
            def __getitem__(self, i):
                return self.xs[i]
            def __iter__(self):
                return iter(self.xs)
            __hash__ = None
        assert Vec([1, 2]) + Vec([3, 4]) == Vec([4, 6]) and list(Vec([5])) == [5]
    """,
    "dataclass_with_defaults_and_post_init": """
        from dataclasses import dataclass, field
        @dataclass(frozen=True)
        class Config:
            d_model: int
            base: float = 10000.0
            tags: list = field(default_factory=list)
        @dataclass
        class Norm:
            eps: float = 1e-5
            def __post_init__(self):
                self.eps = float(self.eps)
        assert Config(8).base == 10000.0 and Norm(1).eps == 1.0
    """,
    "exception_subclass_raise_and_catch": """
        class ShapeError(ValueError):
            pass
        try:
            raise ShapeError("d_model must be even")
        except ValueError as error:
            message = str(error)
        assert message == "d_model must be even"
    """,
    "type_hints_of_every_kind": """
        from typing import Optional, Union, Callable, Sequence
        import numpy as np
        x: int = 3
        y: "np.ndarray"
        def f(a: np.ndarray, b: Optional[int] = None, *args: float, **kw: str) -> Union[int, float]:
            return 1
        class Holder:
            weights: np.ndarray
            size: int = 0
        assert f(np.zeros(1)) == 1 and Holder.size == 0
    """,
    "augmented_assignment_into_items_slices_and_attributes": """
        pe = np.zeros((2, 4))
        pe[:, 1::2] += 1.0
        pe[0] *= 3.0
        pe[..., 0] -= 1.0
        d = {"a": 1}
        d["a"] += 1
        xs = [1, 2]
        xs[-1] **= 3
        assert pe.tolist() == [[-1.0, 3.0, 0.0, 3.0], [-1.0, 1.0, 0.0, 1.0]]
        assert d == {"a": 2} and xs == [1, 8]
    """,
    "decorators_lambdas_walrus_fstrings_nonlocal": """
        import functools
        def counted(f):
            calls = 0
            @functools.wraps(f)
            def wrapper(*args, **kwargs):
                nonlocal calls
                calls += 1
                return f(*args, **kwargs)
            wrapper.calls = lambda: calls
            return wrapper
        @counted
        def square(x):
            return x * x
        assert (n := square(3)) == 9 and f"{n:>3}" == "  9"
    """,
    "writes_into_masked_and_record_arrays": """
        m = np.ma.masked_array([1.0, 2.0], mask=[False, False])
        m[0] = np.ma.masked
        r = np.rec.fromarrays([np.zeros(2)], names="a")
        r.a[1] = 3.0
        assert m.mask.tolist() == [True, False] and r.a.tolist() == [0.0, 3.0]
    """,
    "type_of_a_value_and_getattr_hasattr": """
        assert type(1.0) is float and type(np.zeros(2)) is np.ndarray
        assert getattr(np, "sin") is np.sin and not hasattr(np, "definitely_missing")
        assert getattr(object(), "missing", 7) == 7
    """,
    "star_import_of_a_facade": """
        from math import *
        from collections import *
        assert isclose(sqrt(pi) ** 2, pi) and Counter("aab")["a"] == 2
    """,
    "class_with_container_context_bitwise_and_conversion_dunders": """
        class Grid:
            def __init__(self):
                self.cells, self.log = {}, []
            def __setitem__(self, key, value):
                self.cells[key] = value
            def __delitem__(self, key):
                del self.cells[key]
            def __reversed__(self):
                return iter(sorted(self.cells, reverse=True))
            def __enter__(self):
                self.log.append("in")
                return self
            def __exit__(self, kind, value, traceback):
                self.log.append("out")
                return False
            def __and__(self, other):
                return "and"
            def __or__(self, other):
                return "or"
            def __invert__(self):
                return "invert"
            def __index__(self):
                return 2
            def __round__(self, digits=None):
                return 0
        class Defaults(dict):
            def __missing__(self, key):
                return key * 2
        with Grid() as g:
            g[1] = "a"
            g[2] = "b"
            del g[1]
        assert g.log == ["in", "out"] and list(reversed(g)) == [2]
        assert (g & g, g | g, ~g, round(g), [10, 20, 30][g]) == ("and", "or", "invert", 0, 30)
        assert np.zeros(5)[g] == 0.0 and Defaults()[3] == 6
    """,
    "except_star_splits_a_group": """
        caught = []
        try:
            raise ExceptionGroup("checks", [ValueError("shape"), KeyError("axis"), ValueError(2)])
        except* ValueError as group:
            caught.append(("value", len(group.exceptions)))
        except* KeyError as group:
            caught.append(("key", len(group.exceptions)))
        try:
            raise TypeError("plain")
        except* TypeError as group:
            caught.append(("wrapped", type(group.exceptions[0]).__name__))
        assert caught == [("value", 2), ("key", 1), ("wrapped", "TypeError")]
    """,
    "class_with_slots": """
        class Result:
            __slots__ = ("loss", "grad")
            def __init__(self, loss, grad):
                self.loss, self.grad = loss, grad
        class One:
            __slots__ = "value"
        r, o = Result(1.0, np.zeros(2)), One()
        o.value = 3
        assert r.loss == 1.0 and r.grad.shape == (2,) and o.value == 3
        assert not hasattr(r, "__dict__")
    """,
    "match_on_values_sequences_and_mappings_with_guards": """
        def describe(x):
            match np.ndim(x), np.shape(x):
                case 0, _:
                    return "scalar"
                case 1, (n,) if n > 3:
                    return f"long vector of {n}"
                case 1 | 2, [*dims]:
                    return f"{len(dims)}-d"
                case _:
                    return "higher"
        match {"kind": "mse", "eps": 1e-8}:
            case {"kind": "mse", **rest}:
                options = rest
        assert describe(1.0) == "scalar" and describe(np.zeros(5)) == "long vector of 5"
        assert describe(np.zeros((2, 2))) == "2-d" and describe(np.zeros((1, 1, 1))) == "higher"
        assert options == {"eps": 1e-8}
    """,
    "match_on_classes_learners_and_builtins": """
        from dataclasses import dataclass
        from typing import NamedTuple
        @dataclass
        class Point:
            x: float
            y: float
        class Pair(NamedTuple):
            loss: float
            grad: np.ndarray
        def kind(v):
            match v:
                case Point(0, y=y):
                    return ("y axis", y)
                case Pair(loss, grad=np.ndarray(shape=(d,))):
                    return ("pair", loss, d)
                case int(n) | float(n):
                    return ("number", n)
                case np.ndarray(ndim=2) as m:
                    return ("matrix", m.shape)
                case tuple((a, b)):
                    return ("tuple", a, b)
                case _:
                    return None
        assert kind(Point(0, 2)) == ("y axis", 2) and kind(Pair(1.0, np.ones(3))) == ("pair", 1.0, 3)
        assert kind(3) == ("number", 3) and kind(np.zeros((2, 3))) == ("matrix", (2, 3))
        assert kind((1, 2)) == ("tuple", 1, 2) and kind("s") is None
    """,
}

MODULES = {
    "math": "import math\nassert math.isclose(math.log(math.e), 1.0)",
    "cmath": "import cmath\nassert cmath.exp(1j * cmath.pi).real == -1.0",
    "functools": "from functools import reduce, partial, lru_cache\n"
    "assert reduce(lambda a, b: a + b, [1, 2, 3]) == 6 and partial(pow, 2)(3) == 8\n"
    "@lru_cache(maxsize=None)\ndef fib(n):\n    return n if n < 2 else fib(n - 1) + fib(n - 2)\n"
    "assert fib(20) == 6765",
    "itertools": "import itertools\nassert list(itertools.accumulate([1, 2, 3])) == [1, 3, 6]",
    "operator": "import operator\nassert operator.mul(2, 3) == 6 and operator.itemgetter(1)([4, 5]) == 5",
    "typing": "from typing import NamedTuple, TypedDict, TypeVar, Generic\n"
    "T = TypeVar('T')\nclass P(NamedTuple):\n    x: int\n    y: int = 0\n"
    "class Stack(Generic[T]):\n    def __init__(self):\n        self.items = []\n"
    "assert P(1)._asdict() == {'x': 1, 'y': 0} and Stack().items == []",
    "numbers": "import numbers\nassert isinstance(3, numbers.Integral) and isinstance(np.float64(1), numbers.Real)",
    "collections": "from collections import Counter, defaultdict, namedtuple, deque\n"
    "Pair = namedtuple('Pair', 'a b')\nassert Pair(1, 2)._replace(b=3) == (1, 3)\n"
    "assert Counter('aab')['a'] == 2 and defaultdict(int)['x'] == 0 and deque([1]).pop() == 1",
    "collections_abc": "from collections.abc import Sequence\nassert isinstance([], Sequence)",
    "dataclasses": "import dataclasses\n@dataclasses.dataclass\nclass C:\n    x: int\n"
    "assert dataclasses.asdict(C(1)) == {'x': 1} and dataclasses.replace(C(1), x=2).x == 2",
    "enum": "from enum import Enum, auto\nclass Mode(Enum):\n    SIN = auto()\n    COS = auto()\n"
    "assert Mode.SIN.value == 1 and Mode['COS'] is Mode.COS and Enum('E', 'A B').B.value == 2",
    "fractions": "from fractions import Fraction\nassert Fraction(1, 3) + Fraction(1, 6) == Fraction(1, 2)",
    "statistics": "import statistics\nassert statistics.mean([1, 2, 3]) == 2 and statistics.pstdev([1, 1]) == 0",
    "copy": "import copy\nxs = [[1]]\nys = copy.deepcopy(xs)\nys[0].append(2)\nassert xs == [[1]]",
    "future_annotations": "from __future__ import annotations\nimport dataclasses\n"
    "@dataclasses.dataclass\nclass C:\n    x: np.ndarray\nassert C(np.zeros(1)).x.shape == (1,)",
}


@pytest.mark.parametrize("construct", CONSTRUCTS, ids=str)
def test_ordinary_python_loads_and_runs(
    construct: str, grade: SyncGrader, flagship: Exercise
) -> None:
    assert_passes(grade(flagship, with_module_code(CONSTRUCTS[construct])))


@pytest.mark.parametrize("module", MODULES, ids=str)
def test_a_pure_standard_library_module_can_be_imported_and_used(
    module: str, grade: SyncGrader, flagship: Exercise
) -> None:
    source = MODULES[module]
    future = source.startswith("from __future__")
    code = source if not future else source.split("\n", 1)[1]
    submission = with_module_code(code)
    if future:  # a __future__ import must come first
        submission = "from __future__ import annotations\n" + submission
    assert_passes(grade(flagship, submission))


def test_a_class_can_be_the_entry_point(grade: SyncGrader, flagship: Exercise) -> None:
    source = with_entry_code("pass").replace("def positional_encoding", "def _entry")
    source += (
        "\nclass Encoder:\n    def __call__(self, max_len, d_model):\n"
        "        return _entry(max_len, d_model)\n\npositional_encoding = Encoder()\n"
    )
    assert_passes(grade(flagship, source))


# (submission, what the message must say). Each must load as an `error` naming its line.
REFUSED = {
    "hook_name_as_parameter": ("def f(_write_):\n    return _write_\n", "`_write_`"),
    "hook_name_assigned": ("_getattr_ = getattr\n", "`_getattr_`"),
    "builtins_name": ("x = __builtins__\n", "`__builtins__`"),
    "dunder_attribute": ("x = (1).__class__\n", "`.__class__`"),
    "dunder_attribute_store": ("class A:\n    pass\nA.__call__ = print\n", "`.__call__`"),
    "frame_attribute": ("def g():\n    yield 1\nx = g().gi_frame\n", "`.gi_frame`"),
    "protocol_dunder_in_a_class": (
        "class Evil:\n    __array_interface__ = {'data': (0, False)}\n",
        "`__array_interface__`",
    ),
    "getattr_dunder_method_in_a_class": (
        "class Evil:\n    def __getattribute__(self, name):\n        return 1\n",
        "`__getattribute__`",
    ),
    "metaclass": ("class M(type):\n    pass\nclass A(metaclass=M):\n    pass\n", "metaclass"),
    "class_pattern_reading_a_dunder": (
        "match 1:\n    case object(__class__=cls):\n        pass\n",
        "`.__class__`",
    ),
    "class_pattern_reading_an_instance_dict": (
        "class C:\n    pass\nmatch C():\n    case C(__dict__=d):\n        pass\n",
        "`.__dict__`",
    ),
    "pattern_capturing_a_hook_name": (
        "match 1:\n    case _getattr_:\n        pass\n",
        "`_getattr_`",
    ),
    "async_def": (
        "async def positional_encoding(max_len, d_model):\n    pass\n",
        "write a plain `def`",
    ),
    "await": ("def f(x):\n    return await x\n", "`await`"),
    "async_for": ("def f(xs):\n    async for x in xs:\n        pass\n", "`async for`"),
    "async_with": ("def f(x):\n    async with x:\n        pass\n", "`async with`"),
    "slot_named_a_raw_memory_protocol": (
        "class Evil:\n    __slots__ = ('__array_interface__',)\n",
        "The slot `__array_interface__`",
    ),
    "slots_not_a_literal": (
        "names = ('a',)\nclass C:\n    __slots__ = names\n",
        "`__slots__` other than a literal",
    ),
}


@pytest.mark.parametrize("case", REFUSED, ids=str)
def test_a_refused_construct_is_named_with_its_line(
    case: str, grade: SyncGrader, flagship: Exercise
) -> None:
    source, said = REFUSED[case]
    report = grade(flagship, source)
    assert report.verdict == "error", report.to_dict()
    assert report.error is not None
    assert report.error.line is not None
    assert said in report.error.message
    assert NOT_AVAILABLE in report.error.message


# (code run at module level, the exception's words). Each refusal happens when the code runs.
REFUSED_AT_RUN_TIME = {
    "three_argument_type": ("type('Evil', (), {})", "type(name, bases, namespace)"),
    "the_type_of_a_class_builds_no_class": (
        "type(int)('Evil', (), {'__array_interface__': {}})",
        "type(name, bases, namespace)",
    ),
    "a_metaclass_through_an_abc": (
        "import numbers\ntype(numbers.Real)('Evil', (), {})",
        "type(name, bases, namespace)",
    ),
    "enum_metaclass": ("import enum\nenum.EnumType('E', (), {})", "enum.EnumType"),
    "update_wrapper_with_chosen_attributes": (
        "import functools\nclass A:\n    pass\n"
        "functools.update_wrapper(A(), np.zeros(1), assigned=('__array_interface__',))",
        "update_wrapper with other attributes",
    ),
    "make_dataclass": (
        "import dataclasses\ndataclasses.make_dataclass('E', [], namespace={})",
        "dataclasses.make_dataclass",
    ),
    "enum_functional_dunder_member": (
        "import enum\nenum.Enum('E', {'__array_interface__': 1})",
        "an enum member name starting with",
    ),
    "get_type_hints": ("import typing\ntyping.get_type_hints(int)", "typing.get_type_hints"),
    "forward_ref": ("import typing\ntyping.ForwardRef('x')", "typing.ForwardRef"),
    "singledispatch": ("import functools\nfunctools.singledispatch(print)", "singledispatch"),
    "attrgetter": ("import operator\noperator.attrgetter('real')", "operator.attrgetter"),
    "methodcaller": ("import operator\noperator.methodcaller('x')", "operator.methodcaller"),
    "operator_setitem": ("import operator\noperator.setitem([0], 0, 1)", "operator.setitem"),
    "open": ("open('/etc/passwd')", "open()"),
    "eval": ("eval('1')", "eval()"),
    "exec": ("exec('x = 1')", "exec()"),
    "compile": ("compile('1', 'x', 'eval')", "compile()"),
    "globals": ("globals()", "globals()"),
    "vars": ("vars(np)", "vars()"),
    "id": ("id(np)", "id()"),
    "subclassing_a_library_class": ("class A(np.ndarray):\n    pass", "subclassing"),
    "underscore_attribute_of_a_library": ("np.zeros(1)._private", "underscore attributes"),
    "getattr_of_a_dunder": ("getattr(np.zeros(1), '__class__')", "dunder attributes"),
    "import_os": ("import os", "import of 'os'"),
    "object_array_bytes": ("np.array([object()]).tobytes()", "reveals memory addresses"),
    "import_sys_through_a_module": ("import statistics\nstatistics.sys", "has no attribute"),
    "class_pattern_reading_a_librarys_insides": (
        "match np.random.default_rng(0):\n    case object(_bit_generator=b):\n        pass",
        "underscore attributes",
    ),
    "class_pattern_binding_str_format": (
        "match '{0.__class__}':\n    case str(format=f):\n        f(1)",
        "format fields may name an argument",
    ),
}


@pytest.mark.parametrize("case", REFUSED_AT_RUN_TIME, ids=str)
def test_what_stays_out_says_why_when_it_runs(
    case: str, grade: SyncGrader, flagship: Exercise
) -> None:
    code, said = REFUSED_AT_RUN_TIME[case]
    report = grade(flagship, with_module_code(code))
    assert report.verdict == "error", report.to_dict()
    assert report.error is not None
    assert said in report.error.message, report.error.message


# Correct mse-linear-gradient solutions whose (loss, gradient) comes back in a tuple subclass.
RETURNED_SUBCLASSES = {
    "typing_namedtuple": """
        from typing import NamedTuple
        class LossAndGrad(NamedTuple):
            loss: float
            grad: np.ndarray
        def mse_loss_and_grad(X, y, w):
            residual = X @ w - y
            return LossAndGrad(float(np.mean(residual**2)), 2.0 * X.T @ residual / len(X))
    """,
    "collections_namedtuple": """
        import collections
        LossAndGrad = collections.namedtuple("LossAndGrad", "loss grad")
        def mse_loss_and_grad(X, y, w):
            residual = X @ w - y
            return LossAndGrad(float(np.mean(residual**2)), 2.0 * X.T @ residual / len(X))
    """,
    # Its own methods lie or raise: packing reads it through tuple's slots alone.
    "tuple_subclass_whose_methods_lie": """
        class Result(tuple):
            def __len__(self):
                return 0
            def __iter__(self):
                raise RuntimeError("the grader never iterates a tuple subclass")
            def __getitem__(self, index):
                return 0.0
        def mse_loss_and_grad(X, y, w):
            residual = X @ w - y
            return Result((float(np.mean(residual**2)), 2.0 * X.T @ residual / len(X)))
    """,
}


@pytest.mark.parametrize("form", RETURNED_SUBCLASSES, ids=str)
def test_a_tuple_subclass_returned_is_graded_as_the_tuple_it_is(
    form: str, grade: SyncGrader, catalog: Catalog
) -> None:
    source = "import numpy as np\n" + textwrap.dedent(RETURNED_SUBCLASSES[form])
    assert_passes(grade(catalog.get("mse-linear-gradient"), source))
