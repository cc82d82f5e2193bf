"""What happens in a game and who hears about it.

Every function here changes a :class:`~.games.ServerGame` and sends the resulting blocks:
players get their lines with a ``1 6``/``1 7`` prompt, observers with ``1 8``, and quiet-off
users a 21 announcement where IGS makes one. Line texts follow the protocol spec, including
its quirks (the double prompt of an undo request, "Please type 'done again.", the blank lines
inside the end-of-game sequence).
"""

from __future__ import annotations

import re
import time
from typing import TYPE_CHECKING

from igs_tui.go import Color, IllegalMove, Point, format_point
from igs_tui.localserver import game_records
from igs_tui.localserver.dialect import dialect_text
from igs_tui.localserver.games import EVEN_KOMI, HANDICAP_KOMI, MoveRecord, Phase, ServerGame
from igs_tui.localserver.lines import (
    Line,
    format_result_line,
    format_score_line,
    loaded_game,
    match_announcement,
    result_announcement,
)
from igs_tui.localserver.matching import MatchRequest
from igs_tui.localserver.timecontrol import clock_view

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.users import User


# -- starting ------------------------------------------------------------------------------


def start_game(hub: Hub, request: MatchRequest) -> ServerGame:
    """Create the game an accepted request describes and tell both players."""
    color = request.color
    if color is None:
        color = hub.rng.choice((Color.BLACK, Color.WHITE))
    black = request.requester if color is Color.BLACK else request.target
    white = request.target if black is request.requester else request.requester
    komi = HANDICAP_KOMI if request.handicap else EVEN_KOMI
    game = ServerGame(
        number=hub.next_game_number(),
        white=white,
        black=black,
        size=request.size,
        komi=komi,
        control=request.control,
        nmatch=request.nmatch,
        passes_to_score=hub.dialect.passes_to_score,
    )
    hub.games[game.number] = game
    now = hub.now()
    handicap_move = None
    if request.handicap:
        game.rules.place_handicap(request.handicap)
        handicap_move = game.record_handicap(request.handicap)
        game.moved.add(Color.BLACK)
    for user, other in ((white, black), (black, white)):
        lines: list[Line] = [
            (9, f"Creating match [{game.number}] with {other.name}."),
            (9, "Please use say to talk to your opponent -- help say."),
        ]
        lines.extend((15, text) for text in game.heading(now))
        if handicap_move is not None:
            lines.append((15, handicap_move.line()))
        hub.send(user, lines)
    game.start_clock(now)
    _arm_greeting(hub, game, now)
    hub.announce(
        match_announcement(
            game.number,
            white.name,
            white.rank,
            black.name,
            black.rank,
            centred=hub.dialect.name == "nngs",
        )
    )
    hub.notify_agents(game)
    return game


def _arm_greeting(hub: Hub, game: ServerGame, now: float) -> None:
    seconds = hub.config.greeting_seconds
    if (
        seconds is None
        or game.title is not None
        or len(game.moved) >= 2
        or all(player.bot for player in game.players())
    ):
        game.greeting_deadline = None
    else:
        game.greeting_deadline = now + seconds


# -- broadcasting a move -------------------------------------------------------------------


def _move_block(
    hub: Hub, game: ServerGame, record: MoveRecord, extra: list[Line], now: float
) -> None:
    """Send a move to players and observers; ``now`` is the instant the clocks were switched,
    so the clock that just started shows its full remaining time."""
    block: list[Line] = [(15, text) for text in game.heading(now)]
    block.append((15, record.line()))
    block.extend(extra)
    title: list[Line] = [(9, f"Game is titled: {game.title}")] if game.title else []
    for user in game.players():
        hub.send(user, block)
    for user in list(game.observers):
        hub.send(user, block + title)


