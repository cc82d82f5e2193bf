"""Real player names in relay titles: the forms seen on IGS and elsewhere, and hostile text."""

from __future__ import annotations

import pytest
from hypothesis import given
from hypothesis import strategies as st

from igs_tui.localserver.broadcast import DEFAULT_TITLE
from igs_tui.model.broadcast_names import BroadcastNames, RealPlayer, parse_broadcast_names


def names(black: str, black_rank: str, white: str, white_rank: str) -> BroadcastNames:
    return BroadcastNames(RealPlayer(black, black_rank), RealPlayer(white, white_rank))


@pytest.mark.parametrize(
    ("title", "expected"),
    [
        (
            "The 61st Kansai Ki-in Best Player Tournament, 2nd Round, "
            "Arakaki Shun 9-dan(W) vs Yokota Shigeaki 9-dan(B)",
            names("Yokota Shigeaki", "9-dan", "Arakaki Shun", "9-dan"),
        ),
        (DEFAULT_TITLE, names("Shirai Ken", "8-dan", "Kuroda Akira", "9-dan")),
        (
            "Kisei final game 3: Black: Iyama Yuta 9p White: Ichiriki Ryo 9p",
            names("Iyama Yuta", "9p", "Ichiriki Ryo", "9p"),
        ),
        (
            "Black: Iyama Yuta 9p, White: Ichiriki Ryo 9p (komi 6.5)",
            names("Iyama Yuta", "9p", "Ichiriki Ryo", "9p"),
        ),
        ("LG Cup, W: Shin Jinseo 9p, B: Ke Jie 9p", names("Ke Jie", "9p", "Shin Jinseo", "9p")),
        (
            "Honinbo (B) Iyama Yuta vs (W) Shibano Toramaru",
            names("Iyama Yuta", "", "Shibano Toramaru", ""),
        ),
        (
            "Final: B: Ke Jie vs W: Park Junghwan, game 2",
            names("Ke Jie", "", "Park Junghwan", ""),
        ),
        ("Cho U 9p [W] VS Iyama Yuta 9p [B]", names("Iyama Yuta", "9p", "Cho U", "9p")),
        ("Round 3: 柯洁 9段(黑) vs 申真谞 9段(白)", names("柯洁", "9段", "申真谞", "9段")),
    ],
)
def test_title_forms(title: str, expected: BroadcastNames) -> None:
    assert parse_broadcast_names(title) == expected


@pytest.mark.parametrize(
    "title",
    [
        "",
        "48th Kisei final, game 3",  # no names
        "Iyama Yuta vs Ichiriki Ryo",  # no colours: who has Black is not said
        "Iyama Yuta(B) vs Ichiriki Ryo(B)",  # two Blacks
        "(B) vs (W)",  # markers without names
        "vs vs vs",
        "B: 1 W: 2",  # numbers are not names
        "Black: " + "x" * 200 + " White: y",  # a sentence, not a name
    ],
)
def test_unclear_titles_give_nothing(title: str) -> None:
    assert parse_broadcast_names(title) is None


def test_escapes_never_reach_a_name_and_markup_stays_text() -> None:
    title = "Cup, \x1b[31m[bold]Evil[/bold]\x1b[0m 9p(W) vs Bad\x07\x1b]0;pwn\x07 Guy(B)"
    found = parse_broadcast_names(title)
    assert found is not None
    assert found.white == RealPlayer("[bold]Evil[/bold]", "9p")  # shown later as plain text
    assert found.black.name.startswith("Bad") and found.black.name.endswith("Guy")
    for name in (found.white.name, found.black.name):
        assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in name)


@given(st.text(max_size=300))
def test_never_raises_and_names_are_clean(title: str) -> None:
    found = parse_broadcast_names(title)
    if found is not None:
        for player in (found.black, found.white):
            assert player.name and len(player.name) <= 40
            assert not any(ord(ch) < 32 or 0x7F <= ord(ch) < 0xA0 for ch in player.name)


@given(
    st.sampled_from(["(W)", "(B)"]),
    st.text(st.characters(codec="utf-8"), max_size=40),
    st.text(st.characters(codec="utf-8"), max_size=40),
)
def test_never_raises_on_marked_noise(marker: str, left: str, right: str) -> None:
    other = "(B)" if marker == "(W)" else "(W)"
    parse_broadcast_names(f"{left}{marker} vs {right}{other}")
