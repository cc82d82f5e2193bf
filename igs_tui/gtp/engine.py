"""The built-in GTP v2 engine (``igs-tui gtp-engine`` / ``python -m igs_tui.gtp.engine``).

A complete, tiny engine on top of our own rules engine: it keeps the GTP state of §5.1
(board size and position, captures, move history, komi, time settings), answers every
required command plus the tournament subset, ``undo``, ``final_score``, ``final_status_list``,
``reg_genmove``, ``time_settings``/``time_left`` and ``showboard``, and plays moves chosen by
:mod:`igs_tui.gtp.policy`. It is seedable (``--seed N``) so tests and benchmarks replay.

:class:`GtpEngine` is I/O-free: ``handle_line`` takes one command line and returns the exact
response text. The stdin/stdout loop in :func:`run_gtp_engine_cli` and the
:class:`~igs_tui.gtp.channel.InProcessChannel` are two thin drivers of that one object.

§5.3 "A failed command must never change any state": every handler validates all of its
arguments before it touches the game.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
from collections.abc import Callable, Sequence
from typing import BinaryIO

from igs_tui import __version__
from igs_tui.go import (
    Color,
    Game,
    IllegalMove,
    Point,
    Ruleset,
    ScoringMethod,
    ScoringSession,
    fixed_handicap_points,
)
from igs_tui.go.coords import COLUMN_LETTERS, CoordinateError, format_point, parse_point
from igs_tui.gtp.framing import format_response, preprocess_command_line
from igs_tui.gtp.policy import choose_move, free_handicap_points
from igs_tui.numbers import bounded_int

ENGINE_NAME = "igs-tui"

GTP_RULES = Ruleset("gtp", 1 << 30, ScoringMethod.TERRITORY)
"""GTP has no notion of the game ending (§6.3.3: consecutive moves of one colour are not even
illegal "from the protocol point of view"): the controller decides. So the engine's game never
stops accepting moves, and counts territory like GNU Go's default Japanese-style score."""


MOVE_LIMIT_PER_POINT = 4
"""Safety net: after 4 moves per board point (far beyond any real game) genmove passes, so a
session always ends even against an opponent that never passes."""


class CommandError(Exception):
    """A failure response: the message goes to the controller after ``?``."""


GTP_INT_DIGITS = 10
"""GTP ints are 0 <= x <= 2^31 - 1 (§3.2.1): at most ten digits."""


def _parse_int(text: str, what: str) -> int:
    value = bounded_int(text, GTP_INT_DIGITS)
    if value is None:
        raise CommandError(f"syntax error: {what} must be an int, not {text!r}")
    if value > 2**31 - 1:  # §3.2.1: int is 0 <= x <= 2^31 - 1
        raise CommandError(f"syntax error: {what} out of range")
    return value


def _parse_color(text: str) -> Color:
    try:
        return Color.parse(text)
    except ValueError:
        raise CommandError(f"syntax error: invalid color {text!r}") from None


