"""Session state and command/answer correlation: every rule in one place.

Theory of operation
===================

An IGS connection goes through four session states (:class:`SessionState`)::

    LOGIN --login_complete--> SETUP --setup_answered--> READY
      |                         |                         |
      +--login_failed(final)----+-------closed/quit-------+--> CLOSED

* LOGIN: :class:`~igs_tui.backends.igs.protocol.login.LoginHandshake` answers ``Login:``/``1 0``
  with the
  name and ``Password:``/``1 1`` with the password. Nothing else is sent.
* SETUP: the session has queued its setup commands (explicit toggles, ``id``) ahead of anything
  the caller queued during login; it becomes READY when all of them are answered.
* READY: normal operation. CLOSED: nothing more is sent (``quit`` sent, login gave up, or the
  transport closed).

The transitions are the table :data:`TRANSITIONS`; anything not in it leaves the state alone.

Correlating answers with commands
---------------------------------

IGS answers commands in order, each answer ending in a prompt (``1 <state>``) -- but it also
interjects unsolicited blocks (tells, shouts, moves of observed games...), each also ending in a
prompt; some commands get no answer at all; and a few notices carry a second, empty prompt. The
:class:`ReplyTracker` turns that into :class:`~igs_tui.backends.igs.protocol.events.CommandReply`
events:

1. A command enters the *outstanding* FIFO when its line is actually written (not when queued),
   unless its :class:`~igs_tui.backends.igs.protocol.commands.ReplyKind` is ``NONE`` (``noundo``,
   ``addtime``, ``undo``, ``quit``): those never produce a reply event.
2. Parser events are collected into a *block* until a prompt ends it.
3. An event is *unsolicited* when its type is in :data:`UNSOLICITED` (chat, announcements,
   game-stream lines, match offers, scoring notices...) and the head command does not *claim*
   that type (``observe`` claims the game stream, ``resign`` claims ``game_end``...).
4. At the prompt, with head command H:

   * a block of only unsolicited events answers nothing (the interjection rule);
   * an empty block right after a double-prompt notice (:data:`DOUBLE_PROMPT`, e.g. the undo
     request) is the notice's duplicate prompt and answers nothing;
   * if H is a MOVE, the block answers it only if it contains an error or the move itself
     (same point, and same game when H names one) -- the broadcast of an opponent's move or of
     an observed game is not our answer; a pass is also answered by the scoring notice (NNGS
     does not echo the pass that starts scoring). While scoring (last prompt ``1 7``) a
     coordinate is a removal and is answered like a BLOCK command ("receives an empty
     response");
   * if H lists the event types of its answer (``answers``: ``games``, ``user``, ``who``,
     ``ayt``), only a block holding one of them, an error, or nothing at all answers it, so a
     stray notice (a shutdown warning) cannot shift every later answer by one;
   * otherwise (BLOCK) the block -- possibly empty, the "empty response" -- answers H, with
     the unsolicited events left out of the reply.

5. A command whose answer never comes would stall the FIFO; so when a block that is not the
   head's answer is positively the answer of the command behind it (that command lists the
   block's event types), the head is closed with an empty reply first.
   :meth:`ReplyTracker.expire` closes commands that waited longer than a timeout with
   ``timed_out=True``.

All events are still returned to the caller as they arrive; replies only add grouping.
"""

from __future__ import annotations

from collections import deque
from dataclasses import dataclass
from enum import StrEnum

from igs_tui.backends.igs.protocol.commands import Command, ReplyKind
from igs_tui.backends.igs.protocol.events import (
    CommandReply,
    Error,
    Event,
    Move,
    Prompt,
    PromptState,
    ScoringStarted,
)


class SessionState(StrEnum):
    LOGIN = "login"
    SETUP = "setup"
    READY = "ready"
    CLOSED = "closed"


TRANSITIONS: dict[tuple[SessionState, str], SessionState] = {
    (SessionState.LOGIN, "login_complete"): SessionState.SETUP,
    (SessionState.LOGIN, "login_failed_final"): SessionState.CLOSED,
    (SessionState.SETUP, "setup_answered"): SessionState.READY,
    (SessionState.LOGIN, "closed"): SessionState.CLOSED,
    (SessionState.SETUP, "closed"): SessionState.CLOSED,
    (SessionState.READY, "closed"): SessionState.CLOSED,
}


def next_state(state: SessionState, trigger: str) -> SessionState:
    """Apply :data:`TRANSITIONS`; an unlisted (state, trigger) pair keeps the state."""
    return TRANSITIONS.get((state, trigger), state)


UNSOLICITED = frozenset(
    {
        # chat
        "tell",
        "say",
        "shout",
        "kibitz",
        "yell",
        "bell",
        # announcements and notices about games
        "game_start",
        "game_end",
        "user_connected",
        "user_disconnected",
        "byoyomi_entry",
        "time_added",
        "undo",
        "undo_request",
        "undo_declined",
        "match_request",
        "nmatch_request",
        "match_cancelled",
        "match_declined",
        "scoring_started",
        "stone_removal",
        "board_restored",
        "done_typed",
        "score_board",
        "score",
        "throwing_other_copy",
        "adjourn_request",
        "komi_request",
        "komi_set",
        "stray_prompt",
        "server_version",
        "guest_notice",
        "messages_waiting",
        "seek_matched",
        "seek_cancelled",
        # the game stream (moves of played and observed games)
        "game_heading",
        "move",
        "time_info",
        "game_props",
        "game_title",
    }
)
"""Event types that arrive on the server's initiative unless the head command claims them."""

