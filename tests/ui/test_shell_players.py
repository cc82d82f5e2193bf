"""User list: filters (name, rank range, flags, country) at 10 000 players, and actions."""

from __future__ import annotations

import pytest
from textual.widgets import Checkbox, Input, Label, Static

from igs_tui.model import BufferKey, ChatKind, ClientModel, Player, PlayerCard
from igs_tui.model import changes as ch
from igs_tui.ui.app import IgsApp
from igs_tui.ui.demo_model import make_players
from igs_tui.ui.lists.players_filter import PlayerFilter, select_players
from igs_tui.ui.lists.players_list import PlayersList, flags_text, player_row
from igs_tui.ui.people.player_card import PlayerCardScreen
from tests.ui.shell_helpers import COMPACT, app_logged_in_as, main_screen, make_app

PLAYERS_10K = make_players(10_000, seed=7)

# Independent rank numbers for the check below (a second reading of the rank scale:
# 30k..1k, then 1d..9d, then 1p..9p, in increasing strength).
SCALE = [f"{k}k" for k in range(30, 0, -1)] + [f"{d}d" for d in range(1, 10)]
SCALE += [f"{p}p" for p in range(1, 10)]


def strength(rank: str) -> int | None:
    bare = rank.rstrip("*?+")
    return SCALE.index(bare) if bare in SCALE else None


def test_rank_range_filter_matches_independent_reading_on_10k_players() -> None:
    flt = PlayerFilter.build(ranks="5k-2d")
    low, high = SCALE.index("5k"), SCALE.index("2d")
    expected = {
        p.name for p in PLAYERS_10K if (s := strength(p.rank)) is not None and low <= s <= high
    }
    got = {p.name for p in select_players(PLAYERS_10K, flt)}
    assert got == expected
    assert 500 < len(got) < 9_000  # the filter really discriminates


@pytest.mark.parametrize(
    ("flt", "predicate"),
    [
        (PlayerFilter(open_only=True), lambda p: p.open_for_matches),
        (PlayerFilter(looking_only=True), lambda p: p.looking),
        (PlayerFilter(quiet_only=True), lambda p: p.quiet),
        (PlayerFilter(country="jap"), lambda p: "jap" in p.country.lower()),
        (PlayerFilter(name="KA"), lambda p: "ka" in p.name.lower()),
        (
            PlayerFilter(open_only=True, looking_only=True, country="korea"),
            lambda p: p.open_for_matches and p.looking and p.country == "Korea",
        ),
    ],
)
def test_flag_country_and_name_filters_on_10k_players(flt: PlayerFilter, predicate: object) -> None:
    expected = {p.name for p in PLAYERS_10K if predicate(p)}  # type: ignore[operator]
    assert {p.name for p in select_players(PLAYERS_10K, flt)} == expected
    assert expected


def test_open_ended_ranges_and_errors() -> None:
    players = [Player("a", "9p"), Player("b", "1d"), Player("c", "30k"), Player("d", "NR")]
    assert [p.name for p in select_players(players, PlayerFilter.build(ranks="1d-"))] == ["a", "b"]
    assert [p.name for p in select_players(players, PlayerFilter.build(ranks="-1d"))] == ["b", "c"]
    with pytest.raises(ValueError):
        PlayerFilter.build(ranks="strong")


def test_sorting_by_rank_then_name() -> None:
    players = [Player("zed", "1d"), Player("amy", "1d"), Player("bob", "3k"), Player("x", "")]
    assert [p.name for p in select_players(players, PlayerFilter(), "rank", True)] == [
        "amy",
        "zed",
        "bob",
        "x",
    ]
    assert flags_text(Player("q", open_for_matches=True, looking=True, quiet=True)) == "OLQ"


