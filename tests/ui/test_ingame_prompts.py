"""The pure parts of the in-game prompts: minutes, default file names, saving by extension."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igs_tui.model import FollowedGame, MoveRecord
from igs_tui.records.convert import read_record_file
from igs_tui.ui.game.game_prompts import MAX_ADD_MINUTES, default_save_name, parse_minutes, save_to
from tests.ui.test_ingame_support import script


@pytest.mark.parametrize(
    ("text", "expected"),
    [("5", 5), (" 12 ", 12), ("1", 1), (str(MAX_ADD_MINUTES), MAX_ADD_MINUTES)],
)
def test_parse_minutes_accepts_whole_minutes(text: str, expected: int) -> None:
    assert parse_minutes(text) == expected


@pytest.mark.parametrize("text", ["", "x", "1.5", "0", "-3", str(MAX_ADD_MINUTES + 1)])
def test_parse_minutes_explains_bad_input(text: str) -> None:
    assert isinstance(parse_minutes(text), str)


@given(st.text(max_size=30), st.text(max_size=30), st.integers(1, 9999))
def test_default_save_name_is_always_a_plain_file_name(white: str, black: str, n: int) -> None:
    name = default_save_name(FollowedGame(n, white=white, black=black))
    assert name.endswith(f"-{n}.sgf")
    assert "/" not in name and "\\" not in name and not name.startswith(".")
    assert name.isascii() and name.isprintable()


def played(moves: list[MoveRecord]) -> FollowedGame:
    game = FollowedGame(7, size=9, white="w", black="b", komi=6.5)
    for move in moves:
        game.add_move(move)
    return game


@pytest.mark.parametrize("suffix", [".sgf", ".SGF", ".go", ".ishi"])
def test_save_to_writes_the_format_the_extension_names(tmp_path: Path, suffix: str) -> None:
    moves = script(9, "C3", "E5", "G7")
    target = tmp_path / f"game{suffix}"
    assert save_to(played(moves), str(target)) is None
    record = read_record_file(target)[0]
    assert [(m.color, m.point) for m in record.main_moves()] == [(m.color, m.point) for m in moves]


def test_save_to_expands_home_and_reports_errors(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("HOME", str(tmp_path))
    assert save_to(played(script(9, "C3")), "~/home.sgf") is None
    assert (tmp_path / "home.sgf").exists()
    problem = save_to(played([]), str(tmp_path / "home.sgf" / "inside.sgf"))  # parent is a file
    assert problem is not None and problem.startswith("Could not save")
    assert save_to(played([]), "   ") is not None
    assert sorted(p.name for p in tmp_path.iterdir()) == ["home.sgf"]  # no temporary files left
