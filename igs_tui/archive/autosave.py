"""Autosave: every game this client plays or observes is kept on disk as SGF, move by move.

A crash, a kill or a lost connection must not cost a game record, so the file is written
after every change of the game (move, undo, say, kibitz, result), and a killed client leaves
the old complete file or the new complete file, never half of one: a new text is written
*atomically* (a temporary file in the same directory, then ``os.replace``), except a move at
the end, which changes only the file's last bytes and is written there, in one system call,
then synced (:mod:`igs_tui.archive.growing_files`).

A new move at the end of the game costs that move only: the file's text is kept
(:class:`~igs_tui.records.sgf.GrowingSgf`) and grows by the move's node, byte for byte what
writing the whole record would give. Anything else (an undo, a say, a result) builds the record
again.

In the app the changes are saved shortly after they arrive (``defer``), not while the model
announces them: the move is on the screen first, and a burst of changes is one save per game.
With ``background=True`` (the app) the file is written by a thread of its own, so the disk's
fsyncs never hold up the screen: a save hands its text over and returns. A text not written
yet is replaced by a newer one of the same file, so the thread always writes the newest, and a
crash loses at most the changes that arrived during the one write under way.

The saver is a model listener: it reads :class:`~igs_tui.model.FollowedGame` objects only, so
it works for any server the model is fed from. It tells the model where each game's record is
(:class:`~igs_tui.model.changes.GameRecorded`), so a finished game released from its tab can
be opened again from its file; when the model lets a game go, the saver forgets what it kept
of it (the text it grows, the clock readings) unless the game is ours and may come back.

A file belongs to one game. Servers reuse a game's number as soon as the game is over, so the
records are kept by the game's identity (:attr:`~igs_tui.model.FollowedGame.serial`), never
by number: a new game gets a new file (a name no file on disk has), and a finished game's file
is final. The one game that may write into an earlier file is that game loaded again (after
an adjournment or a lost link): one of ours, with the same players, that repeats every move of
the unfinished record before going on; a game that a request or a match started never is.
"""

from __future__ import annotations

import os
import re
import threading
import time
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, replace
from pathlib import Path

import platformdirs

from igs_tui.archive.growing_files import GrowingFiles
from igs_tui.archive.record_header import (
    IGS_RULES,
    file_players,
    relay_players,
    session_facts,
)
from igs_tui.go import Color, Point, count_with_dead, fixed_handicap_points, format_sgf_point
from igs_tui.model import ClientModel, FollowedGame, GamePhase, Kibitz, MoveRecord, Role
from igs_tui.model import changes as ch
from igs_tui.model.changes import Change, GameRecorded, GameUnfollowed
from igs_tui.model.clocks import ClockReading
from igs_tui.model.topics import game_topic
from igs_tui.private_dirs import private_dir
from igs_tui.records.convert import write_record_file
from igs_tui.records.model import Comment, GameInfo, GameRecord, Node, Play
from igs_tui.records.sgf import GrowingSgf

_UNSAFE = re.compile(r"[^A-Za-z0-9_.+-]+")

_NOT_RECORDED: frozenset[type[Change]] = frozenset(
    {
        ch.ClockSet,
        ch.ClocksRead,
        ch.ClocksSynced,
        ch.ClocksPaused,
        ch.PrisonersCounted,
        ch.ObserversCounted,
        ch.Thinking,
        ch.UndoAsked,
        ch.KomiProposed,
        ch.SyncError,
        ch.ScoreChecked,
        ch.GameRecorded,
        ch.DeadStonesMarked,
        ch.DeadStonesUnmarked,
        ch.DeadStonesCleared,
    }
)
"""Changes of a game that its record does not show (the clock readings it keeps are read
when a move arrives): a heading of an observed game brings three of them with every move."""


def default_games_dir() -> Path:
    """``<user data dir>/igs-tui/games`` (platformdirs picks the OS's place)."""
    return Path(platformdirs.user_data_dir("igs-tui")) / "games"


