"""The player's actions on one game beyond moves: resign, undo, time, adjourn, save, engine help.

:class:`GameActions` is the base of :class:`~igs_tui.ui.game.game_view.GameView`; it holds the
intents that open a dialog or a prompt first, and the engine questions that run in workers.
Kept apart from the view so the view stays about showing the game. Every intent names this
view's game number, so several own games at once never mix; irreversible steps (resign,
adjourn) ask first; engine answers arrive in the background and never block the keys.
"""

from __future__ import annotations

from collections.abc import Awaitable
from typing import TypeVar

from textual import work

from igs_tui.backends.capabilities import Backend
from igs_tui.go import Point
from igs_tui.model import ClientModel, FollowedGame, GamePhase
from igs_tui.model.analysis import AnalysisPosition, AnalysisState
from igs_tui.model.assist import EngineAssist
from igs_tui.ui.app_services import services
from igs_tui.ui.game.analysis_view import game_line_keys, game_position
from igs_tui.ui.game.game_assist import removals_to_send, suggestion_points
from igs_tui.ui.game.game_browse import BrowseState
from igs_tui.ui.game.game_prompts import InputPrompt, default_save_name, parse_minutes, save_to
from igs_tui.ui.game.game_scoring import ScorePreview, estimate_preview
from igs_tui.ui.game.live_analysis import LiveAnalysis
from igs_tui.ui.model_bridge import ModelWatcher
from igs_tui.ui.play.play_confirm import ConfirmDialog, confirm_resign
from igs_tui.ui.safe_text import clean

T = TypeVar("T")


