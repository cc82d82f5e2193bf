"""Toggles, listings (who/user/games) and chat (tell/say/kibitz/shout/yell)."""

from __future__ import annotations

import re

from igs_tui.localserver import LocalServer
from tests.localserver.client import Client
from tests.localserver.conftest import Connect
from tests.localserver.test_games import drain_says, move, pair, start_match

# Spec, `user` output: "42 Name        Info            Country  Rank Won/Lost Obs  Pl Idle
# Flags Language" and entries such as "42   isfadm02  <None>          Japan     2k    0/   0
# -   -   25s    QX default".
USER_ENTRY = re.compile(
    r"^42 [ \w]{10}  .{14}  .{9}[ \w]{3}[* ] ?[ \d]{3}\d/[ \d]{3}\d[ \d-]{3}[ \d-]{4}"
    r"[ \d]{5}[smh]    [QS-][X!-] default$"
)
# Spec: "7 [ 4]       wari5 [ 6k*] vs.   Spinserve [ 6k*] (  0   19  0  0.5 10  I) (  0)"
GAMES_ENTRY = re.compile(
    r"^7 \[[ \d]{2}\] [ \w]{11} \[[ \w*]{4}\] vs\. [ \w]{11} \[[ \w*]{4}\] "
    r"\([ \d]{3} [ \d]{4} [ \d]{2} [ \d.-]{4} [ \d]{2} [ F*T]I\) \([ \d]{3}\)$"
)


async def test_toggle_values_and_bare_flip(server: LocalServer, connect: Connect) -> None:
    """Spec: 'Valid values: true, false, on, off, 0, 1; case insensitive.' and a bare
    toggle 'sets the specified option to the opposite of what the option currently is'."""
    client: Client = await connect(server)
    await client.login("alice", "alice")
    assert await client.command("toggle open OFF") == ["9 Set open to be False.", "1 5"]
    assert await client.command("toggle open 1") == ["9 Set open to be True.", "1 5"]
    assert await client.command("toggle open") == ["9 Set open to be False.", "1 5"]
    assert await client.command("toggle looking TRUE") == ["9 Set looking to be True.", "1 5"]
    assert await client.command("toggle beep 0") == ["9 Set beep to be False.", "1 5"]
    assert (await client.command("toggle open maybe"))[0].startswith("5 Invalid value")
    assert (await client.command("toggle nosuch on"))[0] == "5 Unknown toggle: nosuch"
    # flags in `user`: X = open off
    lines = await client.command("user alice")
    assert lines[1].endswith("QX default")


async def test_user_listing_matches_spec_layout(server: LocalServer, connect: Connect) -> None:
    client: Client = await connect(server)
    await client.login("alice", "alice")
    other: Client = await connect(server)
    await other.login("guestwho")
    lines = await client.command("user")
    assert lines[0] == (
        "42 Name        Info            Country  Rank Won/Lost Obs  Pl Idle Flags Language"
    )
    entries = lines[1:-2]
    assert len(entries) == 3  # igsbot, alice, the guest
    for entry in entries:
        assert USER_ENTRY.match(entry), entry
    assert "42      alice  Demo account    USA       5k*  12/   9  -   -    0s    Q- default" in (
        entries
    )
    assert lines[-2] == "9                 ******** 3 Players 0 Total Games ********"
    assert lines[-1] == "1 5"


async def test_who_and_games_listings(server: LocalServer, connect: Connect) -> None:
    alice, bob = await pair(server, connect)
    await start_match(alice, bob)
    who = await alice.command("who")
    assert who[0] == (
        "27 Info       Name          Idle   Rank |  Info       Name          Idle   Rank"
    )
    assert any(re.search(r"--    1 alice\s+\d+s\s+5k\*", line) for line in who)
    assert who[-2] == "9                 ******** 3 Players 1 Total Games ********"
    games = await alice.command("games")
    assert games[0] == (
        "7 [##]  white name [ rk ]      black name [ rk ] (Move size H Komi BY FR) (###)"
    )
    assert (
        games[1]
        == "7 [ 1]         bob [ 3k*] vs.       alice [ 5k*] (  0    5  0  6.5  0  I) (  0)"
    )
    assert GAMES_ENTRY.match(games[1])
    assert await alice.command("games 7") == [games[0], "1 6"]


