"""Chat: slash commands and plain text per buffer type, history, completion, unread, logs."""

from __future__ import annotations

import os
import stat
from pathlib import Path

import pytest
from textual.widgets import OptionList, Static

from igs_tui.model import BufferKey, ChatKind, ClientModel, GameSummary, Player, Role
from igs_tui.ui.chat.chat_commands import COMMAND_HELP, ChatRunner
from igs_tui.ui.chat.chat_complete import Completer, candidates_for
from igs_tui.ui.chat.chat_log import ChatLogger, log_file_name
from igs_tui.ui.chat.chat_pane import ChatPane
from tests.polling import wait_until
from tests.ui.fakes import RecordingBackend
from tests.ui.shell_helpers import (
    COMPACT,
    log_lines,
    main_screen,
    make_app,
    open_chat,
    send_line,
)

TELL = BufferKey(ChatKind.TELL, "alice")
GAME = BufferKey(ChatKind.GAME, "12")
CHANNEL = BufferKey(ChatKind.CHANNEL, "7")
SHOUT = BufferKey(ChatKind.SHOUT)
SYSTEM = BufferKey(ChatKind.SYSTEM)


def runner(echo_own: bool = False) -> tuple[ChatRunner, RecordingBackend, ClientModel]:
    model = ClientModel()
    model.me = "me"
    backend = RecordingBackend()
    return ChatRunner(model, backend, echo_own=echo_own), backend, model


@pytest.mark.parametrize(
    ("line", "current", "call"),
    [
        ("/tell bob hello there", None, ("tell", ("bob", "hello there"))),
        ("/msg bob hi", SHOUT, ("tell", ("bob", "hi"))),
        ("/observe 12", None, ("observe", (12,))),
        ("/observe #12", None, ("observe", (12,))),
        ("/unobserve 12", None, ("close_game", (12,))),
        ("/unobserve", GAME, ("close_game", (12,))),
        ("/who", None, ("refresh_players", ())),
        ("/games", None, ("refresh_games", ())),
        ("/join 7", None, ("join_channel", ("7",))),
        ("/yell hello all", CHANNEL, ("yell", ("7", "hello all"))),
        ("/shout anyone?", None, ("shout", ("anyone?",))),
        ("/say good game", GAME, ("say", (12, "good game"))),
        ("/kibitz nice move", GAME, ("kibitz", (12, "nice move"))),
        ("/quote toggle quiet true", None, ("send_raw", ("toggle quiet true",))),
        ("/QUOTE who", None, ("send_raw", ("who",))),
        # plain text goes to the current buffer's target
        ("hi alice", TELL, ("tell", ("alice", "hi alice"))),
        ("hi channel", CHANNEL, ("yell", ("7", "hi channel"))),
        ("hi all", SHOUT, ("shout", ("hi all",))),
        ("looks good for black", GAME, ("kibitz", (12, "looks good for black"))),
        ("//not a command", TELL, ("tell", ("alice", "/not a command"))),
    ],
)
def test_commands_call_the_right_backend_intent(
    line: str, current: BufferKey | None, call: tuple[str, tuple[object, ...]]
) -> None:
    run, backend, _ = runner()
    outcome = run.run(line, current)
    assert outcome.error is None
    assert [(c.name, c.args) for c in backend.calls] == [call]


def test_plain_text_in_own_game_is_say() -> None:
    run, backend, model = runner()
    model.follow(12, role=Role.PLAYING_BLACK, size=19)
    run.run("sorry, misclick", GAME)
    assert backend.named("say") == [(12, "sorry, misclick")]


@pytest.mark.parametrize(
    ("line", "current", "error"),
    [
        ("/tell bob", None, "usage: /tell"),
        ("/observe twelve", None, "usage: /observe"),
        ("/yell hi", TELL, "channel buffer"),
        ("/say hi", TELL, "game buffer"),
        ("/kibitz hi", SHOUT, "game buffer"),
        ("/frobnicate", None, "unknown command /frobnicate"),
        ("hello", SYSTEM, "no one to talk to"),
        ("hello", None, "no one to talk to"),
        ("/quote", None, "usage: /quote"),
    ],
)
def test_bad_lines_report_errors_and_send_nothing(
    line: str, current: BufferKey | None, error: str
) -> None:
    run, backend, _ = runner()
    outcome = run.run(line, current)
    assert outcome.error is not None and error in outcome.error
    assert backend.calls == []


