"""The built-in engine, driven line by line: exact response framing and GTP state rules."""

from __future__ import annotations

import io
import random
import subprocess

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.go import Color, Game, Point
from igs_tui.gtp.engine import GtpEngine, run_gtp_engine_cli, serve
from igs_tui.gtp.framing import preprocess_command_line
from igs_tui.gtp.policy import choose_move, is_own_eye
from tests.gtp.conftest import builtin_engine_argv, subprocess_env


def run(engine: GtpEngine, *lines: str) -> list[str]:
    return [engine.handle_line(line) for line in lines]


def test_exact_success_and_failure_framing() -> None:
    engine = GtpEngine(seed=1)
    # §3.4 "=id response\n\n" / "=id\n\n" / "= response\n\n" / "=\n\n";
    # §3.5 "?id error_message\n\n" / "? error_message\n\n".
    assert run(engine, "1 protocol_version", "protocol_version") == ["=1 2\n\n", "= 2\n\n"]
    assert run(engine, "7 boardsize 9", "clear_board") == ["=7\n\n", "=\n\n"]
    assert run(engine, "8 frobnicate", "frobnicate") == [
        "?8 unknown command\n\n",
        "? unknown command\n\n",
    ]


def test_empty_and_comment_lines_get_no_response() -> None:
    # §2.10: "Empty lines and lines with only whitespace sent by the controller must be
    # ignored by the engine. No response must be generated." Pure comment lines count.
    engine = GtpEngine()
    assert run(engine, "\n", "  \t \n", "# just a comment\n") == ["", "", ""]


def test_preprocessing_before_parsing() -> None:
    engine = GtpEngine()
    run(engine, "boardsize 9", "clear_board")
    # CR and control characters removed, HT is a space, '#' starts a comment (§3.1).
    assert engine.handle_line("3\tplay\x01 b\tE5 # center\r\n") == "=3\n\n"
    assert engine.game.get(Point(4, 4)) is Color.BLACK


def test_illegal_move_answer_and_no_state_change() -> None:
    engine = GtpEngine()
    run(engine, "boardsize 9", "clear_board", "play b e5")
    before = engine.game.to_ascii()
    # §6.3.3 play: "fails ... illegal move. In the latter case, fails with the error
    # message 'illegal move'"; §5.3 "A failed command must never change any state."
    assert engine.handle_line("4 play w e5") == "?4 illegal move\n\n"
    assert engine.game.to_ascii() == before
    assert engine.handle_line("5 play w z9").startswith("?5 syntax error")
    assert engine.handle_line("6 play purple e4").startswith("?6 syntax error")


def test_suicide_is_illegal() -> None:
    engine = GtpEngine()
    run(engine, "boardsize 9", "clear_board", "play b a2", "play b b1")
    assert engine.handle_line("play w a1") == "? illegal move\n\n"


def test_boardsize_limits() -> None:
    engine = GtpEngine()
    assert engine.handle_line("boardsize 26") == "? unacceptable size\n\n"
    assert engine.handle_line("boardsize x").startswith("? syntax error")
    assert engine.handle_line("boardsize 25") == "=\n\n"


def test_fixed_handicap_matches_spec_table() -> None:
    engine = GtpEngine()
    run(engine, "boardsize 19", "clear_board")
    # §4.1.1: 9 stones on 19x19 are "D4 Q16 D16 Q4 D10 Q10 K4 K16 K10".
    assert engine.handle_line("fixed_handicap 9") == "= D4 Q16 D16 Q4 D10 Q10 K4 K16 K10\n\n"
    # "fails ... board not empty"
    assert engine.handle_line("fixed_handicap 2") == "? board not empty\n\n"
    run(engine, "boardsize 8", "clear_board")
    # "For boards of even size there is no middle line and therefore no handicaps larger
    # than 4."
    assert engine.handle_line("fixed_handicap 5") == "? invalid number of stones\n\n"
    assert engine.handle_line("fixed_handicap 1") == "? invalid number of stones\n\n"


