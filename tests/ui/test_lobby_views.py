"""Automatch, stored games, rooms and the free/teaching choice in the match dialog (#14).
The backend is a recording fake; the server's answers are applied to the model."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from textual.binding import Binding
from textual.pilot import Pilot
from textual.widgets import Select, Static

from igs_tui.model import ClientModel, Role
from igs_tui.model import changes as ch
from igs_tui.model.lobby import Room, Seek, Seeker, SeekSetup
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.app import IgsApp
from igs_tui.ui.lobby.lobby_screens import LobbyList, RoomsScreen, SeekScreen, StoredGamesScreen
from igs_tui.ui.main.commands import IgsCommands
from igs_tui.ui.main.help_screen import HelpScreen
from igs_tui.ui.main.status_bar import StatusBar
from igs_tui.ui.play.play_match_dialog import MatchDialog, terms_from_form
from tests.ui.shell_helpers import COMPACT, make_app

SETUPS = (SeekSetup(0, 60, 600, 25), SeekSetup(1, 60, 420, 25))


async def _palette(app: object, query: str, text: str) -> None:
    provider = IgsCommands(app.screen)  # type: ignore[attr-defined]
    hits = [h async for h in provider.search(query) if h.text == text]
    assert hits, f"no palette entry {text!r}"
    hits[0].command()


async def test_automatch_seeks_shows_seeking_and_closes_when_matched() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await _palette(app, "automatch", "Automatch…")
        await pilot.pause()
        assert isinstance(app.screen, SeekScreen)
        assert backend.named("list_seek_setups") == [()]
        model.apply(ch.SeekSetupsListed(SETUPS))
        await pilot.pause()
        await pilot.pause()
        # shortest first, whatever the server's order (issue 28)
        assert app.screen.query_one(LobbyList).shown == (
            "1 min + 7 min / 25 stones",
            "1 min + 10 min / 25 stones",
        )
        await pilot.press("s", "s", "h", "enter")  # 9x9, up to 1 stone
        assert backend.named("seek") == [(Seek(SETUPS[1], 9, 1),)]
        model.apply(ch.SeekChanged(Seek(SETUPS[1], 9, 1)))  # what the backend does
        await pilot.pause()
        await pilot.pause()
        state = str(app.screen.query_one("#seek-state", Static).render())
        assert "Seeking… 9x9, 1 min + 7 min / 25 stones, handicap up to 1" in state
        await pilot.press("c")
        assert backend.named("cancel_seek") == [()]
        await pilot.press("escape")
        await pilot.pause()
        bar = str(app.screen.query_one(StatusBar).query_one("#status-text", Static).render())
        assert "seeking 9x9" in bar
        await _palette(app, "stop", "Stop seeking")
        assert backend.named("cancel_seek") == [(), ()]
        app.show_seek()
        await pilot.pause()
        assert isinstance(app.screen, SeekScreen)
        model.apply(ch.SeekChanged(None, matched="igsbot"))
        await pilot.pause()
        await pilot.pause()
        assert not isinstance(app.screen, SeekScreen)
        bar = str(app.screen.query_one(StatusBar).query_one("#status-text", Static).render())
        assert "seeking" not in bar


async def test_stored_games_load_with_one_key_and_from_ctrl_l() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await _palette(app, "stored", "Stored games")
        await pilot.pause()
        assert isinstance(app.screen, StoredGamesScreen)
        assert backend.named("list_stored") == [()]
        model.apply(ch.StoredGamesListed(("bob-alice", "[b]x-alice")))
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one(LobbyList).shown == ("bob-alice", "[b]x-alice")
        await pilot.press("down", "l")
        assert backend.named("load") == [("[b]x-alice",)]
        await pilot.pause()
        assert not isinstance(app.screen, StoredGamesScreen)
        # ctrl+l on a board that is not an adjourned game of ours opens the same list
        model.apply(ch.GameFollowed(5, Role.OBSERVING, white="w", black="b"))
        app.show_pane("board")
        await pilot.pause()
        await pilot.press("ctrl+l")
        await pilot.pause()
        assert isinstance(app.screen, StoredGamesScreen)
        await pilot.press("enter")
        assert backend.named("load")[-1] == ("bob-alice",)


async def test_rooms_are_listed_and_joined() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await _palette(app, "rooms", "Rooms")
        await pilot.pause()
        assert isinstance(app.screen, RoomsScreen)
        model.apply(ch.RoomsListed((Room(0, "Lobby", 12), Room(2, "Tournament", None))))
        model.apply(ch.RoomJoined(0))
        await pilot.pause()
        await pilot.pause()
        assert app.screen.query_one(LobbyList).shown == (
            "  0  Lobby  12 in it (you are here)",
            "  2  Tournament",
        )
        await pilot.press("down", "enter")
        assert backend.named("join_room") == [(2,)]
        assert backend.named("join_channel") == []


async def test_a_joined_room_is_left_with_one_key() -> None:
    """A server where one is in several rooms (KGS): every joined room is marked, ``l`` on one
    of them leaves it; on a room we are not in it says so and sends nothing."""
    model = ClientModel()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_rooms()
        await pilot.pause()
        rooms = (Room(1, "English", 3), Room(2, "Go Club", 1), Room(3, "Beginners", 0))
        model.apply(ch.RoomsListed(rooms))
        model.apply(ch.RoomJoined(1, also=True))
        model.apply(ch.RoomJoined(2, also=True))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoomsScreen)
        assert screen.query_one(LobbyList).shown == (
            "  1  English  3 in it (you are here)",
            "  2  Go Club  1 in it (you are here)",
            "  3  Beginners  0 in it",
        )
        assert "l leave" in str(screen.query_one(".lobby-keys", Static).render())
        await pilot.press("down", "down", "l")
        assert backend.named("leave_room") == []
        await pilot.press("up", "l")
        assert backend.named("leave_room") == [(2,)]
        model.apply(ch.RoomLeft(2))  # the server's answer
        model.apply(ch.RoomsListed(rooms))
        await pilot.pause()
        await pilot.pause()
        shown = screen.query_one(LobbyList).shown
        assert shown is not None and shown[1] == "  2  Go Club  1 in it"


async def test_rooms_that_cannot_be_left_offer_no_leave_key() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    backend.lacking = frozenset({"room_leaving"})
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_rooms()
        await pilot.pause()
        model.apply(ch.RoomsListed((Room(0, "Lobby", 12),)))
        model.apply(ch.RoomJoined(0))
        await pilot.pause()
        await pilot.pause()
        screen = app.screen
        assert isinstance(screen, RoomsScreen)
        assert "leave" not in str(screen.query_one(".lobby-keys", Static).render())
        assert screen.check_action("leave", ()) is False
        await pilot.press("l")
        assert backend.named("leave_room") == []


async def test_without_the_capabilities_the_palette_leaves_them_out() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    backend.lacking = frozenset({"seeking", "stored", "rooms"})
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        provider = IgsCommands(app.screen)
        texts = [h.text async for h in provider.discover()]
        assert "Automatch…" not in texts and "Rooms" not in texts
        assert "Stored games" not in texts
        app.show_seek()
        await pilot.pause()
        assert not isinstance(app.screen, SeekScreen)


def test_the_match_dialog_form_carries_the_kind_of_game() -> None:
    form = {"opponent": "bob", "kind": "free", "main": "10", "system": "absolute"}
    assert terms_from_form(form).kind == "free"
    assert terms_from_form({**form, "kind": "nonsense"}).kind == "rated"


async def match_dialog(app: IgsApp, pilot: Pilot[Any], name: str) -> MatchDialog:
    """The match dialog, opened for a challenge to ``name`` once the app has settled."""
    await pilot.pause()
    app.challenge(name)
    await pilot.pause()
    dialog = app.screen
    assert isinstance(dialog, MatchDialog)
    return dialog


async def test_a_guests_match_dialog_offers_a_free_game(tmp_path: Path) -> None:
    """Issue 28: a guest cannot play rated, and the dialog defaulted to Rated (also when the
    terms remembered from an account's last offer said Rated)."""
    for me, kind in (("alice", "rated"), ("guest1234", "free"), ("guest77", "free")):
        model = ClientModel()
        model.set_connection(user=me)
        app, backend = make_app(model, config_dir=tmp_path)
        async with app.run_test(size=COMPACT) as pilot:
            dialog = await match_dialog(app, pilot, "bob")
            assert dialog.query_one("#kind", Select).value == kind
            dialog.action_send()
            (call,) = backend.named("challenge")
            assert isinstance(call[0], MatchTerms) and call[0].kind == kind


async def test_the_match_dialog_offers_a_teaching_game() -> None:
    model = ClientModel()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        dialog = await match_dialog(app, pilot, "bob")
        dialog.query_one("#kind", Select).value = "teaching"
        await pilot.pause()
        dialog.action_send()
        (call,) = backend.named("challenge")
        terms = call[0]
        assert isinstance(terms, MatchTerms)
        assert terms.kind == "teaching" and terms.opponent == "bob"


async def test_help_lists_automatch_stored_games_and_rooms() -> None:
    model = ClientModel()
    app, _backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        titles = [title for title, _ in app.help_sections()]
        assert {"Automatch", "Stored games", "Rooms"} <= set(titles)
        (rooms,) = [keys for title, keys in app.help_sections() if title == "Rooms"]
        assert any(
            isinstance(b, Binding) and b.key == "l" and "Leave" in b.description for b in rooms
        )
        app.action_help()
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)


