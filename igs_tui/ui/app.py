"""The Textual application: wires the login screen, the main screen and app-wide services.

It holds no feature logic: panes live in their own modules, talk to the model and the
backend, and post messages up; the app only decides which screen is showing.
"""

from __future__ import annotations

import asyncio
import inspect
import logging
from collections.abc import Awaitable, Callable, Iterable
from dataclasses import replace
from pathlib import Path
from typing import TYPE_CHECKING, ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from igs_tui.backends.capabilities import Backend
from igs_tui.backends.offline import OfflineBackend
from igs_tui.model import BufferKey, ClientModel
from igs_tui.model.away import AwayReplies, describe_answered
from igs_tui.ui.app_services import AppServices
from igs_tui.ui.batch_safe import BatchSafeApp
from igs_tui.ui.capability import need
from igs_tui.ui.chat.chat_log import ChatLogger
from igs_tui.ui.main.sounds import SoundSettings, load_sounds, save_sounds
from igs_tui.ui.play.play_challenge_dialog import ANSWER_KEY
from igs_tui.ui.play.play_toggles import OwnFlags
from igs_tui.ui.session.login import DEFAULT_LOCAL_PORT, IGS_HOST, IGS_PORT, LoginScreen
from igs_tui.ui.session.login_request import LoginRequest
from igs_tui.ui.session.session_control import LOGOUT_KEY, RECONNECT_KEY, SessionControl
from igs_tui.ui.settings import PasswordStore, data_dir, load_match_terms, save_match_terms

if TYPE_CHECKING:
    from textual.command import Provider

    # The main screen, its panes and the dialogs are imported when first shown: the login
    # screen comes up without them.
    from igs_tui.model.analysis import EngineAnalysis
    from igs_tui.model.assist import EngineAssist
    from igs_tui.model.terms import MatchTerms
    from igs_tui.records import Collection
    from igs_tui.ui.main.main_screen import MainScreen
    from igs_tui.ui.messages import MatchRequested, PlayerCardRequested, RoomsRequested

_log = logging.getLogger(__name__)

SHUTDOWN_SECONDS = 3.0
"""The longest quitting waits for the session to close (a dead link must not hold it up)."""

SETTLE_SECONDS = 2.0
"""The longest quitting or logging out waits for the main screen to finish building."""

Connect = Callable[[LoginRequest], "Backend | Awaitable[Backend]"]


def _igs_commands() -> type[Provider]:
    """The palette's commands, imported when the palette first asks (not with the login
    form: Textual takes a callable that returns the provider for that)."""
    from igs_tui.ui.main.commands import IgsCommands

    return IgsCommands


def connect_failure_sentence(request: LoginRequest, exc: BaseException) -> str:
    """Why the login failed, as one sentence for the login form: the backend's reason (made
    readable where it is raised), never a bare exception name or a Python tuple."""
    reason = str(exc).strip() or type(exc).__name__
    if isinstance(exc, OSError) and not isinstance(exc, ConnectionError) and exc.strerror:
        reason = exc.strerror
    if reason[:1].isupper() and reason[1:2].islower():
        reason = reason[0].lower() + reason[1:]
    sentence = f"Could not connect: {reason.rstrip('.')}."
    if request.server == "local" and "nothing is listening" in reason:
        sentence += " The local server runs only with igs-tui --local."
    return sentence


