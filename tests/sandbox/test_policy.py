"""What learners write must keep working under the restricted policy and the NumPy facade.

Each submission below is a correct solution that also uses one feature (at module level,
where a failing `assert` makes the load fail, or inside the entry point). A feature the policy
breaks turns `passed` into `error` or `failed`.
"""

from __future__ import annotations

import json
import textwrap

import pytest

from graders.exercise import Exercise
from graders.inside.transformer import NOT_AVAILABLE
from graders.report import Report
from tests.conftest import SyncGrader
from tests.sandbox.conftest import REFERENCE, REFERENCE_SOURCE


def with_module_code(code: str) -> str:
    """The correct solution plus `code` run once at load time (asserts check the results)."""
    return (
        REFERENCE
        + textwrap.dedent(code).strip("\n")
        + "\n\npositional_encoding = reference_table\n"
    )


def with_entry_code(code: str) -> str:
    """`code` runs inside the entry point; then it returns the correct table."""
    body = textwrap.indent(textwrap.dedent(code).strip("\n"), "    ")
    return (
        REFERENCE
        + "\ndef positional_encoding(max_len, d_model):\n"
        + body
        + "\n    return reference_table(max_len, d_model)\n"
    )


def graded(grade: SyncGrader, exercise: Exercise, source: str) -> Report:
    return grade(exercise, source)


def assert_passes(report: Report) -> None:
    assert report.verdict == "passed", json.dumps(report.to_dict(), indent=1)[:3000]


