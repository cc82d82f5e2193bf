"""Typed commands of the accessible mode, turned into backend intents.

Every command answers in one or more plain sentences (through ``say``); a move is checked on
our own rules engine first, and an illegal one is refused with the reason, never sent. The
shell asks the backend only what it can do (its capabilities), like the screen UI.
"""

from __future__ import annotations

import math
import shlex
from collections.abc import Callable
from typing import TypeVar

from igs_tui.backends.capabilities import Backend
from igs_tui.go import Color, CoordinateError, Point, format_point, parse_point
from igs_tui.go.scoring import count_with_dead
from igs_tui.model import TOPIC_GAMES, ClientModel, FollowedGame, GamePhase
from igs_tui.model import changes as ch
from igs_tui.model.terms import MatchTerms
from igs_tui.numbers import bounded_int
from igs_tui.ui.safe_text import clean

T = TypeVar("T")

HELP = """Commands:
  observe N, unobserve N, games, who, messages
  play Q16 (or just q16), pass, resign, undo, undo yes, undo no, dead Q16, done
  komi 6.5, adjourn
  board [N], last [N], score [N]
  tell NAME TEXT, say TEXT, kibitz N TEXT, shout TEXT
  match NAME [size] [minutes], accept NAME, decline NAME
  help, quit
While you play, moves of observed games are not read: last N reads one."""

GAMES_LISTED = 20
"""Games read out by ``games`` (the most watched first)."""
PLAYERS_LISTED = 30


