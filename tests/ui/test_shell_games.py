"""Games list: filter and sort rules, and the table's keys (sort, filter, Enter observes)."""

from __future__ import annotations

from dataclasses import replace

import pytest
from textual.widgets import Checkbox, Input, Label, Select

from igs_tui.go import Color, Point
from igs_tui.model import ClientModel, GameSummary, MoveRecord
from igs_tui.model import changes as ch
from igs_tui.ui.lists.games_filter import GameFilter, select_games
from igs_tui.ui.lists.games_list import BROADCAST_MARK, GamesList, game_row
from tests.ui.shell_helpers import COMPACT, column_text, main_screen, make_app, row_keys


def game(number: int, **kw: object) -> GameSummary:
    fields: dict[str, object] = {
        "white": f"w{number}",
        "white_rank": "5k",
        "black": f"b{number}",
        "black_rank": "6k",
    }
    fields.update(kw)
    return GameSummary(number, **fields)  # type: ignore[arg-type]


GAMES = [
    game(1, moves=10, observers=3, size=9, white_rank="2d", black_rank="1d"),
    game(
        2, moves=200, observers=40, white="Kisei", black="Kisei", white_rank="9p", black_rank="9p"
    ),
    game(3, moves=55, observers=3, size=13, white="alice", white_rank="NR", black_rank="NR"),
    game(4, moves=120, observers=1, title="Meijin league", white_rank="15k", black_rank="20k"),
]


@pytest.mark.parametrize(
    ("key", "descending", "expected"),
    [
        ("number", False, [1, 2, 3, 4]),
        ("observers", True, [2, 1, 3, 4]),  # ties keep lower game numbers first
        ("moves", True, [2, 4, 3, 1]),
        ("moves", False, [1, 3, 4, 2]),
        ("rank", True, [2, 1, 4, 3]),  # 9p > 2d > 15k > unranked
        ("size", False, [1, 3, 2, 4]),
    ],
)
def test_sort_orders(key: str, descending: bool, expected: list[int]) -> None:
    assert [g.number for g in select_games(GAMES, GameFilter(), key, descending)] == expected


def test_filters() -> None:
    def numbers(flt: GameFilter) -> list[int]:
        return [g.number for g in select_games(GAMES, flt)]

    assert numbers(GameFilter(text="ALICE")) == [3]
    assert numbers(GameFilter(text="meijin")) == [4]  # titles are searched too
    assert numbers(GameFilter(size=19)) == [2, 4]
    assert numbers(GameFilter(broadcasts_only=True)) == [2, 4]
    assert numbers(GameFilter(size=19, broadcasts_only=True, text="kisei")) == [2]
    with pytest.raises(ValueError, match="unknown sort key"):
        select_games(GAMES, GameFilter(), "bogus")


def model_with_games() -> ClientModel:
    model = ClientModel()
    model.replace_games(GAMES)
    return model


async def test_table_sorts_filters_and_observes_on_enter() -> None:
    model = model_with_games()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        games = app.screen.query_one(GamesList)
        table = games.table
        assert row_keys(table) == ["1", "2", "3", "4"]
        # broadcasts (same account both sides, or a title) are marked
        marks = column_text(table, 0)
        assert marks[1].startswith(BROADCAST_MARK) and marks[3].startswith(BROADCAST_MARK)
        assert not marks[0].startswith(BROADCAST_MARK)

        table.focus()
        await pilot.press("o")  # observers, most first
        await pilot.pause()
        assert row_keys(table) == ["2", "1", "3", "4"]
        await pilot.press("o")  # again: reversed
        await pilot.pause()
        assert row_keys(table) == ["4", "1", "3", "2"]  # ties stay in number order
        await pilot.press("m")
        await pilot.pause()
        assert row_keys(table) == ["2", "4", "3", "1"]

        # Enter on the second row observes game 4 and switches to the board
        table.move_cursor(row=1)
        await pilot.press("enter")
        await pilot.pause()
        assert backend.named("observe") == [(4,)]
        assert main_screen(app).active == "board"

        await pilot.press("f3", "slash")
        await pilot.press(*"kisei")
        await pilot.pause()
        assert app.focused is games.query_one("#games-filter", Input)
        assert row_keys(table) == ["2"]
        games.query_one("#games-filter", Input).value = ""
        games.query_one("#games-size", Select).value = 9
        await pilot.pause()
        assert row_keys(table) == ["1"]
        games.query_one("#games-size", Select).value = 0
        games.query_one("#games-broadcasts", Checkbox).value = True
        await pilot.pause()
        assert sorted(row_keys(table)) == ["2", "4"]
        assert str(games.query_one("#games-count", Label).render()) == "2/4"


