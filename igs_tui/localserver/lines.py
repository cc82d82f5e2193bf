"""The IGS wire format: every server line igs-tui writes, in the layouts of the protocol spec.

This is the one module that formats IGS lines. The embedded server sends them, and the tests
and benchmarks feed them to the parser (a round trip through
:mod:`igs_tui.backends.igs.protocol.readers` proves both sides agree). The ``format_*``
functions return the text *after* the reply code. The session adds the code in client mode
(``"15 "``, ``"42 "`` ...) and leaves it out in non-client mode. Messages that carry their own
codes (a tell, a say with its blank line, a match offer) are :data:`Line` values ``(code,
text)``; :func:`client_lines` renders any of them as a client-mode session would. Column
layouts were measured on the examples in ``specs/igs-protocol.md``:

* ``user`` (42)::

    Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language
      isfadm02  <None>          Japan     2k    0/   0  -   -   25s    QX default

  name right-aligned in 10, two spaces, info in 14, two spaces, country in 9, rank
  right-aligned in 3 plus the ``*`` (established rank) column, won and lost in 4, observed
  game in 3, played game in 4, idle in 6, four spaces, two flag characters, language.

* ``games`` (7)::

    [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)
    [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)

* ``who`` (27) is not shown in the spec; we use two entries per line separated by ``|``, each
  ``flags obs play name idle rank`` (``--`` for no game), under the header
  ``Info Name Idle Rank | Info Name Idle Rank`` as the real server prints it.

* The status board (22): two player lines then one line per *column* (``A`` = 0) whose
  characters run from the top row down, as in the spec's example where the stones of a
  game played at B2/B3 appear in line 1 at positions 16 and 17. Digits: ``0`` black stone,
  ``1`` white stone, ``2`` empty (during play), ``3`` dame, ``4`` white territory, ``5``
  black territory.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from igs_tui.go import Color, Point

Line = tuple[int | None, str]
"""A reply code (None for an uncoded line such as a blank one) and the text after it."""

USER_HEADER = "Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language"
GAMES_HEADER = "[##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)"
WHO_HEADER = "Info       Name          Idle   Rank |  Info       Name          Idle   Rank"
NMATCH_USAGE = (
    "Usage :",
    "nmatch <oppname> <color(BWN)> <handicap> <boardsize(2-19)> <time(sec)> <byotime(sec)>",
    "<byomoves(0-25)> <koryocount> <koryosec(sec)> <prebyoyomi(sec)>",
)

BLACK_STONE = "0"
WHITE_STONE = "1"
EMPTY = "2"
DAME = "3"
WHITE_TERRITORY = "4"
BLACK_TERRITORY = "5"


def format_idle(seconds: float) -> str:
    """Idle time as IGS shows it: ``25s``, ``1m``, ``3h``."""
    s = max(0, int(seconds))
    if s < 60:
        return f"{s}s"
    if s < 3600:
        return f"{s // 60}m"
    return f"{s // 3600}h"


def split_rank(rank: str) -> tuple[str, str]:
    """``"9k*"`` -> ``("9k", "*")``; the star marks an established rank."""
    return (rank[:-1], "*") if rank.endswith("*") else (rank, " ")


def format_user_entry(
    name: str,
    info: str,
    country: str,
    rank: str,
    won: int,
    lost: int,
    observing: int | None,
    playing: int | None,
    idle: float,
    flags: str,
    language: str = "default",
) -> str:
    base, star = split_rank(rank)
    # A game column is the number right-aligned in 3, or " - " (spec: "  -   -   25s").
    obs = " - " if observing is None else f"{observing:>3}"
    pl = " - " if playing is None else f"{playing:>3}"
    # The real server keeps a space before a four-digit "won" count ("9k* 2788/2844").
    gap = " " if won >= 1000 else ""
    info = info[:14]  # the server writes "<None>" for a user who set none
    return (
        f"{name:>10}  {info:<14}  {country:<8} {base:>3}{star}{gap}"
        f"{won:>4}/{lost:>4} {obs} {pl} {format_idle(idle):>4}    {flags} {language}"
    )


def format_players_footer(players: int, games: int) -> str:
    """The ``9`` line that ends ``user`` and ``who`` listings."""
    return f"{'':16}******** {players} Players {games} Total Games ********"


def format_who_half(
    flags: str, observing: int | None, playing: int | None, name: str, idle: float, rank: str
) -> str:
    obs = "--" if observing is None else str(observing)
    pl = "--" if playing is None else str(playing)
    return f"{flags:>3} {obs:>3} {pl:>4} {name:<12}{format_idle(idle):>5} {rank:>5}"


def format_games_entry(
    number: int,
    white: str,
    white_rank: str,
    black: str,
    black_rank: str,
    moves: int,
    size: int,
    handicap: int,
    komi: float,
    byo_minutes: int,
    flag: str,
    observers: int,
) -> str:
    return (
        f"[{number:>2}] {white:>11} [{white_rank:>4}] vs. {black:>11} [{black_rank:>4}] "
        f"({moves:>3} {size:>4} {handicap:>2} {komi:>4.1f} {byo_minutes:>2} {flag:>2}) "
        f"({observers:>3})"
    )


def format_heading(
    number: int,
    white: str,
    white_clock: tuple[int, int, int],
    black: str,
    black_clock: tuple[int, int, int],
) -> str:
    """``Game 475 I: OmegaGo1 (0 58 -1) vs Soothie (0 19 -1)`` — White first.

    Each clock triple is ``(prisoners, seconds, byo-stones)``; stones are ``-1`` in main time.
    """
    wp, ws, wb = white_clock
    bp, bs, bb = black_clock
    return f"Game {number} I: {white} ({wp} {ws} {wb}) vs {black} ({bp} {bs} {bb})"


def format_move_line(number: int, color: Color, move: str, captures: Iterable[str] = ()) -> str:
    """``  1(W): B4`` — the 0-based move number right-aligned in 3, then captured stones."""
    caps = "".join(f" {c}" for c in captures)
    return f"{number:>3}({color.value}): {move}{caps}"


def format_time_line(
    number: int,
    name: str,
    color: Color,
    in_byo: int,
    main_left: int,
    main_total: int,
    byo_left: int,
    byo_total: int,
    stones_left: int,
    stones_total: int,
    periods_left: int,
    periods_total: int,
    koryo_sec: int,
    prebyo: int,
) -> str:
    """``TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0`` (nmatch games only)."""
    return (
        f"TIME:{number}:{name}({color.value}): {in_byo} {main_left}/{main_total} "
        f"{byo_left}/{byo_total} {stones_left}/{stones_total} {periods_left}/{periods_total} "
        f"{koryo_sec}/{koryo_sec} {prebyo}/{prebyo}"
    )


def format_gamerprops(number: int, size: int, handicap: int, komi: float) -> str:
    """``GAMERPROPS:475: 19 0 6.50``."""
    return f"GAMERPROPS:{number}: {size} {handicap} {komi:.2f}"


def format_clock_text(seconds: int, stones: int, in_byo: bool) -> str:
    """``124:58`` or ``8:49 (B) 19`` for the 26 ``time`` listing."""
    s = max(0, seconds)
    text = f"{s // 60}:{s % 60:02d}"
    return f"{text} (B) {stones}" if in_byo else text


def format_status_player(
    name: str,
    rank: str,
    prisoners: int,
    seconds: int,
    stones: int,
    in_byo: bool,
    komi: float,
    handicap: int,
) -> str:
    """``OmegaGo1 17k  0 4497 25 F 6.5 0`` — the two player lines of a 22 block."""
    flag = "T" if in_byo else "F"
    return f"{name} {rank} {prisoners:>2} {seconds} {stones} {flag} {komi:g} {handicap}"


def format_board_rows(
    size: int,
    stones: Mapping[Point, Color],
    territory: Mapping[Point, str] | None = None,
    empty_digit: str = EMPTY,
) -> list[str]:
    """The board rows of a 22 block: ``" 0: 3333333333333333333"`` one per column."""
    rows = []
    for col in range(size):
        chars = []
        for row in range(size - 1, -1, -1):
            p = Point(col, row)
            color = stones.get(p)
            if color is Color.BLACK:
                chars.append(BLACK_STONE)
            elif color is Color.WHITE:
                chars.append(WHITE_STONE)
            elif territory is not None and p in territory:
                chars.append(territory[p])
            else:
                chars.append(empty_digit)
        rows.append(f"{col:>2}: {''.join(chars)}")
    return rows


def format_score_line(white: str, white_score: float, black: str, black_score: float) -> str:
    """``OmegaGo1 (W:O):  6.5 to Soothie (B:g):  0.0`` (the 20 line, exactly as the spec)."""
    return f"{white} (W:O): {white_score:>4.1f} to {black} (B:g): {black_score:>4.1f}"


# --- whole messages with their codes ------------------------------------------------------------


def client_lines(lines: Iterable[Line]) -> list[str]:
    """The lines as a client-mode session writes them (``"24 *bob*: hi"``), without CRLF."""
    return [text if code is None else f"{code} {text}" for code, text in lines]


def prompt(state: int) -> Line:
    """``1 5``: the prompt that ends every block in client mode."""
    return (1, str(state))


def info(text: str) -> Line:
    return (9, text)


def players_footer(players: int, games: int) -> Line:
    """The ``9`` line that ends ``user`` and ``who`` listings."""
    return (9, format_players_footer(players, games))


def tell(name: str, text: str) -> Line:
    """Spec: ``24 *Soothie*: message contents``."""
    return (24, f"*{name}*: {text}")


def shout(name: str, text: str) -> Line:
    return (21, f"!{name}!: {text}")


def say(game: int, name: str, text: str) -> list[Line]:
    """Spec: ``51 Say in game 116``, a blank line, ``19 *Soothie*: a``."""
    return [(51, f"Say in game {game}"), (None, ""), (19, f"*{name}*: {text}")]


def kibitz(game: int, name: str, rank: str, white: str, black: str, text: str) -> list[Line]:
    return [
        (11, f"Kibitz {name} [{rank:>4}]: Game {white} vs {black} [{game}]"),
        (11, f"   {text}"),
    ]


def match_offer(requester: str, as_color: str, size: int, minutes: int, params: str) -> list[Line]:
    """What the target of ``match`` sees (spec: ``Match[19x19] in 75 minutes requested with
    Soothie as Black.``). ``as_color`` is the requester's ``Black``, ``White`` or ``Nigiri``;
    ``params`` the target's side of the terms (``W 19 75 0``)."""
    return [
        (9, f"Match[{size}x{size}] in {minutes} minutes requested with {requester} as {as_color}."),
        (9, f"Use <match {requester} {params}> or <decline {requester}> to respond."),
    ]


