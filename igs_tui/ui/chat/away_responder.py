"""Sends the away message (see :mod:`igs_tui.model.away`) in answer to tells.

An invisible widget of the main screen, beside the notifier: it hears every chat line the
model takes in and, for a tell from someone else while an away message is set, sends the
reply the policy gives (once per sender; not to a player the user writes to meanwhile). The
reply goes out as an ordinary tell, so the
conversation's buffer shows it like any line the user typed.
"""

from __future__ import annotations

from igs_tui.backends.capabilities import Backend
from igs_tui.model import TOPIC_CHAT_LIST, ChatKind, ClientModel
from igs_tui.model.away import AwayReplies
from igs_tui.model.changes import Change, ChatAdded
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.styles import stylesheet


class AwayResponder(ModelWatcher):
    """Answers tells with ``away``'s message while it is set."""

    DEFAULT_CSS = stylesheet(__file__, "away_responder.tcss")

    def __init__(self, model: ClientModel, backend: Backend, away: AwayReplies) -> None:
        super().__init__()
        self.model = model
        self.backend = backend
        self.away = away

    def on_mount(self) -> None:
        self.watch_changes(self.model.hub, TOPIC_CHAT_LIST, self.heard)

    def heard(self, changes: list[Change]) -> None:
        if not self.away.away:
            return
        messaging = self.backend.capabilities.messaging
        if messaging is None:
            return
        for change in changes:
            if not isinstance(change, ChatAdded) or change.key.kind is not ChatKind.TELL:
                continue
            if change.kind == "own":
                self.away.talked_to(change.key.target)
                continue
            if change.author.casefold() in self.model.blocked:
                continue
            reply = self.away.reply_to(change.author, change.text, self.model.me)
            if reply is not None:
                messaging.tell(change.author, reply)
