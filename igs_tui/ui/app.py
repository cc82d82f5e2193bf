"""The Textual application: wires the login screen, the main screen and app-wide services.

It holds no feature logic: panes live in their own modules, talk to the model and the
backend, and post messages up; the app only decides which screen is showing.
"""

from __future__ import annotations

import inspect
from collections.abc import Awaitable, Callable, Iterable
from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from igs_tui.model import BufferKey, ClientModel
from igs_tui.model.assist import EngineAssist
from igs_tui.model.backend import Backend
from igs_tui.ui.chat_input import ChatInput
from igs_tui.ui.chat_log import ChatLogger
from igs_tui.ui.chat_pane import ChatPane
from igs_tui.ui.commands import IgsCommands
from igs_tui.ui.games_list import GamesList
from igs_tui.ui.help_screen import HelpScreen
from igs_tui.ui.login import DEFAULT_LOCAL_PORT, LoginRequest, LoginScreen
from igs_tui.ui.main_screen import MainScreen
from igs_tui.ui.messages import MatchRequested
from igs_tui.ui.offline_backend import OfflineBackend
from igs_tui.ui.players_list import PlayersList
from igs_tui.ui.safe_text import clean
from igs_tui.ui.settings import PasswordStore, data_dir

Connect = Callable[[LoginRequest], "Backend | Awaitable[Backend]"]


class IgsApp(App[None]):
    """igs-tui. With a ``backend`` it opens the main screen; with ``connect`` it logs in first."""

    TITLE = "igs-tui"
    COMMANDS: ClassVar = App.COMMANDS | {IgsCommands}
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f1", "help", "Help")]

    def __init__(
        self,
        model: ClientModel,
        backend: Backend | None = None,
        *,
        connect: Connect | None = None,
        config_dir: Path | None = None,
        chat_log_dir: Path | None = None,
        passwords: PasswordStore | None = None,
        local_port: int = DEFAULT_LOCAL_PORT,
        echo_own: bool = False,
        match_hook: Callable[[str], None] | None = None,
        assist: EngineAssist | None = None,
    ) -> None:
        super().__init__()
        self.model = model
        self._backend = backend
        self._connect = connect
        self._config_dir = config_dir
        self._passwords = passwords
        self._local_port = local_port
        self.echo_own = echo_own
        self.match_hook = match_hook
        self.assist = assist
        """Optional engine help (score estimate, dead stones); ``None`` hides those keys."""
        self.login_request: LoginRequest | None = None
        self.chat_logger = ChatLogger(model, chat_log_dir) if chat_log_dir else None

    @classmethod
    def for_user(cls, model: ClientModel, connect: Connect, **options: object) -> IgsApp:
        """The app as launched from the command line: chat logs in the user data dir."""
        options.setdefault("chat_log_dir", data_dir() / "logs")
        return cls(model, connect=connect, **options)  # type: ignore[arg-type]

    @property
    def backend(self) -> Backend:
        if self._backend is None:
            self._backend = OfflineBackend(self._offline)
        return self._backend

    def _offline(self, intent: str) -> None:
        self.notify(f"Not connected ({intent} not sent).", severity="warning", markup=False)

    # screens ----------------------------------------------------------------------------------
    def on_mount(self) -> None:
        if self._backend is None and self._connect is not None:
            self.show_login()
        else:
            self.push_screen(MainScreen(self.model, self.backend, echo_own=self.echo_own))

    def show_login(self) -> None:
        screen = LoginScreen(
            config_dir=self._config_dir, passwords=self._passwords, local_port=self._local_port
        )
        self.push_screen(screen, self._logged_in)

    def _logged_in(self, request: LoginRequest | None) -> None:
        if request is not None:
            self.login_request = request
            self.run_worker(self._start_session(request), exclusive=True, group="connect")

    async def _start_session(self, request: LoginRequest) -> None:
        assert self._connect is not None
        try:
            result = self._connect(request)
            backend = await result if inspect.isawaitable(result) else result
        except Exception as exc:  # a failed connect returns to the login screen
            self.notify(f"Could not connect: {exc}", severity="error", markup=False)
            self.show_login()
            return
        self._backend = backend
        await self.push_screen(MainScreen(self.model, backend, echo_own=self.echo_own))

    @property
    def main_screen(self) -> MainScreen | None:
        for screen in reversed(self.screen_stack):
            if isinstance(screen, MainScreen):
                return screen
        return None

    # actions used by the palette and panes ----------------------------------------------------
    def show_pane(self, pane: str) -> None:
        if (main := self.main_screen) is not None:
            main.action_show_pane(pane)

    def open_chat(self, key: BufferKey) -> None:
        if (main := self.main_screen) is not None:
            main.open_chat(key)

    def help_sections(self) -> list[tuple[str, Iterable[BindingType]]]:
        sections: list[tuple[str, Iterable[BindingType]]] = [
            ("Global", [*App.BINDINGS, *self.BINDINGS, Binding("ctrl+p", "palette", "Commands")]),
            ("Panes", MainScreen.BINDINGS),
            ("Games list", GamesList.BINDINGS),
            ("User list", PlayersList.BINDINGS),
            ("Chat", [*ChatPane.BINDINGS, *ChatInput.BINDINGS]),
        ]
        try:
            from igs_tui.ui.board_widget import BoardWidget
            from igs_tui.ui.game_view import GameView
        except ImportError:
            return sections
        sections.append(("Board", [*GameView.BINDINGS, *BoardWidget.BINDINGS]))
        return sections

    def action_help(self) -> None:
        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.help_sections()))

    def on_match_requested(self, message: MatchRequested) -> None:
        if self.match_hook is not None:
            self.match_hook(message.opponent)
        else:
            self.notify(
                f"Challenging {clean(message.opponent)}: the match dialog is not available yet.",
                markup=False,
            )