def nmatch_offer(requester: str, params: str) -> list[Line]:
    """What the target of ``nmatch`` sees; ``params`` are the target's side of the terms."""
    return [
        (9, f"NMatch requested with {requester}({params})."),
        (9, f"Use <nmatch {requester} {params}> or <decline {requester}> to respond."),
    ]


def time_block(game: int, white: str, white_clock: str, black: str, black_clock: str) -> list[Line]:
    """The ``26`` answer to ``time``; clocks from :func:`format_clock_text`."""
    return [
        (26, f"Game : {game}"),
        (26, f"White({white}) : {white_clock}"),
        (26, f"Black({black}) : {black_clock}"),
    ]


# --- the NNGS dialect (see :mod:`igs_tui.localserver.dialect`) ---------------------------------

USER_TABLE_HEADER = " Info     Name       Rank  19  9  Idle Rank Info"
"""The header of NNGS's code-9 ``user`` table: ``9  Info     Name       Rank  19  9 ...``."""
USER_TABLE_RULE = ""
"""What follows that header on a real NNGS 1.1.22: a blank ``9 `` line (seen first-hand; the
rule ``9  -------- ---------- ...`` quoted in bernds/q5Go src/parser.cpp:496 is read too)."""
GUEST_ACCOUNT = "This is a guest account."
LOAD_REFUSED = 'You cannot load someone else\'s game.  Try "look" to see the game.'
UNKNOWN_TOGGLE_VALUE = "Unknown value for toggling."


