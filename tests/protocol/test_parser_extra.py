"""Parser behaviour beyond the spec's samples: real-IGS lines, state between lines, robustness."""

from __future__ import annotations

from igs_tui.backends.igs.protocol.events import (
    ByoyomiEntry,
    ChannelNotice,
    Dot,
    File,
    GameEnd,
    GameStart,
    Info,
    Kibitz,
    LoginPrompt,
    MatchDeclined,
    Move,
    PasswordPrompt,
    Prompt,
    Say,
    ScoreBoard,
    Shout,
    Tell,
    ToggleSet,
    Totals,
    Unknown,
    UserConnected,
    UserDisconnected,
    WhoEntry,
    WhoHeader,
    Yell,
    event_to_dict,
)
from igs_tui.backends.igs.protocol.parser import MAX_FILE_LINES, IgsParser
from igs_tui.go.types import Color
from tests.protocol.helpers import parse, parse_one

B, W = Color.BLACK, Color.WHITE


def test_non_client_prompts() -> None:
    """Before client mode the server prints 'Login: ', 'Password: ' and '#> ' prompts."""
    assert parse(["Login: ", "Password: ", "#> "]) == [
        LoginPrompt(),
        PasswordPrompt(),
        Prompt(None),
    ]


def test_uncoded_text_is_unknown_without_code() -> None:
    assert parse_one("Welcome to the Internet Go Server") == Unknown(
        None, "Welcome to the Internet Go Server"
    )


def test_unknown_code_keeps_code_and_text() -> None:
    assert parse_one("16 some board line") == Unknown(16, "some board line")
    assert parse_one("7 garbage") == Unknown(7, "garbage")


def test_blank_lines_produce_nothing() -> None:
    assert parse(["", "   ", "\t"]) == []


def test_file_block_collects_uncoded_lines_verbatim() -> None:
    """Spec: 'at the beginning and end of each sent file, there will be a line that contains a
    reply code (such as 8, 9 or 14) immediately followed by File'."""
    events = parse(["8 File", "Usage: tell <person>", "", "  1) indented", "8 File", "1 5"])
    assert events == [File(8, ("Usage: tell <person>", "", "  1) indented")), Prompt(5)]
    assert parse(["14 File", "msg", "14 File"]) == [File(14, ("msg",))]
    assert parse(["9 File", "x", "9 File"]) == [File(9, ("x",))]


def test_file_block_lines_that_look_coded_stay_text() -> None:
    events = parse(["8 File", "24 *x*: not a tell", "8 File"])
    assert events == [File(8, ("24 *x*: not a tell",))]


def test_file_without_end_marker_is_ended_by_a_prompt() -> None:
    """A lost end marker must not swallow the session."""
    events = parse(["8 File", "help text", "1 5", "24 *a*: hi"])
    assert events == [File(8, ("help text",)), Prompt(5), Tell("a", "hi")]


def test_file_without_end_at_eof_is_flushed() -> None:
    assert parse(["8 File", "a"]) == [File(8, ("a",))]


def test_huge_file_is_cut_into_bounded_events() -> None:
    parser = IgsParser()
    parser.feed_line("8 File")
    emitted = []
    for i in range(MAX_FILE_LINES + 5):
        emitted.extend(parser.feed_line(f"line {i}"))
    assert len(emitted) == 1 and len(emitted[0].lines) == MAX_FILE_LINES  # type: ignore[attr-defined]
    assert parser.in_file


def test_kibitz_header_and_text() -> None:
    """Real IGS: '11 Kibitz name [rank]: Game W vs B [N]' then '11    text'."""
    events = parse(["11 Kibitz guy [ 3k*]: Game alpha vs beta [12]", "11    nice move!"])
    assert events == [Kibitz(12, "guy", "3k*", "alpha", "beta", "nice move!")]


def test_kibitz_text_without_header() -> None:
    assert parse(["11    orphan"]) == [Kibitz(None, "", "", "", "", "orphan")]


def test_say_without_header_has_no_game_and_header_is_used_once() -> None:
    events = parse(["51 Say in game 7", "19 *a*: one", "19 *a*: two"])
    assert events == [Say(7, "a", "one"), Say(None, "a", "two")]


def test_moves_take_the_game_of_the_latest_heading() -> None:
    events = parse(
        [
            "15 Game 1 I: a (0 10 -1) vs b (0 10 -1)",
            "15   5(W): C3 D4 E5",
            "15 Game 2 I: c (0 10 -1) vs d (0 10 -1)",
            "15   6(B): q16",
        ]
    )
    assert events[1] == Move(1, 5, W, "C3", ("D4", "E5"))
    assert events[3] == Move(2, 6, B, "Q16")