def play(hub: Hub, game: ServerGame, user: User, color: Color, point: Point | None) -> str | None:
    """Play (or pass) for ``color``; returns an error text for the mover, or None."""
    if game.phase is not Phase.PLAY:
        return "The game is not in play."
    if color is not game.to_move and game.title is None:
        return dialect_text(hub.dialect, "not_your_turn")
    try:
        move = game.rules.play(point, color)
    except IllegalMove as exc:
        return f"Illegal move: {exc}"
    now = hub.now()
    clock = game.clocks[color]
    timing = clock.stop(now) if clock.running else None
    if timing is not None and not timing.ok:
        game.rules.undo()
        time_loss(hub, game, color)
        return None
    record = game.record_move(color, point, move.captures)
    game.moved.add(color)
    game.undo_request = None
    game.adjourn_requests.clear()
    game.pause_requests.clear()
    extra: list[Line] = []
    if timing is not None and timing.entered_byoyomi:
        seconds, stones, _ = clock_view(clock, now)
        extra = [
            (9, f"The player {user.name} is now in byo-yomi."),
            (9, f"You have {stones} stones and {seconds // 60} minutes"),
        ]
    if game.rules.play_ended:
        game.begin_scoring()
        game.pause_clocks(now)
        game.greeting_deadline = None
        note: list[Line] = [
            (9, "You can check your score with the score command, type 'done' when finished.")
        ]
        head: list[Line] = [(15, text) for text in game.heading(now)]
        head.append((15, record.line()))
        # NNGS tells its players only that scoring began, not the pass that began it.
        echo = head if hub.dialect.echo_scoring_pass else []
        for player in game.players():
            hub.send(player, note + echo)
        for observer in list(game.observers):
            hub.send(observer, head)
    else:
        game.start_clock(now)
        _move_block(hub, game, record, extra, now)
        if game.greeting_deadline is not None:
            _arm_greeting(hub, game, now)
    hub.notify_agents(game)
    return None


def place_handicap(hub: Hub, game: ServerGame, count: int) -> str | None:
    if game.records or game.phase is not Phase.PLAY:
        return "Handicap can only be the first move."
    try:
        game.rules.place_handicap(count)
    except ValueError as exc:
        return str(exc)
    now = hub.now()
    game.clocks[Color.BLACK].stop(now)
    record = game.record_handicap(count)
    game.moved.add(Color.BLACK)
    game.start_clock(now)
    _move_block(hub, game, record, [], now)
    _arm_greeting(hub, game, now)
    hub.notify_agents(game)
    return None


# -- undo ----------------------------------------------------------------------------------


def undo_moves(hub: Hub, game: ServerGame, actor: User, requester: Color) -> None:
    """Undo back to and including ``requester``'s latest move; send the 28 lines."""
    undone: list[MoveRecord] = []
    while game.records:
        record = game.undo_last()
        undone.append(record)
        if record.color is requester:
            break
    if not undone:
        return
    now = hub.now()
    game.start_clock(now)
    undid = hub.dialect.undid_format
    player_lines: list[Line] = [(28, undid.format(name=actor.name, move=_short(r))) for r in undone]
    player_lines.append((None, ""))
    player_lines.extend((15, text) for text in game.heading(now))
    for player in game.players():
        hub.send(player, player_lines)
    for observer in list(game.observers):
        for record in undone:
            hub.send(
                observer,
                [
                    (
                        28,
                        f"Undo in game {game.number}: {game.white.name} vs "
                        f"{game.black.name}:   {_short(record)}",
                    )
                ],
            )
        tail: list[Line] = [(15, text) for text in game.heading(now)]
        if game.records:
            tail.append((15, game.records[-1].line()))
        tail.append((None, ""))
        hub.send(observer, tail)
    hub.notify_agents(game)


def _short(record: MoveRecord) -> str:
    return record.text


# -- scoring -------------------------------------------------------------------------------


def removal_error(game: ServerGame, point: Point) -> str | None:
    """Why ``point`` cannot be removed (spec: "You cannot remove a liberty."), or None."""
    scoring = game.scoring
    if scoring is None:
        return "The game is not being scored."
    if game.rules.get(point) is None or scoring.is_dead(point):
        return "You cannot remove a liberty."
    return None


def remove_stones(hub: Hub, game: ServerGame, user: User, point: Point) -> str | None:
    error = removal_error(game, point)
    if error is not None or game.scoring is None:
        return error
    game.scoring.toggle(point)
    game.done.clear()
    text = _name(game, point)
    lines: list[Line] = [
        (9, f"Removing @ {text}"),
        (49, f"Game {game.number} {user.name} is removing @ {text}"),
    ]
    for player in game.players():
        hub.send(player, lines)
    hub.notify_agents(game)
    return None