class Shell:
    """Handles one typed line at a time; ``quit`` makes :meth:`handle` return False."""

    def __init__(
        self, model: ClientModel, backend: Callable[[], Backend], say: Callable[[str], None]
    ) -> None:
        self.model = model
        self._backend = backend
        self.say = say
        self._resign_asked: int | None = None
        self._quit_asked = False
        self._games_wanted: Callable[[], None] | None = None
        """Unsubscribes from the games topic while a list asked for is awaited."""

    @property
    def backend(self) -> Backend:
        return self._backend()

    def handle(self, line: str) -> bool:
        text = line.strip()
        if not text:
            return True
        verb, _, rest = text.partition(" ")
        verb, rest = verb.lower(), rest.strip()
        if verb in ("quit", "exit"):
            return self._quit()
        self._quit_asked = False
        handler = getattr(self, f"do_{verb}", None)
        if handler is None:
            if _looks_like_point(verb) and not rest:
                handler, rest = self.do_play, verb
            else:
                self.say(f"Unknown command {clean(verb, max_length=20)!r}. Type help.")
                return True
        if verb != "resign":
            self._resign_asked = None
        handler(rest)
        return True

    def _quit(self) -> bool:
        """Leave; during a game of ours, only once asked twice (the game goes on without us)."""
        live = [
            g for g in self.model.my_games() if g.phase in (GamePhase.PLAYING, GamePhase.SCORING)
        ]
        if live and not self._quit_asked:
            self._quit_asked = True
            self.say(
                f"You are playing game {live[-1].number}: if you leave, its clock runs on. "
                "Type quit again to leave."
            )
            return True
        return False

    # -- help and lists ---------------------------------------------------------------------
    def do_help(self, _rest: str) -> None:
        for line in HELP.splitlines():
            self.say(line)

    def do_games(self, _rest: str) -> None:
        """The games list as the server gives it now (move numbers drift in a list kept from
        before: they are only sent when asked), read once the answer comes."""
        listing = self.backend.capabilities.listing
        if listing is None:
            self._say_games()
            return
        if self._games_wanted is None:
            self._games_wanted = self.model.hub.subscribe(TOPIC_GAMES, self._games_came)
        listing.refresh_games()

    def _games_came(self, change: ch.Change) -> None:
        if not isinstance(change, ch.GamesReplaced) or self._games_wanted is None:
            return
        self._games_wanted()
        self._games_wanted = None
        self._say_games()

    def _say_games(self) -> None:
        games = sorted(self.model.games.values(), key=lambda g: -g.observers)
        if not games:
            self.say("No games are listed. Type games again in a moment.")
        for g in games[:GAMES_LISTED]:
            title = f", {clean(g.title, max_length=60)}" if g.title else ""
            self.say(
                f"Game {g.number}: {clean(g.white, max_length=20)} {g.white_rank} against "
                f"{clean(g.black, max_length=20)} {g.black_rank}, {g.size} by {g.size}, "
                f"move {g.moves}, {g.observers} watching{title}."
            )

    def do_who(self, _rest: str) -> None:
        players = sorted(self.model.players, key=lambda p: p.name.casefold())
        names = ", ".join(
            f"{clean(p.name, max_length=20)} {p.rank}".strip() for p in players[:PLAYERS_LISTED]
        )
        more = f" and {len(players) - PLAYERS_LISTED} more" if len(players) > PLAYERS_LISTED else ""
        self.say(
            f"{len(players)} players online: {names}{more}." if players else "No players listed."
        )
        if (listing := self.backend.capabilities.listing) is not None:
            listing.refresh_players()

    def do_messages(self, _rest: str) -> None:
        mailbox = self._can(self.backend.capabilities.mailbox, "Messages")
        if mailbox is not None:
            mailbox.read_messages()

    # -- observing --------------------------------------------------------------------------
    def do_observe(self, rest: str) -> None:
        number = _number(rest)
        observing = self.backend.capabilities.observing
        if number is None:
            self.say("Which game? For example: observe 12.")
        elif observing is None:
            self.say(self.backend.capabilities.refusal("Observing"))
        else:
            observing.observe(number)

    def do_unobserve(self, rest: str) -> None:
        number = _number(rest) if rest else self._current_number()
        observing = self.backend.capabilities.observing
        if number is None or observing is None:
            self.say("Which game? For example: unobserve 12.")
        else:
            observing.unobserve(number)
            self.say(f"Stopped watching game {number}.")

    # -- reading the board ------------------------------------------------------------------
    def do_board(self, rest: str) -> None:
        game = self._game(rest)
        if game is None:
            return
        stones = game.board.stones()
        self.say(f"Game {game.number}, move {game.last_number}, {len(stones)} stones on the board.")
        for row in range(game.size - 1, -1, -1):
            black = [p for p in sorted(stones) if p.row == row and stones[p] is Color.BLACK]
            white = [p for p in sorted(stones) if p.row == row and stones[p] is Color.WHITE]
            if not black and not white:
                continue
            parts = []
            if black:
                parts.append("Black " + " ".join(format_point(p, game.size) for p in black))
            if white:
                parts.append("White " + " ".join(format_point(p, game.size) for p in white))
            self.say(f"Row {row + 1}: {'; '.join(parts)}.")

    def do_last(self, rest: str) -> None:
        game = self._game(rest)
        if game is None:
            return
        moves = [m for m in game.moves if not m.handicap]
        if not moves:
            self.say(f"Game {game.number}: no move yet.")
            return
        move = moves[-1]
        who = "Black" if move.color is Color.BLACK else "White"
        where = "passed" if move.point is None else f"played {format_point(move.point, game.size)}"
        turn = "Black" if game.board.to_move is Color.BLACK else "White"
        self.say(f"Game {game.number}, move {move.number}: {who} {where}. {turn} to play.")

    def do_score(self, rest: str) -> None:
        game = self._game(rest)
        if game is None:
            return
        if game.phase is GamePhase.SCORING:
            self.say(_count(game))
            return
        prisoners = game.board.prisoners
        self.say(
            f"Game {game.number}: Black has taken {prisoners.get(Color.BLACK, 0)} stones, "
            f"White {prisoners.get(Color.WHITE, 0)}; komi {game.komi:g}."
        )

    # -- playing ----------------------------------------------------------------------------
    def do_play(self, rest: str) -> None:
        game = self._own_game()
        playing = self.backend.capabilities.playing
        if game is None or playing is None:
            return
        point = self._point(game, rest)
        if point is None:
            return
        if game.phase is GamePhase.SCORING:
            self._mark(game, point)
            return
        color = game.role.color
        assert color is not None
        check = game.board.check(point, color, enforce_turn=True)
        if not check.legal:
            reason = check.reason.value if check.reason is not None else "illegal"
            self.say(f"{format_point(point, game.size)} is not allowed: {reason}.")
            return
        playing.play(game.number, point)

    def do_pass(self, _rest: str) -> None:
        game = self._own_game()
        playing = self.backend.capabilities.playing
        if game is not None and playing is not None:
            playing.play(game.number, None)

    def do_resign(self, _rest: str) -> None:
        game = self._own_game()
        playing = self.backend.capabilities.playing
        if game is None or playing is None:
            return
        if self._resign_asked != game.number:
            self._resign_asked = game.number
            self.say(f"Resign game {game.number}? Type resign again to confirm.")
            return
        self._resign_asked = None
        playing.resign(game.number)

    def do_undo(self, rest: str) -> None:
        """``undo`` asks to take back our move; ``undo yes`` / ``undo no`` answer the
        opponent's request."""
        game = self._own_game()
        playing = self.backend.capabilities.playing
        if game is None or playing is None:
            return
        answer = rest.strip().lower()
        if answer in ("yes", "no"):
            if not game.undo_requested_by:
                self.say(f"Nobody asked to take back a move in game {game.number}.")
                return
            playing.answer_undo(game.number, answer == "yes")
            self.say("Undo allowed." if answer == "yes" else "Undo refused.")
            return
        playing.request_undo(game.number)
        self.say("Undo asked for.")

    def do_komi(self, rest: str) -> None:
        game = self._own_game()
        adjusting = self._can(self.backend.capabilities.adjusting, "Komi") if game else None
        if game is None or adjusting is None:
            return
        komi = _komi(rest)
        if komi is None:
            self.say("Which komi? For example: komi 6.5.")
            return
        adjusting.set_komi(game.number, komi)

    def do_adjourn(self, _rest: str) -> None:
        game = self._own_game()
        adjourning = self._can(self.backend.capabilities.adjourning, "Adjourning") if game else None
        if game is not None and adjourning is not None:
            adjourning.adjourn(game.number)

    def do_dead(self, rest: str) -> None:
        game = self._own_game()
        if game is None:
            return
        if game.phase is not GamePhase.SCORING:
            self.say(self._not_counting(game))
            return
        point = self._point(game, rest)
        if point is not None:
            self._mark(game, point)

    def _point(self, game: FollowedGame, text: str) -> Point | None:
        """The point ``text`` names on the game's board; None after saying it names none."""
        try:
            return parse_point(text.strip(), game.size)
        except (CoordinateError, ValueError):
            self.say(f"{clean(text, max_length=10)!r} is not a point of a {game.size} board.")
            return None

    def _mark(self, game: FollowedGame, point: Point) -> None:
        """Mark the chain at ``point`` dead (the server's answer confirms it)."""
        playing = self.backend.capabilities.playing
        if playing is None:
            return
        if game.board.get(point) is None:
            self.say(f"{format_point(point, game.size)} is empty: name a stone of the dead group.")
            return
        playing.remove_dead(game.number, point)

    def _not_counting(self, game: FollowedGame) -> str:
        """Why dead stones cannot be marked yet: play ends after so many passes in a row."""
        passes = 0
        for move in reversed(game.moves):
            if move.point is not None or move.handicap:
                break
            passes += 1
        needed = self.model.passes_to_end
        return (
            f"Game {game.number} is still in play: dead stones are marked once play ends, "
            f"after {needed} passes in a row ({passes} so far). Type pass to pass."
        )

    def do_done(self, _rest: str) -> None:
        game = self._own_game()
        playing = self.backend.capabilities.playing
        if game is None or playing is None:
            return
        if game.phase is not GamePhase.SCORING:
            self.say(self._not_counting(game))
            return
        playing.done_scoring(game.number)

    # -- talking ----------------------------------------------------------------------------
    def do_tell(self, rest: str) -> None:
        name, _, text = rest.partition(" ")
        messaging = self.backend.capabilities.messaging
        if not name or not text.strip():
            self.say("Tell whom what? For example: tell bob hello.")
        elif messaging is None:
            self.say(self.backend.capabilities.refusal("Tells"))
        else:
            messaging.tell(name, text.strip())

    def do_shout(self, rest: str) -> None:
        messaging = self.backend.capabilities.messaging
        if rest and messaging is not None:
            messaging.shout(rest)

    def do_say(self, rest: str) -> None:
        game = self._own_game()
        playing = self.backend.capabilities.playing
        if game is not None and playing is not None and rest:
            playing.say(game.number, rest)

    def do_kibitz(self, rest: str) -> None:
        number_text, _, text = rest.partition(" ")
        number = _number(number_text)
        observing = self.backend.capabilities.observing
        if number is None or not text.strip() or observing is None:
            self.say("Kibitz in which game? For example: kibitz 12 nice move.")
        else:
            observing.kibitz(number, text.strip())

    # -- challenges -------------------------------------------------------------------------
    def do_match(self, rest: str) -> None:
        try:
            words = shlex.split(rest)
        except ValueError:
            words = rest.split()
        matching = self.backend.capabilities.matching
        if not words or matching is None:
            self.say("Match whom? For example: match bob 19 10.")
            return
        size = _number(words[1]) if len(words) > 1 else 19
        minutes = _number(words[2]) if len(words) > 2 else 10
        if size is None or minutes is None:
            self.say("Size and minutes are numbers: match bob 19 10.")
            return
        terms = MatchTerms(words[0], Color.BLACK, size, 0, 6.5, minutes * 60)
        problem = matching.check_terms(terms)
        if problem:
            self.say(problem)
            return
        matching.challenge(terms)

    def do_accept(self, rest: str) -> None:
        challenge = self.model.challenges.get(rest.strip().lower())
        matching = self.backend.capabilities.matching
        if challenge is None or not challenge.incoming or matching is None:
            self.say(f"No challenge from {clean(rest, max_length=24) or 'anyone'} is waiting.")
            return
        matching.accept_challenge(challenge.terms)

    def do_decline(self, rest: str) -> None:
        matching = self.backend.capabilities.matching
        if not rest.strip() or matching is None:
            self.say("Decline whom? For example: decline bob.")
            return
        matching.decline_challenge(rest.strip())
        self.say(f"Declined {clean(rest.strip(), max_length=24)}.")

    def _can(self, capability: T | None, what: str) -> T | None:
        """``capability`` of the backend, or None after saying why ``what`` is not possible."""
        if capability is None:
            self.say(self.backend.capabilities.refusal(what))
        return capability

    # -- which game -------------------------------------------------------------------------
    def _own_game(self) -> FollowedGame | None:
        mine = self.model.my_games()
        if not mine:
            self.say("You are not playing a game.")
            return None
        return mine[-1]

    def _current_number(self) -> int | None:
        mine = self.model.my_games()
        if mine:
            return mine[-1].number
        return max(self.model.followed) if self.model.followed else None

    def _game(self, rest: str) -> FollowedGame | None:
        number = _number(rest) if rest else self._current_number()
        game = self.model.followed.get(number) if number is not None else None
        if game is None:
            self.say("Which game? Observe one first, or give its number.")
        return game


