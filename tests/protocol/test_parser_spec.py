"""Golden tests: every example line/block of specs/igs-protocol.md, quoted, and its events."""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.protocol.events import (
    Ayt,
    Bell,
    BoardRestored,
    ByoyomiEntry,
    DisputedRequest,
    DoneTyped,
    Dot,
    Error,
    Event,
    GameEnd,
    GameHeading,
    GameProps,
    GamesEntry,
    GamesHeader,
    GameTitle,
    Info,
    MatchCancelled,
    MatchDispute,
    MatchRequest,
    Move,
    NMatchRequest,
    Prompt,
    Say,
    Score,
    ScoringStarted,
    StoneRemoval,
    Tell,
    ThrowingOtherCopy,
    TimeAdded,
    TimeInfo,
    Totals,
    Undo,
    UndoDeclined,
    UndoRequest,
    UserEntry,
    UserHeader,
)
from igs_tui.go.types import Color
from tests.protocol.helpers import parse, parse_one

B, W = Color.BLACK, Color.WHITE

# (spec line, expected event) for lines that stand alone.
SINGLE_LINES: list[tuple[str, Event]] = [
    # "Connection start" / "Only one connection at a time"
    ("9 Throwing other copy out.", ThrowingOtherCopy()),
    # "Prompt": "1 5 You are in the main command loop and aren't in any games."
    ("1 0", Prompt(0)),
    ("1 1", Prompt(1)),
    ("1 5", Prompt(5)),
    ("1 6", Prompt(6)),
    ("1 7", Prompt(7)),
    ("1 8", Prompt(8)),
    # user
    (
        "42 Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language",
        UserHeader(
            "Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language"
        ),
    ),
    (
        "42   isfadm02  <None>          Japan     2k    0/   0  -   -   25s    QX default",
        UserEntry("isfadm02", "<None>", "Japan", "2k", 0, 0, None, None, "25s", "QX", "default"),
    ),
    (
        "42    livegw9  <None>          Japan     NR    0/   0  -   -    1m    QX default",
        UserEntry("livegw9", "<None>", "Japan", "NR", 0, 0, None, None, "1m", "QX", "default"),
    ),
    (
        "42 supurinter  <none>          Japan     9k* 2788/2844  -   -   55s    QX default",
        UserEntry(
            "supurinter", "<none>", "Japan", "9k*", 2788, 2844, None, None, "55s", "QX", "default"
        ),
    ),
    (
        "42   AutoDone  <None>          Japan     2k    0/   0  -   -    2s    -X default",
        UserEntry("AutoDone", "<None>", "Japan", "2k", 0, 0, None, None, "2s", "-X", "default"),
    ),
    (
        "42      Wotan                  USA       3k    2/   2  -   -   11s    QX default",
        UserEntry("Wotan", "", "USA", "3k", 2, 2, None, None, "11s", "QX", "default"),
    ),
    (
        "42     NoGo16  Fair play       Germany  11k* 125/  99  -   -    0s    -! default",
        UserEntry(
            "NoGo16", "Fair play", "Germany", "11k*", 125, 99, None, None, "0s", "-!", "default"
        ),
    ),
    # the help file's sample rows, with the 42 code the server puts on them
    (
        "42      taeha  1/10 1/12 game  Korea     2d   35/  26  -   34   2s    -- default",
        UserEntry(
            "taeha", "1/10 1/12 game", "Korea", "2d", 35, 26, None, 34, "2s", "--", "default"
        ),
    ),
    (
        "42     figaro                  Korea     3k*   9/   3   1  35  52s    -- default",
        UserEntry("figaro", "", "Korea", "3k*", 9, 3, 1, 35, "52s", "--", "default"),
    ),
    ("9                 ******** 823 Players 151 Total Games ********", Totals(823, 151)),
    # tell
    ("24 *Soothie*: message contents", Tell("Soothie", "message contents")),
    ("9 Setting your '.' to Soothie", Dot("Soothie")),
    ("40 Soothie", Dot("Soothie")),
    ("5 Cannot find recipient.", Error("Cannot find recipient.")),
    # games
    (
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)",
        GamesHeader(
            "[##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)"
        ),
    ),
    (
        "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)",
        GamesEntry(4, "wari5", "6k*", "Spinserve", "6k*", 0, 19, 0, 0.5, 10, "I", 0),
    ),
    (
        "7 [56]       HUH00 [ 5d*] vs.       nomad [ 5d*] (224   19  0  0.5 12  I) ( 95)",
        GamesEntry(56, "HUH00", "5d*", "nomad", "5d*", 224, 19, 0, 0.5, 12, "I", 95),
    ),
    # match
    (
        "9 Requesting match in 75 min with OmegaGo2 as White.",
        Info("Requesting match in 75 min with OmegaGo2 as White."),
    ),
    ("5 gagh is not logged on.", Error("gagh is not logged on.")),
    (
        "5 That player is currently not accepting matches.",
        Error("That player is currently not accepting matches."),
    ),
    (
        "5 Opponent's client does not support nmatch.",
        Error("Opponent's client does not support nmatch."),
    ),
    ("24 *SYSTEM*: MORAL70 canceled the nmatch request.", MatchCancelled("MORAL70")),
    # undoplease / undo / noundo
    (
        "5 Opponent's client does not support undoplease.",
        Error("Opponent's client does not support undoplease."),
    ),
    ("9 Requesting undo.", Info("Requesting undo.")),
    ("24 *SYSTEM*: OmegaGo1 requests undo.", UndoRequest("OmegaGo1")),
    ("28 Soothie undid the last move (B3) .", Undo(None, "Soothie", "B3")),
    (
        "28 Undo in game 233: OmegaGo1 vs OmegaGo2:   A5",
        Undo(233, None, "A5", "OmegaGo1", "OmegaGo2"),
    ),
    ("9 Soothie declines undo.", UndoDeclined("Soothie")),
    # ayt, addtime, byo-yomi, time out
    ("9 yes", Ayt()),
    ("9 Increase OmegaGo1's time by 10 minutes", TimeAdded("OmegaGo1", 10)),
    (
        "9 Soothie has run out of time.",
        GameEnd(None, "time", "Soothie", None, None, None, "Soothie has run out of time."),
    ),
    (
        "9 OmegaGo1 lost the game 88 due to no-greeting. move 0 points.",
        GameEnd(
            88,
            "no-greeting",
            "OmegaGo1",
            None,
            None,
            None,
            "OmegaGo1 lost the game 88 due to no-greeting. move 0 points.",
        ),
    ),
    (
        "9 OmegaGo1 lost the game 88 due to no-move. move 0 points.",
        GameEnd(
            88,
            "no-move",
            "OmegaGo1",
            None,
            None,
            None,
            "OmegaGo1 lost the game 88 due to no-move. move 0 points.",
        ),
    ),
    (
        "9 Removed game file Soothie-OmegaGo1 from database.",
        GameEnd(
            None,
            "removed",
            None,
            "Soothie",
            "OmegaGo1",
            None,
            "Removed game file Soothie-OmegaGo1 from database.",
        ),
    ),
    # scoring
    (
        "9 You can check your score with the score command, type 'done' when finished.",
        ScoringStarted(),
    ),
    ("9 Removing @ B2", StoneRemoval(None, None, "B2")),
    ("49 Game 177 OmegaGo1 is removing @ B2", StoneRemoval(177, "OmegaGo1", "B2")),
    ("5 You cannot remove a liberty.", Error("You cannot remove a liberty.")),
    ("9 Soothie has typed done.", DoneTyped("Soothie")),
    ("20 OmegaGo1 (W:O):  6.5 to Soothie (B:g):  0.0", Score("OmegaGo1", 6.5, "Soothie", 0.0)),
    ("9 game completed.", GameEnd(None, "completed", None, None, None, None, "game completed.")),
    (
        "9 Removed game file OmegaGo1-Soothie from database.",
        GameEnd(
            None,
            "removed",
            None,
            "OmegaGo1",
            "Soothie",
            None,
            "Removed game file OmegaGo1-Soothie from database.",
        ),
    ),
    # moves
    (
        "15 Game 38 I: OmegaGo1 (0 4500 -1) vs Soothie (0 4495 -1)",
        GameHeading(38, "I", "OmegaGo1", 0, 4500, -1, "Soothie", 0, 4495, -1),
    ),
    (
        "15 Game 631 I: OmegaGo1 (0 617 24) vs Soothie (0 649 22)",
        GameHeading(631, "I", "OmegaGo1", 0, 617, 24, "Soothie", 0, 649, 22),
    ),
    (
        "15 Game 593 I: kansai1 (0 0 -1) vs kansai1 (0 0 -1)",
        GameHeading(593, "I", "kansai1", 0, 0, -1, "kansai1", 0, 0, -1),
    ),
    (
        "15 TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0",
        TimeInfo(475, "OmegaGo1", W, False, 58, 0, 25, 60, 600, 25, (0, 0, 0, 0, 0, 0)),
    ),
    (
        "15 TIME:475:Soothie(B): 0 19/60 0/600 25/25 0/0 0/0 0/0",
        TimeInfo(475, "Soothie", B, False, 19, 0, 25, 60, 600, 25, (0, 0, 0, 0, 0, 0)),
    ),
    ("15 GAMERPROPS:475: 19 0 6.50", GameProps(475, 19, 0, 6.5)),
    (
        "15 Game 28 I: OmegaGo1 (0 7498 -1) vs Soothie (0 4276 -1)",
        GameHeading(28, "I", "OmegaGo1", 0, 7498, -1, "Soothie", 0, 4276, -1),
    ),
    # nmatch usage ("5 Usage :" ...): plain errors
    ("5 Usage :", Error("Usage :")),
    (
        "5 nmatch <oppname> <color(BWN)> <handicap> <boardsize(2-19)> <time(sec)> <byotime(sec)>",
        Error(
            "nmatch <oppname> <color(BWN)> <handicap> <boardsize(2-19)> <time(sec)> <byotime(sec)>"
        ),
    ),
    (
        "5 <byomoves(0-25)> <koryocount> <koryosec(sec)> <prebyoyomi(sec)>",
        Error("<byomoves(0-25)> <koryocount> <koryosec(sec)> <prebyoyomi(sec)>"),
    ),
    # console bell: "2 - Console Bell - this line contains the ASCII character BEL"
    ("2 \a", Bell()),
    ("2", Bell()),
]


