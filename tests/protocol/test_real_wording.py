"""Corpus of real server lines (issue 27): what IGS and NNGS really sent the open clients.

Each row is the line(s) as a client met them, the source that quotes them (repository, file,
line), and the typed event our parser makes of them. q5Go: ``bernds/q5Go src/parser.cpp`` at
e5a003d; qGo: ``pzorin/qgo src/network/igsconnection.cpp`` at 2a4212d; NNGS: the 1.1.22
source (``src/formats.h``, ``src/gameproc.c``). ``docs/igs-formats.md`` is the same table in
prose, with what the client does with each event. The first block are the formats that came
out ``Unknown`` or plain ``Info`` before; the second the ones that already worked (kept, so a
change of a reader cannot lose them).
"""

from __future__ import annotations

import pytest

from igs_tui.backends.igs.protocol import events as ev
from igs_tui.backends.igs.protocol.replies import read_rooms, read_stored
from tests.protocol.helpers import parse

Q5 = "bernds/q5Go src/parser.cpp"
QGO = "pzorin/qgo src/network/igsconnection.cpp"
NNGS = "NNGS 1.1.22"

NEW: list[tuple[list[str], str, list[ev.Event]]] = [
    (
        ["63 ENTRY_LIST_START 5", "63 ENTRY_LIST HKL 60 480 25 0 0 19 1 1 0", "63 ENTRY_LIST_END"],
        f"{Q5}:2094-2100",
        [ev.SeekList((ev.Seeker("HKL", 60, 480, 25, 19, "HKL 60 480 25 0 0 19 1 1 0"),))],
    ),
    (["63 OPPONENT_FOUND"], f"{Q5}:2092", [ev.SeekMatched("")]),
    (
        [
            "36 terra1 wants a match with you:",
            "36 terra1 wants 19x19 in 1 minutes with 10 byo-yomi and 25 byo-stones",
            "36 To accept match type 'automatch terra1'",
        ],
        f"{QGO}:3893-3896",
        [ev.AutomatchOffer("terra1", 19, 1, 10, 25, "automatch terra1")],
    ),
    (
        ["9 Stored games for frosla:", "23           frosla-physician"],
        f"{Q5}:239-240",
        [ev.Info("Stored games for frosla:"), ev.StoredGames(("frosla-physician",))],
    ),
    (
        ["23                rott-byakko                  ydk-rott"],
        f"{NNGS} src/gameproc.c:1775 (three ' %25s' names to a CODE_STORED line)",
        [ev.StoredGames(("rott-byakko", "ydk-rott"))],
    ),
    (
        ["9 ROOM 01: FREE GAME ROOM;PSMNYACF;自由対局室;19;1;10;1,19,60,600,30,25,10,60,0"],
        f"{QGO}:2632",
        [
            ev.RoomListed(
                1,
                "FREE GAME ROOM",
                "PSMNYACF",
                "自由対局室",
                19,
                ("19", "1", "10", "1,19,60,600,30,25,10,60,0"),
            )
        ],
    ),
    (
        ["9 ROOM 92: PANDA OPEN ROOM;X;月例大会;19;10;15"],
        f"{QGO}:2634",
        [ev.RoomListed(92, "PANDA OPEN ROOM", "X", "月例大会", 19, ("19", "10", "15"))],
    ),
    (
        ["48 Game 354 qGoDev requests an adjournment"],
        f"{Q5}:2040",
        [ev.AdjournRequest("qGoDev", 354)],
    ),
    (
        ["53 Game 75 adjournment is declined"],
        f"{QGO}:4194",
        [ev.AdjournDeclined(75, "Game 75 adjournment is declined")],
    ),
    (
        ["9 bob declines the adjourn request."],
        f"{NNGS} src/formats.h:1667, src/playerdb.c:1498",
        [ev.AdjournDeclined(None, "bob declines the adjourn request.")],
    ),
    (
        ["4 **** Server shutdown started by admin. ****"],
        f"{QGO}:1127",
        [ev.ServerShutdown("Server shutdown started by admin.")],
    ),
    (
        ["56 CREATE 107", "56 OWNER 107 eb5 3k", "56 NODE 107 2 1 16 4"],
        f"{QGO}:4291-4306",
        [
            ev.ReviewLine("CREATE", 107, (), "CREATE 107"),
            ev.ReviewLine("OWNER", 107, ("eb5", "3k"), "OWNER 107 eb5 3k"),
            ev.ReviewLine("NODE", 107, ("2", "1", "16", "4"), "NODE 107 2 1 16 4"),
        ],
    ),
    (
        ["56 ERROR That user's client does not support review."],
        f"{QGO}:4313",
        [ev.ReviewLine("ERROR", None, (), "That user's client does not support review.")],
    ),
    # a tell FROM frosla: both clients talk to e1, the name after the arrow (q5Go
    # parser.cpp:1602-1613, qGo igsconnection.cpp:3576-3593)
    (["24 --> frosla  Hallo"], f"{Q5}:1562, {QGO}:3493", [ev.Tell("frosla", "Hallo")]),
    (
        ["24 --> frosla CLIENT: <qGo 0.0.15b7> match frosla wants handicap 0, komi 0.5, free"],
        f"{Q5}:1561",
        [ev.Tell("frosla", "CLIENT: <qGo 0.0.15b7> match frosla wants handicap 0, komi 0.5, free")],
    ),
    (
        [
            "42       Neil  <None>          USA      12k  136/  86  -   -    0s    -X default"
            "  T BWN 0-9 19-19 60-60 60-3600 25-25 0-0 0-0 0-0"
        ],
        f"{Q5}:1914",
        [
            ev.UserEntry(
                "Neil",
                "<None>",
                "USA",
                "12k",
                136,
                86,
                None,
                None,
                "0s",
                "-X",
                "default",
                "T BWN 0-9 19-19 60-60 60-3600 25-25 0-0 0-0 0-0",
            )
        ],
    ),
    (["9 Set quiet to be False."], f"{Q5}:520", [ev.ToggleSet("quiet", False)]),
    (["9 Set open to be True."], f"{NNGS} src/formats.h (toggle)", [ev.ToggleSet("open", True)]),
    (
        ["9 1 minutes were added to your opponents clock"],
        f"{Q5}:856",
        [ev.TimeAdded("", 1, to_me=False)],
    ),
    (
        ["9 Your opponent has added 1 minutes to your clock."],
        f"{Q5}:862",
        [ev.TimeAdded("", 1, to_me=True)],
    ),
    (["9 frosla withdraws the match offer."], f"{Q5}:486", [ev.MatchCancelled("frosla")]),
    (
        ["9 Match [5] with guest17 in 1 accepted.", "9 Creating match [5] with guest17."],
        f"{Q5}:719-720",
        [ev.MatchCreated(5, "guest17"), ev.MatchCreated(5, "guest17")],
    ),
    (
        ["9 Removing game 30 from observation list."],
        f"{Q5}:825, {NNGS} src/formats.h:317",
        [ev.ObservationChanged(30, False)],
    ),
    (
        ["9 Adding game to observation list."],
        f"{Q5}:831, {NNGS} src/formats.h:321",
        [ev.ObservationChanged(None, True)],
    ),
    (
        ['9 Game clock paused. Use "unpause" to resume.'],
        f"{Q5}:868, {NNGS} src/formats.h:2047",
        [ev.ClockPaused(True)],
    ),
    (["9 Game clock resumed."], f"{Q5}:873, {NNGS} src/formats.h:2056", [ev.ClockPaused(False)]),
    (["9 frosla requests to pause the game."], f"{Q5}:806", [ev.PauseRequest("frosla")]),
    (
        ["9 Game 22: frosla vs frosla has adjourned."],
        f"{Q5}:816",
        [
            ev.GameEnd(
                22,
                "adjourn",
                None,
                "frosla",
                "frosla",
                None,
                "Game 22: frosla vs frosla has adjourned.",
            )
        ],
    ),
]

