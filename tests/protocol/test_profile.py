"""ServerProfile: what an IGS-family server supports, learnt from its version line and its
refusals (the NNGS lines quoted are from issue #13), and the session that obeys it."""

from __future__ import annotations

import json
import os
import stat
from pathlib import Path

import pytest

from igs_tui.backends.igs.profiles import MAX_SERVERS, ProfileStore
from igs_tui.backends.igs.protocol.commands import classify, raw
from igs_tui.backends.igs.protocol.events import (
    CommandReply,
    Error,
    Event,
    LoginComplete,
    ServerVersion,
)
from igs_tui.backends.igs.protocol.profile import (
    Family,
    RefusalKind,
    ServerProfile,
    refusal_in,
)
from igs_tui.backends.igs.protocol.wire import WireSession

NNGS = ServerVersion("No Name Go Server (NNGS) version 1.1.22", "NNGS", "1.1.22")


def reply(line: str, *errors: str) -> CommandReply:
    return CommandReply(1, classify(line), tuple(Error(text) for text in errors))


def test_the_version_line_brings_every_nngs_difference() -> None:
    profile = ServerProfile()
    assert not profile.known
    assert profile.learn_version(NNGS)
    assert profile.family is Family.NNGS and profile.server == "NNGS 1.1.22"
    assert not profile.has_command("nmatch") and not profile.has_command("undoplease")
    assert not profile.takes_game_number("done") and profile.takes_game_number("pass")
    assert profile.load_by_pair and profile.passes_to_score == 2
    assert not profile.allows("toggle newundo true") and not profile.allows("id igs-tui 1")
    assert profile.allows("toggle client on") and profile.allows("toggle")
    revision = profile.revision
    assert not profile.learn_version(NNGS)  # nothing new
    assert profile.revision == revision
    assert "2 passes to score" in profile.describe()


def test_an_igs_version_line_changes_nothing_but_the_name() -> None:
    profile = ServerProfile()
    profile.learn_version(ServerVersion("IGS version 3", "IGS", "3"))
    assert profile.family is Family.IGS and profile.has_command("nmatch")
    assert profile.describe() == "IGS 3: as IGS"


@pytest.mark.parametrize(
    ("line", "errors", "kind", "name"),
    [
        ("nmatch bob B 0 9 600 0 0 0 0 0", ["nmatch: Unknown command."], "command", "nmatch"),
        ("undoplease", ["undoplease: Unknown command."], "command", "undoplease"),
        ("id igs-tui 0.1.0", ["id: Unknown command."], "command", "id"),
        ("toggle newundo true", ["Unknown value for toggling."], "toggle", "newundo"),
        (
            "done 1",
            ["Usage: ", "done", "See 'help done' for a complete description."],
            "numbered",
            "done",
        ),
        ("adjourn 2", ["Usage: ", "adjourn"], "numbered", "adjourn"),
        ("resign 1", ["See 'help resign' for a complete description."], "numbered", "resign"),
        (
            "load bob",
            ['You cannot load someone else\'s game.  Try "look" to see the game.'],
            "load_by_name",
            "load",
        ),
    ],
)
def test_refusals_are_recognised_and_remembered(
    line: str, errors: list[str], kind: str, name: str
) -> None:
    profile = ServerProfile()
    refusal = profile.learn_reply(reply(line, *errors))
    assert refusal is not None and refusal.kind is RefusalKind(kind) and refusal.name == name
    assert profile.known and profile.revision == 1
    assert not profile.allows(line) or kind in ("numbered", "load_by_name")
    profile.learn_reply(reply(line, *errors))
    assert profile.revision == 1  # the same refusal again teaches nothing


@pytest.mark.parametrize(
    ("line", "errors"),
    [
        ("done", ["The game is not being scored."]),  # IGS: a real error, not a refusal
        ("done", ["Usage: "]),  # without a number there is nothing to learn
        ("nmatch bob B 0 9 600 0 0 0 0 0", ["Opponent's client does not support nmatch."]),
        ("frobnicate", ["frobnicate: Unknown command."]),  # not a command the client sends
        ("toggle newundo true", []),
        ("load bob-alice", ["You cannot load someone else's game."]),
    ],
)
def test_other_errors_are_no_refusals(line: str, errors: list[str]) -> None:
    assert refusal_in(reply(line, *errors)) is None


def test_passes_to_score() -> None:
    profile = ServerProfile()
    assert not profile.learn_passes(3)
    assert profile.learn_passes(2) and profile.passes_to_score == 2


def test_stored_form_round_trips_and_bad_data_is_left_out() -> None:
    profile = ServerProfile()
    profile.learn_version(NNGS)
    assert ServerProfile.from_dict(json.loads(json.dumps(profile.to_dict()))) == profile
    odd = ServerProfile.from_dict(
        {
            "server": "x" * 500,
            "family": "kgs",
            "refused_commands": ["nmatch", 5, "rm -rf"],
            "refused_toggles": "newundo",
            "unnumbered": ["done", "pass"],
            "load_by_pair": "yes",
            "passes_to_score": True,
        }
    )
    assert odd == ServerProfile(refused_commands={"nmatch"}, unnumbered={"done"})
    assert ServerProfile.from_dict([1, 2]) == ServerProfile()


