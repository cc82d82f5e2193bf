"""Hostile field values in every reply code: the parser, the wire and the IGS session never
raise, and a number that does not fit its field makes the line an ``unknown`` event.

Python refuses ``int()`` of a string over 4300 digits (CVE-2020-10735); before the readers
bounded their numbers, ``15 Game <5000 digits> I: ...`` raised ``ValueError`` out of the parser
and ended the connection. Spec (igs-protocol.md): every line is ``<code> <text>``, so the
strategies below build lines for every code the parser knows with fields of every shape.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from igs_tui.backends.igs.net.linesplit import DEFAULT_MAX_LINE
from igs_tui.backends.igs.protocol.events import Event, GameHeading, Info, Malformed, Unknown
from igs_tui.backends.igs.protocol.parser import IgsParser
from igs_tui.backends.igs.protocol.wire import WireSession
from igs_tui.backends.igs.session import translate
from igs_tui.backends.igs.session.translate import Translator
from igs_tui.model import ClientModel, GameSummary, Role
from tests.igs_feed import Fed
from tests.protocol.test_parser_fuzz import KNOWN_CODES

HUGE = "9" * 5000

HOSTILE_NUMBERS = st.sampled_from(
    [HUGE, "1" * 4301, "-" + HUGE, "0", "-1", "999999999", "1000000000", "", "nan", "inf", "1e9"]
)
HOSTILE_WORDS = st.sampled_from(
    ["[/x]", "[bold]x", "\x1b[31mred", "\x1b]0;t\x07", "\u202eevil", "\x00", "名人", "<None>", "--"]
)
FIELD = st.one_of(HOSTILE_NUMBERS, HOSTILE_WORDS, st.text(max_size=12))

# Line shapes of the codes whose fields are numbers (from the spec's samples), with holes.
SHAPES = [
    "7 [{0}] {1} [ 5k*] vs. {2} [ 6k*] ({0} {0} {0} {0} {0} {1}) ({0})",
    "15 Game {0} I: {1} ({0} {0} {0}) vs {2} ({0} {0} {0})",
    "15 {0}(B): {1}",
    "15 {0}(W): Handicap {0}",
    "15 TIME:{0}:{1}(B): {0} {0}/{0} {0}/{0} {0}/{0} {0}/{0}",
    "15 GAMERPROPS:{0}: {0} {0} {0}",
    "9 Match[{0}x{0}] in {0} minutes requested with {1} as White.",
    "9 Use <match {1} W {0} {0} {0}> or <decline {1}> to respond.",
    "9 NMatch requested with {1}(B {0} {0} {0} {0} {0} {0} {0} {0}).",
    "9 {1} wants the komi to be {0}.",
    "9 Komi is now set to {0}.",
    "9 Increase {1}'s time by {0} minutes.",
    "21 {{Game {0}: {1} [{2}] vs {1} [{2}]}}",
    "21 {{Game {0}: {1} vs {2} : White resigns. W {0} B {0}}}",
    "20 {1} (W:O): {0} to {2} (B:#): {0}",
    "22 {1} {2} {0} {0} {0} T {0} 0",
    "22  {0}: {0}",
    "26 Game : {0}",
    "26 White({1}) : {0}:{0}",
    "27  {1} {0} {0} {2} {0}s {1} |  {1} {0} {0} {2} {0}s {1}",
    "27                 ******** {0} Players {0} Total Games ********",
    "42 {1} {2} {1} {1} {0}/{0} {0} {0} {0}s {1} {2}",
    "49 Game {0} {1} removed {2}",
    "51 Say in game {0}",
    "1 {0}",
    "28 Game {0}: {1} undid the last move ({2}) .",
    "32 CH{0}:{1}: {2}",
    "32 {0}:{1}: {2}",
    "21 {{{1} [{2}] has connected.}}",
    "21 {{{1} [{2}] has disconnected.}}",
    "21 {{Game {0}: {1} vs {2} : {1}}}",
    "11 Kibitz {1} [{2}]: Game {1} vs {2} [{0}]",
    "5 {1} request: {2} {0}",
    "28 {1} undid the last move ({2}) {1}",
    "42 {1} {2} {1} {1} {0}/ {0} - - {0}s {1} {2}",
    "7 [{0}] {1} [{2}] vs. {1} [{2}] ({0} {0} {0} {0} {0} {2}) ({0})",
    # NNGS (issue 13)
    "9  Info     Name       Rank  19  9  Idle Rank Info",
    "9  {2} {0} {0} {1}       {2}    {0}   {0}  {0}s  {2}",
    "9     -- {0} {1}       NR    {0}   {0}  {0}m  NR {2}",
    "21 {{Game {0}: {1} vs {2} @ Move {0}}}",
    "39 {1} ({2}) version {0}",
    "9 {1} offers a new komi of {0}.",
    "19 {1} {2}",
    "21 {1} -->> {2}",
    "9 1 {0}",
    "9 {1} would like to adjourn the game.",
]
# Every reply code: the ones the parser reads and any other one or two digit code.
CODES = st.one_of(st.sampled_from(KNOWN_CODES), st.integers(0, 99).map(str))


def follow_everything(model: ClientModel) -> None:
    """A model that plays, observes and lists games, so every adapter handler is reached."""
    model.set_connection(user="me")
    model.replace_games([GameSummary(1, "me", "1k", "you", "2k", size=19)])
    model.follow(1, role=Role.PLAYING_BLACK, white="you", black="me")
    model.follow(2)


def run_through(lines: list[str]) -> None:
    parser = IgsParser()
    session = WireSession("me", "secret")
    model = ClientModel(clock=lambda: 0.0)
    follow_everything(model)
    adapter = Fed(model)
    seen: list[Event] = []
    for line in lines:
        events = parser.feed_line(line)
        events += session.receive_line(line)
        seen += events
        for event in events:
            adapter.event(event)
    for event in parser.flush():
        seen.append(event)
        adapter.event(event)
    # the readers themselves bound what they read: the parser's last-resort net (a reader that
    # raised anyway becomes Malformed) is not what keeps the never-raise promise
    assert not [e for e in seen if isinstance(e, Malformed)]
    # the adapter reports what it could not apply instead of raising
    assert not [c for c in model.console if "could not apply" in c.text]


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(
    shape=st.sampled_from(SHAPES),
    fields=st.tuples(FIELD, FIELD, FIELD),
    rest=st.lists(st.tuples(st.sampled_from(SHAPES), st.tuples(FIELD, FIELD, FIELD)), max_size=4),
)
def test_every_shape_with_hostile_fields_never_raises(
    shape: str, fields: tuple[str, str, str], rest: list[tuple[str, tuple[str, str, str]]]
) -> None:
    lines = [shape.format(*fields)] + [s.format(*f) for s, f in rest]
    run_through(lines)


@settings(max_examples=300, deadline=None)
@given(code=CODES, words=st.lists(FIELD, max_size=10))
def test_every_known_code_with_hostile_words_never_raises(code: str, words: list[str]) -> None:
    run_through([f"{code} {' '.join(words)}", "1 5"])


LONGEST = DEFAULT_MAX_LINE
"""The longest line the line splitter passes on (it cuts longer ones)."""


@pytest.mark.parametrize(
    "fill",
    [" " * LONGEST, "x" * LONGEST, "[ " * LONGEST, "9 " * LONGEST],
    ids=["spaces", "one-word", "brackets", "numbers"],
)
def test_the_longest_hostile_line_is_read_in_one_pass(fill: str) -> None:
    """Readers with patterns that backtrack (``\\[\\s*([^\\]]*?)\\s*\\]``, ``\\s*([QSX! ]*?)\\s*``,
    a name that gives back characters) took O(n^2) to O(n^3) steps on one long run of spaces or
    one long word: a games line with 3000 spaces kept the event loop, and so the whole app,
    busy for two minutes, a 64 KiB one for days. Every field of every shape gets the longest
    line the splitter passes. No clock is read: a regression shows as a test that hangs."""
    for shape in SHAPES:
        for holes in ((fill, "a", "b"), ("1", fill, "b"), ("1", "a", fill)):
            run_through([shape.format(*holes)[:LONGEST]])


def test_a_number_too_long_for_its_field_makes_the_line_unknown() -> None:
    parser = IgsParser()
    for line in (
        f"15 Game {HUGE} I: a (0 0 -1) vs b (0 0 -1)",
        f"15 GAMERPROPS:1: {HUGE} 0 6.5",
        f"7 [{HUGE}]  a [ 5k*] vs.  b [ 6k*] (  1   19  0  6.5 10  I) (  0)",
        "15 Game 1000000000 I: a (0 0 -1) vs b (0 0 -1)",  # ten digits: no IGS field is that long
        f"32 CH{HUGE}:a: hi",  # a yell's channel number
        f"32 {HUGE}:a: hi",
    ):
        events = parser.feed_line(line)
        assert events == [Unknown(int(line.split()[0]), line.split(" ", 1)[1])], line


def test_parse_cli_prints_an_event_for_every_hostile_line(tmp_path: Path) -> None:
    # every shape with a number field: the huge number makes each line an unknown event
    numbered = [shape for shape in SHAPES if "{0}" in shape and shape[:2] != "1 "]
    lines = [shape.format(HUGE, "[/x]\x1b[31m", "b") for shape in numbered]
    lines.append("1 5")
    transcript = tmp_path / "hostile.txt"
    transcript.write_text("\n".join(lines) + "\n", encoding="utf-8")
    done = subprocess.run(
        [sys.executable, "-m", "igs_tui", "parse", str(transcript)],
        capture_output=True,
        text=True,
        timeout=60,
        check=False,
    )
    assert done.returncode == 0, done.stderr
    assert "Traceback" not in done.stderr
    printed = [json.loads(line) for line in done.stdout.splitlines()]
    text = json.dumps(printed)
    for line in lines[:-1]:  # every line's raw text is in some event (kept, never dropped)
        if line.startswith("22 "):
            continue  # score-board lines are combined into one event with the 20 line
        body = line.split(" ", 1)[1]
        assert json.dumps(body)[1:-1][:40] in text, line
    assert len(printed) >= len([line for line in lines if not line.startswith("22 ")])


def test_an_event_the_adapter_cannot_apply_is_shown_and_the_next_one_applies(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def broken(adapter: Translator, event: Info) -> None:
        raise RuntimeError("adapter bug")

    monkeypatch.setitem(translate._HANDLERS, Info, broken)
    model = ClientModel(clock=lambda: 0.0)
    game = model.follow(4)
    adapter = Fed(model)
    adapter.event(Info("poison"))  # never raises
    adapter.event(Malformed("15 Game 1 I: ???", "ValueError: reader bug"))
    adapter.event(GameHeading(4, "I", "w", 0, 600, -1, "b", 0, 600, -1))
    errors = [c.text for c in model.console if c.kind == "error"]
    assert errors == [
        "igs-tui could not apply a info event (RuntimeError: adapter bug)",
        "unreadable line (ValueError: reader bug): 15 Game 1 I: ???",
    ]
    assert (game.white, game.black) == ("w", "b")  # the events after it still apply