@dataclass
class _Saved:
    path: Path
    game: FollowedGame | None = None
    """The game written there (a game loaded again hands its file on to the new entry)."""
    signature: tuple[object, ...] = ()
    times: dict[int, ClockReading] = field(default_factory=dict)
    """Clock of the player who made move ``n``, read when the move arrived (for BL/WL/OB/OW)."""
    timed: int = 0
    """How many of the game's moves have their clock reading in :attr:`times`."""
    text: _Text | None = None
    """The file's text as last built, to grow by the next move (``None``: build it again)."""
    named: bool = False
    """Whether a relay's file has had its players' names (see :meth:`AutoSaver._name_relay`)."""
    info: GameInfo | None = None
    """The header last built for the game, and what it was built from (:meth:`AutoSaver._info`)."""
    info_key: tuple[object, ...] = ()


@dataclass
class _Text:
    """A game's SGF text and what it was built from, to tell whether a new move may just be
    appended to it (see :meth:`AutoSaver._grow`)."""

    sgf: GrowingSgf
    info: GameInfo
    """The header the record was built with (before a handicap move sets its ``handicap``)."""
    moves: int
    last: MoveRecord | None
    chat: int
    """How many says and kibitzes the game had received when the record was built
    (:attr:`FollowedGame.chat_added`: the lists themselves stop growing at their cap)."""
    noted: frozenset[int]
    """The move numbers that chat is attached to (a new move with one of them takes it over)."""


def _time_props(node: Node, color: Color, reading: ClockReading) -> None:
    if reading.unlimited:
        return
    left = reading.byo_seconds if reading.in_byoyomi and reading.byo_seconds > 0 else None
    seconds = float(int(left if left is not None else reading.main_seconds))
    if reading.in_byoyomi:
        count = reading.byo_stones if reading.byo_stones >= 0 else reading.periods
    else:
        count = None
    if color is Color.BLACK:
        node.black_time, node.black_periods = seconds, count
    else:
        node.white_time, node.white_periods = seconds, count


def _comment(entries: list[Kibitz], kind: str) -> list[str]:
    return [
        f"{e.author}{' [' + e.rank + ']' if e.rank else ''} ({kind}): {e.text}" for e in entries
    ]


def game_info(
    game: FollowedGame, *, place: str | None = None, rules: str | None = None
) -> GameInfo:
    """The SGF header of a followed game (a handicap move sets ``handicap`` later): a relay's
    real players from its title, and the session's ``place`` and ``rules`` when known."""
    settings = game.time_settings
    info = GameInfo(
        black=game.black or None,
        white=game.white or None,
        black_rank=game.black_rank or None,
        white_rank=game.white_rank or None,
        komi=game.komi,
        handicap=game.handicap or None,
        result=game.result or None,
        date=time.strftime("%Y-%m-%d"),
        game_name=game.title or None,
        time_limit=str(settings.main_seconds) if settings is not None else None,
        overtime=(settings.sgf_overtime or None) if settings is not None else None,
    )
    # rules the server named for this game come before the session's (KGS sets them per game)
    return session_facts(relay_players(game, info), place=place, rules=game.rules or rules)


def game_record(
    game: FollowedGame,
    times: dict[int, ClockReading] | None = None,
    *,
    place: str | None = None,
    rules: str | None = None,
) -> GameRecord:
    """The SGF-ready record of a followed game: header, moves, clock readings, chat, result."""
    return _build(game, game_info(game, place=place, rules=rules), times)[0]


def _build(
    game: FollowedGame, info: GameInfo, times: dict[int, ClockReading] | None
) -> tuple[GameRecord, frozenset[int], bool]:
    """The record, the move numbers chat is attached to, and whether every such number has
    its move (else the chat sits on the last node until its move comes)."""
    info = replace(info)
    record = GameRecord(game.size, info)
    notes: dict[int, list[str]] = {}
    for n, text in [(s.move_number, t) for s in game.says for t in _comment([s], "say")]:
        notes.setdefault(n, []).append(text)
    for n, text in [(k.move_number, t) for k in game.kibitzes for t in _comment([k], "kibitz")]:
        notes.setdefault(n, []).append(text)
    node = record.root
    by_number: dict[int, Node] = {0: node}
    for move in game.moves:
        if move.handicap:
            try:
                node.add_black.extend(fixed_handicap_points(game.size, move.handicap))
            except ValueError:
                pass
            info.handicap = move.handicap
            by_number[move.number] = node
            continue
        node = node.add_child(_move_node(move, times))
        by_number[move.number] = node
    for number, texts in notes.items():
        target = by_number.get(number, node)
        target.comments.append(Comment("\n".join(texts)))
    _territory(game, node)
    return record, frozenset(notes), all(number in by_number for number in notes)