class IgsApp(BatchSafeApp[None]):
    """igs-tui. With a ``backend`` it opens the main screen; with ``connect`` it logs in first."""

    TITLE = "igs-tui"
    COMMANDS: ClassVar = App.COMMANDS | {_igs_commands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("f1", "help", "Help"),
        Binding("alt+m", "toggle_mute", "Sounds: mute / unmute (palette: Sounds…)", show=False),
        Binding(LOGOUT_KEY, "logout", "Log out (switch account or server)", show=False),
        Binding(RECONNECT_KEY, "reconnect_now", "Reconnect now (link down)", show=False),
        # A waiting request is announced "press F7": the key must work over any dialog too
        # (the main screen's binding cannot be reached from one); the request opens on top.
        Binding(
            ANSWER_KEY,
            "answer_challenge",
            "Answer challenge (over any dialog too)",
            show=False,
            priority=True,  # a dialog's own bindings would keep it from the app otherwise
        ),
    ]

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
        analysis: EngineAnalysis | None = None,
        login_server: str | None = None,
        login_hint: str = "",
        shutdown: Callable[[], Awaitable[None]] | None = None,
        session: SessionControl | None = None,
        no_record: bool = False,
    ) -> None:
        """``login_server`` (``"igs"``, ``"local"`` or ``"HOST:PORT"``) preselects the server
        on the first login form; ``login_hint`` is a line on every login form (the accounts
        of an embedded server); ``match_hook`` replaces the match dialog (None = dialog);
        ``shutdown`` runs as the app ends (close the link, finish autosaves, stop the embedded
        server), for at most :data:`SHUTDOWN_SECONDS`; ``session`` logs out and reconnects
        (see :mod:`session_control`: without it there is no "Log out"); ``no_record``
        (``--no-record``) shows the login form's "Record session" box off and locked."""
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
        self.analysis = analysis
        """Optional live analysis (alt+a on a board); ``None`` hides its key. Closed as
        the app ends."""
        self._login_server = login_server
        self._local_run = login_server == "local"
        """Started with ``--local``: the embedded server runs (see :class:`LoginScreen`)."""
        self._local_used = False
        """A login in this run chose "Local server": the form after a logout shows it again."""
        self._login_hint = login_hint
        self._shutdown_hook = shutdown
        self._session = session
        self._no_record = no_record
        self._logging_out = False
        self._quit_asked = False
        """The question before quitting during a game is on screen (ctrl+q again quits)."""
        self.login_request: LoginRequest | None = None
        self.own_flags = OwnFlags()
        """Our open/looking flags as last set from this client (see :mod:`play_toggles`)."""
        self.away = AwayReplies()
        """The away message (``/away``, the palette) and who it answered."""
        self.chat_logger = ChatLogger(model, chat_log_dir) if chat_log_dir else None
        if self.chat_logger is not None:
            self.chat_logger.writing = not no_record
        self.sounds: SoundSettings = load_sounds(config_dir)
        """Which events ring the bell, and the mute switch (see :mod:`igs_tui.ui.main.sounds`)."""

    @classmethod
    def for_user(cls, model: ClientModel, connect: Connect, **options: object) -> IgsApp:
        """The app as launched from the command line: chat logs in the user data dir."""
        options.setdefault("chat_log_dir", data_dir() / "logs")
        return cls(model, connect=connect, **options)  # type: ignore[arg-type]

    @property
    def backend(self) -> Backend:
        if self._backend is None:
            self._backend = OfflineBackend()
        return self._backend

    async def on_unmount(self) -> None:
        """The app is ending (ctrl+q): close what the session opened, without hanging on a
        dead link."""
        hook, self._shutdown_hook = self._shutdown_hook, None
        analysis, self.analysis = self.analysis, None
        if analysis is not None:
            try:
                async with asyncio.timeout(SHUTDOWN_SECONDS):
                    await analysis.close()
            except Exception:  # quitting must always work
                _log.exception("closing the analysis engine failed")
        if hook is not None:
            try:
                async with asyncio.timeout(SHUTDOWN_SECONDS):
                    await hook()
            except Exception:  # quitting must always work
                _log.exception("shutdown failed")

    # screens ----------------------------------------------------------------------------------
    def on_mount(self) -> None:
        if self._backend is None and self._connect is not None:
            self.show_login()
        else:
            from igs_tui.ui.main.main_screen import MainScreen

            self._load_social()
            self.push_screen(
                MainScreen(self.model, self.backend, echo_own=self.echo_own, away=self.away)
            )

    def show_login(self, error: str = "") -> None:
        """The login form; the launcher's server preset applies to the first one only."""
        preset, self._login_server = self._login_server, None
        screen = LoginScreen(
            config_dir=self._config_dir,
            passwords=self._passwords,
            local_port=self._local_port,
            preset=preset,
            error=error,
            no_record=self._no_record,
            local_run=self._local_run,
            keep_local=self._local_run or self._local_used,
            hint=self._login_hint,
        )
        self.push_screen(screen, self._logged_in)

    def _logged_in(self, request: LoginRequest | None) -> None:
        if request is not None:
            self.login_request = request
            self._local_used = self._local_used or request.server == "local"
            igs = request.server == "igs"
            target = f"{IGS_HOST}:{IGS_PORT}" if igs else f"{request.host}:{request.port}"
            from igs_tui.ui.session.connecting import ConnectingScreen

            self.push_screen(ConnectingScreen(self.model, target), self._connecting_closed)
            self.run_worker(self._start_session(request), exclusive=True, group="connect")

    def _connecting_closed(self, finished: bool | None) -> None:
        """Escape on the connecting screen: stop the attempt, back to the form."""
        if not finished:
            self.workers.cancel_group(self, "connect")
            self.show_login("Connection cancelled.")

    async def _leave_connecting(self) -> None:
        """Remove the connecting screen (and anything pushed above it) without its callback."""
        from igs_tui.ui.session.connecting import ConnectingScreen

        while any(isinstance(s, ConnectingScreen) for s in self.screen_stack):
            await self.pop_screen()

    async def _start_session(self, request: LoginRequest) -> None:
        assert self._connect is not None
        if self.chat_logger is not None:  # before the first line of the session can arrive
            self.chat_logger.writing = request.record and not self._no_record
        try:
            result = self._connect(request)
            backend = await result if inspect.isawaitable(result) else result
        except Exception as exc:  # a failed connect returns to the login screen
            await self._leave_connecting()
            # said on the form, above the Connect button, not in a toast that covers it
            self.show_login(connect_failure_sentence(request, exc))
            return
        self._backend = backend
        if self.chat_logger is not None and not request.guest:
            self.chat_logger.set_secret(request.password, request.user)
        await self._leave_connecting()
        from igs_tui.ui.main.main_screen import MainScreen

        self._load_social()
        await self.push_screen(
            MainScreen(self.model, backend, echo_own=self.echo_own, away=self.away)
        )

    # logging out and reconnecting -----------------------------------------------------------
    @property
    def can_log_out(self) -> bool:
        """Logged in through the login form, with a connector that can end the session."""
        return self._connect is not None and self._session is not None

    def action_logout(self) -> None:
        """Log out and go back to the login form (asks first while we play a game)."""
        if not self.can_log_out or self.main_screen is None:
            self.notify("Log out: not available here.", markup=False)
            return
        if self._logging_out:
            return
        from igs_tui.ui.session.session_control import leave_question

        question = leave_question(self.model)
        if question is None:
            self._log_out()
            return
        from igs_tui.ui.play.play_confirm import ConfirmDialog

        def answered(yes: bool | None) -> None:
            if yes:
                self._log_out()

        self.push_screen(ConfirmDialog(question, yes="Log out", no="Stay"), answered)

    def _log_out(self) -> None:
        self._logging_out = True
        self.run_worker(self._end_session(), group="logout", exclusive=True)

    async def _end_session(self) -> None:
        """Close the link, forget the old server's state, show the login form again."""
        from igs_tui.model import changes as ch

        server = self.model.connection.server
        try:
            if self._session is not None:
                async with asyncio.timeout(SHUTDOWN_SECONDS):
                    await self._session.end_session()
        except Exception:  # the form must come back whatever the link did
            _log.exception("logging out failed")
        finally:
            if self.chat_logger is not None:
                self.chat_logger.flush()
                self.chat_logger.set_secret(None)
            self._backend = None
            self.own_flags = OwnFlags()
            self.away = AwayReplies()
            await self._close_main_screen()
            self.model.apply(ch.SessionEnded())
            self._logging_out = False
            self.show_login()
            self.notify(f"Logged out of {server}." if server else "Logged out.", markup=False)

    async def _close_main_screen(self) -> None:
        """Take the main screen (and the dialogs above it) down, once its panes are built:
        a pane still mounting when its screen goes fails to find its own widgets."""
        await self._settle_main_screen()
        while self.main_screen is not None:
            await self.pop_screen()

    async def _settle_main_screen(self) -> None:
        """Let the main screen finish composing and building its panes (bounded)."""
        if (main := self.main_screen) is not None:
            try:
                async with asyncio.timeout(SETTLE_SECONDS):
                    await main.settle()
            except TimeoutError:
                _log.warning("the main screen was still being built")

    async def action_quit(self) -> None:
        """Quit (ctrl+q), once the main screen is built: quitting within a moment of the
        login would take down panes still mounting (see :meth:`MainScreen.settle`).

        During a game of our own it asks first, as resigning and logging out do (leaving
        costs the game on many servers); ctrl+q again while it asks quits all the same, so
        ctrl+q twice always quits.
        """
        from igs_tui.ui.session.session_control import leave_question

        caps = self.backend.capabilities
        served = caps.listing is not None or caps.console is not None
        question = None if self._quit_asked else leave_question(self.model, "quit", server=served)
        if question is not None:
            from igs_tui.ui.play.play_confirm import ConfirmDialog

            def answered(yes: bool | None) -> None:
                self._quit_asked = False
                if yes:
                    self.exit()

            self._quit_asked = True
            self.push_screen(ConfirmDialog(question, yes="Quit", no="Stay"), answered)
            return
        await self._settle_main_screen()
        self.exit()

    def action_reconnect_now(self) -> None:
        """Reach the server again now instead of waiting out the pause between attempts."""
        if not self.can_log_out or self.main_screen is None or self._session is None:
            self.notify("Reconnect: not available here.", markup=False)
            return
        self.notify(self._session.reconnect_now(), markup=False)

    @property
    def main_screen(self) -> MainScreen | None:
        from igs_tui.ui.main.main_screen import MainScreen

        for screen in reversed(self.screen_stack):
            if isinstance(screen, MainScreen):
                return screen
        return None

    def action_answer_challenge(self) -> None:
        """F7, over any dialog: a waiting request opens on top of it. Over a game's result,
        the result closes (it was seen) and the main screen, shown again, opens the request."""
        from igs_tui.ui.play.play_result import ResultScreen

        if isinstance(self.screen, ResultScreen):
            self.screen.action_close()
            return
        main = self.main_screen
        if main is not None:
            main.action_answer_challenge()

    # actions used by the palette and panes ----------------------------------------------------
    def toggle_analysis(self) -> None:
        """Live analysis on/off on the game shown (the palette's entry; alt+a on a board)."""
        from igs_tui.ui.game.game_panel import GamesPanel

        main = self.main_screen
        panels = main.query(GamesPanel) if main is not None else None
        view = panels.first().active_view if panels else None
        if view is None:
            self.notify("No game shown to analyse", markup=False)
        elif not view.analysis_allowed():
            self.notify("No analysis of a game you are playing", markup=False)
        else:
            view.action_toggle_analysis()

    def show_pane(self, pane: str) -> None:
        if (main := self.main_screen) is not None:
            main.action_show_pane(pane)

    def open_chat(self, key: BufferKey) -> None:
        if (main := self.main_screen) is not None:
            main.open_chat(key)

    def help_sections(self) -> list[tuple[str, Iterable[BindingType]]]:
        from igs_tui.ui.chat.chat_input import ChatInput
        from igs_tui.ui.chat.chat_pane import ChatPane
        from igs_tui.ui.lists.games_list import GamesList
        from igs_tui.ui.lists.players_list import PlayersList
        from igs_tui.ui.main.main_screen import MainScreen
        from igs_tui.ui.play.play_challenge_dialog import ChallengeDialog

        sections: list[tuple[str, Iterable[BindingType]]] = [
            ("Global", [*App.BINDINGS, *self.BINDINGS, Binding("ctrl+p", "palette", "Commands")]),
            ("Panes", MainScreen.BINDINGS),
            ("Games list", GamesList.BINDINGS),
            ("User list", PlayersList.BINDINGS),
            ("Chat", [*ChatPane.BINDINGS, *ChatInput.BINDINGS]),
            ("Match request", ChallengeDialog.BINDINGS),
        ]
        try:
            from igs_tui.ui.board.board_widget import BoardWidget
            from igs_tui.ui.game.game_view import GameView
            from igs_tui.ui.review.review_screen import review_section
        except ImportError:
            return sections
        # the games panel's keys (show=False there: the footer has no room for them)
        switch = Binding("less_than_sign,greater_than_sign", "cycle", "Previous / next game")
        sections.append(("Board", [*GameView.BINDINGS, *BoardWidget.BINDINGS, switch]))
        sections.append(review_section())
        sections.extend(_people_sections())
        sections.extend(_lobby_sections())
        return sections

    def action_help(self) -> None:
        from igs_tui.ui.main.help_screen import HelpScreen

        if not isinstance(self.screen, HelpScreen):
            self.push_screen(HelpScreen(self.help_sections()))

    def _load_social(self) -> None:
        """Friends and blocked players from the config file, to a backend that does not keep
        them on its server."""
        from igs_tui.ui.settings import load_social

        social = self.backend.capabilities.social
        if social is None or social.kept_by_server:
            return
        friends, blocked = load_social(self._config_dir)
        if friends or blocked or self.model.friends or self.model.blocked:
            social.set_social(friends, blocked)

    def toggle_social(self, name: str, which: str) -> str:
        """Add ``name`` to (or take it off) our friends (``which="friend"``) or the players we
        block (``"block"``) through the backend, kept in the config file unless its server
        keeps them; the message to show ("" when the backend has no such lists: it said why)."""
        from igs_tui.ui.settings import save_social

        what = "Friends" if which == "friend" else "Blocking"
        social = need(self, self.backend, self.backend.capabilities.social, what)
        if social is None:
            return ""
        friends, blocked = set(self.model.friends), set(self.model.blocked)
        folded = name.casefold()
        target = friends if which == "friend" else blocked
        added = folded not in target
        if added:
            target.add(folded)
            (blocked if which == "friend" else friends).discard(folded)
        else:
            target.discard(folded)
        social.set_social(frozenset(friends), frozenset(blocked))
        try:
            if not social.kept_by_server:
                save_social(frozenset(friends), frozenset(blocked), self._config_dir)
        except OSError as exc:
            _log.warning("could not keep the friends and blocked lists: %s", exc)
        if which == "friend":
            return f"{name} is {'now' if added else 'no longer'} a friend"
        return f"{name} is {'now' if added else 'no longer'} blocked"

    def action_toggle_mute(self) -> None:
        self.set_muted(not self.sounds.muted)

    def set_muted(self, muted: bool) -> None:
        """Mute every sound (or give them back), keep it in the config file, and say so."""
        self.sounds.muted = muted
        self._keep_sounds()
        self.notify("Sounds muted" if muted else "Sounds on", markup=False)

    def show_sounds(self) -> None:
        """The sound settings: which events ring the bell ("Sounds…" in the palette)."""
        from igs_tui.ui.main.sounds import SoundsScreen

        if not isinstance(self.screen, SoundsScreen):
            self.push_screen(SoundsScreen(self.sounds, self._config_dir))

    def _keep_sounds(self) -> None:
        try:
            save_sounds(self.sounds, self._config_dir)
        except OSError as exc:
            _log.warning("could not keep the sound settings: %s", exc)

    def show_player_card(self, name: str) -> None:
        """The card of player ``name`` (asked of the server as it opens)."""
        from igs_tui.ui.people.player_card import PlayerCardScreen

        if (
            not name
            or need(self, self.backend, self.backend.capabilities.listing, "Player cards") is None
        ):
            return
        if isinstance(self.screen, PlayerCardScreen):
            self.screen.dismiss()
        self.push_screen(PlayerCardScreen(self.model, self.backend, name))

    def ask_player_card(self) -> None:
        """Ask for a name, then show that player's card ("Player card…" in the palette)."""
        from igs_tui.ui.game.game_prompts import InputPrompt

        if need(self, self.backend, self.backend.capabilities.listing, "Player cards") is None:
            return

        def chosen(name: str | None) -> None:
            if name and name.split():
                self.show_player_card(name.split()[0])

        prompt = InputPrompt("Player card of (name):", "", lambda _text: None, id="card-prompt")
        self.push_screen(prompt, chosen)

    def ask_away(self) -> None:
        """Ask for an away message ("Away message…" in the palette); tells get it as an
        automatic reply, once per sender, until :meth:`come_back`."""
        from igs_tui.ui.game.game_prompts import InputPrompt

        if need(self, self.backend, self.backend.capabilities.messaging, "Away replies") is None:
            return

        def check(text: str) -> str | None:
            return None if text.strip() else "Type the message to answer tells with"

        def chosen(text: str | None) -> None:
            if text is not None and text.strip():
                sent = self.away.go_away(text)
                self.notify(f'Away: tells get the answer "{sent}"', markup=False)

        prompt = InputPrompt(
            "Away message (sent once to each player who tells you):",
            self.away.message or "",
            check,
            id="away-prompt",
        )
        self.push_screen(prompt, chosen)

    def come_back(self) -> None:
        """Clear the away message and show who it answered ("Back" in the palette)."""
        lines = describe_answered(self.away.come_back())
        self.notify("\n".join(lines), title="Away replies", markup=False, timeout=15)

    def show_messages(self) -> None:
        """The messages the server kept for us (asked of the server as it opens)."""
        from igs_tui.ui.people.messages_screen import MessagesScreen

        if need(self, self.backend, self.backend.capabilities.mailbox, "Messages") is None:
            return
        if not isinstance(self.screen, MessagesScreen):
            self.push_screen(MessagesScreen(self.model, self.backend))

    def show_observers(self, number: int) -> None:
        """Who watches game ``number`` (asked of the server as it opens)."""
        from igs_tui.ui.people.observers_screen import ObserversScreen

        if need(self, self.backend, self.backend.capabilities.audience, "Observers") is None:
            return
        if isinstance(self.screen, ObserversScreen):
            self.screen.dismiss()
        self.push_screen(ObserversScreen(self.model, self.backend, number))

    def show_seek(self) -> None:
        """Automatch: the server's setups, to enter (or leave) its queue."""
        from igs_tui.ui.lobby.lobby_screens import SeekScreen

        if need(self, self.backend, self.backend.capabilities.seeking, "Automatch") is None:
            return
        if not isinstance(self.screen, SeekScreen):
            self.push_screen(SeekScreen(self.model, self.backend))

    def cancel_seek(self) -> None:
        """Leave the automatch queue."""
        seeking = need(self, self.backend, self.backend.capabilities.seeking, "Automatch")
        if seeking is not None:
            seeking.cancel_seek()
            self.notify("Leaving the automatch queue…", markup=False, timeout=3)

    def show_stored(self) -> None:
        """Our adjourned games on the server, to load one with a key."""
        from igs_tui.ui.lobby.lobby_screens import StoredGamesScreen

        if need(self, self.backend, self.backend.capabilities.stored, "Stored games") is None:
            return
        if not isinstance(self.screen, StoredGamesScreen):
            self.push_screen(StoredGamesScreen(self.model, self.backend))

    def show_rooms(self) -> None:
        """The server's rooms, to join one."""
        from igs_tui.ui.lobby.lobby_screens import RoomsScreen

        if need(self, self.backend, self.backend.capabilities.rooms, "Rooms") is None:
            return
        if not isinstance(self.screen, RoomsScreen):
            self.push_screen(RoomsScreen(self.model, self.backend))

    def open_record(self) -> None:
        """Ask for an SGF or Ishi file and review it ("Open record…" in the palette)."""
        from igs_tui.ui.review.review_open import ask_record
        from igs_tui.ui.review.review_screen import ReviewScreen

        def opened(path: Path, collection: Collection) -> None:
            self.push_screen(ReviewScreen(collection, path))

        ask_record(self, opened)

    def show_finished(self) -> None:
        """The list of finished games released from their tabs (README "Limits")."""
        from igs_tui.ui.game.finished_screen import FinishedScreen

        if not isinstance(self.screen, FinishedScreen):
            self.push_screen(FinishedScreen(self.model))

    def on_rooms_requested(self, message: RoomsRequested) -> None:
        message.stop()
        self.show_rooms()

    def on_player_card_requested(self, message: PlayerCardRequested) -> None:
        self.show_player_card(message.name)

    def on_match_requested(self, message: MatchRequested) -> None:
        self.challenge(message.opponent)

    def challenge(self, opponent: str = "") -> None:
        """Offer ``opponent`` a game: the match dialog (or the test/launcher hook)."""
        if self.match_hook is not None:
            self.match_hook(opponent)
        elif need(self, self.backend, self.backend.capabilities.matching, "Challenges") is None:
            return
        else:
            from igs_tui.ui.play.play_match_dialog import MatchDialog

            if isinstance(self.screen, MatchDialog):
                return
            # the dialog starts from the terms last offered (size, time...), for this opponent
            last = load_match_terms(self._config_dir)
            initial = replace(last, opponent=opponent) if last is not None else None
            dialog = MatchDialog(self.backend, opponent, me=self.model.me, initial=initial)
            self.push_screen(dialog, self._remember_terms)

    def _remember_terms(self, terms: MatchTerms | None) -> None:
        if terms is not None:
            try:
                save_match_terms(terms, self._config_dir)
            except OSError as exc:
                _log.warning("could not remember the match terms: %s", exc)

    def answer_challenge(self) -> None:
        if (main := self.main_screen) is not None:
            main.action_answer_challenge()

    def action_flip_flag(self, flag: str) -> None:
        self.notify(self.own_flags.flip(self.model, self.backend, flag), markup=False)
        self._flags_changed()

    def set_flag(self, flag: str, value: bool) -> None:
        self.notify(self.own_flags.set(self.backend, flag, value, self.model), markup=False)
        self._flags_changed()

    def _flags_changed(self) -> None:
        if (main := self.main_screen) is not None:
            from igs_tui.ui.lists.players_list import PlayersList

            for players in main.query(PlayersList):
                players.show_own_flags()


