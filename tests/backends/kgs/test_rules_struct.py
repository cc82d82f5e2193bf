"""The ``rules`` structure of kgs-protocol.txt and the JSON form's Rules object, both ways:
the one conversion the client's bridge and the local server's binary front end share
(``protocol.readings``)."""

from __future__ import annotations

from decimal import Decimal
from typing import Any

import pytest

from igs_tui.backends.kgs.protocol.readings import rules_json, rules_struct

# The reference's Rules object ("timeSystem": none, absolute, byo_yomi, canadian; "mainTime",
# "byoYomiTime" in seconds; "byoYomiPeriods" for byo-yomi, "byoYomiStones" for Canadian).
CASES: list[dict[str, Any]] = [
    {"size": 19, "rules": "japanese", "komi": 6.5, "handicap": 0, "timeSystem": "none"},
    {
        "size": 9,
        "rules": "chinese",
        "komi": 7.5,
        "handicap": 0,
        "timeSystem": "absolute",
        "mainTime": 300,
    },
    {
        "size": 19,
        "rules": "aga",
        "komi": 0.5,
        "handicap": 4,
        "timeSystem": "byo_yomi",
        "mainTime": 600,
        "byoYomiTime": 30,
        "byoYomiPeriods": 5,
    },
    {
        "size": 13,
        "rules": "new_zealand",
        "komi": -3.0,
        "handicap": 0,
        "timeSystem": "canadian",
        "mainTime": 900,
        "byoYomiTime": 300,
        "byoYomiStones": 25,
    },
]


@pytest.mark.parametrize("rules", CASES, ids=[c["timeSystem"] for c in CASES])
def test_rules_go_to_the_binary_structure_and_back_unchanged(rules: dict[str, Any]) -> None:
    struct = rules_struct(rules)
    assert struct["komi"] == Decimal(str(rules["komi"]))
    assert rules_json(struct) == rules


def test_the_structures_enum_values_are_the_readings() -> None:
    struct = rules_struct(CASES[2])
    # RULESET: JAPANESE 0, CHINESE 1, AGA 2, NEW_ZEALAND 3; TIMESYS: NONE 0, ABSOLUTE 1,
    # BYO_YOMI 2, CANADIAN 3 (the readings' CPAN source)
    assert (struct["ruleset"], struct["timesys"], struct["count"]) == (2, 2, 5)
    assert rules_struct(CASES[3])["count"] == 25


def test_a_structure_with_values_that_are_not_numbers_reads_as_the_defaults() -> None:
    """What a broken server sends must not raise: a wrong type is the field's default."""
    odd = {"size": "big", "ruleset": 99, "komi": "x", "handicap": True, "timesys": 2, "time": None}
    assert rules_json(odd) == {
        "size": 19,
        "rules": "japanese",
        "komi": 0.0,
        "handicap": 0,
        "timeSystem": "byo_yomi",
        "mainTime": 0,
        "byoYomiTime": 0,
        "byoYomiPeriods": 0,
    }
    assert rules_json("not a structure")["timeSystem"] == "none"
