"""How much a long session keeps in memory: the caps behind README's "Limits" section.

Every list the model keeps is bounded, whether or not the pane that shows it was ever
opened: a client left open all day on busy channels, observing game after game, stays the
size it was after the first hour. The user can set each cap in the settings file
(``limits`` in ``config.json``); the app applies them with a
:class:`~igs_tui.model.changes.LimitsSet` change.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from typing import Any

FINISHED_TABS = 20
"""Finished games kept open with their board, moves and view (the oldest beyond go)."""
FINISHED_LIST = 500
"""Lines of the list of finished games released from their tabs."""
CHAT_LINES = 5000
"""Messages kept per chat buffer, and says and kibitzes per followed game (the chat logs
on disk keep more, within their own caps)."""
CONSOLE_LINES = 10_000
"""Raw server lines kept for the console pane (the session transcript keeps them all)."""
BUFFERS = 200
"""Chat buffers kept (tells, channels, games, shouts): a new one beyond drops the buffer
that has been quiet longest (its log on disk stays)."""
PLAYERS = 200_000
"""Players the client knows at once (IGS lists a few thousand; a server that names more
loses its oldest entries)."""
GAMES_LISTED = 20_000
"""Games in the games list at once."""
CHALLENGES = 100
"""Open match requests kept at once (the oldest go beyond)."""
TEXT_KEPT = 4000
"""Characters kept of one chat message or console line (the panes show at most this much;
a server's 64 KB line must not cost 64 KB per entry of a 10,000-line list)."""
GAME_ERRORS = 100
"""Out-of-sync notes kept per followed game."""
LOG_FILE_BYTES = 10_000_000
"""One chat log or session transcript (10 MB) before it is rotated (renamed, begun anew)."""
LOG_DIR_BYTES = 100_000_000
"""All the chat logs (or all the transcripts) together: beyond, the oldest are deleted."""
LOG_FILES = 500
"""Files in the chat logs' (or the transcripts') folder: beyond, the oldest are deleted."""
TELL_LOGS = 100
"""Tell conversations with a log file of their own; further tellers share one log (a server
that sends tells from 5,000 names must not make 5,000 files)."""


@dataclass(frozen=True, slots=True)
class Limits:
    """The caps, each at least 1 (the game that just ended always keeps its tab)."""

    finished_tabs: int = FINISHED_TABS
    finished_list: int = FINISHED_LIST
    chat_lines: int = CHAT_LINES
    console_lines: int = CONSOLE_LINES
    buffers: int = BUFFERS
    players: int = PLAYERS
    games_listed: int = GAMES_LISTED
    log_file_bytes: int = LOG_FILE_BYTES
    log_dir_bytes: int = LOG_DIR_BYTES
    log_files: int = LOG_FILES
    tell_logs: int = TELL_LOGS

    def __post_init__(self) -> None:
        for f in fields(self):
            value = getattr(self, f.name)
            if not isinstance(value, int) or isinstance(value, bool) or value < 1:
                raise ValueError(f"limit {f.name} must be a whole number of at least 1")

    @classmethod
    def from_json(cls, data: Any) -> Limits:
        """From decoded JSON: unknown keys and values that are not whole numbers of at
        least 1 are ignored (those caps keep their defaults)."""
        if not isinstance(data, dict):
            return cls()
        values = {
            f.name: value
            for f in fields(cls)
            if isinstance(value := data.get(f.name), int)
            and not isinstance(value, bool)
            and value >= 1
        }
        return cls(**values)

    def as_json(self) -> dict[str, int]:
        return {f.name: getattr(self, f.name) for f in fields(self)}
