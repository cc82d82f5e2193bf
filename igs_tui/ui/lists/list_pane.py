"""What the games list and the user list have in common: a pane over a listing the server
keeps (games, players), shown as a filter bar above a :class:`VirtualTable`.

The base keeps the parts that must behave the same in both: the list is drawn only while it
is shown (a hidden pane marks itself dirty), it asks the server again when stale
(:class:`ListRefresher`), ctrl+r asks at once, ``/`` goes to the filter, enter in the filter
goes to the table, and choosing the sort key again flips the direction. Each list says what it
watches, how it draws its rows and what it asks the server for.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import ClassVar

from textual.widgets import Input

from igs_tui.backends.capabilities import Backend, Listing
from igs_tui.model import ClientModel
from igs_tui.ui.capability import need
from igs_tui.ui.lists.list_refresh import CHECK_SECONDS, ListRefresher
from igs_tui.ui.lists.table_util import is_shown
from igs_tui.ui.lists.virtual_table import VirtualTable
from igs_tui.ui.model_bridge import ModelWatcher


class ListPane(ModelWatcher):
    """A filter bar over the table of one server listing; see the module docstring."""

    TABLE_ID: ClassVar[str]
    """The table's id (``games-table``)."""
    FILTER_ID: ClassVar[str]
    """The id of the filter field ``/`` focuses."""
    LISTING: ClassVar[str]
    """What the list is called in a refusal ("The game list: not available...")."""
    DEFAULT_SORT: ClassVar[str]

    def __init__(self, model: ClientModel, backend: Backend, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.model = model
        self.backend = backend
        self.refresher = ListRefresher(model.clock, self.ask_listing, backend)
        """Asks the server again for a stale list (made here: the screen may show the pane
        before it is mounted)."""
        self.sort_key = self.DEFAULT_SORT
        self.descending = False
        self._dirty = True
        self._table: VirtualTable | None = None

    # what each list says ------------------------------------------------------------------------
    def ask_listing(self, listing: Listing) -> None:
        """Ask the server for the whole listing again."""
        raise NotImplementedError

    def descending_first(self, key: str) -> bool:
        """Whether sorting by ``key`` starts from the top (the strongest, the busiest)."""
        raise NotImplementedError

    def watch_listing(self) -> None:
        """Subscribe to the model's changes of the listing (on mount)."""
        raise NotImplementedError

    def rebuild(self) -> None:
        """Filter, sort and draw the whole list again."""
        raise NotImplementedError

    # the same in both ---------------------------------------------------------------------------
    def make_table(self, columns: Sequence[tuple[str, int]]) -> VirtualTable:
        """The pane's table, made in ``compose`` and kept: it tells a late mount handler that
        the pane was removed before it ran (a refused login closes the screen being built),
        where a query of the removed children found nothing and ended the app."""
        self._table = VirtualTable(columns, id=self.TABLE_ID)
        return self._table

    @property
    def table(self) -> VirtualTable:
        if self._table is None:
            self._table = self.query_one(f"#{self.TABLE_ID}", VirtualTable)
        return self._table

    def on_mount(self) -> None:
        if self._table is not None and not self._table.is_attached:
            return  # removed before this ran (its children go first): nothing to draw or watch
        self.watch_listing()
        self.rebuild()
        self.set_interval(CHECK_SECONDS, lambda: self.refresher.tick(is_shown(self)))

    def refresh_if_dirty(self) -> None:
        """Called by the screen when the pane becomes visible: a stale list is asked for
        again (here, not on Textual's Show event, which a busy app was seen to post too late
        or not at all for a pane switched to at once), and drawn if it changed."""
        self.refresher.shown()
        if self._dirty:
            self.rebuild()

    def action_sort(self, key: str) -> None:
        """Sort by ``key``; choosing the current key again flips the direction."""
        if key == self.sort_key:
            self.descending = not self.descending
        else:
            self.sort_key = key
            self.descending = self.descending_first(key)
        self.rebuild()

    def action_focus_filter(self) -> None:
        self.query_one(f"#{self.FILTER_ID}", Input).focus()

    def action_refresh_list(self) -> None:
        listing = need(self, self.backend, self.backend.capabilities.listing, self.LISTING)
        if listing is not None:
            self.ask_listing(listing)
            self.refresher.asked()
