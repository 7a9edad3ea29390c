"""No object graded code can build carries NumPy's raw-memory protocols.

NumPy looks `__array_interface__` (and `__array_struct__`, the buffer protocol) up on the
instance: an object that carries one makes `np.asarray(obj)` lay an array over any address.
Each route below tries to build such an object. In-process, each route is refused with words
that say what is not available in graded code; through the real sandbox, NumPy never reads
the interface (`np.asarray` of the object is an object array, not the interface's bytes).
"""

from __future__ import annotations

import textwrap
from typing import Any

import pytest

from graders.exercise import Exercise
from graders.inside import policy
from graders.inside.stdlib import STDLIB_MODULES
from graders.inside.transformer import (
    CLASS_DUNDERS,
    NOT_AVAILABLE,
    RAW_MEMORY_NAMES,
    READABLE_DUNDERS,
)
from tests.conftest import SyncGrader
from tests.sandbox.conftest import REFERENCE

INTERFACE = "{'shape': (2,), 'typestr': '|u1', 'data': b'\\x07\\x08', 'version': 3}"

# route -> learner code that leaves an object carrying INTERFACE in `carrier`
ROUTES = {
    "class_body": """
        class Carrier:
            __array_interface__ = INTERFACE
        carrier = Carrier()
    """,
    "class_body_property": """
        class Carrier:
            @property
            def __array_interface__(self):
                return INTERFACE
        carrier = Carrier()
    """,
    "class_body_getattr": """
        class Carrier:
            def __getattr__(self, name):
                return INTERFACE
        carrier = Carrier()
    """,
    "class_body_getattribute": """
        class Carrier:
            def __getattribute__(self, name):
                return INTERFACE
        carrier = Carrier()
    """,
    "three_argument_type": """
        carrier = type("Carrier", (), {"__array_interface__": INTERFACE})()
    """,
    "real_type_from_typing_get_origin": """
        import typing
        real_type = typing.get_origin(typing.Type)
        carrier = real_type("Carrier", (), {"__array_interface__": INTERFACE})()
    """,
    "metaclass_from_a_facade": """
        import numbers
        carrier = numbers.ABCMeta("Carrier", (), {"__array_interface__": INTERFACE})()
    """,
    "instance_attribute_write": """
        class Carrier:
            pass
        carrier = Carrier()
        carrier.__array_interface__ = INTERFACE
    """,
    "setattr": """
        class Carrier:
            pass
        carrier = Carrier()
        setattr(carrier, "__array_interface__", INTERFACE)
    """,
    "object_setattr": """
        class Carrier:
            pass
        carrier = Carrier()
        object.__setattr__(carrier, "__array_interface__", INTERFACE)
    """,
    "keyword_name": """
        class Carrier:
            def __init__(self, **attributes):
                self.attributes = attributes
        carrier = Carrier(__array_interface__=INTERFACE)
    """,
    "keyword_names_unpacked": """
        import dataclasses
        @dataclasses.dataclass
        class Carrier:
            x: int = 0
        carrier = dataclasses.replace(Carrier(), **{"__array_interface__": INTERFACE})
    """,
    "class_keyword": """
        class Carrier(**{"__array_interface__": INTERFACE}):
            pass
        carrier = Carrier()
    """,
    "enum_functional_api": """
        import enum
        Carrier = enum.Enum("Carrier", {"__array_interface__": 1, "RED": 2})
        carrier = Carrier.RED
    """,
    "namedtuple_field": """
        import collections
        Carrier = collections.namedtuple("Carrier", ["__array_interface__"])
        carrier = Carrier(INTERFACE)
    """,
}


# Routes that Python itself already refuses, in its own words.
REFUSED_BY_PYTHON = {"namedtuple_field": "Field names cannot start with an underscore"}


def learner_code(route: str) -> str:
    return f"INTERFACE = {INTERFACE}\n" + textwrap.dedent(ROUTES[route]).strip("\n") + "\n"


def run_in_process(source: str, names: dict[str, Any] | None = None) -> dict[str, Any]:
    """Compile and run `source` under the policy in this process (`names` added to its
    globals); its namespace."""
    namespace = policy.restricted_globals(policy.OutputBuffer(10_000)) | (names or {})
    exec(policy.compile_submission(source), namespace)  # under the policy
    return namespace


def refusal_of(source: str) -> str:
    """The message with which the policy refuses `source` (compiling or running it)."""
    with pytest.raises((policy.PolicyError, TypeError, AttributeError, ValueError)) as refused:
        run_in_process(source)
    return str(refused.value)


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_each_route_to_a_raw_memory_attribute_is_refused(route: str) -> None:
    message = refusal_of(learner_code(route))
    expected = REFUSED_BY_PYTHON.get(route, "not available in graded code")
    assert expected in message, message
    assert "your code" not in message.lower()


def reads_the_interface(code: str) -> str:
    """A submission whose entry point returns the correct table only if NumPy read the
    interface of the `carrier` that `code` built."""
    step = textwrap.indent(code, "    ")
    return (
        REFERENCE
        + "\ndef positional_encoding(max_len, d_model):\n"
        + step
        + "    if np.asarray(carrier).dtype == np.uint8:\n"
        + "        return reference_table(max_len, d_model)\n"
        + "    return None\n"
    )


def test_the_detector_passes_when_numpy_reads_the_carrier(
    grade: SyncGrader, flagship: Exercise
) -> None:
    source = reads_the_interface('carrier = np.frombuffer(b"\\x07\\x08", np.uint8)\n')
    assert grade(flagship, source).verdict == "passed"


@pytest.mark.parametrize("route", sorted(ROUTES))
def test_numpy_never_reads_an_interface_graded_code_built(
    route: str, grade: SyncGrader, flagship: Exercise
) -> None:
    report = grade(flagship, reads_the_interface(learner_code(route)))
    assert report.verdict in ("error", "failed"), report.to_dict()


def test_update_wrapper_refuses_to_copy_a_raw_memory_attribute() -> None:
    class Holder:
        pass

    holder = Holder()
    holder.__dict__["__array_interface__"] = {}  # as NumPy's own `as_strided` holder does

    def wrapper() -> None:
        pass

    update_wrapper = STDLIB_MODULES["functools"].member("update_wrapper")
    with pytest.raises(TypeError, match="not available in graded code"):
        update_wrapper(wrapper, holder)
    assert not hasattr(wrapper, "__array_interface__")


def test_a_raw_memory_keyword_is_refused_at_compile_time_with_its_line() -> None:
    with pytest.raises(policy.PolicyError) as refused:
        policy.compile_submission("x = 1\nf(__array_struct__=x)\n")
    assert refused.value.line == 2
    assert NOT_AVAILABLE in str(refused.value)


def test_no_allowed_dunder_is_a_raw_memory_protocol_or_an_attribute_hook() -> None:
    """NumPy reads the protocols through attribute lookup on the instance, so neither the
    protocols nor the hooks that answer any lookup may ever be allowed."""
    allowed = CLASS_DUNDERS | READABLE_DUNDERS
    assert not allowed & RAW_MEMORY_NAMES
    assert not allowed & {"__getattr__", "__getattribute__", "__dict__", "__slots__"}
