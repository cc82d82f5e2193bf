"""Real player names in the title of a relayed professional game.

Relays use one account for both sides (``kansai1`` vs ``kansai1``), so the names worth showing
are in the title, written by whoever runs the relay, in no fixed format::

    The 61st Kansai Ki-in ..., 2nd Round, Arakaki Shun 9-dan(W) vs Yokota Shigeaki 9-dan(B)
    Kisei final game 3: Black: Iyama Yuta 9p White: Ichiriki Ryo 9p
    LG Cup, W: Shin Jinseo 9p, B: Ke Jie 9p
    Honinbo (B) Iyama Yuta vs (W) Shibano Toramaru

A side's colour must be marked (``(W)``, ``[B]``, ``W:``, ``Black:``, ``黑``/``白``): without
markers ("Iyama Yuta vs Ichiriki Ryo") nobody can tell who has Black, and a wrong guess is
worse than the account name, so nothing is returned. Anything unusual gives ``None`` too; the
title itself is shown anyway. Pure and total: titles come from the server, so any text (markup,
ANSI escapes, control characters) is parsed without raising, and escapes never reach a name.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from igs_tui.go import Color

__all__ = ["BroadcastNames", "RealPlayer", "parse_broadcast_names"]

MAX_NAME = 40
"""Longer "names" are sentences, not names: the title is not in a form we know."""

_ESCAPES = re.compile(r"\x1b(?:\[[0-?]*[ -/]*[@-~]|\][^\x07\x1b]*(?:\x07|\x1b\\)?|.)?")
_CONTROLS = re.compile(r"[\x00-\x1f\x7f-\x9f]")
_COLOR_WORDS = {
    "b": Color.BLACK,
    "black": Color.BLACK,
    "黑": Color.BLACK,
    "黒": Color.BLACK,
    "흑": Color.BLACK,
    "w": Color.WHITE,
    "white": Color.WHITE,
    "白": Color.WHITE,
    "백": Color.WHITE,
}
_COLOR = r"(?:black|white|b|w|黑|黒|흑|白|백)"
_VS = re.compile(r"\s+(?:vs\.?|v\.|versus)\s+|\s*(?<![A-Za-z])VS(?![A-Za-z])\s*", re.IGNORECASE)
# "Name (W)" / "Name [B]" / "Name(白)": the marker ends the side
_TRAILING = re.compile(rf"^(?P<name>.*?)\s*[(\[（]\s*(?P<color>{_COLOR})\s*[)\]）]$", re.IGNORECASE)
# "(B) Name" / "[W] Name" / "B: Name" / "Black: Name" / "黑：Name"
_LEADING = re.compile(
    rf"^(?:[(\[（]\s*(?P<c1>{_COLOR})\s*[)\]）]|(?P<c2>{_COLOR})\s*[:：])\s*(?P<name>.+)$",
    re.IGNORECASE,
)
_SIDE_START = re.compile(
    rf"[(\[（]\s*{_COLOR}\s*[)\]）]|(?<![^\s,;])(?:{_COLOR})\s*[:：]", re.IGNORECASE
)
_SEPARATOR = re.compile(r"\s*[,;:|]\s+|\s+[-–—]\s+")
_TAIL = re.compile(r"\s*[,;|]\s+|\s+[-–—]\s+")
"""What ends the last side (not a colon: ``W: Name`` starts one)."""
# "Black: X White: Y" without "vs": every "colour:" label starts a side
_LABEL = re.compile(rf"(?<![^\s,;(\[])(?P<color>{_COLOR})\s*[:：]\s*", re.IGNORECASE)
_RANK = re.compile(
    r"^(?P<name>.*?)[\s,]+(?P<rank>\d{1,2}\s?-?\s?(?:dan|kyu|d|k|p|段|단|级|級)"
    r"|(?:pro|amateur|ama)\s?\d{1,2}\s?-?\s?(?:dan|d|p|段))\.?$",
    re.IGNORECASE,
)


@dataclass(frozen=True, slots=True)
class RealPlayer:
    """A player as the title names them: ``Kuroda Akira``, rank ``9-dan`` (or ``""``)."""

    name: str
    rank: str = ""


@dataclass(frozen=True, slots=True)
class BroadcastNames:
    """Both sides of a relayed game, by colour."""

    black: RealPlayer
    white: RealPlayer

    def player(self, color: Color) -> RealPlayer:
        return self.black if color is Color.BLACK else self.white


def parse_broadcast_names(title: str) -> BroadcastNames | None:
    """The players named in ``title`` with their colours, or ``None`` when not both are clear."""
    text = _CONTROLS.sub(" ", _ESCAPES.sub("", title[:1000]))
    text = " ".join(text.split())
    sides = _versus_sides(text) or _labelled_sides(text)
    if sides is None:
        return None
    found: dict[Color, RealPlayer] = {}
    for color, raw in sides:
        player = _player(raw)
        if player is None or color in found:
            return None
        found[color] = player
    if len(found) != 2:
        return None
    return BroadcastNames(found[Color.BLACK], found[Color.WHITE])


def _versus_sides(text: str) -> list[tuple[Color, str]] | None:
    """``<event>, A (W) vs B (B)<, more>``: the last "vs" splits the two sides."""
    parts = _VS.split(text)
    if len(parts) < 2:
        return None
    left = _first_side(parts[-2])
    right = _TAIL.split(parts[-1])[0]
    sides: list[tuple[Color, str]] = []
    for side in (left.strip(), right.strip()):
        marked = _marked_side(side)
        if marked is None:
            return None
        sides.append(marked)
    return sides


def _first_side(left: str) -> str:
    """Drop the event's name before the first side.

    ``Final, Round 1, Name 9-dan(W)`` keeps what follows the last separator; ``Honinbo (B)
    Name`` and ``Final: B: Name`` keep the text from the last colour marker on.
    """
    if _TRAILING.match(left):
        return _SEPARATOR.split(left)[-1]
    starts = list(_SIDE_START.finditer(left))
    return left[starts[-1].start() :] if starts else left


def _marked_side(side: str) -> tuple[Color, str] | None:
    trailing = _TRAILING.match(side)
    if trailing is not None:
        return _COLOR_WORDS[trailing["color"].lower()], trailing["name"]
    leading = _LEADING.match(side)
    if leading is not None:
        word = leading["c1"] or leading["c2"]
        return _COLOR_WORDS[word.lower()], leading["name"]
    return None


def _labelled_sides(text: str) -> list[tuple[Color, str]] | None:
    """``Black: X White: Y`` (or ``W: Y, B: X``): each label runs to the next one."""
    labels = list(_LABEL.finditer(text))
    if len(labels) != 2:
        return None
    sides: list[tuple[Color, str]] = []
    for index, label in enumerate(labels):
        end = labels[index + 1].start() if index + 1 < len(labels) else len(text)
        raw = text[label.end() : end]
        if index + 1 == len(labels):
            raw = re.split(r"\s+[(\[（]", _TAIL.split(raw)[0])[0]  # a remark follows
        sides.append((_COLOR_WORDS[label["color"].lower()], raw))
    return sides


def _player(raw: str) -> RealPlayer | None:
    """Name and rank of one side; ``None`` when it does not look like a name."""
    raw = raw.strip(" ,;:|-–—")
    match = _RANK.match(raw)
    name, rank = (match["name"].strip(" ,;:"), match["rank"]) if match else (raw, "")
    if not name or len(name) > MAX_NAME or not any(ch.isalpha() for ch in name):
        return None
    return RealPlayer(name, rank)
