"""Turns model notifications (tells, match requests, mentions) into a bell and a toast.

Chat arrives in floods (a busy channel, a spammer's tells): while a toast for one kind of chat
is still on screen, further messages of that kind replace it with one counting toast
("12 new tells", the latest line below) instead of covering the screen. Match requests, undo
requests and errors are each shown, since each asks for an answer.
"""

from __future__ import annotations

from collections import Counter, deque

from textual.notifications import Notification as Toast
from textual.notifications import Notify, SeverityLevel

from igs_tui.model import TOPIC_NOTIFY, ChatKind, ClientModel, Notification
from igs_tui.ui.chat.tail import appended_since
from igs_tui.ui.main.sounds import event_of, ring
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet

SEVERITY: dict[str, SeverityLevel] = {
    "match": "warning",
    "mention": "warning",
    "undo": "warning",
    "error": "error",
    "refusal": "error",
}
"""Toast severities; a ``refusal`` is the system buffer's error line (see ``model.apply``)."""
COALESCED = {"tell": "tells", "shout": "shouts", "channel": "channel messages"}
COALESCED |= {"mention": "mentions", "game": "game messages"}
SHOWN_KEPT = 200
_BUFFER_KIND = {
    "tell": ChatKind.TELL,
    "shout": ChatKind.SHOUT,
    "channel": ChatKind.CHANNEL,
    "game": ChatKind.GAME,
}
"""The buffers whose unread messages a counting toast counts (a mention may be in any)."""


class Notifier(ModelWatcher):
    """An invisible widget: each new notification rings (if asked) and shows a toast."""

    DEFAULT_CSS = stylesheet(__file__, "notifier.tcss")

    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self.model = model
        # Notifications from before the UI existed were for another screen; skip them.
        self._last: Notification | None = model.notifications[-1] if model.notifications else None
        self.shown: deque[Notification] = deque(maxlen=SHOWN_KEPT)
        """The latest notifications shown (kept for tests; bounded for long sessions)."""
        self._toasts: dict[str, tuple[Toast, int]] = {}
        """Per coalesced kind: the toast on screen and how many messages it counts."""

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_NOTIFY, self.model_changed)

    def model_changed(self) -> None:
        new, _ = appended_since(self.model.notifications, self._last)
        if not new:
            return
        self._last = new[-1]
        ring(self.app, *{event_of(n.kind) for n in new if n.bell})
        singles = [n for n in new if n.kind not in COALESCED][-5:]  # the latest few
        counts = Counter(n.kind for n in new if n.kind in COALESCED)
        last = {n.kind: i for i, n in enumerate(new) if n.kind in COALESCED}
        for i, n in enumerate(new):  # in arrival order
            if n.kind in COALESCED:
                if last[n.kind] == i:  # a burst updates its kind's toast once
                    self._count(n.kind, n, counts[n.kind])
            elif n in singles:
                self.shown.append(n)
                self._toast(n.title, n.text, n.kind)

    def _toast(self, title: str, text: str, kind: str) -> Toast:
        toast = Toast(
            clean(text, max_length=300),
            clean(title, max_length=60),
            SEVERITY.get(kind, "information"),
            self.app.NOTIFICATION_TIMEOUT,
            markup=False,
        )
        self.app.post_message(Notify(toast))
        return toast

    def _count(self, kind: str, latest: Notification, new: int = 1) -> None:
        """One toast per kind while it shows: the count so far and the latest message."""
        self.shown.append(latest)
        old, count = self._toasts.get(kind, (None, 0))
        if old is None or old.has_expired:
            count = 0
        count += new
        buffers = _BUFFER_KIND.get(kind)
        if buffers is not None:
            # Messages read since the toast came up are not new any more: the count is never
            # more than what is still unread (and at least what just came, which a buffer
            # open on screen has already marked read).
            unread = sum(b.unread for k, b in self.model.buffers.items() if k.kind is buffers)
            count = min(count, max(unread, new))
        title = latest.title if count == 1 else f"{count} new {COALESCED[kind]}"
        text = latest.text if count == 1 else f"{clean(latest.title, max_length=40)}: {latest.text}"
        if old is not None and count > 1 and old not in self.app._notifications:
            # still on its way to the screen: it shows the new count when it gets there
            old.title, old.message = clean(title, max_length=60), clean(text, max_length=300)
            self._toasts[kind] = (old, count)
            return
        if old is not None and count > 1:
            self.app._unnotify(old)  # replaced by the counting toast
        self._toasts[kind] = (self._toast(title, text, kind), count)
