"""NNGS's lines as typed events: every line issue #13 observed on NNGS 1.1.22.

The quoted lines are the spec of the NNGS dialect; each one used to reach the client as an
``unknown`` event or as the wrong event.
"""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.protocol.events import (
    AdjournRequest,
    Error,
    Event,
    GameEnd,
    GameHeading,
    GameStart,
    GuestNotice,
    KomiRequest,
    KomiSet,
    Move,
    Prompt,
    Say,
    ServerVersion,
    Shout,
    StrayPrompt,
    Unknown,
    UserHeader,
    UserRow,
)
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.readers import read_user_row
from igs_tui.go import Color
from igs_tui.localserver import lines as fmt


def parse(*lines: str) -> list[Event]:
    parser = IgsParser()
    out: list[Event] = []
    for line in lines:
        out.extend(parser.feed_line(line))
    return out + parser.flush()


def test_version_line_coded_and_uncoded() -> None:
    expected = ServerVersion("No Name Go Server (NNGS) version 1.1.22", "NNGS", "1.1.22")
    assert parse("39 No Name Go Server (NNGS) version 1.1.22") == [expected]
    assert parse("No Name Go Server (NNGS) version 1.1.22") == [expected]
    assert parse("39 Some Server version 2") == [
        ServerVersion("Some Server version 2", "Some Server", "2")
    ]
    assert parse("39 ") == [Unknown(39, "")]


def test_guest_login_text() -> None:
    notice = '"guest" is not a registered name.  You may play, but your games are not rated.'
    assert parse(notice, "This is a guest account.") == [
        GuestNotice(notice),
        GuestNotice("This is a guest account."),
    ]


def test_shout_and_say_without_stars() -> None:
    assert parse("21 alice -->> shout from alice") == [Shout("alice", "shout from alice")]
    assert parse("19 alice good game so far") == [Say(None, "alice", "good game so far")]
    assert parse("19 *bob*: hi") == [Say(None, "bob", "hi")]  # IGS's form still works
    assert parse("19 ") == [Unknown(19, "")]


def test_reloaded_game_heading_says_the_move_count() -> None:
    events = parse(
        "21 {Game 1: bob vs alice @ Move 3}",
        "15 Game 1 I: bob (0 599 -1) vs alice (0 599 -1)",
        "15   2(B): C3",
    )
    assert events[0] == GameStart(1, "bob", "", "alice", "", resumed=True, moves=3)
    assert isinstance(events[1], GameHeading)
    assert events[2] == Move(1, 2, Color.BLACK, "C3")
    assert parse("21 {Game 12: alpha vs beta @ Operation}") == [
        GameStart(12, "alpha", "", "beta", "", resumed=True)
    ]


def test_user_answer_is_a_code_9_table() -> None:
    events = parse(
        "9  Info     Name       Rank  19  9  Idle Rank Info",
        "9  -------- ---------- ---- --- --- ---- ---------------------------------",
        "9     -- -- alice       NR    0   0  0s  NR",
        "9  Q  --  5 hhhsss      2k*   0   0  1s  NR",
        "9 S!  3 -- carol       1d    4  18 30s  1d   teacher",
        "9 Thank you.",
        "1 5",
    )
    assert events[0] == UserHeader(" Info     Name       Rank  19  9  Idle Rank Info")
    assert events[1] == UserRow("alice", "NR", None, None, "0s", "", 0, 0)
    assert events[2] == UserRow("hhhsss", "2k*", None, 5, "1s", "Q", 0, 0)
    assert events[3] == UserRow("carol", "1d", 3, None, "30s", "S!", 4, 18, "teacher")
    assert events[4].type == "info"  # a line that is no row ends the table
    assert events[5] == Prompt(5)


def test_a_row_outside_the_table_is_plain_info() -> None:
    assert parse("9     -- -- alice       NR    0   0  0s  NR")[0].type == "info"


@pytest.mark.parametrize(
    ("flags", "observing", "playing"), [("--", None, None), ("QX", 3, 12), ("-!", None, 7)]
)
def test_user_rows_round_trip_with_the_local_server(
    flags: str, observing: int | None, playing: int | None
) -> None:
    text = fmt.format_user_row(flags, observing, playing, "alice", "5k*", 21, 3, 75)
    row = read_user_row(text)
    assert row == UserRow("alice", "5k*", observing, playing, "1m", flags.replace("-", ""), 21, 3)


def test_scored_result_worded_as_a_resignation() -> None:
    text = "{Game 1: bob vs alice : White resigns. W 30.5 B 34.0}"
    assert parse(f"21 {text}") == [
        GameEnd(1, "score", None, "bob", "alice", "White resigns. W 30.5 B 34.0", text, 30.5, 34.0)
    ]
    assert parse("9 bob has resigned the game.")[0] == GameEnd(
        None, "resign", "bob", None, None, None, "bob has resigned the game."
    )


def test_komi_offer_and_agreement() -> None:
    assert parse(
        "9 alice offers a new komi of 5.5.",
        '9 Use "komi 5.5" to accept, or "decline alice" to respond.',
        "9 Komi is now set to 5.5",
    ) == [KomiRequest("alice", 5.5), KomiSet(5.5)]


def test_adjourn_request() -> None:
    assert parse(
        "9 alice would like to adjourn the game.", "9 Use adjourn to adjourn the game."
    ) == [AdjournRequest("alice")]


def test_match_announcement_and_the_stray_prompt() -> None:
    assert parse("21 {Match 1: bob [ NR ] vs. alice [ NR ] }") == [
        GameStart(1, "bob", "NR", "alice", "NR")
    ]
    assert parse("9 1 7") == [StrayPrompt(7)]


def test_refusals_are_errors() -> None:
    assert parse(
        "5 nmatch: Unknown command.",
        "5 Usage: ",
        "5 done",
        "5 See 'help done' for a complete description.",
        "5 Unknown value for toggling.",
    ) == [
        Error("nmatch: Unknown command."),
        Error("Usage: "),
        Error("done"),
        Error("See 'help done' for a complete description."),
        Error("Unknown value for toggling."),
    ]


def test_nngs_words_from_its_source() -> None:
    """Lines NNGS's formats.h words otherwise than IGS (the local nngs dialect sends them):
    "%s undid the last move (%s).\\n" has no space before the stop; the login banner
    ("----- Welcome to the No Name Go Server (NNGS) -----", data/messages/login) names it
    before the first prompt; "Request for adjournment sent." is plain information."""
    from igs_tui.backends.igs.protocol.events import Info, Undo

    assert parse("28 bob undid the last move (C3).") == [Undo(None, "bob", "C3")]
    assert parse("28 bob undid the last move (Pass).") == [Undo(None, "bob", None)]
    (banner,) = parse("----- Welcome to the No Name Go Server (NNGS) -----")
    assert isinstance(banner, ServerVersion) and banner.server == "NNGS"
    assert parse("9 Request for adjournment sent.") == [Info("Request for adjournment sent.")]
    # a shout that names NNGS in client mode is a shout, not the server naming itself
    assert not any(isinstance(e, ServerVersion) for e in parse("21 !bob!: No Name Go Server"))