def test_free_handicap_commands() -> None:
    engine = GtpEngine(seed=3)
    run(engine, "boardsize 9", "clear_board")
    answer = engine.handle_line("place_free_handicap 12")
    vertices = answer.removeprefix("= ").split()
    assert len(vertices) == 12 and len(set(vertices)) == 12
    assert len(engine.game.stones()) == 12
    assert engine.handle_line("set_free_handicap a1 b2") == "? board not empty\n\n"
    run(engine, "clear_board")
    # "Vertices must not be repeated or include 'pass'"; "at least two elements".
    assert engine.handle_line("set_free_handicap a1 a1").startswith("? bad vertex list")
    assert engine.handle_line("set_free_handicap a1 pass").startswith("? bad vertex list")
    assert engine.handle_line("set_free_handicap a1").startswith("? bad vertex list")
    assert engine.handle_line("set_free_handicap a1 c3") == "=\n\n"
    assert set(engine.game.stones()) == {Point(0, 0), Point(2, 2)}


def test_undo_never_undoes_handicap() -> None:
    engine = GtpEngine()
    run(engine, "boardsize 9", "clear_board", "fixed_handicap 2", "play w e5")
    assert run(engine, "undo") == ["=\n\n"]
    # §6.3.3: "It is never possible to undo handicap placements."
    assert run(engine, "undo") == ["? cannot undo\n\n"]
    assert len(engine.game.stones()) == 2


def test_known_command_and_list_commands_agree() -> None:
    engine = GtpEngine()
    listed = engine.handle_line("list_commands").removeprefix("= ").strip().split("\n")
    required = [
        "protocol_version",
        "name",
        "version",
        "known_command",
        "list_commands",
        "quit",
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
    ]
    assert set(required) <= set(listed)
    for name in listed:
        assert engine.handle_line(f"known_command {name}") == "= true\n\n"
    assert engine.handle_line("known_command loadsgf") == "= false\n\n"


def test_genmove_is_seeded_and_plays_the_move() -> None:
    def moves(seed: int) -> list[str]:
        engine = GtpEngine(seed=seed)
        run(engine, "boardsize 9", "clear_board")
        return [engine.handle_line(f"genmove {c}") for c in "bwbwbw"]

    assert moves(5) == moves(5)
    engine = GtpEngine(seed=5)
    run(engine, "boardsize 9", "clear_board")
    vertex = engine.handle_line("genmove black").removeprefix("= ").strip()
    assert engine.handle_line(f"play w {vertex}") == "? illegal move\n\n"  # occupied now


def test_reg_genmove_does_not_play() -> None:
    engine = GtpEngine(seed=2)
    run(engine, "boardsize 9", "clear_board")
    assert engine.handle_line("reg_genmove b").startswith("= ")
    assert engine.game.stones() == {}


def test_policy_prefers_the_biggest_capture() -> None:
    game = Game.from_ascii(
        """
        . X O O .
        . X O X .
        . . X . .
        . . . . .
        O X . . .
        """
    )
    # The white chain C5 D5 C4 has one liberty, E5: the only capture on the board.
    assert choose_move(game, Color.BLACK, random.Random(0)) == Point(4, 4)


def test_policy_does_not_fill_own_eye_and_passes_when_nothing_left() -> None:
    game = Game.from_ascii(
        """
        . X . X .
        X X X X X
        X X X X X
        . X . X .
        X X X X X
        """
    )
    assert is_own_eye(game, Point(0, 4), Color.BLACK)
    # Every empty point is a black eye: Black passes instead of destroying its own life.
    assert choose_move(game, Color.BLACK, random.Random(0)) is None


def test_self_play_games_end_with_two_passes() -> None:
    for seed in range(3):
        engine = GtpEngine(seed=seed)
        run(engine, "boardsize 9", "clear_board", "komi 7")
        passes, moves, color = 0, 0, "b"
        while passes < 2:
            answer = engine.handle_line(f"genmove {color}")
            passes = passes + 1 if answer == "= pass\n\n" else 0
            color = "w" if color == "b" else "b"
            moves += 1
            assert moves < 9 * 9 * 4 + 2
        score = engine.handle_line("final_score")
        assert score.startswith(("= B+", "= W+", "= 0"))


def test_final_status_list_and_score() -> None:
    engine = GtpEngine()
    run(engine, "boardsize 9", "clear_board", "komi 0.5", "play b e5", "play b e4", "play w a1")
    assert engine.handle_line("final_status_list dead") == "=\n\n"
    assert engine.handle_line("final_status_list alive") == "= A1\nE4 E5\n\n"
    assert engine.handle_line("final_status_list zombie").startswith("? syntax error")
    # Every empty region touches both colours: no territory, White wins by the komi.
    assert engine.handle_line("final_score") == "= W+0.5\n\n"


