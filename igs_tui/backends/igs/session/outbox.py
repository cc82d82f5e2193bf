"""The changes the session made while handling one input, in order, for its caller to apply.

The session never sees the caller's model: it says what should change. :class:`Outbox`
gathers those changes; the caller (the net client, the backend for an intent, ``igs-tui
replay``, a test) takes them with :meth:`Outbox.take` and applies each with ``model.apply``
(or not at all). Taking them is also when the session's own
:class:`~igs_tui.backends.igs.session.view.SessionView` takes them: the one place it is
written, so it never disagrees with what the caller was told. The shorthands build the change
a line or an intent means.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import replace

from igs_tui.backends.igs.session.view import SessionView
from igs_tui.model import changes as ch
from igs_tui.model.chat import BufferKey
from igs_tui.model.play import Challenge, Dispute


class Outbox:
    """Changes waiting for the caller, oldest first."""

    __slots__ = ("_changes", "_view", "_wall_clock")

    def __init__(self, view: SessionView, wall_clock: Callable[[], float] = time.time) -> None:
        self._view = view
        self._wall_clock = wall_clock
        self._changes: list[ch.Change] = []

    def apply(self, change: ch.Change) -> None:
        """Ask for ``change`` (the caller applies it after the current input)."""
        self._changes.append(change)

    def take(self) -> list[ch.Change]:
        """The changes made so far, and an empty outbox; the session's view takes them now."""
        out, self._changes = self._changes, []
        apply = self._view.apply
        for change in out:
            apply(change)
        return out

    def __bool__(self) -> bool:
        return bool(self._changes)

    # shorthands ------------------------------------------------------------------------------
    def add_chat(
        self, key: BufferKey, author: str, text: str, *, kind: str = "message", notify: bool = False
    ) -> None:
        self.apply(ch.ChatAdded(key, author, text, kind, notify, self._wall_clock()))

    def notify(self, kind: str, title: str, text: str, *, bell: bool = True) -> None:
        self.apply(ch.Notified(kind, title, text, bell))

    def add_console(self, text: str, kind: str, *, outgoing: bool = False) -> None:
        self.apply(ch.ConsoleAdded(text, kind, outgoing))

    def add_challenge(self, challenge: Challenge) -> None:
        self.apply(ch.ChallengeOpened(challenge))

    def close_challenge(self, name: str, reason: str = "") -> Challenge | None:
        """Close the request of ``name`` (if one is open, or with a reason to show); the
        request that was open, if any."""
        view = self._view
        closed = view.challenges.get(name.lower())
        if closed is not None or reason or name.lower() in view.disputes:
            self.apply(ch.ChallengeClosed(name, reason))
        return closed

    def add_dispute(self, dispute: Dispute) -> None:
        self.apply(ch.DisputeOpened(dispute))

    def set_connection(self, **fields: object) -> None:
        self.apply(ch.ConnectionChanged(replace(self._view.connection, **fields)))  # type: ignore[arg-type]