def _name(game: ServerGame, point: Point) -> str:
    return format_point(point, game.size)


def resume_play(hub: Hub, game: ServerGame, actor: User) -> None:
    """NNGS's ``undo`` in scoring: back to play, the removed stones back on the board, and the
    pass that began scoring taken back (so one pass more ends play again)."""
    game.phase = Phase.PLAY
    game.scoring = None
    game.done.clear()
    if game.records:
        undo_moves(hub, game, actor, game.records[-1].color)
    else:
        game.start_clock(hub.now())
        hub.notify_agents(game)


def restore_scoring(hub: Hub, game: ServerGame) -> None:
    if game.scoring is not None:
        game.scoring.restore()
    game.done.clear()
    lines: list[Line] = [
        (9, "Board is restored to what it was when you started scoring"),
        (9, "Please type 'done again."),
    ]
    for player in game.players():
        hub.send(player, lines)
    hub.notify_agents(game)


def type_done(hub: Hub, game: ServerGame, user: User, color: Color) -> None:
    game.done.add(color)
    if game.done >= {Color.BLACK, Color.WHITE} or game.white is game.black:
        finish_scored(hub, game)
        return
    opponent = game.player(color.opponent)
    hub.send(opponent, [(9, hub.dialect.done_echo.format(name=user.name))])
    hub.notify_agents(game)


def finish_scored(hub: Hub, game: ServerGame) -> None:
    score = game.score = game.final_score()
    now = hub.now()
    board: list[Line] = [(22, text) for text in game.status_block(now, score)]
    board.append((20, score_line(game, score.white, score.black)))
    winner = Color.WHITE if score.white > score.black else Color.BLACK
    winner_user = None if score.white == score.black else game.player(winner)
    summary = f"W {score.white:.1f} B {score.black:.1f}"
    if hub.dialect.result_as_resign:
        # NNGS: the players get the count and then "<loser> has resigned the game."; the
        # announcement (all observers get) calls it a resignation, with the score after it.
        loser = winner.opponent
        word = "White" if loser is Color.WHITE else "Black"
        board.append((9, f"{game.player(loser).name} has resigned the game."))
        end_game(
            hub,
            game,
            board,
            winner_user,
            f"{word} resigns. {summary}",
            completed=True,
            observers_announced=True,
        )
        return
    for observer in list(game.observers):
        hub.send(observer, board)
    end_game(hub, game, board, winner_user, summary, completed=True)


def score_line(game: ServerGame, white: float, black: float) -> str:
    """The 20 line for ``game`` (White first, as the spec's example)."""
    return format_score_line(game.white.name, white, game.black.name, black)


# -- ending --------------------------------------------------------------------------------


def end_game(
    hub: Hub,
    game: ServerGame,
    lines: list[Line],
    winner: User | None,
    summary: str,
    *,
    completed: bool = False,
    observer_lines: list[Line] | None = None,
    epilogue: list[Line] | None = None,
    observers_announced: bool = False,
) -> None:
    """Finish ``game``: the reason lines, "Removed game file", stats and the announcement."""
    before = {user.key: hub.prompt_state(user) for user in game.players()}
    game.phase = Phase.OVER
    game.pause_clocks(hub.now())
    game.greeting_deadline = None
    hub.games.pop(game.number, None)
    keep_record(hub, game, winner, summary)
    if winner is not None and game.white is not game.black:
        loser = game.opponent(winner)
        winner.won += 1
        if loser is not None:
            loser.lost += 1
            record_result(hub, game, winner, loser, summary)
    removed: list[Line] = [(None, ""), (9, f"Removed game file {game.file_name} from database.")]
    for user in game.players():
        session = user.session
        if session is None:
            continue
        state = before[user.key]
        session.send(lines, prompt=False)
        session.write_raw(_prompt(session.client_mode, state))
        if completed:
            session.send([(None, ""), (9, "game completed.")], prompt=False)
            session.write_raw(_prompt(session.client_mode, state))
        session.send((epilogue or []) + removed)
    announcement = result_announcement(game.number, game.white.name, game.black.name, summary)
    if observer_lines is not None:
        for observer in list(game.observers):
            hub.send(observer, observer_lines)
    observers = list(game.observers)
    if observers_announced:
        for observer in observers:
            hub.send(observer, [(21, announcement)])
    game.observers.clear()
    hub.announce(announcement, also_exclude=observers if observers_announced else ())
    hub.notify_agents(game)