KNOWN: list[tuple[list[str], str, type[ev.Event]]] = [
    (
        [
            "9 Match [19x19] in 1 minutes requested with xxxx as White.",
            "9 Use <match xxxx B 19 1 10> or <decline xxxx> to respond.",
        ],
        f"{Q5}:706-707",
        ev.MatchRequest,
    ),
    (
        [
            "9 NMatch requested with yfh2test(B 3 19 60 600 25 0 0 0).",
            "9 Use <nmatch yfh2test B 3 19 60 600 25 0 0 0> or <decline yfh2test> to respond.",
        ],
        f"{Q5}:708-709",
        ev.NMatchRequest,
    ),
    (
        ["7 [41]      xxxx10 [ 1k*] vs.      xxxx12 [ 1k*] (295   19  0  5.5 12  I) (  1)"],
        f"{Q5}:367",
        ev.GamesEntry,
    ),
    (
        ["42    guest15                  --        NR    0/   0  -   -   10s    Q- default "],
        f"{Q5}:1887",
        ev.UserEntry,
    ),
    (["9 guest17 declines your request for a match."], f"{Q5}:747", ev.MatchDeclined),
    (["9 yfh2test declines undo"], f"{Q5}:754", ev.UndoDeclined),
    (["9 Removing @ K8"], f"{Q5}:773", ev.StoneRemoval),
    (["49 Game 265 qGoDev is removing @ B5"], f"{Q5}:775", ev.StoneRemoval),
    (["9 Increase frosla's time by 1 minute"], f"{Q5}:878", ev.TimeAdded),
    (["9 qGoDev wants the komi to be  1.5"], f"{Q5}:611", ev.KomiRequest),
    (["9 physician offers a new komi of 1.5."], f"{Q5}:591", ev.KomiRequest),
    (["9 Set the komi to -3.5"], f"{Q5}:631", ev.KomiSet),
    (["9 qGoDev has resigned the game."], f"{Q5}:973", ev.GameEnd),
    (
        ["9 Board is restored to what it was when you started scoring"],
        f"{Q5}:795",
        ev.BoardRestored,
    ),
    (
        ["9 You can check your score with the score command, type 'done' when finished."],
        f"{Q5}:784",
        ev.ScoringStarted,
    ),
    (
        ["11 Kibitz Achim [ 3d*]: Game TELRUZU vs Anacci [379]", "11    will B resign?"],
        f"{Q5}:1186-1187",
        ev.Kibitz,
    ),
    (["15 Game 43 I: xxxx (4 223 16) vs yyyy (5 59 13)"], f"{Q5}:1232", ev.GameHeading),
    (["15 TIME:21:lowlow(W): 1 0/60 479/600 14/25 0/0 0/0 0/0"], f"{Q5}:1233", ev.TimeInfo),
    (["19 *xxxx*: whish you a nice game  :)"], f"{Q5}:1333", ev.Say),
    (["20 yfh2 (W:O): 4.5 to NaiWei (B:#): 4.0"], f"{Q5}:1347", ev.Score),
    (["21 {guest1381 [NR ] has connected.}"], f"{Q5}:1373", ev.UserConnected),
    (["21 {Game 124: Redmond* vs NaiWei* : Black lost by Resign}"], f"{Q5}:1426", ev.GameEnd),
    (["24 *SYSTEM*: shoei canceled the nmatch request."], f"{Q5}:1557", ev.MatchCancelled),
    (
        ["24 *jirong*: CLIENT: <cgoban 1.9.12> match jirong wants handicap 0, komi 0.5"],
        f"{Q5}:1556",
        ev.Tell,
    ),
    (["28 guest17 undid the last move (J16)."], f"{Q5}:1780", ev.Undo),
    (["28 Undo in game 64: MyMaster vs MyMaster:  N15"], f"{Q5}:1784", ev.Undo),
    (["32 20:frosla: hi"], f"{Q5}:1815", ev.Yell),
    (
        ["63 CONFIG_LIST_START 4", "63 CONFIG_LIST 0 60 600 25 0 0", "63 CONFIG_LIST_END"],
        f"{Q5}:2085-2090",
        ev.SeekSetups,
    ),
    (
        ["9 You have a message. To read your messages, type:  message"],
        f"{Q5}:907",
        ev.MessagesWaiting,
    ),
]


