"""Commands inside games: moves, pass, handicap, undo family, scoring, resign, adjourn, load,
komi, addtime, and the game views (observe, moves, time, status/refresh).

When a user plays one game the game number may be left out; with several games it must be
given (``D4 12``, ``undo 12``), as the spec's "Multiple games vs. single game" section says.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from igs_tui.go import Color, CoordinateError, Point, parse_point
from igs_tui.localserver import gameflow, lines
from igs_tui.localserver.dialect import dialect_text
from igs_tui.localserver.games import Phase, ServerGame
from igs_tui.localserver.lines import Line
from igs_tui.localserver.registry import command, move_handler
from igs_tui.numbers import bounded_int

if TYPE_CHECKING:
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User


def _my_game(
    hub: Hub, session: Session, user: User, args: str
) -> tuple[ServerGame, Color, str] | None:
    """Find the game a player means: a leading/trailing number, or their only game."""
    games = hub.games_of(user)
    words = args.split()
    number = None
    if words and (last := bounded_int(words[-1])) is not None:
        number = last
        words = words[:-1]
    elif words and (first := bounded_int(words[0])) is not None:
        number = first
        words = words[1:]
    if number is not None:
        chosen = [g for g in games if g.number == number]
        if not chosen:
            session.send([(5, f"You are not playing game {number}.")])
            return None
        game = chosen[0]
    elif len(games) == 1:
        game = games[0]
    elif not games:
        session.send([(5, "You are not playing a game.")])
        return None
    else:
        session.send([(5, "You are playing more than one game: please give the game number.")])
        return None
    color = game.color_of(user)
    assert color is not None
    if game.white is game.black:
        color = game.to_move
    return game, color, " ".join(words)


def _refuses_number(hub: Hub, session: Session, verb: str, args: str) -> bool:
    """NNGS takes ``done``, ``adjourn`` and ``resign`` without a game number: with one it
    answers with its three-line usage error."""
    if verb in hub.dialect.unnumbered and args.split():
        session.send(lines.usage_error(verb))
        return True
    return False


@move_handler
def cmd_move(hub: Hub, session: Session, user: User, args: str) -> None:
    """``D4 [game]`` or ``pass [game]``: a move in play, a removal in scoring."""
    word, _, rest = args.partition(" ")
    found = _my_game(hub, session, user, rest)
    if found is None:
        return
    game, color, _ = found
    point: Point | None = None
    if word.lower() != "pass":
        try:
            point = parse_point(word, game.size)
        except CoordinateError as exc:
            session.send([(5, f"Illegal coordinate: {exc}")])
            return
    if game.clock_stopped and game.phase is Phase.PLAY:
        # NNGS 1.1.22 src/gameproc.c:455-458 (FORMAT_GAME_CLOCK_IS_PAUSED_USE_qUNPAUSEq...)
        session.send([(9, 'Game clock is paused, use "unpause" to resume.')])
        return
    if game.phase is Phase.SCORING:
        if point is None:
            session.send([(5, dialect_text(hub.dialect, "pass_in_scoring"))])
            return
        error = gameflow.removal_error(game, point)
        if error:
            session.send([(5, error)])
            return
        session.prompt()  # the empty answer; the removal block follows (a double prompt)
        gameflow.remove_stones(hub, game, user, point)
        return
    error = gameflow.play(hub, game, user, color, point)
    if error:
        session.send([(5, error)])


@command("handicap")
def cmd_handicap(hub: Hub, session: Session, user: User, args: str) -> None:
    """``handicap N [game]``: Black's first move places N fixed stones."""
    count, _, rest = args.partition(" ")
    found = _my_game(hub, session, user, rest)
    if found is None:
        return
    game, color, _ = found
    stones = bounded_int(count)
    if color is not Color.BLACK or stones is None or not 2 <= stones <= 9:
        session.send([(5, "Usage: handicap <2-9> (Black's first move)")])
        return
    error = gameflow.place_handicap(hub, game, stones)
    if error:
        session.send([(5, error)])


@command("undoplease")
def cmd_undoplease(hub: Hub, session: Session, user: User, args: str) -> None:
    found = _my_game(hub, session, user, args)
    if found is None:
        return
    game, color, _ = found
    opponent = game.player(color.opponent)
    if game.phase is not Phase.PLAY or not any(r.color is color for r in game.records):
        session.send([(5, "There is no move of yours to undo.")])
        return
    if game.noundo:
        session.send([(9, f"{opponent.name} declines undo.")])
        return
    if not opponent.flag("newundo"):
        session.send([(5, "Opponent's client does not support undoplease.")])
        return
    game.undo_request = color
    session.send([(9, "Requesting undo.")])
    # The real server sends this notification with a double prompt (spec: "IGS bug").
    hub.send(opponent, [(24, f"*SYSTEM*: {user.name} requests undo.")])
    if opponent.session is not None:
        opponent.session.prompt()
    agent = hub.agents.get(opponent.key)
    if agent is not None:
        agent.on_undo_request(game)