class GtpEngine:
    """The engine state machine; one instance per session."""

    def __init__(self, *, seed: int | None = None, size: int = 19, komi: float = 6.5) -> None:
        self.rng = random.Random(seed)
        self.size = size
        self.komi = komi
        self.game = Game(size, komi=komi, ruleset=GTP_RULES)
        self.moves: list[tuple[Color, Point | None]] = []
        self.positions: list[int] = [self.game.position_hash]
        self.time_settings: tuple[int, int, int] | None = None
        self.time_left: dict[Color, tuple[int, int]] = {}
        self._finished = False
        self._handlers: dict[str, Callable[[list[str]], str]] = {
            "protocol_version": self._protocol_version,
            "name": self._name,
            "version": self._version,
            "known_command": self._known_command,
            "list_commands": self._list_commands,
            "quit": self._quit,
            "boardsize": self._boardsize,
            "clear_board": self._clear_board,
            "komi": self._komi,
            "fixed_handicap": self._fixed_handicap,
            "place_free_handicap": self._place_free_handicap,
            "set_free_handicap": self._set_free_handicap,
            "play": self._play,
            "genmove": self._genmove,
            "reg_genmove": self._reg_genmove,
            "undo": self._undo,
            "time_settings": self._time_settings,
            "time_left": self._time_left,
            "final_score": self._final_score,
            "final_status_list": self._final_status_list,
            "showboard": self._showboard,
            "estimate_score": self._estimate_score,
            "top_moves_black": lambda args: self._top_moves(Color.BLACK, args),
            "top_moves_white": lambda args: self._top_moves(Color.WHITE, args),
        }

    # ----------------------------------------------------------------- framing

    @property
    def finished(self) -> bool:
        """True once ``quit`` has been answered: the session is over."""
        return self._finished

    def handle_line(self, line: str) -> str:
        """Answer one command line with the exact response text (``""`` if it is ignored).

        §3.1 preprocessing first; then ``[id] command_name [arguments]`` (§2.5). Unknown
        commands get the standard "unknown command" (§3.6).
        """
        text = preprocess_command_line(line)
        if not text:
            return ""  # §2.10: "No response must be generated."
        words = text.split()
        command_id: int | None = None
        if words[0].isascii() and words[0].isdigit():
            command_id = bounded_int(words[0], GTP_INT_DIGITS)
            if command_id is None or command_id > 2**31 - 1:
                return format_response(False, None, "syntax error: id out of range")
            words = words[1:]
            if not words:
                return format_response(False, command_id, "syntax error: missing command")
        name, args = words[0], words[1:]
        handler = self._handlers.get(name)
        if handler is None:
            return format_response(False, command_id, "unknown command")
        try:
            result = handler(args)
        except CommandError as exc:
            return format_response(False, command_id, str(exc))
        return format_response(True, command_id, result)

    # ----------------------------------------------------------------- administrative

    def _protocol_version(self, args: list[str]) -> str:
        return "2"

    def _name(self, args: list[str]) -> str:
        return ENGINE_NAME

    def _version(self, args: list[str]) -> str:
        return __version__

    def _known_command(self, args: list[str]) -> str:
        if len(args) != 1:
            raise CommandError("syntax error: known_command takes one command name")
        return "true" if args[0] in self._handlers else "false"

    def _list_commands(self, args: list[str]) -> str:
        return "\n".join(self._handlers)

    def _quit(self, args: list[str]) -> str:
        self._finished = True
        return ""

    # ----------------------------------------------------------------- setup

    def _new_game(self, size: int) -> None:
        self.size = size
        self.game = Game(size, komi=self.komi, ruleset=GTP_RULES)
        self.moves = []
        self.positions = [self.game.position_hash]

    def _boardsize(self, args: list[str]) -> str:
        if len(args) != 1:
            raise CommandError("syntax error: boardsize takes one int")
        size = _parse_int(args[0], "size")
        if not 2 <= size <= 25:  # §2.11: "Boards larger than 25x25 are not supported"
            raise CommandError("unacceptable size")
        self._new_game(size)
        return ""

    def _clear_board(self, args: list[str]) -> str:
        self._new_game(self.size)
        return ""

    def _komi(self, args: list[str]) -> str:
        if len(args) != 1:
            raise CommandError("syntax error: komi takes one float")
        try:
            komi = float(args[0])
        except ValueError:
            raise CommandError(f"syntax error: invalid komi {args[0]!r}") from None
        if not math.isfinite(komi):
            raise CommandError(f"syntax error: invalid komi {args[0]!r}")
        self.komi = (
            komi  # §6.3.2: "The engine must accept the komi even if it should be ridiculous."
        )
        return ""

    def _board_empty(self) -> bool:
        return not self.game.stones()

    def _put_handicap(self, points: Sequence[Point]) -> str:
        self.game.setup(black=points, to_move=Color.WHITE)
        self.positions = [self.game.position_hash]
        return " ".join(format_point(p, self.size) for p in points)

    def _fixed_handicap(self, args: list[str]) -> str:
        if len(args) != 1:
            raise CommandError("syntax error: fixed_handicap takes one int")
        count = _parse_int(args[0], "number_of_stones")
        if not self._board_empty():
            raise CommandError("board not empty")
        try:
            points = fixed_handicap_points(self.size, count)
        except ValueError:
            raise CommandError("invalid number of stones") from None
        if not points:
            raise CommandError("invalid number of stones")
        return self._put_handicap(points)

    def _place_free_handicap(self, args: list[str]) -> str:
        if len(args) != 1:
            raise CommandError("syntax error: place_free_handicap takes one int")
        count = _parse_int(args[0], "number_of_stones")
        area = self.size * self.size
        if not 2 <= count < area:
            raise CommandError("invalid number of stones")
        if not self._board_empty():
            raise CommandError("board not empty")
        return self._put_handicap(free_handicap_points(self.size, count, self.rng))

    def _set_free_handicap(self, args: list[str]) -> str:
        points: list[Point] = []
        for word in args:
            try:
                point = parse_point(word, self.size)
            except (CoordinateError, ValueError):
                raise CommandError(f"bad vertex list: {word!r}") from None
            if point in points:
                raise CommandError(f"bad vertex list: {word} repeated")
            points.append(point)
        if not 2 <= len(points) < self.size * self.size:
            raise CommandError("bad vertex list: need at least two vertices")
        if not self._board_empty():
            raise CommandError("board not empty")
        self._put_handicap(points)
        return ""

    # ----------------------------------------------------------------- play

    def _parse_vertex(self, text: str) -> Point | None:
        if text.lower() == "pass":
            return None
        try:
            return parse_point(text, self.size)
        except (CoordinateError, ValueError):
            raise CommandError(f"syntax error: invalid vertex {text!r}") from None

    def _play(self, args: list[str]) -> str:
        if len(args) != 2:
            raise CommandError("syntax error: play takes a color and a vertex")
        color = _parse_color(args[0])
        point = self._parse_vertex(args[1])
        try:
            self.game.play(point, color)
        except IllegalMove:
            raise CommandError("illegal move") from None
        self._record(color, point)
        return ""

    def _record(self, color: Color, point: Point | None) -> None:
        self.moves.append((color, point))
        self.positions.append(self.game.position_hash)

    def _choose(self, args: list[str]) -> tuple[Color, Point | None]:
        if len(args) != 1:
            raise CommandError("syntax error: genmove takes one color")
        color = _parse_color(args[0])
        if len(self.moves) >= MOVE_LIMIT_PER_POINT * self.size * self.size:
            return color, None
        return color, choose_move(self.game, color, self.rng, set(self.positions))

    def _genmove(self, args: list[str]) -> str:
        color, point = self._choose(args)
        self.game.play(point, color)
        self._record(color, point)
        return "pass" if point is None else format_point(point, self.size)

    def _reg_genmove(self, args: list[str]) -> str:
        _color, point = self._choose(args)
        return "pass" if point is None else format_point(point, self.size)

    def _undo(self, args: list[str]) -> str:
        if not self.moves:  # §6.3.3: "It is never possible to undo handicap placements."
            raise CommandError("cannot undo")
        self.game.undo()
        self.moves.pop()
        self.positions.pop()
        return ""

    # ----------------------------------------------------------------- tournament

    def _time_settings(self, args: list[str]) -> str:
        if len(args) != 3:
            raise CommandError("syntax error: time_settings takes three ints")
        main, byo, stones = (_parse_int(a, "time setting") for a in args)
        self.time_settings = (main, byo, stones)
        return ""

    def _time_left(self, args: list[str]) -> str:
        if len(args) != 3:
            raise CommandError("syntax error: time_left takes a color and two ints")
        color = _parse_color(args[0])
        seconds = _parse_int(args[1], "time")
        stones = _parse_int(args[2], "stones")
        self.time_left[color] = (seconds, stones)
        return ""

    def _final_score(self, args: list[str]) -> str:
        # The policy plays until no sensible move is left, so it treats every stone as
        # alive (it cannot tell dead from alive, and §4.3 says to report those as alive).
        score = ScoringSession(self.game).score(GTP_RULES.scoring, self.komi)
        return score.result

    def _estimate_score(self, args: list[str]) -> str:
        """GNU Go's analysis command, cheaply: the count with every stone alive (what
        ``final_score`` says), in GNU Go's form so the same reader takes both."""
        result = self._final_score(args)
        return f"{result} (upper bound: {result}, lower: {result})" if result != "0" else "0"

    def _top_moves(self, color: Color, args: list[str]) -> str:
        """GNU Go's ``top_moves_black``/``_white``, cheaply: the one move the policy would
        play, with a value of 1. A random source seeded by the position keeps it repeatable
        and leaves the game's own random moves untouched."""
        rng = random.Random(self.game.position_hash ^ (1 if color is Color.BLACK else 2))
        point = choose_move(self.game, color, rng, set(self.positions))
        return "" if point is None else f"{format_point(point, self.size)} 1.00"

    def _final_status_list(self, args: list[str]) -> str:
        if len(args) != 1 or args[0] not in ("alive", "dead", "seki"):
            raise CommandError("syntax error: status must be alive, dead or seki")
        if args[0] != "alive":
            return ""
        # One chain per line, as GNU Go answers (§3.2.2 allows any x*& layout).
        lines: list[str] = []
        seen: set[Point] = set()
        for point in sorted(self.game.stones()):
            if point not in seen:
                chain = self.game.chain(point)
                seen |= chain
                lines.append(" ".join(format_point(p, self.size) for p in sorted(chain)))
        return "\n".join(lines)

    def _showboard(self, args: list[str]) -> str:
        size = self.size
        letters = "   " + " ".join(COLUMN_LETTERS[:size])
        rows = [letters]
        for row in range(size - 1, -1, -1):
            cells = []
            for col in range(size):
                stone = self.game.get(Point(col, row))
                cells.append("." if stone is None else ("X" if stone is Color.BLACK else "O"))
            rows.append(f"{row + 1:2d} {' '.join(cells)} {row + 1}")
        rows.append(letters)
        return "\n" + "\n".join(rows)


