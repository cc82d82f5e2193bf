"""The terminal app of ``igs-tui play``: the usual app, opened on the board of the local game.

Why a subclass and not an option of the app: the main screen starts on the games list, which
is right for a server and useless here; the only difference is where the screen opens, so it
lives with the ``play`` command instead of in the shared app.
"""

from __future__ import annotations

from igs_tui.backends.engine.backend import EngineBackend, LiveAssist
from igs_tui.model import ClientModel
from igs_tui.ui.app import IgsApp


class PlayApp(IgsApp):
    """:class:`IgsApp` that shows the board pane (F2) with the game focused at once; the
    engine that plays also answers the estimate and dead-stone questions."""

    TITLE = "igs-tui play"

    def __init__(self, model: ClientModel, backend: EngineBackend) -> None:
        super().__init__(model, backend, assist=LiveAssist(backend))

    def on_mount(self) -> None:
        # IgsApp.on_mount (run after this one) pushes the main screen; open the board once
        # that screen is mounted.
        self.call_after_refresh(self._open_board)

    def _open_board(self) -> None:
        main = self.main_screen
        if main is None or not main.is_mounted:
            self.call_after_refresh(self._open_board)
            return
        # a wide screen shows a pane beside the board: the console (our game messages) is
        # more use here than an empty games list
        main.side_pane = "console"
        main.action_show_pane("board")
