"""The KGS backend as the UI sees it: the capabilities KGS's JSON form documents.

Each intent goes to the :class:`~.session.KgsSession` (which queues the upstream messages and
returns the changes to show at once, such as our own chat line), then the link is told to post.
KGS has rooms (``Rooms`` to list and join them, ``RoomLeaving`` to leave one, ``Channels`` to
chat in them by name), game lists per room (``Listing``), observing (``Observing``), private
conversations (``Messaging``), challenges (``Matching``) and its own games (``Playing``).
What the reference does not document -- adjourning and loading, komi changes in a game, a
server mailbox, observer lists, automatch, stored games -- is absent (``None``), never a stub.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable

from igs_tui.backends.capabilities import Capabilities
from igs_tui.backends.kgs.session import GAME_KINDS, KgsSession
from igs_tui.go import MAX_SIZE, MIN_SIZE, Point
from igs_tui.model import BufferKey, ChatKind, ClientModel, GamePhase, Role
from igs_tui.model import changes as ch
from igs_tui.model.terms import MatchTerms

ABSENT = "not offered by KGS"


class KgsBackend:
    """KGS's capabilities over one session; ``flush`` asks the link to post what is queued."""

    def __init__(
        self,
        model: ClientModel,
        session: KgsSession,
        flush: Callable[[], None],
        *,
        logout: Callable[[], None] | None = None,
    ) -> None:
        self.model = model
        self.session = session
        self._flush = flush
        self._logout = logout
        self._capabilities = Capabilities(
            absent=ABSENT,
            console=self,
            listing=self,
            observing=self,
            messaging=self,
            channels=self,
            playing=self,
            matching=self,
            rooms=self,
            room_leaving=self,
        )

    @property
    def capabilities(self) -> Capabilities:
        return self._capabilities

    def _apply(self, changes: Iterable[ch.Change]) -> None:
        for change in changes:
            self.model.apply(change)
        self._flush()

    def _tell_user(self, text: str) -> None:
        """A refusal by this client (a toast and the console too: see ``model.apply``)."""
        self.model.add_chat(BufferKey(ChatKind.SYSTEM), "igs-tui", text, kind="error")

    # console --------------------------------------------------------------------------------
    def send_raw(self, line: str) -> None:
        """A raw upstream message typed as JSON (``{"type": "...", ...}``)."""
        try:
            message = json.loads(line)
        except ValueError as exc:
            self.model.add_console(f"not sent: not JSON ({exc})", "error")
            return
        if not isinstance(message, dict) or not isinstance(message.get("type"), str):
            self.model.add_console('not sent: a message is a JSON object with a "type"', "error")
            return
        self.session.send(message)
        self._flush()

    # lists ----------------------------------------------------------------------------------
    def refresh_games(self) -> None:
        """KGS keeps each joined room's list current by itself: show it whole again."""
        self.model.apply(ch.GamesReplaced(self.session.games()))

    def refresh_players(self) -> None:
        """The players of the rooms we are in (KGS has no whole-server user list)."""
        self.model.apply(ch.PlayersReplaced(self.session.players()))

    def player_stats(self, name: str) -> None:
        self.session.details(name)
        self._flush()

    # rooms ----------------------------------------------------------------------------------
    def list_rooms(self) -> None:
        self._apply(self.session.list_rooms())

    def join_room(self, number: int) -> None:
        self.session.join_room(number)
        self._flush()

    def leave_room(self, number: int) -> None:
        self.session.leave_room(number)
        self._flush()

    def join_channel(self, channel: str) -> None:
        """Join a room by its name or number (``/join English Game Room``)."""
        room = self.session.room_by_label(channel)
        if room is None:
            number = channel.strip()
            if number.isascii() and number.isdigit() and len(number) <= 10:
                room = int(number)
        if room is None:
            self._tell_user(f"No room called {channel!r} (the Rooms view lists them).")
            return
        self.join_room(room)

    def yell(self, channel: str, text: str) -> None:
        room = self.session.room_by_label(channel)
        if room is None:
            self._tell_user(f"Not in a room called {channel!r}.")
            return
        self._apply(self.session.room_chat(room, text))

    # observing ------------------------------------------------------------------------------
    def observe(self, game: int) -> None:
        if self.session.is_listed_challenge(game):
            # A challenge row of the games list: its terms, to accept, counter or decline.
            self._apply(self.session.open_listed(game))
            return
        summary = self.model.games.get(game)
        if summary is not None and not MIN_SIZE <= summary.size <= MAX_SIZE:
            self._tell_user(
                f"Game {game}: its board size {summary.size} is outside {MIN_SIZE}-{MAX_SIZE}."
            )
            return
        followed = self.model.followed.get(game)
        if followed is not None and followed.phase is GamePhase.FINISHED:
            self.model.unfollow(game)
        self.session.observe(game)
        self._flush()

    def unobserve(self, game: int) -> None:
        self.session.unobserve(game)
        self.model.unfollow(game)
        self._flush()

    def fetch_moves(self, game: int) -> None:
        self._apply(self.session.replay(game))

    def kibitz(self, game: int, text: str) -> None:
        self._apply(self.session.game_chat(game, text))

    def close_game(self, game: int) -> None:
        """Closing a game's tab leaves its channel, unless it is our game in progress."""
        followed = self.model.followed.get(game)
        if (
            followed is not None
            and followed.role is not Role.OBSERVING
            and followed.phase
            in (
                GamePhase.PLAYING,
                GamePhase.SCORING,
            )
        ):
            return
        self.unobserve(game)

    # messaging ------------------------------------------------------------------------------
    def tell(self, name: str, text: str) -> None:
        self._apply(self.session.tell(name, text))

    def shout(self, text: str) -> None:
        """KGS has no whole-server shout: the line goes to the room we are in (everyone
        there hears it), or is refused outside any room."""
        room = self.session.current_room
        if room is None:
            self._tell_user("KGS has no shout: join a room and chat there.")
            return
        self._apply(self.session.room_chat(room, text))

    # playing --------------------------------------------------------------------------------
    def play(self, game: int, point: Point | None) -> None:
        self.session.play(game, point)
        self._flush()

    def resign(self, game: int) -> None:
        self.session.resign(game)
        self._flush()

    def request_undo(self, game: int) -> None:
        self.session.request_undo(game)
        self._flush()

    def answer_undo(self, game: int, accept: bool) -> None:
        """KGS documents granting an undo (GAME_UNDO_ACCEPT) but no refusal message: a
        declined request is simply not granted, and forgotten here."""
        if accept:
            self.session.accept_undo(game)
            self._flush()
        else:
            self.model.apply(ch.UndoAsked(game, ""))

    def remove_dead(self, game: int, point: Point) -> None:
        """Toggle a chain between dead and alive (GAME_MARK_LIFE)."""
        self.session.mark(game, point, alive=self.session.is_dead(game, point))
        self._flush()

    def restore_scoring(self, game: int) -> None:
        """Mark every stone marked dead alive again."""
        followed = self.model.followed.get(game)
        done: set[Point] = set()
        for point in sorted(self.session.dead_stones(game)):
            if point in done:
                continue
            if followed is not None:
                done |= followed.board.chain(point)
            self.session.mark(game, point, alive=True)
        self._flush()

    def done_scoring(self, game: int) -> None:
        why = self.session.done_scoring(game)
        if why is not None:
            self._tell_user(f"Game {game}: {why}.")
        self._flush()

    def say(self, game: int, text: str) -> None:
        self._apply(self.session.game_chat(game, text))

    # matching -------------------------------------------------------------------------------
    def check_terms(self, terms: MatchTerms) -> str | None:
        if self.session.current_room is None:
            return "join a room first: KGS challenges are made in a room"
        if not MIN_SIZE <= terms.size <= MAX_SIZE:
            return f"board size must be {MIN_SIZE}-{MAX_SIZE}"
        if terms.komi * 2 != int(terms.komi * 2):
            return "komi must be a multiple of 0.5"
        if terms.kind not in GAME_KINDS:
            return f"unknown game kind {terms.kind!r}"
        if terms.handicap and terms.handicap not in range(2, 10):
            return "handicap must be 2-9 stones"
        return None

    def challenge(self, terms: MatchTerms) -> None:
        why = self.check_terms(terms)
        if why is None:
            why = self.session.challenge(terms)
        if why is not None:
            self._tell_user(f"Challenge to {terms.opponent} not sent: {why}.")
            return
        from igs_tui.model.play import Challenge

        self.model.add_challenge(Challenge(terms, incoming=False))
        self._flush()

    def accept_challenge(self, terms: MatchTerms) -> None:
        why = self.session.accept_challenge(terms)
        if why is not None:
            self._tell_user(f"Cannot accept: {why}.")
        self._flush()

    def decline_challenge(self, opponent: str) -> None:
        self._apply(self.session.decline_challenge(opponent))

    def set_open(self, value: bool) -> None:
        """KGS has no "open for games" flag: closed, challenges naming us are not shown."""
        self.session.open_for_challenges = value

    def set_looking(self, value: bool) -> None:
        """KGS has no "looking for a game" flag; say how to find a game instead."""
        if value:
            self.model.add_chat(
                BufferKey(ChatKind.SYSTEM),
                "",
                "KGS has no 'looking' flag: create a challenge in a room to find a game.",
                kind="notice",
            )

    # the session ----------------------------------------------------------------------------
    def quit(self) -> None:
        """Say LOGOUT (the link does it; nothing more is sent afterwards)."""
        if self._logout is not None:
            self._logout()
