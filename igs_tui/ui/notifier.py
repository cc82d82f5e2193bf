"""Turns model notifications (tells, match requests, mentions) into a bell and a toast."""

from __future__ import annotations

from igs_tui.model import TOPIC_NOTIFY, ClientModel, Notification
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.safe_text import clean
from igs_tui.ui.tail import appended_since

SEVERITY = {"match": "warning", "mention": "warning", "undo": "warning"}


class Notifier(ModelWatcher):
    """An invisible widget: each new notification rings (if asked) and shows a toast."""

    DEFAULT_CSS = "Notifier { display: none; }"

    def __init__(self, model: ClientModel) -> None:
        super().__init__()
        self.model = model
        # Notifications from before the UI existed were for another screen; skip them.
        self._last: Notification | None = model.notifications[-1] if model.notifications else None
        self.shown: list[Notification] = []

    def on_mount(self) -> None:
        self.watch_model(self.model.hub, TOPIC_NOTIFY, self.model_changed)

    def model_changed(self) -> None:
        new, _ = appended_since(self.model.notifications, self._last)
        if not new:
            return
        self._last = new[-1]
        if any(n.bell for n in new):
            self.app.bell()
        for n in new[-5:]:  # a flood shows the latest few, not a wall of toasts
            self.shown.append(n)
            self.app.notify(
                clean(n.text, max_length=300),
                title=clean(n.title, max_length=60),
                severity="warning" if n.kind in SEVERITY else "information",
                markup=False,
            )
