"""Messages panes post upwards to the main screen ("attributes down, messages up").

Panes never reach into each other: a games list asks for the board pane, a user list asks
for a tell buffer, and the main screen decides what that means for the layout.
"""

from __future__ import annotations

from dataclasses import dataclass

from textual.message import Message

from igs_tui.model import BufferKey


@dataclass
class ShowPane(Message):
    """Switch to pane ``pane``: ``board``, ``games``, ``players``, ``chat`` or ``console``."""

    pane: str


@dataclass
class OpenChat(Message):
    """Open (creating if needed) the chat buffer ``key`` and focus its input line."""

    key: BufferKey


@dataclass
class MatchRequested(Message):
    """The user wants to challenge ``opponent``; the play feature's hook handles it."""

    opponent: str


@dataclass
class PlayerCardRequested(Message):
    """Show the card of player ``name`` (the app asks the server)."""

    name: str


@dataclass
class RoomsRequested(Message):
    """Show the server's rooms, to join one (the games list asks when it is empty because
    games are listed per room and we are in none)."""
