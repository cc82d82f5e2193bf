"""One followed game on screen: the board, the info panel and the game's chat.

The view reads :class:`FollowedGame` from the model and redraws when the game's topic changes.
It turns board selections into backend intents only after our own rules engine agrees
(``Game.check(..., enforce_turn=True)``): an illegal move is explained and never sent, because
a round trip to the server just to be refused is slow and, on IGS, noisy.

Browsing (``[``/``]``, ``,``/``.``, Home, End) shows earlier positions with
``FollowedGame.position_after`` while the live game goes on; see :class:`BrowseState` for when
the view follows new moves.

In our own games the view also asks before irreversible steps (resign, adjourn), opens the
answer dialog once when the opponent asks for an undo, and shows the result screen once when
a game ends. Every intent names this view's game number, so several games at once never mix.

Letters typed on the board are coordinates (``e5``), so every game action is a control key
but ``u`` (unobserve), which is offered only on boards without a U column (smaller than 20x20):
on larger ones ``u`` always starts a coordinate (``u12``), wherever the focus is, and ctrl+w
unobserves (on every board).
Keys: ``[ ] , .`` back/forward, Home/End first/live, ctrl+f follow on/off, ``u``/ctrl+w unobserve,
ctrl+g pass (press twice), ctrl+x resign (asks), ctrl+z undo please (in scoring: restore the
dead stones), ctrl+a add time to the opponent, ctrl+o adjourn (asks), ctrl+l load an adjourned
game, ctrl+d done (scoring), ctrl+s save as (SGF/Ishi), ctrl+n move numbers, ctrl+t ASCII
stones, alt+e review and edit a copy of the game (variations, comments; the game itself is
untouched); ctrl+e estimates the score of the position shown (by the engine when one is set, else
without one, shading territory and dead stones); with an engine, in the scoring phase of an own
game, ctrl+e suggests dead stones, which ctrl+y accepts; alt+a live analysis on/off
(observed games, own games once over: candidate letters on the board, winrate/score and a graph
in the panel). On the board: arrows/hjkl, Enter/space, a typed coordinate, a click.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding
from textual.message import Message
from textual.widget import Widget

from igs_tui.backends.capabilities import Backend, Capabilities
from igs_tui.go import COLUMN_LETTERS, Color, Game, Point
from igs_tui.model import ClientModel, FollowedGame, GamePhase, LinkState, Role, game_topic
from igs_tui.ui.app_services import services
from igs_tui.ui.board.board_layout import side_width
from igs_tui.ui.board.board_render import BoardOverlay, BoardPicture
from igs_tui.ui.board.board_widget import BoardWidget, fit_side_panel
from igs_tui.ui.game.analysis_view import candidate_labels, game_line_keys, summary_lines
from igs_tui.ui.game.game_actions import GameActions
from igs_tui.ui.game.game_alerts import (
    RequestPrompt,
    ResultPrompt,
    opponent_adjourn_request,
    opponent_undo_request,
)
from igs_tui.ui.game.game_chat import GameChat
from igs_tui.ui.game.game_info import GameInfo, real_names
from igs_tui.ui.game.game_intents import (
    Refuse,
    SendMove,
    SendRemoval,
    pass_intent,
    selection_intent,
)
from igs_tui.ui.game.game_scoring import score_preview
from igs_tui.ui.lists.table_util import is_shown
from igs_tui.ui.main.sounds import ring
from igs_tui.ui.messages import PlayerCardRequested
from igs_tui.ui.panes import ReleasesCaches
from igs_tui.ui.play.play_confirm import answer_adjourn_request, answer_undo_request
from igs_tui.ui.play.play_result import forfeit_banner, show_result
from igs_tui.ui.repaint import BlankContainer, BlankVertical
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet

NOT_FOLLOWING = "Not following: new moves wait (End or ctrl+f to follow)"
RESULT_GRACE_SECONDS = 3.0
UNDO_REPORTED = 2
"""Moves taken back at once that are reported as an undo (more is a reload, not an undo)."""
"""How long a scored own game waits for the server's count before the result screen shows
without it (the count line normally arrives just before the end of the game)."""


def tab_label(game: FollowedGame) -> str:
    """``#12 alice-bob``: short enough for several tabs on an 80-column screen.

    A relayed game whose title names its players shows their family names (``#7
    Kuroda-Shirai``, white first as for accounts) instead of the relay account. Callers must
    show it as plain text (``Content(label)``): tab titles given as ``str`` are parsed as
    markup, and player names come from the server.
    """
    real = real_names(game)
    if real is not None:
        white = clean(real.white.name.split()[0], max_length=10)
        black = clean(real.black.name.split()[0], max_length=10)
        return f"#{game.number} {white}-{black}"  # two players, even of one family
    white = clean(game.white, max_length=10)
    black = clean(game.black, max_length=10)
    if not white and not black:
        return f"#{game.number}"
    names = white if white == black else f"{white or '?'}-{black or '?'}"
    return f"#{game.number} {names}"


def has_u_column(game: FollowedGame | None) -> bool:
    """Whether ``u`` names a column of the game's board (20x20 and larger): then it is typed,
    never the unobserve key."""
    return game is not None and "U" in COLUMN_LETTERS[: game.size]


MOVES_RUNG = 2
"""At most this many new moves at once ring "my opponent moved": more is a game being loaded
or caught up with, not a move to answer."""


def _opponent_moved(game: FollowedGame) -> bool:
    """Is the last move of ``game``, one we play in, our opponent's?"""
    color = game.role.color
    if color is None or game.phase is not GamePhase.PLAYING or not game.moves:
        return False
    return game.moves[-1].color is not color