async def test_10k_players_table_filters_correctly() -> None:
    model = ClientModel()
    model.replace_players(PLAYERS_10K)
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        users = app.screen.query_one(PlayersList)
        assert users.table.row_count == 10_000
        assert str(users.query_one("#players-status", Label).render()).startswith(
            "10000 of 10000 players"
        )
        users.query_one("#players-ranks", Input).value = "3d-9d"
        users.query_one("#players-looking", Checkbox).value = True
        await pilot.pause()
        expected = sorted(
            (
                p.name
                for p in PLAYERS_10K
                if p.looking
                and (s := strength(p.rank)) is not None
                and SCALE.index("3d") <= s <= SCALE.index("9d")
            ),
            key=str.casefold,
        )
        assert users.table.row_keys == expected
        # a burst of 500 updates is coalesced into one consistent refresh
        for i in range(500):
            model.upsert_players([Player(f"new{i:03d}", "5d", looking=True)])
        await pilot.pause()
        assert users.table.row_count == len(expected) + 500
        users.query_one("#players-ranks", Input).value = "nonsense"
        await pilot.pause()
        status = users.query_one("#players-status", Label)
        assert status.has_class("-error") and "not a rank" in str(status.render())
        assert users.table.row_count == len(expected) + 500  # last good filter still applies


async def test_actions_tell_match_stats() -> None:
    model = ClientModel()
    model.replace_players([Player("alice", "2d"), Player("bob", "3k")])
    matched: list[str] = []
    app, backend = make_app(model, match_hook=matched.append)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        users = app.screen.query_one(PlayersList)
        users.table.focus()
        users.table.move_cursor(row=1)
        await pilot.press("s")  # the player card asks the server and fills in
        await pilot.pause()
        assert backend.named("player_stats") == [("bob",)]
        assert isinstance(app.screen, PlayerCardScreen)
        text = app.screen.query_one("#card-text", Static)
        assert "Asking the server" in str(text.render())
        card = PlayerCard("bob", (("Rating", "3k"), ("Info", "[b]hi[/b]"), ("Wins", "7")))
        model.apply(ch.PlayerCardReceived(card))
        await pilot.pause()
        await pilot.pause()
        shown = str(text.render())
        assert "Rating" in shown and "3k" in shown and "[b]hi[/b]" in shown  # plain text
        await pilot.press("m")  # offer bob a game from his card
        await pilot.pause()
        assert matched == ["bob"] and not isinstance(app.screen, PlayerCardScreen)
        matched.clear()
        await pilot.press("f4", "m")
        await pilot.pause()
        assert matched == ["bob"]
        await pilot.press("t")
        await pilot.pause()
        screen = main_screen(app)
        assert screen.active == "chat"
        assert BufferKey(ChatKind.TELL, "bob") in model.buffers
        assert app.focused is not None and app.focused.id == "chat-input"


async def test_only_the_rows_on_screen_get_their_cells_built() -> None:
    """A list of 10 000 players builds the cells of the rows painted, not of every player."""
    model = ClientModel()
    model.replace_players(PLAYERS_10K)
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        users = app.screen.query_one(PlayersList)
        height = users.table.size.height
        assert users.table.row_count == 10_000
        assert 0 < len(users._rows) <= height
        users.table.focus()
        await pilot.press("end")
        await pilot.pause()
        assert len(users._rows) <= 2 * height  # the first screen and the last
        name = users.table.cursor_key
        assert name == users.shown_players[-1].name
        assert users.table.row(users.table.cursor_row)[0].plain == name


async def test_a_listing_streaming_in_is_sorted_again_only_when_its_share_of_time_allows() -> None:
    model = ClientModel()
    model.replace_players(PLAYERS_10K[:100])
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        users = app.screen.query_one(PlayersList)
        before = users.rebuilds
        model.upsert_players([Player("zz1", "1d")])
        await pilot.pause()
        assert users.rebuilds == before + 1 and users.table.row_count == 101
        # As if that sort had taken a second: the next batches wait for their turn...
        users._rebuild_cost = 1.0
        for i in range(3):
            model.upsert_players([Player(f"zz{i + 2}", "1d")])
            await pilot.pause()
        assert users.rebuilds == before + 1 and users._held is not None
        # ...which brings all of them at once.
        users._held_rebuild()
        assert users.rebuilds == before + 2 and users.table.row_count == 104
        assert users._held is None