@command("undo")
def cmd_undo(hub: Hub, session: Session, user: User, args: str) -> None:
    """Accept an undo request, take back one's own last move, or restore scoring.

    On NNGS there are no requests: the player to move types ``undo`` and the opponent's last
    move is taken back.
    """
    found = _my_game(hub, session, user, args)
    if found is None:
        return
    game, color, _ = found
    if game.phase is Phase.SCORING:
        if hub.dialect.scoring_undo_resumes_play:
            gameflow.resume_play(hub, game, user)
        else:
            gameflow.restore_scoring(hub, game)  # unanswered: only the broadcast block
        return
    if hub.dialect.undo_by_mover:
        if color is not game.to_move:
            session.send([(5, "It is not your move.")])
        elif game.records and game.records[-1].color is color.opponent:
            gameflow.undo_moves(hub, game, user, color.opponent)
        else:
            session.send([(5, "There is no move to undo.")])
        return
    if game.undo_request is color.opponent:
        game.undo_request = None
        gameflow.undo_moves(hub, game, user, color.opponent)
        return
    if game.records and game.records[-1].color is color and not game.noundo:
        gameflow.undo_moves(hub, game, user, color)
        return
    session.send([(5, "There is no undo request to answer.")])


@command("noundo")
def cmd_noundo(hub: Hub, session: Session, user: User, args: str) -> None:
    found = _my_game(hub, session, user, args)
    if found is None:
        return
    game, _, _ = found
    game.undo_request = None
    game.noundo = True
    for player in game.players():
        hub.send(player, [(9, f"{user.name} declines undo.")])


@command("done")
def cmd_done(hub: Hub, session: Session, user: User, args: str) -> None:
    if _refuses_number(hub, session, "done", args):
        return
    found = _my_game(hub, session, user, args)
    if found is None:
        return
    game, color, _ = found
    if game.phase is not Phase.SCORING:
        session.send([(5, dialect_text(hub.dialect, "done_not_scoring"))])
        return
    session.prompt()
    gameflow.type_done(hub, game, user, color)


@command("score")
def cmd_score(hub: Hub, session: Session, user: User, args: str) -> None:
    """``score``: the count so far (22 board + 20 line) while removing dead stones."""
    game = _any_game(hub, session, user, args)
    if game is None:
        return
    if game.phase is not Phase.SCORING:
        session.send([(5, "The game is not being scored.")])
        return
    score = game.final_score()
    out: list[Line] = [(22, text) for text in game.status_block(hub.now(), score)]
    out.append((20, gameflow.score_line(game, score.white, score.black)))
    session.send(out)


@command("resign")
def cmd_resign(hub: Hub, session: Session, user: User, args: str) -> None:
    if _refuses_number(hub, session, "resign", args):
        return
    found = _my_game(hub, session, user, args)
    if found is None:
        return
    game, color, _ = found
    gameflow.resign(hub, game, user, color)


@command("adjourn")
def cmd_adjourn(hub: Hub, session: Session, user: User, args: str) -> None:
    if _refuses_number(hub, session, "adjourn", args):
        return
    found = _my_game(hub, session, user, args)
    if found is None:
        return
    game, color, _ = found
    game.adjourn_requests.add(color)
    if game.adjourn_requests >= {Color.BLACK, Color.WHITE}:
        gameflow.adjourn(hub, game)
        return
    opponent = game.player(color.opponent)
    if hub.dialect.coded_adjourn:
        hub.send(opponent, [(48, f"Game {game.number} {user.name} requests an adjournment")])
    else:
        hub.send(
            opponent,
            [
                (9, f"{user.name} would like to adjourn the game."),
                (9, "Use adjourn to adjourn the game."),
            ],
        )
    session.send([(9, dialect_text(hub.dialect, "adjourn_sent", game=game.number))])
    agent = hub.agents.get(opponent.key)
    if agent is not None:
        agent.on_game_update(game)


@command("load")
def cmd_load(hub: Hub, session: Session, user: User, args: str) -> None:
    """``load <opponent>`` or ``load <white>-<black>``: resume an adjourned game (NNGS takes
    only the ``white-black`` game name)."""
    if hub.dialect.load_by_pair and "-" not in args:
        session.send([(5, lines.LOAD_REFUSED)])
        return
    names = [n.lower() for n in args.replace("-", " ").split()]
    names = [n for n in names if n != user.key]
    if len(names) != 1:
        session.send([(5, "Usage: load <opponent> (or load <white>-<black>)")])
        return
    game = hub.adjourned.get(frozenset((user.key, names[0])))
    if game is None:
        session.send([(5, f"There is no adjourned game with {names[0]}.")])
        return
    opponent = game.opponent(user)
    if opponent is None or not opponent.online:
        session.send([(5, dialect_text(hub.dialect, "not_logged_on", name=names[0]))])
        return
    del hub.adjourned[frozenset((user.key, names[0]))]
    gameflow.load(hub, game)


