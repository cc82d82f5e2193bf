"""The engine's live analysis of the position a view shows: one mixin for the game view and
the review screen.

A view turns it on (alt+a) and, at each position it shows, calls :meth:`LiveAnalysis.analyse`;
the engine's answers come in a worker (a new position cancels the old question), each shown
with :meth:`LiveAnalysis.analysis_came`. Once the answer about the position shown is complete,
a second worker estimates the line's other positions for the graph while the engine is idle,
nearest first (:meth:`LiveAnalysis.unanalysed_position`). The loops themselves are
:mod:`.analysis_view`'s.
"""

from __future__ import annotations

from textual import work
from textual.dom import DOMNode

from igs_tui.model.analysis import AnalysisPosition, AnalysisState, EngineAnalysis
from igs_tui.ui.app_services import services
from igs_tui.ui.game.analysis_view import ask_engine, fill_gaps


class LiveAnalysis(DOMNode):
    """Live analysis for a view (see the module's docstring); the view sets :attr:`analysis`
    and says how to show an answer and which position the graph lacks."""

    analysis: AnalysisState
    """The engine's analysis of the position shown (alt+a turns it on and off)."""

    @property
    def analysis_engine(self) -> EngineAnalysis | None:
        """The app's analysing engine (``--engine``), if one was configured."""
        return services(self.app).analysis

    def analysis_came(self) -> None:
        """Show the analysis as it stands (a new answer came)."""
        raise NotImplementedError

    def unanalysed_position(self) -> AnalysisPosition | None:
        """The nearest position of the line shown that the graph lacks (None: none)."""
        raise NotImplementedError

    def stop_analysis(self) -> None:
        """Turn the analysis off and stop asking."""
        self.analysis.turn_off()
        self.workers.cancel_group(self, "analysis")
        self.workers.cancel_group(self, "analysis-fill")

    def analyse(self, position: AnalysisPosition) -> None:
        """Ask about ``position`` unless it is the one asked about already (called at every
        position shown: a new move or a browsing step cancels the old question)."""
        engine = self.analysis_engine
        if engine is not None and self.analysis.show(position):
            self._analyse(engine, position)

    def _still_shown(self) -> bool:
        return self.is_attached

    @work(group="analysis", exclusive=True, exit_on_error=False)
    async def _analyse(self, engine: EngineAnalysis, position: AnalysisPosition) -> None:
        self.workers.cancel_group(self, "analysis-fill")
        if await ask_engine(engine, self.analysis, position, self._still_shown, self.analysis_came):
            self._fill_graph(engine)

    @work(group="analysis-fill", exclusive=True, exit_on_error=False)
    async def _fill_graph(self, engine: EngineAnalysis) -> None:
        """While the engine has nothing else to do (its answer about the position shown is
        complete), estimate the line's other positions for the graph, nearest first. Any
        new position to show cancels this (and the engine serves that one first)."""
        await fill_gaps(
            engine, self.analysis, self.unanalysed_position, self._still_shown, self.analysis_came
        )
