"""Automatch (``63``), stored games (``18``) and rooms read from the server's lines (#14)."""

from __future__ import annotations

from igs_tui.backends.igs.protocol import commands as cmd
from igs_tui.backends.igs.protocol.events import (
    Info,
    Prompt,
    SeekCancelled,
    SeekEntered,
    SeekList,
    SeekMatched,
    SeekRefused,
    SeekSetup,
    SeekSetups,
    Unknown,
)
from igs_tui.backends.igs.protocol.replies import RoomEntry, read_rooms, read_stored
from igs_tui.backends.igs.protocol.state import ReplyTracker
from tests.protocol.helpers import parse


def test_the_setup_list_is_one_event() -> None:
    got = parse(
        [
            "63 CONFIG_LIST_START 2",
            "63 CONFIG_LIST 0 60 600 25 0 0",
            "63 CONFIG_LIST 1 60 420 25 0 0",
            "63 CONFIG_LIST_END",
        ]
    )
    assert got == [SeekSetups((SeekSetup(0, 60, 600, 25), SeekSetup(1, 60, 420, 25)))]


def test_entry_cancel_match_and_errors() -> None:
    assert parse("63 ENTRY 60 900 25 0 0 19 0 0 0") == [SeekEntered(19, "60 900 25 0 0 19 0 0 0")]
    assert parse("63 ENTRY_CANCEL") == [SeekCancelled()]
    assert parse("63 OPPONENT_FOUND wtapen") == [SeekMatched("wtapen")]
    assert parse("63 ERROR You are currently playing a game of some kind.") == [
        SeekRefused("You are currently playing a game of some kind.")
    ]
    assert parse("63 OK") == []
    # the seekers' list (bernds/q5Go src/parser.cpp:2094-2100) is one event at its end
    assert parse(["63 ENTRY_LIST_START 0", "63 ENTRY_LIST_END"]) == [SeekList(())]
    assert parse("63 ENTRY_LIST_BOGUS 5") == [Unknown(63, "ENTRY_LIST_BOGUS 5")]


def test_hostile_seek_lines_never_raise() -> None:
    assert parse("63 CONFIG_LIST 9999999999 60 600 25") == [
        Unknown(63, "CONFIG_LIST 9999999999 60 600 25")
    ]
    assert parse("63 ENTRY 1 2 3 4 5 99999999999") == [SeekEntered(None, "1 2 3 4 5 99999999999")]
    too_many = ["63 CONFIG_LIST_START 1"] + ["63 CONFIG_LIST 0 1 2 3 0 0"] * 80
    (setups,) = parse([*too_many, "63 CONFIG_LIST_END"])
    assert isinstance(setups, SeekSetups) and len(setups.setups) == 50


def test_opponent_found_is_unsolicited_but_answers_a_seek() -> None:
    tracker = ReplyTracker()
    tracker.written(1, cmd.stats("carol"), 0.0)
    for event in (SeekMatched("bob"), SeekCancelled()):
        assert tracker.feed(event) == []
    assert tracker.feed(Prompt(6)) == []  # an interjection, not the answer to stats
    assert [c.line for _seq, c in tracker.outstanding] == ["stats carol"]
    tracker = ReplyTracker()
    tracker.written(1, cmd.seek_cancel(), 0.0)
    tracker.feed(SeekCancelled())
    (reply,) = tracker.feed(Prompt(5))
    assert reply.command.line == "seek entry_cancel" and reply.events == (SeekCancelled(),)


def test_commands() -> None:
    assert cmd.seek_setups().line == "seek config_list"
    assert cmd.seek_entry(0, 19, 3, 3).line == "seek entry 0 19 3 3 0"
    assert cmd.seek_cancel().line == "seek entry_cancel"
    assert cmd.stored().line == "stored"
    assert cmd.rooms().line == "room"
    assert cmd.free().line == "free" and cmd.unfree(3).line == "unfree 3"
    assert cmd.teach().line == "teach"
    for bad in ((-1, 19), (0, 1), (0, 19, 10)):
        try:
            cmd.seek_entry(*bad)
        except ValueError:
            continue
        raise AssertionError(f"seek_entry{bad} should be refused")


def test_stored_names_from_code_18_lines() -> None:
    events = parse(["18 Found 3 stored games.", "18 alice-bob    carol-alice", "18 dave-alice"])
    assert read_stored(events) == ("alice-bob", "carol-alice", "dave-alice")
    assert read_stored(parse("18 Found 0 stored games.")) == ()
    assert read_stored(parse("5 Cannot find player x.")) is None
    # NNGS words it in code 9
    assert read_stored([Info("Stored games for alice:"), Info("   alice-bob")]) == ("alice-bob",)
    hostile = parse("18 " + " ".join(f"a{i}-b{i}" for i in range(900)) + " x-[b] -- a-")
    assert len(read_stored(hostile) or ()) == 500


def test_rooms_from_numbered_lines() -> None:
    events = parse(
        [
            "9 Room Name                 Users",
            "9    0 Lobby                    12",
            "9   2 Tournament",
        ]
    )
    assert read_rooms(events) == (RoomEntry(0, "Lobby", 12), RoomEntry(2, "Tournament", None))
    assert read_rooms(parse("9    1 Free chat   3")) == (RoomEntry(1, "Free chat", 3),)
    assert read_rooms(parse("5 room: Unknown command.")) is None
