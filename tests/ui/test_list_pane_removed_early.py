"""A list pane removed before its own mount handler ran: a refused login closes the main
screen while it is being built (seen in a clean-clone CI run as ``NoMatches '#games-table'``
from ``ListPane.on_mount``, which ended the app). The pane keeps its table from compose, so a
late ``on_mount`` sees that it was removed and neither draws nor subscribes."""

from __future__ import annotations

from textual.app import App, ComposeResult
from textual.containers import Vertical

from igs_tui.model import ClientModel, GameSummary, Player
from igs_tui.model import changes as ch
from igs_tui.ui.chat.chat_pane import ChatPane
from igs_tui.ui.lists.games_list import GamesList
from igs_tui.ui.lists.list_pane import ListPane
from igs_tui.ui.lists.players_list import PlayersList
from igs_tui.ui.lists.virtual_table import VirtualTable
from tests.ui.fakes import RecordingBackend


class Host(App[None]):
    def compose(self) -> ComposeResult:
        yield Vertical(id="host")


async def test_on_mount_of_a_list_whose_children_are_gone_draws_without_a_query() -> None:
    model = ClientModel()
    model.apply(ch.GamesListed((GameSummary(7, "w", "1d", "b", "2d", moves=12, size=19),)))
    model.replace_players([Player("ann", "3k"), Player("bob", "2k")])
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        panes: list[ListPane] = [
            GamesList(model, RecordingBackend(), id="games-list"),
            PlayersList(model, RecordingBackend(), id="players-list"),
        ]
        for pane in panes:
            await app.query_one("#host").mount(pane)
            table = pane.table
            # its children go first, as when the pane is removed with its mount still queued
            await pane.query_one(VirtualTable).remove()
            await pane.remove_children()
            assert not list(pane.query(VirtualTable))
            listeners = sum(map(len, model.hub._listeners.values()))
            pane.on_mount()  # what the late Mount handler runs: no NoMatches
            assert pane.table is table
            assert sum(map(len, model.hub._listeners.values())) == listeners  # nor watches
        await pilot.pause()


async def test_on_mount_of_a_chat_pane_whose_children_are_gone_does_nothing() -> None:
    """The chat pane likewise (its mount handler showed a conversation by querying its title)."""
    model = ClientModel()
    app = Host()
    async with app.run_test(size=(100, 30)) as pilot:
        pane = ChatPane(model, RecordingBackend(), id="chat-pane")
        await app.query_one("#host").mount(pane)
        await pane.remove_children()
        listeners = sum(map(len, model.hub._listeners.values()))
        pane.on_mount()  # what the late Mount handler runs: no NoMatches
        assert sum(map(len, model.hub._listeners.values())) == listeners
        await pilot.pause()
