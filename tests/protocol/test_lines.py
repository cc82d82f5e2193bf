"""Formatters reproduce the spec's lines exactly and round-trip through the parser."""

from __future__ import annotations

from hypothesis import given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.protocol import lines as L
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
from tests.protocol.helpers import parse, parse_one

B, W = Color.BLACK, Color.WHITE


def test_spec_lines_are_reproduced_exactly() -> None:
    assert (
        L.format_user_entry("isfadm02", "<None>", "Japan", "2k", 0, 0, None, None, "25s", "QX")
        == "42   isfadm02  <None>          Japan     2k    0/   0  -   -   25s    QX default"
    )
    assert (
        L.format_user_entry(
            "supurinter", "<none>", "Japan", "9k*", 2788, 2844, None, None, "55s", "QX"
        )
        == "42 supurinter  <none>          Japan     9k* 2788/2844  -   -   55s    QX default"
    )
    assert (
        L.format_user_entry("figaro", "", "Korea", "3k*", 9, 3, 1, 35, "52s", "--")
        == "42     figaro                  Korea     3k*   9/   3   1  35  52s    -- default"
    )
    assert (
        L.format_games_entry(4, "wari5", "6k*", "Spinserve", "6k*", 0, 19, 0, 0.5, 10)
        == "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)"
    )
    assert (
        L.format_games_entry(56, "HUH00", "5d*", "nomad", "5d*", 224, 19, 0, 0.5, 12, "I", 95)
        == "7 [56]       HUH00 [ 5d*] vs.       nomad [ 5d*] (224   19  0  0.5 12  I) ( 95)"
    )
    assert (
        L.format_heading(38, "OmegaGo1", (0, 4500, -1), "Soothie", (0, 4495, -1))
        == "15 Game 38 I: OmegaGo1 (0 4500 -1) vs Soothie (0 4495 -1)"
    )
    assert L.format_move_line(0, B, "B2") == "15   0(B): B2"
    assert L.format_move_line(90, B, "L16") == "15  90(B): L16"
    assert L.format_move_line(4, B, None) == "15   4(B): Pass"
    assert L.format_move_line(0, B, None, handicap=2) == "15   0(B): Handicap 2"
    assert (
        L.format_time_line(475, "OmegaGo1", W, False, (58, 60), (0, 600), (25, 25))
        == "15 TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0"
    )
    assert L.format_gamerprops(475, 19, 0, 6.5) == "15 GAMERPROPS:475: 19 0 6.50"
    assert L.format_time_block(28, "OmegaGo1", 7498, "Soothie", 4299) == [
        "26 Game : 28",
        "26 White(OmegaGo1) : 124:58",
        "26 Black(Soothie) : 71:39",
    ]
    assert L.format_say(116, "Soothie", "a") == ["51 Say in game 116", "19 *Soothie*: a"]
    assert L.format_tell("Soothie", "message contents") == "24 *Soothie*: message contents"
    assert L.format_match_request("Soothie", B, 19, 75, 0) == [
        "9 Match[19x19] in 75 minutes requested with Soothie as Black.",
        "9 Use <match Soothie W 19 75 0> or <decline Soothie> to respond.",
    ]
    assert L.format_nmatch_request("MORAL70", ["B", 4, 19, 60, 600, 25, 0, 0, 0]) == [
        "9 NMatch requested with MORAL70(B 4 19 60 600 25 0 0 0).",
        "9 Use <nmatch MORAL70 B 4 19 60 600 25 0 0 0> or <decline MORAL70> to respond.",
    ]
    assert L.format_prompt(5) == "1 5"


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
    st.sampled_from(["0s", "25s", "1m", "13h"]),
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
    idle: str,
    flags: str,
) -> None:
    line = L.format_user_entry(name, info, country, rank, won, lost, obs, play, idle, flags)
    assert parse_one(line) == UserEntry(
        name, info, country, rank, won, lost, obs, play, idle, flags, "default"
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
    assert parse_one(line) == GamesEntry(
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
        L.format_heading(game, white, (1, secs, stones), black, (2, secs, -1)),
        L.format_move_line(number, color, point, captures if point else ()),
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
    line = L.format_time_line(game, name, color, byo, (main, 3600), (byo_secs, 600), (stones, 25))
    assert parse_one(line) == TimeInfo(
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
    events = parse(L.format_match_request(name, color, size, minutes, byo))
    accept = f"match {name} {color.opponent.value} {size} {minutes} {byo}"
    assert events == [MatchRequest(name, color, size, minutes, byo, color.opponent, accept)]


def test_nmatch_say_kibitz_score_round_trip() -> None:
    events = parse(L.format_nmatch_request("bob", ["N", 0, 9, 600, 0, 0, 0, 0, 0]))
    assert events == [
        NMatchRequest("bob", "N", 0, 9, 600, 0, 0, 0, 0, 0, "nmatch bob N 0 9 600 0 0 0 0 0")
    ]
    assert parse(L.format_say(3, "a", "hi: there")) == [Say(3, "a", "hi: there")]
    assert parse(L.format_kibitz(3, "k", "2d", "a", "b", "wow")) == [
        Kibitz(3, "k", "2d", "a", "b", "wow")
    ]
    assert parse_one(L.format_score_line("a", 70.5, "b", 65.0)) == Score("a", 70.5, "b", 65.0)
