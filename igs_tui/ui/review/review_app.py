"""``igs-tui review FILE``: the record review as an app of its own, with no server at all.

The app shows one :class:`~igs_tui.ui.review.review_screen.ReviewScreen` and ends when it is closed;
another record can be opened from it (ctrl+o or the palette) without leaving.
"""

from __future__ import annotations

from pathlib import Path
from typing import ClassVar

from textual.app import App
from textual.binding import Binding, BindingType

from igs_tui.model.analysis import EngineAnalysis
from igs_tui.records import Collection
from igs_tui.ui.app_services import BasicServices
from igs_tui.ui.batch_safe import BatchSafeApp
from igs_tui.ui.review.review_screen import ReviewScreen

__all__ = ["ReviewApp"]


class ReviewApp(BasicServices, BatchSafeApp[None]):
    """Review ``collection`` (read from ``path``); closing the review quits. Of the app's
    services it offers live analysis only."""

    TITLE = "igs-tui review"
    BINDINGS: ClassVar[list[BindingType]] = [Binding("f1", "help", "Help")]

    def __init__(
        self,
        collection: Collection,
        path: Path | None = None,
        *,
        analysis: EngineAnalysis | None = None,
    ) -> None:
        super().__init__()
        self._collection = collection
        self._path = path
        self.analysis = analysis
        """Live analysis (``--engine``): alt+a in the review; closed as the app ends."""

    async def on_unmount(self) -> None:
        analysis, self.analysis = self.analysis, None
        if analysis is not None:
            await analysis.close()

    def on_mount(self) -> None:
        self.push_screen(ReviewScreen(self._collection, self._path), self._review_closed)

    def _review_closed(self, _result: None) -> None:
        self.exit()

    def action_help(self) -> None:
        from igs_tui.ui.main.help_screen import HelpScreen
        from igs_tui.ui.review.review_screen import review_section

        if not isinstance(self.screen, HelpScreen):
            sections = [("Global", [*App.BINDINGS, *self.BINDINGS]), review_section()]
            self.push_screen(HelpScreen(sections))
