"""``review``: IGS's shared review of a finished game, as its ``56`` lines; NNGS's stub.

IGS describes a review in code-``56`` lines, one verb and the review's number first
(pzorin/qgo src/network/igsconnection.cpp:4290-4312, what IGS sent qGo)::

    56 CREATE 107
    56 DATA 107
    56 OWNER 107 eb5 3k
    56 BOARDSIZE 107 19
    56 OPEN 107 1
    56 KIBITZ 107 1
    56 KOMI 107 0.50
    56 TITLE 107 yfh22-eb5(B) IGS
    56 SGFNAME 107 yfh22-eb5-09-03-24
    56 WHITENAME 107 yfh22
    56 WHITERANK 107 1d?
    56 BLACKNAME 107 eb5
    56 BLACKRANK 107 3k
    56 GAMERESULT 107 B+Resign
    56 NODE 107 1 0 0 0
    56 NODE 107 2 1 16 4
    56 CONTROL 107 eb5
    56 DATAEND 107

``review create_prevgame`` (the request qGo's match board sent for its Review button,
src/game_interfaces/qgoboard_match.cpp:193) opens one on the player's last finished game;
``review quit N`` (src/network/igsconnection.cpp:169) leaves it. A ``NODE`` line is the node's
number, the colour (1 Black, 2 White, 0 the root) and the point, 1-based: the column from the
left and the row from the top here (the quoted moves, 16 4 / 16 16 / 4 4 / 4 16, are the four
corner star points, which does not tell the axes apart). The error for a player without a
finished game is this server's own wording (IGS's is not known); the other review commands
(``review files`` at the official client's login) are accepted silently. NNGS 1.1.22 answers
any ``review`` with three fixed lines (src/comproc.c:236-244).
"""

from __future__ import annotations

import time
from typing import TYPE_CHECKING

from igs_tui.go import Color, CoordinateError, parse_point
from igs_tui.localserver.lines import Line
from igs_tui.localserver.registry import command
from igs_tui.numbers import bounded_int

if TYPE_CHECKING:
    from igs_tui.localserver.games import ServerGame
    from igs_tui.localserver.hub import Hub
    from igs_tui.localserver.session import Session
    from igs_tui.localserver.users import User

NNGS_REVIEW: tuple[str, ...] = (
    "The currently loaded games:",
    "You cannot review multiple SGF files.",
    "You need review a game. 'review <loaded game>'.  File is a loaded file.",
)
"""NNGS 1.1.22 src/formats.h:2473, 2683, 2737."""

NO_PREVIOUS_GAME = "You have no finished game to review."

_COLOR_NUMBER = {Color.BLACK: 1, Color.WHITE: 2}


@command("review")
def cmd_review(hub: Hub, session: Session, user: User, args: str) -> None:
    if hub.dialect.name == "nngs":
        session.send([(9, text) for text in NNGS_REVIEW])
        return
    words = args.split()
    verb = words[0].lower() if words else ""
    if verb == "create_prevgame":
        _create(hub, session, user)
    elif verb == "quit" and len(words) == 2:
        number = bounded_int(words[1])
        if number is not None:
            hub.reviews.pop(number, None)
        session.prompt()
    else:
        session.prompt()


def _create(hub: Hub, session: Session, user: User) -> None:
    finished = hub.finished.get(user.key)
    if finished is None:
        session.send([(56, f"ERROR {NO_PREVIOUS_GAME}")])
        return
    game, result = finished
    hub.review_serial += 1
    number = hub.review_serial
    hub.reviews[number] = user.key
    session.send(review_lines(number, user, game, result))


def review_lines(number: int, owner: User, game: ServerGame, result: str) -> list[Line]:
    """The ``56`` block that opens review ``number`` of ``game`` for ``owner``."""
    stamp = time.strftime("%y-%m-%d", time.gmtime())
    head = [
        f"CREATE {number}",
        f"DATA {number}",
        f"OWNER {number} {owner.name} {owner.rank}",
        f"BOARDSIZE {number} {game.size}",
        f"OPEN {number} 1",
        f"KIBITZ {number} 1",
        f"KOMI {number} {game.komi:.2f}",
        f"TITLE {number} {game.white.name}-{game.black.name}(B) IGS",
        f"SGFNAME {number} {game.white.name}-{game.black.name}-{stamp}",
        f"WHITENAME {number} {game.white.name}",
        f"WHITERANK {number} {game.white.rank}",
        f"BLACKNAME {number} {game.black.name}",
        f"BLACKRANK {number} {game.black.rank}",
        f"GAMERESULT {number} {result}",
        f"NODE {number} 1 0 0 0",
    ]
    nodes: list[str] = []
    for record in game.records:
        try:
            point = parse_point(record.text, game.size)
        except CoordinateError:
            continue  # a pass or the handicap line: no stone to place
        if point is None:
            continue
        row_from_top = game.size - point.row
        color = _COLOR_NUMBER[record.color]
        nodes.append(f"NODE {number} {len(nodes) + 2} {color} {point.col + 1} {row_from_top}")
    tail = [f"NODE {number} 1 0 0 0", f"CONTROL {number} {owner.name}", f"DATAEND {number}"]
    return [(56, text) for text in (*head, *nodes, *tail)]