def keep_record(hub: Hub, game: ServerGame, winner: User | None, summary: str) -> None:
    """The server's SGF of the game, as IGS and NNGS keep one (see :mod:`.game_records`)."""
    color = game.color_of(winner) if winner is not None else None
    result = game_records.sgf_result(color, summary, game.score)
    text = game_records.game_sgf(game, result=result, score=game.score)
    hub.game_records.append((game.file_name, text))
    del hub.game_records[: -hub.config.records_kept]
    side = {Color.BLACK: "B", Color.WHITE: "W"}.get(color) if color is not None else None
    word = _result_word(summary)
    shown = f"{side}+{word}" if side and word else (result or "?")
    for player in game.players():
        hub.finished[player.key] = (game, shown)  # ``review create_prevgame``
    try:
        game_records.save_record(hub.config.records_dir, game.file_name, text)
    except OSError:
        pass  # a full or read-only disk must not end the game for its players


RESULTS_KEPT = 50
"""``results`` lines kept per user and for the whole server (NNGS truncates its files too)."""

_SCORE_RE = re.compile(r"W (-?\d{1,6}\.\d) B (-?\d{1,6}\.\d)")


def _result_word(summary: str) -> str | None:
    """What follows ``W+`` in a results line: the margin, ``Resign`` or ``Time``."""
    m = _SCORE_RE.search(summary)
    if m is not None:
        return f"{abs(float(m.group(1)) - float(m.group(2))):.1f}"
    if "forfeits" in summary:
        return "Time"
    if "resigns" in summary:
        return "Resign"
    return None


def record_result(hub: Hub, game: ServerGame, winner: User, loser: User, summary: str) -> None:
    """Keep the finished game for ``results`` (the winner's, the loser's and the server's)."""
    word = _result_word(summary)
    color = game.color_of(winner)
    if word is None or color is None:
        return
    line = format_result_line(
        winner.name,
        winner.rank,
        "W" if color is Color.WHITE else "B",
        loser.name,
        loser.rank,
        game.handicap,
        game.komi,
        game.size,
        word,
        time.strftime(hub.dialect.results_stamp, time.gmtime()),
        hub.dialect.results_rated_mark and game.rated,
    )
    for kept in (winner.results, loser.results, hub.results):
        kept.append(line)
        del kept[:-RESULTS_KEPT]


def _prompt(client: bool, state: int) -> str:
    return f"1 {state}\r\n" if client else "#> "


def resign(hub: Hub, game: ServerGame, user: User, color: Color) -> None:
    winner = game.player(color.opponent)
    word = "White" if color is Color.WHITE else "Black"
    lines: list[Line] = [(9, f"{user.name} has resigned the game.")]
    end_game(hub, game, lines, winner, f"{word} resigns.", observer_lines=lines)


def time_loss(hub: Hub, game: ServerGame, color: Color) -> None:
    loser = game.player(color)
    winner = game.player(color.opponent)
    word = "White" if color is Color.WHITE else "Black"
    lines: list[Line] = [(9, f"{loser.name} has run out of time.")]
    end_game(hub, game, lines, winner, f"{word} forfeits on time.", observer_lines=lines)


def greeting_loss(hub: Hub, game: ServerGame, color: Color) -> None:
    """The first move did not come in time (spec: "lost the game 88 due to no-greeting")."""
    loser = game.player(color)
    reason = "no-move" if color in game.said else "no-greeting"
    lines: list[Line] = [(9, f"{loser.name} has run out of time.")]
    epilogue: list[Line] = [
        (9, f"{loser.name} lost the game {game.number} due to {reason}. move 0 points."),
    ]
    word = "White" if color is Color.WHITE else "Black"
    end_game(
        hub,
        game,
        lines,
        game.player(color.opponent),
        f"{word} forfeits on time.",
        observer_lines=lines,
        epilogue=epilogue,
    )


def check_time(hub: Hub, game: ServerGame, now: float) -> None:
    if game.clock_stopped:
        return
    if game.greeting_deadline is not None and now > game.greeting_deadline:
        greeting_loss(hub, game, game.to_move)
        return
    color = game.to_move
    if game.clocks[color].expired(now):
        game.clocks[color].stop(now)
        time_loss(hub, game, color)


