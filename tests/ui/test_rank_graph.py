"""The player card's rank graph (issue 30): ranks from the server's ``results``, one column per
game, oldest left, a row per rank labelled on the left."""

from __future__ import annotations

from typing import Any

from hypothesis import given
from hypothesis import strategies as st
from textual.pilot import Pilot

from igs_tui.model import ClientModel, PlayedGame, PlayerCard, PlayerResults
from igs_tui.model import changes as ch
from igs_tui.model.ranks import rank_value
from igs_tui.ui.app import IgsApp
from igs_tui.ui.people.player_card import results_text
from igs_tui.ui.people.rank_graph import LABEL, rank_graph_lines, rank_name
from tests.ui.fakes import RecordingBackend


def test_one_row_per_rank_and_columns_as_high_as_the_rank() -> None:
    lines = rank_graph_lines(["12k*", "11k*", "11k*", "10k*"], 4 + 1 + 8)
    assert lines == [
        " 10k┤      ██",
        " 11k┤  ██████",
        " 12k┤████████",
        "    └────────",
    ]


def test_unranked_games_leave_a_gap_and_one_ranked_game_is_no_graph() -> None:
    lines = rank_graph_lines(["1d", "NR", "2d"], 8)
    assert lines is not None
    assert lines[:2] == ["  2d┤  █", "  1d┤█ █"]
    assert rank_graph_lines(["3k", "NR"], 40) is None
    assert rank_graph_lines([], 40) is None


def test_a_wide_span_shares_rows_and_names_both_ends() -> None:
    lines = rank_graph_lines(["30k", "20k", "10k", "1k", "2d"], 30, height=4)
    assert lines is not None and len(lines) == 5  # four rows and the axis
    assert lines[0].startswith("  2d┤") and lines[3].startswith(" 30k┤")


def test_rank_names_read_back() -> None:
    for rank in ("25k", "1k", "1d", "9d", "1p", "9p"):
        value = rank_value(rank)
        assert value is not None and rank_name(value) == rank


@given(
    st.lists(st.sampled_from(["30k", "15k", "5k*", "1k", "1d", "4d?", "7d", "NR"]), max_size=80),
    st.integers(min_value=8, max_value=120),
)
def test_the_graph_fits_its_width_and_height(ranks: list[str], width: int) -> None:
    lines = rank_graph_lines(ranks, width)
    ranked = [r for r in ranks if rank_value(r) is not None]
    if len(ranked) < 2:
        assert lines is None
        return
    assert lines is not None
    assert 2 <= len(lines) <= 7
    assert all(len(line) <= width for line in lines)
    bottom = lines[-2][LABEL + 1 :]  # every ranked game reaches the lowest row
    assert bottom.count("█") >= 1


def test_the_card_text_holds_the_graph_only_with_a_history() -> None:
    games = tuple(
        PlayedGame("bob", True, "B", rank, "5k", "B+R") for rank in ("6k", "5k", "5k", "4k")
    )
    text = results_text(PlayerResults("kido", games)).plain
    assert "Rank over the last 4 games (oldest left)" in text
    assert "  4k┤" in text and "  6k┤" in text
    flat = tuple(PlayedGame("bob", True, "B", "5k", "5k", "B+R") for _ in range(3))
    assert "Rank over" not in results_text(PlayerResults("kido", flat)).plain


def card_app() -> tuple[IgsApp, ClientModel]:
    model = ClientModel()
    model.set_connection(user="me")
    return IgsApp(model, RecordingBackend(model=model)), model


async def show_card(pilot: Pilot[Any], model: ClientModel) -> None:
    app = pilot.app
    assert isinstance(app, IgsApp)
    await pilot.pause()
    app.show_player_card("kido")
    await pilot.pause()
    model.apply(ch.PlayerCardReceived(PlayerCard("kido", (("Rating", "3k* 1234"),))))
    ranks = ["8k*", "8k*", "7k*", "6k*", "7k*", "6k*", "5k*", "4k*", "4k*", "3k*"]
    games = tuple(
        PlayedGame(f"opp{i}", i % 3 != 0, "B", rank, "5k*", "B+R", when=f"2{i}-10-00")
        for i, rank in enumerate(ranks)
    )
    model.apply(ch.PlayerResultsReceived(PlayerResults("kido", games)))
    await pilot.pause()
    await pilot.pause()


async def test_the_card_draws_the_graph_when_the_results_come() -> None:
    from textual.widgets import Static

    app, model = card_app()
    async with app.run_test(size=(100, 50)) as pilot:
        await show_card(pilot, model)
        shown = str(app.screen.query_one("#card-text", Static).render())
        assert "Rank over the last 10 games" in shown
        rows = [line for line in shown.splitlines() if "┤" in line]
        assert [row.split("┤")[0].strip() for row in rows] == [
            "3k",
            "4k",
            "5k",
            "6k",
            "7k",
            "8k",
        ]


def test_card_with_rank_graph_snapshot(snap_compare: Any) -> None:
    app, model = card_app()

    async def run_before(pilot: Pilot[Any]) -> None:
        await show_card(pilot, model)

    assert snap_compare(app, run_before=run_before, terminal_size=(100, 50))
