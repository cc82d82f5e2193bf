"""The root of the shared model: everything the UI shows, in server-neutral terms.

Only adapters that apply server events change it (for IGS, :mod:`igs_tui.protocol.apply`);
widgets read it and subscribe to change topics through :attr:`ClientModel.hub`. Each mutating
method publishes the topics it touched, so a flood of events turns into notifications the UI
can coalesce.
"""

from __future__ import annotations

import time
from collections import deque
from collections.abc import Callable, Iterable
from dataclasses import dataclass, replace

from igs_tui.model.chat import BufferKey, ChatBuffer, ChatKind, ChatMessage, mentions
from igs_tui.model.connection import ConnectionStatus
from igs_tui.model.games import FollowedGame, GamePhase, GameSummary, Role
from igs_tui.model.observable import Hub
from igs_tui.model.play import Challenge, Dispute
from igs_tui.model.players import Player, PlayerDirectory

CONSOLE_LINES = 10_000

TOPIC_PLAYERS = "players"
TOPIC_GAMES = "games"
TOPIC_CONSOLE = "console"
TOPIC_CONNECTION = "connection"
TOPIC_CHAT_LIST = "chat"
TOPIC_NOTIFY = "notify"
TOPIC_FOLLOWED = "followed"
TOPIC_CHALLENGES = "challenges"


def game_topic(number: int) -> str:
    return f"game:{number}"


@dataclass(frozen=True, slots=True)
class ConsoleLine:
    """A raw server line with the name of its kind (e.g. ``"15 move"``) for the console pane."""

    text: str
    kind: str
    outgoing: bool = False


@dataclass(frozen=True, slots=True)
class Notification:
    """Something the user should notice now: a tell, a match request, a mention."""

    kind: str
    title: str
    text: str
    bell: bool = True


