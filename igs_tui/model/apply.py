"""Where every :mod:`~igs_tui.model.changes` value is applied: the model's one writer.

Each handler takes the model and one change and edits the state that change names, nothing
else. Handlers may apply follow-on changes through ``model.apply`` (a move also updates the
games list's move count) so that every reader hears of every state it shows. Invalid values
from a server (a board size the rules engine cannot play, a move off the board) never raise:
the game is left as it was and a :class:`~igs_tui.model.changes.SyncError` is noted.
"""

from __future__ import annotations

import re
from collections import deque
from collections.abc import Callable
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from igs_tui.go import MAX_SIZE, MIN_SIZE, Color
from igs_tui.model import changes as ch
from igs_tui.model import game_state
from igs_tui.model.cards import CARDS_KEPT, RESULTS_KEPT
from igs_tui.model.chat import BufferKey, ChatKind, ChatMessage, mentions
from igs_tui.model.client_model import DEFAULT_PASSES_TO_END, ConsoleLine, Notification
from igs_tui.model.connection import ConnectionStatus
from igs_tui.model.games import FinishedGame, FollowedGame, GamePhase, MoveRecord
from igs_tui.model.limits import CHALLENGES, GAME_ERRORS, TEXT_KEPT

if TYPE_CHECKING:
    from igs_tui.model.client_model import ClientModel

Handler = Callable[["ClientModel", Any], None]


# connection and lists ---------------------------------------------------------------------------
def _connection(model: ClientModel, c: ch.ConnectionChanged) -> None:
    model.connection = c.status
    if c.status.user:
        model.me = c.status.user


def _players_replaced(model: ClientModel, c: ch.PlayersReplaced) -> None:
    model.players.replace_all(c.players)


def _players_updated(model: ClientModel, c: ch.PlayersUpdated) -> None:
    for player in c.players:
        model.players.upsert(player)


def _players_pruned(model: ClientModel, c: ch.PlayersPruned) -> None:
    model.players.keep_only(c.names)


def _social(model: ClientModel, c: ch.SocialListsSet) -> None:
    model.friends = frozenset(name.casefold() for name in c.friends)
    model.blocked = frozenset(name.casefold() for name in c.blocked)


def _card(model: ClientModel, c: ch.PlayerCardReceived) -> None:
    cards = model.cards
    cards.pop(c.card.name.casefold(), None)
    cards[c.card.name.casefold()] = c.card
    while len(cards) > CARDS_KEPT:
        del cards[next(iter(cards))]
    # the card is newer than the last listing: its idle time replaces the listing's, so the
    # user list does not say 51s beside a card that says 26s
    idle = _IDLE.search(c.card.get("Idle Time"))
    player = model.players.get(c.card.name)
    if idle is not None and player is not None and player.idle != idle[1]:
        model.apply(ch.PlayersUpdated((replace(player, idle=idle[1]),)))


_IDLE = re.compile(r"(?<![\w.])(\d{1,6}[smhd])\s*$")
"""The idle time at the end of a card's ``Idle Time`` (``(On server) 26s``)."""


def _results(model: ClientModel, c: ch.PlayerResultsReceived) -> None:
    kept = model.results
    kept.pop(c.results.name.casefold(), None)
    games = c.results.games[-RESULTS_KEPT:]
    kept[c.results.name.casefold()] = replace(c.results, games=games)
    while len(kept) > RESULTS_KEPT:
        del kept[next(iter(kept))]


def _player_left(model: ClientModel, c: ch.PlayerLeft) -> None:
    model.players.remove(c.name)


def _note_sync_error(game: FollowedGame, text: str) -> None:
    """A note that the game went out of step; the newest :data:`GAME_ERRORS` are kept."""
    game.sync_errors.append(text)
    del game.sync_errors[:-GAME_ERRORS]


def _games_replaced(model: ClientModel, c: ch.GamesReplaced) -> None:
    cap = model.limits.games_listed
    model.games = {g.number: g for g in c.games[-cap:]}


