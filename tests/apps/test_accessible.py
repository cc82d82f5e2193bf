"""The accessible mode: events as plain sentences, typed commands, and the whole program
driven through a pseudo-terminal as a screen reader's user would."""

from __future__ import annotations

import os
import pty
import re
import select
import subprocess
import sys
import time
from pathlib import Path

import pytest

from igs_tui.apps.accessible.narrator import Narrator, describe_result
from igs_tui.apps.accessible.shell import Shell
from igs_tui.go import Color, Point
from igs_tui.model import BufferKey, ChatKind, ClientModel, GamePhase, MoveRecord, Role
from igs_tui.model import changes as ch
from igs_tui.model.play import Challenge
from igs_tui.model.terms import MatchTerms
from tests.ui.fakes import RecordingBackend

REPO = Path(__file__).resolve().parents[2]


def heard() -> tuple[ClientModel, list[str]]:
    model = ClientModel()
    model.set_connection(user="me")
    lines: list[str] = []
    Narrator(model, lines.append)
    return model, lines


def test_moves_captures_passes_and_the_end_are_sentences() -> None:
    model, lines = heard()
    model.follow(5, white="ann", white_rank="2k", black="bob", black_rank="1k", size=9)
    # Black captures the white stone at A1: B1 and A2 black, then White A1 was played before
    moves = [
        (Color.BLACK, Point(1, 0)),  # B1
        (Color.WHITE, Point(0, 0)),  # A1
        (Color.BLACK, Point(0, 1)),  # A2 captures A1
        (Color.WHITE, None),
    ]
    for n, (color, point) in enumerate(moves, start=1):
        model.apply(ch.MoveAdded(5, MoveRecord(n, color, point)))
    model.apply(ch.MoveAdded(5, MoveRecord(4, Color.WHITE, None)))  # resent: nothing new
    model.apply(ch.MoveUndone(5))
    model.apply(ch.MoveAdded(5, MoveRecord(4, Color.WHITE, Point(8, 8))))  # a new move 4
    model.game_ended(5, "B+R")
    assert lines == [
        "Observing game 5: ann 2k (White) against bob 1k (Black), 9 by 9, komi 0.",
        "Game 5: Black plays B1.",
        "Game 5: White plays A1.",
        "Game 5: Black plays A2, captures 1.",
        "Game 5: White passes; 2 more passes end play.",  # IGS: three in a row end play
        "Game 5: a move was taken back; move 3 is the last.",
        "Game 5: White plays J9.",
        "Game 5 is over: Black wins by resignation.",
    ]


def test_chat_challenges_and_hostile_text_are_plain_sentences() -> None:
    model, lines = heard()
    model.add_chat(BufferKey(ChatKind.TELL, "bob"), "bob", "hi \x1b[31mthere\x07")
    model.add_chat(BufferKey(ChatKind.SHOUT), "ann", "[b]hello[/b]")
    model.add_chat(BufferKey(ChatKind.GAME, "5"), "cid", "nice", kind="kibitz")
    model.add_chat(BufferKey(ChatKind.TELL, "bob"), "me", "mine", kind="own")
    terms = MatchTerms("bob", Color.WHITE, 19, 0, 6.5, 600)
    model.add_challenge(Challenge(terms, incoming=True))
    assert lines == [
        "bob tells you: hi there",
        "ann shouts: [b]hello[/b]",
        "Game 5, cid kibitzes: nice",
        "bob challenges you: 19 by 19, you play White, 10 minutes. "
        "Type 'accept bob' or 'decline bob'.",
    ]


def test_results_read_naturally() -> None:
    assert describe_result("W+3.5") == "White wins by 3.5 points"
    assert describe_result("B+T") == "Black wins on time"
    assert describe_result("0") == "a draw"


