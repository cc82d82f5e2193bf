"""Property tests on random legal games, and a cross-check against sgfmill's board.

sgfmill's ``Board.play`` performs captures but allows suicide and ignores ko, so the two boards
are compared only on moves our engine calls legal: they must then agree stone for stone.
"""

from __future__ import annotations

import random

from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from sgfmill import boards

from igs_tui.go import (
    Color,
    Game,
    IllegalMove,
    Move,
    Point,
    Ruleset,
    ScoringMethod,
    ScoringSession,
)

SETTINGS = settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def random_game(size: int, seed: int, length: int, pass_rate: float = 0.02) -> Game:
    """Play ``length`` random legal moves (passing when none or by chance)."""
    rng = random.Random(seed)
    game = Game(size, komi=0.5)
    points = [Point(c, r) for c in range(size) for r in range(size)]
    for _ in range(length):
        if game.play_ended:
            break
        rng.shuffle(points)
        if rng.random() < pass_rate:
            game.pass_move()
            continue
        for p in points:
            if game.check(p).legal:
                game.play(p)
                break
        else:
            game.pass_move()
    return game


def invariants(game: Game) -> None:
    """Every chain has liberties, and the incremental chains match a flood fill."""
    stones = game.stones()
    for point in stones:
        chain = game.chain(point)
        libs = game.liberties(point)
        assert libs, f"chain at {point} has no liberties"
        color = stones[point]
        # recompute by flood fill from the public stone map
        seen = {point}
        todo = [point]
        found_libs = set()
        while todo:
            c, r = todo.pop()
            for q in ((c - 1, r), (c + 1, r), (c, r - 1), (c, r + 1)):
                if 0 <= q[0] < game.size and 0 <= q[1] < game.size:
                    qp = Point(*q)
                    if qp not in stones:
                        found_libs.add(qp)
                    elif stones[qp] is color and qp not in seen:
                        seen.add(qp)
                        todo.append(qp)
        assert chain == seen
        assert libs == found_libs


game_params = st.tuples(st.sampled_from([2, 3, 5, 7, 9, 13]), st.integers(0, 10**6))


@SETTINGS
@given(game_params, st.integers(0, 150))
def test_random_games_keep_invariants(params: tuple[int, int], length: int) -> None:
    size, seed = params
    game = random_game(size, seed, length)
    invariants(game)
    # "captured counts equal removed stones": stones on board = played - captured
    placed = {Color.BLACK: 0, Color.WHITE: 0}
    for move in game.moves:
        if move.point is not None:
            placed[move.color] += 1
    on_board = {Color.BLACK: 0, Color.WHITE: 0}
    for color in game.stones().values():
        on_board[color] += 1
    prisoners = game.prisoners
    assert on_board[Color.BLACK] == placed[Color.BLACK] - prisoners[Color.WHITE]
    assert on_board[Color.WHITE] == placed[Color.WHITE] - prisoners[Color.BLACK]
    assert (
        sum(len(m.captures) for m in game.moves if m.color is Color.BLACK) == prisoners[Color.BLACK]
    )


def state(game: Game) -> tuple[object, ...]:
    return (
        game.to_ascii(),
        game.position_hash,
        game.to_move,
        game.ko_point,
        game.consecutive_passes,
        game.prisoners,
        game.history,
        game.play_ended,
    )


@SETTINGS
@given(game_params, st.integers(1, 120), st.data())
def test_undo_restores_exactly(params: tuple[int, int], length: int, data: st.DataObject) -> None:
    size, seed = params
    game = random_game(size, seed, length)
    snapshots = []
    replay = Game(size, komi=0.5)
    for entry in game.history:
        snapshots.append(state(replay))
        assert isinstance(entry, Move)
        replay.play(entry.point, entry.color)
    assert state(replay) == state(game)
    target = data.draw(st.integers(0, len(game.history)))
    while len(game.history) > target:
        game.undo()
        assert state(game) == snapshots[len(game.history)]
        invariants(game)
    # and the game continues correctly after undo: replaying gives the same states
    for entry in replay.history[target:]:
        assert isinstance(entry, Move)
        game.play(entry.point, entry.color)
    assert state(game) == state(replay)
    invariants(game)


@SETTINGS
@given(game_params, st.integers(0, 120))
def test_check_agrees_with_play_and_never_mutates(params: tuple[int, int], length: int) -> None:
    size, seed = params
    game = random_game(size, seed, length)
    before = state(game)
    for color in Color:
        for col in range(size):
            for row in range(size):
                point = Point(col, row)
                check = game.check(point, color)
                assert state(game) == before
                trial = game.copy()
                try:
                    move = trial.play(point, color)
                except IllegalMove as exc:
                    assert not check.legal
                    assert exc.reason is check.reason
                else:
                    assert check.legal
                    assert set(check.captures) == set(move.captures)
                    trial.undo()
                    assert state(trial) == before
                assert state(game) == before


