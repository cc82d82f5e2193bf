"""Test doubles shared by the UI tests: a Backend that records every intent it is given.

The UI must only *call* backend intents (answers arrive through the model), so a recording
fake is enough to check that a key press or a slash command asked for the right thing.
Both UI test suites use it; add methods by appending only.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields

from igs_tui.backends.capabilities import Backend, Capabilities
from igs_tui.go import Point
from igs_tui.model import ClientModel
from igs_tui.model import changes as ch
from igs_tui.model.lobby import Seek
from igs_tui.model.terms import MatchTerms


@dataclass(frozen=True)
class Call:
    """One recorded intent: the Backend method name and its positional arguments."""

    name: str
    args: tuple[object, ...]


@dataclass
class RecordingBackend:
    """Implements :class:`igs_tui.backends.capabilities.Backend`; records calls in order."""

    calls: list[Call] = field(default_factory=list)
    lacking: frozenset[str] = frozenset()
    """Capabilities (field names of :class:`Capabilities`) this fake pretends not to have."""
    model: ClientModel | None = None
    """Where ``set_social`` applies the lists, as a client-kept backend does (None: only
    recorded)."""

    @property
    def capabilities(self) -> Capabilities:
        present = {
            f.name: self
            for f in fields(Capabilities)
            if f.name != "absent" and f.name not in self.lacking
        }
        return Capabilities(absent="not offered by this fake", **present)

    def close_game(self, game: int) -> None:
        self._record("close_game", game)

    def _record(self, name: str, *args: object) -> None:
        self.calls.append(Call(name, args))

    # query helpers ------------------------------------------------------------------------
    def named(self, name: str) -> list[tuple[object, ...]]:
        """Argument tuples of every call to ``name``, oldest first."""
        return [c.args for c in self.calls if c.name == name]

    @property
    def last(self) -> Call:
        return self.calls[-1]

    def clear(self) -> None:
        self.calls.clear()

    # Backend protocol ---------------------------------------------------------------------
    def send_raw(self, line: str) -> None:
        self._record("send_raw", line)

    def refresh_games(self) -> None:
        self._record("refresh_games")

    def refresh_players(self) -> None:
        self._record("refresh_players")

    def player_results(self, name: str) -> None:
        self._record("player_results", name)

    def observe(self, game: int) -> None:
        self._record("observe", game)

    def unobserve(self, game: int) -> None:
        self._record("unobserve", game)

    def fetch_moves(self, game: int) -> None:
        self._record("fetch_moves", game)

    def tell(self, name: str, text: str) -> None:
        self._record("tell", name, text)

    def say(self, game: int, text: str) -> None:
        self._record("say", game, text)

    def kibitz(self, game: int, text: str) -> None:
        self._record("kibitz", game, text)

    def shout(self, text: str) -> None:
        self._record("shout", text)

    def yell(self, channel: str, text: str) -> None:
        self._record("yell", channel, text)

    def join_channel(self, channel: str) -> None:
        self._record("join_channel", channel)

    def player_stats(self, name: str) -> None:
        self._record("player_stats", name)

    def play(self, game: int, point: Point | None) -> None:
        self._record("play", game, point)

    def resign(self, game: int) -> None:
        self._record("resign", game)

    def request_undo(self, game: int) -> None:
        self._record("request_undo", game)

    def answer_undo(self, game: int, accept: bool) -> None:
        self._record("answer_undo", game, accept)

    def remove_dead(self, game: int, point: Point) -> None:
        self._record("remove_dead", game, point)

    def restore_scoring(self, game: int) -> None:
        self._record("restore_scoring", game)

    def done_scoring(self, game: int) -> None:
        self._record("done_scoring", game)

    def set_komi(self, game: int, komi: float) -> None:
        self._record("set_komi", game, komi)

    def add_time(self, game: int, minutes: int) -> None:
        self._record("add_time", game, minutes)

    def adjourn(self, game: int) -> None:
        self._record("adjourn", game)

    def load(self, opponent: str) -> None:
        self._record("load", opponent)

    def check_terms(self, terms: MatchTerms) -> str | None:
        return None

    def challenge(self, terms: MatchTerms) -> None:
        self._record("challenge", terms)

    def accept_challenge(self, terms: MatchTerms) -> None:
        self._record("accept_challenge", terms)

    def decline_challenge(self, opponent: str) -> None:
        self._record("decline_challenge", opponent)

    def set_open(self, value: bool) -> None:
        self._record("set_open", value)

    def set_looking(self, value: bool) -> None:
        self._record("set_looking", value)

    def quit(self) -> None:
        self._record("quit")

    def read_messages(self) -> None:
        self._record("read_messages")

    def erase_messages(self) -> None:
        self._record("erase_messages")

    def list_observers(self, game: int) -> None:
        self._record("list_observers", game)

    def list_seek_setups(self) -> None:
        self._record("list_seek_setups")

    def seek(self, seek: Seek) -> None:
        self._record("seek", seek)

    def cancel_seek(self) -> None:
        self._record("cancel_seek")

    def list_stored(self) -> None:
        self._record("list_stored")

    def list_rooms(self) -> None:
        self._record("list_rooms")

    def join_room(self, number: int) -> None:
        self._record("join_room", number)

    def leave_room(self, number: int) -> None:
        self._record("leave_room", number)

    @property
    def kept_by_server(self) -> bool:
        return False

    def set_social(self, friends: frozenset[str], blocked: frozenset[str]) -> None:
        self._record("set_social", friends, blocked)
        if self.model is not None:
            self.model.apply(ch.SocialListsSet(friends, blocked))


def _conforms(backend: RecordingBackend) -> Backend:
    """mypy checks here that the fake satisfies the Backend protocol."""
    return backend
