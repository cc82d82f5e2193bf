"""A buffer's chat history is read back from its log after a restart (#16)."""

from __future__ import annotations

import io
from pathlib import Path

import pytest

from igs_tui.model import BufferKey, ChatKind, ClientModel
from igs_tui.model import changes as ch
from igs_tui.ui.chat.chat_history import (
    LoggedLine,
    history_line,
    parse_log_line,
    read_history,
    tail_lines,
)
from igs_tui.ui.chat.chat_log import ChatLogger
from igs_tui.ui.chat.chat_pane import ChatPane
from tests.ui.shell_helpers import COMPACT, log_lines, make_app

ALICE = BufferKey(ChatKind.TELL, "alice")
CHANNEL = BufferKey(ChatKind.CHANNEL, "5")
GAME = BufferKey(ChatKind.GAME, "12")


def earlier_session(directory: Path, lines: int = 120) -> None:
    """A session that chatted with alice (and in channel 5, and game 12), then ended."""
    model = ClientModel()
    logger = ChatLogger(model, directory)
    model.set_connection(user="me")
    for n in range(lines):
        model.add_chat(ALICE, "alice" if n % 2 else "me", f"line {n}", kind="message")
    model.add_chat(CHANNEL, "", "Welcome to channel 5", kind="notice")
    model.add_chat(CHANNEL, "bob", "[b]not bold[/b] \x1b[31mred?")
    model.add_chat(GAME, "bob", "nice move", kind="kibitz")
    logger.close()


def test_lines_written_by_the_logger_parse_back() -> None:
    assert parse_log_line("2026-11-02 21:15:03 <alice> hi there\n") == LoggedLine(
        "2026-11-02", "21:15", "alice", "hi there"
    )
    assert parse_log_line("2026-11-02 21:15:03 <bob> (kibitz) nice") == LoggedLine(
        "2026-11-02", "21:15", "bob", "(kibitz) nice"
    )
    assert parse_log_line("2026-11-02 21:15:03 -- alice joined") == LoggedLine(
        "2026-11-02", "21:15", "", "alice joined", notice=True
    )
    assert parse_log_line("2026-11-02 21:15:03 <> ") == LoggedLine("2026-11-02", "21:15", "", "")


@pytest.mark.parametrize(
    "line",
    [
        "",
        "garbage",
        "2026-11-02 <alice> no time",
        "21:15:03 <alice> no date",
        "2026-11-02 21:15:03 alice no brackets",
        "2026-11-02 21:15:03 <alice",
        "2026-1x-02 21:15:03 <alice> bad date",
        "\x00\xff\xfe",
    ],
)
def test_malformed_lines_are_skipped(line: str) -> None:
    assert parse_log_line(line) is None


def test_history_is_the_tail_of_a_real_log(tmp_path: Path) -> None:
    earlier_session(tmp_path)
    logger = ChatLogger(ClientModel(), tmp_path)  # the next run
    history = logger.history(ALICE, 50)
    assert [line.text for line in history] == [f"line {n}" for n in range(70, 120)]
    assert history[-1].author == "alice" and history[-2].author == "me"
    notice, message = logger.history(CHANNEL)
    assert notice.notice and notice.text == "Welcome to channel 5"
    assert message.author == "bob"
    assert logger.history(BufferKey(ChatKind.TELL, "nobody")) == []


def test_only_the_tail_is_read(tmp_path: Path) -> None:
    """A huge log costs one small read from its end, never the whole file."""

    class CountingStream(io.BytesIO):
        read_bytes = 0

        def read(self, size: int | None = -1) -> bytes:
            data = super().read(size)
            CountingStream.read_bytes += len(data)
            return data

    line = b"2026-11-02 21:15:03 <alice> " + b"x" * 70 + b"\n"
    body = line * 100_000  # 10 MB
    stream = CountingStream(body)
    lines = tail_lines(stream, 50, len(body))
    assert lines == [line.rstrip(b"\n")] * 50
    assert CountingStream.read_bytes <= 16 * 1024
    # one line longer than the cap: nothing is read past it
    stream = CountingStream(b"y" * 1_000_000)
    assert tail_lines(stream, 50, 1_000_000, max_bytes=64 * 1024) == []
    assert CountingStream.read_bytes <= 16 * 1024 + 64 * 1024


def test_a_torn_or_binary_log_gives_only_its_good_lines(tmp_path: Path) -> None:
    log = tmp_path / "tell-alice.log"
    log.write_bytes(
        b"\xff\xfe\x00garbage\n"
        b"2026-11-02 21:15:03 <alice> good \xe4\xbd\xa0\xe5\xa5\xbd\n"
        b"2026-11-02 21:15:04 <alice> bad utf8 \xff here\n"
        b"2026-11-02 21:15:05 <ali"  # torn by a crash
    )
    texts = [line.text for line in read_history(log)]
    assert texts == ["good 你好", "bad utf8 \ufffd here"]
    assert read_history(tmp_path / "missing.log") == []
    assert read_history(tmp_path) == []  # a directory: not a log


def test_history_excludes_what_this_session_logged(tmp_path: Path) -> None:
    """The lines of this session are the buffer's messages, not history; after a logout they
    are history for the next session."""
    earlier_session(tmp_path, lines=4)
    model = ClientModel()
    logger = ChatLogger(model, tmp_path)
    model.add_chat(ALICE, "alice", "today")
    assert [line.text for line in logger.history(ALICE)] == [f"line {n}" for n in range(4)]
    model.apply(ch.SessionEnded())
    assert logger.history(ALICE)[-1].text == "today"


def test_history_is_shown_as_plain_dim_text() -> None:
    line = history_line(LoggedLine("2026-11-02", "21:15", "bob", "[b]x[/b] \x1b[31mred"))
    assert line.plain == "11-02 21:15 <bob> [b]x[/b] red"
    assert str(line.style) == "dim" and not line.spans


async def test_an_opened_buffer_shows_its_history_above_new_lines(tmp_path: Path) -> None:
    earlier_session(tmp_path)
    model = ClientModel()
    app, _backend = make_app(model, chat_log_dir=tmp_path)
    async with app.run_test(size=COMPACT) as pilot:
        model.add_chat(ALICE, "alice", "back again")
        await pilot.press("f5")
        await pilot.pause()
        chat = app.screen.query_one(ChatPane)
        chat.switch_to(ALICE)
        await pilot.pause()
        lines = log_lines(chat.log_widget)
        joined = "\n".join(lines)
        assert "<me> line 70" in joined and "<alice> line 69" not in joined
        assert joined.index("line 119") < joined.index("from the chat log")
        assert joined.index("from the chat log") < joined.index("<alice> back again")
        assert joined.count("back again") == 1  # this session's line is not history too
        history = chat.history_of(ALICE)
        assert len(history) == 51 and all(str(t.style) == "dim" for t in history)

        chat.switch_to(CHANNEL)  # markup and escapes in a logged line stay text
        await pilot.pause()
        assert any("[b]not bold[/b] red?" in line for line in log_lines(chat.log_widget))

        chat.switch_to(GAME)  # game numbers are reused: no history
        await pilot.pause()
        assert not any("nice move" in line for line in log_lines(chat.log_widget))
