"""The frames an honest child sends, in their order and number: anything else ends the run.

A child sends, for one job (graders.inside.child):

  compiling, then compiled or load_error
  compiled, then loaded or load_error; load_error, then done
  loaded, then (a scratch call) argument..., then call or call_refused; call_refused, then done
  then per probe, in order: start, then result or raised
  (a reference run, graders.inside.reference: one probe, then `mistake`)
  done (nothing after it is read)

The self-test's child sends selftest, then done. So a run of `probes` calls and `arguments`
scratch arguments sends at most `frame_budget(probes, arguments)` frames; the host counts them
as they are decoded and ends the run (`RunStatus.BROKEN`) at the first frame of a type it does
not know, out of order, for a probe not started, or past the budget. A child that has escaped
the language layer can write anything on its channel; what it cannot do is make the grader
decode more than this.
"""

from __future__ import annotations

from graders.protocol.articles import with_article
from graders.protocol.frames import Frame, FrameType, ProtocolError

_T = FrameType
_NEXT: dict[str | None, frozenset[str]] = {
    None: frozenset({_T.COMPILING, _T.SELFTEST}),
    _T.COMPILING: frozenset({_T.COMPILED, _T.LOAD_ERROR}),
    _T.COMPILED: frozenset({_T.LOADED, _T.LOAD_ERROR}),
    _T.LOAD_ERROR: frozenset({_T.DONE}),
    _T.LOADED: frozenset({_T.ARGUMENT, _T.CALL, _T.CALL_REFUSED, _T.START, _T.DONE}),
    _T.ARGUMENT: frozenset({_T.ARGUMENT, _T.CALL, _T.CALL_REFUSED}),
    _T.CALL: frozenset({_T.START, _T.DONE}),
    _T.CALL_REFUSED: frozenset({_T.DONE}),
    _T.START: frozenset({_T.RESULT, _T.RAISED}),
    _T.RESULT: frozenset({_T.START, _T.MISTAKE, _T.DONE}),
    _T.RAISED: frozenset({_T.START, _T.MISTAKE, _T.DONE}),
    _T.MISTAKE: frozenset({_T.DONE}),
    _T.SELFTEST: frozenset({_T.DONE}),
}
# compiling, compiled, loaded (or load_error), call (or call_refused) or mistake, done
_FIXED_FRAMES = 5
# What a job that says nothing of its own calls may send (the self-test's: selftest, done).
DEFAULT_FRAMES = 64


def frame_budget(probes: int, arguments: int = 0) -> int:
    """The most frames a run of `probes` calls and `arguments` scratch arguments sends."""
    return _FIXED_FRAMES + 2 * probes + arguments


class FrameOrder:
    """Checks each decoded frame against the order above and the run's frame budget."""

    def __init__(self, budget: int = DEFAULT_FRAMES) -> None:
        self.budget = budget
        self.count = 0
        self.last: str | None = None
        self.next_probe = 0  # the probe the next `start` must name

    def accept(self, frame: Frame) -> None:
        """ProtocolError if an honest child would never send `frame` now."""
        self.count += 1
        if self.count > self.budget:
            raise FrameBudgetExceeded(f"more than {self.budget} frames")
        kind = frame.type
        if kind not in _NEXT.get(self.last, frozenset()):
            raise ProtocolError(
                f"{with_article(kind or 'nameless')} frame after {self.last or 'nothing'}"
            )
        if kind == _T.START:
            if frame.header.get("probe") != self.next_probe:
                raise ProtocolError(f"start of probe {frame.header.get('probe')!r} out of order")
            self.next_probe += 1
        elif kind in (_T.RESULT, _T.RAISED) and frame.header.get("probe") != self.next_probe - 1:
            raise ProtocolError("a result for a probe that was not started")
        self.last = kind


class FrameBudgetExceeded(ProtocolError):
    """More frames than the job's calls can produce: the child sent too much."""
