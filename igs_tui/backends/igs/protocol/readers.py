"""Stateless readers: the text after a reply code -> an event (or a fragment of a multi-line one).

Each ``read_*`` function takes the text of ONE line with its code and the separating space
removed, and never raises: text it does not recognise becomes :class:`Unknown` (or
:class:`Info`/:class:`Error` for the free-text codes). Lines whose meaning depends on their
neighbours (a "Use <match ...>" hint after a match request, the rows of a score board...) come
back as private *fragment* objects that :class:`~igs_tui.backends.igs.protocol.parser.IgsParser`
joins; the
parser is the only place that holds state between lines.

The regular expressions are compiled once at import and anchored, so a failed match is cheap;
the hot codes (15 moves, 42 users, 7 games) try their most likely pattern first.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from igs_tui.backends.igs.protocol.events import (
    AdjournDeclined,
    AdjournRequest,
    Ayt,
    BoardRestored,
    ByoyomiEntry,
    ChannelNotice,
    ClockPaused,
    DisputedRequest,
    DoneTyped,
    Dot,
    Error,
    Event,
    GameEnd,
    GameHeading,
    GameProps,
    GamesEntry,
    GamesHeader,
    GameStart,
    GuestNotice,
    Info,
    KomiRequest,
    KomiSet,
    MatchCancelled,
    MatchCreated,
    MatchDeclined,
    MatchRequest,
    MessagesWaiting,
    Move,
    NMatchRequest,
    ObservationChanged,
    PauseRequest,
    ScoringStarted,
    ServerVersion,
    Shout,
    StoneRemoval,
    StrayPrompt,
    ThrowingOtherCopy,
    TimeAdded,
    TimeInfo,
    ToggleSet,
    Totals,
    Undo,
    UndoDeclined,
    Unknown,
    UserConnected,
    UserDisconnected,
    UserEntry,
    UserHeader,
    UserRow,
    WhoEntry,
    WhoHeader,
    Yell,
)
from igs_tui.go.coords import COLUMN_LETTERS
from igs_tui.go.types import Color
from igs_tui.numbers import bounded_float, bounded_int

_COLOR = {"B": Color.BLACK, "W": Color.WHITE, "Black": Color.BLACK, "White": Color.WHITE}


# --- fragments: lines that only mean something next to another line ----------------------------


@dataclass(frozen=True, slots=True)
class MatchUseHint:
    """``Use <match Soothie W 19 75 0> or <decline Soothie> to respond.``"""

    command: str
    opponent: str
    color: Color
    size: int
    minutes: int
    byoyomi_minutes: int


@dataclass(frozen=True, slots=True)
class NMatchUseHint:
    """``Use <nmatch MORAL70 B 4 19 60 600 25 0 0 0> or <decline MORAL70> to respond.``"""

    command: str
    opponent: str


@dataclass(frozen=True, slots=True)
class ByoyomiStones:
    """``You have 24 stones and 11 minutes`` (second line of a byo-yomi notice)."""

    stones: int
    minutes: int


@dataclass(frozen=True, slots=True)
class DoneAgain:
    """``Please type 'done again.`` (second line of a scoring undo; the typo is the server's)."""


@dataclass(frozen=True, slots=True)
class UseHint:
    """The second line of an NNGS offer: ``Use "komi 5.5" to accept, or "decline alice" to
    respond.`` or ``Use adjourn to adjourn the game.`` (the first line said it all)."""


@dataclass(frozen=True, slots=True)
class DisputeHeader:
    """``There is a dispute regarding your match(nmatch):``"""


@dataclass(frozen=True, slots=True)
class DisputeLine:
    """``OmegaGo1 request: B 0 19 60 600 25 0 0 0`` (inside a dispute)."""

    request: DisputedRequest


@dataclass(frozen=True, slots=True)
class TimeGame:
    """``26 Game : 28``: the game the following ``26`` clock lines are about."""

    game: int


@dataclass(frozen=True, slots=True)
class TimeLine:
    """``26 White(ivy) : 8:49 (B) 19``: one clock of a ``time`` answer, game still unknown."""

    player: str
    color: Color
    in_byoyomi: bool
    seconds: int
    stones: int | None


@dataclass(frozen=True, slots=True)
class KibitzHeader:
    """``11 Kibitz name [rank]: Game W vs B [N]``"""

    name: str
    rank: str
    white: str
    black: str
    game: int


@dataclass(frozen=True, slots=True)
class ScoreBoardPlayer:
    """``22 OmegaGo1 17k  0 4497 25 F 6.5 0``: a player line of the score board block."""

    name: str
    rank: str
    captures: int | None
    komi: float | None


@dataclass(frozen=True, slots=True)
class ScoreBoardRow:
    """``22  3: 3333333333333333103``: board column ``index``, digits from the top edge."""

    index: int
    digits: str


Fragment = (
    MatchUseHint
    | NMatchUseHint
    | ByoyomiStones
    | DoneAgain
    | UseHint
    | DisputeHeader
    | DisputeLine
    | TimeGame
    | TimeLine
    | KibitzHeader
    | ScoreBoardPlayer
    | ScoreBoardRow
)
Reading = Event | Fragment


def _opt_int(text: str) -> int | None:
    """``-`` / ``--`` (nothing) -> ``None``; a number -> int."""
    return None if text.startswith("-") else int(text)


# --- 7: games -----------------------------------------------------------------------------------

_GAMES_RE = re.compile(
    r"\[\s*+(\d{1,9})\]\s++(\S++) \[([^\]]*+)\] vs\.\s++(\S++) \[([^\]]*+)\]"
    r" \(\s*+(\d{1,9})\s++(\d{1,9})\s++(\d{1,9})\s++(-?\d{1,9}(?:\.\d{1,9})?)"
    r"\s++(\d{1,9})([^)]*+)\)"
    r"\s*+\(\s*+(\d{1,9})\)\s*+$"
)


def read_games(text: str) -> Reading:
    m = _GAMES_RE.match(text)
    if m is not None:
        g = m.groups()
        return GamesEntry(
            int(g[0]),
            g[1],
            g[2].strip(),
            g[3],
            g[4].strip(),
            int(g[5]),
            int(g[6]),
            int(g[7]),
            float(g[8]),
            int(g[9]),
            g[10].strip(),
            int(g[11]),
        )
    if text.startswith("[##]"):
        return GamesHeader(text)
    return Unknown(7, text)


# --- 42: user -----------------------------------------------------------------------------------

_USER_RE = re.compile(
    r"\s*+(\S++)(.*?)\s(\S++)\s++(\d{1,9})/\s*+(\d{1,9})\s++(-|\d{1,9})\s++(-|\d{1,9})"
    r"\s++(\S++)\s++(\S++)\s++(\S++)\s*+$"
)


def fast_user(text: str) -> UserEntry | None:
    """Split-based reading for the common shapes (Info empty or one word); ``None`` sends the
    line to the regex, which keeps multi-word Info exactly."""
    w = text.split()
    n = len(w)
    if n < 9 or n > 11:
        return None
    score = w[-6]
    slash = score.find("/")
    if slash < 0:
        won_text, lost_text, rank_at = w[-7], score, n - 8
        if not won_text.endswith("/"):
            return None
        won_text = won_text[:-1]
    elif slash == len(score) - 1:
        return None
    else:
        won_text, lost_text, rank_at = score[:slash], score[slash + 1 :], n - 7
    middle = rank_at - 1
    if middle == 1:
        info = ""
    elif middle == 2:
        info = w[1]
    else:
        return None
    obs, play = w[-5], w[-4]
    won, lost = bounded_int(won_text), bounded_int(lost_text)
    observing = None if obs == "-" else bounded_int(obs)
    playing = None if play == "-" else bounded_int(play)
    if won is None or lost is None:
        return None
    if (observing is None and obs != "-") or (playing is None and play != "-"):
        return None
    return UserEntry(
        w[0],
        info,
        w[rank_at - 1],
        w[rank_at],
        won,
        lost,
        observing,
        playing,
        w[-3],
        w[-2],
        w[-1],
    )


def read_user(text: str, *, fast: bool = True) -> Reading:
    """A ``42`` line; ``fast=False`` skips the split-based path (tests compare the two)."""
    quick = fast_user(text) if fast else None
    if quick is not None:
        return quick
    m = _USER_RE.match(text)
    if m is not None:
        name, middle, rank, won, lost, obs, play, idle, flags, language = m.groups()
        # Info is free text (it may contain spaces and non-ASCII); Country is one word, the
        # last one before Rank. Splitting from the right keeps wide characters harmless.
        middle = middle.strip()
        info, _, country = middle.rpartition(" ")
        return UserEntry(
            name,
            info.strip(),
            country,
            rank,
            int(won),
            int(lost),
            _opt_int(obs),
            _opt_int(play),
            idle,
            flags,
            language,
        )
    if text.lstrip().startswith("Name"):
        return UserHeader(text)
    return Unknown(42, text)


# --- 9: NNGS's user table ---------------------------------------------------------------------

USER_TABLE_WORDS = ["Info", "Name", "Rank", "19", "9", "Idle", "Rank", "Info"]
_USER_ROW_RE = re.compile(
    r"\s{0,4}((?:[QSX!]\s{0,3}){0,2})(--|\d{1,9})\s{1,9}(--|\d{1,9})\s{1,9}(\S{1,40})"
    r"\s{1,20}(\S{1,8})\s{1,20}(\d{1,9})\s{1,20}(\d{1,9})\s{1,20}(\d{1,9}[smhdy])"
    r"(?:\s{1,20}(\S{1,8}))?(?:\s{1,20}(.*?))?\s*$"
)


def is_user_table_header(text: str) -> bool:
    """``9  Info     Name       Rank  19  9  Idle Rank Info``: NNGS's answer to ``user``."""
    return text.split() == USER_TABLE_WORDS


