"""A populated, deterministic model for screenshots, benchmarks and UI tests.

Real servers are not available offline and their data changes every second; a fixed model
makes screenshots comparable between runs and lets benchmarks measure the same work.
"""

from __future__ import annotations

import random

from igs_tui.go import Color, Point, parse_point
from igs_tui.model import (
    BufferKey,
    ChatKind,
    ClientModel,
    ClockReading,
    FollowedGame,
    GamePhase,
    GameSummary,
    LinkState,
    MoveRecord,
    Player,
    Role,
    TimeSettings,
    TimeSystem,
)
from igs_tui.model import changes as ch

FIXED_TIME = 1_800_000_000.0
"""Timestamp used for demo chat messages, so rendered times never change."""

_SYLLABLES = ("ka", "to", "mi", "ra", "shi", "no", "ba", "ku", "ze", "ri", "go", "han", "jin", "li")
_COUNTRIES = ("Japan", "Korea", "China", "Taiwan", "France", "Germany", "USA", "Czechia", "")


def _rank(rng: random.Random) -> str:
    roll = rng.random()
    if roll < 0.05:
        return "NR"
    if roll < 0.1:
        return f"{rng.randint(1, 9)}p"
    if roll < 0.45:
        return f"{rng.randint(1, 9)}d{rng.choice(['*', '*', ''])}"
    return f"{rng.randint(1, 30)}k{rng.choice(['*', '*', ''])}"


def make_players(count: int, seed: int = 1) -> list[Player]:
    rng = random.Random(seed)
    players: list[Player] = []
    seen: set[str] = set()
    while len(players) < count:
        name = "".join(rng.choice(_SYLLABLES) for _ in range(rng.randint(2, 3)))[:10]
        if name in seen:
            name = f"{name[:7]}{len(players)}"
        if name in seen:
            continue
        seen.add(name)
        players.append(
            Player(
                name=name,
                rank=_rank(rng),
                country=rng.choice(_COUNTRIES),
                wins=rng.randint(0, 900),
                losses=rng.randint(0, 900),
                playing=rng.choice([None, None, rng.randint(1, 400)]),
                observing=rng.choice([None, None, rng.randint(1, 400)]),
                idle=f"{rng.randint(0, 59)}s",
                open_for_matches=rng.random() < 0.6,
                looking=rng.random() < 0.1,
                quiet=rng.random() < 0.2,
            )
        )
    return players


def make_games(players: list[Player], count: int, seed: int = 2) -> list[GameSummary]:
    rng = random.Random(seed)
    games: list[GameSummary] = []
    for number in range(1, count + 1):
        white, black = rng.sample(players, 2)
        size = rng.choice([19, 19, 19, 13, 9])
        games.append(
            GameSummary(
                number=number * 3 + 10,
                white=white.name,
                white_rank=white.rank,
                black=black.name,
                black_rank=black.rank,
                moves=rng.randint(0, 250),
                size=size,
                handicap=rng.choice([0, 0, 0, 2, 3]),
                komi=rng.choice([6.5, 0.5, 5.5]),
                byoyomi_minutes=rng.choice([5, 10]),
                flags="I",
                observers=rng.randint(0, 60),
            )
        )
    games.append(
        GameSummary(
            number=5,
            white="IGS-Kisei",
            white_rank="9p",
            black="IGS-Kisei",
            black_rank="9p",
            moves=131,
            size=19,
            komi=6.5,
            observers=412,
            title="48th Kisei final, game 3",
        )
    )
    return games


DEMO_MOVES = [
    (Color.BLACK, Point(15, 15)),
    (Color.WHITE, Point(3, 3)),
    (Color.BLACK, Point(15, 3)),
    (Color.WHITE, Point(3, 15)),
    (Color.BLACK, Point(13, 16)),
    (Color.WHITE, Point(16, 13)),
    (Color.BLACK, Point(2, 5)),
]


def demo_model(players: int = 300, games: int = 40, *, me: str = "tester") -> ClientModel:
    """A model with players, games, one observed game, chat buffers and console lines."""
    model = ClientModel(clock=lambda: 1000.0)
    model.set_connection(
        state=LinkState.CONNECTED, server="igs.joyjoy.net:7777", user=me, lag_ms=85.0
    )
    people = make_players(players)
    model.replace_players([Player(me, "3k*"), *people])
    model.replace_games(make_games(people, games))
    model.follow(5)
    for number, (color, point) in enumerate(DEMO_MOVES, start=1):
        model.apply(ch.MoveAdded(5, MoveRecord(number, color, point)))

    def say(key: BufferKey, author: str, text: str, kind: str = "message") -> None:
        model.apply(ch.ChatAdded(key, author, text, kind, timestamp=FIXED_TIME))

    friend = people[0].name
    say(BufferKey(ChatKind.TELL, friend), friend, f"hi {me}, fancy a 19x19 game later?")
    say(BufferKey(ChatKind.TELL, friend), me, "sure, after this broadcast", "own")
    say(BufferKey(ChatKind.GAME, "5"), people[1].name, "black's shape is heavy", "kibitz")
    say(BufferKey(ChatKind.GAME, "5"), people[2].name, "white will invade at 3-3", "kibitz")
    say(BufferKey(ChatKind.SHOUT), people[3].name, "anyone for a 9x9 teaching game?")
    say(BufferKey(ChatKind.CHANNEL, "1"), people[4].name, "welcome to channel 1")
    model.mark_read(BufferKey(ChatKind.TELL, friend))
    for text, kind in (
        ("1 5", "prompt"),
        ("21 {Game 5: IGS-Kisei vs IGS-Kisei : W 0.0 0 B 0.0 0}", "game announce"),
        (f"24 *{friend}*: hi {me}, fancy a 19x19 game later?", "tell"),
        ("9 Please type 'done' again.", "info"),
        ("42 something new from the server", "unknown"),
    ):
        model.add_console(text, kind)
    model.add_console("observe 5", "command", outgoing=True)
    return model