def test_showboard_places_coordinates_as_section_2_11() -> None:
    engine = GtpEngine()
    run(engine, "boardsize 9", "clear_board", "play b a1", "play w j9")
    board = engine.handle_line("showboard")
    lines = board.split("\n")
    assert lines[0] == "="
    assert lines[1].split() == list("ABCDEFGHJ")
    assert lines[2].split()[0] == "9" and lines[2].split()[-2] == "O"
    assert lines[10].split()[:2] == ["1", "X"]
    assert board.endswith("\n\n") and "\n\n" not in board[:-2]


def test_time_commands() -> None:
    engine = GtpEngine()
    assert engine.handle_line("time_settings 300 30 5") == "=\n\n"
    assert engine.time_settings == (300, 30, 5)
    assert engine.handle_line("time_left white 120 0") == "=\n\n"
    assert engine.time_left[Color.WHITE] == (120, 0)
    assert engine.handle_line("time_left white -1 0").startswith("? syntax error")


def test_komi_accepts_ridiculous_values() -> None:
    engine = GtpEngine()
    # §6.3.2: "The engine must accept the komi even if it should be ridiculous."
    assert engine.handle_line("komi -1000.5") == "=\n\n"
    assert engine.komi == -1000.5
    assert engine.handle_line("komi nan").startswith("? syntax error")


def test_serve_loop_stops_at_quit_and_survives_bad_bytes() -> None:
    stdin = io.BytesIO(b"1 name\n2 \xff\xfe bad\nquit\nname\n")
    stdout = io.BytesIO()
    serve(GtpEngine(), stdin, stdout)
    assert stdout.getvalue() == b"=1 igs-tui\n\n?2 unknown command\n\n=\n\n"


def test_cli_rejects_bad_arguments() -> None:
    with pytest.raises(SystemExit):
        run_gtp_engine_cli(["--seed", "not-a-number"])


def test_engine_process_framing_over_real_pipes() -> None:
    """The exact bytes ``python -m igs_tui.gtp.engine`` writes, CRLF and comments included."""

    commands = (
        b"1 name\r\n2 boardsize 9\n# comment only\n\n3 play black A1 # corner\n4 bogus\nquit\n"
    )
    result = subprocess.run(
        builtin_engine_argv("--seed", "1"),
        input=commands,
        capture_output=True,
        env=subprocess_env(),
        timeout=60,
        check=False,
    )
    assert result.returncode == 0
    assert result.stdout == b"=1 igs-tui\n\n=2\n\n=3\n\n?4 unknown command\n\n=\n\n"


_WORDS = st.sampled_from(
    [
        "boardsize",
        "clear_board",
        "komi",
        "play",
        "genmove",
        "undo",
        "fixed_handicap",
        "place_free_handicap",
        "set_free_handicap",
        "final_score",
        "final_status_list",
        "time_settings",
        "time_left",
        "showboard",
        "known_command",
        "reg_genmove",
        "b",
        "white",
        "pass",
        "A1",
        "e5",
        "Z99",
        "dead",
        "-3",
        "2",
        "5",
        "9",
        "1e400",
        "6.5",
        "#",
        "\t",
        "\x00",
    ]
)


@settings(max_examples=150, deadline=None)
@given(st.lists(st.tuples(st.booleans(), st.lists(_WORDS, min_size=1, max_size=4)), max_size=25))
def test_any_command_sequence_gets_framed_answers(lines: list[tuple[bool, list[str]]]) -> None:
    """Bad input never crashes the engine: every non-empty command gets exactly one
    well-framed response, and the engine's board always matches a legal position."""
    engine = GtpEngine(seed=0)
    engine.handle_line("boardsize 5")
    for n, (with_id, words) in enumerate(lines):
        line = (f"{n} " if with_id else "") + " ".join(words)
        answer = engine.handle_line(line)
        if not preprocess_command_line(line):
            assert answer == ""
            continue
        assert answer[0] in "=?" and answer.endswith("\n\n")
        assert "\n\n" not in answer[:-2]
        status = answer.split("\n", 1)[0].split(" ", 1)[0]
        words_after = preprocess_command_line(line).split()
        if words_after[0].isdigit():
            assert status[1:] == words_after[0]
        else:
            assert status in ("=", "?")