FEATURES = {
    "reference_solution": REFERENCE_SOURCE,
    "slice_assignment_into_own_array": with_entry_code(
        """
        pe = np.zeros((2, 4))
        pe[:, 0::2] = 1.0
        pe[:, 1::2] = np.arange(4.0).reshape(2, 2)
        assert pe.tolist() == [[1.0, 0.0, 1.0, 1.0], [1.0, 2.0, 1.0, 3.0]]
        """
    ),
    "augmented_assignment_on_names": with_entry_code(
        """
        count = 0
        count += 1
        count *= 3
        scale = np.ones(3)
        scale += 1.0
        scale /= 2.0
        assert count == 3 and scale.tolist() == [1.0, 1.0, 1.0]
        """
    ),
    "import_math": """\
import math
import numpy as np


def positional_encoding(max_len, d_model):
    rates = np.exp(np.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    angles = np.arange(max_len)[:, None] * rates[None, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
""",
    "from_numpy_import_names": """\
from numpy import arange, cos, exp, log, newaxis, sin, zeros


def positional_encoding(max_len, d_model):
    angles = arange(max_len)[:, newaxis] * exp(arange(0, d_model, 2) * -(log(10000.0) / d_model))
    pe = zeros((max_len, d_model))
    pe[:, 0::2] = sin(angles)
    pe[:, 1::2] = cos(angles)
    return pe
""",
    "from_math_import_names": with_module_code(
        "from math import log, pi, sqrt\nassert abs(sqrt(pi * pi) - pi) < 1e-12 and log(1.0) == 0.0"
    ),
    "numpy_submodule_imports": with_module_code(
        """
        import numpy.linalg as la
        from numpy.linalg import norm
        from numpy.random import default_rng
        assert norm(np.ones(4)) == 2.0 and la.norm(np.ones(4)) == 2.0
        assert default_rng(0).normal(size=3).shape == (3,)
        """
    ),
    "numpy_random_default_rng": with_module_code(
        """
        rng = np.random.default_rng(42)
        sample = rng.normal(0.0, 1.0, size=(100, 4))
        assert sample.shape == (100, 4) and abs(sample.mean()) < 1.0
        assert rng.integers(0, 10, size=5).max() < 10
        np.random.seed(0)
        assert np.random.rand(2).shape == (2,)
        """
    ),
    "numpy_linalg_norm": with_module_code(
        """
        assert np.linalg.norm(np.array([3.0, 4.0])) == 5.0
        assert np.linalg.norm(np.eye(3), axis=1).tolist() == [1.0, 1.0, 1.0]
        assert abs(np.linalg.det(np.eye(2)) - 1.0) < 1e-12
        """
    ),
    "builtins": with_module_code(
        """
        pairs = list(zip([3, 1, 2], 'abc'))
        assert sorted(pairs) == [(1, 'b'), (2, 'c'), (3, 'a')]
        table = dict(pairs)
        table[4] = 'd'
        assert len(table) == 4 and min(table) == 1 and max(table) == 4
        indexed = [index * value for index, value in enumerate([5, 6, 7])]
        assert indexed == [0, 6, 14] and sum(indexed) == 20
        assert list(reversed(range(3))) == [2, 1, 0] and tuple(set([1, 1])) == (1,)
        assert list(map(abs, [-1, 2])) == [1, 2] and list(filter(None, [0, 1])) == [1]
        assert all([True, 1]) and any([0, 1]) and round(2.675, 2) == 2.67
        assert isinstance(1.5, float) and int('7') == 7 and float('2.5') == 2.5
        assert divmod(7, 2) == (3, 1) and pow(2, 10) == 1024 and chr(ord('a')) == 'a'
        numbers = [1, 2]
        numbers.append(3)
        del numbers[0]
        first, *rest = numbers
        assert first == 2 and rest == [3]
        """
    ),
    "raising_and_catching_exceptions": with_module_code(
        """
        def checked(value):
            if value < 0:
                raise ValueError(f'negative: {value}')
            return value
        caught = []
        try:
            checked(-1)
        except ValueError as error:
            caught.append(str(error))
        else:
            caught.append('no error')
        finally:
            caught.append('finally')
        try:
            {}['missing']
        except (KeyError, IndexError) as error:
            caught.append(isinstance(error, KeyError))
        assert caught == ['negative: -1', 'finally', True]
        """
    ),
    "string_formatting_of_numbers": with_module_code(
        """
        value = 3.14159
        assert '{:.3f}'.format(value) == '3.142'
        assert '{0} x {1}'.format(2, 3) == '2 x 3' and '{name}!'.format(name='pe') == 'pe!'
        assert '{:>{width}}'.format(1.5, width=6) == '   1.5'
        assert str.format('{}-{!r}', 1, 'a') == "1-'a'"
        assert f'{value:.2f}' == '3.14' and f'{value!r}' == '3.14159'
        assert '%.1f%%' % 12.34 == '12.3%' and '%d/%s' % (1, 'x') == '1/x'
        """
    ),
    "array_methods_and_printing": with_entry_code(
        """
        grid = np.arange(6.0).reshape(2, 3)
        text = repr(grid) + str(grid) + f'{grid}' + f'{grid!r}'
        assert 'array(' in text and '[3. 4. 5.]' in text
        assert grid.sum() == 15.0 and grid.mean() == 2.5 and grid.max() == 5.0
        assert grid.min() == 0.0 and grid.any() and not grid.all() and grid.prod() == 0.0
        assert abs(grid.std() - 1.707825127659933) < 1e-12 and grid.argmax() == 5
        assert grid.clip(0, 1).sum() == 5.0 and grid.round(1).tolist()[1] == [3.0, 4.0, 5.0]
        assert grid.T.shape == (3, 2) and grid.astype(np.float32).dtype == np.float32
        assert grid.copy().ravel().tolist() == [0.0, 1.0, 2.0, 3.0, 4.0, 5.0]
        assert grid.view(np.float64).shape == (2, 3) and grid.flatten().cumsum()[-1] == 15.0
        """
    ),
    "ndarray_type_checks_and_annotations": """\
import numpy as np


def positional_encoding(max_len: int, d_model: int) -> np.ndarray:
    assert isinstance(np.zeros(1), np.ndarray) and not isinstance([1.0], np.ndarray)
    pe = np.ndarray((max_len, d_model))
    angles = np.arange(max_len)[:, None] * np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
""",
    "broadcasting_matmul_einsum": with_entry_code(
        """
        column = np.arange(3.0)[:, np.newaxis]
        row = np.ones((1, 4))
        assert (column @ row).shape == (3, 4) and np.einsum('ij->j', column * row).sum() == 12.0
        both = np.stack([np.sin(column), np.cos(column)], axis=-1).reshape(3, -1)
        assert both.shape == (3, 2) and np.where(both > 2, 1, 0).sum() == 0
        assert np.concatenate([row, row]).shape == (2, 4)
        """
    ),
    "functions_closures_and_arguments": with_module_code(
        """
        def scaler(factor=2.0):
            def apply(*values, offset=0.0, **options):
                return [factor * value + offset for value in values] + sorted(options)
            return apply
        double = scaler()
        arguments = [1.0, 2.0]
        settings = {'offset': 1.0, 'z': 0}
        assert double(*arguments, **settings) == [3.0, 5.0, 'z']
        assert (lambda x, y=1: x + y)(1) == 2
        """
    ),
    "generators": with_module_code(
        """
        def counter(limit):
            count = 0
            while count < limit:
                received = yield count
                count += 1 if received is None else received
        walker = counter(10)
        assert next(walker) == 0 and walker.send(4) == 4 and list(walker) == [5, 6, 7, 8, 9]
        assert sum(value * value for value in range(4)) == 14
        """
    ),
    "own_containers_are_writable": with_module_code(
        """
        table = {'a': 1}
        table['b'] = 2
        del table['a']
        items = [0, 0]
        items[1] = 5
        seen = {1}
        seen.add(2)
        grid = np.zeros((2, 2))
        grid[0] = 1.0
        grid[:, 1] = np.arange(2)
        grid[grid > 0.5] = 7.0
        assert table == {'b': 2} and items == [0, 5] and seen == {1, 2}
        assert grid.tolist() == [[7.0, 0.0], [0.0, 7.0]]
        """
    ),
    "probe_arguments_are_plain_ints": with_entry_code(
        "assert isinstance(max_len, int) and isinstance(d_model, int) and d_model % 2 == 0"
    ),
}


