"""Autosave wiring: every game the model follows (played or observed) is written as SGF from
the first login on, so a crash or a lost link never costs a record. The model outlives logins,
so there is one saver per connector."""

from __future__ import annotations

import asyncio
from collections.abc import Callable
from pathlib import Path
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from igs_tui.archive.autosave import AutoSaver
    from igs_tui.model import ClientModel

AUTOSAVE_DELAY = 0.05
"""Seconds from a change of a followed game to its autosave: after the frame that shows it
(a move's record is not built while the move is on its way to the screen); a burst of
changes within it is one save."""

OBSERVED_SAVE_DELAY = 1.0
"""Seconds from a move of a game we only watch to its autosave: a fast game (bots, blitz, a
relay catching up) is one write a second, not one per move; the server keeps what a crash in
that second would cost. Our own games, and the end of any game, go by :data:`AUTOSAVE_DELAY`."""


class Autosave:
    """Starts the saver once (on the event loop of the first login) and closes it."""

    def __init__(
        self,
        model: ClientModel,
        games_dir: Path | None,
        *,
        enabled: bool,
        rules: Callable[[], str | None] = lambda: None,
    ) -> None:
        self._model = model
        self._rules = rules
        """The rules a record names (``RU``), asked as each record is written."""
        self.games_dir = games_dir
        """Where games go (default: ``default_games_dir()``); tests point it elsewhere."""
        self.enabled = enabled
        self.saver: AutoSaver | None = None

    def start(self) -> AutoSaver | None:
        """Start saving every followed game (no-op when disabled or started already).

        Files are written by the saver's own thread, so that fsyncs never hold up the screen.
        """
        if self.enabled and self.saver is None:
            from igs_tui.archive.autosave import AutoSaver

            loop = asyncio.get_running_loop()
            self.saver = AutoSaver(
                self._model,
                self.games_dir,
                background=True,
                defer=lambda save: loop.call_later(AUTOSAVE_DELAY, save),
                defer_observed=lambda save: loop.call_later(OBSERVED_SAVE_DELAY, save),
                rules=self._rules,
            )
        return self.saver

    def close(self) -> None:
        """Finish the pending saves and stop (a later :meth:`start` starts again)."""
        saver, self.saver = self.saver, None
        if saver is not None:
            saver.close()