def _people_sections() -> list[tuple[str, Iterable[BindingType]]]:
    """Help for the player card, the messages view and a game's observers."""
    from igs_tui.ui.people.messages_screen import MessagesScreen
    from igs_tui.ui.people.observers_screen import ObserversScreen
    from igs_tui.ui.people.player_card import PlayerCardScreen

    palette = [
        Binding("ctrl+p", "palette", "Messages (palette): read and erase server messages"),
        Binding("ctrl+p", "palette", "Player card… (palette) or 'card NAME'"),
        Binding("ctrl+p", "palette", "'all N' (palette): who watches game N"),
    ]
    return [
        ("Player card", [*PlayerCardScreen.BINDINGS, *palette[1:2]]),
        ("Messages", [*MessagesScreen.BINDINGS, *palette[:1]]),
        ("Observers", [*ObserversScreen.BINDINGS, *palette[2:]]),
    ]


def _lobby_sections() -> list[tuple[str, Iterable[BindingType]]]:
    """Help for automatch, stored games and rooms."""
    from igs_tui.ui.lobby.lobby_screens import RoomsScreen, SeekScreen, StoredGamesScreen

    def palette(text: str) -> Binding:
        return Binding("ctrl+p", "palette", text)

    return [
        (
            "Automatch",
            [
                *SeekScreen.BINDINGS,
                palette("Automatch… (palette): seek a game; 'Stop seeking' leaves the queue"),
            ],
        ),
        (
            "Stored games",
            [
                *StoredGamesScreen.BINDINGS,
                palette("Stored games (palette), or ctrl+l on a board not adjourned"),
            ],
        ),
        (
            "Rooms",
            [*RoomsScreen.BINDINGS, palette("Rooms (palette); /join N in the chat is a channel")],
        ),
    ]


_SERVICES: type[AppServices] = IgsApp
"""The app offers every service its widgets ask for (:mod:`app_services`; mypy checks it)."""
