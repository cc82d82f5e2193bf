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