def _games_listed(model: ClientModel, c: ch.GamesListed) -> None:
    games, cap = model.games, model.limits.games_listed
    for game in c.games:
        old = games.get(game.number)
        if old is not None and old.title and not game.title:
            game = replace(game, title=old.title)
        elif old is None:
            while len(games) >= cap:  # the entry listed longest ago goes
                del games[next(iter(games))]
        games[game.number] = game
        followed = model.followed.get(game.number)
        if followed is not None and (followed.white, followed.black) == (game.white, game.black):
            # a game followed before its listing came (our own: the match started it) learns
            # the players' ranks from it, for its panel and its record
            followed.white_rank = followed.white_rank or game.white_rank
            followed.black_rank = followed.black_rank or game.black_rank


def _game_unlisted(model: ClientModel, c: ch.GameUnlisted) -> None:
    model.games.pop(c.number, None)


def _moves_counted(model: ClientModel, c: ch.GameMovesCounted) -> None:
    summary = model.games.get(c.number)
    if summary is not None:
        model.games[c.number] = replace(summary, moves=c.moves)


def _titled(model: ClientModel, c: ch.GameTitled) -> None:
    game = model.followed.get(c.game)
    if game is not None:
        game.title = c.title
    summary = model.games.get(c.game)
    if summary is not None:
        model.games[c.game] = replace(summary, title=c.title)


def _ended(model: ClientModel, c: ch.GameEnded) -> None:
    model.games.pop(c.game, None)
    game = model.followed.get(c.game)
    if game is not None:
        game.phase = GamePhase.FINISHED
        game.adjourn_requested_by = ""
        if c.result:
            game.result = c.result
        game_state.stop_clocks(game, model.clock())
        if not game.ended:
            model.games_ended += 1
            game.ended = model.games_ended
            _release_finished(model)


def _release_finished(model: ClientModel) -> None:
    """Release the finished games beyond ``limits.finished_tabs``, those that ended first
    first: their board, moves and view go, a line of the finished list stays."""
    finished = [g for g in model.followed.values() if g.phase is GamePhase.FINISHED]
    excess = len(finished) - model.limits.finished_tabs
    if excess > 0:
        finished.sort(key=lambda g: g.ended)
        for game in finished[:excess]:
            model.apply(ch.GameUnfollowed(game.number))


# followed games ---------------------------------------------------------------------------------
def _followed(model: ClientModel, c: ch.GameFollowed) -> None:
    fields = {
        key: value
        for key in ("white", "black", "white_rank", "black_rank", "title", "rules")
        if (value := getattr(c, key)) is not None
    }
    game = model.followed.get(c.game)
    if game is not None and _another_game(game, c):
        model.apply(ch.GameUnfollowed(c.game))
        game = None
    if game is None:
        summary = model.games.get(c.game)
        base: dict[str, object] = {}
        if summary is not None:
            base = {
                "white": summary.white,
                "white_rank": summary.white_rank,
                "black": summary.black,
                "black_rank": summary.black_rank,
                "title": summary.title,
            }
        base.update(fields)
        model.games_followed += 1
        game = FollowedGame(
            c.game,
            role=c.role,
            serial=model.games_followed,
            fresh=c.fresh,
            **base,  # type: ignore[arg-type]
        )
        model.followed[c.game] = game
        _claim_chat(model, game)
        if summary is not None:
            # a row's size the rules engine cannot play is left out quietly: the game starts
            # on 19x19 until a stronger source says more (as a new entry always did)
            size = summary.size if MIN_SIZE <= summary.size <= MAX_SIZE else None
            listed = ch.GameSetup(
                c.game, ch.SetupSource.LISTING, size, summary.komi, summary.handicap
            )
            _setup(model, listed)
    else:
        game.role = c.role
        game.fresh = game.fresh or c.fresh
        for key, value in fields.items():
            setattr(game, key, value)
    if c.size is not None or c.komi is not None or c.handicap is not None:
        _setup(model, ch.GameSetup(c.game, ch.SetupSource.LISTING, c.size, c.komi, c.handicap))


def _another_game(game: FollowedGame, c: ch.GameFollowed) -> bool:
    """Is the game ``c`` follows another one than ``game``, which has its number? Numbers are
    reused: a closed game (over or adjourned) never takes a later game's lines, and a game
    whose players differ from the ones we know is another game."""
    if game.closed:
        return True
    return any(
        known and named and known != named
        for known, named in ((game.white, c.white), (game.black, c.black))
    )


