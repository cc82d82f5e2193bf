"""Keepalive and dead-connection detection, as a pure timer driven by the caller's clock.

A TCP connection can die silently (NAT timeout, a laptop's Wi-Fi switching): no FIN arrives and
reads just block. IGS answers ``ayt`` ("are you there") with ``9 yes`` (spec, ``ayt``), so after
``idle`` seconds without hearing anything we send ``ayt``; if nothing at all arrives within
``answer_timeout`` after that, the connection is declared dead and the client reconnects.
*Any* received line counts as proof of life, not just ``9 yes``: a busy observed game may bury
the answer, and what matters is that bytes still flow.

The monitor never reads a clock itself: every method takes ``now`` (monotonic seconds), which
makes the rules testable without sleeping.
"""

from __future__ import annotations

from enum import Enum

__all__ = ["KeepaliveAction", "KeepaliveMonitor"]


class KeepaliveAction(Enum):
    """What the caller should do now."""

    NOTHING = "nothing"
    SEND_AYT = "send ayt"
    DEAD = "dead"


class KeepaliveMonitor:
    """Decide when to send ``ayt`` and when to give the connection up.

    Raises:
        ValueError: if ``idle`` or ``answer_timeout`` is not positive.
    """

    def __init__(self, now: float, *, idle: float = 60.0, answer_timeout: float = 30.0) -> None:
        if idle <= 0 or answer_timeout <= 0:
            raise ValueError("keepalive intervals must be positive")
        self.idle = idle
        self.answer_timeout = answer_timeout
        self._last_heard = now
        self._ayt_sent_at: float | None = None

    @property
    def waiting_for_answer(self) -> bool:
        """True between sending ``ayt`` and hearing anything back."""
        return self._ayt_sent_at is not None

    def heard(self, now: float) -> None:
        """Record that a line arrived: the peer is alive."""
        self._last_heard = now
        self._ayt_sent_at = None

    def check(self, now: float) -> KeepaliveAction:
        """Return the action due at ``now``; after ``SEND_AYT`` the caller must send ``ayt``."""
        if self._ayt_sent_at is not None:
            if now - self._ayt_sent_at >= self.answer_timeout:
                return KeepaliveAction.DEAD
            return KeepaliveAction.NOTHING
        if now - self._last_heard >= self.idle:
            self._ayt_sent_at = now
            return KeepaliveAction.SEND_AYT
        return KeepaliveAction.NOTHING

    def next_deadline(self) -> float:
        """Monotonic time at which :meth:`check` may next return something other than NOTHING."""
        if self._ayt_sent_at is not None:
            return self._ayt_sent_at + self.answer_timeout
        return self._last_heard + self.idle
