"""The server's shared state and the one place that sends lines to users.

Theory of operation: everything runs on one asyncio loop, so the hub's methods are plain,
synchronous and never interleave. A :class:`~.session.Session` feeds command lines to
:meth:`Hub.execute`, which looks the first word up in :data:`.registry.COMMANDS` (moves such
as ``D4`` and ``pass`` go to the move handler). Handlers answer their caller with one block
(lines + prompt) and notify other users with their own blocks, exactly as IGS does: every
block ends in a prompt, and commands the spec lists as unanswered send nothing back.

Bots are users whose session discards output; they act by calling :meth:`Hub.execute` with
commands, so they obey exactly the rules humans do. Agents (bots, the broadcast driver) are
told about events through :class:`Agent` callbacks.
"""

from __future__ import annotations

import logging
import random
import re
import time
from collections.abc import Iterable
from typing import Protocol

from igs_tui.localserver import gameflow, lobby, matching
from igs_tui.localserver import lines as lines_mod
from igs_tui.localserver.clock import Clock, ScaledClock
from igs_tui.localserver.config import ServerConfig
from igs_tui.localserver.dialect import Dialect, dialect_named
from igs_tui.localserver.games import Phase as GamePhase
from igs_tui.localserver.games import ServerGame
from igs_tui.localserver.lines import Line
from igs_tui.localserver.login_guard import LoginGuard
from igs_tui.localserver.matching import MatchRequest
from igs_tui.localserver.registry import COMMANDS, MOVE_HANDLER
from igs_tui.localserver.session import Phase as SessionPhase
from igs_tui.localserver.session import Session
from igs_tui.localserver.users import User

_MOVE_RE = re.compile(r"^(?:[a-hj-zA-HJ-Z](?:[1-9]|1[0-9]|2[0-5])|pass)(?:\s+\d+)?$", re.I)

_log = logging.getLogger(__name__)


class Agent(Protocol):
    """Something that plays for a user (bots): the hub calls these after state changes."""

    def on_match_request(self, request: MatchRequest) -> None: ...

    def on_game_update(self, game: ServerGame) -> None: ...

    def on_undo_request(self, game: ServerGame) -> None: ...

    def on_tell(self, sender: User, text: str) -> None: ...

    def on_seek(self, entry: lobby.SeekEntry) -> bool:
        """Someone seeks and nobody matches: True if this agent will seek the same."""
        ...


