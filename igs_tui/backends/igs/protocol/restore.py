"""What to restore after a reconnect: observed games and the user's own interrupted game.

IGS keeps no session for us: after a new login we observe nothing and our running game is
adjourned on the server. :class:`SessionMemory` remembers, from the commands we sent and the
events we received, which games we were watching and which game we were playing, and turns
that into the commands to send once logged in again.

Observation is tracked from both directions because ``observe N`` *toggles* on IGS (spec,
``observe``: "To stop observing a game, enter the same command again"), ``unobserve`` stops one
or all, and games also end on their own. The own game is reloaded with ``load`` -- IGS forfeits an
interrupted game when its player stays away too long (five minutes), so the memory also keeps the
deadline for the UI's countdown.

Sans-IO, like the rest of the protocol: the connection driver tells it what was sent
(:meth:`SessionMemory.note_command`), what arrived (:meth:`SessionMemory.received`, which returns
the commands to send in answer) and when the link dropped; it never sends anything itself.
Times are monotonic seconds passed in by the caller.
"""

from __future__ import annotations

from dataclasses import dataclass

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.commands import Command
from igs_tui.backends.igs.protocol.events import (
    CommandReply,
    Error,
    Event,
    GameEnd,
    GameHeading,
    UserConnected,
)
from igs_tui.numbers import bounded_int

__all__ = ["FORFEIT_SECONDS", "OwnGame", "SessionMemory"]

FORFEIT_SECONDS = 300.0
"""How long IGS waits for a disconnected player before the game is lost."""


@dataclass(frozen=True, slots=True)
class OwnGame:
    """A game the logged-in user plays. The server names saved games ``white-black``."""

    number: int
    white: str
    black: str

    @property
    def load_command(self) -> Command:
        """The command that reloads this game after it was interrupted (a name the builder
        refuses is sent as the server gave it: only the server can judge its own names)."""
        name = f"{self.white}-{self.black}"
        try:
            return cmd.load(name)
        except ValueError:
            return cmd.raw(f"load {name}")


class SessionMemory:
    """Remember observed games and the own game across connections.

    Args:
        refresh_moves: after re-observing, also request ``moves N`` so that moves played while we
            were away are filled in (observing only sends new moves from then on).
        forfeit_seconds: grace period the server gives a disconnected player.
    """

    def __init__(self, *, refresh_moves: bool = True, forfeit_seconds: float = FORFEIT_SECONDS):
        self.refresh_moves = refresh_moves
        self.forfeit_seconds = forfeit_seconds
        self._observed: dict[int, None] = {}  # insertion-ordered set
        self._own_game: OwnGame | None = None
        self._forfeit_deadline: float | None = None

    @property
    def observed(self) -> tuple[int, ...]:
        """Observed game numbers, in the order observation started."""
        return tuple(self._observed)

    @property
    def own_game(self) -> OwnGame | None:
        return self._own_game

    @property
    def forfeit_deadline(self) -> float | None:
        """Monotonic time by which the interrupted own game must be reloaded, or None."""
        return self._forfeit_deadline

    def note_command(self, command: Command | str) -> None:
        """Update from a command the user sent (``observe N``, ``unobserve [N]``)."""
        words = str(command).split()
        if not words:
            return
        verb = words[0].lower()
        number = _game_number(words[1]) if len(words) > 1 else None
        if verb == "observe" and number is not None:
            if number in self._observed:
                del self._observed[number]
            else:
                self._observed[number] = None
        elif verb == "unobserve":
            if number is None:
                self._observed.clear()
            else:
                self._observed.pop(number, None)

    def observing(self, game: int) -> None:
        """The server confirmed that we observe ``game`` (e.g. its moves arrive)."""
        if self._own_game is None or self._own_game.number != game:
            self._observed.setdefault(game, None)

    def stopped_observing(self, game: int) -> None:
        self._observed.pop(game, None)

    def playing(self, game: OwnGame) -> None:
        """We are a player of ``game`` (a heading named us); it is not an observed game.

        This also ends a forfeit countdown: a heading after ``load`` means the game is back.
        """
        self._own_game = game
        self._forfeit_deadline = None
        self._observed.pop(game.number, None)

    def game_ended(self, game: int) -> None:
        """``game`` is over: neither re-observe nor reload it."""
        self._observed.pop(game, None)
        if self._own_game is not None and self._own_game.number == game:
            self._own_game = None
            self._forfeit_deadline = None

    def disconnected(self, now: float) -> float | None:
        """The connection dropped at ``now``; return the forfeit deadline if a game is at stake.

        A second drop while reconnecting keeps the first deadline: the server's clock started
        at the first disconnect.
        """
        if self._own_game is not None and self._forfeit_deadline is None:
            self._forfeit_deadline = now + self.forfeit_seconds
        return self._forfeit_deadline

    def reload_when_back(self, name: str, me: str | None) -> Command | None:
        """The ``load`` to send now that ``name`` logged on, or None.

        ``load`` needs both players online, so the one sent right after our own login fails
        when the opponent lost the link too (or is still reconnecting). While the game is not
        back (the forfeit countdown runs), the opponent's arrival is the moment to try again.
        """
        game = self._own_game
        if game is None or self._forfeit_deadline is None:
            return None
        opponents = {game.white.lower(), game.black.lower()} - {(me or "").lower()}
        return game.load_command if name.lower() in opponents else None

    def received(self, event: Event, me: str | None) -> list[Command]:
        """Keep the memory current from a server event (``me``: our login name); return the
        commands to send in answer (a ``load`` when the opponent is back, ``moves`` after a
        refused ``load``)."""
        if isinstance(event, GameHeading):
            if me in (event.white, event.black):
                self.playing(OwnGame(event.game, event.white, event.black))
        elif isinstance(event, GameEnd):
            self._game_end(event)
        elif isinstance(event, CommandReply):
            return self._command_answered(event)
        elif isinstance(event, UserConnected):
            reload = self.reload_when_back(event.name, me)
            return [reload] if reload is not None else []
        return []

    def _command_answered(self, reply: CommandReply) -> list[Command]:
        """An ``observe N`` the server refused (no such game) must not be restored later.

        A refused restore ``load`` may mean the game was never interrupted: when the server
        had not noticed the old link die, the new login threw the old copy out and the game
        went on. ``moves N`` then brings its heading (which ends the countdown) and the
        moves we missed; if the game is really away, the answer names other players or none
        and changes nothing.
        """
        command = reply.command
        if command.verb not in ("observe", "load"):
            return []  # (a listing's reply holds 100 000 events: not worth a look)
        refused = any(isinstance(e, Error) for e in reply.events)
        if command.verb == "observe" and command.game is not None and refused:
            self.stopped_observing(command.game)
        own = self._own_game
        if (
            command.verb == "load"
            and refused
            and own is not None
            and self._forfeit_deadline is not None
            and command.line.strip() == own.load_command.line
        ):
            return [cmd.moves(own.number)]
        return []

    def _game_end(self, event: GameEnd) -> None:
        if event.game is not None:
            self.game_ended(event.game)
            return
        own = self._own_game
        if own is not None and {event.white, event.black} == {own.white, own.black}:
            self.game_ended(own.number)

    def restore_commands(self) -> list[Command]:
        """Commands to send after logging in again, own game first (its clock is running)."""
        commands: list[Command] = []
        if self._own_game is not None:
            commands.append(self._own_game.load_command)
        for game in self._observed:
            commands.append(cmd.observe(game))
            if self.refresh_moves:
                commands.append(cmd.moves(game))
        return commands


def _game_number(text: str) -> int | None:
    return bounded_int(text)