def is_user_table_rule(text: str) -> bool:
    """``9  -------- ---------- ---- ...``: the rule under that header, or the blank ``9 ``
    line a real NNGS 1.1.22 sends there instead (seen first-hand; without it being skipped the
    table ended at once and the player list stayed empty)."""
    return not text.strip("- ")


def read_user_row(text: str) -> UserRow | None:
    """A row of the NNGS ``user`` table (``9     -- -- alice       NR    0   0  0s  NR``)."""
    m = _USER_ROW_RE.match(text)
    if m is None:
        return None
    flags, obs, play, name, rank, n19, n9, idle, _rank2, info = m.groups()
    return UserRow(
        name,
        rank,
        _opt_int(obs),
        _opt_int(play),
        idle,
        flags.replace(" ", ""),
        int(n19),
        int(n9),
        (info or "").strip(),
    )


# --- 39: the server's name ---------------------------------------------------------------------

_VERSION_RE = re.compile(r"(.*?)\s*(?:\(([^()]{1,20})\))?\s+version\s+(\S{1,40})\s*$", re.I)
_VERSION_PREFIXES = ("No Name Go Server",)


def read_version(text: str) -> ServerVersion:
    """``No Name Go Server (NNGS) version 1.1.22`` -> server ``NNGS``, version ``1.1.22``;
    NNGS's login banner ``----- Welcome to the No Name Go Server (NNGS) -----`` (its
    ``messages/login`` file) -> server ``NNGS``, no version."""
    stripped = text.strip()
    m = _VERSION_RE.match(stripped)
    if m is None:
        if _NNGS_NAME in stripped.lower():
            return ServerVersion(stripped, "NNGS", "")
        return ServerVersion(stripped, stripped, "")
    name, short, version = m.groups()
    return ServerVersion(stripped, (short or name).strip(), version)


