"""IGS actions in Textual's command palette (ctrl+p).

Typing ``observe 12`` or ``tell alice`` offers those actions directly; without an argument the
palette lists the busiest games and general actions (refresh lists, join a channel, panes).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Protocol, cast

from textual.command import DiscoveryHit, Hit, Hits, Provider
from textual.markup import escape

from igs_tui.backends.capabilities import Backend
from igs_tui.model import BufferKey, ChatKind, ClientModel, LinkState
from igs_tui.model.away import AwayReplies
from igs_tui.numbers import bounded_int
from igs_tui.ui.app_services import AppServices
from igs_tui.ui.safe_text import clean

PANES = ("board", "games", "players", "chat", "console")
LINK_DOWN = frozenset({LinkState.DISCONNECTED, LinkState.RECONNECTING, LinkState.FAILED})
MAX_HITS = 15


class IgsActions(AppServices, Protocol):
    """What the palette needs from the app beyond its services to widgets (IgsApp implements
    it)."""

    model: ClientModel

    @property
    def backend(self) -> Backend: ...
    def action_help(self) -> None: ...
    def show_finished(self) -> None: ...
    def open_record(self) -> None: ...
    def ask_player_card(self) -> None: ...
    def ask_away(self) -> None: ...
    def come_back(self) -> None: ...
    @property
    def away(self) -> AwayReplies: ...
    def show_seek(self) -> None: ...
    def cancel_seek(self) -> None: ...
    def show_stored(self) -> None: ...
    def show_rooms(self) -> None: ...
    def show_sounds(self) -> None: ...
    def toggle_analysis(self) -> None: ...
    def set_muted(self, muted: bool) -> None: ...
    def notify(self, message: str, *, markup: bool = ...) -> None: ...
    def answer_challenge(self) -> None: ...
    def set_flag(self, flag: str, value: bool) -> None: ...
    @property
    def can_log_out(self) -> bool: ...
    def action_logout(self) -> None: ...
    def action_reconnect_now(self) -> None: ...


class IgsCommands(Provider):
    """Observe/unobserve, tell, stats, match, who, games, join, toggles, panes and help."""

    @property
    def actions(self) -> IgsActions:
        return cast(IgsActions, self.app)

    def _fixed(self) -> list[tuple[str, Callable[[], object], str]]:
        """The commands without an argument, leaving out what the backend cannot do."""
        a = self.actions
        caps = a.backend.capabilities
        fixed: list[tuple[str, Callable[[], object], str]] = [
            ("Help: keys and commands", a.action_help, "all key bindings and chat commands"),
            ("Finished games", a.show_finished, "games released from their tabs, with records"),
            ("Open record…", a.open_record, "review an SGF or Ishi file: moves, variations"),
        ]
        if caps.listing is not None:
            fixed += [
                ("Who: refresh user list", self._who, "ask the server for the players online"),
                ("Games: refresh game list", self._games, "ask the server for games in progress"),
            ]
        if caps.listing is not None:
            fixed.append(("Player card…", a.ask_player_card, "a player's rank, record and info"))
        if caps.mailbox is not None:
            fixed.append(("Messages", a.show_messages, "messages left for you on the server"))
        if caps.seeking is not None:
            fixed.append(("Automatch…", a.show_seek, "the server finds you an opponent (seek)"))
            if a.model.seek is not None:
                fixed.append(("Stop seeking", a.cancel_seek, "leave the automatch queue"))
        if caps.stored is not None:
            fixed.append(("Stored games", a.show_stored, "your adjourned games: load one"))
        if caps.rooms is not None:
            fixed.append(("Rooms", a.show_rooms, "the server's rooms: join one"))
        if caps.messaging is not None:
            fixed += [
                ("Shout buffer", partial(a.open_chat, BufferKey(ChatKind.SHOUT)), "open shouts"),
                ("Reply to last tell", self._reply, "open the latest private conversation"),
                ("Away message…", a.ask_away, "answer tells automatically (chat: /away TEXT)"),
            ]
            if a.away.away:
                fixed.append(("Back: stop away replies", a.come_back, "see who was answered"))
        if caps.matching is not None:
            fixed += [
                ("Challenge player…", a.challenge, "offer a game (type 'match NAME' to fill it)"),
                ("Answer challenge", a.answer_challenge, "show a waiting match request"),
            ]
            for flag, label in (("open", "Open for matches"), ("looking", "Looking for a game")):
                for value in (True, False):
                    state = "on" if value else "off"
                    fixed.append((f"{label}: {state}", partial(a.set_flag, flag, value), "toggle"))
        if a.analysis is not None:
            fixed.append(
                (
                    "Analysis on/off",
                    a.toggle_analysis,
                    "the engine's best moves and score on the game shown (alt+a)",
                )
            )
        fixed += [(f"Show {p} pane", partial(a.show_pane, p), "switch pane") for p in PANES]
        fixed += [
            ("Sounds…", a.show_sounds, "which events ring the bell"),
            ("Sounds: mute", partial(a.set_muted, True), "no bell for anything (alt+m)"),
            ("Sounds: unmute", partial(a.set_muted, False), "the bell rings again (alt+m)"),
        ]
        if a.can_log_out:
            fixed += self._session_commands()
        return fixed

    def _session_commands(self) -> list[tuple[str, Callable[[], object], str]]:
        """Log out (always, when logged in from the form); reconnect now while the link is
        down."""
        a = self.actions
        commands: list[tuple[str, Callable[[], object], str]] = [
            ("Log out", a.action_logout, "back to the login form: another account or server"),
        ]
        if a.model.connection.state in LINK_DOWN:
            commands.append(
                ("Reconnect now", a.action_reconnect_now, "try the server again without waiting")
            )
        return commands

    def _social(self, name: str, which: str) -> None:
        if said := self.actions.toggle_social(name, which):
            self.actions.notify(said, markup=False)

    def _reply(self) -> None:
        from igs_tui.ui.chat.chat_pane import last_tell_partner

        if (key := last_tell_partner(self.actions.model)) is not None:
            self.actions.open_chat(key)

    def _who(self) -> None:
        if (listing := self.actions.backend.capabilities.listing) is not None:
            listing.refresh_players()
        self.actions.show_pane("players")

    def _games(self) -> None:
        if (listing := self.actions.backend.capabilities.listing) is not None:
            listing.refresh_games()
        self.actions.show_pane("games")

    def _observe(self, number: int) -> None:
        if (observing := self.actions.backend.capabilities.observing) is not None:
            observing.observe(number)
            self.actions.show_pane("board")

    def _argument_hits(self, query: str) -> list[tuple[str, Callable[[], object], str]]:
        """Actions named by the query's first word, with its second word as argument."""
        verb, _, arg = query.strip().partition(" ")
        verb, arg = verb.lower(), arg.strip()
        a = self.actions
        caps = a.backend.capabilities
        hits: list[tuple[str, Callable[[], object], str]] = []
        number = bounded_int(arg.lstrip("#"))
        if verb in ("observe", "unobserve") and number is not None and caps.observing:
            n = number
            if verb == "observe":
                hits.append((f"observe {n}", partial(self._observe, n), f"watch game {n}"))
            else:
                hits.append((f"unobserve {n}", partial(a.backend.close_game, n), "stop watching"))
        elif verb in ("all", "observers") and number is not None and caps.audience:
            n = number
            hits.append((f"all {n}", partial(a.show_observers, n), f"who watches game {n}"))
        elif verb in ("match", "challenge") and arg and caps.matching:
            names = [
                p.name for p in a.model.players if p.name.casefold().startswith(arg.casefold())
            ]
            for name in (names or [arg.split()[0]])[:MAX_HITS]:
                shown = clean(name, max_length=20)
                hits.append((f"match {shown}", partial(a.challenge, name), "offer a game"))
        elif verb in ("tell", "stats", "card") and arg and caps.messaging and caps.listing:
            names = [
                p.name for p in a.model.players if p.name.casefold().startswith(arg.casefold())
            ]
            for name in (names or [arg.split()[0]])[:MAX_HITS]:
                shown = clean(name, max_length=20)
                if verb == "tell":
                    key = BufferKey(ChatKind.TELL, name)
                    hits.append((f"tell {shown}", partial(a.open_chat, key), "open a tell buffer"))
                else:
                    hits.append((f"card {shown}", partial(a.show_player_card, name), "player card"))
        elif verb in ("friend", "block") and arg and caps.social:
            names = [
                p.name for p in a.model.players if p.name.casefold().startswith(arg.casefold())
            ]
            for name in (names or [arg.split()[0]])[:MAX_HITS]:
                shown = clean(name, max_length=20)
                what = (
                    "friend: told when they log on, listed first"
                    if verb == "friend"
                    else ("block: their chat and challenges are not shown")
                )
                hits.append((f"{verb} {shown}", partial(self._social, name, verb), what))
        elif verb == "join" and arg and caps.channels:
            channel = arg.split()[0]
            key = BufferKey(ChatKind.CHANNEL, channel)
            channels = caps.channels

            def join(channel: str = channel, key: BufferKey = key) -> None:
                channels.join_channel(channel)
                a.open_chat(key)

            hits.append((f"join {clean(channel, max_length=10)}", join, "join a channel"))
        return hits

    def _game_hits(self) -> list[tuple[str, Callable[[], object], str]]:
        if self.actions.backend.capabilities.observing is None:
            return []
        games = sorted(self.actions.model.games.values(), key=lambda g: -g.observers)[:MAX_HITS]
        return [
            (
                clean(f"observe {g.number}: {g.white} vs {g.black} {g.title}", max_length=70),
                partial(self._observe, g.number),
                f"{g.observers} observers",
            )
            for g in games
        ]

    async def discover(self) -> Hits:
        # The palette parses prompts and help as markup: escape, since names are untrusted.
        for text, command, help_ in self._fixed() + self._game_hits():
            yield DiscoveryHit(escape(text), command, text=text, help=escape(help_))

    async def search(self, query: str) -> Hits:
        for text, command, help_ in self._argument_hits(query):
            yield Hit(1.0, escape(text), command, text=text, help=escape(help_))
        matcher = self.matcher(query)
        for text, command, help_ in self._fixed() + self._game_hits():
            score = matcher.match(text)
            if score > 0:
                shown = matcher.highlight(escape(text))
                yield Hit(score, shown, command, text=text, help=escape(help_))
