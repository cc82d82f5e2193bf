"""``IgsParser``: decoded server lines in, protocol events out. No I/O, never raises.

The input unit is one line as a ``str`` without CR/LF (the transport splits and decodes; a
prompt that arrives without a newline, such as ``Login: ``, is still one line). In client mode a
line is ``<code> <text>``; :meth:`IgsParser.feed_line` picks a reader from a dict keyed by the
code string, so the common lines cost one ``str.find``, one dict lookup and one regex match.

Most lines stand alone. The exceptions are why this is an object and not a function:

* files: between ``<code> File`` markers lines have no code and are collected verbatim;
* ``22`` score board: the block is one event, emitted when a non-``22`` line arrives;
* ``15 Game N ...`` headings give their game number to the move/TIME lines that follow;
  ``26 Game : N`` does the same for ``26`` clock lines; ``51 Say in game N`` for the next
  ``19`` say; an ``11 Kibitz ...`` header for its ``11`` text line;
* two-line notices (match/nmatch request + "Use <...>" hint, byo-yomi entry + "You have N
  stones", dispute header + two request lines, board restored + "Please type 'done again.")
  are *held* until their continuation arrives; any other line releases a held event as is;
* NNGS answers ``user`` with a code-9 table: after its header line, ``9`` lines are read as
  rows until one is not (or a prompt comes).

:meth:`IgsParser.flush` releases whatever is held (call it at end of input).
"""

from __future__ import annotations

import dataclasses
import logging
import re
from collections.abc import Callable

from igs_tui.backends.igs.protocol.events import (
    Bell,
    BoardRestored,
    ByoyomiEntry,
    Dot,
    Event,
    File,
    GameTitle,
    GuestNotice,
    Kibitz,
    LoginPrompt,
    Malformed,
    MatchCancelled,
    MatchDispute,
    MatchRequest,
    MessagesWaiting,
    NMatchRequest,
    PasswordPrompt,
    Prompt,
    Say,
    Score,
    ScoreBoard,
    Seeker,
    SeekList,
    SeekSetup,
    SeekSetups,
    Tell,
    UndoRequest,
    Unknown,
    UserEntry,
    UserHeader,
)
from igs_tui.backends.igs.protocol.notices import (
    read_adjourn_declined,
    read_adjourn_request,
    read_arrow_tell,
    read_automatch,
    read_review,
    read_room_line,
    read_seeker,
    read_shutdown,
    read_stored_line,
    split_nmatch_columns,
)
from igs_tui.backends.igs.protocol.readers import (
    ByoyomiStones,
    DisputeHeader,
    DisputeLine,
    DoneAgain,
    KibitzHeader,
    MatchUseHint,
    NMatchUseHint,
    Reading,
    ScoreBoardPlayer,
    ScoreBoardRow,
    TimeGame,
    TimeLine,
    UseHint,
    clock_event,
    decode_score_rows,
    fast_user,
    is_user_table_header,
    is_user_table_rule,
    is_version_text,
    read_clock,
    read_dispute_line,
    read_error,
    read_games,
    read_heading,
    read_info,
    read_kibitz_header,
    read_move,
    read_props,
    read_removal,
    read_score,
    read_score_line,
    read_shout,
    read_time,
    read_undo,
    read_user,
    read_user_row,
    read_version,
    read_who,
    read_yell,
)
from igs_tui.backends.igs.protocol.seek_lines import (
    LIST_END,
    LIST_START,
    MAX_SETUPS,
    read_seek_line,
    read_setup,
)
from igs_tui.numbers import bounded_int

MAX_FILE_LINES = 20_000
"""A file block longer than this is cut into several events (bounded memory on bad input)."""

_TELL_PREFIX = "*"
_MOVE_SUFFIX_RE = re.compile(r"(?:^|\s)\((\d{1,4})\)$")
_PLAIN_SAY_RE = re.compile(r"([A-Za-z0-9_]{1,20}) (.*)$")
_SYSTEM = "*SYSTEM*: "
_PROMPTS: dict[str, list[Event]] = {str(n): [Prompt(n)] for n in range(10)}
_NON_CLIENT_PROMPTS: dict[str, Event] = {
    "Login:": LoginPrompt(),
    "Password:": PasswordPrompt(),
    "#>": Prompt(None),
}


class _Held:
    """A multi-line event waiting for its continuation line."""

    __slots__ = ("board_players", "board_rows", "event", "kind", "requests")

    def __init__(self, kind: str, event: Event | None = None) -> None:
        self.kind = kind
        self.event = event
        self.board_players: list[ScoreBoardPlayer] = []
        self.board_rows: list[ScoreBoardRow] = []
        self.requests: list[DisputeLine] = []


