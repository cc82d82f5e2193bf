"""``igs-tui replay TRANSCRIPT... --sgf-dir DIR``: a recorded session played again, offline.

Each transcript (as the session recorder writes them: ``< `` received, ``> `` sent, one file
per connection) goes through the same path as a live session: one
:class:`~igs_tui.backends.igs.session.IgsSession` reads the received lines (a new connection
per transcript, so a reconnect's restore is replayed too), the lines the session sent tell it
which answers belong to which command, the changes it returns are applied to a model, and the
archive's :class:`~igs_tui.archive.autosave.AutoSaver` writes each game's SGF as autosave
would. Nothing is sent anywhere: the session's own follow-ups are never written (the
transcript already holds what was).

It prints one JSON object per game record written, in the order the records were started:
``number``, ``black``, ``white``, ``moves``, ``result``, ``file``. Users attach its output (and
the transcripts) to bug reports; the tests replay sessions they record.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TextIO

from igs_tui.archive.autosave import AutoSaver
from igs_tui.backends.igs.protocol.transcript import RECEIVED, TranscriptError, read_transcript
from igs_tui.backends.igs.session import IgsSession
from igs_tui.model import ClientModel, FollowedGame
from igs_tui.model import changes as ch

GUEST = "guest"
"""The name a transcript that sent none logged in with (the server names the guest)."""


@dataclass(frozen=True, slots=True)
class ReplayedGame:
    """A game record the replay wrote."""

    number: int
    black: str
    white: str
    moves: int
    result: str
    file: str

    def as_json(self) -> str:
        return json.dumps(
            {
                "number": self.number,
                "black": self.black,
                "white": self.white,
                "moves": self.moves,
                "result": self.result,
                "file": self.file,
            },
            ensure_ascii=False,
        )


class Replay:
    """One model and one session fed transcript after transcript; the saver writes records."""

    def __init__(self, sgf_dir: Path) -> None:
        self.model = ClientModel(clock=lambda: 0.0)
        self.saver = AutoSaver(self.model, sgf_dir)
        self.session: IgsSession | None = None
        self._records: dict[str, FollowedGame] = {}
        """Each record file written -> the game it holds (in the order first written)."""
        self.model.hub.subscribe_all(self._heard)

    def _heard(self, change: ch.Change) -> None:
        if isinstance(change, ch.GameRecorded):
            game = self.model.followed.get(change.game)
            if game is None:
                return
            moved = next((k for k, g in self._records.items() if g is game), None)
            if moved is not None and moved != change.location:
                # the record's file was renamed (a relay named by its players once its title
                # came): the game keeps its place in the order, under its new name
                self._records = {
                    (change.location if k == moved else k): g for k, g in self._records.items()
                }
            else:
                self._records[change.location] = game

    def _apply(self, changes: Iterable[ch.Change]) -> None:
        for change in changes:
            self.model.apply(change)

    def feed(self, records: Sequence[tuple[str, str]]) -> None:
        """One transcript's (direction, text) records, as one connection."""
        session = self.session
        if session is None:
            sent = next((text for way, text in records if way != RECEIVED), "")
            name = (sent.split() or [GUEST])[0]  # the login name is the first line sent
            session = self.session = IgsSession(name, "", clock=self.model.clock)
        session.connection_made()
        for direction, text in records:
            if direction == RECEIVED:
                self._apply(session.receive_line(text))
            else:
                self._apply(session.replay_sent(text))
        self._apply(session.finish())
        session.connection_lost(0.0)

    def games(self) -> list[ReplayedGame]:
        """The records written, each with its game as it ended."""
        self.saver.flush()
        out = []
        for location, game in self._records.items():
            out.append(
                ReplayedGame(
                    game.number,
                    game.black,
                    game.white,
                    len(game.moves),
                    game.result,
                    location,
                )
            )
        return out

    def close(self) -> None:
        self.saver.close()


def read_records(path: str) -> list[tuple[str, str]]:
    """A transcript's records (strict: a line that is not ``< ``, ``> `` or ``#`` is an error
    naming its line). Bytes that are not UTF-8 are replaced, as ``igs-tui parse`` does."""
    with open(path, "rb") as handle:
        text = handle.read().decode("utf-8", errors="replace")
    lines = text.split("\n")  # not splitlines(): chat may hold U+2028 and friends
    if lines and lines[-1] == "":
        lines.pop()
    return list(read_transcript(lines, strict=True))


def replay(paths: Sequence[str], sgf_dir: Path) -> list[ReplayedGame]:
    """Replay ``paths`` in order; the game records written to ``sgf_dir``.

    Raises:
        OSError: a transcript cannot be read, or a record cannot be written.
        TranscriptError: a transcript line is malformed (nothing is replayed then).
    """
    transcripts = []
    for path in paths:
        try:
            transcripts.append(read_records(path))
        except TranscriptError as exc:
            raise TranscriptError(f"{path}: {exc}") from None
    run = Replay(sgf_dir)
    try:
        for records in transcripts:
            run.feed(records)
        games = run.games()
    finally:
        run.close()
    if run.saver.errors:
        raise OSError(f"cannot write the records: {run.saver.errors[0]}")
    return games


def run_replay_cli(paths: Sequence[str], sgf_dir: str, out: TextIO | None = None) -> int:
    """Replay ``paths`` and print a JSON object per game; 1 if a transcript is unreadable."""
    stream = out if out is not None else sys.stdout
    try:
        games = replay(paths, Path(sgf_dir))
    except OSError as exc:
        if exc.filename:
            print(f"igs-tui replay: cannot read {exc.filename}: {exc.strerror}", file=sys.stderr)
        else:
            print(f"igs-tui replay: {exc}", file=sys.stderr)
        return 1
    except TranscriptError as exc:
        print(f"igs-tui replay: {exc}", file=sys.stderr)
        return 1
    try:
        for game in games:
            stream.write(game.as_json() + "\n")
        stream.flush()
    except BrokenPipeError:
        return 0
    return 0