_NNGS_NAME = "no name go server"


def is_version_text(text: str) -> bool:
    """An uncoded line that names the server (before client mode is on): the version line,
    or NNGS's login banner, which names it before a single command is sent."""
    stripped = text.strip()
    if stripped.startswith(_VERSION_PREFIXES) and " version " in text:
        return True
    return len(stripped) <= 120 and _NNGS_NAME in stripped.lower()


# --- 27: who ------------------------------------------------------------------------------------

_WHO_HALF_RE = re.compile(
    r"\s*+([QSX! ]*+)\s*+(--|\d{1,9})\s++(--|\d{1,9})\s++(\S++)\s++(\S++)\s++(\S++)\s*+$"
)
_TOTALS_RE = re.compile(r"\s*+\*++\s*+(\d{1,9}) Players (\d{1,9}) Total Games\s*+\*++\s*+$")


def read_who(text: str) -> list[Event]:
    """A ``who`` line: the header, one or two players (two columns split by ``|``), or totals."""
    m = _TOTALS_RE.match(text)
    if m is not None:
        return [Totals(int(m.group(1)), int(m.group(2)))]
    if "Name" in text and "Idle" in text:
        return [WhoHeader(text)]
    out: list[Event] = []
    for half in text.split("|"):
        if not half.strip():
            continue
        h = _WHO_HALF_RE.match(half)
        if h is None:
            return [Unknown(27, text)]
        flags, obs, play, name, idle, rank = h.groups()
        out.append(
            WhoEntry(name, rank, idle, _opt_int(obs), _opt_int(play), flags.replace(" ", ""))
        )
    return out or [Unknown(27, text)]


# --- 15: game headings, moves, TIME and GAMERPROPS -------------------------------------------

_HEADING_RE = re.compile(
    r"Game (\d{1,9}) (\w+): (\S+) \((-?\d{1,9}) (-?\d{1,9}) (-?\d{1,9})\)"
    r" vs (\S+) \((-?\d{1,9}) (-?\d{1,9}) (-?\d{1,9})\)\s*$"
)
_MOVE_RE = re.compile(r"\s*(\d{1,9})\(([BW])\): (.*)$")
_TIME_RE = re.compile(
    r"TIME:(\d{1,9}):(\S+?)\(([BW])\): (\d{1,9})"
    r" (-?\d{1,9})/(\d{1,9}) (-?\d{1,9})/(\d{1,9}) (-?\d{1,9})/(\d{1,9})"
    r"((?: -?\d{1,9}/\d{1,9})*)\s*$"
)
_PROPS_RE = re.compile(r"GAMERPROPS:(\d{1,9}): (\d{1,9}) (\d{1,9}) (-?\d{1,9}(?:\.\d{1,9})?)\s*$")
_HANDICAP_RE = re.compile(r"Handicap (\d{1,9})\s*$", re.IGNORECASE)