def test_an_illegal_move_is_refused_with_its_reason_and_never_sent() -> None:
    model = ClientModel()
    model.set_connection(user="me")
    model.follow(7, role=Role.PLAYING_BLACK, white="bob", black="me", size=9)
    model.apply(ch.PhaseChanged(7, GamePhase.PLAYING))
    backend = RecordingBackend()
    said: list[str] = []
    shell = Shell(model, lambda: backend, said.append)
    shell.handle("e5")
    assert backend.named("play") == [(7, Point(4, 4))]
    model.apply(ch.MoveAdded(7, MoveRecord(1, Color.BLACK, Point(4, 4))))
    shell.handle("play c3")  # White's turn
    model.apply(ch.MoveAdded(7, MoveRecord(2, Color.WHITE, Point(2, 2))))
    shell.handle("play c3")
    shell.handle("play z99")
    assert said == [
        "C3 is not allowed: not your turn.",
        "C3 is not allowed: occupied.",
        "'z99' is not a point of a 9 board.",
    ]
    assert len(backend.named("play")) == 1
    said.clear()
    shell.handle("resign")
    assert backend.named("resign") == [] and said == [
        "Resign game 7? Type resign again to confirm."
    ]
    shell.handle("resign")
    assert backend.named("resign") == [(7,)]
    said.clear()
    shell.handle("board")
    assert said == [
        "Game 7, move 2, 2 stones on the board.",
        "Row 5: Black E5.",
        "Row 3: White C3.",
    ]
    said.clear()
    shell.handle("observe ²")  # a digit to str.isdigit, not to int()
    assert said == ["Which game? For example: observe 12."]
    said.clear()
    shell.handle("frobnicate")
    assert said == ["Unknown command 'frobnicate'. Type help."]
    said.clear()
    # game 7 is on: leaving is asked about first, and any other command forgets the question
    assert shell.handle("quit") is True
    assert said == [
        "You are playing game 7: if you leave, its clock runs on. Type quit again to leave."
    ]
    shell.handle("help")
    assert shell.handle("quit") is True
    assert shell.handle("quit") is False


def _read_until(fd: int, pattern: str, timeout: float = 30.0) -> str:
    """Output of the pty until ``pattern`` (a regex) appears; fails naming what came."""
    seen = b""
    deadline = time.monotonic() + timeout
    while not re.search(pattern, seen.decode("utf-8", "replace")):
        left = deadline - time.monotonic()
        assert left > 0, f"no {pattern!r} in {seen.decode('utf-8', 'replace')!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                break
            if not chunk:
                break
            seen += chunk
    return seen.decode("utf-8", "replace")


@pytest.mark.skipif(sys.platform == "win32", reason="needs a pty")
def test_the_program_through_a_pty_prints_plain_lines(tmp_path: Path) -> None:
    main, child = pty.openpty()
    env = {**os.environ, "XDG_CONFIG_HOME": str(tmp_path), "XDG_DATA_HOME": str(tmp_path)}
    proc = subprocess.Popen(
        [sys.executable, "-m", "igs_tui.cli", "--accessible", "--local"],
        stdin=child,
        stdout=child,
        stderr=child,
        cwd=REPO,
        env=env,
    )
    os.close(child)
    try:
        out = _read_until(main, r"Type help for the commands, quit to leave\.\r?\n")
        assert re.search(r"Connected to 127\.0\.0\.1:\d+ as guest\d+\.", out)
        assert "\x1b" not in out  # no colours, no cursor movement
        assert "Type messages to read them." in out  # the robot left a welcome message
        os.write(main, b"messages\n")
        out = _read_until(main, r"From igsbot \([^)]*\): Welcome[^\r\n]+\r?\n")
        assert "1 message:" in out
        os.write(main, b"play q16\n")
        out = _read_until(main, r"You are not playing a game\.\r?\n")
        os.write(main, b"tell igsbot hi\n")
        out = _read_until(main, r"igsbot tells you: [^\r\n]+\r?\n")
        assert "igsbot tells you: Hello! I am igsbot" in out
        os.write(main, b"quit\n")
        _read_until(main, r"Goodbye\.")
        assert proc.wait(timeout=15) == 0
    finally:
        if proc.poll() is None:
            proc.kill()
            proc.wait()
        os.close(main)


