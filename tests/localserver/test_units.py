"""Unit tests without sockets: clocks, telnet filtering, line formats, fuzzed commands."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.go import Color, Point
from igs_tui.go.timecontrol import PlayerClock, TimeSystem
from igs_tui.localserver import lines
from igs_tui.localserver.config import AccountFileError, ServerConfig, load_accounts
from igs_tui.localserver.hub import Hub
from igs_tui.localserver.registry import ensure_loaded
from igs_tui.localserver.session import Session
from igs_tui.localserver.telnet import TelnetLineReader
from igs_tui.localserver.timecontrol import TimeControl, clock_view

# -- time control ---------------------------------------------------------------------------


def test_time_systems_from_nmatch_numbers() -> None:
    """Spec: ABSOLUTE sets only maintime; CANADIAN maintime, byotime, byomoves; ADVANCED
    JAPANESE byomoves 1 with koryocount/koryosec; BRONSTEIN maintime + prebyoyomi."""
    assert TimeControl(600).system is TimeSystem.ABSOLUTE
    assert TimeControl(600, 600, 25).system is TimeSystem.CANADIAN
    assert TimeControl(600, 30, 1, 5, 30).system is TimeSystem.JAPANESE
    assert TimeControl(600, prebyo=60).system is TimeSystem.BRONSTEIN
    assert TimeControl().system is TimeSystem.NONE
    assert TimeControl.from_match(75, 10) == TimeControl(4500, 600, 25)


def test_canadian_clock_enters_byoyomi_and_resets_period() -> None:
    clock = PlayerClock(TimeControl(60, 120, 2).settings)
    clock.start(0)
    assert clock.deadline() == 180
    timing = clock.stop(70)  # 60 s main + 10 s of the period
    assert timing.ok and timing.entered_byoyomi
    assert clock_view(clock, 70) == (110, 1, 1)
    clock.start(100)
    assert clock.stop(150).ok  # second stone of the period: a fresh period follows
    assert clock_view(clock, 150) == (120, 2, 1)
    clock.start(200)
    assert clock.expired(321) and not clock.expired(319)
    assert not clock.stop(321).ok


def test_absolute_and_bronstein_clocks() -> None:
    absolute = PlayerClock(TimeControl(60).settings)
    absolute.start(0)
    assert clock_view(absolute, 25) == (35, -1, 0)
    assert not absolute.stop(61).ok
    bronstein = PlayerClock(TimeControl(60, prebyo=10).settings)
    bronstein.start(0)
    assert bronstein.stop(8).ok and bronstein.main_left == 60  # within the delay: free
    bronstein.start(10)
    assert bronstein.stop(30).ok and bronstein.main_left == 50


def test_japanese_clock_uses_whole_periods_after_grace() -> None:
    clock = PlayerClock(TimeControl(0, 5, 1, 3, 30).settings)
    clock.start(0)
    assert clock.stop(4).ok and clock.periods_left == 3  # within the grace time
    clock.start(10)
    assert clock.stop(10 + 5 + 31).ok and clock.periods_left == 1  # 31 s over: two periods
    clock.start(100)
    assert clock.deadline() == 100 + 5 + 30
    assert not clock.stop(136).ok


def test_addtime_goes_to_main_or_period() -> None:
    clock = PlayerClock(TimeControl(60, 60, 5).settings)
    clock.add(120)
    assert clock.main_left == 180
    clock.start(0)
    clock.stop(200)
    clock.add(60)
    assert clock.in_byoyomi and clock.byo_left == 100


def test_unlimited_clock_never_expires() -> None:
    clock = PlayerClock(TimeControl().settings)
    clock.start(0)
    assert clock.deadline() is None and not clock.expired(10**9)
    assert clock.stop(10**9).ok


# -- telnet input ---------------------------------------------------------------------------


def test_iac_negotiation_is_answered_and_stripped() -> None:
    reader = TelnetLineReader()
    data = bytes([255, 253, 1, 255, 251, 3, 255, 250, 31, 0, 80, 255, 240]) + b"ab\xff\xffc\r\n"
    out, reply = reader.feed(data)
    assert out == ["ab\ufffdc"]  # 0xFF doubled is a literal byte (invalid UTF-8 here)
    assert reply == bytes([255, 252, 1, 255, 254, 3])
    assert reader.feed(bytes([255, 253, 1]))[1] == b""  # answered once only


@given(
    st.lists(st.sampled_from(["who", "tell bob hé", "", "D4 12", "ayt"]), max_size=8),
    st.sampled_from(["\r\n", "\n", "\r", "\r\x00"]),
    st.data(),
)
@settings(max_examples=200, deadline=None)
def test_lines_survive_any_packet_split(
    commands: list[str], ending: str, data: st.DataObject
) -> None:
    raw = "".join(c + ending for c in commands).encode("utf-8")
    cuts = sorted(data.draw(st.lists(st.integers(0, len(raw)), max_size=6)))
    reader = TelnetLineReader()
    got: list[str] = []
    start = 0
    for cut in [*cuts, len(raw)]:
        got.extend(reader.feed(raw[start:cut])[0])
        start = cut
    assert got == commands


# -- line formats ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("args", "expected"),
    [
        (
            ("isfadm02", "<None>", "Japan", "2k", 0, 0, None, None, 25, "QX"),
            "  isfadm02  <None>          Japan     2k    0/   0  -   -   25s    QX default",
        ),
        (
            ("livegw9", "<None>", "Japan", "NR", 0, 0, None, None, 60, "QX"),
            "   livegw9  <None>          Japan     NR    0/   0  -   -    1m    QX default",
        ),
        (
            ("supurinter", "<none>", "Japan", "9k*", 2788, 2844, None, None, 55, "QX"),
            "supurinter  <none>          Japan     9k* 2788/2844  -   -   55s    QX default",
        ),
        (
            ("NoGo16", "Fair play", "Germany", "11k*", 125, 99, None, None, 0, "-!"),
            "    NoGo16  Fair play       Germany  11k* 125/  99  -   -    0s    -! default",
        ),
    ],
)
def test_user_entries_exactly_as_spec(args: tuple[Any, ...], expected: str) -> None:
    """The spec's `user` output lines, reproduced column for column."""
    assert lines.format_user_entry(*args) == expected