def read_heading(text: str) -> Reading:
    m = _HEADING_RE.match(text)
    if m is None:
        return Unknown(15, text)
    g = m.groups()
    return GameHeading(
        int(g[0]),
        g[1],
        g[2],
        int(g[3]),
        int(g[4]),
        int(g[5]),
        g[6],
        int(g[7]),
        int(g[8]),
        int(g[9]),
    )


_SIMPLE_MOVE_RE = re.compile(r"\s*(\d{1,9})\(([BW])\): ([A-Za-z]\d{1,2})$")


def read_move(text: str, game: int | None) -> Reading:
    simple = _SIMPLE_MOVE_RE.match(text)
    if simple is not None:
        number, color, point = simple.groups()
        return Move(game, int(number), _COLOR[color], point.upper())
    m = _MOVE_RE.match(text)
    if m is None:
        return Unknown(15, text)
    number, color, rest = m.groups()
    words = rest.split()
    if not words:
        return Unknown(15, text)
    first = words[0].upper()
    if first == "PASS":
        return Move(game, int(number), _COLOR[color], None)
    if first == "HANDICAP":
        h = _HANDICAP_RE.match(rest)
        if h is None:
            return Unknown(15, text)
        return Move(game, int(number), _COLOR[color], None, (), int(h.group(1)))
    return Move(game, int(number), _COLOR[color], first, tuple([w.upper() for w in words[1:]]))


def read_time(text: str) -> Reading:
    m = _TIME_RE.match(text)
    if m is None:
        return Unknown(15, text)
    g = m.groups()
    extra = tuple(int(n) for pair in g[10].split() for n in pair.split("/"))
    return TimeInfo(
        int(g[0]),
        g[1],
        _COLOR[g[2]],
        g[3] != "0",
        int(g[4]),
        int(g[6]),
        int(g[8]),
        int(g[5]),
        int(g[7]),
        int(g[9]),
        extra,
    )


def read_props(text: str) -> Reading:
    m = _PROPS_RE.match(text)
    if m is None:
        return Unknown(15, text)
    return GameProps(int(m.group(1)), int(m.group(2)), int(m.group(3)), float(m.group(4)))


# --- 26: time -----------------------------------------------------------------------------------

_TIME_GAME_RE = re.compile(r"Game\s*:\s*(\d{1,9})\s*$")
_CLOCK_RE = re.compile(
    r"(White|Black)\((\S+)\)\s*:\s*(-?)(\d{1,9}):(\d\d)(?:\s*\(B\)\s*(\d{1,9})?)?\s*$"
)


def read_clock(text: str) -> Reading:
    m = _CLOCK_RE.match(text)
    if m is not None:
        color, name, minus, minutes, seconds, stones = m.groups()
        value = int(minutes) * 60 + int(seconds)
        in_byo = "(B)" in text
        return TimeLine(
            name,
            _COLOR[color],
            in_byo,
            -value if minus else value,
            int(stones) if stones is not None else None,
        )
    g = _TIME_GAME_RE.match(text)
    if g is not None:
        return TimeGame(int(g.group(1)))
    return Unknown(26, text)


def clock_event(line: TimeLine, game: int | None) -> TimeInfo:
    """The event for one ``26`` clock line once its game (from ``26 Game : N``) is known."""
    if line.in_byoyomi:
        return TimeInfo(game, line.player, line.color, True, 0, line.seconds, line.stones)
    return TimeInfo(game, line.player, line.color, False, line.seconds, None, line.stones)


# --- 21: shouts and announcements ----------------------------------------------------------

