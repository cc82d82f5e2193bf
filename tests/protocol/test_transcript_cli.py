"""Transcript format and `igs-tui parse` on a recorded session."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from igs_tui.apps.parse_cli import run_parse_cli
from igs_tui.backends.igs.protocol.transcript import (
    HEADER,
    TranscriptError,
    format_comment,
    format_received,
    format_sent,
    format_transcript_header,
    read_transcript,
)

DATA = Path(__file__).parent / "data"


def test_format_and_read_round_trip() -> None:
    lines = [
        format_transcript_header(),
        format_comment("connected"),
        format_received("Login: "),
        format_sent("bob"),
        format_received(""),
        format_received("24 *a*: x"),
    ]
    assert lines[0] == HEADER == "# igs-tui transcript 1"
    assert list(read_transcript(lines)) == [
        ("<", "Login: "),
        (">", "bob"),
        ("<", ""),
        ("<", "24 *a*: x"),
    ]


def test_newlines_inside_a_line_cannot_split_it() -> None:
    assert "\n" not in format_received("a\nb") and "\r" not in format_sent("a\rb")


def test_file_without_header_is_raw_server_output() -> None:
    assert list(read_transcript(["1 5\n", "> not a sent line\r\n"])) == [
        ("<", "1 5"),
        ("<", "> not a sent line"),
    ]


def test_malformed_line_strict_and_lenient() -> None:
    lines = [HEADER, "< ok", "garbage"]
    assert list(read_transcript(lines))[-1] == ("<", "garbage")
    with pytest.raises(TranscriptError, match="line 3"):
        list(read_transcript(lines, strict=True))


def test_empty_input() -> None:
    assert list(read_transcript([])) == []


def test_recorded_session_gives_exact_json(capsys: pytest.CaptureFixture[str]) -> None:
    assert run_parse_cli(str(DATA / "session1.transcript")) == 0
    out = capsys.readouterr().out
    expected = (DATA / "session1.jsonl").read_text(encoding="utf-8")
    assert out == expected
    records = [json.loads(line) for line in out.splitlines()]
    assert all(next(iter(r)) == "type" for r in records)
    assert {
        "type": "move",
        "game": 693,
        "number": 1,
        "color": "W",
        "point": "O17",
        "captures": [],
        "handicap": None,
    } in records
    # sent lines (including the redacted password) are not parsed as server output
    assert not any(r.get("text") == "********" for r in records)


def test_unreadable_file_exits_1(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    assert run_parse_cli(str(tmp_path / "missing.txt")) == 1
    captured = capsys.readouterr()
    assert "cannot read" in captured.err and captured.out == ""
    assert run_parse_cli(str(tmp_path)) == 1  # a directory


def test_invalid_utf8_is_replaced_not_fatal(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    path = tmp_path / "raw.txt"
    path.write_bytes(b"24 *kim*: \xb0\xa1\xff\n1 5\n")
    assert run_parse_cli(str(path)) == 0
    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert first["type"] == "tell" and first["name"] == "kim" and "\ufffd" in first["text"]


def test_stdin_via_the_cli_entry_point() -> None:
    result = subprocess.run(
        [sys.executable, "-m", "igs_tui", "parse", "-"],
        input=b"9 yes\n1 5\n",
        capture_output=True,
        check=False,
        timeout=60,
    )
    assert result.returncode == 0, result.stderr
    assert [json.loads(x) for x in result.stdout.decode().splitlines()] == [
        {"type": "ayt"},
        {"type": "prompt", "state": 5},
    ]