def test_move_before_any_heading_has_no_game() -> None:
    assert parse_one("15  12(B): K10") == Move(None, 12, B, "K10")


def test_shout_and_announcements() -> None:
    """Real IGS code 21 lines."""
    assert parse_one("21 !bob!: hello all") == Shout("bob", "hello all")
    assert parse_one("21 {Game 12: alpha [ 3k*] vs beta [ 4k ]}") == GameStart(
        12, "alpha", "3k*", "beta", "4k"
    )
    assert parse_one("21 {Match 58: bob [10k*] vs. fred [11k*] }") == GameStart(
        58, "bob", "10k*", "fred", "11k*"
    )
    assert parse_one("21 {Game 12: alpha vs beta @ Operation}") == GameStart(
        12, "alpha", "", "beta", "", resumed=True
    )
    assert parse_one("21 {tim [ 5d*] has connected.}") == UserConnected("tim", "5d*")
    assert parse_one("21 {tim has disconnected}") == UserDisconnected("tim")
    assert parse_one("21 {Game 49: wawa vs kaze : W 72.5 B 65.0}") == GameEnd(
        49,
        "score",
        None,
        "wawa",
        "kaze",
        "W 72.5 B 65.0",
        "{Game 49: wawa vs kaze : W 72.5 B 65.0}",
        72.5,
        65.0,
    )
    end = parse_one("21 {Game 49: wawa vs kaze : Black forfeits on time.}")
    assert isinstance(end, GameEnd) and end.reason == "time"
    adj = parse_one("21 {Game 49: wawa vs kaze has adjourned.}")
    assert isinstance(adj, GameEnd) and adj.reason == "adjourn" and adj.game == 49


def test_own_result_in_code_9() -> None:
    """Spec game_end form '{Game N: W vs B : White resigns. ...}' also arrives with code 9."""
    end = parse_one("9 {Game 88: Soothie vs OmegaGo1 : White resigns. W+Res}")
    assert isinstance(end, GameEnd)
    assert (end.game, end.reason, end.white, end.black) == (88, "resign", "Soothie", "OmegaGo1")


def test_resign_and_adjourn_info_lines() -> None:
    r = parse_one("9 bob has resigned the game.")
    assert isinstance(r, GameEnd) and (r.reason, r.player) == ("resign", "bob")
    a = parse_one("9 Game 17 has been adjourned.")
    assert isinstance(a, GameEnd) and (a.reason, a.game) == ("adjourn", 17)


def test_who_two_columns_and_footer() -> None:
    """Real IGS `who`: header, two players per line split by '|', footer with totals."""
    events = parse(
        [
            "27  Info       Name       Idle   Rank |  Info       Name       Idle   Rank",
            "27  Q  --   12 tim          0s     5d |   S --   23 sundance     4m    3k*",
            "27   X 14   -- Zarl        2m    30k  |",
            "27                 ******** 85 Players 40 Total Games ********",
        ]
    )
    assert isinstance(events[0], WhoHeader)
    assert events[1:] == [
        WhoEntry("tim", "5d", "0s", None, 12, "Q"),
        WhoEntry("sundance", "3k*", "4m", None, 23, "S"),
        WhoEntry("Zarl", "30k", "2m", 14, None, "X"),
        Totals(85, 40),
    ]


def test_yell_forms() -> None:
    assert parse_one("32 CH1:bob: hello") == Yell(1, "bob", "hello")
    assert parse_one("32 CH:bob: hello") == Yell(None, "bob", "hello")
    # what joining a channel answers (the embedded server's lines, as IGS words them)
    assert parse_one("32 Changing into channel 1.") == ChannelNotice(1, "Changing into channel 1.")
    assert parse_one("32 Welcome to channel 1.") == ChannelNotice(1, "Welcome to channel 1.")
    assert parse_one("32 In channel 1: alice bob") == ChannelNotice(
        1, "In channel 1: alice bob", ("alice", "bob")
    )
    assert parse_one("32 1:bob: In channel 5: x") == Yell(1, "bob", "In channel 5: x")
    assert parse_one("32 just words") == Yell(None, None, "just words")


