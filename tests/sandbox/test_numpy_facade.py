"""The NumPy of graded code: the whole public API of the pinned NumPy, less a reasoned deny-list.

The first tests enumerate the installed NumPy against the facade, in this process. The rest
grade real submissions through the sandbox pool: each denied name says why, each wrapped
function refuses object memory and still works on numbers, what NumPy itself refuses stays
refused, and a broad sample of the API works.
"""

from __future__ import annotations

import json
import textwrap
import types
from typing import Any

import numpy
import pytest

from graders.exercise import Exercise
from graders.inside.facade import EXPOSED_MODULES, MODULES, Facade, import_module
from graders.inside.numpy_denied import DENIED, REVIEWED_NUMPY
from graders.inside.transformer import NOT_AVAILABLE
from graders.report import Report
from tests.conftest import SyncGrader
from tests.sandbox.test_policy import with_entry_code, with_module_code


def assert_passes(report: Report) -> None:
    assert report.verdict == "passed", json.dumps(report.to_dict(), indent=1)[:3000]


def real_module(path: str) -> Any:
    module: Any = numpy
    for part in path.split(".")[1:]:
        module = getattr(module, part)
    return module


def facades(facade: Facade = MODULES["numpy"], path: str = "numpy") -> dict[str, Facade]:
    """Every facade below `facade`, by its dotted path."""
    found = {path: facade}
    for name in dir(facade):
        member = facade.member(name)
        if type(member) is Facade:
            found |= facades(member, f"{path}.{name}")
    return found


def public_names(module: Any) -> set[str]:
    """`dir()` and `__all__` where defined, without `_` names (counted independently of the
    facade's own enumeration)."""
    names = set(dir(module)) | set(getattr(module, "__all__", ()))
    return {name for name in names if not name.startswith("_")}


def denied_key(path: str, name: str) -> str:
    return f"{path}.{name}".removeprefix("numpy.")


FACADE_PATHS = sorted({"numpy"} | EXPOSED_MODULES)


# --- the API, enumerated ---------------------------------------------------------------------


def test_the_deny_list_was_reviewed_for_the_installed_numpy() -> None:
    """A new NumPy series brings public names the facade would expose unreviewed: review
    them (and pyproject's pin) before moving REVIEWED_NUMPY."""
    assert numpy.__version__.startswith(REVIEWED_NUMPY + "."), numpy.__version__


def test_the_exposed_modules_are_exactly_the_listed_ones() -> None:
    assert sorted(facades()) == FACADE_PATHS


@pytest.mark.parametrize("path", FACADE_PATHS)
def test_every_public_name_is_exposed_or_denied_with_a_reason(path: str) -> None:
    exposed = set(dir(facades()[path]))
    names = public_names(real_module(path))
    denied = {name for name in names if denied_key(path, name) in DENIED}
    assert sorted(names - exposed - denied) == []  # neither: decide, and give a reason
    assert sorted(exposed & denied) == []
    assert sorted(exposed - names) == []


def test_every_denied_name_is_a_public_name_of_the_installed_numpy() -> None:
    stale = []
    for key in DENIED:
        parent, _, name = f"numpy.{key}".rpartition(".")
        if parent not in FACADE_PATHS or name not in public_names(real_module(parent)):
            stale.append(key)
    assert stale == []


@pytest.mark.parametrize("key", sorted(DENIED))
def test_a_reason_finishes_the_refusal_sentence(key: str) -> None:
    reason = DENIED[key]
    assert reason.startswith("it "), reason
    assert not reason.endswith("."), reason


def test_no_real_module_or_array_class_is_handed_out() -> None:
    """Modules are facades; ndarray subclasses (whose constructors take buffers, and whose
    `[...]` aliases reach `ndarray.resize`) are guarded stand-ins."""
    leaked = []
    for path, facade in facades().items():
        for name in dir(facade):
            member = facade.member(name)
            origin = getattr(member, "__origin__", None)
            real_class = isinstance(member, type) and issubclass(member, numpy.ndarray)
            real_alias = isinstance(origin, type) and issubclass(origin, numpy.ndarray)
            if isinstance(member, types.ModuleType) or real_class or real_alias:
                leaked.append(f"{path}.{name}")
    assert leaked == []