def _claim_chat(model: ClientModel, game: FollowedGame) -> None:
    """The number's game chat is ``game``'s now: lines about an earlier game under the number
    start a new buffer (they stay in that game's log); lines about no known game are kept."""
    key = BufferKey(ChatKind.GAME, str(game.number))
    buf = model.buffers.get(key)
    if buf is None or buf.game == game.serial:
        return
    if not buf.game:
        buf.game = game.serial
        return
    model.apply(ch.BufferRestarted(key, game.serial))


def _unfollowed(model: ClientModel, c: ch.GameUnfollowed) -> None:
    game = model.followed.pop(c.game, None)
    if game is not None and game.phase is GamePhase.FINISHED:
        model.finished.append(FinishedGame.of(game))


def _recorded(model: ClientModel, c: ch.GameRecorded) -> None:
    game = model.followed.get(c.game)
    if game is not None and (not c.serial or c.serial == game.serial):
        game.record = c.location


def _game(model: ClientModel, number: int) -> FollowedGame | None:
    return model.followed.get(number)


def _seated(model: ClientModel, c: ch.PlayersSeated) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.seat_players(game, c)


def _resize(model: ClientModel, game: FollowedGame, size: int) -> bool:
    if not MIN_SIZE <= size <= MAX_SIZE:
        _note_sync_error(game, f"board size {size} refused (the rules engine plays 2-25)")
        return False
    game.resize(size)
    return True


def _setup(model: ClientModel, c: ch.GameSetup) -> None:
    game = _game(model, c.game)
    if game is None:
        return
    for name, value in (("size", c.size), ("komi", c.komi), ("handicap", c.handicap)):
        if value is None or c.source < game.setup_sources.get(name, ch.SetupSource.DEFAULT):
            continue
        if name == "size":
            assert isinstance(value, int)
            if value != game.size and not _resize(model, game, value):
                continue
        elif name == "komi":
            game.komi = game.board.komi = float(value)
            if c.source is ch.SetupSource.AGREED:
                game.komi_request = None
        else:
            game.handicap = int(value)
        game.setup_sources[name] = c.source


def _move(model: ClientModel, c: ch.MoveAdded) -> None:
    game = _game(model, c.game)
    if game is None:
        return
    if c.move.handicap:
        _setup(model, ch.GameSetup(c.game, ch.SetupSource.MOVES, handicap=c.move.handicap))
    if not game.add_move(c.move):
        return
    game.undo_declined_by = ""
    game_state.hand_over_clock(game, c.move.color, model.clock())
    summary = model.games.get(c.game)
    if summary is not None and summary.moves != game.last_number:
        model.apply(ch.GameMovesCounted(c.game, game.last_number))


def _free_handicap(model: ClientModel, c: ch.FreeHandicapPlaced) -> None:
    game = _game(model, c.game)
    if game is None or game.moves:
        return
    game.handicap = len(c.stones)
    game.moves.append(MoveRecord(1, Color.BLACK, None, handicap=len(c.stones)))
    try:
        game.board.setup(black=c.stones, to_move=Color.WHITE)
    except ValueError as exc:
        _note_sync_error(game, f"handicap stones not placed: {exc}")
        game.board.setup(to_move=Color.WHITE)


def _restarted(model: ClientModel, c: ch.MovesRestarted) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.reset_board()


def _undone(model: ClientModel, c: ch.MoveUndone) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.undo_requested_by = ""
        game.undo_declined_by = ""
        game.undo_last()


def _prisoners(model: ClientModel, c: ch.PrisonersCounted) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.count_prisoners(game, c)


def _clock(model: ClientModel, c: ch.ClockSet) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.set_clock(game, c, model.clock())


def _clocks_read(model: ClientModel, c: ch.ClocksRead) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.read_clocks(game, c, model.clock())


def _clocks_paused(model: ClientModel, c: ch.ClocksPaused) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.clocks_paused = c.paused


def _clocks_synced(model: ClientModel, c: ch.ClocksSynced) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.sync_clocks(game, c, model.clock())


def _time_system(model: ClientModel, c: ch.TimeSystemSet) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.set_time_system(game, c)


def _phase(model: ClientModel, c: ch.PhaseChanged) -> None:
    game = _game(model, c.game)
    if game is None:
        return
    game_state.change_phase(game, c, model.clock())
    if c.phase is not GamePhase.PLAYING:
        game.adjourn_requested_by = ""