def test_no_echo_by_default_since_the_backend_echoes() -> None:
    run, backend, model = runner()
    run.run("/tell bob hi", None)
    assert backend.named("tell") == [("bob", "hi")]
    assert BufferKey(ChatKind.TELL, "bob") not in model.buffers  # nothing echoed


def test_outcomes_and_own_echo() -> None:
    run, _, model = runner(echo_own=True)
    assert run.run("/tell bob hi", None).open_buffer == BufferKey(ChatKind.TELL, "bob")
    assert [m.text for m in model.buffers[BufferKey(ChatKind.TELL, "bob")].messages] == ["hi"]
    assert model.buffers[BufferKey(ChatKind.TELL, "bob")].unread == 0  # own lines are read
    assert run.run("/who", None).pane == "players"
    assert run.run("/games", None).pane == "games"
    assert run.run("/observe 3", None).pane == "board"
    assert run.run("/join 7", None).open_buffer == CHANNEL
    notes = run.run("/help", None).notes
    assert all(any(line.startswith(cmd) for line in notes) for cmd in COMMAND_HELP)


def test_completion_candidates() -> None:
    names = ["alice", "Alfred", "bob"]
    assert candidates_for("/ob", True, names, []) == ["/observe"]
    assert candidates_for("/ob", False, names, []) == []  # commands only start a line
    assert candidates_for("al", False, names, []) == ["Alfred", "alice"]
    assert candidates_for("1", False, names, [12, 3, 15, 12]) == ["12", "15"]
    assert candidates_for("#1", False, names, [12]) == ["#12"]


def test_completer_cycles_through_matches() -> None:
    completer = Completer(lambda: ["alice", "alfred"], lambda: [])
    assert completer.complete("/tell al", 8) == ("/tell alfred ", 13)
    assert completer.complete("/tell alfred ", 13) == ("/tell alice ", 12)
    assert completer.complete("/tell alice ", 12) == ("/tell alfred ", 13)
    assert completer.complete("zz", 2) is None


def chat_model() -> ClientModel:
    model = ClientModel()
    model.me = "me"
    model.replace_players([Player("alice"), Player("albert"), Player("bob")])
    model.replace_games([GameSummary(12, "w", "1d", "b", "1d")])
    model.add_chat(TELL, "alice", "first")
    model.add_chat(GAME, "bob", "kibitz text", kind="kibitz")
    return model


async def test_chat_pane_input_history_completion_and_buffers() -> None:
    model = chat_model()
    app, backend = make_app(model, echo_own=True)  # the fake backend does not echo
    async with app.run_test(size=COMPACT) as pilot:
        chat = await open_chat(app, pilot)
        assert chat.current == TELL
        assert any("<alice> first" in line for line in log_lines(chat.log_widget))
        assert model.buffers[TELL].unread == 0  # shown on screen = read
        assert model.buffers[GAME].unread == 1

        await pilot.press(*"hello", "enter")
        await pilot.pause()
        assert backend.named("tell") == [("alice", "hello")]
        assert any("<me> hello" in line for line in log_lines(chat.log_widget))

        await pilot.press(*"/tell al", "tab")
        assert chat.input.value == "/tell albert "
        await pilot.press("tab")
        assert chat.input.value == "/tell alice "
        chat.input.insert_text_at_cursor("again")
        await pilot.press("enter")
        await pilot.pause()
        assert backend.named("tell")[-1] == ("alice", "again")

        await pilot.press("up")
        assert chat.input.value == "/tell alice again"
        await pilot.press("up")
        assert chat.input.value == "hello"
        await pilot.press("down", "down")
        assert chat.input.value == ""

        await pilot.press("ctrl+n")  # next buffer: the game
        await pilot.pause()
        assert chat.current == GAME
        assert model.buffers[GAME].unread == 0
        await send_line(pilot, chat, "/kibitz nice")
        assert backend.named("kibitz") == [(12, "nice")]

        await send_line(pilot, chat, "/who")
        assert main_screen(app).active == "players"


async def test_unread_markers_and_highlight_when_mentioned() -> None:
    model = chat_model()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        chat = await open_chat(app, pilot)
        model.add_chat(SHOUT, "carol", "is me around?")  # mentions our name
        model.add_chat(SHOUT, "dave", "hello")
        await pilot.pause()
        options = chat.query_one("#chat-buffers", OptionList)
        labels = [str(options.get_option_at_index(i).prompt) for i in range(options.option_count)]
        assert labels == ["alice", "#12 1", "shout 2"]
        shout = model.buffers[SHOUT]
        assert shout.unread == 2 and shout.highlighted
        # the current buffer is still alice's
        assert not any("carol" in line for line in log_lines(chat.log_widget))
        options.highlighted = 2
        options.action_select()
        await pilot.pause()
        assert chat.current == SHOUT
        assert shout.unread == 0 and not shout.highlighted
        lines = log_lines(chat.log_widget)
        assert any("<carol> is me around?" in line for line in lines)