IMPORTS = {
    "submodule": ("numpy.fft", ("fft",), "numpy.fft"),
    "nested_submodule": (
        "numpy.lib.stride_tricks",
        ("sliding_window_view",),
        "numpy.lib.stride_tricks",
    ),
    "typing": ("numpy.typing", ("NDArray", "ArrayLike"), "numpy.typing"),
    "dotted_import_binds_the_top": ("numpy.linalg", None, "numpy"),
    "math": ("math", ("sqrt",), "math"),
}


@pytest.mark.parametrize("case", IMPORTS, ids=str)
def test_import_module_answers_with_the_facade(case: str) -> None:
    name, fromlist, bound = IMPORTS[case]
    assert import_module(name, fromlist) is facades().get(bound, MODULES.get(bound))


IMPORT_REFUSALS = {
    "denied_name": (
        "numpy",
        ("load",),
        "numpy.load is not available in graded code: it reads files (and can unpickle them).",
    ),
    "denied_module": (
        "numpy.testing",
        None,
        f"numpy.testing is not available in graded code: {DENIED['testing']}.",
    ),
    "denied_nested_module": (
        "numpy.lib",
        ("npyio",),
        f"numpy.lib.npyio is not available in graded code: {DENIED['lib.npyio']}.",
    ),
    "misspelt_name": (
        "numpy",
        ("sine",),
        "cannot import name 'sine' from 'numpy' (did you mean 'sin'?)",
    ),
    "unknown_module": (
        "numpy.matlib",
        None,
        "import of 'numpy.matlib' is not allowed here: it is not one of NumPy's public modules",
    ),
}


@pytest.mark.parametrize("case", IMPORT_REFUSALS, ids=str)
def test_import_module_refuses_with_the_reason(case: str) -> None:
    name, fromlist, message = IMPORT_REFUSALS[case]
    with pytest.raises(ImportError) as refused:
        import_module(name, fromlist)
    assert str(refused.value) == message


def test_import_module_leaves_other_modules_to_the_policy() -> None:
    assert import_module("os", None) is None


def test_a_facade_has_no_module_name() -> None:
    """`from numpy import x` falls back on `sys.modules[numpy.__name__ + ".x"]` when the
    attribute is missing: with a `__name__`, `from numpy import _core` would get the real
    module."""
    assert not hasattr(MODULES["numpy"], "__name__")
    assert not hasattr(MODULES["numpy"].member("linalg"), "__name__")


# --- denied and missing names, through the sandbox ---------------------------------------------


def load_error(report: Report) -> tuple[str, str]:
    assert report.verdict == "error", json.dumps(report.to_dict(), indent=1)[:3000]
    assert report.error is not None
    return report.error.type, report.error.message


@pytest.mark.parametrize("key", sorted(DENIED))
def test_a_denied_name_says_why(key: str, grade: SyncGrader, flagship: Exercise) -> None:
    report = grade(flagship, with_module_code(f"np.{key}"))
    expected = f"np.{key} {NOT_AVAILABLE}: {DENIED[key]}."
    assert load_error(report) == ("AttributeError", expected)


# What each message names: the module, the missing name, and the name meant (or its successor).
MISSING = {
    "sine": ("'numpy'", "'sine'", "'sin'"),
    "linalg.nrom": ("'numpy.linalg'", "'nrom'", "'norm'"),
    "float_": ("'numpy'", "'float_'", "NumPy 2.0", "`np.float64`"),
    "frobnicate": ("'numpy'", "'frobnicate'"),
}


@pytest.mark.parametrize("name", MISSING, ids=str)
def test_a_name_numpy_does_not_have_says_it_does_not_exist(
    name: str, grade: SyncGrader, flagship: Exercise
) -> None:
    error_type, message = load_error(grade(flagship, with_module_code(f"np.{name}")))
    assert error_type == "AttributeError"
    assert "has no attribute" in message
    assert [fact for fact in MISSING[name] if fact not in message] == [], message


@pytest.mark.parametrize("name", ["_core", "_globals", "__name__", "testing"])
def test_numpy_internals_cannot_be_imported_by_name(
    name: str, grade: SyncGrader, flagship: Exercise
) -> None:
    assert load_error(grade(flagship, with_module_code(f"from numpy import {name}")))[0] == (
        "ImportError"
    )


def test_a_denied_name_says_why_when_imported(grade: SyncGrader, flagship: Exercise) -> None:
    report = grade(flagship, with_module_code("from numpy import load"))
    error_type, message = load_error(report)
    assert error_type == "ImportError"
    assert message.startswith(f"numpy.load {NOT_AVAILABLE}: ")
    assert "reads files" in message