async def test_tell_and_dot(server: LocalServer, connect: Connect) -> None:
    """Spec: recipient gets '24 *Soothie*: message contents', sender "9 Setting your '.' to
    Soothie"; unknown recipients give '5 Cannot find recipient.'"""
    alice, bob = await pair(server, connect)
    assert await alice.command("tell bob hello there") == ["9 Setting your '.' to bob", "1 5"]
    assert await bob.block() == ["24 *alice*: hello there", "1 5"]
    assert await alice.command("tell . again") == ["1 5"]
    assert await bob.block() == ["24 *alice*: again", "1 5"]
    assert await alice.command(". dot shortcut") == ["1 5"]
    assert await bob.block() == ["24 *alice*: dot shortcut", "1 5"]
    assert await bob.command("tell ^ reply") == ["9 Setting your '.' to alice", "1 5"]
    assert await alice.block() == ["24 *bob*: reply", "1 5"]
    assert await alice.command("tell nobody hi") == ["5 Cannot find recipient.", "1 5"]


async def test_say_kibitz_and_observers(server: LocalServer, connect: Connect) -> None:
    """Spec: 'say' gives '51 Say in game 116' + '19 *Soothie*: a' to the opponent."""
    alice, bob = await pair(server, connect)
    carol: Client = await connect(server)
    await carol.login("carol", "carol")
    await start_match(alice, bob)
    observed = await carol.command("observe 1")
    assert observed[0] == "9 Adding game to observation list."
    assert observed[1].startswith("15 Game 1 I: bob (")
    assert observed[-1] == "1 8"
    assert await alice.command("say good luck") == ["1 6"]
    assert await bob.block() == ["51 Say in game 1", "", "19 *alice*: good luck", "1 6"]
    assert await carol.command("kibitz nice opening") == ["1 8"]
    expected = ["11 Kibitz carol [ 1d*]: Game bob vs alice [1]", "11    nice opening"]
    assert await alice.block() == [*expected, "1 6"]
    assert await bob.block() == [*expected, "1 6"]
    await move(alice, bob, "C3", "  0(B): C3")
    seen = await carol.block()
    assert seen[0].startswith("15 Game 1 I: ") and seen[1:] == ["15   0(B): C3", "1 8"]
    assert await carol.command("unobserve") == [
        "9 Removing game 1 from observation list.",
        "1 5",
    ]
    await drain_says(bob)
    await move(bob, alice, "D3", "  1(W): D3")
    assert await carol.quiet() == []


async def test_shout_and_channel_yell(server: LocalServer, connect: Connect) -> None:
    """21 !name!: text for shouts; channel yells are 32 lines to the channel's members."""
    alice, bob = await pair(server, connect)
    assert await alice.command("shout hello world") == ["1 5"]
    assert await bob.block() == ["21 !alice!: hello world", "1 5"]
    assert (await alice.command("yell nobody here"))[0].startswith("5 You are not in a channel")
    joined = await alice.command("channel 4")
    assert joined[:2] == ["32 Changing into channel 4.", "32 Welcome to channel 4."]
    await bob.command("channel 4")
    assert await alice.command("yell hi channel") == ["32 4:alice: hi channel", "1 5"]
    assert await bob.block() == ["32 4:alice: hi channel", "1 5"]


async def test_ayt_unknown_and_quit(server: LocalServer, connect: Connect) -> None:
    client: Client = await connect(server)
    await client.login("alice", "alice")
    assert await client.command("ayt") == ["9 yes", "1 5"]
    assert await client.command("frobnicate now") == ["5 frobnicate: Unknown command.", "1 5"]
    assert await client.command("id igs-tui 0.1") == ["1 5"]
    await client.send("quit")
    await client.until("Thank you")
    assert await client.quiet() == []