def serve(engine: GtpEngine, stdin: BinaryIO, stdout: BinaryIO) -> None:
    """Answer commands from ``stdin`` until ``quit`` or end of input.

    Works on bytes so that a stray non-UTF-8 byte (GTP is an 8-bit protocol, §2.1) is
    replaced instead of crashing the engine in the decoder.
    """
    for raw in iter(stdin.readline, b""):
        response = engine.handle_line(raw.decode("utf-8", "replace"))
        if response:
            stdout.write(response.encode("utf-8"))
            stdout.flush()
        if engine.finished:
            return


def run_gtp_engine_cli(argv: list[str] | None = None) -> int:
    """Entry point of ``igs-tui gtp-engine``: a GTP v2 engine on stdin/stdout."""
    parser = argparse.ArgumentParser(
        prog="igs-tui gtp-engine",
        description="A tiny GTP v2 engine (random/greedy legal moves) on stdin/stdout.",
    )
    parser.add_argument("--seed", type=int, default=None, help="random seed, for replays")
    args = parser.parse_args(argv)
    try:
        serve(GtpEngine(seed=args.seed), sys.stdin.buffer, sys.stdout.buffer)
    except (BrokenPipeError, KeyboardInterrupt):
        return 0
    return 0


if __name__ == "__main__":
    raise SystemExit(run_gtp_engine_cli())
