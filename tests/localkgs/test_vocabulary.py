"""The message vocabulary: names tied to the binary catalogue, coordinates, field checks."""

from __future__ import annotations

import pytest

from igs_tui.backends.kgs.protocol.catalogue import MESSAGES
from igs_tui.go import Point
from igs_tui.localkgs.vocabulary import (
    BINARY_NAMES,
    DOWNSTREAM,
    UPSTREAM,
    UPSTREAM_UNSUPPORTED,
    MessageError,
    get_int,
    loc_to_point,
    point_to_loc,
)


def test_every_binary_name_is_in_the_catalogue() -> None:
    names = {spec.name for spec in MESSAGES}
    missing = {json: binary for json, binary in BINARY_NAMES.items() if binary not in names}
    assert missing == {}
    assert set(BINARY_NAMES) <= UPSTREAM | DOWNSTREAM


def test_supported_and_refused_types_do_not_overlap() -> None:
    assert not UPSTREAM & UPSTREAM_UNSUPPORTED
    assert "LOGIN" in UPSTREAM and "LOGIN_SUCCESS" in DOWNSTREAM


def test_locations_count_y_from_the_top() -> None:
    assert loc_to_point({"x": 0, "y": 0}, 19) == Point(0, 18)
    assert point_to_loc(Point(3, 3), 19) == {"x": 3, "y": 15}
    assert loc_to_point("PASS", 9) is None and point_to_loc(None, 9) == "PASS"
    for col in range(9):
        for row in range(9):
            loc = point_to_loc(Point(col, row), 9)
            assert loc_to_point(loc, 9) == Point(col, row)


@pytest.mark.parametrize("loc", [{"x": 9, "y": 0}, {"x": -1, "y": 0}, {"x": 1}, "pass", 5, None])
def test_bad_locations_are_refused(loc: object) -> None:
    with pytest.raises(MessageError):
        loc_to_point(loc, 9)


def test_integers_are_checked_not_converted() -> None:
    assert get_int({"n": 3.0}, "n", low=0, high=5) == 3
    for bad in (True, "3", 3.5, 10**30, None):
        with pytest.raises(MessageError):
            get_int({"n": bad}, "n", low=0, high=5)