# --- wrapped functions: object memory refused, numbers still work ------------------------------

# Objects whose memory holds object pointers, for the refusals below. `padded` has no object
# field of its own, but its padding is `records`' pointers (a view's memory is its base's).
OBJECTS = """
boxes = np.array([1.5, 'x'], dtype=object)
records = np.zeros(2, dtype=[('a', 'O'), ('b', 'i8')])
records['a'] = boxes
padded = records[['b']]
"""

# name -> (a call to refuse with TypeError, the refusal's words, code using it on numbers)
WRAPPED_USES = {
    "frombuffer": (
        "np.frombuffer(boxes, np.int64)",
        "np.frombuffer over memory that holds Python objects",
        "assert np.frombuffer(b'\\x01\\x02', np.uint8).tolist() == [1, 2]\n"
        "assert np.frombuffer(np.arange(3.0)).tolist() == [0.0, 1.0, 2.0]",
    ),
    "frombuffer_of_a_padded_view": (
        "np.frombuffer(padded, np.int64)",
        "np.frombuffer over memory that holds Python objects",
        "assert np.frombuffer(records['b'].copy()).shape == (2,)",
    ),
    "frombuffer_of_a_record": (
        "np.frombuffer(records[0][['b']], np.int64)",
        "np.frombuffer over memory that holds Python objects",
        "assert np.frombuffer(np.float64(2.0)).tolist() == [2.0]",
    ),
    "ma.frombuffer": (
        "np.ma.frombuffer(boxes, np.int64)",
        "np.ma.frombuffer over memory that holds Python objects",
        "assert np.ma.frombuffer(b'\\x01', np.uint8).tolist() == [1]",
    ),
    "ndarray": (
        "np.ndarray((2,), np.int64, buffer=boxes)",
        "np.ndarray(buffer=...) is not available in graded code",
        "table = np.ndarray((2, 3))\ntable[:] = 1.0\nassert table.sum() == 6.0\n"
        "assert isinstance(table, np.ndarray) and np.ndarray[int, np.dtype[np.float64]]",
    ),
    "recarray": (
        "np.recarray((2,), dtype=[('a', 'i8')], buf=boxes)",
        "np.rec.recarray(buf=...) is not available in graded code",
        "table = np.recarray((2,), dtype=[('a', 'f8')])\ntable.fill(1.5)\n"
        "assert table.a.sum() == 3.0 and isinstance(table, np.rec.recarray)",
    ),
    "char.chararray": (
        "np.char.chararray((2,), itemsize=8, buffer=boxes)",
        "np.char.chararray(buffer=...) is not available in graded code",
        "words = np.char.chararray((2,), itemsize=3)\nwords.fill('ab')\n"
        "assert words.upper().tolist() == [b'AB', b'AB']",
    ),
    "rec.array": (
        "np.rec.array(b'\\x00' * 8, dtype=[('a', 'O')])",
        "np.rec.array over bytes",
        "table = np.rec.array([(1, 2.0), (3, 4.0)], dtype=[('a', 'i8'), ('b', 'f8')])\n"
        "assert table.b.tolist() == [2.0, 4.0]",
    ),
    "typing.NDArray": (
        "np.typing.NDArray((2,), np.int64, buffer=boxes)",
        "np.ndarray(buffer=...) is not available in graded code",
        "def scale(x: np.typing.NDArray[np.float64]) -> np.typing.NDArray:\n"
        "    return 2 * x\nassert scale(np.ones(2)).tolist() == [2.0, 2.0]",
    ),
    "ma.baseclass": (
        "np.ma.masked_array([1.0]).baseclass((2,), np.int64, buffer=boxes)",
        "np.ndarray(buffer=...) is not available in graded code",
        "assert np.ma.masked_array([1.0, 2.0], mask=[0, 1]).baseclass is np.ndarray",
    ),
    "bmat": (
        "A = np.eye(2)\nnp.bmat('A, A')",
        "np.bmat('A, B') is not available in graded code",
        "assert np.bmat([[np.eye(2), np.zeros((2, 1))]]).shape == (2, 3)",
    ),
    "r_": (
        "A = np.eye(2)\nnp.r_['A, A']",
        "np.r_['A, B'] is not available in graded code",
        "assert np.r_[1:3, 5].tolist() == [1, 2, 5] and np.r_['0,2', [1], [2]].shape == (2, 1)",
    ),
    "c_": (
        "A = np.eye(2)\nnp.c_['A']",
        "np.c_['A, B'] is not available in graded code",
        "assert np.c_[[1, 2], [3, 4]].tolist() == [[1, 3], [2, 4]]",
    ),
}


