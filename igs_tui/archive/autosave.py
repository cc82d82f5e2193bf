"""Autosave: every game this client plays or observes is kept on disk as SGF, move by move.

A crash, a kill or a lost connection must not cost a game record, so the file is rewritten
after every change of the game (move, undo, say, kibitz, result) and always *atomically*: the
new text goes to a temporary file in the same directory, then ``os.replace`` swaps it in, so
a reader sees the old complete file or the new complete file, never half of one.

The saver is a model listener: it reads :class:`~igs_tui.model.FollowedGame` objects only, so
it works for any server the model is fed from.
"""

from __future__ import annotations

import os
import re
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

import platformdirs

from igs_tui.go import Color, fixed_handicap_points
from igs_tui.model import ClientModel, FollowedGame, GamePhase, Kibitz, MoveRecord, Role
from igs_tui.model.changes import Change, game_topic
from igs_tui.model.clocks import ClockReading
from igs_tui.records.convert import save_sgf_atomic, write_record_file
from igs_tui.records.model import Comment, GameInfo, GameRecord, Node, Play

_UNSAFE = re.compile(r"[^A-Za-z0-9_.+-]+")


def default_games_dir() -> Path:
    """``<user data dir>/igs-tui/games`` (platformdirs picks the OS's place)."""
    return Path(platformdirs.user_data_dir("igs-tui")) / "games"


@dataclass
class _Saved:
    path: Path
    game: FollowedGame | None = None
    """The game object written there: servers reuse numbers, so a new game under an old
    number (the model replaced the entry) gets a file of its own instead of overwriting."""
    signature: tuple[object, ...] = ()
    times: dict[int, ClockReading] = field(default_factory=dict)
    """Clock of the player who made move ``n``, read when the move arrived (for BL/WL/OB/OW)."""


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


def game_record(game: FollowedGame, times: dict[int, ClockReading] | None = None) -> GameRecord:
    """The SGF-ready record of a followed game: header, moves, clock readings, chat, result."""
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
        node = node.add_child(Node(move=Play(move.color, move.point, move.number)))
        by_number[move.number] = node
        reading = (times or {}).get(move.number)
        if reading is not None:
            _time_props(node, move.color, reading)
    for number, texts in notes.items():
        target = by_number.get(number, node)
        target.comments.append(Comment("\n".join(texts)))
    return record


class AutoSaver:
    """Writes each followed game's SGF into ``directory`` whenever it changes.

    Failures (disk full, permissions) never reach the protocol worker: they are kept in
    :attr:`errors` and reported once as a model notification.
    """

    def __init__(
        self,
        model: ClientModel,
        directory: str | os.PathLike[str] | None = None,
        *,
        stamp: Callable[[], str] = lambda: time.strftime("%Y%m%d-%H%M%S"),
    ) -> None:
        self.model = model
        self.directory = Path(directory) if directory is not None else default_games_dir()
        self._stamp = stamp
        self._saved: dict[int, _Saved] = {}
        self.errors: list[str] = []
        self._unsubscribe = model.hub.subscribe("*", self._changed)

    def close(self) -> None:
        self._unsubscribe()

    def path_for(self, number: int) -> Path | None:
        saved = self._saved.get(number)
        return saved.path if saved is not None else None

    def _changed(self, change: Change) -> None:
        number = getattr(change, "game", None)
        if not isinstance(number, int) or game_topic(number) not in change.topics:
            return
        game = self.model.followed.get(number)
        if game is not None:
            self.save(game)

    def save(self, game: FollowedGame) -> Path | None:
        """Write the game's record if anything worth keeping changed since the last write."""
        if not game.moves and game.phase is GamePhase.PLAYING:
            return None
        saved = self._saved.get(game.number)
        if saved is None or saved.game is not game:
            earlier = self._same_game(game)
            if earlier is not None:
                # The game came back (loaded after an adjournment or a lost link, under a new
                # number): its record goes on in the file it started in.
                saved = _Saved(earlier.path, game, times=dict(earlier.times))
            else:
                stamp = self._stamp()
                name = _UNSAFE.sub("_", f"{stamp}-{game.white}-vs-{game.black}-{game.number}")
                path = self.directory / f"{name}.sgf"
                if saved is not None and saved.path == path:
                    path = self.directory / f"{name}-{id(game):x}.sgf"
                saved = _Saved(path, game)
            self._saved[game.number] = saved
        now = self.model.clock()
        for move in game.moves:
            if move.number not in saved.times:
                saved.times[move.number] = game.clocks[move.color].at(now)
        signature = (
            game.last_number,
            len(game.kibitzes),
            len(game.says),
            game.result,
            game.phase,
            game.white_rank,
            game.black_rank,
        )
        if signature == saved.signature:
            return saved.path
        try:
            saved.path.parent.mkdir(parents=True, exist_ok=True)
            save_sgf_atomic(game_record(game, saved.times), saved.path)
        except (OSError, ValueError) as exc:
            message = f"autosave of game {game.number} to {saved.path} failed: {exc}"
            if not self.errors:
                self.model.notify("error", "Autosave failed", message)
            self.errors.append(message)
            return None
        saved.signature = signature
        return saved.path

    def _same_game(self, game: FollowedGame) -> _Saved | None:
        """An earlier record of this game: one of ours with the same players and size that
        stopped unfinished (adjourned, or live when the link was lost) and whose moves the
        new game starts with."""
        if game.role is Role.OBSERVING:
            return None
        for saved in self._saved.values():
            old = saved.game
            if (
                old is not None
                and old is not game
                and old.role is not Role.OBSERVING
                and old.phase is not GamePhase.FINISHED
                and (old.white, old.black, old.size) == (game.white, game.black, game.size)
                and _starts_with(game.moves, old.moves)
            ):
                return saved
        return None


def _starts_with(moves: list[MoveRecord], prefix: list[MoveRecord]) -> bool:
    """Does ``moves`` begin with ``prefix`` (or is it the beginning of ``prefix``, while the
    reloaded game's moves are still arriving)?"""
    shorter = min(len(moves), len(prefix))
    return moves[:shorter] == prefix[:shorter]


def save_game_as(
    game: FollowedGame, path: str | os.PathLike[str], times: dict[int, ClockReading] | None = None
) -> None:
    """ "Save as": SGF or Ishi by the file extension (``.sgf``, ``.go``/``.ishi``), atomically.

    Raises ``OSError``, or ``ValueError`` for an unknown extension or a record the format
    cannot hold; an existing file is then left untouched.
    """
    write_record_file(game_record(game, times), path)
