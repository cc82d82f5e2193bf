"""Model changes told as plain sentences, for the line-oriented accessible mode.

A screen reader reads what is printed, in order, and nothing else: each event the user cares
about becomes one sentence in words a player would use ("Game 5: Black plays Q16, captures
2."), with no colours, no cursor movement and no markup. Server text is cleaned of control
characters and escapes before it is printed.

What is said follows the game, not the order the server sends things in: a game is announced
once, when its size and komi are known (IGS names a new game before its board); a pass says
how many more end play (IGS wants three in a row, KGS and NNGS two); counting is announced
after the pass that ends play (IGS announces it before); each dead mark is confirmed with
the stones it covers; the result is said once. While the user plays, moves of the games they
observe are not read (``last N`` reads one): two games' moves interleaved cannot be followed.
"""

from __future__ import annotations

from collections.abc import Callable

from igs_tui.go import Color, Point, format_point
from igs_tui.model import ChatKind, ClientModel, FollowedGame, GamePhase, LinkState, Role
from igs_tui.model import changes as ch
from igs_tui.ui.safe_text import clean

COLOR_NAME = {Color.BLACK: "Black", Color.WHITE: "White"}


def describe_result(result: str) -> str:
    """``B+R`` → ``Black wins by resignation``; ``W+3.5`` → ``White wins by 3.5 points``."""
    text = result.strip()
    if len(text) >= 3 and text[0] in "BW" and text[1] == "+":
        winner = "Black" if text[0] == "B" else "White"
        how = text[2:]
        words = {"R": "by resignation", "T": "on time", "F": "by forfeit"}
        if how in words:
            return f"{winner} wins {words[how]}"
        return f"{winner} wins by {how} points"
    if text in ("0", "Jigo", "Draw"):
        return "a draw"
    return clean(text, max_length=80) or "over"


