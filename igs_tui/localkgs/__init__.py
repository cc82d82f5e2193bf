"""A fake KGS server speaking the KGS JSON protocol, for ``--local-kgs`` and the tests.

KGS's JSON service takes one upstream message per HTTP POST to ``/json/access`` and hands out
the downstream ones to a long-polling GET of the same URL (session cookie from the LOGIN
POST). This package imitates it on 127.0.0.1 with accounts and guests, three rooms, robots
that chat and play (their open challenges, or yours), a game to observe that plays itself,
clocks, scoring with dead stones, undo, and idle timeouts::

    server = await start_embedded(time_scale=100)   # game time 100x faster
    print(server.url)                               # http://127.0.0.1:PORT/json/access
    ...
    await server.stop()

or ``python -m igs_tui.localkgs --port N [--binary-port M]``; :mod:`.binary` serves the same
world in the binary protocol of kgs-protocol.txt over TCP (:mod:`.binary_front` listens,
:mod:`.binary_values` converts users, rules and games).

Module map: :mod:`.world` (the sans-IO server:
sessions, delivery, timers, login, idle, joining channels), :mod:`.lobby` and :mod:`.matches`
(the upstream handlers: rooms, chat, conversations, details; challenges, games, robots' moves,
the watched game), :mod:`.games` (one game channel: rules engine, SGF events, clocks, scoring),
:mod:`.channels` (rooms, conversations, details), :mod:`.proposals` (proposals and challenge
channels), :mod:`.rules` (the Rules object), :mod:`.accounts` (who may log in), :mod:`.robots`
(robot decisions), :mod:`.vocabulary` (message names and field checks), :mod:`.server`
(aiohttp glue). Demo accounts: ``tester``/``secret``, ``alice``/``wonderland``,
``bob``/``builder``; any other name with no password logs in as a guest.
"""

from igs_tui.localkgs.server import LocalKgsServer, start_embedded
from igs_tui.localkgs.world import KgsServerConfig, KgsWorld

__all__ = ["KgsServerConfig", "KgsWorld", "LocalKgsServer", "start_embedded"]