@pytest.mark.parametrize(("line", "expected"), SINGLE_LINES, ids=[s[0][:40] for s in SINGLE_LINES])
def test_spec_line(line: str, expected: Event) -> None:
    assert parse_one(line) == expected


def test_match_request_joins_the_use_hint() -> None:
    """Spec `match`: the target sees
    9 Match[19x19] in 75 minutes requested with Soothie as Black.
    9 Use <match Soothie W 19 75 0> or <decline Soothie> to respond.
    2 \\7"""
    events = parse(
        [
            "9 Match[19x19] in 75 minutes requested with Soothie as Black.",
            "9 Use <match Soothie W 19 75 0> or <decline Soothie> to respond.",
            "2 \a",
        ]
    )
    assert events == [
        MatchRequest("Soothie", B, 19, 75, 0, W, "match Soothie W 19 75 0"),
        Bell(),
    ]


def test_decline_help_sample_with_double_spaces() -> None:
    """Help text: "Use <match  tim B 19 75 10> or <decline  tim> to respond" (two spaces)."""
    events = parse(
        [
            "9 Match[19x19] in 75 minutes requested with tim as White.",
            "9 Use <match  tim B 19 75 10> or <decline  tim> to respond",
        ]
    )
    assert events == [MatchRequest("tim", W, 19, 75, 10, B, "match tim B 19 75 10")]