def test_the_accessible_mode_records_unless_told_not_to(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``--no-record``, or ``"record_sessions": false`` in config.json, writes no transcript
    (#16); there is no login form to untick."""
    import json

    from igs_tui.apps.accessible.main import accessible_connector

    monkeypatch.setattr("igs_tui.ui.settings.config_dir", lambda: tmp_path)
    assert accessible_connector(local=True).record is True
    assert accessible_connector(local=True, record=False).record is False
    (tmp_path / "config.json").write_text(json.dumps({"record_sessions": False}))
    assert accessible_connector(local=True).record is False


def test_a_kgs_game_is_announced_once_counted_after_its_second_pass_and_ends_once() -> None:
    """KGS ends play after two passes and says so after the second (GAME_STATE scoring); a
    game named before its board is announced once, when it is known; marks are confirmed
    once each with their whole chain; a result worded twice is said once; an observed game's
    moves are not read while we play."""
    model, lines = heard()
    model.apply(ch.PassesToEndSet(2))
    model.follow(3, white="ann", black="bob", size=9, komi=6.5)  # observed, known at once
    model.follow(8, role=Role.PLAYING_BLACK, white="kumobot", black="me")  # board not known
    assert lines == ["Observing game 3: ann (White) against bob (Black), 9 by 9, komi 6.5."]
    model.apply(ch.GameSetup(8, ch.SetupSource.PROPERTIES, 9, 0.5, 0))
    model.apply(ch.GameFollowed(8, Role.PLAYING_BLACK, size=9, komi=0.5))  # again: not said
    for n, point in enumerate([Point(2, 2), Point(3, 3), Point(2, 3)], start=1):
        model.apply(ch.MoveAdded(8, MoveRecord(n, Color.BLACK if n % 2 else Color.WHITE, point)))
    model.apply(ch.MoveAdded(3, MoveRecord(1, Color.BLACK, Point(4, 4))))  # observed: muted
    model.apply(ch.MoveAdded(3, MoveRecord(2, Color.WHITE, Point(5, 5))))
    model.apply(ch.MoveAdded(8, MoveRecord(4, Color.WHITE, None)))
    model.apply(ch.MoveAdded(8, MoveRecord(5, Color.BLACK, None)))
    model.apply(ch.PhaseChanged(8, GamePhase.SCORING))
    model.apply(ch.DeadStonesMarked(8, (Point(3, 3),)))
    model.apply(ch.DeadStonesMarked(8, (Point(3, 3),)))  # told again: said once
    model.apply(ch.DeadStonesUnmarked(8, (Point(3, 3),)))
    model.game_ended(8, "B+3.5")
    model.game_ended(8, "B+3.5")
    assert lines[1:] == [
        "Your game 8 against kumobot: you play Black, 9 by 9, komi 0.5.",
        "Game 8: Black plays C3.",
        "Game 8: White plays D4.",
        "Game 8: Black plays C4.",
        "Moves of observed games are not read while you play; type last 3 to hear game 3.",
        "Game 8: White passes; 1 more pass ends play.",
        "Game 8: Black passes.",
        "Game 8: play is over; counting. Mark each dead stone with 'dead Q16', hear the count "
        "with 'score', then type 'done'.",
        "Game 8: D4 marked dead (1 stone).",
        "Game 8: D4 marked alive again (1 stone).",
        "Game 8 is over: Black wins by 3.5 points.",
    ]


def test_refusals_name_who_refused() -> None:
    model, lines = heard()
    model.add_chat(
        BufferKey(ChatKind.SYSTEM), "server", "You cannot remove a liberty.", kind="error"
    )
    model.add_chat(BufferKey(ChatKind.SYSTEM), "igs-tui", "Cannot accept: gone.", kind="error")
    assert lines == [
        "Error from server: You cannot remove a liberty.",
        "Error from igs-tui: Cannot accept: gone.",
    ]


def test_requests_of_the_opponent_are_answered_by_typed_commands() -> None:
    """An undo, komi or adjourn request is said with the command that answers it in this
    mode (never the screen's ctrl+ keys), and the command sends the answer."""
    model, lines = heard()
    model.follow(7, role=Role.PLAYING_BLACK, white="bob", black="me", size=9, komi=6.5)
    backend = RecordingBackend()
    shell = Shell(model, lambda: backend, lines.append)
    lines.clear()
    model.apply(ch.UndoAsked(7, "bob"))
    model.notify("undo", "Undo requested", "bob requests undo")  # as the IGS adapter does
    shell.handle("undo yes")
    model.apply(ch.KomiProposed(7, 0.5))
    model.notify("komi", "bob proposes komi 0.5", "Press ctrl+k in the game to agree.")
    shell.handle("komi 0.5")
    shell.handle("komi nan")
    model.apply(ch.AdjournAsked(7, "bob"))
    shell.handle("adjourn")
    assert lines == [
        "Game 7: bob asks to take back the last move. Type 'undo yes' to allow it or "
        "'undo no' to refuse.",
        "Undo allowed.",
        "Game 7: your opponent proposes komi 0.5. Type 'komi 0.5' to agree.",
        "Which komi? For example: komi 6.5.",
        "Game 7: bob would like to adjourn. Type adjourn to agree (the game can be loaded "
        "again later).",
    ]
    assert not any("ctrl+" in line for line in lines)
    assert backend.named("answer_undo") == [(7, True)]
    assert backend.named("set_komi") == [(7, 0.5)]
    assert backend.named("adjourn") == [(7,)]
    lines.clear()
    model.apply(ch.UndoAsked(7, ""))  # the request is over (the move was taken back)
    shell.handle("undo no")
    assert lines == ["Nobody asked to take back a move in game 7."]


def test_an_observed_game_under_way_is_told_as_its_position_then_move_by_move() -> None:
    """Observing a game at move 3 (the games list says so): its earlier moves arrive at once
    and are said as one sentence, the moves after it one by one."""
    from igs_tui.model import GameSummary

    model, lines = heard()
    model.replace_games([GameSummary(4, "ann", "2k", "bob", "1k", moves=3, size=9, komi=6.5)])
    model.follow(4)
    for n, point in enumerate([Point(2, 2), Point(6, 6), Point(4, 4), Point(2, 6)], start=1):
        model.apply(ch.MoveAdded(4, MoveRecord(n, Color.BLACK if n % 2 else Color.WHITE, point)))
    assert lines == [
        "Observing game 4: ann 2k (White) against bob 1k (Black), 9 by 9, komi 6.5.",
        "Game 4 is at move 3: Black played E5; White to play.",
        "Game 4: White plays C7.",
    ]


def test_a_command_the_server_cannot_carry_out_says_so_and_sends_nothing() -> None:
    """A server without komi changes, adjournment or a mailbox (KGS has none of them): the
    shell says why, as the capabilities word it, and the backend is never asked."""
    model = ClientModel()
    model.set_connection(user="me")
    backend = RecordingBackend(lacking=frozenset({"adjusting", "adjourning", "mailbox"}))
    said: list[str] = []
    shell = Shell(model, lambda: backend, said.append)
    shell.handle("adjourn")
    assert said == ["You are not playing a game."]  # no game: nothing else is asked
    said.clear()
    model.follow(7, role=Role.PLAYING_BLACK, white="bob", black="me", size=9)
    for command in ("komi 0.5", "adjourn", "messages"):
        shell.handle(command)
    assert said == [
        "Komi: not offered by this fake.",
        "Adjourning: not offered by this fake.",
        "Messages: not offered by this fake.",
    ]
    assert backend.calls == []
