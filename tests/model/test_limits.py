"""The caps of a long session (README "Limits"): they hold whatever the panes do, and the
user can set them in ``config.json``."""

from __future__ import annotations

import json
import stat
from pathlib import Path

import pytest

from igs_tui.model import BufferKey, ChatKind, ClientModel, Limits
from igs_tui.model import changes as ch
from igs_tui.ui.settings import LoginSettings, load_limits, save_settings


def finish(model: ClientModel, number: int) -> None:
    model.follow(number, white=f"w{number}", black=f"b{number}")
    model.apply(ch.GameRecorded(number, f"/games/{number}.sgf"))
    model.game_ended(number, "B+R")


def test_limits_refuse_caps_below_one() -> None:
    with pytest.raises(ValueError, match="finished_tabs"):
        Limits(finished_tabs=0)


def test_limits_from_json_keep_defaults_for_what_is_not_a_whole_number() -> None:
    limits = Limits.from_json(
        {"finished_tabs": 3, "chat_lines": "many", "console_lines": 0, "finished_list": True}
    )
    assert limits == Limits(finished_tabs=3)
    assert Limits.from_json(["not", "a", "dict"]) == Limits()
    assert Limits.from_json(limits.as_json()) == limits


def test_finished_games_beyond_the_limit_are_released_into_the_finished_list() -> None:
    model = ClientModel(limits=Limits(finished_tabs=3, finished_list=5))
    model.follow(99, white="live", black="game")  # in play: never released
    for number in range(1, 11):
        finish(model, number)
    assert sorted(model.followed) == [8, 9, 10, 99]
    # the newest five of the seven released, oldest first, each with its record
    assert [g.number for g in model.finished] == [3, 4, 5, 6, 7]
    assert model.finished[-1].record == "/games/7.sgf"
    assert model.finished[-1].result == "B+R" and model.finished[-1].white == "w7"


def test_a_lower_limit_set_later_applies_at_once() -> None:
    model = ClientModel()
    for number in range(1, 6):
        finish(model, number)
    for n in range(50):
        model.add_console(f"line {n}", "unknown")
        model.add_chat(BufferKey(ChatKind.SHOUT), "ann", f"shout {n}")
    model.apply(ch.LimitsSet(Limits(finished_tabs=2, chat_lines=10, console_lines=20)))
    assert sorted(model.followed) == [4, 5]
    assert [g.number for g in model.finished] == [1, 2, 3]
    assert len(model.console) == 20 and model.console[-1].text == "line 49"
    messages = model.buffers[BufferKey(ChatKind.SHOUT)].messages
    assert len(messages) == 10 and messages[-1].text == "shout 49"


def test_chat_and_console_caps_hold_with_no_pane_at_all() -> None:
    model = ClientModel(limits=Limits(chat_lines=100, console_lines=100))
    for n in range(1000):
        model.add_console(f"line {n}", "unknown")
        model.add_chat(BufferKey(ChatKind.TELL, "bob"), "bob", f"tell {n}")
    assert len(model.console) == 100
    assert len(model.buffers[BufferKey(ChatKind.TELL, "bob")].messages) == 100


def test_limits_are_read_from_the_config_file_and_kept_when_the_login_is_saved(
    tmp_path: Path,
) -> None:
    assert load_limits(tmp_path) == Limits()  # no file
    (tmp_path / "config.json").write_text(json.dumps({"limits": {"finished_tabs": 5}}))
    assert load_limits(tmp_path) == Limits(finished_tabs=5)
    path = save_settings(LoginSettings(user="ann", guest=False), tmp_path)
    data = json.loads(path.read_text())
    assert data["limits"] == {"finished_tabs": 5} and data["user"] == "ann"
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    (tmp_path / "config.json").write_text("{not json")
    assert load_limits(tmp_path) == Limits()


def test_the_program_takes_its_limits_from_the_config_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    from igs_tui.apps import client

    monkeypatch.setattr("igs_tui.ui.settings.config_dir", lambda: tmp_path)
    (tmp_path / "config.json").write_text(json.dumps({"limits": {"console_lines": 50}}))
    _app, connector = client.build_app(local=True)
    assert connector.model.limits == Limits(console_lines=50)


# issue 26: every list of the model is bounded, whatever a server sends