def test_match_request_without_hint_is_released_by_the_next_line() -> None:
    events = parse(["9 Match[9x9] in 10 minutes requested with bob as White.", "1 5"])
    assert events == [MatchRequest("bob", W, 9, 10, None, None, None), Prompt(5)]


def test_nmatch_request_and_hint() -> None:
    """Spec `nmatch`: "NMatch requested with MORAL70(B 4 19 60 600 25 0 0 0)." (printed there
    without a code) then "9 Use <nmatch MORAL70 B 4 19 60 600 25 0 0 0> or <decline MORAL70> to
    respond."."""
    for first in (
        "NMatch requested with MORAL70(B 4 19 60 600 25 0 0 0).",
        "9 NMatch requested with MORAL70(B 4 19 60 600 25 0 0 0).",
    ):
        events = parse(
            [
                first,
                "9 Use <nmatch MORAL70 B 4 19 60 600 25 0 0 0> or <decline MORAL70> to respond.",
            ]
        )
        assert events == [
            NMatchRequest(
                "MORAL70", "B", 4, 19, 60, 600, 25, 0, 0, 0, "nmatch MORAL70 B 4 19 60 600 25 0 0 0"
            )
        ]


def test_match_dispute() -> None:
    """Spec: 'A mismatch in accepting will result in this' -- three 5 lines, one event."""
    events = parse(
        [
            "5 There is a dispute regarding your match(nmatch):",
            "5 OmegaGo1 request: B 0 19 60 600 25 0 0 0",
            "5 Soothie request: B 0 19 60 600 25 0 0 0",
            "1 5",
        ]
    )
    terms = ("B", "0", "19", "60", "600", "25", "0", "0", "0")
    assert events == [
        MatchDispute((DisputedRequest("OmegaGo1", terms), DisputedRequest("Soothie", terms))),
        Prompt(5),
    ]