class ClientModel:
    def __init__(self, clock: Callable[[], float] = time.monotonic) -> None:
        self.clock = clock
        self.hub = Hub()
        self.me = ""
        self.connection = ConnectionStatus()
        self.players = PlayerDirectory()
        self.games: dict[int, GameSummary] = {}
        self.followed: dict[int, FollowedGame] = {}
        self.buffers: dict[BufferKey, ChatBuffer] = {}
        self.console: deque[ConsoleLine] = deque(maxlen=CONSOLE_LINES)
        self.notifications: deque[Notification] = deque(maxlen=200)
        self.challenges: dict[str, Challenge] = {}
        """Open match requests by opponent name (incoming and our own)."""
        self.disputes: dict[str, Dispute] = {}
        self.nmatch_refusals = 0
        """How often the server said an opponent's client cannot take ``nmatch`` (a backend
        watches this to fall back to a classic request)."""

    # connection -------------------------------------------------------------------------------
    def set_connection(self, **changes: object) -> None:
        self.connection = replace(self.connection, **changes)  # type: ignore[arg-type]
        if self.connection.user:
            self.me = self.connection.user
        self.hub.publish(TOPIC_CONNECTION)

    # players ----------------------------------------------------------------------------------
    def replace_players(self, players: Iterable[Player]) -> None:
        self.players.replace_all(players)
        self.hub.publish(TOPIC_PLAYERS)

    def upsert_players(self, players: Iterable[Player]) -> None:
        for p in players:
            self.players.upsert(p)
        self.hub.publish(TOPIC_PLAYERS)

    def player_left(self, name: str) -> None:
        self.players.remove(name)
        self.hub.publish(TOPIC_PLAYERS)

    # game list --------------------------------------------------------------------------------
    def replace_games(self, games: Iterable[GameSummary]) -> None:
        self.games = {g.number: g for g in games}
        self.hub.publish(TOPIC_GAMES)

    def upsert_games(self, games: Iterable[GameSummary]) -> None:
        for g in games:
            old = self.games.get(g.number)
            if old is not None and old.title and not g.title:
                g = replace(g, title=old.title)
            self.games[g.number] = g
        self.hub.publish(TOPIC_GAMES)

    def game_ended(self, number: int, result: str = "") -> None:
        """A game in the list is over; a followed game keeps its board and gets the result."""
        self.games.pop(number, None)
        followed = self.followed.get(number)
        if followed is not None:
            followed.phase = GamePhase.FINISHED
            if result:
                followed.result = result
            for c in followed.clocks.values():
                c.stop(self.clock())
            self.hub.publish(game_topic(number))
        self.hub.publish(TOPIC_GAMES)

    # followed games ---------------------------------------------------------------------------
    def follow(self, number: int, *, role: Role = Role.OBSERVING, **fields: object) -> FollowedGame:
        """Start following a game (observe or play); an existing entry is updated, not reset."""
        game = self.followed.get(number)
        if game is None:
            summary = self.games.get(number)
            if summary is not None:
                base: dict[str, object] = {
                    "size": summary.size,
                    "komi": summary.komi,
                    "handicap": summary.handicap,
                    "white": summary.white,
                    "white_rank": summary.white_rank,
                    "black": summary.black,
                    "black_rank": summary.black_rank,
                    "title": summary.title,
                }
                base.update(fields)
                fields = base
            game = FollowedGame(number, role=role, **fields)  # type: ignore[arg-type]
            self.followed[number] = game
            self.hub.publish(TOPIC_FOLLOWED)
        else:
            game.role = role
            for key, value in fields.items():
                setattr(game, key, value)
        self.hub.publish(game_topic(number))
        return game

    def unfollow(self, number: int) -> None:
        if self.followed.pop(number, None) is not None:
            self.hub.publish(TOPIC_FOLLOWED)
            self.hub.publish(game_topic(number))

    def game_changed(self, number: int) -> None:
        """Adapters call this after changing a :class:`FollowedGame` in place."""
        self.hub.publish(game_topic(number))

    # challenges -------------------------------------------------------------------------------
    def add_challenge(self, challenge: Challenge) -> None:
        """Record an open request; a newer one from the same player replaces the older."""
        self.challenges[challenge.opponent.lower()] = challenge
        self.hub.publish(TOPIC_CHALLENGES)

    def challenge_from(self, name: str) -> Challenge | None:
        return self.challenges.get(name.lower())

    def close_challenge(self, name: str, reason: str = "") -> Challenge | None:
        """A request was accepted (a game started), declined or cancelled."""
        closed = self.challenges.pop(name.lower(), None)
        self.disputes.pop(name.lower(), None)
        if closed is not None or reason:
            self.hub.publish(TOPIC_CHALLENGES)
        return closed

    def nmatch_refused(self) -> None:
        self.nmatch_refusals += 1
        self.hub.publish(TOPIC_CHALLENGES)

    def add_dispute(self, dispute: Dispute) -> None:
        """Both requests stay open (spec) — keep the terms side by side for the dialog."""
        self.disputes[dispute.opponent.lower()] = dispute
        self.hub.publish(TOPIC_CHALLENGES)

    # chat -------------------------------------------------------------------------------------
    def buffer(self, key: BufferKey) -> ChatBuffer:
        buf = self.buffers.get(key)
        if buf is None:
            buf = self.buffers[key] = ChatBuffer(key)
            self.hub.publish(TOPIC_CHAT_LIST)
        return buf

    def add_chat(
        self, key: BufferKey, author: str, text: str, *, kind: str = "message", notify: bool = False
    ) -> ChatMessage:
        own = kind == "own"
        highlight = not own and author != self.me and mentions(text, self.me)
        message = ChatMessage(author, text, time.time(), kind, highlight)
        self.buffer(key).add(message)
        self.hub.publish(key.topic)
        self.hub.publish(TOPIC_CHAT_LIST)
        if not own and (notify or highlight):
            title = f"{author} ({key.label})" if key.kind is not ChatKind.TELL else author
            self.notify("mention" if highlight and not notify else key.kind.value, title, text)
        return message

    def mark_read(self, key: BufferKey) -> None:
        buf = self.buffers.get(key)
        if buf is not None and (buf.unread or buf.highlighted):
            buf.mark_read()
            self.hub.publish(TOPIC_CHAT_LIST)

    # console and notifications ----------------------------------------------------------------
    def add_console(self, text: str, kind: str, *, outgoing: bool = False) -> None:
        self.console.append(ConsoleLine(text, kind, outgoing))
        self.hub.publish(TOPIC_CONSOLE)

    def notify(self, kind: str, title: str, text: str, *, bell: bool = True) -> None:
        self.notifications.append(Notification(kind, title, text, bell))
        self.hub.publish(TOPIC_NOTIFY)