def test_other_formats_exactly_as_spec() -> None:
    assert (
        lines.format_games_entry(4, "wari5", "6k*", "Spinserve", "6k*", 0, 19, 0, 0.5, 10, "I", 0)
        == "[ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)"
    )
    assert (
        lines.format_heading(475, "OmegaGo1", (0, 58, -1), "Soothie", (0, 19, -1))
        == "Game 475 I: OmegaGo1 (0 58 -1) vs Soothie (0 19 -1)"
    )
    assert lines.format_move_line(1, Color.WHITE, "B4") == "  1(W): B4"
    assert lines.format_move_line(90, Color.BLACK, "L16") == " 90(B): L16"
    assert (
        lines.format_time_line(475, "OmegaGo1", Color.WHITE, 0, 58, 60, 0, 600, 25, 25, 0, 0, 0, 0)
        == "TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0"
    )
    assert lines.format_gamerprops(475, 19, 0, 6.5) == "GAMERPROPS:475: 19 0 6.50"
    assert (
        lines.format_score_line("OmegaGo1", 6.5, "Soothie", 0.0)
        == "OmegaGo1 (W:O):  6.5 to Soothie (B:g):  0.0"
    )
    assert (
        lines.format_status_player("OmegaGo1", "17k", 0, 4497, 25, False, 6.5, 0)
        == "OmegaGo1 17k  0 4497 25 F 6.5 0"
    )
    assert lines.format_players_footer(823, 151) == (
        "                ******** 823 Players 151 Total Games ********"
    )
    assert lines.format_clock_text(7498, -1, False) == "124:58"
    assert lines.format_clock_text(529, 19, True) == "8:49 (B) 19"


def test_board_rows_are_columns_from_the_top() -> None:
    """In the spec's 22 example, row '1:' holds the stones at B3 (white) and B2 (black)."""
    rows = lines.format_board_rows(
        19, {Point(1, 2): Color.WHITE, Point(1, 1): Color.BLACK}, empty_digit="3"
    )
    assert rows[1] == " 1: 3333333333333333103"
    assert rows[0] == " 0: 3333333333333333333"
    assert rows[18] == "18: 3333333333333333333"