@pytest.mark.parametrize("name", WRAPPED_USES, ids=str)
def test_a_wrapped_function_refuses_object_memory_and_works_on_numbers(
    name: str, grade: SyncGrader, flagship: Exercise
) -> None:
    refused, words, plain = WRAPPED_USES[name]
    code = (
        OBJECTS
        + "try:\n"
        + textwrap.indent(refused, "    ")
        + "\nexcept TypeError as error:\n    refusal = str(error)\nelse:\n    refusal = None\n"
        + f"assert refusal is not None and {words!r} in refusal, refusal\n"
        + plain
    )
    assert_passes(grade(flagship, with_module_code(code)))


def test_sliding_windows_keep_no_holder_of_an_array_interface(
    grade: SyncGrader, flagship: Exercise
) -> None:
    """NumPy's own windows keep, as `.base`, an object holding an `__array_interface__`: its
    class (`type(windows.base)`) would lay an array over any address. These keep the array."""
    code = """
        x = np.arange(5.0)
        windows = np.lib.stride_tricks.sliding_window_view(x, 3)
        assert type(windows.base) is np.ndarray and windows.base is x
        assert windows.tolist() == [[0.0, 1.0, 2.0], [1.0, 2.0, 3.0], [2.0, 3.0, 4.0]]
        assert not windows.flags.writeable
        writable = np.lib.stride_tricks.sliding_window_view(x, 2, writeable=True)
        writable[0, 1] = 9.0
        assert x[1] == 9.0
    """
    assert_passes(grade(flagship, with_module_code(code)))


# What NumPy itself refuses on object memory (numpy_wrapped leaves these to it).
NUMPY_REFUSES = {
    "view_of_objects_as_integers": "boxes.view(np.int64)",
    "view_of_records_as_integers": "records.view([('a', 'i8'), ('b', 'i8')])",
    "view_of_a_padded_view": "padded.view(np.int64)",
    "field_of_an_object_array": "boxes.getfield(np.int64, 0)",
    "objects_from_bytes": "np.frombuffer(b'\\x00' * 16, dtype=object)",
    "records_with_objects_from_bytes": "np.frombuffer(b'\\x00' * 8, dtype=[('a', 'O')])",
    "objects_from_text": "np.fromstring('1 2', dtype=object, sep=' ')",
    "overlapping_object_fields": (
        "np.dtype({'names': ['a', 'b'], 'formats': ['O', 'i8'], 'offsets': [0, 0]})"
    ),
    "string_dtype_as_integers": "np.array(['abc' * 8], dtype='T').view(np.int64)",
}


@pytest.mark.parametrize("case", NUMPY_REFUSES, ids=str)
def test_numpy_refuses_to_reinterpret_object_memory(
    case: str, grade: SyncGrader, flagship: Exercise
) -> None:
    code = (
        OBJECTS
        + f"try:\n    {NUMPY_REFUSES[case]}\nexcept (TypeError, ValueError):\n    pass\n"
        + "else:\n    raise AssertionError('NumPy laid numbers over object pointers')\n"
    )
    assert_passes(grade(flagship, with_module_code(code)))


def test_numpy_tables_learners_change_are_their_copies(
    grade: SyncGrader, flagship: Exercise
) -> None:
    code = "np.sctypeDict.clear()\nnp.typecodes.clear()\nassert np.dtype('float64') == np.float64"
    assert_passes(grade(flagship, with_module_code(code)))


# --- the newly exposed API works --------------------------------------------------------------