class Narrator:
    """Prints one sentence per change the user would want to hear."""

    def __init__(self, model: ClientModel, say: Callable[[str], None]) -> None:
        self.model = model
        self.say = say
        self._prisoners: dict[int, dict[Color, int]] = {}
        self._state: LinkState | None = None
        self._told: dict[int, int] = {}
        """The last move number told, by game (servers resend move lists)."""
        self._announced: dict[int, Role] = {}
        """Games announced, with the role they were announced in."""
        self._unannounced: set[int] = set()
        """Games followed whose size and komi are not known yet (announced when they are, or
        before the first thing said about them)."""
        self._counting_due: set[int] = set()
        """Games in counting whose last pass has not come yet (IGS says counting first)."""
        self._over: set[int] = set()
        self._catching_up: dict[int, int] = {}
        """Observed games whose earlier moves are coming: the move number they are at."""
        self._dead_said: dict[int, set[Point]] = {}
        """The stones said to be marked dead, by game."""
        self._muted_said = False
        self._unsubscribe = model.hub.subscribe_all(self.heard)

    def close(self) -> None:
        self._unsubscribe()

    def heard(self, change: ch.Change) -> None:
        handler = _HANDLERS.get(type(change))
        if handler is not None:
            sentences = handler(self, change)
            for sentence in sentences.splitlines():
                if sentence:
                    self.say(sentence)

    def _about(self, number: int, sentence: str) -> str:
        """``sentence`` about game ``number``, after the game's announcement if it is due."""
        if number in self._unannounced and sentence:
            return f"{self._announce(number)}\n{sentence}"
        return sentence

    def _playing_other_than(self, number: int) -> bool:
        """Is the user playing a game (in play or counting) other than ``number``?"""
        return any(
            g.number != number and g.phase in (GamePhase.PLAYING, GamePhase.SCORING)
            for g in self.model.my_games()
        )

    # -- games ------------------------------------------------------------------------------
    def _move(self, c: ch.MoveAdded) -> str:
        game = self.model.followed.get(c.game)
        told = self._told.get(c.game, 0)
        if game is None or game.last_number != c.move.number or c.move.number <= told:
            return ""  # a resent or refused move: nothing new happened
        self._told[c.game] = c.move.number
        move = c.move
        before = self._prisoners.get(c.game, {})
        now = dict(game.board.prisoners)
        self._prisoners[c.game] = now
        target = self._catching_up.get(c.game)
        if target is not None:
            if move.number < target:
                return ""  # a move played before we came: the position is said at the end
            del self._catching_up[c.game]
        if game.role is Role.OBSERVING and self._playing_other_than(c.game):
            if self._muted_said:
                return ""
            self._muted_said = True
            return (
                f"Moves of observed games are not read while you play; "
                f"type last {c.game} to hear game {c.game}."
            )
        if move.handicap:
            return self._about(
                c.game, f"Game {c.game}: Black places {move.handicap} handicap stones."
            )
        who = COLOR_NAME[move.color]
        if target is not None:  # the last of the moves played before we came
            where = (
                "passed" if move.point is None else f"played {format_point(move.point, game.size)}"
            )
            nxt = COLOR_NAME[move.color.opponent]
            return self._about(
                c.game, f"Game {c.game} is at move {move.number}: {who} {where}; {nxt} to play."
            )
        if move.point is None:
            return self._about(c.game, self._pass(game, who))
        taken = now.get(move.color, 0) - before.get(move.color, 0)
        capture = f", captures {taken}" if taken > 0 else ""
        where = format_point(move.point, game.size)
        return self._about(c.game, f"Game {c.game}: {who} plays {where}{capture}.")

    def _pass(self, game: FollowedGame, who: str) -> str:
        """A pass, and what it means: how many more end play, or that counting starts."""
        passes = 0
        for move in reversed(game.moves):
            if move.point is not None or move.handicap:
                break
            passes += 1
        more = self.model.passes_to_end - passes
        if game.phase is GamePhase.PLAYING and more > 0:
            ends = "1 more pass ends play" if more == 1 else f"{more} more passes end play"
            return f"Game {game.number}: {who} passes; {ends}."
        sentence = f"Game {game.number}: {who} passes."
        if game.number in self._counting_due:
            self._counting_due.discard(game.number)
            sentence += "\n" + self._counting(game)
        return sentence

    def _counting(self, game: FollowedGame) -> str:
        if game.role is Role.OBSERVING:
            return f"Game {game.number}: play is over; the players mark dead stones."
        return (
            f"Game {game.number}: play is over; counting. Mark each dead stone with "
            "'dead Q16', hear the count with 'score', then type 'done'."
        )

    def _followed(self, c: ch.GameFollowed) -> str:
        game = self.model.followed.get(c.game)
        if game is None:
            return ""
        self._prisoners.setdefault(c.game, dict(game.board.prisoners))
        if self._announced.get(c.game) is c.role:
            return ""  # the same game again (a server's later, fuller heading)
        self._announced.pop(c.game, None)
        self._over.discard(c.game)
        listed = c.game in self.model.games  # the games list gave its size and komi
        if not listed and (c.size is None or c.komi is None):
            self._unannounced.add(c.game)  # its board is not known yet
            return ""
        return self._announce(c.game)

    def _setup(self, c: ch.GameSetup) -> str:
        if c.game in self._unannounced and c.komi is not None and c.size is not None:
            return self._announce(c.game)
        return ""

    def _announce(self, number: int) -> str:
        """The one sentence that names a game: who plays whom, the board, the komi."""
        self._unannounced.discard(number)
        game = self.model.followed.get(number)
        if game is None:
            return ""
        role = self._announced[number] = game.role
        listed = self.model.games.get(number)
        if role is Role.OBSERVING and listed is not None and listed.moves > game.last_number:
            # the moves played so far come all at once: said as one position, not one by one
            self._catching_up[number] = listed.moves
        setup = f"{game.size} by {game.size}, komi {game.komi:g}"
        if game.handicap:
            setup += f", handicap {game.handicap}"
        white = _player(game.white, game.white_rank)
        black = _player(game.black, game.black_rank)
        if role is Role.OBSERVING:
            title = f" ({clean(game.title, max_length=80)})" if game.title else ""
            return (
                f"Observing game {number}{title}: {white} (White) against {black} (Black), {setup}."
            )
        color = "Black" if role is Role.PLAYING_BLACK else "White"
        opponent = white if role is Role.PLAYING_BLACK else black
        return f"Your game {number} against {opponent}: you play {color}, {setup}."

    def _ended(self, c: ch.GameEnded) -> str:
        if c.game not in self.model.followed or c.game in self._over:
            return ""  # servers word the end more than once
        self._over.add(c.game)
        self._counting_due.discard(c.game)
        return self._about(c.game, f"Game {c.game} is over: {describe_result(c.result)}.")

    def _phase(self, c: ch.PhaseChanged) -> str:
        game = self.model.followed.get(c.game)
        if c.phase is GamePhase.SCORING and game is not None:
            passes = 0
            for move in reversed(game.moves):
                if move.point is not None or move.handicap:
                    break
                passes += 1
            if passes < self.model.passes_to_end:
                self._counting_due.add(c.game)  # said after the pass that ends play
                return ""
            return self._about(c.game, self._counting(game))
        if c.phase is GamePhase.ADJOURNED:
            return self._about(c.game, f"Game {c.game} is adjourned.")
        return ""

    def _dead(self, c: ch.DeadStonesMarked) -> str:
        return self._marks(c.game, c.points, "marked dead")

    def _alive(self, c: ch.DeadStonesUnmarked) -> str:
        return self._marks(c.game, c.points, "marked alive again")

    def _marks(self, number: int, points: tuple[Point, ...], what: str) -> str:
        """Each mark confirmed with every stone of its chains (the server names one)."""
        game = self.model.followed.get(number)
        if game is None or not points:
            return ""
        stones: set[Point] = set()
        for point in points:
            stones |= game.board.chain(point) or {point}
        said = self._dead_said.setdefault(number, set())
        if what == "marked dead":
            stones -= said  # IGS tells the remover twice ("Removing @", "is removing @")
            said |= stones
        else:
            said -= stones
        if not stones:
            return ""
        names = " ".join(format_point(p, game.size) for p in sorted(stones, key=_reading_order))
        count = f"{len(stones)} stone{'s' if len(stones) != 1 else ''}"
        self._flush_counting(game)
        return self._about(number, f"Game {number}: {names} {what} ({count}).")

    def _cleared(self, c: ch.DeadStonesCleared) -> str:
        self._dead_said.pop(c.game, None)
        game = self.model.followed.get(c.game)
        if game is None:
            return ""
        return self._about(
            c.game, f"Game {c.game}: every dead mark was taken back; mark the dead stones again."
        )

    def _flush_counting(self, game: FollowedGame) -> None:
        """Counting is said before anything else about it (the last pass did not come)."""
        if game.number in self._counting_due:
            self._counting_due.discard(game.number)
            self.say(self._counting(game))

    def _undo_asked(self, c: ch.UndoAsked) -> str:
        if not c.by or c.by == self.model.me:
            return ""
        who = clean(c.by, max_length=24)
        return self._about(
            c.game,
            f"Game {c.game}: {who} asks to take back the last move. "
            "Type 'undo yes' to allow it or 'undo no' to refuse.",
        )

    def _undo_declined(self, c: ch.UndoDeclined) -> str:
        return self._about(
            c.game, f"Game {c.game}: {clean(c.by, max_length=24)} declined the undo."
        )

    def _komi_proposed(self, c: ch.KomiProposed) -> str:
        if c.komi is None:
            return ""
        return self._about(
            c.game,
            f"Game {c.game}: your opponent proposes komi {c.komi:g}. "
            f"Type 'komi {c.komi:g}' to agree.",
        )

    def _adjourn_asked(self, c: ch.AdjournAsked) -> str:
        if not c.by:
            return ""
        return self._about(
            c.game,
            f"Game {c.game}: {clean(c.by, max_length=24)} would like to adjourn. Type adjourn "
            "to agree (the game can be loaded again later).",
        )

    def _scored(self, c: ch.GameScored) -> str:
        server = c.check.server
        return self._about(
            c.game,
            f"Game {c.game}, the count: Black {server.black:g}, White {server.white:g} "
            "(komi included).",
        )

    def _undone(self, c: ch.MoveUndone) -> str:
        game = self.model.followed.get(c.game)
        if game is None:
            return ""
        self._told[c.game] = game.last_number
        self._prisoners[c.game] = dict(game.board.prisoners)
        return f"Game {c.game}: a move was taken back; move {game.last_number} is the last."

    def _unfollowed(self, c: ch.GameUnfollowed) -> str:
        self._prisoners.pop(c.game, None)
        self._told.pop(c.game, None)
        self._announced.pop(c.game, None)
        self._unannounced.discard(c.game)
        self._counting_due.discard(c.game)
        self._over.discard(c.game)
        self._dead_said.pop(c.game, None)
        self._catching_up.pop(c.game, None)
        return ""

    # -- people -----------------------------------------------------------------------------
    def _chat(self, c: ch.ChatAdded) -> str:
        if c.kind == "own":
            return ""
        author = clean(c.author, max_length=24)
        text = clean(c.text, max_length=2000)
        kind = c.key.kind
        if c.kind == "error":
            return f"Error from {author or 'the server'}: {text}"
        if c.kind in ("notice", "info") or not author:
            if kind is ChatKind.GAME:  # the server about a game: named by the game
                return f"Game {clean(c.key.target, max_length=8)}: {text}"
            return f"Server: {text}"
        if kind is ChatKind.TELL:
            return f"{author} tells you: {text}"
        if kind is ChatKind.SHOUT:
            return f"{author} shouts: {text}"
        if kind is ChatKind.GAME:
            verb = "kibitzes" if c.kind == "kibitz" else "says"
            target = clean(c.key.target, max_length=8)
            sentence = f"Game {target}, {author} {verb}: {text}"
            number = int(target) if target.isascii() and target.isdigit() else None
            return self._about(number, sentence) if number is not None else sentence
        if kind is ChatKind.CHANNEL:
            return f"Channel {clean(c.key.target, max_length=8)}, {author}: {text}"
        return f"{author}: {text}"

    def _challenge(self, c: ch.ChallengeOpened) -> str:
        challenge = c.challenge
        if not challenge.incoming:
            return f"Challenge sent to {clean(challenge.opponent, max_length=24)}."
        terms = challenge.terms
        color = {Color.BLACK: "Black", Color.WHITE: "White", None: "by nigiri"}[terms.color]
        who = clean(terms.opponent, max_length=24)
        return (
            f"{who} challenges you: {terms.size} by {terms.size}, you play {color}, "
            f"{terms.main_seconds // 60} minutes. Type 'accept {who}' or 'decline {who}'."
        )

    def _messages(self, c: ch.MessagesListed) -> str:
        if not c.messages:
            return "No messages are waiting."
        count = len(c.messages)
        lines = [f"{count} message{'s' if count != 1 else ''}:"]
        for m in c.messages:
            who = clean(m.author, max_length=24) or "someone"
            when = f" ({clean(m.when, max_length=40)})" if m.when else ""
            lines.append(f"From {who}{when}: {clean(m.text, max_length=1000)}")
        return "\n".join(lines)

    def _notified(self, c: ch.Notified) -> str:
        if c.kind in ("tell", "shout", "mention", "channel", "game", "challenge", "match"):
            return ""  # said already, in the chat or challenge sentence
        if c.kind == "refusal":
            return ""  # the system buffer's error line, said as it came
        if c.kind in ("komi", "undo") or (c.kind == "adjourn" and self.model.my_games()):
            return ""  # said with the command that answers it (the change of the game)
        if c.kind == "adjourn":  # a request about no game we hold: the screen's key is no use
            return f"{clean(c.title, max_length=80)}. Type adjourn to agree."
        text = f" {clean(c.text, max_length=200)}" if c.text else ""
        if c.kind == "messages":
            text += " Type messages to read them."
        return f"{clean(c.title, max_length=80)}.{text}"

    def _connection(self, c: ch.ConnectionChanged) -> str:
        status = c.status
        before, self._state = self._state, status.state
        if status.state == before:
            return ""
        detail = clean(status.detail, max_length=120) if status.detail else ""
        where = f" to {clean(status.server, max_length=60)}" if status.server else ""
        name = f" as {clean(status.user, max_length=24)}" if status.user else ""
        words = {
            LinkState.CONNECTED: f"Connected{where}{name}.",
            LinkState.DISCONNECTED: "Disconnected.",
            LinkState.RECONNECTING: "The link dropped; reconnecting.",
            LinkState.FAILED: "Could not connect.",
        }
        sentence = words.get(status.state, "")
        return f"{sentence} {detail}".strip() if sentence and detail else sentence


