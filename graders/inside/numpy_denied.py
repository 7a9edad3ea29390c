"""What of NumPy's public API graded code does not get, and why.

Learners get the whole public NumPy (graders.inside.facade) except the names below. Each one
reads or writes files, runs or builds code, reports on the host, reaches NumPy's internals or
lays arrays over raw memory. A reason finishes the sentence "np.X is not available in graded
code: ...", so it says what the name does and, where there is one, what to use instead; it
never blames the learner.

Functions that are safe except for some arguments are wrapped instead (graders.inside.
numpy_wrapped); a name that must not be reached at all is listed here. Keys are dotted paths
below `numpy`: "lib.stride_tricks.as_strided" is `np.lib.stride_tricks.as_strided`.
"""

from __future__ import annotations

REVIEWED_NUMPY = "2.4"
"""The NumPy minor series this list (and the exposed module tree) was reviewed against. A new
series brings new public names, which the facade would expose unreviewed: see the pin in
pyproject.toml and tests/sandbox/test_numpy_facade.py."""

_READS_FILES = "it reads files"
_WRITES_FILES = "it writes files"
_PARSES_FILES = "it reads files (to parse text, use np.array or np.fromstring(text, sep=' '))"
_TEST_SUITE = "it runs NumPy's own test suite"
_IMPORTED_MODULE = "it is a module imported here, not part of NumPy's API"
_ADDRESSES = "it reports raw memory addresses"


def _implementation_of(module: str) -> str:
    return f"it is the implementation module behind {module} (use {module}'s own names)"


DENIED: dict[str, str] = {
    # --- files and URLs ------------------------------------------------------------------------
    "load": "it reads files (and can unpickle them)",
    "save": _WRITES_FILES,
    "savez": _WRITES_FILES,
    "savez_compressed": _WRITES_FILES,
    "savetxt": _WRITES_FILES,
    "loadtxt": _PARSES_FILES,
    "genfromtxt": _PARSES_FILES,
    "fromregex": _READS_FILES,
    "fromfile": _READS_FILES,
    "memmap": "it maps files into memory",
    "lib.npyio": "it holds NumPy's file and URL readers and writers (np.load, DataSource)",
    "lib.format": "it reads and writes .npy files (and can unpickle them)",
    "rec.fromfile": _READS_FILES,
    # --- code, tests and build tooling ---------------------------------------------------------
    "testing": (
        "it is NumPy's test tooling, which runs code given as text "
        "(to check results, use np.allclose, np.array_equal or assert)"
    ),
    "test": _TEST_SUITE,
    "linalg.test": _TEST_SUITE,
    "fft.test": _TEST_SUITE,
    "random.test": _TEST_SUITE,
    "ma.test": _TEST_SUITE,
    "polynomial.test": _TEST_SUITE,
    "lib.test": _TEST_SUITE,
    "f2py": "it compiles and loads Fortran and C code",
    "ctypeslib": "it loads shared libraries and lays arrays over raw pointers",
    "show_config": "it reports how this NumPy was built",
    "show_runtime": "it reports the machine NumPy runs on",
    "get_include": "it locates NumPy's C headers, for building extensions",
    "lib.introspect": "it reports the host CPU's features",
    "info": "it searches NumPy's modules by name and prints their documentation",
    "lib.add_docstring": "it rewrites the documentation of NumPy's own objects",
    "lib.add_newdoc": "it rewrites the documentation of NumPy's own objects",
    # --- NumPy's internals ---------------------------------------------------------------------
    "core": "it is NumPy's internals (a deprecated alias of numpy._core)",
    "ma.core": _implementation_of("np.ma"),
    "ma.extras": _implementation_of("np.ma"),
    "random.mtrand": _implementation_of("np.random"),
    "random.bit_generator": _implementation_of("np.random"),
    "lib.mixins.um": "it is NumPy's internal ufunc module (the ufuncs are np.add, np.sin, ...)",
    "polynomial.polyutils.functools": _IMPORTED_MODULE,
    "polynomial.polyutils.np": _IMPORTED_MODULE,
    "polynomial.polyutils.operator": _IMPORTED_MODULE,
    "polynomial.polyutils.warnings": _IMPORTED_MODULE,
    **{
        f"polynomial.{kind}.{name}": _IMPORTED_MODULE
        for kind in ("polynomial", "chebyshev", "hermite", "hermite_e", "laguerre", "legendre")
        for name in ("np", "pu")
    },
    # --- raw memory ----------------------------------------------------------------------------
    "lib.stride_tricks.as_strided": (
        "it lays an array over memory with strides it does not check "
        "(np.lib.stride_tricks.sliding_window_view makes safe windows)"
    ),
    "from_dlpack": "it adopts raw memory exported by another library (DLPack)",
    "rec.fromstring": (
        "it lays records, object fields included, over raw bytes "
        "(use np.rec.fromarrays or np.rec.fromrecords)"
    ),
    "ScalarType": (
        "it holds the memoryview type, which reinterprets raw memory "
        "(use np.isscalar or isinstance(x, np.generic))"
    ),
    "lib.array_utils.byte_bounds": _ADDRESSES,
    "ma.ids": _ADDRESSES,
}