DOUBLE_PROMPT = frozenset({"undo_request"})
"""Notices the server sends with a second, empty prompt (spec: "Due to an IGS bug, this
notification sends a double prompt message")."""


@dataclass(slots=True)
class _Outstanding:
    seq: int
    command: Command
    sent_at: float
    offset: int = 0
    """Events of the current block that arrived before the command was written: they cannot
    be its answer (an opponent's move on the point we then play, read before our move went
    out, is not our move's echo)."""


class ReplyTracker:
    """Matches answer blocks to written commands (rules in the module docstring)."""

    def __init__(self) -> None:
        self._outstanding: deque[_Outstanding] = deque()
        self._block: list[Event] = []
        self._unsolicited = 0
        """Events of the block so far whose type is in UNSOLICITED (a listing of 100 000
        lines has none: it need not be filtered)."""
        self._double = False
        self._after_double = False
        self.prompt_state: int | None = None

    @property
    def outstanding(self) -> list[tuple[int, Command]]:
        """(seq, command) of the written commands still waiting for their answer, oldest first."""
        return [(o.seq, o.command) for o in self._outstanding]

    def written(self, seq: int, command: Command, now: float) -> None:
        """Record that ``command`` went out; NONE commands are not waited for."""
        if command.reply is not ReplyKind.NONE:
            self._outstanding.append(_Outstanding(seq, command, now, len(self._block)))

    def feed(self, event: Event) -> list[CommandReply]:
        """Add one parser event; at a prompt, return the replies the finished block gives."""
        if not isinstance(event, Prompt):
            self._block.append(event)
            if event.type in UNSOLICITED:
                self._unsolicited += 1
                self._double = self._double or event.type in DOUBLE_PROMPT
            return []
        block, self._block = self._block, []
        unsolicited, self._unsolicited = self._unsolicited, 0
        double, self._double = self._double, False
        scoring_before = self.prompt_state == PromptState.SCORING
        if event.state is not None:
            self.prompt_state = event.state
        if not block and self._after_double:
            self._after_double = False
            return []
        self._after_double = double
        replies = self._answer(block, scoring_before, unsolicited)
        for waiting in self._outstanding:
            waiting.offset = 0  # written before the next block began
        return replies

    def expire(self, now: float, timeout: float) -> list[CommandReply]:
        """Give up on commands written more than ``timeout`` seconds before ``now``."""
        out: list[CommandReply] = []
        while self._outstanding and now - self._outstanding[0].sent_at > timeout:
            o = self._outstanding.popleft()
            out.append(CommandReply(o.seq, o.command, (), timed_out=True))
        return out

    def _answer(self, block: list[Event], scoring: bool, unsolicited: int) -> list[CommandReply]:
        replies: list[CommandReply] = []
        whole = block
        while self._outstanding:
            head = self._outstanding[0]
            command = head.command
            if head.offset:
                # the block began before the command went out: only what came after can be
                # its answer, and a block all from before (closed by its own prompt) is not
                block = whole[head.offset :]
                if not block:
                    return replies
                unsolicited = sum(1 for e in block if e.type in UNSOLICITED)
            else:
                block = whole
            solicited = (
                [e for e in block if e.type not in UNSOLICITED or e.type in command.claims]
                if unsolicited
                else block
            )
            as_move = command.reply is ReplyKind.MOVE and not scoring
            if block and not solicited and not as_move:
                return replies  # an interjection: answers nothing
            if as_move:
                matched = _answers_move(command, block)
            elif command.answers and block:
                # an empty block still counts: servers (and fakes) may answer with just a prompt
                matched = any(e.type in command.answers or isinstance(e, Error) for e in block)
            else:
                matched = True
            if matched:
                self._outstanding.popleft()
                events = tuple(block) if as_move else tuple(solicited)
                replies.append(CommandReply(head.seq, command, events))
                return replies
            # Not the head's answer. If it is clearly the answer of the command behind it, the
            # head was never going to be answered (a move in a game that just ended): close it.
            if len(self._outstanding) > 1 and self._answers_second(block):
                self._outstanding.popleft()
                replies.append(CommandReply(head.seq, command, ()))
                continue
            return replies
        return replies

    def _answers_second(self, block: list[Event]) -> bool:
        """Positive evidence only: the second command expects a listed event type in it."""
        second = self._outstanding[1].command
        return bool(second.answers) and any(e.type in second.answers for e in block)


def _answers_move(command: Command, block: list[Event]) -> bool:
    for e in block:
        if isinstance(e, Error):
            return True
        if isinstance(e, ScoringStarted) and command.point == "PASS":
            return True  # NNGS does not echo the pass that starts scoring to the players
        if isinstance(e, Move):
            if command.game is not None and e.game is not None and e.game != command.game:
                continue
            if command.point == "PASS" and e.point is None and e.handicap is None:
                return True
            if command.point == "HANDICAP" and e.handicap is not None:
                return True
            if e.point is not None and e.point == command.point:
                return True
    return False