# -- adjourning ----------------------------------------------------------------------------


def adjourn(hub: Hub, game: ServerGame, reason: str | None = None) -> None:
    now = hub.now()
    game.pause_clocks(now)
    game.greeting_deadline = None
    game.adjourn_requests.clear()
    hub.games.pop(game.number, None)
    lines: list[Line] = []
    if reason:
        lines.append((9, reason))
    lines.append(
        (9, f"{{Game {game.number}: {game.white.name} vs {game.black.name} has adjourned.}}")
    )
    if game.white is not game.black:
        hub.adjourned[frozenset((game.white.key, game.black.key))] = game
    for user in game.players() + list(game.observers):
        hub.send(user, lines)
    game.observers.clear()
    hub.announce(f"{{Game {game.number}: {game.white.name} vs {game.black.name} has adjourned.}}")
    hub.notify_agents(game)


def load(hub: Hub, game: ServerGame) -> None:
    """Resume an adjourned game under a fresh number; both players get the full move list
    (IGS), or on NNGS the ``{Game N: W vs B @ Move K}`` heading and only the last move."""
    game.number = hub.next_game_number()
    hub.games[game.number] = game
    now = hub.now()
    for user, other in ((game.white, game.black), (game.black, game.white)):
        if hub.dialect.name == "nngs":
            heading = loaded_game(game.number, game.white.name, game.black.name, len(game.records))
            block: list[Line] = [(21, heading)]
            block.extend((15, text) for text in game.heading(now))
            block.extend((15, record.line()) for record in game.records[-1:])
            hub.send(user, block)
            continue
        block = [(9, f"Creating match [{game.number}] with {other.name}.")]
        block.extend((15, text) for text in game.heading(now))
        block.extend((15, record.line()) for record in game.records)
        hub.send(user, block)
    if hub.dialect.pause_short_loads:
        _pause_if_short(hub, game)
    else:
        game.clock_stopped = False
    game.start_clock(now)
    hub.notify_agents(game)


LOAD_TIME_WARNING = 30
"""NNGS 1.1.22 src/gameproc.c:1562; compared with White's clock in tenths of a second (3 s)
and with Black's in seconds (30 s), as its code does (src/gameproc.c:1706-1725)."""


def _pause_if_short(hub: Hub, game: ServerGame) -> None:
    """NNGS pauses a loaded game when a player in main time of a game without byo-yomi, or
    in byo-yomi, is short of time (src/gameproc.c:1700-1739), and tells both players; a game
    adjourned while paused comes back paused. ``unpause`` resumes it."""
    now = hub.now()

    def left(color: Color) -> tuple[int, bool]:
        seconds, _stones, _ = clock_view(game.clocks[color], now)
        clock = game.clocks[color]
        return seconds, not game.control.byo_time or clock.in_byoyomi

    (white_left, white_open), (black_left, black_open) = left(Color.WHITE), left(Color.BLACK)
    white_short = white_open and white_left * 10 < LOAD_TIME_WARNING
    black_short = black_open and black_left < LOAD_TIME_WARNING
    white, black = game.white, game.black
    if white_short and black_short:
        both = (9, f"Both players have less than {LOAD_TIME_WARNING} seconds left.")
        hub.send(white, [both], prompt=False)
        hub.send(black, [both], prompt=False)
    elif white_short:
        hub.send(white, [(9, f"You have only {white_left} seconds left.")], prompt=False)
        hub.send(black, [(9, f"White has only {white_left} seconds left.")], prompt=False)
    elif black_short:
        hub.send(white, [(9, f"Black has only {black_left} seconds left.")], prompt=False)
        hub.send(black, [(9, f"You have only {black_left} seconds left.")], prompt=False)
    if white_short or black_short:
        game.clock_stopped = True
    if game.clock_stopped:
        for player in game.players():
            hub.send(player, [(9, CLOCK_PAUSED_UNPAUSE)])


CLOCK_PAUSED_UNPAUSE = 'Game clock paused. Use "unpause" to resume.'
"""NNGS 1.1.22 src/formats.h:2047 (bernds/q5Go src/parser.cpp:868 quotes it)."""