def test_chat_logs_append_plain_text_per_buffer(tmp_path: Path) -> None:
    model = ClientModel()
    logger = ChatLogger(model, tmp_path)
    model.add_chat(TELL, "alice", "one")
    model.add_chat(TELL, "alice", "two\x1b[31m red\x07")
    model.add_chat(BufferKey(ChatKind.TELL, "../../etc/passwd"), "x", "sneaky")
    logger.close()
    model.add_chat(TELL, "alice", "after close")
    text = (tmp_path / "tell-alice.log").read_text()
    assert text.count("\n") == 2
    assert "<alice> one" in text and "<alice> two red" in text and "\x1b" not in text
    assert (
        log_file_name(BufferKey(ChatKind.TELL, "../../etc/passwd")) == "tell-______etc_passwd.log"
    )
    assert sorted(p.name for p in tmp_path.iterdir()) == [
        "tell-______etc_passwd.log",
        "tell-alice.log",
    ]


def test_chat_log_failure_disables_logging_without_raising(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("not a directory")
    model = ClientModel()
    logger = ChatLogger(model, blocker / "logs")
    model.add_chat(TELL, "alice", "hello")  # must not raise
    assert logger.error.startswith("chat logging stopped")
    model.add_chat(TELL, "alice", "again")


async def test_ctrl_r_replies_to_the_latest_tell() -> None:
    model = chat_model()
    model.add_chat(BufferKey(ChatKind.TELL, "zoe"), "zoe", "psst")
    model.add_chat(SHOUT, "carol", "later shout")
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        chat = await open_chat(app, pilot)
        assert chat.current == TELL
        await pilot.press("alt+r")
        await pilot.pause()
        assert chat.current == BufferKey(ChatKind.TELL, "zoe")


async def test_long_lines_wrap_at_the_visible_width_of_a_side_pane() -> None:
    """RichLog's default min_width (78) would render wider than a side pane and clip words."""
    model = chat_model()
    words = [f"word{i:02d}" for i in range(40)]
    model.add_chat(TELL, "alice", " ".join(words))
    model.follow(7, white="ann", black="bob")  # a game: the board has its column beside
    app, _ = make_app(model)
    async with app.run_test(size=(160, 48)) as pilot:
        await pilot.pause()
        await pilot.press("f5")
        await pilot.pause()
        await pilot.pause()
        chat = app.screen.query_one(ChatPane)
        log = chat.log_widget
        width = log.scrollable_content_region.width
        assert 0 < width < 78
        lines = log_lines(log)
        assert all(len(line.rstrip()) <= width for line in lines)
        shown = " ".join(lines)
        assert all(word in shown for word in words)


def test_chat_logs_are_private_and_never_hold_the_password(tmp_path: Path) -> None:
    """Logs hold private tells: 0600 files in a 0700 directory, also when an older version
    left them wider; the session's password is redacted as in the transcript."""
    logs = tmp_path / "logs"
    logs.mkdir(mode=0o755)
    os.chmod(logs, 0o755)
    old = logs / "tell-alice.log"
    old.write_text("older line\n")
    os.chmod(old, 0o644)
    model = ClientModel()
    logger = ChatLogger(model, logs)
    logger.set_secret("hunter2", "me")
    model.add_chat(TELL, "me", "my password is hunter2, oops", kind="own")
    model.add_chat(BufferKey(ChatKind.SHOUT), "me", "hunter2", kind="own")
    model.add_chat(TELL, "alice", "hunter22")  # a long password is redacted inside words too
    assert stat.S_IMODE(os.stat(logs).st_mode) == 0o700
    for path in logs.iterdir():
        assert stat.S_IMODE(os.stat(path).st_mode) == 0o600, path
        assert "hunter2," not in path.read_text() and "hunter2\n" not in path.read_text()
    assert "my password is ********, oops" in old.read_text()
    assert "<alice> ********2\n" in old.read_text()
    assert (logs / "shout.log").read_text().endswith("<me> ********\n")


def test_a_password_equal_to_the_name_does_not_mask_the_name(tmp_path: Path) -> None:
    """The demo accounts' password is the name: masking it would hide the user's own name in
    every line while protecting nothing (the same rule as the session transcript)."""
    model = ClientModel()
    logger = ChatLogger(model, tmp_path)
    logger.set_secret("alice", "alice")
    model.add_chat(TELL, "alice", "hi from alice")
    assert "<alice> hi from alice" in (tmp_path / "tell-alice.log").read_text()


async def test_a_flood_of_tells_is_one_counting_toast() -> None:
    model = ClientModel()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        for i in range(12):
            key = BufferKey(ChatKind.TELL, f"spam{i % 3}")
            model.add_chat(key, key.target, f"buy {i}", notify=True)
            if i % 4 == 3:
                await pilot.pause()  # the flood arrives over several frames
        model.notify("match", "Match request from ivy", "9x9")  # answers are never folded
        await pilot.pause()
        await pilot.pause()
        toasts = list(app._notifications)
        titles = [t.title for t in toasts]
        assert titles.count("12 new tells") == 1 and len(toasts) == 2, titles
        counting = next(t for t in toasts if t.title == "12 new tells")
        assert counting.message == "spam2: buy 11" and counting.markup is False
        assert "Match request from ivy" in titles


async def test_a_tell_read_since_its_toast_is_not_counted_as_new() -> None:
    model = ClientModel()
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        key = BufferKey(ChatKind.TELL, "ann")
        model.add_chat(key, "ann", "are you there?", notify=True)
        await pilot.pause()
        model.mark_read(key)  # the user opened ann's tells and read it
        model.add_chat(key, "ann", "ping", notify=True)
        await pilot.pause()
        await pilot.pause()
        titles = [t.title for t in app._notifications]
        assert "2 new tells" not in titles, titles
        assert titles[-1] == "ann"  # the one unread tell, shown as itself
        model.add_chat(BufferKey(ChatKind.TELL, "bob"), "bob", "hi", notify=True)
        await pilot.pause()
        await pilot.pause()
        assert [t.title for t in app._notifications][-1] == "2 new tells"  # both unread


def test_away_command_sets_and_clears_the_message() -> None:
    run, backend, _ = runner()
    outcome = run.run("/away gone for tea", None)
    assert outcome.error is None and run.away.message == "gone for tea"
    assert any("gone for tea" in note for note in outcome.notes)
    run.away.reply_to("alice", "hi", "me")
    back = run.run("/away", None)
    assert back.notes == ["Back: the away message answered 1 player(s)", "  alice: hi"]
    assert not run.away.away
    assert run.run("/away", None).error == "usage: /away TEXT (you are not away)"
    assert backend.calls == []  # setting the message sends nothing


async def test_tells_while_away_get_one_reply_per_sender_and_the_summary_on_return() -> None:
    model = chat_model()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        chat = await open_chat(app, pilot)
        await send_line(pilot, chat, "/away back in ten minutes")
        status = str(app.screen.query_one("#status-text", Static).content)
        assert "away (/away: back)" in status
        model.add_chat(TELL, "alice", "are you there?", notify=True)
        model.add_chat(TELL, "alice", "hello??", notify=True)
        model.add_chat(BufferKey(ChatKind.TELL, "bob"), "bob", "game?", notify=True)
        model.add_chat(SHOUT, "carol", "a shout is not a tell")
        model.add_chat(TELL, "me", "my own line", kind="own")
        await pilot.pause()
        assert backend.named("tell") == [
            ("alice", "back in ten minutes"),
            ("bob", "back in ten minutes"),
        ]
        await send_line(pilot, chat, "/away")
        lines = log_lines(chat.log_widget)
        assert any("answered 2 player(s)" in line for line in lines)
        assert any("alice: are you there? (+1 more)" in line for line in lines)
        model.add_chat(TELL, "alice", "back?", notify=True)
        await pilot.pause()
        assert len(backend.named("tell")) == 2  # back: no more replies
        assert "away" not in str(app.screen.query_one("#status-text", Static).content)


async def test_away_from_the_palette() -> None:
    model = chat_model()
    app, backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        await pilot.pause()
        app.ask_away()
        await pilot.pause()
        await pilot.press(*"at dinner", "enter")
        await pilot.pause()
        assert app.away.message == "at dinner"
        model.add_chat(TELL, "alice", "hi", notify=True)
        await pilot.pause()
        assert backend.named("tell") == [("alice", "at dinner")]
        app.come_back()
        await pilot.pause()
        assert not app.away.away
        assert any("alice: hi" in str(n.message) for n in app._notifications)


async def test_a_flood_of_new_tellers_never_takes_away_the_buffer_on_screen() -> None:
    """Issue 26: buffers are capped (``Limits.buffers``). Tells from forty new names keep
    five buffers, and the conversation on screen is one of them (the pane tells the model
    which one it shows); the pane lists only what is kept, and the histories it read for
    dropped buffers go with them."""
    from igs_tui.model import Limits

    model = ClientModel(limits=Limits(buffers=5))
    model.me = "me"
    first = BufferKey(ChatKind.TELL, "friend")
    model.add_chat(first, "friend", "hello")
    model.add_chat(BufferKey(ChatKind.TELL, "other"), "other", "hi")
    app, _backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        chat = await open_chat(app, pilot)
        chat.switch_to(BufferKey(ChatKind.TELL, "other"))  # its history is read, then dropped
        chat.switch_to(first)
        await pilot.pause()
        for n in range(40):
            model.add_chat(BufferKey(ChatKind.TELL, f"spam{n}"), f"spam{n}", "buy gold")
        await pilot.pause()
        await pilot.pause()
        assert len(model.buffers) == 5 and first in model.buffers
        assert chat.current == first
        assert any("<friend> hello" in line for line in log_lines(chat.log_widget))
        assert len(chat._keys) == 5 and set(chat._history) <= set(model.buffers)


async def test_a_long_buffer_list_catches_up_after_a_flood() -> None:
    """Beyond FEW_BUFFERS the list is listed again at most every LIST_INTERVAL (listing 200
    buffers per frame made a flood of new tellers 15 times slower); it still ends up
    listing every buffer kept."""
    from igs_tui.ui.chat.chat_pane import FEW_BUFFERS

    model = ClientModel()
    model.me = "me"
    model.add_chat(BufferKey(ChatKind.TELL, "friend"), "friend", "hello")
    app, _backend = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        chat = await open_chat(app, pilot)
        for n in range(FEW_BUFFERS + 30):
            model.add_chat(BufferKey(ChatKind.TELL, f"t{n}"), f"t{n}", "hi")
            await pilot.pause()
        await wait_until(lambda: chat._keys == list(model.buffers), what="the whole list")
        options = chat.query_one("#chat-buffers", OptionList)
        assert options.option_count == len(model.buffers) == FEW_BUFFERS + 31


async def test_a_game_buffer_starts_again_for_a_new_game_under_its_number() -> None:
    """Game numbers are reused: the chat pane showing game 12's buffer shows none of the old
    game's lines once a new game 12 is followed (the model restarts the buffer), and the
    buffer keeps its place in the list."""
    model = chat_model()
    model.follow(12, white="w", black="b")
    model.add_chat(GAME, "bob", "about the old game", kind="kibitz")
    app, _ = make_app(model)
    async with app.run_test(size=COMPACT) as pilot:
        chat = await open_chat(app, pilot)
        chat.switch_to(GAME)
        await pilot.pause()
        assert any("about the old game" in line for line in log_lines(chat.log_widget))
        model.game_ended(12, "B+R")
        model.follow(12, white="x", black="y")  # the next game 12
        model.add_chat(GAME, "carol", "a new game", kind="kibitz")
        await pilot.pause()
        lines = log_lines(chat.log_widget)
        assert any("a new game" in line for line in lines)
        assert not any("old game" in line or "kibitz text" in line for line in lines)
        assert list(model.buffers) == [TELL, GAME]


def test_each_game_under_a_number_has_a_log_of_its_own(tmp_path: Path) -> None:
    """``game-12.log`` mixed every game numbered 12 (found on the embedded server: an
    automatch game showed the previous game's lines): a game's log is named by its number
    and the time of its first line, and a new game under the number starts a new log."""
    model = ClientModel()
    logger = ChatLogger(model, tmp_path)
    model.follow(12, white="w", black="b")
    model.add_chat(GAME, "bob", "first game")
    model.game_ended(12, "W+R")
    model.follow(12, white="x", black="y")
    model.add_chat(GAME, "bob", "second game")
    logger.close()
    logs = sorted(tmp_path.glob("game-12-*.log"))
    assert len(logs) == 2 and not (tmp_path / "game-12.log").exists()
    texts = sorted(p.read_text() for p in logs)
    assert "first game" in texts[0] and "second game" not in texts[0]
    assert "second game" in texts[1] and "first game" not in texts[1]