def test_undo_request_double_prompt_is_two_prompts() -> None:
    """Spec: '24 *SYSTEM*: OmegaGo1 requests undo.' / '1 6' / '1 6' (an IGS bug)."""
    assert parse(["24 *SYSTEM*: OmegaGo1 requests undo.", "1 6", "1 6"]) == [
        UndoRequest("OmegaGo1"),
        Prompt(6),
        Prompt(6),
    ]


def test_undo_for_both_players_then_heading() -> None:
    """Spec `undo`: two 28 lines, a blank line, then the 15 heading."""
    events = parse(
        [
            "28 Soothie undid the last move (B3) .",
            "28 Soothie undid the last move (B2) .",
            "",
            "15 Game 44 I: OmegaGo1 (0 4493 -1) vs Soothie (0 4500 -1)",
        ]
    )
    assert events == [
        Undo(None, "Soothie", "B3"),
        Undo(None, "Soothie", "B2"),
        GameHeading(44, "I", "OmegaGo1", 0, 4493, -1, "Soothie", 0, 4500, -1),
    ]


def test_undo_seen_by_spectators() -> None:
    """Spec `undo`, what spectators see, including the heading and move after it."""
    text = (
        "28 Undo in game 233: OmegaGo1 vs OmegaGo2:   A5\n1 8\n\n"
        "28 Undo in game 233: OmegaGo1 vs OmegaGo2:   A4\n1 8\n"
        "15 Game 233 I: OmegaGo1 (0 4491 -1) vs OmegaGo2 (0 4480 -1)\n15   1(W): A3\n\n1 8"
    )
    assert parse(text) == [
        Undo(233, None, "A5", "OmegaGo1", "OmegaGo2"),
        Prompt(8),
        Undo(233, None, "A4", "OmegaGo1", "OmegaGo2"),
        Prompt(8),
        GameHeading(233, "I", "OmegaGo1", 0, 4491, -1, "OmegaGo2", 0, 4480, -1),
        Move(233, 1, W, "A3"),
        Prompt(8),
    ]