@pytest.mark.parametrize(("lines", "source", "expected"), NEW, ids=[s for _, s, _ in NEW])
def test_a_format_real_clients_met_becomes_its_typed_event(
    lines: list[str], source: str, expected: list[ev.Event]
) -> None:
    assert parse(lines) == expected, source


@pytest.mark.parametrize(("lines", "source", "kind"), KNOWN, ids=[s for _, s, _ in KNOWN])
def test_a_format_that_already_worked_still_does(
    lines: list[str], source: str, kind: type[ev.Event]
) -> None:
    events = parse(lines)
    assert [type(e) for e in events] == [kind], (source, events)


def test_nothing_in_the_corpus_is_unknown_or_plain_info() -> None:
    """The issue's count: every corpus line is typed (the stored heading is the one plain
    Info, and it is read as part of the ``stored`` reply)."""
    for lines, source, _ in [*NEW, *KNOWN]:
        for event in parse(lines):
            assert not isinstance(event, ev.Unknown), (source, event)
            if isinstance(event, ev.Info):
                assert event.text.startswith("Stored games for"), source


def test_a_real_nngs_user_table_with_its_blank_line_is_read() -> None:
    """NNGS 1.1.22 run locally answers ``user`` with the header, a blank ``9 `` line (not the
    rule of bernds/q5Go src/parser.cpp:496) and the rows."""
    events = parse(
        [
            "9  Info     Name       Rank  19  9  Idle Rank Info",
            "9 ",
            "9     -- -- alice       NR    0   0  0s  NR                                    ",
            "9  Q  --  5 hhhsss      2k*   0   0  1s  NR                                    ",
            "1 5",
        ]
    )
    rows = [e for e in events if isinstance(e, ev.UserRow)]
    assert [(r.name, r.rank, r.playing) for r in rows] == [
        ("alice", "NR", None),
        ("hhhsss", "2k*", 5),
    ]


