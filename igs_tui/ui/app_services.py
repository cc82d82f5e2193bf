"""What widgets and screens may ask of the app they run in, as one typed interface.

A pane does not reach into the app for what it happens to hold (``getattr(self.app,
"assist")``): it asks :func:`services` for the app's :class:`AppServices`, which
:class:`~igs_tui.ui.app.IgsApp` implements (mypy checks it, see the end of ``app.py``). So no
screen imports the app module, and the app sits above its screens rather than beside them. An
app that offers none of it (a test's ``App``, the review app) answers as
:class:`BasicServices` does: no engines, no chat log, default sounds, nothing to open.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Protocol, cast, runtime_checkable

if TYPE_CHECKING:
    from textual.app import App

    from igs_tui.model import BufferKey
    from igs_tui.model.analysis import EngineAnalysis
    from igs_tui.model.assist import EngineAssist
    from igs_tui.ui.chat.chat_log import ChatLogger
    from igs_tui.ui.main.sounds import SoundSettings
    from igs_tui.ui.play.play_toggles import OwnFlags


@runtime_checkable
class AppServices(Protocol):
    """The app's services to its widgets and screens."""

    @property
    def assist(self) -> EngineAssist | None:
        """Engine help (score estimate, dead stones); None hides those keys."""

    @property
    def analysis(self) -> EngineAnalysis | None:
        """Live analysis (alt+a); None hides its key."""

    @property
    def chat_logger(self) -> ChatLogger | None:
        """The chat logs on disk (the history shown above a conversation)."""

    @property
    def own_flags(self) -> OwnFlags | None:
        """Our open/looking flags as last set from this client."""

    @property
    def sounds(self) -> SoundSettings:
        """Which events ring the bell."""

    def show_pane(self, pane: str) -> None:
        """Show one of the main screen's panes (``board``, ``games``, ``chat``...)."""

    def open_chat(self, key: BufferKey) -> None:
        """Open the chat pane on conversation ``key``."""

    def show_player_card(self, name: str) -> None:
        """The card of player ``name``."""

    def show_messages(self) -> None:
        """The messages the server kept for us."""

    def show_observers(self, number: int) -> None:
        """Who watches game ``number``."""

    def challenge(self, opponent: str = "") -> None:
        """Offer ``opponent`` a game (the match dialog)."""

    def toggle_social(self, name: str, which: str) -> str:
        """Befriend or block ``name`` (``which``: ``friend``/``block``) or undo it; what to
        tell the user ("" when already told)."""


class BasicServices:
    """The services of an app that offers none: no engines, no chat log, no flags, default
    sounds; asking to open something does nothing."""

    assist: EngineAssist | None = None
    analysis: EngineAnalysis | None = None
    chat_logger: ChatLogger | None = None
    own_flags: OwnFlags | None = None
    _sounds: SoundSettings | None = None

    @property
    def sounds(self) -> SoundSettings:
        """The defaults (every sound on, not muted) unless set."""
        from igs_tui.ui.main.sounds import DEFAULT_SOUNDS

        return self._sounds or DEFAULT_SOUNDS

    @sounds.setter
    def sounds(self, settings: SoundSettings) -> None:
        self._sounds = settings

    def show_pane(self, pane: str) -> None:
        pass

    def open_chat(self, key: BufferKey) -> None:
        pass

    def show_player_card(self, name: str) -> None:
        pass

    def show_messages(self) -> None:
        pass

    def show_observers(self, number: int) -> None:
        pass

    def challenge(self, opponent: str = "") -> None:
        pass

    def toggle_social(self, name: str, which: str) -> str:
        return ""


_BASIC = BasicServices()


_OFFERS: dict[type[object], bool] = {}
"""Whether each app class offers the services (a protocol's ``isinstance`` walks its members:
asked on every redraw of a board, it showed in a move's profile)."""


def services(app: App[Any]) -> AppServices:
    """The services of ``app``: its own when it offers them, else :class:`BasicServices`'."""
    kind = type(app)
    offers = _OFFERS.get(kind)
    if offers is None:
        offers = _OFFERS[kind] = isinstance(app, AppServices)
    return cast(AppServices, app) if offers else _BASIC
