"""Reviewing a game record (SGF or Ishi): browse the main line and its variations, read the
comments, save the record in either format.

The screen draws what a :class:`~igs_tui.records.cursor.RecordCursor` describes; all the
walking through the tree is the cursor's. The board is the game view's
:class:`~igs_tui.ui.board.board_widget.BoardWidget`, shown without focus (the arrows browse here);
the side shows the players from the record's header, the move number and last move, captures,
the next-move variations and the node's comment. A record is someone else's file: every text
from it is cleaned and shown as plain :class:`Content`, never markup.

Keys: ←/→ (or ``,``/``.``) one move, PageUp/PageDown ten, Home/End, ``g`` go to a move
number, ↑/↓ choose the next move's variation, ``[``/``]`` the other variations of the current
move, ``<``/``>`` the previous/next game of a file with several, ctrl+s save as (SGF/Ishi),
ctrl+o open another record, alt+a live engine analysis on/off (with ``--engine``: candidate
letters on the board, winrate/score and a graph of the line beside it), ctrl+e an estimate of
the score without an engine (territory and dead stones shaded), Escape/``q`` close (asking
again when edits are not saved). ``e`` edits the record (see :mod:`igs_tui.ui.review.review_edit`).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import ClassVar

from textual import events
from textual.app import ComposeResult
from textual.binding import Binding, BindingType
from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.containers import Horizontal, Vertical, VerticalScroll
from textual.content import Content
from textual.widgets import Footer, Static

from igs_tui.go import Color, Point
from igs_tui.model.analysis import AnalysisPosition, AnalysisState
from igs_tui.records import Collection
from igs_tui.records.cursor import RecordCursor
from igs_tui.records.marks import ShownMark
from igs_tui.records.model import MarkKind
from igs_tui.records.replay import replay_path
from igs_tui.ui.board.board_layout import side_width
from igs_tui.ui.board.board_render import BoardPicture, PointMark
from igs_tui.ui.board.board_widget import BoardWidget, fit_side_panel
from igs_tui.ui.game.analysis_view import (
    candidate_labels,
    review_keys,
    review_position,
    summary_lines,
)
from igs_tui.ui.game.game_prompts import InputPrompt
from igs_tui.ui.game.game_scoring import ScorePreview, estimate_preview
from igs_tui.ui.game.live_analysis import LiveAnalysis
from igs_tui.ui.review.review_edit import TOOLS, ReviewEditing
from igs_tui.ui.review.review_open import ask_record, ask_save_record, shown_path
from igs_tui.ui.review.review_text import choice_lines, header_lines, position_lines
from igs_tui.ui.safe_text import clean
from igs_tui.ui.styles import stylesheet

__all__ = ["ReviewCommands", "ReviewScreen"]

PAGE = 10
"""Moves skipped by PageUp/PageDown."""


def board_marks(marks: dict[Point, ShownMark]) -> dict[Point, PointMark]:
    """A node's marks as the board draws them: shapes by name, labels and move numbers as
    text (cleaned: a record is a stranger's file)."""
    drawn: dict[Point, PointMark] = {}
    for point, mark in marks.items():
        if mark.kind in (MarkKind.LABEL, MarkKind.NUMBER):
            drawn[point] = PointMark(text=clean(mark.text))
        else:
            drawn[point] = PointMark(shape=mark.kind.value)
    return drawn


class ReviewCommands(Provider):
    """The review's actions in the command palette (ctrl+p) while a record is shown."""

    def _commands(self) -> list[tuple[str, Callable[[], object], str]]:
        screen = self.screen
        if not isinstance(screen, ReviewScreen):
            return []
        analysis = []
        if screen.analysis_engine is not None:
            analysis = [
                (
                    "Analysis on/off",
                    screen.action_toggle_analysis,
                    "the engine's best moves and score for the position shown (alt+a)",
                )
            ]
        editing: list[tuple[str, Callable[[], object], str]] = [
            ("Edit mode on/off", screen.action_edit, "add moves, stones, marks (e; Esc ends)"),
            ("Undo edit", screen.action_undo_edit, "take back the last edit (ctrl+z)"),
            (
                "Delete this move and what follows",
                screen.action_delete_branch,
                "remove the branch from here (Delete)",
            ),
            ("Edit comment…", screen.action_edit_comment, "the comment of this move (ctrl+k)"),
            ("Game info…", screen.action_edit_info, "players, komi, result, date (ctrl+g)"),
            ("Make this the main line", screen.action_promote, "move this variation first"),
            ("Label with text…", screen.action_label_text, "at the board cursor (edit mode)"),
            ("Add a pass", screen.action_add_pass, "a pass after this move (edit)"),
            *[
                (f"Edit tool: {tool.name}", partial(screen.action_tool, key), f"key {key}")
                for key, tool in TOOLS.items()
            ],
        ]
        return [
            *analysis,
            ("Estimate score", screen.action_estimate, "without an engine (ctrl+e)"),
            *editing,
            ("Open record…", screen.action_open_record, "review another SGF or Ishi file"),
            ("Save record as…", screen.action_save_as, "write it as SGF (.sgf) or Ishi (.go)"),
            ("Go to move…", screen.action_go_to_move, "jump to a move number on this line"),
            ("Close review", screen.action_close, "leave the record"),
        ]

    async def discover(self) -> Hits:
        for text, command, help_ in self._commands():
            yield DiscoveryHit(text, command, text=text, help=help_)

    async def search(self, query: str) -> Hits:
        matcher = self.matcher(query)
        for text, command, help_ in self._commands():
            if (score := matcher.match(text)) > 0:
                yield Hit(score, matcher.highlight(text), command, text, help_)


class ReviewScreen(LiveAnalysis, ReviewEditing):
    """One record file: game ``game`` of ``collection``, read from ``path``."""

    DEFAULT_CSS = stylesheet(__file__, "review_screen.tcss")
    SIDE_MIN = 30
    SIDE_NARROW = 20
    SIDE_MAX = 70

    COMMANDS: ClassVar = {ReviewCommands}
    BINDINGS: ClassVar[list[BindingType]] = [
        Binding("left,comma", "back(1)", "Back"),
        Binding("right,full_stop", "forward(1)", "Fwd"),
        Binding("pageup", "back(10)", "Back 10", show=False),
        Binding("pagedown", "forward(10)", "Fwd 10", show=False),
        Binding("home", "first", "Start", show=False),
        Binding("end", "last", "End", show=False),
        Binding("up,alt+up", "choose(-1)", "Prev variation", show=False),
        Binding("down,alt+down", "choose(1)", "Next variation", show=False),
        Binding(
            "left_square_bracket", "sibling(-1)", "Other variation of this move (prev)", show=False
        ),
        Binding(
            "right_square_bracket", "sibling(1)", "Other variation of this move (next)", show=False
        ),
        Binding("g", "go_to_move", "Go to move"),
        Binding("less_than_sign", "game(-1)", "Previous game in the file", show=False),
        Binding("greater_than_sign", "game(1)", "Next game in the file", show=False),
        Binding("ctrl+s", "save_as", "Save as", show=False),  # F1 and the palette (room for alt+a)
        Binding("alt+a", "toggle_analysis", "Analysis"),  # in the footer, F1 and the palette
        Binding("ctrl+o", "open_record", "Open record", show=False),
        Binding("ctrl+t", "toggle_ascii", "ASCII stones and marks", show=False),
        Binding("ctrl+e", "estimate", "Estimate score (no engine needed)", show=False),
        Binding("e", "edit", "Edit the record", show=False),  # the side panel says so
        *[
            Binding(key, f"tool('{key}')", f"Edit tool: {tool.name}", show=False)
            for key, tool in TOOLS.items()
        ],
        Binding("ctrl+z", "undo_edit", "Undo edit", show=False),
        Binding("delete", "delete_branch", "Delete this move and what follows", show=False),
        Binding("ctrl+k", "edit_comment", "Edit comment", show=False),
        Binding("ctrl+g", "edit_info", "Game info", show=False),
        Binding("escape,q", "close", "Close"),
    ]

    def __init__(
        self,
        collection: Collection,
        path: Path | None = None,
        *,
        title: str | None = None,
        save_name: str | None = None,
    ) -> None:
        """``title`` names a record that has no file (a copy of a followed game) and
        ``save_name`` is the file name first offered to save it."""
        super().__init__()
        self._save_name = save_name
        self.collection = collection
        self.path = path
        self.title_text = title
        self.game = 0
        self.cursor = RecordCursor(collection[0])
        self.message = ""
        self.analysis = AnalysisState()
        self._estimate: tuple[object, ScorePreview] | None = None
        """The engine-free estimate (ctrl+e) and the node it was made at, until it changes."""
        self._close_asked = False
        self._open_asked = False
        """Closing, or opening another file, was asked once with edits unsaved."""

    # building ---------------------------------------------------------------------------------
    def compose(self) -> ComposeResult:
        with Horizontal(id="review-body"):
            board = BoardWidget(BoardPicture(self.cursor.record.size))
            board.can_focus = False  # the arrows browse the record, not a board cursor
            yield board
            with Vertical(id="review-side"):
                yield Static(id="review-header")
                yield Static(id="review-position")
                yield Static(id="review-choices")
                yield Static(id="review-analysis")
                with VerticalScroll(id="review-comment-box", can_focus=False):
                    yield Static(id="review-comment")
                yield Static(id="review-edit")
                yield Static(id="review-status")
        yield Footer()

    def on_mount(self) -> None:
        self.redraw()

    def on_resize(self, _event: events.Resize) -> None:
        self._fit_side()

    def _fit_side(self) -> None:
        """The board gets the largest layout that fits beside a side of at least
        :attr:`SIDE_MIN` cells; the side gets the rest, and in a small terminal narrows to
        :attr:`SIDE_NARROW` or makes way for the board (as in the game view)."""
        width, height = self.size
        if not width or not height:
            return
        side = side_width(
            self.cursor.record.size,
            width,
            height - 1,  # the footer
            least=self.SIDE_MIN,
            narrow=self.SIDE_NARROW,
            most=self.SIDE_MAX,
        )
        fit_side_panel(self.query_one("#review-side"), side)

    # drawing ----------------------------------------------------------------------------------
    @property
    def board(self) -> BoardWidget:
        return self.query_one(BoardWidget)

    def _text(self, selector: str) -> Static:
        return self.query_one(selector, Static)

    def redraw(self) -> None:
        """Show the cursor's position: board, header, move, variations, comment, status."""
        record = self.cursor.record
        position = self.cursor.position()
        last = position.last_move
        self._follow_analysis(position.stones)
        labels = candidate_labels(self.analysis.latest, position.stones) if self.analysis.on else {}
        estimate = self._shown_estimate()
        self.board.picture = BoardPicture(
            record.size,
            position.stones,
            last.point if last is not None else None,
            overlay=None if estimate is None else estimate.overlay,
            labels=labels,
            marks=board_marks(position.marks),
        )
        self._show_analysis(labels)
        header = header_lines(record.info, record.size)
        if self.path is not None:
            name = clean(self.path.name, max_length=30)
        else:
            name = clean(self.title_text or "record", max_length=30)
        games = len(self.collection)
        header.insert(0, f"{name}  game {self.game + 1}/{games}" if games > 1 else name)
        self._text("#review-header").update(Content("\n".join(header)))
        self._text("#review-position").update(Content("\n".join(position_lines(position))))
        choices = choice_lines(position.choices, position.selected, record.size)
        self._text("#review-choices").update(Content("\n".join(choices)))
        self._text("#review-choices").display = bool(choices)
        comment = clean(position.comment, keep_newlines=True)
        self._text("#review-comment").update(Content(comment or "(no comment)"))
        self.query_one("#review-comment-box").scroll_home(animate=False)
        edit = self.edit_lines()
        box = self._text("#review-edit")
        box.update(Content("\n".join(edit)))
        box.set_class(not (self.editing or self.unsaved), "-hint")
        self._text("#review-status").update(Content(self.message))

    # estimate ---------------------------------------------------------------------------------
    def _shown_estimate(self) -> ScorePreview | None:
        """The estimate made at the node shown, unless the record changed since."""
        if self._estimate is None:
            return None
        key, preview = self._estimate
        if key != self._estimate_key():
            self._estimate = None
            return None
        return preview

    def _estimate_key(self) -> object:
        return (self.game, id(self.cursor.node), self.editor.version)

    def action_estimate(self) -> None:
        """Estimate the score of the position shown without an engine and shade it."""
        position = self.cursor.position()
        if position.error:
            self.show_message("No estimate: the position here is broken")
            return
        game = replay_path(self.cursor.record, self.cursor.path)
        preview = estimate_preview(game, self.komi)
        self._estimate = (self._estimate_key(), preview)
        dead = len(preview.score.dead)
        self.message = f"Estimate (no engine): {preview.describe()}" + (
            f", {dead} dead" if dead else ""
        )
        self.redraw()

    def action_toggle_ascii(self) -> None:
        """Letters instead of circles and shapes, for terminals whose fonts lack the symbols
        (as ctrl+t in a game)."""
        self.board.ascii_only = not self.board.ascii_only

    # analysis ---------------------------------------------------------------------------------
    @property
    def komi(self) -> float:
        komi = self.cursor.record.info.komi
        return komi if komi is not None else 0.0

    def action_toggle_analysis(self) -> None:
        if self.analysis.on:
            self.stop_analysis()
            self.message = "Analysis off"
        elif self.analysis_engine is None:
            self.message = "No engine for analysis: start with --engine CMD"
        else:
            self.analysis.on = True
            self.message = ""
        self.redraw()

    def _follow_analysis(self, stones: dict[Point, Color]) -> None:
        if not self.analysis.on or self.analysis_engine is None:
            return
        self.analyse(review_position(self.cursor.record, self.cursor.path, stones, self.komi))

    def analysis_came(self) -> None:
        """New analysis for the position shown: letters and side lines only (a whole
        redraw would scroll the comment back to its top at every engine report)."""
        picture = self.board.picture
        labels = candidate_labels(self.analysis.latest, picture.stones) if self.analysis.on else {}
        self.board.picture = replace(picture, labels=labels)
        self._show_analysis(labels)

    def unanalysed_position(self) -> AnalysisPosition | None:
        """The line's nearest position the graph lacks (as in the game view). Lines with
        stones taken away (``AE``) are not filled: their positions cannot be told as moves
        without replaying the record."""
        record, line = self.cursor.record, self.cursor.line
        if any(node.add_empty for node in line):
            return None
        index = self.analysis.next_gap(review_keys(record, line, self.komi), self.cursor.index)
        return None if index is None else review_position(record, line[: index + 1], {}, self.komi)

    def _show_analysis(self, labels: dict[Point, str]) -> None:
        box = self._text("#review-analysis")
        engine = self.analysis_engine
        if not self.analysis.on or engine is None:
            box.display = False
            return
        graph, is_lead = self.analysis.history(
            review_keys(self.cursor.record, self.cursor.line, self.komi)
        )
        width = max(10, self.query_one("#review-side").size.width - 2)
        lines = summary_lines(
            engine.name,
            self.analysis,
            labels,
            self.cursor.record.size,
            graph,
            is_lead,
            width=width,
        )
        box.display = True
        box.update(Content("\n".join(clean(line, max_length=300) for line in lines)))

    def show_message(self, message: str) -> None:
        self.message = message
        self._text("#review-status").update(Content(message))

    def _moved(self, moved: bool, refusal: str = "") -> None:
        self.message = "" if moved else refusal
        self.redraw()

    # keys -------------------------------------------------------------------------------------
    def action_back(self, steps: int) -> None:
        self._moved(self.cursor.back(steps), "At the start")

    def action_forward(self, steps: int) -> None:
        self._moved(self.cursor.forward(steps), "At the end of this line")

    def action_first(self) -> None:
        self.cursor.first()
        self._moved(True)

    def action_last(self) -> None:
        self.cursor.last()
        self._moved(True)

    def action_choose(self, delta: int) -> None:
        self._moved(self.cursor.cycle_next(delta), "No variations at the next move")

    def action_sibling(self, delta: int) -> None:
        self._moved(self.cursor.switch_sibling(delta), "No other variation of this move")

    def action_game(self, delta: int) -> None:
        count = len(self.collection)
        if count < 2:
            self.show_message("This file holds one game")
            return
        self.show_game((self.game + delta) % count)

    def show_game(self, index: int) -> None:
        """Show game ``index`` of the file from its start (where it was left if edited)."""
        self.game = index
        self.cursor = self.cursor_for(index, RecordCursor(self.collection[index]))
        self.message = ""
        self._fit_side()
        self.redraw()

    def load(self, path: Path, collection: Collection) -> None:
        """Show another record file in this screen."""
        self.path, self.collection = path, collection
        self.forget_edits()
        self._close_asked = self._open_asked = False
        self.show_game(0)

    def action_go_to_move(self) -> None:
        last = self.cursor.position().last_number

        def check(text: str) -> str | None:
            value = text.strip()
            if not (value.isascii() and value.isdigit() and len(value) <= 6):
                return f"Type a move number from 0 to {last}"
            return None

        def done(text: str | None) -> None:
            if text is not None:
                reached = self.cursor.go_to_move(int(text.strip()))
                self.message = "" if reached == int(text.strip()) else f"Moved to {reached}"
                self.redraw()

        prompt = InputPrompt(f"Go to move (0-{last})", "", check, id="go-to-move")
        self.app.push_screen(prompt, done)

    def action_save_as(self) -> None:
        def saved(path: str) -> None:
            self.edits_saved()
            self._close_asked = False
            self.redraw()
            self.show_message(f"Saved to {shown_path(Path(path), 40)}")

        ask_save_record(self.app, self.collection, self.path, saved, name=self.save_name)

    @property
    def save_name(self) -> str | None:
        """The name offered when saving a record that has no file (a followed game's copy)."""
        return self._save_name

    def action_open_record(self) -> None:
        """Open another record here, asking once more if this one's edits are unsaved."""
        if self.unsaved and not self._open_asked:
            self._open_asked = True
            self.show_message("Edits are not saved: ctrl+s saves, ctrl+o again drops them")
            return
        self._open_asked = False
        ask_record(self.app, self.load)

    def action_close(self) -> None:
        """Leave edit mode; else close the review, asking once more if edits are unsaved."""
        if self.editing:
            self.set_editing(False)
            return
        if self.unsaved and not self._close_asked:
            self._close_asked = True
            self.show_message("Edits are not saved: ctrl+s saves, Esc again closes without")
            return
        self.dismiss(None)


def review_section() -> tuple[str, Iterable[BindingType]]:
    """Help for the record review ("Open record…" in the palette, or ``igs-tui review FILE``)."""
    opening = Binding("ctrl+p", "palette", "Open record… (palette): review an SGF/Ishi file")
    return ("Record review", [opening, *ReviewScreen.BINDINGS])
