"""Our own "open for matches" and "looking for a game" flags: what to show and what to send.

A server setting that is flipped by a bare toggle and kept per account must always be set with
an explicit value, so the UI needs to know the current state to offer the opposite. The
server's word (our own row in the player list) is the truth when we have it; a value we set in
this session is newer than that row until the list is refreshed, so it wins until then.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from igs_tui.backends.capabilities import Backend
from igs_tui.model import ClientModel

FLAG_NAMES = {"open": "open for matches", "looking": "looking for a game"}


@dataclass
class OwnFlags:
    """The values this client last asked the server for (None = not set this session)."""

    requested: dict[str, tuple[bool, int]] = field(default_factory=dict)
    """Value asked for, and the model's ``toggle_serial`` when it was asked."""

    def current(self, model: ClientModel, flag: str) -> bool | None:
        """``flag`` (``open``/``looking``) as best known; None when nobody told us yet.

        The newest word wins: the server's confirmation (``9 Set open to be True.``) over a
        request made before it, a request over a confirmation it has not had yet."""
        asked = self.requested.get(flag)
        confirmed = model.own_toggles.get(flag)
        if asked is not None and (confirmed is None or asked[1] >= confirmed[1]):
            return asked[0]
        if confirmed is not None:
            return confirmed[0]
        me = model.players.get(model.me) if model.me else None
        if me is None:
            return None
        return me.open_for_matches if flag == "open" else me.looking

    def set(self, backend: Backend, flag: str, value: bool, model: ClientModel) -> str:
        """Send ``flag`` = ``value`` and return the sentence to show the user."""
        if flag not in FLAG_NAMES:
            raise ValueError(f"unknown flag {flag!r}")
        matching = backend.capabilities.matching
        if matching is None:
            return backend.capabilities.refusal(f"The {FLAG_NAMES[flag]} flag")
        if flag == "open":
            matching.set_open(value)
        else:
            matching.set_looking(value)
        self.requested[flag] = (value, model.toggle_serial)
        return f"{FLAG_NAMES[flag].capitalize()}: {'on' if value else 'off'}."

    def flip(self, model: ClientModel, backend: Backend, flag: str) -> str:
        """Send the opposite of the current value (an unknown open flag counts as on,
        the server default; unknown looking as off)."""
        now = self.current(model, flag)
        if now is None:
            now = flag == "open"
        return self.set(backend, flag, not now, model)

    def summary(self, model: ClientModel) -> str:
        """``you: open · not looking`` (``?`` for a flag not known yet)."""
        parts = []
        words = {"open": ("open", "closed"), "looking": ("looking", "not looking")}
        for flag, (yes, no) in words.items():
            value = self.current(model, flag)
            parts.append(f"{flag}?" if value is None else (yes if value else no))
        return "you: " + " · ".join(parts)