_SHOUT_RE = re.compile(r"!(\S+?)!:\s?(.*)$")
_PLAIN_SHOUT_RE = re.compile(r"([A-Za-z0-9_]{1,20}) -->> ?(.*)$")
_ANN_START_RE = re.compile(
    r"\{(Game|Match) (\d{1,9}): (\S++) \[([^\]]*+)\] vs\.? (\S++) \[([^\]]*+)\]\s*+\}\s*+$"
)
_ANN_RESUMED_RE = re.compile(
    r"\{Game (\d{1,9}): (\S+) vs\.? (\S+) @ (?:Operation|Move (\d{1,9}))\s*\}\s*$"
)
_SCORES_RE = re.compile(r"\bW (-?\d{1,9}(?:\.\d{1,9})?) B (-?\d{1,9}(?:\.\d{1,9})?)\s*$")
_ANN_RESULT_RE = re.compile(r"\{Game (\d{1,9}): (\S++) vs\.? (\S++) : (.*)\}\s*+$")
_ANN_ADJOURN_RE = re.compile(r"\{Game (\d{1,9}): (\S+) vs\.? (\S+) has adjourned\.?\s*\}\s*$")
_ANN_CONNECT_RE = re.compile(r"\{(\S++)(?: \[([^\]]*+)\])? has connected\.?\s*+\}\s*+$")
_ANN_DISCONNECT_RE = re.compile(r"\{(\S++)(?: \[[^\]]*+\])? has disconnected\.?\s*+\}\s*+$")


def _result_reason(result: str) -> str:
    low = result.lower()
    if "resign" in low:
        return "resign"
    if "time" in low:
        return "time"
    if "adjourn" in low:
        return "adjourn"
    if re.search(r"\d", low) or "+" in low:
        return "score"
    return "other"


def read_announcement(text: str, code: int) -> Reading:
    """``{...}`` lines (code 21, and 9 for a player's own game result)."""
    m = _ANN_START_RE.match(text)
    if m is not None:
        _, game, white, wrank, black, brank = m.groups()
        return GameStart(int(game), white, wrank.strip(), black, brank.strip())
    m = _ANN_RESUMED_RE.match(text)
    if m is not None:
        moves = int(m.group(4)) if m.group(4) is not None else None
        return GameStart(int(m.group(1)), m.group(2), "", m.group(3), "", resumed=True, moves=moves)
    m = _ANN_ADJOURN_RE.match(text)
    if m is not None:
        return GameEnd(int(m.group(1)), "adjourn", None, m.group(2), m.group(3), None, text)
    m = _ANN_RESULT_RE.match(text)
    if m is not None:
        game, white, black, result = m.groups()
        result = result.rstrip()
        scores = _SCORES_RE.search(result)
        if scores is not None:
            # NNGS words a counted game as "White resigns. W 30.5 B 34.0": the score decides
            w, b = float(scores.group(1)), float(scores.group(2))
            return GameEnd(int(game), "score", None, white, black, result, text, w, b)
        return GameEnd(int(game), _result_reason(result), None, white, black, result, text)
    m = _ANN_CONNECT_RE.match(text)
    if m is not None:
        return UserConnected(m.group(1), (m.group(2) or "").strip())
    m = _ANN_DISCONNECT_RE.match(text)
    if m is not None:
        return UserDisconnected(m.group(1))
    return Unknown(code, text)


def read_shout(text: str) -> Reading:
    if text.startswith("{"):
        return read_announcement(text, 21)
    m = _SHOUT_RE.match(text)
    if m is not None:
        return Shout(m.group(1), m.group(2))
    m = _PLAIN_SHOUT_RE.match(text)
    if m is not None:
        return Shout(m.group(1), m.group(2))
    return Unknown(21, text)


# --- 9: general information -------------------------------------------------------------------

