"""The one IGS wire-format module (igs_tui.localserver.lines) reproduces the spec's lines
exactly, and every line it writes round-trips through the parser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.protocol.events import (
    GameHeading,
    GamesEntry,
    Kibitz,
    MatchRequest,
    Move,
    NMatchRequest,
    Say,
    Score,
    TimeInfo,
    UserEntry,
)
from igs_tui.go.coords import COLUMN_LETTERS
from igs_tui.go.types import Color
from igs_tui.localserver import lines as L
from igs_tui.localserver.lines import client_lines
from tests.protocol.helpers import parse, parse_one

B, W = Color.BLACK, Color.WHITE


def coded(code: int, text: str) -> str:
    return client_lines([(code, text)])[0]


def test_spec_lines_are_reproduced_exactly() -> None:
    assert (
        coded(
            42, L.format_user_entry("isfadm02", "<None>", "Japan", "2k", 0, 0, None, None, 25, "QX")
        )
        == "42   isfadm02  <None>          Japan     2k    0/   0  -   -   25s    QX default"
    )
    assert (
        coded(
            42,
            L.format_user_entry(
                "supurinter", "<none>", "Japan", "9k*", 2788, 2844, None, None, 55, "QX"
            ),
        )
        == "42 supurinter  <none>          Japan     9k* 2788/2844  -   -   55s    QX default"
    )
    assert (
        coded(42, L.format_user_entry("figaro", "", "Korea", "3k*", 9, 3, 1, 35, 52, "--"))
        == "42     figaro                  Korea     3k*   9/   3   1  35  52s    -- default"
    )
    assert (
        coded(
            7,
            L.format_games_entry(4, "wari5", "6k*", "Spinserve", "6k*", 0, 19, 0, 0.5, 10, "I", 0),
        )
        == "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)"
    )
    assert (
        coded(
            7,
            L.format_games_entry(56, "HUH00", "5d*", "nomad", "5d*", 224, 19, 0, 0.5, 12, "I", 95),
        )
        == "7 [56]       HUH00 [ 5d*] vs.       nomad [ 5d*] (224   19  0  0.5 12  I) ( 95)"
    )
    assert (
        coded(15, L.format_heading(38, "OmegaGo1", (0, 4500, -1), "Soothie", (0, 4495, -1)))
        == "15 Game 38 I: OmegaGo1 (0 4500 -1) vs Soothie (0 4495 -1)"
    )
    assert coded(15, L.format_move_line(0, B, "B2")) == "15   0(B): B2"
    assert coded(15, L.format_move_line(90, B, "L16")) == "15  90(B): L16"
    assert coded(15, L.format_move_line(4, B, "Pass")) == "15   4(B): Pass"
    assert coded(15, L.format_move_line(0, B, "Handicap 2")) == "15   0(B): Handicap 2"
    assert (
        coded(15, L.format_time_line(475, "OmegaGo1", W, 0, 58, 60, 0, 600, 25, 25, 0, 0, 0, 0))
        == "15 TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0"
    )
    assert coded(15, L.format_gamerprops(475, 19, 0, 6.5)) == "15 GAMERPROPS:475: 19 0 6.50"
    clocks = L.format_clock_text(7498, -1, False), L.format_clock_text(4299, -1, False)
    assert client_lines(L.time_block(28, "OmegaGo1", clocks[0], "Soothie", clocks[1])) == [
        "26 Game : 28",
        "26 White(OmegaGo1) : 124:58",
        "26 Black(Soothie) : 71:39",
    ]
    assert L.format_clock_text(529, 19, True) == "8:49 (B) 19"
    assert client_lines(L.say(116, "Soothie", "a")) == [
        "51 Say in game 116",
        "",
        "19 *Soothie*: a",
    ]
    assert client_lines([L.tell("Soothie", "message contents")]) == [
        "24 *Soothie*: message contents"
    ]
    assert client_lines(L.match_offer("Soothie", "Black", 19, 75, "W 19 75 0")) == [
        "9 Match[19x19] in 75 minutes requested with Soothie as Black.",
        "9 Use <match Soothie W 19 75 0> or <decline Soothie> to respond.",
    ]
    assert client_lines(L.nmatch_offer("MORAL70", "B 4 19 60 600 25 0 0 0")) == [
        "9 NMatch requested with MORAL70(B 4 19 60 600 25 0 0 0).",
        "9 Use <nmatch MORAL70 B 4 19 60 600 25 0 0 0> or <decline MORAL70> to respond.",
    ]
    assert client_lines([L.prompt(5)]) == ["1 5"]
    assert (
        coded(20, L.format_score_line("OmegaGo1", 6.5, "Soothie", 0.0))
        == "20 OmegaGo1 (W:O):  6.5 to Soothie (B:g):  0.0"
    )


names = st.text(alphabet="abcdefghijklmnopqrstuvwxyzABCXYZ0123456789", min_size=1, max_size=10)
ranks = st.sampled_from(["NR", "2k", "9k*", "11k*", "30k", "1d", "7d*", "3p"])
games_numbers = st.integers(1, 9999)
points = st.builds(lambda c, r: f"{c}{r}", st.sampled_from(COLUMN_LETTERS[:19]), st.integers(1, 19))


@settings(max_examples=150, deadline=None)
@given(
    names,
    st.text(alphabet="abc XYZ/<>", max_size=14).map(str.strip),
    names,
    ranks,
    st.integers(0, 9999),
    st.integers(0, 9999),
    st.none() | games_numbers,
    st.none() | games_numbers,
    st.sampled_from([(0, "0s"), (25, "25s"), (60, "1m"), (13 * 3600, "13h")]),
    st.sampled_from(["QX", "--", "-!", "S-"]),
)
def test_user_entry_round_trip(
    name: str,
    info: str,
    country: str,
    rank: str,
    won: int,
    lost: int,
    obs: int | None,
    play: int | None,
    idle: tuple[int, str],
    flags: str,
) -> None:
    seconds, shown = idle
    line = L.format_user_entry(name, info, country, rank, won, lost, obs, play, seconds, flags)
    assert parse_one(coded(42, line)) == UserEntry(
        name, info, country, rank, won, lost, obs, play, shown, flags, "default"
    )


@settings(max_examples=150, deadline=None)
@given(
    games_numbers,
    names,
    ranks,
    names,
    ranks,
    st.integers(0, 999),
    st.sampled_from([9, 13, 19]),
    st.integers(0, 9),
    st.sampled_from([0.5, 6.5, -5.5, 0.0, 7.5]),
    st.integers(0, 60),
    st.sampled_from(["I", "FI", "TI", "*I"]),
    st.integers(0, 999),
)
def test_games_entry_round_trip(
    game: int,
    white: str,
    wr: str,
    black: str,
    br: str,
    moves: int,
    size: int,
    hcp: int,
    komi: float,
    byo: int,
    flags: str,
    obs: int,
) -> None:
    line = L.format_games_entry(game, white, wr, black, br, moves, size, hcp, komi, byo, flags, obs)
    assert parse_one(coded(7, line)) == GamesEntry(
        game, white, wr, black, br, moves, size, hcp, komi, byo, flags, obs
    )


@settings(max_examples=150, deadline=None)
@given(
    games_numbers,
    names,
    names,
    st.integers(0, 400),
    st.sampled_from([B, W]),
    st.none() | points,
    st.lists(points, max_size=4),
    st.integers(0, 99999),
    st.integers(-1, 25),
)
def test_heading_and_move_round_trip(
    game: int,
    white: str,
    black: str,
    number: int,
    color: Color,
    point: str | None,
    captures: list[str],
    secs: int,
    stones: int,
) -> None:
    lines = [
        coded(15, L.format_heading(game, white, (1, secs, stones), black, (2, secs, -1))),
        coded(15, L.format_move_line(number, color, point or "Pass", captures if point else ())),
    ]
    heading, move = parse(lines)
    assert heading == GameHeading(game, "I", white, 1, secs, stones, black, 2, secs, -1)
    assert move == Move(game, number, color, point, tuple(captures) if point else ())


@settings(max_examples=100, deadline=None)
@given(
    games_numbers,
    names,
    st.sampled_from([B, W]),
    st.booleans(),
    st.integers(0, 9999),
    st.integers(0, 9999),
    st.integers(0, 25),
)
def test_time_line_round_trip(
    game: int, name: str, color: Color, byo: bool, main: int, byo_secs: int, stones: int
) -> None:
    line = L.format_time_line(
        game, name, color, int(byo), main, 3600, byo_secs, 600, stones, 25, 0, 0, 0, 0
    )
    assert parse_one(coded(15, line)) == TimeInfo(
        game, name, color, byo, main, byo_secs, stones, 3600, 600, 25, (0, 0, 0, 0, 0, 0)
    )


@settings(max_examples=100, deadline=None)
@given(
    names,
    st.sampled_from([B, W]),
    st.sampled_from([9, 13, 19]),
    st.integers(0, 300),
    st.integers(0, 60),
)
def test_match_request_round_trip(
    name: str, color: Color, size: int, minutes: int, byo: int
) -> None:
    accept = f"match {name} {color.opponent.value} {size} {minutes} {byo}"
    word = "Black" if color is B else "White"
    events = parse(client_lines(L.match_offer(name, word, size, minutes, accept[6 + len(name) :])))
    assert events == [MatchRequest(name, color, size, minutes, byo, color.opponent, accept)]


def test_nmatch_say_kibitz_score_round_trip() -> None:
    events = parse(client_lines(L.nmatch_offer("bob", "N 0 9 600 0 0 0 0 0")))
    assert events == [
        NMatchRequest("bob", "N", 0, 9, 600, 0, 0, 0, 0, 0, "nmatch bob N 0 9 600 0 0 0 0 0")
    ]
    assert parse(client_lines(L.say(3, "a", "hi: there"))) == [Say(3, "a", "hi: there")]
    assert parse(client_lines(L.kibitz(3, "k", "2d", "a", "b", "wow"))) == [
        Kibitz(3, "k", "2d", "a", "b", "wow")
    ]
    score = coded(20, L.format_score_line("a", 70.5, "b", 65.0))
    assert parse_one(score) == Score("a", 70.5, "b", 65.0)
