"""The chat input's language: slash commands, and plain text sent to the current buffer.

:func:`run_chat_line` turns one line into backend intents and reports what the chat pane
should do next (switch buffer, switch pane, show a note). It holds no widget state, so every
command is testable with a model and a recording backend.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from igs_tui.backends.capabilities import Backend, Capabilities
from igs_tui.model import BufferKey, ChatKind, ClientModel, Role
from igs_tui.model.away import AwayReplies, describe_answered
from igs_tui.numbers import bounded_int

COMMAND_HELP: dict[str, str] = {
    "/tell": "/tell NAME text — private message (opens a buffer)",
    "/msg": "/msg NAME text — same as /tell",
    "/observe": "/observe N — watch game N",
    "/unobserve": "/unobserve N — stop watching game N",
    "/who": "/who — refresh and show the user list",
    "/games": "/games — refresh and show the game list",
    "/join": "/join CH — join channel CH (opens a buffer)",
    "/yell": "/yell text — say in the current channel",
    "/shout": "/shout text — shout to everybody",
    "/say": "/say text — talk to your opponent in the current game",
    "/kibitz": "/kibitz text — comment to observers of the current game",
    "/match": "/match NAME — offer NAME a game (opens the match dialog)",
    "/card": "/card [NAME] — player card (default: who you talk to, or the last speaker)",
    "/messages": "/messages — read the messages the server kept for you",
    "/watchers": "/watchers [N] — who watches game N (default: this game)",
    "/quote": "/quote RAW — send RAW to the server unchanged",
    "/away": "/away TEXT — answer tells with TEXT while you are away; /away alone: back",
    "/help": "/help — this list",
}
COMMANDS = tuple(COMMAND_HELP)


@dataclass
class ChatOutcome:
    """What the pane should do after a line: all fields optional."""

    open_buffer: BufferKey | None = None
    pane: str | None = None
    notes: list[str] = field(default_factory=list)
    error: str | None = None
    match: str | None = None
    """Open the match dialog for this opponent (the dialog, not the chat line, sends)."""
    card: str | None = None
    """Show this player's card."""
    messages: bool = False
    """Show the messages view."""
    observers: int | None = None
    """Show who watches this game."""


def _game_number(text: str) -> int | None:
    return bounded_int(text.strip().lstrip("#"))