OWN_GAME = 77
"""The number of the demo's own game (not in :func:`demo_model`: its snapshots stay as they are)."""

OWN_OPENING = "Q16 D4 Q3 D16 R5 C14 F17 C6 K4 O17 P17 O16 P15 M17 R14 K17 D10 F3 C3 D3 C4 C5 B5 D5"
"""A plausible 19x19 opening, black first, for a game of our own in progress."""

SCORING_BLACK = ("E9", "E8", "E7", "F7", "F6", "E6", "E5", "E4", "D4", "D3", "D2", "D1", "H3", "H6")
SCORING_WHITE = ("F9", "F8", "G7", "G6", "F5", "F4", "F3", "E3", "E2", "E1", "B7", "G8")
"""A finished 9x9 game: black holds the left, white the right; H3 and H6 (black) inside
white's area and B7 (white) inside black's are dead. The count is close (W+1.5)."""
SCORING_DEAD = ("H3", "H6", "B7")


def _moves_from(black: tuple[str, ...], white: tuple[str, ...], size: int) -> list[MoveRecord]:
    """Alternate the two colours' stones (a side with none left passes), then both pass."""
    records: list[MoveRecord] = []
    for i in range(max(len(black), len(white))):
        for color, stones in ((Color.BLACK, black), (Color.WHITE, white)):
            point = parse_point(stones[i], size) if i < len(stones) else None
            records.append(MoveRecord(len(records) + 1, color, point))
    for color in (Color.BLACK, Color.WHITE):
        records.append(MoveRecord(len(records) + 1, color, None))
    return records


def _follow_as_black(model: ClientModel, opponent: str, number: int, size: int) -> FollowedGame:
    """Start following a game of ours (black, komi 6.5) against ``opponent``."""
    rank = model.players.get(opponent)
    return model.follow(
        number,
        role=Role.PLAYING_BLACK,
        white=opponent,
        white_rank=rank.rank if rank is not None else "2k",
        black=model.me,
        black_rank="3k*",
        size=size,
        komi=6.5,
    )


def add_own_game(model: ClientModel, opponent: str, *, number: int = OWN_GAME) -> FollowedGame:
    """A 19x19 game we play as black, both clocks in overtime (Japanese byo-yomi), our turn."""
    game = _follow_as_black(model, opponent, number, 19)
    color = Color.BLACK
    for index, text in enumerate(OWN_OPENING.split(), start=1):
        model.apply(ch.MoveAdded(number, MoveRecord(index, color, parse_point(text, 19))))
        color = color.opponent
    settings = TimeSettings(TimeSystem.JAPANESE, 1200, byo_seconds=30, periods=5)
    model.apply(ch.TimeSystemSet(number, settings))
    black = ClockReading(0.0, in_byoyomi=True, byo_seconds=24.0, periods=3)
    model.apply(ch.ClockSet(number, Color.BLACK, black))
    white = ClockReading(0.0, in_byoyomi=True, byo_seconds=30.0, periods=5)
    model.apply(ch.ClockSet(number, Color.WHITE, white))
    return game


def add_scoring_game(model: ClientModel, opponent: str, *, number: int = OWN_GAME) -> FollowedGame:
    """A 9x9 game of ours after both passed: dead stones marked, waiting for both to be done."""
    game = _follow_as_black(model, opponent, number, 9)
    for move in _moves_from(SCORING_BLACK, SCORING_WHITE, 9):
        model.apply(ch.MoveAdded(number, move))
    settings = TimeSettings(TimeSystem.JAPANESE, 1200, byo_seconds=30, periods=5)
    model.apply(ch.TimeSystemSet(number, settings))
    model.apply(ch.ClockSet(number, Color.BLACK, ClockReading(161.0)))
    white = ClockReading(0.0, in_byoyomi=True, byo_seconds=30.0, periods=4)
    model.apply(ch.ClockSet(number, Color.WHITE, white))
    model.apply(ch.PhaseChanged(number, GamePhase.SCORING))
    dead = tuple(parse_point(text, 9) for text in SCORING_DEAD)
    model.apply(ch.DeadStonesMarked(number, dead))
    return game
