"""Whole answers read as one value: ``stats``, ``all N``, ``message`` (issue 14)."""

from __future__ import annotations

from igs_tui.backends.igs.protocol.events import Error, File, Info, MessagesWaiting
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.replies import (
    MAX_OBSERVERS,
    ResultLine,
    StoredMessage,
    read_messages,
    read_observers,
    read_result_line,
    read_results,
    read_stats,
)


def events(text: str) -> list[object]:
    parser = IgsParser()
    out: list[object] = []
    for line in text.strip("\n").splitlines():
        out.extend(parser.feed_line(line))
    return out + parser.flush()


IGS_STATS = """
9 Player:      yfh2
9 Game:        go (1)
9 Language:    default
9 Rating:      6k*  23
9 Rated Games:     21
9 Rank:  8k  21
9 Wins:        13
9 Losses:      16
9 Idle Time:  (On server) 0s
9 Address:  yfh2@example.org
9 Country:  France
9 Reg date: Tue Nov 18 04:01:05 2003
9 Info:  [b]not markup[/b]
9 Defaults (help defs):  time 0, size 0, byo-yomi time 0, byo-yomi stones 0
9 Verbose  Bell  Quiet  Shout  Automail  Open  Looking  Client  Kibitz  Chatter
9     Off    On     On     On        On   Off      Off      On      On   On
1 5
"""


def test_stats_keeps_labels_in_order_and_reads_the_toggle_table() -> None:
    stats = read_stats("YFH2", events(IGS_STATS))  # type: ignore[arg-type]
    assert stats.name == "yfh2" and not stats.error
    details = dict(stats.details)
    assert details["Rating"] == "6k*  23"
    assert details["Wins"] == "13" and details["Losses"] == "16"
    assert details["Reg date"] == "Tue Nov 18 04:01:05 2003"  # colons in the value survive
    assert details["Info"] == "[b]not markup[/b]"
    assert details["Toggles"].startswith("verbose off, bell on, quiet on")
    assert [label for label, _ in stats.details][:3] == ["Player", "Game", "Language"]


def test_stats_of_a_missing_player_is_its_error() -> None:
    stats = read_stats("nobody", [Error("Cannot find player nobody.")])
    assert stats == read_stats("nobody", [Error("Cannot find player nobody.")])
    assert stats.name == "nobody" and stats.error == "Cannot find player nobody."


def test_observers_of_a_game() -> None:
    found = read_observers(
        events(
            """
9 Observing game  2 (chmeng vs. myao) :
9        shanghai  9k*           henry 15k
9           alice  2d
9 Found 3 observers.
1 5
"""
        )  # type: ignore[arg-type]
    )
    assert found is not None
    assert (found.game, found.white, found.black) == (2, "chmeng", "myao")
    assert found.observers == (("shanghai", "9k*"), ("henry", "15k"), ("alice", "2d"))


def test_observers_none_without_a_heading_and_bounded() -> None:
    assert read_observers([Error("There is no such game.")]) is None
    many = [Info("Observing game 3 (a vs. b) :")]
    many += [Info("x 1k " * 50)] * (MAX_OBSERVERS // 50 + 5)
    found = read_observers(many)
    assert found is not None and len(found.observers) == MAX_OBSERVERS


def test_messages_file_block() -> None:
    found = read_messages(
        events(
            """
14 File
frosla 11/15/02 14:00: Hallo
  and a second line
igsbot 03/01/26 09:05: [red]Welcome[/red]
odd line
14 File
1 5
"""
        )  # type: ignore[arg-type]
    )
    assert found == (
        StoredMessage("frosla", "11/15/02 14:00", "Hallo and a second line"),
        StoredMessage("igsbot", "03/01/26 09:05", "[red]Welcome[/red] odd line"),
    )
    assert read_messages([Info("You have no messages.")]) == ()
    assert read_messages([File(14, ("just text",))]) == (StoredMessage("", "", "just text"),)


def test_messages_waiting_notice_coded_and_before_client_mode() -> None:
    assert events("9 You have a message. To read your messages, type:  message") == [
        MessagesWaiting(1)
    ]
    assert events("9 You have 3 messages. To read your messages, type:  message") == [
        MessagesWaiting(3)
    ]
    # at login, before ``toggle client on``, the greeting has no codes
    assert events("You have 2 messages. To read your messages, type:  message") == [
        MessagesWaiting(2)
    ]
    assert events("9 You have 24 stones and 11 minutes") != [MessagesWaiting(24)]


# Tim Casey to clients@panda-igs (1998, kept in NNGS's docs/server-protocol.txt), code 25 THIST:
#     * (1) results -kido
#     25 File
#     kido       [ 4d*](W) : wildwolf   [ 4d ](B) H 0 K  5.5 19x19 W+Resign 26-00-34 R
#     kido       [ 4d*](B) : niubi      [ 4d*](W) H 0 K  5.5 19x19 B+Time 26-01-24 R
#     25 File
IGS_RESULTS = """
25 File
kido       [ 4d*](W) : wildwolf   [ 4d ](B) H 0 K  5.5 19x19 W+Resign 26-00-34 R
kido       [ 4d*](B) : niubi      [ 4d*](W) H 0 K  5.5 19x19 B+Time 26-01-24 R
25 File
1 5
"""


def test_results_in_igs_wording() -> None:
    found = read_results(events(IGS_RESULTS))  # type: ignore[arg-type]
    assert found == (
        ResultLine(
            "kido", "4d*", "W", "wildwolf", "4d", 0, "5.5", 19, "W+Resign", "26-00-34", True
        ),
        ResultLine("kido", "4d*", "B", "niubi", "4d*", 0, "5.5", 19, "B+Time", "26-01-24", True),
    )


def test_results_in_nngs_wording_with_its_header() -> None:
    """NNGS's help for results: a header, then ``ManyFaces3 [10k*](W) : frodo      [ NR ](B)
    H 0 K 0.5 19x19 W+127.5 9908231716`` (no rated mark)."""
    assert (
        read_result_line(
            "Winner     rank  col   loser      rank  col hcp komi  size  result  ident"
        )
        is None
    )
    line = read_result_line(
        "Supratic   [12k*](B) : ManyFaces3 [10k*](W) H 3 K 0.5 19x19 B+32.5 9908231806"
    )
    assert line == ResultLine(
        "Supratic", "12k*", "B", "ManyFaces3", "10k*", 3, "0.5", 19, "B+32.5", "9908231806", False
    )


def test_results_error_and_hostile_lines() -> None:
    assert read_results([Error("There is no player by that name.")]) is None
    assert read_results([]) == ()
    junk = File(25, ("x" * 5000, "[", "a [ 1k](W) : b [ 2k](B) H 99999 K 1 19x19 W+R 1"))
    assert read_results([junk]) == ()