@pytest.mark.parametrize("source", FEATURES.values(), ids=FEATURES.keys())
def test_feature_keeps_working(source: str, grade: SyncGrader, flagship: Exercise) -> None:
    assert_passes(graded(grade, flagship, source))


def test_print_reaches_the_report(grade: SyncGrader, flagship: Exercise) -> None:
    source = with_module_code(
        """
        print('max_len', 3, sep='=', end=';\\n')
        print(np.arange(3.0))
        print('{:.2f}'.format(0.5), f'{1.25:.1f}')
        """
    )
    report = graded(grade, flagship, source)
    assert_passes(report)
    assert report.stdout == "max_len=3;\n[0. 1. 2.]\n0.50 1.2\n"
    assert report.stdout_truncated is False


def test_a_python_loop_runs_and_fails_only_the_vectorised_test(
    grade: SyncGrader, flagship: Exercise
) -> None:
    source = REFERENCE + textwrap.dedent(
        """
        def positional_encoding(max_len, d_model):
            pe = np.zeros((max_len, d_model))
            table = reference_table(max_len, d_model)
            for pos in range(max_len):
                pe[pos] = table[pos]
            return pe
        """
    )
    report = graded(grade, flagship, source)
    failing = [test.id for test in report.tests if test.status != "passed"]
    assert report.verdict == "failed"
    assert failing == ["vectorised"]


def test_augmented_assignment_on_a_subscript_evaluates_the_target_once(
    grade: SyncGrader, flagship: Exercise
) -> None:
    source = REFERENCE + (
        "calls = []\n"
        "def key():\n    calls.append(1)\n    return slice(0, 2)\n"
        "pe = np.zeros(3)\npe[key()] += 1.0\n"
        "assert calls == [1] and pe.tolist() == [1.0, 1.0, 0.0], (calls, pe)\n"
        "positional_encoding = reference_table\n"
    )
    assert graded(grade, flagship, source).verdict == "passed"


@pytest.mark.parametrize(
    "name",
    ["sine", "member", "linalg.member", "random.member"],
    ids=["typo", "facade-method", "linalg-facade-method", "random-facade-method"],
)
def test_a_missing_numpy_name_is_named_in_the_error(
    name: str, grade: SyncGrader, flagship: Exercise
) -> None:
    # `member` is how the facade looks names up: learners must not reach it as a name either.
    report = graded(grade, flagship, with_entry_code(f"np.{name}('sin')"))
    assert report.verdict == "failed"
    message = report.tests[0].message
    assert "AttributeError" in message, message
    assert f"'{name.split('.')[-1]}'" in message, message


def test_a_forbidden_import_says_what_is_allowed(grade: SyncGrader, flagship: Exercise) -> None:
    report = graded(grade, flagship, "import os\n")
    assert report.verdict == "error"
    assert report.error is not None
    assert report.error.type == "ImportError"
    assert report.error.line == 1
    assert NOT_AVAILABLE in report.error.message
    assert "numpy" in report.error.message
    assert "functools" in report.error.message


def test_format_fields_cannot_walk_attributes(grade: SyncGrader, flagship: Exercise) -> None:
    report = graded(grade, flagship, with_module_code("'{0.real}'.format(1)"))
    assert report.verdict == "error"
    assert report.error is not None
    assert "{0.real}" in report.error.message
    assert "not allowed" in report.error.message
