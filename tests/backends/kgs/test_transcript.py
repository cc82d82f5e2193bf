"""A KGS session's transcript: each JSON message on one line, ours and the server's, with the
password out of it however JSON would spell it."""

from __future__ import annotations

import json

from igs_tui.backends.kgs.transcript import HEADER, JsonTranscript


class Lines:
    """Stands in for the file writer (SessionRecorder): what would be written."""

    def __init__(self) -> None:
        self.lines: list[tuple[str, str]] = []
        self.closed = False

    def received(self, line: str) -> None:
        self.lines.append(("<", line))

    def sent(self, line: str) -> None:
        self.lines.append((">", line))

    def comment(self, text: str) -> None:
        self.lines.append(("#", text))

    def close(self) -> None:
        self.closed = True


def test_messages_are_one_json_line_each_and_the_password_never_appears() -> None:
    password = 'pä"s\\wörd'  # JSON escapes the quote and the backslash
    out = Lines()
    transcript = JsonTranscript(out, password=password, username="alice")
    transcript.sent({"type": "LOGIN", "name": "alice", "password": password, "locale": "en_US"})
    transcript.received({"type": "LOGIN_SUCCESS", "you": {"name": "alice"}})
    transcript.sent({"type": "CHAT", "channelId": 5, "text": f"oops {password} typed"})
    transcript.received({"type": "CHAT", "channelId": 5, "text": f"echo: {password}\nline 2"})
    transcript.received(["not", "an", "object", password])
    transcript.note(f"link lost ({password})")
    transcript.close()
    assert out.closed
    written = "\n".join(text for _, text in out.lines)
    assert password not in written
    assert json.dumps(password) not in written and json.dumps(password)[1:-1] not in written
    assert [kind for kind, _ in out.lines] == [">", "<", ">", "<", "<", "#"]
    login = json.loads(out.lines[0][1])
    assert login == {"type": "LOGIN", "name": "alice", "password": "********", "locale": "en_US"}
    assert json.loads(out.lines[1][1]) == {"type": "LOGIN_SUCCESS", "you": {"name": "alice"}}
    assert json.loads(out.lines[2][1])["text"] == "oops ******** typed"
    assert json.loads(out.lines[3][1])["text"] == "echo: ********\nline 2"
    assert all("\n" not in text for _, text in out.lines)
    assert json.loads(out.lines[4][1])[3] == "********"
    assert HEADER.startswith("#")


def test_a_guest_without_a_password_is_written_as_is() -> None:
    out = Lines()
    transcript = JsonTranscript(out, password="", username="guest1")
    transcript.sent({"type": "LOGIN", "name": "guest1", "password": "", "locale": "en_US"})
    assert json.loads(out.lines[0][1])["password"] == ""


def test_a_message_nested_too_deep_to_write_is_named_not_raised() -> None:
    out = Lines()
    deep: object = "x"
    for _ in range(100_000):
        deep = [deep]
    JsonTranscript(out, password="pw").received(deep)
    assert out.lines == [("<", '{"unrecorded":"RecursionError"}')]
