"""Server-side formatters: the exact IGS line formats that :class:`IgsParser` reads.

These are the inverse of :mod:`igs_tui.backends.igs.protocol.readers`, column widths taken from the
spec's
samples (the tests reproduce the spec lines byte for byte), so a local server, a test or a
benchmark can emit what the real server emits. Each function returns whole lines including the
reply code; multi-line formats return a list.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from igs_tui.go.types import Color

GAMES_HEADER = "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)"
USER_HEADER = "42 Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language"
WHO_HEADER = "27  Info       Name       Idle   Rank |  Info       Name       Idle   Rank"


def format_prompt(state: int) -> str:
    """``1 5``: the prompt that ends every block."""
    return f"1 {state}"


def format_info(text: str) -> str:
    return f"9 {text}"


def _rank_column(rank: str) -> str:
    """Rank right-aligned in 3 columns, then the ``*`` (established rank) or a space."""
    star = "*" if rank.endswith("*") else " "
    return f"{rank.rstrip('*'):>3}{star}"


def _game_column(game: int | None) -> str:
    return " - " if game is None else f"{game:>3}"


def format_user_entry(
    name: str,
    info: str,
    country: str,
    rank: str,
    won: int,
    lost: int,
    observing: int | None,
    playing: int | None,
    idle: str,
    flags: str,
    language: str = "default",
) -> str:
    """One ``42`` line of a ``user`` listing; ``info`` ``""`` prints as blank, like IGS."""
    return (
        f"42 {name:>10}  {info:<15} {country:<8} {_rank_column(rank)} {won:>3}/{lost:>4}"
        f" {_game_column(observing)} {_game_column(playing)} {idle:>4}    {flags} {language}"
    )


def format_totals(players: int, games: int, code: int = 9) -> str:
    """The footer of ``user`` (code 9) and ``who`` (code 27) listings."""
    return f"{code}                 ******** {players} Players {games} Total Games ********"


def _bracket_rank(rank: str) -> str:
    return f"[{rank:>4}]"


def format_games_entry(
    game: int,
    white: str,
    white_rank: str,
    black: str,
    black_rank: str,
    moves: int,
    size: int,
    handicap: int,
    komi: float,
    byoyomi: int,
    flags: str = "I",
    observers: int = 0,
) -> str:
    """One ``7`` line of a ``games`` listing (``flags`` is the FR column, e.g. ``"I"``)."""
    return (
        f"7 [{game:>2}] {white:>11} {_bracket_rank(white_rank)} vs. {black:>11} "
        f"{_bracket_rank(black_rank)} ({moves:>3} {size:>4} {handicap:>2} {komi:>4.1f}"
        f" {byoyomi:>2} {flags:>2}) ({observers:>3})"
    )


def format_who_half(
    name: str, rank: str, idle: str, observing: int | None, playing: int | None, flags: str = ""
) -> str:
    """One player column of a ``27`` who line (join two with `` | ``)."""
    obs = "--" if observing is None else str(observing)
    play = "--" if playing is None else str(playing)
    return f"{flags:>2} {obs:>3} {play:>4} {name:<10} {idle:>4} {rank:>5}"


def format_heading(
    game: int,
    white: str,
    white_clock: tuple[int, int, int],
    black: str,
    black_clock: tuple[int, int, int],
    kind: str = "I",
) -> str:
    """``15 Game N I: W (prisoners seconds byo-stones) vs B (...)``; byo-stones -1 = main time."""
    wp, ws, wb = white_clock
    bp, bs, bb = black_clock
    return f"15 Game {game} {kind}: {white} ({wp} {ws} {wb}) vs {black} ({bp} {bs} {bb})"


def format_move_line(
    number: int,
    color: Color,
    point: str | None,
    captures: Iterable[str] = (),
    handicap: int | None = None,
) -> str:
    """``15   0(B): B2``; ``point=None`` is ``Pass`` unless ``handicap`` is given."""
    if handicap is not None:
        text = f"Handicap {handicap}"
    elif point is None:
        text = "Pass"
    else:
        text = " ".join([point, *captures])
    return f"15 {number:>3}({Color(color).value}): {text}"


def format_time_line(
    game: int,
    player: str,
    color: Color,
    in_byoyomi: bool,
    main: tuple[int, int],
    byo: tuple[int, int],
    stones: tuple[int, int],
    koryo: Sequence[tuple[int, int]] = ((0, 0), (0, 0), (0, 0)),
) -> str:
    """``15 TIME:475:OmegaGo1(W): 0 58/60 0/600 25/25 0/0 0/0 0/0`` (left/total pairs)."""
    pairs = " ".join(f"{a}/{b}" for a, b in (main, byo, stones, *koryo))
    return f"15 TIME:{game}:{player}({Color(color).value}): {int(in_byoyomi)} {pairs}"


def format_gamerprops(game: int, size: int, handicap: int, komi: float) -> str:
    return f"15 GAMERPROPS:{game}: {size} {handicap} {komi:.2f}"


def format_clock(seconds: int) -> str:
    """``124:58``: minutes and seconds, as in ``26`` time lines."""
    sign = "-" if seconds < 0 else ""
    minutes, secs = divmod(abs(seconds), 60)
    return f"{sign}{minutes}:{secs:02d}"


def format_time_block(
    game: int,
    white: str,
    white_seconds: int,
    black: str,
    black_seconds: int,
    white_byo_stones: int | None = None,
    black_byo_stones: int | None = None,
) -> list[str]:
    """The ``26`` answer to ``time`` (``(B) n`` marks a clock in byo-yomi, n stones left)."""

    def clock(seconds: int, stones: int | None) -> str:
        text = format_clock(seconds)
        return text if stones is None else f"{text} (B) {stones}"

    return [
        f"26 Game : {game}",
        f"26 White({white}) : {clock(white_seconds, white_byo_stones)}",
        f"26 Black({black}) : {clock(black_seconds, black_byo_stones)}",
    ]


def format_tell(name: str, text: str) -> str:
    return f"24 *{name}*: {text}"


def format_say(game: int, name: str, text: str) -> list[str]:
    return [f"51 Say in game {game}", f"19 *{name}*: {text}"]


def format_shout(name: str, text: str) -> str:
    return f"21 !{name}!: {text}"


def format_kibitz(game: int, name: str, rank: str, white: str, black: str, text: str) -> list[str]:
    return [f"11 Kibitz {name} [{rank}]: Game {white} vs {black} [{game}]", f"11    {text}"]


def format_match_request(
    opponent: str, opponent_color: Color, size: int, minutes: int, byoyomi_minutes: int
) -> list[str]:
    """What the target of ``match`` sees: the offer and the suggested accept command."""
    opp = Color(opponent_color)
    word = "Black" if opp is Color.BLACK else "White"
    return [
        f"9 Match[{size}x{size}] in {minutes} minutes requested with {opponent} as {word}.",
        f"9 Use <match {opponent} {opp.opponent.value} {size} {minutes} {byoyomi_minutes}>"
        f" or <decline {opponent}> to respond.",
    ]


def format_nmatch_request(opponent: str, terms: Sequence[object]) -> list[str]:
    """``terms``: colour and the 8 numbers of nmatch (handicap, size, 6 time values)."""
    words = " ".join(str(t) for t in terms)
    return [
        f"9 NMatch requested with {opponent}({words}).",
        f"9 Use <nmatch {opponent} {words}> or <decline {opponent}> to respond.",
    ]


def format_score_line(white: str, white_score: float, black: str, black_score: float) -> str:
    return f"20 {white} (W:O): {white_score:4.1f} to {black} (B:#): {black_score:4.1f}"