class GameActions(LiveAnalysis, ModelWatcher):
    """Intents and engine help for game ``number``; subclasses draw it (:meth:`redraw`)."""

    def __init__(
        self, model: ClientModel, backend: Backend, number: int, *, id: str | None = None
    ) -> None:
        super().__init__(id=id)
        self._model = model
        self._backend = backend
        self.number = number
        self.browse = BrowseState()
        self.message = ""
        self.suggestion: frozenset[Point] | None = None
        """Stones an engine suggested as dead, shown until accepted or the phase ends."""
        self.analysis = AnalysisState()
        """The engine's analysis of the position shown (alt+a turns it on and off)."""
        self.estimate: tuple[tuple[int, int], ScorePreview] | None = None
        """The engine-free estimate (ctrl+e with no engine) and the (move shown, moves)
        it was made at: shaded while the view still shows that position."""

    @property
    def game(self) -> FollowedGame | None:
        return self._model.followed.get(self.number)

    @property
    def own(self) -> bool:
        """Do we play this game (rather than observe it)?"""
        game = self.game
        return game is not None and game.role.color is not None

    def redraw(self) -> None:
        """Show the game's current state (the view implements it)."""
        raise NotImplementedError

    def show_message(self, message: str) -> None:
        """Show a one-line status message (illegal move, confirmation prompts)."""
        self.message = message
        self.redraw()

    @property
    def assist(self) -> EngineAssist | None:
        """The app's engine helper, if one was configured."""
        return services(self.app).assist

    def _can(self, capability: T | None, what: str) -> T | None:
        """``capability`` of the backend, or None after saying why ``what`` is not possible."""
        if capability is None:
            self.show_message(self._backend.capabilities.refusal(what))
        return capability

    def _own_game_in(self, phase: GamePhase, refusal: str) -> FollowedGame | None:
        """This view's game if it is ours and in ``phase``; else show ``refusal``."""
        game = self.game
        if game is None or game.role.color is None or game.phase is not phase:
            self.show_message(refusal)
            return None
        return game

    def _opponent(self, game: FollowedGame) -> str:
        return clean(game.opponent, max_length=24) or "the opponent"

    def action_resign(self) -> None:
        """Resign our own game in play after a Yes in a dialog (it cannot be taken back)."""
        if self._own_game_in(GamePhase.PLAYING, "No game of yours in play to resign"):
            confirm_resign(self.app, self._backend, self.number)

    def action_undo(self) -> None:
        """Ask the opponent to take back the last move; in scoring, restore the dead stones."""
        game = self.game
        if game is not None and game.role.color is not None and game.phase is GamePhase.SCORING:
            self.suggestion = None
            if (playing := self._can(self._backend.capabilities.playing, "Scoring")) is not None:
                playing.restore_scoring(self.number)
                self.show_message("Undo: all dead stones restored")
            return
        game = self._own_game_in(GamePhase.PLAYING, "No game of yours in play to undo in")
        if game is None:
            return
        if not game.moves:
            self.show_message("No move to undo yet")
            return
        if (playing := self._can(self._backend.capabilities.playing, "Undo")) is not None:
            playing.request_undo(self.number)
            self.show_message(f"Undo requested: waiting for {self._opponent(game)}")

    def action_agree_komi(self) -> None:
        """Agree to the komi the opponent proposed (both players must name the same value)."""
        game = self.game
        if game is None or game.role.color is None or game.phase is GamePhase.FINISHED:
            self.show_message("No game of yours to agree a komi in")
            return
        if game.komi_request is None:
            self.show_message("No komi proposal to agree to")
            return
        if (adjusting := self._can(self._backend.capabilities.adjusting, "Komi")) is not None:
            adjusting.set_komi(self.number, game.komi_request)
            self.show_message(f"Komi {game.komi_request:g} agreed: waiting for the server")

    def action_add_time(self) -> None:
        """Give the opponent extra minutes (asks how many)."""
        game = self._own_game_in(GamePhase.PLAYING, "No game of yours in play")
        adjusting = self._can(self._backend.capabilities.adjusting, "Adding time")
        if game is None or adjusting is None:
            return
        opponent = self._opponent(game)

        def check(text: str) -> str | None:
            minutes = parse_minutes(text)
            return minutes if isinstance(minutes, str) else None

        def done(text: str | None) -> None:
            minutes = parse_minutes(text) if text is not None else None
            if isinstance(minutes, int):
                adjusting.add_time(self.number, minutes)
                self.show_message(f"Added {minutes} min to {opponent}'s clock")

        prompt = InputPrompt(
            f"Game {self.number}: minutes to add to {opponent}'s clock", "1", check, id="add-time"
        )
        self.app.push_screen(prompt, done)

    def action_adjourn(self) -> None:
        """Ask the opponent to adjourn (after a Yes: it stops the game for both)."""
        game = self._own_game_in(GamePhase.PLAYING, "No game of yours in play to adjourn")
        adjourning = self._can(self._backend.capabilities.adjourning, "Adjourning")
        if game is None or adjourning is None:
            return

        def done(answer: bool | None) -> None:
            if answer:
                adjourning.adjourn(self.number)
                self.show_message("Adjournment requested")

        question = f"Adjourn game {self.number}? It can be loaded again later."
        self.app.push_screen(ConfirmDialog(question, "Adjourn", "Keep playing"), done)

    def action_load(self) -> None:
        """Load (resume) this adjourned game with the same opponent; on any other board,
        the list of our stored games (where the server keeps one) to load one with a key."""
        game = self.game
        ours_adjourned = (
            game is not None and game.role.color is not None and game.phase is GamePhase.ADJOURNED
        )
        if not ours_adjourned and self._backend.capabilities.stored is not None:
            from igs_tui.ui.lobby.lobby_screens import StoredGamesScreen

            self.app.push_screen(StoredGamesScreen(self._model, self._backend))
            return
        game = self._own_game_in(GamePhase.ADJOURNED, "This game is not adjourned")
        if game is None:
            return
        opponent = game.opponent
        if not opponent:
            self.show_message("The opponent of this game is not known")
            return
        if (adjourning := self._can(self._backend.capabilities.adjourning, "Loading")) is not None:
            adjourning.load(opponent)
            self.show_message(f"Loading the game with {self._opponent(game)}")

    def action_save_as(self) -> None:
        """Save the game (all moves, whatever is shown) as SGF or Ishi to a path typed in."""
        game = self.game
        if game is None:
            return

        def done(path: str | None) -> None:
            if path is not None:
                self.show_message(f"Saved to {path.strip()}")

        prompt = InputPrompt(
            f"Save game {self.number} as (.sgf for SGF, .go or .ishi for Ishi)",
            default_save_name(game),
            lambda text: save_to(game, text),
            id="save-as",
        )
        self.app.push_screen(prompt, done)

    def action_review_copy(self) -> None:
        """Open a copy of the game as a record in the review, to study and edit it there
        (variations, comments, marks); the game itself, and the server, are untouched."""
        game = self.game
        if game is None:
            return
        from igs_tui.archive.autosave import game_record
        from igs_tui.records import Collection
        from igs_tui.ui.review.review_screen import ReviewScreen

        collection = Collection([game_record(game)])
        title = f"game {self.number} (a copy)"
        screen = ReviewScreen(collection, title=title, save_name=default_save_name(game))
        self.app.push_screen(screen)

    # engine help ------------------------------------------------------------------------------
    def _shown_game(self, game: FollowedGame) -> FollowedGame:
        """The game as the view shows it: the live game, or a copy cut at the browsed move."""
        if self.browse.at_live:
            return game
        copy = FollowedGame(
            game.number,
            size=game.size,
            komi=game.komi,
            handicap=game.handicap,
            white=game.white,
            black=game.black,
        )
        for move in game.moves[: self.browse.index]:
            copy.add_move(move)
        return copy

    def action_estimate(self) -> None:
        """Estimate the score of the position shown: by the engine in the background when
        one is set, else at once without one (:mod:`igs_tui.go.estimate`), its territory
        and dead stones shaded on the board until the position shown changes."""
        assist, game = self.assist, self.game
        if game is None:
            return
        if assist is None:
            self._estimate_here(game)
            return
        shown = self._shown_game(game)
        self.show_message(f"{assist.name}: estimating…")
        self._estimate(assist, shown)

    def _estimate_here(self, game: FollowedGame) -> None:
        index = self.browse.index
        position = game.board if self.browse.at_live else game.position_after(index)
        preview = estimate_preview(position, game.komi)
        self.estimate = ((index, len(game.moves)), preview)
        dead = len(preview.score.dead)
        self.show_message(
            f"Estimate at move {index} (no engine): {preview.describe()}"
            + (f", {dead} stone(s) taken for dead" if dead else "")
        )

    def shown_estimate(self, game: FollowedGame) -> ScorePreview | None:
        """The engine-free estimate to shade, if it was made for the position shown."""
        if self.estimate is None:
            return None
        made_for, preview = self.estimate
        if made_for != (self.browse.index, len(game.moves)):
            self.estimate = None
            return None
        return preview

    @work(group="assist-estimate", exclusive=True, exit_on_error=False)
    async def _estimate(self, assist: EngineAssist, game: FollowedGame) -> None:
        answer = await _answer_or_none(assist.estimate(game))
        if not self.is_attached:
            return
        if answer:
            text = f"{assist.name} estimate at move {len(game.moves)}: {clean(answer)}"
        else:
            text = f"{assist.name}: no answer"
        self.show_message(text)

    def action_suggest_dead(self) -> None:
        """Ask the engine which stones are dead (own game, scoring phase), in the background."""
        assist = self.assist
        game = self._own_game_in(GamePhase.SCORING, "Dead stones are suggested while scoring")
        if assist is None or game is None:
            return
        self.show_message(f"{assist.name}: looking for dead stones…")
        self._suggest(assist, game)

    @work(group="assist-dead", exclusive=True, exit_on_error=False)
    async def _suggest(self, assist: EngineAssist, game: FollowedGame) -> None:
        stones = await _answer_or_none(assist.suggest_dead(game))
        if not self.is_attached:
            return
        if stones is None:
            self.show_message(f"{assist.name}: no answer")
            return
        if game.phase is not GamePhase.SCORING:
            return
        chains = removals_to_send(game, stones)
        if not chains:
            self.suggestion = None
            self.refresh_bindings()
            self.show_message(f"{assist.name}: no dead stones to add")
            return
        self.suggestion = suggestion_points(game, stones)
        self.refresh_bindings()
        self.show_message(
            f"{assist.name} suggests {len(chains)} dead chain(s), marked: ctrl+y accepts"
        )

    def action_accept_suggestion(self) -> None:
        """Send one removal per suggested chain not yet marked dead."""
        game = self._own_game_in(GamePhase.SCORING, "Nothing to accept outside scoring")
        suggestion, self.suggestion = self.suggestion, None
        self.refresh_bindings()
        if game is None or not suggestion:
            return
        playing = self._can(self._backend.capabilities.playing, "Scoring")
        if playing is None:
            return
        points = removals_to_send(game, suggestion)
        for point in points:
            playing.remove_dead(self.number, point)
        self.show_message(f"Sent {len(points)} removal(s): waiting for the server")

    # live analysis ------------------------------------------------------------------------------
    def analysis_allowed(self) -> bool:
        """Analysis is for observed games and our own games once they are over: never a
        helper while we play."""
        game = self.game
        if game is None or self.analysis_engine is None:
            return False
        return game.role.color is None or game.phase is GamePhase.FINISHED

    def action_toggle_analysis(self) -> None:
        """Show or hide the engine's best moves and estimate for the position shown."""
        if self.analysis.on:
            self.stop_analysis()
            self.show_message("Analysis off")
            return
        if self.analysis_engine is None:
            self.show_message("No engine for analysis: start igs-tui with --engine CMD")
            return
        if not self.analysis_allowed():
            self.show_message("No analysis of a game you are playing")
            return
        self.analysis.on = True
        self.show_message("")

    def follow_analysis(self, game: FollowedGame, count: int) -> None:
        """Ask about the position after ``count`` moves if it is not the one asked about
        (called on every redraw: a new move or a browsing step cancels the old question)."""
        if not self.analysis.on or self.analysis_engine is None:
            return
        if not self.analysis_allowed():
            self.stop_analysis()
            return
        self.analyse(game_position(game, count))

    def analysis_came(self) -> None:
        self.redraw()

    def unanalysed_position(self) -> AnalysisPosition | None:
        game = self.game
        if game is None:
            return None
        index = self.analysis.next_gap(game_line_keys(game, len(game.moves)), self.browse.index)
        return None if index is None else game_position(game, index)


async def _answer_or_none(question: Awaitable[T]) -> T | None:
    """The engine's answer, or None when asking failed: an engine that breaks must not
    break the game view."""
    try:
        return await question
    except Exception:
        return None
