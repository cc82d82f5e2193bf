"""An app whose screens paint what was asked of them during one of Textual's update batches.

Textual holds back layout and repaint while an update batch is open (``App.batch_update``: a
widget recomposing, such as a dialog's footer building its keys right after the dialog is
pushed, or screens being popped). A screen whose messages run out during the batch skips its
update, and it is not told when the batch ends: ``App._end_batch`` wakes the app's own message
pump, not the screens (Textual 8.2). The screen on top is usually woken soon by the widgets
that batched; a screen behind a dialog is not, and what it was asked to lay out or repaint
waits for its next message, which may never come. A game's info panel built its result lines
in the frame after the result dialog came up, during the dialog's footer recompose, and the
panel behind the dialog kept showing "Scoring: select dead stones" and the count, although its
lines said "Result: W+14.5".

:class:`BatchSafeApp` wakes every screen on view when the last batch closes: a screen with
nothing to do ignores the prompt; one that skipped its update does it now.
"""

from __future__ import annotations

from typing import TypeVar

from textual.app import App

__all__ = ["BatchSafeApp"]

ReturnT = TypeVar("ReturnT")


class BatchSafeApp(App[ReturnT]):
    """An :class:`App` that wakes its visible screens when an update batch closes."""

    def _end_batch(self) -> None:
        super()._end_batch()
        if self._batch_count:
            return
        try:
            screens = self.screen_stack
        except KeyError:  # no screen yet (the batch that composes the first one failed)
            return
        for screen in screens:
            if screen.is_current:  # on top, or seen through the dialogs above it
                screen.check_idle()
