"""What a backend can do, as small protocols; the UI asks which ones a backend has.

Why optional parts instead of one wide interface: a game against a local engine cannot shout
or observe, a KGS backend will have rooms but no IGS channels, and before login nothing can be
sent at all. One wide interface forced every backend to carry "not available" stubs, hid the
difference from the type checker and let the UI offer keys that could never work. Here each
capability is an attribute of :class:`Capabilities` that is ``None`` when the backend lacks
it, so mypy makes every caller handle its absence and the UI can leave out what is missing.

Calls only *send*: answers come back as model changes, never as return values, because a
server may answer late, out of order, or not at all. No call may block its caller.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from igs_tui.go import Point
    from igs_tui.model.lobby import Seek
    from igs_tui.model.terms import MatchTerms


class Console(Protocol):
    """Raw server commands typed by the user (the console pane, ``/raw``)."""

    def send_raw(self, line: str) -> None: ...


class Listing(Protocol):
    """The server's lists of games and players, and one player's details."""

    def refresh_games(self) -> None: ...
    def refresh_players(self) -> None: ...
    def player_stats(self, name: str) -> None: ...


class History(Protocol):
    """A player's recent games as the server keeps them (IGS/NNGS ``results``), for the player
    card: answered with ``PlayerResultsReceived``."""

    def player_results(self, name: str) -> None: ...


class Observing(Protocol):
    """Following other people's games, and commenting on them."""

    def observe(self, game: int) -> None: ...
    def unobserve(self, game: int) -> None: ...
    def fetch_moves(self, game: int) -> None: ...
    def kibitz(self, game: int, text: str) -> None: ...


class Messaging(Protocol):
    """Private messages and the whole-server shout."""

    def tell(self, name: str, text: str) -> None: ...
    def shout(self, text: str) -> None: ...


class Channels(Protocol):
    """Numbered or named chat channels the user joins."""

    def join_channel(self, channel: str) -> None: ...
    def yell(self, channel: str, text: str) -> None: ...


class Playing(Protocol):
    """Our own game: moves, resigning, undo, scoring and talking to the opponent."""

    def play(self, game: int, point: Point | None) -> None: ...
    def resign(self, game: int) -> None: ...
    def request_undo(self, game: int) -> None: ...
    def answer_undo(self, game: int, accept: bool) -> None: ...
    def remove_dead(self, game: int, point: Point) -> None: ...
    def restore_scoring(self, game: int) -> None: ...
    def done_scoring(self, game: int) -> None: ...
    def say(self, game: int, text: str) -> None: ...


class Adjusting(Protocol):
    """Changing a game's terms while it runs."""

    def set_komi(self, game: int, komi: float) -> None:
        """Propose a komi for our game, or agree to the opponent's proposal (same value)."""

    def add_time(self, game: int, minutes: int) -> None: ...


class Adjourning(Protocol):
    """Stopping a game to finish it another day, and resuming it."""

    def adjourn(self, game: int) -> None: ...
    def load(self, opponent: str) -> None: ...


class Matching(Protocol):
    """Challenges between players, and the flags that say who wants to play."""

    def check_terms(self, terms: MatchTerms) -> str | None:
        """Why this server would refuse ``terms`` (None: they can be offered)."""

    def challenge(self, terms: MatchTerms) -> None: ...
    def accept_challenge(self, terms: MatchTerms) -> None: ...
    def decline_challenge(self, opponent: str) -> None: ...
    def set_open(self, value: bool) -> None: ...
    def set_looking(self, value: bool) -> None: ...


class Mailbox(Protocol):
    """Messages the server keeps for us while we are away (answers: ``MessagesListed``)."""

    def read_messages(self) -> None: ...
    def erase_messages(self) -> None: ...


class Audience(Protocol):
    """Who is watching a game (answer: ``ObserversListed``)."""

    def list_observers(self, game: int) -> None: ...


class Seeking(Protocol):
    """Automatch: the server pairs us with someone seeking the same setup, and the game
    starts as an accepted challenge does (answers: ``SeekSetupsListed``, ``SeekChanged``)."""

    def list_seek_setups(self) -> None: ...
    def seek(self, seek: Seek) -> None: ...
    def cancel_seek(self) -> None: ...


class StoredGames(Protocol):
    """Our adjourned games the server keeps (answer: ``StoredGamesListed``); one is resumed
    with :meth:`Adjourning.load` and its name."""

    def list_stored(self) -> None: ...


class Rooms(Protocol):
    """The server's rooms (tournaments use them), apart from chat channels (answers:
    ``RoomsListed``, ``RoomJoined``)."""

    def list_rooms(self) -> None: ...
    def join_room(self, number: int) -> None: ...


class RoomLeaving(Protocol):
    """Leaving a room we are in without joining another (KGS: UNJOIN_REQUEST; answered with
    ``RoomLeft``). Apart from :class:`Rooms` because IGS documents no way out of a room but
    joining another one, so an IGS backend has rooms but not this."""

    def leave_room(self, number: int) -> None: ...


class Social(Protocol):
    """Our friends (told when they log on or off, listed first) and the players we block (their
    chat and challenges are dropped), applied to the model as ``SocialListsSet``. A server that
    keeps such lists itself says so with ``kept_by_server``; otherwise the client keeps them
    (in its config file) and hands them over at each login."""

    @property
    def kept_by_server(self) -> bool: ...
    def set_social(self, friends: frozenset[str], blocked: frozenset[str]) -> None: ...


@dataclass(frozen=True, slots=True)
class Capabilities:
    """What one backend offers; ``None`` means "not here"."""

    absent: str
    """How to tell the user why something missing is missing, e.g. "not connected"."""
    console: Console | None = None
    listing: Listing | None = None
    observing: Observing | None = None
    messaging: Messaging | None = None
    channels: Channels | None = None
    playing: Playing | None = None
    adjusting: Adjusting | None = None
    adjourning: Adjourning | None = None
    matching: Matching | None = None
    mailbox: Mailbox | None = None
    audience: Audience | None = None
    seeking: Seeking | None = None
    stored: StoredGames | None = None
    rooms: Rooms | None = None
    room_leaving: RoomLeaving | None = None
    social: Social | None = None
    history: History | None = None

    def refusal(self, what: str) -> str:
        """The message for an intent this backend cannot carry out."""
        return f"{what}: {self.absent}."


class Backend(Protocol):
    """A server (or a local engine) as the UI sees it."""

    @property
    def capabilities(self) -> Capabilities: ...

    def close_game(self, game: int) -> None:
        """The user closed the game's tab: stop following it (a game in play stays)."""

    def quit(self) -> None:
        """The app is quitting: say goodbye to the server if there is one."""