class ChatRunner:
    """Executes chat lines against a backend; ``echo_own`` adds our lines to the buffers.

    Servers such as IGS do not echo private tells back to the sender, so someone must add our
    own lines to the buffers. The IGS backend does (only for lines it really sends); set
    ``echo_own`` for a backend that does not, so lines are never shown twice.
    """

    def __init__(
        self,
        model: ClientModel,
        backend: Backend,
        *,
        echo_own: bool = False,
        away: AwayReplies | None = None,
    ) -> None:
        self.model = model
        self.backend = backend
        self.echo_own = echo_own
        self.away = away if away is not None else AwayReplies()
        """The session's away message (shared with the responder that sends the replies)."""

    def _echo(self, key: BufferKey, text: str) -> None:
        if self.echo_own:
            self.model.add_chat(key, self.model.me or "me", text, kind="own")

    def run(self, line: str, current: BufferKey | None) -> ChatOutcome:
        """Run one input line; ``current`` is the buffer the user is looking at."""
        line = line.strip()
        if not line:
            return ChatOutcome()
        if line.startswith("//"):
            return self.send_text(line[1:], current)
        if not line.startswith("/"):
            return self.send_text(line, current)
        word, _, rest = line.partition(" ")
        command = word.lower()
        rest = rest.strip()
        handler = getattr(self, f"_cmd_{command[1:]}", None)
        if command not in COMMAND_HELP or handler is None:
            return ChatOutcome(error=f"unknown command {word}; try /help")
        result: ChatOutcome = handler(rest, current)
        return result

    # plain text -------------------------------------------------------------------------------
    def send_text(self, text: str, current: BufferKey | None) -> ChatOutcome:
        """Send ``text`` to whoever the current buffer talks to."""
        if current is None or current.kind is ChatKind.SYSTEM:
            return ChatOutcome(error="this buffer has no one to talk to; use /tell NAME text")
        if current.kind is ChatKind.TELL:
            return self._cmd_tell(f"{current.target} {text}", current)
        if current.kind is ChatKind.CHANNEL:
            return self._cmd_yell(text, current)
        if current.kind is ChatKind.SHOUT:
            return self._cmd_shout(text, current)
        game = self.model.followed.get(_game_number(current.target) or -1)
        if game is not None and game.role is not Role.OBSERVING:
            return self._cmd_say(text, current)
        return self._cmd_kibitz(text, current)

    @property
    def caps(self) -> Capabilities:
        return self.backend.capabilities

    def _refused(self, what: str) -> ChatOutcome:
        return ChatOutcome(error=self.caps.refusal(what))

    # commands ---------------------------------------------------------------------------------
    def _cmd_tell(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        name, _, text = rest.partition(" ")
        if not name or not text.strip():
            return ChatOutcome(error="usage: /tell NAME text")
        if (messaging := self.caps.messaging) is None:
            return self._refused("Tells")
        key = BufferKey(ChatKind.TELL, name)
        messaging.tell(name, text.strip())
        self._echo(key, text.strip())
        return ChatOutcome(open_buffer=key)

    _cmd_msg = _cmd_tell

    def _cmd_observe(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        number = _game_number(rest)
        if number is None:
            return ChatOutcome(error="usage: /observe N (a game number)")
        if (observing := self.caps.observing) is None:
            return self._refused("Observing")
        observing.observe(number)
        return ChatOutcome(pane="board")

    def _cmd_unobserve(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        number = _game_number(rest)
        if number is None and current is not None and current.kind is ChatKind.GAME:
            number = _game_number(current.target)
        if number is None:
            return ChatOutcome(error="usage: /unobserve N (a game number)")
        self.backend.close_game(number)
        return ChatOutcome()

    def _cmd_who(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        if (listing := self.caps.listing) is None:
            return self._refused("The player list")
        listing.refresh_players()
        return ChatOutcome(pane="players")

    def _cmd_games(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        if (listing := self.caps.listing) is None:
            return self._refused("The game list")
        listing.refresh_games()
        return ChatOutcome(pane="games")

    def _cmd_join(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        channel = rest.split()[0] if rest.split() else ""
        if not channel:
            return ChatOutcome(error="usage: /join CH")
        if (channels := self.caps.channels) is None:
            return self._refused("Channels")
        channels.join_channel(channel)
        key = BufferKey(ChatKind.CHANNEL, channel)
        self.model.buffer(key)
        return ChatOutcome(open_buffer=key)

    def _cmd_yell(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        if current is None or current.kind is not ChatKind.CHANNEL:
            return ChatOutcome(error="/yell works in a channel buffer; /join CH first")
        if not rest:
            return ChatOutcome(error="usage: /yell text")
        if (channels := self.caps.channels) is None:
            return self._refused("Channels")
        channels.yell(current.target, rest)
        self._echo(current, rest)
        return ChatOutcome()

    def _cmd_shout(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        if not rest:
            return ChatOutcome(error="usage: /shout text")
        if (messaging := self.caps.messaging) is None:
            return self._refused("Shouts")
        key = BufferKey(ChatKind.SHOUT)
        messaging.shout(rest)
        self._echo(key, rest)
        return ChatOutcome(open_buffer=key if current != key else None)

    def _game_of(self, current: BufferKey | None) -> int | None:
        if current is not None and current.kind is ChatKind.GAME:
            return _game_number(current.target)
        return None

    def _cmd_say(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        number = self._game_of(current)
        if number is None or current is None:
            return ChatOutcome(error="/say works in a game buffer")
        if not rest:
            return ChatOutcome(error="usage: /say text")
        if (playing := self.caps.playing) is None:
            return self._refused("Talking to the opponent")
        playing.say(number, rest)
        self._echo(current, rest)
        return ChatOutcome()

    def _cmd_kibitz(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        number = self._game_of(current)
        if number is None or current is None:
            return ChatOutcome(error="/kibitz works in a game buffer")
        if not rest:
            return ChatOutcome(error="usage: /kibitz text")
        if (observing := self.caps.observing) is None:
            return self._refused("Kibitzes")
        observing.kibitz(number, rest)
        self._echo(current, rest)
        return ChatOutcome()

    def _cmd_match(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        name = rest.split()[0] if rest.split() else ""
        if not name and current is not None and current.kind is ChatKind.TELL:
            name = current.target
        if not name:
            return ChatOutcome(error="usage: /match NAME")
        return ChatOutcome(match=name)

    def _cmd_card(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        name = rest.split()[0] if rest.split() else self._last_speaker(current)
        if not name:
            return ChatOutcome(error="usage: /card NAME")
        if self.caps.listing is None:
            return self._refused("Player cards")
        return ChatOutcome(card=name)

    def _last_speaker(self, current: BufferKey | None) -> str:
        """Who the buffer talks with: a tell's other side, else the newest other author."""
        if current is None:
            return ""
        if current.kind is ChatKind.TELL:
            return current.target
        buffer = self.model.buffers.get(current)
        me = (self.model.me or "").casefold()
        for message in reversed(buffer.messages if buffer is not None else ()):
            author = message.author
            if author and message.kind != "own" and author.casefold() != me and " " not in author:
                return author
        return ""

    def _cmd_messages(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        if self.caps.mailbox is None:
            return self._refused("Messages")
        return ChatOutcome(messages=True)

    def _cmd_watchers(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        number = _game_number(rest) if rest else self._game_of(current)
        if number is None:
            return ChatOutcome(error="usage: /watchers N (a game number)")
        if self.caps.audience is None:
            return self._refused("Observers")
        return ChatOutcome(observers=number)

    def _cmd_quote(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        if not rest:
            return ChatOutcome(error="usage: /quote RAW")
        if (console := self.caps.console) is None:
            return self._refused("Raw commands")
        console.send_raw(rest)
        return ChatOutcome()

    def _cmd_away(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        if not rest:
            if not self.away.away:
                return ChatOutcome(error="usage: /away TEXT (you are not away)")
            return ChatOutcome(notes=describe_answered(self.away.come_back()))
        if self.caps.messaging is None:
            return self._refused("Away replies")
        text = self.away.go_away(rest)
        return ChatOutcome(notes=[f'Away: tells get the answer "{text}" (/away alone: back)'])

    def _cmd_help(self, rest: str, current: BufferKey | None) -> ChatOutcome:
        notes = list(COMMAND_HELP.values())
        notes.append("Plain text goes to the current buffer; start with // to send a literal /.")
        return ChatOutcome(notes=notes)
