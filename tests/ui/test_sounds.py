"""Per-event sounds and the mute switch: what rings the bell, kept in config.json (#14 item 10)."""

from __future__ import annotations

import json
import stat
from pathlib import Path

from igs_tui.model import BufferKey, ChatKind, ClientModel
from igs_tui.model import changes as ch
from igs_tui.ui.main.sounds import SoundSettings, SoundsScreen, event_of, load_sounds, save_sounds
from tests.ui.fakes import RecordingBackend
from tests.ui.shell_helpers import make_app
from tests.ui.test_game_support import new_model
from tests.ui.test_ingame_support import AssistApp, own_game, script, settle

COMPACT = (80, 24)


def test_settings_from_json_keep_defaults_for_what_is_missing_or_malformed(tmp_path: Path) -> None:
    settings = SoundSettings.from_json({"muted": "yes", "tell": False, "move": 1, "bogus": False})
    assert settings.muted is False  # not a boolean: default
    assert settings.rings("tell") is False
    assert settings.rings("move") is False  # default off; 1 is not a boolean
    assert settings.rings("match") and settings.rings("no-such-event")  # as "other"
    assert SoundSettings.from_json(["not", "a", "dict"]) == SoundSettings()
    settings.enabled["move"] = True
    settings.muted = True
    assert not any(settings.rings(e) for e in ("tell", "move", "match"))
    path = save_sounds(settings, tmp_path / "cfg")
    assert stat.S_IMODE(path.stat().st_mode) == 0o600
    assert stat.S_IMODE(path.parent.stat().st_mode) == 0o700
    assert load_sounds(tmp_path / "cfg") == settings


def test_notification_kinds_map_to_events() -> None:
    assert [event_of(k) for k in ("tell", "komi", "adjourn", "channel", "friend", "x")] == [
        "tell",
        "request",
        "request",
        "chat",
        "friend",
        "other",
    ]


async def test_mute_key_silences_every_bell_and_is_remembered(tmp_path: Path) -> None:
    model = ClientModel()
    model.me = "me"
    app, _ = make_app(model, config_dir=tmp_path)
    bells: list[str] = []
    app.bell = lambda: bells.append("ding")  # type: ignore[method-assign]
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "one", notify=True)
        await pilot.pause()
        assert bells == ["ding"]
        await pilot.press("alt+m")
        await pilot.pause()
        assert app.sounds.muted
        model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "two", notify=True)
        model.notify("match", "Match request from bob", "19x19")
        await pilot.pause()
        assert bells == ["ding"]
        assert json.loads((tmp_path / "config.json").read_text())["sounds"]["muted"] is True
        await pilot.press("alt+m")
        await pilot.pause()
        model.notify("match", "Match request from bob", "19x19")
        await pilot.pause()
        assert bells == ["ding", "ding"]
    assert load_sounds(tmp_path).muted is False


async def test_sounds_screen_turns_one_event_off(tmp_path: Path) -> None:
    model = ClientModel()
    model.me = "me"
    app, _ = make_app(model, config_dir=tmp_path)
    bells: list[str] = []
    app.bell = lambda: bells.append("ding")  # type: ignore[method-assign]
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_sounds()
        await pilot.pause()
        assert isinstance(app.screen, SoundsScreen)
        await pilot.press("down", "space")  # the first event after "mute": tells
        await pilot.press("escape")
        await pilot.pause()
        assert not isinstance(app.screen, SoundsScreen)
        model.add_chat(BufferKey(ChatKind.TELL, "alice"), "alice", "quiet", notify=True)
        await pilot.pause()
        assert bells == []
        model.notify("friend", "bob logged on", "A friend is online.")
        await pilot.pause()
        assert bells == ["ding"]
    assert load_sounds(tmp_path).enabled["tell"] is False
    assert load_sounds(tmp_path).enabled["friend"] is True


async def test_the_focused_row_keeps_its_label_visible(tmp_path: Path) -> None:
    """A focused Checkbox gets a tall border from Textual; in a one-row list that border ate
    the row, so the line the cursor was on showed no words at all."""
    from textual.widgets import Checkbox

    model = ClientModel()
    app, _ = make_app(model, config_dir=tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.show_sounds()
        await pilot.pause()
        for _ in range(2):
            focused = app.focused
            assert isinstance(focused, Checkbox)
            assert focused.content_region.height == 1
            assert str(focused.label) in "".join(segment.text for segment in focused.render_line(0))
            await pilot.press("down")


async def test_opponents_move_rings_when_chosen_and_our_own_never() -> None:
    model, _clock = new_model()
    app = AssistApp(model, RecordingBackend())
    app.sounds = SoundSettings()
    async with app.run_test(size=(100, 30)) as pilot:
        own_game(model, moves=script(9, "C3"))  # we are Black
        await settle(pilot)
        model.apply(ch.MoveAdded(21, script(9, "C3", "E5")[1]))  # White (the opponent) moves
        await settle(pilot)
        assert app.bells == 0  # "my opponent moved" is off by default
        app.sounds.enabled["move"] = True
        model.apply(ch.MoveAdded(21, script(9, "C3", "E5", "D4")[2]))  # our own move
        await settle(pilot)
        assert app.bells == 0
        model.apply(ch.MoveAdded(21, script(9, "C3", "E5", "D4", "F6")[3]))
        await settle(pilot)
        assert app.bells == 1
