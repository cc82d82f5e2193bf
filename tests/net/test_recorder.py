"""SessionRecorder: transcript lines, password redaction, file permissions and naming."""

from __future__ import annotations

import errno
import io
import os
import stat
from datetime import UTC, datetime
from pathlib import Path

import pytest

from igs_tui.backends.igs.net.recorder import REDACTED, SessionRecorder, TranscriptFormat
from igs_tui.backends.igs.protocol.transcript import read_transcript

# The protocol package's format: header "# igs-tui transcript 1", "< " received, "> " sent.
FMT = TranscriptFormat.default()
NOW = datetime(2026, 11, 22, 23, 5, 9, tzinfo=UTC)
PASSWORD = "s3cr3t pw"


def make(tmp_path: Path, server: str = "igs.joyjoy.net:6969") -> SessionRecorder:
    return SessionRecorder.create(
        server, password=PASSWORD, directory=tmp_path / "sessions", now=NOW, fmt=FMT
    )


def test_transcript_lines_in_order(tmp_path: Path) -> None:
    with make(tmp_path) as recorder:
        recorder.received("Login: ")
        recorder.sent("alice")
        recorder.received("1 5")
        recorder.comment("reconnect\nattempt 1")
    assert recorder.path.read_text(encoding="utf-8").splitlines() == [
        "# igs-tui transcript 1",
        "< Login: ",
        "> alice",
        "< 1 5",
        "# reconnect\\nattempt 1",  # the protocol format escapes line breaks
    ]


def test_a_read_of_several_lines_is_recorded_as_those_lines_and_arms_redaction(
    tmp_path: Path,
) -> None:
    """The client records each read from the server at once (one flush), before handling it."""
    with make(tmp_path) as recorder:
        recorder.received_all(["Login: "])
        recorder.sent("alice")
        recorder.received_all(["9 stray", "1 1", f"9 echo {PASSWORD}"])
        recorder.sent("typed-password")
    lines = recorder.path.read_text(encoding="utf-8").splitlines()
    assert lines[1:4] == ["< Login: ", "> alice", "< 9 stray"]
    assert lines[4] == "< 1 1" and PASSWORD not in lines[5] and lines[-1] == f"> {REDACTED}"


@pytest.mark.parametrize("prompt", ["Password: ", "1 1"])
def test_password_answer_is_redacted(tmp_path: Path, prompt: str) -> None:
    with make(tmp_path) as recorder:
        recorder.received("Login: ")
        recorder.sent("alice")
        recorder.received(prompt)
        recorder.received("9 some stray line")
        recorder.sent("hunter2-typo")  # whatever answers the prompt is the password
        recorder.sent("toggle client on")
    lines = recorder.path.read_text(encoding="utf-8").splitlines()
    assert f"> {REDACTED}" in lines
    assert "hunter2-typo" not in recorder.path.read_text(encoding="utf-8")
    assert lines[-1] == "> toggle client on"


def test_password_never_written_anywhere(tmp_path: Path) -> None:
    with make(tmp_path) as recorder:
        recorder.received("Password: ")
        recorder.sent(PASSWORD)
        recorder.sent(f"password {PASSWORD} newpass")
        recorder.sent(f"tell bob {PASSWORD}")
        recorder.received(f"24 *bob*: did you say {PASSWORD}?")
        recorder.comment(f"login with {PASSWORD}")
    text = recorder.path.read_text(encoding="utf-8")
    assert PASSWORD not in text
    assert "> password ******** newpass" in text


def test_short_password_redacted_only_outside_words(tmp_path: Path) -> None:
    recorder = SessionRecorder.create("x", password="go", directory=tmp_path, now=NOW, fmt=FMT)
    recorder.sent("tell bob go go? gopher")
    recorder.close()
    assert recorder.path.read_text().splitlines()[-1] == "> tell bob ******** ********? gopher"


def test_transcript_reads_back_with_protocol_reader(tmp_path: Path) -> None:
    with make(tmp_path) as recorder:
        recorder.received("Password: ")
        recorder.sent(PASSWORD)
        recorder.received("1 5")
    with recorder.path.open(encoding="utf-8") as stream:
        assert list(read_transcript(stream, strict=True)) == [
            ("<", "Password: "),
            (">", REDACTED),
            ("<", "1 5"),
        ]