_INFO_PATTERNS: list[tuple[re.Pattern[str], str]] = [
    (
        re.compile(
            r"Match\s?\[(\d{1,9})x(\d{1,9})\] in (\d{1,9}) minutes?"
            r" requested with (\S+) as (White|Black)"
        ),
        "match",
    ),
    (
        re.compile(
            r"Use <match\s+(\S+)\s+([BW])\s+(\d{1,9})\s+(\d{1,9})\s+(\d{1,9})\s*>"
            r" or <decline\s+\S+\s*>"
        ),
        "match_use",
    ),
    (
        re.compile(
            r"N[Mm]atch requested with (\S+?)\s*\(([BWN])"
            r" (\d{1,9}) (\d{1,9}) (\d{1,9}) (\d{1,9}) (\d{1,9}) (\d{1,9})"
            r" (\d{1,9}) (\d{1,9})\)"
        ),
        "nmatch",
    ),
    (re.compile(r"Use <(nmatch\s+(\S+)\s+[BWN](?:\s+\d{1,9}){8})\s*> or <decline"), "nmatch_use"),
    (re.compile(r"(\S+) has run out of time\.?\s*$"), "out_of_time"),
    (re.compile(r"(\S+) lost the game (\d{1,9}) due to ([\w-]+)"), "lost_due"),
    (re.compile(r"Removed game file (\S+?)-(\S+) from database"), "removed"),
    (re.compile(r"(\S+) has resigned the game\.?\s*$"), "resigned"),
    (re.compile(r"Game(?: (\d{1,9}))? has been adjourned\.?\s*$"), "adjourned"),
    (re.compile(r"The player (\S+) is now in byo-yomi\.?\s*$"), "byoyomi"),
    (re.compile(r"You have (\d{1,9}) stones and (\d{1,9}) minutes?\.?\s*$"), "byo_stones"),
    (re.compile(r"Increase (\S+)'s time by (\d{1,9}) minutes?\.?\s*$"), "time_added"),
    (re.compile(r"(\S+) has typed done\.?\s*$"), "done"),
    (re.compile(r"You have (a|\d{1,9}) (?:new )?messages?\b"), "messages_waiting"),
    (re.compile(r"Removing @ (\S+)\s*$"), "removing"),
    (re.compile(r"(\S+) declines undo\.?\s*$"), "undo_declined"),
    (re.compile(r"(\S+) wants the komi to be\s+(-?\d{1,9}(?:\.\d{1,9})?)\.?\s*$"), "komi_request"),
    (
        re.compile(r"(\S+) offers a new komi of\s+(-?\d{1,9}(?:\.\d{1,9})?)\.?\s*$"),
        "komi_request",
    ),
    (re.compile(r'Use "komi -?\d{1,9}(?:\.\d{1,9})?" to accept, or "decline \S+"'), "use_hint"),
    (re.compile(r"Creating match \[(\d{1,9})\] with (\S+?)\.?\s*$"), "match_created"),
    (re.compile(r"(\S+) would like to adjourn the game\.?\s*$"), "adjourn_request"),
    (re.compile(r"Use adjourn to adjourn the game\.?\s*$"), "use_hint"),
    (re.compile(r'"([^"]{1,40})" is not a registered name\.'), "guest_notice"),
    (re.compile(r"1 (\d)\s*$"), "stray_prompt"),
    (
        re.compile(r"(?:Set the komi|Komi is now set) to\s+(-?\d{1,9}(?:\.\d{1,9})?)\.?\s*$"),
        "komi_set",
    ),
    (re.compile(r"(\S+) declines? your (?:request for a )?n?match"), "match_declined"),
    (re.compile(r"Setting your '\.' to (\S+)\s*$"), "dot"),
    (_TOTALS_RE, "totals"),
    # real servers' wording (issue 27; sources in docs/igs-formats.md)
    (re.compile(r"Set (\w{1,20}) to be (True|False)\.?\s*$"), "toggle"),
    (re.compile(r"(\d{1,9}) minutes? (?:were|was) added to your opponents?'? clock"), "gave_time"),
    (re.compile(r"[Yy]our opponent has added (\d{1,9}) minutes? to your clock"), "got_time"),
    (re.compile(r"(\S{1,20}) withdraws the match offer"), "withdrawn"),
    (re.compile(r"Match \[\s*(\d{1,9})\s*\] with (\S{1,20}?) in \d{1,9} accepted"), "created"),
    (re.compile(r"Removing game (\d{1,9}) from observation list"), "unobserved"),
    (re.compile(r"Adding game (?:(\d{1,9}) )?to observation list"), "observed"),
    (re.compile(r"(\S{1,20}) declines the adjourn request"), "adjourn_declined"),
    (re.compile(r"(?:\S{1,20} accepted pause\. )?Game clock paused"), "paused"),
    (re.compile(r"Game clock resumed"), "resumed"),
    (re.compile(r"(\S{1,20}) requests to pause the game"), "pause_request"),
    (re.compile(r"Game (\d{1,9}): (\S{1,20}) vs (\S{1,20}) has adjourned"), "has_adjourned"),
]

_INFO_EXACT: dict[str, Reading] = {
    "yes": Ayt(),
    "Throwing other copy out.": ThrowingOtherCopy(),
    "game completed.": GameEnd(None, "completed", None, None, None, None, "game completed."),
    "Board is restored to what it was when you started scoring": BoardRestored(),
    "Please type 'done again.": DoneAgain(),
    "This is a guest account.": GuestNotice("This is a guest account."),
}


def read_info(text: str) -> Reading:
    """Code ``9``: try the exact phrases, then the patterns; anything else is :class:`Info`."""
    exact = _INFO_EXACT.get(text.rstrip())
    if exact is not None:
        return exact
    if text.startswith("You can check your score"):
        return ScoringStarted()
    if text.startswith("{"):
        event = read_announcement(text, 9)
        return Info(text) if isinstance(event, Unknown) else event
    if text.startswith("Game is titled:"):
        # the game number comes from the parser's heading context
        return Info(text)
    for pattern, kind in _INFO_PATTERNS:
        m = pattern.match(text)
        if m is not None:
            return _info_event(kind, m, text)
    return Info(text)


