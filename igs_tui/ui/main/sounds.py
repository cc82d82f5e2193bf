"""Which events ring the terminal bell, and a mute switch; kept in the config file.

A terminal client's only sound is the bell, and what deserves one differs from user to user:
some want a bell on every tell, others only when the opponent has moved or a friend logs on.
Each notification kind of the model maps to one *sound event* (several kinds share one: undo,
komi and adjourn requests are all "requests"); the game view and the clock ring for the events
only they see (the opponent's move, our game's end, low time). :func:`ring` is the one place
that decides whether to ring, so muting silences everything at once.

``"sounds"`` in ``config.json``: ``{"muted": false, "tell": true, "move": false, ...}``; names
not known and values that are not booleans are ignored (the defaults stay).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from textual.app import App, ComposeResult
from textual.binding import Binding
from textual.containers import Vertical
from textual.widgets import Checkbox, Static

from igs_tui.ui.app_services import services
from igs_tui.ui.dialogs.dialog import Dialog
from igs_tui.ui.settings import read_config, update_config
from igs_tui.ui.styles import stylesheet

SOUND_EVENTS: tuple[tuple[str, str, bool], ...] = (
    ("tell", "Tells", True),
    ("mention", "My name in chat", True),
    ("chat", "Other chat I am told of (shouts, channels, game chat)", True),
    ("match", "Match requests and answers", True),
    ("request", "Undo, komi and adjourn requests", True),
    ("move", "My opponent moved", False),
    ("low_time", "Low time on my clock", True),
    ("game_end", "My game ended", True),
    ("friend", "A friend logged on", True),
    ("messages", "Server messages waiting", True),
    ("error", "Errors", True),
    ("other", "Other notices", True),
)
"""``(event, label, rings by default)``: the events a user can silence one by one."""

EVENT_LABELS = {event: label for event, label, _ in SOUND_EVENTS}

_EVENT_OF_KIND = {
    "tell": "tell",
    "mention": "mention",
    "shout": "chat",
    "channel": "chat",
    "game": "chat",
    "system": "chat",
    "match": "match",
    "undo": "request",
    "komi": "request",
    "adjourn": "request",
    "friend": "friend",
    "messages": "messages",
    "error": "error",
}


def event_of(kind: str) -> str:
    """The sound event of a model notification's ``kind`` (``"other"`` for kinds not listed)."""
    return _EVENT_OF_KIND.get(kind, "other")


@dataclass
class SoundSettings:
    """Muted or not, and which events ring the bell."""

    muted: bool = False
    enabled: dict[str, bool] = field(
        default_factory=lambda: {event: on for event, _, on in SOUND_EVENTS}
    )

    def rings(self, event: str) -> bool:
        """Does ``event`` ring now? (Never while muted; an unknown event as "other".)"""
        if self.muted:
            return False
        return self.enabled.get(event, self.enabled.get("other", True))

    @classmethod
    def from_json(cls, data: Any) -> SoundSettings:
        settings = cls()
        if not isinstance(data, dict):
            return settings
        if isinstance(data.get("muted"), bool):
            settings.muted = data["muted"]
        for event in settings.enabled:
            if isinstance(data.get(event), bool):
                settings.enabled[event] = data[event]
        return settings

    def to_json(self) -> dict[str, bool]:
        return {"muted": self.muted, **self.enabled}


def load_sounds(directory: Path | None = None) -> SoundSettings:
    """The sound settings of the config file (defaults for anything missing or malformed)."""
    return SoundSettings.from_json(read_config(directory).get("sounds"))


def save_sounds(settings: SoundSettings, directory: Path | None = None) -> Path:
    return update_config({"sounds": settings.to_json()}, directory)


DEFAULT_SOUNDS = SoundSettings()
"""The settings of an app that keeps none (a test's): every sound on, not muted."""


def ring(app: App[Any], *events: str) -> bool:
    """Ring the bell once if any of ``events`` rings under the app's settings (the defaults in
    an app without any, such as a test's); whether it rang."""
    settings = services(app).sounds
    if not any(settings.rings(event) for event in events):
        return False
    app.bell()
    return True


class SoundsScreen(Dialog[None]):
    """A checkbox per sound event and one to mute them all (space flips, escape closes);
    each change is applied and kept at once."""

    DEFAULT_CSS = stylesheet(__file__, "sounds_screen.tcss")
    BINDINGS = [
        Binding("escape,q", "dismiss", "Close"),
        Binding("down,j", "app.focus_next", show=False),
        Binding("up,k", "app.focus_previous", show=False),
    ]

    def __init__(self, settings: SoundSettings, directory: Path | None = None) -> None:
        super().__init__()
        self.settings = settings
        self._directory = directory
        self.error = ""
        """Why the settings could not be kept (shown once; empty when they were)."""

    def compose(self) -> ComposeResult:
        with Vertical(id="sounds-box"):
            yield Static("Sounds (the bell): space flips, escape closes", id="sounds-title")
            yield Checkbox("Mute all sounds (alt+m)", self.settings.muted, id="sound-muted")
            for event, label, _ in SOUND_EVENTS:
                yield Checkbox(label, self.settings.enabled[event], id=f"sound-{event}")

    def on_mount(self) -> None:
        self.query_one("#sound-muted", Checkbox).focus()

    def on_checkbox_changed(self, message: Checkbox.Changed) -> None:
        name = (message.checkbox.id or "").removeprefix("sound-")
        if name == "muted":
            self.settings.muted = message.value
        elif name in self.settings.enabled:
            self.settings.enabled[name] = message.value
        try:
            save_sounds(self.settings, self._directory)
        except OSError as exc:
            if not self.error:
                self.error = str(exc)
                self.notify(f"Sound settings not saved: {exc}", severity="warning", markup=False)