@command("komi")
def cmd_komi(hub: Hub, session: Session, user: User, args: str) -> None:
    """``komi <value>``: propose a komi; it is set when the opponent sends the same value.

    ``nmatch`` has no komi field, so this is how a game's komi is agreed, as on IGS: the
    opponent sees ``X wants the komi to be  0.5``; once both asked for the same value both
    get ``Set the komi to 0.5``. Bots agree to what their opponent proposes.
    """
    words = args.split()
    try:
        value = float(words[0]) if len(words) == 1 else None
    except ValueError:
        value = None
    if value is None or not -100.0 <= value <= 100.0 or (value * 2) % 1:
        session.send([(5, "Usage: komi <value> (a whole or half number)")])
        return
    games = [g for g in hub.games_of(user) if g.phase is Phase.PLAY]
    if len(games) != 1:
        text = "You are not playing a game." if not games else "You are playing more than one game."
        session.send([(5, text)])
        return
    game = games[0]
    color = game.color_of(user)
    if color is None or game.white is game.black:
        session.send([(5, "You are not playing a game.")])
        return
    opponent = game.player(color.opponent)
    offer = hub.dialect.komi_offer
    if game.komi_request == (color.opponent, value):
        game.komi_request = None
        game.komi = value
        game.rules.komi = value
        agreed = lines.komi_now(value) if offer else (9, f"Set the komi to {value:.1f}")
        for player in game.players():  # observers are not told (as on NNGS; IGS shows it
            hub.send(player, [agreed])  # them in the next heading's GAMERPROPS)
        return
    game.komi_request = (color, value)
    if offer:
        hub.send(opponent, lines.komi_offer(user.name, value))
    else:
        hub.send(opponent, [(9, f"{user.name} wants the komi to be {value:4.1f}")])
    session.prompt()
    agent = hub.agents.get(opponent.key)
    agree = getattr(agent, "on_komi_request", None)
    if agree is not None:
        agree(game, value)


@command("addtime")
def cmd_addtime(hub: Hub, session: Session, user: User, args: str) -> None:
    """``addtime [game] minutes``: no answer, both players get the Increase line."""
    words = args.split()
    games = hub.games_of(user)
    game = None
    minutes_text = ""
    if len(words) == 2 and (number := bounded_int(words[0])) is not None:
        game = next((g for g in games if g.number == number), None)
        minutes_text = words[1]
    elif len(words) == 1 and len(games) == 1:
        game, minutes_text = games[0], words[0]
    minutes = bounded_int(minutes_text)
    if game is None or minutes is None or minutes <= 0:
        session.prompt()  # "If the addtime command fails ... you will receive an empty response."
        return
    color = game.color_of(user)
    assert color is not None
    opponent = game.player(color.opponent)
    game.clocks[color.opponent].add(minutes * 60)
    if hub.dialect.two_sided_addtime:
        # a real NNGS 1.1.22, first-hand (bernds/q5Go src/parser.cpp:856-862 quotes both)
        hub.send(user, [(9, f"{minutes} minutes were added to your opponents clock")])
        hub.send(opponent, [(9, f"your opponent has added {minutes} minutes to your clock.")])
        return
    for player in game.players():
        hub.send(player, [(9, f"Increase {opponent.name}'s time by {minutes} minutes")])


def _timed_game(hub: Hub, session: Session, user: User, args: str) -> ServerGame | None:
    """Our game in play, for ``pause``/``unpause`` (NNGS's refusals, src/gameproc.c:601-660)."""
    games = [g for g in hub.games_of(user) if g.phase is Phase.PLAY and g.white is not g.black]
    number = bounded_int(args.split()[0]) if args.split() else None
    if number is not None:
        games = [g for g in games if g.number == number]
    if len(games) != 1:
        session.send([(5, "You are not playing a game.")])
        return None
    return games[0]