def _reading_order(point: Point) -> tuple[int, int]:
    """Top row first, left to right: the order a board is read in."""
    return (-point.row, point.col)


def _player(name: str, rank: str) -> str:
    shown = clean(name, max_length=24) or "?"
    return f"{shown} {clean(rank, max_length=8)}".strip()


_HANDLERS: dict[type[ch.Change], Callable[[Narrator, ch.Change], str]] = {
    ch.MoveAdded: Narrator._move,  # type: ignore[dict-item]
    ch.GameFollowed: Narrator._followed,  # type: ignore[dict-item]
    ch.GameSetup: Narrator._setup,  # type: ignore[dict-item]
    ch.DeadStonesMarked: Narrator._dead,  # type: ignore[dict-item]
    ch.DeadStonesUnmarked: Narrator._alive,  # type: ignore[dict-item]
    ch.DeadStonesCleared: Narrator._cleared,  # type: ignore[dict-item]
    ch.GameScored: Narrator._scored,  # type: ignore[dict-item]
    ch.UndoAsked: Narrator._undo_asked,  # type: ignore[dict-item]
    ch.UndoDeclined: Narrator._undo_declined,  # type: ignore[dict-item]
    ch.KomiProposed: Narrator._komi_proposed,  # type: ignore[dict-item]
    ch.AdjournAsked: Narrator._adjourn_asked,  # type: ignore[dict-item]
    ch.GameEnded: Narrator._ended,  # type: ignore[dict-item]
    ch.PhaseChanged: Narrator._phase,  # type: ignore[dict-item]
    ch.GameUnfollowed: Narrator._unfollowed,  # type: ignore[dict-item]
    ch.MoveUndone: Narrator._undone,  # type: ignore[dict-item]
    ch.MessagesListed: Narrator._messages,  # type: ignore[dict-item]
    ch.ChatAdded: Narrator._chat,  # type: ignore[dict-item]
    ch.ChallengeOpened: Narrator._challenge,  # type: ignore[dict-item]
    ch.Notified: Narrator._notified,  # type: ignore[dict-item]
    ch.ConnectionChanged: Narrator._connection,  # type: ignore[dict-item]
}

__all__ = ["Narrator", "describe_result"]