def test_store_keeps_profiles_in_a_private_file(tmp_path: Path) -> None:
    path = tmp_path / "config" / "servers.json"
    store = ProfileStore(path)
    nngs = store.profile("nngs.example:9696")
    assert store.profile("nngs.example:9696") is nngs
    nngs.learn_version(NNGS)
    store.save("nngs.example:9696", nngs)
    store.save("igs.example:6969", store.profile("igs.example:6969"))  # nothing known: not kept
    assert stat.S_IMODE(os.stat(path).st_mode) == 0o600
    assert stat.S_IMODE(os.stat(path.parent).st_mode) == 0o700
    assert list(json.loads(path.read_text())) == ["nngs.example:9696"]
    again = ProfileStore(path).profile("nngs.example:9696")
    assert again == nngs
    assert not list(path.parent.glob(".servers-*"))  # no temporary file left behind


def test_store_ignores_a_broken_file_and_bounds_its_size(tmp_path: Path) -> None:
    path = tmp_path / "servers.json"
    path.write_text("{not json", encoding="utf-8")
    store = ProfileStore(path)
    assert store.profile("a:1") == ServerProfile()
    for n in range(MAX_SERVERS + 5):
        profile = store.profile(f"h:{n}")
        profile.learn_passes(2)
        store.save(f"h:{n}", profile)
    kept = json.loads(path.read_text())
    assert len(kept) == MAX_SERVERS and "h:0" not in kept and f"h:{MAX_SERVERS + 4}" in kept


def test_memory_store_writes_nothing() -> None:
    store = ProfileStore()
    store.save("a:1", store.profile("a:1"))
    assert store.path is None


def login(session: WireSession) -> tuple[list[Event], list[str]]:
    """Log in; the events and the lines written after the password (the setup)."""
    events: list[Event] = []
    sent: list[str] = []
    for line in ("Login: ", "1 1", "1 5"):
        events += session.receive_line(line)
        sent = session.data_to_send(0.0)
    return events, sent


def test_a_taken_probe_lets_the_rest_of_the_igs_setup_out() -> None:
    session = WireSession("alice", "pw", rate=100, burst=100, version="9.9")
    _events, sent = login(session)
    assert "toggle nmatch true" not in sent
    for line in ("9 Set client to be True.", "1 5", "9 Set quiet to be False.", "1 5"):
        session.receive_line(line)
    session.send(raw("games"))  # queued meanwhile: the held setup still goes first
    session.receive_line("9 Set newundo to be True.")
    session.receive_line("1 5")
    assert session.data_to_send(1.0) == ["toggle nmatch true", "id igs-tui 9.9", "games"]
    assert session.profile.refused_toggles == set()


def test_nngs_named_in_its_login_banner_gets_no_igs_only_setup() -> None:
    """NNGS's messages/login file: "----- Welcome to the No Name Go Server (NNGS) -----",
    sent before the Login: prompt, so not a single refused command goes out."""
    session = WireSession("alice", "pw", rate=100, burst=100)
    session.receive_line("----- Welcome to the No Name Go Server (NNGS) -----")
    _events, sent = login(session)
    assert sent == UNIVERSAL_SETUP
    assert session.profile.family == "nngs" and session.profile.passes_to_score == 2


def test_a_session_leaves_out_setup_commands_the_server_refuses() -> None:
    profile = ServerProfile()
    profile.learn_version(NNGS)
    session = WireSession("alice", "pw", rate=100, burst=100, profile=profile)
    events, sent = login(session)
    assert any(isinstance(e, LoginComplete) for e in events)
    assert sent == ["toggle client on", "toggle quiet false", "toggle verbose false"]


UNIVERSAL_SETUP = ["toggle client on", "toggle quiet false", "toggle verbose false"]


def test_setup_errors_come_only_inside_their_reply() -> None:
    """Issue #13: on NNGS "`toggle newundo true`, `toggle nmatch true` -> `5 Unknown value for
    toggling.`; `id igs-tui 0.1.0` -> `5 id: Unknown command.` -- three error lines at every
    login". A server that has not named itself gets one IGS-only probe (newundo); the other
    two wait for its answer, so an NNGS refuses one command once, not three."""
    session = WireSession("alice", "pw", rate=100, burst=100)
    _events, sent = login(session)
    assert sent == [*UNIVERSAL_SETUP[:2], "toggle newundo true", UNIVERSAL_SETUP[2]]
    out: list[Event] = []
    answers = [
        "9 Set client to be True.",
        "1 5",
        "9 Set quiet to be False.",
        "1 5",
        "5 Unknown value for toggling.",
        "1 5",
        "9 Set verbose to be False.",
        "1 5",
    ]
    for line in answers:
        out += session.receive_line(line)
    assert not [e for e in out if isinstance(e, Error)]
    replies = [e for e in out if isinstance(e, CommandReply)]
    assert all(r.setup for r in replies) and len(replies) == 4
    refused = [r for r in replies if refusal_in(r) is not None]
    assert [r.command.line for r in refused] == ["toggle newundo true"]
    assert session.data_to_send(1.0) == []  # nmatch and id are not tried after the refusal
    assert session.profile.refused_toggles == {"newundo"}
    # the next login with this profile sends only what every IGS-family server takes
    again = WireSession("alice", "pw", rate=100, burst=100, profile=session.profile)
    assert login(again)[1] == UNIVERSAL_SETUP
    # after the setup, errors are events again
    session.send(raw("nmatch bob B 0 9 600 0 0 0 0 0"))
    session.data_to_send(2.0)
    later = session.receive_line("5 nmatch: Unknown command.")
    assert later == [Error("nmatch: Unknown command.")]