async def test_model_updates_refresh_the_table_and_keep_the_cursor() -> None:
    model = model_with_games()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        table = app.screen.query_one(GamesList).table
        table.move_cursor(row=2)  # game 3
        model.upsert_games([game(7, observers=99), game(0, observers=0)])
        model.game_ended(1)
        await pilot.pause()
        assert row_keys(table) == ["0", "2", "3", "4", "7"]
        assert row_keys(table)[table.cursor_row] == "3"
        await pilot.press("ctrl+r")
        assert backend.named("refresh_games") == [()]


async def test_hidden_games_list_refreshes_when_shown() -> None:
    model = model_with_games()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("f6")
        await pilot.pause()
        model.replace_games([game(42)])
        await pilot.pause()
        table = app.screen.query_one(GamesList).table
        assert row_keys(table) == ["1", "2", "3", "4"]  # not rebuilt while hidden
        await pilot.press("f3")
        await pilot.pause()
        assert row_keys(table) == ["42"]


async def test_a_move_updates_one_row_in_place_not_the_whole_list(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A move in a game we follow changes its row's move count; the table is not refilled
    (refilling 300 rows per move was most of a move's cost beside a long list)."""
    model = model_with_games()
    model.follow(3)
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        games = app.screen.query_one(GamesList)
        table = games.table
        table.move_cursor(row=3)
        rebuilds: list[int] = []
        original = GamesList.rebuild

        def counted(self: GamesList) -> None:
            rebuilds.append(1)
            original(self)

        monkeypatch.setattr(GamesList, "rebuild", counted)
        for number, point in enumerate((Point(2, 2), Point(4, 4)), start=1):
            color = Color.BLACK if number % 2 else Color.WHITE
            model.apply(ch.MoveAdded(3, MoveRecord(number, color, point)))
        await pilot.pause()
        assert model.games[3].moves == 2  # the row follows the moves received
        assert column_text(table, 5)[2] == "55"  # counts are shown together, a moment later
        assert games._counts_timer is not None
        games.apply_counts()
        await pilot.pause()
        assert column_text(table, 5)[2] == "2"
        assert rebuilds == []
        assert row_keys(table)[table.cursor_row] == "4"
        model.apply(ch.GameTitled(3, "Honinbo [/x] final"))  # one row's title and mark
        await pilot.pause()
        assert column_text(table, 12)[2] == "Honinbo [/x] final"
        assert column_text(table, 0)[2].startswith(BROADCAST_MARK)
        assert rebuilds == []
        await pilot.press("m")  # sorted by moves, a count can reorder rows: rebuilt
        await pilot.pause()
        model.apply(ch.MoveAdded(3, MoveRecord(3, Color.BLACK, Point(6, 6))))
        await pilot.pause()
        assert len(rebuilds) == 2 and column_text(table, 5)[row_keys(table).index("3")] == "3"


async def test_escape_leaves_a_filter_field_for_its_list() -> None:
    """After typing a filter, Escape keeps it and gives the keys back to the list (hotkeys were
    typed into the field)."""
    app, _ = make_app(model_with_games())
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        await pilot.press("slash", *"Kisei")
        await pilot.pause()
        games = app.screen.query_one(GamesList)
        assert app.focused is not None and app.focused.id == "games-filter"
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is games.table and games.filter.text == "Kisei"
        await pilot.press("f4")
        await pilot.pause()
        app.screen.query_one("#players-name").focus()
        await pilot.press("escape")
        await pilot.pause()
        assert app.focused is not None and app.focused.id == "players-table"


def test_a_relay_without_its_title_says_when_the_title_comes() -> None:
    """IGS sends a game's title only to its observers: until then a relay's title cell says
    so (#16) instead of looking like a game without one; a known title and an ordinary game
    are shown as they are."""
    relay = game(3, white="kansai1", black="kansai1")
    assert game_row(relay)[-1].plain == "(on observe)"
    titled = game(3, white="kansai1", black="kansai1", title="Kisei final")
    assert game_row(titled)[-1].plain == "Kisei final"
    assert game_row(game(5, white="alice", black="bob"))[-1].plain == ""


async def test_enter_on_an_open_challenge_answers_it_where_the_list_is() -> None:
    """KGS lists open challenges with the games: Enter asks the backend (which shows the
    terms to answer) and stays on the list, unmarked as a broadcast though it has a title."""
    model = ClientModel()
    challenge = GameSummary(
        100,
        "kumobot",
        "15k",
        "",
        "",
        size=9,
        komi=6.5,
        title="open challenge: kumobot plays anyone",
    )
    model.replace_games([replace(challenge, open_challenge=True)])
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        games = app.screen.query_one(GamesList)
        assert not column_text(games.table, 0)[0].startswith(BROADCAST_MARK)
        games.table.focus()
        await pilot.press("enter")
        await pilot.pause()
        assert backend.named("observe") == [(100,)]
        assert main_screen(app).active == "games"