async def test_a_short_listing_is_drawn_once_at_its_end() -> None:
    """A listing's batches (many players a change) are held for STREAM_FIRST: one that ends
    sooner is sorted and drawn once, when it ends, not once per batch; a single log-on is
    still shown at once."""
    from igs_tui.model import changes as ch
    from igs_tui.ui.lists.players_list import STREAM_BATCH

    model = ClientModel()
    model.replace_players(PLAYERS_10K[:10])
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        users = app.screen.query_one(PlayersList)
        before = users.rebuilds
        batch = PLAYERS_10K[100 : 100 + STREAM_BATCH]
        model.apply(ch.PlayersUpdated(tuple(batch)))
        await pilot.pause()
        model.apply(ch.PlayersUpdated(tuple(PLAYERS_10K[200 : 200 + STREAM_BATCH])))
        await pilot.pause()
        assert users.rebuilds == before and users._held is not None  # held, not drawn
        names = frozenset(p.name for p in (*batch, *PLAYERS_10K[200 : 200 + STREAM_BATCH]))
        model.apply(ch.PlayersPruned(names))
        await pilot.pause()
        assert users.rebuilds == before + 1 and users._held is None
        assert users.table.row_count == 2 * STREAM_BATCH
        # one player logging on is drawn at once
        model.upsert_players([Player("zz1", "1d")])
        for _ in range(3):  # a frame or so (a loaded machine may need more than one pause)
            await pilot.pause()
            if users.rebuilds == before + 2:
                break
        assert users._held is None  # not held back as a listing's batch is
        assert users.rebuilds == before + 2 and users.table.row_count == 2 * STREAM_BATCH + 1


async def test_i_on_a_board_opens_a_players_card() -> None:
    from igs_tui.model import Role

    model = ClientModel()
    model.set_connection(user="me")
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        model.follow(7, white="ann", black="bob")
        model.follow(8, role=Role.PLAYING_WHITE, white="me", black="cid")
        await pilot.press("f2")
        await pilot.pause()
        await pilot.pause()
        assert app.focused is not None and type(app.focused).__name__ == "BoardWidget"
        await pilot.press("i")  # our own game (the newest tab): the opponent
        await pilot.pause()
        assert isinstance(app.screen, PlayerCardScreen) and app.screen.player == "cid"
        await pilot.press("escape")
        main_screen(app).query_one("GamesPanel").show_game(7)  # type: ignore[attr-defined]
        await pilot.pause()
        await pilot.press("I")  # an observed game: White
        await pilot.pause()
        assert isinstance(app.screen, PlayerCardScreen) and app.screen.player == "ann"
        assert backend.named("player_stats") == [("cid",), ("ann",)]


