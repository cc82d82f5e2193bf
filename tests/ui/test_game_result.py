"""Result screen wording: whose count is shown, which result stands, engine-only margins."""

from __future__ import annotations

from igs_tui.model import FollowedGame, ScoreCheck, ServerScore
from igs_tui.ui.play.play_result import result_text


def game_with(check: ScoreCheck) -> FollowedGame:
    return FollowedGame(3, white="GNU Go", black="me", score_check=check)


def test_server_count_is_labelled_server_and_stands_when_counts_differ() -> None:
    server = ServerScore(50.0, 60.5, black_territory=40, white_territory=45)
    text = result_text(game_with(ScoreCheck(server, 52.0, 60.5, "W+8.5")))
    assert "Server:    B 50  W 60.5  -> W+10.5" in text
    assert "Our count: B 52  W 60.5  -> W+8.5" in text
    assert "the server's result stands" in text
    assert "our count stands" not in text


def test_engine_count_is_labelled_with_its_name_and_ours_stands() -> None:
    engine = ServerScore(0.0, 12.5)  # what engine_score() makes of "W+12.5"
    check = ScoreCheck(engine, 50.0, 60.5, "W+10.5", counted_by="GNU Go", decides=False)
    text = result_text(game_with(check))
    lines = text.splitlines()
    assert lines[1] == "GNU Go:    W+12.5"  # the engine's result, not "B 0  W 12.5"
    assert "B 0" not in text
    assert lines[2] == "Our count: B 50  W 60.5  -> W+10.5"
    assert "our count stands (GNU Go only advises)" in text
    assert "Server" not in text and "server's" not in text


def test_engine_agreeing_and_black_winning() -> None:
    engine = ServerScore(3.5, 0.0)
    check = ScoreCheck(engine, 70.0, 66.5, "B+3.5", counted_by="KataGo 1.15", decides=False)
    text = result_text(game_with(check))
    assert "KataGo 1.15: B+3.5" in text and "Both counts agree." in text


def test_a_real_zero_total_with_details_is_still_printed_per_side() -> None:
    """A server count where Black really has nothing comes with its territory figures."""
    server = ServerScore(0.0, 80.5, white_territory=74, black_captures=0, white_captures=6)
    text = result_text(game_with(ScoreCheck(server, 0.0, 80.5, "W+80.5")))
    assert "Server:    B 0  W 80.5  -> W+80.5" in text


def test_hostile_engine_name_is_cleaned_and_a_long_one_keeps_columns_aligned() -> None:
    name = "\x1b[31m[bold]Evil[/bold]\x1b[0m engine with a very long name indeed"
    check = ScoreCheck(ServerScore(0.0, 1.5), None, None, "", counted_by=name, decides=False)
    text = result_text(game_with(check))
    assert "\x1b" not in text
    first, second = text.splitlines()[1:3]
    assert second.startswith("Our count:") and second.endswith("could not be made")
    assert first.index("W+1.5") == second.index("could not be made")  # one column for both


def test_own_games_get_a_headline_from_the_result_that_stands() -> None:
    from igs_tui.model import Role

    server = ServerScore(50.0, 60.5, black_territory=40, white_territory=45)
    game = game_with(ScoreCheck(server, 52.0, 60.5, "W+8.5"))
    game.role = Role.PLAYING_BLACK
    assert result_text(game).splitlines()[0] == "You lost."
    game.role = Role.PLAYING_WHITE
    assert result_text(game).splitlines()[0] == "You won."
    # against an engine our count stands, even when the engine says otherwise
    engine = ScoreCheck(ServerScore(3.5, 0.0), 50.0, 60.5, "W+10.5", "GNU Go", decides=False)
    game = game_with(engine)
    game.role = Role.PLAYING_WHITE
    assert result_text(game).splitlines()[0] == "You won."
    resigned = FollowedGame(4, white="a", black="me", role=Role.PLAYING_BLACK, result="B+R")
    assert result_text(resigned).splitlines()[0] == "You won."
    drawn = FollowedGame(5, white="a", black="me", role=Role.PLAYING_BLACK, result="0")
    assert result_text(drawn).splitlines()[0] == "Jigo (a draw)."
    observed = FollowedGame(6, white="a", black="b", result="W+R")
    assert result_text(observed).splitlines()[0].startswith("Game 6")