_COUNTED = re.compile(r"^(?:[BW]\+\d|0$|Jigo)")
"""Results of a count (``B+3.5``, ``0``), not of a resignation, time or forfeit."""


def _territory(game: FollowedGame, last: Node) -> None:
    """A counted game's territory as ``TB``/``TW``, on a node of its own after the last move
    (as NNGS writes its records; on the last move's node it looked like part of that move):
    the server's own count when it sent one (players and observers alike), else ours from the
    dead stones we marked (a game scored with us, or a local engine's)."""
    if game.phase is not GamePhase.FINISHED or not _COUNTED.match(game.result):
        return
    check = game.score_check
    server = check.server if check is not None and check.decides else None
    if server is not None and (server.black_area or server.white_area):
        areas: Mapping[Color, frozenset[Point]] = {
            Color.BLACK: server.black_area,
            Color.WHITE: server.white_area,
        }
    elif game.dead or check is not None:
        areas = count_with_dead(game.board, game.dead, komi=game.komi).territory
    else:
        return
    node = Node()
    for prop, color in (("TB", Color.BLACK), ("TW", Color.WHITE)):
        points = sorted(areas[color], key=lambda p: (p.row, p.col))
        if points:
            node.extra[prop] = [format_sgf_point(p, game.size) for p in points]
    if node.extra:
        last.add_child(node)


def _move_node(move: MoveRecord, times: dict[int, ClockReading] | None) -> Node:
    node = Node(move=Play(move.color, move.point, move.number))
    reading = (times or {}).get(move.number)
    if reading is not None:
        _time_props(node, move.color, reading)
    return node


class _LatestWriter:
    """A thread that writes files, each with the newest text handed to it.

    :meth:`put` never waits: the text replaces any not yet written for the same file, so a
    slow disk (an fsync can take tens of milliseconds) skips intermediate versions instead of
    holding up the screen, and what is not on disk at any moment is only what arrived while
    the current write was under way. Failures are kept for the owner to report on its thread.
    """

    def __init__(self, write: Callable[[bytes, Path], object]) -> None:
        self._write = write
        self._due: dict[Path, tuple[int, bytes]] = {}
        self._failures: list[tuple[int, Path, BaseException]] = []
        self._busy = False
        self._closed = False
        self._cond = threading.Condition()
        self._thread = threading.Thread(target=self._run, name="autosave", daemon=True)
        self._thread.start()

    def put(self, path: Path, number: int, data: bytes) -> None:
        with self._cond:
            self._due[path] = (number, data)
            self._cond.notify_all()

    def wait(self) -> None:
        """Return when everything handed over so far is written (or failed)."""
        with self._cond:
            self._cond.wait_for(lambda: not self._due and not self._busy)

    def failures(self) -> list[tuple[int, Path, BaseException]]:
        if not self._failures:
            return []  # asked on every save: no lock while there is nothing (a list's length
            # is read whole; a failure added meanwhile is reported by the next call)
        with self._cond:
            failures, self._failures = self._failures, []
        return failures

    def close(self) -> None:
        """Write what is due, then stop the thread."""
        with self._cond:
            self._closed = True
            self._cond.notify_all()
        self._thread.join()

    def _run(self) -> None:
        while True:
            with self._cond:
                self._cond.wait_for(lambda: self._due or self._closed)
                if not self._due:
                    return  # closed and nothing left
                path = next(iter(self._due))
                number, data = self._due.pop(path)
                self._busy = True
            try:
                self._write(data, path)
            except Exception as exc:  # reported by the owner, on its own thread
                with self._cond:
                    self._failures.append((number, path, exc))
            finally:
                with self._cond:
                    self._busy = False
                    self._cond.notify_all()


