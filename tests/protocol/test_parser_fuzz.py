"""Fuzzing: the parser never raises and always returns events, whatever the lines.

Two layers: hypothesis explores structured random lines (codes the parser knows, random text,
unicode, mutations of real lines), and a seeded loop pushes 100k generated lines through one
parser so that cross-line state (files, held events, headings) is exercised too.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.protocol.events import Event, event_to_dict
from igs_tui.backends.igs.protocol.parser import IgsParser
from tests.protocol.test_parser_spec import SCORE_BLOCK, SINGLE_LINES

KNOWN_CODES = [
    "1",
    "2",
    "5",
    "7",
    "8",
    "9",
    "11",
    "14",
    "15",
    "19",
    "20",
    "21",
    "22",
    "24",
    "26",
    "27",
    "28",
    "32",
    "39",
    "40",
    "42",
    "49",
    "51",
]
REAL_LINES = (
    [line for line, _ in SINGLE_LINES]
    + SCORE_BLOCK.split("\n")
    + [
        "9 Match[19x19] in 75 minutes requested with Soothie as Black.",
        "9 Use <match Soothie W 19 75 0> or <decline Soothie> to respond.",
        "NMatch requested with MORAL70(B 4 19 60 600 25 0 0 0).",
        "9 Use <nmatch MORAL70 B 4 19 60 600 25 0 0 0> or <decline MORAL70> to respond.",
        "5 There is a dispute regarding your match(nmatch):",
        "5 OmegaGo1 request: B 0 19 60 600 25 0 0 0",
        "51 Say in game 116",
        "19 *Soothie*: a",
        "11 Kibitz guy [ 3k*]: Game a vs b [12]",
        "11    text",
        "26 Game : 28",
        "26 White(OmegaGo1) : 124:58",
        "9 The player OmegaGo1 is now in byo-yomi.",
        "9 Board is restored to what it was when you started scoring",
        "9 Please type 'done again.",
        "8 File",
        "Login: ",
        "#> ",
        "21 {Game 12: a [ 3k*] vs b [ 4k ]}",
        "27  Q  --   12 tim          0s     5d |   S --   23 sundance     4m    3k*",
    ]
)
ALPHABET = st.characters(codec="utf-8", exclude_categories=["Cs"])


def _check(parser: IgsParser, line: str) -> None:
    events = parser.feed_line(line)
    assert isinstance(events, list)
    for e in events:
        assert isinstance(e, Event)
        event_to_dict(e)


line_text = st.text(alphabet=ALPHABET, max_size=60)
coded_line = st.builds(lambda c, t: f"{c} {t}", st.sampled_from(KNOWN_CODES), line_text)
mutated_real = st.builds(
    lambda line, i, s: line[:i] + s + line[i + 1 :],
    st.sampled_from(REAL_LINES),
    st.integers(0, 80),
    st.text(alphabet=ALPHABET, max_size=3),
)
any_line = st.one_of(line_text, coded_line, mutated_real, st.sampled_from(REAL_LINES))


@settings(max_examples=500, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.lists(any_line, max_size=12))
def test_random_line_sequences_never_raise(lines: list[str]) -> None:
    parser = IgsParser()
    for line in lines:
        _check(parser, line)
    for e in parser.flush():
        assert isinstance(e, Event)


@settings(max_examples=400, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(0, 10**6), line_text)
def test_random_numeric_codes(code: int, text: str) -> None:
    parser = IgsParser()
    _check(parser, f"{code} {text}")
    _check(parser, f"{code}{text}")


def _generated_line(rng: random.Random) -> str:
    kind = rng.random()
    if kind < 0.35:
        line = rng.choice(REAL_LINES)
        if rng.random() < 0.6 and line:
            i = rng.randrange(len(line))
            junk = "".join(
                chr(rng.choice([rng.randrange(32, 127), rng.randrange(0x80, 0x3000)]))
                for _ in range(rng.randrange(0, 4))
            )
            line = line[:i] + junk + line[i + rng.randrange(0, 3) :]
        return line
    if kind < 0.8:
        words = [
            rng.choice(
                [
                    "Game",
                    "(0",
                    "-1)",
                    "vs",
                    "[",
                    "]",
                    "*",
                    "!",
                    ":",
                    "@",
                    "{",
                    "}",
                    "/",
                    "File",
                    "TIME:",
                    "12",
                    "B",
                    "W",
                    "Pass",
                    "Handicap",
                    "x",
                ]
            )
            for _ in range(rng.randrange(0, 9))
        ]
        return f"{rng.choice(KNOWN_CODES)} " + " ".join(words)
    return "".join(chr(rng.randrange(1, 0x2FFF)) for _ in range(rng.randrange(0, 30)))


def test_hundred_thousand_generated_lines_without_an_exception() -> None:
    rng = random.Random(20261122)
    parser = IgsParser()
    count = 0
    for _ in range(100_000):
        for e in parser.feed_line(_generated_line(rng)):
            assert isinstance(e, Event)
            count += 1
    parser.flush()
    assert count > 10_000  # the generator mostly produces lines that yield events
