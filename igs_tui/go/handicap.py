"""Fixed handicap placement exactly as GTP v2 §4.1.1 defines it.

The spec gives the 19×19 table and says other sizes "mirror" it, "with stones at a specific
distance from the edges and on the middle lines of the board", with these caveats:

- boards smaller than 13×13 use the third line instead of the fourth;
- even sizes have no middle line and therefore at most 4 stones;
- 7×7 has at most 4 stones;
- no handicap below 7×7.

The placement order below is the 19×19 table's, translated to corner/side/centre roles so that
it applies to every size (D4 = lower-left corner, Q16 = upper-right, K10 = centre, and so on).
"""

from __future__ import annotations

from igs_tui.go.coords import check_size
from igs_tui.go.types import Point

# Roles: L/H = low/high star line, M = middle line. (column role, row role) per stone.
_ORDER: dict[int, tuple[tuple[str, str], ...]] = {
    2: (("L", "L"), ("H", "H")),  # D4 Q16
    3: (("L", "L"), ("H", "H"), ("L", "H")),  # + D16
    4: (("L", "L"), ("H", "H"), ("L", "H"), ("H", "L")),  # + Q4
    5: (("L", "L"), ("H", "H"), ("L", "H"), ("H", "L"), ("M", "M")),  # + K10
    6: (("L", "L"), ("H", "H"), ("L", "H"), ("H", "L"), ("L", "M"), ("H", "M")),  # D10 Q10
    7: (("L", "L"), ("H", "H"), ("L", "H"), ("H", "L"), ("L", "M"), ("H", "M"), ("M", "M")),
    8: (
        ("L", "L"),
        ("H", "H"),
        ("L", "H"),
        ("H", "L"),
        ("L", "M"),
        ("H", "M"),
        ("M", "L"),  # K4
        ("M", "H"),  # K16
    ),
    9: (
        ("L", "L"),
        ("H", "H"),
        ("L", "H"),
        ("H", "L"),
        ("L", "M"),
        ("H", "M"),
        ("M", "L"),
        ("M", "H"),
        ("M", "M"),
    ),
}


def max_fixed_handicap(size: int) -> int:
    """The largest fixed handicap GTP allows on ``size``×``size`` (0 below 7×7)."""
    check_size(size)
    if size < 7:
        return 0
    if size == 7 or size % 2 == 0:
        return 4
    return 9


def edge_distance(size: int) -> int:
    """The line (1-based, from the edge) of the corner stones: 3 below 13×13, else 4."""
    check_size(size)
    if size < 7:
        raise ValueError(f"no fixed handicap on a {size}x{size} board (GTP: none below 7x7)")
    return 3 if size < 13 else 4


def fixed_handicap_points(size: int, count: int) -> tuple[Point, ...]:
    """The points of ``count`` fixed handicap stones, in the GTP table's order.

    ``count`` 0 gives no stones. Raises :class:`ValueError` for 1 stone (GTP's smallest
    handicap is 2), for more than :func:`max_fixed_handicap`, and on boards below 7×7.
    """
    maximum = max_fixed_handicap(size)
    if count == 0:
        return ()
    if maximum == 0:
        raise ValueError(f"no fixed handicap on a {size}x{size} board (GTP: none below 7x7)")
    if not 2 <= count <= maximum:
        raise ValueError(
            f"fixed handicap on {size}x{size} must be 2..{maximum} stones, not {count}"
        )
    line = edge_distance(size) - 1
    coordinate = {"L": line, "H": size - 1 - line, "M": size // 2}
    return tuple(Point(coordinate[c], coordinate[r]) for c, r in _ORDER[count])