_log = logging.getLogger(__name__)


class IgsParser:
    """Stateful line parser; see the module docstring for which lines carry state."""

    def __init__(self) -> None:
        self._handlers: dict[str, Callable[[str], list[Event]]] = {
            "1": self._on_prompt,
            "2": self._on_bell,
            "4": lambda text: [read_shutdown(text)],
            "5": self._on_error,
            "7": self._on_games,
            "9": self._on_info,
            "11": self._on_kibitz,
            "15": self._on_game_line,
            "19": self._on_say,
            "20": self._on_score,
            "21": self._on_shout,
            "22": self._on_score_board,
            "23": lambda text: [read_stored_line(text)],
            "24": self._on_tell,
            "26": self._on_time,
            "27": self._on_who,
            "28": self._on_undo,
            "32": self._on_yell,
            "36": self._on_automatch,
            "39": self._on_version,
            "40": self._on_dot,
            "42": self._on_user,
            "48": lambda text: [read_adjourn_request(text)],
            "49": self._on_removal,
            "51": self._on_say_header,
            "53": lambda text: [read_adjourn_declined(text)],
            "56": lambda text: [read_review(text)],
            "63": self._on_seek,
        }
        self._held: _Held | None = None
        self._file_code: int | None = None
        self._file_lines: list[str] = []
        self._game: int | None = None  # from the last 15 heading
        self._time_game: int | None = None  # from the last "26 Game : N"
        self._say_game: int | None = None  # from "51 Say in game N", used once
        self._kibitz: KibitzHeader | None = None
        self._user_table = False  # inside NNGS's code-9 answer to ``user``
        self._seek_setups: list[SeekSetup] | None = None  # inside a 63 CONFIG_LIST block
        self._seekers: list[Seeker] | None = None  # inside a 63 ENTRY_LIST block

    @property
    def in_file(self) -> bool:
        """True while collecting the verbatim lines of a ``File`` block."""
        return self._file_code is not None

    def feed_line(self, line: str) -> list[Event]:
        """Parse one decoded line (no CR/LF) and return the events it completes (maybe none).

        Never raises: readers bound every number they convert, and a reader that fails anyway
        turns the line into a :class:`Malformed` event (with any events it had released)
        instead of ending the connection that feeds the parser.
        """
        try:
            return self._feed_line(line)
        except Exception as exc:  # the promise above, kept even for reader bugs
            _log.warning("parser failed on %r", line, exc_info=True)
            self._held = None
            return [Malformed(line, f"{type(exc).__name__}: {exc}")]

    def _feed_line(self, line: str) -> list[Event]:
        if self._file_code is not None:
            return self._file_line(line)
        sp = line.find(" ")
        code = line[:sp] if sp > 0 else line
        handler = self._handlers.get(code)
        if handler is None:
            return self._uncoded(line)
        text = line[sp + 1 :] if sp > 0 else ""
        if self._held is not None:
            continued = self._continue_held(code, text)
            if continued is not None:
                return continued
            released = self._release()
            return released + self._dispatch(handler, code, text)
        if text == "File":
            return self._dispatch(handler, code, text)
        return handler(text)

    def flush(self) -> list[Event]:
        """Release held events and an unterminated file block (end of input)."""
        out = self._release()
        if self._file_code is not None:
            out.append(File(self._file_code, tuple(self._file_lines)))
            self._file_code = None
            self._file_lines = []
        return out

    # --- framing -------------------------------------------------------------------------------

    def _dispatch(self, handler: Callable[[str], list[Event]], code: str, text: str) -> list[Event]:
        if text == "File":
            self._file_code = int(code)
            self._file_lines = []
            return []
        return handler(text)

    def _file_line(self, line: str) -> list[Event]:
        code = self._file_code
        assert code is not None
        stripped = line.rstrip()
        if stripped == f"{code} File":
            return self._end_file()
        if stripped[:2] == "1 " and stripped[2:].isdecimal():
            # A prompt inside a file means the end marker got lost: never swallow the session.
            return self._end_file() + self.feed_line(line)
        self._file_lines.append(line)
        if len(self._file_lines) >= MAX_FILE_LINES:
            out: list[Event] = [File(code, tuple(self._file_lines))]
            self._file_lines = []
            return out
        return []

    def _end_file(self) -> list[Event]:
        assert self._file_code is not None
        event = File(self._file_code, tuple(self._file_lines))
        self._file_code = None
        self._file_lines = []
        return [event]

    def _uncoded(self, line: str) -> list[Event]:
        """Lines without a known code: non-client prompts and text, unknown codes, blank lines."""
        stripped = line.strip()
        if not stripped:
            return []  # blank separators carry nothing and must not release held events
        prompt = _NON_CLIENT_PROMPTS.get(stripped)
        out = self._release() if self._held is not None else []
        if prompt is not None:
            out.append(prompt)
            return out
        if stripped.startswith("You have"):
            # the login greeting comes before client mode is on: "You have 2 messages ..."
            waiting = read_info(stripped)
            if isinstance(waiting, MessagesWaiting):
                out.append(waiting)
                return out
        if stripped.startswith(("NMatch requested", "Nmatch requested")):
            reading = read_info(stripped)
            return out + self._accept_info(reading, stripped)
        if is_version_text(stripped):
            out.append(read_version(stripped))
            return out
        if stripped.startswith('"') or stripped == "This is a guest account.":
            guest = read_info(stripped)
            if isinstance(guest, GuestNotice):
                out.append(guest)
                return out
        head, _, rest = stripped.partition(" ")
        if head.isascii() and head.isdigit() and len(head) <= 4:
            if rest == "File":  # 8 (help), 14 (messages) or any other code's file marker
                self._file_code = int(head)
                self._file_lines = []
                return out
            out.append(Unknown(int(head), rest))
        else:
            out.append(Unknown(None, line))
        return out

    # --- held multi-line events ----------------------------------------------------------------

    def _continue_held(self, code: str, text: str) -> list[Event] | None:
        """Join this line to the held event, or ``None`` if it does not continue it."""
        held = self._held
        assert held is not None
        kind = held.kind
        if kind == "board":
            if code != "22":
                return None
            reading = read_score_line(text)
            if isinstance(reading, ScoreBoardRow):
                held.board_rows.append(reading)
                return []
            if isinstance(reading, ScoreBoardPlayer) and not held.board_rows:
                held.board_players.append(reading)
                return []
            return None
        if kind == "dispute":
            if code != "5":
                return None
            line = read_dispute_line(text)
            if line is None:
                return None
            held.requests.append(line)
            if len(held.requests) >= 2:
                return self._release()
            return []
        if code != "9":
            return None
        reading = read_info(text)
        event = held.event
        if kind == "match" and isinstance(reading, MatchUseHint):
            assert isinstance(event, MatchRequest)
            self._held = None
            return [
                MatchRequest(
                    event.opponent,
                    event.opponent_color,
                    reading.size,
                    reading.minutes,
                    reading.byoyomi_minutes,
                    reading.color,
                    reading.command,
                )
            ]
        if kind == "nmatch" and isinstance(reading, NMatchUseHint):
            assert isinstance(event, NMatchRequest)
            self._held = None
            return [_with_accept(event, reading.command)]
        if kind == "byoyomi" and isinstance(reading, ByoyomiStones):
            assert isinstance(event, ByoyomiEntry)
            self._held = None
            return [ByoyomiEntry(event.player, reading.stones, reading.minutes)]
        if kind == "restored" and isinstance(reading, DoneAgain):
            self._held = None
            return []  # the second line of the same notice
        return None

    def _release(self) -> list[Event]:
        held = self._held
        if held is None:
            return []
        self._held = None
        if held.kind == "board":
            return [_score_board(held)]
        if held.kind == "dispute":
            return [MatchDispute(tuple(r.request for r in held.requests))]
        if held.kind == "restored":
            return []
        assert held.event is not None
        return [held.event]

    # --- per-code readers ----------------------------------------------------------------------

    def _on_prompt(self, text: str) -> list[Event]:
        self._user_table = False
        cached = _PROMPTS.get(text)
        if cached is not None:
            return list(cached)
        t = text.strip()
        if t.isascii() and t.isdigit() and len(t) < 6:
            return [Prompt(int(t))]
        return [Unknown(1, text)]

    def _on_bell(self, text: str) -> list[Event]:
        return [Bell()]

    def _on_error(self, text: str) -> list[Event]:
        reading = read_error(text)
        if isinstance(reading, DisputeHeader):
            self._held = _Held("dispute")
            return []
        return [_as_event(reading, 5, text)]

    def _on_games(self, text: str) -> list[Event]:
        return [_as_event(read_games(text), 7, text)]

    def _on_user(self, text: str) -> list[Event]:
        fast = fast_user(text)  # the common shape, without the regex
        if fast is not None:
            return [fast]
        row, nmatch = split_nmatch_columns(text)
        reading = read_user(row)
        if nmatch and isinstance(reading, UserEntry):
            return [dataclasses.replace(reading, nmatch=nmatch)]
        return [_as_event(read_user(text), 42, text)]

    def _on_automatch(self, text: str) -> list[Event]:
        """Code ``36``: the offer is told at its terms line; the accept line only confirms the
        command (it is the same ``automatch NAME`` the offer already carries)."""
        reading = read_automatch(text)
        if reading is None or isinstance(reading, str):
            return []
        return [reading]

    def _on_who(self, text: str) -> list[Event]:
        return read_who(text)

    def _on_game_line(self, text: str) -> list[Event]:
        if text.startswith("Game "):
            reading = read_heading(text)
            if not isinstance(reading, Unknown):
                self._game = reading.game  # type: ignore[union-attr]
            return [_as_event(reading, 15, text)]
        if text.startswith("TIME:"):
            return [_as_event(read_time(text), 15, text)]
        if text.startswith("GAMERPROPS:"):
            return [_as_event(read_props(text), 15, text)]
        return [_as_event(read_move(text, self._game), 15, text)]

    def _on_time(self, text: str) -> list[Event]:
        reading = read_clock(text)
        if isinstance(reading, TimeGame):
            self._time_game = reading.game
            return []
        if isinstance(reading, TimeLine):
            return [clock_event(reading, self._time_game)]
        return [_as_event(reading, 26, text)]

    def _on_info(self, text: str) -> list[Event]:
        if self._user_table:
            row = read_user_row(text)
            if row is not None:
                return [row]
            if is_user_table_rule(text):
                return []
            self._user_table = False
        elif is_user_table_header(text):
            self._user_table = True
            return [UserHeader(text)]
        if text.startswith("Game is titled:"):
            return [GameTitle(self._game, text[len("Game is titled:") :].strip())]
        if text.startswith("ROOM "):
            room = read_room_line(text)
            if room is not None:
                return [room]
        return self._accept_info(read_info(text), text)

    def _accept_info(self, reading: Reading, text: str) -> list[Event]:
        if isinstance(reading, MatchRequest):
            self._held = _Held("match", reading)
            return []
        if isinstance(reading, NMatchRequest):
            self._held = _Held("nmatch", reading)
            return []
        if isinstance(reading, ByoyomiEntry) and reading.stones is None:
            self._held = _Held("byoyomi", reading)
            return []
        if isinstance(reading, BoardRestored):
            self._held = _Held("restored")
            return [reading]
        if isinstance(reading, DoneAgain):
            return [BoardRestored()]  # the second line alone still means the same
        if isinstance(reading, ByoyomiStones):
            return [ByoyomiEntry(None, reading.stones, reading.minutes)]
        if isinstance(reading, UseHint):
            return []  # the offer's first line said it all
        return [_as_event(reading, 9, text)]

    def _on_kibitz(self, text: str) -> list[Event]:
        header = read_kibitz_header(text)
        if header is not None:
            self._kibitz = header
            return []
        h = self._kibitz
        self._kibitz = None
        body = text.strip()
        move: int | None = None
        suffix = _MOVE_SUFFIX_RE.search(body)
        if suffix is not None:  # NNGS: "text (14)", the move it was said at
            move = bounded_int(suffix.group(1))
            body = body[: suffix.start()].rstrip()
        if h is None:
            return [Kibitz(None, "", "", "", "", body, move)]
        return [Kibitz(h.game, h.name, h.rank, h.white, h.black, body, move)]

    def _on_say_header(self, text: str) -> list[Event]:
        words = text.split()
        if (
            len(words) == 4
            and words[:3] == ["Say", "in", "game"]
            and (game := bounded_int(words[3])) is not None
        ):
            self._say_game = game
            return []
        return [Unknown(51, text)]

    def _on_say(self, text: str) -> list[Event]:
        game = self._say_game
        self._say_game = None
        name, body = _starred(text)
        if name is None:
            plain = _PLAIN_SAY_RE.match(text)  # NNGS: "19 alice good game so far"
            if plain is None:
                return [Unknown(19, text)]
            name, body = plain.group(1), plain.group(2)
        return [Say(game, name, body)]

    def _on_tell(self, text: str) -> list[Event]:
        arrow = read_arrow_tell(text)
        if arrow is not None:
            return [arrow]
        if text.startswith(_SYSTEM):
            return [_system_message(text[len(_SYSTEM) :], text)]
        name, body = _starred(text)
        if name is None:
            return [Unknown(24, text)]
        return [Tell(name, body)]

    def _on_shout(self, text: str) -> list[Event]:
        return [_as_event(read_shout(text), 21, text)]

    def _on_score_board(self, text: str) -> list[Event]:
        held = _Held("board")
        reading = read_score_line(text)
        if isinstance(reading, ScoreBoardPlayer):
            held.board_players.append(reading)
        elif isinstance(reading, ScoreBoardRow):
            held.board_rows.append(reading)
        else:
            return [_as_event(reading, 22, text)]
        self._held = held
        return []

    def _on_score(self, text: str) -> list[Event]:
        parsed = read_score(text)
        if parsed is None:
            return [Unknown(20, text)]
        return [Score(*parsed)]

    def _on_undo(self, text: str) -> list[Event]:
        return [_as_event(read_undo(text), 28, text)]

    def _on_yell(self, text: str) -> list[Event]:
        return [_as_event(read_yell(text), 32, text)]

    def _on_dot(self, text: str) -> list[Event]:
        name = text.strip()
        return [Dot(name)] if name else [Unknown(40, text)]

    def _on_removal(self, text: str) -> list[Event]:
        return [_as_event(read_removal(text), 49, text)]

    def _on_seek(self, text: str) -> list[Event]:
        """Code ``63`` (automatch): the setup list is gathered into one event."""
        head = text.split(" ", 1)[0]
        if head == "ENTRY_LIST_START":
            self._seekers = []
            return []
        if head == "ENTRY_LIST_END":
            seekers, self._seekers = self._seekers or [], None
            return [SeekList(tuple(seekers))]
        if head == "ENTRY_LIST":
            seeker = read_seeker(text)
            if seeker is None:
                return [Unknown(63, text)]
            if self._seekers is None:
                self._seekers = []
            if len(self._seekers) < MAX_SETUPS * 20:
                self._seekers.append(seeker)
            return []
        if head == LIST_START:
            self._seek_setups = []
            return []
        if head == LIST_END:
            setups, self._seek_setups = self._seek_setups or [], None
            return [SeekSetups(tuple(setups))]
        setup = read_setup(text)
        if setup is not None:
            if self._seek_setups is None:
                self._seek_setups = []
            if len(self._seek_setups) < MAX_SETUPS:
                self._seek_setups.append(setup)
            return []
        event = read_seek_line(text)
        return [] if event is None else [event]

    def _on_version(self, text: str) -> list[Event]:
        return [read_version(text)] if text.strip() else [Unknown(39, text)]