MAX_STORED_MESSAGES = 50
NO_MESSAGES = "You have no messages."
MESSAGES_ERASED = "Messages erased."


def messages_waiting(count: int) -> str:
    """The notice of messages kept for a user (at login, or when one is left)."""
    many = "a message" if count == 1 else f"{count} messages"
    return f"You have {many}. To read your messages, type:  message"


def stored_message(sender: str, stamp: str, text: str) -> str:
    """One line of the ``14 File`` answer to ``message``: ``frosla 11/15/02 14:00: Hallo``."""
    return f"{sender} {stamp}: {text}"


def observers_heading(game: int, white: str, black: str) -> str:
    return f"Observing game {game:>2} ({white} vs. {black}) :"


def observers_row(pairs: Iterable[tuple[str, str]]) -> str:
    """Up to three observers a line: name right-aligned, then the rank."""
    return " ".join(f"{name:>15} {rank:<4}" for name, rank in pairs).rstrip()


def observers_found(count: int) -> str:
    return f"Found {count} observers."


def unknown_command(word: str) -> Line:
    """``5 nmatch: Unknown command.``"""
    return (5, f"{word}: Unknown command.")


def usage_error(verb: str) -> list[Line]:
    """NNGS's answer to a command with arguments it does not take (``done 1``)."""
    return [(5, "Usage: "), (5, verb), (5, f"See 'help {verb}' for a complete description.")]