def sgfmill_stones(board: boards.Board) -> dict[tuple[int, int], str]:
    return {(r, c): colour for colour, (r, c) in board.list_occupied_points()}


def our_stones(game: Game) -> dict[tuple[int, int], str]:
    # sgfmill indexes (row, col) with row 0 at the bottom, like our Point.row
    return {(p.row, p.col): c.value.lower() for p, c in game.stones().items()}


@settings(max_examples=30, deadline=None)
@given(game_params, st.integers(0, 200))
def test_sgfmill_agrees_after_every_move(params: tuple[int, int], length: int) -> None:
    size, seed = params
    game = random_game(size, seed, length, pass_rate=0.01)
    replay = Game(size)
    board = boards.Board(size)
    for move in game.moves:
        replay.play(move.point, move.color)
        if move.point is not None:
            board.play(move.point.row, move.point.col, move.color.value.lower())
        assert our_stones(replay) == sgfmill_stones(board)


def test_sgfmill_agrees_on_long_19x19_games() -> None:
    for seed in range(3):
        game = random_game(19, seed, 300, pass_rate=0.0)
        board = boards.Board(19)
        for move in game.moves:
            if move.point is not None:
                board.play(move.point.row, move.point.col, move.color.value.lower())
        assert our_stones(game) == sgfmill_stones(board)
        assert sum(len(m.captures) for m in game.moves) > 0  # the games did capture


OPERATIONS = st.lists(
    st.one_of(
        st.tuples(st.just("play"), st.integers(0, 24), st.sampled_from(list(Color))),
        st.tuples(st.just("pass"), st.just(0), st.sampled_from(list(Color))),
        st.tuples(st.just("setup"), st.integers(0, 24), st.sampled_from(list(Color))),
        st.tuples(st.just("clear"), st.integers(0, 24), st.sampled_from(list(Color))),
        st.tuples(st.just("undo"), st.just(0), st.sampled_from(list(Color))),
    ),
    max_size=80,
)


@settings(max_examples=60, deadline=None)
@given(OPERATIONS)
def test_mixed_operations_undo_exactly(operations: list[tuple[str, int, Color]]) -> None:
    """Moves, passes, setups and undos in any order: every undo restores the state before."""
    size = 5
    game = Game(size, ruleset=Ruleset("long", 99, ScoringMethod.TERRITORY))
    stack = [state(game)]
    for kind, index, color in operations:
        point = Point(index % size, index // size)
        try:
            if kind == "play":
                game.play(point, color)
            elif kind == "pass":
                game.pass_move(color)
            elif kind == "setup":
                if color is Color.BLACK:
                    game.setup(black=[point])
                else:
                    game.setup(white=[point])
            elif kind == "clear":
                game.setup(empty=[point])
            elif game.history:
                game.undo()
                stack.pop()
                assert state(game) == stack[-1]
                continue
            else:
                continue
        except ValueError:
            assert state(game) == stack[-1]  # refused operations change nothing
            continue
        stack.append(state(game))
        invariants(game)
    invariants(game)


def test_copy_is_independent() -> None:
    game = random_game(9, 7, 60)
    original = state(game)
    other = game.copy()
    assert state(other) == original
    other.play(None)
    assert state(other) != state(game)
    game.undo_to(10)
    assert len(game.history) == 10
    assert len(other.history) == len(original[6]) + 1  # type: ignore[arg-type]
    other.undo()
    assert state(other) == original
    invariants(other)
    invariants(game)


@SETTINGS
@given(game_params, st.integers(0, 150), st.data())
def test_scoring_partitions_the_board(
    params: tuple[int, int], length: int, data: st.DataObject
) -> None:
    """Every point is a stone, a territory point of exactly one colour, or dame."""
    size, seed = params
    game = random_game(size, seed, length)
    session = ScoringSession(game)
    stones = game.stones()
    if stones:  # mark a few chains dead
        for point in data.draw(st.lists(st.sampled_from(sorted(stones)), max_size=4)):
            session.toggle(point)
    area = session.score(ScoringMethod.AREA, komi=0)
    territory = session.score(ScoringMethod.TERRITORY, komi=0)
    black_t, white_t = area.territory[Color.BLACK], area.territory[Color.WHITE]
    alive = {p for p in stones if p not in area.dead}
    assert not (black_t & white_t) and not (black_t & area.dame) and not (white_t & area.dame)
    assert len(black_t) + len(white_t) + len(area.dame) + len(alive) == size * size
    assert area.black + area.white + len(area.dame) == size * size
    dead_black = sum(1 for p in area.dead if stones[p] is Color.BLACK)
    assert territory.prisoners[Color.WHITE] == game.prisoners[Color.WHITE] + dead_black
    assert territory.black == len(black_t) + territory.prisoners[Color.BLACK]
    for point in black_t:  # territory is bordered by black stones only
        col, row = point
        for q in ((col - 1, row), (col + 1, row), (col, row - 1), (col, row + 1)):
            if Point(*q) in alive:
                assert stones[Point(*q)] is Color.BLACK
