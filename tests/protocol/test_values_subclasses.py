"""A tuple, list or dict subclass crosses as its base type, read through the base type's slots.

A NamedTuple of (loss, gradient) is a tuple, and graded as one: it must equal the reference's
plain tuple. Its class is learner code, though, so packing never calls the subclass's own
`__len__`, `__iter__`, `__getitem__`, `items` or `keys`: each class below lies or raises in
every one of them, and still packs as what it really holds.
"""

from __future__ import annotations

import collections
from typing import Any, NamedTuple

import numpy as np
import pytest

from graders.protocol.values import ListOfNumbers, pack_value, unpack_value


class LossAndGrad(NamedTuple):
    loss: float
    grad: np.ndarray[Any, Any]


Pair = collections.namedtuple("Pair", "left right")


class LyingTuple(tuple[Any, ...]):
    def __len__(self) -> int:
        return 0

    def __iter__(self) -> Any:
        raise RuntimeError("the subclass's __iter__ ran")

    def __getitem__(self, index: Any) -> Any:
        raise RuntimeError("the subclass's __getitem__ ran")


class LyingList(list[Any]):
    def __len__(self) -> int:
        raise RuntimeError("the subclass's __len__ ran")

    def __iter__(self) -> Any:
        raise RuntimeError("the subclass's __iter__ ran")


class LyingDict(dict[Any, Any]):
    def __len__(self) -> int:
        return 10**9

    def __iter__(self) -> Any:
        raise RuntimeError("the subclass's __iter__ ran")

    def items(self) -> Any:
        raise RuntimeError("the subclass's items ran")

    def keys(self) -> Any:
        raise RuntimeError("the subclass's keys ran")


def _grad() -> np.ndarray[Any, Any]:
    return np.arange(3.0)


# (value, what it must equal once it has crossed)
SUBCLASSES: dict[str, tuple[Any, Any]] = {
    "typing_namedtuple": (LossAndGrad(0.5, _grad()), (0.5, _grad())),
    "collections_namedtuple_of_numbers": (Pair(1, 2), (1, 2)),
    "collections_namedtuple_of_arrays": (Pair(_grad(), "x"), (_grad(), "x")),
    "tuple_subclass_that_lies": (LyingTuple((0.5, _grad())), (0.5, _grad())),
    "list_subclass_that_raises": (LyingList([1.0, _grad()]), [1.0, _grad()]),
    "dict_subclass_that_lies": (LyingDict(loss=0.5, grad=_grad()), {"loss": 0.5, "grad": _grad()}),
    "ordered_dict": (collections.OrderedDict(a=1, b=None), {"a": 1, "b": None}),
    "counter": (collections.Counter("aab"), {"a": 2, "b": 1}),
    "nested": ([LossAndGrad(1.0, _grad())], [(1.0, _grad())]),
}


def crossed(value: Any) -> Any:
    header, payload = pack_value(value, max_elements=1000, max_items=1000)
    return unpack_value(header, payload)


def plain(value: Any) -> Any:
    """What arrived, as plain Python and NumPy values (a list of numbers arrives as one array)."""
    if isinstance(value, ListOfNumbers):
        return value.tolist()
    if type(value) in (list, tuple):
        return type(value)(plain(item) for item in value)
    if type(value) is dict:
        return {key: plain(item) for key, item in value.items()}
    return value


def same(got: Any, expected: Any) -> bool:
    if isinstance(expected, np.ndarray):
        return type(got) is np.ndarray and np.array_equal(got, expected)
    if type(expected) in (list, tuple):
        return (
            type(got) is type(expected)
            and len(got) == len(expected)
            and all(same(a, b) for a, b in zip(got, expected, strict=True))
        )
    if type(expected) is dict:
        return (
            type(got) is dict
            and got.keys() == expected.keys()
            and all(same(got[key], item) for key, item in expected.items())
        )
    return type(got) is type(expected) and bool(got == expected)


@pytest.mark.parametrize(("value", "expected"), SUBCLASSES.values(), ids=SUBCLASSES.keys())
def test_a_container_subclass_crosses_as_its_base_type(value: Any, expected: Any) -> None:
    assert same(plain(crossed(value)), expected)


def test_a_namedtuple_compares_equal_to_the_references_plain_tuple() -> None:
    assert crossed(Pair(1, 2)) == crossed((1, 2))
    learner, reference = crossed(LossAndGrad(0.5, _grad())), crossed((0.5, _grad()))
    assert type(learner) is tuple
    assert learner[0] == reference[0]
    assert np.array_equal(learner[1], reference[1])


def test_a_subclass_over_the_caps_is_described_by_its_real_length() -> None:
    header, _ = pack_value(LyingTuple(tuple(range(50))), max_elements=10, max_items=10)
    assert header["value"] == {"unsupported": "tuple", "shape": [50], "limit": 10}
