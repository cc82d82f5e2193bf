"""Model changes told as plain sentences, for the line-oriented accessible mode.

A screen reader reads what is printed, in order, and nothing else: each event the user cares
about becomes one sentence in words a player would use ("Game 5: Black plays Q16, captures
2."), with no colours, no cursor movement and no markup. Server text is cleaned of control
characters and escapes before it is printed.
"""

from __future__ import annotations

from collections.abc import Callable

from igs_tui.go import Color, format_point
from igs_tui.model import ChatKind, ClientModel, GamePhase, LinkState, Role
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
        self._unsubscribe = model.hub.subscribe_all(self.heard)

    def close(self) -> None:
        self._unsubscribe()

    def heard(self, change: ch.Change) -> None:
        handler = _HANDLERS.get(type(change))
        if handler is not None:
            sentence = handler(self, change)
            if sentence:
                self.say(sentence)

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
        if move.handicap:
            return f"Game {c.game}: Black places {move.handicap} handicap stones."
        who = COLOR_NAME[move.color]
        if move.point is None:
            return f"Game {c.game}: {who} passes."
        taken = now.get(move.color, 0) - before.get(move.color, 0)
        capture = f", captures {taken}" if taken > 0 else ""
        return f"Game {c.game}: {who} plays {format_point(move.point, game.size)}{capture}."

    def _followed(self, c: ch.GameFollowed) -> str:
        game = self.model.followed.get(c.game)
        if game is None:
            return ""
        self._prisoners[c.game] = dict(game.board.prisoners)
        setup = f"{game.size} by {game.size}, komi {game.komi:g}"
        if game.handicap:
            setup += f", handicap {game.handicap}"
        white = _player(game.white, game.white_rank)
        black = _player(game.black, game.black_rank)
        if c.role is Role.OBSERVING:
            title = f" ({clean(game.title, max_length=80)})" if game.title else ""
            return (
                f"Observing game {c.game}{title}: {white} (White) against {black} (Black), {setup}."
            )
        color = "Black" if c.role is Role.PLAYING_BLACK else "White"
        opponent = white if c.role is Role.PLAYING_BLACK else black
        return f"Your game {c.game} against {opponent}: you play {color}, {setup}."

    def _ended(self, c: ch.GameEnded) -> str:
        if c.game not in self.model.followed:
            return ""
        return f"Game {c.game} is over: {describe_result(c.result)}."

    def _phase(self, c: ch.PhaseChanged) -> str:
        if c.phase is GamePhase.SCORING:
            return f"Game {c.game}: counting. Mark dead stones with 'dead Q16', then type 'done'."
        if c.phase is GamePhase.ADJOURNED:
            return f"Game {c.game} is adjourned."
        return ""

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
        return ""

    # -- people -----------------------------------------------------------------------------
    def _chat(self, c: ch.ChatAdded) -> str:
        if c.kind == "own":
            return ""
        author = clean(c.author, max_length=24)
        text = clean(c.text, max_length=2000)
        kind = c.key.kind
        if c.kind in ("notice", "info", "error") or not author:
            return f"Server: {text}" if c.kind != "error" else f"Error: {text}"
        if kind is ChatKind.TELL:
            return f"{author} tells you: {text}"
        if kind is ChatKind.SHOUT:
            return f"{author} shouts: {text}"
        if kind is ChatKind.GAME:
            verb = "kibitzes" if c.kind == "kibitz" else "says"
            return f"Game {clean(c.key.target, max_length=8)}, {author} {verb}: {text}"
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


def _player(name: str, rank: str) -> str:
    shown = clean(name, max_length=24) or "?"
    return f"{shown} {clean(rank, max_length=8)}".strip()


_HANDLERS: dict[type[ch.Change], Callable[[Narrator, ch.Change], str]] = {
    ch.MoveAdded: Narrator._move,  # type: ignore[dict-item]
    ch.GameFollowed: Narrator._followed,  # type: ignore[dict-item]
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
