"""Repaint requests of widgets that draw from their own line cache (Textual's Line API).

Textual keeps the lines it painted for each widget and paints again what ``refresh`` names.
Two habits waste most of a frame:

* refreshing a widget that is not on screen (a game in a hidden tab): each such refresh makes
  the compositor rebuild its map of every widget on the screen (about 1.5 ms at 160x48), once
  per move of every game in the background;
* asking for a region when everything is to be painted anyway.

:class:`RepaintGate` asks for one *whole* repaint when the widget is hidden, not laid out or
restyled, and then nothing more until the widget paints again: a whole repaint drops every line
Textual kept, so whatever changes before the next paint is drawn then, from the widget's state.
While the widget is on screen and painted, only the regions that changed are asked for.

A frame also paints, from Textual's line cache, every widget whose container overlaps the
changed lines: with a board, an info panel and a games list on screen that is some twenty
widgets, a third of them containers whose own cells are covered by their children. The
``Blank*`` containers (and the app's container widgets, which set ``BLANK`` too) tell
Textual so (:attr:`Widget.BLANK`): they are painted as blank lines of their background, without
the per-line styling, which saves about a millisecond per frame at 160x48. A widget with a
border, padding that shows, or content of its own must not be blank.
"""

from __future__ import annotations

from textual.containers import Container, Horizontal, Vertical
from textual.geometry import Region
from textual.widget import Widget

from igs_tui.ui.lists.table_util import is_shown

__all__ = [
    "BlankContainer",
    "BlankHorizontal",
    "BlankVertical",
    "RepaintGate",
    "is_shown",
    "paint_blank",
]


class BlankContainer(Container):
    """A :class:`Container` whose children cover it: painted as blank lines."""

    BLANK = True


class BlankHorizontal(Horizontal):
    """A :class:`Horizontal` whose children cover it: painted as blank lines."""

    BLANK = True


class BlankVertical(Vertical):
    """A :class:`Vertical` whose children cover it: painted as blank lines."""

    BLANK = True


def paint_blank(*widgets: Widget) -> None:
    """Paint widgets that Textual composes for us as blank lines, as the ``Blank*`` classes are.

    ``TabbedContent`` builds its tab bar (``ContentTabs``) and its ``ContentSwitcher`` itself,
    so their classes cannot be ours. The compositor paints every widget whose *clip* (its
    parent's area) meets a changed line, not only those whose own area does: a move on the
    board painted the switcher's 42 lines and the tab bar (~0.2 ms a frame at 160x48) although
    the pane and the tabs inside cover them. Only for widgets whose children cover them.
    """
    for widget in widgets:
        setattr(widget, "BLANK", True)  # noqa: B010 (a class variable, set on this instance)


class RepaintGate:
    """One widget's repaint requests; the widget calls :meth:`painted` from ``render_lines``."""

    __slots__ = ("_widget", "layouts", "regions", "whole_due", "wholes")

    def __init__(self, widget: Widget) -> None:
        self._widget = widget
        self.whole_due = False
        """A whole repaint was asked for and nothing was painted since: nothing more to ask."""
        self.regions = 0
        """Regions asked for (for tests and diagnostics, as the two counters below)."""
        self.wholes = 0
        self.layouts = 0

    def painted(self) -> None:
        """Textual painted (some of) the widget: from now on changes must be asked for."""
        self.whole_due = False

    def visible(self) -> bool:
        """Is the widget on screen with a size, so that a region of it can be repainted?"""
        return bool(self._widget.size.area) and is_shown(self._widget)

    def lines(self, *regions: Region) -> None:
        """Repaint ``regions`` (widget coordinates) — or everything once, if the widget is
        hidden or has no size."""
        if self.whole_due or not regions:
            return
        if not self.visible():
            self.whole()
            return
        self.regions += len(regions)
        self._widget.refresh(*regions)

    def whole(self) -> None:
        """Repaint everything at the next paint (asked for once until then)."""
        if self.whole_due:
            return
        self.whole_due = True
        self.wholes += 1
        self._widget.refresh()

    def layout(self) -> None:
        """The widget's size may change: lay the screen out again — unless it is hidden, when the
        layout that shows it measures it anyway and one whole repaint is enough."""
        if not is_shown(self._widget):
            self.whole()
            return
        self.whole_due = True
        self.layouts += 1
        self._widget.refresh(layout=True)
