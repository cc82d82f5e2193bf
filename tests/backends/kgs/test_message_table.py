"""docs/kgs-messages.md lists every downstream message type with what the client does; the
table and the parser table must agree, so neither drifts from the other."""

from __future__ import annotations

import re
from pathlib import Path

from igs_tui.backends.kgs.json_messages import IGNORED, PARSERS, Ignored, Unknown, parse_message

DOC = Path(__file__).parents[3] / "docs" / "kgs-messages.md"
ISSUE_29 = [
    "MODERATED_CHAT",
    "JOIN_COMPLETE",
    "ROOM_DESC",
    "GAME_NOTIFY",
    "GAME_REVIEW",
    "GAME_NAME_CHANGE",
    "GAME_TIME_EXPIRED",
    "GAME_UNDO_DECLINE",
    "ARCHIVE_JOIN",
    "AUTOMATCH_PREFS",
    "PLAYBACK_ADD",
]


def _names(section: str) -> set[str]:
    text = DOC.read_text(encoding="utf-8")
    part = text.split(f"## {section}", 1)[1].split("\n## ", 1)[0]
    names: set[str] = set()
    for line in part.splitlines():
        if not line.startswith("| ") or line.startswith(("| Message", "|---")):
            continue
        names.update(re.findall(r"[A-Z][A-Z_]+", line.split("|")[1]))
    return names


def test_every_handled_message_in_the_table_has_a_parser_and_every_parser_a_row() -> None:
    handled = _names("Handled")
    assert handled == set(PARSERS) - set(IGNORED)


def test_every_ignored_message_has_its_reason_in_code_and_table() -> None:
    assert _names("Deliberately ignored") == set(IGNORED)
    for kind, reason in IGNORED.items():
        parsed = parse_message({"type": kind, "channelId": 5})
        assert parsed == Ignored(kind, reason)


def test_the_eleven_messages_of_issue_29_are_handled_or_ignored_with_a_reason() -> None:
    for kind in ISSUE_29:
        parsed = parse_message({"type": kind})
        assert not (isinstance(parsed, Unknown) and not parsed.reason), kind
        assert kind in PARSERS