def _info_event(kind: str, m: re.Match[str], text: str) -> Reading:
    g = m.groups()
    if kind == "match":
        return MatchRequest(g[3], _COLOR[g[4]], int(g[0]), int(g[2]), None, None, None)
    if kind == "match_use":
        command = f"match {g[0]} {g[1]} {g[2]} {g[3]} {g[4]}"
        return MatchUseHint(command, g[0], _COLOR[g[1]], int(g[2]), int(g[3]), int(g[4]))
    if kind == "nmatch":
        n = [int(x) for x in g[2:]]
        return NMatchRequest(g[0], g[1], n[0], n[1], n[2], n[3], n[4], n[5], n[6], n[7], None)
    if kind == "nmatch_use":
        return NMatchUseHint(" ".join(g[0].split()), g[1])
    if kind == "out_of_time":
        return GameEnd(None, "time", g[0], None, None, None, text)
    if kind == "lost_due":
        return GameEnd(int(g[1]), g[2], g[0], None, None, None, text)
    if kind == "removed":
        return GameEnd(None, "removed", None, g[0], g[1], None, text)
    if kind == "resigned":
        return GameEnd(None, "resign", g[0], None, None, None, text)
    if kind == "adjourned":
        return GameEnd(int(g[0]) if g[0] else None, "adjourn", None, None, None, None, text)
    if kind == "byoyomi":
        return ByoyomiEntry(g[0], None, None)
    if kind == "byo_stones":
        return ByoyomiStones(int(g[0]), int(g[1]))
    if kind == "time_added":
        return TimeAdded(g[0], int(g[1]))
    if kind == "done":
        return DoneTyped(g[0])
    if kind == "messages_waiting":
        return MessagesWaiting(1 if g[0] == "a" else int(g[0]))
    if kind == "removing":
        return StoneRemoval(None, None, g[0].upper())
    if kind == "undo_declined":
        return UndoDeclined(g[0])
    if kind == "komi_request":
        return KomiRequest(g[0], float(g[1]))
    if kind == "use_hint":
        return UseHint()
    if kind == "adjourn_request":
        return AdjournRequest(g[0])
    if kind == "guest_notice":
        return GuestNotice(text.strip())
    if kind == "stray_prompt":
        return StrayPrompt(int(g[0]))
    if kind == "komi_set":
        return KomiSet(float(g[0]))
    if kind == "match_declined":
        return MatchDeclined(g[0])
    if kind == "match_created":
        return MatchCreated(int(g[0]), g[1])
    if kind == "dot":
        return Dot(g[0])
    if kind == "totals":
        return Totals(int(g[0]), int(g[1]))
    return _wording_event(kind, g, text)


def _wording_event(kind: str, g: tuple[str, ...], text: str) -> Reading:
    """The ``9`` notices of issue 27 (what q5Go met on IGS and NNGS)."""
    if kind == "toggle":
        return ToggleSet(g[0].lower(), g[1] == "True")
    if kind == "gave_time":
        return TimeAdded("", int(g[0]), to_me=False)
    if kind == "got_time":
        return TimeAdded("", int(g[0]), to_me=True)
    if kind == "withdrawn":
        return MatchCancelled(g[0])
    if kind == "created":
        return MatchCreated(int(g[0]), g[1])
    if kind in ("unobserved", "observed"):
        return ObservationChanged(int(g[0]) if g[0] else None, kind == "observed")
    if kind in ("paused", "resumed"):
        return ClockPaused(kind == "paused")
    if kind == "pause_request":
        return PauseRequest(g[0])
    if kind == "adjourn_declined":
        return AdjournDeclined(None, text.strip())
    if kind == "has_adjourned":
        return GameEnd(int(g[0]), "adjourn", None, g[1], g[2], None, text)
    return Info(text)  # pragma: no cover - every kind above is handled


# --- 5: errors ----------------------------------------------------------------------------------

_DISPUTE_RE = re.compile(r"There is a dispute regarding your n?match")
_DISPUTE_LINE_RE = re.compile(r"(\S++) request: (.*)$")


def read_error(text: str) -> Reading:
    if _DISPUTE_RE.match(text):
        return DisputeHeader()
    return Error(text)


def read_dispute_line(text: str) -> DisputeLine | None:
    m = _DISPUTE_LINE_RE.match(text)
    if m is None:
        return None
    return DisputeLine(DisputedRequest(m.group(1), tuple(m.group(2).split())))


# --- 28: undo, 49: removal, 32: yell, 11: kibitz header ---------------------------------------

_UNDID_RE = re.compile(r"(\S++) undid the last move \(([^)]*+)\)\s*+\.?\s*+$")
_UNDO_OBS_RE = re.compile(r"Undo in game (\d{1,9}): (\S+) vs (\S+):\s+(\S+)\s*$")