def _count(game: FollowedGame) -> str:
    """The count of a game in counting, with the dead stones marked so far (our own count on
    the server's rules: territory and prisoners, komi to White)."""
    score = count_with_dead(game.board, game.dead, komi=game.komi)
    black_area = len(score.territory.get(Color.BLACK, ()))
    white_area = len(score.territory.get(Color.WHITE, ()))
    black_taken = score.prisoners.get(Color.BLACK, 0)
    white_taken = score.prisoners.get(Color.WHITE, 0)
    winner = score.winner
    if winner is None:
        lead = "a draw"
    else:
        lead = f"{'Black' if winner is Color.BLACK else 'White'} leads by {score.margin:g}"
    return (
        f"Game {game.number}, the count so far: Black {score.black:g} "
        f"({black_area} territory, {_prisoners(black_taken)}), White {score.white:g} "
        f"({white_area} territory, {_prisoners(white_taken)}, komi {game.komi:g}); {lead}."
    )


def _prisoners(count: int) -> str:
    return f"{count} prisoner{'' if count == 1 else 's'}"


def _komi(text: str) -> float | None:
    """A komi as typed (a multiple of 0.5, at most 8 characters), or None."""
    text = text.strip()
    if not 0 < len(text) <= 8:
        return None
    try:
        komi = float(text)
    except ValueError:
        return None
    if not math.isfinite(komi) or komi * 2 != int(komi * 2):
        return None
    return komi


def _number(text: str) -> int | None:
    return bounded_int(text.strip(), 6)


def _looks_like_point(text: str) -> bool:
    return 2 <= len(text) <= 3 and text[0].isalpha() and text[1:].isdigit()


__all__ = ["HELP", "Shell"]