WORKS = {
    "concat": """
        assert np.concat([np.ones(2), np.zeros(1)]).tolist() == [1.0, 1.0, 0.0]
    """,
    "pow": """
        assert np.pow(np.arange(3), 2).tolist() == [0, 1, 4]
    """,
    "indices": """
        assert np.indices((2, 3)).shape == (2, 2, 3)
    """,
    "mgrid_ogrid": """
        assert np.mgrid[0:2, 0:3].shape == (2, 2, 3) and len(np.ogrid[0:2, 0:3]) == 2
    """,
    "r_": """
        assert np.r_[np.array([1, 2]), 0, 3:5].tolist() == [1, 2, 0, 3, 4]
    """,
    "ix_": """
        grid = np.arange(9).reshape(3, 3)
        assert grid[np.ix_([0, 2], [1])].tolist() == [[1], [7]]
    """,
    "block": """
        assert np.block([[np.eye(2), np.zeros((2, 1))]]).shape == (2, 3)
    """,
    "select": """
        x = np.arange(4)
        assert np.select([x < 1, x > 2], [x, -x], 9).tolist() == [0, 9, 9, -3]
    """,
    "piecewise": """
        x = np.linspace(-1, 1, 5)
        assert np.piecewise(x, [x < 0], [0, 1]).tolist() == [0, 0, 1, 1, 1]
    """,
    "put_along_axis": """
        grid = np.zeros((2, 2))
        np.put_along_axis(grid, np.array([[1], [0]]), 5.0, axis=1)
        assert grid.tolist() == [[0.0, 5.0], [5.0, 0.0]]
    """,
    "ascontiguousarray": """
        assert np.ascontiguousarray(np.eye(3).T).flags.c_contiguous
    """,
    "errstate": """
        with np.errstate(divide='ignore', invalid='ignore'):
            x = np.array([1.0, 0.0]) / 0.0
        assert np.isinf(x[0]) and np.isnan(x[1])
    """,
    "set_printoptions": """
        np.set_printoptions(precision=2)
        assert str(np.array([1 / 3])) == '[0.33]'
    """,
    "printoptions": """
        with np.printoptions(precision=1):
            assert repr(np.array([0.25])) == 'array([0.2])'
    """,
    "triu_indices": """
        rows, columns = np.triu_indices(3)
        assert rows.tolist() == [0, 0, 0, 1, 1, 2]
    """,
    "shape_ndim_size": """
        assert np.shape(np.ones((2, 3))) == (2, 3) and np.ndim([[1]]) == 2 and np.size([1, 2]) == 2
    """,
    "real_imag": """
        z = np.array([1 + 2j])
        assert np.real(z)[0] == 1.0 and np.imag(z)[0] == 2.0
    """,
    "integer_and_floating": """
        assert isinstance(np.int64(1), np.integer) and isinstance(np.float32(1), np.floating)
        assert np.issubdtype(np.float64, np.inexact)
    """,
    "ma_masked_array": """
        m = np.ma.masked_array([1.0, 2.0, 3.0], mask=[0, 1, 0])
        assert m.mean() == 2.0 and m.count() == 2 and np.ma.is_masked(m)
    """,
    "fft": """
        assert np.allclose(np.fft.ifft(np.fft.fft(np.arange(4.0))).real, np.arange(4.0))
        assert np.fft.rfftfreq(4).tolist() == [0.0, 0.25, 0.5]
    """,
    "emath_sqrt": """
        assert np.emath.sqrt(-1) == 1j and np.lib.scimath.log(-1).imag > 3
    """,
    "sliding_window_view": """
        windows = np.lib.stride_tricks.sliding_window_view(np.arange(6.0), 3)
        assert windows.mean(axis=1).tolist() == [1.0, 2.0, 3.0, 4.0]
    """,
    "default_rng_normal": """
        rng = np.random.default_rng(0)
        assert rng.normal(size=(2, 3)).shape == (2, 3) and 0 <= rng.integers(5) < 5
    """,
    "random_generator_classes": """
        rng = np.random.Generator(np.random.PCG64(1))
        assert isinstance(rng, np.random.Generator) and rng.permutation(3).shape == (3,)
        assert np.random.SeedSequence(0).generate_state(2).shape == (2,)
    """,
    "random_legacy": """
        state = np.random.RandomState(0)
        assert state.rand(2).shape == (2,) and np.random.choice(3, 2).shape == (2,)
    """,
    "linalg_new_names": """
        a = np.array([[2.0, 0.0], [0.0, 4.0]])
        assert np.linalg.matrix_power(a, 2)[1, 1] == 16.0 and np.linalg.cond(a) == 2.0
        assert np.allclose(np.linalg.lstsq(a, np.ones(2), rcond=None)[0], [0.5, 0.25])
        assert np.linalg.vector_norm([3.0, 4.0]) == 5.0
        assert np.linalg.eigvalsh(a).tolist() == [2.0, 4.0]
    """,
    "linalg_error": """
        try:
            np.linalg.inv(np.zeros((2, 2)))
        except np.linalg.LinAlgError as error:
            assert 'Singular' in str(error)
    """,
    "polynomial": """
        p = np.polynomial.Polynomial([1.0, 2.0])
        assert p(2.0) == 5.0 and np.polynomial.polynomial.polyval(2.0, [1.0, 2.0]) == 5.0
        fit = np.polynomial.Polynomial.fit([0.0, 1.0, 2.0], [1.0, 3.0, 5.0], 1)
        assert np.allclose(fit.convert().coef, [1.0, 2.0]) and 'x' in str(p)
    """,
    "polynomial_families": """
        assert np.polynomial.chebyshev.chebval(1.0, [1.0, 1.0]) == 2.0
        assert len(np.polynomial.legendre.leggauss(3)[0]) == 3
    """,
    "poly1d_polyfit_roots": """
        assert np.allclose(np.polyfit([0, 1, 2], [1, 3, 5], 1), [2, 1])
        assert np.allclose(sorted(np.roots([1, -3, 2])), [1.0, 2.0])
        assert np.poly1d([1, 2])(3) == 5
    """,
    "statistics": """
        x = np.array([1.0, 2.0, 3.0, 4.0])
        assert np.quantile(x, 0.5) == 2.5 and np.nanmedian(np.append(x, np.nan)) == 2.5
        assert np.histogram(x, bins=2)[0].tolist() == [2, 2] and np.cov(x, x).shape == (2, 2)
    """,
    "cumulative_and_vecdot": """
        assert np.cumulative_sum([1, 2, 3]).tolist() == [1, 3, 6]
        assert np.vecdot([1, 2], [3, 4]) == 11
        assert np.matvec(np.eye(2), [1.0, 2.0]).tolist() == [1.0, 2.0]
    """,
    "set_operations": """
        values, counts = np.unique_counts(np.array([1, 1, 2]))
        assert values.tolist() == [1, 2] and counts.tolist() == [2, 1]
        assert np.isin([1, 5], [1, 2]).tolist() == [True, False]
        assert np.setdiff1d([1, 2], [2]).tolist() == [1]
    """,
    "indexing_helpers": """
        assert np.unravel_index(5, (2, 3)) == (1, 2) and np.ravel_multi_index((1, 2), (2, 3)) == 5
        grid = np.zeros((2, 2))
        np.fill_diagonal(grid, 1.0)
        assert grid.trace() == 2.0 and np.diag_indices(2)[0].tolist() == [0, 1]
    """,
    "searching_and_partitioning": """
        assert np.searchsorted([1, 3, 5], 4) == 2
        assert np.digitize([0.5, 2.5], [1, 2]).tolist() == [0, 2]
        assert np.partition(np.array([3, 1, 2]), 1)[1] == 2
        assert np.lexsort(([1, 0], [0, 0])).tolist() == [1, 0]
    """,
    "calculus": """
        assert np.gradient(np.array([0.0, 1.0, 4.0])).tolist() == [1.0, 2.0, 3.0]
        assert np.interp(1.5, [1, 2], [10, 20]) == 15.0 and np.trapezoid([1.0, 1.0]) == 1.0
        assert np.convolve([1, 1], [1, 1]).tolist() == [1, 2, 1]
    """,
    "strings_and_char": """
        assert np.strings.upper(np.array(['ab'])).tolist() == ['AB']
        assert np.char.add(['a'], ['b']).tolist() == ['ab']
        assert np.array(['abc'], dtype=np.dtypes.StringDType())[0] == 'abc'
    """,
    "records": """
        table = np.rec.fromarrays([[1, 2], [3.0, 4.0]], names='a,b')
        assert table.b.tolist() == [3.0, 4.0]
        assert np.rec.fromrecords([(1, 'x')], names='n,s').s[0] == 'x'
    """,
    "dtypes_and_casting": """
        assert np.can_cast(np.int8, np.int64) and np.promote_types('i4', 'f4') == np.float64
        assert np.result_type(1, 1.0) == np.float64 and np.isdtype(np.float32, 'real floating')
        assert np.typename('d') == 'double precision'
        assert 'f' in np.typecodes['Float']
        assert np.sctypeDict['float64'] is np.float64
    """,
    "exceptions": """
        try:
            np.sum(np.ones(2), axis=3)
        except np.exceptions.AxisError as error:
            assert 'axis 3' in str(error)
    """,
    "typing_annotations": """
        from_typing = np.typing
        def f(
            x: from_typing.ArrayLike, d: from_typing.DTypeLike = None
        ) -> from_typing.NDArray[np.float64]:
            return np.asarray(x, dtype=d)
        assert f([1.0]).tolist() == [1.0]
    """,
    "datetimes": """
        day = np.datetime64('2024-01-01') + np.timedelta64(1, 'D')
        assert np.datetime_as_string(day) == '2024-01-02'
        assert np.busday_count('2024-01-01', '2024-01-08') == 5
    """,
    "iteration_helpers": """
        assert list(np.ndindex(1, 2)) == [(0, 0), (0, 1)]
        assert [v for _, v in np.ndenumerate(np.array([7]))] == [7]
        assert [int(v) for v in np.nditer(np.arange(3))] == [0, 1, 2]
    """,
    "vectorize_frompyfunc": """
        f = np.vectorize(lambda row: row[::-1], signature='(n)->(n)')
        assert f(np.arange(4).reshape(2, 2)).tolist() == [[1, 0], [3, 2]]
        assert np.frompyfunc(lambda x: x * 2, 1, 1)(np.arange(2)).tolist() == [0, 2]
    """,
    "formatting": """
        assert np.array2string(np.array([0.5, 1.0]), precision=1) == '[0.5 1. ]'
        assert np.format_float_positional(0.5) == '0.5'
        assert np.base_repr(5, 2) == '101' and np.binary_repr(3, width=4) == '0011'
    """,
    "seterr": """
        old = np.seterr(all='ignore')
        assert np.geterr()['divide'] == 'ignore' and isinstance(old, dict)
    """,
    "lib_helpers": """
        assert np.lib.NumpyVersion('2.4.0') > '2.0.0'
        assert np.lib.array_utils.normalize_axis_index(-1, 3) == 2
        assert sum(1 for _ in np.lib.Arrayterator(np.arange(4), 2)) >= 1
    """,
    "einsum_path_and_kron": """
        path, text = np.einsum_path('ij,jk->ik', np.eye(2), np.eye(2))
        assert path[0] == 'einsum_path' and np.kron(np.eye(2), np.ones((1, 1))).shape == (2, 2)
    """,
    "window_functions": """
        assert np.hanning(3).tolist() == [0.0, 1.0, 0.0] and np.kaiser(3, 0)[0] == 1.0
    """,
    "type_of_an_array_is_the_facade_class": """
        x = np.zeros(2)
        assert type(x) is np.ndarray and isinstance(x, np.ndarray)
    """,
}