def test_file_mode_0600_and_dir_created(tmp_path: Path) -> None:
    recorder = make(tmp_path)
    recorder.close()
    assert recorder.path.parent == tmp_path / "sessions"
    assert stat.S_IMODE(recorder.path.stat().st_mode) == 0o600
    assert stat.S_IMODE(recorder.path.parent.stat().st_mode) == 0o700


def test_name_has_timestamp_and_safe_server(tmp_path: Path) -> None:
    first = make(tmp_path, "igs.joyjoy.net:6969")
    second = make(tmp_path, "igs.joyjoy.net:6969")
    odd = make(tmp_path, "../../etc/passwd")
    for recorder in (first, second, odd):
        recorder.close()
    assert first.path.name == "20261122T230509Z-igs.joyjoy.net_6969.log"
    assert second.path.name == "20261122T230509Z-igs.joyjoy.net_6969-1.log"
    assert odd.path.parent == tmp_path / "sessions"
    assert "/" not in odd.path.name and ".._" in odd.path.name


def test_writes_after_close_are_ignored(tmp_path: Path) -> None:
    recorder = make(tmp_path)
    recorder.close()
    recorder.received("late")
    recorder.close()
    assert "late" not in recorder.path.read_text()


def test_unwritable_directory_raises_oserror(tmp_path: Path) -> None:
    blocker = tmp_path / "file"
    blocker.write_text("")
    with pytest.raises(OSError):
        SessionRecorder.create("x", password=None, directory=blocker / "sub", fmt=FMT)


def test_default_directory_is_user_data_dir(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    import platformdirs

    from igs_tui.backends.igs.net import recorder as recorder_module

    assert recorder_module.default_sessions_dir() == (
        Path(platformdirs.user_data_dir("igs-tui")) / "sessions"
    )
    monkeypatch.setattr(platformdirs, "user_data_dir", lambda app: str(tmp_path / app))
    recorder = SessionRecorder.create("x", password=None, now=NOW, fmt=FMT)
    recorder.close()
    assert recorder.path.parent == tmp_path / "igs-tui" / "sessions"


class FullDisk(io.StringIO):
    """A transcript stream on a disk that fills up after ``room`` writes."""

    def __init__(self, room: int) -> None:
        super().__init__()
        self.room = room

    def write(self, text: str) -> int:
        if self.room <= 0:
            raise OSError(errno.ENOSPC, "No space left on device")
        self.room -= 1
        return super().write(text)


def test_a_full_disk_stops_the_transcript_not_the_caller(
    tmp_path: Path, caplog: pytest.LogCaptureFixture
) -> None:
    stream = FullDisk(room=2)
    recorder = SessionRecorder(stream, tmp_path / "t.log", password=PASSWORD, fmt=FMT)
    recorder.received("1 5")
    recorder.received("9 the disk is full now")  # raised OSError out of the recorder before
    recorder.sent("who")
    recorder.comment("still going")
    recorder.close()
    assert stream.closed
    assert "recording stopped" in caplog.text and "No space left" in caplog.text


def test_transcripts_go_on_in_new_files_and_the_oldest_are_deleted(tmp_path: Path) -> None:
    """Issue 26: a flooding server filled the disk through the transcript. Past its size a
    transcript goes on in a new file (with the header again, and where it began); past the
    folder's size the oldest transcripts go, never the one being written; told once."""
    from igs_tui.disk_caps import DiskCaps

    old = tmp_path / "20200101T000000Z-old.log"
    old.write_text("# an old session\n" * 100)
    os.utime(old, (1_000_000, 1_000_000))
    told: list[str] = []
    caps = DiskCaps(file_bytes=3000, dir_bytes=10_000, files=50)
    recorder = SessionRecorder.create(
        "igs.example:6969", password="hunter2", directory=tmp_path, caps=caps, notice=told.append
    )
    first = recorder.path
    for n in range(400):
        recorder.received(f"24 *flooder*: line {n} hunter2")
    recorder.close()
    files = sorted(tmp_path.iterdir())
    assert not old.exists() and not first.exists()  # the oldest went first
    assert sum(p.stat().st_size for p in files) <= 10_000
    assert all(p.stat().st_size <= 3000 for p in files)
    newest = recorder.path.read_text()
    assert recorder.path != first and recorder.path.name.startswith(first.stem + "-")
    assert newest.splitlines()[0] == TranscriptFormat.default().header()
    assert "continued from" in newest and "line 399 " in newest and "hunter2" not in newest
    assert len(told) == 1 and "oldest are deleted first" in told[0]
    assert all(stat.S_IMODE(p.stat().st_mode) == 0o600 for p in files)
