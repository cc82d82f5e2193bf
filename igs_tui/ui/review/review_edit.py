"""Record editing in the review: the edit mode, its tools, and the keys that edit.

The screen stays thin: every change to the record is made by the pure
:class:`~igs_tui.records.edit.RecordEditor`, which also refuses what cannot be done and
undoes; this base class of :class:`~igs_tui.ui.review.review_screen.ReviewScreen` only turns keys
and board clicks into its calls and shows what it answered.

In edit mode the board takes the focus: the arrows (or ``hjkl``) move its cursor, Enter,
space or a click applies the tool, a typed coordinate (``d4``) too, and ``pass`` + Enter adds
a pass. Digits choose the tool (``1`` moves, ``2``/``3`` black/white setup stones, ``4`` an
emptied point, ``5``-``8`` triangle, square, circle, cross, ``9`` a letter label); a digit also
enters edit mode. ``,``/``.`` and ``[``/``]``, alt+↑/↓ still browse. Escape leaves edit mode.
Anywhere in the review: ctrl+z undoes an edit, Delete removes the current move and what
follows, ctrl+k edits the comment, ctrl+g the game info.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING

from textual.screen import Screen

from igs_tui.go import Color, Point, format_point
from igs_tui.records.cursor import RecordCursor
from igs_tui.records.edit import EditRefused, RecordEditor
from igs_tui.records.model import MarkKind
from igs_tui.ui.review.review_edit_dialogs import CommentEditor, GameInfoEditor, info_values
from igs_tui.ui.safe_text import clean

if TYPE_CHECKING:
    from igs_tui.ui.board.board_widget import BoardWidget

__all__ = ["TOOLS", "ReviewEditing", "Tool", "apply_tool"]


@dataclass(frozen=True)
class Tool:
    """What Enter or a click on a point does in edit mode."""

    key: str
    name: str
    colour: Color | None = None
    shape: MarkKind | None = None


TOOLS: dict[str, Tool] = {
    tool.key: tool
    for tool in (
        Tool("1", "moves"),
        Tool("2", "black stones (setup)", colour=Color.BLACK),
        Tool("3", "white stones (setup)", colour=Color.WHITE),
        Tool("4", "empty points (setup)"),
        Tool("5", "triangles", shape=MarkKind.TRIANGLE),
        Tool("6", "squares", shape=MarkKind.SQUARE),
        Tool("7", "circles", shape=MarkKind.CIRCLE),
        Tool("8", "crosses", shape=MarkKind.CROSS),
        Tool("9", "labels", shape=MarkKind.LABEL),
    )
}


def apply_tool(editor: RecordEditor, tool: Tool, point: Point) -> str:
    """Apply ``tool`` at ``point``; what happened, for the status line (raises
    :class:`EditRefused`)."""
    if tool.key == "1":
        return editor.play(point)
    if tool.shape is MarkKind.LABEL:
        return editor.toggle_label(point)
    if tool.shape is not None:
        return editor.toggle_mark(point, tool.shape)
    return editor.place(point, tool.colour)


class ReviewEditing(Screen[None]):
    """The editing half of the review screen (see the module docstring)."""

    def __init__(self) -> None:
        super().__init__()
        self.editing = False
        self.tool = TOOLS["1"]
        self._editors: dict[int, RecordEditor] = {}

    # provided by the review screen ------------------------------------------------------------
    cursor: RecordCursor
    game: int

    @property
    def board(self) -> BoardWidget:
        raise NotImplementedError

    def redraw(self) -> None:
        raise NotImplementedError

    def show_message(self, message: str) -> None:
        raise NotImplementedError

    # the editor of the game shown -------------------------------------------------------------
    @property
    def editor(self) -> RecordEditor:
        editor = self._editors.get(self.game)
        if editor is None or editor.cursor is not self.cursor:
            editor = RecordEditor(self.cursor)
            self._editors[self.game] = editor
        return editor

    def cursor_for(self, game: int, fresh: RecordCursor) -> RecordCursor:
        """The cursor to show game ``game`` with: where it was left if it was edited (its
        undo history lives on), else ``fresh``."""
        editor = self._editors.get(game)
        if editor is not None and editor.changed:
            return editor.cursor
        return fresh

    def forget_edits(self) -> None:
        """Another file is shown: the editors of the old one go."""
        self._editors.clear()

    @property
    def unsaved(self) -> bool:
        return any(editor.changed for editor in self._editors.values())

    def edits_saved(self) -> None:
        for editor in self._editors.values():
            editor.saved()

    def edit_lines(self) -> list[str]:
        """The side panel's edit line: the mode and tool, and whether edits are unsaved."""
        lines = []
        if not self.editing and not self.unsaved:
            lines.append("e: edit (moves, stones, marks)")
        if self.editing:
            lines.append("EDIT MODE (Esc ends it)")
            lines.append(f"Tool {self.tool.key}: {self.tool.name} (1-9)")
        if self.unsaved:
            lines.append("Edited: not saved yet (ctrl+s)")
        return lines

    def _edited(self, edit: str) -> None:
        self.redraw()
        self.show_message(edit)

    def _try(self, edit: Callable[[], str]) -> None:
        """Run an editor call and show its answer or its refusal."""
        try:
            message = edit()
        except EditRefused as exc:
            self.show_message(clean(str(exc), max_length=120))
            return
        self._edited(message)

    # the mode ---------------------------------------------------------------------------------
    def action_edit(self) -> None:
        """Enter edit mode (the board takes the focus), or leave it."""
        self.set_editing(not self.editing)

    def set_editing(self, on: bool) -> None:
        self.editing = on
        board = self.board
        board.can_focus = on
        if on:
            board.focus()
        elif board.has_focus:
            self.set_focus(None)
        self.redraw()
        self.show_message(
            "Edit mode: Enter or a click applies the tool; ctrl+z undoes" if on else ""
        )

    def action_tool(self, key: str) -> None:
        self.tool = TOOLS[key]
        if not self.editing:
            self.set_editing(True)
        self.redraw()
        self.show_message(f"Tool: {self.tool.name}")

    # board input ------------------------------------------------------------------------------
    def on_board_widget_point_selected(self, event: BoardWidget.PointSelected) -> None:
        event.stop()
        if not self.editing:
            return
        self._try(lambda: apply_tool(self.editor, self.tool, event.point))

    def on_board_widget_pass_requested(self, event: BoardWidget.PassRequested) -> None:
        event.stop()
        if self.editing:
            self.action_add_pass()

    def action_add_pass(self) -> None:
        self._try(lambda: self.editor.play(None))

    # edits from keys --------------------------------------------------------------------------
    def action_undo_edit(self) -> None:
        self._try(self.editor.undo)

    def action_delete_branch(self) -> None:
        self._try(self.editor.delete_branch)

    def action_promote(self) -> None:
        self._try(self.editor.promote)

    def action_label_text(self) -> None:
        """Label the board cursor's point with typed text (the ``9`` tool hands out letters)."""
        from igs_tui.ui.game.game_prompts import InputPrompt

        point = self.board.cursor

        def check(text: str) -> str | None:
            if not text.split():
                return "Type the label (a few characters)"
            return None

        def done(text: str | None) -> None:
            if text is not None:
                self._try(lambda: self.editor.toggle_label(point, text[:8]))

        where = format_point(point, self.cursor.record.size)
        self.app.push_screen(InputPrompt(f"Label for {where}:", "", check, id="label-prompt"), done)

    def action_edit_comment(self) -> None:
        node = self.cursor.node
        number = self.cursor.move_number
        where = "the start" if self.cursor.at_start else f"move {number}"

        def done(text: str | None) -> None:
            if text is not None:
                self._try(lambda: self.editor.set_comment(text))

        self.app.push_screen(CommentEditor(node.comment, where), done)

    def action_edit_info(self) -> None:
        record = self.cursor.record
        shown = {name: clean(value) for name, value in info_values(record.info).items()}

        def check(values: dict[str, str]) -> str | None:
            changed = {name: v for name, v in values.items() if v != shown.get(name)}
            try:
                self.editor.set_info(changed)
            except EditRefused as exc:
                return str(exc)
            return None

        def done(values: dict[str, str] | None) -> None:
            if values is not None:
                self._edited("Game info saved")

        self.app.push_screen(GameInfoEditor(shown, check), done)