# -- accounts -------------------------------------------------------------------------------


def test_accounts_file(tmp_path: Path) -> None:
    good = tmp_path / "accounts.json"
    good.write_text(json.dumps([{"name": "zed", "password": "pw", "rank": "2d*"}]))
    (account,) = load_accounts(good)
    assert (account.name, account.password, account.rank) == ("zed", "pw", "2d*")
    bad = tmp_path / "bad.json"
    bad.write_text(json.dumps([{"name": "has space", "password": "x"}]))
    with pytest.raises(AccountFileError, match="entry 1: 'name'"):
        load_accounts(bad)
    broken = tmp_path / "broken.json"
    broken.write_text("[{")
    with pytest.raises(AccountFileError, match="cannot read accounts"):
        load_accounts(broken)


def test_module_main_reports_bad_accounts_file(tmp_path: Path) -> None:
    bad = tmp_path / "bad.json"
    bad.write_text("{}")
    result = subprocess.run(
        [sys.executable, "-m", "igs_tui.localserver", "--accounts", str(bad)],
        capture_output=True,
        text=True,
        timeout=30,
    )
    assert result.returncode == 1
    assert "expected a JSON list" in result.stderr


# -- fuzzing the command loop ---------------------------------------------------------------

WORDS = [
    "match",
    "nmatch",
    "toggle",
    "tell",
    "say",
    "observe",
    "undo",
    "done",
    "pass",
    "handicap",
    "D4",
    "T19",
    "Z99",
    "moves",
    "time",
    "status",
    "load",
    "addtime",
    "decline",
    "kibitz",
    "yell",
    "channel",
    "who",
    "user",
    "games",
    "resign",
    "adjourn",
    "undoplease",
    "noundo",
    "score",
    "withdraw",
    "stats",
    ".",
    ",",
    "^",
    "1",
    "-3",
    "bob",
    "igsbot",
    "N",
    "B",
    "W",
    "19",
    "0",
    "60",
    "é",
    "cancel",
    "#1",
    "unobserve",
]


@given(
    st.lists(
        st.lists(st.sampled_from(WORDS), min_size=1, max_size=11).map(" ".join),
        min_size=1,
        max_size=12,
    )
)
@settings(max_examples=300, deadline=None)
def test_random_commands_never_crash_and_always_end_in_a_prompt(commands: list[str]) -> None:
    ensure_loaded()
    hub = Hub(ServerConfig(bots=(), bot_games=0, broadcast=False, greeting_seconds=None))
    out: list[str] = []
    closed: list[bool] = []
    session = Session(hub, out.append, lambda: closed.append(True))
    session.start()
    session.handle_line("alice")
    session.handle_line("alice")
    session.handle_line("toggle client on")
    other = Session(hub, lambda _t: None, lambda: None)
    other.start()
    other.handle_line("bob")
    other.handle_line("bob")
    for command in commands:
        if command.split()[0] in ("quit", "exit", "login"):
            continue
        out.clear()
        session.handle_line(command)  # must not raise
        text = "".join(out)
        assert text == "" or text.endswith("\r\n")
        if text:
            assert text.rstrip("\r\n").rsplit("\r\n", 1)[-1].startswith("1 ")


async def test_module_main_prints_port_and_serves() -> None:
    """`python -m igs_tui.localserver --port 0` prints the port, then answers on it."""
    import asyncio
    import re

    proc = await asyncio.create_subprocess_exec(
        sys.executable,
        "-m",
        "igs_tui.localserver",
        "--port",
        "0",
        "--no-world",
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
    )
    try:
        assert proc.stdout is not None
        first = (await asyncio.wait_for(proc.stdout.readline(), 20)).decode()
        found = re.match(
            r"igs-tui local server listening on 127\.0\.0\.1 port (\d+)$", first.strip()
        )
        assert found, first
        reader, writer = await asyncio.open_connection("127.0.0.1", int(found.group(1)))
        data = b""
        while not data.endswith(b"Login: "):
            data += await asyncio.wait_for(reader.read(100), 10)
        writer.close()
    finally:
        proc.terminate()
        await proc.wait()