def unregistered_name(name: str) -> str:
    """The first line NNGS prints for a name without an account."""
    return f'"{name}" is not a registered name.  You may play, but your games are not rated.'


def format_user_row(
    flags: str,
    observing: int | None,
    playing: int | None,
    name: str,
    rank: str,
    games_19: int,
    games_9: int,
    idle: float,
    info: str = "",
) -> str:
    """A row of the NNGS ``user`` table: ``    -- -- alice       NR    0   0  0s  NR``.

    ``flags`` are the two flag characters (``Q``/``S``, ``X``/``!``, ``-`` or blank for unset);
    the second rank column repeats the rank without its ``*``.
    """
    padded = (flags + "  ")[:2]
    shown = [" " if f == "-" else f for f in padded]
    obs = "--" if observing is None else str(observing)
    pl = "--" if playing is None else str(playing)
    tail = f" {info}" if info else ""
    return (
        f" {shown[0]}{shown[1]} {obs:>2} {pl:>2} {name:<11} {rank:<3} {games_19:>3} {games_9:>3}"
        f" {format_idle(idle):>3}  {rank.rstrip('*') or 'NR'}{tail}"
    )


def plain_shout(name: str, text: str) -> Line:
    """NNGS: ``21 alice -->> text``."""
    return (21, f"{name} -->> {text}")


def plain_say(name: str, text: str) -> list[Line]:
    """NNGS: ``19 alice text`` (no ``51`` header, no stars)."""
    return [(19, f"{name} {text}")]


def komi_offer(name: str, komi: float) -> list[Line]:
    """NNGS: ``9 alice offers a new komi of 5.5.`` and its "Use komi" hint."""
    return [
        (9, f"{name} offers a new komi of {komi:.1f}."),
        (9, f'Use "komi {komi:.1f}" to accept, or "decline {name}" to respond.'),
    ]


def komi_now(komi: float) -> Line:
    return (9, f"Komi is now set to {komi:.1f}")


def loaded_game(number: int, white: str, black: str, moves: int) -> str:
    """NNGS's heading of a reloaded game: ``{Game 1: W vs B @ Move 3}`` (IGS: ``@ Operation``)."""
    return f"{{Game {number}: {white} vs {black} @ Move {moves}}}"


def match_announcement(
    number: int, white: str, white_rank: str, black: str, black_rank: str, *, centred: bool = False
) -> str:
    """``{Match 12: W [ 5k*] vs. B [ 3k*] }`` (NNGS centres the rank: ``[ NR ]``)."""
    if centred:
        return f"{{Match {number}: {white} [{white_rank:^4}] vs. {black} [{black_rank:^4}] }}"
    return f"{{Match {number}: {white} [{white_rank:>4}] vs. {black} [{black_rank:>4}] }}"


def result_announcement(number: int, white: str, black: str, summary: str) -> str:
    """``{Game 12: W vs B : W 30.5 B 34.0}``; NNGS words a scored result as a resignation with
    the score: ``{Game 1: bob vs alice : White resigns. W 30.5 B 34.0}``."""
    return f"{{Game {number}: {white} vs {black} : {summary}}}"


def _bracketed_rank(rank: str) -> str:
    """``[ 4d*]``, ``[10k*]``, ``[ NR ]``: four characters, a rated rank's star last."""
    if rank.endswith("*"):
        return f"[{rank:>4}]"
    return f"[{rank:>3} ]"


def format_result_line(
    winner: str,
    winner_rank: str,
    winner_color: str,
    loser: str,
    loser_rank: str,
    handicap: int,
    komi: float,
    size: int,
    result: str,
    when: str,
    rated_mark: bool,
) -> str:
    """One line of a ``results`` file, winner first (NNGS writes
    ``"%-10s [%s](%s) : %-10s [%s](%s) H %d K %.1f %dx%d %s+%s %s"``; IGS, in Tim Casey's
    notes, ends a rated game with `` R``)."""
    loser_color = "B" if winner_color == "W" else "W"
    line = (
        f"{winner:<10} {_bracketed_rank(winner_rank)}({winner_color}) : "
        f"{loser:<10} {_bracketed_rank(loser_rank)}({loser_color}) "
        f"H {handicap} K {komi:.1f} {size}x{size} {winner_color}+{result} {when}"
    )
    return line + " R" if rated_mark else line