@pytest.mark.parametrize("name", WORKS, ids=str)
def test_a_newly_exposed_name_works(name: str, grade: SyncGrader, flagship: Exercise) -> None:
    assert_passes(grade(flagship, with_module_code(WORKS[name])))


def test_a_new_name_works_inside_the_entry_point(grade: SyncGrader, flagship: Exercise) -> None:
    code = "assert np.concat([np.ones(1), np.pow(np.full(1, 2.0), 2)]).tolist() == [1.0, 4.0]"
    assert_passes(grade(flagship, with_entry_code(code)))


IMPORT_FORMS = {
    "from_submodule": "from numpy.fft import fft, ifft\nassert fft(np.ones(2)).shape == (2,)",
    "from_nested_submodule": (
        "from numpy.lib.stride_tricks import sliding_window_view\n"
        "assert sliding_window_view(np.arange(3), 2).shape == (2, 2)"
    ),
    "import_submodule_as": (
        "import numpy.ma as ma\nassert ma.masked_array([1], mask=[1]).count() == 0"
    ),
    "from_typing": "from numpy.typing import NDArray\ndef f(x: NDArray) -> NDArray:\n    return x",
}


@pytest.mark.parametrize("form", IMPORT_FORMS, ids=str)
def test_a_submodule_can_be_imported(form: str, grade: SyncGrader, flagship: Exercise) -> None:
    assert_passes(grade(flagship, with_module_code(IMPORT_FORMS[form])))


def test_a_submodule_can_be_imported_from_numpy(grade: SyncGrader, flagship: Exercise) -> None:
    code = (
        "from numpy import fft, ma, lib\nassert fft.fft(np.ones(1))[0] == 1.0 and lib.stride_tricks"
    )
    assert_passes(grade(flagship, with_module_code(code)))