class Hub:
    def __init__(self, config: ServerConfig) -> None:
        self.config = config
        self.dialect: Dialect = dialect_named(config.dialect)
        self.results: list[str] = []
        self.game_records: list[tuple[str, str]] = []
        """The SGF of the latest finished games, ``(file name, text)``, oldest first."""
        """The server's latest finished games as ``results`` lines, oldest first."""
        self.clock: Clock = config.clock or ScaledClock(config.time_scale)
        self.login_guard = LoginGuard()
        """Delays and locks out password guessing (also through the ``login`` command)."""
        self.rng = random.Random(config.bot_seed)
        self.users: dict[str, User] = {}
        self.online: list[User] = []
        self.games: dict[int, ServerGame] = {}
        self.adjourned: dict[frozenset[str], ServerGame] = {}
        self.requests: dict[tuple[str, str], MatchRequest] = {}
        self.finished: dict[str, tuple[ServerGame, str]] = {}
        """Each player's last finished game and its result (``B+Resign``), for ``review``."""
        self.reviews: dict[int, str] = {}
        """Open reviews: number → the owner's key."""
        self.review_serial = 0
        self.automatch_offers: dict[tuple[str, str], MatchRequest] = {}
        """``automatch NAME`` offers, by (requester key, target key), until answered."""
        self.seeks: dict[str, lobby.SeekEntry] = {}
        """The automatch queue, by user key (``seek entry``)."""
        self.agents: dict[str, Agent] = {}
        self._next_guest = config.guest_start
        for account in config.accounts:
            self.users[account.name.lower()] = User(
                name=account.name,
                password=account.password,
                rank=account.rank,
                info=account.info,
                country=account.country,
                won=account.won,
                lost=account.lost,
            )

    # -- time ----------------------------------------------------------------------------

    def now(self) -> float:
        return self.clock.now()

    # -- users ---------------------------------------------------------------------------

    def banner(self) -> list[str]:
        """What a connection reads before ``Login:``; an NNGS names itself here (unless the
        server is configured not to name itself at all)."""
        named = self.dialect.banner_line
        if named is not None and self.config.announce_version:
            return ["IGS-compatible local server (igs-tui)", named, ""]
        return ["IGS-compatible local server (igs-tui)", ""]

    def find_account(self, name: str) -> User | None:
        user = self.users.get(name.lower())
        return user if user is not None and not user.guest else None

    def find_online(self, name: str) -> User | None:
        user = self.users.get(name.lower())
        return user if user is not None and user.online else None

    def new_guest(self, name: str = "") -> User:
        """A guest user: ``guestNNNN``, or on a server with named guests (NNGS) the name the
        visitor typed, when it is free and a plain word."""
        known = self.users.get(name.lower())
        if (
            self.dialect.named_guests
            and name.isascii()
            and name.isalnum()
            and len(name) <= 10
            and (known is None or (known.guest and not known.online))
        ):
            user = User(name=name, guest=True)
            self.users[user.key] = user
            return user
        while f"guest{self._next_guest}" in self.users:
            self._next_guest += 1
        user = User(name=f"guest{self._next_guest}", guest=True)
        self._next_guest += 1
        self.users[user.key] = user
        return user

    def add_bot(self, user: User, session: Session, agent: Agent | None) -> None:
        """Register an always-online robot user (bots, broadcast pseudo-players)."""
        self.users[user.key] = user
        session.attach(user)
        user.session = session
        user.last_active = self.now()
        self.online.append(user)
        if agent is not None:
            self.agents[user.key] = agent

    def login(self, session: Session, user: User) -> None:
        """Finish a login: throw out an older copy, greet, announce."""
        lines: list[Line] = []
        old = user.session
        if old is not None and old is not session:
            lines.append((9, "Throwing other copy out."))
            old.user = None
            old.close()
            user.session = None
        version = self.dialect.version_line
        if version is not None and self.config.announce_version:
            lines.append((39, version))
        if user.guest and self.dialect.named_guests:
            lines.append((9, lines_mod.unregistered_name(user.name)))
            lines.append((9, lines_mod.GUEST_ACCOUNT))
        elif user.guest:
            lines.append((9, f"You are logged in as a guest: your name is {user.name}."))
        session.attach(user)
        user.session = session
        user.last_active = self.now()
        if user not in self.online:
            self.online.append(user)
        lines.extend((9, text) for text in self.config.motd)
        self._leave_welcome(user)
        if user.messages:
            lines.append((9, lines_mod.messages_waiting(len(user.messages))))
        session.send(lines)
        if old is None:
            self.announce(f"{{{user.name} [{user.rank:>4}] has connected.}}", exclude=user)

    def _leave_welcome(self, user: User) -> None:
        """The local demo's robot leaves a newcomer a message, so ``message`` has one."""
        if user.welcomed or user.bot or not self.config.bot_messages or not self.config.bots:
            return
        user.welcomed = True
        bot = self.config.bots[0]
        text = (
            f"Welcome, {user.name}! Type 'match {bot}' to play me,"
            " or 'all N' to see who watches game N."
        )
        self.leave_message(bot, user, text, tell=False)  # the login greeting says it

    def leave_message(self, sender: str, user: User, text: str, *, tell: bool = True) -> None:
        """Keep a message for ``user`` (``message`` lists it); an online user is told."""
        stamp = time.strftime("%m/%d/%y %H:%M", time.gmtime())
        user.messages.append((sender, stamp, text))
        del user.messages[: -lines_mod.MAX_STORED_MESSAGES]
        if tell and user.session is not None and user.session.phase is SessionPhase.COMMANDS:
            self.send(user, [(9, lines_mod.messages_waiting(len(user.messages)))])

    def logout(self, user: User, session: Session) -> None:
        """A connection ended (quit, ``login``, lost socket): adjourn games, drop requests."""
        if user.session is not session:
            return
        for game in list(self.games.values()):
            if game.color_of(user) is not None and game.phase is not GamePhase.OVER:
                gameflow.adjourn(self, game, reason=f"{user.name} has disconnected.")
            elif user in game.observers:
                game.observers.remove(user)
        matching.drop_requests_of(self, user)
        if self.seeks.pop(user.key, None) is not None:
            lobby.tell_seekers(self)
        user.session = None
        user.last_seen = time.time()
        if user in self.online:
            self.online.remove(user)
        if user.channel is not None:
            user.channel = None
        self.announce(f"{{{user.name} has disconnected}}", exclude=user)

    # -- output --------------------------------------------------------------------------

    def send(self, user: User, lines: Iterable[Line], *, prompt: bool = True) -> None:
        if user.session is not None:
            user.session.send(lines, prompt=prompt)

    def announce(
        self, text: str, *, exclude: User | None = None, also_exclude: Iterable[User] = ()
    ) -> None:
        """A 21 system message to everyone with ``quiet`` off."""
        left_out = {exclude, *also_exclude}
        for user in list(self.online):
            if user not in left_out and not user.flag("quiet") and not user.bot:
                self.send(user, [(21, text)])

    def prompt_state(self, user: User) -> int:
        """5 idle, 6 playing, 7 scoring, 8 observing (playing wins over observing)."""
        state = 5
        for game in self.games.values():
            if game.color_of(user) is not None and game.phase is not GamePhase.OVER:
                if game.phase is GamePhase.SCORING:
                    return 7
                state = 6
            elif state == 5 and user in game.observers:
                state = 8
        return state

    # -- games ---------------------------------------------------------------------------

    def next_game_number(self) -> int:
        number = 1
        while number in self.games:
            number += 1
        return number

    def games_of(self, user: User) -> list[ServerGame]:
        return [
            g
            for g in self.games.values()
            if g.color_of(user) is not None and g.phase is not GamePhase.OVER
        ]

    def observed_by(self, user: User) -> list[ServerGame]:
        return [g for g in self.games.values() if user in g.observers]

    # -- commands ------------------------------------------------------------------------

    def execute(self, session: Session, line: str) -> None:
        """Run one command line for a logged-in session."""
        user = session.user
        if user is None:
            return
        user.last_active = self.now()
        text = line.strip()
        if not text:
            session.prompt()
            return
        if text[0] in ".,^" and not _MOVE_RE.match(text):
            shortcut = {".": "tell .", ",": "say", "^": "tell ^"}[text[0]]
            text = f"{shortcut} {text[1:].strip()}"
        word, _, rest = text.partition(" ")
        name = word.lower()
        if _MOVE_RE.match(text) and name not in COMMANDS:
            MOVE_HANDLER[0](self, session, user, text)
            return
        handler = COMMANDS.get(name)
        if handler is None or name in self.dialect.missing_commands:
            session.send([lines_mod.unknown_command(word)])
            return
        try:
            handler(self, session, user, rest.strip())
        except Exception:
            # A command this server did not foresee must cost that command, not the
            # connection (a client's line is input like any other).
            _log.exception("command failed: %r", text)
            session.send([(5, f"{word}: internal error; the command was not carried out.")])

    def notify_agents(self, game: ServerGame) -> None:
        for user in game.players():
            agent = self.agents.get(user.key)
            if agent is not None:
                agent.on_game_update(game)

    # -- timers --------------------------------------------------------------------------

    def tick(self) -> None:
        """Check clocks and greeting deadlines; called periodically by the server."""
        now = self.now()
        for game in list(self.games.values()):
            if game.phase is GamePhase.PLAY:
                gameflow.check_time(self, game, now)
