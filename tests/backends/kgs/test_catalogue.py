"""The generated catalogue: faithful to the spec text, and consistent enough for the codec."""

from __future__ import annotations

import re
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from igs_tui.backends.kgs.protocol import registry
from igs_tui.backends.kgs.protocol.catalogue import ENUMS, MESSAGES, STRUCTS, TYPES
from igs_tui.backends.kgs.protocol.primitives import INT_FORMATS
from igs_tui.backends.kgs.protocol.schema import (
    PRIMITIVES,
    FieldSpec,
    Guard,
    MessageSpec,
    Origin,
    StructSpec,
)

ROOT = Path(__file__).resolve().parents[3]
SPEC = Path("/work/shared/specs/kgs-protocol.txt")
needs_spec = pytest.mark.skipif(not SPEC.exists(), reason="the KGS spec text is not here")


@needs_spec
@pytest.mark.skipif(shutil.which("ruff") is None, reason="the generator formats with ruff")
def test_the_committed_catalogue_is_what_the_generator_makes(tmp_path: Path) -> None:
    out = tmp_path / "catalogue.py"
    subprocess.run(
        [sys.executable, str(ROOT / "scripts/kgs_catalogue_gen.py"), str(SPEC), str(out)],
        check=True,
        capture_output=True,
    )
    committed = (ROOT / "igs_tui/backends/kgs/protocol/catalogue.py").read_text(encoding="utf-8")
    assert out.read_text(encoding="utf-8") == committed


@needs_spec
def test_every_message_of_the_spec_is_catalogued_with_its_origin_and_code() -> None:
    text = SPEC.read_text(encoding="utf-8")
    in_spec = re.findall(
        r"^ORIGIN: (CLIENT|SERVER); MESSAGE: (\w+)\s+NUMERIC TYPE \(hex\): ([0-9a-f]{4})",
        text,
        flags=re.M,
    )
    assert len(in_spec) == 131
    catalogued = [(m.origin.value, m.name, f"{m.code:04x}") for m in MESSAGES]
    assert catalogued == in_spec


def _all_fields() -> list[tuple[str, FieldSpec]]:
    rows = [(f"struct {s.name}", f) for s in STRUCTS.values() for f in s.fields]
    rows += [(m.key, f) for m in MESSAGES for f in m.fields]
    return rows


def test_every_field_type_is_known() -> None:
    known = PRIMITIVES | set(TYPES) | set(STRUCTS)
    unknown = [(where, f.name, f.type) for where, f in _all_fields() if f.type not in known]
    assert unknown == []


def test_field_names_are_unique_within_a_message_or_structure() -> None:
    owners: list[StructSpec | MessageSpec] = [*STRUCTS.values(), *MESSAGES]
    for owner in owners:
        names = [f.name for f in owner.fields]
        assert len(names) == len(set(names)), owner.name


def test_channel_messages_start_with_their_channel() -> None:
    # quit (0xffff) is the spec's one exception: >= 0x4000 but listed without fields.
    assert registry.client("quit").fields == ()
    for spec in MESSAGES:
        if spec.code >= 0x4000 and spec.key != "quit@ffff":
            first = spec.wire_fields[0]
            assert (first.name, first.type) == ("channel", "U16"), spec.key


def test_guards_name_an_earlier_integer_field() -> None:
    owners: list[StructSpec | MessageSpec] = [*STRUCTS.values(), *MESSAGES]
    for owner in owners:
        earlier: dict[str, str] = {}
        for f in owner.fields:
            if f.guard is not None:
                kind = earlier[f.guard.field]
                base = TYPES[kind].base if kind in TYPES else kind
                assert base in INT_FORMATS, (owner.name, f.name)
            earlier[f.name] = f.type


def test_repeated_and_to_the_end_fields_come_last() -> None:
    for spec in MESSAGES:
        wire = spec.wire_fields
        for f in wire[:-1]:
            assert not f.repeated and not f.optional, (spec.key, f.name)
            assert f.type not in ("DATA", "TREE"), (spec.key, f.name)


def test_spec_values_are_transcribed_and_blank_ones_stay_none() -> None:
    assert (TYPES["username"].base, TYPES["username"].length) == ("A", 10)
    assert (TYPES["roomname"].base, TYPES["roomname"].length) == ("S", 25)
    assert (TYPES["komi16_2"].base, TYPES["komi16_2"].multiplier) == ("I16", 2)
    assert (TYPES["score32_1000"].base, TYPES["score32_1000"].multiplier) == ("I32", 1000)
    assert (TYPES["timestamp"].base, TYPES["timestamp"].multiplier) == ("U64", 1000)
    assert (TYPES["password"].base, TYPES["password"].multiplier) == ("U64", None)
    gametype = {m.name: m.value for m in ENUMS["GAMETYPE"].members}
    assert gametype == dict.fromkeys(
        ["DEMONSTRATION", "EDITING", "TEACHING", "SIMUL", "FREE", "RATED"]
    ) | {"PRIVATE": 128}
    assert {m.name: m.value for m in ENUMS["ROOMFLAG"].members} == {
        "ADMIN": 1,
        "DEFAULT": 4,
        "PRIVATE": 16,
    }
    score = {m.name: m.value for m in ENUMS["SCORE"].members}
    assert score["FORFEIT"] is None and score["JIGO"] == score["NO_RESULT"] == 16386
    assert ENUMS["GAMEFLAG"].is_set and not ENUMS["COLOUR"].is_set
    assert all(m.value is None for m in ENUMS["COLOUR"].members)


def test_message_details_are_transcribed() -> None:
    login = registry.client("login")
    assert {f.name: f.default for f in login.fields if f.default} == {
        "ver_micro": "12",
        "locale": "en_US",
        "clientver": "1.4.2_03:Swing app:Sun Microsystems Inc.",
    }
    notes = STRUCTS["game"].fields[-1]
    assert (notes.name, notes.type, notes.guard) == ("notes", "ZSTRING", Guard("handicap", "<", 0))
    event = registry.server("notify_event", 0x0202).fields[-1]
    assert event.guard == Guard("event", "==", 2)
    assert registry.server("challenge", 0x4400).fields[-1].optional
    assert registry.server("login", 0x0004).constants == {"message": "login failed: wrong password"}
    assert registry.server("login", 0x0001).constants["success"] is None
    new_room = registry.client("new_room")
    assert [f.spec_name for f in new_room.fields].count("name") == 2
    assert [f.name for f in new_room.fields][6] == "name_2"


def test_codes_shared_by_several_messages_are_all_kept_in_spec_order() -> None:
    assert [s.name for s in registry.candidates(Origin.CLIENT, 0x0007)] == [
        "req_userinfo",
        "update_userinfo",
    ]
    assert [s.name for s in registry.candidates(Origin.CLIENT, 0x0021)] == ["req_pic", "upload_pic"]
    assert [s.name for s in registry.candidates(Origin.SERVER, 0x001C)] == ["login", "idle_err"]
    assert registry.candidates(Origin.SERVER, 0x7777) == ()
