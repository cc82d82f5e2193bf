"""Issue 30's away message end to end over real TCP on 127.0.0.1: the app, logged in to the
embedded server, answers a player's tells with the away message once; the player receives
it as a tell; coming back shows who was answered."""

from __future__ import annotations

from pathlib import Path

from igs_tui.model import BufferKey, ChatKind
from igs_tui.ui.chat.chat_pane import ChatPane
from tests.e2e.test_app_local_server import log_in_locally, make_app, wait_for
from tests.play.harness import join
from tests.polling import quit_by_keys
from tests.ui.shell_helpers import log_lines


async def test_tells_while_away_are_answered_once_over_tcp(tmp_path: Path) -> None:
    app, model, connector = make_app(tmp_path)
    try:
        async with app.run_test(size=(120, 40)) as pilot:
            await log_in_locally(app, pilot, model)
            me = model.me
            port = connector.embedded_server.port
            assert port is not None
            bob = await join(port, "bob")
            try:
                await pilot.press("f5")
                await pilot.pause()
                chat = app.screen.query_one(ChatPane)
                chat.input.focus()
                await pilot.press(*"/away at the dentist", "enter")
                await pilot.pause()
                bob.backend.tell(me, "are you there?")
                bob.backend.tell(me, "hello?")
                mine = BufferKey(ChatKind.TELL, me)
                await wait_for(pilot, lambda: mine in bob.model.buffers)
                theirs = BufferKey(ChatKind.TELL, "bob")
                # bob's two tells and the one reply (the server does not echo; we do)
                await wait_for(
                    pilot,
                    lambda: theirs in model.buffers and len(model.buffers[theirs].messages) >= 3,
                )
                # a line of ours after the replies: once bob has it, he has any reply too
                chat.input.value = "/tell bob marker"
                await pilot.press("enter")

                def received() -> list[str]:
                    return [m.text for m in bob.model.buffers[mine].messages if m.kind != "own"]

                await wait_for(pilot, lambda: "marker" in received())
                assert received() == ["at the dentist", "marker"]  # once, though bob wrote twice
                chat.input.value = "/away"
                await pilot.press("enter")
                await wait_for(
                    pilot,
                    lambda: any(
                        "bob: are you there? (+1 more)" in line
                        for line in log_lines(chat.log_widget)
                    ),
                )
            finally:
                await bob.client.close()
                bob.task.cancel()
            await quit_by_keys(app)
    finally:
        await connector.close()