def test_say_header_gives_the_game() -> None:
    """Spec `say`: '51 Say in game 116' / (blank) / '19 *Soothie*: a'."""
    assert parse(["51 Say in game 116", "", "19 *Soothie*: a"]) == [Say(116, "Soothie", "a")]


def test_time_block() -> None:
    """Spec `time`: '26 Game : 28' / '26 White(OmegaGo1) : 124:58' / '26 Black(Soothie) : 71:39'."""
    events = parse(
        ["26 Game : 28", "26 White(OmegaGo1) : 124:58", "26 Black(Soothie) : 71:39", "1 6"]
    )
    assert events == [
        TimeInfo(28, "OmegaGo1", W, False, 124 * 60 + 58, None, None),
        TimeInfo(28, "Soothie", B, False, 71 * 60 + 39, None, None),
        Prompt(6),
    ]


def test_time_help_sample_in_byoyomi() -> None:
    """Help: 'White(ivy) : 8:49 (B) 19' -- byo-yomi, 19 moves left."""
    events = parse(["26 Game : 42", "26 White(ivy) : 8:49 (B) 19", "26 Black(tim) : 4:04 (B) 15"])
    assert events == [
        TimeInfo(42, "ivy", W, True, 0, 8 * 60 + 49, 19),
        TimeInfo(42, "tim", B, True, 0, 4 * 60 + 4, 15),
    ]


def test_move_and_heading() -> None:
    """Spec 'making a move': '15 Game 38 I: ...' / '15   0(B): B2'."""
    events = parse(["15 Game 38 I: OmegaGo1 (0 4500 -1) vs Soothie (0 4495 -1)", "15   0(B): B2"])
    assert events[1] == Move(38, 0, B, "B2")


def test_handicap_first_move() -> None:
    """Spec: 'it's, for example, `Handicap 2` instead of `B2`'."""
    events = parse(["15 Game 38 I: a (0 4500 -1) vs b (0 4495 -1)", "15   0(B): Handicap 2"])
    assert events[1] == Move(38, 0, B, None, (), 2)


def test_byoyomi_entry_two_lines() -> None:
    """Spec: '9 The player OmegaGo1 is now in byo-yomi.' / '9 You have 24 stones and 11 minutes'."""
    events = parse(
        ["9 The player OmegaGo1 is now in byo-yomi.", "9 You have 24 stones and 11 minutes"]
    )
    assert events == [ByoyomiEntry("OmegaGo1", 24, 11)]


def test_no_greeting_loss_block() -> None:
    """Spec 'Match procedure': the whole no-greeting block."""
    text = (
        "9 OmegaGo1 has run out of time.\n1 6\n"
        "9 OmegaGo1 lost the game 88 due to no-greeting. move 0 points.\n\n"
        "9 Removed game file Soothie-OmegaGo1 from database.\n1 5"
    )
    assert [e.type for e in parse(text)] == ["game_end", "prompt", "game_end", "game_end", "prompt"]


def test_scoring_phase_pass_then_removal() -> None:
    """Spec: scoring starts with the info line and the third pass."""
    text = (
        "9 You can check your score with the score command, type 'done' when finished.\n"
        "15 Game 177 I: OmegaGo1 (0 4497 -1) vs Soothie (0 4377 -1)\n15   4(B): Pass\n"
        "9 Removing @ B2\n49 Game 177 OmegaGo1 is removing @ B2"
    )
    assert parse(text) == [
        ScoringStarted(),
        GameHeading(177, "I", "OmegaGo1", 0, 4497, -1, "Soothie", 0, 4377, -1),
        Move(177, 4, B, None),
        StoneRemoval(None, None, "B2"),
        StoneRemoval(177, "OmegaGo1", "B2"),
    ]