class AutoSaver:
    """Writes each followed game's SGF into ``directory`` whenever it changes.

    Failures (disk full, permissions) never reach the protocol worker: they are kept in
    :attr:`errors` and reported once as a model notification (a failed background write when
    the next save, :meth:`flush` or :meth:`close` hears of it).
    """

    def __init__(
        self,
        model: ClientModel,
        directory: str | os.PathLike[str] | None = None,
        *,
        stamp: Callable[[], str] = lambda: time.strftime("%Y%m%d-%H%M%S"),
        background: bool = False,
        write: Callable[[bytes, Path], object] | None = None,
        defer: Callable[[Callable[[], None]], object] | None = None,
        defer_observed: Callable[[Callable[[], None]], object] | None = None,
        rules: Callable[[], str | None] | None = None,
    ) -> None:
        """``defer`` (the app: a short timer of its event loop) runs a callable later: with it
        the changes of a game are saved by :meth:`save_due` when that runs, not while the
        model announces them, so a move reaches the screen without waiting for its record,
        and a burst of changes costs one save per game. Without it each change is saved at
        once. ``defer_observed`` (the app: a timer of about a second) does the same for the
        moves and chat of games we only watch while they are played: a fast game (a bot's,
        a blitz) is then one write a second instead of one per move, and a crash can cost
        only its last second, which the server still has; the end of such a game, and every
        change of our own games, still go by ``defer``. Each move's clock reading is taken as
        it arrives, however late its save. ``rules`` names the rules of the session's server
        (``RU``; default: those of the IGS family); the place (``PC``) is the server the model
        is connected to."""
        self.model = model
        self.directory = Path(directory) if directory is not None else default_games_dir()
        self._stamp = stamp
        self._write = write if write is not None else GrowingFiles()
        self._newest: dict[tuple[str, str], int] = {}
        """The latest game of ours between two players, by (white, black)."""
        self._before: dict[int, int] = {}
        """The game of ours before each one between the same players (see _note_pair)."""
        self._saved: dict[int, _Saved] = {}
        """What each game's record is and where, by the game's identity (:func:`_identity`:
        numbers are reused, so a later game under a number never takes an earlier one's)."""
        self._paths: set[Path] = set()
        self._private: set[Path] = set()
        """Folders made sure to be 0700 (once each)."""
        """Every file this saver chose (a released game's entry goes, its file name stays)."""
        self.errors: list[str] = []
        self.writes = 0
        """Files written (or handed to the writer thread)."""
        self.built = 0
        """Of those, how many needed the whole record built again (the others grew by a move)."""
        self._writer = _LatestWriter(self._write_file) if background else None
        self._defer = defer
        self._rules = rules if rules is not None else lambda: IGS_RULES
        self._recorded_kinds: dict[type[Change], bool] = {}
        """Whether a change of each class may be recorded (see :meth:`_changed`)."""
        self._due: dict[int, FollowedGame] = {}
        """Games whose changes wait for :meth:`save_due` (with ``defer``), by identity."""
        self._defer_observed = defer_observed
        self._due_observed: dict[int, FollowedGame] = {}
        """Watched games whose moves wait for :meth:`save_due_observed`, by identity."""
        self._arrived: dict[int, dict[int, ClockReading]] = {}
        """Clock readings taken as moves of a game waiting in :attr:`_due_observed` arrived
        (by identity, then move number), for its record's ``BL``/``WL`` when it is saved."""
        self._unsubscribe = model.hub.subscribe_all(self._changed)

    def close(self) -> None:
        """Stop listening and finish the writes under way."""
        self._unsubscribe()
        self.flush()
        if self._writer is not None:
            self._writer.close()

    def save_due(self) -> None:
        """Save the games whose changes were deferred (see ``defer``)."""
        due, self._due = self._due, {}
        for game in due.values():
            self.save(game)

    def save_due_observed(self) -> None:
        """Save the watched games whose moves were deferred (see ``defer_observed``)."""
        due, self._due_observed = self._due_observed, {}
        for game in due.values():
            self.save(game)

    def flush(self) -> None:
        """Save what is deferred, wait until every save is on disk (at once without a writer
        thread), and report a write that failed."""
        self.save_due()
        self.save_due_observed()
        if self._writer is not None:
            self._writer.wait()
            self._report_failures()

    def _report_failures(self) -> None:
        if self._writer is not None:
            for number, path, exc in self._writer.failures():
                self._failed(number, path, exc)

    def path_for(self, number: int) -> Path | None:
        """The file of the game followed under ``number`` (else of the last game that had the
        number and whose record we still keep), None before its first save."""
        game = self.model.followed.get(number)
        if game is not None:
            saved = self._saved.get(_identity(game))
            return saved.path if saved is not None else None
        kept = [s for s in self._saved.values() if s.game is not None and s.game.number == number]
        return kept[-1].path if kept else None

    def _changed(self, change: Change) -> None:
        kind = type(change)
        recorded = self._recorded_kinds.get(kind)
        if recorded is None:
            # Asked once per class: most changes (console lines, chat) name no game at all.
            fields = getattr(kind, "__dataclass_fields__", None)
            recorded = kind not in _NOT_RECORDED and (fields is None or "game" in fields)
            self._recorded_kinds[kind] = recorded
        if not recorded:
            return
        number = getattr(change, "game", None)
        if not isinstance(number, int) or game_topic(number) not in change.topics:
            return
        game = self.model.followed.get(number)
        if game is not None:
            if self._defer is None:
                self.save(game)
                return
            key = _identity(game)
            if (
                self._defer_observed is not None
                and game.role is Role.OBSERVING
                and game.phase is GamePhase.PLAYING
                and key not in self._due
            ):
                self._note_arrivals(game, key)
                if not self._due_observed:
                    self._defer_observed(self.save_due_observed)
                self._due_observed[key] = game
                return
            if not self._due:
                self._defer(self.save_due)
            self._due[key] = game
            self._due_observed.pop(key, None)  # saved with the sooner one
        elif isinstance(change, GameUnfollowed):
            self._let_go(number)

    def _let_go(self, number: int) -> None:
        """The model let the game under ``number`` go: its changes still waiting are saved
        (its result may be among them), then what we kept of it is dropped, unless it is a
        game of ours that did not finish (it may come back, by ``load``, and go on in its
        file, see :meth:`_same_game`)."""
        for due in (self._due, self._due_observed):
            for key, pending in list(due.items()):
                if pending.number == number:
                    del due[key]
                    self.save(pending)
        for key, saved in list(self._saved.items()):
            game = saved.game
            if game is None or game.number != number or self.model.followed.get(number) is game:
                continue
            if game.role is Role.OBSERVING or game.phase is GamePhase.FINISHED:
                del self._saved[key]
        live = {_identity(g) for g in self.model.followed.values()}
        for key in [k for k in self._arrived if k not in live]:
            del self._arrived[key]

    def save(self, game: FollowedGame) -> Path | None:
        """Write the game's record if anything worth keeping changed since the last write."""
        key = _identity(game)
        self._note_pair(game, key)
        if not game.moves and game.phase is not GamePhase.FINISHED:
            return None  # nothing to keep yet (an adjourned empty game comes back empty)
        saved = self._saved.get(key)
        if saved is None:
            earlier = self._same_game(game)
            if earlier is _UNDECIDED:
                return None  # a loaded game's moves are still arriving (or a new game's)
            if isinstance(earlier, int):
                # The game came back (loaded after an adjournment or a lost link, under a new
                # number or its old one): its record goes on in the file it started in, and
                # no other game goes on there.
                old = self._saved.pop(earlier)
                saved = _Saved(old.path, game, times=dict(old.times), named=True)
            else:
                # named by its players already when a relay's title came first
                saved = _Saved(self._new_path(game), game, named=bool(game.title))
            self._saved[key] = saved
        self._name_relay(game, saved)
        arrived = self._arrived.pop(key, None)
        if arrived:
            saved.times.update(arrived)
        self._read_clocks(game, saved)
        signature = (
            game.last_number,
            game.chat_added,
            game.result,
            game.phase,
            game.white_rank,
            game.black_rank,
        )
        if signature == saved.signature:
            return saved.path
        try:
            data = self._text(game, saved)
            self._put(data, game.number, saved.path)
        except (OSError, ValueError) as exc:
            saved.text = None
            self._failed(game.number, saved.path, exc)
            return None
        saved.signature = signature
        if game.record != str(saved.path):
            self.model.apply(GameRecorded(game.number, str(saved.path), game.serial))
        return saved.path

    def _name_relay(self, game: FollowedGame, saved: _Saved) -> None:
        """A relay's file is named by its account (``kansai1-vs-kansai1``) until its title,
        which the server sends after the moves, names the players: the file then takes their
        names, once (its own file, renamed; never another game's)."""
        if saved.named or not game.title or game.white != game.black:
            return
        saved.named = True
        if file_players(game) == (game.white, game.black):
            return
        path = self._new_path(game)
        try:
            if saved.path.exists():
                os.replace(saved.path, path)
        except OSError:
            return
        saved.path = path
        if game.record:
            self.model.apply(GameRecorded(game.number, str(path), game.serial))

    def _new_path(self, game: FollowedGame) -> Path:
        """A file of its own for a new game: never one another game of this saver, or of an
        earlier run, has written (numbers are reused, and two games may start in a second)."""
        stamp = self._stamp()
        white, black = file_players(game)
        name = _UNSAFE.sub("_", f"{stamp}-{white}-vs-{black}-{game.number}")
        path = self.directory / f"{name}.sgf"
        again = 1
        while path in self._paths or path.exists():
            again += 1
            path = self.directory / f"{name}-{again}.sgf"
        self._paths.add(path)
        return path

    def _note_arrivals(self, game: FollowedGame, key: int) -> None:
        """Read the mover's clock of the game's newest move now, as it arrives (its save may
        come a second later, when the clock has moved on): see :meth:`_read_clocks`."""
        if not game.moves:
            return
        move = game.moves[-1]
        readings = self._arrived.setdefault(key, {})
        if move.number not in readings:
            readings[move.number] = game.clocks[move.color].at(self.model.clock())

    def _read_clocks(self, game: FollowedGame, saved: _Saved) -> None:
        """Note the mover's clock of each move not seen before (the reading as it arrived)."""
        moves = game.moves
        start = saved.timed if saved.timed <= len(moves) else 0
        if start and moves[start - 1].number not in saved.times:
            start = 0  # not the moves we read (an undo and new moves): look at all again
        now = self.model.clock()
        for move in moves[start:]:
            if move.number not in saved.times:
                saved.times[move.number] = game.clocks[move.color].at(now)
        saved.timed = len(moves)

    def _text(self, game: FollowedGame, saved: _Saved) -> bytes:
        """The game's SGF: the last text grown by the new move when that is all that changed,
        else built from the whole record."""
        info = self._info(game, saved)
        moves = game.moves
        text = saved.text
        if text is not None and self._grows(text, game, info):
            for move in moves[text.moves :]:
                text.sgf.append(_move_node(move, saved.times))
            text.moves, text.last = len(moves), moves[-1]
        else:
            record, noted, exact = _build(game, info, saved.times)
            text = _Text(
                GrowingSgf(record),
                info,
                len(moves),
                moves[-1] if moves else None,
                game.chat_added,
                noted,
            )
            saved.text = text if exact else None
            self.built += 1
        return text.sgf.data()

    def _info(self, game: FollowedGame, saved: _Saved) -> GameInfo:
        """The game's header (:func:`game_info`), built again only when what it is made of
        changed: a move changes none of it, and building it was a third of a move's save."""
        place, rules = self._place(), self._rules()
        key = (
            game.black,
            game.white,
            game.black_rank,
            game.white_rank,
            game.komi,
            game.handicap,
            game.result,
            game.title,
            game.rules,
            game.time_settings,
            place,
            rules,
            time.strftime("%Y-%m-%d"),
        )
        if saved.info is None or saved.info_key != key:
            saved.info_key, saved.info = key, game_info(game, place=place, rules=rules)
        return saved.info

    @staticmethod
    def _grows(text: _Text, game: FollowedGame, info: GameInfo) -> bool:
        """Is the game the text's game plus moves at the end (one, or the few of a watched
        game saved once a second), which a new record would show as that many more nodes and
        nothing else?"""
        moves = game.moves
        if len(moves) <= text.moves or (text.moves and moves[text.moves - 1] is not text.last):
            return False
        return (
            all(not m.handicap and m.number not in text.noted for m in moves[text.moves :])
            and game.size == text.sgf.record.size
            and game.chat_added == text.chat
            and (info is text.info or info == text.info)
            and game.phase is not GamePhase.FINISHED  # the territory node stays the last
        )

    def _place(self) -> str | None:
        """Where the games are played: the server the model is connected to."""
        return self.model.connection.server or None

    def _put(self, data: bytes, number: int, path: Path) -> None:
        """Write ``data`` to ``path`` now, or hand it to the writer thread (never waiting)."""
        self.writes += 1
        if self._writer is None:
            self._write_file(data, path)
            return
        self._report_failures()
        self._writer.put(path, number, data)

    def _write_file(self, data: bytes, path: Path) -> None:
        """Write, making the directory first if it is missing (the first time, or if it was
        removed meanwhile). The first write makes sure the folder is private (0700; one in
        the data folder from an older version is narrowed)."""
        if path.parent not in self._private:
            private_dir(path.parent, narrow=False)
            self._private.add(path.parent)
        try:
            self._write(data, path)
        except FileNotFoundError:
            private_dir(path.parent, narrow=False)
            self._write(data, path)

    def _failed(self, number: int, path: Path, exc: BaseException) -> None:
        message = f"autosave of game {number} to {path} failed: {exc}"
        if not self.errors:
            self.model.notify("error", "Autosave failed", message)
        self.errors.append(message)

    def _note_pair(self, game: FollowedGame, key: int) -> None:
        """Note the game of ours that came before ``game`` between the same players in the
        same colours. A server keeps one adjourned game per pair (by its ``white-black``
        name: a later game of theirs replaces it), so that one is the only earlier record a
        ``load`` of theirs can go on with."""
        if game.role is Role.OBSERVING or not (game.white and game.black):
            return
        pair = (game.white, game.black)
        newest = self._newest.get(pair)
        if newest is None or newest < key:
            if newest is not None:
                self._before[key] = newest
            self._newest[pair] = key

    def _same_game(self, game: FollowedGame) -> int | object | None:
        """The identity of the earlier record that ``game`` continues: the game of ours
        before it between the same players in the same colours (the server keeps only that
        one), when it stopped unfinished (adjourned, or live when the link was lost) and
        ``game`` repeats every move of it first (a ``load`` resends them all). None when
        ``game`` is a new one; :data:`_UNDECIDED` while its moves are the beginning of that
        record's (more may be on their way: nothing is written until it is known which file
        they go to). A game that a request or a match started
        (:attr:`~igs_tui.model.games.FollowedGame.fresh`) continues nothing."""
        if game.role is Role.OBSERVING or game.fresh:
            return None
        key = self._before.get(_identity(game))
        saved = self._saved.get(key) if key is not None else None
        old = saved.game if saved is not None else None
        if old is None or old.phase is GamePhase.FINISHED or not old.moves:
            return None
        moves, known = game.moves, old.moves
        if len(moves) < len(known) and known[: len(moves)] == moves:
            return _UNDECIDED
        return key if moves[: len(known)] == known else None


_UNDECIDED = object()
"""What :meth:`AutoSaver._same_game` says while a game may still turn out to be a loaded one."""


def _identity(game: FollowedGame) -> int:
    """The key of a game's record: its serial (a game built outside a model has none: then
    the object itself, as a negative number that no serial is)."""
    return game.serial or -id(game)


def save_game_as(
    game: FollowedGame, path: str | os.PathLike[str], times: dict[int, ClockReading] | None = None
) -> None:
    """ "Save as": SGF or Ishi by the file extension (``.sgf``, ``.go``/``.ishi``), atomically.

    Raises ``OSError``, or ``ValueError`` for an unknown extension or a record the format
    cannot hold; an existing file is then left untouched.
    """
    write_record_file(game_record(game, times), path)