def test_the_stored_reply_reads_the_23_lines_of_igs_and_nngs() -> None:
    """``stored``: IGS (bernds/q5Go src/parser.cpp:239-240) and NNGS (src/gameproc.c:1763-1783:
    the heading, three names to a ``23`` line, ``Found N stored games.``)."""
    igs = parse(["9 Stored games for frosla:", "23           frosla-physician"])
    assert read_stored(igs) == ("frosla-physician",)
    nngs = parse(
        [
            "9 Stored games for Rott:",
            "23                rott-byakko                  ydk-rott                  a-rott",
            "23                  rott-b",
            "9 Found 4 stored games.",
        ]
    )
    assert read_stored(nngs) == ("rott-byakko", "ydk-rott", "a-rott", "rott-b")
    # the older form (18 + names as code-9 text) is still read
    assert read_stored(parse(["18 Found 1 stored games.", "9 ann-bob"])) == ("ann-bob",)


def test_the_room_reply_reads_igs_room_lines_with_flags_and_local_names() -> None:
    """pzorin/qgo src/network/igsconnection.cpp:2632-2640: ``X``/``P`` mark a locked room."""
    rooms = read_rooms(
        parse(
            [
                "9 ROOM 01: FREE GAME ROOM;PSMNYACF;自由対局室;19;1;10;1,19,60,600,30,25,10,60,0",
                "9 ROOM 92: PANDA OPEN ROOM;X;月例大会;19;10;15",
            ]
        )
    )
    assert rooms is not None
    assert [(r.number, r.name, r.local_name, r.locked) for r in rooms] == [
        (1, "FREE GAME ROOM", "自由対局室", False),
        (92, "PANDA OPEN ROOM", "月例大会", True),
    ]