def test_board_restored_typo_line_is_part_of_the_notice() -> None:
    """Spec: '9 Board is restored to what it was when you started scoring' / "9 Please type
    'done again." -- 'the typo ... is present in the IGS protocol'."""
    events = parse(
        [
            "9 Board is restored to what it was when you started scoring",
            "9 Please type 'done again.",
            "1 7",
        ]
    )
    assert events == [BoardRestored(), Prompt(7)]


SCORE_BLOCK = """22 OmegaGo1 17k  0 4497 25 F 6.5 0
22 Soothie 17k  0 4377 25 F 6.5 0
22  0: 3333333333333333333
22  1: 3333333333333333103
22  2: 3333333333333333333
22  3: 3333333333333333333
22  4: 3333333333333333333
22  5: 3333333333333333333
22  6: 3333333333333333333
22  7: 3333333333333333333
22  8: 3333333333333333333
22  9: 3333333333333333333
22 10: 3333333333333333333
22 11: 3333333333333333333
22 12: 3333333333333333333
22 13: 3333333333333333333
22 14: 3333333333333333333
22 15: 3333333333333333333
22 16: 3333333333333333333
22 17: 3333333333333333333
22 18: 3333333333333333333
20 OmegaGo1 (W:O):  6.5 to Soothie (B:g):  0.0
1 7

9 game completed.
1 7

9 Removed game file OmegaGo1-Soothie from database.
1 5"""


def test_score_block_of_the_spec() -> None:
    events = parse(SCORE_BLOCK)
    assert [e.type for e in events] == [
        "score_board",
        "score",
        "prompt",
        "game_end",
        "prompt",
        "game_end",
        "prompt",
    ]
    board = events[0]
    assert board.type == "score_board"
    assert (board.white, board.black, board.komi, board.size) == ("OmegaGo1", "Soothie", 6.5, 19)  # type: ignore[attr-defined]
    # row "22  1: ...103": column B; digit 16 from the top is row 3 -> '1' white stone at B3,
    # digit 17 -> '0' black stone at B2; every other point is '3' (dame).
    assert board.white_stones == ("B3",)  # type: ignore[attr-defined]
    assert board.black_stones == ("B2",)  # type: ignore[attr-defined]
    assert len(board.dame) == 361 - 2  # type: ignore[attr-defined]
    assert board.black_territory == () and board.white_territory == ()  # type: ignore[attr-defined]
    assert events[1] == Score("OmegaGo1", 6.5, "Soothie", 0.0)


def test_professional_game_title() -> None:
    """Spec 'Professional games': heading, move, title, a bare bell '2' and the prompt."""
    text = (
        "15 Game 593 I: kansai1 (0 0 -1) vs kansai1 (0 0 -1)\n15  90(B): L16\n"
        "9 Game is titled: The 61st Kansai Ki-in Best Player Tournament, 2nd Round, Arakaki Shun"
        " 9-dan(W) vs Yokota Shigeaki 9-dan(B)\n2\n1 8"
    )
    events = parse(text)
    assert events[1] == Move(593, 90, B, "L16")
    assert events[2] == GameTitle(
        593,
        "The 61st Kansai Ki-in Best Player Tournament, 2nd Round, Arakaki Shun 9-dan(W) vs "
        "Yokota Shigeaki 9-dan(B)",
    )
    assert events[3:] == [Bell(), Prompt(8)]


def test_nmatch_heading_block() -> None:
    """Spec `nmatch`: heading + TIME + TIME + GAMERPROPS + move; the move keeps game 475."""
    text = (
        "15 Game 475 I: OmegaGo1 (0 58 -1) vs Soothie (0 19 -1)\n"
        "15 TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0\n"
        "15 TIME:475:Soothie(B): 0 19/60 0/600 25/25 0/0 0/0 0/0\n"
        "15 GAMERPROPS:475: 19 0 6.50\n15   1(W): B4"
    )
    events = parse(text)
    assert [e.type for e in events] == [
        "game_heading",
        "time_info",
        "time_info",
        "game_props",
        "move",
    ]
    assert events[-1] == Move(475, 1, W, "B4")
