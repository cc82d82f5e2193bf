"""Typed, validated builders for IGS command lines, and what answer each command expects.

Every builder returns a :class:`Command`: the exact line to send plus the knowledge the session
needs to match the server's answer to it (:class:`ReplyKind`, and the event types that answer it
although they would otherwise look unsolicited). Invalid arguments raise :class:`ValueError`
with a message naming the argument: a line the server would misread is never produced. In
particular a text argument can never contain CR/LF, which would smuggle a second command.

:func:`classify` does the same analysis for a raw line a user typed, so ``send("games")`` and
``send(games())`` behave identically.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from enum import StrEnum

from igs_tui.go.coords import format_point, parse_point
from igs_tui.go.types import Color, Point
from igs_tui.numbers import bounded_int


class ReplyKind(StrEnum):
    """How IGS answers a command (spec: "some commands will not receive any response")."""

    BLOCK = "block"
    """Lines ended by a prompt (possibly only the prompt: the "empty response")."""
    NONE = "none"
    """No answer at all, not even a prompt (``noundo``, ``addtime``, ``undo``, ``quit``)."""
    MOVE = "move"
    """A move: answered by the ``15`` broadcast of that move, or by an error."""


@dataclass(frozen=True, slots=True)
class Command:
    """One command line and the shape of its answer.

    ``claims`` names event types that belong to this command's answer even though they also
    arrive unsolicited (``observe`` claims the ``15`` game lines, ``resign`` claims
    ``game_end``...). ``answers``, when not empty, names the event types the answer is sure to
    contain (``games`` -> ``games_entry``...), which lets the session reject a stray block.
    ``game``/``point`` identify a move so its broadcast can be recognised.
    """

    line: str
    reply: ReplyKind = ReplyKind.BLOCK
    claims: frozenset[str] = frozenset()
    game: int | None = None
    point: str | None = None
    answers: frozenset[str] = frozenset()

    def __str__(self) -> str:
        return self.line

    @property
    def verb(self) -> str:
        """The first word, lower-cased (``""`` for an empty line)."""
        head, _, _ = self.line.strip().partition(" ")
        return head.lower()


# --- reply knowledge -------------------------------------------------------------------------

_GAME_STREAM = frozenset({"game_heading", "move", "time_info", "game_props", "game_title", "undo"})
_GAME_END = frozenset({"game_end", "score_board", "score"})

_NO_REPLY_VERBS = frozenset({"noundo", "addtime", "undo", "quit", "exit"})
"""Spec: ``noundo`` "will not receive any response"; ``addtime`` "You will not receive a
response"; ``undo`` (accepting, or in scoring) "the undo command itself is unanswered";
``quit`` closes the connection."""

_CLAIMS: dict[str, frozenset[str]] = {
    "observe": _GAME_STREAM | _GAME_END,
    "unobserve": _GAME_STREAM,
    "moves": _GAME_STREAM,
    "refresh": _GAME_STREAM | _GAME_END,
    "load": _GAME_STREAM | frozenset({"game_start"}),
    "match": _GAME_STREAM | frozenset({"game_start"}),
    "nmatch": _GAME_STREAM | frozenset({"game_start"}),
    "time": frozenset({"time_info"}),
    "status": frozenset({"score_board"}),
    "resign": _GAME_STREAM | _GAME_END,
    "adjourn": _GAME_END,
    "done": _GAME_END | frozenset({"done_typed"}),
    "score": _GAME_END,
    "undoplease": frozenset(),
    "decline": frozenset({"match_declined"}),
    "komi": frozenset({"komi_set"}),
    "seek": frozenset({"seek_matched", "seek_cancelled"}),
    # The server echoes our own chat to us (a channel's yell, a shout, a kibitz): that echo
    # is the answer, not an interjection. Left unclaimed, the command stayed waiting and took
    # the answer of the next one (a `user` listing), and every later command the answer of
    # the one before, for a minute (dialogs waited on "Asking the server...").
    "yell": frozenset({"yell"}),
    "shout": frozenset({"shout"}),
    "kibitz": frozenset({"kibitz"}),
    "say": frozenset({"say"}),
    "tell": frozenset({"tell"}),
}

_ANSWERS: dict[str, frozenset[str]] = {
    "ayt": frozenset({"ayt"}),
    "games": frozenset({"games_header", "games_entry"}),
    "user": frozenset({"user_header", "user_entry", "user_row", "totals"}),
    "who": frozenset({"who_header", "who_entry", "totals"}),
}
"""Answers whose shape is certain: the header line is sent even when the listing is empty."""

_POINT_RE = re.compile(r"[A-HJ-Za-hj-z](?:[1-9]|1\d|2[0-5])$")


def _number(words: list[str], index: int) -> int | None:
    """``words[index]`` as a game number if it is one (one to nine ASCII digits)."""
    if len(words) > index:
        return bounded_int(words[index])
    return None


def classify(line: str) -> Command:
    """A :class:`Command` for a raw line, with the reply shape :mod:`commands` knows for it."""
    words = line.split()
    if not words:
        return Command(line)
    verb = words[0].lower()
    game = _number(words, 1)
    if _POINT_RE.match(words[0]):
        return Command(line, ReplyKind.MOVE, _GAME_STREAM, game, words[0].upper())
    if verb == "pass":
        return Command(line, ReplyKind.MOVE, _GAME_STREAM, game, "PASS")
    if verb == "handicap":
        hgame = _number(words, 2)
        return Command(line, ReplyKind.MOVE, _GAME_STREAM, hgame, "HANDICAP")
    if verb in _NO_REPLY_VERBS:
        return Command(line, ReplyKind.NONE)
    return Command(
        line,
        ReplyKind.BLOCK,
        _CLAIMS.get(verb, frozenset()),
        game,
        answers=_ANSWERS.get(verb, frozenset()),
    )


# --- argument checks ---------------------------------------------------------------------------

_NAME_RE = re.compile(r"[A-Za-z0-9_]{1,20}$")


def _name(value: str, what: str = "name") -> str:
    if not isinstance(value, str) or not _NAME_RE.match(value):
        raise ValueError(f"{what} must be 1-20 letters, digits or '_', not {value!r}")
    return value


def _text(value: str, what: str = "message") -> str:
    if not isinstance(value, str):
        raise ValueError(f"{what} must be text, not {value!r}")
    if any(ch in value for ch in "\r\n\x00"):
        raise ValueError(f"{what} must be a single line (no CR, LF or NUL)")
    if any(ord(ch) < 32 and ch != "\t" for ch in value):
        raise ValueError(f"{what} must not contain control characters")
    stripped = value.strip()
    if not stripped:
        raise ValueError(f"{what} must not be empty")
    return stripped


MAX_MESSAGE_CHARS = 200
"""The longest chat text put on one command line. IGS documents no limit ("one line messages
are the limit"); servers of its family cut long input lines, so longer text is sent as several
lines, split between words."""
MAX_MESSAGE_LINES = 10
"""A text needing more lines than this is refused (a paste by mistake, not a message)."""


def split_message(text: str, width: int = MAX_MESSAGE_CHARS) -> list[str]:
    """``text`` as lines of at most ``width`` characters, split at spaces (a word longer than a
    line is cut); runs of spaces between the lines are dropped, nothing else is."""
    parts: list[str] = []
    rest = text.strip()
    while len(rest) > width:
        cut = rest.rfind(" ", 0, width + 1)
        if cut <= 0:
            cut = width
        parts.append(rest[:cut].rstrip())
        rest = rest[cut:].lstrip()
    if rest:
        parts.append(rest)
    return parts


def _int(value: int, what: str, low: int, high: int | None = None) -> int:
    if isinstance(value, bool) or not isinstance(value, int):
        raise ValueError(f"{what} must be an integer, not {value!r}")
    if value < low or (high is not None and value > high):
        bound = f"{low}..{high}" if high is not None else f">= {low}"
        raise ValueError(f"{what} must be {bound}, not {value}")
    return value


def _game(game: int | None) -> str:
    return "" if game is None else f" {_int(game, 'game number', 1)}"


def _build(line: str) -> Command:
    return classify(line)


def raw(line: str) -> Command:
    """A line the user typed as it is (the console's ``/quote``, a server's suggested answer),
    typed once here with the reply shape :func:`classify` knows for its verb.

    Raises:
        ValueError: a line with CR or LF (it would be two commands).
    """
    if "\n" in line or "\r" in line:
        raise ValueError("a command must be a single line (no CR/LF)")
    return classify(line.strip())


# --- toggles and session setup -------------------------------------------------------------

TOGGLES = frozenset(
    {
        "automail",
        "beep",
        "bell",
        "chatter",
        "client",
        "kibitz",
        "looking",
        "multiroom",
        "newrating",
        "newundo",
        "nmatch",
        "open",
        "pairgo",
        "quiet",
        "review",
        "seek",
        "shout",
        "singlegame",
        "verbose",
    }
)
_TOGGLE_VALUES = {"true", "false", "on", "off", "0", "1"}


def toggle(name: str, value: bool | str) -> Command:
    """``toggle <name> <value>``. The value is required: a bare toggle *flips* a setting that
    persists per account, so its effect would depend on the last session."""
    if name not in TOGGLES:
        raise ValueError(f"unknown toggle {name!r}; known: {', '.join(sorted(TOGGLES))}")
    if isinstance(value, bool):
        word = "true" if value else "false"
    elif isinstance(value, str) and value.lower() in _TOGGLE_VALUES:
        word = value.lower()
    else:
        raise ValueError(f"toggle value must be a bool or one of {sorted(_TOGGLE_VALUES)}")
    return _build(f"toggle {name} {word}")


def client_id(name: str, version: str) -> Command:
    """``id <client> <version>``: tells the server which client this is (GoPanda2 sends it)."""
    for what, value in (("client name", name), ("client version", version)):
        if not value or not re.fullmatch(r"[A-Za-z0-9._+-]{1,40}", value):
            raise ValueError(f"{what} must be one word of letters, digits or ._+-: {value!r}")
    return _build(f"id {name} {version}")


# --- matches -----------------------------------------------------------------------------------

MAX_MATCH_SIZE = 19
"""Spec: "The maximun board size is 19" and nmatch ``<boardsize(2-19)>``."""


def _color_word(color: Color | str, allow_nigiri: bool) -> str:
    word = color.value if isinstance(color, Color) else str(color).upper()
    allowed = ("B", "W", "N") if allow_nigiri else ("B", "W")
    if word not in allowed:
        raise ValueError(f"colour must be one of {'/'.join(allowed)}, not {color!r}")
    return word


def match(
    opponent: str,
    color: Color | None = None,
    size: int | None = None,
    minutes: int | None = None,
    byoyomi_minutes: int | None = None,
) -> Command:
    """``match <opponent> [color] [size] [time] [byoyomi]`` (time in minutes).

    The optional arguments are positional on the server, so each needs the ones before it
    (spec: "match ivy W 19 15 10"; the defaults are B 19 90 10).
    """
    words = ["match", _name(opponent, "opponent")]
    given = [color, size, minutes, byoyomi_minutes]
    for i, value in enumerate(given):
        if value is not None and any(v is None for v in given[:i]):
            raise ValueError("match arguments are positional: give colour, size, time in order")
    if color is not None:
        words.append(_color_word(color, allow_nigiri=False))
    if size is not None:
        words.append(str(_int(size, "board size", 2, MAX_MATCH_SIZE)))
    if minutes is not None:
        words.append(str(_int(minutes, "time (minutes)", 0, 6000)))
    if byoyomi_minutes is not None:
        words.append(str(_int(byoyomi_minutes, "byo-yomi (minutes)", 0, 6000)))
    return _build(" ".join(words))


@dataclass(frozen=True, slots=True)
class NMatchTime:
    """The six time arguments of ``nmatch``; build it with one of the time-system helpers."""

    main_seconds: int
    byo_seconds: int = 0
    byo_stones: int = 0
    koryo_count: int = 0
    koryo_seconds: int = 0
    prebyoyomi_seconds: int = 0

    @classmethod
    def absolute(cls, main_seconds: int) -> NMatchTime:
        """Spec ABSOLUTE: "set maintime and put 0 in everything else"."""
        return cls(main_seconds)

    @classmethod
    def canadian(cls, main_seconds: int, byo_seconds: int, byo_stones: int) -> NMatchTime:
        """Spec CANADIAN: maintime, byotime and byomoves; 0 in the rest."""
        return cls(main_seconds, byo_seconds, byo_stones)

    @classmethod
    def japanese(
        cls, main_seconds: int, periods: int, period_seconds: int, grace_seconds: int = 0
    ) -> NMatchTime:
        """Spec ADVANCED JAPANESE: byotime = grace, byomoves = 1, koryo count and seconds."""
        return cls(main_seconds, grace_seconds, 1, periods, period_seconds)

    @classmethod
    def bronstein(cls, main_seconds: int, delay_seconds: int) -> NMatchTime:
        """Spec BRONSTEIN: maintime and prebyoyomi (seconds before the main time runs)."""
        return cls(main_seconds, prebyoyomi_seconds=delay_seconds)

    @property
    def is_japanese(self) -> bool:
        return self.byo_stones == 1 and self.koryo_count > 0

    def words(self) -> list[str]:
        """The six validated numbers; "Seconds must be always a multiple of 60" except the
        Japanese period lengths ("These need not be a multiple of 60")."""
        main = _int(self.main_seconds, "main time (seconds)", 0, 360_000)
        byo = _int(self.byo_seconds, "byo-yomi time (seconds)", 0, 360_000)
        stones = _int(self.byo_stones, "byo-yomi stones", 0, 25)
        count = _int(self.koryo_count, "koryo count", 0, 100)
        koryo = _int(self.koryo_seconds, "koryo seconds", 0, 36_000)
        pre = _int(self.prebyoyomi_seconds, "pre-byoyomi seconds", 0, 36_000)
        if main % 60:
            raise ValueError(f"main time must be a multiple of 60 seconds, not {main}")
        if byo % 60 and not self.is_japanese:
            raise ValueError(f"byo-yomi time must be a multiple of 60 seconds, not {byo}")
        if stones == 0 and byo and not self.is_japanese:
            raise ValueError("byo-yomi time needs a number of stones (Canadian byo-yomi)")
        return [str(n) for n in (main, byo, stones, count, koryo, pre)]


def nmatch(
    opponent: str, color: Color | str, handicap: int, size: int, time: NMatchTime
) -> Command:
    """``nmatch <opp> <B|W|N> <handicap> <size> <6 time numbers>`` ("All arguments are
    mandatory"; "You cannot set a handicap if N is chosen as a color")."""
    word = _color_word(color, allow_nigiri=True)
    _int(handicap, "handicap", 0, 9)
    if handicap == 1:
        raise ValueError("handicap must be 0 or 2..9 (1 stone is just no komi)")
    if word == "N" and handicap:
        raise ValueError("cannot set a handicap with nigiri (colour N)")
    size = _int(size, "board size", 2, MAX_MATCH_SIZE)
    words = ["nmatch", _name(opponent, "opponent"), word, str(handicap), str(size), *time.words()]
    return _build(" ".join(words))


def decline(opponent: str) -> Command:
    return _build(f"decline {_name(opponent, 'opponent')}")


# --- playing -----------------------------------------------------------------------------------


def move(point: Point | str, game: int | None = None, size: int = 19) -> Command:
    """``<point> [game]``: a move, or in scoring the removal of the chain at ``point``."""
    if isinstance(point, Point):
        text = format_point(point, size)
    else:
        text = point.strip().upper()
        if not _POINT_RE.match(text):
            raise ValueError(f"not a board point: {point!r}")
        parse_point(text, size)  # raises CoordinateError (a ValueError) off the board
    return _build(f"{text}{_game(game)}")


def pass_move(game: int | None = None) -> Command:
    return _build(f"pass{_game(game)}")


def handicap(stones: int, game: int | None = None) -> Command:
    """``handicap N``: Black's first move places N fixed stones ("must be between 2 - 9")."""
    return _build(f"handicap {_int(stones, 'handicap', 2, 9)}{_game(game)}")


def undo(game: int | None = None) -> Command:
    """Accept an ``undoplease`` (or, while scoring, void the removals). Never answered."""
    return _build(f"undo{_game(game)}")


def undoplease(game: int | None = None) -> Command:
    return _build(f"undoplease{_game(game)}")


def noundo(game: int | None = None) -> Command:
    return _build(f"noundo{_game(game)}")


def done(game: int | None = None) -> Command:
    return _build(f"done{_game(game)}")


def resign(game: int | None = None) -> Command:
    return _build(f"resign{_game(game)}")


def adjourn(game: int | None = None) -> Command:
    return _build(f"adjourn{_game(game)}")


def load(game_file: str) -> Command:
    """``load <white>-<black>``: restart an adjourned game."""
    if not re.fullmatch(r"[A-Za-z0-9_]{1,20}(?:-[A-Za-z0-9_]{1,20})?", game_file):
        raise ValueError(f"load needs an opponent or a 'white-black' game name: {game_file!r}")
    return _build(f"load {game_file}")


def komi(value: float) -> Command:
    """``komi <value>``: propose (or agree to) our game's komi; both players must send it."""
    if not isinstance(value, int | float) or not -100.0 <= value <= 100.0 or value != value:
        raise ValueError(f"komi must be a number from -100 to 100: {value!r}")
    if abs(value * 2 - round(value * 2)) > 1e-9:
        raise ValueError(f"komi must be a whole or half number: {value!r}")
    return _build(f"komi {value:.1f}")


def addtime(minutes: int, game: int | None = None) -> Command:
    """``addtime [game] <minutes>`` (the game number comes first on IGS)."""
    minutes = _int(minutes, "minutes", 1, 6000)
    prefix = "" if game is None else f"{_int(game, 'game number', 1)} "
    return _build(f"addtime {prefix}{minutes}")


def score(game: int | None = None) -> Command:
    return _build(f"score{_game(game)}")


def status(game: int | None = None) -> Command:
    return _build(f"status{_game(game)}")


# --- chat --------------------------------------------------------------------------------------


def say(message: str, game: int | None = None) -> Command:
    """``say [game] message``: give the game only when playing several (spec: otherwise it
    becomes part of the message)."""
    return _build(f"say{_game(game)} {_text(message)}")


def tell(name: str, message: str) -> Command:
    return _build(f"tell {_name(name)} {_text(message)}")


def kibitz(game: int, message: str) -> Command:
    return _build(f"kibitz {_int(game, 'game number', 1)} {_text(message)}")


def shout(message: str) -> Command:
    return _build(f"shout {_text(message)}")


def yell(message: str) -> Command:
    return _build(f"yell {_text(message)}")


def channel(number: int) -> Command:
    return _build(f"channel {_int(number, 'channel', 0, 99999)}")


def join(room: int) -> Command:
    """``join N``: enter room N (IGS rooms; chat channels are ``channel N``)."""
    return _build(f"join {_int(room, 'room', 0, 99999)}")


def rooms() -> Command:
    """``room``: the server's rooms (number, name, how many are in it)."""
    return _build("room")


# --- automatch, stored games, kinds of game ---------------------------------------------------


def seek_setups() -> Command:
    """``seek config_list``: the automatch setups (``63 CONFIG_LIST`` lines)."""
    return _build("seek config_list")


def seek_entry(setup: int, size: int, weaker: int = 0, stronger: int = 0) -> Command:
    """``seek entry <setup> <size> <weaker> <stronger> 0``: join the automatch queue with a
    setup from ``seek config_list``, accepting up to ``weaker``/``stronger`` handicap stones
    against a weaker/stronger opponent (0: even games only)."""
    setup = _int(setup, "setup", 0, 999)
    size = _int(size, "board size", 2, 25)
    weaker = _int(weaker, "handicap", 0, 9)
    stronger = _int(stronger, "handicap", 0, 9)
    return _build(f"seek entry {setup} {size} {weaker} {stronger} 0")


def seek_cancel() -> Command:
    """``seek entry_cancel``: leave the automatch queue (``63 ENTRY_CANCEL``)."""
    return _build("seek entry_cancel")


def stored() -> Command:
    """``stored``: our adjourned games kept on the server, by ``white-black`` name."""
    return _build("stored")


def free(game: int | None = None) -> Command:
    """``free``: our game will not count for ratings (``F`` in the games list)."""
    return _build(f"free{_game(game)}")


def unfree(game: int | None = None) -> Command:
    """``unfree``: our game counts for ratings again."""
    return _build(f"unfree{_game(game)}")


def teach(game: int | None = None) -> Command:
    """``teach``: our game is a teaching game (unrated; ``T`` in the games list)."""
    return _build(f"teach{_game(game)}")


# --- information ---------------------------------------------------------------------------------


def observe(game: int) -> Command:
    return _build(f"observe {_int(game, 'game number', 1)}")


def unobserve(game: int | None = None) -> Command:
    return _build(f"unobserve{_game(game)}")


def moves(game: int) -> Command:
    return _build(f"moves {_int(game, 'game number', 1)}")


def refresh(game: int | None = None) -> Command:
    return _build(f"refresh{_game(game)}")


def games(game: int | None = None) -> Command:
    return _build(f"games{_game(game)}")


def _filter(value: str | None, what: str) -> str:
    if value is None:
        return ""
    text = _text(value, what)
    if not re.fullmatch(r"[A-Za-z0-9_*+\- ]{1,40}", text):
        raise ValueError(f"{what} may only hold letters, digits and '_*+- ': {value!r}")
    return f" {text}"


def user(query: str | None = None) -> Command:
    """``user [country|rank|rank range|name]``, e.g. ``user 4k-3d o``."""
    return _build(f"user{_filter(query, 'user query')}")


def who(query: str | None = None) -> Command:
    return _build(f"who{_filter(query, 'who query')}")


def time(game: int | None = None) -> Command:
    return _build(f"time{_game(game)}")


def stats(name: str | None = None) -> Command:
    return _build("stats" if name is None else f"stats {_name(name)}")


def results(name: str) -> Command:
    """``results NAME``: the player's recent games, a ``25 File`` block (NNGS help: "Results
    gives you the servers (or specified user) history of games")."""
    return _build(f"results {_name(name)}")


def observers(game: int) -> Command:
    """``all N``: who observes game N (``9 Observing game N (W vs. B) :``, rows of name and
    rank, ``9 Found K observers.``)."""
    return _build(f"all {_int(game, 'game number', 1)}")


def messages() -> Command:
    """``message``: the messages left for us, as a ``14 File`` block."""
    return _build("message")


def erase_messages() -> Command:
    """``erase``: delete the messages left for us (after reading them)."""
    return _build("erase")


def ayt() -> Command:
    return _build("ayt")


def quit() -> Command:
    return _build("quit")