# --- helpers -----------------------------------------------------------------------------------


def _as_event(reading: Reading, code: int, text: str) -> Event:
    """Readings that are fragments out of context become :class:`Unknown` (never lost)."""
    if isinstance(reading, Event):
        return reading
    return Unknown(code, text)


def _starred(text: str) -> tuple[str | None, str]:
    """``*name*: text`` -> (name, text)."""
    if not text.startswith(_TELL_PREFIX):
        return None, text
    end = text.find("*:", 1)
    if end <= 1:
        return None, text
    body = text[end + 2 :]
    return text[1:end], body[1:] if body.startswith(" ") else body


def _system_message(message: str, text: str) -> Event:
    words = message.split()
    if len(words) == 3 and words[1:] == ["requests", "undo."]:
        return UndoRequest(words[0])
    if len(words) >= 3 and words[1] in ("canceled", "cancelled") and "request" in message:
        return MatchCancelled(words[0])
    return Tell("SYSTEM", message)


def _with_accept(event: NMatchRequest, command: str) -> NMatchRequest:
    return NMatchRequest(
        event.opponent,
        event.color,
        event.handicap,
        event.size,
        event.main_seconds,
        event.byo_seconds,
        event.byo_stones,
        event.koryo_count,
        event.koryo_seconds,
        event.prebyoyomi_seconds,
        command,
    )


def _score_board(held: _Held) -> ScoreBoard:
    players = held.board_players
    white = players[0] if players else ScoreBoardPlayer("", "", None, None)
    black = players[1] if len(players) > 1 else ScoreBoardPlayer("", "", None, None)
    rows = held.board_rows
    decoded = decode_score_rows(rows) or {}
    empty: tuple[str, ...] = ()
    return ScoreBoard(
        white.name,
        white.rank,
        white.captures,
        black.name,
        black.rank,
        black.captures,
        white.komi if white.komi is not None else black.komi,
        len(rows) if decoded else 0,
        tuple(r.digits for r in rows),
        decoded.get("black_stones", empty),
        decoded.get("white_stones", empty),
        decoded.get("black_territory", empty),
        decoded.get("white_territory", empty),
        decoded.get("dame", empty),
    )