def _dead(model: ClientModel, c: ch.DeadStonesMarked) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.mark_dead(game, c.points)


def _alive(model: ClientModel, c: ch.DeadStonesUnmarked) -> None:
    game = _game(model, c.game)
    if game is not None:
        game_state.mark_alive(game, c.points)


def _score_checked(model: ClientModel, c: ch.ScoreChecked) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.score_check = c.check


def _dead_cleared(model: ClientModel, c: ch.DeadStonesCleared) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.dead.clear()


def _scored(model: ClientModel, c: ch.GameScored) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.score_check = c.check
        game.result = c.result
    model.apply(ch.GameEnded(c.game, c.result))


def _undo_asked(model: ClientModel, c: ch.UndoAsked) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.undo_requested_by = c.by


def _adjourn_asked(model: ClientModel, c: ch.AdjournAsked) -> None:
    game = _game(model, c.game)
    if game is not None and game.phase is GamePhase.PLAYING:
        game.adjourn_requested_by = c.by


def _undo_declined(model: ClientModel, c: ch.UndoDeclined) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.undo_requested_by = ""
        game.undo_declined_by = c.by


def _komi_proposed(model: ClientModel, c: ch.KomiProposed) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.komi_request = c.komi


def _game_chat(model: ClientModel, c: ch.GameChat) -> None:
    game = _game(model, c.game)
    if game is not None and c.line.author.casefold() not in model.blocked:
        lines = game.says if c.said else game.kibitzes
        lines.append(c.line)
        game.chat_added += 1
        cap = model.limits.chat_lines
        if len(lines) > cap:  # the oldest go, a tenth at a time (not one per line)
            del lines[: len(lines) - cap + cap // 10]


def _observers(model: ClientModel, c: ch.ObserversCounted) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.observers = c.observers


def _observers_listed(model: ClientModel, c: ch.ObserversListed) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.observer_list = c.observers
        game.observers = len(c.observers)


def _own_toggle(model: ClientModel, c: ch.OwnToggleConfirmed) -> None:
    model.toggle_serial += 1
    model.own_toggles[c.name] = (c.value, model.toggle_serial)


def _messages_waiting(model: ClientModel, c: ch.MessagesWaiting) -> None:
    model.messages_waiting = max(0, c.count)


def _messages_listed(model: ClientModel, c: ch.MessagesListed) -> None:
    model.messages = c.messages
    model.messages_waiting = len(c.messages)


def _seek_setups(model: ClientModel, c: ch.SeekSetupsListed) -> None:
    # shortest first, as a time list reads (the server lists them in no order)
    model.seek_setups = tuple(
        sorted(c.setups, key=lambda s: (s.main_seconds, s.byo_seconds, s.byo_stones, s.index))
    )


def _seekers(model: ClientModel, c: ch.SeekersListed) -> None:
    model.seekers = c.seekers


def _seek_changed(model: ClientModel, c: ch.SeekChanged) -> None:
    model.seek = c.seek


def _stored_games(model: ClientModel, c: ch.StoredGamesListed) -> None:
    model.stored_games = c.games


def _rooms_listed(model: ClientModel, c: ch.RoomsListed) -> None:
    model.rooms = c.rooms


def _room_joined(model: ClientModel, c: ch.RoomJoined) -> None:
    model.room = c.number
    model.joined_rooms = (model.joined_rooms | {c.number}) if c.also else frozenset({c.number})


def _room_left(model: ClientModel, c: ch.RoomLeft) -> None:
    if c.number not in model.joined_rooms:
        return
    model.joined_rooms = model.joined_rooms - {c.number}
    if model.room == c.number:
        model.room = min(model.joined_rooms, default=None)


def _thinking(model: ClientModel, c: ch.Thinking) -> None:
    game = _game(model, c.game)
    if game is not None:
        game.thinking = None if c.since is None else (c.color, c.since)


def _sync_error(model: ClientModel, c: ch.SyncError) -> None:
    game = _game(model, c.game)
    if game is not None:
        _note_sync_error(game, c.text)


# challenges ---------------------------------------------------------------------------------------
def _challenge_opened(model: ClientModel, c: ch.ChallengeOpened) -> None:
    challenge = c.challenge
    if challenge.incoming and challenge.opponent.casefold() in model.blocked:
        return  # a blocked player's challenge is not shown
    challenges = model.challenges
    challenges.pop(challenge.opponent.lower(), None)
    while len(challenges) >= CHALLENGES:  # a flood of requests: the oldest go
        del challenges[next(iter(challenges))]
    challenges[challenge.opponent.lower()] = challenge


def _challenge_closed(model: ClientModel, c: ch.ChallengeClosed) -> None:
    model.challenges.pop(c.opponent.lower(), None)
    model.disputes.pop(c.opponent.lower(), None)


def _dispute(model: ClientModel, c: ch.DisputeOpened) -> None:
    disputes = model.disputes
    disputes.pop(c.dispute.opponent.lower(), None)
    while len(disputes) >= CHALLENGES:
        del disputes[next(iter(disputes))]
    disputes[c.dispute.opponent.lower()] = c.dispute


# session ------------------------------------------------------------------------------------------
def _passes_to_end(model: ClientModel, c: ch.PassesToEndSet) -> None:
    if c.passes >= 1:
        model.passes_to_end = c.passes


def _session_ended(model: ClientModel, c: ch.SessionEnded) -> None:
    for number in list(model.followed):
        model.apply(ch.GameUnfollowed(number))
    model.connection = ConnectionStatus()
    model.me = ""
    model.passes_to_end = DEFAULT_PASSES_TO_END
    model.players.replace_all(())
    model.games = {}
    model.finished.clear()
    model.games_ended = 0
    model.buffers.clear()
    model.console.clear()
    model.notifications.clear()
    model.messages = ()
    model.messages_waiting = 0
    model.cards.clear()
    model.results.clear()
    model.challenges.clear()
    model.disputes.clear()
    model.seek_setups = ()
    model.seekers = ()
    model.seek = None
    model.stored_games = None
    model.rooms = None
    model.room = None
    model.joined_rooms = frozenset()


def _limits(model: ClientModel, c: ch.LimitsSet) -> None:
    limits = model.limits = c.limits
    model.players.cap = limits.players
    model.finished = deque(model.finished, maxlen=limits.finished_list)
    model.console = deque(model.console, maxlen=limits.console_lines)
    for buf in model.buffers.values():
        buf.messages = deque(buf.messages, maxlen=limits.chat_lines)
    _release_finished(model)


# chat, console, notifications ---------------------------------------------------------------------
SERVER_TEXT_KINDS = frozenset({"notice", "info", "error"})
"""Chat kinds of what the server itself says: they never count as mentioning us."""


def _buffer_opened(model: ClientModel, c: ch.BufferOpened) -> None:
    model.ensure_buffer(c.key)


def _chat(model: ClientModel, c: ch.ChatAdded) -> None:
    own = c.kind == "own"
    if not own and c.author.casefold() in model.blocked:
        return  # blocked: their tells, shouts, says and kibitzes are not shown
    # A line without a sender (a server notice such as a channel's member list) names us
    # without speaking to us: never a mention.
    spoken = not own and bool(c.author) and c.kind not in SERVER_TEXT_KINDS
    highlight = spoken and c.author != model.me and mentions(c.text, model.me)
    text = c.text if len(c.text) <= TEXT_KEPT else c.text[:TEXT_KEPT] + "…"
    buf = model.ensure_buffer(c.key)
    buf.add(ChatMessage(c.author, text, c.timestamp, c.kind, highlight))
    model.activity += 1
    buf.active = model.activity
    if not own and (c.notify or highlight):
        key = c.key
        title = f"{c.author} ({key.label})" if key.kind is not ChatKind.TELL else c.author
        kind = "mention" if highlight and not c.notify else key.kind.value
        model.apply(ch.Notified(kind, title, c.text))
    if c.kind == "error":
        # A refusal is said where the user is looking (a toast, the accessible mode's
        # sentence) and in the console, named after who refused; the buffer (the system
        # buffer, or the conversation it is about) keeps the history.
        speaker = c.author or "server"
        model.apply(ch.ConsoleAdded(f"{speaker}: {c.text}", "error"))
        model.apply(ch.Notified("refusal", speaker, c.text, bell=False))


def _buffer_restarted(model: ClientModel, c: ch.BufferRestarted) -> None:
    if c.key in model.buffers:
        buf = model.buffers[c.key] = model.new_buffer(c.key)  # keeps its place in the list
        buf.game = c.serial


def _read(model: ClientModel, c: ch.BufferRead) -> None:
    buf = model.buffers.get(c.key)
    if buf is not None:
        buf.mark_read()
        model.activity += 1
        buf.active = model.activity


def _shown(model: ClientModel, c: ch.BufferShown) -> None:
    model.shown_buffer = c.key


def _console(model: ClientModel, c: ch.ConsoleAdded) -> None:
    text = c.text if len(c.text) <= TEXT_KEPT else c.text[:TEXT_KEPT] + "…"
    model.console.append(ConsoleLine(text, c.kind, c.outgoing))


def _console_lines(model: ClientModel, c: ch.ConsoleLinesAdded) -> None:
    model.console.extend(
        line if len(line.text) <= TEXT_KEPT else line._replace(text=line.text[:TEXT_KEPT] + "…")
        for line in c.lines
    )


def _notified(model: ClientModel, c: ch.Notified) -> None:
    model.notifications.append(Notification(c.kind, c.title, c.text, c.bell))


HANDLERS: dict[type[ch.Change], Handler] = {
    ch.ConnectionChanged: _connection,
    ch.PlayersReplaced: _players_replaced,
    ch.PlayersUpdated: _players_updated,
    ch.PlayersPruned: _players_pruned,
    ch.PlayerLeft: _player_left,
    ch.PlayerCardReceived: _card,
    ch.PlayerResultsReceived: _results,
    ch.SocialListsSet: _social,
    ch.GamesReplaced: _games_replaced,
    ch.GamesListed: _games_listed,
    ch.GameUnlisted: _game_unlisted,
    ch.GameMovesCounted: _moves_counted,
    ch.GameTitled: _titled,
    ch.GameEnded: _ended,
    ch.GameFollowed: _followed,
    ch.GameUnfollowed: _unfollowed,
    ch.GameRecorded: _recorded,
    ch.PlayersSeated: _seated,
    ch.GameSetup: _setup,
    ch.MoveAdded: _move,
    ch.FreeHandicapPlaced: _free_handicap,
    ch.MovesRestarted: _restarted,
    ch.MoveUndone: _undone,
    ch.PrisonersCounted: _prisoners,
    ch.ClockSet: _clock,
    ch.ClocksRead: _clocks_read,
    ch.ClocksSynced: _clocks_synced,
    ch.ClocksPaused: _clocks_paused,
    ch.TimeSystemSet: _time_system,
    ch.PhaseChanged: _phase,
    ch.DeadStonesMarked: _dead,
    ch.DeadStonesUnmarked: _alive,
    ch.DeadStonesCleared: _dead_cleared,
    ch.ScoreChecked: _score_checked,
    ch.GameScored: _scored,
    ch.UndoAsked: _undo_asked,
    ch.UndoDeclined: _undo_declined,
    ch.AdjournAsked: _adjourn_asked,
    ch.PassesToEndSet: _passes_to_end,
    ch.KomiProposed: _komi_proposed,
    ch.GameChat: _game_chat,
    ch.ObserversCounted: _observers,
    ch.ObserversListed: _observers_listed,
    ch.MessagesWaiting: _messages_waiting,
    ch.MessagesListed: _messages_listed,
    ch.SeekSetupsListed: _seek_setups,
    ch.SeekersListed: _seekers,
    ch.OwnToggleConfirmed: _own_toggle,
    ch.SeekChanged: _seek_changed,
    ch.StoredGamesListed: _stored_games,
    ch.RoomsListed: _rooms_listed,
    ch.RoomJoined: _room_joined,
    ch.RoomLeft: _room_left,
    ch.Thinking: _thinking,
    ch.SyncError: _sync_error,
    ch.ChallengeOpened: _challenge_opened,
    ch.ChallengeClosed: _challenge_closed,
    ch.DisputeOpened: _dispute,
    ch.BufferOpened: _buffer_opened,
    ch.ChatAdded: _chat,
    ch.BufferRestarted: _buffer_restarted,
    ch.BufferRead: _read,
    ch.ConsoleAdded: _console,
    ch.ConsoleLinesAdded: _console_lines,
    ch.Notified: _notified,
    ch.BufferShown: _shown,
    ch.LimitsSet: _limits,
    ch.SessionEnded: _session_ended,
}