def read_undo(text: str) -> Reading:
    m = _UNDID_RE.match(text)
    if m is not None:
        point = m.group(2).strip().upper()
        return Undo(None, m.group(1), None if point in ("", "PASS") else point)
    m = _UNDO_OBS_RE.match(text)
    if m is not None:
        point = m.group(4).upper()
        return Undo(
            int(m.group(1)), None, None if point == "PASS" else point, m.group(2), m.group(3)
        )
    return Unknown(28, text)


_REMOVING_RE = re.compile(r"Game (\d{1,9}) (\S+) is removing @ (\S+)\s*$")


def read_removal(text: str) -> Reading:
    m = _REMOVING_RE.match(text)
    if m is None:
        return Unknown(49, text)
    return StoneRemoval(int(m.group(1)), m.group(2), m.group(3).upper())


_YELL_RE = re.compile(r"(?:CH)?(\d*):\s*([^:\s]+):\s?(.*)$")


_CHANNEL_NOTICE_RE = re.compile(
    r"(?:Changing into|Welcome to|You are now in|Leaving) channel (\d{1,9})\s*\.?\s*$"
)
_CHANNEL_MEMBERS_RE = re.compile(r"In channel (\d{1,9}):\s*(.*)$")


def read_yell(text: str) -> Reading:
    m = _CHANNEL_NOTICE_RE.match(text)
    if m is not None:
        return ChannelNotice(int(m.group(1)), text.strip())
    m = _CHANNEL_MEMBERS_RE.match(text)
    if m is not None:
        return ChannelNotice(int(m.group(1)), text.strip(), tuple(m.group(2).split()))
    m = _YELL_RE.match(text)
    if m is None:
        return Yell(None, None, text)
    channel = bounded_int(m.group(1)) if m.group(1) else None
    if m.group(1) and channel is None:
        return Unknown(32, text)  # a channel number that fits no channel field
    return Yell(channel, m.group(2), m.group(3))


_KIBITZ_RE = re.compile(
    r"Kibitz (\S++) \[([^\]]*+)\]: Game (\S++) vs (\S++) \[\s*+(\d{1,9})\]\s*+$"
)


def read_kibitz_header(text: str) -> KibitzHeader | None:
    m = _KIBITZ_RE.match(text)
    if m is None:
        return None
    name, rank, white, black, game = m.groups()
    return KibitzHeader(name, rank.strip(), white, black, int(game))


# --- 22: score board --------------------------------------------------------------------------

_BOARD_ROW_RE = re.compile(r"\s*(\d{1,9}): ?(\d{1,25})\s*$")  # a column: one digit a point


def read_score_line(text: str) -> Reading:
    m = _BOARD_ROW_RE.match(text)
    if m is not None:
        return ScoreBoardRow(int(m.group(1)), m.group(2))
    words = text.split()
    if len(words) < 2:
        return Unknown(22, text)
    captures = bounded_int(words[2]) if len(words) > 2 else None
    komi = bounded_float(words[6]) if len(words) > 6 else None
    return ScoreBoardPlayer(words[0], words[1], captures, komi)


def decode_score_rows(rows: list[ScoreBoardRow]) -> dict[str, tuple[str, ...]] | None:
    """Point lists by meaning, or ``None`` if the rows do not form a square board.

    Row ``N`` is board column ``N``; digit ``j`` is ``j`` points down from the top edge.
    """
    size = len(rows)
    if not 2 <= size <= len(COLUMN_LETTERS) or any(len(r.digits) != size for r in rows):
        return None
    by_digit: dict[str, list[str]] = {d: [] for d in "012345"}
    for col, row in enumerate(sorted(rows, key=lambda r: r.index)):
        letter = COLUMN_LETTERS[col]
        for j, digit in enumerate(row.digits):
            bucket = by_digit.get(digit)
            if bucket is not None:
                bucket.append(f"{letter}{size - j}")
    return {
        "black_stones": tuple(by_digit["0"]),
        "white_stones": tuple(by_digit["1"]),
        "dame": tuple(by_digit["3"]),
        "white_territory": tuple(by_digit["4"]),
        "black_territory": tuple(by_digit["5"]),
    }


_SCORE_RE = re.compile(
    r"(\S+) \(([WB]):[^)]*\):\s*(-?\d{1,9}(?:\.\d{1,9})?)"
    r" to (\S+) \(([WB]):[^)]*\):\s*(-?\d{1,9}(?:\.\d{1,9})?)\s*$"
)


def read_score(text: str) -> tuple[str, float, str, float] | None:
    """``20`` line -> (white, white score, black, black score), whichever order it names them."""
    m = _SCORE_RE.match(text)
    if m is None:
        return None
    n1, c1, s1, n2, c2, s2 = m.groups()
    if c1 == c2:
        return None
    if c1 == "W":
        return n1, float(s1), n2, float(s2)
    return n2, float(s2), n1, float(s1)