@command("pause")
def cmd_pause(hub: Hub, session: Session, user: User, args: str) -> None:
    """``pause``: ask to stop both clocks; the opponent's ``pause`` agrees. In the words of
    NNGS 1.1.22 (src/gameproc.c:601-645; the dialect says why NNGS itself answers nothing)."""
    game = _timed_game(hub, session, user, args)
    if game is None:
        return
    if game.control.settings.unlimited:
        session.send([(5, "You can't pause untimed games.")])
        return
    if game.clock_stopped:
        session.send([(5, 'Game is already paused, use "unpause" to resume.')])
        return
    if not hub.dialect.pause_by_request:
        session.prompt()  # NNGS 1.1.22: the request is never recorded, nothing is said
        return
    color = game.color_of(user)
    assert color is not None
    opponent = game.player(color.opponent)
    if color.opponent in game.pause_requests:
        game.stop_clock(hub.now())
        hub.send(opponent, [(9, f"{user.name} accepted pause. Game clock paused.")])
        session.send([(9, "Game clock paused.")])
        return
    game.pause_requests.add(color)
    hub.send(opponent, [(9, f"{user.name} requests to pause the game.")])
    session.send([(9, "Pause request sent.")])
    agree = getattr(hub.agents.get(opponent.key), "on_pause_request", None)
    if agree is not None:
        agree(game)


@command("unpause")
def cmd_unpause(hub: Hub, session: Session, user: User, args: str) -> None:
    """``unpause``: either player starts the clocks again; both are told ``Game clock
    resumed.`` (NNGS 1.1.22 src/gameproc.c:647-666, src/formats.h:2053-2056)."""
    game = _timed_game(hub, session, user, args)
    if game is None:
        return
    if not game.clock_stopped:
        session.send([(5, "Game is not paused.")])
        return
    game.resume_clock(hub.now())
    opponent = game.opponent(user)
    if opponent is not None:
        hub.send(opponent, [(9, "Game clock resumed.")])
    session.send([(9, "Game clock resumed.")])


def _any_game(hub: Hub, session: Session, user: User, args: str) -> ServerGame | None:
    words = args.split()
    if words and (number := bounded_int(words[0])) is not None:
        game = hub.games.get(number)
        if game is None:
            session.send([(5, f"There is no game {words[0]}.")])
        return game
    mine = hub.games_of(user) + hub.observed_by(user)
    if not mine:
        session.send([(5, "You are not playing or observing a game.")])
        return None
    return mine[0]


@command("moves")
def cmd_moves(hub: Hub, session: Session, user: User, args: str) -> None:
    game = _any_game(hub, session, user, args)
    if game is None:
        return
    out: list[Line] = [(15, text) for text in game.heading(hub.now())]
    out.extend((15, record.line()) for record in game.records)
    session.send(out)


@command("time")
def cmd_time(hub: Hub, session: Session, user: User, args: str) -> None:
    """``time [game]``; an observer without a number gets every observed game (spec)."""
    if not args.split() and not hub.games_of(user) and hub.observed_by(user):
        now = hub.now()
        session.send([line for g in hub.observed_by(user) for line in g.time_block(now)])
        return
    game = _any_game(hub, session, user, args)
    if game is None:
        return
    session.send(game.time_block(hub.now()))


@command("status", "refresh")
def cmd_status(hub: Hub, session: Session, user: User, args: str) -> None:
    game = _any_game(hub, session, user, args)
    if game is None:
        return
    session.send([(22, text) for text in game.status_block(hub.now())])


@command("observe")
def cmd_observe(hub: Hub, session: Session, user: User, args: str) -> None:
    words = args.split()
    number = bounded_int(words[0]) if words else None
    if number is None:
        session.send([(5, "Usage: observe <game number>")])
        return
    game = hub.games.get(number)
    if game is None:
        session.send([(5, f"There is no game {words[0]}.")])
        return
    if user in game.observers:
        _stop_observing(hub, session, user, game)
        return
    if game.color_of(user) is not None:
        session.send([(5, "You cannot observe a game you are playing.")])
        return
    game.observers.append(user)
    out: list[Line] = [(9, "Adding game to observation list.")]
    out.extend((15, text) for text in game.heading(hub.now()))
    out.extend((15, record.line()) for record in game.records)
    if game.title:
        out.append((9, f"Game is titled: {game.title}"))
    session.send(out)


@command("unobserve")
def cmd_unobserve(hub: Hub, session: Session, user: User, args: str) -> None:
    words = args.split()
    if hub.dialect.unobserve_toggles and words:
        cmd_observe(hub, session, user, args)  # NNGS: the same toggle as observe
        return
    games = hub.observed_by(user)
    if words and (number := bounded_int(words[0])) is not None:
        games = [g for g in games if g.number == number]
    if not games:
        session.send([(5, "You are not observing that game.")])
        return
    for game in games:
        _stop_observing(hub, session, user, game)


def _stop_observing(hub: Hub, session: Session, user: User, game: ServerGame) -> None:
    game.observers.remove(user)
    session.send([(9, f"Removing game {game.number} from observation list.")])