def test_tell_with_colons_and_unicode() -> None:
    assert parse_one("24 *li*: 你好: 12:30 ok") == Tell("li", "你好: 12:30 ok")
    assert parse_one("24 *SYSTEM*: server restarts soon") == Tell("SYSTEM", "server restarts soon")


def test_match_declined_and_dot() -> None:
    assert parse_one("9 bob declines your request for a match.") == MatchDeclined("bob")
    assert parse_one("40 alice") == Dot("alice")


def test_byoyomi_second_line_alone() -> None:
    assert parse_one("9 You have 25 stones and 10 minutes") == ByoyomiEntry(None, 25, 10)


def test_held_event_is_released_before_an_unrelated_line() -> None:
    events = parse(["9 The player a is now in byo-yomi.", "24 *b*: hi"])
    assert events == [ByoyomiEntry("a", None, None), Tell("b", "hi")]


def test_score_board_with_territory_digits() -> None:
    """Digits: 0 black, 1 white, 3 dame, 4 white territory, 5 black territory; a row is a column
    from the top edge down."""
    events = parse(
        [
            "22 w 1k 2 100 0 F 0.5 0",
            "22 b 1k 3 100 0 F 0.5 0",
            "22  0: 544",
            "22  1: 501",
            "22  2: 031",
            "20 w (W:O): 3.5 to b (B:#): 4.0",
        ]
    )
    board = events[0]
    assert isinstance(board, ScoreBoard)
    assert board.size == 3 and board.white_captures == 2 and board.black_captures == 3
    assert board.black_territory == ("A3", "B3")
    assert board.white_territory == ("A2", "A1")
    assert board.black_stones == ("B2", "C3")
    assert board.white_stones == ("B1", "C1")
    assert board.dame == ("C2",)


def test_malformed_score_board_keeps_rows_but_no_points() -> None:
    events = parse(["22 w 1k", "22  0: 12", "22  1: 3"])
    board = events[0]
    assert isinstance(board, ScoreBoard) and board.size == 0 and board.rows == ("12", "3")
    assert board.dame == ()


def test_prompt_with_garbage_is_unknown() -> None:
    assert parse_one("1 x") == Unknown(1, "x")
    assert parse_one("1 12") == Prompt(12)


def test_info_fallback() -> None:
    assert parse_one("9 Welcome to the server, enjoy.") == Info("Welcome to the server, enjoy.")
    # a toggle's confirmation is typed (bernds/q5Go src/parser.cpp:520)
    assert parse_one("9 Set client to be True.") == ToggleSet("client", True)


def test_event_to_dict_puts_type_first_and_is_json_ready() -> None:
    d = event_to_dict(Move(693, 1, W, "O17", ("P17",)))
    assert list(d) == ["type", "game", "number", "color", "point", "captures", "handicap"]
    assert d == {
        "type": "move",
        "game": 693,
        "number": 1,
        "color": "W",
        "point": "O17",
        "captures": ["P17"],
        "handicap": None,
    }


def test_events_are_frozen() -> None:
    import dataclasses

    import pytest

    event = Move(1, 0, B, "A1")
    with pytest.raises(dataclasses.FrozenInstanceError):
        event.number = 3  # type: ignore[misc]


def test_command_reply_is_json_serialisable() -> None:
    import json

    from igs_tui.backends.igs.protocol.commands import observe
    from igs_tui.backends.igs.protocol.events import CommandReply

    reply = CommandReply(3, observe(5), (Move(5, 0, B, "D4"),))
    data = json.loads(json.dumps(event_to_dict(reply)))
    assert data["type"] == "command_reply" and data["seq"] == 3
    assert data["command"]["line"] == "observe 5" and data["command"]["reply"] == "block"
    assert "move" in data["command"]["claims"]
    assert data["events"][0] == {
        "type": "move",
        "game": 5,
        "number": 0,
        "color": "B",
        "point": "D4",
        "captures": [],
        "handicap": None,
    }


def test_komi_request_and_komi_set_lines() -> None:
    from igs_tui.backends.igs.protocol.events import KomiRequest, KomiSet

    assert parse_one("9 qGoDev wants the komi to be  1.5") == KomiRequest("qGoDev", 1.5)
    assert parse_one("9 bob wants the komi to be -3.5") == KomiRequest("bob", -3.5)
    assert parse_one("9 Set the komi to 0.5") == KomiSet(0.5)
    assert parse_one("9 Komi is now set to -3.5") == KomiSet(-3.5)
    assert not isinstance(parse_one("9 Komi set to -3.5 in match 10"), KomiSet)  # NNGS form