class GameView(GameActions):
    """Board + side panel for game ``number`` of ``model.followed``."""

    BLANK = True  # the board and the side column cover it (see igs_tui.ui.repaint)

    DEFAULT_CSS = stylesheet(__file__, "game_view.tcss")
    SIDE_MIN = 30
    """The narrowest the info and chat side gets (the board takes what is left)."""
    SIDE_MAX = 80
    SIDE_NARROW = 20
    """The narrowest the side gets in a small terminal before it is hidden for the board."""

    BINDINGS = [
        Binding("left_square_bracket,comma", "browse(-1)", "Back"),
        Binding("right_square_bracket,full_stop", "browse(1)", "Fwd"),
        Binding("home", "first", "First", show=False),
        Binding("end", "live", "Live"),
        Binding("ctrl+f", "toggle_follow", "Follow", show=False),
        Binding("u", "unobserve", "Unobserve"),
        Binding("ctrl+w", "close_game", "Unobserve", show=False),
        Binding("ctrl+g", "pass_move", "Pass"),
        Binding("ctrl+z", "undo", "Undo", show=False),
        Binding("ctrl+n", "toggle_numbers", "Numbers", show=False),
        Binding("ctrl+d", "done_scoring", "Done scoring"),
        Binding("ctrl+x", "resign", "Resign", show=False),
        Binding("ctrl+a", "add_time", "Add time", show=False),
        Binding("ctrl+o", "adjourn", "Adjourn", show=False),
        Binding("ctrl+l", "load", "Load game", show=False),
        Binding("ctrl+k", "agree_komi", "Agree komi", show=False),
        Binding("ctrl+e", "suggest_dead", "Suggest dead"),
        Binding("ctrl+e", "estimate", "Estimate"),
        Binding("ctrl+y", "accept_suggestion", "Accept dead"),
        Binding("alt+a", "toggle_analysis", "Analysis"),
        Binding("ctrl+s", "save_as", "Save as", show=False),
        Binding("alt+e", "review_copy", "Review and edit a copy", show=False),
        Binding("i", "player_card('black')", "Player card", show=False),
        Binding("I", "player_card('white')", "White's card", show=False),
        Binding("v", "observers", "Observers", show=False),
        Binding("ctrl+t", "toggle_ascii", "ASCII stones", show=False),
    ]
    OWN_GAME_ACTIONS = frozenset(  # offered in any phase of our own games (pass/done: by phase)
        (
            "resign",
            "undo",
            "add_time",
            "adjourn",
            "load",
            "agree_komi",
        )
    )

    CAPABILITY_OF_ACTION: ClassVar[dict[str, Callable[[Capabilities], object | None]]] = {
        "resign": lambda c: c.playing,
        "undo": lambda c: c.playing,
        "pass_move": lambda c: c.playing,
        "done_scoring": lambda c: c.playing,
        "accept_suggestion": lambda c: c.playing,
        "agree_komi": lambda c: c.adjusting,
        "add_time": lambda c: c.adjusting,
        "adjourn": lambda c: c.adjourning,
        "load": lambda c: c.adjourning,
    }
    """The capability each game action needs; the footer leaves out what is missing."""

    @dataclass
    class Closed(Message):
        """The user closed (unobserved) game ``number``; the panel removes its tab."""

        number: int

    @dataclass
    class Finished(Message):
        """Game ``number`` is over and its result was shown (or needs no showing): the view
        may go when out of sight (:attr:`may_go`)."""

        number: int

    @dataclass
    class LabelChanged(Message):
        """The players of game ``number`` became known or changed: retitle its tab."""

        number: int
        label: str

    def __init__(
        self, model: ClientModel, backend: Backend, number: int, *, ascii_only: bool = False
    ) -> None:
        super().__init__(model, backend, number, id=f"game-view-{number}")
        self._ascii_only = ascii_only
        self._label = ""
        self._position_hint = ""
        self._board: BoardWidget | None = None
        self._info: GameInfo | None = None
        self._side: Widget | None = None
        """The view's own board and panel, kept from compose: a view removed while its mount
        was still queued (a new game under the same number, on a loaded machine) runs its
        ``on_mount`` with its children already gone, where a query raised ``NoMatches``."""
        self._binding_state: tuple[Role, GamePhase, int] | None = None
        self.show_numbers = False
        self._pass_armed = False
        self._awaiting_server = False
        self._undo_prompt = RequestPrompt(opponent_undo_request)
        self._adjourn_prompt = RequestPrompt(opponent_adjourn_request)
        self._result_prompt = ResultPrompt()
        self._result_grace = False
        self._finished_told = False
        self._over_seen = False
        """The game was seen over (a message about play is dropped once, then)."""
        self._redraw_due = False
        """Changes came while the view was in a hidden tab: it is drawn when next shown."""
        self._drawn = False
        game = self.game
        self._opened_over = game is not None and game.phase is GamePhase.FINISHED
        """Built for a game already over (a finished game's tab chosen again): no result pops
        up. Decided here, not at mount: a game that ends while its new view is being mounted
        (an opponent who resigns at once, on a busy machine) still shows its result."""

    @property
    def position_hint(self) -> str:
        """Where this game is among the panel's games (``game 2/3``), for the info header."""
        return self._position_hint

    @position_hint.setter
    def position_hint(self, hint: str) -> None:
        if hint != self._position_hint:
            self._position_hint = hint
            if self.is_mounted:
                self.redraw()

    def _side_panel(self) -> Widget:
        return self._side if self._side is not None else self.query_one("#game-side")

    @property
    def board(self) -> BoardWidget:
        return self._board if self._board is not None else self.query_one(BoardWidget)

    @property
    def may_go(self) -> bool:
        """The game is over and nothing is still to be shown about it (the result screen of
        an own game): the view can go and be built again from the model when needed."""
        game = self.game
        if game is None or game.phase is not GamePhase.FINISHED:
            return False
        return self._result_prompt.shown or game.role is Role.OBSERVING

    def release_caches(self) -> None:
        """The view went out of sight (another game's tab was chosen): let go of what was
        rendered for the screen, drawn again from the game when the tab is shown. Textual keeps
        each widget's painted lines, with several cached variants of each: about a megabyte
        per hidden view of a finished game, which would otherwise stay for as long as its tab."""
        self.refresh()
        for widget in self.walk_children():
            if isinstance(widget, ReleasesCaches):
                widget.release_caches()
            else:
                widget.refresh()

    def compose(self) -> ComposeResult:
        game = self.game
        # The board in a box of its own: Textual draws every widget whose container overlaps
        # what a frame repaints, so a board straight in the view was drawn again (all its
        # lines) with every new line of the panel beside it.
        self._board = BoardWidget(
            BoardPicture(game.size if game else 19), ascii_only=self._ascii_only
        )
        self._info = GameInfo(
            self._model.clock,
            banner=self._forfeit_text,
            passes_to_end=lambda: self._model.passes_to_end,
        )
        with BlankContainer(id="game-board"):
            yield self._board
        self._side = BlankVertical(id="game-side")
        with self._side:
            yield self._info
            yield GameChat(self._model, self._backend, self.number)

    def on_mount(self) -> None:
        if self._opened_over:
            self._result_prompt.shown = True  # opened on a finished game: no pop-up
        self.watch_model(self._model.hub, game_topic(self.number), self.game_changed)
        self.game_changed()
        self._fit_side()

    def action_player_card(self, side: str) -> None:
        """The card of a player of this game: the opponent in our own game, else Black
        (``i``) or White (``I``)."""
        game = self.game
        if game is None:
            return
        if game.role.color is not None:
            name = game.opponent
        else:
            name = game.white if side == "white" else game.black
        if name:
            self.post_message(PlayerCardRequested(name))

    def action_observers(self) -> None:
        """Who watches this game (``v``: viewers; the server is asked as the list opens)."""
        services(self.app).show_observers(self.number)

    def on_resize(self, _event: events.Resize) -> None:
        self._fit_side()

    def _fit_side(self) -> None:
        """Give the board the room of the largest layout that fits beside a side of at least
        :attr:`SIDE_MIN` cells, and the side the rest: a fixed share left a 19x19 board at
        160x48 beside a list in the compact layout with half the height empty.

        In a small terminal the side narrows down to :attr:`SIDE_NARROW` cells if that lets
        the board fit; failing that it is hidden, and the board takes the whole width: drawn
        if it fits there, else its "terminal too small" message across the whole width (not
        in the narrow column the side left it)."""
        width, height = self.size
        if not width or not height:
            return
        size = self.game.size if self.game is not None else 19
        side = side_width(
            size, width, height, least=self.SIDE_MIN, narrow=self.SIDE_NARROW, most=self.SIDE_MAX
        )
        fit_side_panel(self._side_panel(), side)

    def _forfeit_text(self) -> str:
        """The forfeit countdown while the link is down, in own games not yet over."""
        game = self.game
        if game is None or game.role.color is None or game.phase is GamePhase.FINISHED:
            return ""
        status = self._model.connection
        connected = status.state is LinkState.CONNECTED
        return forfeit_banner(status.forfeit_deadline, self._model.clock(), connected=connected)

    # model -> screen --------------------------------------------------------------------------
    def game_changed(self) -> None:
        """The game's topic fired: new moves, undo, clocks, phase, result, dead stones."""
        game = self.game
        if game is None:
            return
        self._awaiting_server = False
        if len(game.moves) != self.browse.total:
            # a new move (or an undo) makes an old warning or a half-confirmed pass stale
            taken_back = self.browse.total - len(game.moves)
            if -MOVES_RUNG <= taken_back < 0 and _opponent_moved(game):
                ring(self.app, "move")
            self.message = "" if self.browse.following else NOT_FOLLOWING
            if 0 < taken_back <= UNDO_REPORTED and self.browse.total:
                self.message = f"Undo: {taken_back} move{'s' if taken_back > 1 else ''} taken back"
            self._pass_armed = False
        if game.undo_declined_by and self.message.startswith("Undo requested"):
            self.message = f"{game.undo_declined_by} declined the undo"
        if game.phase is GamePhase.FINISHED and not self._over_seen:
            # "Done: waiting for the opponent", "Undo: ..." or a half-confirmed pass spoke of
            # play; under the result they read as if the game went on
            self._over_seen = True
            self.message = ""
            self._pass_armed = False
        self.browse.update_total(len(game.moves))
        if self.suggestion is not None and (
            game.phase is not GamePhase.SCORING or self.suggestion <= game.dead
        ):
            self.suggestion = None
        binding_state = (game.role, game.phase, game.size)  # size: is u a column?
        if binding_state != self._binding_state:
            # the footer is rebuilt on every refresh (tens of ms): only when offers change
            self._binding_state = binding_state
            self.refresh_bindings()
        label = tab_label(game)
        if label != self._label:
            self._label = label
            self.post_message(self.LabelChanged(self.number, label))
        if self._drawn and not is_shown(self):
            # Another game's tab is in front: its board, numbers and panel are built when it
            # is shown (observers of several busy games paid for every hidden board per frame).
            # The first drawing is never put off: it sizes the board, and so the layout.
            self._redraw_due = True
        else:
            self.redraw()
        self._prompt_if_needed(game)
        if not self._finished_told and self.may_go:
            self._finished_told = True
            self.post_message(self.Finished(self.number))

    def _prompt_if_needed(self, game: FollowedGame) -> None:
        """Open the undo answer or the result screen, each once per occurrence."""
        if self._undo_prompt.update(game):
            answer_undo_request(self.app, self._model, self._backend, self.number)
        if self._adjourn_prompt.update(game):
            answer_adjourn_request(self.app, self._model, self._backend, self.number)
        if self._result_prompt.update(game):
            ring(self.app, "game_end")
            show_result(self.app, game)
        elif (
            game.phase is GamePhase.FINISHED
            and self._result_prompt.waiting(game)
            and not self._result_grace
        ):
            self._result_grace = True  # one timer, however often the game redraws
            self.set_timer(RESULT_GRACE_SECONDS, self._result_grace_over)

    def _result_grace_over(self) -> None:
        game = self.game
        if game is not None and self._result_prompt.give_up_waiting():
            ring(self.app, "game_end")
            show_result(self.app, game)

    def on_show(self) -> None:
        if self._redraw_due:
            self.redraw()

    def redraw(self) -> None:
        game = self.game
        if game is None:
            return
        self._redraw_due = False
        self._drawn = True
        index = self.browse.index
        live = self.browse.at_live
        position = game.board if live else game.position_after(index)
        moves = game.moves
        last = moves[index - 1].point if 0 < index <= len(moves) else None
        numbers: dict[Point, int] = {}
        stones = position.stones()
        if self.show_numbers:
            for move in moves[:index]:
                if move.point is not None:
                    numbers[move.point] = move.number
            numbers = {p: n for p, n in numbers.items() if p in stones}
        overlay: BoardOverlay | None = None
        score = ""
        if live and (
            game.phase is GamePhase.SCORING or (game.dead and game.phase is GamePhase.FINISHED)
        ):
            preview = score_preview(game, position, self.suggestion or ())
            overlay, score = preview.overlay, preview.describe()
            if self.suggestion:
                score += " if the suggestion is accepted"
        elif (estimate := self.shown_estimate(game)) is not None:
            overlay, score = estimate.overlay, f"Estimate: {estimate.describe()}"
        self.follow_analysis(game, index)
        labels = candidate_labels(self.analysis.latest, stones) if self.analysis.on else {}
        resized = self.board.picture.size != game.size
        self.board.picture = BoardPicture(game.size, stones, last, numbers, overlay, labels)
        if resized:
            self._fit_side()
        (self._info if self._info is not None else self.query_one(GameInfo)).show(
            game,
            self.browse,
            captures=self._captures(game, position),
            hint=self._position_hint,
            observers=self._observers(game),
            message=self.message,
            score=score,
            analysis=self._analysis_lines(game, labels),
        )

    def _analysis_lines(self, game: FollowedGame, labels: dict[Point, str]) -> list[str]:
        """The analysis lines of the panel: winrate/score, candidates, the graph."""
        engine = self.analysis_engine
        if not self.analysis.on or engine is None:
            return []
        keys = game_line_keys(game, len(game.moves))
        graph, is_lead = self.analysis.history(keys)
        width = max(10, self._side_panel().size.width - 3)
        return summary_lines(
            engine.name, self.analysis, labels, game.size, graph, is_lead, width=width
        )

    def _observers(self, game: FollowedGame) -> int:
        """The followed game's count, or the game list's when only that one is known."""
        if game.observers:
            return game.observers
        summary = self._model.games.get(self.number)
        return summary.observers if summary is not None else 0

    def _captures(self, game: FollowedGame, position: Game) -> dict[Color, int]:
        """Server-reported captures at the live position if known, else our engine's count."""
        if self.browse.at_live and any(game.prisoners.values()):
            return dict(game.prisoners)
        return position.prisoners

    def check_action(self, action: str, parameters: tuple[object, ...]) -> bool | None:
        """Offer play actions only in our own games, engine help only with an engine.

        ctrl+e is bound twice: in the scoring phase of an own game it asks for dead stones,
        elsewhere for an estimate; the binding whose check fails passes the key on.
        """
        needs = self.CAPABILITY_OF_ACTION.get(action)
        if needs is not None and needs(self._backend.capabilities) is None:
            return False  # leave out what this backend cannot do
        game = self.game
        own = game is not None and game.role.color is not None
        if action == "pass_move":  # the footer offers each only in the phase it belongs to
            return own and game is not None and game.phase is GamePhase.PLAYING
        if action == "done_scoring":
            return own and game is not None and game.phase is GamePhase.SCORING
        if action == "load" and not own:  # any other board: the list of stored games
            return self._backend.capabilities.stored is not None
        if action in self.OWN_GAME_ACTIONS:
            return own
        if action in ("unobserve", "close_game"):
            if own and game is not None and game.phase in (GamePhase.PLAYING, GamePhase.SCORING):
                return False
            return action == "close_game" or not has_u_column(game)
        scoring = own and game is not None and game.phase is GamePhase.SCORING
        if action == "suggest_dead":
            return self.assist is not None and scoring
        if action == "estimate":  # by the engine if one is set, else without one
            return not scoring
        if action == "accept_suggestion":
            return bool(self.suggestion) and scoring
        if action == "toggle_analysis":
            return self.analysis_allowed()
        return True

    # browsing ---------------------------------------------------------------------------------
    def action_browse(self, delta: int) -> None:
        self.browse.step(delta)
        self._pass_armed = False
        self.show_message("")

    def action_first(self) -> None:
        self.browse.first()
        self.show_message("")

    def action_live(self) -> None:
        self.browse.live()
        self.show_message("")

    def action_toggle_follow(self) -> None:
        self.browse.toggle_follow()
        if self.browse.following:
            self.show_message("")
        else:  # say so: the board otherwise just stops moving
            self.show_message(NOT_FOLLOWING)

    def action_toggle_ascii(self) -> None:
        """Letters instead of circles, for terminals whose fonts lack the symbols."""
        self.board.ascii_only = not self.board.ascii_only

    def action_toggle_numbers(self) -> None:
        self.show_numbers = not self.show_numbers
        self.redraw()

    # intents ----------------------------------------------------------------------------------
    def action_close_game(self) -> None:
        self.action_unobserve()

    def action_unobserve(self) -> None:
        game = self.game
        if game is not None and game.role.color is not None and game.phase is GamePhase.PLAYING:
            self.show_message("You are playing this game: resign or adjourn it instead")
            return
        self._backend.close_game(self.number)
        self.post_message(self.Closed(self.number))

    def on_board_widget_point_selected(self, event: BoardWidget.PointSelected) -> None:
        event.stop()
        self._pass_armed = False
        game = self.game
        if game is None:
            return
        intent = selection_intent(
            game, event.point, at_live=self.browse.at_live, awaiting_server=self._awaiting_server
        )
        if isinstance(intent, Refuse):
            self.show_message(intent.message)
            self.board.show_note(intent.message)
        elif (playing := self._can(self._backend.capabilities.playing, "Playing")) is None:
            return
        elif isinstance(intent, SendRemoval):
            playing.remove_dead(self.number, intent.point)
            self.show_message("")
        elif isinstance(intent, SendMove):
            self._awaiting_server = True
            playing.play(self.number, intent.point)
            self.show_message("")

    def on_board_widget_pass_requested(self, event: BoardWidget.PassRequested) -> None:
        event.stop()
        self._pass_armed = True
        self.action_pass_move()

    def action_pass_move(self) -> None:
        game = self.game
        if game is None:
            return
        intent = pass_intent(game)
        if isinstance(intent, Refuse):
            self.show_message(intent.message)
            return
        if not self._pass_armed:
            self._pass_armed = True
            self.show_message("Pass? Press ctrl+g again to confirm")
            return
        self._pass_armed = False
        if (playing := self._can(self._backend.capabilities.playing, "Playing")) is not None:
            playing.play(self.number, None)
            self.show_message("")

    def action_done_scoring(self) -> None:
        game = self.game
        if game is None or game.role.color is None or game.phase is not GamePhase.SCORING:
            return
        if (playing := self._can(self._backend.capabilities.playing, "Scoring")) is not None:
            playing.done_scoring(self.number)
            self.show_message("Done: waiting for the opponent")
