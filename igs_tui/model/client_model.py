"""The root of the shared model: everything the UI shows, in server-neutral terms.

Backends describe what happened as typed changes (:mod:`igs_tui.model.changes`) and hand them
to :meth:`ClientModel.apply`, which applies them in one place (:mod:`igs_tui.model.apply`) and
publishes each change to the subscribers of its topics through :attr:`ClientModel.hub`. Widgets
read the state and subscribe to the changes they show.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace
from typing import TYPE_CHECKING, Any

from igs_tui.model.chat import BufferKey, ChatBuffer, ChatKind, ChatMessage
from igs_tui.model.connection import ConnectionStatus
from igs_tui.model.console import ConsoleLine
from igs_tui.model.limits import Limits
from igs_tui.model.observable import Hub
from igs_tui.model.players import Player, PlayerDirectory
from igs_tui.model.topics import (
    TOPIC_CHALLENGES,
    TOPIC_CHAT_LIST,
    TOPIC_CONNECTION,
    TOPIC_CONSOLE,
    TOPIC_FINISHED,
    TOPIC_FOLLOWED,
    TOPIC_GAMES,
    TOPIC_NOTIFY,
    TOPIC_PLAYERS,
    game_topic,
)

if TYPE_CHECKING:
    from igs_tui.model import changes as ch
    from igs_tui.model.apply import Handler
    from igs_tui.model.cards import PlayerCard, PlayerResults
    from igs_tui.model.games import FinishedGame, FollowedGame, GameSummary, Role
    from igs_tui.model.lobby import Room, Seek, Seeker, SeekSetup
    from igs_tui.model.mailbox import ServerMessage
    from igs_tui.model.play import Challenge, Dispute
else:

    class _Changes:
        """Stands for :mod:`igs_tui.model.changes` until first used, then gives way to it."""

        def __getattr__(self, name: str) -> object:
            from igs_tui.model import changes

            globals()["ch"] = changes
            return getattr(changes, name)

    ch = _Changes()


DEFAULT_PASSES_TO_END = 3
"""Passes in a row that end play until the server says otherwise (IGS: 3)."""


@dataclass(frozen=True, slots=True)
class Notification:
    """Something the user should notice now: a tell, a match request, a mention."""

    kind: str
    title: str
    text: str
    bell: bool = True


class ClientModel:
    """The shared state. Read it anywhere; change it only with :meth:`apply`.

    The methods below that change something (``set_connection``, ``add_chat``, ...) only build
    the matching :mod:`~igs_tui.model.changes` value and apply it: they exist so callers need
    not spell out a change for the common cases.
    """

    def __init__(
        self, clock: Callable[[], float] = time.monotonic, *, limits: Limits | None = None
    ) -> None:
        self.clock = clock
        self.limits = limits or Limits()
        """What the session keeps (see :mod:`igs_tui.model.limits`; set with LimitsSet)."""
        self.passes_to_end = DEFAULT_PASSES_TO_END
        """Passes in a row that end play where our games are (IGS 3; PassesToEndSet)."""
        self.hub = Hub()
        self.me = ""
        self.connection = ConnectionStatus()
        self.players = PlayerDirectory(self.limits.players)
        self.games: dict[int, GameSummary] = {}
        self.followed: dict[int, FollowedGame] = {}
        self.finished: deque[FinishedGame] = deque(maxlen=self.limits.finished_list)
        """Finished games released from their tabs, oldest first (their records stay)."""
        self.games_ended = 0
        """Games that ended while followed this session (numbers :attr:`FollowedGame.ended`)."""
        self.games_followed = 0
        """Games followed since the model was made (numbers :attr:`FollowedGame.serial`; not
        reset by a new session, so a serial names one game for the whole process)."""
        self.buffers: dict[BufferKey, ChatBuffer] = {}
        self.shown_buffer: BufferKey | None = None
        """The buffer on the user's screen (BufferShown): never dropped for a new one."""
        self.activity = 0
        """A count that goes up with each chat message and read (:attr:`ChatBuffer.active`)."""
        self.console: deque[ConsoleLine] = deque(maxlen=self.limits.console_lines)
        self.notifications: deque[Notification] = deque(maxlen=200)
        self.messages: tuple[ServerMessage, ...] = ()
        """The messages the server keeps for us, as last listed (MessagesListed)."""
        self.messages_waiting = 0
        self.own_toggles: dict[str, tuple[bool, int]] = {}
        """Our toggles as the server last confirmed them: value and :attr:`toggle_serial`
        at that confirmation (so a request made after it is known to be newer)."""
        self.toggle_serial = 0
        """How many messages the server said it keeps for us."""
        self.seek_setups: tuple[SeekSetup, ...] = ()
        self.seekers: tuple[Seeker, ...] = ()
        """Others in the automatch queue, as the server last listed them."""
        """The automatch setups the server offers (SeekSetupsListed)."""
        self.seek: Seek | None = None
        """Our request in the automatch queue, None when not seeking (SeekChanged)."""
        self.stored_games: tuple[str, ...] | None = None
        """Our adjourned games kept on the server (None: never listed)."""
        self.rooms: tuple[Room, ...] | None = None
        """The server's rooms as last listed (None: never listed)."""
        self.room: int | None = None
        """The room we joined last and are still in (None: not known, or in none)."""
        self.joined_rooms: frozenset[int] = frozenset()
        """Every room we are in (one on IGS, any number on KGS)."""
        self.friends: frozenset[str] = frozenset()
        """Folded names of our friends (SocialListsSet)."""
        self.blocked: frozenset[str] = frozenset()
        """Folded names of the players we block: their chat and challenges are dropped."""
        self.cards: dict[str, PlayerCard] = {}
        """The player cards the server sent, by folded name (the newest CARDS_KEPT)."""
        self.results: dict[str, PlayerResults] = {}
        """Players' recent games as the server listed them, by folded name."""
        self.challenges: dict[str, Challenge] = {}
        """Open match requests by opponent name (incoming and our own)."""
        self.disputes: dict[str, Dispute] = {}

    # the one entry point ------------------------------------------------------------------------
    def apply(self, change: ch.Change) -> None:
        """Apply ``change`` to the state, then tell the subscribers of its topics."""
        (_HANDLERS or _handlers())[type(change)](self, change)
        self.hub.publish(change)

    # reading ----------------------------------------------------------------------------------
    def challenge_from(self, name: str) -> Challenge | None:
        return self.challenges.get(name.lower())

    def my_games(self, *, live: bool = True) -> list[FollowedGame]:
        """The games we play (by default only those in play or scoring), by number."""
        from igs_tui.model.games import GamePhase, Role

        return [
            game
            for _, game in sorted(self.followed.items())
            if game.role is not Role.OBSERVING
            and (not live or game.phase in (GamePhase.PLAYING, GamePhase.SCORING))
        ]

    def ensure_buffer(self, key: BufferKey) -> ChatBuffer:
        """The buffer ``key`` (created empty if new). Only :mod:`.apply` calls this."""
        buf = self.buffers.get(key)
        if buf is None:
            while len(self.buffers) >= self.limits.buffers:
                del self.buffers[self._quietest_buffer()]
            buf = self.buffers[key] = self.new_buffer(key)
        return buf

    def new_buffer(self, key: BufferKey) -> ChatBuffer:
        """An empty buffer ``key``, of the game followed under its number if it is a game's
        (not yet in :attr:`buffers`). Only :mod:`.apply` calls this."""
        buf = ChatBuffer(key, deque(maxlen=self.limits.chat_lines))
        if key.kind is ChatKind.GAME and key.target.isdecimal():
            game = self.followed.get(int(key.target)) if len(key.target) <= 9 else None
            if game is not None:
                buf.game = game.serial
        return buf

    def _quietest_buffer(self) -> BufferKey:
        """The buffer to drop for a new one beyond ``limits.buffers``: the one that got no
        message and was not read for longest, never the one on screen. Its log on disk
        stays; a new message opens it again."""
        shown = self.shown_buffer
        candidates = [item for item in self.buffers.items() if item[0] != shown]
        return min(candidates or self.buffers.items(), key=lambda item: item[1].active)[0]

    # shorthands that build a change -----------------------------------------------------------
    def set_connection(self, **changes: object) -> None:
        self.apply(ch.ConnectionChanged(replace(self.connection, **changes)))  # type: ignore[arg-type]

    def replace_players(self, players: Iterable[Player]) -> None:
        self.apply(ch.PlayersReplaced(tuple(players)))

    def upsert_players(self, players: Iterable[Player]) -> None:
        self.apply(ch.PlayersUpdated(tuple(players)))

    def player_left(self, name: str) -> None:
        self.apply(ch.PlayerLeft(name))

    def replace_games(self, games: Iterable[GameSummary]) -> None:
        self.apply(ch.GamesReplaced(tuple(games)))

    def upsert_games(self, games: Iterable[GameSummary]) -> None:
        self.apply(ch.GamesListed(tuple(games)))

    def game_ended(self, number: int, result: str = "") -> None:
        """A game in the list is over; a followed game keeps its board and gets the result."""
        self.apply(ch.GameEnded(number, result))

    def follow(self, number: int, *, role: Role | None = None, **fields: Any) -> FollowedGame:
        """Start following a game (observe or play); an existing entry is updated, not reset,
        unless it is another game (see :class:`~igs_tui.model.changes.GameFollowed`).
        ``role`` is observing unless given."""
        if role is None:
            from igs_tui.model.games import Role

            role = Role.OBSERVING
        self.apply(ch.GameFollowed(number, role, **fields))
        return self.followed[number]

    def unfollow(self, number: int) -> None:
        if number in self.followed:
            self.apply(ch.GameUnfollowed(number))

    def add_challenge(self, challenge: Challenge) -> None:
        """Record an open request; a newer one from the same player replaces the older."""
        self.apply(ch.ChallengeOpened(challenge))

    def close_challenge(self, name: str, reason: str = "") -> Challenge | None:
        """A request was accepted (a game started), declined or cancelled."""
        closed = self.challenges.get(name.lower())
        if closed is not None or reason or name.lower() in self.disputes:
            self.apply(ch.ChallengeClosed(name, reason))
        return closed

    def add_dispute(self, dispute: Dispute) -> None:
        """Both requests stay open (spec) — keep the terms side by side for the dialog."""
        self.apply(ch.DisputeOpened(dispute))

    def buffer(self, key: BufferKey) -> ChatBuffer:
        """The buffer ``key``, opened (and announced) if it is new."""
        if key not in self.buffers:
            self.apply(ch.BufferOpened(key))
        return self.buffers[key]

    def add_chat(
        self, key: BufferKey, author: str, text: str, *, kind: str = "message", notify: bool = False
    ) -> ChatMessage:
        self.apply(ch.ChatAdded(key, author, text, kind, notify, time.time()))
        return self.buffers[key].messages[-1]

    def mark_read(self, key: BufferKey) -> None:
        buf = self.buffers.get(key)
        if buf is not None and (buf.unread or buf.highlighted):
            self.apply(ch.BufferRead(key))

    def add_console(self, text: str, kind: str, *, outgoing: bool = False) -> None:
        self.apply(ch.ConsoleAdded(text, kind, outgoing))

    def notify(self, kind: str, title: str, text: str, *, bell: bool = True) -> None:
        self.apply(ch.Notified(kind, title, text, bell))


_HANDLERS: dict[type[ch.Change], Handler] = {}


def _handlers() -> dict[type[ch.Change], Handler]:
    """The handlers of :mod:`.apply`, imported with the first change applied (they need the
    changes and the rules engine, which the app's first screen does not)."""
    from igs_tui.model.apply import HANDLERS

    _HANDLERS.update(HANDLERS)
    return _HANDLERS


__all__ = [
    "TOPIC_CHALLENGES",
    "TOPIC_CHAT_LIST",
    "TOPIC_CONNECTION",
    "TOPIC_CONSOLE",
    "TOPIC_FINISHED",
    "TOPIC_FOLLOWED",
    "TOPIC_GAMES",
    "TOPIC_NOTIFY",
    "TOPIC_PLAYERS",
    "ClientModel",
    "ConsoleLine",
    "Notification",
    "game_topic",
]