def test_a_new_buffer_beyond_the_cap_drops_the_quietest_one_never_the_one_shown() -> None:
    model = ClientModel(limits=Limits(buffers=3))
    keys = [BufferKey(ChatKind.TELL, name) for name in ("ann", "bob", "cy")]
    for key in keys:
        model.add_chat(key, key.target, "hi")
    model.apply(ch.BufferShown(keys[0]))  # ann on screen, quietest of all
    model.mark_read(keys[2])  # cy read after bob's last message: bob is quietest
    model.add_chat(BufferKey(ChatKind.TELL, "dee"), "dee", "x")
    assert [k.target for k in model.buffers] == ["ann", "cy", "dee"]
    for n in range(50):  # a spam run from fifty names: three buffers, ann still there
        model.add_chat(BufferKey(ChatKind.TELL, f"spam{n}"), f"spam{n}", "buy")
    assert len(model.buffers) == 3
    assert keys[0] in model.buffers and BufferKey(ChatKind.TELL, "spam49") in model.buffers


def test_players_and_games_beyond_their_caps_drop_the_oldest_entries() -> None:
    from igs_tui.model import GameSummary, Player

    model = ClientModel(limits=Limits(players=100, games_listed=50))
    model.upsert_players(Player(f"p{i}") for i in range(250))
    assert len(model.players) == 100 and "p249" in model.players and "p0" not in model.players
    model.replace_players(Player(f"q{i}") for i in range(300))
    assert len(model.players) == 100 and "q299" in model.players
    model.upsert_games(GameSummary(n, f"w{n}", "", f"b{n}", "") for n in range(1, 121))
    assert len(model.games) == 50 and 120 in model.games and 1 not in model.games
    model.replace_games(GameSummary(n, "w", "", "b", "") for n in range(500, 700))
    assert len(model.games) == 50 and 699 in model.games
    model.apply(ch.LimitsSet(Limits(players=10)))
    model.upsert_players([Player("newcomer")])
    assert len(model.players) == 10


def test_game_chat_and_sync_notes_are_capped_and_autosave_still_sees_new_lines(
    tmp_path: Path,
) -> None:
    from igs_tui.archive.autosave import AutoSaver
    from igs_tui.go import Color, Point
    from igs_tui.model import Kibitz, MoveRecord

    model = ClientModel(limits=Limits(chat_lines=30))
    saver = AutoSaver(model, tmp_path)
    model.follow(5, size=9, white="w", black="b")
    model.apply(ch.MoveAdded(5, MoveRecord(1, Color.BLACK, Point(2, 2))))
    for n in range(150):
        model.apply(ch.SyncError(5, f"note {n}"))
    for n in range(100):  # (each one saved at once: no event loop here)
        model.apply(ch.GameChat(5, Kibitz(f"k{n % 7}", "", f"kibitz {n}", 0)))
    game = model.followed[5]
    assert len(game.kibitzes) <= 30 and game.kibitzes[-1].text == "kibitz 99"
    assert len(game.sync_errors) == 100 and game.sync_errors[-1] == "note 149"
    assert game.chat_added == 100
    path = saver.path_for(5)
    assert path is not None
    written = saver.writes
    model.apply(ch.GameChat(5, Kibitz("late", "", "one more", 0)))  # the list stays at its cap
    assert saver.writes == written + 1 and "one more" in path.read_text()


def test_open_challenges_are_capped() -> None:
    from igs_tui.model import Challenge
    from igs_tui.model.terms import MatchTerms

    model = ClientModel()
    for n in range(500):
        model.add_challenge(Challenge(MatchTerms(f"c{n}"), incoming=True))
    assert len(model.challenges) == 100 and "c499" in model.challenges


def test_a_huge_line_costs_at_most_the_text_kept() -> None:
    """A line may be 64 KB (the line splitter's cap): a list of 10,000 of them must not keep
    640 MB. Chat messages and console lines keep TEXT_KEPT characters and say they were cut."""
    from igs_tui.model import ConsoleLine
    from igs_tui.model.limits import TEXT_KEPT

    model = ClientModel()
    huge = "x" * 65_536
    model.add_chat(BufferKey(ChatKind.SHOUT), "flooder", huge)
    model.add_console(huge, "unknown")
    model.apply(ch.ConsoleLinesAdded((ConsoleLine(huge, "42 user"), ConsoleLine("short", "9"))))
    kept = [model.buffers[BufferKey(ChatKind.SHOUT)].messages[-1].text]
    kept += [line.text for line in list(model.console)[-3:-1]]
    assert all(len(text) == TEXT_KEPT + 1 and text.endswith("…") for text in kept)
    assert model.console[-1].text == "short"