async def test_the_empty_games_list_says_to_join_a_room_only_when_that_is_why() -> None:
    from textual.widgets import Label

    from igs_tui.model import GameSummary
    from igs_tui.ui.lists.games_list import GamesList

    model = ClientModel()
    app, _backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        games = app.screen.query_one(GamesList)
        hint = games.query_one("#games-hint", Label)
        assert not hint.display  # rooms never listed
        model.apply(ch.RoomsListed((Room(1, "English"),)))
        await pilot.pause()
        assert hint.display
        games.table.focus()
        await pilot.press("j")
        await pilot.pause()
        assert isinstance(app.screen, RoomsScreen)
        await pilot.press("escape")
        model.apply(ch.RoomJoined(1, also=True))
        await pilot.pause()
        assert not hint.display
        model.apply(ch.RoomLeft(1))
        await pilot.pause()
        assert hint.display
        listed = GameSummary(7, white="w", white_rank="5k", black="b", black_rank="5k")
        model.apply(ch.GamesReplaced((listed,)))
        await pilot.pause()
        assert not hint.display  # games listed: nothing to explain


async def test_no_rooms_hint_nor_key_without_rooms() -> None:
    from textual.widgets import Label

    from igs_tui.ui.lists.games_list import GamesList

    model = ClientModel()
    app, backend = make_app(model)
    backend.lacking = frozenset({"rooms"})
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.apply(ch.RoomsListed((Room(1, "English"),)))
        await pilot.pause()
        games = app.screen.query_one(GamesList)
        assert not games.query_one("#games-hint", Label).display
        assert games.check_action("rooms", ()) is False


async def test_the_automatch_dialog_shows_who_else_is_seeking() -> None:
    """IGS's ``63 ENTRY_LIST`` rows (bernds/q5Go src/parser.cpp:2094-2100), applied as the
    session does; server names are shown as plain text."""
    model = ClientModel()
    app, _backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_seek()
        await pilot.pause()
        others = app.screen.query_one("#seek-others", Static)
        assert str(others.render()) == ""
        model.apply(
            ch.SeekersListed((Seeker("HKL", 60, 480, 25, 19), Seeker("[b]horse", 60, 600, 25, 9)))
        )
        await pilot.pause()
        await pilot.pause()
        shown = str(others.render())
        assert shown.startswith("Also seeking (2): HKL  19x19  1 min + 8 min / 25 stones;")
        assert "[b]horse  9x9  1 min + 10 min / 25 stones" in shown
