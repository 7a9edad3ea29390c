"""The frame order and budget: what an honest child sends passes, anything else is refused."""

from __future__ import annotations

import pytest

from graders.protocol.frames import Frame, ProtocolError
from graders.protocol.sequence import FrameBudgetExceeded, FrameOrder, frame_budget


def frames(*types: str, probes: list[int] | None = None) -> list[Frame]:
    """Frames of these types; `start`/`result`/`raised` name probes in order (or `probes`)."""
    numbers = iter(probes if probes is not None else range(1000))
    made, current = [], -1
    for kind in types:
        header: dict[str, object] = {"t": kind}
        if kind == "start":
            current = next(numbers)
            header["probe"] = current
        elif kind in ("result", "raised"):
            header["probe"] = current
        made.append(Frame(header))
    return made


def accept_all(order: FrameOrder, sent: list[Frame]) -> None:
    for frame in sent:
        order.accept(frame)


HONEST = {
    "a grading": ("compiling", "compiled", "loaded", "start", "result", "start", "raised", "done"),
    "a load error": ("compiling", "compiled", "load_error", "done"),
    "a syntax error": ("compiling", "load_error", "done"),
    "a scratch call": ("compiling", "compiled", "loaded", "argument", "argument", "call", "start",
                       "result", "done"),
    "a refused call": ("compiling", "compiled", "loaded", "argument", "call_refused", "done"),
    "the self-test": ("selftest", "done"),
}  # fmt: skip


@pytest.mark.parametrize("types", HONEST.values(), ids=HONEST.keys())
def test_what_an_honest_child_sends_is_accepted(types: tuple[str, ...]) -> None:
    order = FrameOrder(frame_budget(probes=2, arguments=2))
    for frame in frames(*types):
        order.accept(frame)


BROKEN = {
    "a type no child sends": frames("compiling", "bogus"),
    "a nameless frame": [Frame({})],
    "a result before compiling": frames("result"),
    "a second compiling": frames("compiling", "compiling"),
    "a result without a start": frames("compiling", "compiled", "loaded", "result"),
    "a probe out of order": frames("compiling", "compiled", "loaded", "start", probes=[3]),
    "a result for another probe": [
        *frames("compiling", "compiled", "loaded", "start"),
        Frame({"t": "result", "probe": 7}),
    ],
    "anything after a refused call": frames("compiling", "compiled", "loaded", "call_refused",
                                            "start"),
    "an argument in the middle of the calls": frames("compiling", "compiled", "loaded", "start",
                                                     "result", "argument"),
}  # fmt: skip


@pytest.mark.parametrize("sent", BROKEN.values(), ids=BROKEN.keys())
def test_frames_out_of_the_protocol_are_refused(sent: list[Frame]) -> None:
    order = FrameOrder(frame_budget(probes=2))
    with pytest.raises(ProtocolError):
        accept_all(order, sent)


def test_one_frame_past_the_budget_is_refused_even_in_a_valid_order() -> None:
    budget = frame_budget(probes=2)
    calls = ("start", "raised") * 10
    sent = frames("compiling", "compiled", "loaded", *calls)
    order = FrameOrder(budget)
    for frame in sent[:budget]:
        order.accept(frame)
    with pytest.raises(FrameBudgetExceeded):
        order.accept(sent[budget])


@pytest.mark.parametrize(("probes", "arguments"), [(0, 0), (1, 3), (24, 0)])
def test_the_budget_covers_every_frame_of_a_full_run(probes: int, arguments: int) -> None:
    calls = ("start", "result") * probes
    scratch = ("argument",) * arguments + ("call",)
    order = FrameOrder(frame_budget(probes, arguments))
    for frame in frames("compiling", "compiled", "loaded", *scratch, *calls, "done"):
        order.accept(frame)