async def test_f_and_b_mark_friends_first_and_blocked_and_keep_them(tmp_path: object) -> None:
    import json
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    model = ClientModel()
    model.replace_players([Player("alice", "2d"), Player("bob", "3k"), Player("zed", "1k")])
    app, _ = make_app(model, config_dir=tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        users = app.screen.query_one(PlayersList)
        users.table.focus()
        users.table.move_cursor(row=2)  # zed
        await pilot.press("f")
        await pilot.pause()
        await pilot.pause()
        assert [p.name for p in users.shown_players] == ["zed", "alice", "bob"]
        assert users.table.cursor_key == "zed"
        first = player_row(users.shown_players[0], model.friends, model.blocked)[0].plain
        assert first.startswith("♥ ")
        users.table.move_cursor(row=2)  # bob
        await pilot.press("b")
        await pilot.pause()
        assert model.blocked == frozenset({"bob"}) and model.friends == frozenset({"zed"})
        saved = json.loads((tmp_path / "config.json").read_text())
        assert saved["friends"] == ["zed"] and saved["blocked"] == ["bob"]
        await pilot.press("b")  # again: unblocked
        await pilot.pause()
        assert model.blocked == frozenset()


async def test_the_lists_kept_are_loaded_when_the_session_starts(tmp_path: object) -> None:
    from pathlib import Path

    from igs_tui.ui.settings import load_social, save_social

    assert isinstance(tmp_path, Path)
    save_social(frozenset({"ann"}), frozenset({"troll"}), tmp_path)
    assert load_social(tmp_path) == (frozenset({"ann"}), frozenset({"troll"}))
    model = ClientModel()
    app, _ = make_app(model, config_dir=tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        assert model.friends == frozenset({"ann"}) and model.blocked == frozenset({"troll"})


async def test_without_a_social_capability_f_says_why_and_keeps_nothing(tmp_path: object) -> None:
    """A backend with no friends or block lists (a local engine game): f and b change nothing,
    write nothing and say why; the palette offers no 'friend NAME'."""
    from pathlib import Path

    from igs_tui.ui.main.commands import IgsCommands
    from tests.ui.fakes import RecordingBackend

    assert isinstance(tmp_path, Path)
    model = ClientModel()
    model.replace_players([Player("alice", "2d")])
    backend = RecordingBackend(model=model, lacking=frozenset({"social"}))
    app = IgsApp(model, backend, config_dir=tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.press("f4")
        await pilot.pause()
        users = app.screen.query_one(PlayersList)
        users.table.focus()
        await pilot.press("f", "b")
        await pilot.pause()
        assert model.friends == frozenset() and model.blocked == frozenset()
        assert backend.named("set_social") == []
        said = [n.message for n in app._notifications]
        assert "Friends: not offered by this fake." in said
        assert "Blocking: not offered by this fake." in said
        provider = IgsCommands(app.screen)
        assert [h.text async for h in provider.search("friend ali")] == []
    assert not (tmp_path / "config.json").exists()


async def test_a_dialog_shows_its_own_keys_and_f1_opens_help_over_it() -> None:
    from textual.widgets import Footer

    from igs_tui.ui.main.help_screen import HelpScreen

    app, model = app_logged_in_as("me")
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.push_screen(PlayerCardScreen(model, app.backend, "bob"))
        await pilot.pause()
        await pilot.pause()
        card = app.screen
        assert isinstance(card, PlayerCardScreen)
        # the footer on screen is the card's: its keys, not the user list's underneath
        footer = card.query_one(Footer)
        shown = {b.binding.key for b in card.active_bindings.values() if b.binding.show}
        assert {"escape", "t", "m", "o", "f1"} <= shown
        assert footer.region.y == COMPACT[1] - 1  # the bottom line, over the screen's own
        await pilot.press("f1")  # an app key: Textual stops app keys at a dialog
        await pilot.pause()
        assert isinstance(app.screen, HelpScreen)
        await pilot.press("escape")
        await pilot.pause()
        assert app.screen is card


async def test_a_fresh_card_updates_the_idle_column() -> None:
    """Issue 28: the user list said 51s where the card, asked for just now, said 26s."""
    app, model = app_logged_in_as("me")
    model.apply(ch.PlayersReplaced((Player("bob", rank="3k", idle="51s"),)))
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f4")
        await pilot.pause()
        players = main_screen(app).query_one(PlayersList)
        idle_column = 6
        assert players.table.row(0)[idle_column].plain == "51s"
        card = PlayerCard("bob", (("Rating", "3k"), ("Idle Time", "(On server) 26s")))
        model.apply(ch.PlayerCardReceived(card))
        await pilot.pause()
        await pilot.pause()
        assert players.table.row(0)[idle_column].plain == "26s"
        assert model.players.get("bob") == Player("bob", rank="3k", idle="26s")
        # a card that gives no idle time (the player left) leaves the column alone
        model.apply(ch.PlayerCardReceived(PlayerCard("bob", (("Last Access", "Mon 12:00"),))))
        assert model.players.get("bob") == Player("bob", rank="3k", idle="26s")
