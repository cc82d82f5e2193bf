"""The UI asks a backend what it can do: what is missing is left out or refused with the
backend's reason, and nothing is sent (no "not available" stubs in any backend)."""

from __future__ import annotations

from typing import Any

import pytest

from igs_tui.backends.offline import OfflineBackend
from igs_tui.model import BufferKey, ChatKind, ClientModel, Role
from igs_tui.model.away import AwayReplies
from igs_tui.model.terms import MatchTerms
from igs_tui.ui.app import IgsApp
from igs_tui.ui.chat.chat_commands import ChatRunner
from igs_tui.ui.game.game_panel import GamesPanel
from igs_tui.ui.main.commands import IgsCommands
from igs_tui.ui.play.play_match_dialog import check_with_backend
from igs_tui.ui.play.play_toggles import OwnFlags
from tests.ui.fakes import RecordingBackend
from tests.ui.test_game_support import PanelApp, new_model

GAME = BufferKey(ChatKind.GAME, "12")


async def settle(pilot: Any) -> None:
    for _ in range(3):
        await pilot.pause()


@pytest.mark.parametrize(
    ("line", "current", "lacking", "refusal"),
    [
        ("/tell bob hi", None, "messaging", "Tells"),
        ("/shout hello", None, "messaging", "Shouts"),
        ("/observe 5", None, "observing", "Observing"),
        ("/who", None, "listing", "The player list"),
        ("/games", None, "listing", "The game list"),
        ("/join 7", None, "channels", "Channels"),
        ("/quote who", None, "console", "Raw commands"),
        ("/kibitz nice", GAME, "observing", "Kibitzes"),
    ],
)
def test_chat_command_without_its_capability_is_refused_and_not_sent(
    line: str, current: BufferKey | None, lacking: str, refusal: str
) -> None:
    model = ClientModel()
    backend = RecordingBackend(lacking=frozenset({lacking}))
    outcome = ChatRunner(model, backend).run(line, current)
    assert outcome.error == f"{refusal}: not offered by this fake."
    assert backend.calls == []


def test_flags_and_match_terms_need_matching() -> None:
    backend = RecordingBackend(lacking=frozenset({"matching"}))
    flags = OwnFlags()
    assert (
        flags.set(backend, "open", True, ClientModel())
        == "The open for matches flag: not offered by this fake."
    )
    assert check_with_backend(backend, MatchTerms("bob")) == "Challenges: not offered by this fake."
    assert backend.calls == [] and "open" not in flags.requested
    # with the capability, the backend's own check decides
    assert check_with_backend(RecordingBackend(), MatchTerms("bob")) is None


def test_the_palette_leaves_out_what_the_backend_lacks() -> None:
    class Actions:
        model = ClientModel()
        backend = RecordingBackend(lacking=frozenset({"listing", "matching", "observing"}))
        away = AwayReplies()

        def __getattr__(self, name: str) -> Any:
            return lambda *args: None  # show_pane, open_chat, action_help, ...

    provider = IgsCommands.__new__(IgsCommands)
    actions = Actions()
    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(IgsCommands, "actions", property(lambda _self: actions))
        names = [text for text, _command, _help in provider._fixed()]
        hits = provider._argument_hits("observe 12") + provider._argument_hits("match bob")
    assert not any(n.startswith(("Who", "Games", "Challenge", "Open for")) for n in names)
    assert "Shout buffer" in names and "Help: keys and commands" in names
    assert "Finished games" in names
    assert "Away message…" in names and "Back: stop away replies" not in names
    assert hits == []


async def test_game_keys_of_a_missing_capability_leave_the_footer() -> None:
    model, _ = new_model()
    full, partial = RecordingBackend(), RecordingBackend(lacking=frozenset({"adjourning"}))
    for backend, offered in ((full, True), (partial, False)):
        app = PanelApp(model, backend)
        async with app.run_test(size=(130, 45)) as pilot:
            model.follow(4, white="me", black="b", size=9, role=Role.PLAYING_WHITE)
            await settle(pilot)
            view = app.query_one(GamesPanel).view(4)
            assert view.check_action("adjourn", ()) is offered
            assert view.check_action("resign", ()) is True
            view.action_adjourn()  # a key press that still reaches it is refused in the view
            await settle(pilot)
            if not offered:
                assert view.message == "Adjourning: not offered by this fake."
        model.unfollow(4)
    assert partial.calls == []


async def test_offline_app_says_not_connected_instead_of_sending() -> None:
    model = ClientModel()
    app = IgsApp(model, OfflineBackend())
    async with app.run_test(size=(120, 40)) as pilot:
        await settle(pilot)
        app.challenge("bob")
        await settle(pilot)
        texts = [str(n.message) for n in app._notifications]
        assert texts[-1] == "Challenges: not connected."
        assert not any(type(s).__name__ == "MatchDialog" for s in app.screen_stack)
